//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The corpus of real captures, kept byte for byte with its provenance in `MANIFEST.tsv`.
pub fn corpus() -> PathBuf {
    root().join("fixtures/corpus")
}

/// Files in a directory, sorted, skipping README/MANIFEST.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

/// Reads a file as raidctl does (lossy UTF-8).
pub fn read(path: &Path) -> String {
    raidctl::parse::decode(
        &std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
}

/// A vendor tool's name linked to the `raidctl` executable (multi-call: called `MegaCli64`,
/// `storcli64`, `omreport`, ... it is that simulated tool), in a directory shared by the tests.
pub fn vendor(name: &str) -> String {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("vendor-bin-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        for (tool, _) in raidctl::sim::multicall::TOOL_NAMES {
            let link = d.join(tool);
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_raidctl"), &link).unwrap();
        }
        d
    });
    dir.join(name).display().to_string()
}

/// `PATH` with a `smartctl` in front (the multi-call executable, as [`vendor`] links it, alone
/// in its directory). `collect` runs smartctl only where the host has one, and under `--sim`
/// the simulated smartctl answers it then, while `status` under `--sim` always reads the
/// simulated one: a test comparing a bundle with `status`, or reading SMART from a bundle,
/// gives `collect` this `PATH` instead of depending on the host's smartmontools.
pub fn path_with_smartctl() -> std::ffi::OsString {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("smartctl-bin-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let link = d.join("smartctl");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_raidctl"), &link).unwrap();
        d
    });
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.clone()).chain(std::env::split_paths(&path))).unwrap()
}

/// `base/tmp`, created: the TMPDIR of raidctl processes a test starts, so the private
/// directories of one it kills (SIGKILL cannot clean up) go with the test's own directory
/// instead of piling up in /tmp.
pub fn child_tmp(base: &Path) -> PathBuf {
    let t = base.join("tmp");
    let _ = std::fs::create_dir_all(&t);
    t
}

/// Whether the tests run as root (loop devices, mounts).
pub fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// Whether the simulator can back its drives with loop devices here (root and losetup); says
/// why the test skips when not.
pub fn loop_devices() -> bool {
    let ok = is_root()
        && std::process::Command::new("losetup")
            .arg("--version")
            .output()
            .is_ok();
    if !ok {
        skip("loop devices need root and losetup (util-linux)");
    }
    ok
}

/// A fresh `ceph-node` simulator in `DIR/sim`, made by `run` (the test's way of running
/// raidctl on a state directory).
pub fn ceph_node(dir: &Path, run: impl Fn(&Path, &[&str]) -> std::process::Output) -> PathBuf {
    let s = dir.join("sim");
    let o = run(&s, &["--sim", "ceph-node", "status"]);
    assert!(o.status.code().is_some(), "{o:?}");
    s
}

/// A test that cannot run here says why; under `CI=true` that is a failure.
///
/// The line goes to stderr past libtest's capture (which takes only `print!`/`eprint!`), so a
/// passing `cargo test` still shows what it skipped, named by the test.
pub fn skip(why: &str) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI must run this test: {why}"
    );
    use std::io::Write;
    let thread = std::thread::current();
    let line = match thread.name() {
        Some(test) if test != "main" => format!("skipped: {test}: {why}\n"),
        _ => format!("skipped: {why}\n"),
    };
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `raidctl` without the caller's raidctl settings (simulator, state, MegaCli path, colour)
/// and with a wide terminal, so tables do not wrap.
pub fn raidctl_clean() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("raidctl").unwrap();
    c.env_remove("RAIDCTL_SIM")
        .env_remove("RAIDCTL_SIM_STATE")
        .env_remove("RAIDCTL_STATE_DIR")
        .env_remove("RAIDCTL_MEGACLI")
        .env_remove("NO_COLOR")
        .env("COLUMNS", "200");
    c
}

/// A fake vendor tool: a shell script `dir/name` that runs `body` with `$REAL` set to the
/// simulated MegaCli (which reads its state from `RAIDCTL_SIM_STATE`), so a test can change
/// what the tool prints or when it answers.
pub fn fake_tool(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(
        &p,
        format!("#!/bin/sh\nREAL={}\n{body}\n", vendor("MegaCli64")),
    )
    .unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// `raidctl` reading the simulated controller at `sim` through the MegaCli `tool` (a
/// [`fake_tool`]), with its state in `dir/state` and none of the caller's raidctl settings.
pub fn through(tool: &Path, sim: &Path, dir: &Path) -> assert_cmd::Command {
    let mut c = raidctl_clean();
    c.env("RAIDCTL_SIM_STATE", sim)
        .arg("--megacli")
        .arg(tool)
        .args(["--backend", "megacli", "--state-dir"])
        .arg(dir.join("state"));
    c
}

/// A replacement given the wrong `--serial` was refused with the words for it, and the
/// refusal never names the serial it expected (`expected`): that is read from the label.
pub fn assert_wrong_serial_refused(stderr: &str, expected: &str) {
    let refusal = stderr
        .lines()
        .find(|l| l.contains("[serial-confirm]"))
        .unwrap_or("");
    assert!(
        refusal.contains("is not the serial of the drive in") && !refusal.contains(expected),
        "{stderr}"
    );
}

/// A throwaway local user, made with `useradd` for a test that needs files or directories of
/// another real user (no home, no login shell), removed with `userdel` when dropped.
pub struct TempUser {
    /// Its name.
    pub name: String,
    /// Its uid.
    pub uid: u32,
}

impl TempUser {
    /// A new user, or why there can be none here (not root, no `useradd`): the caller skips
    /// with that reason.
    pub fn new() -> Result<Self, String> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        // useradd takes the lock on /etc/passwd: one at a time in this process, and retried
        // while another process (a parallel test binary) holds it.
        static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
        if !is_root() {
            return Err("making a throwaway user needs root".into());
        }
        let name = format!(
            "rctl{}x{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        let _one = ONE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let out = std::process::Command::new("useradd")
                .args([
                    "--system",
                    "--no-create-home",
                    "--shell",
                    "/usr/sbin/nologin",
                ])
                .arg(&name)
                .output()
                .map_err(|e| format!("useradd: {e}"))?;
            if out.status.success() {
                break;
            }
            // "cannot lock /etc/passwd" (another process is changing it) passes; anything
            // else is final.
            let locked = String::from_utf8_lossy(&out.stderr).contains("lock");
            if !locked || std::time::Instant::now() > deadline {
                return Err(format!(
                    "useradd {name}: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let id = std::process::Command::new("id")
            .args(["-u", &name])
            .output()
            .map_err(|e| format!("id: {e}"))?;
        let user = Self {
            uid: String::from_utf8_lossy(&id.stdout)
                .trim()
                .parse()
                .map_err(|e| format!("id -u {name}: {e}"))?,
            name,
        };
        Ok(user)
    }

    /// Gives `p` (and everything below it, links themselves) to this user.
    pub fn chown_tree(&self, p: &Path) {
        std::os::unix::fs::lchown(p, Some(self.uid), Some(self.uid)).unwrap();
        if std::fs::symlink_metadata(p).unwrap().is_dir() {
            for e in std::fs::read_dir(p).unwrap() {
                self.chown_tree(&e.unwrap().path());
            }
        }
    }
}

impl Drop for TempUser {
    fn drop(&mut self) {
        // Retried while another useradd/userdel holds the lock on /etc/passwd.
        for _ in 0..600 {
            match std::process::Command::new("userdel")
                .arg(&self.name)
                .output()
            {
                Ok(o)
                    if !o.status.success()
                        && String::from_utf8_lossy(&o.stderr).contains("lock") =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                _ => return,
            }
        }
    }
}
