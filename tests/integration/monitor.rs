//! `status`, `check` and `metrics` end to end against the simulator, including its faults.

use assert_cmd::Command;
use std::path::Path;
use std::time::{Duration, Instant};

fn raidctl(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("raidctl").unwrap();
    c.arg("--sim-state")
        .arg(dir)
        .arg("--quiet")
        .env_remove("RAIDCTL_SIM")
        .env_remove("NO_COLOR");
    c
}

fn init(scenario: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    raidctl(dir.path())
        .args(["--sim", scenario, "sim", "scenarios"])
        .assert()
        .success();
    dir
}

fn fault(dir: &Path, command: &str, kind: &str) {
    raidctl(dir)
        .args(["sim", "fault", "add", "--command", command, "--kind", kind])
        .assert()
        .success();
}

fn check(dir: &Path, extra: &[&str]) -> (i32, String, Duration) {
    let start = Instant::now();
    let out = raidctl(dir)
        .args(extra)
        .args(["check", "--max-age", "0"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        start.elapsed(),
    )
}

#[test]
fn every_scenario_gives_the_expected_check_status() {
    // Every scenario the simulator has: a new one fails here until its status is written down.
    for &scenario in raidctl::sim::scenarios::NAMES {
        let code = match scenario {
            "healthy" | "hotspare" | "bbu-learn" | "ceph-node" | "large" => 0,
            "rebuilding" => 1,
            "degraded" | "foreign" => 2,
            other => panic!("no expected check status for the scenario {other}"),
        };
        let dir = init(scenario);
        let (got, text, _) = check(dir.path(), &[]);
        assert_eq!(got, code, "{scenario}: {text}");
        assert!(text.starts_with("RAID "), "{text}");
        assert!(
            text.lines().next().unwrap().contains('|'),
            "perfdata on the first line: {text}"
        );
    }
}

#[test]
fn status_exit_codes_and_json() {
    let dir = init("degraded");
    let out = raidctl(dir.path())
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["overall"], "critical");
    assert!(
        v["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["rule"] == "ld-degraded")
    );
    let pd = v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["slot"] == 4)
        .unwrap()
        .clone();
    assert_eq!(pd["smartctl_device"], "megaraid,4");
    let out = raidctl(dir.path())
        .args(["status", "--max-age", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("raidctl replace-drive 32:4"), "{text}");
}

#[test]
fn hang_is_unknown_within_the_timeout() {
    let dir = init("healthy");
    fault(dir.path(), "pdlist", "hang");
    let (code, text, took) = check(dir.path(), &["--timeout", "1"]);
    assert_eq!(code, 3, "{text}");
    assert!(text.starts_with("RAID UNKNOWN"), "{text}");
    assert!(text.contains("timed out"), "{text}");
    // A hang lasts an hour: any bound well below proves the kill, and a busy 2-core machine
    // can take seconds to start the processes.
    assert!(took < Duration::from_secs(60), "took {took:?}");
}

#[test]
fn crash_and_silence_are_unknown_never_ok() {
    for kind in ["crash", "empty", "garbled"] {
        let dir = init("healthy");
        fault(dir.path(), "adpallinfo", kind);
        let (code, text, _) = check(dir.path(), &[]);
        assert_eq!(code, 3, "{kind}: {text}");
        assert!(text.starts_with("RAID UNKNOWN"), "{kind}: {text}");
        let out = raidctl(dir.path())
            .args(["metrics", "--max-age", "0"])
            .output()
            .unwrap();
        let m = String::from_utf8_lossy(&out.stdout);
        assert!(m.contains("raidctl_scrape_success 0"), "{kind}: {m}");
        let out = raidctl(dir.path())
            .args(["status", "--max-age", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{kind}");
    }
}

#[test]
fn missing_megacli_is_unknown() {
    // Named explicitly: auto-detection on a host without a MegaRAID has nothing to manage
    // (check_plugin::a_host_without_megaraid_is_ok_and_a_megaraid_without_its_tool_is_unknown).
    let dir = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["--state-dir"])
        .arg(dir.path())
        .args(["--backend", "megacli", "check"])
        .env("PATH", dir.path())
        .env_remove("RAIDCTL_MEGACLI")
        .env_remove("RAIDCTL_SIM")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("MegaCli not found"));
}

/// An explicit `--backend` whose tool is missing names that tool, not MegaCli.
#[test]
fn missing_storcli2_is_unknown_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["--state-dir"])
        .arg(dir.path())
        .args(["--backend", "perccli2", "check"])
        .env("PATH", dir.path())
        .env_remove("RAIDCTL_SIM")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("perccli2 not found: tried perccli2 on PATH"),
        "{text}"
    );
}

#[test]
fn large_status_costs_a_fixed_number_of_vendor_calls() {
    let dir = init("large");
    let out = raidctl(dir.path())
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["snapshot"]["physical_drives"].as_array().unwrap().len(),
        256
    );
    assert_eq!(
        v["snapshot"]["logical_drives"].as_array().unwrap().len(),
        24
    );
    let calls = v["snapshot"]["vendor_calls"].as_u64().unwrap();
    assert!(calls <= 6, "{calls} vendor calls");
    // The simulator's own count agrees.
    let out = raidctl(dir.path()).args(["sim", "calls"]).output().unwrap();
    let counts: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let total: u64 = counts
        .as_object()
        .unwrap()
        .values()
        .filter_map(serde_json::Value::as_u64)
        .sum();
    assert_eq!(total, calls, "{counts}");
}

#[test]
fn cache_shares_one_set_of_calls() {
    let dir = init("healthy");
    raidctl(dir.path())
        .args(["check", "--max-age", "60"])
        .assert()
        .success();
    raidctl(dir.path())
        .args(["metrics", "--max-age", "60"])
        .assert()
        .success();
    raidctl(dir.path())
        .args(["status", "--max-age", "60"])
        .assert()
        .success();
    let out = raidctl(dir.path()).args(["sim", "calls"]).output().unwrap();
    let counts: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(counts["pdlist"], 1, "{counts}");
}

#[test]
fn metrics_textfile_is_written_atomically() {
    let dir = init("degraded");
    let out_dir = tempfile::tempdir().unwrap();
    raidctl(dir.path())
        .args(["metrics", "--max-age", "0", "--textfile-dir"])
        .arg(out_dir.path())
        .assert()
        .success();
    let text = std::fs::read_to_string(out_dir.path().join("raidctl.prom")).unwrap();
    assert!(text.contains("raidctl_scrape_success 1"));
    assert!(text.contains("raidctl_ld_state{"));
    let leftovers: Vec<_> = std::fs::read_dir(out_dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "raidctl.prom")
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn collect_then_replay_gives_the_same_health() {
    let dir = init("degraded");
    let out_dir = tempfile::tempdir().unwrap();
    let bundle = out_dir.path().join("bundle.tar.gz");
    raidctl(dir.path())
        .env("PATH", crate::util::path_with_smartctl())
        .args(["collect", "-o"])
        .arg(&bundle)
        .assert()
        .success();
    assert!(out_dir.path().join("bundle.tar.gz.sha256").is_file());
    let live = raidctl(dir.path())
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let replay = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["status", "--format", "json", "--from-bundle"])
        .arg(&bundle)
        .output()
        .unwrap();
    assert_eq!(live.status.code(), replay.status.code());
    let rules = |b: &[u8]| -> Vec<(String, String)> {
        let v: serde_json::Value = serde_json::from_slice(b).unwrap();
        v["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["rule"].as_str().unwrap().to_owned(),
                    p["subject"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(rules(&live.stdout), rules(&replay.stdout));
    let check = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["check", "--from-bundle"])
        .arg(&bundle)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(2));
}
