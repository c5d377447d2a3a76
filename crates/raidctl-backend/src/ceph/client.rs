//! The Ceph CLI client: `ceph ... -f json` and `ceph-volume`, every call through the one
//! process runner ([`crate::backend::runner::run_process`]) with a deadline, no shell.
//!
//! The cluster is found as `ceph` finds it: `/etc/ceph/ceph.conf` and the `client.admin`
//! keyring it names, unless `--ceph-conf` / `--ceph-name` say otherwise. Each `ceph` call
//! carries `--connect-timeout` (a mon that does not answer fails in seconds) and the runner's
//! deadline (a command routed to a mgr that is not there would otherwise wait).

use super::answers;
use super::types::{CephDevice, ClusterStatus, OkToStop, OsdDump, OsdMetadata, OsdTree};
use crate::backend::runner::{self, Call, CmdOutput, Mode, RunError, Runner, Sink, Spec};
use crate::interrupt::ScratchDir;
use serde::de::DeserializeOwned;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

mod ceph_volume;

/// Where `ceph` looks for the cluster when nothing else is said.
pub const DEFAULT_CONF: &str = "/etc/ceph/ceph.conf";
/// `EBUSY`: `safe-to-destroy` and `ok-to-stop` answer "not yet" with it.
pub const EXIT_EBUSY: i32 = 16;
/// `EAGAIN`: `safe-to-destroy` cannot conclude yet (no PG stats).
pub const EXIT_EAGAIN: i32 = 11;
/// Directories searched after `PATH` (ceph-volume lives in /usr/sbin, which a non-root PATH
/// often lacks).
const SEARCH_DIRS: &str = "/usr/sbin:/usr/bin:/sbin:/bin";

/// Why a Ceph call did not give an answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CephError {
    /// The program is not installed.
    #[error(
        "{program} not found (on PATH or in {SEARCH_DIRS}); install ceph-common (ceph) or ceph-osd (ceph-volume, ceph-osd)"
    )]
    NotInstalled {
        /// `ceph`, `ceph-volume`, `ceph-osd`.
        program: String,
    },
    /// No configuration file, so no cluster to talk to.
    #[error("{}: no Ceph configuration (give --ceph-conf FILE)", conf.display())]
    NoConfig {
        /// The file looked for.
        conf: PathBuf,
    },
    /// The mon did not answer (connect timeout, refused, no keyring).
    #[error("the Ceph cluster is unreachable: `{argv}`: {message}")]
    Unreachable {
        /// Command line.
        argv: String,
        /// What `ceph` said.
        message: String,
    },
    /// The call passed its deadline and was killed.
    #[error("`{argv}` did not finish in {secs:.0} s and was killed (is a mgr active? `ceph -s`)")]
    Timeout {
        /// Command line.
        argv: String,
        /// The deadline.
        secs: f64,
    },
    /// Ceph answered with an error: its own message.
    #[error("`{argv}` was refused (exit {code}): {message}")]
    Refused {
        /// Command line.
        argv: String,
        /// Exit status (Ceph uses errno values: 16 EBUSY, 11 EAGAIN, 22 EINVAL, 2 ENOENT).
        code: i32,
        /// `EBUSY`, `EINVAL`... from `Error EBUSY: ...`, when Ceph printed one.
        errno: Option<String>,
        /// Ceph's message.
        message: String,
    },
    /// The output was not the JSON expected.
    #[error("`{argv}` printed output raidctl cannot read ({reason}): {excerpt:?}")]
    BadJson {
        /// Command line.
        argv: String,
        /// The parse error.
        reason: String,
        /// The head of the output.
        excerpt: String,
    },
    /// The program crashed, or could not be run for another reason.
    #[error("`{argv}`: {reason}")]
    Failed {
        /// Command line.
        argv: String,
        /// What happened.
        reason: String,
    },
}

impl CephError {
    /// The cluster could not be asked at all (not installed, no conf, unreachable, timeout):
    /// the answer is unknown, which a caller must never take as "no".
    pub fn is_unavailable(&self) -> bool {
        matches!(
            self,
            Self::NotInstalled { .. }
                | Self::NoConfig { .. }
                | Self::Unreachable { .. }
                | Self::Timeout { .. }
        )
    }
}

/// How to reach the cluster (`--ceph-conf`, `--ceph-name`) and how long to wait.
#[derive(Debug, Clone)]
pub struct CephOptions {
    /// The configuration file (default [`DEFAULT_CONF`]).
    pub conf: Option<PathBuf>,
    /// The client name (`client.admin` when unset, as `ceph` does).
    pub name: Option<String>,
    /// `--connect-timeout` of each `ceph` call.
    pub connect_timeout: Duration,
    /// Deadline of each `ceph` call.
    pub timeout: Duration,
    /// Deadline of `ceph-volume` prepare/activate/create/zap (mkfs takes a while).
    pub volume_timeout: Duration,
    /// Extra environment for every child (`CEPH_VOLUME_ALLOW_LOOP_DEVICES=1` under `--sim`).
    pub env: Vec<(String, String)>,
    /// Where the programs are looked for (default: `PATH`, then the sbin/bin directories).
    pub path: Option<OsString>,
    /// `--keyring` of each `ceph` call (cephadm's `/var/lib/ceph/<fsid>/config` keyring, which
    /// `ceph` does not look for itself); `None`: as `ceph` finds one.
    pub keyring: Option<PathBuf>,
}

impl Default for CephOptions {
    fn default() -> Self {
        Self {
            conf: None,
            name: None,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(30),
            volume_timeout: Duration::from_secs(600),
            env: Vec::new(),
            path: None,
            keyring: None,
        }
    }
}

/// Runs children through [`runner::run_process`] with the client's environment, several at
/// once if asked (unlike the vendor tools, `ceph` calls may run in parallel).
#[derive(Debug)]
struct ProcRunner {
    /// A private directory (random name, 0700) made on the first call and removed with the
    /// runner (and on interrupt): a fixed `/tmp/raidctl-ceph-<pid>` could be planted by
    /// another user and was never removed.
    workdir: ScratchDir,
    env: Vec<(String, String)>,
}

impl ProcRunner {
    fn new(env: Vec<(String, String)>) -> Self {
        Self {
            workdir: ScratchDir::new("raidctl-ceph-"),
            env,
        }
    }
}

impl ProcRunner {
    /// Runs `program` in the private scratch directory with the given output sinks.
    fn spawn(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
        sink: Sink<'_>,
    ) -> Result<CmdOutput, RunError> {
        let workdir = self.workdir.path().map_err(|reason| RunError::Spawn {
            program: program.display().to_string(),
            reason,
        })?;
        let mut out = runner::run_process(&Spec {
            program,
            exe: None,
            args,
            cwd: &workdir,
            env: &self.env,
            path_var: None,
            timeout,
            stdout: sink,
            stderr: sink,
            limit: runner::MEMORY_CAP,
        });
        if out.timed_out {
            out.duration = timeout;
        }
        out.into_cmd_output()
    }
}

/// The last 64 KiB of `log` (an appended log can grow past any cap: its tail is what a
/// message quotes), never through a link.
fn log_tail(log: &Path) -> String {
    use std::io::{Read, Seek, SeekFrom};
    use std::os::unix::fs::OpenOptionsExt;
    let Ok(mut f) = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(log)
    else {
        return String::new();
    };
    let len = f
        .metadata()
        .map_or(0, |m| if m.is_file() { m.len() } else { 0 });
    let mut buf = Vec::new();
    if f.seek(SeekFrom::Start(len.saturating_sub(64 << 10)))
        .is_ok()
    {
        let _ = f.take(64 << 10).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

impl Runner for ProcRunner {
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        let Mode::Detached(log) = c.mode else {
            return self.spawn(c.program, c.args, c.timeout, Sink::Memory);
        };
        let mut cmd = self.spawn(c.program, c.args, c.timeout, Sink::Detached(log))?;
        // The log is the output: its tail is what messages quote.
        cmd.stdout = log_tail(log);
        Ok(cmd)
    }
}

/// The answer of `ceph osd safe-to-destroy N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SafeToDestroy {
    /// Safe: no PG needs this OSD any more.
    Safe,
    /// Not yet: PGs are still mapped to it, or stored on it.
    NotYet {
        /// PGs still mapped or stored, when Ceph says.
        pgs: Option<u64>,
        /// Ceph's words.
        message: String,
    },
    /// No conclusion possible yet: the OSD has reported no PG stats (down since the mgr
    /// started) and not all PGs are active+clean.
    Unknown {
        /// Ceph's words.
        message: String,
    },
}

/// The Ceph client.
#[derive(Clone)]
pub struct Ceph {
    conf: PathBuf,
    name: Option<String>,
    opts: CephOptions,
    runner: Arc<dyn Runner>,
    search: OsString,
    /// `ceph-volume` through `cephadm ceph-volume` (a cephadm host has none of its own).
    cephadm: Option<super::orch::CephadmVolume>,
}

impl std::fmt::Debug for Ceph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ceph")
            .field("conf", &self.conf)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

fn search_path(opts: &CephOptions) -> OsString {
    let mut p = opts
        .path
        .clone()
        .or_else(|| std::env::var_os("PATH"))
        .unwrap_or_default();
    if !p.is_empty() {
        p.push(":");
    }
    p.push(SEARCH_DIRS);
    p
}

impl Ceph {
    /// A client with real processes (children run in a private scratch directory).
    pub fn new(opts: CephOptions) -> Self {
        let me = Self::with_runner(opts, Arc::new(ProcRunner::new(Vec::new())));
        let runner = Arc::new(ProcRunner::new(me.child_env()));
        Self { runner, ..me }
    }

    /// The environment every child gets: the options' `env`, and `CEPH_CONF` naming the
    /// configuration (ceph-volume has no `--conf`, and the `ceph` calls it makes read it too).
    pub fn child_env(&self) -> Vec<(String, String)> {
        let mut env = self.opts.env.clone();
        env.push(("CEPH_CONF".into(), self.conf.display().to_string()));
        env
    }

    /// A client whose calls go to `runner` (tests replay recorded answers).
    pub fn with_runner(opts: CephOptions, runner: Arc<dyn Runner>) -> Self {
        Self {
            conf: opts
                .conf
                .clone()
                .unwrap_or_else(|| PathBuf::from(DEFAULT_CONF)),
            name: opts.name.clone(),
            search: search_path(&opts),
            opts,
            runner,
            cephadm: None,
        }
    }

    /// The configuration file in use.
    pub fn conf(&self) -> &Path {
        &self.conf
    }

    /// The options.
    pub fn options(&self) -> &CephOptions {
        &self.opts
    }

    /// Where `program` is installed.
    pub fn which(&self, program: &str) -> Option<PathBuf> {
        runner::which(program, &self.search)
    }

    /// Whether a cluster can be asked at all, without asking it: `ceph` installed and the
    /// configuration file present.
    ///
    /// # Errors
    /// [`CephError::NotInstalled`] or [`CephError::NoConfig`].
    pub fn reachable_in_principle(&self) -> Result<PathBuf, CephError> {
        let ceph = self.which("ceph").ok_or_else(|| CephError::NotInstalled {
            program: "ceph".into(),
        })?;
        if !self.conf.is_file() {
            return Err(CephError::NoConfig {
                conf: self.conf.clone(),
            });
        }
        Ok(ceph)
    }

    /// The argument vector of a `ceph` call (without the program).
    pub fn ceph_args(&self, args: &[&str], json: bool) -> Vec<String> {
        let mut v = vec!["--conf".to_owned(), self.conf.display().to_string()];
        if let Some(k) = &self.opts.keyring {
            v.push("--keyring".into());
            v.push(k.display().to_string());
        }
        if let Some(n) = &self.name {
            v.push("--name".into());
            v.push(n.clone());
        }
        v.push("--connect-timeout".into());
        v.push(self.opts.connect_timeout.as_secs().max(1).to_string());
        v.extend(args.iter().map(|s| (*s).to_owned()));
        if json {
            v.push("-f".into());
            v.push("json".into());
        }
        v
    }

    /// Runs `ceph ARGS` and returns its output whatever the exit status (deadline,
    /// spawn and crash are errors).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn ceph_raw(&self, args: &[&str], json: bool) -> Result<CmdOutput, CephError> {
        let ceph = self.reachable_in_principle()?;
        let argv = self.ceph_args(args, json);
        let deadline = self.opts.timeout.max(self.opts.connect_timeout);
        self.run_program(&ceph, &argv, deadline)
    }

    /// Runs `program` through the client's runner; spawn failures, deadlines and crashes
    /// become [`CephError`]s, any exit status is returned.
    pub(crate) fn run_program(
        &self,
        program: &Path,
        argv: &[String],
        deadline: Duration,
    ) -> Result<CmdOutput, CephError> {
        let line = display_argv(program, argv);
        match self.runner.run(program, argv, deadline) {
            Ok(out) => Ok(out),
            Err(RunError::Spawn { .. }) => Err(CephError::NotInstalled {
                program: program.display().to_string(),
            }),
            Err(RunError::Timeout { secs, .. }) => Err(CephError::Timeout { argv: line, secs }),
            Err(e @ (RunError::Crashed { .. } | RunError::Cut { .. })) => Err(CephError::Failed {
                argv: line,
                reason: e.to_string(),
            }),
        }
    }

    /// Runs `ceph ARGS` and requires exit 0; returns what it printed (Ceph prints the
    /// confirmation of `osd out` and the like on standard error).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn ceph_ok(&self, args: &[&str]) -> Result<String, CephError> {
        let out = self.ceph_raw(args, false)?;
        answers::check(&out)?;
        Ok(format!("{}{}", out.stdout, out.stderr).trim().to_owned())
    }

    /// Runs `ceph ARGS -f json` and parses the answer.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn ceph_json<T: DeserializeOwned>(&self, args: &[&str]) -> Result<T, CephError> {
        let out = self.ceph_raw(args, true)?;
        answers::check(&out)?;
        answers::json(&out)
    }

    /// `ceph -s`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn status(&self) -> Result<ClusterStatus, CephError> {
        self.ceph_json(&["status"])
    }

    /// `ceph osd tree`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_tree(&self) -> Result<OsdTree, CephError> {
        self.ceph_json(&["osd", "tree"])
    }

    /// `ceph osd dump`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_dump(&self) -> Result<OsdDump, CephError> {
        self.ceph_json(&["osd", "dump"])
    }

    /// `ceph pg ls`: every PG with its state and object counts.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn pg_ls(&self) -> Result<Vec<crate::ceph::redundancy::PgStat>, CephError> {
        self.ceph_json::<crate::ceph::redundancy::PgList>(&["pg", "ls"])
            .map(crate::ceph::redundancy::PgList::into_pgs)
    }

    /// `ceph osd crush rule dump`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn crush_rules(&self) -> Result<Vec<crate::ceph::redundancy::CrushRule>, CephError> {
        self.ceph_json(&["osd", "crush", "rule", "dump"])
    }

    /// `ceph osd metadata [N]`: every OSD's, or one.
    ///
    /// # Errors
    /// See [`CephError`] (`Refused` with ENOENT for an id without metadata).
    pub fn osd_metadata(&self, id: Option<u32>) -> Result<Vec<OsdMetadata>, CephError> {
        match id {
            None => self.ceph_json(&["osd", "metadata"]),
            Some(n) => {
                let n = n.to_string();
                self.ceph_json::<OsdMetadata>(&["osd", "metadata", &n])
                    .map(|m| vec![m])
            }
        }
    }

    /// `ceph device ls`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn device_ls(&self) -> Result<Vec<CephDevice>, CephError> {
        self.ceph_json(&["device", "ls"])
    }

    /// `ceph device set-life-expectancy DEVID FROM TO` (times as [`crate::model::ceph_time_arg`]
    /// prints them, UTC).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn device_set_life_expectancy(
        &self,
        devid: &str,
        from: u64,
        to: u64,
    ) -> Result<String, CephError> {
        self.ceph_ok(
            &Self::set_life_expectancy_args(devid, from, to)
                .each_ref()
                .map(String::as_str),
        )
    }

    /// The arguments of [`Self::device_set_life_expectancy`] (for plans and reports).
    pub fn set_life_expectancy_args(devid: &str, from: u64, to: u64) -> [String; 5] {
        [
            "device".into(),
            "set-life-expectancy".into(),
            devid.to_owned(),
            crate::model::ceph_time_arg(from),
            crate::model::ceph_time_arg(to),
        ]
    }

    /// `ceph device rm-life-expectancy DEVID` (Ceph answers 0 for a device it does not know).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn device_rm_life_expectancy(&self, devid: &str) -> Result<String, CephError> {
        self.ceph_ok(&["device", "rm-life-expectancy", devid])
    }

    /// `ceph osd ok-to-stop N`: the JSON answer, also when it is "no" (exit 16).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_ok_to_stop(&self, id: u32) -> Result<OkToStop, CephError> {
        let n = id.to_string();
        let out = self.ceph_raw(&["osd", "ok-to-stop", &n], true)?;
        answers::ok_to_stop(&out)
    }

    /// `ceph osd safe-to-destroy N`: Safe, NotYet or Unknown (the JSON form exits 0 with
    /// the OSD in one of its lists; the plain form's exit 16/EBUSY "have K pgs currently
    /// mapped" and 11/EAGAIN "cannot draw any conclusions" are read the same way).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_safe_to_destroy(&self, id: u32) -> Result<SafeToDestroy, CephError> {
        let n = id.to_string();
        let out = self.ceph_raw(&["osd", "safe-to-destroy", &n], true)?;
        answers::safe_to_destroy(id, &out)
    }

    /// `ceph osd out N`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_out(&self, id: u32) -> Result<String, CephError> {
        self.ceph_ok(&["osd", "out", &id.to_string()])
    }

    /// `ceph osd in N`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_in(&self, id: u32) -> Result<String, CephError> {
        self.ceph_ok(&["osd", "in", &id.to_string()])
    }

    /// `ceph osd destroy N --yes-i-really-mean-it`: keeps the id and its CRUSH entry, marks
    /// it destroyed. Ceph 16 does *not* check safe-to-destroy here (it destroyed an OSD its
    /// own safe-to-destroy called active): the caller's drain is the only gate.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn osd_destroy(&self, id: u32) -> Result<String, CephError> {
        self.ceph_ok(&["osd", "destroy", &id.to_string(), "--yes-i-really-mean-it"])
    }

    /// `ceph osd crush reweight osd.N W`.
    ///
    /// # Errors
    /// See [`CephError`]; a weight that is not finite and ≥ 0 is refused before any call.
    pub fn osd_crush_reweight(&self, id: u32, weight: f64) -> Result<String, CephError> {
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(CephError::Refused {
                argv: format!("ceph osd crush reweight osd.{id} {weight}"),
                code: 22,
                errno: Some("EINVAL".into()),
                message: "the weight must be a finite number ≥ 0".into(),
            });
        }
        self.ceph_ok(&[
            "osd",
            "crush",
            "reweight",
            &format!("osd.{id}"),
            &format!("{weight:.6}"),
        ])
    }

    /// `ceph osd pool create NAME PG_NUM`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn pool_create(&self, name: &str, pg_num: u32) -> Result<String, CephError> {
        self.ceph_ok(&["osd", "pool", "create", name, &pg_num.to_string()])
    }

    /// `ceph osd pool set NAME KEY VALUE` (`size 1` needs `--yes-i-really-mean-it`, added).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn pool_set(&self, name: &str, key: &str, value: &str) -> Result<String, CephError> {
        let mut args = vec!["osd", "pool", "set", name, key, value];
        if key == "size" && value == "1" {
            args.push("--yes-i-really-mean-it");
        }
        self.ceph_ok(&args)
    }

    /// `ceph osd pool rm NAME NAME --yes-i-really-really-mean-it`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn pool_delete(&self, name: &str) -> Result<String, CephError> {
        self.ceph_ok(&[
            "osd",
            "pool",
            "rm",
            name,
            name,
            "--yes-i-really-really-mean-it",
        ])
    }

    /// The `cephadm ceph-volume` route, when set ([`Self::via_cephadm`]).
    pub(super) fn cephadm_volume(&self) -> Option<&super::orch::CephadmVolume> {
        self.cephadm.as_ref()
    }

    pub(super) fn set_cephadm(&mut self, v: Option<super::orch::CephadmVolume>) {
        self.cephadm = v;
    }
}

/// The first line of a child's output that says what went wrong (`stderr: ... error`,
/// `failed to ...`, `Permission denied`), skipping the rollback's own lines.
pub fn first_error<'a>(lines: &[&'a str]) -> Option<&'a str> {
    lines.iter().copied().find(|l| {
        let low = l.to_ascii_lowercase();
        (low.contains("error") || low.contains("failed") || low.contains("denied"))
            && !low.contains("rollback")
            && !low.contains("was unable to complete a new osd")
    })
}

/// `program a b c` for messages.
pub fn display_argv(program: &Path, args: &[String]) -> String {
    let name = program
        .file_name()
        .map_or_else(|| program.as_os_str(), OsStr::new)
        .to_string_lossy()
        .into_owned();
    std::iter::once(name)
        .chain(args.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
