//! The `raidctl` binary as an operator runs it.

use crate::util;
use assert_cmd::Command;
use predicates::prelude::*;

fn raidctl() -> Command {
    let mut c = Command::cargo_bin("raidctl").unwrap();
    c.env_remove("NO_COLOR").env("COLUMNS", "200");
    c
}

#[test]
fn man_pages_are_current() {
    let dir = util::root().join("man");
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    committed.sort();
    let pages = raidctl::manual::man_pages();
    let mut names: Vec<String> = pages.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    let fix = "run `cargo run -- generate man --dir man/` (and remove pages of gone subcommands)";
    assert_eq!(
        committed, names,
        "man/ holds other pages than raidctl generates: {fix}"
    );
    for (name, body) in pages {
        let on_disk = std::fs::read(dir.join(&name)).unwrap();
        assert!(on_disk == body, "man/{name} is stale: {fix}");
    }
    let mut top = Vec::new();
    raidctl::app::generate(raidctl::cli::Generated::Man, &mut top).unwrap();
    assert!(top == std::fs::read(dir.join("raidctl.1")).unwrap());
}

/// Every page renders with man(1) without a warning (man-db and groff, as an operator's host
/// has them).
#[test]
fn man_pages_render() {
    if std::process::Command::new("man")
        .arg("--version")
        .output()
        .is_err()
    {
        util::skip("man (man-db) is not installed: the pages are not rendered");
        return;
    }
    for (name, _) in raidctl::manual::man_pages() {
        let out = std::process::Command::new("man")
            .args(["--warnings", "-l", "-Tutf8"])
            .arg(util::root().join("man").join(&name))
            .env("MANWIDTH", "80")
            .output()
            .unwrap();
        // grotty's overstrike (bold as "X\bX") removed.
        let raw = String::from_utf8_lossy(&out.stdout);
        let mut text = String::new();
        for c in raw.chars() {
            if c == '\u{8}' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.contains("SYNOPSIS") && text.contains("SEE ALSO"),
            "{name}: {text}"
        );
    }
}

/// The examples each `--help` shows parse as written (they name real devices, a Ceph cluster
/// or change something; the documentation's runnable examples run in `docs_examples`).
#[test]
fn help_examples_parse() {
    use clap::FromArgMatches;
    for (path, examples) in raidctl::manual::EXAMPLES {
        for (line, _) in *examples {
            let Some(cmdline) = line.split(" | ").last() else {
                continue;
            };
            let argv: Vec<&str> = cmdline.split_whitespace().collect();
            assert_eq!(argv[0], "raidctl", "{line}");
            let m = raidctl::manual::command()
                .try_get_matches_from(&argv)
                .unwrap_or_else(|e| panic!("{path}: {line}: {e}"));
            raidctl::cli::Cli::from_arg_matches(&m).unwrap();
        }
    }
}

#[test]
fn help_shows_examples_and_global_options_apart() {
    let out = raidctl().args(["pd", "locate", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains("Examples:\n  # Blink a bay\n  raidctl pd locate 32:4"),
        "{text}"
    );
    let global = text.find("Global options:").unwrap();
    assert!(text.find("--osd").unwrap() < global, "{text}");
    assert!(text[global..].contains("--sim-state"), "{text}");
}

#[test]
fn packaged_completions_are_current() {
    use raidctl::cli::Generated;
    for (what, file, shell) in [
        (Generated::Bash, "raidctl.bash", "bash"),
        (Generated::Zsh, "_raidctl", "zsh"),
        (Generated::Fish, "raidctl.fish", "fish"),
    ] {
        let mut generated = Vec::new();
        raidctl::app::generate(what, &mut generated).unwrap();
        let committed = std::fs::read(util::root().join("contrib/completions").join(file)).unwrap();
        assert!(
            generated == committed,
            "contrib/completions/{file} is stale: run `cargo run -- generate {shell} > contrib/completions/{file}`"
        );
    }
}

#[test]
fn completions_generate() {
    raidctl()
        .args(["generate", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("raidctl"));
}

#[test]
fn parse_json_has_the_documented_shape() {
    let file = util::corpus().join("megacli/raidinfo__megacli-ldpdinfo-3.txt");
    let out = raidctl()
        .args(["parse", "--format", "json"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert_eq!(v["kind"], "ldpdinfo");
    for key in [
        "adapters",
        "enclosures",
        "logical_drives",
        "physical_drives",
        "bbus",
        "events",
        "missing",
        "progress",
        "warnings",
    ] {
        assert!(v[key].is_array(), "{key} missing");
    }
    assert!(v.get("exit_code").is_some());
    let pd = &v["physical_drives"][0];
    for key in [
        "adapter",
        "enclosure_id",
        "slot",
        "device_id",
        "firmware_state",
        "firmware_state_raw",
        "spun_up",
        "foreign",
        "media_error_count",
        "other_error_count",
        "predictive_failure_count",
        "smart_alert",
        "raw_size_bytes",
        "coerced_size_bytes",
        "pd_type",
        "media_type",
        "model",
        "serial",
        "firmware",
        "temperature_c",
        "disk_group",
        "span",
        "arm",
    ] {
        assert!(pd.get(key).is_some(), "physical drive lacks {key}");
    }
    let ld = &v["logical_drives"][0];
    for key in [
        "adapter",
        "target_id",
        "raid_level",
        "state",
        "size_bytes",
        "number_of_drives",
        "span_depth",
        "bad_blocks_exist",
    ] {
        assert!(ld.get(key).is_some(), "logical drive lacks {key}");
    }
    let states: Vec<&str> = v["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["firmware_state"].as_str().unwrap())
        .collect();
    assert!(
        states.contains(&"failed") || states.contains(&"rebuild"),
        "{states:?}"
    );
}

#[test]
fn parse_reads_stdin_and_prints_tables() {
    let text = util::read(&util::corpus().join("megacli/checkraid__issue123-pdlist"));
    raidctl()
        .args(["parse", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Physical drives").and(predicate::str::contains("[252:0]")),
        );
}

#[test]
fn garbage_exits_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("garbage.bin");
    std::fs::write(&f, [0u8, 159, 146, 150, 10, 255, 254]).unwrap();
    raidctl()
        .arg("parse")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("garbage.bin").and(predicate::str::contains("line 1")));
}

#[test]
fn warnings_name_file_and_line() {
    let file = util::corpus().join("megacli/zbxraidcontroller-pr3__cfgdsply-9240-8i-TRUNCATED.txt");
    raidctl()
        .arg("parse")
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::is_match(r"warning: .*TRUNCATED\.txt:\d+: ").unwrap());
}

#[test]
fn unknown_kind_is_a_usage_error() {
    raidctl()
        .args(["parse", "--kind", "nope", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown kind"));
}

/// `--sim` without `--sim-state` works in a private directory that is gone afterwards: ten
/// runs leave nothing in the temporary directory.
#[test]
fn private_sim_runs_leave_nothing_behind() {
    let tmp = tempfile::tempdir().unwrap();
    for _ in 0..10 {
        raidctl()
            .env("TMPDIR", tmp.path())
            .args(["--sim", "healthy", "status"])
            .assert()
            .code(0);
    }
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Interrupted while a vendor call hangs: exit 130, the hung call's process group killed, the
/// private directory removed.
#[test]
fn interrupted_private_sim_run_cleans_up() {
    let state = tempfile::tempdir().unwrap();
    raidctl()
        .args(["--sim-state"])
        .arg(state.path())
        .args([
            "sim",
            "fault",
            "add",
            "--command",
            "pdlist",
            "--kind",
            "hang",
        ])
        .assert()
        .success();
    let scenario = state.path().join("state.json");
    let tmp = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .env("TMPDIR", tmp.path())
        .arg("--sim")
        .arg(&scenario)
        .args(["--timeout", "60", "status"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the hung MegaCli call is running inside the private directory.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let dir = loop {
        let entry = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with("raidctl-sim-"));
        if let Some(e) = entry {
            let calls = std::fs::read_to_string(e.path().join("state.json")).unwrap_or_default();
            if calls.contains("\"pdlist\"") {
                break e.path();
            }
        }
        assert!(std::time::Instant::now() < deadline, "no hung call seen");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // Private: mode 0700, and a name that the pid does not predict.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700);
    assert!(!dir.display().to_string().contains(&child.id().to_string()));
    let pid = rustix::process::Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(!dir.exists(), "{} left behind", dir.display());
    // The hung simulator (which would sleep forever) was killed with its group: no process
    // still has the private directory as its simulator state (the simulated tools run as
    // raidctl itself named MegaCli64, so the environment is what tells them apart).
    // SIGKILL is sent before raidctl exits but takes effect when the kernel next runs the
    // process: on a busy machine it can outlive raidctl for a moment, so the check waits for
    // it to be gone (a zombie's environment reads empty).
    let wanted = format!("RAIDCTL_SIM_STATE={}", dir.display());
    let alive = || -> Vec<_> {
        std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|e| {
                std::fs::read(e.path().join("environ"))
                    .is_ok_and(|env| env.split(|b| *b == 0).any(|v| v == wanted.as_bytes()))
            })
            .map(|e| e.file_name())
            .collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut left = alive();
    while !left.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        left = alive();
    }
    assert!(
        left.is_empty(),
        "hung call still running after 30 s: {left:?}"
    );
}

/// One executable: under a vendor tool's name, or through `sim exec`, raidctl is that tool.
#[test]
fn multi_call_and_sim_exec_answer_as_the_vendor_tools() {
    let state = tempfile::tempdir().unwrap();
    raidctl()
        .args(["--sim", "degraded", "--sim-state"])
        .arg(state.path())
        .args([
            "sim",
            "exec",
            "MegaCli64",
            "--",
            "-PDList",
            "-aALL",
            "-NoLog",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Firmware state: Failed"))
        .stdout(predicate::str::contains("Exit Code: 0x00"));
    raidctl()
        .env("RAIDCTL_SIM_STATE", state.path())
        .args(["sim", "exec", "perccli64", "--", "/c0", "show", "J"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\"Controllers\""));
    // The tool's own exit status passes through (MegaCli's syntax error is 0x01).
    raidctl()
        .env("RAIDCTL_SIM_STATE", state.path())
        .args(["sim", "exec", "MegaCli64", "--", "-Bogus"])
        .assert()
        .code(1);
    raidctl()
        .args(["sim", "exec", "fdisk", "--", "-l"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a simulated vendor tool"));
    std::process::Command::new(util::vendor("omreport"))
        .env("RAIDCTL_SIM_STATE", state.path())
        .args(["storage", "vdisk", "controller=0", "-fmt", "ssv"])
        .output()
        .map(|o| assert!(String::from_utf8_lossy(&o.stdout).contains("Degraded")))
        .unwrap();
}

/// `sim env` puts the vendor tools first on PATH for any other program, on the same state
/// `raidctl --sim-state DIR` sees.
#[test]
fn sim_env_serves_third_party_scripts() {
    let state = tempfile::tempdir().unwrap();
    let d = state.path().join("h710");
    let out = raidctl()
        .args(["--sim", "degraded", "--sim-state"])
        .arg(&d)
        .args(["sim", "env"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines = String::from_utf8(out.stdout).unwrap();
    let script = format!(
        "{lines}\ncommand -v MegaCli64 storcli64 perccli64 omreport omconfig >/dev/null || exit 9\nMegaCli64 -PDList -aALL | grep -c 'Firmware state'"
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "12");
    // A change made through the PATH tools is what raidctl sees.
    let script = format!("{lines}\nMegaCli64 -PDOffline -PhysDrv[32:0] -a0 >/dev/null");
    std::process::Command::new("sh")
        .args(["-c", &script])
        .status()
        .unwrap();
    let status = raidctl()
        .args(["--sim-state"])
        .arg(&d)
        .args(["status", "--max-age", "0", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&status.stdout);
    assert!(text.contains("\"offline\""), "{text}");
}

/// Issue 38: Ctrl-C during a replacement step exited 130 with no word. It now says which
/// step, what the bay looks like and how to go on.
#[test]
fn an_interrupted_replacement_step_says_where_it_was_and_how_to_go_on() {
    let state = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let rc = || {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"));
        c.env("TMPDIR", tmp.path())
            .env_remove("RAIDCTL_SIM")
            .arg("--sim-state")
            .arg(state.path());
        c
    };
    let ok = |c: &mut std::process::Command| assert!(c.status().unwrap().success());
    ok(rc().args(["--sim", "degraded", "sim", "scenarios"]));
    ok(rc().args([
        "sim",
        "fault",
        "add",
        "--command",
        "pdprprmv",
        "--kind",
        "hang",
    ]));
    let child = rc()
        .args([
            "--timeout",
            "120",
            "replace-drive",
            "32:4",
            "--yes",
            "--serial",
            "S0K1A2B04",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait on the state: the journal's last record is the hung step's plan.
    let journals = state.path().join("raidctl/journals");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let hung = std::fs::read_dir(&journals)
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| {
                std::fs::read_to_string(e.path())
                    .unwrap_or_default()
                    .lines()
                    .last()
                    .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
                    // The record itself, not a step list in its state.
                    .is_some_and(|r| r["step"] == "prepare-removal" && r["phase"] == "planned")
            });
        if hung {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the step never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let pid = rustix::process::Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("replace-drive of [32:4] interrupted during step prepare-removal")
            && err.contains("still blinking")
            && err.contains("continue with `raidctl resume "),
        "{err}"
    );
}

/// Every duration flag reads one grammar: `--timeout 2m` and `--max-age 5m` work as `--since
/// 7d` always did, bare seconds still do, and a unit raidctl does not know is a usage error
/// that shows the forms it takes.
#[test]
fn durations_take_units() {
    let state = tempfile::tempdir().unwrap();
    for (timeout, max_age) in [("2m", "5m"), ("120", "300"), ("1m30s", "0")] {
        raidctl()
            .env("TMPDIR", state.path())
            .arg("--state-dir")
            .arg(state.path())
            .args(["--sim", "healthy", "--timeout", timeout, "status"])
            .args(["--max-age", max_age, "--full-read-after", "10m"])
            .assert()
            .code(0);
    }
    let out = raidctl()
        .arg("--state-dir")
        .arg(state.path())
        .args(["--sim", "healthy", "status", "--max-age", "5 fortnights"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("unknown unit \"fortnights\"") && err.contains("30s, 5m, 12h, 1d"),
        "{err}"
    );
}
