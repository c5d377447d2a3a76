//! `raidctl check`: output for Nagios, Icinga and other plugin-API monitors.
//!
//! One summary line with the perfdata after `|`, then one long-output line per problem. Exit
//! code 0 OK (also with informational notes only), 1 WARNING, 2 CRITICAL, 3 UNKNOWN (the state
//! could not be read: never reported as OK).

use crate::backend::snapshot::Snapshot;
use crate::health::{Problem, Severity, overall};
use crate::model::{FirmwareState, LdState, ProgressKind};
use std::fmt::Write;

/// Plugin exit code for OK.
pub const OK: i32 = 0;
/// Plugin exit code for WARNING.
pub const WARNING: i32 = 1;
/// Plugin exit code for CRITICAL.
pub const CRITICAL: i32 = 2;
/// Plugin exit code for UNKNOWN.
pub const UNKNOWN: i32 = 3;

/// How many top-severity messages the summary line names before `and N more`.
const SUMMARY_ITEMS: usize = 3;

/// One line, no `|` (which would start perfdata) and no control character (messages carry
/// models, serials and names from the controller or a bundle; see [`crate::escape`]).
fn clean(text: &str) -> String {
    let one_line = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "/");
    crate::escape::escape(&one_line).into_owned()
}

/// A perfdata label, quoted; `'` and `=` are not allowed in labels and become `_`.
fn label(name: &str) -> String {
    format!("'{}'", name.replace(['\'', '='], "_"))
}

/// Perfdata in the plugin guidelines' syntax: `'label'=value[UOM];warn;crit;min;max`.
fn perfdata(snap: &Snapshot, problems: &[Problem]) -> String {
    let count_ld =
        |f: &dyn Fn(&LdState) -> bool| snap.logical_drives.iter().filter(|l| f(&l.state)).count();
    let failed = snap
        .physical_drives
        .iter()
        .filter(|d| {
            matches!(
                d.firmware_state,
                FirmwareState::Failed | FirmwareState::Offline | FirmwareState::UnconfiguredBad
            )
        })
        .count();
    let sum = |f: &dyn Fn(&crate::model::PhysicalDrive) -> Option<u64>| -> u64 {
        snap.physical_drives.iter().filter_map(f).sum()
    };
    let sev = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    let mut parts = vec![
        format!("{}={};;;0", label("vds"), snap.logical_drives.len()),
        format!(
            "{}={};;0;0",
            label("vds_degraded"),
            count_ld(&|s| matches!(s, LdState::Degraded))
        ),
        format!(
            "{}={};0;;0",
            label("vds_partially_degraded"),
            count_ld(&|s| matches!(s, LdState::PartiallyDegraded))
        ),
        format!(
            "{}={};;0;0",
            label("vds_offline"),
            count_ld(&|s| matches!(s, LdState::Offline))
        ),
        format!("{}={};;;0", label("drives"), snap.physical_drives.len()),
        format!("{}={failed};0;;0", label("drives_failed")),
        format!(
            "{}={};;;0",
            label("media_errors"),
            sum(&|d| d.media_error_count)
        ),
        format!(
            "{}={};;;0",
            label("other_errors"),
            sum(&|d| d.other_error_count)
        ),
        format!(
            "{}={};;;0",
            label("predictive_failures"),
            sum(&|d| d.predictive_failure_count)
        ),
    ];
    for p in snap
        .progress
        .iter()
        .filter(|p| p.in_progress && p.kind == ProgressKind::Rebuild)
    {
        if let (Some(d), Some(pct)) = (p.drive, p.percent) {
            parts.push(format!(
                "{}={pct}%;;;0;100",
                label(&format!("rebuild_a{}_{}", p.adapter, d.megacli_arg()))
            ));
        }
    }
    parts.push(format!(
        "{}={};0;;0",
        label("problems_warning"),
        sev(Severity::Warning)
    ));
    parts.push(format!(
        "{}={};;0;0",
        label("problems_critical"),
        sev(Severity::Critical)
    ));
    parts.push(format!(
        "{}={};;;0",
        label("vendor_calls"),
        snap.vendor_calls
    ));
    parts.join(" ")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Renders the plugin output and its exit code. `Err` carries why the controller state is
/// unknown (vendor tool missing, timed out, crashed, printed nothing usable).
pub fn render_check(result: Result<(&Snapshot, &[Problem]), &str>) -> (String, i32) {
    let (snap, problems) = match result {
        Ok((snap, _)) if snap.nothing_to_manage.is_some() => {
            return (
                format!(
                    "RAID OK - nothing to manage: {} | 'controllers'=0;;;0\n",
                    clean(snap.nothing_to_manage.as_deref().unwrap_or(""))
                ),
                OK,
            );
        }
        Ok((snap, _)) if snap.adapters.is_empty() => {
            return (
                "RAID UNKNOWN - no adapter found in the vendor tool's output\n".to_owned(),
                UNKNOWN,
            );
        }
        Ok(ok) => ok,
        Err(reason) => return (format!("RAID UNKNOWN - {}\n", clean(reason)), UNKNOWN),
    };
    let worst = overall(problems);
    let (word, code) = match worst {
        Severity::Ok | Severity::Info => ("OK", OK),
        Severity::Warning => ("WARNING", WARNING),
        Severity::Critical => ("CRITICAL", CRITICAL),
    };
    let summary = if code == OK {
        let optimal = snap
            .logical_drives
            .iter()
            .filter(|l| l.state == LdState::Optimal)
            .count();
        let vds = if snap.logical_drives.is_empty() {
            "no VDs".to_owned()
        } else {
            format!("{} optimal", plural(optimal, "VD", "VDs"))
        };
        let mut s = format!(
            "{vds}, {}",
            plural(snap.physical_drives.len(), "drive", "drives")
        );
        if snap.adapters.len() > 1 {
            s.push_str(&format!(" on {} adapters", snap.adapters.len()));
        }
        if !problems.is_empty() {
            s.push_str(&format!(" ({})", plural(problems.len(), "note", "notes")));
        }
        s
    } else {
        let top: Vec<&Problem> = problems.iter().filter(|p| p.severity == worst).collect();
        let mut s = top
            .iter()
            .take(SUMMARY_ITEMS)
            .map(|p| clean(&p.message))
            .collect::<Vec<_>>()
            .join("; ");
        let rest = problems.len() - top.len().min(SUMMARY_ITEMS);
        if rest > 0 {
            s.push_str(&format!(
                "; and {}",
                plural(rest, "more problem", "more problems")
            ));
        }
        s
    };
    let mut out = format!("RAID {word} - {summary} | {}\n", perfdata(snap, problems));
    for p in problems {
        let _ = write!(
            out,
            "{}: {}",
            p.severity.as_str().to_ascii_uppercase(),
            clean(&p.message)
        );
        if let Some(s) = &p.suggestion {
            let _ = write!(out, " (next: {})", clean(s));
        }
        out.push('\n');
    }
    (out, code)
}

/// The long output of `check -v` (the monitoring-plugins verbose level 1), written after the
/// problems: one line per VD and one per drive with its state, so the person reading an alert
/// sees the whole controller without logging in. Adapters are named only when there are several.
pub fn verbose_lines(snap: &Snapshot) -> String {
    let many = snap.adapters.len() > 1;
    let on = |adapter: u32| {
        if many {
            format!(" on adapter {adapter}")
        } else {
            String::new()
        }
    };
    let osds = |o: &[crate::model::OsdRef]| -> Vec<String> {
        let mut v: Vec<String> = o.iter().map(crate::model::OsdRef::name).collect();
        v.dedup();
        v
    };
    let mut out = String::new();
    for ld in &snap.logical_drives {
        let mut what: Vec<String> = ld.name.iter().filter(|n| !n.is_empty()).cloned().collect();
        what.extend(osds(&ld.osd));
        let name = if what.is_empty() {
            String::new()
        } else {
            format!(" ({})", what.join(", "))
        };
        let members: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
        let line = format!(
            "VD {}{name}{}: {} {}, {}, drives {}",
            ld.target_id,
            on(ld.adapter),
            ld.raid_level,
            ld.state.as_str().replace('_', " "),
            ld.size_bytes
                .map_or_else(|| "size ?".into(), crate::model::fmt_size),
            if members.is_empty() {
                "?".to_owned()
            } else {
                members.join(" ")
            }
        );
        let _ = writeln!(out, "{}", clean(&line));
    }
    for pd in &snap.physical_drives {
        let holds = pd
            .logical_drive
            .map_or_else(String::new, |t| format!(" in VD {t}"));
        let mut extra = osds(&pd.osd);
        extra.push(format!("serial {}", pd.serial.as_deref().unwrap_or("?")));
        let size = pd
            .size_bytes()
            .map_or_else(|| "size ?".into(), crate::model::fmt_size);
        // Only the counters the tool reports (OpenManage has none of them).
        let counters: Vec<String> = [
            ("media errors", pd.media_error_count),
            ("other errors", pd.other_error_count),
            ("predictive failures", pd.predictive_failure_count),
        ]
        .iter()
        .filter_map(|(what, n)| n.map(|n| format!(", {what} {n}")))
        .collect();
        let line = format!(
            "{}{}: {}{holds}, {}, {size}{}",
            pd.address(),
            on(pd.adapter),
            pd.firmware_state,
            extra.join(", "),
            counters.concat()
        );
        let _ = writeln!(out, "{}", clean(&line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::tests::{degraded, fixture_snapshot, healthy, rebuilding};
    use crate::health::{Baseline, evaluate};

    fn run(snap: &Snapshot) -> (String, i32) {
        let problems = evaluate(snap, &Baseline::default());
        render_check(Ok((snap, &problems)))
    }

    /// Checks every perfdata item against the plugin guidelines' grammar.
    fn assert_perfdata(line: &str) {
        let (_, perf) = line.split_once(" | ").unwrap();
        let re = regex::Regex::new(
            r"^'[^'=]+'=-?[0-9.]+(%|s|B|c)?;[0-9:~@.]*;[0-9:~@.]*;[0-9.]*(;[0-9.]*)?$",
        )
        .unwrap();
        for item in perf.split(' ') {
            assert!(re.is_match(item), "bad perfdata item {item:?}");
        }
    }

    #[test]
    fn healthy_is_ok() {
        let (out, code) = run(&healthy());
        assert_eq!(code, OK);
        let first = out.lines().next().unwrap();
        assert!(
            first.starts_with("RAID OK - 2 VDs optimal, 8 drives | "),
            "{first}"
        );
        assert_eq!(out.lines().count(), 1);
        assert_perfdata(first);
        assert!(first.contains("'vds'=2;;;0"), "{first}");
        assert!(first.contains("'vendor_calls'=4;;;0"), "{first}");
    }

    #[test]
    fn degraded_is_critical_with_long_output() {
        let (out, code) = run(&degraded());
        assert_eq!(code, CRITICAL);
        let mut lines = out.lines();
        let first = lines.next().unwrap();
        assert!(
            first.starts_with(
                "RAID CRITICAL - VD 1 (data) degraded (raid5, [32:3] failed); [32:4] (serial Y4N0A0L5FRD6, VD 1): predictive failure count 1 [member-at-risk: VD 1 is already degraded; if this drive fails too, the VD goes offline]; [32:4] (serial Y4N0A0L5FRD6, VD 1) flagged a S.M.A.R.T alert [member-at-risk: VD 1 is already degraded; if this drive fails too, the VD goes offline]; and 3 more problems | "
            ),
            "{first}"
        );
        assert_perfdata(first);
        assert!(first.contains("'vds_degraded'=1;;0;0"), "{first}");
        assert!(first.contains("'drives_failed'=1;0;;0"), "{first}");
        assert!(first.contains("'media_errors'=12;;;0"), "{first}");
        let long: Vec<&str> = lines.collect();
        assert_eq!(long.len(), 6, "{out}");
        assert_eq!(
            long[0],
            "CRITICAL: VD 1 (data) degraded (raid5, [32:3] failed) \
             (next: raidctl replace-drive 32:3 -a 0)"
        );
        assert!(long.iter().all(|l| !l.contains('|')));
    }

    #[test]
    fn rebuild_is_critical_while_degraded_with_percent_perfdata() {
        let (out, code) = run(&rebuilding());
        assert_eq!(code, CRITICAL);
        let first = out.lines().next().unwrap();
        assert!(first.contains("'rebuild_a0_32:3'=41%;;;0;100"), "{first}");
        assert!(out.contains("WARNING: [32:3] (serial Y4P0A1C3FRD6, VD 1) rebuilding: 41%"));
        assert_perfdata(first);
    }

    #[test]
    fn warning_only() {
        let mut s = healthy();
        s.physical_drives[0].predictive_failure_count = Some(2);
        let (out, code) = run(&s);
        assert_eq!(code, WARNING);
        assert!(out.starts_with("RAID WARNING - [32:0] (serial "), "{out}");
    }

    #[test]
    fn info_only_is_ok() {
        let mut s = healthy();
        s.physical_drives[0].other_error_count = Some(17);
        let (out, code) = run(&s);
        assert_eq!(code, OK);
        assert!(
            out.starts_with("RAID OK - 2 VDs optimal, 8 drives (1 note) | "),
            "{out}"
        );
        assert!(out.contains("\nINFO: [32:0]"), "{out}");
    }

    #[test]
    fn no_vds_is_ok() {
        let s = fixture_snapshot(&["h710-healthy__adpallinfo", "ceph-node__pdlist"]);
        let (out, code) = run(&s);
        assert_eq!(code, OK, "{out}");
        assert!(out.starts_with("RAID OK - no VDs, 14 drives | "), "{out}");
    }

    #[test]
    fn unknown_when_the_state_cannot_be_read() {
        let (out, code) = render_check(Err("MegaCli64 timed out after 30 s\nkilled | x"));
        assert_eq!(code, UNKNOWN);
        assert_eq!(
            out,
            "RAID UNKNOWN - MegaCli64 timed out after 30 s killed / x\n"
        );
        // An empty inventory is never OK.
        let empty = Snapshot::default();
        let (out, code) = render_check(Ok((&empty, &[])));
        assert_eq!(code, UNKNOWN);
        assert!(out.starts_with("RAID UNKNOWN - "), "{out}");
    }

    #[test]
    fn verbose_lists_every_vd_and_drive_after_the_problems() {
        let s = degraded();
        let lines = verbose_lines(&s);
        assert_eq!(
            lines.lines().count(),
            s.logical_drives.len() + s.physical_drives.len(),
            "{lines}"
        );
        let vd1 = lines
            .lines()
            .find(|l| l.starts_with("VD 1 (data): "))
            .unwrap();
        assert!(vd1.contains("raid5 degraded"), "{vd1}");
        assert!(vd1.contains("[32:3]"), "{vd1}");
        let d = lines.lines().find(|l| l.starts_with("[32:4]: ")).unwrap();
        assert!(
            d.contains("online in VD 1, serial Y4N0A0L5FRD6")
                && d.contains("predictive failures 1"),
            "{d}"
        );
        // Nothing that would start perfdata, on one adapter no adapter names.
        assert!(
            lines
                .lines()
                .all(|l| !l.contains('|') && !l.contains("adapter"))
        );
    }

    #[test]
    fn labels_are_quoted_and_cleaned() {
        assert_eq!(label("a'b=c"), "'a_b_c'");
    }
}

/// Layout version of the `raidctl check --format json` document.
pub const CHECK_SCHEMA: u32 = 1;

/// `raidctl check --format json`: the plugin verdict as data. `status` is the plugin word
/// (`OK`, `WARNING`, `CRITICAL`, `UNKNOWN`), `exit_code` the process's exit status (the
/// same as the text mode's), `summary` the plugin line without its performance data, and
/// `problems` every problem found (empty when the state is unknown).
#[derive(Debug, serde::Serialize)]
pub struct CheckDoc<'a> {
    /// [`CHECK_SCHEMA`].
    pub schema_version: u32,
    /// `OK`, `WARNING`, `CRITICAL` or `UNKNOWN`.
    pub status: &'static str,
    /// The exit status, 0 to 3.
    pub exit_code: i32,
    /// The plugin line after `RAID WORD - `, without performance data.
    pub summary: String,
    /// Every problem (after the check's tuning).
    pub problems: &'a [Problem],
}

/// The plugin word of an exit code.
pub fn status_word(code: i32) -> &'static str {
    match code {
        OK => "OK",
        WARNING => "WARNING",
        CRITICAL => "CRITICAL",
        _ => "UNKNOWN",
    }
}

/// The check document from the plugin text [`render_check`] made and its code: the same
/// verdict, one renderer.
pub fn check_doc<'a>(text: &str, code: i32, problems: &'a [Problem]) -> CheckDoc<'a> {
    let first = text.lines().next().unwrap_or("");
    let first = first.split(" | ").next().unwrap_or(first);
    let word = status_word(code);
    let summary = first
        .strip_prefix("RAID ")
        .and_then(|r| r.strip_prefix(word))
        .and_then(|r| r.strip_prefix(" - "))
        .unwrap_or(first)
        .to_owned();
    CheckDoc {
        schema_version: CHECK_SCHEMA,
        status: word,
        exit_code: code,
        summary,
        problems,
    }
}

/// The check document as one line of JSON with its newline (also for the verdicts raidctl
/// gives before any state is read: an unreadable tuning file, the deadline).
pub fn check_json(text: &str, code: i32, problems: &[Problem]) -> String {
    let mut s = serde_json::to_string_pretty(&check_doc(text, code, problems)).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod json_tests {
    use super::*;

    #[test]
    fn the_document_says_what_the_plugin_line_says() {
        let text = "RAID WARNING - 1 warning: x | 'vds'=1;;;0\nmore\n";
        let v: serde_json::Value = serde_json::from_str(&check_json(text, WARNING, &[])).unwrap();
        assert_eq!(v["status"], "WARNING");
        assert_eq!(v["exit_code"], 1);
        assert_eq!(v["summary"], "1 warning: x");
        assert_eq!(v["schema_version"], CHECK_SCHEMA);
        let v: serde_json::Value =
            serde_json::from_str(&check_json("RAID UNKNOWN - gone\n", UNKNOWN, &[])).unwrap();
        assert_eq!(
            (v["status"].as_str(), v["summary"].as_str()),
            (Some("UNKNOWN"), Some("gone"))
        );
    }
}
