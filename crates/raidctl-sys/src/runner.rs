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

use crate::interrupt::ScratchDir;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

mod process;

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
    /// This file *is* the stream (opened for appending, private, never through a link): no
    /// pipe raidctl holds, so the program outlives raidctl (a SIGKILL, a closed terminal)
    /// without dying of a broken pipe, and an interrupt does not kill it. Its pid is written
    /// beside it (`<file>.pid`) while it runs. For long changes raidctl must never cut half-way
    /// (`ceph-volume prepare`).
    Detached(&'a Path),
}

impl Sink<'_> {
    fn detached(self) -> Option<PathBuf> {
        match self {
            Sink::Detached(p) => Some(p.to_path_buf()),
            _ => None,
        }
    }
}

/// The pid file beside a [`Sink::Detached`] log.
pub fn detached_pid_file(log: &Path) -> PathBuf {
    let mut name = log.as_os_str().to_owned();
    name.push(".pid");
    PathBuf::from(name)
}

/// Opens a [`Sink::Detached`] log as a child's standard stream.
fn detached_stdio(p: &Path) -> std::io::Result<Stdio> {
    use std::os::unix::fs::OpenOptionsExt;
    File::options()
        .create(true)
        .append(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(p)
        .map(Stdio::from)
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Spec<'a> {
    /// Program path (run directly, no shell); with [`Spec::exe`], only its `argv[0]`.
    pub program: &'a Path,
    /// The file actually executed, `program` becoming its `argv[0]`: the simulator's vendor
    /// tools are raidctl itself (`/proc/self/exe`) answering to the name it is called by,
    /// never a file in a directory someone could swap.
    pub exe: Option<&'a Path>,
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
    /// The stream did not end (a process outside the group kept it open): what was read by
    /// then, possibly not all the program wrote.
    pub incomplete: bool,
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
    /// Descendants outlived it holding its output open, and were killed with its group.
    pub lingered: bool,
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

/// What a reader thread shares with [`run_process`]: the stream so far, so that a reader
/// whose pipe never ends (a descendant that escaped the kill keeps it open) can be abandoned
/// without losing what it read.
struct Shared {
    stream: Stream,
    dest: Option<Dest>,
    limit: u64,
    /// The reader saw end of file and finished.
    done: bool,
    /// [`run_process`] took the stream: the reader must not touch the destination again.
    taken: bool,
}

impl Shared {
    /// Cuts the destination to its tail and moves memory data into the stream.
    fn finish(&mut self) -> Stream {
        let limit = self.limit;
        if let Some(dest) = self.dest.as_mut() {
            if self.stream.kept > limit && dest.keep_tail(limit).is_ok() {
                self.stream.kept = limit;
                self.stream.truncated = true;
            }
        }
        match self.dest.take() {
            Some(Dest::Mem(v)) => self.stream.data = v,
            Some(Dest::File(mut f)) => {
                let _ = f.flush();
            }
            None => {}
        }
        std::mem::take(&mut self.stream)
    }
}

type Reader = Arc<(Mutex<Shared>, std::sync::Condvar)>;

/// Copies `pipe` into `sink` on a thread of its own, keeping at most `limit` bytes of tail
/// (the destination never grows beyond twice the cap).
fn pump(mut pipe: impl Read + Send + 'static, sink: Sink<'_>, limit: u64) -> Reader {
    let dest = match sink {
        Sink::Memory | Sink::Detached(_) => Some(Dest::Mem(Vec::new())),
        Sink::File(p) => File::options()
            .create(true)
            .truncate(true)
            .read(true)
            .write(true)
            .open(p)
            .map(Dest::File)
            .ok(),
    };
    let shared: Reader = Arc::new((
        Mutex::new(Shared {
            stream: Stream::default(),
            dest,
            limit,
            done: false,
            taken: false,
        }),
        std::sync::Condvar::new(),
    ));
    let me = shared.clone();
    std::thread::spawn(move || {
        let (lock, cv) = &*me;
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let mut s = lock
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if s.taken {
                return;
            }
            s.stream.produced += n as u64;
            let chunk = buf.get(..n).unwrap_or_default();
            let Shared { stream, dest, .. } = &mut *s;
            // Without a destination (the file could not be created) the pipe is drained
            // anyway, so the child does not block on a full pipe.
            let Some(d) = dest.as_mut() else { continue };
            if d.write(chunk).is_err() {
                *dest = None;
                continue;
            }
            stream.kept += n as u64;
            if stream.kept > limit.saturating_mul(2).max(1 << 20) {
                if d.keep_tail(limit).is_err() {
                    *dest = None;
                    continue;
                }
                stream.kept = limit;
                stream.truncated = true;
            }
        }
        let mut s = lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s.done = true;
        cv.notify_all();
    });
    shared
}

/// Waits until every reader reached end of file or `until` passed; true when all did.
fn wait_readers(readers: &[&Reader], until: Instant) -> bool {
    for r in readers {
        let (lock, cv) = &***r;
        let mut s = lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while !s.done {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            s = cv
                .wait_timeout(s, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
    true
}

/// The stream a reader holds: all of it when it finished; what it read so far, marked
/// incomplete, when it is abandoned.
fn take_stream(r: &Reader) -> Stream {
    let (lock, _) = &**r;
    let mut s = lock
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let complete = s.done;
    s.taken = true;
    let mut stream = s.finish();
    stream.incomplete = !complete;
    stream
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

/// Whether the child has exited, without reaping it: while it is a zombie its pid, which is
/// also its process group's id, cannot be reused, so signalling the group after the child
/// exited (its descendants) never reaches an unrelated process.
fn has_exited(pid: u32) -> bool {
    let Some(p) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    use rustix::process::{WaitId, WaitIdOptions, waitid};
    matches!(
        waitid(
            WaitId::Pid(p),
            WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT
        ),
        Ok(Some(_)) | Err(_)
    )
}

/// Waits up to `grace` for the child to exit (not reaping it).
fn wait_exit(pid: u32, grace: Duration) -> bool {
    let t = Instant::now();
    loop {
        if has_exited(pid) {
            return true;
        }
        if t.elapsed() >= grace {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// How long the output pipes may stay open after the program exited before whatever holds
/// them (a background child it left) is killed with the group.
const LINGER: Duration = Duration::from_millis(500);
/// How long readers get to drain the pipes once every holder is dead.
const DRAIN: Duration = Duration::from_secs(2);

/// Runs `spec` to completion, deadline or abandonment. Never panics; the deadline bounds the
/// whole call: at the deadline the process group is killed (SIGTERM, then SIGKILL), and
/// descendants that keep the output pipes open after the program exited are killed with the
/// group too, so the call ends within the deadline plus the kill grace periods.
pub fn run_process(spec: &Spec<'_>) -> Outcome {
    let start = Instant::now();
    let deadline = start
        .checked_add(spec.timeout)
        .unwrap_or_else(|| start + Duration::from_secs(86_400 * 365));
    let mut out = Outcome {
        argv: argv(spec.program, spec.args),
        ..Outcome::default()
    };
    let _ = crate::fsutil::create_private_dir_all(spec.cwd);
    let mut cmd = process::command(spec);
    let detached = spec.stdout.detached().or_else(|| spec.stderr.detached());
    for (sink, is_stdout) in [(spec.stdout, true), (spec.stderr, false)] {
        let Some(p) = sink.detached() else { continue };
        match detached_stdio(&p) {
            Ok(io) if is_stdout => {
                cmd.stdout(io);
            }
            Ok(io) => {
                cmd.stderr(io);
            }
            Err(e) => {
                out.spawn_error = Some(format!("{}: {e}", p.display()));
                out.duration = start.elapsed();
                return out;
            }
        }
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
    // Ctrl-C at raidctl must not leave a hung vendor tool behind in its own group; a detached
    // change is left to finish (resume waits for it by its pid file).
    let guard = detached
        .is_none()
        .then(|| crate::interrupt::ChildGroup::track(pid));
    drop(spawning);
    let pid_file = detached.as_deref().map(detached_pid_file);
    if let Some(f) = &pid_file {
        process::write_pid_file(f, pid);
    }
    let readers: Vec<(Reader, bool)> = [
        child
            .stdout
            .take()
            .map(|p| (pump(p, spec.stdout, spec.limit), true)),
        child
            .stderr
            .take()
            .map(|p| (pump(p, spec.stderr, spec.limit), false)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let all: Vec<&Reader> = readers.iter().map(|(r, _)| r).collect();
    process::wait_or_kill(pid, deadline, &mut out);
    process::drain_output(pid, &all, deadline, &mut out);
    let status = if out.hung {
        child.try_wait().ok().flatten()
    } else {
        child.wait().ok()
    };
    drop(guard);
    if let Some(f) = &pid_file {
        let _ = std::fs::remove_file(f);
    }
    crate::interrupt::park_if_interrupted();
    process::take_streams(&readers, &mut out);
    out.status = status.and_then(|s| s.code());
    out.signal = status.and_then(|s| s.signal());
    out.duration = start.elapsed();
    out
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

/// `program` then `args`: how a call is named in its [`Outcome`], errors and bundles.
pub fn argv(program: &Path, args: &[String]) -> Vec<String> {
    std::iter::once(program.display().to_string())
        .chain(args.iter().cloned())
        .collect()
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
    /// The output was cut: longer than the cap raidctl reads, or its pipe never ended. Part
    /// of an answer is never taken for all of it (a drive list missing its head would pass
    /// for a smaller, healthy inventory).
    #[error("{argv}: {reason}; the state is unknown")]
    Cut {
        /// Command line.
        argv: String,
        /// What happened to the output.
        reason: String,
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

impl CmdOutput {
    /// A call of `program` with `args` that exited with `status` after printing `stdout`
    /// and `stderr`: what runners that start no process (fakes, scripted answers) return.
    pub fn exited(
        program: &Path,
        args: &[String],
        status: i32,
        stdout: &str,
        stderr: &str,
    ) -> Self {
        Self {
            argv: argv(program, args),
            stdout: stdout.to_owned(),
            stderr: stderr.to_owned(),
            status: Some(status),
            ..Self::default()
        }
    }
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
        if self.stdout.truncated {
            return Err(RunError::Cut {
                argv,
                reason: format!(
                    "it printed {} bytes, more than the {} raidctl reads, so the head of its \
                     output was cut",
                    self.stdout.produced, self.stdout.kept
                ),
            });
        }
        if self.stdout.incomplete {
            return Err(RunError::Cut {
                argv,
                reason: "its output did not end (a process outside its group kept it open)"
                    .to_owned(),
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

/// How a [`Call`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode<'a> {
    /// A change, or a read of a tool that allows no other call beside it: alone.
    Alone,
    /// A read-only command that may overlap other reads (a snapshot's calls, on tools that
    /// allow it; see `crate::backend::snapshot`).
    Read,
    /// A change that must never be cut half-way, its output going straight to this log
    /// ([`Sink::Detached`]): killing raidctl leaves it running.
    Detached(&'a Path),
}

/// One command a [`Runner`] is asked to run.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The program (a path, or a name looked up the runner's way).
    pub program: &'a Path,
    /// Its arguments.
    pub args: &'a [String],
    /// Its deadline.
    pub timeout: Duration,
    /// How it runs.
    pub mode: Mode<'a>,
}

/// Something that runs a vendor command. Tests and the bundle use other implementations;
/// they implement [`Runner::call`] alone (a runner without processes treats every [`Mode`]
/// alike) and callers use the named methods.
pub trait Runner: Send + Sync {
    /// Runs `call` and returns what it did; `Err` for spawn failures, timeouts and crashes.
    ///
    /// # Errors
    /// Spawn failures, timeouts, crashes and output raidctl cannot read whole.
    fn call(&self, call: Call<'_>) -> Result<CmdOutput, RunError>;

    /// Runs `program` with `args` alone ([`Mode::Alone`]).
    ///
    /// # Errors
    /// As [`Runner::call`].
    fn run(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        let mode = Mode::Alone;
        self.call(Call {
            program,
            args,
            timeout,
            mode,
        })
    }

    /// Runs a read-only command that may overlap other reads ([`Mode::Read`]).
    ///
    /// # Errors
    /// As [`Runner::call`].
    fn run_read(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<CmdOutput, RunError> {
        let mode = Mode::Read;
        self.call(Call {
            program,
            args,
            timeout,
            mode,
        })
    }

    /// Runs a change that must never be cut half-way with its output going to `log`
    /// ([`Mode::Detached`]).
    ///
    /// # Errors
    /// As [`Runner::call`].
    fn run_detached(
        &self,
        program: &Path,
        args: &[String],
        timeout: Duration,
        log: &Path,
    ) -> Result<CmdOutput, RunError> {
        let mode = Mode::Detached(log);
        self.call(Call {
            program,
            args,
            timeout,
            mode,
        })
    }
}

/// Runs real processes through [`run_process`], one at a time, output in memory.
#[derive(Debug)]
pub struct OsRunner {
    /// The children's working directory; `None` for a scratch runner, whose directory is
    /// made on the first call.
    workdir: Option<PathBuf>,
    extra_env: Vec<(String, String)>,
    /// Every program is this executable called by the program's name ([`Spec::exe`]).
    exe: Option<PathBuf>,
    /// Serialises changes: one at a time, and never while a read runs; reads
    /// ([`Runner::run_read`]) share it with each other.
    lock: RwLock<()>,
    /// A scratch runner's private directory (random name, mode 0700), removed with the logs
    /// vendor tools leave in it when the runner is dropped.
    scratch: ScratchDir,
}

impl OsRunner {
    /// A runner whose children run in `workdir` (created with mode 0700 if missing).
    pub fn new(workdir: PathBuf) -> Self {
        Self {
            workdir: Some(workdir),
            extra_env: Vec::new(),
            exe: None,
            lock: RwLock::new(()),
            scratch: ScratchDir::new("raidctl-work-"),
        }
    }

    /// A runner in a fresh private directory under the system temp dir (random name, created
    /// exclusively with mode 0700 on the first call), removed on drop and on interrupt.
    pub fn scratch() -> Self {
        Self {
            workdir: None,
            extra_env: Vec::new(),
            exe: None,
            lock: RwLock::new(()),
            scratch: ScratchDir::new("raidctl-work-"),
        }
    }

    fn workdir(&self) -> Result<PathBuf, String> {
        if let Some(w) = &self.workdir {
            return Ok(w.clone());
        }
        self.scratch.path()
    }

    /// Adds an environment variable for every child (e.g. the simulator's state directory).
    #[must_use]
    pub fn with_env(mut self, key: &str, value: &str) -> Self {
        self.extra_env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// Runs every program as `exe` with `argv[0]` set to the program's name: the
    /// simulator's multicall, so no path in its directory is ever executed.
    #[must_use]
    pub fn multicall(mut self, exe: PathBuf) -> Self {
        self.exe = Some(exe);
        self
    }
}

impl Runner for OsRunner {
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        // Reads overlap one another; anything else runs alone. A runner without a log of its
        // own (the vendor tools') runs a detached change in memory, as it runs every change.
        let read = c.mode == Mode::Read;
        let _reads = read.then(|| self.lock.read().unwrap_or_else(PoisonError::into_inner));
        let _alone = (!read).then(|| self.lock.write().unwrap_or_else(PoisonError::into_inner));
        self.run_locked(c.program, c.args, c.timeout)
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
        let cwd = self.workdir().map_err(|reason| RunError::Spawn {
            program: program.display().to_string(),
            reason,
        })?;
        let mut out = run_process(&Spec {
            program,
            exe: self.exe.as_deref(),
            args,
            cwd: &cwd,
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
mod tests;
