//! Runs vendor tools: never through a shell, one at a time, with a timeout that kills the
//! whole process group, `LC_ALL=C`, and a scratch working directory so MegaCli's log files do
//! not land in the operator's current directory.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
}

/// Runs real processes.
#[derive(Debug)]
pub struct OsRunner {
    workdir: PathBuf,
    extra_env: Vec<(String, String)>,
    /// Serialises calls: MegaCli misbehaves when two instances talk to one controller.
    lock: Mutex<()>,
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
            lock: Mutex::new(()),
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
            lock: Mutex::new(()),
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

fn argv_text(program: &Path, args: &[String]) -> String {
    std::iter::once(program.display().to_string())
        .chain(args.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ")
}

fn reader(mut pipe: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    rx
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
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = std::fs::create_dir_all(&self.workdir);
        let argv = argv_text(program, args);
        let mut cmd = Command::new(program);
        cmd.args(args)
            .current_dir(&self.workdir)
            .env("LC_ALL", "C")
            .env("LANG", "C")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // A group of its own, so a timeout can kill whatever the tool spawned as well.
            .process_group(0);
        for (k, v) in &self.extra_env {
            cmd.env(k, v);
        }
        let start = Instant::now();
        let mut child = cmd.spawn().map_err(|e| RunError::Spawn {
            program: program.display().to_string(),
            reason: e.to_string(),
        })?;
        let pid = child.id();
        // Ctrl-C at raidctl must not leave a hung vendor tool behind in its own group.
        let _guard = crate::interrupt::ChildGroup::track(pid);
        let out_rx = child.stdout.take().map(reader);
        let err_rx = child.stderr.take().map(reader);
        let mut timed_out = false;
        let mut hung = false;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) => {}
                Err(_) => break None,
            }
            if start.elapsed() >= timeout {
                timed_out = true;
                kill_group(pid);
                let grace = Instant::now();
                let status = loop {
                    if let Ok(Some(s)) = child.try_wait() {
                        break Some(s);
                    }
                    if grace.elapsed() > Duration::from_secs(2) {
                        hung = true;
                        break None;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                };
                break status;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        crate::interrupt::park_if_interrupted();
        // After a kill the pipes may stay open in grandchildren; do not wait long for them.
        let wait = if timed_out {
            Duration::from_millis(200)
        } else {
            Duration::from_secs(5)
        };
        let collect = |rx: Option<std::sync::mpsc::Receiver<Vec<u8>>>| {
            rx.and_then(|r| r.recv_timeout(wait).ok())
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        };
        let stdout = collect(out_rx);
        let stderr = collect(err_rx);
        let out = CmdOutput {
            argv: std::iter::once(program.display().to_string())
                .chain(args.iter().cloned())
                .collect(),
            stdout,
            stderr,
            status: status.and_then(|s| s.code()),
            signal: status.and_then(|s| s.signal()),
            duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
            timed_out,
            hung,
        };
        if timed_out {
            return Err(RunError::Timeout {
                argv,
                secs: timeout.as_secs_f64(),
                hung,
            });
        }
        if let Some(signal) = out.signal {
            return Err(RunError::Crashed {
                argv,
                signal,
                bytes: out.stdout.len(),
            });
        }
        Ok(out)
    }
}

fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner() -> OsRunner {
        OsRunner::new(std::env::temp_dir().join("raidctl-runner-test"))
    }

    #[test]
    fn runs_without_a_shell_in_c_locale() {
        let out = runner()
            .run(
                Path::new("/bin/sh"),
                &["-c".into(), "echo $LC_ALL; pwd".into()],
                Duration::from_secs(5),
            )
            .unwrap();
        assert!(out.stdout.starts_with("C\n"));
        assert!(out.stdout.contains("raidctl-runner-test"));
        assert_eq!(out.status, Some(0));
    }

    #[test]
    fn timeout_kills_the_group() {
        let start = Instant::now();
        let err = runner()
            .run(
                Path::new("/bin/sh"),
                &["-c".into(), "sleep 30 & sleep 30".into()],
                Duration::from_millis(300),
            )
            .unwrap_err();
        assert!(
            matches!(err, RunError::Timeout { hung: false, .. }),
            "{err}"
        );
        assert!(start.elapsed() < Duration::from_secs(3));
    }

    #[test]
    fn crash_is_an_error() {
        let err = runner()
            .run(
                Path::new("/bin/sh"),
                &["-c".into(), "echo partial; kill -SEGV $$".into()],
                Duration::from_secs(5),
            )
            .unwrap_err();
        assert!(matches!(err, RunError::Crashed { signal: 11, .. }), "{err}");
    }

    #[test]
    fn scratch_directory_is_removed() {
        let r = OsRunner::scratch();
        let out = r
            .run(
                Path::new("/bin/sh"),
                &["-c".into(), "pwd; touch MegaSAS.log".into()],
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
}
