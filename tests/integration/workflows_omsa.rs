//! replace-drive and the smaller workflows on the OpenManage backend (`omreport`/`omconfig`)
//! against the simulator, with the same fault matrix as the MegaCli path: hang and error at
//! each vendor step, a wrong pull, unsuitable replacements, a second failure, and a kill at
//! every journal point followed by `raidctl resume`. Every case ends in a safe state with a
//! clear message, and no drive other than the target changes.
//!
//! OMSA numbers enclosures itself: MegaCli's `[32:S]` is OMSA's `0:1:S`, shown as `[1:S]`.

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, others_unchanged, raidctl_on};
use std::collections::BTreeMap;
use std::path::Path;

fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, "omreport", "2")
}

fn init(scenario: &str) -> tempfile::TempDir {
    simctl::init_on(scenario, "omreport")
}

fn sim(dir: &Path, args: &[&str]) {
    simctl::sim_on(dir, "omreport", args);
}

/// A simulated vendor tool run directly on the state in `dir`.
fn vendor(dir: &Path, tool: &str, args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(crate::util::vendor(tool))
        .env("RAIDCTL_SIM_STATE", dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn auto_rebuild(dir: &Path, on: bool) {
    let flag = if on { "-Enbl" } else { "-Dsbl" };
    let (code, out) = vendor(dir, "MegaCli64", &["-AdpAutoRbld", flag, "-a0"]);
    assert_eq!(code, 0, "{out}");
}

/// `[E:S]` (MegaCli's numbering, independent of the backend under test) → firmware state.
fn states(dir: &Path) -> BTreeMap<String, String> {
    simctl::states_on(dir, "megacli")
}

/// VD states as MegaCli reports them (OMSA's own VD state is `Ready` for optimal).
fn all_optimal(dir: &Path) -> bool {
    simctl::status_json_on(dir, "megacli")["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["state"] == "optimal")
}

fn replace(dir: &Path, target: &str, serial: &str, env: &[(&str, &str)]) -> Run {
    simctl::replace_unattended(raidctl(dir), target, serial, env)
}

fn resume(dir: &Path, serial: &str) -> Run {
    simctl::resume_unattended(raidctl(dir), serial)
}

/// The journal id a stopped workflow names (`raidctl resume ID`).
fn journal_id(r: &Run) -> String {
    r.all()
        .split("raidctl resume ")
        .nth(1)
        .and_then(|t| t.split('`').next())
        .unwrap_or_else(|| panic!("no journal id in\n{}", r.all()))
        .to_owned()
}

/// Calls that did not go to OpenManage (the tests' own MegaCli views add some).
fn other_calls(dir: &Path) -> u64 {
    calls(dir)
        .iter()
        .filter(|(k, _)| !k.starts_with("omreport:") && !k.starts_with("omconfig:"))
        .map(|(_, n)| n)
        .sum()
}

fn calls(dir: &Path) -> BTreeMap<String, u64> {
    let out = raidctl(dir)
        .command()
        .args(["sim", "calls"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn last_line(text: &str, words: &[&str]) -> String {
    text.lines()
        .rev()
        .find(|l| words.iter().any(|w| l.contains(w)))
        .unwrap_or("")
        .chars()
        .take(120)
        .collect()
}

/// The "done when": the next step `status` names on the OMSA backend, run
/// unattended with the drive's serial, ends with every VD optimal, through omconfig only.
#[test]
fn omsa_replace_degraded_unattended_ends_optimal() {
    let dir = init("degraded");
    let v = simctl::status_json_on(dir.path(), "omreport");
    let failed = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["rule"] == "pd-failed")
        .expect("a failed drive");
    let next = failed["suggestion"].as_str().unwrap().to_owned();
    assert_eq!(next, "raidctl replace-drive 1:4 -a 0", "{failed}");
    let args: Vec<&str> = next
        .split_whitespace()
        .skip(1)
        .chain(["--yes", "--serial", "S0K1A2B04"])
        .collect();
    let r = raidctl(dir.path()).args(&args).envs(&[]).run();
    assert_eq!(r.code, 0, "{}", r.all());
    assert!(
        r.all().contains("every VD on adapter 0 is optimal"),
        "{}",
        r.all()
    );
    let c = calls(dir.path());
    for action in ["omconfig:blink", "omconfig:remove", "omconfig:unblink"] {
        assert_eq!(c.get(action), Some(&1), "{c:?}");
    }
    // The state was read and changed through OpenManage only.
    assert_eq!(other_calls(dir.path()), 0, "{c:?}");
    assert!(all_optimal(dir.path()));
    let out = raidctl(dir.path())
        .command()
        .args(["workflows", "--format", "json"])
        .output()
        .unwrap();
    let w: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(w[0]["finished"], true, "{w}");
}

#[test]
fn omsa_dry_run_shows_omconfig_commands_and_changes_nothing() {
    let dir = init("healthy");
    let before = states(dir.path());
    let mega = other_calls(dir.path());
    let r = raidctl(dir.path())
        .args(["replace-drive", "1:2", "--dry-run", "--proactive"])
        .envs(&[])
        .run();
    assert_eq!(r.code, 0, "{}", r.all());
    for line in [
        "omconfig storage pdisk action=blink controller=0 pdisk=0:1:2",
        "omconfig storage pdisk action=offline controller=0 pdisk=0:1:2",
        "omconfig storage pdisk action=remove controller=0 pdisk=0:1:2",
        "omconfig storage pdisk action=rebuild controller=0 pdisk=0:1:2",
        "omconfig storage vdisk action=assigndedicatedhotspare controller=0 vdisk=1 pdisk=0:1:2 assign=yes",
        "omconfig storage pdisk action=unblink controller=0 pdisk=0:1:2",
    ] {
        assert!(r.all().contains(line), "{line}\n{}", r.all());
    }
    assert!(!r.all().contains("mark its row missing"), "{}", r.all());
    assert_eq!(other_calls(dir.path()), mega);
    assert!(
        calls(dir.path())
            .keys()
            .all(|k| !k.starts_with("omconfig:"))
    );
    assert_eq!(states(dir.path()), before);
}

#[test]
fn omsa_guards_hold() {
    let dir = init("degraded");
    let before = states(dir.path());
    let r = replace(dir.path(), "1:4", "WRONG", &[]);
    assert_eq!(r.code, 1, "{}", r.all());
    crate::util::assert_wrong_serial_refused(&r.all(), "S0K1A2B04");
    // Offlining a member of the degraded VD would lose it: refused before anything runs.
    let r = replace(dir.path(), "1:3", "S0K1A2B03", &[]);
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(r.all().contains("would destroy the array"), "{}", r.all());
    assert_eq!(states(dir.path()), before);
    let c = calls(dir.path());
    assert!(
        c.keys()
            .filter(|k| k.starts_with("omconfig:"))
            .all(|k| k == "omconfig:blink" || k == "omconfig:unblink"),
        "only the locate LED may have been touched: {c:?}"
    );
}

/// Hang and error at each vendor step of replacing an online member (healthy scenario, the
/// PERC's automatic rebuild on, as OMSA leaves it).
fn vendor_faults(commands: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for command in commands {
        for kind in ["hang", "exit:0x03"] {
            let dir = init("healthy");
            let before = states(dir.path());
            let mut args = vec!["fault", "add", "--command", command, "--kind", kind];
            // `omreport:pdisk@N`: the Nth drive-list read (each snapshot reads 4).
            let (command, on_call) = command.split_once('@').unwrap_or((command, ""));
            if !on_call.is_empty() {
                args[3] = command;
                args.extend(["--on-call", on_call]);
            }
            sim(dir.path(), &args);
            let r = replace(dir.path(), "1:2", "S0K1A2B02", &[]);
            sim(dir.path(), &["fault", "clear"]);
            let after = states(dir.path());
            let safe = others_unchanged(&before, &after, "[32:2]");
            // A refused locate, spin-down or unblink is not dangerous: the operator confirms
            // by serial, the workflow says so and goes on.
            let tolerated = kind.starts_with("exit")
                && match command {
                    "omconfig:blink" => r.all().contains("locate LED not available"),
                    "omconfig:remove" => r.all().contains("spin-down refused"),
                    "omconfig:unblink" => {
                        r.all().contains("could not stop the locate LED") && all_optimal(dir.path())
                    }
                    _ => false,
                }
                || (kind == "hang"
                    && command == "omconfig:unblink"
                    && r.all().contains("could not stop the locate LED"));
            let stopped =
                (r.code == 1 && r.all().contains("stopped")) || (r.code == 0 && tolerated);
            let outcome = format!(
                "exit {} — {}",
                r.code,
                last_line(&r.all(), &["stopped:", "Done", "not available", "refused"])
            );
            eprintln!("{kind} at {command}: {outcome}");
            if !stopped || safe.is_err() {
                failures.push(format!(
                    "{kind} at {command}: {outcome} {safe:?}\n{}",
                    r.all()
                ));
            }
        }
    }
    failures
}

#[test]
fn omsa_fault_matrix_vendor_steps() {
    let failures = vendor_faults(&[
        "omconfig:blink",
        "omconfig:offline",
        "omconfig:remove",
        "omconfig:unblink",
        // During the offline step, and while the rebuild is watched.
        "omreport:pdisk@14",
        "omreport:pdisk@60",
    ]);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Replacements that must be refused, and one OMSA cannot see.
#[test]
fn omsa_fault_matrix_unsuitable_replacements() {
    let mut failures = Vec::new();
    for (kind, auto, expect) in [
        ("small", true, "too small"),
        ("sata", true, "needs sas"),
        ("foreign", true, "foreign"),
        ("predictive", true, "already has errors"),
        ("ssd", true, "needs hdd"),
        ("failed", false, "shows Failed"),
    ] {
        let dir = init("degraded");
        auto_rebuild(dir.path(), auto);
        let before = states(dir.path());
        let r = replace(
            dir.path(),
            "1:4",
            "S0K1A2B04",
            &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.all());
        // The simulator's control interface takes OMSA's disk ids too.
        sim(dir.path(), &["pull", "0:1:4"]);
        if kind == "failed" {
            sim(dir.path(), &["insert", "0:1:4", "--kind", "blank"]);
            sim(dir.path(), &["fail", "0:1:4"]);
        } else {
            sim(dir.path(), &["insert", "0:1:4", "--kind", kind]);
        }
        let r = resume(dir.path(), "S0K1A2B04");
        let safe = others_unchanged(&before, &states(dir.path()), "[32:4]");
        let outcome = format!("exit {} — {}", r.code, last_line(&r.all(), &["stopped:"]));
        eprintln!("replacement is {kind}: {outcome}");
        // Told why, the flow waits for the next swap (the simulator's hands bring a blank
        // drive) and completes; a foreign drive stops for the operator's word.
        // A drive with errors the controller already rebuilds onto stays (stopping that
        // rebuild would leave the VD degraded); without automatic rebuild the blank drive
        // that follows the failed one is not rebuilt onto either, which stops the flow later.
        let waited = r
            .stderr
            .contains("waiting for it to be pulled and another drive inserted");
        let (code, swapped) = match kind {
            "foreign" | "predictive" => (1, true),
            "failed" => (1, waited),
            _ => (0, waited),
        };
        if r.code != code
            || !swapped
            || !r.all().contains(expect)
            || !r.all().contains("[new-drive-unsuitable]")
            || safe.is_err()
        {
            failures.push(format!("{kind}: {outcome} {safe:?}\n{}", r.all()));
        }
    }
    // OMSA reports no media error counts: a replacement with media errors but no predicted
    // failure is taken (docs/backends.md says so); the rebuild completes.
    let dir = init("degraded");
    let r = replace(
        dir.path(),
        "1:4",
        "S0K1A2B04",
        &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
    );
    assert_ne!(r.code, 0);
    sim(dir.path(), &["pull", "0:1:4"]);
    sim(dir.path(), &["insert", "0:1:4", "--kind", "media-errors"]);
    let r = resume(dir.path(), "S0K1A2B04");
    if r.code != 0 || !all_optimal(dir.path()) {
        failures.push(format!("media-errors: {}", r.all()));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn omsa_fault_matrix_wrong_pull_and_second_failure() {
    // The wrong drive pulled while raidctl waits for the pull.
    let dir = init("degraded");
    let r = replace(
        dir.path(),
        "1:4",
        "S0K1A2B04",
        &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
    );
    assert_ne!(r.code, 0);
    // The journal holds OpenManage's steps: another backend family does not resume it.
    let out = raidctl_on(dir.path(), "megacli")
        .args(["resume", "--yes", "--serial", "S0K1A2B04"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("resume it with --backend omreport"), "{err}");
    sim(dir.path(), &["pull", "0:1:5"]);
    let r = resume(dir.path(), "S0K1A2B04");
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(
        r.all().contains("WRONG DRIVE PULLED") && r.all().contains("[1:5]"),
        "{}",
        r.all()
    );
    // A second member fails while the controller rebuilds onto the new drive.
    let dir = init("healthy");
    let r = replace(
        dir.path(),
        "1:2",
        "S0K1A2B02",
        &[("RAIDCTL_TEST_CRASH_AT", "check-new:verified")],
    );
    assert_ne!(r.code, 0, "{}", r.all());
    sim(dir.path(), &["fail", "0:1:3"]);
    let r = resume(dir.path(), "S0K1A2B02");
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(
        r.all().contains("failed during the rebuild") || r.all().contains("OFFLINE"),
        "{}",
        r.all()
    );
}

/// Killed right after each journal record, then resumed to the end.
fn kill_and_resume(points: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for point in points {
        let dir = init("healthy");
        let r = replace(
            dir.path(),
            "1:2",
            "S0K1A2B02",
            &[("RAIDCTL_TEST_CRASH_AT", point)],
        );
        let killed = r.code != 0;
        let r2 = resume(dir.path(), "S0K1A2B02");
        let optimal = all_optimal(dir.path());
        let outcome = format!(
            "killed: {killed}, resume exit {}, all VDs optimal: {optimal}",
            r2.code
        );
        eprintln!("killed at {point}: {outcome}");
        if !killed || r2.code != 0 || !optimal {
            failures.push(format!("{point}: {outcome}\n{}\n{}", r.all(), r2.all()));
        }
    }
    failures
}

#[test]
fn omsa_fault_matrix_kill_and_resume_early() {
    let failures = kill_and_resume(&[
        "start:started",
        "locate-on:planned",
        "locate-on:done",
        "offline:planned",
        "offline:done",
        "offline:verified",
        "prepare-removal:planned",
    ]);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn omsa_fault_matrix_kill_and_resume_late() {
    let failures = kill_and_resume(&[
        "prepare-removal:done",
        "await-pull:verified",
        "await-insert:verified",
        "check-new:verified",
        "watch-rebuild:verified",
        "verify:verified",
        "locate-off:planned",
    ]);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The new drive is an offline member (its automatic rebuild was cancelled): raidctl starts
/// the rebuild with `omconfig ... action=rebuild`; a hang or an error there stops safely,
/// and a kill around it resumes to the end.
#[test]
fn omsa_rebuild_through_omconfig() {
    for fault in [None, Some("hang"), Some("exit:0x03")] {
        let dir = init("healthy");
        let r = replace(
            dir.path(),
            "1:2",
            "S0K1A2B02",
            &[("RAIDCTL_TEST_CRASH_AT", "check-new:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.all());
        let (code, out) = vendor(
            dir.path(),
            "omconfig",
            &[
                "storage",
                "pdisk",
                "action=cancelrebuild",
                "controller=0",
                "pdisk=0:1:2",
            ],
        );
        assert_eq!((code, out.trim()), (0, "Command successful!"));
        assert_eq!(states(dir.path())["[32:2]"], "offline");
        if let Some(kind) = fault {
            sim(
                dir.path(),
                &[
                    "fault",
                    "add",
                    "--command",
                    "omconfig:rebuild",
                    "--kind",
                    kind,
                ],
            );
            let r = resume(dir.path(), "S0K1A2B02");
            assert_eq!(r.code, 1, "{kind}: {}", r.all());
            assert!(
                r.all().contains("step rebuild-start failed"),
                "{kind}: {}",
                r.all()
            );
            sim(dir.path(), &["fault", "clear"]);
            let id = journal_id(&r);
            let r = raidctl(dir.path())
                .args(["resume", &id, "--yes", "--serial", "S0K1A2B02"])
                .envs(&[])
                .run();
            assert_eq!(r.code, 0, "{kind}: {}", r.all());
            assert!(all_optimal(dir.path()));
            continue;
        }
        let r = raidctl(dir.path())
            .args(["resume", "--yes", "--serial", "S0K1A2B02"])
            .envs(&[("RAIDCTL_TEST_CRASH_AT", "rebuild-start:done")])
            .run();
        assert_ne!(r.code, 0, "{}", r.all());
        assert!(r.all().contains("action=rebuild"), "{}", r.all());
        let r = resume(dir.path(), "S0K1A2B02");
        assert_eq!(r.code, 0, "{fault:?}: {}", r.all());
        assert!(all_optimal(dir.path()));
    }
}

/// With the controller's automatic rebuild off the new drive stays Ready: raidctl makes it a
/// dedicated spare of the VD, and says what to do when the controller does not take it.
#[test]
fn omsa_dedicated_spare_when_the_rebuild_does_not_start() {
    let dir = init("healthy");
    auto_rebuild(dir.path(), false);
    let before = states(dir.path());
    let r = replace(dir.path(), "1:2", "S0K1A2B02", &[]);
    assert_eq!(r.code, 1, "{}", r.all());
    assert!(
        r.all()
            .contains("action=assigndedicatedhotspare controller=0 vdisk=1 pdisk=0:1:2 assign=yes"),
        "{}",
        r.all()
    );
    assert!(
        r.all().contains("automatic rebuild is probably off"),
        "{}",
        r.all()
    );
    assert_eq!(states(dir.path())["[32:2]"], "hotspare");
    others_unchanged(&before, &states(dir.path()), "[32:2]").unwrap();
    auto_rebuild(dir.path(), true);
    let id = journal_id(&r);
    let r = raidctl(dir.path())
        .args(["resume", &id, "--yes", "--serial", "S0K1A2B02"])
        .envs(&[])
        .run();
    assert_eq!(r.code, 0, "{}", r.all());
    assert!(all_optimal(dir.path()));
}

/// hotspare, rebuild, pd and foreign through omconfig; what OMSA lacks is refused before
/// anything changes, naming the backends that can.
#[test]
fn omsa_small_workflows() {
    let dir = init("healthy");
    let ok = |args: &[&str], expect: &str| {
        let r = raidctl(dir.path()).args(args).envs(&[]).run();
        assert_eq!(r.code, 0, "{args:?}: {}", r.all());
        assert!(r.all().contains(expect), "{args:?}: {}", r.all());
    };
    ok(
        &["hotspare", "add", "1:8", "--dedicated", "1", "--yes"],
        "action=assigndedicatedhotspare controller=0 vdisk=1 pdisk=0:1:8 assign=yes",
    );
    let v = simctl::status_json_on(dir.path(), "megacli");
    let s8 = v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["slot"] == 8)
        .unwrap()
        .clone();
    assert_eq!(s8["firmware_state"], "hotspare", "{s8}");
    ok(
        &["hotspare", "remove", "1:8", "--yes"],
        "action=assignglobalhotspare assign=no",
    );
    assert_eq!(states(dir.path())["[32:8]"], "unconfigured_good");
    ok(&["pd", "locate", "1:3"], "action=blink");
    ok(&["pd", "locate", "1:3", "--stop"], "action=unblink");
    ok(
        &["pd", "offline", "1:2", "--yes", "--serial", "S0K1A2B02"],
        "action=offline",
    );
    ok(&["rebuild", "start", "1:2", "--yes"], "action=rebuild");
    ok(&["rebuild", "stop", "1:2", "--yes"], "action=cancelrebuild");
    ok(&["rebuild", "start", "1:2", "--yes"], "action=rebuild");
    ok(&["rebuild", "watch", "1:2"], "");
    assert!(all_optimal(dir.path()));
    // omconfig creates VDs (createvdisk, with the policies and strip size).
    ok(
        &["ld", "create", "--raid", "raid1", "1:9,1:10", "--yes"],
        "action=createvdisk controller=0 raid=r1 size=max pdisk=0:1:9,0:1:10 readpolicy=nra writepolicy=wb cachepolicy=d",
    );
    let before = states(dir.path());
    let args = &["adapter", "battery-warning", "disable", "--yes"][..];
    let r = raidctl(dir.path()).args(args).envs(&[]).run();
    assert_eq!(r.code, 1, "{args:?}: {}", r.all());
    assert!(
        r.all().contains("the omreport backend cannot do this")
            && r.all().contains("--backend megacli|storcli"),
        "{args:?}: {}",
        r.all()
    );
    assert_eq!(states(dir.path()), before);
    // Foreign configurations: import on one controller, clear (acknowledged) on another.
    let dir = init("foreign");
    let r = raidctl(dir.path())
        .args(["foreign", "import", "--yes"])
        .envs(&[])
        .run();
    assert_eq!(r.code, 0, "{}", r.all());
    assert!(
        r.all().contains("action=importforeignconfig controller=0"),
        "{}",
        r.all()
    );
    let dir = init("foreign");
    let r = raidctl(dir.path())
        .args([
            "foreign",
            "clear",
            "--yes",
            "--i-understand-data-loss",
            "all",
            "--serial",
            "clear-all",
        ])
        .envs(&[])
        .run();
    assert_eq!(r.code, 0, "{}", r.all());
    assert!(
        r.all().contains("action=clearforeignconfig controller=0"),
        "{}",
        r.all()
    );
    let r = raidctl(dir.path())
        .args(["foreign", "scan"])
        .envs(&[])
        .run();
    assert!(r.all().contains("no foreign configuration"), "{}", r.all());
}
