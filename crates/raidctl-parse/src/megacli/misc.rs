//! Small MegaCli reports the support bundle collects: `-AdpEventLog -GetEventLogInfo` (the
//! sequence numbers), `-PhyErrorCounters` (per-PHY link errors) and `-AdpGetTime`.

use crate::lex::Line;
use raidctl_model::{Document, PhyErrors, Property, Warning};

/// The adapter an `Adapter #N` or `Adapter N:` header names.
fn adapter_header(t: &str) -> Option<u32> {
    let rest = t.strip_prefix("Adapter")?.trim_start();
    let rest = rest.strip_prefix('#').unwrap_or(rest);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after = &rest[digits.len()..];
    if digits.is_empty() || !(after.is_empty() || after.starts_with(':')) {
        return None;
    }
    digits.parse().ok()
}

fn warning(line: usize, message: impl Into<String>) -> Warning {
    Warning {
        file: None,
        line,
        message: message.into(),
    }
}

/// `Key: Value` lines of a report as [`Property`] records under their adapter; returns how
/// many were read. `keep` says which keys belong to the report.
fn properties(lines: &[Line<'_>], doc: &mut Document, keep: impl Fn(&str) -> bool) -> usize {
    let mut adapter = None;
    let mut n = 0;
    for l in lines {
        let t = l.text.trim();
        if t.is_empty() || crate::lex::exit_code(t).is_some() {
            continue;
        }
        if let Some(a) = adapter_header(t) {
            adapter = Some(a);
            continue;
        }
        match l.kv() {
            Some((k, v)) if keep(k.trim()) => {
                doc.properties.push(Property {
                    adapter,
                    key: k.trim().to_owned(),
                    value: v.trim().to_owned(),
                });
                n += 1;
            }
            _ if crate::lex::is_prompt_or_command(t) => {}
            _ => doc
                .warnings
                .push(warning(l.no, format!("line not understood: {t}"))),
        }
    }
    n
}

/// `-AdpEventLog -GetEventLogInfo`: `Newest seqNum: N` ... `Boot seqNum: N`.
pub(crate) fn parse_event_log_info(lines: &[Line<'_>], doc: &mut Document) -> usize {
    properties(lines, doc, |k| k.ends_with("seqNum"))
}

/// `-AdpGetTime`: `Date:` and `Time:` under `Adapter N:`.
pub(crate) fn parse_time(lines: &[Line<'_>], doc: &mut Document) -> usize {
    properties(lines, doc, |k| k == "Date" || k == "Time")
}

/// `-PhyErrorCounters`: a `Phy No: N` line, then its four counters.
pub(crate) fn parse_phy_errors(lines: &[Line<'_>], doc: &mut Document) -> usize {
    let mut adapter = 0;
    for l in lines {
        let t = l.text.trim();
        if t.is_empty() || crate::lex::exit_code(t).is_some() {
            continue;
        }
        if let Some(a) = adapter_header(t) {
            adapter = a;
            continue;
        }
        let Some((k, v)) = l.kv() else {
            if !crate::lex::is_prompt_or_command(t) {
                doc.warnings
                    .push(warning(l.no, format!("line not understood: {t}")));
            }
            continue;
        };
        let key = k.trim().to_ascii_lowercase();
        let num = || v.trim().parse::<u64>().ok();
        if key == "phy no" {
            match v.trim().parse() {
                Ok(phy) => doc.phy_errors.push(PhyErrors {
                    adapter,
                    phy,
                    ..PhyErrors::default()
                }),
                Err(_) => doc
                    .warnings
                    .push(warning(l.no, format!("PHY number {v:?} is not a number"))),
            }
            continue;
        }
        let Some(p) = doc.phy_errors.last_mut() else {
            doc.warnings
                .push(warning(l.no, "counter before any `Phy No:` line ignored"));
            continue;
        };
        let slot = if key.starts_with("invalid dword") {
            &mut p.invalid_dword
        } else if key.starts_with("running disparity") {
            &mut p.running_disparity
        } else if key.starts_with("loss of dword") {
            &mut p.loss_of_sync
        } else if key.starts_with("phy reset") {
            &mut p.phy_reset
        } else {
            doc.warnings
                .push(warning(l.no, format!("unknown PHY counter {:?}", k.trim())));
            continue;
        };
        *slot = num();
        if slot.is_none() {
            doc.warnings.push(warning(
                l.no,
                format!("counter value {v:?} is not a number"),
            ));
        }
    }
    doc.phy_errors.len()
}

#[cfg(test)]
mod tests {
    use crate::{Kind, parse};

    #[test]
    fn small_reports() {
        let info = "\r    \nAdapter #0\n\nNewest seqNum: 14851\nOldest seqNum: 14848\n\
Clear seqNum: 0\n\nExit Code: 0x00\n";
        let doc = parse(info, None).unwrap();
        assert_eq!(doc.kind, Kind::EventLogInfo.name());
        assert_eq!(doc.properties.len(), 3);
        assert_eq!(doc.properties[0].adapter, Some(0));
        assert_eq!(doc.properties[0].value, "14851");
        assert_eq!(doc.exit_code, Some(0));
        let time = "Adapter 0:\n    Date: 03/04/2024\n    Time: 08:02:00\n\nExit Code: 0x00\n";
        let doc = parse(time, None).unwrap();
        assert_eq!(doc.kind, Kind::AdpGetTime.name());
        assert_eq!(doc.properties[1].key, "Time");
        let phy = "Adapter #1\n\nPhy No: 0\nInvalid DWord Count            : 3\n\
Running Disparity Error Count  : 0\nLoss of DWORD sync Count       : x\n\
Phy Reset problem Count        : 0\n\nExit Code: 0x00\n";
        let doc = parse(phy, None).unwrap();
        assert_eq!(doc.kind, Kind::PhyErrorCounters.name());
        assert_eq!(doc.phy_errors[0].adapter, 1);
        assert_eq!(doc.phy_errors[0].invalid_dword, Some(3));
        assert_eq!(doc.phy_errors[0].loss_of_sync, None);
        assert_eq!(doc.warnings.len(), 1, "{:?}", doc.warnings);
    }
}
