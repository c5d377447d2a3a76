//! Directories raidctl reads back from or runs programs out of, prepared by another user
//! before root used them (issue 37): a `--sim-state` of theirs, a `bin/` swapped for a link,
//! a state directory they own. Each must be refused before anything in it is run or trusted.

use crate::util::{TempUser, raidctl_clean as raidctl, skip};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

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

#[test]
fn a_sim_state_of_another_user_runs_none_of_their_programs() {
    let user = match TempUser::new() {
        Ok(u) => u,
        Err(why) => return skip(&why),
    };
    let d = tempfile::tempdir().unwrap();
    let theirs = d.path().join("h710");
    let marker = d.path().join("ran-as-root");
    std::fs::create_dir(&theirs).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o700)).unwrap();
    plant_tools(&theirs.join("bin"), &marker);
    user.chown_tree(&theirs);
    let owned = format!("owned by uid {}", user.uid);
    for args in [&["check"][..], &["status"], &["sim", "env"]] {
        let out = raidctl()
            .arg("--sim-state")
            .arg(&theirs)
            .args(args)
            .output()
            .unwrap();
        let err = said(&out);
        assert!(!out.status.success(), "{args:?} accepted it: {err}");
        assert!(err.contains(&owned), "{args:?}: {err}");
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
    let user = match TempUser::new() {
        Ok(u) => u,
        Err(why) => return skip(&format!("the other-owner half: {why}")),
    };
    std::fs::remove_file(sim.join("bin")).unwrap();
    plant_tools(&sim.join("bin"), &marker);
    user.chown_tree(&sim.join("bin"));
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
    assert!(err.contains(&format!("owned by uid {}", user.uid)), "{err}");
    assert!(!marker.exists(), "another user's program ran");
}

/// A snapshot cache claiming RAID OK for the simulated controller at `sim` (a degraded one):
/// what a healthy controller's check leaves behind, pointed at `sim` and stamped now by the
/// clocks anyone can read (boot id, boot time), as another user would forge it.
fn forged_ok_cache(d: &Path, sim: &Path) -> Vec<u8> {
    let healthy = d.join("healthy");
    let good = d.join("good-state");
    raidctl()
        .args(["--quiet", "--sim", "healthy", "--sim-state"])
        .arg(&healthy)
        .arg("--state-dir")
        .arg(&good)
        .arg("check")
        .assert()
        .code(0);
    let mut entry: serde_json::Value =
        serde_json::from_slice(&std::fs::read(good.join("snapshot.json")).unwrap()).unwrap();
    let sim = sim.canonicalize().unwrap();
    entry["source"] = format!("sim:megacli:{}", sim.display()).into();
    let boot = rustix::time::clock_gettime(rustix::time::ClockId::Boottime);
    let stamp = serde_json::json!({
        "wall_unix": std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
        "boot_id": std::fs::read_to_string("/proc/sys/kernel/random/boot_id").unwrap().trim(),
        "mono_ms": u64::try_from(boot.tv_sec).unwrap() * 1000,
    });
    entry["taken"] = stamp.clone();
    entry["confirmed"] = stamp;
    serde_json::to_vec(&entry).unwrap()
}

/// A degraded simulated controller in `d/sim`.
fn degraded_sim(d: &Path) -> std::path::PathBuf {
    let sim = d.join("sim");
    raidctl()
        .args(["--quiet", "--sim", "degraded", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    sim
}

/// `check` on the simulator at `sim` with its state in `state`, reusing a cache up to an
/// hour old (so the forgery needs no race against the clock).
fn check(sim: &Path, state: &Path) -> std::process::Output {
    raidctl()
        .arg("--sim-state")
        .arg(sim)
        .arg("--state-dir")
        .arg(state)
        .args(["check", "--max-age", "3600"])
        .output()
        .unwrap()
}

#[test]
fn a_state_directory_of_another_user_is_refused() {
    let user = match TempUser::new() {
        Ok(u) => u,
        Err(why) => return skip(&why),
    };
    let d = tempfile::tempdir().unwrap();
    let sim = degraded_sim(d.path());
    let state = d.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o700)).unwrap();
    // Its owner planted a cache saying all is well.
    let forged = state.join("snapshot.json");
    std::fs::write(&forged, forged_ok_cache(d.path(), &sim)).unwrap();
    std::fs::set_permissions(&forged, std::fs::Permissions::from_mode(0o600)).unwrap();
    user.chown_tree(&state);
    let out = check(&sim, &state);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains(&format!("owned by uid {}", user.uid)), "{err}");
    assert!(!err.contains("RAID OK"), "{err}");
}

/// In raidctl's own state directory, a cache that is a link, or a file of another user's, is
/// not read: the verdict comes from the controller. The same forged bytes as raidctl's own
/// file are read (so the forgery itself is good enough to fool a check).
#[test]
fn a_planted_snapshot_cache_does_not_change_the_verdict() {
    let d = tempfile::tempdir().unwrap();
    let sim = degraded_sim(d.path());
    let state = d.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o700)).unwrap();
    let cache = state.join("snapshot.json");
    let forged = forged_ok_cache(d.path(), &sim);
    // The control: as raidctl's own file the forgery is taken at its word (SMART is read from
    // the drives themselves, and the failed one cannot be: a WARNING, never the CRITICAL of
    // the degraded VD the forgery hides).
    std::fs::write(&cache, &forged).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = check(&sim, &state);
    let err = said(&out);
    assert!(
        err.starts_with("RAID OK")
            || (err.starts_with("RAID WARNING") && err.contains("SMART not read")),
        "{err}"
    );
    // A link to the same bytes elsewhere is not followed.
    let elsewhere = d.path().join("forged.json");
    std::fs::write(&elsewhere, &forged).unwrap();
    std::fs::set_permissions(&elsewhere, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::remove_file(&cache).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &cache).unwrap();
    let out = check(&sim, &state);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("RAID CRITICAL"), "{err}");
    // Nor is a file another user can write or owns.
    std::fs::remove_file(&cache).unwrap();
    std::fs::write(&cache, &forged).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o666)).unwrap();
    let out = check(&sim, &state);
    assert!(said(&out).starts_with("RAID CRITICAL"), "{}", said(&out));
    let user = match TempUser::new() {
        Ok(u) => u,
        Err(why) => return skip(&format!("the other-owner half: {why}")),
    };
    std::fs::remove_file(&cache).unwrap();
    std::fs::write(&cache, &forged).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o600)).unwrap();
    user.chown_tree(&cache);
    let out = check(&sim, &state);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("RAID CRITICAL"), "{err}");
}

/// `qualify FILE --destroy-data FILE` where FILE is a link another user planted in a shared
/// directory, pointing at a file of root's: refused, naming the file it points at, and not one
/// byte of that file changes.
#[test]
fn qualify_never_writes_through_a_planted_link() {
    let d = tempfile::tempdir().unwrap();
    let victim = d.path().join("victim.db");
    // Above the smallest file qualify accepts, so only the link can be the reason.
    let bytes: Vec<u8> = (0..8u32 << 20).map(|i| (i % 251) as u8).collect();
    std::fs::write(&victim, &bytes).unwrap();
    let shared = d.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let link = shared.join("scratch.img");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let user = TempUser::new();
    if let Ok(u) = &user {
        u.chown_tree(&link);
    }
    let out = raidctl()
        .env("RAIDCTL_STATE_DIR", d.path().join("state"))
        .env("TMPDIR", crate::util::child_tmp(d.path()))
        .args(["qualify", "--profile", "smoke", "--no-together"])
        .args(["--cache-tool", "none", "--no-self-test"])
        .arg("--destroy-data")
        .arg(&link)
        .arg(&link)
        .output()
        .unwrap();
    let err = said(&out);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("SAFE-FILE-LINK"), "{err}");
    assert!(
        err.contains(&format!("refusing {}", victim.display())),
        "the refusal does not name the file written: {err}"
    );
    assert!(
        std::fs::read(&victim).unwrap() == bytes,
        "the victim changed"
    );
    if let Err(why) = user {
        skip(&format!("the link of another user: {why}"));
    }
}
