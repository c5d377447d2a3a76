//! Progress lines: rebuild, copyback, background initialisation, reconstruction, consistency
//! check. `in N Minutes` is elapsed time, not time left.

use super::Understood;
use crate::lex::{self, Line};
use raidctl_model::{Document, DriveAddress, Progress, ProgressKind, Warning};
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    drive: Regex,
    drive_idle: Regex,
    vd: Regex,
    vd_idle: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        // The patterns are literals checked by the unit tests below.
        #[allow(clippy::unwrap_used)]
        Patterns {
            drive: Regex::new(
                r"^(Rebuild|Copyback|Copy ?back) Progress on Device at Enclosure (N/A|\d+), Slot (\d+) Complete[d]? (\d+)% in (\d+) Minutes?",
            )
            .unwrap(),
            drive_idle: Regex::new(
                r"^Device\s*\(\s*Encl-(N/A|\d*)\s+Slot-(\d+)\s*\) is not in (\w+) process",
            )
            .unwrap(),
            vd: Regex::new(
                r"^(Background Initialization|Reconstruction|Check Consistency|Consistency Check|Initialization) on VD #(\d+)(?: \(target id #(\d+)\))? Complete[d]? (\d+)% in (\d+) Minutes?",
            )
            .unwrap(),
            vd_idle: Regex::new(
                r"^(Background Initialization|Reconstruction|Check Consistency|Consistency Check|Initialization) on VD #(\d+)(?: \(target id #(\d+)\))? is not in [Pp]rogress",
            )
            .unwrap(),
        }
    })
}

/// True for any line this module understands.
pub(crate) fn is_progress_line(t: &str) -> bool {
    let p = patterns();
    p.drive.is_match(t) || p.drive_idle.is_match(t) || p.vd.is_match(t) || p.vd_idle.is_match(t)
}

/// `Completed 15%` → 15.
pub(crate) fn percent_in(value: &str) -> Option<u8> {
    let at = value.find('%')?;
    let digits: String = value[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.chars().rev().collect::<String>().parse().ok()
}

fn drive_kind(word: &str) -> ProgressKind {
    match raidctl_model::squash_text(word).as_str() {
        "rebuild" => ProgressKind::Rebuild,
        "copyback" => ProgressKind::Copyback,
        _ => ProgressKind::Unknown(word.to_owned()),
    }
}

fn vd_kind(words: &str) -> ProgressKind {
    match raidctl_model::squash_text(words).as_str() {
        "backgroundinitialization" => ProgressKind::BackgroundInit,
        "reconstruction" => ProgressKind::Reconstruction,
        "checkconsistency" | "consistencycheck" => ProgressKind::ConsistencyCheck,
        "initialization" => ProgressKind::Initialization,
        _ => ProgressKind::Unknown(words.to_owned()),
    }
}

fn address(enc: &str, slot: &str) -> Option<DriveAddress> {
    let slot = slot.parse().ok()?;
    let enclosure = match enc {
        "N/A" | "" => None,
        e => Some(e.parse().ok()?),
    };
    Some(DriveAddress { enclosure, slot })
}

/// The VD number of a VD progress line: the target id when printed, else the VD number.
fn vd_number(c: &regex::Captures<'_>) -> Option<u32> {
    c.get(3)
        .or_else(|| c.get(2))
        .and_then(|m| m.as_str().parse().ok())
}

/// One progress record; `running` is the percent and elapsed minutes of an operation in
/// progress, `None` for an idle (`not in progress`) line.
fn progress(
    kind: ProgressKind,
    drive: Option<DriveAddress>,
    logical_drive: Option<u32>,
    running: Option<(&str, &str)>,
) -> Progress {
    Progress {
        adapter: 0,
        kind,
        drive,
        logical_drive,
        in_progress: running.is_some(),
        percent: running.and_then(|(p, _)| p.parse().ok()),
        elapsed_minutes: running.and_then(|(_, m)| m.parse().ok()),
    }
}

/// Parses progress output. The adapter number is not printed; it is 0 unless the caller
/// knows better.
pub(crate) fn parse(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let p = patterns();
    let mut understood = 0;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        let item = if let Some(c) = p.drive.captures(t) {
            Some(progress(
                drive_kind(&c[1]),
                address(&c[2], &c[3]),
                None,
                Some((&c[4], &c[5])),
            ))
        } else if let Some(c) = p.drive_idle.captures(t) {
            Some(progress(
                drive_kind(&c[3]),
                address(&c[1], &c[2]),
                None,
                None,
            ))
        } else if let Some(c) = p.vd.captures(t) {
            Some(progress(
                vd_kind(&c[1]),
                None,
                vd_number(&c),
                Some((&c[4], &c[5])),
            ))
        } else {
            p.vd_idle
                .captures(t)
                .map(|c| progress(vd_kind(&c[1]), None, vd_number(&c), None))
        };
        match item {
            Some(item) => {
                understood += 1;
                doc.progress.push(item);
            }
            None => doc.warnings.push(Warning {
                file: None,
                line: line.no,
                message: format!("unrecognised progress line: {t:?}"),
            }),
        }
    }
    understood
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Progress {
        let lines: Vec<_> = lex::lines(text).collect();
        let mut doc = Document::default();
        assert_eq!(parse(&lines, &mut doc), 1, "{text}");
        doc.progress.remove(0)
    }

    #[test]
    fn rebuild_line() {
        let p =
            one("Rebuild Progress on Device at Enclosure 14, Slot 5 Completed 71% in 113 Minutes.");
        assert_eq!(p.kind, ProgressKind::Rebuild);
        assert_eq!(p.drive, Some(DriveAddress::new(14, 5)));
        assert_eq!(
            (p.percent, p.elapsed_minutes, p.in_progress),
            (Some(71), Some(113), true)
        );
    }

    #[test]
    fn idle_lines() {
        let p = one("Device(Encl-N/A Slot-2) is not in rebuild process");
        assert_eq!(
            p.drive,
            Some(DriveAddress {
                enclosure: None,
                slot: 2
            })
        );
        assert!(!p.in_progress);
        let p = one("Background Initialization on VD #0 is not in Progress.");
        assert_eq!(
            (p.kind, p.logical_drive, p.in_progress),
            (ProgressKind::BackgroundInit, Some(0), false)
        );
    }

    #[test]
    fn vd_lines() {
        let p = one("Reconstruction on VD #0 (target id #0) Completed 23% in 15 Minutes.");
        assert_eq!(
            (p.kind, p.percent),
            (ProgressKind::Reconstruction, Some(23))
        );
        let p = one("Background Initialization on VD #4 (target id #4) Complete 0% in 0 Minutes.");
        assert_eq!((p.logical_drive, p.percent), (Some(4), Some(0)));
        let p =
            one("Copyback Progress on Device at Enclosure 0, Slot 18 Completed 4% in 3 Minutes.");
        assert_eq!(p.kind, ProgressKind::Copyback);
    }
}
