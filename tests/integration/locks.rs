//! One workflow per controller on a host (issue 37): the lock in the state directory does not
//! see a second raidctl with another `--state-dir`; the host-wide lock under /run/lock does.

// SIGTERM to a child by pid.
#![allow(unsafe_code)]

use crate::util::{fake_tool, is_root, raidctl_clean as raidctl, skip, through};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_second_replacement_on_one_controller_refuses_whatever_its_state_directory() {
    if !is_root() {
        skip("the host-wide lock under /run/lock is root's");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let sim = d.path().join("sim");
    raidctl()
        .args(["--quiet", "--sim", "degraded", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    // The first holds the controller while its `-PdLocate -start` takes a minute (a slow
    // vendor call); both go through the same MegaCli, as two operators on one host would.
    let tool = fake_tool(
        d.path(),
        "MegaCli64",
        "case \"$*\" in *-PdLocate*-start*) sleep 60;; esac\nexec \"$REAL\" \"$@\"",
    );
    let one = d.path().join("one");
    std::fs::create_dir_all(&one).unwrap();
    // As `through` runs it, as a plain Command whose stderr is read while it runs.
    let mut first = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .env_remove("RAIDCTL_SIM")
        .env_remove("RAIDCTL_STATE_DIR")
        .env("RAIDCTL_SIM_STATE", &sim)
        .arg("--megacli")
        .arg(&tool)
        .args(["--backend", "megacli", "--state-dir"])
        .arg(one.join("state"))
        .args(["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = first.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = String::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = err.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
            if seen.contains("-PdLocate -start") {
                let _ = tx.send(());
            }
        }
    });
    // Waits on the first's state (it journaled, so it holds the locks), not on a clock.
    let t = Instant::now();
    while rx.try_recv().is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the first never started"
        );
        assert!(first.try_wait().unwrap().is_none(), "the first ended early");
        std::thread::sleep(Duration::from_millis(50));
    }
    let two = d.path().join("two");
    std::fs::create_dir_all(&two).unwrap();
    let second = through(&tool, &sim, &two)
        .args(["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"])
        .output()
        .unwrap();
    // osd-prep changes the controller too (it creates VDs): refused the same way, before any.
    let three = d.path().join("three");
    std::fs::create_dir_all(&three).unwrap();
    let prep = through(&tool, &sim, &three)
        .args(["osd-prep", "--yes"])
        .output()
        .unwrap();
    // SIGTERM, so its handler also kills the sleeping vendor call's process group.
    // SAFETY: kill(2) on the pid of a child this test started and has not reaped.
    unsafe { libc::kill(i32::try_from(first.id()).unwrap(), libc::SIGTERM) };
    let _ = first.wait();
    let said = String::from_utf8_lossy(&second.stderr);
    assert_ne!(second.status.code(), Some(0), "{said}");
    assert!(said.contains("adapter 0 is busy"), "{said}");
    assert!(
        said.contains("replace-drive pid"),
        "names the first: {said}"
    );
    assert!(
        said.contains(&one.join("state").display().to_string()),
        "{said}"
    );
    let said = String::from_utf8_lossy(&prep.stderr);
    assert_ne!(prep.status.code(), Some(0), "{said}");
    assert!(
        said.contains("adapter 0 is busy") && said.contains("replace-drive pid"),
        "{said}"
    );
    assert!(!said.contains("-CfgLdAdd"), "nothing was created: {said}");
}
