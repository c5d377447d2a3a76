//! `raidctl qualify` sign-off features: repeat to confirm (synthetic runs, and a real loop
//! device slowed by cgroup v1 blkio throttling), the SMART self-test gate with a fake smartctl speaking smartctl's JSON, the raw-vs-file compare, and the HTML
//! report (well-formed, charts embedded, nothing external). The write-cache test is in
//! [`crate::qualify_cache`].

use raidctl::backend::runner::OsRunner;
use raidctl::qualify::cache::{self};
use raidctl::qualify::device::{DriveClass, Identity, SysPaths, TargetKind};
use raidctl::qualify::engine::{JobResult, JobSpec, Op, Pattern};
use raidctl::qualify::profile::Profile;
use raidctl::qualify::result::{DriveResult, QualReport, RuleHit, Verdict};
use raidctl::qualify::selftest::{self, SelfTestStatus, Timing};
use raidctl::qualify::suite::{self, ProfileKind, SuiteOptions};
use raidctl::qualify::{html, repeat, verdict};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

pub(crate) const MIB: u64 = 1 << 20;

pub(crate) fn tmp() -> tempfile::TempDir {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(base).unwrap();
    tempfile::tempdir_in(base).unwrap()
}

pub(crate) fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

pub(crate) fn job(name: &str, bs: u64, mbps: f64, iops: f64, p99_us: f64) -> JobResult {
    let mut j = JobResult {
        spec: JobSpec::timed(name, Pattern::Seq, Op::Read, bs, 1, Duration::from_secs(1)),
        direct: true,
        mbps,
        iops,
        ios: 100,
        ..JobResult::default()
    };
    j.lat.p50_us = p99_us / 2.0;
    j.lat.p90_us = p99_us * 0.8;
    j.lat.p99_us = p99_us;
    j.lat.p999_us = p99_us * 1.5;
    j.lat.max_us = p99_us * 2.0;
    j
}

pub(crate) fn drive(name: &str, seq: f64) -> DriveResult {
    let mut d = DriveResult {
        host: "h".into(),
        identity: Identity {
            path: format!("/dev/{name}"),
            kernel_name: Some(name.into()),
            model: Some("M1".into()),
            firmware: Some("F1".into()),
            class: DriveClass::Hdd,
            size_bytes: 4 << 40,
            ..Identity::default()
        },
        jobs: vec![
            job("seq-read-4m", 4 * MIB, seq, seq / 4.0, 20_000.0),
            job("randread-4k-qd1", 4096, 0.6, 150.0, 9_000.0),
        ],
        ..DriveResult::default()
    };
    for (k, bs) in [4096u64, 65536, MIB, 4 * MIB].iter().enumerate() {
        let f = (k as f64 + 1.0) / 4.0;
        d.jobs.push(job(
            &format!("sweep-{}", suite::bs_label(*bs)),
            *bs,
            seq * f,
            seq * f * 1e6 / *bs as f64,
            100.0 * (k as f64 + 1.0),
        ));
    }
    for n in [1u32, 2, 4] {
        let mut j = job(
            &format!("fdatasync-4k-j{n}"),
            4096,
            0.5,
            120.0 * f64::from(n),
            9_000.0,
        );
        j.spec.jobs = n;
        d.jobs.push(j);
    }
    d
}

fn settle_all(drives: &mut [DriveResult], p: &Profile) {
    for d in drives.iter_mut() {
        suite::finish(d, p, "data");
    }
    verdict::peer_rules(drives, &p.peer());
}

// ---------------------------------------------------------------- repeat to confirm

#[test]
fn repeat_to_confirm_one_slow_run_warns_two_fail() {
    let p = Profile::embedded().unwrap();
    let base = || -> Vec<DriveResult> {
        let mut v = vec![
            drive("sda", 200.0),
            drive("sdb", 204.0),
            drive("sdc", 198.0),
            drive("sdd", 80.0),
        ];
        settle_all(&mut v, &p);
        v
    };
    let first = base();
    assert_eq!(first[3].verdict, Verdict::Fail, "{:#?}", first[3].rules);
    assert_eq!(repeat::candidates(&first[3])[0].0, "seq-read-4m");
    // Slow only in the first run: two fast repetitions, each followed by its peers' job
    // measured again; WARN with all three figures.
    let mut v = first.clone();
    let mut calls = Vec::new();
    repeat::confirm(&mut v, &p, "data", &mut |i, spec| {
        calls.push(i);
        let mbps = if i == 3 { 201.0 } else { 200.0 };
        Some(job(&spec.name, spec.bs, mbps, 50.0, 20_000.0))
    });
    assert_eq!(calls, [3, 0, 1, 2, 3, 0, 1, 2]);
    let d = &v[3];
    assert_eq!(d.verdict, Verdict::Warn, "{:#?}", d.rules);
    let r = d.rules.iter().find(|r| r.rule == "PEER-ratio").unwrap();
    assert_eq!(r.level, Verdict::Warn);
    assert!(
        r.message
            .contains("flagged in 1 of 3 runs (80 MB/s, p99 20.0 ms / 201 MB/s, p99 20.0 ms / 201 MB/s, p99 20.0 ms); repetitions against sda, sdb, sdc measured alongside"),
        "{}",
        r.message
    );
    assert_eq!(d.repeats[0].flagged, [true, false, false]);
    // Slow again, but so are its peers measured next to it: the host slowed down, not the
    // drive. Not confirmed.
    let mut v = first.clone();
    repeat::confirm(&mut v, &p, "data", &mut |i, spec| {
        let mbps = if i == 3 { 79.0 } else { 90.0 };
        Some(job(&spec.name, spec.bs, mbps, 30.0, 20_000.0))
    });
    assert_eq!(v[3].repeats[0].flagged, [true, false, false]);
    assert_eq!(v[3].verdict, Verdict::Warn, "{:#?}", v[3].rules);
    // Slow in the first two runs beside fast peers: one repetition is enough, FAIL confirmed.
    let mut v = first.clone();
    let mut n = 0;
    repeat::confirm(&mut v, &p, "data", &mut |i, spec| {
        n += usize::from(i == 3);
        let mbps = if i == 3 { 79.0 } else { 200.0 };
        Some(job(&spec.name, spec.bs, mbps, 30.0, 20_000.0))
    });
    assert_eq!(n, 1);
    assert_eq!(v[3].verdict, Verdict::Fail);
    assert!(v[3].rules.iter().any(|r| r.rule == "PEER-ratio"
        && r.level == Verdict::Fail
        && r.message.contains("confirmed: flagged in 2 of 2 runs")));
    // Slow, fast, slow: 2 of 3, FAIL.
    let mut v = first.clone();
    let mut k = 0;
    repeat::confirm(&mut v, &p, "data", &mut |i, spec| {
        k += usize::from(i == 3);
        let mbps = match (i, k) {
            (3, 1) => 200.0,
            (3, _) => 78.0,
            _ => 200.0,
        };
        Some(job(&spec.name, spec.bs, mbps, 30.0, 20_000.0))
    });
    assert_eq!(v[3].repeats[0].flagged, [true, false, true]);
    assert_eq!(v[3].verdict, Verdict::Fail);
    // The JSON round trip keeps the outcome (a later --compare settles the same way).
    let text = serde_json::to_string(&v[3]).unwrap();
    let mut back: DriveResult = serde_json::from_str(&text).unwrap();
    back.settle();
    assert_eq!(back.verdict, Verdict::Fail);
    // A repetition that cannot run leaves the FAIL standing.
    let mut v = first.clone();
    repeat::confirm(&mut v, &p, "data", &mut |_, _| None);
    assert_eq!(v[3].verdict, Verdict::Fail);
    // Health gates are never repeated: they fail at once.
    let mut v = base();
    v[0].rules.push(RuleHit::new(
        "H-ATA-5",
        Verdict::Fail,
        "Reallocated_Sector_Ct = 3",
    ));
    v[0].settle();
    let mut ran = 0;
    repeat::confirm(&mut v[..1], &p, "data", &mut |_, _| {
        ran += 1;
        None
    });
    assert_eq!(ran, 0);
    assert_eq!(v[0].verdict, Verdict::Fail);
}

// ------------------------------------------------- a real slow device (cgroup v1 blkio)

/// A loop device (`--direct-io=on`) over a file, detached when dropped.
pub(crate) struct Loop(pub(crate) PathBuf);

impl Loop {
    pub(crate) fn new(file: &Path) -> Self {
        let out = Command::new("losetup")
            .args(["-f", "--show", "--direct-io=on"])
            .arg(file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Self(PathBuf::from(String::from_utf8(out.stdout).unwrap().trim()))
    }
    pub(crate) fn maj_min(&self) -> String {
        let name = self.0.file_name().unwrap().to_string_lossy().into_owned();
        std::fs::read_to_string(format!("/sys/class/block/{name}/dev"))
            .unwrap()
            .trim()
            .to_owned()
    }
}

impl Drop for Loop {
    fn drop(&mut self) {
        let _ = Command::new("losetup").arg("-d").arg(&self.0).status();
    }
}

/// The calling thread's id (`/proc/thread-self` links to `PID/task/TID`).
fn tid() -> String {
    let l = std::fs::read_link("/proc/thread-self").unwrap();
    l.file_name().unwrap().to_string_lossy().into_owned()
}

/// A blkio cgroup (v1) the calling *thread* joins; its children (the engine's workers)
/// inherit it. Leaving moves the thread back to the root group.
pub(crate) struct Throttle {
    dir: PathBuf,
}

impl Throttle {
    const ROOT: &str = "/sys/fs/cgroup/blkio";

    pub(crate) fn available() -> bool {
        let root = rustix::process::geteuid().is_root();
        let have = Path::new(Self::ROOT)
            .join("blkio.throttle.read_iops_device")
            .exists()
            && Command::new("losetup").arg("--version").output().is_ok();
        if root && have {
            return true;
        }
        crate::util::skip("the throttled-device test needs root, losetup and cgroup v1 blkio");
        false
    }

    pub(crate) fn join(name: &str) -> Self {
        let dir = Path::new(Self::ROOT).join(format!("{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("tasks"), tid()).unwrap();
        Self { dir }
    }

    pub(crate) fn read_iops(&self, maj_min: &str, iops: u32) {
        std::fs::write(
            self.dir.join("blkio.throttle.read_iops_device"),
            format!("{maj_min} {iops}"),
        )
        .unwrap();
    }

    pub(crate) fn write_iops(&self, maj_min: &str, iops: u32) {
        std::fs::write(
            self.dir.join("blkio.throttle.write_iops_device"),
            format!("{maj_min} {iops}"),
        )
        .unwrap();
    }
}

impl Drop for Throttle {
    fn drop(&mut self) {
        let _ = std::fs::write(Path::new(Self::ROOT).join("tasks"), tid());
        let _ = std::fs::remove_dir(&self.dir);
    }
}

#[test]
fn throttled_loop_device_is_warn_when_slow_once_and_fail_when_slow_twice() {
    if !Throttle::available() {
        return;
    }
    let d = tmp();
    let loops: Vec<Loop> = (0..3)
        .map(|i| {
            let f = d.path().join(format!("d{i}.img"));
            std::fs::File::create(&f)
                .unwrap()
                .set_len(64 * MIB)
                .unwrap();
            Loop::new(&f)
        })
        .collect();
    let slow = loops[2].maj_min();
    let paths = SysPaths::default();
    let profile = Profile::embedded().unwrap();
    let opts = SuiteOptions {
        profile: ProfileKind::Smoke,
        role: "data".into(),
        read_only: true,
        ..SuiteOptions::default()
    };
    let throttle = Throttle::join("raidctl-test-slow");
    // Every drive is held to 100 reads per second, so the figures are the throttle's, not the
    // noise of loop devices on a busy machine; the third drive gets 25, far below its peers.
    for l in &loops[..2] {
        throttle.read_iops(&l.maj_min(), 100);
    }
    throttle.read_iops(&slow, 25);
    let mut drives: Vec<DriveResult> = loops
        .iter()
        .map(|l| {
            let id = raidctl::qualify::device::identify(&l.0, &paths).unwrap();
            let mut dr = suite::prepare(id, &opts, &profile, &[], &paths);
            suite::run_drive(&mut dr, &opts, &profile, &paths, &suite::Silent);
            dr
        })
        .collect();
    verdict::peer_rules(&mut drives, &profile.peer());
    let flagged = repeat::candidates(&drives[2]);
    assert!(
        flagged.iter().any(|(j, _)| j == "seq-read-4m"),
        "{:#?}",
        drives[2].rules
    );
    // Still throttled during the repetitions: confirmed, FAIL.
    let mut twice = drives.clone();
    let snap = drives.clone();
    repeat::confirm(&mut twice, &profile, "data", &mut |i, spec| {
        suite::rerun_job(&snap[i].identity, spec, &paths).ok()
    });
    assert_eq!(twice[2].verdict, Verdict::Fail, "{:#?}", twice[2].rules);
    let r = twice[2]
        .repeats
        .iter()
        .find(|r| r.job == "seq-read-4m")
        .unwrap();
    assert!(r.confirmed(), "{r:?}");
    // Back to its peers' limit before the repetitions: slow in one run of three, WARN.
    throttle.read_iops(&slow, 100);
    let mut once = drives.clone();
    repeat::confirm(&mut once, &profile, "data", &mut |i, spec| {
        suite::rerun_job(&snap[i].identity, spec, &paths).ok()
    });
    let r = once[2]
        .repeats
        .iter()
        .find(|r| r.job == "seq-read-4m")
        .unwrap();
    assert_eq!(r.flagged, [true, false, false], "{r:?}");
    let hit = once[2]
        .rules
        .iter()
        .find(|h| h.rule == "PEER-ratio" && h.job.as_deref() == Some("seq-read-4m"))
        .unwrap();
    assert_eq!(hit.level, Verdict::Warn, "{}", hit.message);
    assert!(hit.message.contains("1 of 3 runs"), "{}", hit.message);
    // The throttled job is no FAIL any more. (The drive's overall verdict is not asserted: on a
    // loaded 2-core machine a smoke run's QD1 random reads complete a handful of I/Os, and a
    // repetition of another job can come out slow for the machine's sake, not the drive's.)
    assert!(
        !once[2]
            .rules
            .iter()
            .any(|h| h.level == Verdict::Fail && h.job.as_deref() == Some("seq-read-4m")),
        "{:#?}",
        once[2].rules
    );
}

// ---------------------------------------------------------------- SMART self-test

/// A fake smartctl: `-x` answers healthy; `-t short` starts; `-c -l selftest` answers "in
/// progress" until the third poll, then the self-test log from `log.json` next to it.
const FAKE_SMARTCTL: &str = r#"d=$(dirname "$0")
echo "$*" >> "$d/calls"
case "$*" in
  *-x*) echo '{"smartctl":{"version":[7,3],"exit_status":0},"model_name":"FAKE SSD","serial_number":"S1","firmware_version":"F1","smart_status":{"passed":true},"power_on_time":{"hours":5}}' ;;
  *"-t short"*) echo '{"smartctl":{"version":[7,3],"exit_status":0},"ata_smart_data":{"self_test":{"status":{"value":0,"string":"completed without error","passed":true}}}}' ;;
  *-X*) echo '{"smartctl":{"exit_status":0}}' ;;
  *selftest*) n=$(cat "$d/polls" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$d/polls"
     if [ $n -lt 3 ] || [ -e "$d/forever" ]; then
       echo '{"smartctl":{"version":[7,3],"exit_status":0},"ata_smart_data":{"self_test":{"status":{"value":249,"string":"in progress, 90% remaining","remaining_percent":90},"polling_minutes":{"short":2}}},"ata_smart_self_test_log":{"standard":{"revision":1,"count":0}}}'
     else cat "$d/log.json"; fi ;;
esac
"#;

const LOG_FAILED: &str = r#"{"smartctl":{"version":[7,3],"exit_status":128},"ata_smart_data":{"self_test":{"status":{"value":121,"string":"completed: read failure","remaining_percent":20,"passed":false}}},
"ata_smart_self_test_log":{"standard":{"revision":1,"table":[{"type":{"value":1,"string":"Short offline"},"status":{"value":121,"string":"Completed: read failure","remaining_percent":20,"passed":false},"lifetime_hours":5,"lba":123456}],"count":1,"error_count_total":1,"error_count_outdated":0}}}"#;

const LOG_PASSED: &str = r#"{"smartctl":{"version":[7,3],"exit_status":0},"ata_smart_data":{"self_test":{"status":{"value":0,"string":"completed without error","passed":true}}},
"ata_smart_self_test_log":{"standard":{"revision":1,"table":[{"type":{"value":1,"string":"Short offline"},"status":{"value":0,"string":"Completed without error","passed":true},"lifetime_hours":5}],"count":1,"error_count_total":0,"error_count_outdated":0}}}"#;

fn physical(path: &Path) -> Identity {
    Identity {
        path: path.display().to_string(),
        canonical: path.display().to_string(),
        kind: TargetKind::BlockDevice,
        class: DriveClass::Ssd,
        transport: Some("sata".into()),
        size_bytes: 32 * MIB,
        ..Identity::default()
    }
}

#[test]
fn failing_self_test_fails_the_drive() {
    let d = tmp();
    let prog = script(d.path(), "smartctl", FAKE_SMARTCTL);
    std::fs::write(d.path().join("log.json"), LOG_FAILED).unwrap();
    let dev = d.path().join("sdz");
    std::fs::write(&dev, vec![0u8; 8192]).unwrap();
    let profile = Profile::embedded().unwrap();
    let opts = SuiteOptions {
        profile: ProfileKind::Smoke,
        role: "data".into(),
        read_only: true,
        smartctl: Some(prog.clone()),
        self_test_timeout: Some(Duration::from_secs(2)),
        ..SuiteOptions::default()
    };
    let mut dr = suite::prepare(physical(&dev), &opts, &profile, &[], &SysPaths::default());
    dr.settle();
    let st = dr.self_test.clone().unwrap();
    assert_eq!(st.status, SelfTestStatus::Failed, "{st:?}");
    assert_eq!(st.polls, 3);
    assert_eq!(st.lba_first_error, Some(123_456));
    let hit = dr.rules.iter().find(|r| r.rule == "H-SELFTEST").unwrap();
    assert!(
        hit.message.contains("Completed: read failure"),
        "{}",
        hit.message
    );
    assert_eq!(dr.verdict, Verdict::Fail);
    // Health gates fail at once: nothing to repeat.
    assert!(repeat::candidates(&dr).is_empty());
    let c = std::fs::read_to_string(d.path().join("calls")).unwrap();
    let dev_s = dev.display().to_string();
    assert!(c.contains(&format!("-j -t short {dev_s}")), "{c}");
    assert!(c.contains(&format!("-j -c -l selftest {dev_s}")), "{c}");

    // A passing self-test passes; behind a controller it goes through -d megaraid,N.
    std::fs::write(d.path().join("log.json"), LOG_PASSED).unwrap();
    std::fs::remove_file(d.path().join("polls")).unwrap();
    let mut id = physical(&dev);
    id.smartctl_device = Some("megaraid,7".into());
    let (st, hits) = selftest::run(
        &id,
        &OsRunner::scratch(),
        &prog,
        Timing::with_deadline(Duration::from_secs(2)),
        &mut |_| {},
    );
    assert_eq!(st.status, SelfTestStatus::Passed, "{st:?}");
    assert!(hits.is_empty());
    let c = std::fs::read_to_string(d.path().join("calls")).unwrap();
    assert!(
        c.contains(&format!("-j -t short -d megaraid,7 {dev_s}")),
        "{c}"
    );

    // Still running at the deadline: aborted, INCONCLUSIVE.
    std::fs::write(d.path().join("forever"), "").unwrap();
    let (st, hits) = selftest::run(
        &id,
        &OsRunner::scratch(),
        &prog,
        Timing {
            deadline: Duration::from_millis(150),
            poll: Duration::from_millis(60),
        },
        &mut std::thread::sleep,
    );
    assert_eq!(st.status, SelfTestStatus::Timeout);
    assert_eq!(hits[0].rule, "H-SELFTEST-TIMEOUT");
    assert_eq!(hits[0].level, Verdict::Inconclusive);
    let c = std::fs::read_to_string(d.path().join("calls")).unwrap();
    assert!(c.contains(&format!("-j -X -d megaraid,7 {dev_s}")), "{c}");

    // --no-self-test: skipped with a WARN.
    let opts = SuiteOptions {
        no_self_test: true,
        ..opts
    };
    let mut dr = suite::prepare(physical(&dev), &opts, &profile, &[], &SysPaths::default());
    dr.settle();
    assert!(
        dr.rules
            .iter()
            .any(|r| r.rule == "H-SELFTEST-SKIPPED" && r.level == Verdict::Warn)
    );
    assert_eq!(dr.verdict, Verdict::Warn, "{:#?}", dr.rules);
}

// ---------------------------------------------------------------- raw versus file/Ceph

#[test]
fn raw_versus_file_compare_prints_ratios() {
    let d = tmp();
    let img = d.path().join("raw.img");
    std::fs::File::create(&img)
        .unwrap()
        .set_len(48 * MIB)
        .unwrap();
    let file = d.path().join("ceph.img");
    std::fs::File::create(&file)
        .unwrap()
        .set_len(48 * MIB)
        .unwrap();
    // As root the raw side is a real block device (a loop device); otherwise two files.
    let lo = (rustix::process::geteuid().is_root()
        && Command::new("losetup").arg("--version").output().is_ok())
    .then(|| Loop::new(&img));
    let raw_target = lo.as_ref().map_or(img.clone(), |l| l.0.clone());
    let qualify = |target: &Path, json: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_raidctl"))
            .args(["qualify", "--profile", "smoke", "--no-together"])
            .arg("--destroy-data")
            .arg(target)
            .arg(target)
            .arg("--json")
            .arg(json)
            .env("RAIDCTL_STATE_DIR", d.path().join("state"))
            .output()
            .unwrap();
        assert!(json.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let (a, b) = (d.path().join("raw.json"), d.path().join("file.json"));
    qualify(&raw_target, &a);
    qualify(&file, &b);
    let rb: QualReport = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    assert_eq!(rb.drives[0].storage, "file");
    let out = Command::new(env!("CARGO_BIN_EXE_raidctl"))
        .args(["qualify", "--compare"])
        .arg(&a)
        .arg(&b)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // raidctl's one table style in a pipe: a header, a dashed rule, columns apart.
    assert!(text.contains("  B/A  "), "{text}");
    assert!(
        !text.contains('|'),
        "no Markdown on standard output:\n{text}"
    );
    let row = text
        .lines()
        .skip_while(|l| !l.contains("  B/A  "))
        .find(|l| l.starts_with("fdatasync-4k-j1 "))
        .unwrap_or_else(|| panic!("{text}"));
    // job, unit, A, B, B/A, then the latencies.
    let cells: Vec<&str> = row.split_whitespace().collect();
    let (x, y, ratio): (f64, f64, f64) = (
        cells[2].parse().unwrap(),
        cells[3].parse().unwrap(),
        cells[4].parse().unwrap(),
    );
    assert!(x > 0.0 && y > 0.0);
    assert!((ratio - y / x).abs() < 0.01 + 0.02 * ratio, "{row}");
    assert!(text.contains("Expected shape through Ceph"), "{text}");
    assert!(text.contains("(file)"), "{text}");
}

// ---------------------------------------------------------------- HTML report

fn four_drive_report() -> QualReport {
    let p = Profile::embedded().unwrap();
    let mut v = vec![
        drive("sda", 200.0),
        drive("sdb", 204.0),
        drive("sdc", 198.0),
        drive("sdd", 80.0),
    ];
    settle_all(&mut v, &p);
    repeat::confirm(&mut v, &p, "data", &mut |i, spec| {
        let mbps = if i == 3 { 81.0 } else { 200.0 };
        Some(job(&spec.name, spec.bs, mbps, 30.0, 20_000.0))
    });
    v[0].cache = Some(cache::CacheReport {
        tool: "hdparm".into(),
        original_on: Some(true),
        restored: true,
        rows: vec![cache::CacheRow {
            job: "fdatasync-4k-j1".into(),
            on_iops: 120.0,
            off_iops: 180.0,
            on_p99_us: 9000.0,
            off_p99_us: 6000.0,
        }],
        ..cache::CacheReport::default()
    });
    QualReport {
        schema_version: raidctl::qualify::result::SCHEMA_VERSION,
        host: "node1 <&>".into(),
        profile: "smoke".into(),
        verdict: Verdict::Fail,
        drives: v,
        ..QualReport::default()
    }
}

#[test]
fn html_report_is_well_formed_self_contained_and_marks_the_outlier() {
    let rep = four_drive_report();
    let page = html::page(&rep);
    let doc = roxmltree::Document::parse_with_options(
        &page,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("not well-formed: {e}"));
    let svgs: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .collect();
    // Peer bars (3 metrics with data), sweep throughput and p99, ladder IOPS and p99.
    assert!(svgs.len() >= 6, "{} charts", svgs.len());
    for n in doc.descendants().filter(|n| n.is_element()) {
        let tag = n.tag_name().name();
        assert!(
            !["script", "link", "img", "iframe", "object", "embed"].contains(&tag),
            "{tag}"
        );
        for a in n.attributes() {
            assert!(!["src", "href"].contains(&a.name()), "<{tag} {}>", a.name());
            if a.name() != "xmlns" {
                assert!(
                    !a.value().contains("://"),
                    "<{tag} {}={}>",
                    a.name(),
                    a.value()
                );
            }
        }
    }
    assert!(!page.contains("url(") && !page.contains("@import"));
    // The outlier: a red bar labelled with its ratio and verdict, the drive's row marked.
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("(0.40× the others' median) FAIL"), "{text}");
    assert!(text.contains("median 199 MB/s"), "{text}");
    assert!(page.contains(r##"fill="#d62728""##));
    assert!(page.contains(r#"<tr class="fail"><td class="l">h:sdd</td>"#));
    assert!(text.contains("node1 <&>"));
    assert!(text.contains("confirmed: flagged in 2 of 2 runs"));
    assert!(text.contains("write cache (hdparm, originally on, restored)"));
    for label in [
        "Block-size sweep",
        "fdatasync ladder",
        "Peer comparison",
        "p99.9",
    ] {
        assert!(text.contains(label), "{label}");
    }
}

#[test]
fn files_too_small_or_open_elsewhere_are_refused() {
    let d = tmp();
    let paths = SysPaths::default();
    let small = d.path().join("small.img");
    std::fs::File::create(&small).unwrap().set_len(MIB).unwrap();
    let id = raidctl::qualify::device::identify(&small, &paths).unwrap();
    let r = raidctl::qualify::safety::check(&id, &paths, true, true);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].rule, "SAFE-FILE-SIZE");
    // Open by another process (a VM image in use).
    let busy = d.path().join("busy.img");
    std::fs::File::create(&busy)
        .unwrap()
        .set_len(8 * MIB)
        .unwrap();
    let mut holder = Command::new("sh")
        .arg("-c")
        .arg("exec 3<\"$1\"; echo ready; sleep 30")
        .arg("sh")
        .arg(&busy)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(holder.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let id = raidctl::qualify::device::identify(&busy, &paths).unwrap();
    let r = raidctl::qualify::safety::check(&id, &paths, true, true);
    let _ = holder.kill();
    let _ = holder.wait();
    assert!(r.iter().any(|x| x.rule == "SAFE-OPEN"), "{r:?}");
}
