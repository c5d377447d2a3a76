//! Directories raidctl reads back from or runs programs out of, prepared by another user
//! before root used them (issue 37): a `--sim-state` of theirs, a `bin/` swapped for a link,
//! a state directory they own. Each must be refused before anything in it is run or trusted.

use crate::util::{is_root, raidctl_clean as raidctl, skip};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

const NOBODY: u32 = 65534;

/// What a run said (`check` speaks on stdout, the others on stderr).
fn said(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A `bin/MegaCli64` (and the other tool names) that leaves `marker` when anyone runs it.
fn plant_tools(bin: &Path, marker: &Path) {
    std::fs::create_dir_all(bin).unwrap();
    for name in ["MegaCli64", "MegaCli", "storcli64", "perccli64", "omreport"] {
        let p = bin.join(name);
        std::fs::write(&p, format!("#!/bin/sh\ntouch {}\n", marker.display())).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

fn chown_tree(p: &Path, uid: u32) {
    std::os::unix::fs::lchown(p, Some(uid), Some(uid)).unwrap();
    if std::fs::symlink_metadata(p).unwrap().is_dir() {
        for e in std::fs::read_dir(p).unwrap() {
            chown_tree(&e.unwrap().path(), uid);
        }
    }
}

#[test]
fn a_sim_state_of_another_user_runs_none_of_their_programs() {
    if !is_root() {
        skip("making a directory another user's needs root");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let theirs = d.path().join("h710");
    let marker = d.path().join("ran-as-root");
    std::fs::create_dir(&theirs).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o700)).unwrap();
    plant_tools(&theirs.join("bin"), &marker);
    chown_tree(&theirs, NOBODY);
    for args in [&["check"][..], &["status"], &["sim", "env"]] {
        let out = raidctl()
            .arg("--sim-state")
            .arg(&theirs)
            .args(args)
            .output()
            .unwrap();
        let err = said(&out);
        assert!(!out.status.success(), "{args:?} accepted it: {err}");
        assert!(err.contains("owned by uid 65534"), "{args:?}: {err}");
        assert!(!marker.exists(), "{args:?} ran the other user's program");
    }
}

#[test]
fn a_bin_directory_swapped_for_a_link_or_another_users_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let sim = d.path().join("sim");
    let marker = d.path().join("ran");
    raidctl()
        .args(["--quiet", "--sim", "degraded", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    let elsewhere = d.path().join("elsewhere");
    plant_tools(&elsewhere, &marker);
    std::fs::remove_dir_all(sim.join("bin")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, sim.join("bin")).unwrap();
    let out = raidctl()
        .arg("--sim-state")
        .arg(&sim)
        .arg("check")
        .output()
        .unwrap();
    let err = said(&out);
    assert!(!out.status.success(), "a linked bin/ was accepted: {err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(!marker.exists(), "the program behind the link ran");
    if !is_root() {
        skip("the other-owner half needs root to chown");
        return;
    }
    std::fs::remove_file(sim.join("bin")).unwrap();
    plant_tools(&sim.join("bin"), &marker);
    chown_tree(&sim.join("bin"), NOBODY);
    let out = raidctl()
        .arg("--sim-state")
        .arg(&sim)
        .arg("check")
        .output()
        .unwrap();
    let err = said(&out);
    assert!(
        !out.status.success(),
        "another user's bin/ was accepted: {err}"
    );
    assert!(err.contains("owned by uid 65534"), "{err}");
    assert!(!marker.exists(), "another user's program ran");
}

#[test]
fn a_state_directory_of_another_user_is_refused() {
    if !is_root() {
        skip("making a directory another user's needs root");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let state = d.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o700)).unwrap();
    chown_tree(&state, NOBODY);
    let out = raidctl()
        .args(["--sim", "degraded", "--state-dir"])
        .arg(&state)
        .arg("check")
        .output()
        .unwrap();
    let err = said(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("owned by uid 65534"), "{err}");
}
