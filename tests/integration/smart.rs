//! SMART through the controller (issue 41) through the CLI under `--sim`: the simulated
//! smartctl answers from the drive state, `metrics` carries `raidctl_pd_smart_*` for every
//! drive of every scenario (promtool clean), a read failure and a SMART trip are problems in
//! `check`, `status --format json` has a `smart` object per drive, and the SMART cache stands
//! for `--smart-max-age`.

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, raidctl_timeout};
use raidctl::sim::scenarios;
use std::path::Path;

/// raidctl on the simulator state in `dir` through MegaCli, with a 30 s vendor timeout.
fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, "megacli", "30")
}

fn sim(dir: &Path, args: &[&str]) {
    let Run {
        stdout: out, code, ..
    } = raidctl(dir).args([&["sim"][..], args].concat()).run();
    assert_eq!(code, 0, "sim {args:?}: {out}");
}

/// The `slot` label value of every sample of `family` whose value is `value` (any with None).
fn slots(text: &str, family: &str, value: Option<&str>) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with(&format!("{family}{{")))
        .filter(|l| value.is_none_or(|v| l.ends_with(&format!(" {v}"))))
        .filter_map(|l| {
            l.split("slot=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .map(|s| format!("{}/{s}", adapter_of(l)))
        })
        .collect()
}

fn adapter_of(line: &str) -> String {
    line.split("adapter=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or("")
        .to_owned()
}

#[test]
fn every_scenario_has_smart_series_for_every_drive() {
    for scenario in scenarios::NAMES {
        let d = tempfile::tempdir().unwrap();
        let Run {
            stdout: text, code, ..
        } = raidctl(d.path()).args(["--sim", scenario, "metrics"]).run();
        assert_eq!(code, 0, "{scenario}: {text}");
        let mut drives = slots(&text, "raidctl_pd_info", None);
        let mut smart = slots(&text, "raidctl_pd_smart_read_success", None);
        drives.sort();
        smart.sort();
        assert!(!drives.is_empty(), "{scenario}: no drive");
        assert_eq!(drives, smart, "{scenario}: drives without SMART series");
        // Every drive a smartctl can open carries its attributes.
        let read = slots(&text, "raidctl_pd_smart_read_success", Some("1"));
        let temp = slots(&text, "raidctl_pd_smart_temperature_celsius", None);
        assert_eq!(read.len(), temp.len(), "{scenario}");
        assert!(
            text.contains("raidctl_pd_smart_power_on_seconds{"),
            "{scenario}"
        );
        assert!(text.contains("serial=\""), "{scenario}");
        if let Some((ok, msg)) = crate::health::promtool(&text) {
            assert!(ok, "{scenario}: promtool check metrics:\n{msg}");
        }
    }
}

#[test]
fn read_failure_and_trip_are_problems_and_the_cache_stands() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    raidctl(dir)
        .scenario("healthy")
        .args(["sim", "scenarios"])
        .status(0)
        .run();
    let Run {
        stdout: text, code, ..
    } = raidctl(dir).args(["metrics"]).run();
    assert_eq!(code, 0, "{text}");
    assert!(slots(&text, "raidctl_pd_smart_read_success", Some("0")).is_empty());
    assert!(dir.join("raidctl/smart.json").is_file());
    // Unreadable now, but the successful read stands for --smart-max-age.
    sim(dir, &["smart", "32:2", "unreadable"]);
    let Run { stdout: text, .. } = raidctl(dir).args(["metrics"]).run();
    assert!(
        slots(&text, "raidctl_pd_smart_read_success", Some("0")).is_empty(),
        "{text}"
    );
    // Read again: the failure is a series and a problem, not silence.
    let Run { stdout: text, .. } = raidctl(dir).args(["--smart-max-age", "0", "metrics"]).run();
    assert_eq!(
        slots(&text, "raidctl_pd_smart_read_success", Some("0")),
        ["0/2"],
        "{text}"
    );
    let Run {
        stdout: out, code, ..
    } = raidctl(dir).args(["--smart-max-age", "0", "check"]).run();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("SMART not read"), "{out}");
    let Run { stdout: json, .. } = raidctl(dir)
        .args(["--smart-max-age", "0", "--format", "json", "status"])
        .run();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let pds = v["snapshot"]["physical_drives"].as_array().unwrap();
    let s2 = pds.iter().find(|p| p["slot"] == 2).unwrap();
    assert_eq!(s2["smart"]["read_success"], false, "{s2}");
    let s1 = pds.iter().find(|p| p["slot"] == 1).unwrap();
    assert_eq!(s1["smart"]["read_success"], true, "{s1}");
    assert!(s1["smart"]["temperature_trip_c"].is_i64(), "{s1}");
    // A SMART trip pages.
    sim(dir, &["smart", "32:2", "readable"]);
    sim(dir, &["smart", "32:1", "trip"]);
    let Run {
        stdout: out, code, ..
    } = raidctl(dir).args(["--smart-max-age", "0", "check"]).run();
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("SMART overall health FAILED"), "{out}");
    let Run { stdout: text, .. } = raidctl(dir).args(["metrics"]).run();
    assert_eq!(
        slots(&text, "raidctl_pd_smart_ok", Some("0")),
        ["0/1"],
        "{text}"
    );
    // Its level is the site's, as every rule's.
    let Run {
        stdout: out, code, ..
    } = raidctl(dir)
        .args(["check", "--state", "smart-failing=warning"])
        .run();
    assert_eq!(code, 1, "{out}");
}

#[test]
fn a_bundle_says_a_failed_smart_read_in_its_summary_and_replays_smart() {
    // A bundle runs smartctl only where the host has it (the simulator answers it then): one
    // on `PATH`, whatever the host has.
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    raidctl(dir)
        .scenario("healthy")
        .args(["sim", "scenarios"])
        .status(0)
        .run();
    sim(dir, &["smart", "32:2", "unreadable"]);
    let bundle = dir.join("b.tar.gz");
    let Run {
        stdout: out, code, ..
    } = raidctl(dir)
        .timeout("30")
        .env("PATH", crate::util::path_with_smartctl())
        .args(["collect", "-o", bundle.to_str().unwrap()])
        .run();
    assert_eq!(code, 0, "{out}");
    let x = dir.join("x");
    std::fs::create_dir(&x).unwrap();
    let st = std::process::Command::new("tar")
        .arg("-xzf")
        .arg(&bundle)
        .arg("-C")
        .arg(&x)
        .status()
        .unwrap();
    assert!(st.success());
    let top = std::fs::read_dir(&x)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let summary = std::fs::read_to_string(top.join("SUMMARY.md")).unwrap();
    assert!(
        summary.contains("SMART not read") && summary.contains("[32:2]"),
        "{summary}"
    );
    // Replayed, the bundle's SMART is the drives' SMART.
    let out = raidctl_timeout(dir, "megacli", "30")
        .args(["--format", "json", "status", "--from-bundle"])
        .arg(&bundle)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pds = v["snapshot"]["physical_drives"].as_array().unwrap();
    let slot = |n: u64| pds.iter().find(|p| p["slot"] == n).unwrap()["smart"].clone();
    assert_eq!(slot(2)["read_success"], false);
    assert_eq!(slot(1)["read_success"], true);
    let rules: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["rule"].as_str())
        .collect();
    assert!(rules.contains(&"smart-read-failed"), "{rules:?}");
}

fn promtool_or_skip() -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if raidctl::backend::runner::which("promtool", &path).is_some() {
        return true;
    }
    crate::util::skip("promtool not installed (apt-get install prometheus)");
    false
}

#[test]
fn alert_rules_pass_promtool_and_every_alert_fires_and_stays_silent_in_a_test() {
    let dir = crate::util::root().join("contrib/prometheus");
    let rules = std::fs::read_to_string(dir.join("raidctl.rules.yml")).unwrap();
    let tests = std::fs::read_to_string(dir.join("raidctl.rules.test.yml")).unwrap();
    let alerts: Vec<&str> = rules
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- alert: "))
        .collect();
    // Every alert: a runbook_url, a test where it fires and one where it does not.
    let (mut firing, mut silent) = (Vec::new(), Vec::new());
    let mut name = None;
    for l in tests.lines() {
        let t = l.trim();
        if let Some(n) = t.strip_prefix("alertname: ") {
            name = Some(n);
        } else if let (Some(n), Some(rest)) = (name, t.strip_prefix("exp_alerts:")) {
            if rest.trim() == "[]" {
                silent.push(n);
            } else {
                firing.push(n);
            }
        }
    }
    for a in &alerts {
        assert!(firing.contains(a), "{a}: no test where it fires");
        assert!(silent.contains(a), "{a}: no test where it stays silent");
    }
    assert_eq!(
        rules.matches("runbook_url:").count(),
        alerts.len(),
        "every alert has a runbook_url"
    );
    for needed in [
        "RaidctlPreservedCache",
        "RaidctlVirtualDriveBadBlocks",
        "RaidctlDriveMissing",
        "RaidctlDriveSmartFailing",
        "RaidctlCriticalProblem",
    ] {
        assert!(alerts.contains(&needed), "{needed}");
    }
    // The SMART series the rules use are the ones `metrics` writes.
    let mut text = String::new();
    for scenario in ["healthy", "ceph-node"] {
        let d = tempfile::tempdir().unwrap();
        text.push_str(
            &raidctl(d.path())
                .args(["--sim", scenario, "metrics"])
                .run()
                .stdout,
        );
    }
    for word in rules.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if word.starts_with("raidctl_pd_smart_") {
            assert!(
                text.contains(&format!("# TYPE {word} ")),
                "{word} is not a series raidctl writes"
            );
        }
    }
    if !promtool_or_skip() {
        return;
    }
    for args in [
        ["check", "rules", "raidctl.rules.yml"],
        ["test", "rules", "raidctl.rules.test.yml"],
    ] {
        let out = std::process::Command::new("promtool")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "promtool {args:?}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
