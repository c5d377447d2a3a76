//! The one process runner. Every external program raidctl starts (vendor tools for the
//! backends, the bundle's commands, qualification's smartctl) runs through [`run_process`]:
//! never through a shell, `LC_ALL=C`, in its own process group with a scratch working
//! directory, SIGTERM then SIGKILL to the group at the deadline, `hung` when it does not die
//! (uninterruptible sleep inside a megaraid ioctl), registered with [`crate::interrupt`] so
//! Ctrl-C kills it too. Output is captured to memory or streamed to files, each stream with a
//! tail cap; what a program printed before it timed out or crashed is kept.
//!
//! [`Runner`] is the backends' view of it: one call, output in memory, and timeouts and
//! crashes as errors ([`OsRunner`] for real processes, recorded outputs for bundle replay).

use std::ffi::OsStr;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::RwLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a process gets between SIGTERM and SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(500);
/// How long a process gets to die after SIGKILL before it is declared hung.
const KILL_GRACE: Duration = Duration::from_secs(2);
/// Tail cap of each stream an [`OsRunner`] captures in memory (vendor outputs are far
/// smaller; a runaway tool must not exhaust memory).
pub const MEMORY_CAP: u64 = 64 << 20;

/// Where one output stream goes.
#[derive(Debug, Clone, Copy)]
pub enum Sink<'a> {
    /// Kept in memory ([`Stream::data`]).
    Memory,
    /// Streamed to this file (created or truncated).
    File(&'a Path),
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Spec<'a> {
    /// Program path (run directly, no shell).
    pub program: &'a Path,
    /// Arguments.
    pub args: &'a [String],
    /// Working directory (created if missing).
    pub cwd: &'a Path,
    /// Extra environment variables.
    pub env: &'a [(String, String)],
    /// `PATH` for the child, when set.
    pub path_var: Option<&'a OsStr>,
    /// Deadline for the call.
    pub timeout: Duration,
    /// Where standard output goes.
    pub stdout: Sink<'a>,
    /// Where standard error goes.
    pub stderr: Sink<'a>,
    /// Tail cap per stream in bytes.
    pub limit: u64,
}

/// What one captured stream held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stream {
    /// Bytes the program wrote.
    pub produced: u64,
    /// Bytes kept (the tail when truncated).
    pub kept: u64,
    /// The head was cut to respect the cap.
    pub truncated: bool,
    /// The kept bytes, for a [`Sink::Memory`] stream (empty for a file).
    pub data: Vec<u8>,
}

/// What the process did: the accounting every caller records.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Program and arguments.
    pub argv: Vec<String>,
    /// Exit status when it exited.
    pub status: Option<i32>,
    /// Signal that ended it.
    pub signal: Option<i32>,
    /// Killed at the deadline.
    pub timed_out: bool,
    /// Did not die after SIGKILL (uninterruptible sleep).
    pub hung: bool,
    /// Process state letter from `/proc/PID/stat` when it was declared hung.
    pub proc_state: Option<char>,
    /// Could not be started.
    pub spawn_error: Option<String>,
    /// Wall time.
    pub duration: Duration,
    /// Standard output.
    pub stdout: Stream,
    /// Standard error.
    pub stderr: Stream,
}

enum Dest {
    Mem(Vec<u8>),
    File(File),
}

impl Dest {
    fn write(&mut self, chunk: &[u8]) -> std::io::Result<()> {
        match self {
            Dest::Mem(v) => {
                v.extend_from_slice(chunk);
                Ok(())
            }
            Dest::File(f) => f.write_all(chunk),
        }
    }

    fn keep_tail(&mut self, limit: u64) -> std::io::Result<()> {
        match self {
            Dest::Mem(v) => {
                let limit = usize::try_from(limit).unwrap_or(usize::MAX);
                if v.len() > limit {
                    v.drain(..v.len() - limit);
                }
                Ok(())
            }
            Dest::File(f) => keep_tail(f, limit),
        }
    }
}

/// Copies `pipe` into `sink`, keeping at most `limit` bytes of tail (the destination never
/// grows beyond twice the cap). Stops writing once `stop` is set.
fn pump(
    mut pipe: impl Read + Send + 'static,
    sink: Sink<'_>,
    limit: u64,
    stop: Arc<AtomicBool>,
) -> std::sync::mpsc::Receiver<Stream> {
    let (tx, rx) = std::sync::mpsc::channel();
    let dest = match sink {
        Sink::Memory => Ok(Dest::Mem(Vec::new())),
        Sink::File(p) => File::options()
            .create(true)
            .truncate(true)
            .read(true)
            .write(true)
            .open(p)
            .map(Dest::File),
    };
    std::thread::spawn(move || {
        let mut s = Stream::default();
        let Ok(mut dest) = dest else {
            // Drain the pipe anyway so the child does not block on a full pipe.
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            let _ = tx.send(s);
            return;
        };
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if stop.load(Ordering::Relaxed) {
                break;
            }
            s.produced += n as u64;
            let chunk = buf.get(..n).unwrap_or_default();
            if dest.write(chunk).is_err() {
                break;
            }
            s.kept += n as u64;
            if s.kept > limit.saturating_mul(2).max(1 << 20) {
                if dest.keep_tail(limit).is_err() {
                    break;
                }
                s.kept = limit;
                s.truncated = true;
            }
        }
        if s.kept > limit && dest.keep_tail(limit).is_ok() {
            s.kept = limit;
            s.truncated = true;
        }
        match dest {
            Dest::Mem(v) => s.data = v,
            Dest::File(mut f) => {
                let _ = f.flush();
            }
        }
        let _ = tx.send(s);
    });
    rx
}

/// Rewrites `file` to hold only its last `limit` bytes.
///
/// # Errors
/// I/O errors on the file.
pub fn keep_tail(file: &mut File, limit: u64) -> std::io::Result<()> {
    let len = file.metadata()?.len();
    if len <= limit {
        return Ok(());
    }
    let mut tail = Vec::with_capacity(usize::try_from(limit).unwrap_or(0));
    file.seek(SeekFrom::Start(len - limit))?;
    file.take(limit).read_to_end(&mut tail)?;
    file.set_len(0)?;
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&tail)?;
    Ok(())
}

fn signal_group(pid: u32, sig: rustix::process::Signal) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, sig);
    }
}

/// The state letter in `/proc/PID/stat` (`D` is uninterruptible sleep).
fn proc_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    after.trim_start().chars().next()
}

fn wait_for(child: &mut std::process::Child, grace: Duration) -> Option<std::process::ExitStatus> {
    let t = Instant::now();
    while t.elapsed() < grace {
        if let Ok(Some(s)) = child.try_wait() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// Runs `spec` to completion, deadline or abandonment. Never panics, never blocks beyond the
/// deadline plus the kill grace periods.
pub fn run_process(spec: &Spec<'_>) -> Outcome {
    let start = Instant::now();
    let mut out = Outcome {
        argv: std::iter::once(spec.program.display().to_string())
            .chain(spec.args.iter().cloned())
            .collect(),
        ..Outcome::default()
    };
    let _ = std::fs::create_dir_all(spec.cwd);
    let mut cmd = Command::new(spec.program);
    cmd.args(spec.args)
        .current_dir(spec.cwd)
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // A group of its own, so a timeout can kill whatever the tool spawned as well.
        .process_group(0);
    if let Some(p) = spec.path_var {
        cmd.env("PATH", p);
    }
    for (k, v) in spec.env {
        cmd.env(k, v);
    }
    // Started and registered in one go, so an interrupt either sees the child's group (and
    // kills it) or comes first (and no child starts).
    let spawning = crate::interrupt::spawning();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            out.spawn_error = Some(e.to_string());
            out.duration = start.elapsed();
            return out;
        }
    };
    let pid = child.id();
    // Ctrl-C at raidctl must not leave a hung vendor tool behind in its own group.
    let guard = crate::interrupt::ChildGroup::track(pid);
    drop(spawning);
    let stop = Arc::new(AtomicBool::new(false));
    let out_rx = child
        .stdout
        .take()
        .map(|p| pump(p, spec.stdout, spec.limit, stop.clone()));
    let err_rx = child
        .stderr
        .take()
        .map(|p| pump(p, spec.stderr, spec.limit, stop.clone()));
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() >= spec.timeout {
            out.timed_out = true;
            signal_group(pid, rustix::process::Signal::TERM);
            let mut st = wait_for(&mut child, TERM_GRACE);
            if st.is_none() {
                signal_group(pid, rustix::process::Signal::KILL);
                st = wait_for(&mut child, KILL_GRACE);
            }
            if st.is_none() {
                out.hung = true;
                out.proc_state = proc_state(pid);
            }
            break st;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    drop(guard);
    crate::interrupt::park_if_interrupted();
    // Grandchildren may keep the pipes open after a kill; do not wait long for them.
    let wait = if out.timed_out {
        Duration::from_millis(300)
    } else {
        Duration::from_secs(5)
    };
    let get =
        |rx: Option<std::sync::mpsc::Receiver<Stream>>| rx.and_then(|r| r.recv_timeout(wait).ok());
    let so = get(out_rx);
    let se = get(err_rx);
    if so.is_none() || se.is_none() {
        // Abandoned readers must not write into a bundle later.
        stop.store(true, Ordering::Relaxed);
    }
    out.stdout = so.unwrap_or_else(|| sink_stream(spec.stdout));
    out.stderr = se.unwrap_or_else(|| sink_stream(spec.stderr));
    out.status = status.and_then(|s| s.code());
    out.signal = status.and_then(|s| s.signal());
    out.duration = start.elapsed();
    out
}

/// What an abandoned reader left: the file's size (memory streams are lost with the reader).
fn sink_stream(sink: Sink<'_>) -> Stream {
    let n = match sink {
        Sink::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
        Sink::Memory => 0,
    };
    Stream {
        produced: n,
        kept: n,
        ..Stream::default()
    }
}

/// Finds `name` in the directories of `path_var` (an executable regular file).
pub fn which(name: &str, path_var: &OsStr) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path_var)
        .map(|d| d.join(name))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// What one vendor call did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct CmdOutput {
    /// Program and arguments.
    pub argv: Vec<String>,
    /// Standard output (lossy UTF-8).
    pub stdout: String,
    /// Standard error (lossy UTF-8).
    pub stderr: String,
    /// Exit status when the process exited.
    pub status: Option<i32>,
    /// Signal that ended the process.
    pub signal: Option<i32>,
    /// Wall time of the call.
    pub duration_ms: u64,
    /// The call hit its timeout and was killed.
    pub timed_out: bool,
    /// The process did not die after SIGKILL to its group (uninterruptible sleep).
    pub hung: bool,
}

/// Why a vendor call failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RunError {
    /// The program could not be started.
    #[error("cannot run {program}: {reason}")]
    Spawn {
        /// Program path.
        program: String,
        /// OS error text.
        reason: String,
    },
    /// The call exceeded its timeout and was killed.
    #[error("{argv} timed out after {secs:.1} s and was killed{hung}", hung = if *hung { " (it did not die: hung in the kernel)" } else { "" })]
    Timeout {
        /// Command line.
        argv: String,
        /// Timeout in seconds.
        secs: f64,
        /// Did not die when killed.
        hung: bool,
    },
    /// The program was killed by a signal (a crash).
    #[error("{argv} crashed (signal {signal}) after printing {bytes} bytes")]
    Crashed {
        /// Command line.
        argv: String,
        /// Signal number.
        signal: i32,
        /// How much it printed.
        bytes: usize,
    },
}

impl Outcome {
    /// The backends' view: output as text, timeouts and crashes as errors.
    ///
    /// # Errors
    /// Spawn failures, timeouts and crashes.
    pub fn into_cmd_output(self) -> Result<CmdOutput, RunError> {
        let argv = self.argv.join(" ");
        if let Some(reason) = self.spawn_error {
            return Err(RunError::Spawn {
                program: self.argv.first().cloned().unwrap_or_default(),
                reason,
            });
        }
        if self.timed_out {
            return Err(RunError::Timeout {
                argv,
                secs: self.duration.as_secs_f64(),
                hung: self.hung,
            });
        }
        if let Some(signal) = self.signal {
            return Err(RunError::Crashed {
                argv,
                signal,
                bytes: usize::try_from(self.stdout.produced).unwrap_or(usize::MAX),
            });
        }
        Ok(CmdOutput {
            argv: self.argv,
            stdout: String::from_utf8_lossy(&self.stdout.data).into_owned(),
            stderr: String::from_utf8_lossy(&self.stderr.data).into_owned(),
            status: self.status,
            signal: None,
            duration_ms: u64::try_from(self.duration.as_millis()).unwrap_or(u64::MAX),
            timed_out: false,
            hung: false,
        })
    }
}

/// Something that runs a vendor command. Tests and the bundle use other implementations.
pub trait Runner: Send + Sync {
    /// Runs `program` with `args` and returns what it did; `Err` for spawn failures, timeouts
    /// and crashes.
    fn run(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError>;

    /// Runs a read-only command that may overlap other reads (a snapshot's calls, on tools
    /// that allow it; see `crate::backend::snapshot`). The default runs it as [`Runner::run`].
    ///
    /// # Errors
    /// As [`Runner::run`].
    fn run_read(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        self.run(program, args, timeout)
    }
}

/// Runs real processes through [`run_process`], one at a time, output in memory.
#[derive(Debug)]
pub struct OsRunner {
    workdir: PathBuf,
    extra_env: Vec<(String, String)>,
    /// Serialises changes: one at a time, and never while a read runs; reads
    /// ([`Runner::run_read`]) share it with each other.
    lock: RwLock<()>,
    /// Remove `workdir` (and the logs vendor tools leave in it) when the runner is dropped.
    scratch: bool,
}

impl Drop for OsRunner {
    fn drop(&mut self) {
        if self.scratch {
            let _ = std::fs::remove_dir_all(&self.workdir);
        }
    }
}

impl OsRunner {
    /// A runner whose children run in `workdir` (created if missing).
    pub fn new(workdir: PathBuf) -> Self {
        Self {
            workdir,
            extra_env: Vec::new(),
            lock: RwLock::new(()),
            scratch: false,
        }
    }

    /// A runner in a fresh private directory under the system temp dir, removed on drop.
    pub fn scratch() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!("raidctl-work-{}-{nanos}", std::process::id()));
        Self {
            workdir: dir,
            extra_env: Vec::new(),
            lock: RwLock::new(()),
            scratch: true,
        }
    }

    /// Adds an environment variable for every child (e.g. the simulator's state directory).
    #[must_use]
    pub fn with_env(mut self, key: &str, value: &str) -> Self {
        self.extra_env.push((key.to_owned(), value.to_owned()));
        self
    }
}

impl Runner for OsRunner {
    fn run(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        let _one_at_a_time = self
            .lock
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.run_locked(program, args, timeout)
    }

    fn run_read(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        let _reads_together = self
            .lock
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.run_locked(program, args, timeout)
    }
}

impl OsRunner {
    fn run_locked(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        // A read on another thread may start after the interrupt handler killed the running
        // calls and removed their directories: it waits for the handler to end the process.
        crate::interrupt::park_if_interrupted();
        let mut out = run_process(&Spec {
            program,
            args,
            cwd: &self.workdir,
            env: &self.extra_env,
            path_var: None,
            timeout,
            stdout: Sink::Memory,
            stderr: Sink::Memory,
            limit: MEMORY_CAP,
        });
        // The error reports the deadline that was set, not the wall time to the kill.
        if out.timed_out {
            out.duration = timeout;
        }
        out.into_cmd_output()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner() -> OsRunner {
        OsRunner::new(std::env::temp_dir().join("raidctl-runner-test"))
    }

    fn sh(script: &str) -> Vec<String> {
        vec!["-c".to_owned(), script.to_owned()]
    }

    fn spec<'a>(dir: &'a Path, args: &'a [String], timeout: Duration, limit: u64) -> Spec<'a> {
        Spec {
            program: Path::new("/bin/sh"),
            args,
            cwd: dir,
            env: &[],
            path_var: None,
            timeout,
            stdout: Sink::File(Box::leak(dir.join("out").into_boxed_path())),
            stderr: Sink::File(Box::leak(dir.join("err").into_boxed_path())),
            limit,
        }
    }

    #[test]
    fn runs_without_a_shell_in_c_locale() {
        let out = runner()
            .run(
                Path::new("/bin/sh"),
                &sh("echo $LC_ALL; pwd"),
                Duration::from_secs(5),
            )
            .unwrap();
        assert!(out.stdout.starts_with("C\n"));
        assert!(out.stdout.contains("raidctl-runner-test"));
        assert_eq!(out.status, Some(0));
        // Metacharacters in arguments reach the program verbatim.
        let out = runner()
            .run(
                Path::new("/bin/echo"),
                &["$HOME;".into(), "a b".into()],
                Duration::from_secs(5),
            )
            .unwrap();
        assert_eq!(out.stdout, "$HOME; a b\n");
    }

    #[test]
    fn timeout_kills_the_group() {
        let start = Instant::now();
        let err = runner()
            .run(
                Path::new("/bin/sh"),
                &sh("sleep 30 & sleep 30"),
                Duration::from_millis(300),
            )
            .unwrap_err();
        assert!(
            matches!(err, RunError::Timeout { hung: false, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("0.3 s"), "{err}");
        // Well below the 30 s sleep, generous for a busy machine.
        assert!(start.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn sigterm_ignored_escalates_to_sigkill() {
        // A tool that ignores SIGTERM (as a vendor tool stuck in a retry loop may) is killed
        // by SIGKILL after the grace period, and is not reported as hung.
        let d = tempfile::tempdir().unwrap();
        let args = sh("trap '' TERM; echo waiting; while :; do sleep 1; done");
        let t = Instant::now();
        let o = run_process(&spec(d.path(), &args, Duration::from_millis(200), 1000));
        assert!(o.timed_out && !o.hung, "{o:?}");
        assert_eq!(o.signal, Some(9), "{o:?}");
        assert!(t.elapsed() < Duration::from_secs(20));
        assert_eq!(
            std::fs::read_to_string(d.path().join("out")).unwrap(),
            "waiting\n"
        );
    }

    #[test]
    fn crash_is_an_error() {
        let err = runner()
            .run(
                Path::new("/bin/sh"),
                &sh("echo partial; kill -SEGV $$"),
                Duration::from_secs(5),
            )
            .unwrap_err();
        assert!(
            matches!(
                err,
                RunError::Crashed {
                    signal: 11,
                    bytes: 8,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn external_signal_is_recorded() {
        let d = tempfile::tempdir().unwrap();
        let args = sh("echo before; kill -INT $$; echo after");
        let o = run_process(&spec(d.path(), &args, Duration::from_secs(5), 1000));
        assert_eq!(o.signal, Some(2), "{o:?}");
        assert!(!o.timed_out);
    }

    #[test]
    fn scratch_directory_is_removed() {
        let r = OsRunner::scratch();
        let out = r
            .run(
                Path::new("/bin/sh"),
                &sh("pwd; touch MegaSAS.log"),
                Duration::from_secs(5),
            )
            .unwrap();
        let dir = std::path::PathBuf::from(out.stdout.trim());
        assert!(dir.join("MegaSAS.log").is_file());
        drop(r);
        assert!(!dir.exists());
    }

    #[test]
    fn missing_program() {
        let err = runner()
            .run(
                Path::new("/nonexistent/MegaCli64"),
                &[],
                Duration::from_secs(1),
            )
            .unwrap_err();
        assert!(matches!(err, RunError::Spawn { .. }));
    }

    #[test]
    fn keeps_partial_output_of_a_timeout() {
        let d = tempfile::tempdir().unwrap();
        let args = sh("echo started; echo half >&2; sleep 30");
        let t = Instant::now();
        let o = run_process(&spec(d.path(), &args, Duration::from_millis(300), 1000));
        assert!(o.timed_out && !o.hung, "{o:?}");
        assert!(t.elapsed() < Duration::from_secs(20));
        assert_eq!(
            std::fs::read_to_string(d.path().join("out")).unwrap(),
            "started\n"
        );
        assert_eq!(o.stderr.kept, 5);
        // In memory too.
        let mut s = spec(d.path(), &args, Duration::from_millis(300), 1000);
        s.stdout = Sink::Memory;
        let o = run_process(&s);
        assert!(o.timed_out);
        assert_eq!(o.stdout.data, b"started\n");
    }

    #[test]
    fn huge_output_keeps_the_tail_within_the_cap() {
        let d = tempfile::tempdir().unwrap();
        // 8 MiB through the pipe: the destination never holds much more than the cap.
        let args = sh("head -c 8388608 /dev/zero; echo; echo last-line");
        for sink in ["file", "memory"] {
            let mut s = spec(d.path(), &args, Duration::from_secs(20), 100);
            if sink == "memory" {
                s.stdout = Sink::Memory;
            }
            let o = run_process(&s);
            assert_eq!(o.status, Some(0), "{sink}");
            assert!(o.stdout.truncated, "{sink}");
            assert_eq!(o.stdout.kept, 100, "{sink}");
            assert_eq!(o.stdout.produced, 8_388_608 + 11, "{sink}");
            let kept = if sink == "memory" {
                o.stdout.data.clone()
            } else {
                std::fs::read(d.path().join("out")).unwrap()
            };
            assert_eq!(kept.len(), 100, "{sink}");
            assert!(kept.ends_with(b"\nlast-line\n"), "{sink}");
        }
    }

    #[test]
    fn tail_truncates_lines() {
        let d = tempfile::tempdir().unwrap();
        let args = sh("i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done");
        let o = run_process(&spec(d.path(), &args, Duration::from_secs(10), 100));
        assert!(o.stdout.truncated);
        assert_eq!(o.stdout.kept, 100);
        let text = std::fs::read_to_string(d.path().join("out")).unwrap();
        assert!(text.ends_with("line299\n"), "{text}");
        assert!(o.stdout.produced > 1000);
    }

    #[test]
    fn records_signal_and_stderr_of_a_crash() {
        let d = tempfile::tempdir().unwrap();
        let args = sh("echo partial; echo oops >&2; kill -SEGV $$");
        let o = run_process(&spec(d.path(), &args, Duration::from_secs(10), 1000));
        assert_eq!(o.signal, Some(11));
        assert_eq!(
            std::fs::read_to_string(d.path().join("out")).unwrap(),
            "partial\n"
        );
        assert_eq!(
            std::fs::read_to_string(d.path().join("err")).unwrap(),
            "oops\n"
        );
        assert!(o.into_cmd_output().is_err());
    }

    #[test]
    fn hung_detection_reads_the_process_state() {
        // A process in uninterruptible sleep cannot be made on demand; the detection reads
        // /proc/PID/stat, checked here on a live process (this one: running).
        let me = std::process::id();
        assert!(matches!(proc_state(me), Some('R' | 'S')));
        assert_eq!(proc_state(u32::MAX), None);
        let hung = Outcome {
            argv: vec!["MegaCli64".into(), "-PDList".into()],
            timed_out: true,
            hung: true,
            duration: Duration::from_secs(3),
            ..Outcome::default()
        };
        let err = hung.into_cmd_output().unwrap_err();
        assert!(err.to_string().contains("hung in the kernel"), "{err}");
    }
}
