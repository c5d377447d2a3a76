//! The native MFI backend over the simulated firmware: the same health, drive and VD states
//! as the MegaCli front end of the same state, and its refusals and failure modes.

use crate::simctl::raidctl_timeout;
use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

fn raidctl(dir: &Path, backend: &str) -> Command {
    raidctl_timeout(dir, backend, "5")
}

fn init(scenario: &str) -> tempfile::TempDir {
    crate::simctl::init_on(scenario, "megacli")
}

fn status(dir: &Path, backend: &str) -> (Value, i32) {
    let out = raidctl(dir, backend)
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{backend}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    (v, out.status.code().unwrap_or(-1))
}

fn drives(v: &Value) -> Vec<(String, String, String)> {
    let mut d: Vec<(String, String, String)> = v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                format!("{}:{}:{}", d["adapter"], d["enclosure_id"], d["slot"]),
                d["firmware_state"].as_str().unwrap().to_owned(),
                d["serial"].to_string(),
            )
        })
        .collect();
    d.sort();
    d
}

fn vds(v: &Value) -> Vec<(String, String, String, String)> {
    v["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                format!("{}:{}", l["adapter"], l["target_id"]),
                l["state"].as_str().unwrap().to_owned(),
                l["raid_level"].as_str().unwrap().to_owned(),
                l["members"].to_string(),
            )
        })
        .collect()
}

fn same_as_megacli(dir: &Path, what: &str) {
    let (mc, mc_rc) = status(dir, "megacli");
    let (nat, nat_rc) = status(dir, "native");
    // The same problems; suggestions differ where the read-only native backend cannot act
    // (they then name the backend that can).
    let strip = |v: &Value| {
        let mut p = v["problems"].clone();
        for x in p.as_array_mut().unwrap() {
            x.as_object_mut().unwrap().remove("suggestion");
        }
        p
    };
    assert_eq!(strip(&nat), strip(&mc), "{what}: problems");
    for p in nat["problems"].as_array().unwrap() {
        let s = p["suggestion"].as_str().unwrap_or("");
        assert!(
            !s.starts_with("raidctl replace-drive") && !s.starts_with("raidctl pd make-good"),
            "{what}: native suggests what it cannot do: {s}"
        );
    }
    assert_eq!(nat["overall"], mc["overall"], "{what}: overall");
    assert_eq!(nat_rc, mc_rc, "{what}: exit status");
    assert_eq!(drives(&nat), drives(&mc), "{what}: drives");
    assert_eq!(vds(&nat), vds(&mc), "{what}: VDs");
    for key in ["missing", "bbus"] {
        assert_eq!(
            nat["snapshot"][key].as_array().map(Vec::len),
            mc["snapshot"][key].as_array().map(Vec::len),
            "{what}: {key}"
        );
    }
    assert_eq!(
        nat["snapshot"]["foreign_configs"].as_array().map(Vec::len),
        mc["snapshot"]["foreign_configs"].as_array().map(Vec::len),
        "{what}: foreign configurations"
    );
}

#[test]
fn every_scenario_reads_the_same_through_native_as_through_megacli() {
    for &scenario in raidctl::sim::scenarios::NAMES {
        let dir = init(scenario);
        same_as_megacli(dir.path(), scenario);
    }
}

#[test]
fn physical_changes_read_the_same() {
    let dir = init("healthy");
    let sim = |args: &[&str]| {
        raidctl(dir.path(), "megacli")
            .arg("sim")
            .args(args)
            .assert()
            .success();
    };
    sim(&["pull", "32:2"]);
    same_as_megacli(dir.path(), "pulled member");
    sim(&["media-errors", "32:1", "7"]);
    sim(&["predictive", "32:0", "2"]);
    same_as_megacli(dir.path(), "counters");
    sim(&["insert", "32:2", "--kind", "blank"]);
    sim(&["advance", "600"]);
    same_as_megacli(dir.path(), "replacement rebuilding");
    sim(&["bbu", "fail"]);
    let (nat, _) = status(dir.path(), "native");
    let rules: Vec<&str> = nat["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rule"].as_str().unwrap())
        .collect();
    assert!(rules.contains(&"bbu-replace"), "{rules:?}");
}

#[test]
fn the_native_backend_counts_dcmds_not_processes() {
    let dir = init("large");
    let (nat, _) = status(dir.path(), "native");
    let calls = nat["snapshot"]["vendor_calls"].as_u64().unwrap();
    let drives = nat["snapshot"]["physical_drives"].as_array().unwrap().len() as u64;
    let lds = nat["snapshot"]["logical_drives"].as_array().unwrap().len() as u64;
    // Per adapter: controller info, PD list, LD list, CFG_READ twice, foreign scan, BBU;
    // then one info per drive and per VD.
    assert!(calls >= drives + lds, "{calls}");
    assert!(calls <= drives + lds + 4 * 10, "{calls}");
    let text = raidctl(dir.path(), "megacli")
        .args(["sim", "calls"])
        .output()
        .unwrap();
    let counts: Value = serde_json::from_slice(&text.stdout).unwrap();
    assert_eq!(counts["mfi:pd_get_info"].as_u64(), Some(drives), "{counts}");
}

#[test]
fn check_and_metrics_work_on_native() {
    let dir = init("degraded");
    let out = raidctl(dir.path(), "native")
        .args(["check", "--max-age", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(line.starts_with("RAID CRITICAL"), "{line}");
    let out = raidctl(dir.path(), "native")
        .args(["metrics", "--max-age", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("raidctl_"), "{text}");
}

#[test]
fn changes_on_native_are_refused_naming_the_tool() {
    let dir = init("degraded");
    let out = raidctl(dir.path(), "native")
        .args(["pd", "locate", "32:4", "--yes"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("storcli64") && err.contains("MegaCli64"),
        "{err}"
    );
    let calls = raidctl(dir.path(), "megacli")
        .args(["sim", "calls"])
        .output()
        .unwrap();
    let counts: Value = serde_json::from_slice(&calls.stdout).unwrap();
    assert!(counts.get("pdlocate").is_none(), "{counts}");
}

#[test]
fn a_hung_dcmd_is_unknown_within_the_timeout() {
    let dir = init("healthy");
    raidctl(dir.path(), "megacli")
        .args([
            "sim",
            "fault",
            "add",
            "--command",
            "mfi:cfg_read",
            "--kind",
            "hang",
        ])
        .assert()
        .success();
    let t0 = Instant::now();
    let out = raidctl_timeout(dir.path(), "native", "1")
        .args(["check", "--max-age", "0"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    // The DCMD hangs forever: a generous bound still proves the 1 s timeout.
    assert!(t0.elapsed() < Duration::from_secs(60), "{:?}", t0.elapsed());
    assert_eq!(out.status.code(), Some(3));
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(
        line.contains("UNKNOWN") && line.contains("CFG_READ"),
        "{line}"
    );
}

#[test]
fn status_ok_without_data_is_unknown_not_healthy() {
    let dir = init("healthy");
    raidctl(dir.path(), "megacli")
        .args([
            "sim",
            "fault",
            "add",
            "--command",
            "mfi:ld_get_info",
            "--kind",
            "empty",
        ])
        .assert()
        .success();
    let out = raidctl(dir.path(), "native")
        .args(["check", "--max-age", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(line.contains("no data"), "{line}");
}

#[test]
fn collect_on_native_carries_raw_dcmds_and_replays() {
    let dir = init("rebuilding");
    let out = dir.path().join("b.tar.gz");
    raidctl(dir.path(), "native")
        .args(["collect", "-o"])
        .arg(&out)
        .assert()
        .success();
    let list = std::process::Command::new("tar")
        .arg("tzf")
        .arg(&out)
        .output()
        .unwrap();
    let names = String::from_utf8_lossy(&list.stdout);
    for f in [
        "native/dcmds.json",
        "native/snapshot.json",
        "native/events.json",
    ] {
        assert!(names.contains(f), "{f} missing: {names}");
    }
    let replayed = Command::cargo_bin("raidctl")
        .unwrap()
        .args(["status", "--format", "json", "--from-bundle"])
        .arg(&out)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&replayed.stdout).unwrap();
    let (live, _) = status(dir.path(), "native");
    assert_eq!(v["problems"], live["problems"]);
    assert_eq!(drives(&v), drives(&live));
}
