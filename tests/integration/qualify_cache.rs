//! `raidctl qualify`'s write-cache test: the cache toggled with fake hdparm/sdparm (and through
//! the backend for a MegaRAID VD) and restored after success, error, SIGINT and a crash (the
//! other sign-off features are in [`crate::qualify_signoff`]).

use crate::qualify_signoff::{MIB, drive, job, script, tmp};
use raidctl::backend::runner::{OsRunner, Runner};
use raidctl::qualify::cache::{self, CacheControl, Hdparm, Sdparm};
use raidctl::qualify::result::{DriveResult, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

// ---------------------------------------------------------------- write cache

/// A fake hdparm/sdparm that keeps the cache state in `state` next to it and logs each call
/// to `calls`; with a file `slow` next to it, turning the cache off takes a second.
const FAKE_HDPARM: &str = r#"d=$(dirname "$0")
echo "$*" >> "$d/calls"
case "$1" in
  -W) s=$(cat "$d/state"); if [ "$s" = 1 ]; then w=on; else w=off; fi
      printf '\n%s:\n write-caching =  %s (%s)\n' "$2" "$s" "$w" ;;
  -W0) echo 0 > "$d/state"; [ -e "$d/slow" ] && sleep 1; printf ' setting drive write-caching to 0 (off)\n' ;;
  -W1) echo 1 > "$d/state" ;;
  *) exit 2 ;;
esac
"#;

const FAKE_SDPARM: &str = r#"d=$(dirname "$0")
echo "$*" >> "$d/calls"
case "$1" in
  --get=WCE) printf '    %s: SEAGATE   ST4000NM0023      0004\nWCE           %s  [cha: y, def:  1, sav:  1]\n' "$2" "$(cat "$d/state")" ;;
  --set=WCE=0) echo 0 > "$d/state" ;;
  --set=WCE=1) echo 1 > "$d/state" ;;
  *) exit 2 ;;
esac
"#;

fn fake_tool(dir: &Path, name: &str, body: &str, state: &str) -> PathBuf {
    std::fs::write(dir.join("state"), state).unwrap();
    script(dir, name, body)
}

fn calls(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("calls"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn cache_drive() -> DriveResult {
    let mut d = drive("sdq", 200.0);
    d.jobs
        .push(job("randwrite-4k-qd32", 4096, 40.0, 10_000.0, 3_000.0));
    d
}

fn runner() -> Arc<dyn Runner> {
    Arc::new(OsRunner::scratch())
}

#[test]
fn cache_is_flipped_measured_and_restored_after_success() {
    let d = tmp();
    let prog = fake_tool(d.path(), "hdparm", FAKE_HDPARM, "1");
    let ctl: Arc<dyn CacheControl> = Arc::new(Hdparm::new(prog, "/dev/sdq", runner()));
    let state = d.path().join("state-dir");
    let mut dr = cache_drive();
    let mut seen = Vec::new();
    cache::measure(&mut dr, ctl, Some(&state), false, &mut |spec| {
        seen.push(std::fs::read_to_string(d.path().join("state")).unwrap());
        // With the cache off the fdatasync figure collapses: it relied on the cache.
        let iops = if spec.name == "fdatasync-4k-j1" {
            20.0
        } else {
            9_000.0
        };
        Ok(job(&spec.name, spec.bs, 0.1, iops, 40_000.0))
    });
    assert_eq!(seen, ["0\n", "0\n"], "both jobs ran with the cache off");
    assert_eq!(
        calls(d.path()),
        ["-W /dev/sdq", "-W0 /dev/sdq", "-W1 /dev/sdq", "-W /dev/sdq"]
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("state")).unwrap(),
        "1\n"
    );
    let c = dr.cache.clone().unwrap();
    assert!(c.restored && c.original_on == Some(true), "{c:?}");
    assert_eq!(c.rows.len(), 2);
    let row = c.rows.iter().find(|r| r.job == "fdatasync-4k-j1").unwrap();
    assert_eq!((row.on_iops, row.off_iops), (120.0, 20.0));
    assert!(
        c.jobs
            .iter()
            .any(|j| j.spec.name == "cache-off-fdatasync-4k-j1")
    );
    // The journal says what was about to change before it changed, then the restore.
    let files: Vec<_> = std::fs::read_dir(state.join("journals")).unwrap().collect();
    assert_eq!(files.len(), 1);
    let recs = raidctl::workflow::journal::read(&files[0].as_ref().unwrap().path())
        .unwrap()
        .records;
    let phases: Vec<(&str, &str)> = recs
        .iter()
        .map(|r| (r.step.as_str(), r.phase.as_str()))
        .collect();
    assert_eq!(
        phases,
        [
            ("set-write-cache", "planned"),
            ("set-write-cache", "done"),
            ("restore-write-cache", "completed")
        ]
    );
    assert_eq!(recs[0].state.as_ref().unwrap()["original_on"], true);
    // Rules: the difference, and (WAL/DB) the fdatasync figure relying on the cache.
    let rules = cache::rules(&dr, "wal-db", Some(100.0));
    assert!(rules.iter().any(|r| r.rule == "CACHE-DELTA"));
    let rel = rules.iter().find(|r| r.rule == "CACHE-RELIANT").unwrap();
    assert_eq!(rel.level, Verdict::Fail, "{}", rel.message);
    assert_eq!(
        cache::rules(&dr, "data", Some(100.0))
            .iter()
            .find(|r| r.rule == "CACHE-RELIANT")
            .unwrap()
            .level,
        Verdict::Warn
    );
}

#[test]
fn cache_is_restored_after_an_error_and_sdparm_never_saves() {
    let d = tmp();
    let prog = fake_tool(d.path(), "sdparm", FAKE_SDPARM, "0");
    let ctl: Arc<dyn CacheControl> = Arc::new(Sdparm::new(prog, "/dev/sdr", runner()));
    let mut dr = cache_drive();
    cache::measure(&mut dr, ctl, None, false, &mut |_| {
        Err("simulated I/O error".into())
    });
    assert_eq!(
        calls(d.path()),
        [
            "--get=WCE /dev/sdr",
            "--set=WCE=1 /dev/sdr",
            "--set=WCE=0 /dev/sdr",
            "--get=WCE /dev/sdr"
        ]
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("state")).unwrap(),
        "0\n"
    );
    let c = dr.cache.unwrap();
    assert!(c.restored);
    assert!(c.note.unwrap().contains("simulated I/O error"));
    // A panic in the middle: the guard's Drop restores.
    let prog = fake_tool(d.path(), "hdparm", FAKE_HDPARM, "1");
    let ctl: Arc<dyn CacheControl> = Arc::new(Hdparm::new(prog, "/dev/sds", runner()));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _g = cache::Guard::flip(ctl.clone(), true, None, false).unwrap();
        panic!("boom");
    }));
    assert!(r.is_err());
    assert_eq!(
        std::fs::read_to_string(d.path().join("state")).unwrap(),
        "1\n"
    );
}

#[test]
fn cache_left_changed_by_a_killed_run_is_restored_by_the_next() {
    let d = tmp();
    let bin = d.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let prog = fake_tool(&bin, "hdparm", FAKE_HDPARM, "1");
    // The guard is forgotten below, its runner with it: a scratch directory in /tmp would be
    // left behind, so this one works in the test's own directory.
    let work: Arc<dyn Runner> = Arc::new(OsRunner::new(d.path().join("work")));
    let ctl: Arc<dyn CacheControl> = Arc::new(Hdparm::new(prog, "/dev/sdt", work));
    let state = d.path().join("state");
    let g = cache::Guard::flip(ctl, true, Some(&state), false).unwrap();
    // SIGKILL: no Drop, no signal handler.
    std::mem::forget(g);
    assert_eq!(std::fs::read_to_string(bin.join("state")).unwrap(), "0\n");
    // The next write run restores it from the journal before anything else (the target
    // does not even exist: the restore comes first).
    let out = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .args([
            "qualify",
            "--profile",
            "smoke",
            "--no-together",
            "--cache-tool",
            "none",
        ])
        .arg("--destroy-data")
        .arg(d.path().join("x.img"))
        .arg(d.path().join("x.img"))
        .env(
            "PATH",
            format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
        )
        .env("RAIDCTL_STATE_DIR", &state)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/dev/sdt: write cache restored to on"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(bin.join("state")).unwrap(), "1\n");
}

#[test]
fn sigint_during_the_cache_test_restores_and_exits_130() {
    let d = tmp();
    let bin = d.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    fake_tool(&bin, "hdparm", FAKE_HDPARM, "1");
    std::fs::write(bin.join("slow"), "").unwrap();
    let img = d.path().join("disk.img");
    std::fs::File::create(&img)
        .unwrap()
        .set_len(32 * MIB)
        .unwrap();
    let state = d.path().join("state");
    let child = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .args(["qualify", "--profile", "smoke", "--cache-tool", "hdparm"])
        .arg("--destroy-data")
        .arg(&img)
        .arg(&img)
        .env(
            "PATH",
            format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
        )
        .env("RAIDCTL_STATE_DIR", &state)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the cache is being turned off (the fake takes a second to do it).
    let start = std::time::Instant::now();
    while !calls(&bin).iter().any(|c| c.starts_with("-W0")) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{:?}",
            calls(&bin)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let c = calls(&bin);
    let img_s = img.display().to_string();
    assert_eq!(c.last().unwrap(), &format!("-W {img_s}"), "{c:?}");
    assert!(c.contains(&format!("-W1 {img_s}")), "{c:?}");
    assert_eq!(std::fs::read_to_string(bin.join("state")).unwrap(), "1\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("write cache of"));
    let j = std::fs::read_dir(state.join("journals"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let recs = raidctl::workflow::journal::read(&j.path()).unwrap().records;
    assert_eq!(recs.last().unwrap().phase, "completed");
}

#[test]
fn megaraid_vd_disk_cache_is_toggled_through_the_backend_and_restored() {
    use raidctl::ctx::{Ctx, CtxOptions};
    use raidctl::qualify::cache::MegaRaidCache;
    let d = tmp();
    let ctx = Ctx::new(&CtxOptions {
        sim: Some("ceph-node".into()),
        simulator: Some(std::sync::Arc::new(raidctl_sim::hardware::SimHardware)),
        sim_state: Some(d.path().join("sim")),
        timeout: Duration::from_secs(30),
        quiet: true,
        sim_exe: Some(env!("CARGO_BIN_EXE_raidctl").into()),
        ..CtxOptions::default()
    })
    .unwrap();
    let snap = ctx.snapshot(Duration::ZERO).unwrap();
    let ld = &snap.logical_drives[0];
    let (adapter, target) = (ld.adapter, ld.target_id);
    let mc = || ctx.megacli().unwrap().duplicate();
    let ctl = MegaRaidCache::new(mc(), adapter, target, "/dev/sdx");
    // "Disk's Default" cannot be set back with MegaCli: not toggled.
    let e = ctl.get().unwrap_err();
    assert!(e.contains("Disk's Default"), "{e}");
    ctl.set(true).unwrap();
    assert_eq!(ctl.get(), Ok(true));
    assert!(
        ctl.set_command(false).ends_with(&format!(
            "-LDSetProp -DisDskCache -L{target} -a{adapter} -NoLog"
        )),
        "{}",
        ctl.set_command(false)
    );
    let probe = MegaRaidCache::new(mc(), adapter, target, "/dev/sdx");
    let mut dr = cache_drive();
    let state = d.path().join("state");
    cache::measure(&mut dr, Arc::new(ctl), Some(&state), false, &mut |spec| {
        assert_eq!(probe.get(), Ok(false), "measured with the disk cache off");
        Ok(job(&spec.name, spec.bs, 0.1, 60.0, 30_000.0))
    });
    assert_eq!(probe.get(), Ok(true), "restored");
    let c = dr.cache.unwrap();
    assert!(
        c.restored && c.tool == "megacli" && c.rows.len() == 2,
        "{c:?}"
    );
    let after = ctx.snapshot(Duration::ZERO).unwrap();
    assert_eq!(
        after.logical_drives[0].disk_cache_policy.as_deref(),
        Some("Enabled")
    );
}
