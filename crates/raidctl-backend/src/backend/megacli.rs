//! The MegaCli backend: finds the binary, builds argv (always `-NoLog`), runs it through a
//! [`Runner`], and turns what came back into a parsed [`Document`] or a precise error.

use super::catalogue::{
    Catalogue, Entry, Level, ToolVerdict, counted_adapters, per_adapter, tool_name,
};
use super::counted::Counted;
use super::runner::{CmdOutput, RunError, Runner};
use crate::model::Document;
use crate::parse::{self, Kind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Names tried on `PATH`, in order.
pub const BINARY_NAMES: &[&str] = &["MegaCli64", "MegaCli", "megacli"];
/// Where the vendor package installs MegaCli.
pub const INSTALL_DIRS: &[&str] = &["/opt/MegaRAID/MegaCli", "/opt/lsi/MegaCLI"];
/// Environment variable naming the MegaCli binary.
pub const ENV_MEGACLI: &str = "RAIDCTL_MEGACLI";

/// Why a MegaCli call gave no usable answer. Every variant means "state unknown", never
/// "healthy".
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BackendError {
    /// No MegaCli binary was found.
    #[error("MegaCli not found: tried --megacli, ${ENV_MEGACLI}, {names} on PATH and {dirs}", names = BINARY_NAMES.join("/"), dirs = INSTALL_DIRS.join(", "))]
    NotFound,
    /// The process could not be run, timed out or crashed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// MegaCli printed nothing but `Exit Code: 0x00` (what it does without root).
    #[error("{argv} printed nothing but its Exit Code trailer (not root? controller not visible?)")]
    Empty {
        /// Command line.
        argv: String,
    },
    /// The output could not be read as the expected command's output.
    #[error("{argv}: output not understood: {reason}")]
    Unparseable {
        /// Command line.
        argv: String,
        /// Parser message.
        reason: String,
    },
    /// The backend cannot do this at all; the text says what can.
    #[error("{0}")]
    Refused(String),
    /// MegaCli reported a failure status.
    #[error("{argv} failed with status 0x{status:02x}: {message}")]
    Failed {
        /// Command line.
        argv: String,
        /// MFI status.
        status: u32,
        /// What MegaCli said.
        message: String,
        /// Parsed output, for callers that interpret refusals.
        doc: Box<Document>,
    },
}

impl BackendError {
    /// A vendor tool's failure: its exit status (`u32::MAX` when out of range), what it said
    /// and what of its answer could be parsed.
    #[must_use]
    pub fn failed(argv: String, status: i32, message: String, doc: Document) -> Self {
        Self::Failed {
            argv,
            status: u32::try_from(status).unwrap_or(u32::MAX),
            message,
            doc: Box::new(doc),
        }
    }
}

/// A read that exited 0, else [`BackendError::Failed`] with the first line it printed.
///
/// # Errors
/// A non-zero exit status.
pub fn exited_ok(argv: &str, out: &CmdOutput) -> Result<(), BackendError> {
    match out.status.unwrap_or(0) {
        0 => Ok(()),
        status => Err(BackendError::failed(
            argv.to_owned(),
            status,
            out.stdout.lines().next().unwrap_or_default().to_owned(),
            Document::default(),
        )),
    }
}

/// Looks for MegaCli: `explicit`, then `$RAIDCTL_MEGACLI`, then `PATH`, then the vendor's
/// install directories.
pub fn find_binary(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os(ENV_MEGACLI).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path)
        .chain(INSTALL_DIRS.iter().map(PathBuf::from))
        .collect::<Vec<_>>();
    for dir in &dirs {
        for name in BINARY_NAMES {
            let candidate = dir.join(name);
            if is_executable(&candidate) {
                return Some(candidate);
            }
        }
    }
    None
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A MegaCli installation and how to run it.
pub struct MegaCli {
    program: PathBuf,
    calls: Counted,
}

impl std::fmt::Debug for MegaCli {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MegaCli")
            .field("program", &self.program)
            .field("timeout", &self.calls.timeout())
            .finish_non_exhaustive()
    }
}

impl MegaCli {
    /// A backend running `program` through `runner` with a per-call `timeout`.
    pub fn new(program: PathBuf, runner: Arc<dyn Runner>, timeout: Duration) -> Self {
        Self {
            program,
            calls: Counted::new(runner, timeout),
        }
    }

    /// Another handle on the same installation (same runner and timeout), for a component
    /// that must own its backend (a cache change restored from the interrupt handler).
    pub fn duplicate(&self) -> Self {
        Self {
            program: self.program.clone(),
            calls: self.calls.fresh(),
        }
    }

    /// The binary in use.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// How many vendor calls this backend has made.
    pub fn calls(&self) -> u32 {
        self.calls.calls()
    }

    /// The argv raidctl would run for `args` (for `--dry-run` plans).
    pub fn command_line(&self, args: &[&str]) -> String {
        let mut v = vec![self.program.display().to_string()];
        v.extend(args.iter().map(|a| (*a).to_owned()));
        v.push("-NoLog".to_owned());
        v.join(" ")
    }

    /// Runs MegaCli with `args` (plus `-NoLog`) and returns its raw output.
    ///
    /// # Errors
    /// [`BackendError::Run`] when it could not run, timed out or crashed.
    pub fn raw(&self, args: &[&str]) -> Result<CmdOutput, BackendError> {
        let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        argv.push("-NoLog".to_owned());
        Ok(self.calls.run(&self.program, &argv)?)
    }

    /// [`MegaCli::raw`] for a read that may overlap the snapshot's other reads: each MegaCli
    /// runs with `-NoLog` (no `MegaSAS.log` to share) and the firmware answers one DCMD at a
    /// time whatever the number of callers.
    fn raw_read(&self, args: &[&str]) -> Result<CmdOutput, BackendError> {
        let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        argv.push("-NoLog".to_owned());
        Ok(self.calls.read(&self.program, &argv)?)
    }

    /// Where each adapter's event log stands (`-AdpEventLog -GetEventLogInfo -aALL`, one call).
    ///
    /// # Errors
    /// A failed call or an answer [`crate::parse::eventinfo::megacli`] refuses.
    pub fn event_marks(&self) -> Result<Vec<crate::model::EventMark>, BackendError> {
        let args = ["-AdpEventLog", "-GetEventLogInfo", "-aALL"];
        let out = self.raw_read(&args)?;
        let argv = self.command_line(&args);
        if out.status.unwrap_or(0) != 0 {
            return Err(BackendError::failed(
                argv,
                out.status.unwrap_or(0),
                first_line(&out.stdout),
                Document::default(),
            ));
        }
        crate::parse::eventinfo::megacli(&out.stdout)
            .map_err(|reason| BackendError::Unparseable { argv, reason })
    }

    /// Runs a command and parses its output as `kind`. `count_status` marks commands whose
    /// exit status is a count, not an error (`-adpCount`, `-LDGetNum`).
    ///
    /// # Errors
    /// Every way the answer can be unusable: see [`BackendError`].
    pub fn query(
        &self,
        args: &[&str],
        kind: Kind,
        count_status: bool,
    ) -> Result<Document, BackendError> {
        let out = self.raw_read(args)?;
        let argv = self.command_line(args);
        let text = out.stdout.as_str();
        let detected = parse::megacli::detect(text);
        if detected == Some(Kind::Empty) {
            return Err(BackendError::Empty { argv });
        }
        let status = out.status.unwrap_or(0);
        let parsed = parse::parse(text, Some(kind));
        if status != 0 && !count_status {
            let doc = parsed
                .or_else(|_| parse::parse(text, None))
                .unwrap_or_default();
            let message = doc
                .fw_error
                .clone()
                .or_else(|| doc.actions.first().map(|a| a.message.clone()))
                .unwrap_or_else(|| first_line(text));
            return Err(BackendError::failed(argv, status, message, doc));
        }
        let doc = parsed.map_err(|e| BackendError::Unparseable {
            argv: argv.clone(),
            reason: e.to_string(),
        })?;
        // Live output from a healthy MegaCli parses cleanly (every capture in the corpus
        // does); a warning here means mangled or cut output, and partial data must not pass
        // for a full inventory.
        if let Some(w) = doc.warnings.first() {
            return Err(BackendError::Unparseable {
                argv,
                reason: format!(
                    "line {}: {} ({} warning(s))",
                    w.line,
                    w.message,
                    doc.warnings.total()
                ),
            });
        }
        if doc.exit_code.is_none() && text.trim().is_empty() {
            return Err(BackendError::Unparseable {
                argv,
                reason: "no output at all".into(),
            });
        }
        Ok(doc)
    }

    /// Runs an action and returns its parsed result lines; a non-zero status is an error that
    /// carries MegaCli's own words.
    ///
    /// # Errors
    /// See [`BackendError`].
    pub fn action(&self, args: &[&str]) -> Result<Document, BackendError> {
        let out = self.raw(args)?;
        let argv = self.command_line(args);
        let text = out.stdout.as_str();
        if parse::megacli::detect(text) == Some(Kind::Empty) && out.status == Some(0) {
            return Err(BackendError::Empty { argv });
        }
        let doc = parse::parse(text, None).unwrap_or_default();
        let status = out.status.unwrap_or(0);
        if status != 0 {
            let message = doc
                .fw_error
                .clone()
                .or_else(|| {
                    doc.actions
                        .iter()
                        .find(|a| !a.success)
                        .or(doc.actions.first())
                        .map(|a| a.message.clone())
                })
                .unwrap_or_else(|| first_line(text));
            return Err(BackendError::failed(argv, status, message, doc));
        }
        Ok(doc)
    }
}

fn first_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("Exit Code"))
        .unwrap_or("no output")
        .to_owned()
}

/// File name `-AdpEventLog -GetEvents -f` writes.
pub const EVENTS_FILE: &str = "events.txt";

/// MegaCli's bundle catalogue: `-NoLog` on every call.
impl Catalogue for MegaCli {
    fn dir(&self) -> String {
        "megacli".to_owned()
    }

    fn programs(&self) -> Vec<PathBuf> {
        vec![self.program.clone()]
    }

    fn preamble(&self) -> Vec<Entry> {
        let mut count = self.entry("all/adpcount", None, &["-AdpCount"]);
        count.count_status = true;
        vec![self.entry("all/version", None, &["-v"]), count]
    }

    fn adapters(&self, preamble: &[(Entry, String)]) -> Vec<u32> {
        counted_adapters(
            preamble
                .iter()
                .find(|(e, _)| e.count_status)
                .and_then(|(_, text)| parse::parse(text, Some(Kind::AdpCount)).ok())
                .and_then(|doc| doc.adapter_count),
        )
    }

    fn history(&self, adapters: &[u32]) -> Vec<Entry> {
        per_adapter(adapters, |adapter| {
            let a = format!("-a{adapter}");
            let a = a.as_str();
            let ad = Some(adapter);
            vec![
                self.entry(
                    &format!("a{adapter}/eventloginfo"),
                    ad,
                    &["-AdpEventLog", "-GetEventLogInfo", a],
                ),
                self.entry(
                    &format!("a{adapter}/events"),
                    ad,
                    &["-AdpEventLog", "-GetEvents", "-f", EVENTS_FILE, a],
                )
                .writes(EVENTS_FILE)
                .triage(),
                self.entry(
                    &format!("a{adapter}/fwtermlog"),
                    ad,
                    &["-FwTermLog", "-Dsply", a],
                )
                .triage(),
            ]
        })
    }

    /// The calls [`crate::backend::gather::gather`] makes, with its exact argv.
    fn snapshot_inputs(&self, _adapters: &[u32]) -> Vec<Entry> {
        vec![
            self.entry("all/adpallinfo", None, &["-AdpAllInfo", "-aALL"]),
            self.entry("all/cfgdsply", None, &["-CfgDsply", "-aALL"]),
            self.entry("all/pdlist", None, &["-PDList", "-aALL"]),
            self.entry(
                "all/bbustatus",
                None,
                &["-AdpBbuCmd", "-GetBbuStatus", "-aALL"],
            ),
        ]
    }

    fn inventory(&self, adapters: &[u32], level: Level) -> Vec<Entry> {
        per_adapter(adapters, |adapter| {
            let a = format!("-a{adapter}");
            let a = a.as_str();
            let ad = Some(adapter);
            let e = |id: &str, args: &[&str]| self.entry(&format!("a{adapter}/{id}"), ad, args);
            let mut v = vec![e("showsummary", &["-ShowSummary", a])];
            if level == Level::Quick {
                return v;
            }
            v.extend([
                e("encinfo", &["-EncInfo", a]),
                e("ldinfo", &["-LDInfo", "-Lall", a]),
                e("bbu", &["-AdpBbuCmd", a]),
                e("foreign-scan", &["-CfgForeign", "-Scan", a]),
                e("pdgetmissing", &["-PdGetMissing", a]),
                e("preservedcache", &["-GetPreservedCacheList", a]),
                e("pciinfo", &["-AdpGetPciInfo", a]),
                e("time", &["-AdpGetTime", a]),
                e("alilog", &["-AdpAliLog", a]),
            ]);
            for prop in [
                "RebuildRate",
                "AlarmDsply",
                "EnableJBOD",
                "CopyBackDsbl",
                "BatWarnDsbl",
            ] {
                v.push(e(
                    &format!("prop-{}", prop.to_ascii_lowercase()),
                    &["-AdpGetProp", prop, a],
                ));
            }
            if level == Level::Deep {
                v.extend([
                    e("ldpdinfo", &["-LdPdInfo", a]),
                    e("foreign-dsply", &["-CfgForeign", "-Dsply", a]),
                    e("foreign-preview", &["-CfgForeign", "-Preview", a]),
                    e("phyerrorcounters", &["-PhyErrorCounters", a]),
                ]);
            }
            v
        })
    }

    fn versions(&self, preamble: &[(Entry, String)]) -> BTreeMap<String, String> {
        let name = tool_name(&self.program, "MegaCli");
        preamble
            .iter()
            .filter(|(e, _)| e.id == "all/version")
            .flat_map(|(_, text)| text.lines())
            .find_map(|l| l.split_once("Ver ").map(|(_, v)| v.trim().to_owned()))
            .map(|v| BTreeMap::from([(name, v)]))
            .unwrap_or_default()
    }

    fn verdict(&self, entry: &Entry, stdout: &str, exit: Option<i32>) -> Option<ToolVerdict> {
        let raw = stdout.lines().rev().find_map(|l| {
            l.trim()
                .strip_prefix("Exit Code:")
                .map(|v| v.trim().to_owned())
        });
        let meaning = match (&raw, exit) {
            _ if entry.count_status => {
                format!("a count (exit status {}), not an error", exit.unwrap_or(0))
            }
            (Some(r), _) if r.eq_ignore_ascii_case("0x00") => "success".to_owned(),
            (Some(_), _) => {
                "MegaCli reported a failure (MFI status; see the reference table)".to_owned()
            }
            (None, Some(_)) => "no Exit Code trailer printed".to_owned(),
            (None, None) => "did not finish".to_owned(),
        };
        Some(ToolVerdict {
            raw: raw.unwrap_or_default(),
            meaning,
        })
    }
}

impl MegaCli {
    fn entry(&self, id: &str, adapter: Option<u32>, args: &[&str]) -> Entry {
        let mut e = Entry::new(id, adapter, &self.program, args);
        e.args.push("-NoLog".to_owned());
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::runner::OsRunner;

    #[test]
    fn snapshot_inputs_match_gather() {
        // If gather's argv changes, replay would no longer find its inputs.
        let mc = MegaCli::new(
            "MegaCli64".into(),
            Arc::new(OsRunner::scratch()),
            Duration::from_secs(1),
        );
        let args: Vec<String> = mc
            .snapshot_inputs(&[0])
            .iter()
            .map(|e| e.args.join(" "))
            .collect();
        assert_eq!(
            args,
            [
                "-AdpAllInfo -aALL -NoLog",
                "-CfgDsply -aALL -NoLog",
                "-PDList -aALL -NoLog",
                "-AdpBbuCmd -GetBbuStatus -aALL -NoLog"
            ]
        );
        assert!(
            mc.inventory(&[1], Level::Deep)
                .iter()
                .all(|e| e.adapter == Some(1))
        );
        let pre = mc.preamble();
        let outputs = vec![
            (
                pre[0].clone(),
                "MegaCLI SAS RAID Management Tool  Ver 8.07.14 May 16, 2016\n".to_owned(),
            ),
            (
                pre[1].clone(),
                "Controller Count: 2.\n\nExit Code: 0x02\n".to_owned(),
            ),
        ];
        assert_eq!(mc.adapters(&outputs), [0, 1]);
        assert_eq!(
            mc.versions(&outputs).get("MegaCli64").map(String::as_str),
            Some("8.07.14 May 16, 2016")
        );
    }
}
