//! What a site tells `check` about its own hosts (issue 39): a rule's level changed
//! (`--state ld-rebuilding=critical`), a rule, a bay or a serial ignored, and how many
//! drives, spares and VDs it expects. Applied to the findings after [`super::evaluate`], so
//! `status` keeps showing everything and only the plugin's verdict is tuned.

use super::{Problem, Severity};
use crate::backend::snapshot::Snapshot;
use crate::model::FirmwareState;

/// The tuning of one `check` run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tuning {
    /// `RULE=LEVEL`: the rule's findings get this severity (`ok` drops them).
    pub states: Vec<(String, Severity)>,
    /// `RULE`, `E:S` or a serial: findings of that rule, or about that drive, are dropped.
    pub ignore: Vec<String>,
    /// Drives the controllers must list.
    pub expect_drives: Option<usize>,
    /// Hot spares (global or dedicated) the controllers must list.
    pub expect_spares: Option<usize>,
    /// Virtual drives the controllers must list.
    pub expect_vds: Option<usize>,
}

/// Rule ids of the expectations.
pub mod rule {
    /// Fewer drives than `--expect-drives` (Critical) or more (Warning).
    pub const EXPECT_DRIVES: &str = "expect-drives";
    /// Fewer hot spares than `--expect-spares` (Warning) or more (Warning).
    pub const EXPECT_SPARES: &str = "expect-spares";
    /// Fewer VDs than `--expect-vds` (Critical) or more (Warning).
    pub const EXPECT_VDS: &str = "expect-vds";
}

/// `RULE=LEVEL` of `--state`.
///
/// # Errors
/// No `=`, an empty rule, or a level other than ok, info, warning, critical.
pub fn parse_state(s: &str) -> Result<(String, Severity), String> {
    let (rule, level) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected RULE=LEVEL (e.g. ld-rebuilding=critical)"))?;
    let rule = rule.trim();
    if rule.is_empty() {
        return Err(format!("`{s}`: no rule before `=`"));
    }
    let level = Severity::ALL
        .into_iter()
        .find(|l| l.as_str().eq_ignore_ascii_case(level.trim()))
        .ok_or_else(|| format!("`{s}`: level must be ok, info, warning or critical"))?;
    Ok((rule.to_owned(), level))
}

impl Tuning {
    /// Whether nothing is tuned.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `problems` with the expectations added, then the ignores and levels applied, worst
    /// first again.
    pub fn apply(&self, snap: &Snapshot, mut problems: Vec<Problem>) -> Vec<Problem> {
        self.expectations(snap, &mut problems);
        problems.retain(|p| !self.ignore.iter().any(|i| ignores(i, p)));
        for p in &mut problems {
            if let Some((_, level)) = self.states.iter().rev().find(|(r, _)| r == p.rule) {
                p.severity = *level;
            }
        }
        problems.retain(|p| p.severity != Severity::Ok);
        // Stable: the evaluation's order within one severity is kept.
        problems.sort_by_key(|p| std::cmp::Reverse(p.severity));
        problems
    }

    fn expectations(&self, snap: &Snapshot, out: &mut Vec<Problem>) {
        let spares = snap
            .physical_drives
            .iter()
            .filter(|d| d.firmware_state == FirmwareState::Hotspare)
            .count();
        let checks = [
            (
                rule::EXPECT_DRIVES,
                "drives",
                self.expect_drives,
                snap.physical_drives.len(),
                Severity::Critical,
            ),
            (
                rule::EXPECT_SPARES,
                "hot spares",
                self.expect_spares,
                spares,
                Severity::Warning,
            ),
            (
                rule::EXPECT_VDS,
                "VDs",
                self.expect_vds,
                snap.logical_drives.len(),
                Severity::Critical,
            ),
        ];
        for (rule, what, want, have, fewer) in checks {
            let Some(want) = want else { continue };
            if want == have {
                continue;
            }
            let severity = if have < want {
                fewer
            } else {
                Severity::Warning
            };
            out.push(Problem {
                rule,
                severity,
                adapter: None,
                subject: "host".into(),
                message: format!("{have} {what} seen, {want} expected"),
                suggestion: Some("raidctl status".into()),
            });
        }
    }
}

/// Whether `--ignore item` drops `p`: its rule, its drive's bay (`32:4` or `[32:4]`) or its
/// drive's serial. A drive ignored hides that drive's own findings, never its VD's.
fn ignores(item: &str, p: &Problem) -> bool {
    let item = item.trim();
    if item.is_empty() {
        return false;
    }
    if p.rule == item {
        return true;
    }
    let bay = item.trim_start_matches('[').trim_end_matches(']');
    if !p.subject.starts_with('[') {
        return false;
    }
    p.subject == format!("[{bay}]")
        || p.message.contains(&format!("serial {item},"))
        || p.message.contains(&format!("serial {item})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(rule: &'static str, severity: Severity, subject: &str, message: &str) -> Problem {
        Problem {
            rule,
            severity,
            adapter: Some(0),
            subject: subject.into(),
            message: message.into(),
            suggestion: None,
        }
    }

    fn sample() -> Vec<Problem> {
        vec![
            problem(
                "ld-rebuilding",
                Severity::Warning,
                "VD 1",
                "VD 1 degraded, rebuilding ([32:4] rebuilding 35%)",
            ),
            problem(
                "pd-rebuild",
                Severity::Warning,
                "[32:4]",
                "[32:4] (serial S4, VD 1) rebuilding",
            ),
            problem(
                "pd-other-errors",
                Severity::Info,
                "[32:2]",
                "[32:2] (serial S2, VD 1): other error count 3",
            ),
        ]
    }

    #[test]
    fn levels_ignores_and_expectations_change_the_verdict() {
        let snap = Snapshot::default();
        let t = Tuning {
            states: vec![parse_state("ld-rebuilding=critical").unwrap()],
            ..Tuning::default()
        };
        let p = t.apply(&snap, sample());
        assert_eq!(
            (p[0].rule, p[0].severity),
            ("ld-rebuilding", Severity::Critical)
        );
        // A bay, a serial, a rule; the VD's own finding stays when its drive is ignored.
        for item in ["32:4", "[32:4]", "S4", "pd-rebuild"] {
            let t = Tuning {
                ignore: vec![item.into()],
                ..Tuning::default()
            };
            let rules: Vec<_> = t.apply(&snap, sample()).iter().map(|p| p.rule).collect();
            assert_eq!(rules, ["ld-rebuilding", "pd-other-errors"], "{item}");
        }
        let t = Tuning {
            states: vec![parse_state("ld-rebuilding=OK").unwrap()],
            expect_drives: Some(12),
            ..Tuning::default()
        };
        let p = t.apply(&snap, sample());
        assert_eq!(
            (p[0].rule, p[0].severity),
            (rule::EXPECT_DRIVES, Severity::Critical)
        );
        assert_eq!(p[0].message, "0 drives seen, 12 expected");
        assert!(p.iter().all(|p| p.rule != "ld-rebuilding"));
    }

    #[test]
    fn bad_states_name_what_is_wrong() {
        assert!(
            parse_state("ld-degraded")
                .unwrap_err()
                .contains("RULE=LEVEL")
        );
        assert!(parse_state("=warning").unwrap_err().contains("no rule"));
        assert!(
            parse_state("ld-degraded=page")
                .unwrap_err()
                .contains("level must be")
        );
    }
}
