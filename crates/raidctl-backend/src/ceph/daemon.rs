//! Stopping and starting one `ceph-osd` daemon: through systemd where it is PID 1
//! (`ceph-osd@N`), else by the daemon's pid, and `ceph-osd -i N` with the cluster's
//! configuration to start it.
//!
//! The pid is this cluster's OSD N, proven, never guessed: a process of our pid namespace
//! whose command line names OSD N and this cluster's configuration (`--cluster`,
//! `-c`/`--conf`) and which holds the OSD's data directory open, looked for first under the
//! pid the pid file names (as `ceph-conf` resolves `pid_file` for `osd.N`), then among all
//! processes. A containerised OSD of another cluster, a reused pid, or an unrelated process
//! called `ceph-osd -i 3` is never signalled.
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

/// Whether a `ceph-osd` command line is a `--mkfs` run (ceph-volume's prepare), not a daemon:
/// it holds the OSD's directory open too, and outlives a cut ceph-volume for a moment.
fn is_mkfs(args: &[String]) -> bool {
    args.iter().any(|a| a == "--mkfs")
}

/// Pids of `ceph-osd --mkfs` runs for OSD `id` in our pid namespace, under `proc_dir`.
pub fn mkfs_pids(proc_dir: &Path, id: u32) -> Vec<u32> {
    let Ok(rd) = std::fs::read_dir(proc_dir) else {
        return Vec::new();
    };
    rd.filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            same_pid_ns(proc_dir, *pid)
                && ceph_osd_args(proc_dir, *pid)
                    .is_some_and(|a| is_mkfs(&a[1..]) && names_osd(&a[1..], id))
        })
        .collect()
}

/// Whether `pid` runs in our pid namespace (a container's daemons do not).
fn same_pid_ns(proc_dir: &Path, pid: u32) -> bool {
    let ours = std::fs::read_link(proc_dir.join("self/ns/pid")).ok();
    let theirs = std::fs::read_link(proc_dir.join(pid.to_string()).join("ns/pid")).ok();
    ours.is_some() && ours == theirs
}

/// Whether a `ceph-osd` command line is a daemon of the cluster `cluster` configured by
/// `conf`: its `--cluster` (default `ceph`) and its configuration file (default
/// `/etc/ceph/<cluster>.conf`) are ours.
fn same_cluster(args: &[String], conf: &Path, cluster: &str) -> bool {
    let mut their_cluster: Option<String> = None;
    let mut their_conf: Option<PathBuf> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cluster" => their_cluster = it.next().cloned(),
            "-c" | "--conf" => their_conf = it.next().map(PathBuf::from),
            s => {
                if let Some(v) = s.strip_prefix("--cluster=") {
                    their_cluster = Some(v.to_owned());
                } else if let Some(v) = s.strip_prefix("--conf=") {
                    their_conf = Some(PathBuf::from(v));
                }
            }
        }
    }
    if their_cluster.as_deref().is_some_and(|c| c != cluster) {
        return false;
    }
    let their_conf = their_conf.unwrap_or_else(|| {
        PathBuf::from(format!(
            "/etc/ceph/{}.conf",
            their_cluster.as_deref().unwrap_or("ceph")
        ))
    });
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_owned());
    canon(&their_conf) == canon(conf)
}

/// Pids of running `ceph-osd` daemons for OSD `id` of this cluster (`conf`, `cluster`) in
/// our pid namespace, found under `proc_dir` (`/proc`).
pub fn scan_osd_pids(
    proc_dir: &Path,
    id: u32,
    conf: &Path,
    cluster: &str,
    osd_dir: &Path,
) -> Vec<u32> {
    let Ok(rd) = std::fs::read_dir(proc_dir) else {
        return Vec::new();
    };
    let mut v: Vec<u32> = rd
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            same_pid_ns(proc_dir, *pid)
                && ceph_osd_args(proc_dir, *pid).is_some_and(|a| {
                    names_osd(&a[1..], id)
                        && !is_mkfs(&a[1..])
                        && same_cluster(&a[1..], conf, cluster)
                })
                && holds(proc_dir, *pid, osd_dir)
        })
        .collect();
    v.sort_unstable();
    v
}

/// Whether `pid` holds `dir` open: BlueStore keeps its OSD directory open for as long as the
/// daemon runs, so this is the daemon's own proof of which OSD it is. A command line is only
/// what a process says of itself (any program can call itself `ceph-osd -i 3`).
fn holds(proc_dir: &Path, pid: u32, dir: &Path) -> bool {
    std::fs::read_dir(proc_dir.join(pid.to_string()).join("fd"))
        .into_iter()
        .flatten()
        .flatten()
        .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|t| t == dir))
}

impl Ceph {
    /// The pid file `osd.N` uses, as `ceph-conf` resolves it from the configuration.
    pub fn osd_pid_file(&self, id: u32) -> Option<PathBuf> {
        self.conf_value(id, "pid_file").map(PathBuf::from)
    }

    /// An absolute path `ceph-conf` resolves for `osd.N`'s option `key`.
    pub fn conf_value(&self, id: u32, key: &str) -> Option<String> {
        let prog = self.which("ceph-conf")?;
        let args = vec![
            "--conf".to_owned(),
            self.conf().display().to_string(),
            "--name".to_owned(),
            format!("osd.{id}"),
            "--show-config-value".to_owned(),
            key.to_owned(),
        ];
        let out = crate::backend::runner::run_process(&crate::backend::runner::Spec {
            program: &prog,
            exe: None,
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
        (out.status == Some(0) && text.starts_with('/')).then_some(text)
    }

    /// The cluster name the configuration file stands for (`/etc/ceph/NAME.conf`).
    fn cluster_name(&self) -> String {
        self.conf()
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".conf"))
            .filter(|n| !n.is_empty())
            .unwrap_or("ceph")
            .to_owned()
    }

    /// OSD `id`'s data directory, as `ceph-conf` resolves `osd_data` (Debian's default
    /// `/var/lib/ceph/osd/CLUSTER-ID` when it cannot say).
    fn osd_data_dir(&self, id: u32) -> PathBuf {
        self.conf_value(id, "osd_data")
            .unwrap_or_else(|| format!("/var/lib/ceph/osd/{}-{id}", self.cluster_name()))
            .into()
    }

    /// The pid a pid file names, when it is this cluster's live `ceph-osd` for `id` in our pid
    /// namespace, holding the OSD's directory open. A pid file is only a number: after a
    /// reboot or a crash it may name any process, another cluster's OSD among them.
    fn pid_from_file(&self, file: &Path, id: u32) -> Option<u32> {
        let proc_dir = Path::new("/proc");
        let text = crate::fsutil::read_capped(file, 64).ok()?;
        let pid = String::from_utf8_lossy(&text).trim().parse::<u32>().ok()?;
        let cluster = self.cluster_name();
        (same_pid_ns(proc_dir, pid)
            && ceph_osd_args(proc_dir, pid).is_some_and(|a| {
                names_osd(&a[1..], id)
                    && !is_mkfs(&a[1..])
                    && same_cluster(&a[1..], self.conf(), &cluster)
            })
            && holds(proc_dir, pid, &self.osd_data_dir(id)))
        .then_some(pid)
    }

    /// The pid of the running `ceph-osd` for OSD `id` of this cluster (module docs).
    pub fn osd_pid(&self, id: u32) -> Option<u32> {
        if let Some(pid) = self
            .osd_pid_file(id)
            .and_then(|f| self.pid_from_file(&f, id))
        {
            return Some(pid);
        }
        let cluster = self.cluster_name();
        let dir = self.osd_data_dir(id);
        scan_osd_pids(Path::new("/proc"), id, self.conf(), &cluster, &dir)
            .first()
            .copied()
    }

    /// Removes OSD `id`'s pid file when it is stale (its pid is dead or not this OSD's
    /// daemon), whoever owns it: a root-owned leftover makes the `ceph-osd --mkfs` that
    /// `ceph-volume prepare` runs as the ceph user fail, and ceph-volume's rollback then
    /// purges the destroyed id. Returns what was removed.
    pub fn remove_stale_pid_file(&self, id: u32) -> Option<String> {
        let f = self.osd_pid_file(id)?;
        let meta = std::fs::symlink_metadata(&f).ok()?;
        if self.pid_from_file(&f, id).is_some() {
            return None;
        }
        use std::os::unix::fs::MetadataExt;
        std::fs::remove_file(&f).ok()?;
        Some(format!(
            "removed the stale pid file {} (uid {}; no osd.{id} daemon runs under that pid)",
            f.display(),
            meta.uid()
        ))
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

    /// Only daemons of this cluster in our pid namespace count: a container's osd.1 (another
    /// namespace), another cluster's (`--cluster`, `-c`) and a zombie are never ours.
    #[test]
    fn scans_a_proc_tree() {
        use std::os::unix::fs::symlink;
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("self/ns")).unwrap();
        symlink("pid:[4026531836]", d.path().join("self/ns/pid")).unwrap();
        let mk = |pid: u32, state: char, ns: &str, cmd: &[&str]| {
            let p = d.path().join(pid.to_string());
            std::fs::create_dir_all(p.join("ns")).unwrap();
            std::fs::create_dir_all(p.join("fd")).unwrap();
            std::fs::write(p.join("stat"), format!("{pid} (ceph-osd) {state} 1 2 3")).unwrap();
            std::fs::write(p.join("cmdline"), cmd.join("\0") + "\0").unwrap();
            symlink(format!("pid:[{ns}]"), p.join("ns/pid")).unwrap();
            // The OSD directory it holds open, as BlueStore does; the decoy (108) holds none.
            if let Some(i) = cmd.iter().position(|a| *a == "-i" || *a == "--id") {
                if pid != 108 {
                    let dir = format!("/var/lib/ceph/osd/ceph-{}", cmd[i + 1]);
                    symlink(dir, p.join("fd/7")).unwrap();
                }
            }
        };
        let ours = "4026531836";
        mk(100, 'S', ours, &["/usr/bin/ceph-osd", "-i", "1"]);
        mk(101, 'Z', ours, &["/usr/bin/ceph-osd", "-i", "2"]);
        mk(102, 'S', ours, &["/usr/bin/ceph-osd", "-f", "--id", "2"]);
        mk(103, 'S', ours, &["/usr/bin/sleep", "-i", "2"]);
        mk(104, 'S', "4026532999", &["/usr/bin/ceph-osd", "-i", "4"]);
        mk(
            105,
            'S',
            ours,
            &["/usr/bin/ceph-osd", "-i", "5", "--cluster", "backup"],
        );
        mk(
            106,
            'S',
            ours,
            &["/usr/bin/ceph-osd", "-i", "6", "-c", "/srv/other/ceph.conf"],
        );
        mk(
            107,
            'S',
            ours,
            &["/usr/bin/ceph-osd", "-i", "7", "-c", "/etc/ceph/ceph.conf"],
        );
        // A program that only calls itself osd.8's daemon.
        mk(108, 'S', ours, &["/tmp/x/ceph-osd", "-i", "8"]);
        // ceph-volume's mkfs of osd.9: it holds the directory, but it is no daemon.
        mk(
            109,
            'S',
            ours,
            &["/usr/bin/ceph-osd", "--mkfs", "-i", "9", "--osd-data", "/x"],
        );
        let conf = Path::new("/etc/ceph/ceph.conf");
        let dir = |id: u32| PathBuf::from(format!("/var/lib/ceph/osd/ceph-{id}"));
        let scan = |id| scan_osd_pids(d.path(), id, conf, "ceph", &dir(id));
        assert_eq!(scan(1), [100]);
        assert_eq!(scan(2), [102]);
        assert!(scan(3).is_empty());
        assert!(scan(4).is_empty(), "another pid namespace");
        assert!(scan(5).is_empty(), "another cluster");
        assert!(scan(6).is_empty(), "another configuration");
        assert_eq!(scan(7), [107]);
        assert!(scan(8).is_empty(), "a name is not proof");
        assert!(scan(9).is_empty(), "a mkfs is not the daemon");
        assert_eq!(mkfs_pids(d.path(), 9), [109]);
        assert!(mkfs_pids(d.path(), 1).is_empty());
        assert_eq!(
            scan_osd_pids(
                d.path(),
                5,
                Path::new("/etc/ceph/backup.conf"),
                "backup",
                &dir(5)
            ),
            [105]
        );
    }
}
