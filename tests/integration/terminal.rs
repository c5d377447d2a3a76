//! raidctl on a real terminal: tmux runs it in a pane of a given size, the test types into it
//! (send-keys) and reads the screen back (capture-pane). The screens are snapshot-checked
//! with temporary paths, journal ids and times normalised.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether tmux is there to give a test its terminal; says why the test skips when not (and
/// fails under `CI=true`, where `.ci/run` installs it).
pub(crate) fn have_tmux() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        crate::util::skip("tmux is not installed (apt-get install tmux): no terminal to test on");
    }
    found
}

/// One private tmux server (its own socket) running one command in a detached session.
pub(crate) struct Pane {
    socket: String,
}

impl Pane {
    /// Starts `args` (raidctl's arguments) in a `width`×`height` pane; the pane stays after
    /// the command ends and shows `[exit N]`.
    /// Progress is off (`RAIDCTL_NO_PROGRESS`): bars would make screens differ run to run.
    pub(crate) fn start(name: &str, width: u16, height: u16, args: &[&str]) -> Self {
        Self::start_env(name, (width, height), "RAIDCTL_NO_PROGRESS=1", args)
    }

    /// Like [`Pane::start`], with `env` (`NAME=value ...`, or nothing) as raidctl's
    /// environment beyond the test's own.
    pub(crate) fn start_env(
        name: &str,
        (width, height): (u16, u16),
        env: &str,
        args: &[&str],
    ) -> Self {
        let socket = format!("raidctl-test-{}-{name}", std::process::id());
        let bin = env!("CARGO_BIN_EXE_raidctl");
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "trap : INT; env -u COLUMNS -u RAIDCTL_SIM -u RAIDCTL_NO_PROGRESS {env} '{bin}' {}; echo \"[exit $?]\"; sleep 600",
            quoted.join(" ")
        );
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .args(["sh", "-c", &script])
            .status()
            .expect("tmux runs raidctl on a terminal (apt-get install tmux)")
            .success();
        assert!(ok, "tmux new-session failed");
        let pane = Self { socket };
        pane.tmux(&["set-option", "-g", "history-limit", "5000"]);
        pane
    }

    pub(crate) fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The whole screen with its scrollback; `join` joins lines the terminal wrapped.
    pub(crate) fn screen(&self, join: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-S", "-"];
        if join {
            args.push("-J");
        }
        let text = self.tmux(&args);
        text.trim_end().to_owned()
    }

    /// Waits until the screen shows `text` (after `from` occurrences of it).
    pub(crate) fn wait_for(&self, text: &str, from: usize) {
        let start = Instant::now();
        loop {
            let screen = self.screen(true);
            if screen.matches(text).count() > from {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "timed out waiting for {text:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Types `text` and Enter.
    pub(crate) fn type_line(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
        self.tmux(&["send-keys", "-t", "0", "Enter"]);
    }

    /// Waits for the command to end; its exit status.
    pub(crate) fn exit_code(&self) -> i32 {
        self.wait_for("[exit ", 0);
        let screen = self.screen(true);
        let tail = screen.rsplit("[exit ").next().unwrap_or("");
        tail.trim_end_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .unwrap_or(-1)
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

/// Temporary paths, journal ids and times replaced by placeholders.
fn normalise(screen: &str, state: &Path) -> String {
    let text = screen.replace(&state.display().to_string(), "<state>");
    let id = regex::Regex::new(r"\b\d{9,}-").unwrap();
    let time = regex::Regex::new(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC").unwrap();
    let text = id.replace_all(&text, "<id>-");
    time.replace_all(&text, "<time>").into_owned()
}

pub(crate) fn state_dir(scenario: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let ok = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .args(["--sim", scenario, "--sim-state"])
        .arg(dir.path())
        .args(["--quiet", "sim", "scenarios"])
        .stdout(std::process::Stdio::null())
        .env_remove("RAIDCTL_SIM")
        .status()
        .unwrap()
        .success();
    assert!(ok);
    dir
}

/// `status` fits the pane: no line wraps, every drive on one line with its address, serial
/// and `smartctl -d` argument whole; the table part of the screen is snapshot-checked.
#[test]
fn status_fits_the_terminal() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let serial = regex::Regex::new(r"\bS0K1A[0-9A-F]{3,4}\b").unwrap();
    let address = regex::Regex::new(r"\[\d+:\d+\]").unwrap();
    let smartctl = regex::Regex::new(r"\bmegaraid,\d+$").unwrap();
    for (scenario, width, drives) in [
        ("degraded", 80, 12),
        ("degraded", 120, 12),
        ("degraded", 160, 12),
        ("large", 80, 256),
        ("large", 160, 256),
    ] {
        let dir = state_dir(scenario);
        let state = dir.path().display().to_string();
        let name = format!("status-{scenario}-{width}");
        let pane = Pane::start(&name, width, 50, &["--sim-state", &state, "status"]);
        let code = pane.exit_code();
        assert!(code == 0 || code == 2, "{name}: exit {code}");
        let raw = pane.screen(false);
        assert_eq!(
            raw,
            pane.screen(true),
            "{name}: a line was wider than {width} columns"
        );
        let rows: Vec<&str> = raw.lines().filter(|l| l.contains("megaraid,")).collect();
        assert_eq!(rows.len(), drives, "{name}:\n{raw}");
        for row in &rows {
            assert!(
                serial.is_match(row) && address.is_match(row) && smartctl.is_match(row),
                "{name}: {row}"
            );
        }
        let shown: Vec<&str> = raw
            .lines()
            .take_while(|l| !l.starts_with("Snapshot taken"))
            .take(if scenario == "large" { 60 } else { 200 })
            .collect();
        insta::assert_snapshot!(name, shown.join("\n"));
    }
}

/// The interactive replacement forgives a mistyped serial and an answer the simulator does not
/// know, and completes without a resume; the result line is shown once.
#[test]
fn replace_drive_forgives_typos() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("degraded");
    let state = dir.path().display().to_string();
    let pane = Pane::start(
        "replace",
        160,
        50,
        &["--sim-state", &state, "replace-drive", "32:4"],
    );
    pane.wait_for("Type the serial number", 0);
    pane.type_line("S0K1A2B4");
    pane.wait_for("type the serial number again (2 tries left)", 0);
    pane.type_line("s0k1a2b04");
    pane.wait_for("pull the drive now? [y/N]", 0);
    pane.type_line("y");
    pane.wait_for("insert which kind of drive?", 0);
    pane.type_line("y");
    pane.wait_for("\"y\" is not one of the choices", 0);
    pane.type_line("blank");
    assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
    let screen = normalise(&pane.screen(true), dir.path());
    assert_eq!(
        screen.matches("VD 1 is optimal").count(),
        1,
        "shown once:\n{screen}"
    );
    assert!(!screen.contains("S0K1A2B04 does not match"), "{screen}");
    insta::assert_snapshot!("replace-drive-typos", screen);
}

/// `replace-drive 32:4` on a degraded controller, `key` pressed at its serial prompt: the
/// exit status and the screen.
fn key_at_the_serial_prompt(name: &str, key: &str) -> (i32, String) {
    let dir = state_dir("degraded");
    let state = dir.path().display().to_string();
    let args = ["--sim-state", &state, "replace-drive", "32:4"];
    let pane = Pane::start(name, 160, 50, &args);
    pane.wait_for("Type the serial number", 0);
    pane.tmux(&["send-keys", "-t", "0", key]);
    (pane.exit_code(), pane.screen(true))
}

/// Ctrl-C at the serial prompt stops safely and says how to go on.
#[test]
fn replace_drive_ctrl_c_at_the_prompt() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let (code, screen) = key_at_the_serial_prompt("ctrlc", "C-c");
    assert_eq!(code, 130, "{screen}");
    assert!(
        screen.contains("raidctl: stopped: replace-drive [32:4] interrupted at the serial confirmation; nothing was changed; the bay of [32:4] is still blinking (stop it with `raidctl pd locate 32:4 -a 0 --stop`); continue with `raidctl resume "),
        "{screen}"
    );
}

/// End of input (Ctrl-D) at the serial prompt stops safely too, nothing changed.
#[test]
fn replace_drive_ctrl_d_at_the_prompt() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let (code, screen) = key_at_the_serial_prompt("ctrld", "C-d");
    assert_eq!(code, 1, "{screen}");
    assert!(
        screen.contains("raidctl: stopped: [serial-confirm] no answer to the serial confirmation; nothing was changed; the bay of [32:4] is still blinking"),
        "{screen}"
    );
    assert!(screen.contains("raidctl resume "), "{screen}");
}

/// `--proactive` on a healthy member is typed back at a terminal: a wrong word is asked again
/// without saying what is expected, `proactive` goes on to the serial confirmation, and
/// nothing changes before it.
#[test]
fn replace_drive_proactive_is_typed_back() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("healthy");
    let state = dir.path().display().to_string();
    let pane = Pane::start(
        "proactive",
        160,
        50,
        &[
            "--sim-state",
            &state,
            "replace-drive",
            "32:3",
            "--proactive",
        ],
    );
    pane.wait_for("Type proactive to replace it anyway:", 0);
    pane.type_line("yes");
    pane.wait_for("That does not match the word.", 0);
    pane.type_line("proactive");
    pane.wait_for("Type the serial number", 0);
    pane.tmux(&["send-keys", "-t", "0", "C-d"]);
    assert_eq!(pane.exit_code(), 1, "{}", pane.screen(true));
    let screen = pane.screen(true);
    assert!(
        screen
            .contains("[serial-confirm] no answer to the serial confirmation; nothing was changed"),
        "{screen}"
    );
    // Refused at the word: three wrong answers, nothing changed, no journal step ran.
    let pane = Pane::start(
        "proactive-refused",
        160,
        50,
        &[
            "--sim-state",
            &state,
            "replace-drive",
            "32:3",
            "--proactive",
        ],
    );
    for prompt in [
        "Type proactive to replace it anyway:",
        "type the word again (2 tries left)",
        "type the word again (1 try left)",
    ] {
        pane.wait_for(prompt, 0);
        pane.type_line("y");
    }
    assert_eq!(pane.exit_code(), 1, "{}", pane.screen(true));
    let screen = pane.screen(true);
    assert!(
        screen.contains("replacing the healthy drive [32:3] was not confirmed")
            && !screen.contains("Type the serial number"),
        "{screen}"
    );
}

/// `rebuild watch` without a drive follows every rebuild to its end.
#[test]
fn rebuild_watch_on_a_terminal() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("rebuilding");
    let state = dir.path().display().to_string();
    let pane = Pane::start(
        "watch",
        100,
        40,
        &["--sim-state", &state, "rebuild", "watch"],
    );
    assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
    let screen = normalise(&pane.screen(true), dir.path());
    assert!(
        screen
            .contains("no rebuild or copyback is running any more: [32:4] on adapter 0 is online"),
        "{screen}"
    );
    insta::assert_snapshot!("rebuild-watch", screen);
}

/// raidctl run to its end outside a pane (to set up a state); its exit status.
fn raidctl_in(state: &Path, args: &[&str], env: &[(&str, &str)]) -> i32 {
    let mut c = Command::new(env!("CARGO_BIN_EXE_raidctl"));
    c.env_remove("RAIDCTL_SIM").env_remove("RAIDCTL_SIM_STATE");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.arg("--sim-state").arg(state).args(args).output().unwrap();
    out.status.code().unwrap_or(-1)
}

/// A latency as the qualification report prints it.
fn latency(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// `qualify` at 80 columns: raidctl's one table style (a dashed rule, no box drawing, no
/// Markdown), no line wider than the pane, every figure whole on one line (a latency with
/// its unit, MB/s, IOPS), and the side-by-side comparison too.
#[test]
fn qualify_fits_the_terminal() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let json = d.path().join("run.json").display().to_string();
    let state = d.path().join("state").display().to_string();
    let mut args: Vec<String> = [
        "--state-dir",
        &state,
        "qualify",
        "--profile",
        "smoke",
        "--no-self-test",
        "--json",
        &json,
    ]
    .map(str::to_owned)
    .to_vec();
    for name in ["a.img", "b.img"] {
        let f = d.path().join(name);
        std::fs::File::create(&f)
            .unwrap()
            .set_len(64 << 20)
            .unwrap();
        let f = f.display().to_string();
        args.extend(["--destroy-data".to_owned(), f.clone(), f]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let pane = Pane::start("qualify-80", 80, 50, &args);
    let code = pane.exit_code();
    let raw = pane.screen(false);
    assert!((0..=3).contains(&code), "exit {code}:\n{raw}");
    assert_eq!(raw, pane.screen(true), "a line was wider than 80 columns");
    assert!(!raw.contains(['│', '─', '┌', '|']), "one style:\n{raw}");
    assert!(raw.contains("job ") && raw.contains("-------  "), "{raw}");
    let rep: raidctl::qualify::result::QualReport =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(rep.drives.len(), 2);
    let whole = |figure: &str| {
        assert!(
            raw.lines().any(|l| l.contains(figure)),
            "{figure:?} is not whole on one line:\n{raw}"
        );
    };
    for d in &rep.drives {
        for j in d.jobs.iter().filter(|j| !j.spec.name.starts_with("sweep-")) {
            whole(&latency(j.lat.p99_us));
            whole(&format!("{:.1}", j.mbps));
            whole(&format!("{:.0}", j.iops));
            if let Some(s) = &j.sync_lat {
                whole(&latency(s.p99_us));
            }
        }
    }
    // Two result files side by side.
    let pane = Pane::start(
        "qualify-compare-80",
        80,
        50,
        &["--state-dir", &state, "qualify", "--compare", &json, &json],
    );
    let code = pane.exit_code();
    let raw = pane.screen(false);
    assert!((0..=3).contains(&code), "exit {code}:\n{raw}");
    assert_eq!(raw, pane.screen(true), "a line was wider than 80 columns");
    assert!(raw.contains("p99 B/A"), "{raw}");
}

/// `workflows` at 80 columns: no line wider than the pane, every id whole (it is what
/// `resume` takes), the same table style as `status`.
#[test]
fn workflows_fit_the_terminal() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("degraded");
    let d = dir.path();
    // Stopped at the serial confirmation; completed; interrupted after a change.
    assert_eq!(
        raidctl_in(
            d,
            &["replace-drive", "32:4", "--yes", "--serial", "NOT-IT"],
            &[]
        ),
        1
    );
    assert_eq!(raidctl_in(d, &["pd", "locate", "32:3"], &[]), 0);
    // The next replacement of [32:4] in a second of its own: its id gets no `-1`.
    let second = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
    };
    let done = second();
    while second() == done {
        std::thread::sleep(Duration::from_millis(10));
    }
    let crash = [("RAIDCTL_TEST_CRASH_AT", "prepare-removal:verified")];
    let args = ["replace-drive", "32:4", "--yes", "--serial", "S0K1A2B04"];
    assert_ne!(raidctl_in(d, &args, &crash), 0);
    let state = d.display().to_string();
    let pane = Pane::start(
        "workflows-80",
        80,
        50,
        &["--sim-state", &state, "workflows"],
    );
    assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
    let raw = pane.screen(false);
    assert_eq!(raw, pane.screen(true), "a line was wider than 80 columns");
    let id = regex::Regex::new(r"\b\d{9,}-[a-z-]+-a0-32-\d\b").unwrap();
    assert_eq!(
        id.find_iter(&raw).count(),
        5,
        "3 ids, 2 in `resume`:\n{raw}"
    );
    assert!(raw.contains("----  "), "{raw}");
    // A time wrapped in its column: its date and its clock apart.
    let date = regex::Regex::new(r"\b\d{4}-\d\d-\d\d\b").unwrap();
    let clock = regex::Regex::new(r"\b\d\d:\d\d:\d\d\b").unwrap();
    let screen = normalise(&raw, d);
    let screen = date.replace_all(&screen, "<date>    ");
    let screen = clock.replace_all(&screen, "<clock> ");
    insta::assert_snapshot!("workflows-80", screen);
}

/// `collect` shows a line per item on a terminal; `--quiet` and `RAIDCTL_NO_PROGRESS` show
/// only the archive's path.
#[test]
fn collect_is_quiet_when_asked() {
    if !crate::terminal::have_tmux() {
        return;
    }
    let dir = state_dir("degraded");
    let state = dir.path().display().to_string();
    for (name, quiet, env) in [
        ("collect", None, ""),
        ("collect-q", Some("--quiet"), ""),
        ("collect-env", None, "RAIDCTL_NO_PROGRESS=1"),
    ] {
        let archive = dir.path().join(format!("{name}.tar.gz"));
        let archive = archive.display().to_string();
        let mut args = vec!["--sim-state", &state];
        args.extend(quiet);
        args.extend(["collect", "--level", "quick", "-o", &archive]);
        let pane = Pane::start_env(name, (120, 40), env, &args);
        assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
        let screen = pane.screen(true);
        assert!(screen.contains(&archive), "{screen}");
        let items = screen.contains("megacli/all/version");
        assert_eq!(items, name == "collect", "{env} {args:?} showed:\n{screen}");
    }
}

/// `rebuild watch DRIVE` draws a bar on a terminal; under `--quiet` it prints lines as it
/// does into a pipe.
#[test]
fn quiet_draws_no_bar() {
    if !crate::terminal::have_tmux() {
        return;
    }
    for (name, quiet) in [("bar", None), ("bar-q", Some("--quiet"))] {
        let dir = state_dir("rebuilding");
        let state = dir.path().display().to_string();
        let mut args = vec!["--sim-state", &state];
        args.extend(quiet);
        args.extend(["rebuild", "watch", "32:4"]);
        let pane = Pane::start_env(name, (120, 40), "", &args);
        assert_eq!(pane.exit_code(), 0, "{}", pane.screen(true));
        let screen = pane.screen(true);
        let bar = screen.contains("rebuild [32:4] [");
        assert_eq!(bar, quiet.is_none(), "{args:?} showed:\n{screen}");
        assert_eq!(
            screen.contains("rebuild [32:4]: "),
            quiet.is_some(),
            "{screen}"
        );
    }
}
