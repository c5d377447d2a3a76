//! The private temporary directories of the Ceph client and the event-log read (issue 37):
//! they were `/tmp/raidctl-ceph-<pid>` (predictable, never removed) and a world-readable
//! `/tmp/raidctl-events-*` left behind by an interrupted read. Each must be 0700 while it
//! exists and gone after a SIGINT or SIGTERM of raidctl.

use crate::util::{fake_tool, raidctl_clean};
use rustix::process::Signal;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The directory starting with `prefix` in `tmp`, once it appears (`None` when the child
/// exited first or nothing appeared within a generous minute).
fn wait_for_dir(tmp: &Path, prefix: &str, child: &mut std::process::Child) -> Option<PathBuf> {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let found = std::fs::read_dir(tmp)
            .ok()?
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with(prefix));
        if let Some(e) = found {
            return Some(e.path());
        }
        if child.try_wait().ok()?.is_some() {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// Starts `cmd` with `tmp` as its TMPDIR, waits for its `prefix` directory, checks it is
/// private, sends `signal`, and checks raidctl ends with 130 having removed it.
fn interrupted_run_removes(mut cmd: Command, tmp: &Path, prefix: &str, signal: Signal) {
    let mut child = cmd
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let Some(dir) = wait_for_dir(tmp, prefix, &mut child) else {
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        panic!(
            "no {prefix} directory appeared: {:?} {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let mode = std::fs::symlink_metadata(&dir)
        .unwrap()
        .permissions()
        .mode()
        & 0o7777;
    assert_eq!(mode, 0o700, "{}", dir.display());
    rustix::process::kill_process(rustix::process::Pid::from_child(&child), signal).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{signal:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.exists(), "{signal:?} left {}", dir.display());
}

/// A degraded simulated controller in `d/sim`.
fn sim(d: &Path) -> PathBuf {
    let sim = d.join("sim");
    raidctl_clean()
        .args(["--quiet", "--sim", "degraded", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    sim
}

fn raidctl() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_raidctl"));
    for v in [
        "RAIDCTL_SIM",
        "RAIDCTL_SIM_STATE",
        "RAIDCTL_STATE_DIR",
        "RAIDCTL_MEGACLI",
    ] {
        c.env_remove(v);
    }
    c
}

#[test]
fn the_event_log_directory_is_private_and_removed_on_interrupt() {
    for signal in [Signal::INT, Signal::TERM] {
        let d = tempfile::tempdir().unwrap();
        let sim = sim(d.path());
        // A MegaCli whose event-log read hangs: raidctl waits inside it, its directory made.
        let tool = fake_tool(
            d.path(),
            "MegaCli64",
            "case \" $* \" in *\" -GetEvents \"*) exec sleep 600;; esac\nexec \"$REAL\" \"$@\"",
        );
        let mut cmd = raidctl();
        cmd.env("RAIDCTL_SIM_STATE", &sim)
            .arg("--megacli")
            .arg(&tool)
            .args(["--backend", "megacli", "--state-dir"])
            .arg(d.path().join("state"))
            .args(["--timeout", "600", "replace-drive", "32:4", "--dry-run"]);
        let tmp = crate::util::child_tmp(d.path());
        interrupted_run_removes(cmd, &tmp, "raidctl-events-", signal);
    }
}

#[test]
fn the_ceph_client_directory_is_private_and_removed_on_interrupt() {
    for signal in [Signal::INT, Signal::TERM] {
        let d = tempfile::tempdir().unwrap();
        let sim = sim(d.path());
        // A cluster that never answers: `ceph` (and ceph-volume, which root also runs) hang.
        let bin = d.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        for name in ["ceph", "ceph-volume"] {
            let p = bin.join(name);
            std::fs::write(&p, "#!/bin/sh\nexec sleep 600\n").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let conf = d.path().join("ceph.conf");
        std::fs::write(&conf, "[global]\n").unwrap();
        // A real-controller run (the simulated controller behind a MegaCli of its own), so
        // the identity join asks the cluster.
        let tool = fake_tool(d.path(), "MegaCli64", "exec \"$REAL\" \"$@\"");
        let osd_root = d.path().join("osd");
        std::fs::create_dir(&osd_root).unwrap();
        let mut cmd = raidctl();
        cmd.env("RAIDCTL_SIM_STATE", &sim)
            .env(
                "PATH",
                format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
            )
            .arg("--megacli")
            .arg(&tool)
            .args(["--backend", "megacli", "--state-dir"])
            .arg(d.path().join("state"))
            .arg("--ceph-conf")
            .arg(&conf)
            .arg("--osd-root")
            .arg(&osd_root)
            .args(["--timeout", "600", "status"]);
        let tmp = crate::util::child_tmp(d.path());
        interrupted_run_removes(cmd, &tmp, "raidctl-ceph-", signal);
    }
}
