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

/// Where `check` finds the site's tuning when `--config` is not given (absent: none).
pub const DEFAULT_CONFIG: &str = "/etc/raidctl/check.conf";

/// Largest configuration read: more is not a tuning file.
const MAX_CONFIG_BYTES: usize = 64 << 10;

impl Tuning {
    /// Reads the tuning file: one setting per line, as the options say it without the dashes
    /// (`state ld-rebuilding=critical`, `ignore 32:7`, `expect-drives 12`), `#` comments.
    /// The file must be a regular file of root or the caller, not writable by others (it
    /// decides what pages). Errors name the file and the line.
    ///
    /// # Errors
    /// Unreadable, owned or writable by another user, or a line that is not a setting.
    pub fn from_file(path: &std::path::Path) -> Result<Self, String> {
        use std::os::unix::fs::MetadataExt;
        let meta =
            std::fs::symlink_metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if !meta.is_file() {
            return Err(format!("{}: not a regular file", path.display()));
        }
        let me = rustix::process::geteuid().as_raw();
        if (meta.uid() != me && meta.uid() != 0) || meta.mode() & 0o022 != 0 {
            return Err(format!(
                "{}: must belong to root or you and not be writable by others (it decides what pages)",
                path.display()
            ));
        }
        let bytes = crate::fsutil::read_capped(path, MAX_CONFIG_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
        Self::parse(text).map_err(|e| format!("{}:{e}", path.display()))
    }

    /// [`Self::from_file`]'s text. Errors start with the line number.
    ///
    /// # Errors
    /// A line that is not a setting.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut t = Self::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let n = i + 1;
            let (key, value) = line
                .split_once(char::is_whitespace)
                .map(|(k, v)| (k, v.trim()))
                .unwrap_or((line, ""));
            let count = |v: &str| {
                v.parse::<usize>()
                    .map_err(|_| format!("{n}: `{key}` needs a count, not {v:?}"))
            };
            match key {
                "state" => t
                    .states
                    .push(parse_state(value).map_err(|e| format!("{n}: {e}"))?),
                "ignore" if !value.is_empty() => t.ignore.push(value.to_owned()),
                "expect-drives" => t.expect_drives = Some(count(value)?),
                "expect-spares" => t.expect_spares = Some(count(value)?),
                "expect-vds" => t.expect_vds = Some(count(value)?),
                _ => {
                    return Err(format!(
                        "{n}: {line:?} is not a setting (state RULE=LEVEL, ignore RULE|E:S|SERIAL, expect-drives|expect-spares|expect-vds N)"
                    ));
                }
            }
        }
        Ok(t)
    }

    /// The file's settings with the command line's on top: its `--state` and `--ignore` add
    /// to the file's (a later `--state` for a rule wins), its `--expect-*` replace them.
    #[must_use]
    pub fn with(mut self, cli: Self) -> Self {
        self.states.extend(cli.states);
        self.ignore.extend(cli.ignore);
        self.expect_drives = cli.expect_drives.or(self.expect_drives);
        self.expect_spares = cli.expect_spares.or(self.expect_spares);
        self.expect_vds = cli.expect_vds.or(self.expect_vds);
        self
    }

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

#[cfg(test)]
mod file_tests {
    use super::*;

    #[test]
    fn a_tuning_file_reads_as_the_options_and_names_its_bad_line() {
        let t = Tuning::parse(
            "# site defaults\nstate ld-rebuilding=critical\n\nignore 32:7   # a dead bay\nexpect-drives 12\n",
        )
        .unwrap();
        assert_eq!(t.states, [("ld-rebuilding".to_owned(), Severity::Critical)]);
        assert_eq!(
            (t.ignore.as_slice(), t.expect_drives),
            (&["32:7".to_owned()][..], Some(12))
        );
        let cli = Tuning {
            states: vec![("ld-rebuilding".into(), Severity::Warning)],
            expect_drives: Some(14),
            ..Tuning::default()
        };
        let both = t.with(cli);
        // The command line's --state comes last, so it wins; its count replaces the file's.
        assert_eq!(both.states.last().unwrap().1, Severity::Warning);
        assert_eq!((both.expect_drives, both.ignore.len()), (Some(14), 1));
        let e = Tuning::parse("state ld-rebuilding=critical\nexpect-vds twelve\n").unwrap_err();
        assert!(e.starts_with("2: `expect-vds` needs a count"), "{e}");
        assert!(Tuning::parse("pager on\n").unwrap_err().starts_with("1: "));
        assert!(
            Tuning::parse("state nolevel\n")
                .unwrap_err()
                .starts_with("1: ")
        );
    }

    #[test]
    fn a_tuning_file_others_can_write_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("check.conf");
        std::fs::write(&f, "ignore pd-other-errors\n").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(Tuning::from_file(&f).unwrap().ignore, ["pd-other-errors"]);
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(
            Tuning::from_file(&f)
                .unwrap_err()
                .contains("writable by others")
        );
        let link = d.path().join("link.conf");
        std::os::unix::fs::symlink(&f, &link).unwrap();
        assert!(
            Tuning::from_file(&link)
                .unwrap_err()
                .contains("not a regular file")
        );
    }
}
