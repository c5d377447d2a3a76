//! Guided workflows: plan, confirm, apply, verify, with a journal written before each step.
//!
//! Workflows see the controller only through [`Operations`] and the snapshot, so they do not
//! know MegaCli syntax. Every change is re-verified by reading the state again before the next
//! step; anything unexpected stops the workflow with a clear message and no further change.

mod ceph_drain;
mod ceph_steps;
pub mod cephadm;
mod cephadm_steps;
pub mod change;
pub mod engine;
pub mod guards;
/// The journal every state change writes (raidctl-sys: qualification's cache changes write
/// one too).
pub use crate::journal;
pub mod ld;
pub mod locates;
mod noredundancy;
pub mod plan;
pub mod prechecks;
pub mod prompt;
pub mod replace;
mod samebay;
pub mod simple;
mod steps;
mod swap;
pub mod vdpolicy;
pub(crate) mod wait;

pub use prompt::{Prompter, ScriptedPrompter, TtyPrompter, Typed};

use crate::backend::megacli::BackendError;
use crate::backend::ops::{Op, Operations};
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, PhysicalDrive};
use serde::{Deserialize, Serialize};
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
    /// A journal record could not be written while steps ran (the workflow stops).
    #[error("journal: {0}")]
    Journal(std::io::Error),
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
    /// `--i-understand-data-loss`: the target id of a VD without redundancy (or the `E:S` of
    /// a JBOD drive) whose data the operator gives up. `--yes` never implies it.
    pub data_loss_ack: Option<String>,
    /// Who else vouches that the data lives elsewhere (Ceph's safe-to-destroy for an OSD),
    /// standing in for `data_loss_ack`.
    pub data_loss_ack_source: Option<String>,
    /// Qualification profile for a new drive that gets a VD or JBOD of its own (`None`:
    /// `--qualify none`).
    pub qualify: Option<String>,
    /// Whether `--qualify` was given (a resume keeps the journaled profile otherwise).
    pub qualify_given: bool,
    /// `--clear-foreign N`: the foreign configuration a new drive may be cleared of.
    pub clear_foreign: Option<u32>,
    /// `--osd N`: the Ceph OSD whose drive is replaced.
    pub osd: Option<u32>,
    /// How long to wait for Ceph's safe-to-destroy.
    pub drain_timeout: Duration,
    /// How long Ceph's no to ok-to-stop must hold, every PG active, before it is final.
    pub settle: Duration,
    /// Set a recreated OSD's CRUSH weight to the new drive's size.
    pub reweight: bool,
    /// `--proactive`: replacing a drive nothing says is failing is intended.
    pub proactive: bool,
    /// `--dry-run --format json`: where the plan is recorded as the text plan is printed
    /// (`None`: text only).
    pub plan: Option<plan::PlanDoc>,
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
            data_loss_ack: None,
            data_loss_ack_source: None,
            qualify: Some("smoke".to_owned()),
            qualify_given: false,
            clear_foreign: None,
            osd: None,
            drain_timeout: Duration::from_secs(12 * 3600),
            settle: Duration::from_secs(30),
            reweight: false,
            proactive: false,
            plan: None,
        }
    }
}

/// The world a workflow waits in and, where it has them, the hands that swap drives. On a
/// real host time is the wall clock and a person swaps drives ([`RealWorld`]); the simulator
/// stands in for both through the CLI's wiring. The steps never ask which world it is.
pub trait World: std::fmt::Debug {
    /// Lets one poll interval pass.
    fn wait(&self, poll: Duration);
    /// A short wait for the kernel to catch up with the controller (a new VD's block device
    /// and its udev links appear a moment after the VD).
    fn wait_for_kernel(&self, d: Duration) {
        std::thread::sleep(d);
    }
    /// How much time one [`World::wait`] stands for (the poll itself on a real host).
    fn step(&self, poll: Duration) -> Duration {
        poll
    }
    /// Hands that pull and insert drives without a person, when the world has them.
    fn hands(&self) -> Option<&dyn Hands> {
        None
    }
    /// Where the controller's own lock lives when the controller is not this host's (whose
    /// lock is under `/run/lock`).
    fn controller_lock_dir(&self) -> Option<&Path> {
        None
    }
}

/// Hands at the drive bays (the simulator's): what a person does during a swap.
pub trait Hands: std::fmt::Debug {
    /// Pulls the drive in bay `d` of adapter `adapter`.
    ///
    /// # Errors
    /// Why the drive could not be pulled.
    fn pull(&self, adapter: u32, d: DriveAddress) -> Result<(), String>;
    /// Inserts a drive of `kind` (`blank`, `small`, `foreign`, ...) into bay `d`.
    ///
    /// # Errors
    /// Why no drive could be inserted.
    fn insert(&self, adapter: u32, d: DriveAddress, kind: &str) -> Result<(), String>;
}

/// A real host: the wall clock, and a person at the bays.
#[derive(Debug, Default, Clone, Copy)]
pub struct RealWorld;

impl World for RealWorld {
    fn wait(&self, poll: Duration) {
        std::thread::sleep(poll);
    }
}

/// A Linux block device of a VD or JBOD drive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockDevice {
    /// `/dev/sdX` (on the simulator, the loop device that backs the drive).
    pub path: String,
    /// Its `/dev/disk/by-path/...` name, when there is one.
    pub by_path: Option<String>,
}

/// What the qualification of a new drive is asked to do.
#[derive(Debug)]
pub struct QualifyRequest<'a> {
    /// The new drive as the controller sees it.
    pub pd: &'a PhysicalDrive,
    /// Its block device.
    pub device: &'a BlockDevice,
    /// Profile (`smoke`, `quick`, ...).
    pub profile: &'a str,
    /// Target id of its VD (`None` for JBOD).
    pub target: Option<u32>,
    /// Presented as JBOD.
    pub jbod: bool,
    /// The workflow asking (names the record).
    pub workflow: &'a str,
}

/// The outcome of a new drive's qualification, kept in the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QualRecord {
    /// `PASS`, `WARN`, `FAIL` or `INCONCLUSIVE`.
    pub verdict: String,
    /// Profile run.
    pub profile: String,
    /// Path of the JSON record.
    pub record: String,
    /// The rules that fired, in a few words.
    pub summary: String,
}

/// What a workflow needs of the host around the controller: block devices and the
/// qualification engine (the CLI provides them; workflows do not depend on either module).
pub trait Host {
    /// The block device of VD `target` (or, without one, of the JBOD drive `drive`), once it
    /// exists.
    fn block_device(
        &mut self,
        snap: &Snapshot,
        adapter: u32,
        target: Option<u32>,
        drive: DriveAddress,
    ) -> Option<BlockDevice>;
    /// Qualifies a new drive through its block device.
    ///
    /// # Errors
    /// When the qualification could not run.
    fn qualify(&mut self, req: &QualifyRequest<'_>) -> Result<QualRecord, String>;
    /// The block device the kernel shows for VD `target` now, read afresh without a vendor
    /// call (`snap` places the adapters), and nothing made up for it: what `ld create` tells
    /// the operator.
    ///
    /// # Errors
    /// Why there is none (yet).
    fn kernel_device(
        &mut self,
        snap: &Snapshot,
        adapter: u32,
        target: u32,
    ) -> Result<BlockDevice, String> {
        let _ = (snap, adapter, target);
        Err("this host has no block devices to look at".into())
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
    /// The world the workflow waits in ([`RealWorld`] on a host).
    pub world: Box<dyn World>,
    /// Where progress messages go (stderr in the CLI).
    pub out: &'a mut dyn Write,
    /// Block devices and qualification (`None` where a workflow needs neither).
    pub host: Option<&'a mut dyn Host>,
    /// The Ceph cluster and the identity join of this host's OSDs (`None`: not asked).
    pub ceph: Option<crate::ceph::Ceph>,
    /// This host's OSDs joined to their bays.
    pub osds: crate::ceph::OsdJoin,
}

impl Env<'_> {
    /// Prints a line of workflow narration (escaped: it names drive models and serials the
    /// controller reported, see [`crate::escape`]).
    pub fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}", crate::escape::escape_text(text));
    }

    /// Waits one poll interval in the workflow's world.
    pub fn wait_a_bit(&mut self) {
        self.world.wait(self.opts.poll);
    }

    /// Number of polls that fit in the wait timeout.
    pub fn max_polls(&self) -> u64 {
        let per = self
            .world
            .step(self.opts.poll)
            .max(Duration::from_millis(10));
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
    _host: Option<File>,
}

/// Where the host-wide locks live: one per controller for every raidctl on the host, whatever
/// its `--state-dir` (two state directories used to mean two replacements on one controller).
const HOST_LOCK_DIR: &str = "/run/lock/raidctl";

impl AdapterLock {
    /// [`Self::acquire`] in `env`'s state directory, and the lock of the controller itself,
    /// whatever the state directory: `adapter` of this host (as root, under `/run/lock`), or
    /// of a controller that is not the host's ([`World::controller_lock_dir`]).
    ///
    /// # Errors
    /// When another workflow holds the adapter, or a lock file cannot be created.
    pub fn acquire_env(env: &Env<'_>, adapter: u32, holder: &str) -> Result<Self, WfError> {
        Self::acquire_for(
            &env.state_dir,
            env.world.controller_lock_dir(),
            adapter,
            holder,
        )
    }

    /// [`Self::acquire_env`] without a workflow: `state_dir`'s lock and the controller's, in
    /// `controller_dir` for a controller that is not this host's (the simulator's), else this
    /// host's.
    ///
    /// # Errors
    /// When another raidctl holds the adapter, or a lock file cannot be created.
    pub fn acquire_for(
        state_dir: &Path,
        controller_dir: Option<&Path>,
        adapter: u32,
        holder: &str,
    ) -> Result<Self, WfError> {
        let mut lock = Self::acquire(state_dir, adapter, holder)?;
        // The simulated controller is its directory: its lock lives there (one per simulator,
        // not a file per test run in /run/lock); the host's controllers share /run/lock, which
        // only root writes (and only root changes a real controller).
        let (dir, name) = match controller_dir {
            Some(c) => (c.join("locks"), format!("adapter-{adapter}.lock")),
            None if rustix::process::geteuid().is_root() => (
                Path::new(HOST_LOCK_DIR).to_path_buf(),
                format!("host-adapter-{adapter}.lock"),
            ),
            None => return Ok(lock),
        };
        let dir = dir.as_path();
        let mut file = crate::fsutil::Dir::prepare(dir)
            .and_then(|d| d.open_lock(&name))
            .map_err(|e| WfError::Io(format!("host-wide lock: {e}")))?;
        if file.try_lock().is_err() {
            let mut who = String::new();
            let _ = (&file).take(4096).read_to_string(&mut who);
            return Err(WfError::Usage(format!(
                "adapter {adapter} is busy: another raidctl workflow on this host holds it ({}; {}/{name})",
                crate::escape::escape(who.trim()),
                dir.display()
            )));
        }
        let _ = file.set_len(0);
        let _ = writeln!(
            file,
            "{holder} pid {} state {}",
            std::process::id(),
            state_dir.display()
        );
        lock._host = Some(file);
        Ok(lock)
    }

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
        Ok(Self {
            _file: file,
            _host: None,
        })
    }
}

/// Whether a workflow holds `adapter`'s lock in `state_dir` now, and what its lock file
/// says (`replace-drive pid N`): a journal without a `finish` record is then a run under
/// way, not an interrupted one. Never creates the lock and never holds it beyond the test.
pub fn running(state_dir: &Path, adapter: u32) -> Option<String> {
    use std::os::unix::fs::OpenOptionsExt;
    let path = state_dir
        .join("locks")
        .join(format!("adapter-{adapter}.lock"));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .ok()?;
    match file.try_lock_shared() {
        Ok(()) => {
            let _ = file.unlock();
            None
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut who = String::new();
            let _ = (&file).take(4096).read_to_string(&mut who);
            Some(who.trim().to_owned())
        }
        Err(std::fs::TryLockError::Error(_)) => None,
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
        .map_err(WfError::Journal)?;
    env.say(&format!("  running: {command}"));
    match env.ops.apply(op) {
        Ok(_) => {
            if let Err(e) = locates::record(&env.state_dir, op, &journal.id) {
                // The LED did change; only `status`'s word on it is missing.
                env.say(&format!("  WARN {e}"));
            }
            journal
                .write(step, "done", None, "", state)
                .map_err(WfError::Journal)?;
            Ok(())
        }
        Err(e) => {
            let _ = journal.write(step, "failed", None, &e.to_string(), state);
            Err(e.into())
        }
    }
}
