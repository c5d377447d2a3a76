//! Runs one bundle command: no shell, `LC_ALL=C`, its own process group, a scratch working
//! directory, stdout and stderr streamed to separate files with a tail cap, SIGTERM then
//! SIGKILL to the group at the deadline, and `hung` when the process does not die (a process
//! in uninterruptible sleep inside a megaraid ioctl).
//!
//! Unlike [`crate::backend::runner::OsRunner`], partial output of a command that timed out or
//! crashed is kept: it is often what support needs most.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a process gets between SIGTERM and SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(500);
/// How long a process gets to die after SIGKILL before it is declared hung.
const KILL_GRACE: Duration = Duration::from_secs(2);

/// What to run.
#[derive(Debug, Clone)]
pub struct Spec<'a> {
    /// Program path.
    pub program: &'a Path,
    /// Arguments.
    pub args: &'a [String],
    /// Working directory (created if missing).
    pub cwd: &'a Path,
    /// Extra environment variables.
    pub env: &'a [(String, String)],
    /// `PATH` for the child, when set.
    pub path_var: Option<&'a std::ffi::OsStr>,
    /// Deadline for the call.
    pub timeout: Duration,
    /// Where standard output goes.
    pub stdout: &'a Path,
    /// Where standard error goes.
    pub stderr: &'a Path,
    /// Tail cap per stream in bytes.
    pub limit: u64,
}

/// What one captured stream held.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stream {
    /// Bytes the program wrote.
    pub produced: u64,
    /// Bytes kept in the file (the tail when truncated).
    pub kept: u64,
    /// The head was cut to respect the cap.
    pub truncated: bool,
}

/// What the process did.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
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

/// Copies `pipe` into `path`, keeping at most `limit` bytes of tail (the file never grows
/// beyond twice the cap). Stops writing once `stop` is set.
fn pump(
    mut pipe: impl Read + Send + 'static,
    path: PathBuf,
    limit: u64,
    stop: Arc<AtomicBool>,
) -> std::sync::mpsc::Receiver<Stream> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = Stream::default();
        let Ok(mut file) = File::options()
            .create(true)
            .truncate(true)
            .read(true)
            .write(true)
            .open(&path)
        else {
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
            if file.write_all(chunk).is_err() {
                break;
            }
            s.kept += n as u64;
            if s.kept > limit.saturating_mul(2).max(1 << 20) {
                if keep_tail(&mut file, limit).is_err() {
                    break;
                }
                s.kept = limit;
                s.truncated = true;
            }
        }
        if s.kept > limit && keep_tail(&mut file, limit).is_ok() {
            s.kept = limit;
            s.truncated = true;
        }
        let _ = file.flush();
        let _ = tx.send(s);
    });
    rx
}

/// Rewrites `file` to hold only its last `limit` bytes.
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

/// Runs `spec` to completion, deadline or abandonment. Never panics, never blocks beyond the
/// deadline plus the kill grace periods.
pub fn run(spec: &Spec<'_>) -> Outcome {
    let start = Instant::now();
    let mut out = Outcome::default();
    let _ = std::fs::create_dir_all(spec.cwd);
    let mut cmd = Command::new(spec.program);
    cmd.args(spec.args)
        .current_dir(spec.cwd)
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(p) = spec.path_var {
        cmd.env("PATH", p);
    }
    for (k, v) in spec.env {
        cmd.env(k, v);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            out.spawn_error = Some(e.to_string());
            out.duration = start.elapsed();
            return out;
        }
    };
    let pid = child.id();
    let stop = Arc::new(AtomicBool::new(false));
    let out_rx = child
        .stdout
        .take()
        .map(|p| pump(p, spec.stdout.to_path_buf(), spec.limit, stop.clone()));
    let err_rx = child
        .stderr
        .take()
        .map(|p| pump(p, spec.stderr.to_path_buf(), spec.limit, stop.clone()));
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() >= spec.timeout {
            out.timed_out = true;
            signal_group(pid, rustix::process::Signal::TERM);
            let t = Instant::now();
            let mut st = None;
            while t.elapsed() < TERM_GRACE {
                if let Ok(Some(s)) = child.try_wait() {
                    st = Some(s);
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            if st.is_none() {
                signal_group(pid, rustix::process::Signal::KILL);
                let k = Instant::now();
                while k.elapsed() < KILL_GRACE {
                    if let Ok(Some(s)) = child.try_wait() {
                        st = Some(s);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
            if st.is_none() {
                out.hung = true;
                out.proc_state = proc_state(pid);
            }
            break st;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
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
        // Abandoned readers must not write into the bundle later.
        stop.store(true, Ordering::Relaxed);
    }
    out.stdout = so.unwrap_or_else(|| file_stream(spec.stdout));
    out.stderr = se.unwrap_or_else(|| file_stream(spec.stderr));
    out.status = status.and_then(|s| s.code());
    out.signal = status.and_then(|s| s.signal());
    out.duration = start.elapsed();
    out
}

fn file_stream(p: &Path) -> Stream {
    let n = std::fs::metadata(p).map_or(0, |m| m.len());
    Stream {
        produced: n,
        kept: n,
        truncated: false,
    }
}

/// Finds `name` in the directories of `path_var` (an executable regular file).
pub fn which(name: &str, path_var: &std::ffi::OsStr) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path_var)
        .map(|d| d.join(name))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec<'a>(dir: &'a Path, args: &'a [String], timeout: Duration, limit: u64) -> Spec<'a> {
        Spec {
            program: Path::new("/bin/sh"),
            args,
            cwd: dir,
            env: &[],
            path_var: None,
            timeout,
            stdout: Box::leak(dir.join("out").into_boxed_path()),
            stderr: Box::leak(dir.join("err").into_boxed_path()),
            limit,
        }
    }

    #[test]
    fn keeps_partial_output_of_a_timeout() {
        let d = tempfile::tempdir().unwrap();
        let args = vec!["-c".to_owned(), "echo started; sleep 30".to_owned()];
        let t = Instant::now();
        let o = run(&spec(d.path(), &args, Duration::from_millis(300), 1000));
        assert!(o.timed_out && !o.hung, "{o:?}");
        assert!(t.elapsed() < Duration::from_secs(3));
        assert_eq!(
            std::fs::read_to_string(d.path().join("out")).unwrap(),
            "started\n"
        );
    }

    #[test]
    fn tail_truncates() {
        let d = tempfile::tempdir().unwrap();
        let args = vec![
            "-c".to_owned(),
            "i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done".to_owned(),
        ];
        let o = run(&spec(d.path(), &args, Duration::from_secs(10), 100));
        assert!(o.stdout.truncated);
        assert_eq!(o.stdout.kept, 100);
        let text = std::fs::read_to_string(d.path().join("out")).unwrap();
        assert!(text.ends_with("line299\n"), "{text}");
        assert!(o.stdout.produced > 1000);
    }

    #[test]
    fn records_signal_and_stderr() {
        let d = tempfile::tempdir().unwrap();
        let args = vec![
            "-c".to_owned(),
            "echo partial; echo oops >&2; kill -SEGV $$".to_owned(),
        ];
        let o = run(&spec(d.path(), &args, Duration::from_secs(10), 1000));
        assert_eq!(o.signal, Some(11));
        assert_eq!(
            std::fs::read_to_string(d.path().join("err")).unwrap(),
            "oops\n"
        );
    }
}
