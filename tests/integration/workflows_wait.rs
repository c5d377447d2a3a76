//! Replacements that wait for hardware (issue 39): a flow stopped while it waits for a
//! rejected drive to be swapped, or for a drive in an empty bay, goes on at that wait with
//! `raidctl resume`, not from the start; `workflows` groups journals by how they ended, newest
//! first; `pd locate` says which bay blinks and how to stop it. The interactive runs use the
//! terminal tests' tmux pane (the simulator's hands are offered there, so the test decides
//! when a drive comes).

use crate::harness::{Raidctl, Run};
use crate::simctl::{self, raidctl_on, states_on};
use crate::terminal::{Pane, state_dir};
use std::path::Path;
use std::time::{Duration, Instant};

/// `raidctl ARGS` on the simulator state in `dir` (MegaCli front end): exit status, stdout,
/// stderr.
/// raidctl on the simulator state in `dir` through MegaCli.
fn raidctl(dir: &Path) -> Raidctl {
    simctl::on(dir, "megacli", "2")
}

fn workflows_json(dir: &Path) -> Vec<serde_json::Value> {
    let Run {
        stdout: out,
        stderr: err,
        ..
    } = raidctl(dir).args(["workflows", "--format", "json"]).run();
    serde_json::from_str::<serde_json::Value>(&out)
        .unwrap_or_else(|e| panic!("{e}: {err}"))
        .as_array()
        .unwrap()
        .clone()
}

fn all_optimal(dir: &Path) -> bool {
    let v = crate::simctl::status_json_on(dir, "megacli");
    v["snapshot"]["logical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["state"] == "optimal")
}

/// How often the simulated controller was asked for its drives.
fn pdlist_calls(dir: &Path) -> u64 {
    let Run { stdout: out, .. } = raidctl(dir).args(["sim", "calls"]).run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["pdlist"].as_u64().unwrap_or(0)
}

/// The interactive replacement of the failed [32:4] of `degraded` up to the pull, done by the
/// simulator's hands.
fn replace_up_to_the_insert(name: &str, state: &str) -> Pane {
    let pane = Pane::start(
        name,
        160,
        50,
        &["--sim-state", state, "replace-drive", "32:4"],
    );
    pane.wait_for("Type the serial number", 0);
    pane.type_line("S0K1A2B04");
    pane.wait_for("pull the drive now? [y/N]", 0);
    pane.type_line("y");
    pane.wait_for("insert which kind of drive?", 0);
    pane
}

/// A too-small drive is rejected and the flow waits for it to be swapped; stopped there (no
/// answer at the prompt), `resume` goes on at that wait, remembering the rejected drive, and
/// completes with a good one, without asking for the serial again.
#[test]
fn a_stop_after_a_too_small_drive_resumes_at_the_wait() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("degraded");
    let d = dir.path();
    let state = d.display().to_string();
    let pane = replace_up_to_the_insert("wait-small", &state);
    pane.type_line("small");
    pane.wait_for("waiting for it to be pulled and another drive inserted", 0);
    pane.wait_for("pull the drive now? [y/N]", 1);
    pane.tmux(&["send-keys", "-t", "0", "C-d"]);
    assert_eq!(pane.exit_code(), 1, "{}", pane.screen(true));
    let screen = pane.screen(true);
    assert!(
        screen.contains("no answer from the operator while waiting at [32:4] (step await-pull)"),
        "{screen}"
    );
    let small = screen
        .lines()
        .find(|l| l.contains("waiting for it to be pulled and another drive inserted"))
        .and_then(|l| l.split("(serial ").nth(1))
        .and_then(|t| t.split(')').next())
        .unwrap_or_else(|| panic!("no rejected serial in {screen}"))
        .to_owned();
    assert!(screen.contains("too small"), "{screen}");
    // Stopped, not finished: `workflows` says so and names the resume.
    let w = workflows_json(d);
    assert_eq!(
        (w[0]["ending"].as_str(), w[0]["finished"].as_bool()),
        (Some("stopped"), Some(false)),
        "{w:?}"
    );
    assert!(w[0]["resume"].as_str().is_some(), "{w:?}");
    let Run {
        code, stderr: err, ..
    } = raidctl(d)
        .args(["resume", "--yes", "--serial", "S0K1A2B04"])
        .run();
    assert_eq!(code, 0, "{err}");
    // It goes on at the wait for the rejected drive to leave, not from the start.
    let first_step = err.lines().find(|l| l.starts_with('[')).unwrap_or("");
    assert_eq!(first_step, "[await-pull]", "{err}");
    assert!(
        err.contains(&format!(
            "Now pull the drive from the blinking bay [32:4] (serial {small})"
        )),
        "{err}"
    );
    assert!(all_optimal(d), "{err}");
    let w = workflows_json(d);
    assert_eq!(w[0]["ending"], "completed", "{w:?}");
    assert_eq!(w[0]["finished"], true, "{w:?}");
}

/// Stopped with the bay empty (no answer at the insert prompt), `resume` waits for a drive in
/// the bay instead of failing at once: nothing is inserted for it, the test inserts one while
/// it polls, and the replacement completes.
#[test]
fn resume_with_the_bay_empty_waits_for_the_insert() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("degraded");
    let d = dir.path();
    let state = d.display().to_string();
    let pane = replace_up_to_the_insert("wait-empty", &state);
    pane.tmux(&["send-keys", "-t", "0", "C-d"]);
    assert_eq!(pane.exit_code(), 1, "{}", pane.screen(true));
    assert!(
        pane.screen(true).contains("(step await-insert)"),
        "{}",
        pane.screen(true)
    );
    assert!(
        !states_on(d, "megacli").contains_key("[32:4]"),
        "the bay is empty"
    );
    // A long wait, so the polls outlast a busy machine.
    let pane = Pane::start(
        "wait-empty-resume",
        160,
        50,
        &["--sim-state", &state, "resume", "--wait-timeout", "2592000"],
    );
    pane.wait_for("insert which kind of drive?", 0);
    let before = pdlist_calls(d);
    pane.type_line("none");
    // It polls the empty bay (and does not stop): two more drive lists, then the drive comes.
    let start = Instant::now();
    while pdlist_calls(d) < before + 2 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "resume does not poll the bay: {}",
            pane.screen(true)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !pane.screen(true).contains("[exit "),
        "{}",
        pane.screen(true)
    );
    let Run {
        code, stderr: err, ..
    } = raidctl(d)
        .args(["sim", "insert", "32:4", "--kind", "blank"])
        .run();
    assert_eq!(code, 0, "{err}");
    assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
    let screen = pane.screen(true);
    assert!(
        screen.contains("Insert the replacement drive into bay [32:4]")
            && screen.contains("new drive in [32:4]")
            && !screen.contains("Type the serial number"),
        "{screen}"
    );
    assert!(all_optimal(d), "{screen}");
}

/// Waits until the clock's second is past `epoch` (journal ids start with the second they were
/// made in, and `workflows` orders by it).
fn next_second(epoch: u64) {
    let start = Instant::now();
    while std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        <= epoch
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the clock stands"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The epoch second an id starts with.
fn epoch_of(id: &str) -> u64 {
    id.split('-').next().and_then(|e| e.parse().ok()).unwrap()
}

/// The epoch second now.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// `workflows` separates unfinished (stopped or interrupted), refused and completed journals,
/// unfinished first, each group newest first.
#[test]
fn workflows_groups_journals_by_how_they_ended_newest_first() {
    let dir = crate::simctl::init_on("degraded", "megacli");
    let d = dir.path();
    // Stopped: the wrong serial stops at the confirmation, the bay left blinking.
    let Run { code, .. } = raidctl(d)
        .args(["replace-drive", "32:4", "--yes", "--serial", "NOT-IT"])
        .run();
    assert_eq!(code, 1);
    let stopped = workflows_json(d)[0]["id"].as_str().unwrap().to_owned();
    // Completed: two locates, in seconds of their own.
    next_second(epoch_of(&stopped));
    let Run {
        code, stderr: err, ..
    } = raidctl(d).args(["pd", "locate", "32:3"]).run();
    assert_eq!(code, 0, "{err}");
    let older = workflows_json(d)[0]["id"].as_str().unwrap().to_owned();
    next_second(epoch_of(&older));
    let Run {
        code, stderr: err, ..
    } = raidctl(d).args(["pd", "locate", "32:3", "--stop"]).run();
    assert_eq!(code, 0, "{err}");
    let newer = workflows_json(d)[0]["id"].as_str().unwrap().to_owned();
    // Interrupted after it changed something.
    next_second(epoch_of(&newer));
    let out = raidctl_on(d, "megacli")
        .env("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")
        .args(["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let interrupted = workflows_json(d)[0]["id"].as_str().unwrap().to_owned();
    // Refused before any change: what a replacement Ceph says no to leaves (no cluster here,
    // so its records are written as that run writes them).
    let refused = format!("{}-replace-drive-a0-32-9", now());
    std::fs::write(
        d.join("raidctl/journals").join(format!("{refused}.jsonl")),
        concat!(
            r#"{"at":1,"step":"start","phase":"started","detail":"replace-drive 32:9"}"#,
            "\n",
            r#"{"at":2,"step":"finish","phase":"stopped","detail":"[ceph-not-ok-to-stop] osd.9 is not ok to stop; nothing was changed"}"#,
            "\n"
        ),
    )
    .unwrap();
    let Run {
        code,
        stdout: table,
        stderr: err,
        ..
    } = raidctl(d).args(["workflows"]).run();
    assert_eq!(code, 0, "{err}");
    let heading = |h: &str| {
        table
            .find(&format!("{h}:"))
            .unwrap_or_else(|| panic!("no {h} group in\n{table}"))
    };
    let (unfinished, refusals, completed) = (
        heading("Unfinished"),
        heading("Refused (nothing was changed)"),
        heading("Completed"),
    );
    assert!(unfinished < refusals && refusals < completed, "{table}");
    // The rows of each group, by id, in the order shown.
    let ids_in = |from: usize, to: usize| -> Vec<String> {
        table[from..to]
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(
        ids_in(unfinished, refusals),
        [interrupted.clone(), stopped.clone()],
        "newest first: {table}"
    );
    assert_eq!(
        ids_in(refusals, completed),
        std::slice::from_ref(&refused),
        "{table}"
    );
    assert_eq!(
        ids_in(completed, table.len()),
        [newer, older],
        "newest first: {table}"
    );
    let row = |id: &str| {
        table
            .lines()
            .find(|l| l.starts_with(id))
            .unwrap()
            .to_owned()
    };
    assert!(row(&interrupted).contains("interrupted"), "{table}");
    assert!(row(&stopped).contains(" stopped "), "{table}");
    for id in [&interrupted, &stopped] {
        assert!(
            row(id).contains(&format!("(go on: raidctl resume {id})")),
            "{table}"
        );
    }
    assert!(row(&refused).contains(" refused "), "{table}");
}

/// `pd locate` says which bay blinks (with the serial on its label) and how to stop it.
#[test]
fn pd_locate_names_the_bay_the_serial_and_the_stop_command() {
    let dir = crate::simctl::init_on("healthy", "megacli");
    let d = dir.path();
    let Run {
        code,
        stdout: out,
        stderr: err,
        ..
    } = raidctl(d).args(["pd", "locate", "32:3"]).run();
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim_end(),
        "[32:3] (serial S0K1A2B03) on adapter 0 is blinking; stop it with `raidctl pd locate 32:3 -a 0 --stop`",
        "{err}"
    );
    // The stop command it prints works, and status no longer shows the bay blinking.
    let Run {
        code, stderr: err, ..
    } = raidctl(d)
        .args(["pd", "locate", "32:3", "-a", "0", "--stop"])
        .run();
    assert_eq!(code, 0, "{err}");
    let Run { stdout: status, .. } = raidctl(d).args(["status", "--max-age", "0"]).run();
    assert!(!status.contains("pd locate 32:3 -a 0 --stop"), "{status}");
}
