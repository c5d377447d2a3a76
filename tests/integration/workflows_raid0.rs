//! Replacing the drive of a single-drive RAID0 (the Ceph OSD layout) and of a JBOD drive, end
//! to end on the simulator through MegaCli, storcli and OpenManage, and the fault matrix of
//! that flow: every case ends in a safe state with a clear message, changes no drive but the
//! target, and `resume` finishes what a crash interrupted.

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, others_unchanged};
use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

thread_local! {
    /// The backend this test drives the simulated controller through.
    static BACKEND: std::cell::Cell<&'static str> = const { std::cell::Cell::new("megacli") };
}

fn backend() -> &'static str {
    BACKEND.with(std::cell::Cell::get)
}

fn with_backend(name: &'static str, test: fn()) {
    BACKEND.with(|b| b.set(name));
    test();
}

/// `32:3` as the backend in use numbers it (OpenManage counts enclosures itself).
fn bay(slot: u16) -> String {
    if backend() == "omreport" {
        format!("1:{slot}")
    } else {
        format!("32:{slot}")
    }
}

fn key(slot: u16) -> String {
    format!("[{}]", bay(slot))
}

/// Vendor calls get a generous deadline (a busy machine slows the simulated tools); only a
/// run with a hang injected uses a short one, so the hang ends quickly.
fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, backend(), "60")
}

fn sim(dir: &Path, args: &[&str]) {
    simctl::sim_on(dir, backend(), args);
}

/// The simulated MegaCli on the state in `dir` (setting the scene is not under test).
fn megacli(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(crate::util::vendor("MegaCli64"))
        .env("RAIDCTL_SIM_STATE", dir)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "MegaCli64 {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn status_json(dir: &Path) -> serde_json::Value {
    let out = raidctl(dir)
        .command()
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// `[E:S]` → firmware state, as the backend numbers the enclosures.
fn states(dir: &Path) -> BTreeMap<String, String> {
    status_json(dir)["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                format!("[{}:{}]", d["enclosure_id"], d["slot"]),
                d["firmware_state"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `replace-drive` of the failed [32:3] (VD 2), unattended, with extra arguments.
fn replace(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Run {
    replace_with(raidctl(dir).envs(env), extra)
}

/// [`replace`] by `r` (a shorter vendor timeout, say).
fn replace_with(r: Raidctl, extra: &[&str]) -> Run {
    let b = bay(3);
    r.args(["replace-drive", b.as_str(), "--yes", "--serial", "ZA1A2B03"])
        .args(extra)
        .run()
}

fn resume(dir: &Path, extra: &[&str]) -> Run {
    raidctl(dir)
        .args(["resume", "--yes", "--serial", "ZA1A2B03"])
        .args(extra)
        .run()
}

/// `ceph-node` with single-drive RAID0 VDs 1..4 on [32:2]..[32:5], set up as the OSD VDs of
/// one cluster are (write-through, no read-ahead, direct I/O, 256 KiB strips, disk cache off,
/// named), and [32:3] (VD 2) failed: its VD offline with preserved cache.
fn ceph_node_with_failed_osd_drive() -> tempfile::TempDir {
    let dir = simctl::init_on("ceph-node", backend());
    for slot in 2..=5 {
        megacli(
            dir.path(),
            &[
                "-CfgLdAdd",
                &format!("-r0[32:{slot}]"),
                "WB",
                "NORA",
                "Direct",
                "-strpsz256",
                "-a0",
            ],
        );
        let t = (slot - 1).to_string();
        megacli(
            dir.path(),
            &["-LDSetProp", "-DisDskCache", &format!("-L{t}"), "-a0"],
        );
        megacli(
            dir.path(),
            &[
                "-LDSetProp",
                "-Name",
                &format!("osd-{t}"),
                &format!("-L{t}"),
                "-a0",
            ],
        );
    }
    sim(dir.path(), &["fail", "32:3"]);
    dir
}

/// The VD on `slot`, from raidctl's own JSON.
fn vd_on(snap: &serde_json::Value, slot: u16) -> Option<serde_json::Value> {
    snap["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| {
            l["members"]
                .as_array()
                .is_some_and(|m| m.len() == 1 && m[0]["slot"] == slot)
        })
        .cloned()
}

fn pinned(dir: &Path) -> bool {
    let s = status_json(dir);
    s["snapshot"]["adapters"][0]["offline_vd_cache_preserved"] == true
        || s["problems"].as_array().unwrap().iter().any(|p| {
            p["message"]
                .as_str()
                .unwrap_or("")
                .contains("preserved cache")
        })
}

/// Guard data-loss-ack: `--yes` alone never gives up a RAID0's data; naming another VD does
/// not either; nothing changes.
pub fn raid0_needs_the_data_loss_acknowledgement() {
    let dir = ceph_node_with_failed_osd_drive();
    let before = states(dir.path());
    for extra in [&[][..], &["--i-understand-data-loss", "3"][..]] {
        let r = replace(dir.path(), extra, &[]);
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(
            r.stderr.contains("[data-loss-ack]")
                && r.stderr.contains("--i-understand-data-loss 2")
                && r.stderr.contains("nothing was changed"),
            "{}",
            r.stderr
        );
        assert_eq!(states(dir.path()), before);
        assert!(pinned(dir.path()), "the preserved cache is still there");
    }
}

/// `--dry-run`: the plan with exact vendor command lines, the cache and VD steps, and no
/// rebuild (a RAID0 has nothing to rebuild from).
pub fn raid0_dry_run_shows_the_plan_without_a_rebuild() {
    let dir = ceph_node_with_failed_osd_drive();
    let before = states(dir.path());
    let r = replace(
        dir.path(),
        &["--dry-run", "--i-understand-data-loss", "2"],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let plan = &r.stderr;
    let want: &[&str] = match backend() {
        "megacli" => &[
            "-DiscardPreservedCache -L2 -force -a0",
            "-CfgLdDel -L2 -a0",
            "-CfgLdAdd -r0[32:3] WB NORA Direct -strpsz256 -a0",
            "-LDSetProp -DisDskCache -L<new VD> -a0",
            "-LDSetProp -Name osd-2 -L<new VD> -a0",
        ],
        "omreport" => &[
            "storage vdisk action=deletevdisk controller=0 vdisk=2",
            "storage controller action=discardpreservedcache controller=0 force=enabled",
            "action=createvdisk controller=0 raid=r0 size=max pdisk=0:1:3 stripesize=256kb readpolicy=nra writepolicy=wb",
            "action=changepolicy controller=0 vdisk=<new VD> diskcachepolicy=disabled",
            "action=rename controller=0 vdisk=<new VD> name=osd-2",
        ],
        _ => &[
            "/c0/v2 delete preservedcache force",
            "/c0/v2 del",
            "/c0 add vd type=raid0 drives=32:3 wb nora direct strip=256",
            "/c0/v<new VD> set pdcache=off",
            "/c0/v<new VD> set name=osd-2",
        ],
    };
    for w in want {
        assert!(plan.contains(w), "plan lacks {w}:\n{plan}");
    }
    // No step rebuilds or fills a missing row (the header says why there is nothing to
    // rebuild from).
    let steps: Vec<String> = plan
        .lines()
        .skip_while(|l| !l.starts_with("Plan"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(str::to_ascii_lowercase)
        .collect();
    assert!(steps.len() > 10, "{plan}");
    for l in &steps {
        assert!(
            !l.contains("rebuild") && !l.contains("missing") && !l.contains("-pdrbld"),
            "{l}\n{plan}"
        );
    }
    assert_eq!(states(dir.path()), before);
}

/// The done-when run: exit 0, no offline VD, no preserved cache, a RAID0 on [32:3] set up as
/// its siblings are, a qualification record, no problem in `status`.
pub fn raid0_replacement_recreates_the_vd_as_it_was() {
    let dir = ceph_node_with_failed_osd_drive();
    let before = states(dir.path());
    let r = replace(dir.path(), &["--i-understand-data-loss", "2"], &[]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    // PASS, or WARN for a figure a busy machine cannot reach: the flow goes on with both.
    assert!(
        r.stdout.contains("qualification PASS") || r.stdout.contains("qualification WARN"),
        "{}",
        r.stdout
    );
    let s = status_json(dir.path());
    assert_eq!(s["problems"].as_array().unwrap().len(), 0, "{s:#}");
    assert!(!pinned(dir.path()));
    let lds = s["snapshot"]["logical_drives"].as_array().unwrap();
    assert!(lds.iter().all(|l| l["state"] == "optimal"), "{lds:#?}");
    let new = vd_on(&s, 3).expect("a VD on [32:3]");
    let sibling = vd_on(&s, 4).unwrap();
    assert_eq!(new["raid_level"], "raid0");
    for k in ["strip_size_bytes", "disk_cache_policy"] {
        assert_eq!(new[k], sibling[k], "{k}");
    }
    let policy = |l: &serde_json::Value| {
        raidctl::model::VdPolicy::of(&serde_json::from_value(l.clone()).unwrap())
    };
    assert_eq!(policy(&new), policy(&sibling));
    if backend() != "omreport" {
        assert_eq!(new["name"], "osd-2");
    }
    assert_eq!(new["strip_size_bytes"], 256 * 1024);
    let after = states(dir.path());
    assert!(others_unchanged(&before, &after, &key(3)).is_ok());
    // The record is where the result says.
    let record = r
        .stdout
        .split("qualification ")
        .nth(1)
        .and_then(|t| t.split_once('(').map(|x| x.1))
        .and_then(|t| t.split(')').next())
        .unwrap();
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    assert!(
        rec["verdict"] == "PASS" || rec["verdict"] == "WARN",
        "{rec}"
    );
    // The journal says the workflow completed.
    let w = raidctl(dir.path())
        .args(["workflows", "--format", "json"])
        .run();
    assert!(w.stdout.contains("finish completed"), "{}", w.stdout);
}

/// Guard cache-other-vd: with two offline RAID0 VDs, the replacement of one is refused up
/// front (MegaCli and storcli name the other VD's pinned cache; OpenManage, which cannot say
/// whose cache it holds and discards every VD's at once, is refused as well).
pub fn omsa_discards_only_the_dead_vd_s_cache() {
    let dir = ceph_node_with_failed_osd_drive();
    sim(dir.path(), &["fail", "32:4"]);
    let before = states(dir.path());
    let r = replace(dir.path(), &["--i-understand-data-loss", "2"], &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let rule = if backend() == "omreport" {
        "[cache-other-vd]"
    } else {
        "[ld-create-pinned-cache]"
    };
    assert!(
        r.stderr.contains(rule) && r.stderr.contains("nothing was changed"),
        "{}",
        r.stderr
    );
    assert_eq!(states(dir.path()), before);
}

/// A JBOD drive: JBOD again on the new drive, qualified.
pub fn jbod_replacement_makes_the_new_drive_jbod() {
    let dir = simctl::init_on("ceph-node", backend());
    megacli(dir.path(), &["-AdpSetProp", "-EnableJBOD", "-1", "-a0"]);
    megacli(dir.path(), &["-PDMakeJBOD", "-PhysDrv[32:6]", "-a0"]);
    sim(dir.path(), &["fail", "32:6"]);
    let b = bay(6);
    let before = states(dir.path());
    let r = raidctl(dir.path())
        .args(["replace-drive", &b, "--yes", "--serial", "ZA1A2B06"])
        .run();
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("[data-loss-ack]"), "{}", r.stderr);
    assert_eq!(states(dir.path()), before);
    let r = raidctl(dir.path())
        .args([
            "replace-drive",
            &b,
            "--yes",
            "--serial",
            "ZA1A2B06",
            "--i-understand-data-loss",
            &b,
        ])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("JBOD again"), "{}", r.stdout);
    assert_eq!(states(dir.path())[&key(6)], "jbod");
}

macro_rules! on_backends {
    ($($test:ident),* $(,)?) => {$(
        mod $test {
            #[test]
            fn megacli() {
                super::with_backend("megacli", super::$test);
            }
            #[test]
            fn storcli() {
                super::with_backend("storcli", super::$test);
            }
            #[test]
            fn omreport() {
                super::with_backend("omreport", super::$test);
            }
        }
    )*};
}

on_backends!(
    raid0_needs_the_data_loss_acknowledgement,
    raid0_dry_run_shows_the_plan_without_a_rebuild,
    raid0_replacement_recreates_the_vd_as_it_was,
    omsa_discards_only_the_dead_vd_s_cache,
);

mod jbod {
    #[test]
    fn megacli() {
        super::with_backend("megacli", super::jbod_replacement_makes_the_new_drive_jbod);
    }
    #[test]
    fn storcli() {
        super::with_backend("storcli", super::jbod_replacement_makes_the_new_drive_jbod);
    }
}

/// A copy of `template`'s simulator state in a new directory (setting the scene once keeps
/// the matrix short).
fn copy_of(template: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(template.join("state.json"), dir.path().join("state.json")).unwrap();
    dir
}

/// The end of a good replacement: no problem, nothing pinned, a RAID0 on [32:3], optimal.
fn replaced(dir: &Path) -> Result<(), String> {
    let s = status_json(dir);
    let problems = s["problems"].as_array().unwrap();
    if !problems.is_empty() {
        return Err(format!("problems: {problems:?}"));
    }
    match vd_on(&s, 3) {
        Some(v) if v["state"] == "optimal" && v["raid_level"] == "raid0" => Ok(()),
        other => Err(format!("no optimal RAID0 on [32:3]: {other:?}")),
    }
}

/// The line a stop or the result ends with, shortened for the matrix.
fn outcome(r: &Run) -> String {
    let line = r
        .stderr
        .lines()
        .rev()
        .find(|l| l.contains("stopped:") || l.contains("not available") || l.contains("refused"))
        .or_else(|| r.stdout.lines().last())
        .unwrap_or("");
    format!(
        "exit {} — {}",
        r.code,
        line.chars().take(120).collect::<String>()
    )
}

fn report(name: &str, matrix: &[(String, String)], failures: &[String]) {
    println!("{name} ({}):", backend());
    for (case, outcome) in matrix {
        println!("  {case:<44} {outcome}");
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n---\n")
    );
}

/// The vendor commands of each step of the flow, as the backend's front end counts them
/// (`@N`: only the Nth call, for the reads every step makes).
fn step_commands() -> &'static [&'static str] {
    match backend() {
        "omreport" => &[
            "omconfig:blink",
            "omconfig:remove",
            "omconfig:deletevdisk",
            "omconfig:discardpreservedcache",
            "omconfig:createvdisk",
            "omconfig:changepolicy",
            "omconfig:rename",
            "omreport:pdisk@next",
        ],
        "megacli" => &[
            "pdlocate",
            "pdprprmv",
            "discardpreservedcache",
            "cfglddel",
            "cfgldadd",
            "ldsetprop",
            "getpreservedcachelist@next",
        ],
        _ => &[
            "storcli:start",
            "storcli:spindown",
            "storcli:delete",
            "storcli:del",
            "storcli:add",
            "storcli:set",
            "storcli:show@next",
        ],
    }
}

/// The number of the first `command` call after the pull: how many the workflow made up to
/// then, plus one (a read fault then strikes the cache step, whatever the reads before).
fn next_call_after_the_pull(template: &Path, command: &str) -> String {
    let dir = copy_of(template);
    let r = replace(
        dir.path(),
        &["--i-understand-data-loss", "2", "--qualify", "none"],
        &[("RAIDCTL_TEST_CRASH_AT", "await-pull:verified")],
    );
    assert_ne!(r.code, 0, "{}", r.stderr);
    let out = raidctl(dir.path())
        .command()
        .args(["sim", "calls"])
        .output()
        .unwrap();
    let calls: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (calls[command].as_u64().unwrap_or(0) + 1).to_string()
}

/// A hang and an error at each vendor step: the workflow stops safely with no change to any
/// other drive, and once the fault is gone `resume` finishes the replacement.
pub fn raid0_vendor_faults() {
    let template = ceph_node_with_failed_osd_drive();
    let before = states(template.path());
    let ack = ["--i-understand-data-loss", "2", "--qualify", "none"];
    let mut matrix = Vec::new();
    let mut failures = Vec::new();
    for command in step_commands() {
        // A read that exits non-zero with a proper "none" answer (storcli's no-foreign) is an
        // answer: a read fault is a hang or output that does not parse.
        let kinds: &[&str] = if command.contains('@') {
            &["hang", "garbled"]
        } else {
            &["hang", "exit:0x03"]
        };
        for &kind in kinds {
            let dir = copy_of(template.path());
            let (name, on_call) = command.split_once('@').unwrap_or((command, ""));
            let nth = if on_call.is_empty() {
                String::new()
            } else {
                next_call_after_the_pull(template.path(), name)
            };
            let mut args = vec!["fault", "add", "--command", name, "--kind", kind];
            if !nth.is_empty() {
                args.extend(["--on-call", nth.as_str()]);
            }
            sim(dir.path(), &args);
            let timeout = if kind == "hang" { "3" } else { "60" };
            let r = replace_with(raidctl(dir.path()).timeout(timeout), &ack);
            sim(dir.path(), &["fault", "clear"]);
            let safe = others_unchanged(&before, &states(dir.path()), &key(3));
            // A refused locate, spin-down or unblink is not dangerous: the operator confirms
            // by serial and the drive is out of service; the workflow says so and goes on.
            let tolerated = r.code == 0
                && (r.stderr.contains("locate LED not available")
                    || r.stderr.contains("spin-down refused")
                    || r.stderr.contains("could not stop the locate LED"));
            let stopped = r.code == 1 && r.stderr.contains("stopped");
            let case = format!("{kind} at {command}");
            let mut out = outcome(&r);
            if !(stopped || tolerated) || safe.is_err() {
                failures.push(format!("{case}: {out} {safe:?}\n{}", r.stderr));
            } else if stopped {
                let r2 = resume(dir.path(), &[]);
                let end = replaced(dir.path());
                out.push_str(&format!("; resume exit {}", r2.code));
                if r2.code != 0 || end.is_err() {
                    failures.push(format!(
                        "{case}, resumed: {end:?}\n{}\n{}",
                        r.stderr, r2.stderr
                    ));
                }
            }
            matrix.push((case, out));
        }
    }
    report("RAID0 replacement, vendor faults", &matrix, &failures);
}

/// Killed right after each journal record, then resumed: always to a good end.
pub fn raid0_killed_and_resumed() {
    let template = ceph_node_with_failed_osd_drive();
    let mut matrix = Vec::new();
    let mut failures = Vec::new();
    for point in [
        "start:started",
        "locate-on:planned",
        "locate-on:done",
        "prepare-removal:planned",
        "prepare-removal:done",
        "prepare-removal:verified",
        "await-pull:verified",
        "discard-cache:planned",
        "discard-cache:done",
        "discard-cache:verified",
        "delete-vd:planned",
        "delete-vd:done",
        "delete-vd:verified",
        "await-insert:verified",
        "check-new:verified",
        "recreate:planned",
        "recreate:done",
        "recreate:verified",
        "qualify:verified",
        "verify-vd:verified",
        "locate-off:planned",
        "locate-off:done",
    ] {
        let dir = copy_of(template.path());
        let r = replace(
            dir.path(),
            &["--i-understand-data-loss", "2", "--qualify", "none"],
            &[("RAIDCTL_TEST_CRASH_AT", point)],
        );
        let killed = r.code != 0 && !r.stderr.contains("stopped:");
        let r2 = resume(dir.path(), &[]);
        let end = replaced(dir.path());
        let case = format!("killed at {point}, resumed");
        let out = format!("killed: {killed}, resume exit {}, end {end:?}", r2.code);
        if !killed || r2.code != 0 || end.is_err() {
            failures.push(format!("{case}: {out}\n{}\n{}", r.stderr, r2.stderr));
        }
        matrix.push((case, out));
    }
    report("RAID0 replacement, killed and resumed", &matrix, &failures);
}

/// Stopped with the old drive pulled and the dead VD gone, then a replacement of each kind.
/// OpenManage reports no media error counts, only a predicted failure (docs/backends.md).
fn unsuitable_replacements(
    template: &Path,
    before: &BTreeMap<String, String>,
    ack: &[&str],
    matrix: &mut Vec<(String, String)>,
    failures: &mut Vec<String>,
) {
    let errors = if backend() == "omreport" {
        "predictive"
    } else {
        "media-errors"
    };
    // The later of the two cache and VD steps (OpenManage deletes the VD first).
    let cleaned = if backend() == "omreport" {
        "discard-cache:verified"
    } else {
        "delete-vd:verified"
    };
    for (kind, expect) in [
        ("small", "too small"),
        ("sata", "needs sata"),
        ("ssd", "needs hdd"),
        (errors, "already has errors"),
        ("foreign", "--clear-foreign"),
    ] {
        let dir = copy_of(template);
        let r = replace(dir.path(), ack, &[("RAIDCTL_TEST_CRASH_AT", cleaned)]);
        assert_ne!(r.code, 0, "{}", r.stderr);
        sim(dir.path(), &["insert", "32:3", "--kind", kind]);
        let r = resume(dir.path(), &[]);
        let safe = others_unchanged(before, &states(dir.path()), &key(3));
        let case = format!("replacement is {kind}");
        let mut out = outcome(&r);
        // Told why, the flow waits for the next swap (the simulator's hands bring a blank
        // drive) and completes; a foreign drive stops for the operator's word.
        let (code, swapped) = if kind == "foreign" {
            (1, true)
        } else {
            (
                0,
                r.stderr
                    .contains("waiting for it to be pulled and another drive inserted")
                    && replaced(dir.path()).is_ok(),
            )
        };
        if r.code != code || !swapped || !r.stderr.contains(expect) || safe.is_err() {
            failures.push(format!("{case}: {out} {safe:?}\n{}", r.stderr));
        }
        if kind == "foreign" {
            // Named by its index, the drive's own foreign configuration is cleared and used.
            let index = r
                .stderr
                .split("--clear-foreign ")
                .nth(1)
                .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
                .unwrap_or("0")
                .to_owned();
            let r2 = resume(dir.path(), &["--clear-foreign", &index]);
            let end = replaced(dir.path());
            out.push_str(&format!("; --clear-foreign {index}: exit {}", r2.code));
            if r2.code != 0 || end.is_err() || !r2.stderr.contains("cleared from the new drive") {
                failures.push(format!("{case}, cleared: {end:?}\n{}", r2.stderr));
            }
        }
        matrix.push((case, out));
    }
}

/// The rest of the matrix: unsuitable and foreign replacements, a foreign configuration that
/// could bring the VD back, the wrong drive pulled, a replacement that fails qualification.
pub fn raid0_fault_matrix() {
    let template = ceph_node_with_failed_osd_drive();
    let before = states(template.path());
    let ack = ["--i-understand-data-loss", "2", "--qualify", "none"];
    let mut matrix = Vec::new();
    let mut failures = Vec::new();
    unsuitable_replacements(template.path(), &before, &ack, &mut matrix, &mut failures);
    // A foreign configuration appears while the bay is empty: the pinned cache stays.
    {
        let dir = copy_of(template.path());
        let r = replace(
            dir.path(),
            &ack,
            &[("RAIDCTL_TEST_CRASH_AT", "await-pull:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.stderr);
        // A used drive in a spare bay (the enclosure is full: an unused drive makes room).
        sim(dir.path(), &["pull", "32:13"]);
        sim(dir.path(), &["insert", "32:13", "--kind", "foreign"]);
        let r = resume(dir.path(), &[]);
        let ok = r.code == 1 && r.stderr.contains("[cache-foreign-first]") && pinned(dir.path());
        let mut out = outcome(&r);
        if !ok {
            failures.push(format!("foreign before discard: {}", r.stderr));
        }
        // The foreign drive goes (it was not VD 2's): the replacement goes on.
        sim(dir.path(), &["pull", "32:13"]);
        let r2 = resume(dir.path(), &[]);
        let end = replaced(dir.path());
        out.push_str(&format!("; foreign drive pulled, resume exit {}", r2.code));
        if r2.code != 0 || end.is_err() {
            failures.push(format!(
                "foreign before discard, resumed: {end:?}\n{}",
                r2.stderr
            ));
        }
        matrix.push(("foreign configuration before the discard".into(), out));
    }
    // The wrong drive pulled while raidctl waits for [32:3].
    {
        let dir = copy_of(template.path());
        let r = replace(
            dir.path(),
            &ack,
            &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.stderr);
        sim(dir.path(), &["pull", "32:4"]);
        let r = resume(dir.path(), &[]);
        let ok = r.code == 1
            && r.stderr.contains("WRONG DRIVE PULLED")
            && r.stderr.contains(&key(4))
            && pinned(dir.path());
        if !ok {
            failures.push(format!("wrong pull: {}", r.stderr));
        }
        matrix.push(("wrong drive pulled".into(), outcome(&r)));
    }
    // The new drive fails its qualification (it showed media errors once written to): the
    // fresh VD goes again and the workflow waits for another drive, which passes.
    {
        let dir = copy_of(template.path());
        let r = replace(
            dir.path(),
            &["--i-understand-data-loss", "2"],
            &[("RAIDCTL_TEST_CRASH_AT", "recreate:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.stderr);
        // OpenManage shows only a predicted failure, not media error counts.
        if backend() == "omreport" {
            sim(dir.path(), &["predictive", "32:3", "3"]);
        } else {
            sim(dir.path(), &["media-errors", "32:3", "12"]);
        }
        let r = resume(dir.path(), &[]);
        let s = status_json(dir.path());
        let ok = r.code == 1
            && r.stderr.contains("[qualify-fail]")
            && r.stderr.contains("FAILED qualification")
            && vd_on(&s, 3).is_none();
        let mut out = outcome(&r);
        if !ok {
            failures.push(format!("qualification FAIL: {}", r.stderr));
        }
        let r2 = resume(dir.path(), &[]);
        let end = replaced(dir.path());
        out.push_str(&format!("; another drive: exit {}", r2.code));
        if r2.code != 0 || end.is_err() || !r2.stdout.contains("qualification") {
            failures.push(format!(
                "qualification FAIL, resumed: {end:?}\n{}",
                r2.stderr
            ));
        }
        matrix.push(("the new drive fails qualification".into(), out));
    }
    report("RAID0 replacement fault matrix", &matrix, &failures);
}

on_backends!(
    raid0_vendor_faults,
    raid0_killed_and_resumed,
    raid0_fault_matrix
);

/// A journal with a damaged line in the middle (not UTF-8) and a torn tail: `workflows` still
/// shows the last step, `resume` goes on from it, and the next record starts on its own line.
#[test]
fn a_damaged_journal_hides_nothing() {
    BACKEND.with(|b| b.set("megacli"));
    let dir = ceph_node_with_failed_osd_drive();
    let r = replace(
        dir.path(),
        &["--i-understand-data-loss", "2", "--qualify", "none"],
        &[("RAIDCTL_TEST_CRASH_AT", "delete-vd:verified")],
    );
    assert_ne!(r.code, 0, "{}", r.stderr);
    let journals = dir.path().join("raidctl/journals");
    let path = std::fs::read_dir(&journals)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("replace-drive"))
        .unwrap();
    let text = std::fs::read(&path).unwrap();
    // Stray bytes after the third record, and half a record at the end.
    let cut = text
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(2)
        .unwrap()
        .0
        + 1;
    let mut damaged = text[..cut].to_vec();
    damaged.extend_from_slice(b"\xff\xfe\x00 not a record\n");
    damaged.extend_from_slice(&text[cut..]);
    damaged.extend_from_slice(b"{\"at\":1,\"step\":\"aw");
    std::fs::write(&path, damaged).unwrap();
    let w = raidctl(dir.path())
        .args(["workflows", "--format", "json"])
        .run();
    assert!(w.stdout.contains("delete-vd verified"), "{}", w.stdout);
    let r = resume(dir.path(), &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("skipped, not UTF-8") && r.stderr.contains("torn last record"),
        "{}",
        r.stderr
    );
    assert!(replaced(dir.path()).is_ok());
    let after = raidctl::workflow::journal::read(&path).unwrap();
    assert_eq!(after.skipped.len(), 2, "{:?}", after.skipped);
    assert_eq!(after.records.last().unwrap().phase, "completed");
}

/// The state file system fills up mid-replacement: the workflow stops at once, says where it
/// was, that the bay still blinks and how to go on; once there is room, `resume` finishes.
#[test]
fn a_full_state_file_system_stops_with_a_resume_hint() {
    if !crate::util::is_root() {
        crate::util::skip("mounting a small tmpfs needs root");
        return;
    }
    BACKEND.with(|b| b.set("megacli"));
    let dir = ceph_node_with_failed_osd_drive();
    let mnt = tempfile::tempdir().unwrap();
    let ok = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs"])
        .arg(mnt.path())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        crate::util::skip("mount -t tmpfs failed");
        return;
    }
    struct Unmount(std::path::PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let _guard = Unmount(mnt.path().to_path_buf());
    let state = mnt.path().join("state");
    std::fs::create_dir(&state).unwrap();
    // Leave room for the first few records only.
    let filler = mnt.path().join("filler");
    let mut n = 0u64;
    let free = |p: &Path| {
        let s = rustix::fs::statvfs(p).unwrap();
        s.f_bavail * s.f_frsize
    };
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        while free(mnt.path()) > 3 * 4096 {
            f.write_all(&[0u8; 4096]).unwrap();
            n += 1;
        }
        f.sync_all().unwrap();
    }
    assert!(n > 0);
    let st = state.display().to_string();
    let r = replace(
        dir.path(),
        &[
            "--i-understand-data-loss",
            "2",
            "--qualify",
            "none",
            "--state-dir",
            &st,
        ],
        &[],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("could not be written")
            && r.stderr.contains("raidctl resume")
            && r.stderr.contains("still blinking"),
        "{}",
        r.stderr
    );
    std::fs::remove_file(&filler).unwrap();
    let r2 = raidctl(dir.path())
        .args([
            "resume",
            "--yes",
            "--serial",
            "ZA1A2B03",
            "--state-dir",
            &st,
        ])
        .run();
    assert_eq!(r2.code, 0, "{}\n{}", r.stderr, r2.stderr);
    assert!(replaced(dir.path()).is_ok());
}
