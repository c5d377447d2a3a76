//! Event-driven freshness of the snapshot cache: every simulated state change moves the event
//! log's position, so a snapshot reused because nothing moved can never be stale; a restart
//! that resets the log, a clock stepped back and an old cache file force a full read.

use assert_cmd::Command;
use raidctl::backend::snapshot::Snapshot;
use raidctl::ctx::{BackendChoice, Ctx, CtxOptions};
use raidctl::model::EventMark;
use std::path::Path;
use std::time::Duration;

fn raidctl(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("raidctl").unwrap();
    c.arg("--sim-state")
        .arg(dir)
        .arg("--quiet")
        .env_remove("RAIDCTL_SIM")
        .env_remove("NO_COLOR");
    c
}

/// A change in the simulated world, made as the physical world makes it: behind raidctl's back
/// (`raidctl sim` itself forgets raidctl's cache, as after any change raidctl makes).
fn sim(dir: &Path, args: &[&str]) {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    assert_eq!(
        raidctl::sim::control_in(&args, Some(dir.to_path_buf())),
        0,
        "sim {args:?}"
    );
}

fn ctx(dir: &Path, backend: BackendChoice) -> Ctx {
    Ctx::new(&CtxOptions {
        sim_state: Some(dir.to_path_buf()),
        simulator: Some(std::sync::Arc::new(raidctl_sim::hardware::SimHardware)),
        timeout: Duration::from_secs(120),
        quiet: true,
        backend,
        sim_exe: Some(env!("CARGO_BIN_EXE_raidctl").into()),
        ..CtxOptions::default()
    })
    .unwrap()
}

/// The marks, then the state, as the cache reads them; the snapshot without what differs
/// between two reads of the same state.
fn read(dir: &Path, backend: BackendChoice) -> (Vec<EventMark>, Snapshot) {
    let c = ctx(dir, backend);
    let ops = c.ops().unwrap();
    let marks = ops
        .event_marks()
        .unwrap()
        .expect("this backend reads marks");
    let mut snap = ops.snapshot().unwrap();
    snap.taken_at_unix = 0;
    snap.vendor_calls = 0;
    // The controller's own clock (`-AdpAllInfo`'s `Current Time`, kept as an extra key)
    // moves by itself; no rule or view reads it, and a reused snapshot shows it as of its read.
    for a in &mut snap.adapters {
        a.extra.remove("Current Time");
    }
    (marks, snap)
}

/// A simulator command line.
type Line = &'static [&'static str];

/// (scenario, steps before, the change, whether the change shows in a snapshot)
const CHANGES: &[(&str, &[Line], Line, bool)] = &[
    ("healthy", &[], &["pull", "32:3"], true),
    ("healthy", &[&["pull", "32:3"]], &["insert", "32:3"], true),
    (
        "healthy",
        &[&["pull", "32:11"]],
        &["insert", "32:11", "--kind", "foreign"],
        true,
    ),
    (
        "healthy",
        &[&["pull", "32:11"]],
        &["insert", "32:11", "--kind", "blank"],
        true,
    ),
    ("healthy", &[], &["fail", "32:3"], true),
    ("healthy", &[], &["media-errors", "32:3", "5"], true),
    // The same second, the same event text: the sequence still moves.
    (
        "healthy",
        &[&["media-errors", "32:3", "5"]],
        &["media-errors", "32:3", "6"],
        true,
    ),
    ("healthy", &[], &["predictive", "32:3", "2"], true),
    (
        "healthy",
        &[&["predictive", "32:3", "2"]],
        &["predictive", "32:3", "0"],
        true,
    ),
    ("healthy", &[], &["bad-blocks", "1", "on"], true),
    ("healthy", &[], &["event", "32:3", "sense"], false),
    ("healthy", &[], &["bbu", "drain"], true),
    ("healthy", &[], &["bbu", "learn"], true),
    ("healthy", &[], &["bbu", "fail"], true),
    ("healthy", &[&["bbu", "fail"]], &["bbu", "replace"], true),
    // Charging: the charge moves with the clock.
    ("healthy", &[&["bbu", "drain"]], &["advance", "120"], true),
    ("bbu-learn", &[], &["advance", "600"], true),
    // Rebuild progress, then its completion.
    ("rebuilding", &[], &["advance", "60"], true),
    (
        "rebuilding",
        &[&["speed", "1000"]],
        &["advance", "600"],
        true,
    ),
    ("degraded", &[], &["advance", "60"], false),
    ("foreign", &[], &["advance", "60"], false),
    ("healthy", &[], &["advance", "3600"], false),
    ("healthy", &[], &["reboot"], false),
    ("healthy", &[], &["reboot", "reset-log"], false),
];

fn every_change_moves_the_log(backend: BackendChoice) {
    for (scenario, before, change, shows) in CHANGES {
        let dir = tempfile::tempdir().unwrap();
        sim(dir.path(), &["init", scenario]);
        for step in *before {
            sim(dir.path(), step);
        }
        let (m1, s1) = read(dir.path(), backend);
        sim(dir.path(), change);
        let (m2, s2) = read(dir.path(), backend);
        let what = format!("{backend:?} {scenario} {change:?}");
        // The property the cache rests on: what a snapshot shows never changes unless the
        // log moved.
        assert!(
            s1 == s2 || m1 != m2,
            "{what}: the snapshot changed, the event log did not ({m1:?})"
        );
        if *shows {
            assert!(m1 != m2, "{what}: the event log did not move");
            // (The native backend decodes no bad-block flag.)
            let native_blind = backend == BackendChoice::Native && change[0] == "bad-blocks";
            assert!(
                s1 != s2 || native_blind,
                "{what}: the change is not in the snapshot"
            );
        }
        if change[0] == "reboot" {
            assert!(m1 != m2, "{what}: a restart shows in the log");
        }
        // Nothing happened: the marks and the snapshot both stand.
        let (m3, s3) = read(dir.path(), backend);
        assert!(m2 == m3 && s2 == s3, "{what}: a read moved the log");
    }
}

#[test]
fn every_simulated_change_moves_the_megacli_event_log() {
    every_change_moves_the_log(BackendChoice::Megacli);
}

#[test]
fn every_simulated_change_moves_the_native_event_log() {
    every_change_moves_the_log(BackendChoice::Native);
}

#[test]
fn storcli_and_openmanage_marks_move_with_changes() {
    for backend in [
        BackendChoice::Storcli,
        BackendChoice::Perccli2,
        BackendChoice::Omreport,
    ] {
        for change in [
            &["fail", "8:3"][..],
            &["bbu", "drain"],
            &["reboot", "reset-log"],
        ] {
            let dir = tempfile::tempdir().unwrap();
            sim(dir.path(), &["init", "large"]);
            let (m1, _) = read(dir.path(), backend);
            sim(dir.path(), &[change, &["-a", "3"][..]].concat());
            let (m2, _) = read(dir.path(), backend);
            assert_ne!(m1, m2, "{backend:?} {change:?} on adapter 3");
        }
    }
}

fn status_json(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = raidctl(dir)
        .args(["status", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Vendor calls the simulator answered (from its state: `raidctl sim calls` would forget the
/// cache).
fn calls(dir: &Path) -> u64 {
    let st: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("state.json")).unwrap()).unwrap();
    st["calls"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(serde_json::Value::as_u64)
        .sum()
}

/// Rewrites the cached snapshot's clocks by `f` (what a stepped clock does to them).
fn edit_cache(dir: &Path, f: impl Fn(&mut serde_json::Value)) {
    let file = dir.join("raidctl/snapshot.json");
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(&file, serde_json::to_vec(&v).unwrap()).unwrap();
}

/// `--max-age 0` and a full-read bound of an hour: every run is past the freshness window, so
/// the cache decides by the event log alone.
const PAST_WINDOW: &[&str] = &["--max-age", "1", "--full-read-after", "3600"];

fn age_cache(dir: &Path, secs: i64) {
    edit_cache(dir, |v| {
        for k in ["taken", "confirmed"] {
            let w = v[k]["wall_unix"].as_i64().unwrap();
            let m = v[k]["mono_ms"].as_i64().unwrap();
            v[k]["wall_unix"] = (w - secs).into();
            v[k]["mono_ms"] = (m - secs * 1000).into();
        }
    });
}

#[test]
fn past_the_window_one_call_confirms_and_any_change_reads_in_full() {
    let dir = tempfile::tempdir().unwrap();
    sim(dir.path(), &["init", "healthy"]);
    let v = status_json(dir.path(), PAST_WINDOW);
    assert_eq!(v["snapshot"]["vendor_calls"], 5, "marks + 4 reads");
    assert_eq!(calls(dir.path()), 5);
    // Nothing happened: one call, the same snapshot, confirmed now.
    age_cache(dir.path(), 120);
    let v = status_json(dir.path(), PAST_WINDOW);
    assert_eq!(v["snapshot"]["vendor_calls"], 1);
    assert_eq!(calls(dir.path()), 6);
    assert_eq!(v["overall"], "ok");
    // A drive fails: the marks moved, so a full read shows it.
    sim(dir.path(), &["fail", "32:3"]);
    age_cache(dir.path(), 120);
    let v = status_json(dir.path(), PAST_WINDOW);
    assert_eq!(v["snapshot"]["vendor_calls"], 5, "marks + 4 reads");
    assert_eq!(v["overall"], "critical");
    // A restart that resets the log: a full read, whatever the numbers now say.
    age_cache(dir.path(), 120);
    sim(dir.path(), &["reboot", "reset-log"]);
    let v = status_json(dir.path(), PAST_WINDOW);
    assert!(v["snapshot"]["vendor_calls"].as_u64().unwrap() >= 5, "{v}");
    // Past the full-read bound an unchanged log still means a full read.
    age_cache(dir.path(), 4000);
    let v = status_json(dir.path(), PAST_WINDOW);
    assert!(v["snapshot"]["vendor_calls"].as_u64().unwrap() >= 5, "{v}");
}

/// issue 25, defect 1: the clock stepped back after a check cached "RAID OK"; a drive then
/// failed. The cached snapshot's time lay in the future, counted as 0 s old, and `check` kept
/// printing OK with no vendor call. It is stale now, and the metrics timestamp is never later
/// than the scrape.
#[test]
fn a_cache_from_the_future_is_stale_after_the_clock_stepped_back() {
    let dir = tempfile::tempdir().unwrap();
    sim(dir.path(), &["init", "healthy"]);
    raidctl(dir.path())
        .args(["check", "--max-age", "300"])
        .assert()
        .code(0);
    sim(dir.path(), &["fail", "32:3"]);
    let file = dir.path().join("raidctl/snapshot.json");
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let future = v["taken_at_unix"].as_u64().unwrap() + 86_400;
    v["taken_at_unix"] = future.into();
    // What an older raidctl wrote, and what this one writes, both a day ahead.
    for k in ["taken", "confirmed"] {
        if v.get(k).is_some() {
            v[k]["wall_unix"] = future.into();
        }
    }
    if v.get("confirmed_at_unix").is_some() {
        v["confirmed_at_unix"] = future.into();
    }
    std::fs::write(&file, serde_json::to_vec(&v).unwrap()).unwrap();
    let out = raidctl(dir.path())
        .args(["check", "--max-age", "300"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.starts_with("RAID CRITICAL"), "{text}");
    let out = raidctl(dir.path())
        .args(["metrics", "--max-age", "300"])
        .output()
        .unwrap();
    let m = String::from_utf8_lossy(&out.stdout);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let ts: f64 = m
        .lines()
        .find_map(|l| l.strip_prefix("raidctl_snapshot_timestamp_seconds "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(ts <= now as f64 + 1.0, "{ts} > {now}");
}

/// Older by the monotonic clock than --max-age, though the wall clock (stepped back by an
/// hour) says it is fresh: stale.
#[test]
fn older_by_the_monotonic_clock_is_stale() {
    let dir = tempfile::tempdir().unwrap();
    sim(dir.path(), &["init", "healthy"]);
    raidctl(dir.path())
        .args(["check", "--max-age", "300"])
        .assert()
        .code(0);
    sim(dir.path(), &["fail", "32:3"]);
    edit_cache(dir.path(), |v| {
        for k in ["taken", "confirmed"] {
            let m = v[k]["mono_ms"].as_i64().unwrap();
            v[k]["mono_ms"] = (m - 3_600_000).into();
        }
    });
    raidctl(dir.path())
        .args(["check", "--max-age", "300", "--full-read-after", "0"])
        .assert()
        .code(2);
}

/// A rebuild runs for hours and logs progress all along, so every full read during it used to
/// take a second round of calls for the progress. The snapshot before is a hint: the progress
/// of the drives it saw rebuilding is read beside the fixed reads. The fake MegaCli holds
/// `-PDList` until a `-PDRbld` has started (60 s at most), so a progress read that waited for
/// the drive list shows as a drive list that waited alone. When the hint no longer holds (the
/// rebuild finished), its read is dropped and the snapshot is the one without a hint.
#[test]
fn a_running_rebuild_is_read_beside_the_fixed_reads() {
    let dir = tempfile::tempdir().unwrap();
    let sim_dir = dir.path().join("sim");
    sim(&sim_dir, &["init", "rebuilding"]);
    let log = dir.path().join("calls.log");
    let hold = dir.path().join("hold");
    let tool = crate::util::fake_tool(
        dir.path(),
        "MegaCli64",
        &format!(
            r#"LOG={log}
case " $* " in
  *" -PDRbld "*) echo rbld >>"$LOG" ;;
  *" -PDList "*)
    if [ -e {hold} ]; then
      i=0
      while ! grep -q rbld "$LOG" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done
      grep -q rbld "$LOG" 2>/dev/null || echo pdlist-alone >>"$LOG"
    fi ;;
esac
exec "$REAL" "$@""#,
            log = log.display(),
            hold = hold.display(),
        ),
    );
    let status = || {
        let o = crate::util::through(&tool, &sim_dir, dir.path())
            .args(["status", "--max-age", "0", "--format", "json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stderr)));
        (v, std::fs::read_to_string(&log).unwrap_or_default())
    };
    // No snapshot before: the progress read follows the drive list.
    let (v, _) = status();
    assert_eq!(
        v["snapshot"]["vendor_calls"], 6,
        "marks + 4 reads + progress"
    );
    assert!(
        !v["snapshot"]["progress"].as_array().unwrap().is_empty(),
        "{v}"
    );
    std::fs::remove_file(&log).unwrap();
    std::fs::write(&hold, "").unwrap();
    let (v, calls) = status();
    assert_eq!(calls.lines().collect::<Vec<_>>(), ["rbld"], "{calls}");
    assert_eq!(
        v["snapshot"]["vendor_calls"], 6,
        "the same calls, in one round"
    );
    let progress = v["snapshot"]["progress"].as_array().unwrap();
    assert_eq!(progress.len(), 1, "{v}");
    assert!(progress[0]["percent"].as_u64().is_some(), "{v}");
    // The rebuild finishes: the guessed read is answered "not in rebuild process" and dropped.
    std::fs::remove_file(&hold).unwrap();
    sim(&sim_dir, &["advance", "100000"]);
    let (v, _) = status();
    assert_eq!(v["overall"], "ok", "{v}");
    assert!(
        v["snapshot"]["progress"].as_array().unwrap().is_empty(),
        "{v}"
    );
    assert_eq!(
        v["snapshot"]["vendor_calls"], 6,
        "marks + 4 reads + the guess"
    );
    let (v, _) = status();
    assert_eq!(
        v["snapshot"]["vendor_calls"], 5,
        "no rebuild seen last time: no guess"
    );
}
