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

/// `check -t 5` on a healthy simulated controller whose MegaCli runs `script` first (a
/// sleep): its output, how long it took, and the slow tool's path.
fn check_with_a_slow_tool(
    d: &std::path::Path,
    script: &str,
) -> (std::process::Output, Duration, std::path::PathBuf) {
    let sim = d.join("sim");
    raidctl()
        .args(["--quiet", "--sim", "healthy", "--sim-state"])
        .arg(&sim)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    let slow = fake_tool(d, "MegaCli64", script);
    let t = Instant::now();
    let out = through(&slow, &sim, d)
        .args(["check", "-t", "5", "--max-age", "0"])
        .output()
        .unwrap();
    (out, t.elapsed(), slow)
}

#[test]
fn one_hung_call_is_named_before_the_deadline() {
    let d = tempfile::tempdir().unwrap();
    let (out, took, _) = check_with_a_slow_tool(d.path(), "sleep 10\nexec \"$REAL\" \"$@\"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.starts_with("RAID UNKNOWN - "), "{text}");
    assert!(
        text.contains("MegaCli64") || text.contains("still running"),
        "{text}"
    );
    // The 4.5 s per-call limit, or the 5 s deadline, and the time to kill: under 6 s.
    assert!(took < Duration::from_secs(6), "took {took:?}");
}

#[test]
fn the_whole_run_has_one_deadline() {
    let d = tempfile::tempdir().unwrap();
    // Each call takes 3 s: none times out on its own, their sum passes the deadline.
    let (out, took, slow) = check_with_a_slow_tool(d.path(), "sleep 3\nexec \"$REAL\" \"$@\"");
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
    match sleepers {
        Ok(s) => assert!(
            s.stdout.is_empty(),
            "left running: {}",
            String::from_utf8_lossy(&s.stdout)
        ),
        Err(_) => crate::util::skip(
            "pgrep (procps) is not installed: the killed tool's group is not looked for",
        ),
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
    // The same settings from the site's file (NRPE's command line stays fixed); the command
    // line adds to it; a file with a bad line is no verdict, naming file and line.
    let d = tempfile::tempdir().unwrap();
    let conf = d.path().join("check.conf");
    std::fs::write(
        &conf,
        "# site
ignore ld-degraded
ignore 32:4
",
    )
    .unwrap();
    let c = conf.display().to_string();
    assert_eq!(verdict("degraded", &["--config", &c]).0, 0);
    assert_eq!(
        verdict("degraded", &["--config", &c, "--expect-drives", "13"]).0,
        2
    );
    std::fs::write(
        &conf,
        "ignore ld-degraded
expect-vds many
",
    )
    .unwrap();
    let (code, line) = verdict("degraded", &["--config", &c]);
    assert_eq!(code, 3, "{line}");
    assert!(
        line.starts_with("RAID UNKNOWN - check configuration ")
            && line.contains(&format!("{c}:2: `expect-vds` needs a count")),
        "{line}"
    );
}

/// A sysfs tree with one PCI storage function per `(address, vendor, device, driver)`.
fn pci_tree(root: &std::path::Path, fns: &[(&str, u16, u16, &str)]) {
    let devices = root.join("bus/pci/devices");
    std::fs::create_dir_all(&devices).unwrap();
    for (addr, vendor, device, driver) in fns {
        let d = devices.join(addr);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("class"), "0x010700\n").unwrap();
        std::fs::write(d.join("vendor"), format!("0x{vendor:04x}\n")).unwrap();
        std::fs::write(d.join("device"), format!("0x{device:04x}\n")).unwrap();
        std::fs::write(d.join("subsystem_vendor"), "0x1028\n").unwrap();
        let drv = root.join("bus/pci/drivers").join(driver);
        std::fs::create_dir_all(&drv).unwrap();
        std::os::unix::fs::symlink(&drv, d.join("driver")).unwrap();
    }
}

/// raidctl on a host described by `sys`, with no vendor tool to find.
fn on_host(sys: &std::path::Path, state: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = raidctl()
        .env("PATH", "/nonexistent")
        .arg("--sys-root")
        .arg(sys)
        .arg("--state-dir")
        .arg(state)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_host_without_megaraid_is_ok_and_a_megaraid_without_its_tool_is_unknown() {
    let installed = [
        "/opt/MegaRAID/MegaCli/MegaCli64",
        "/opt/MegaRAID/storcli/storcli64",
        "/opt/MegaRAID/perccli/perccli64",
        "/opt/dell/srvadmin/bin/omreport",
    ];
    if installed.iter().any(|p| std::path::Path::new(p).exists()) {
        crate::util::skip("a vendor tool is installed in its standard place on this machine");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let state = d.path().join("state");
    // No storage controller at all.
    let none = d.path().join("none");
    pci_tree(&none, &[]);
    let (code, text) = on_host(&none, &state, &["check"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with("RAID OK - nothing to manage: no storage controller"),
        "{text}"
    );
    // Nothing to read is a successful scrape of zero controllers, not a failing one.
    let (code, text) = on_host(&none, &state, &["metrics"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("\nraidctl_scrape_success 1\n"), "{text}");
    assert!(text.contains("\nraidctl_controllers 0\n"), "{text}");
    // Only an HBA330 (mpt3sas): the common Ceph node.
    let hba = d.path().join("hba");
    pci_tree(&hba, &[("0000:03:00.0", 0x1000, 0x0097, "mpt3sas")]);
    let (code, text) = on_host(&hba, &state, &["check"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("only 0000:03:00.0 [1000:0097] on mpt3sas"),
        "{text}"
    );
    let (code, text) = on_host(&hba, &state, &["metrics"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("\nraidctl_scrape_success 1\n"), "{text}");
    assert!(text.contains("\nraidctl_controllers 0\n"), "{text}");
    let (code, text) = on_host(&hba, &state, &["status"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("Nothing to manage: "), "{text}");
    // A PERC H730 whose tool is missing: unknown, with the install hint.
    let perc = d.path().join("perc");
    pci_tree(&perc, &[("0000:02:00.0", 0x1000, 0x005d, "megaraid_sas")]);
    let (code, text) = on_host(&perc, &state, &["check"]);
    assert_eq!(code, 3, "{text}");
    // What to install for this controller, not that the MegaCli fallback is missing.
    assert!(
        text.starts_with(
            "RAID UNKNOWN - no vendor tool for the MegaRAID/PERC controller 0000:02:00.0 [1000:005d]: install perccli (perccli64 on PATH or in /opt/MegaRAID/perccli)"
        ) && text.contains("`raidctl doctor` explains"),
        "{text}"
    );
    let (_, text) = on_host(&perc, &state, &["metrics"]);
    assert!(text.contains("\nraidctl_scrape_success 0\n"), "{text}");
    assert!(text.contains("install perccli"), "{text}");
}

/// `check` through `backend` on the simulated controller in `dir`: exit status, all output.
fn check_on(dir: &std::path::Path, backend: &str) -> (i32, String) {
    let out = crate::simctl::raidctl_timeout(dir, backend, "30")
        .args(["check", "--max-age", "0"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The `ceph-node` scenario through `backend` with JBOD enabled and `bay` made a JBOD drive
/// (with MegaCli's syntax, as an operator would).
fn jbod_node(backend: &str, bay: &str) -> tempfile::TempDir {
    let dir = crate::simctl::init_on("ceph-node", backend);
    let drive = format!("-PhysDrv[{bay}]");
    for args in [
        &["-AdpSetProp", "-EnableJBOD", "-1", "-a0"][..],
        &["-PDMakeJBOD", &drive, "-a0"],
    ] {
        crate::simctl::raidctl_on(dir.path(), backend)
            .args(["sim", "exec", "MegaCli64", "--"])
            .args(args)
            .assert()
            .success();
    }
    dir
}

/// Issue 39: a JBOD drive (on the JBOD layout, an OSD) pulled was `RAID OK`; a pulled spare
/// was nothing. Both are seen, on every backend, until the bay holds a drive again.
#[test]
fn a_vanished_jbod_drive_pages_and_a_vanished_spare_warns() {
    for backend in ["megacli", "storcli", "omreport"] {
        let dir = jbod_node(backend, "32:3");
        let d = dir.path();
        assert_eq!(check_on(d, backend).0, 0, "{backend}");
        crate::simctl::sim_on(d, backend, &["pull", "32:3"]);
        // OpenManage numbers the enclosure its own way.
        let enc = if backend == "omreport" { "1" } else { "32" };
        let (code, text) = check_on(d, backend);
        assert_eq!(code, 2, "{backend}: {text}");
        assert!(
            text.contains(&format!(
                "[{enc}:3] (serial ZA1A2B03, a JBOD drive) is gone"
            )),
            "{backend}: {text}"
        );
        let metrics = crate::simctl::raidctl_timeout(d, backend, "30")
            .args(["metrics", "--max-age", "0"])
            .output()
            .unwrap();
        let m = String::from_utf8_lossy(&metrics.stdout);
        assert!(
            m.contains(&format!("raidctl_pd_missing{{adapter=\"0\",enclosure=\"{enc}\",slot=\"3\",serial=\"ZA1A2B03\",severity=\"critical\"}} 1")),
            "{backend}: {m}"
        );
        // Back in its bay: seen again, nothing missing.
        crate::simctl::sim_on(d, backend, &["insert", "32:3", "--kind", "original"]);
        let (_, text) = check_on(d, backend);
        assert!(!text.contains("is gone"), "{backend}: {text}");
    }
    for backend in ["megacli", "storcli", "omreport"] {
        let dir = crate::simctl::init_on("hotspare", backend);
        let d = dir.path();
        assert_eq!(check_on(d, backend).0, 0, "{backend}");
        // The spare's slot, and its bay as this backend names it.
        let v = crate::simctl::status_json_on(d, backend);
        let (enc, slot) = v["snapshot"]["physical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["firmware_state"] == "hotspare")
            .map(|p| (p["enclosure_id"].to_string(), p["slot"].to_string()))
            .unwrap_or_else(|| panic!("{backend}: no spare in {v}"));
        // The simulator's hands take MegaCli's enclosure number.
        crate::simctl::sim_on(d, backend, &["pull", &format!("32:{slot}")]);
        let (code, text) = check_on(d, backend);
        assert_eq!(code, 1, "{backend}: {text}");
        assert!(
            text.contains(&format!("[{enc}:{slot}] (serial "))
                && text.contains("a hot spare) is gone"),
            "{backend}: {text}"
        );
    }
}

/// Issue 39: a failed JBOD drive was `RAID WARNING - [32:2] is Unconfigured(bad)` with
/// `next: raidctl pd make-good 32:2`, putting the failed data drive back into service.
/// OpenManage reports it `Failed` (not Unconfigured(bad)): CRITICAL there too.
#[test]
fn a_failed_jbod_drive_is_critical_and_its_next_step_is_a_replacement() {
    for backend in ["megacli", "storcli", "omreport"] {
        let dir = jbod_node(backend, "32:2");
        let d = dir.path();
        assert_eq!(check_on(d, backend).0, 0, "{backend}");
        crate::simctl::sim_on(d, backend, &["fail", "32:2"]);
        // OpenManage numbers the enclosure its own way.
        let bay = if backend == "omreport" { "1:2" } else { "32:2" };
        // Twice: the second run reads the baseline the first wrote, and must say the same.
        for _ in 0..2 {
            let (code, text) = check_on(d, backend);
            assert_eq!(code, 2, "{backend}: {text}");
            assert!(
                text.contains(&format!("[{bay}]")) && text.contains("was a JBOD drive"),
                "{backend}: {text}"
            );
            assert!(
                text.contains(&format!("raidctl replace-drive {bay}")),
                "{backend}: {text}"
            );
            assert!(!text.contains("make-good"), "{backend}: {text}");
        }
    }
}

/// Issue 39: after an interrupted replacement `status` suggested a fresh `replace-drive` and
/// nothing said which bay still blinked. `check`, `status` and `metrics` now name the
/// unfinished journal with its resume command and the bay raidctl left blinking with the
/// command that stops it, until the journal is dismissed and the LED stopped.
#[test]
fn an_interrupted_replacement_and_its_blinking_bay_are_shown_until_dealt_with() {
    for backend in ["megacli", "storcli"] {
        let dir = crate::simctl::init_on("degraded", backend);
        let d = dir.path();
        let out = crate::simctl::raidctl_timeout(d, backend, "30")
            .env("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")
            .args(["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{backend}: {out:?}");
        let (code, text) = check_on(d, backend);
        assert_eq!(code, 2, "{backend}: {text}");
        let line = |start: &str| {
            text.lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("{backend}: no {start:?} line in\n{text}"))
                .to_owned()
        };
        let unfinished =
            line("WARNING: the replacement of [32:4] (serial S0K1A2B04) was interrupted");
        let id = unfinished
            .split("(next: raidctl resume ")
            .nth(1)
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{backend}: no resume command: {unfinished}"))
            .to_owned();
        assert!(id.contains("-replace-drive-"), "{backend}: {id}");
        let blink = line("INFO: [32:4] of adapter 0 is blinking");
        assert!(
            blink.ends_with("(next: raidctl pd locate 32:4 -a 0 --stop)"),
            "{backend}: {blink}"
        );
        let status = crate::simctl::raidctl_timeout(d, backend, "30")
            .args(["status", "--max-age", "0"])
            .output()
            .unwrap();
        let table = String::from_utf8_lossy(&status.stdout);
        assert!(
            table.contains(&format!("-> raidctl resume {id}"))
                && table.contains("-> raidctl pd locate 32:4 -a 0 --stop"),
            "{backend}: {table}"
        );
        let metrics = crate::simctl::raidctl_timeout(d, backend, "30")
            .args(["metrics", "--max-age", "0"])
            .output()
            .unwrap();
        let m = String::from_utf8_lossy(&metrics.stdout);
        for series in [
            "raidctl_workflow_unfinished{adapter=\"0\",enclosure=\"32\",slot=\"4\",serial=\"S0K1A2B04\"} 1",
            "raidctl_locate_on{adapter=\"0\",enclosure=\"32\",slot=\"4\",serial=\"S0K1A2B04\"} 1",
        ] {
            assert!(m.contains(series), "{backend}: no {series} in\n{m}");
        }
        let w = crate::simctl::raidctl_on(d, backend)
            .args(["workflows"])
            .output()
            .unwrap();
        let w = String::from_utf8_lossy(&w.stdout);
        assert!(
            w.starts_with("Unfinished:") && w.contains("interrupted"),
            "{backend}: {w}"
        );
        // Dealt with by hand: dismissed, and the LED stopped.
        crate::simctl::raidctl_on(d, backend)
            .args(["workflows", "dismiss", &id])
            .assert()
            .success();
        let (_, text) = check_on(d, backend);
        assert!(!text.contains("the replacement of"), "{backend}: {text}");
        assert!(text.contains("is blinking"), "{backend}: {text}");
        crate::simctl::raidctl_on(d, backend)
            .args(["pd", "locate", "32:4", "--stop"])
            .assert()
            .success();
        let (_, text) = check_on(d, backend);
        assert!(!text.contains("is blinking"), "{backend}: {text}");
    }
}

/// Issue 39: a vanished drive stays a problem "until acknowledged": `inventory` lists it as
/// MISSING and `inventory forget` is that acknowledgement (refused for a present drive).
#[test]
fn a_vanished_drive_is_reported_until_the_operator_forgets_it() {
    let dir = jbod_node("megacli", "32:3");
    let d = dir.path();
    assert_eq!(check_on(d, "megacli").0, 0);
    crate::simctl::sim_on(d, "megacli", &["pull", "32:3"]);
    let (code, text) = check_on(d, "megacli");
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("(next: raidctl inventory forget 32:3 -a 0)"),
        "{text}"
    );
    let inv = crate::simctl::raidctl_on(d, "megacli")
        .args(["inventory"])
        .output()
        .unwrap();
    let inv = String::from_utf8_lossy(&inv.stdout).into_owned();
    let row = inv
        .lines()
        .find(|l| l.contains("[32:3]"))
        .unwrap_or_else(|| panic!("{inv}"));
    assert!(
        row.contains("ZA1A2B03") && row.contains("jbod") && row.contains("MISSING"),
        "{row}"
    );
    // A present drive is not forgotten.
    let o = crate::simctl::raidctl_on(d, "megacli")
        .args(["inventory", "forget", "32:2"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    crate::simctl::raidctl_on(d, "megacli")
        .args(["inventory", "forget", "ZA1A2B03"])
        .assert()
        .success();
    let (code, text) = check_on(d, "megacli");
    assert_eq!(code, 0, "{text}");
}
