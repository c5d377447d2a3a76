//! The run-time context every controller-facing command needs: which vendor tool to run (a
//! real one, or raidctl's own simulated one under `--sim`), where raidctl keeps its state, and timeouts.

use crate::backend::detect::{self, Tool};
use crate::backend::megacli::{self, BackendError, MegaCli};
use crate::backend::native;
use crate::backend::omreport::Omreport;
use crate::backend::ops::Operations;
use crate::backend::runner::OsRunner;
use crate::backend::snapshot::{Cache, Freshness, Snapshot};
use crate::backend::storcli::Storcli;
use crate::hardware::{Backing, Simulator};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Environment variable naming raidctl's state directory.
pub const ENV_STATE_DIR: &str = "RAIDCTL_STATE_DIR";

/// Options that decide the context (from global flags).
#[derive(Debug, Clone, Default)]
pub struct CtxOptions {
    /// `--sim SCENARIO`.
    pub sim: Option<String>,
    /// `--sim-state DIR`.
    pub sim_state: Option<PathBuf>,
    /// `--megacli PATH`.
    pub megacli: Option<PathBuf>,
    /// `--state-dir DIR`.
    pub state_dir: Option<PathBuf>,
    /// Per vendor call timeout.
    pub timeout: Duration,
    /// Suppress informational messages on stderr.
    pub quiet: bool,
    /// Which vendor tool to drive.
    pub backend: BackendChoice,
    /// Under `--sim`, the raidctl executable the simulated vendor tools run (default: this
    /// process's own); for library users, such as tests, whose executable is not raidctl.
    pub sim_exe: Option<PathBuf>,
    /// `--ceph-conf FILE`.
    pub ceph_conf: Option<PathBuf>,
    /// `--ceph-name NAME`.
    pub ceph_name: Option<String>,
    /// `--sys-root DIR`: where sysfs is (`/sys`), for the controller detection.
    pub sys_root: Option<PathBuf>,
    /// `--osd-root DIR`: where the local OSD directories are (`/var/lib/ceph/osd`).
    pub osd_root: Option<PathBuf>,
    /// `--ceph-root DIR`: Ceph's data directories (`/var/lib/ceph`), cephadm's `<fsid>/osd.N`.
    pub ceph_root: Option<PathBuf>,
    /// `--smart-max-age`: how long a SMART read stands (`None`: [`crate::smart::DEFAULT_MAX_AGE`]).
    pub smart_max_age: Option<Duration>,
    /// The simulated hardware `--sim` and `--sim-state` run on: the binary wires in
    /// `raidctl-sim`'s; without one they are refused.
    pub simulator: Option<Arc<dyn Simulator>>,
}

/// `--backend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum BackendChoice {
    /// Pick from the controllers' PCI IDs and the tools installed (`raidctl doctor` explains).
    #[default]
    Auto,
    /// MegaCli.
    Megacli,
    /// storcli (or storcli2 when only that is installed).
    Storcli,
    /// Dell perccli (storcli syntax; or perccli2 when only that is installed).
    Perccli,
    /// Broadcom storcli2 (8.x, SAS4 controllers on mpi3mr).
    Storcli2,
    /// Dell perccli2 (8.x, PERC 12).
    Perccli2,
    /// Dell OpenManage omreport/omconfig.
    Omreport,
    /// Read-only: MFI DCMDs through the megaraid_sas driver, no vendor tool.
    Native,
}

/// Resolved context.
#[derive(Debug)]
pub struct Ctx {
    /// The simulator's state directory when running under `--sim`.
    pub sim_dir: Option<PathBuf>,
    /// Under `--sim`, the simulated hardware (its sysfs and `/dev` trees, block devices,
    /// firmware).
    sim: Option<Arc<dyn Simulator>>,
    /// Under `--sim`, the executable the simulated vendor tools are run as.
    sim_exe: Option<PathBuf>,
    /// raidctl's own state: snapshot cache, counter baseline, journals.
    pub state_dir: PathBuf,
    megacli: Result<MegaCli, BackendError>,
    ops: Result<Box<dyn Operations>, BackendError>,
    /// The backend for changes when `ops` is the read-only native one.
    change_ops: Option<Result<Box<dyn Operations>, BackendError>>,
    /// The native backend when reads go through it (for its raw DCMD payloads).
    native: Option<native::Native>,
    /// The private simulator directory of a `--sim` run, removed when the context is dropped.
    private_dir: Option<tempfile::TempDir>,
    /// How to reach Ceph.
    ceph: crate::ceph::CephOptions,
    /// Auto-detection found no MegaRAID/PERC controller on the PCI bus: what it found instead
    /// (status, check and metrics then say so and are OK, not UNKNOWN).
    pub nothing_to_manage: Option<String>,
    /// `--sys-root`.
    sys_root_opt: Option<PathBuf>,
    /// `--osd-root`.
    osd_root_opt: Option<PathBuf>,
    /// `--ceph-root`.
    ceph_root_opt: Option<PathBuf>,
    /// Under `--sim`, the runner the simulated vendor tools (smartctl too) run through.
    sim_runner: Option<Arc<OsRunner>>,
    /// When the context was made and the per-call timeout: SMART reads get what is left.
    started: std::time::Instant,
    timeout: Duration,
    /// `--smart-max-age`.
    pub smart_max_age: Duration,
}

impl Drop for Ctx {
    fn drop(&mut self) {
        if let Some(t) = self.private_dir.take() {
            crate::interrupt::remove_private(t);
        }
    }
}

/// Why the context could not be set up.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CtxError(pub String);

/// raidctl's state directory when no `--state-dir` is given: `$RAIDCTL_STATE_DIR`, else
/// `/var/lib/raidctl` for root, else the XDG state directory.
pub fn default_state_dir() -> PathBuf {
    if let Some(d) = std::env::var_os(ENV_STATE_DIR).filter(|v| !v.is_empty()) {
        return PathBuf::from(d);
    }
    if rustix::process::geteuid().is_root() {
        return PathBuf::from("/var/lib/raidctl");
    }
    if let Some(d) = std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()) {
        return PathBuf::from(d).join("raidctl");
    }
    std::env::var_os("HOME").map_or_else(
        || std::env::temp_dir().join("raidctl"),
        |h| PathBuf::from(h).join(".local/state/raidctl"),
    )
}

fn ceph_options(opts: &CtxOptions, hw: Option<&dyn Simulator>) -> crate::ceph::CephOptions {
    // No configuration named and none in /etc/ceph: a cephadm host keeps the cluster's in
    // `/var/lib/ceph/<fsid>/config/` (with the admin keyring on an `_admin` host).
    let cephadm =
        if opts.ceph_conf.is_none() && !Path::new(crate::ceph::client::DEFAULT_CONF).exists() {
            cephadm_conf(
                opts.ceph_root
                    .as_deref()
                    .unwrap_or(Path::new("/var/lib/ceph")),
            )
        } else {
            None
        };
    let (conf, keyring) = match cephadm {
        Some((c, k)) => (Some(c), k),
        None => (opts.ceph_conf.clone(), None),
    };
    let mut c = crate::ceph::CephOptions {
        conf,
        keyring,
        name: opts.ceph_name.clone(),
        ..crate::ceph::CephOptions::default()
    };
    // What Ceph's tools need to take this hardware's block devices (the simulator's are
    // loop devices, which ceph-volume refuses unless told).
    if let Some(hw) = hw {
        c.env.extend(
            hw.ceph_env()
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
    }
    c
}

/// The configuration (and admin keyring, when there) of the one cephadm cluster under
/// `ceph_root`: `<fsid>/config/ceph.conf`, a regular file; none with several clusters.
pub fn cephadm_conf(ceph_root: &Path) -> Option<(PathBuf, Option<PathBuf>)> {
    let with_conf: Vec<PathBuf> = crate::ceph::join::cephadm_fsids(ceph_root)
        .into_iter()
        .map(|f| ceph_root.join(f).join("config"))
        .filter(|d| std::fs::symlink_metadata(d.join("ceph.conf")).is_ok_and(|m| m.is_file()))
        .collect();
    match with_conf.as_slice() {
        [one] => {
            let k = one.join("ceph.client.admin.keyring");
            let keyring = std::fs::symlink_metadata(&k)
                .is_ok_and(|m| m.is_file())
                .then_some(k);
            Some((one.join("ceph.conf"), keyring))
        }
        _ => None,
    }
}

/// A simulated vendor tool under `--sim`: only a name, the `argv[0]` the simulator's
/// executable ([`sim_exe`]) is run with by the runner (the simulator's multicall front ends). Never a
/// path in a directory: whoever could swap that directory's entries would choose what runs.
fn sim_tool(name: &str) -> PathBuf {
    PathBuf::from(name)
}

/// What the simulated vendor tools execute: raidctl itself through `/proc/self/exe` (the
/// running image, whatever happened to its path since), or a library user's `sim_exe`.
fn sim_exe(opts: &CtxOptions) -> PathBuf {
    opts.sim_exe
        .clone()
        .unwrap_or_else(|| PathBuf::from("/proc/self/exe"))
}

/// The chosen vendor tool is not installed: which names and directories were searched (the
/// MegaCli-specific [`BackendError::NotFound`] would name the wrong tool).
fn not_installed(tools: &[Tool]) -> BackendError {
    let names: Vec<&str> = tools
        .iter()
        .flat_map(|t| t.binaries().iter().copied())
        .collect();
    let mut dirs: Vec<&str> = Vec::new();
    for d in tools.iter().flat_map(|t| t.install_dirs().iter().copied()) {
        if !dirs.contains(&d) {
            dirs.push(d);
        }
    }
    BackendError::Refused(format!(
        "{} not found: tried {} on PATH and {} (`raidctl doctor` says which tool these controllers need)",
        names.first().copied().unwrap_or("the vendor tool"),
        names.join("/"),
        dirs.join(", ")
    ))
}

/// The simulator's state directory: `--sim-state` (made private and checked) or a private
/// temporary one, removed with the context.
fn sim_state_dir(
    opts: &CtxOptions,
    scenario: &str,
) -> Result<(PathBuf, Option<tempfile::TempDir>), CtxError> {
    Ok(match &opts.sim_state {
        Some(d) => {
            crate::fsutil::create_private_dir_all(d)
                .map_err(|e| CtxError(format!("{}: {e}", d.display())))?;
            let canon = d
                .canonicalize()
                .map_err(|e| CtxError(format!("--sim-state {}: {e}", d.display())))?;
            check_sim_dir(&canon)?;
            (canon, None)
        }
        None => {
            let t = private_sim_dir(scenario)?;
            (t.path().to_path_buf(), Some(t))
        }
    })
}

/// The backend `--backend` names on the simulated tools, and the native handle when it is the
/// kernel-driver one.
fn sim_ops(
    sim: &dyn Simulator,
    opts: &CtxOptions,
    dir: &Path,
    program: &Path,
    runner: &Arc<OsRunner>,
) -> (
    Result<Box<dyn Operations>, BackendError>,
    Option<native::Native>,
) {
    let mut native_handle = None;
    // The four storcli-syntax tools differ only in the simulator's name for them.
    let storcli = |name: &str| -> Result<Box<dyn Operations>, BackendError> {
        Ok(Box::new(Storcli::new(
            sim_tool(name),
            runner.clone(),
            opts.timeout,
        )))
    };
    let ops: Result<Box<dyn Operations>, BackendError> = match opts.backend {
        BackendChoice::Auto | BackendChoice::Megacli => Ok(Box::new(MegaCli::new(
            program.to_path_buf(),
            runner.clone(),
            opts.timeout,
        ))),
        BackendChoice::Storcli => storcli("storcli64"),
        BackendChoice::Perccli => storcli("perccli64"),
        BackendChoice::Storcli2 => storcli("storcli2"),
        BackendChoice::Perccli2 => storcli("perccli2"),
        BackendChoice::Omreport => Ok(Box::new(Omreport::new(
            sim_tool("omreport"),
            sim_tool("omconfig"),
            runner.clone(),
            opts.timeout,
        ))),
        BackendChoice::Native => native::over_firmware(sim.firmware(dir), opts.timeout).map(|n| {
            native_handle = Some(n.clone());
            Box::new(n) as Box<dyn Operations>
        }),
    };
    (ops, native_handle)
}

/// MegaCli: `--megacli`, `$RAIDCTL_MEGACLI` or the first found.
fn find_megacli(opts: &CtxOptions, runner: &Arc<OsRunner>) -> Result<MegaCli, BackendError> {
    megacli::find_binary(opts.megacli.as_deref())
        .ok_or(BackendError::NotFound)
        .map(|program| MegaCli::new(program, runner.clone(), opts.timeout))
}

/// The tool `--backend` names; for `auto`, the one the PCI scan and the installed tools
/// choose, with what the scan says when there is nothing to manage or a tool to install.
fn chosen_tool(
    opts: &CtxOptions,
    installed: &[(Tool, PathBuf)],
) -> (Option<Tool>, Option<String>, Option<String>) {
    let mut nothing_to_manage = None;
    let mut missing_tool = None;
    let tool = match opts.backend {
        BackendChoice::Megacli => Some(Tool::Megacli),
        BackendChoice::Storcli => Some(Tool::Storcli),
        BackendChoice::Perccli => Some(Tool::Perccli),
        BackendChoice::Storcli2 => Some(Tool::Storcli2),
        BackendChoice::Perccli2 => Some(Tool::Perccli2),
        BackendChoice::Omreport => Some(Tool::Omreport),
        BackendChoice::Native => None,
        BackendChoice::Auto
            if opts.megacli.is_some() || std::env::var_os(megacli::ENV_MEGACLI).is_some() =>
        {
            Some(Tool::Megacli)
        }
        BackendChoice::Auto => {
            let controllers =
                detect::scan_pci(opts.sys_root.as_deref().unwrap_or(Path::new("/sys")));
            let choice = detect::choose(&controllers, installed);
            nothing_to_manage = detect::nothing_to_manage(&controllers);
            missing_tool = detect::install_hint(&controllers, &choice);
            choice.tool
        }
    };
    (tool, nothing_to_manage, missing_tool)
}

/// The backend of the installed `tool` (MegaCli when none is chosen), or why there is none.
fn installed_ops(
    opts: &CtxOptions,
    tool: Option<Tool>,
    missing_tool: Option<String>,
    installed: &[(Tool, PathBuf)],
    runner: &Arc<OsRunner>,
) -> Result<Box<dyn Operations>, BackendError> {
    let path_of = |tools: &[Tool]| {
        installed
            .iter()
            .find(|(t, _)| tools.contains(t))
            .map(|(_, p)| p.clone())
    };
    match tool {
        // A MegaRAID/PERC without a tool that suits it: say what to install, not that
        // the fallback MegaCli is missing.
        None if missing_tool.is_some() => {
            Err(BackendError::Refused(missing_tool.unwrap_or_default()))
        }
        Some(Tool::Megacli) | None => {
            find_megacli(opts, runner).map(|m| Box::new(m) as Box<dyn Operations>)
        }
        Some(t @ (Tool::Storcli | Tool::Perccli | Tool::Storcli2 | Tool::Perccli2)) => {
            // `--backend storcli2|perccli2` names the generation; `storcli|perccli` takes
            // either, the 7.x tool first.
            let want: &[Tool] = match (t, opts.backend) {
                (Tool::Storcli2, BackendChoice::Storcli2) => &[Tool::Storcli2],
                (Tool::Perccli2, BackendChoice::Perccli2) => &[Tool::Perccli2],
                (Tool::Perccli | Tool::Perccli2, _) => &[Tool::Perccli, Tool::Perccli2],
                _ => &[Tool::Storcli, Tool::Storcli2],
            };
            path_of(want).ok_or_else(|| not_installed(want)).map(|p| {
                Box::new(Storcli::new(p, runner.clone(), opts.timeout)) as Box<dyn Operations>
            })
        }
        Some(Tool::Omreport) => path_of(&[Tool::Omreport])
            .ok_or_else(|| not_installed(&[Tool::Omreport]))
            .map(|p| {
                let omconfig = p.with_file_name("omconfig");
                Box::new(Omreport::new(p, omconfig, runner.clone(), opts.timeout))
                    as Box<dyn Operations>
            }),
    }
}

/// A private directory for a `--sim` run without `--sim-state`: created atomically with an
/// unpredictable name and mode 0700, removed when the run ends (also on Ctrl-C or SIGTERM).
fn private_sim_dir(scenario: &str) -> Result<tempfile::TempDir, CtxError> {
    let safe: String = scenario
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(32)
        .collect();
    crate::interrupt::private_temp_dir(&format!("raidctl-sim-{safe}-"))
        .map_err(|e| CtxError(format!("cannot create a private simulator directory: {e}")))
}

/// The state directory must not be writable by other users (they could plant links or
/// rewrite the cache, the baseline and journals raidctl trusts); a missing one is created
/// here with mode 0700 (and its missing parents), before anything writes into it. When it
/// cannot be created, the writers report why.
fn check_state_dir(dir: &Path) -> Result<(), CtxError> {
    if std::fs::symlink_metadata(dir).is_err() {
        let _ = crate::fsutil::create_private_dir_all(dir);
    }
    crate::fsutil::check_dir_if_present(dir).map_err(|e| CtxError(format!("state directory {e}")))
}

/// Other programs run the simulator's tools from `--sim-state DIR/bin` (`sim env`), and
/// raidctl reads `DIR/state.json` and hands `DIR/disks/*.img` to `losetup`, as root when it
/// runs as root: the directory and every directory above it must belong to the caller or root and be closed to other users (a sticky root-owned one
/// such as `/tmp` is fine above it), or another user could swap `bin/` for their programs.
fn check_sim_dir(dir: &Path) -> Result<(), CtxError> {
    crate::fsutil::check_private_dir(dir).map_err(|e| {
        CtxError(format!(
            "--sim-state {e} (use a directory of your own, e.g. `mktemp -d`)"
        ))
    })?;
    for up in dir.ancestors().skip(1) {
        let meta = std::fs::metadata(up)
            .map_err(|e| CtxError(format!("--sim-state: {}: {e}", up.display())))?;
        crate::fsutil::check_owner(up, &meta)
            .and_then(|()| crate::fsutil::check_not_shared(up, &meta))
            .map_err(|e| CtxError(format!("--sim-state is inside {e}")))?;
    }
    Ok(())
}

impl Ctx {
    /// Resolves the options: sets up the simulator's state under `--sim`/`--sim-state` and
    /// finds MegaCli otherwise.
    ///
    /// # Errors
    /// When the simulator cannot be set up.
    pub fn new(opts: &CtxOptions) -> Result<Self, CtxError> {
        let started = std::time::Instant::now();
        if opts.sim.is_some() || opts.sim_state.is_some() {
            return Self::new_simulated(opts, started);
        }
        let state_dir = opts.state_dir.clone().unwrap_or_else(default_state_dir);
        check_state_dir(&state_dir)?;
        let runner: Arc<OsRunner> = Arc::new(OsRunner::scratch());
        let installed = detect::installed_tools();
        let (tool, nothing_to_manage, missing_tool) = chosen_tool(opts, &installed);
        let ops = installed_ops(opts, tool, missing_tool, &installed, &runner);
        let megacli = find_megacli(opts, &runner);
        let explicit_mc =
            opts.megacli.is_some() || std::env::var_os(megacli::ENV_MEGACLI).is_some();
        let boxed = |n: &native::Native| Box::new(n.clone()) as Box<dyn Operations>;
        let (ops, change_ops, native) = match opts.backend {
            BackendChoice::Native => {
                let n = native::real_backend(opts.timeout);
                (
                    n.as_ref().map(boxed).map_err(Clone::clone),
                    Some(Err(BackendError::Refused(native::CHANGES_NEED.into()))),
                    n.ok(),
                )
            }
            BackendChoice::Auto if !explicit_mc => match native::auto_backend(opts.timeout) {
                Some(n) => (Ok(boxed(&n)), Some(ops), Some(n)),
                None => (ops, None, None),
            },
            _ => (ops, None, None),
        };
        Ok(Self {
            sim_dir: None,
            sim: None,
            sim_exe: None,
            state_dir,
            megacli,
            ops,
            change_ops,
            native,
            private_dir: None,
            ceph: ceph_options(opts, None),
            nothing_to_manage,
            sys_root_opt: opts.sys_root.clone(),
            osd_root_opt: opts.osd_root.clone(),
            ceph_root_opt: opts.ceph_root.clone(),
            sim_runner: None,
            started,
            timeout: opts.timeout,
            smart_max_age: opts.smart_max_age.unwrap_or(crate::smart::DEFAULT_MAX_AGE),
        })
    }

    /// The context of a simulated controller (`--sim`, `--sim-state`): the simulator's state
    /// directory, its tools and the backend chosen on them.
    fn new_simulated(opts: &CtxOptions, started: std::time::Instant) -> Result<Self, CtxError> {
        let sim = opts.simulator.clone().ok_or_else(|| {
            CtxError("this build of raidctl has no simulator (--sim, --sim-state)".into())
        })?;
        let scenario = opts.sim.clone().unwrap_or_else(|| "healthy".to_owned());
        let (dir, private) = sim_state_dir(opts, &scenario)?;
        let created = sim.init_state_dir(&dir, &scenario).map_err(CtxError)?;
        if created && private.is_none() && !opts.quiet {
            crate::errln!(
                "raidctl: simulated controller (scenario {scenario}), state in {}",
                dir.display()
            );
        }
        // `bin/` is for other programs (`sim env`), never run from here; it is still made
        // and checked so a swapped one is refused, not left for those programs to run.
        sim.ensure_bin_dir(&dir, opts.sim_exe.as_deref())
            .map_err(CtxError)?;
        let exe = sim_exe(opts);
        let program = sim_tool("MegaCli64");
        let runner: Arc<OsRunner> = Arc::new(
            OsRunner::new(dir.join("work"))
                .with_env(sim.state_env(), &dir.display().to_string())
                .multicall(exe.clone()),
        );
        let state_dir = opts
            .state_dir
            .clone()
            .unwrap_or_else(|| dir.join("raidctl"));
        check_state_dir(&state_dir)?;
        let (ops, native_handle) = sim_ops(sim.as_ref(), opts, &dir, &program, &runner);
        let change_ops = (opts.backend == BackendChoice::Native)
            .then(|| Err(BackendError::Refused(native::CHANGES_NEED.into())));
        let sim_runner = runner.clone();
        let megacli = Ok(MegaCli::new(program, runner, opts.timeout));
        let ceph = ceph_options(opts, Some(sim.as_ref()));
        Ok(Self {
            sim_dir: Some(dir),
            sim: Some(sim),
            sim_exe: Some(exe),
            state_dir,
            megacli,
            ops,
            change_ops,
            native: native_handle,
            private_dir: private,
            ceph,
            nothing_to_manage: None,
            sys_root_opt: None,
            osd_root_opt: opts.osd_root.clone(),
            ceph_root_opt: opts.ceph_root.clone(),
            sim_runner: Some(sim_runner),
            started,
            timeout: opts.timeout,
            smart_max_age: opts.smart_max_age.unwrap_or(crate::smart::DEFAULT_MAX_AGE),
        })
    }

    /// How SMART is read: the simulator's smartctl under `--sim` (run like its vendor tools),
    /// else the host's; the deadline is what is left of the timeout since the context was
    /// made (the controller state read comes first and is never delayed by SMART).
    pub fn smart_source(&self) -> crate::smart::Source {
        let left = self.timeout.saturating_sub(self.started.elapsed());
        match (&self.sim_runner, &self.sim) {
            (Some(r), Some(sim)) => crate::smart::Source {
                runner: r.clone(),
                program: Some(sim_tool("smartctl")),
                sys_root: self.sys_root(),
                timeout: left,
                fallback_host: Some({
                    let sim = sim.clone();
                    Arc::new(move |a| sim.scsi_host(a))
                }),
            },
            _ => crate::smart::Source::host(self.sys_root(), left),
        }
    }

    /// The Ceph client (`--ceph-conf`, `--ceph-name`). Under `--sim` ceph-volume may use loop
    /// devices, which the simulator's VDs are.
    pub fn ceph(&self) -> crate::ceph::Ceph {
        crate::ceph::Ceph::new(self.ceph.clone())
    }

    /// Where the identity join reads where the devices sit: the OSD directories
    /// (`--osd-root`), sysfs and `/dev`, or under `--sim` the tree the simulator writes as the kernel would (the same code reads both).
    pub fn ceph_sources(&self) -> crate::ceph::Sources {
        let mut src = crate::ceph::Sources::with_roots(self.sys_root(), self.dev_root());
        // `--ceph-root` moves both layouts; `--osd-root` alone moves cephadm's root to its
        // parent (a test's directory, never the host's `/var/lib/ceph`).
        match (&self.ceph_root_opt, &self.osd_root_opt) {
            (Some(c), o) => {
                src.ceph_root.clone_from(c);
                src.osd_root = o.clone().unwrap_or_else(|| c.join("osd"));
            }
            (None, Some(o)) => {
                src.osd_root.clone_from(o);
                src.ceph_root = o
                    .parent()
                    .map_or_else(|| PathBuf::from("/nonexistent"), Path::to_path_buf);
            }
            (None, None) => {}
        }
        src
    }

    /// Under `--sim`, the executable the simulated vendor tools are: run it with `argv[0]` set
    /// to the tool's name ([`crate::backend::runner::Spec::exe`]).
    pub fn sim_exe(&self) -> Option<&Path> {
        self.sim_exe.as_deref()
    }

    /// The sysfs root: `--sys-root`, the simulator's tree, or `/sys`.
    pub fn sys_root(&self) -> PathBuf {
        match (self.simulated_in(), &self.sys_root_opt) {
            (Some((sim, d)), _) => sim.sys_root(d),
            (None, Some(r)) => r.clone(),
            (None, None) => PathBuf::from("/sys"),
        }
    }

    /// The `/dev` root the join reads udev's links under: the simulator's, or `/dev`.
    pub fn dev_root(&self) -> PathBuf {
        match self.simulated_in() {
            Some((sim, d)) => sim.dev_root(d),
            None => PathBuf::from("/dev"),
        }
    }

    /// The identity join for this run, cached like the snapshot for `max_age`. A simulated
    /// controller without `sim block-devices` has no device an OSD could sit on: nothing is
    /// asked (not even a Ceph cluster this machine may run for something else).
    pub fn osd_join(&self, max_age: Duration) -> crate::ceph::OsdJoin {
        let src = self.ceph_sources();
        let no_devices = self
            .simulated_in()
            .is_some_and(|(sim, d)| !sim.has_block_devices(d));
        if no_devices {
            return crate::ceph::OsdJoin {
                cluster: crate::ceph::ClusterView::NotConfigured {
                    reason: "simulated controller without block devices".into(),
                },
                ..crate::ceph::OsdJoin::default()
            };
        }
        crate::ceph::join::cached(&self.ceph(), &src, &self.state_dir, max_age)
    }

    /// The simulated hardware and its state directory, under `--sim`.
    fn simulated_in(&self) -> Option<(&dyn Simulator, &Path)> {
        Some((self.sim.as_deref()?, self.sim_dir.as_deref()?))
    }

    /// Where the controller's own lock lives when the controller is not this host's: a
    /// simulated controller keeps it with its state, so two simulators never share one and
    /// neither takes the host's (`None`: this host's, under `/run/lock`).
    pub fn controller_lock_dir(&self) -> Option<&Path> {
        self.simulated_in().map(|(_, dir)| dir)
    }

    /// Whether the controller is simulated (reports say so).
    pub fn simulated(&self) -> bool {
        self.sim.is_some()
    }

    /// The SCSI host an adapter is when sysfs cannot say: the simulator's numbering.
    pub fn fallback_scsi_host(&self, adapter: u32) -> Option<u32> {
        self.sim.as_ref().map(|s| s.scsi_host(adapter))
    }

    /// The environment variable and value the simulated tools find their state by, for
    /// what runs them outside this process (the support bundle's replay line).
    pub fn sim_state_env(&self) -> Option<(&'static str, &Path)> {
        self.simulated_in().map(|(sim, d)| (sim.state_env(), d))
    }

    /// The device backing a VD or JBOD drive where simulated hardware provides it outright:
    /// its block device when the simulator made one, else a sparse file of `size` bytes
    /// (capped at `cap`). `None` on a real host: the kernel's (sysfs) answer is the one.
    pub fn simulated_backing(
        &self,
        what: &Backing<'_>,
        size: u64,
        cap: u64,
    ) -> Option<Result<PathBuf, String>> {
        let (sim, d) = self.simulated_in()?;
        Some(match sim.block_device(d, what) {
            Some(dev) => Ok(dev),
            None => sim.backing_file(d, what, size, cap),
        })
    }

    /// Removes a sparse file [`Ctx::simulated_backing`] made, once its VD is gone (anything
    /// else, and anything on a real host, is left alone).
    pub fn discard_simulated_backing(&self, path: &Path) {
        if let Some((sim, d)) = self.simulated_in() {
            sim.discard_backing_file(d, path);
        }
    }

    /// The block device the simulator made for `what` (`sim block-devices on`); `None` on a
    /// real host, `Some(None)` when simulated without one.
    pub fn simulated_block_device(&self, what: &Backing<'_>) -> Option<Option<PathBuf>> {
        let (sim, d) = self.simulated_in()?;
        Some(sim.block_device(d, what))
    }

    /// The MegaCli backend.
    ///
    /// # Errors
    /// [`BackendError::NotFound`] when no MegaCli was found.
    pub fn megacli(&self) -> Result<&MegaCli, BackendError> {
        self.megacli.as_ref().map_err(Clone::clone)
    }

    /// The backend chosen for this run.
    ///
    /// # Errors
    /// [`BackendError::NotFound`] when MegaCli is not installed, [`BackendError::Refused`]
    /// naming the searched names and directories for another tool.
    pub fn ops(&self) -> Result<&dyn Operations, BackendError> {
        self.ops.as_ref().map(|b| b.as_ref()).map_err(Clone::clone)
    }

    /// The backend for commands that change the controller: the chosen one, or under
    /// `auto` with native reads the vendor tool that `auto` would have picked.
    ///
    /// # Errors
    /// [`BackendError::Refused`] with `--backend native`; as [`Ctx::ops`] when the tool is
    /// not installed.
    pub fn change_ops(&self) -> Result<&dyn Operations, BackendError> {
        match &self.change_ops {
            Some(r) => r.as_ref().map(|b| b.as_ref()).map_err(Clone::clone),
            None => self.ops(),
        }
    }

    /// The native backend, when this run reads through it.
    pub fn native(&self) -> Option<&native::Native> {
        self.native.as_ref()
    }

    /// The snapshot cache.
    pub fn cache(&self) -> Cache {
        Cache::new(self.state_dir.clone())
    }

    /// A snapshot no older than `max_age` (zero: always fresh).
    ///
    /// # Errors
    /// Whatever made the vendor calls unusable.
    pub fn snapshot(&self, max_age: Duration) -> Result<Snapshot, BackendError> {
        self.snapshot_with(Freshness::within(max_age))
    }

    /// A snapshot current by `fresh` (see [`Cache::get_or_fetch`]).
    ///
    /// # Errors
    /// Whatever made the vendor calls unusable.
    pub fn snapshot_with(&self, fresh: Freshness) -> Result<Snapshot, BackendError> {
        let ops = self.ops()?;
        let source = match &self.sim_dir {
            Some(d) => format!("sim:{}:{}", ops.name(), d.display()),
            None => format!(
                "{}:{}",
                ops.name(),
                self.megacli
                    .as_ref()
                    .map_or_else(|_| String::new(), |m| m.program().display().to_string())
            ),
        };
        let marks = || ops.event_marks();
        let sys = self.sys_root();
        let fetch = |hint: Option<&Snapshot>| {
            let mut s = ops.snapshot_hinted(hint)?;
            s.source.clone_from(&source);
            // Which /dev/sdX each VD is, from the sysfs this run reads (the simulator's
            // tree under --sim).
            crate::backend::identity::join_block_devices(&mut s, &sys);
            Ok(s)
        };
        let snap = self.cache().get_or_fetch(&source, fresh, &marks, &fetch)?;
        ops.observe(&snap);
        Ok(snap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cephadm_hosts_configuration_is_found_under_its_fsid() {
        let d = tempfile::tempdir().unwrap();
        let a = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
        assert_eq!(cephadm_conf(d.path()), None);
        let cfg = d.path().join(a).join("config");
        std::fs::create_dir_all(&cfg).unwrap();
        assert_eq!(cephadm_conf(d.path()), None, "no ceph.conf yet");
        std::fs::write(cfg.join("ceph.conf"), "[global]\nfsid = x\n").unwrap();
        assert_eq!(cephadm_conf(d.path()), Some((cfg.join("ceph.conf"), None)));
        std::fs::write(cfg.join("ceph.client.admin.keyring"), "").unwrap();
        assert_eq!(
            cephadm_conf(d.path()),
            Some((
                cfg.join("ceph.conf"),
                Some(cfg.join("ceph.client.admin.keyring"))
            ))
        );
        // Two clusters: not guessed.
        let b = d.path().join("11111111-2222-3333-4444-555555555555/config");
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(b.join("ceph.conf"), "").unwrap();
        assert_eq!(cephadm_conf(d.path()), None);
        let opts = CtxOptions {
            ceph_root: Some(d.path().into()),
            ..CtxOptions::default()
        };
        // An explicit --ceph-conf always wins.
        let c = ceph_options(
            &CtxOptions {
                ceph_conf: Some("/x.conf".into()),
                ..opts
            },
            None,
        );
        assert_eq!(c.conf.as_deref(), Some(Path::new("/x.conf")));
        assert_eq!(c.keyring, None);
    }
}
