//! `raidctl check` as a monitoring plugin on each backend the simulator speaks (issue 39): the
//! whole-run deadline, the site's tuning and the long output hold for MegaCli, storcli and
//! OpenManage alike.

use crate::simctl::{init_on, raidctl_timeout, sim_on};
use std::path::Path;
use std::time::{Duration, Instant};

const BACKENDS: [&str; 3] = ["megacli", "storcli", "omreport"];

/// `check ARGS` through `backend` on the simulated controller in `dir`: exit status, stdout.
fn check(dir: &Path, backend: &str, args: &[&str]) -> (i32, String) {
    let out = raidctl_timeout(dir, backend, "30")
        .args(["check", "--max-age", "0"])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The bay `[32:S]` as `backend` names it (OpenManage numbers the enclosure its own way).
fn bay(backend: &str, slot: u16) -> String {
    let enc = if backend == "omreport" { 1 } else { 32 };
    format!("{enc}:{slot}")
}

/// `-t 5` with every vendor call taking 10 s: UNKNOWN, exit 3, within 6 s (the deadline and
/// the time to kill what runs), before NRPE's own timeout would kill raidctl silently.
#[test]
fn a_slow_vendor_tool_is_unknown_before_the_deadline_on_every_backend() {
    for backend in BACKENDS {
        let dir = init_on("healthy", backend);
        let d = dir.path();
        sim_on(
            d,
            backend,
            &["fault", "add", "--command", "*", "--kind", "latency:10s"],
        );
        let t = Instant::now();
        let out = raidctl_timeout(d, backend, "5")
            .args(["check", "--max-age", "0"])
            .output()
            .unwrap();
        let took = t.elapsed();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(3), "{backend}: {text}");
        assert!(text.starts_with("RAID UNKNOWN - "), "{backend}: {text}");
        assert_eq!(text.lines().count(), 1, "{backend}: one line: {text}");
        assert!(took < Duration::from_secs(6), "{backend}: took {took:?}");
    }
}

/// `--state`, `--ignore` (a rule, a bay, a serial) and `--expect-*` change the verdict the
/// same way whichever tool reads the controller.
#[test]
fn tuning_changes_the_verdict_on_every_backend() {
    for backend in BACKENDS {
        let failed = bay(backend, 4);
        let dir = init_on("degraded", backend);
        let d = dir.path();
        let code = |args: &[&str]| check(d, backend, args).0;
        assert_eq!(code(&[]), 2, "{backend}");
        assert_eq!(code(&["--state", "ld-degraded=warning"]), 1, "{backend}");
        // The VD rule dropped, the failed drive's own warnings are left.
        assert_eq!(code(&["--ignore", "ld-degraded"]), 1, "{backend}");
        // ... and dropped by bay or by the serial on its label.
        for drive in [failed.as_str(), "S0K1A2B04"] {
            let (c, text) = check(d, backend, &["--ignore", "ld-degraded", "--ignore", drive]);
            assert_eq!(c, 0, "{backend} --ignore {drive}: {text}");
        }
        // Ignoring the drive never hides its VD.
        let (c, text) = check(d, backend, &["--ignore", "S0K1A2B04"]);
        assert_eq!(c, 2, "{backend}: {text}");
        assert!(text.contains("VD 1 (data) degraded"), "{backend}: {text}");

        let dir = init_on("healthy", backend);
        let d = dir.path();
        let verdict = |args: &[&str]| {
            let (c, text) = check(d, backend, args);
            (c, text.lines().next().unwrap_or("").to_owned())
        };
        assert_eq!(verdict(&["--expect-drives", "12"]).0, 0, "{backend}");
        let (c, line) = verdict(&["--expect-drives", "13"]);
        assert_eq!(c, 2, "{backend}: {line}");
        assert!(
            line.contains("12 drives seen, 13 expected"),
            "{backend}: {line}"
        );
        assert_eq!(verdict(&["--expect-drives", "11"]).0, 1, "{backend}");
        let (c, line) = verdict(&["--expect-spares", "1"]);
        assert_eq!(c, 1, "{backend}: {line}");
        assert!(
            line.contains("0 hot spares seen, 1 expected"),
            "{backend}: {line}"
        );
        assert_eq!(verdict(&["--expect-vds", "3"]).0, 0, "{backend}");
        assert_eq!(verdict(&["--expect-vds", "4"]).0, 2, "{backend}");
    }
}

/// `-v` adds the monitoring-plugins long output after the problems: one line per VD and per
/// drive. Without it the output is what it was.
#[test]
fn verbose_lists_every_vd_and_drive_after_the_problems() {
    for backend in BACKENDS {
        let dir = init_on("degraded", backend);
        let d = dir.path();
        let (code, plain) = check(d, backend, &[]);
        let (vcode, verbose) = check(d, backend, &["-v"]);
        assert_eq!((code, vcode), (2, 2), "{backend}");
        let plain: Vec<&str> = plain.lines().collect();
        let verbose: Vec<&str> = verbose.lines().collect();
        // The same status line (before the perfdata) and the same problem lines first.
        let head = |l: &str| l.split(" | ").next().unwrap_or("").to_owned();
        assert_eq!(head(plain[0]), head(verbose[0]), "{backend}");
        assert_eq!(plain[1..], verbose[1..plain.len()], "{backend}");
        assert!(
            plain.iter().all(|l| !l.starts_with("VD ")),
            "{backend}: the default output has no long output: {plain:?}"
        );
        let extra = &verbose[plain.len()..];
        // Three VDs and twelve drives.
        assert_eq!(extra.len(), 3 + 12, "{backend}: {extra:#?}");
        assert!(
            extra
                .iter()
                .any(|l| l.starts_with("VD 1 (data): raid5 degraded, ")),
            "{backend}: {extra:#?}"
        );
        let failed = format!("[{}]: failed in VD 1, serial S0K1A2B04", bay(backend, 4));
        assert!(
            extra.iter().any(|l| l.starts_with(&failed)),
            "{backend}: no {failed:?} in {extra:#?}"
        );
    }
}

/// Issue 39: the last member of a VD without redundancy (a single-drive RAID0, on Ceph hosts an
/// OSD of its own) that is pulled took the VD's data with it: its own finding is CRITICAL, not
/// the WARNING of a member whose VD survives.
#[test]
fn a_pulled_raid0_member_pages_on_its_own() {
    for backend in ["megacli", "storcli"] {
        let dir = init_on("ceph-node", backend);
        let d = dir.path();
        let out = raidctl_timeout(d, backend, "30")
            .args(["ld", "create", "--raid", "raid0", "32:5", "--yes"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{backend}: {out:?}");
        assert_eq!(check(d, backend, &[]).0, 0, "{backend}");
        sim_on(d, backend, &["pull", "32:5"]);
        let (code, text) = check(d, backend, &[]);
        assert_eq!(code, 2, "{backend}: {text}");
        // The problem's own line (the status line names it too).
        let line = text
            .lines()
            .skip(1)
            .find(|l| l.contains("[32:5] (serial ZA1A2B05"))
            .unwrap_or_else(|| panic!("{backend}: {text}"));
        assert!(
            line.starts_with("CRITICAL: ")
                && line.contains("a member of VD 1 (the VD has no redundancy)) is gone"),
            "{backend}: {line}"
        );
    }
}
