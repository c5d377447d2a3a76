//! Workflows end to end against the simulator, and the replace-drive fault matrix: every
//! case must end in a safe state with a clear message and no destructive step on any drive
//! other than the target.

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, others_unchanged};
use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

thread_local! {
    /// The backend this test drives the simulated controller through.
    static BACKEND: std::cell::Cell<&'static str> = const { std::cell::Cell::new("megacli") };
}

fn backend() -> &'static str {
    BACKEND.with(std::cell::Cell::get)
}

/// Runs a workflow test again through another backend's front end of the same simulator.
fn with_backend(name: &'static str, test: fn()) {
    BACKEND.with(|b| b.set(name));
    test();
}

fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, backend(), "2")
}

fn init(scenario: &str) -> tempfile::TempDir {
    simctl::init_on(scenario, backend())
}

fn sim(dir: &Path, args: &[&str]) {
    simctl::sim_on(dir, backend(), args);
}

/// Runs the simulator binary directly (MegaCli syntax) on the state in `dir`.
fn megacli(dir: &Path, args: &[&str]) {
    Command::new(crate::util::vendor("MegaCli64"))
        .env("RAIDCTL_SIM_STATE", dir)
        .args(args)
        .assert()
        .success();
}

/// raidctl's own status JSON for the simulated controller.
fn status_json(dir: &Path) -> serde_json::Value {
    simctl::status_json_on(dir, backend())
}

/// `[E:S]` → firmware state.
fn states(dir: &Path) -> BTreeMap<String, String> {
    simctl::states_on(dir, backend())
}

fn ld_states(dir: &Path) -> Vec<String> {
    status_json(dir)["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["state"].as_str().unwrap().to_owned())
        .collect()
}

fn replace(dir: &Path, target: &str, serial: &str, env: &[(&str, &str)]) -> Run {
    simctl::replace_unattended(raidctl(dir), target, serial, env)
}

fn resume(dir: &Path, serial: &str) -> Run {
    simctl::resume_unattended(raidctl(dir), serial)
}

/// An unattended run killed after its confirmation resumes unattended with a bare
/// `raidctl resume` (a timer or a script has nobody to answer a prompt): the journal kept
/// `--yes` and the serial that was checked.
#[test]
fn a_bare_resume_goes_on_as_the_run_was_confirmed() {
    let dir = init("degraded");
    let r = replace(
        dir.path(),
        "32:4",
        "S0K1A2B04",
        &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
    );
    assert_ne!(r.code, 0, "{}", r.stderr);
    raidctl(dir.path())
        .arg("resume")
        .stdin("")
        .status(0)
        .stderr_has("confirmed unattended (--yes --serial S0K1A2B04): resuming the same way")
        .run();
    assert!(ld_states(dir.path()).iter().all(|s| s == "optimal"));
}

#[test]
fn replace_degraded_unattended_ends_optimal() {
    let dir = init("degraded");
    assert!(ld_states(dir.path()).contains(&"degraded".to_owned()));
    // The next step status suggests is the one this test then runs on the same backend.
    let v = status_json(dir.path());
    let suggested: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["suggestion"].as_str())
        .collect();
    assert!(
        suggested.contains(&"raidctl replace-drive 32:4 -a 0"),
        "{suggested:?}"
    );
    let r = replace(dir.path(), "32:4", "S0K1A2B04", &[]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("optimal"), "{}", r.stdout);
    assert!(ld_states(dir.path()).iter().all(|s| s == "optimal"));
    // The journal records every step and the completion.
    let out = raidctl(dir.path())
        .command()
        .args(["workflows", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["finished"], true);
}

#[test]
fn dry_run_changes_nothing_and_shows_commands() {
    let dir = init("degraded");
    let before = states(dir.path());
    let out = raidctl(dir.path())
        .command()
        .args(["replace-drive", "32:4", "--dry-run"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    if backend() == "megacli" {
        assert!(
            err.contains("-PdMarkMissing -PhysDrv[32:4] -a0 -NoLog"),
            "{err}"
        );
    } else {
        // The plan names the tool of the backend in use, in its own syntax.
        let tool = match backend() {
            "storcli" => "storcli64",
            "perccli" => "perccli64",
            other => other,
        };
        assert!(
            err.contains(&format!(" {tool} /c0/e32/s4 set missing J")),
            "{err}"
        );
    }
    assert_eq!(states(dir.path()), before);
}

#[test]
fn unattended_run_needs_the_right_serial() {
    let dir = init("degraded");
    let before = states(dir.path());
    let r = replace(dir.path(), "32:4", "WRONG", &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    crate::util::assert_wrong_serial_refused(&r.stderr, "S0K1A2B04");
    assert_eq!(states(dir.path()), before);
}

#[test]
fn refuses_to_offline_a_member_of_a_degraded_vd() {
    let dir = init("degraded");
    let before = states(dir.path());
    let r = replace(dir.path(), "32:3", "S0K1A2B03", &[]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("would destroy the array"), "{}", r.stderr);
    assert_eq!(states(dir.path()), before);
}

/// The fault matrix: (case, outcome) printed, every case safe.
#[test]
fn replace_drive_fault_matrix() {
    let mut matrix: Vec<(String, String)> = Vec::new();
    let mut failures = Vec::new();
    vendor_faults_at_each_step(&mut matrix, &mut failures);
    refused_replacements(&mut matrix, &mut failures);
    unconfigured_bad_is_made_good(&mut matrix, &mut failures);
    wrong_pull_and_second_failure(&mut matrix, &mut failures);
    killed_at_each_step(&mut matrix, &mut failures);
    println!("replace-drive fault matrix:");
    for (case, outcome) in &matrix {
        println!("  {case:<40} {outcome}");
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n---\n")
    );
}

/// Vendor hang and non-zero exit at each vendor step of a replacement of an online member
/// (healthy scenario, auto-rebuild off so every step runs).
fn vendor_faults_at_each_step(matrix: &mut Vec<(String, String)>, failures: &mut Vec<String>) {
    for command in [
        "pdlocate",
        "pdoffline",
        "pdmarkmissing",
        "pdprprmv",
        "pdreplacemissing",
        "pdrbld",
        "pdlist",
    ] {
        for kind in ["hang", "exit:0x03"] {
            let dir = init("healthy");
            megacli(dir.path(), &["-AdpAutoRbld", "-Dsbl", "-a0"]);
            let before = states(dir.path());
            let on_call = if command == "pdlist" {
                vec!["--on-call", "3"]
            } else {
                vec![]
            };
            let mut args = vec!["fault", "add", "--command", command, "--kind", kind];
            args.extend(on_call);
            sim(dir.path(), &args);
            let r = replace(dir.path(), "32:2", "S0K1A2B02", &[]);
            sim(dir.path(), &["fault", "clear"]);
            let after = states(dir.path());
            let case = format!("{kind} at {command}");
            let safe = others_unchanged(&before, &after, "[32:2]");
            // A refused locate or spin-down is not dangerous: the operator confirms by serial
            // and the drive is out of its array; the workflow says so and goes on.
            let tolerated = (command == "pdlocate"
                && kind.starts_with("exit")
                && r.stderr.contains("locate LED not available"))
                || (command == "pdprprmv"
                    && kind.starts_with("exit")
                    && r.stderr.contains("spin-down refused"));
            let stopped =
                (r.code == 1 && r.stderr.contains("stopped")) || (r.code == 0 && tolerated);
            let outcome = format!(
                "exit {} — {}",
                r.code,
                r.stderr
                    .lines()
                    .rev()
                    .find(|l| l.contains("stopped")
                        || l.contains("Done")
                        || l.contains("refused")
                        || l.contains("not available"))
                    .unwrap_or("")
                    .chars()
                    .take(110)
                    .collect::<String>()
            );
            if !stopped || safe.is_err() {
                failures.push(format!("{case}: {outcome} {safe:?}\n{}", r.stderr));
            }
            matrix.push((case, outcome));
        }
    }
}

/// Replacements that must be refused: the flow says why and waits for the next swap (the
/// simulator's hands pull the drive and insert a blank one), so it completes; a foreign
/// drive stops for the operator's word.
fn refused_replacements(matrix: &mut Vec<(String, String)>, failures: &mut Vec<String>) {
    for (kind, expect) in [
        ("small", "too small"),
        ("sata", "needs sas"),
        ("foreign", "foreign"),
        ("media-errors", "already has errors"),
    ] {
        let dir = init("degraded");
        let before = states(dir.path());
        let r = replace(
            dir.path(),
            "32:4",
            "S0K1A2B04",
            &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
        );
        assert_ne!(r.code, 0);
        sim(dir.path(), &["pull", "32:4"]);
        sim(dir.path(), &["insert", "32:4", "--kind", kind]);
        let r = resume(dir.path(), "S0K1A2B04");
        let after = states(dir.path());
        let safe = others_unchanged(&before, &after, "[32:4]");
        let case = format!("replacement is {kind}");
        let outcome = format!(
            "exit {} — {}",
            r.code,
            r.stderr
                .lines()
                .find(|l| l.contains("stopped:"))
                .unwrap_or("")
                .chars()
                .take(110)
                .collect::<String>()
        );
        // A drive with errors the controller already rebuilds onto stays: stopping that
        // rebuild would leave the VD degraded.
        let stays = kind == "foreign" || kind == "media-errors";
        let swapped = stays
            || (r
                .stderr
                .contains("waiting for it to be pulled and another drive inserted")
                && ld_states(dir.path()).iter().all(|s| s == "optimal"));
        let code = i32::from(stays);
        if r.code != code || !r.stderr.contains(expect) || !swapped || safe.is_err() {
            failures.push(format!("{case}: {outcome} {safe:?}\n{}", r.stderr));
        }
        matrix.push((case, outcome));
    }
}

/// A replacement that shows up as Unconfigured(bad) is made good, checked again and used.
fn unconfigured_bad_is_made_good(matrix: &mut Vec<(String, String)>, failures: &mut Vec<String>) {
    let dir = init("healthy");
    megacli(dir.path(), &["-AdpAutoRbld", "-Dsbl", "-a0"]);
    let before = states(dir.path());
    let r = replace(
        dir.path(),
        "32:2",
        "S0K1A2B02",
        &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
    );
    assert_ne!(r.code, 0);
    sim(dir.path(), &["pull", "32:2"]);
    sim(dir.path(), &["insert", "32:2", "--kind", "blank"]);
    sim(dir.path(), &["fail", "32:2"]);
    assert_eq!(states(dir.path())["[32:2]"], "unconfigured_bad");
    let r = resume(dir.path(), "S0K1A2B02");
    let safe = others_unchanged(&before, &states(dir.path()), "[32:2]");
    let ok = r.code == 0
        && r.stderr.contains("making it good")
        && safe.is_ok()
        && ld_states(dir.path()).iter().all(|s| s == "optimal");
    if !ok {
        failures.push(format!(
            "Unconfigured(bad) replacement: {safe:?}\n{}",
            r.stderr
        ));
    }
    matrix.push((
        "replacement is Unconfigured(bad)".into(),
        format!("exit {} — made good and rebuilt: {ok}", r.code),
    ));
}

/// The wrong drive pulled while raidctl waits; a second member fails during the rebuild.
fn wrong_pull_and_second_failure(matrix: &mut Vec<(String, String)>, failures: &mut Vec<String>) {
    {
        let dir = init("degraded");
        let r = replace(
            dir.path(),
            "32:4",
            "S0K1A2B04",
            &[("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")],
        );
        assert_ne!(r.code, 0);
        sim(dir.path(), &["pull", "32:5"]);
        let r = resume(dir.path(), "S0K1A2B04");
        let ok =
            r.code == 1 && r.stderr.contains("WRONG DRIVE PULLED") && r.stderr.contains("[32:5]");
        if !ok {
            failures.push(format!("wrong pull: {}", r.stderr));
        }
        matrix.push((
            "wrong drive pulled".into(),
            format!("exit {} — wrong-pull stop: {ok}", r.code),
        ));
    }
    // A second member fails during the rebuild.
    {
        let dir = init("healthy");
        megacli(dir.path(), &["-AdpAutoRbld", "-Dsbl", "-a0"]);
        let r = replace(
            dir.path(),
            "32:2",
            "S0K1A2B02",
            &[("RAIDCTL_TEST_CRASH_AT", "rebuild-start:verified")],
        );
        assert_ne!(r.code, 0, "{}", r.stderr);
        let first = r.stderr;
        sim(dir.path(), &["fail", "32:3"]);
        let r = resume(dir.path(), "S0K1A2B02");
        let ok = r.code == 1
            && (r.stderr.contains("failed during the rebuild") || r.stderr.contains("OFFLINE"));
        if !ok {
            failures.push(format!("second failure: {}\nfirst run:\n{first}", r.stderr));
        }
        matrix.push((
            "second drive fails during rebuild".into(),
            format!("exit {} — stopped with a clear message: {ok}", r.code),
        ));
    }
}

/// Killed at each step, then resumed to the end.
fn killed_at_each_step(matrix: &mut Vec<(String, String)>, failures: &mut Vec<String>) {
    for point in [
        "start:started",
        "locate-on:planned",
        "locate-on:done",
        "offline:planned",
        "offline:done",
        "offline:verified",
        "mark-missing:planned",
        "mark-missing:done",
        "mark-missing:verified",
        "prepare-removal:planned",
        "prepare-removal:done",
        "await-pull:verified",
        "await-insert:verified",
        "check-new:verified",
        "replace-missing:planned",
        "replace-missing:done",
        "rebuild-start:planned",
        "rebuild-start:done",
        "watch-rebuild:verified",
        "locate-off:planned",
    ] {
        let dir = init("healthy");
        megacli(dir.path(), &["-AdpAutoRbld", "-Dsbl", "-a0"]);
        let r = replace(
            dir.path(),
            "32:2",
            "S0K1A2B02",
            &[("RAIDCTL_TEST_CRASH_AT", point)],
        );
        let killed = r.code != 0;
        let r2 = resume(dir.path(), "S0K1A2B02");
        let optimal = ld_states(dir.path()).iter().all(|s| s == "optimal");
        let case = format!("killed at {point}, resumed");
        let outcome = format!(
            "killed: {killed}, resume exit {}, all VDs optimal: {optimal}",
            r2.code
        );
        if !killed || r2.code != 0 || !optimal {
            failures.push(format!("{case}: {outcome}\n{}\n{}", r.stderr, r2.stderr));
        }
        matrix.push((case, outcome));
    }
}

#[test]
fn foreign_workflows() {
    let dir = init("foreign");
    let r = raidctl(dir.path()).args(["foreign", "show"]).run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("1 foreign configuration"), "{}", r.stdout);
    // Clear is refused while VD 1 waits for its missing row.
    let before = states(dir.path());
    let r = raidctl(dir.path())
        .args(["foreign", "clear", "--yes"])
        .run();
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("waiting for missing drives"),
        "{}",
        r.stderr
    );
    assert_eq!(states(dir.path()), before);
    // Import brings the drive back into its VD.
    let r = raidctl(dir.path())
        .args(["foreign", "import", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    if backend() == "megacli" {
        assert!(r.stderr.contains("-CfgForeign -Import -a0"), "{}", r.stderr);
    }
    let after = states(dir.path());
    assert!(
        matches!(after["[32:4]"].as_str(), "rebuild" | "online"),
        "{after:?}"
    );
}

#[test]
fn foreign_clear_with_acknowledgement() {
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
        .run();
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let r = raidctl(dir.path()).args(["foreign", "scan"]).run();
    assert!(
        r.stdout.contains("no foreign configuration"),
        "{}",
        r.stdout
    );
}

#[test]
fn hotspare_add_dedicated_and_remove() {
    let dir = init("healthy");
    let r = raidctl(dir.path())
        .args(["hotspare", "add", "32:8", "--dedicated", "1", "--dry-run"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    if backend() == "megacli" {
        assert!(
            r.stderr
                .contains("-PDHSP -Set -Dedicated -Array1 -PhysDrv[32:8] -a0"),
            "{}",
            r.stderr
        );
    }
    let r = raidctl(dir.path())
        .args(["hotspare", "add", "32:8", "--dedicated", "1", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(states(dir.path())["[32:8]"], "hotspare");
    let r = raidctl(dir.path())
        .args(["hotspare", "remove", "32:8", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(states(dir.path())["[32:8]"], "unconfigured_good");
    // An online member cannot become a spare.
    let r = raidctl(dir.path())
        .args(["hotspare", "add", "32:0", "--yes"])
        .run();
    assert_eq!(r.code, 1);
}

#[test]
fn rebuild_status_watch_stop_start() {
    let dir = init("rebuilding");
    let rebuilding = states(dir.path())
        .into_iter()
        .find(|(_, s)| s == "rebuild")
        .map(|(a, _)| a)
        .unwrap();
    let target = rebuilding.trim_matches(|c| c == '[' || c == ']').to_owned();
    let r = raidctl(dir.path())
        .args(["rebuild", "status", &target])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains('%'), "{}", r.stdout);
    // The result once, on standard output only.
    assert!(!r.stderr.contains('%'), "{}", r.stderr);
    // Without a drive: every rebuild on the adapter(s).
    let r = raidctl(dir.path()).args(["rebuild", "status"]).run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains(&format!("rebuild {rebuilding} on adapter 0: ")),
        "{}",
        r.stdout
    );
    let r = raidctl(dir.path()).args(["rebuild", "stop"]).run();
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("needs the drive"), "{}", r.stderr);
    let r = raidctl(dir.path())
        .args(["rebuild", "stop", &target, "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(states(dir.path())[&rebuilding], "offline");
    let r = raidctl(dir.path())
        .args(["rebuild", "start", &target, "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = raidctl(dir.path()).args(["rebuild", "watch"]).run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(&format!(
            "no rebuild or copyback is running any more: {rebuilding} on adapter 0 is online"
        )),
        "{}",
        r.stdout
    );
    assert_eq!(states(dir.path())[&rebuilding], "online");
    assert!(ld_states(dir.path()).iter().all(|s| s == "optimal"));
    let r = raidctl(dir.path())
        .args(["rebuild", "status", "-a", "0"])
        .run();
    assert_eq!(
        r.stdout.trim(),
        "no rebuild or copyback is running on adapter 0"
    );
}

/// With omreport, which cannot replace a drive, status names the backend that can.
#[test]
fn suggestions_fit_the_backend() {
    with_backend("omreport", || {
        let dir = init("degraded");
        // OpenManage replaces drives through omconfig: the suggestion is the plain command,
        // and it plans (workflows_omsa.rs runs it to the end).
        let r = raidctl(dir.path()).args(["status"]).run();
        assert!(
            r.stdout.contains("-> raidctl replace-drive 1:4 -a 0"),
            "{}",
            r.stdout
        );
        assert!(!r.stdout.contains("--backend perccli"), "{}", r.stdout);
        let r = raidctl(dir.path())
            .args(["replace-drive", "1:4", "--dry-run"])
            .run();
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.stderr.contains("omconfig storage pdisk action=remove"),
            "{}",
            r.stderr
        );
    });
}

#[test]
fn pd_actions() {
    let dir = init("healthy");
    let r = raidctl(dir.path()).args(["pd", "locate", "32:3"]).run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = raidctl(dir.path())
        .args(["pd", "locate", "32:3", "--stop"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Offline needs the serial; a RAID 0 or degraded member is refused.
    let r = raidctl(dir.path())
        .args(["pd", "offline", "32:2", "--yes"])
        .run();
    assert_eq!(r.code, 1, "{}", r.stderr);
    let r = raidctl(dir.path())
        .args(["pd", "offline", "32:2", "--yes", "--serial", "S0K1A2B02"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(states(dir.path())["[32:2]"], "offline");
    let r = raidctl(dir.path())
        .args(["pd", "offline", "32:3", "--yes", "--serial", "S0K1A2B03"])
        .run();
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("refused"), "{}", r.stderr);
    // A force-online of a member of a VD that is only degraded is refused: rebuild it.
    let r = raidctl(dir.path())
        .args(["pd", "online", "32:2", "--yes", "--serial", "S0K1A2B02"])
        .run();
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("[force-online-not-latest]"),
        "{}",
        r.stderr
    );
    assert_eq!(states(dir.path())["[32:2]"], "offline");
    // Make-good applies to Unconfigured(bad) only.
    let r = raidctl(dir.path())
        .args(["pd", "make-good", "32:8", "--yes"])
        .run();
    assert_eq!(r.code, 1);
}

#[test]
fn adapter_settings() {
    let dir = init("healthy");
    let r = raidctl(dir.path())
        .args(["adapter", "rebuild-rate", "60", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    if backend() == "megacli" {
        assert!(
            r.stderr.contains("-AdpSetProp RebuildRate -60 -a0"),
            "{}",
            r.stderr
        );
    }
    for args in [
        &["adapter", "alarm", "silence", "--yes"][..],
        &["adapter", "alarm", "disable", "--yes"],
        &["adapter", "battery-warning", "disable", "--yes"],
    ] {
        let r = raidctl(dir.path()).args(args).run();
        if backend() != "megacli" && args[1] == "battery-warning" {
            // storcli has no battery-warning property: refused before anything runs.
            assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
            assert!(r.stderr.contains("cannot do this"), "{}", r.stderr);
        } else {
            assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        }
    }
    let r = raidctl(dir.path())
        .args(["adapter", "rebuild-rate", "101", "--yes"])
        .run();
    assert_eq!(r.code, 2);
}

#[test]
fn ld_create_and_delete() {
    let dir = init("ceph-node");
    let r = raidctl(dir.path())
        .args([
            "ld",
            "create",
            "--raid",
            "raid10",
            "32:2,32:3,32:4,32:5",
            "--yes",
        ])
        .run();
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    if backend() == "megacli" {
        assert!(
            r.stderr
                .contains("-CfgSpanAdd -r10 -Array0[32:2,32:3] -Array1[32:4,32:5]"),
            "{}",
            r.stderr
        );
    }
    let s = states(dir.path());
    assert!(
        ["[32:2]", "[32:3]", "[32:4]", "[32:5]"]
            .iter()
            .all(|a| s[*a] == "online"),
        "{s:?}"
    );
    let out = raidctl(dir.path())
        .command()
        .args(["status", "--format", "json", "--max-age", "0"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let new = v["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["raid_level"] == "raid10")
        .unwrap()["target_id"]
        .as_u64()
        .unwrap()
        .to_string();
    // Delete needs the typed confirmation word.
    let r = raidctl(dir.path())
        .args(["ld", "delete", &new, "--yes"])
        .run();
    assert_eq!(r.code, 1);
    let word = format!("delete-vd-{new}");
    let r = raidctl(dir.path())
        .args(["ld", "delete", &new, "--yes", "--serial", &word])
        .run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = states(dir.path());
    assert_eq!(s["[32:2]"], "unconfigured_good");
    // A drive that is not Unconfigured(good) is refused before the firmware sees it.
    let r = raidctl(dir.path())
        .args(["ld", "create", "--raid", "raid1", "32:0,32:2", "--yes"])
        .run();
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("[ld-create-drives]"), "{}", r.stderr);
}

/// The interactive path on a pseudo-terminal (`script` from util-linux): the operator types
/// the serial, lets the simulator pull the drive and inserts a blank one.
#[test]
fn replace_interactive_on_a_terminal() {
    let dir = init("degraded");
    let bin = assert_cmd::cargo::cargo_bin("raidctl");
    let cmd = format!(
        "{} --quiet --backend {} --sim-state {} replace-drive 32:4",
        bin.display(),
        backend(),
        dir.path().display()
    );
    let mut child = std::process::Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .env("RAIDCTL_NO_PROGRESS", "1")
        .spawn()
        .expect("`script` (util-linux) runs the workflow on a pseudo-terminal");
    {
        use std::io::Write;
        let stdin = child.stdin.as_mut().unwrap();
        for answer in ["S0K1A2B04", "y", "blank"] {
            std::thread::sleep(Duration::from_millis(700));
            let _ = writeln!(stdin, "{answer}");
        }
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Type the serial number"), "{text}");
    assert!(text.contains("VD 1 is optimal"), "{text}");
    assert!(ld_states(dir.path()).iter().all(|s| s == "optimal"));
}

/// Runs workflow tests again through every storcli-family front end of the same simulator
/// (storcli and perccli 7.x, storcli2 and perccli2 8.x with their own JSON schema): one module
/// per test, one `#[test]` per backend, so a failure names both.
macro_rules! on_storcli_family {
    ($($test:ident),* $(,)?) => {$(
        mod $test {
            #[test]
            fn storcli() {
                super::with_backend("storcli", super::$test);
            }
            #[test]
            fn perccli() {
                super::with_backend("perccli", super::$test);
            }
            #[test]
            fn storcli2() {
                super::with_backend("storcli2", super::$test);
            }
            #[test]
            fn perccli2() {
                super::with_backend("perccli2", super::$test);
            }
        }
    )*};
}

on_storcli_family!(
    replace_degraded_unattended_ends_optimal,
    replace_interactive_on_a_terminal,
    dry_run_changes_nothing_and_shows_commands,
    unattended_run_needs_the_right_serial,
    refuses_to_offline_a_member_of_a_degraded_vd,
    foreign_workflows,
    foreign_clear_with_acknowledgement,
    hotspare_add_dedicated_and_remove,
    rebuild_status_watch_stop_start,
    pd_actions,
    adapter_settings,
    ld_create_and_delete,
);
