//! Stopping and starting one `ceph-osd` daemon: through systemd where it is PID 1
//! (`ceph-osd@N`), else by the daemon's pid (its pid file, as `ceph-conf` resolves
//! `pid_file` for `osd.N`, else a `/proc` scan for `ceph-osd` with `-i N`/`--id N`), and
//! `ceph-osd -i N` with the cluster's configuration to start it.
//!
//! The admin socket is not used to find the pid: Ceph 16's socket has no command that
//! returns it, and its path comes from the same configuration as the pid file.

use super::client::{Ceph, CephError, display_argv};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How a daemon was stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// `systemctl stop ceph-osd@N`.
    Systemd,
    /// SIGTERM to this pid (SIGKILL when `killed`), and it is gone.
    Signalled {
        /// The daemon's pid.
        pid: u32,
        /// It ignored SIGTERM until the deadline and was killed.
        killed: bool,
    },
    /// No daemon for this OSD ran.
    NotRunning,
}

/// How a daemon was started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Started {
    /// `systemctl start ceph-osd@N`.
    Systemd,
    /// `ceph-osd -i N` (it forks into the background); the pid when it could be found.
    Direct {
        /// The daemon's pid.
        pid: Option<u32>,
    },
}

/// systemd runs as PID 1 (its runtime directory exists and PID 1 is called systemd).
pub fn systemd_is_pid1() -> bool {
    Path::new("/run/systemd/system").is_dir()
        && std::fs::read_to_string("/proc/1/comm").is_ok_and(|c| c.trim() == "systemd")
}

/// Whether `args` (a `ceph-osd` command line) names OSD `id`.
fn names_osd(args: &[String], id: u32) -> bool {
    let want = id.to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-i" | "--id" => {
                if it.next().is_some_and(|v| *v == want) {
                    return true;
                }
            }
            s => {
                for p in ["--id=", "-i=", "--name=osd."] {
                    if s.strip_prefix(p) == Some(want.as_str()) {
                        return true;
                    }
                }
                if s == "--name" || s == "-n" {
                    if it.next().is_some_and(|v| *v == format!("osd.{want}")) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The command line of `pid` when it is a live `ceph-osd` (not a zombie).
fn ceph_osd_args(proc_dir: &Path, pid: u32) -> Option<Vec<String>> {
    let base = proc_dir.join(pid.to_string());
    let stat = std::fs::read_to_string(base.join("stat")).ok()?;
    let state = stat.rsplit_once(')')?.1.trim_start().chars().next()?;
    if state == 'Z' || state == 'X' {
        return None;
    }
    let raw = std::fs::read(base.join("cmdline")).ok()?;
    let args: Vec<String> = raw
        .split(|b| *b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let prog = args.first()?;
    (Path::new(prog).file_name()? == "ceph-osd").then_some(args)
}

/// Pids of running `ceph-osd` daemons for OSD `id`, found under `proc_dir` (`/proc`).
pub fn scan_osd_pids(proc_dir: &Path, id: u32) -> Vec<u32> {
    let Ok(rd) = std::fs::read_dir(proc_dir) else {
        return Vec::new();
    };
    let mut v: Vec<u32> = rd
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| ceph_osd_args(proc_dir, *pid).is_some_and(|a| names_osd(&a[1..], id)))
        .collect();
    v.sort_unstable();
    v
}

impl Ceph {
    /// The pid file `osd.N` uses, as `ceph-conf` resolves it from the configuration.
    pub fn osd_pid_file(&self, id: u32) -> Option<PathBuf> {
        let prog = self.which("ceph-conf")?;
        let args = vec![
            "--conf".to_owned(),
            self.conf().display().to_string(),
            "--name".to_owned(),
            format!("osd.{id}"),
            "--show-config-value".to_owned(),
            "pid_file".to_owned(),
        ];
        let out = crate::backend::runner::run_process(&crate::backend::runner::Spec {
            program: &prog,
            args: &args,
            cwd: &std::env::temp_dir(),
            env: &self.child_env(),
            path_var: None,
            timeout: Duration::from_secs(10),
            stdout: crate::backend::runner::Sink::Memory,
            stderr: crate::backend::runner::Sink::Memory,
            limit: 1 << 16,
        });
        let text = String::from_utf8_lossy(&out.stdout.data).trim().to_owned();
        (out.status == Some(0) && text.starts_with('/')).then(|| PathBuf::from(text))
    }

    /// The pid of the running `ceph-osd` for OSD `id`: from its pid file when that names a
    /// live `ceph-osd -i N`, else from a `/proc` scan.
    pub fn osd_pid(&self, id: u32) -> Option<u32> {
        let proc_dir = Path::new("/proc");
        if let Some(f) = self.osd_pid_file(id) {
            if let Some(pid) = std::fs::read_to_string(&f)
                .ok()
                .and_then(|t| t.trim().parse::<u32>().ok())
            {
                if ceph_osd_args(proc_dir, pid).is_some_and(|a| names_osd(&a[1..], id)) {
                    return Some(pid);
                }
            }
        }
        scan_osd_pids(proc_dir, id).first().copied()
    }

    /// Stops the daemon of OSD `id` and waits (up to `deadline`) until it is gone.
    ///
    /// # Errors
    /// systemctl failing, or a daemon that survives SIGKILL.
    pub fn stop_osd(&self, id: u32, deadline: Duration) -> Result<Stopped, CephError> {
        if systemd_is_pid1() {
            self.systemctl("stop", id, deadline)?;
            return Ok(Stopped::Systemd);
        }
        let Some(pid) = self.osd_pid(id) else {
            return Ok(Stopped::NotRunning);
        };
        let gone = |pid: u32| ceph_osd_args(Path::new("/proc"), pid).is_none();
        let signal = |sig| {
            if let Some(p) = i32::try_from(pid)
                .ok()
                .and_then(rustix::process::Pid::from_raw)
            {
                let _ = rustix::process::kill_process(p, sig);
            }
        };
        signal(rustix::process::Signal::TERM);
        let start = Instant::now();
        while start.elapsed() < deadline {
            if gone(pid) {
                return Ok(Stopped::Signalled { pid, killed: false });
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        signal(rustix::process::Signal::KILL);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if gone(pid) {
                return Ok(Stopped::Signalled { pid, killed: true });
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(CephError::Failed {
            argv: format!("kill {pid}"),
            reason: format!("ceph-osd for osd.{id} (pid {pid}) survived SIGKILL"),
        })
    }

    /// Starts the daemon of OSD `id` (its data directory must be mounted: `raw activate` /
    /// `lvm activate` first). Does not wait for it to come up: watch `osd tree` for that.
    ///
    /// # Errors
    /// systemctl or ceph-osd failing (with its message), ceph-osd not installed.
    pub fn start_osd(&self, id: u32) -> Result<Started, CephError> {
        if systemd_is_pid1() {
            self.systemctl("start", id, self.options().timeout)?;
            return Ok(Started::Systemd);
        }
        let prog = self
            .which("ceph-osd")
            .ok_or_else(|| CephError::NotInstalled {
                program: "ceph-osd".into(),
            })?;
        let mut args = vec![
            "-i".to_owned(),
            id.to_string(),
            "--conf".to_owned(),
            self.conf().display().to_string(),
        ];
        // Debian's daemons drop to the ceph user, as the systemd unit makes them.
        if rustix::process::geteuid().is_root() && user_exists("ceph") {
            args.extend(["--setuser", "ceph", "--setgroup", "ceph"].map(str::to_owned));
        }
        let out = self.run_checked(&prog, &args, self.options().timeout)?;
        let _ = out;
        Ok(Started::Direct {
            pid: self.osd_pid(id),
        })
    }

    fn systemctl(&self, verb: &str, id: u32, deadline: Duration) -> Result<(), CephError> {
        let prog = self
            .which("systemctl")
            .ok_or_else(|| CephError::NotInstalled {
                program: "systemctl".into(),
            })?;
        let args = vec![verb.to_owned(), format!("ceph-osd@{id}")];
        self.run_checked(&prog, &args, deadline).map(|_| ())
    }

    fn run_checked(
        &self,
        prog: &Path,
        args: &[String],
        deadline: Duration,
    ) -> Result<crate::backend::runner::CmdOutput, CephError> {
        let out = self.run_program(prog, args, deadline)?;
        if out.status == Some(0) {
            return Ok(out);
        }
        Err(CephError::Refused {
            argv: display_argv(prog, args),
            code: out.status.unwrap_or(-1),
            errno: None,
            message: format!("{} {}", out.stdout.trim(), out.stderr.trim())
                .trim()
                .to_owned(),
        })
    }
}

fn user_exists(name: &str) -> bool {
    std::fs::read_to_string("/etc/passwd")
        .is_ok_and(|t| t.lines().any(|l| l.split(':').next() == Some(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn recognises_the_osd_of_a_command_line() {
        assert!(names_osd(&v("-i 3 -c /etc/ceph/ceph.conf"), 3));
        assert!(names_osd(&v("-f --cluster ceph --id 3 --setuser ceph"), 3));
        assert!(names_osd(&v("--id=3"), 3));
        assert!(names_osd(&v("-n osd.3"), 3));
        assert!(!names_osd(&v("-i 13"), 3));
        assert!(!names_osd(&v("-c 3"), 3));
    }

    #[test]
    fn scans_a_proc_tree() {
        let d = tempfile::tempdir().unwrap();
        let mk = |pid: u32, state: char, cmd: &[&str]| {
            let p = d.path().join(pid.to_string());
            std::fs::create_dir_all(&p).unwrap();
            std::fs::write(p.join("stat"), format!("{pid} (ceph-osd) {state} 1 2 3")).unwrap();
            std::fs::write(p.join("cmdline"), cmd.join("\0") + "\0").unwrap();
        };
        mk(100, 'S', &["/usr/bin/ceph-osd", "-i", "1"]);
        mk(101, 'Z', &["/usr/bin/ceph-osd", "-i", "2"]);
        mk(102, 'S', &["/usr/bin/ceph-osd", "-f", "--id", "2"]);
        mk(103, 'S', &["/usr/bin/sleep", "-i", "2"]);
        assert_eq!(scan_osd_pids(d.path(), 1), [100]);
        assert_eq!(scan_osd_pids(d.path(), 2), [102]);
        assert!(scan_osd_pids(d.path(), 3).is_empty());
    }
}
