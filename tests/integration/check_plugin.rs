//! `raidctl check` as a monitoring plugin (issue 39): usage errors are UNKNOWN, and one
//! overall `-t/--timeout` ends a slow run with UNKNOWN, naming what was still running, before
//! NRPE's own timeout kills it silently.

use crate::util::{fake_tool, raidctl_clean as raidctl, through};
use std::time::{Duration, Instant};

#[test]
fn usage_errors_are_unknown_for_check_only() {
    for bad in [
        &["check", "--bogus"][..],
        &["check", "-t"],
        &["check", "-t", "0"],
    ] {
        let out = raidctl()
            .args(["--sim", "healthy"])
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{bad:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with("RAID UNKNOWN - "),
            "{out:?}"
        );
    }
    // Elsewhere a usage error stays 2, and help is still 0.
    let out = raidctl()
        .args(["--sim", "healthy", "status", "--bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    raidctl().args(["check", "--help"]).assert().success();
}

#[test]
fn the_whole_run_has_one_deadline() {
    let d = tempfile::tempdir().unwrap();
    let sim = d.path().join("sim");
    raidctl()
        .args(["--quiet", "--sim", "healthy", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    let slow = fake_tool(d.path(), "MegaCli64", "sleep 10\nexec \"$REAL\" \"$@\"");
    let t = Instant::now();
    let out = through(&slow, &sim, d.path())
        .args(["check", "-t", "5", "--max-age", "0"])
        .output()
        .unwrap();
    let took = t.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.starts_with("RAID UNKNOWN - no verdict within 5s"),
        "{text}"
    );
    assert!(
        text.contains("still running: "),
        "names the vendor call: {text}"
    );
    // Five seconds and the time to kill; a busy machine gets a margin, never the full 10 s.
    assert!(took < Duration::from_secs(8), "took {took:?}");
    // The killed tool's process group is gone: no `sleep 10` of ours is left behind.
    let sleepers = std::process::Command::new("pgrep")
        .args(["-f", &format!("{}", slow.display())])
        .output();
    if let Ok(s) = sleepers {
        assert!(
            s.stdout.is_empty(),
            "left running: {}",
            String::from_utf8_lossy(&s.stdout)
        );
    }
}
