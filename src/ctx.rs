//! The run-time context every controller-facing command needs: which MegaCli to run (a real
//! one, or the simulator under `--sim`), where raidctl keeps its state, and timeouts.

use crate::backend::detect::{self, Tool};
use crate::backend::megacli::{self, BackendError, MegaCli};
use crate::backend::omreport::Omreport;
use crate::backend::ops::Operations;
use crate::backend::runner::OsRunner;
use crate::backend::snapshot::{Cache, Snapshot};
use crate::backend::storcli::Storcli;
use crate::sim::store::STATE_ENV;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Environment variable overriding where the simulator binary is.
pub const ENV_SIM_BIN: &str = "RAIDCTL_SIM_BIN";
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
}

/// `--backend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum BackendChoice {
    /// Pick from the controllers' PCI IDs and the tools installed (`raidctl doctor` explains).
    #[default]
    Auto,
    /// MegaCli.
    Megacli,
    /// storcli (and storcli2).
    Storcli,
    /// Dell perccli (storcli syntax).
    Perccli,
    /// Dell OpenManage omreport/omconfig.
    Omreport,
}

/// Resolved context.
#[derive(Debug)]
pub struct Ctx {
    /// The simulator's state directory when running under `--sim`.
    pub sim_dir: Option<PathBuf>,
    /// raidctl's own state: snapshot cache, counter baseline, journals.
    pub state_dir: PathBuf,
    megacli: Result<MegaCli, BackendError>,
    ops: Result<Box<dyn Operations>, BackendError>,
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

/// A simulator binary (`raidctl-megacli-sim`, `raidctl-storcli-sim`, ...): for the MegaCli one
/// `$RAIDCTL_SIM_BIN` wins; all are looked for next to this executable.
pub fn sim_binary(name: &str) -> Result<PathBuf, CtxError> {
    if name == "raidctl-megacli-sim" {
        if let Some(p) = std::env::var_os(ENV_SIM_BIN).filter(|v| !v.is_empty()) {
            return Ok(PathBuf::from(p));
        }
    }
    let exe = std::env::current_exe()
        .map_err(|e| CtxError(format!("cannot locate raidctl itself: {e}")))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    // Test binaries live one level deeper (target/debug/deps).
    for candidate in [dir.join(name), dir.join("..").join(name)] {
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    Err(CtxError(format!(
        "the simulator {name} is not next to {}; build it with `cargo build` or set {ENV_SIM_BIN}",
        exe.display()
    )))
}

impl Ctx {
    /// Resolves the options: sets up the simulator's state under `--sim`/`--sim-state` and
    /// finds MegaCli otherwise.
    ///
    /// # Errors
    /// When the simulator cannot be set up.
    pub fn new(opts: &CtxOptions) -> Result<Self, CtxError> {
        if opts.sim.is_some() || opts.sim_state.is_some() {
            let scenario = opts.sim.clone().unwrap_or_else(|| "healthy".to_owned());
            let dir = match &opts.sim_state {
                Some(d) => d.clone(),
                None => {
                    let d = std::env::temp_dir()
                        .join(format!("raidctl-sim-{scenario}-{}", std::process::id()));
                    let _ = std::fs::remove_dir_all(&d);
                    d
                }
            };
            std::fs::create_dir_all(&dir)
                .map_err(|e| CtxError(format!("{}: {e}", dir.display())))?;
            let dir = dir.canonicalize().unwrap_or(dir);
            let created = crate::sim::init_state_dir(&dir, &scenario).map_err(CtxError)?;
            if created && !opts.quiet {
                eprintln!(
                    "raidctl: simulated controller (scenario {scenario}), state in {}",
                    dir.display()
                );
            }
            let program = sim_binary("raidctl-megacli-sim")?;
            let runner: Arc<OsRunner> = Arc::new(
                OsRunner::new(dir.join("work")).with_env(STATE_ENV, &dir.display().to_string()),
            );
            let state_dir = opts
                .state_dir
                .clone()
                .unwrap_or_else(|| dir.join("raidctl"));
            let ops: Result<Box<dyn Operations>, BackendError> = match opts.backend {
                BackendChoice::Auto | BackendChoice::Megacli => Ok(Box::new(MegaCli::new(
                    program.clone(),
                    runner.clone(),
                    opts.timeout,
                ))),
                BackendChoice::Storcli | BackendChoice::Perccli => Ok(Box::new(Storcli::new(
                    sim_binary("raidctl-storcli-sim")?,
                    runner.clone(),
                    opts.timeout,
                ))),
                BackendChoice::Omreport => Ok(Box::new(Omreport::new(
                    sim_binary("raidctl-omreport-sim")?,
                    sim_binary("raidctl-omconfig-sim")?,
                    runner.clone(),
                    opts.timeout,
                ))),
            };
            let megacli = Ok(MegaCli::new(program, runner, opts.timeout));
            return Ok(Self {
                sim_dir: Some(dir),
                state_dir,
                megacli,
                ops,
            });
        }
        let state_dir = opts.state_dir.clone().unwrap_or_else(default_state_dir);
        let runner: Arc<OsRunner> = Arc::new(OsRunner::scratch());
        let find_mc = || {
            megacli::find_binary(opts.megacli.as_deref())
                .ok_or(BackendError::NotFound)
                .map(|program| MegaCli::new(program, runner.clone(), opts.timeout))
        };
        let installed = detect::installed_tools();
        let path_of = |tools: &[Tool]| {
            installed
                .iter()
                .find(|(t, _)| tools.contains(t))
                .map(|(_, p)| p.clone())
        };
        let tool = match opts.backend {
            BackendChoice::Megacli => Some(Tool::Megacli),
            BackendChoice::Storcli => Some(Tool::Storcli),
            BackendChoice::Perccli => Some(Tool::Perccli),
            BackendChoice::Omreport => Some(Tool::Omreport),
            BackendChoice::Auto
                if opts.megacli.is_some() || std::env::var_os(megacli::ENV_MEGACLI).is_some() =>
            {
                Some(Tool::Megacli)
            }
            BackendChoice::Auto => {
                detect::choose(&detect::scan_pci(Path::new("/sys")), &installed).tool
            }
        };
        let ops: Result<Box<dyn Operations>, BackendError> = match tool {
            Some(Tool::Megacli) | None => find_mc().map(|m| Box::new(m) as Box<dyn Operations>),
            Some(t @ (Tool::Storcli | Tool::Perccli | Tool::Storcli2 | Tool::Perccli2)) => {
                let want: &[Tool] = match t {
                    Tool::Perccli | Tool::Perccli2 => &[Tool::Perccli, Tool::Perccli2],
                    _ => &[Tool::Storcli, Tool::Storcli2],
                };
                path_of(want).ok_or(BackendError::NotFound).map(|p| {
                    Box::new(Storcli::new(p, runner.clone(), opts.timeout)) as Box<dyn Operations>
                })
            }
            Some(Tool::Omreport) => path_of(&[Tool::Omreport])
                .ok_or(BackendError::NotFound)
                .map(|p| {
                    let omconfig = p.with_file_name("omconfig");
                    Box::new(Omreport::new(p, omconfig, runner.clone(), opts.timeout))
                        as Box<dyn Operations>
                }),
        };
        let megacli = find_mc();
        Ok(Self {
            sim_dir: None,
            state_dir,
            megacli,
            ops,
        })
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
    /// [`BackendError::NotFound`] when its tool is not installed.
    pub fn ops(&self) -> Result<&dyn Operations, BackendError> {
        self.ops.as_ref().map(|b| b.as_ref()).map_err(Clone::clone)
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
        self.cache().get_or_fetch(&source, max_age, || {
            let mut s = ops.snapshot()?;
            s.source.clone_from(&source);
            Ok(s)
        })
    }
}
