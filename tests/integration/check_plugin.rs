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
fn one_hung_call_is_named_before_the_deadline() {
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
    assert!(text.starts_with("RAID UNKNOWN - "), "{text}");
    assert!(
        text.contains("MegaCli64") || text.contains("still running"),
        "{text}"
    );
    // The 4.5 s per-call limit and the time to kill; a margin for a busy machine.
    assert!(took < Duration::from_secs(7), "took {took:?}");
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
    // Each call takes 3 s: none times out on its own, their sum passes the deadline.
    let slow = fake_tool(d.path(), "MegaCli64", "sleep 3\nexec \"$REAL\" \"$@\"");
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
    // Five seconds and the time to kill; a busy machine gets a margin, never the sum of the
    // six calls a check makes (18 s).
    assert!(took < Duration::from_secs(8), "took {took:?}");
    // The killed tool's process group is gone: no `sleep 3` of ours is left behind.
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

/// `check` on a fresh simulated controller of `scenario` with `args`: exit status and the
/// first line.
fn verdict(scenario: &str, args: &[&str]) -> (i32, String) {
    let out = raidctl()
        .args(["--sim", scenario, "check"])
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text.lines().next().unwrap_or("").to_owned(),
    )
}

#[test]
fn a_rebuild_is_a_warning_unless_the_site_says_otherwise() {
    for backend in ["megacli", "storcli", "omreport"] {
        let (code, line) = verdict("rebuilding", &["--backend", backend]);
        assert_eq!(code, 1, "{backend}: {line}");
        assert!(line.contains("rebuilding"), "{backend}: {line}");
    }
    let (code, line) = verdict("rebuilding", &["--state", "ld-rebuilding=critical"]);
    assert_eq!(code, 2, "{line}");
    let (code, line) = verdict(
        "rebuilding",
        &["--state", "ld-rebuilding=ok", "--state", "pd-rebuild=info"],
    );
    assert_eq!(code, 0, "{line}");
}

#[test]
fn ignores_and_expected_counts_change_the_verdict_as_documented() {
    assert_eq!(verdict("degraded", &[]).0, 2);
    // The failed drive's own findings and the VD rule dropped: nothing is left.
    let (code, line) = verdict("degraded", &["--ignore", "ld-degraded", "--ignore", "32:4"]);
    assert_eq!(code, 0, "{line}");
    // Ignoring the drive alone never hides its VD.
    let (code, line) = verdict("degraded", &["--ignore", "32:4"]);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("VD 1 (data) degraded"), "{line}");
    let (code, line) = verdict("healthy", &["--expect-drives", "13"]);
    assert_eq!(
        (code, line.contains("12 drives seen, 13 expected")),
        (2, true),
        "{line}"
    );
    let (code, line) = verdict("healthy", &["--expect-drives", "11"]);
    assert_eq!(code, 1, "{line}");
    let (code, line) = verdict("healthy", &["--expect-spares", "1"]);
    assert_eq!(
        (code, line.contains("0 hot spares seen, 1 expected")),
        (1, true),
        "{line}"
    );
    assert_eq!(verdict("hotspare", &["--expect-spares", "2"]).0, 0);
    assert_eq!(verdict("healthy", &["--expect-vds", "3"]).0, 0);
    assert_eq!(verdict("healthy", &["--expect-vds", "4"]).0, 2);
    // A bad level is a usage error: UNKNOWN.
    assert_eq!(verdict("healthy", &["--state", "ld-degraded=page"]).0, 3);
}
