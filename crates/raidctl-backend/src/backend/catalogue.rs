//! What each backend contributes to a support bundle: its read-only allow-list of commands,
//! by phase and level, written next to the backend's own command syntax. The bundle
//! collector ([`crate::bundle`]) runs the entries through the one process runner, and replays
//! the snapshot from the recorded outputs through [`for_replay`]: the same backend code,
//! answering from the bundle, so `status --from-bundle` parses exactly what a live `status`
//! would.
//!
//! A new backend (the native MFI one, say) implements [`Catalogue`], returns it from
//! [`Operations::catalogue`], and adds its name to [`for_replay`].

use super::megacli::MegaCli;
use super::omreport::Omreport;
use super::ops::Operations;
use super::runner::Runner;
use super::storcli::Storcli;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How much to collect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Level {
    /// Event and terminal logs, the snapshot inputs, versions: the minimum for a case.
    Quick,
    /// Everything support usually asks for (the default).
    #[default]
    Standard,
    /// Also PHY error counters, foreign previews and the tool's own diagnostic dump.
    Deep,
}

impl Level {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Quick => "quick",
            Level::Standard => "standard",
            Level::Deep => "deep",
        }
    }
}

/// One command of a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Item id below the backend's directory (`a0/events`, `all/pdlist`).
    pub id: String,
    /// Adapter (`None`: a call that concerns every adapter, or none in particular).
    pub adapter: Option<u32>,
    /// The program to run.
    pub program: PathBuf,
    /// The exact arguments (with `-NoLog`, `J` or `-fmt ssv` as the backend passes them).
    pub args: Vec<String>,
    /// The command writes its output to this file name in its scratch directory.
    pub writes_file: Option<String>,
    /// The exit status is a count, not an error (`-AdpCount`).
    pub count_status: bool,
    /// A controller event or terminal log: `SUMMARY.md` pulls its alarming lines out.
    pub triage: bool,
}

impl Entry {
    /// An entry running `program` with `args`.
    pub fn new(id: impl Into<String>, adapter: Option<u32>, program: &Path, args: &[&str]) -> Self {
        Self {
            id: id.into(),
            adapter,
            program: program.to_path_buf(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            writes_file: None,
            count_status: false,
            triage: false,
        }
    }

    /// Marks the entry as writing `file` into its working directory.
    #[must_use]
    pub fn writes(mut self, file: &str) -> Self {
        self.writes_file = Some(file.to_owned());
        self
    }

    /// Marks the entry as a log worth triage in the summary.
    #[must_use]
    pub fn triage(mut self) -> Self {
        self.triage = true;
        self
    }

    /// Extension of the stored standard output: `json` for storcli's `J`, else `txt`.
    pub fn extension(&self) -> &'static str {
        if self.args.last().is_some_and(|a| a == "J") {
            "json"
        } else {
            "txt"
        }
    }
}

/// A tool's own verdict on one call, read from its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolVerdict {
    /// The raw status as printed (`0x00`, `Success`).
    pub raw: String,
    /// What it means.
    pub meaning: String,
}

/// A backend's bundle catalogue. Entries are run in this order: preamble (identity, adapter
/// count), history (ring buffers, before anything else touches the controller), snapshot
/// inputs, then the inventory.
pub trait Catalogue {
    /// Backend name, the bundle directory of its outputs and the manifest's `backend`
    /// (`megacli`, `storcli`, `perccli`, `storcli2`, `perccli2`, `omreport`).
    fn dir(&self) -> String;
    /// The programs this backend runs.
    fn programs(&self) -> Vec<PathBuf>;
    /// Version and controller count.
    fn preamble(&self) -> Vec<Entry>;
    /// Adapter numbers from the preamble's outputs (entry, stdout); `[0]` when unknown.
    fn adapters(&self, preamble: &[(Entry, String)]) -> Vec<u32>;
    /// Ring buffers: event and terminal logs.
    fn history(&self, adapters: &[u32]) -> Vec<Entry>;
    /// Exactly the calls [`Operations::snapshot`] makes (further conditional calls are
    /// added by the collector as the replay asks for them).
    fn snapshot_inputs(&self, adapters: &[u32]) -> Vec<Entry>;
    /// Everything else for `level`.
    fn inventory(&self, adapters: &[u32], level: Level) -> Vec<Entry>;
    /// Tool versions from the preamble's outputs (`"storcli64": "007.1704..."`).
    fn versions(&self, preamble: &[(Entry, String)]) -> BTreeMap<String, String>;
    /// The tool's own status of a call, when it prints one.
    fn verdict(&self, entry: &Entry, stdout: &str, exit: Option<i32>) -> Option<ToolVerdict>;
    /// An entry (id, adapter) for a conditional call the snapshot makes with `args` beyond
    /// [`Catalogue::snapshot_inputs`]; `None`: a generic `all/extraN-...` entry.
    fn conditional(&self, args: &[String]) -> Option<Entry> {
        let _ = args;
        None
    }
}

/// Every [`Catalogue::dir`] a bundle can hold, all known to [`for_replay`].
pub const BACKEND_DIRS: &[&str] = &[
    "megacli", "storcli", "perccli", "storcli2", "perccli2", "omreport",
];

/// The backend named `backend` (a [`Catalogue::dir`]) running `program` through `runner`:
/// replays a bundle's recorded outputs through the live backend code.
pub fn for_replay(
    backend: &str,
    program: &Path,
    runner: Arc<dyn Runner>,
) -> Option<Box<dyn Operations>> {
    let t = Duration::from_secs(1);
    Some(match backend {
        "megacli" => Box::new(MegaCli::new(program.to_path_buf(), runner, t)),
        "storcli" | "perccli" | "storcli2" | "perccli2" => {
            Box::new(Storcli::new(program.to_path_buf(), runner, t))
        }
        "omreport" => Box::new(Omreport::new(
            program.to_path_buf(),
            program.with_file_name("omconfig"),
            runner,
            t,
        )),
        _ => return None,
    })
}

/// The name a bundle's version table gives the tool at `program`: its file name, or
/// `fallback` for a path without one.
pub(crate) fn tool_name(program: &Path, fallback: &str) -> String {
    program
        .file_name()
        .map_or_else(|| fallback.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// Adapters `0..count`; adapter 0 alone when the tool's count is unknown or zero (a
/// bundle then still asks the first).
pub(crate) fn counted_adapters(count: Option<u32>) -> Vec<u32> {
    count
        .filter(|n| *n > 0)
        .map_or_else(|| vec![0], |n| (0..n).collect())
}

/// Every adapter number, for per-adapter entries.
pub(crate) fn per_adapter(adapters: &[u32], mut f: impl FnMut(u32) -> Vec<Entry>) -> Vec<Entry> {
    adapters.iter().flat_map(|&a| f(a)).collect()
}
