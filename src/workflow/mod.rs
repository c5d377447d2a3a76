//! Guided workflows: plan, confirm, apply, verify, with a journal written before each step.
//!
//! Workflows see the controller only through [`Operations`] and the snapshot, so they do not
//! know MegaCli syntax. Every change is re-verified by reading the state again before the next
//! step; anything unexpected stops the workflow with a clear message and no further change.

pub mod guards;
pub mod journal;
pub mod prechecks;
pub mod prompt;
pub mod replace;
mod replace_omsa;
pub mod simple;
mod swap;

pub use prompt::{Prompter, ScriptedPrompter, TtyPrompter, Typed};

use crate::backend::megacli::BackendError;
use crate::backend::ops::{Op, Operations};
use crate::model::DriveAddress;
use std::fs::File;
use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a workflow ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Everything done and verified.
    Completed(String),
    /// Stopped safely before a risky step, or because something did not hold.
    Stopped(String),
}

/// Why a workflow could not run at all.
#[derive(Debug, thiserror::Error)]
pub enum WfError {
    /// The controller state could not be read or a vendor call failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// Journal or lock I/O.
    #[error("{0}")]
    Io(String),
    /// Bad arguments (unknown drive, ambiguous serial...).
    #[error("{0}")]
    Usage(String),
}

/// Options shared by all workflows.
#[derive(Debug, Clone)]
pub struct WfOptions {
    /// Print the plan and change nothing.
    pub dry_run: bool,
    /// Do not ask; requires `serial` for steps that confirm a drive.
    pub yes: bool,
    /// The serial the operator expects the target to have (`--serial`).
    pub serial: Option<String>,
    /// How long to wait for a pull, an insert or a rebuild.
    pub wait_timeout: Duration,
    /// Time between polls.
    pub poll: Duration,
    /// The VD named by `--accept-no-redundancy`: the operator's typed acknowledgement that
    /// taking a member of that VD offline leaves it without (full) redundancy while another
    /// member is down. `--yes` never implies it.
    pub accept_no_redundancy: Option<u32>,
}

impl Default for WfOptions {
    fn default() -> Self {
        Self {
            dry_run: false,
            yes: false,
            serial: None,
            wait_timeout: Duration::from_secs(3600),
            poll: Duration::from_secs(10),
            accept_no_redundancy: None,
        }
    }
}

/// The simulator's physical world, available under `--sim`.
#[derive(Debug, Clone)]
pub struct SimWorld {
    /// The simulator's state directory.
    pub dir: PathBuf,
    /// The backend numbers drives as OpenManage does (`[E:S]` from `0:E:S`), not as MegaCli.
    pub omsa_ids: bool,
}

impl SimWorld {
    /// The drive `d` (as the backend in use numbers it) in the control interface's terms.
    pub fn drive_arg(&self, d: DriveAddress) -> String {
        match d.enclosure {
            Some(e) if self.omsa_ids => format!("0:{e}:{}", d.slot),
            _ => d.megacli_arg(),
        }
    }

    /// Runs a control command (`pull 32:4`, `insert 32:4 --kind blank`, `advance 600`).
    ///
    /// # Errors
    /// The control interface's complaint.
    pub fn control(&self, args: &[&str]) -> Result<(), String> {
        let mut full = vec!["--state".to_owned(), self.dir.display().to_string()];
        full.extend(args.iter().map(|a| (*a).to_owned()));
        crate::sim::control_inner(&full)
            .map(|_| ())
            .map_err(|e| format!("simulator control {}: {e}", args.join(" ")))
    }
}

/// Everything a workflow runs with.
pub struct Env<'a> {
    /// The backend.
    pub ops: &'a dyn Operations,
    /// raidctl's state directory (journals, locks).
    pub state_dir: PathBuf,
    /// Who answers questions.
    pub prompt: &'a mut dyn Prompter,
    /// Options.
    pub opts: WfOptions,
    /// The simulated world under `--sim`.
    pub sim: Option<SimWorld>,
    /// Where progress messages go (stderr in the CLI).
    pub out: &'a mut dyn Write,
}

impl Env<'_> {
    /// Prints a line of workflow narration (escaped: it names drive models and serials the
    /// controller reported, see [`crate::escape`]).
    pub fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}", crate::escape::escape_text(text));
    }

    /// Waits one poll interval; under `--sim` the virtual clock advances instead of the real one.
    pub fn wait_a_bit(&mut self) {
        match &self.sim {
            Some(sim) => {
                let _ = sim.control(&["advance", "600"]);
            }
            None => std::thread::sleep(self.opts.poll),
        }
    }

    /// Number of polls that fit in the wait timeout (virtual 10-minute polls under `--sim`).
    pub fn max_polls(&self) -> u64 {
        let per = if self.sim.is_some() {
            Duration::from_secs(600)
        } else {
            self.opts.poll.max(Duration::from_millis(10))
        };
        (self.opts.wait_timeout.as_millis() / per.as_millis().max(1))
            .max(1)
            .try_into()
            .unwrap_or(u64::MAX)
    }
}

/// An exclusive lock on one adapter, so two workflows never change it at once.
#[derive(Debug)]
pub struct AdapterLock {
    _file: File,
}

impl AdapterLock {
    /// Takes the lock or says who holds it.
    ///
    /// # Errors
    /// When another workflow holds the adapter, or the lock file cannot be created.
    pub fn acquire(state_dir: &Path, adapter: u32, holder: &str) -> Result<Self, WfError> {
        // 0700 directories, a 0600 lock opened without following links (see `fsutil`).
        let name = format!("adapter-{adapter}.lock");
        let mut file = crate::fsutil::Dir::prepare(state_dir)
            .and_then(|d| d.subdir("locks"))
            .and_then(|d| d.open_lock(&name))
            .map_err(|e| WfError::Io(e.to_string()))?;
        if file.try_lock().is_err() {
            let mut who = String::new();
            let _ = (&file).take(4096).read_to_string(&mut who);
            return Err(WfError::Usage(format!(
                "adapter {adapter} is busy: another raidctl workflow holds it ({})",
                who.trim()
            )));
        }
        let _ = file.set_len(0);
        let _ = writeln!(file, "{holder} pid {}", std::process::id());
        Ok(Self { _file: file })
    }
}

/// Test hook: `RAIDCTL_TEST_CRASH_AT=step:phase` aborts the process right after that journal
/// record is synced, to test `raidctl resume` after a crash at every step.
pub fn test_hook(step: &str, phase: &str) {
    if let Ok(at) = std::env::var("RAIDCTL_TEST_CRASH_AT") {
        if at == format!("{step}:{phase}") {
            std::process::abort();
        }
    }
}

/// Runs one op with its journal records around it; returns the vendor's error untouched.
///
/// # Errors
/// Journal I/O, or the backend's refusal.
pub fn run_op(
    env: &mut Env<'_>,
    journal: &mut journal::Journal,
    step: &str,
    op: &Op,
    state: Option<serde_json::Value>,
) -> Result<(), WfError> {
    let command = env.ops.command_line(op);
    journal
        .write(step, "planned", Some(command.clone()), "", state.clone())
        .map_err(|e| WfError::Io(format!("journal: {e}")))?;
    env.say(&format!("  running: {command}"));
    match env.ops.apply(op) {
        Ok(_) => {
            journal
                .write(step, "done", None, "", state)
                .map_err(|e| WfError::Io(format!("journal: {e}")))?;
            Ok(())
        }
        Err(e) => {
            let _ = journal.write(step, "failed", None, &e.to_string(), state);
            Err(e.into())
        }
    }
}
