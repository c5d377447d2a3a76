//! storcli / perccli (7.x JSON and text) and storcli2 / perccli2 (8.x JSON) parsers.
//!
//! All three front ends feed one walker ([`json`]): the text parser first rebuilds the tree
//! the `J` output would have had, so the quirks are handled in one place. Everything is
//! defensive: a shape the walker does not expect becomes a [`Warning`], never a panic.

pub mod json;
pub mod json2;
pub mod text;

pub use json::parse_json;
pub use json2::parse_json2;
pub use text::parse_text;

use super::Kind;
use crate::fields::{insert_extra, leading_i64, leading_u64, parse_bool};
use raidctl_model::{Extra, Warning};
use serde_json::Value;

/// Guesses which storcli output `input` is: storcli2 JSON, storcli JSON or storcli text.
pub fn detect(input: &str) -> Option<Kind> {
    let mut end = input.len().min(64 * 1024);
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    let head = &input[..end];
    let trimmed = head.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if (trimmed.starts_with('{') || head.contains("\n{")) && head.contains("\"Controllers\"") {
        return Some(if json2::looks_like_v2(head) {
            Kind::Storcli2Json
        } else {
            Kind::StorcliJson
        });
    }
    if head
        .lines()
        .take(10)
        .any(|l| l.contains("Customization Utility Ver") || l.contains("Command Line Tool Ver"))
    {
        // `storcli -v` / `perccli -v`: the MegaCli version parser reads ` Ver x.y`.
        return Some(Kind::Version);
    }
    if text::looks_like_text(head) {
        return Some(Kind::StorcliText);
    }
    None
}

/// Key under which the text parser records a table row's line number.
pub(crate) const LINE_KEY: &str = "__line";

/// Values storcli prints for "nothing here".
pub(crate) fn is_absent(s: &str) -> bool {
    matches!(
        s.trim(),
        "" | "N/A" | "NA" | "n/a" | "-" | "Unknown" | "Not Available" | "Not Applicable" | "None"
    )
}

/// Removes control characters, U+FFFD and the padding storcli leaves around values.
pub(crate) fn clean(s: &str) -> String {
    let kept: String = s
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{fffd}' {
                ' '
            } else {
                c
            }
        })
        .collect();
    kept.trim().to_owned()
}

/// A JSON scalar as cleaned text; `None` for null, arrays and objects.
pub(crate) fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(clean(s)),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "Yes" } else { "No" }.to_owned()),
        _ => None,
    }
}

/// An unsigned number from a JSON number or a string such as `"30 %"`, `"0x1000"`;
/// `N/A`, `-`, `NA` and friends are `None`.
pub(crate) fn num(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) if !is_absent(s) => leading_u64(&clean(s)),
        _ => None,
    }
}

/// A signed number, as [`num`].
pub(crate) fn inum(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) if !is_absent(s) => leading_i64(&clean(s)),
        _ => None,
    }
}

/// A yes/no/on/off/present/absent value.
pub(crate) fn flag(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        _ => parse_bool(&scalar(v)?),
    }
}

/// Parses `252:0`, ` :3`, `:3`, `N/A:3` into (enclosure, slot).
pub(crate) fn eid_slot(s: &str) -> Option<(Option<u16>, u16)> {
    let (e, slot) = clean(s)
        .split_once(':')
        .map(|(a, b)| (a.trim().to_owned(), b.trim().to_owned()))?;
    let slot: u16 = slot.parse().ok()?;
    let enc = if e.is_empty() || e == "N/A" || e == "-" {
        None
    } else {
        Some(e.parse().ok()?)
    };
    Some((enc, slot))
}

/// Parses a storcli object path `/c0/e252/s3`, `/c0/s3` or `e252/s3` (optionally prefixed by
/// `Drive `) and returns (controller, enclosure, slot, rest of the text after the slot).
pub(crate) fn drive_path(s: &str) -> Option<(Option<u32>, Option<u16>, u16, &str)> {
    let s = s.trim_start();
    let s = s.strip_prefix("Drive ").unwrap_or(s).trim_start();
    let (ctrl, s) = match s.strip_prefix("/c") {
        Some(r) => {
            let (n, r) = digits(r)?;
            (Some(u32::try_from(n).ok()?), r)
        }
        None => (None, s),
    };
    let (enc, s) = match s.strip_prefix("/e").or_else(|| s.strip_prefix('e')) {
        Some(r) => {
            let (n, r) = digits(r)?;
            (Some(u16::try_from(n).ok()?), r)
        }
        None => (None, s),
    };
    let r = s.strip_prefix("/s")?;
    let (slot, rest) = digits(r)?;
    Some((ctrl, enc, u16::try_from(slot).ok()?, rest))
}

/// Leading ASCII digits as a number, and the rest.
pub(crate) fn digits(s: &str) -> Option<(u64, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 {
        return None;
    }
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// `Consistency Check (36%)` → 36.
pub(crate) fn percent(t: &str) -> Option<u8> {
    let at = t.find('%')?;
    let head = &t[..at];
    let start = head
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    head.get(start..)?.parse().ok()
}

/// Inserts a JSON scalar into `extra` under `key` (arrays and objects are summarised).
pub(crate) fn extra_value(extra: &mut Extra, key: &str, v: &Value) {
    if key == LINE_KEY {
        return;
    }
    let key = clean(key);
    let text = match v {
        Value::Null => String::new(),
        Value::Array(a) => format!("[{} items]", a.len()),
        Value::Object(o) => format!("{{{} keys}}", o.len()),
        other => scalar(other).unwrap_or_default(),
    };
    if extra.get(&key).is_some_and(|old| *old == text) {
        return;
    }
    insert_extra(extra, &key, &text);
}

/// Pushes a warning.
pub(crate) fn warn(w: &mut raidctl_model::Warnings, line: usize, message: impl Into<String>) {
    w.push(Warning {
        file: None,
        line,
        message: message.into(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(eid_slot("252:0"), Some((Some(252), 0)));
        assert_eq!(eid_slot(" :3"), Some((None, 3)));
        assert_eq!(eid_slot("-"), None);
        assert_eq!(
            drive_path("Drive /c0/e252/s7 - Detailed Information"),
            Some((Some(0), Some(252), 7, " - Detailed Information"))
        );
        assert_eq!(drive_path("/c1/s3"), Some((Some(1), None, 3, "")));
        assert_eq!(drive_path("Drive /c0/v1"), None);
    }

    #[test]
    fn values() {
        assert_eq!(num(&Value::from("N/A")), None);
        assert_eq!(num(&Value::from("30 %")), Some(30));
        assert_eq!(num(&Value::from(7)), Some(7));
        assert_eq!(inum(&Value::from(" 32C (89.60 F)")), Some(32));
        assert_eq!(clean("MZXLR800  \u{1}x  "), "MZXLR800   x");
        assert_eq!(flag(&Value::from("Present")), Some(true));
    }
}
