//! The documented JSON: `status --format json` of every backend and every simulator scenario
//! against `docs/status.schema.json`; `check --format json` against the text verdict; the
//! plan `--dry-run --format json` prints; the commands that refuse `--format json`.

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, init_on, raidctl_timeout};
use serde_json::Value;
use std::path::Path;
use std::process::Output;

/// Every read backend the simulator serves.
const BACKENDS: &[&str] = &[
    "megacli", "storcli", "perccli", "storcli2", "perccli2", "omreport", "native",
];

fn schema() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/status.schema.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .take(10)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn status(dir: &Path, backend: &str) -> (Value, Option<i32>) {
    let out = raidctl_timeout(dir, backend, "5")
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{backend}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (v, out.status.code())
}

#[test]
fn status_json_of_every_backend_and_scenario_matches_the_schema() {
    let v = schema();
    let mut checked = 0;
    for scenario in raidctl::sim::scenarios::NAMES {
        let dir = init_on(scenario, "megacli");
        for backend in BACKENDS {
            let (doc, _) = status(dir.path(), backend);
            let errs = errors(&v, &doc);
            assert!(errs.is_empty(), "{scenario} via {backend}: {errs:#?}");
            let lds = doc["snapshot"]["logical_drives"].as_array().unwrap();
            assert!(!lds.is_empty(), "{scenario} via {backend}: no VD to check");
            // The cache policy is understood on every backend, not only well-formed.
            for ld in lds {
                let c = &ld["cache"];
                assert_ne!(c["write"], "unknown", "{scenario} via {backend}: {c}");
                assert_ne!(c["read"], "unknown", "{scenario} via {backend}: {c}");
                assert!(c["raw"].is_string(), "{scenario} via {backend}: {c}");
            }
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        raidctl::sim::scenarios::NAMES.len() * BACKENDS.len()
    );
}

#[test]
fn the_schema_fails_on_drift() {
    let v = schema();
    let dir = init_on("healthy", "megacli");
    let (doc, _) = status(dir.path(), "megacli");
    assert!(errors(&v, &doc).is_empty());
    // A key gone, a key added, a type changed, a value outside the vocabulary: each fails.
    let mut gone = doc.clone();
    gone["snapshot"]["logical_drives"][0]
        .as_object_mut()
        .unwrap()
        .remove("cache");
    let mut added = doc.clone();
    added["snapshot"]["physical_drives"][0]["new_key"] = Value::from(1);
    let mut typed = doc.clone();
    typed["snapshot"]["adapters"][0]["adapter"] = Value::from("0");
    let mut word = doc.clone();
    word["snapshot"]["logical_drives"][0]["cache"]["write"] = Value::from("WriteBack");
    let mut version = doc.clone();
    version["schema_version"] = Value::from(2);
    for (what, d) in [
        ("gone", gone),
        ("added", added),
        ("typed", typed),
        ("word", word),
        ("version", version),
    ] {
        assert!(!errors(&v, &d).is_empty(), "{what} passed the schema");
    }
    // `extra` deliberately keeps unknown vendor keys.
    let mut extra = doc;
    extra["snapshot"]["adapters"][0]["extra"]["Some New Key"] = Value::from("x");
    assert!(errors(&v, &extra).is_empty());
}

/// A Ceph life expectancy raidctl set (`ceph sync`, recorded in the state directory) shows
/// on its drive and as an INFO problem, as the schema says; a drive swapped in since does not
/// carry it.
#[test]
fn a_ceph_life_expectancy_raidctl_set_matches_the_schema() {
    let v = schema();
    let dir = init_on("ceph-node", "megacli");
    let (doc, _) = status(dir.path(), "megacli");
    let pd = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == 3)
        .unwrap()
        .clone();
    let serial = pd["serial"].as_str().unwrap().to_owned();
    let record = serde_json::json!({
        "schema_version": 1,
        "devices": {
            "PERC_H730P_Mini_6d4ae5209a2c440000000009": {
                "devid": "PERC_H730P_Mini_6d4ae5209a2c440000000009",
                "osds": [2],
                "adapter": 0,
                "vd": 9,
                "drives": [{"address": {"enclosure": 32, "slot": 3}, "serial": serial}],
                "from_unix": 1_764_959_384u64,
                "to_unix": 1_766_168_984u64,
                "set_at_unix": 1_764_959_384u64,
                "reasons": [{"rule": "pd-predictive-failure", "message": "[32:3]: predictive failure count 2"}],
                "withdrawn_at_unix": 1_765_000_000u64
            }
        }
    });
    let state = dir.path().join("raidctl");
    std::fs::create_dir_all(&state).unwrap();
    std::fs::write(
        state.join("ceph-life-expectancy.json"),
        serde_json::to_vec(&record).unwrap(),
    )
    .unwrap();
    let (doc, _) = status(dir.path(), "megacli");
    assert!(errors(&v, &doc).is_empty(), "{:#?}", errors(&v, &doc));
    let pd = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["slot"] == 3)
        .unwrap()
        .clone();
    let le = &pd["ceph_life_expectancy"];
    assert_eq!(le["devid"], "PERC_H730P_Mini_6d4ae5209a2c440000000009");
    assert_eq!(le["reasons"][0]["rule"], "pd-predictive-failure");
    let p = doc["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["rule"] == "ceph-life-expectancy")
        .unwrap_or_else(|| panic!("{:#}", doc["problems"]));
    assert_eq!(p["severity"], "info");
    assert!(
        p["message"]
            .as_str()
            .is_some_and(|m| m.contains("2025-12-05 and 2025-12-19") && m.contains("removed")),
        "{p}"
    );
    // The table says it too.
    let out = raidctl_timeout(dir.path(), "megacli", "5")
        .args(["status", "--max-age", "0", "--wide"])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("raidctl told Ceph")
            && table.contains("PERC_H730P_Mini_6d4ae5209a2c440000000009"),
        "{table}"
    );
    // And metrics (for an alert that Ceph was told).
    let out = raidctl_timeout(dir.path(), "megacli", "5")
        .args(["metrics", "--max-age", "0"])
        .output()
        .unwrap();
    let m = String::from_utf8_lossy(&out.stdout);
    // Every per-drive series carries the drive's serial (docs/fleet.md, "Alert reference").
    assert!(
        m.contains(&format!(
            "raidctl_ceph_life_expectancy_set{{adapter=\"0\",enclosure=\"32\",slot=\"3\",serial=\"{serial}\"}} 1"
        )),
        "{m}"
    );
    // Drift in the new object fails.
    let at = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .position(|d| d["slot"] == 3)
        .unwrap();
    let mut added = doc.clone();
    added["snapshot"]["physical_drives"][at]["ceph_life_expectancy"]["new_key"] = Value::from(1);
    let mut typed = doc;
    typed["snapshot"]["physical_drives"][at]["ceph_life_expectancy"]["to_unix"] =
        Value::from("soon");
    for (what, d) in [("added", added), ("typed", typed)] {
        assert!(!errors(&v, &d).is_empty(), "{what} passed the schema");
    }
}

#[test]
fn cache_fields_agree_across_backends() {
    // The same simulated VDs through every tool: the same write and read policy.
    let dir = init_on("ceph-node", "megacli");
    let fields = |backend: &str| -> Vec<(Value, Value)> {
        let (doc, _) = status(dir.path(), backend);
        doc["snapshot"]["logical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                // storcli's codes have no adaptive read-ahead (`R` is read-ahead; Dell documents
                // the two as the same on PERC 8 and later): compared as read-ahead.
                let read = match l["cache"]["read"].as_str() {
                    Some("adaptive") => Value::from("read-ahead"),
                    _ => l["cache"]["read"].clone(),
                };
                (l["cache"]["write"].clone(), read)
            })
            .collect()
    };
    let mc = fields("megacli");
    for backend in ["storcli", "perccli", "storcli2", "omreport", "native"] {
        assert_eq!(mc, fields(backend), "{backend}");
    }
}

/// raidctl on the simulator state in `dir` through `backend`, with a 5 s vendor timeout.
fn raidctl(dir: &Path, backend: &str) -> Raidctl {
    simctl::on(dir, backend, "5")
}

#[test]
fn check_json_gives_the_text_verdict_and_exit_code() {
    for scenario in raidctl::sim::scenarios::NAMES {
        let dir = init_on(scenario, "megacli");
        for backend in ["megacli", "storcli", "omreport"] {
            let Run {
                output: Output { stdout: text, .. },
                code: text_rc,
                ..
            } = raidctl(dir.path(), backend)
                .args(["check", "--max-age", "0"])
                .run();
            let Run {
                output: Output { stdout: json, .. },
                stderr: err,
                code: json_rc,
                ..
            } = raidctl(dir.path(), backend)
                .args(["--format", "json", "check", "--max-age", "0"])
                .run();
            let v: Value = serde_json::from_slice(&json)
                .unwrap_or_else(|e| panic!("{scenario}/{backend}: {e}: {err}"));
            assert_eq!(text_rc, json_rc, "{scenario}/{backend}");
            assert_eq!(v["exit_code"].as_i64(), Some(i64::from(text_rc)));
            let text = String::from_utf8_lossy(&text);
            let word = v["status"].as_str().unwrap();
            assert!(
                text.starts_with(&format!("RAID {word} - {}", v["summary"].as_str().unwrap())),
                "{scenario}/{backend}: {text} vs {v}"
            );
            assert!(v["problems"].is_array());
            assert_eq!(v["schema_version"], 1);
        }
    }
}

/// The first drive that is not online in a VD: failed, offline or rebuilding.
fn failed_drive(dir: &Path, backend: &str) -> String {
    let (doc, _) = status(dir, backend);
    doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| matches!(d["firmware_state"].as_str(), Some("failed" | "offline")))
        .map(|d| {
            format!(
                "{}:{}",
                d["enclosure_id"]
                    .as_u64()
                    .map_or(String::new(), |e| e.to_string()),
                d["slot"]
            )
        })
        .unwrap_or_else(|| panic!("no failed drive via {backend}"))
}

#[test]
fn replace_drive_dry_run_prints_the_plan_as_json() {
    for backend in ["megacli", "storcli", "omreport"] {
        let dir = init_on("degraded", "megacli");
        let drive = failed_drive(dir.path(), backend);
        let Run {
            stdout: text_out,
            stderr: text_err,
            code: text_rc,
            ..
        } = raidctl(dir.path(), backend)
            .args(["replace-drive", &drive, "--dry-run"])
            .run();
        let Run {
            output: Output { stdout: json, .. },
            stderr: err,
            code: rc,
            ..
        } = raidctl(dir.path(), backend)
            .args(["--format", "json", "replace-drive", &drive, "--dry-run"])
            .run();
        assert_eq!(rc, text_rc, "{backend}: {err}");
        let v: Value =
            serde_json::from_slice(&json).unwrap_or_else(|e| panic!("{backend}: {e}: {err}"));
        assert_eq!(v["command"], "replace-drive");
        assert_eq!(v["dry_run"], true);
        assert_eq!(v["schema_version"], 1);
        let steps = v["steps"].as_array().unwrap();
        assert!(steps.len() >= 3, "{backend}: {v:#}");
        // The same plan as the text: every numbered line, with its command line.
        for (i, s) in steps.iter().enumerate() {
            assert_eq!(s["n"].as_u64(), Some(i as u64 + 1));
            let text = s["text"].as_str().unwrap();
            assert!(!text.is_empty());
            assert!(
                text_err.contains(&format!("  {}. {text}", i + 1)),
                "{backend}: step {} not in the text plan: {text_err}",
                i + 1
            );
            if let Some(cmd) = s["command"].as_str() {
                assert!(!cmd.trim().is_empty(), "{backend}: {s}");
                assert!(
                    text_err.contains(cmd),
                    "{backend}: {cmd} not in the text plan"
                );
            }
            assert!(s["guards"].is_array());
            assert!(s["step"].is_string());
        }
        let commands = steps.iter().filter(|s| s["command"].is_string()).count();
        assert!(commands >= 2, "{backend}: {v:#}");
        // The vendor steps of a replacement are guarded.
        assert!(
            steps
                .iter()
                .any(|s| !s["guards"].as_array().unwrap().is_empty()),
            "{backend}: {v:#}"
        );
        assert!(v["checks"].as_array().is_some_and(|c| !c.is_empty()));
        assert_eq!(v["outcome"].as_str(), text_out.lines().next());
    }
}

#[test]
fn one_shot_dry_runs_print_their_plan_as_json() {
    let dir = init_on("hotspare", "megacli");
    let (doc, _) = status(dir.path(), "megacli");
    let spare = doc["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["firmware_state"] == "hotspare")
        .map(|d| format!("{}:{}", d["enclosure_id"], d["slot"]))
        .unwrap();
    for args in [
        vec!["pd", "locate", spare.as_str()],
        vec!["hotspare", "remove", spare.as_str()],
        vec!["ld", "set", "0", "--read", "ra"],
    ] {
        let mut full = vec!["--format", "json"];
        full.extend(&args);
        full.push("--dry-run");
        let Run {
            output: Output { stdout: json, .. },
            stderr: err,
            code: rc,
            ..
        } = raidctl(dir.path(), "megacli").args(&full).run();
        assert_eq!(rc, 0, "{args:?}: {err}");
        let v: Value =
            serde_json::from_slice(&json).unwrap_or_else(|e| panic!("{args:?}: {e}: {err}"));
        let steps = v["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "{args:?}: {v:#}");
        for s in steps {
            let cmd = s["command"].as_str().unwrap();
            assert!(cmd.contains("MegaCli"), "{args:?}: {cmd}");
        }
    }
}

#[test]
fn commands_without_json_refuse_it_as_a_usage_error() {
    let dir = init_on("healthy", "megacli");
    for args in [
        vec!["metrics"],
        vec!["generate", "man"],
        vec!["pd", "locate", "32:0"],
        vec!["rebuild", "status", "--dry-run"],
    ] {
        let mut full = vec!["--format", "json"];
        full.extend(&args);
        let Run {
            stdout: out,
            stderr: err,
            code: rc,
            ..
        } = raidctl(dir.path(), "megacli").args(&full).run();
        assert_eq!(rc, 2, "{args:?}: {err}");
        assert!(err.contains("--format json"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
    }
}
