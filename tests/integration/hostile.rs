//! Hostile input and hostile environments, as an attacker or an unlucky host would provide
//! them: planted symlinks and shared directories, fake vendor tools (escape sequences, huge
//! output, background children holding the pipe, a head cut at a record boundary), devices
//! and FIFOs as input, bad durations, a full filesystem; crafted bundles are in
//! [`crate::hostile_bundle`]. Each test names the defect it covers; every one of them failed
//! before the fix.

use crate::hostile_bundle::entries;
use crate::util::{fake_tool, is_root, raidctl_clean as raidctl, skip, through};
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The raidctl under test (`CARGO_BIN_EXE_raidctl` at run time, as for [`raidctl`], so the
/// suite can be pointed at another build).
pub(crate) fn exe() -> String {
    std::env::var("CARGO_BIN_EXE_raidctl")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_raidctl").to_owned())
}

/// A simulated controller in `dir/sim`, created from `scenario`.
pub(crate) fn sim(dir: &Path, scenario: &str) -> PathBuf {
    let s = dir.join("sim");
    raidctl()
        .args(["--quiet", "--sim", scenario, "--sim-state"])
        .arg(&s)
        .args(["sim", "scenarios"])
        .assert()
        .success();
    s
}

fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o7777
}

/// The pids the next processes will likely get (the next `n` after the last one given),
/// for names that used to be `NAME.<pid>`.
fn next_pids(n: u32) -> Vec<u32> {
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(1);
    let max: u32 = std::fs::read_to_string("/proc/sys/kernel/pid_max")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(32768);
    (1..=n)
        .map(|i| {
            let p = last + i;
            if p >= max { 300 + (p - max) } else { p }
        })
        .collect()
}

/// Runs `cmd` for at most `limit`: its exit status and how long it took, or `None` when it
/// had to be killed.
pub(crate) fn run_for(
    cmd: &mut std::process::Command,
    limit: Duration,
) -> (Option<i32>, Duration, String) {
    let t = Instant::now();
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    loop {
        if let Some(st) = child.try_wait().unwrap() {
            return (st.code(), t.elapsed(), reader.join().unwrap());
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return (None, t.elapsed(), reader.join().unwrap_or_default());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

// ---------------------------------------------------------------------------------------
// Files written as root (issue item 2; "Why" 2 and 8)

/// Defect: `metrics --textfile-dir` wrote `.raidctl.prom.<pid>.tmp` with `File::create`,
/// following a link planted under that predictable name, and `raidctl.prom` became the link.
#[test]
fn textfile_never_follows_planted_links_and_is_0644_under_any_umask() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    let text = dir.path().join("textfile");
    std::fs::create_dir(&text).unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    for pid in next_pids(3000) {
        std::os::unix::fs::symlink(&victim, text.join(format!(".raidctl.prom.{pid}.tmp"))).unwrap();
    }
    // umask 0: the file's mode must not follow it (node_exporter reads it as another user).
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 0; exec {} --quiet --sim-state {} metrics --textfile-dir {}",
            exe(),
            sim.display(),
            text.display()
        ))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let prom = text.join("raidctl.prom");
    assert!(std::fs::symlink_metadata(&prom).unwrap().is_file());
    assert!(
        std::fs::read_to_string(&prom)
            .unwrap()
            .contains("raidctl_scrape_success 1")
    );
    assert_eq!(mode(&prom), 0o644);
}

/// Defect: the state directory's `.snapshot.json.<pid>`, `.baseline.json.<pid>.tmp` and
/// `locks/adapter-N.lock` followed planted links.
#[test]
fn state_files_and_locks_never_follow_planted_links() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "degraded");
    let state = dir.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o700)).unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    for pid in next_pids(3000) {
        for name in [
            format!(".snapshot.json.{pid}"),
            format!(".baseline.json.{pid}.tmp"),
        ] {
            std::os::unix::fs::symlink(&victim, state.join(name)).unwrap();
        }
    }
    std::fs::create_dir(state.join("locks")).unwrap();
    std::fs::set_permissions(state.join("locks"), std::fs::Permissions::from_mode(0o700)).unwrap();
    std::os::unix::fs::symlink(&victim, state.join("locks/adapter-0.lock")).unwrap();
    let out = raidctl()
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
        .arg("--state-dir")
        .arg(&state)
        .args(["status", "--max-age", "30"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["snapshot.json", "baseline.json"] {
        let p = state.join(f);
        assert!(std::fs::symlink_metadata(&p).unwrap().is_file(), "{f}");
        assert_eq!(mode(&p), 0o600, "{f}");
    }
    // A workflow takes the adapter lock: the link is refused, not written through.
    let out = raidctl()
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
        .arg("--state-dir")
        .arg(&state)
        .args(["pd", "locate", "32:4", "--stop", "--yes"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("adapter-0.lock"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
}

/// Defect: a state directory writable by others was accepted silently, and directories
/// raidctl created were 0755.
#[test]
fn shared_state_and_textfile_directories_are_refused_and_new_ones_are_private() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let out = raidctl()
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
        .arg("--state-dir")
        .arg(&shared)
        .args(["status"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&shared.display().to_string()), "{err}");
    assert!(err.contains("writable by other users"), "{err}");
    let out = raidctl()
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
        .args(["metrics", "--textfile-dir"])
        .arg(&shared)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("writable by other users"), "{err}");
    assert!(!shared.join("raidctl.prom").exists());
    // A state directory raidctl creates (and its missing parents) is 0700, whatever the umask.
    let fresh = dir.path().join("new/state");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 0; exec {} --quiet --sim-state {} --state-dir {} status",
            exe(),
            sim.display(),
            fresh.display()
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(mode(&fresh), 0o700);
    assert_eq!(mode(&dir.path().join("new")), 0o700);
    assert_eq!(mode(&fresh.join("baseline.json")), 0o600);
}

/// A full filesystem: the write fails with the reason, the previous textfile and baseline stay
/// as they were, and no temporary file is left behind. Needs root (a small tmpfs).
#[test]
fn a_full_filesystem_leaves_the_previous_files_and_no_debris() {
    if !is_root() {
        skip("mounting a small tmpfs needs root");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=512k,mode=0755", "tmpfs"])
        .arg(&mnt)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        skip("mount -t tmpfs failed");
        return;
    }
    struct Unmount(PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let _guard = Unmount(mnt.clone());
    let state = mnt.join("state");
    let metrics = |what: &str| {
        raidctl()
            .args(["--quiet", "--sim-state"])
            .arg(&sim)
            .arg("--state-dir")
            .arg(&state)
            .args(["metrics", "--max-age", "0", "--textfile-dir"])
            .arg(&mnt)
            .output()
            .unwrap_or_else(|e| panic!("{what}: {e}"))
    };
    assert!(metrics("first").status.success());
    let before = std::fs::read(mnt.join("raidctl.prom")).unwrap();
    let baseline = std::fs::read(state.join("baseline.json")).unwrap();
    // Fill it.
    let mut f = std::fs::File::create(mnt.join("filler")).unwrap();
    let chunk = vec![b'x'; 4096];
    while f.write_all(&chunk).is_ok() {}
    drop(f);
    let out = metrics("full");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(err.contains("counter baseline"), "{err}");
    assert_eq!(std::fs::read(mnt.join("raidctl.prom")).unwrap(), before);
    assert_eq!(
        std::fs::read(state.join("baseline.json")).unwrap(),
        baseline
    );
    for d in [&mnt, &state] {
        let debris: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(debris.is_empty(), "{debris:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Terminal output (item 3; "Why" 3)

/// Defect: control characters in a drive model or product name were printed raw in tables
/// and problem lines and passed into Nagios output.
#[test]
fn escape_sequences_from_the_controller_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "degraded");
    let tool = fake_tool(
        dir.path(),
        "MegaCli64",
        r#"$REAL "$@" | sed -e 's/ST300MM0006/ST300\x1b[2J\x1b]0;owned\x07MM0006/' \
    -e 's/S0K1A2B04/S0K1\x1b[8mA2B04/' -e 's/PERC H710 Mini/PERC \x1b[31mH710\xc2\x9b/'
exit 0"#,
    );
    for args in [&["status"][..], &["check"], &["status", "--wide"]] {
        let out = through(&tool, &sim, dir.path())
            .args(args)
            .args(["--max-age", "0"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!out.stdout.contains(&0x1b), "{args:?}: raw ESC in {text}");
        assert!(!out.stderr.contains(&0x1b), "{args:?}: raw ESC on stderr");
        assert!(!text.contains('\u{9b}'), "{args:?}: raw CSI in {text}");
        if args == ["status", "--wide"] {
            assert!(
                text.contains("ST300\\x1b[2J\\x1b]0;owned\\x07MM0006"),
                "{text}"
            );
            assert!(text.contains("PERC \\x1b[31mH710\\x9b"), "{text}");
        }
        if args == ["check"] {
            assert!(text.contains("S0K1\\x1b[8mA2B04"), "{text}");
        }
    }
    // JSON keeps the exact text.
    let out = through(&tool, &sim, dir.path())
        .args(["status", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let serials: Vec<&str> = v["snapshot"]["physical_drives"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["serial"].as_str())
        .collect();
    assert!(serials.contains(&"S0K1\u{1b}[8mA2B04"), "{serials:?}");
    // And a bundle's SUMMARY.md, and the same bundle read back.
    let bundle = dir.path().join("b.tar.gz");
    through(&tool, &sim, dir.path())
        .args(["--quiet", "collect", "--level", "quick", "-o"])
        .arg(&bundle)
        .assert()
        .success();
    let summary = entries(&bundle)
        .into_iter()
        .find(|(n, _)| n.ends_with("/SUMMARY.md"))
        .unwrap()
        .1;
    assert!(!summary.contains(&0x1b));
    assert!(String::from_utf8_lossy(&summary).contains("\\x1b"));
    let out = raidctl()
        .args(["status", "--from-bundle"])
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(!out.stdout.contains(&0x1b));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\\x1b"));
}

// ---------------------------------------------------------------------------------------
// Bounded input (item 5; "Why" 5 and 6)

/// Defect: `raidctl parse /dev/zero` grew without bound (no size cap, no regular-file check),
/// and a FIFO blocked forever.
#[test]
fn parse_refuses_devices_and_fifos_and_caps_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .unwrap();
    for (p, what) in [
        (PathBuf::from("/dev/zero"), "a device"),
        (fifo, "a FIFO"),
        (dir.path().to_path_buf(), "a directory"),
    ] {
        let (code, took, err) = run_for(
            std::process::Command::new(exe()).arg("parse").arg(&p),
            Duration::from_secs(30),
        );
        assert_eq!(code, Some(2), "{}: {err}", p.display());
        assert!(err.contains(what), "{err}");
        assert!(took < Duration::from_secs(20));
    }
    // Standard input has the cap too.
    let mut child = std::process::Command::new(exe())
        .args(["parse", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..200 {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 128 MiB"));
}

/// Defect: a file of repeated `Slot Number: 1` lines kept one warning per line (3.8 GB for
/// 32 MiB).
#[test]
fn parser_warnings_are_capped_with_a_count_of_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("slots.txt");
    let mut text = String::from("Adapter #0\n\n");
    for _ in 0..20_000 {
        text.push_str("Slot Number: 1\n");
    }
    std::fs::write(&p, &text).unwrap();
    let out = raidctl()
        .args(["parse", "--format", "json"])
        .arg(&p)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let w = v["warnings"].as_array().unwrap();
    assert_eq!(w.len(), 1001);
    assert!(
        w[1000]["message"]
            .as_str()
            .unwrap()
            .starts_with("and 19000 more warning(s)"),
        "{}",
        w[1000]
    );
    assert_eq!(v["physical_drives"].as_array().unwrap().len(), 20_000);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("19950 more warning(s) not shown"), "{err}");
}

/// Defect: a slot above 65535 was reported as a drive record without a Slot Number.
#[test]
fn a_slot_out_of_range_is_named_as_such() {
    let out = raidctl()
        .args(["parse", "-"])
        .write_stdin(
            "Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 70000\nFirmware state: Online, \
             Spun Up\n",
        )
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":4: Slot Number 70000 is out of range"),
        "{err}"
    );
    assert!(!err.contains("without a Slot Number"), "{err}");
}

/// Defect: vendor output over the runner's 64 MiB cap dropped its head silently, so a drive
/// listed first (Unconfigured(bad)) vanished, and the cut fell at a record boundary, so
/// nothing looked odd to the parser: the state must be UNKNOWN, not a shorter list.
#[test]
fn output_past_the_cap_makes_the_state_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    // The bad drive first, then 65 MiB of blank (space-filled) lines, then the real list:
    // what is kept of it is the real list, from a record start.
    let tool = fake_tool(
        dir.path(),
        "MegaCli64",
        r#"case "$*" in
*-PDList*)
  printf 'Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 11\nDevice Id: 11\nFirmware state: Unconfigured(bad)\n\n'
  head -c 1048575 /dev/zero | tr '\0' ' ' > "$0.pad"; echo >> "$0.pad"
  i=0; while [ $i -lt 66 ]; do cat "$0.pad"; i=$((i+1)); done
  $REAL "$@" | sed -e '/^Adapter #0/d'
  ;;
*) exec $REAL "$@" ;;
esac"#,
    );
    let out = through(&tool, &sim, dir.path())
        .args(["check", "--max-age", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.starts_with("RAID UNKNOWN"), "{text}");
    assert!(text.contains("the head of its output was cut"), "{text}");
}

/// Defect: a vendor tool whose background child kept the pipe open lost its valid output
/// ("nothing in the input is pdlist output"), took 10 s a call under `--timeout 1`, and the
/// child was left running.
#[test]
fn a_background_child_holding_the_pipe_neither_loses_the_output_nor_survives() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    let pids = dir.path().join("pids");
    let tool = fake_tool(
        dir.path(),
        "MegaCli64",
        &format!(
            r#"$REAL "$@"
rc=$?
sleep 300 &
echo $! >> {}
exit $rc"#,
            pids.display()
        ),
    );
    let t = Instant::now();
    let out = through(&tool, &sim, dir.path())
        .args(["--timeout", "20", "check", "--max-age", "0"])
        .output()
        .unwrap();
    let took = t.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("RAID OK"), "{text}");
    // Four calls, each ending about half a second after the tool exited.
    assert!(took < Duration::from_secs(15), "{took:?}");
    for pid in std::fs::read_to_string(&pids).unwrap().lines() {
        let stat = format!("/proc/{pid}/stat");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let alive = std::fs::read_to_string(&stat)
                .ok()
                .and_then(|s| s.rsplit_once(')').map(|(_, r)| r.trim_start().to_owned()))
                .is_some_and(|r| !r.starts_with('Z'));
            if !alive {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "background child {pid} left running"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Arguments (item 7; "Why" 8)

/// Defect: `--timeout inf` or `1e308` panicked (exit 101); `0` and `nan` were accepted.
#[test]
fn durations_must_be_finite_positive_and_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    for (flag, value) in [
        ("--timeout", "inf"),
        ("--timeout", "1e308"),
        ("--timeout", "nan"),
        ("--timeout", "0"),
        ("--timeout", "-1"),
        ("--max-age", "1e9"),
        ("--wait-timeout", "0"),
        ("--poll", "0"),
        ("--per-command-timeout", "inf"),
        ("--budget", "nan"),
        ("--since", "0d"),
    ] {
        let cmd = match flag {
            "--max-age" => "status",
            "--wait-timeout" | "--poll" => "rebuild",
            _ if flag.starts_with("--per") || flag == "--budget" || flag == "--since" => "collect",
            _ => "status",
        };
        let out = raidctl()
            .args(["--quiet", "--sim-state"])
            .arg(&sim)
            .arg(cmd)
            .arg(format!("{flag}={value}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}={value}: {err}");
        assert!(err.contains("invalid value"), "{flag}={value}: {err}");
    }
}

/// Defect: `collect -o report.tgz` deleted an unrelated `report.partial` and overwrote an
/// existing `-o` file without asking.
#[test]
fn collect_never_clobbers_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    std::fs::write(out_dir.join("report.partial"), "unrelated\n").unwrap();
    std::fs::write(out_dir.join("report.tgz"), "an older report\n").unwrap();
    let collect = |force: bool| {
        let mut c = raidctl();
        c.args(["--quiet", "--sim-state"])
            .arg(&sim)
            .args(["collect", "--level", "quick", "-o"])
            .arg(out_dir.join("report.tgz"));
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    let out = collect(false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        std::fs::read_to_string(out_dir.join("report.tgz")).unwrap(),
        "an older report\n"
    );
    let out = collect(true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!entries(&out_dir.join("report.tgz")).is_empty());
    assert_eq!(mode(&out_dir.join("report.tgz")), 0o600);
    assert_eq!(
        std::fs::read_to_string(out_dir.join("report.partial")).unwrap(),
        "unrelated\n"
    );
    // The sidecar names the archive, and nothing else is left.
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["report.partial", "report.tgz", "report.tgz.sha256"]);
}

/// Defect: SIGTERM during `collect` left the staging directory with the collected data.
#[test]
fn sigterm_during_collect_removes_the_staging_directory() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim(dir.path(), "healthy");
    raidctl()
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
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
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let mut child = std::process::Command::new(exe())
        .args(["--quiet", "--sim-state"])
        .arg(&sim)
        .args([
            "collect",
            "--level",
            "quick",
            "--per-command-timeout",
            "120",
            "-o",
        ])
        .arg(out_dir.join("b.tar.gz"))
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(dir.path().join("collect.err")).unwrap())
        .spawn()
        .unwrap();
    // Wait until the hanging call runs: its output file exists in the staging directory.
    let deadline = Instant::now() + Duration::from_secs(60);
    let hanging = || {
        let mut stack = vec![out_dir.clone()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.to_string_lossy().ends_with("pdlist.txt") {
                    return true;
                }
            }
        }
        false
    };
    while !hanging() {
        assert!(
            Instant::now() < deadline,
            "the collection never reached -PDList"
        );
        if let Some(st) = child.try_wait().unwrap() {
            panic!(
                "collect ended early ({st}): {}",
                std::fs::read_to_string(dir.path().join("collect.err")).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    rustix::process::kill_process(
        rustix::process::Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap(),
        rustix::process::Signal::TERM,
    )
    .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let left: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// A result file for `qualify --compare` and a `--profile-file` come from anywhere: a huge one
/// (here a sparse terabyte, which read whole would exhaust memory) is refused by name, at once.
#[test]
fn huge_qualify_inputs_are_refused_not_read() {
    let d = tempfile::tempdir().unwrap();
    let big = d.path().join("results-from-elsewhere.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1 << 40)
        .unwrap();
    for args in [
        vec!["qualify", "--compare", big.to_str().unwrap()],
        vec![
            "qualify",
            "--profile-file",
            big.to_str().unwrap(),
            "--compare",
            "x.json",
        ],
    ] {
        let t = Instant::now();
        let out = raidctl().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("results-from-elsewhere.json: larger than"),
            "{args:?}: {err}"
        );
        assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    }
}
