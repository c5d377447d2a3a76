//! The smaller changes (`ld create`, hot spares, foreign import) and `osd-prep` as step lists on
//! the workflow executor: killed right after each journal record (the replacement's kill
//! matrix, `RAIDCTL_TEST_CRASH_AT` aborting the process), `raidctl resume` ends each in the
//! right controller state, read back through the simulator, with no operation done twice; and
//! `osd-prep` refuses a VD on an adapter holding pinned cache with `ld create`'s guard, before
//! anything and again at the step on resume.

use crate::harness::Raidctl;
use crate::simctl;
use std::path::Path;

/// raidctl on the simulator state in `dir` through MegaCli, with a 30 s vendor timeout.
fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, "megacli", "30")
}

/// `(ending, resume command)` of every journal, newest first.
fn journals(dir: &Path) -> Vec<(String, Option<String>)> {
    let r = raidctl(dir)
        .args(["workflows", "--format", "json"])
        .envs(&[])
        .run();
    let v: serde_json::Value =
        serde_json::from_str(&r.all()).unwrap_or_else(|e| panic!("{e}: {}", r.all()));
    v.as_array()
        .unwrap()
        .iter()
        .map(|j| {
            (
                j["ending"].as_str().unwrap().to_owned(),
                j["resume"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

/// The VDs: `(members as E:S, disk cache, default cache policy, name)`.
fn vds(dir: &Path) -> Vec<(Vec<String>, String, String, String)> {
    simctl::status_json_on(dir, "megacli")["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let text = |k: &str| l[k].as_str().unwrap_or_default().to_owned();
            (
                l["members"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| format!("{}:{}", m["enclosure"], m["slot"]))
                    .collect(),
                text("disk_cache_policy"),
                text("default_cache_policy"),
                text("name"),
            )
        })
        .collect()
}

/// Killed right after each of `points`, then resumed (`raidctl resume` without an id: the
/// newest unfinished workflow); `end` checks the controller afterwards. Returns the failures.
fn kill_matrix(
    scenario: &str,
    args: &[&str],
    points: &[&str],
    end: fn(&Path) -> Result<(), String>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for point in points {
        let dir = simctl::init_on(scenario, "megacli");
        let d = dir.path();
        let r = raidctl(d)
            .args(args)
            .envs(&[("RAIDCTL_TEST_CRASH_AT", point)])
            .run();
        let killed = r.code != 0 && journals(d).first().is_some_and(|j| j.0 == "interrupted");
        let r2 = raidctl(d).args(["resume", "--yes"]).envs(&[]).run();
        let state = end(d);
        let ended = journals(d);
        let completed = ended.len() == 1 && ended[0].0 == "completed";
        let outcome = format!(
            "killed: {killed}, resume exit {}, state {state:?}, journals {ended:?}",
            r2.code
        );
        eprintln!("{} killed at {point}: {outcome}", args[..2].join(" "));
        if !killed || r2.code != 0 || state.is_err() || !completed {
            failures.push(format!("{point}: {outcome}\n{}\n{}", r.all(), r2.all()));
        }
    }
    failures
}

fn assert_none(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n---\n")
    );
}

/// One VD on [32:4] (created once), named, its disk cache off, with the policy of `ld create`.
fn one_named_vd_on_32_4(d: &Path) -> Result<(), String> {
    let all = vds(d);
    let on: Vec<_> = all.iter().filter(|v| v.0 == ["32:4"]).collect();
    match on.as_slice() {
        [(_, cache, policy, name)]
            if all.len() == 2
                && cache == "Disabled"
                && name == "osd-9"
                && policy.starts_with("WriteBack, ReadAheadNone, Direct") =>
        {
            Ok(())
        }
        _ => Err(format!("{all:?}")),
    }
}

#[test]
fn ld_create_killed_at_each_step_resumes_to_one_vd() {
    let failures = kill_matrix(
        "ceph-node",
        &[
            "ld",
            "create",
            "--raid",
            "raid0",
            "32:4",
            "--name",
            "osd-9",
            "--pdcache",
            "off",
            "--yes",
        ],
        &[
            "start:started",
            "op-1:planned",
            "op-1:done",
            "op-1:verified",
            "follow:verified",
            "op-2:planned",
            "op-2:done",
            "op-2:verified",
            "op-3:planned",
            "op-3:done",
            "verify:verified",
        ],
        one_named_vd_on_32_4,
    );
    assert_none(&failures);
}

#[test]
fn hotspare_add_and_foreign_import_killed_resume() {
    let spare = |d: &Path| match simctl::states_on(d, "megacli")["[32:8]"].as_str() {
        "hotspare" => Ok(()),
        s => Err(format!("[32:8] is {s}")),
    };
    let mut failures = kill_matrix(
        "healthy",
        &["hotspare", "add", "32:8", "--yes"],
        &[
            "start:started",
            "op-1:planned",
            "op-1:done",
            "op-1:verified",
            "verify:verified",
        ],
        spare,
    );
    // Imported: no drive is foreign any more, and [32:4] is back in its VD.
    let imported = |d: &Path| {
        let snap = simctl::status_json_on(d, "megacli");
        let foreign = snap["snapshot"]["physical_drives"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["foreign"] == true);
        let s = simctl::states_on(d, "megacli")["[32:4]"].clone();
        if foreign || !matches!(s.as_str(), "rebuild" | "online") {
            return Err(format!("foreign left: {foreign}, [32:4] is {s}"));
        }
        Ok(())
    };
    failures.extend(kill_matrix(
        "foreign",
        &["foreign", "import", "--yes"],
        &[
            "start:started",
            "op-1:planned",
            "op-1:done",
            "op-1:verified",
            "verify:verified",
        ],
        imported,
    ));
    assert_none(&failures);
}

/// One VD each on [32:4] and [32:5], disk cache off (the step after each create), the policy
/// of `ld create`, and nothing else new.
fn prepared_32_4_and_32_5(d: &Path) -> Result<(), String> {
    let all = vds(d);
    let ok = |slot: &str| {
        let on: Vec<_> = all.iter().filter(|v| v.0 == [slot]).collect();
        matches!(on.as_slice(), [(_, cache, policy, _)]
            if cache == "Disabled" && policy.starts_with("WriteBack, ReadAheadNone, Direct"))
    };
    if all.len() == 3 && ok("32:4") && ok("32:5") {
        Ok(())
    } else {
        Err(format!("{all:?}"))
    }
}

const OSD_PREP: &[&str] = &[
    "osd-prep",
    "--drives",
    "32:4,32:5",
    "--mode",
    "raid0",
    "--pdcache",
    "off",
    "--profile",
    "smoke",
    "--yes",
];

#[test]
fn osd_prep_killed_at_each_step_resumes_to_its_vds() {
    let failures = kill_matrix(
        "ceph-node",
        OSD_PREP,
        &[
            "start:started",
            "op-1:planned",
            "op-1:done",
            "op-1:verified",
            "op-2:planned",
            "op-2:done",
            "op-2:verified",
            "follow:verified",
            "op-3:planned",
            "op-3:done",
            "op-4:planned",
            "op-4:verified",
            "verify:verified",
        ],
        prepared_32_4_and_32_5,
    );
    assert_none(&failures);
}

/// `ceph-node` with a write-back RAID0 on [32:2] whose drive failed: its VD is offline and the
/// adapter holds its pinned (preserved) cache.
fn pin_cache(d: &Path) {
    let r = raidctl(d)
        .args(["ld", "create", "--raid", "raid0", "32:2", "--yes"])
        .envs(&[])
        .run();
    assert_eq!(r.code, 0, "{}", r.all());
    simctl::sim_on(d, "megacli", &["fail", "32:2"]);
    let snap = simctl::status_json_on(d, "megacli");
    assert_eq!(
        snap["snapshot"]["adapters"][0]["offline_vd_cache_preserved"], true,
        "the scene needs pinned cache"
    );
}

#[test]
fn osd_prep_refuses_a_vd_beside_pinned_cache() {
    let dir = simctl::init_on("ceph-node", "megacli");
    let d = dir.path();
    pin_cache(d);
    let (states, vds_before) = (simctl::states_on(d, "megacli"), vds(d));
    let journals_before = journals(d);
    let r = raidctl(d).args(OSD_PREP).envs(&[]).run();
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(
        r.all().contains("[ld-create-pinned-cache]") && r.all().contains("nothing was changed"),
        "{}",
        r.all()
    );
    assert_eq!(simctl::states_on(d, "megacli"), states);
    assert_eq!(vds(d), vds_before);
    // Refused before anything: no journal of its own.
    assert_eq!(journals(d), journals_before);
}

/// The cache is pinned after osd-prep was killed and before it resumed: the step's own guard
/// refuses the create, names the rule, and changes nothing.
#[test]
fn a_resumed_osd_prep_meets_the_pinned_cache_guard_at_its_step() {
    let dir = simctl::init_on("ceph-node", "megacli");
    let d = dir.path();
    let r = raidctl(d)
        .args(OSD_PREP)
        .envs(&[("RAIDCTL_TEST_CRASH_AT", "start:started")])
        .run();
    assert_ne!(r.code, 0, "{}", r.all());
    pin_cache(d);
    let (states, vds_before) = (simctl::states_on(d, "megacli"), vds(d));
    let r = raidctl(d).args(["resume", "--yes"]).envs(&[]).run();
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(
        r.all().contains("[ld-create-pinned-cache]") && r.all().contains("[op-1]"),
        "{}",
        r.all()
    );
    assert_eq!(simctl::states_on(d, "megacli"), states);
    assert_eq!(vds(d), vds_before);
}
