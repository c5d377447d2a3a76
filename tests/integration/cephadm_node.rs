//! A real cephadm cluster for the tests (`scripts/cephadm-test-cluster.sh`): one node, a
//! `systemd-nspawn --boot` Debian with its own systemd, cephadm and podman, whose mon, mgr and
//! raw OSDs are containers of a Ceph 16 image built from Debian's packages; one OSD on each
//! block device given (the simulator's loop devices). The raidctl under test and the
//! simulator's directory are visible in the node at their own paths, and the node's
//! `/usr/bin/raidctl` runs that raidctl on the simulator, so commands run in the node (and
//! cephadm's `blink_device_light_cmd`, through `cephadm shell`) reach the simulated controller.
//!
//! One node at a time on the machine, and never beside the package-installed test cluster
//! (`ceph.rs`): both see the machine's loop devices, and 2 cores do not carry two clusters. The
//! node holds [`crate::ceph::LOCK`] while it runs; dropping it removes the cluster and the node.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The script that builds, starts and stops the node.
pub(crate) fn script() -> PathBuf {
    crate::util::root().join("scripts/cephadm-test-cluster.sh")
}

/// Why this machine cannot run a node, if it cannot.
pub(crate) fn missing() -> Option<String> {
    if !crate::util::is_root() {
        return Some("a cephadm node needs root (mounts, systemd-nspawn, loop devices)".into());
    }
    let have = |t: &str| {
        ["/usr/bin", "/usr/sbin", "/bin", "/sbin"]
            .iter()
            .any(|d| Path::new(d).join(t).exists())
    };
    for (tool, package) in [
        ("systemd-nspawn", "systemd-container"),
        ("nsenter", "util-linux"),
        ("unshare", "util-linux"),
        ("losetup", "util-linux"),
        ("flock", "util-linux"),
    ] {
        if !have(tool) {
            return Some(format!("{tool} not installed (apt-get install {package})"));
        }
    }
    // The cache is built once with mmdebstrap; a machine that has it needs no mmdebstrap.
    let cached = Command::new("bash")
        .arg(script())
        .arg("cached")
        .output()
        .is_ok_and(|o| o.status.success());
    if !cached && !have("mmdebstrap") {
        return Some("mmdebstrap not installed (apt-get install mmdebstrap)".into());
    }
    None
}

/// A running node with its cluster. Dropping it stops both.
pub(crate) struct CephadmNode {
    dir: PathBuf,
    fsid: String,
    /// Held while the node runs (released after the stop: fields drop after [`Drop::drop`]).
    _lock: std::fs::File,
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

impl CephadmNode {
    /// Starts a node in `dir` with one raw OSD on each of `devs` (bound into the node), the
    /// simulator `sim` and the raidctl under test visible at their own paths; waits until
    /// every OSD is up and in and the cluster HEALTH_OK. Panics with the script's words when
    /// it cannot.
    pub(crate) fn start(dir: &Path, sim: &Path, devs: &[String]) -> Self {
        let _ = std::fs::create_dir_all("/run/lock");
        let lock = std::fs::File::create(crate::ceph::LOCK).unwrap();
        let waited = Instant::now();
        lock.lock().unwrap();
        eprintln!(
            "cephadm node: the Ceph test lock after {:.0} s",
            waited.elapsed().as_secs_f64()
        );
        // A node still running now is a killed test's (the lock was free): it goes first.
        let o = Command::new("bash")
            .arg(script())
            .arg("reap")
            .output()
            .expect("spawn");
        assert!(o.status.success(), "cephadm node reap: {}", out(&o));
        let raidctl = Path::new(crate::ceph::raidctl());
        let t = Instant::now();
        let o = Command::new("bash")
            .arg(script())
            .arg("start")
            .arg(dir)
            .arg("--bind-ro")
            .arg(raidctl)
            .arg("--bind")
            .arg(sim)
            .args(devs)
            .output()
            .expect("spawn");
        // Whatever the start did, the node is stopped when this goes (also on a failed start).
        let mut node = Self {
            dir: dir.to_owned(),
            fsid: String::new(),
            _lock: lock,
        };
        assert!(o.status.success(), "cephadm node start: {}", out(&o));
        // Where the time went (the script says each phase).
        eprint!("{}", String::from_utf8_lossy(&o.stderr));
        eprintln!(
            "cephadm node: {} OSDs up, HEALTH_OK in {:.0} s",
            devs.len(),
            t.elapsed().as_secs_f64()
        );
        node.fsid = std::fs::read_to_string(dir.join("fsid"))
            .unwrap()
            .trim()
            .to_owned();
        // The node's raidctl: the one under test, on the simulator (what an installed raidctl
        // is on a host with that controller).
        let wrapper = format!(
            "#!/bin/sh\nexec {} --sim-state {} \"$@\"\n",
            raidctl.display(),
            sim.display()
        );
        node.write("/usr/bin/raidctl", &wrapper, 0o755);
        node
    }

    /// The cluster's fsid.
    pub(crate) fn fsid(&self) -> &str {
        &self.fsid
    }

    /// `args` run in the node's namespaces (as root, a clean environment).
    pub(crate) fn exec(&self, args: &[&str]) -> Output {
        Command::new("bash")
            .arg(script())
            .arg("exec")
            .arg(&self.dir)
            .args(args)
            .output()
            .expect("spawn")
    }

    /// A shell line run in the node.
    pub(crate) fn sh(&self, line: &str) -> Output {
        self.exec(&["sh", "-c", line])
    }

    /// Writes `text` to `path` in the node, with `mode`.
    pub(crate) fn write(&self, path: &str, text: &str, mode: u32) {
        let o = self.exec(&[
            "sh",
            "-c",
            "printf '%s' \"$1\" >\"$2\" && chmod \"$3\" \"$2\"",
            "sh",
            text,
            path,
            &format!("{mode:o}"),
        ]);
        assert!(o.status.success(), "write {path} in the node: {}", out(&o));
    }

    /// The `ceph` CLI in the node (its `/etc/ceph`, the admin key).
    pub(crate) fn ceph(&self, args: &[&str]) -> Output {
        let mut all = vec!["timeout", "120", "ceph", "--connect-timeout", "10"];
        all.extend_from_slice(args);
        self.exec(&all)
    }

    /// `ceph ARGS -f json`, parsed; panics when it fails.
    pub(crate) fn ceph_json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = args.to_vec();
        all.extend_from_slice(&["-f", "json"]);
        let o = self.ceph(&all);
        assert!(o.status.success(), "ceph {args:?}: {}", out(&o));
        serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("ceph {args:?}: {e}: {}", out(&o)))
    }

    /// The node's raidctl (the one under test on the simulator), run in the node where the
    /// cephadm OSDs' directories are.
    pub(crate) fn raidctl(&self, args: &[&str]) -> Output {
        let mut all = vec!["/usr/bin/raidctl"];
        all.extend_from_slice(args);
        self.exec(&all)
    }

    /// Shows a block device made after the start (a new VD's) in the node.
    pub(crate) fn attach(&self, dev: &str) {
        let o = Command::new("bash")
            .arg(script())
            .arg("attach")
            .arg(&self.dir)
            .arg(dev)
            .output()
            .expect("spawn");
        assert!(o.status.success(), "attach {dev}: {}", out(&o));
    }

    /// What cephadm logged lately (its errors, such as a failed light command, are only there).
    pub(crate) fn cephadm_log(&self) -> String {
        out(&self.ceph(&["log", "last", "30", "info", "cephadm"]))
    }

    /// Polls `f` every half second until it holds or `limit` passes; says what it waited for.
    pub(crate) fn wait(&self, limit: Duration, what: &str, mut f: impl FnMut() -> bool) {
        let t = Instant::now();
        while t.elapsed() < limit {
            if f() {
                return;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        panic!(
            "{what}: not within {} s\n{}",
            limit.as_secs(),
            out(&self.ceph(&["-s"]))
        );
    }
}

impl Drop for CephadmNode {
    fn drop(&mut self) {
        let o = Command::new("bash")
            .arg(script())
            .arg("stop")
            .arg(&self.dir)
            .output();
        if let Ok(o) = o
            && !o.status.success()
        {
            eprintln!("cephadm node stop: {}", out(&o));
        }
    }
}
