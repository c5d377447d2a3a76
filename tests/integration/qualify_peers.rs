//! The peer gate on real I/O and osd-prep's handling of its verdicts: three loop devices, one
//! held by cgroup v1 blkio to a quarter of the others' I/O rate, FAILs and the others PASS;
//! osd-prep on two drives (sparse files, and the simulator's loop devices) never FAILs on the
//! peer gate, which is INCONCLUSIVE with two; a drive that FAILs has the VD osd-prep made on
//! it deleted again.

use crate::qualify_signoff::{Loop, Throttle, tmp};
use raidctl::cli::OsdPrepArgs;
use raidctl::ctx::{Ctx, CtxOptions};
use raidctl::model::FirmwareState;
use raidctl::qualify::device::{DriveClass, SysPaths};
use raidctl::qualify::profile::Profile;
use raidctl::qualify::result::{DriveResult, QualReport, Verdict};
use raidctl::qualify::run::{Exports, PrepMode, Run, qualify_identities};
use raidctl::qualify::suite::{ProfileKind, SuiteOptions};
use std::path::{Path, PathBuf};
use std::time::Duration;

const MIB: u64 = 1 << 20;

fn peer_rules(d: &DriveResult) -> Vec<(&str, Verdict)> {
    d.rules
        .iter()
        .filter(|r| r.rule.starts_with("PEER-"))
        .map(|r| (r.rule.as_str(), r.level))
        .collect()
}

// ------------------------------------------------ three loop devices, one at a quarter

/// Backing files in memory where there is a tmpfs: the throttle is then the only limit on
/// every drive, whatever the machine's disk is doing.
fn mem_dir() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(d) = tempfile::tempdir_in(shm) {
            return d;
        }
    }
    tmp()
}

#[test]
fn three_loop_devices_one_throttled_to_a_quarter_fails_and_the_others_pass() {
    if !Throttle::available() {
        return;
    }
    let d = mem_dir();
    let loops: Vec<Loop> = (0..3)
        .map(|i| {
            let f = d.path().join(format!("p{i}.img"));
            std::fs::File::create(&f)
                .unwrap()
                .set_len(32 * MIB)
                .unwrap();
            Loop::new(&f)
        })
        .collect();
    let throttle = Throttle::join("raidctl-test-peers");
    // Every drive is held to 400 I/Os per second each way (a 4 MiB I/O is several), far
    // below what a loop device over memory does even on a busy machine, so the figures are
    // the throttle's and not the machine's; the third gets a quarter of that.
    for (i, l) in loops.iter().enumerate() {
        let iops = if i == 2 { 100 } else { 400 };
        throttle.read_iops(&l.maj_min(), iops);
        throttle.write_iops(&l.maj_min(), iops);
    }
    let paths = SysPaths::default();
    let profile = Profile::embedded().unwrap();
    let opts = SuiteOptions {
        profile: ProfileKind::Smoke,
        role: "data".into(),
        ..SuiteOptions::default()
    };
    let ids: Vec<_> = loops
        .iter()
        .map(|l| raidctl::qualify::device::identify(&l.0, &paths).unwrap())
        .collect();
    let destroy: Vec<String> = loops.iter().map(|l| l.0.display().to_string()).collect();
    let exports = Exports::default();
    // The whole flow osd-prep runs, write jobs, preconditioning and repetitions included;
    // without the all-together pass, whose shared-path rule is about the host, not peers.
    let run = Run {
        opts: &opts,
        profile: &profile,
        destroy: &destroy,
        paths: &paths,
        exports: &exports,
        together: false,
        show_progress: false,
    };
    let rep = qualify_identities(ids, &run).unwrap();
    drop(throttle);
    let slow = &rep.drives[2];
    assert_eq!(slow.verdict, Verdict::Fail, "{:#?}", slow.rules);
    // Its 4 KiB random reads, measured on dozens of I/Os, are a quarter of its peers'.
    let hit = slow
        .rules
        .iter()
        .find(|r| r.rule == "PEER-ratio" && r.job.as_deref() == Some("randread-4k-qd1"))
        .unwrap_or_else(|| panic!("{:#?}", slow.rules));
    assert_eq!(hit.level, Verdict::Fail, "{}", hit.message);
    assert!(hit.message.contains("of its 2 peers"), "{}", hit.message);
    assert!(
        hit.message.contains("confirmed") && hit.message.contains("measured alongside"),
        "{}",
        hit.message
    );
    for good in &rep.drives[..2] {
        // Never FAILed. On a loaded 2-core machine one repetition of a 0.2 s job can complete
        // no I/O at all; flagged in one run of three, that is an unconfirmed WARN, not a FAIL.
        assert_ne!(good.verdict, Verdict::Fail, "{:#?}", good.rules);
        for r in &good.rules {
            assert_ne!(r.level, Verdict::Fail, "{r:#?}");
        }
        // Their reads read what the run wrote: the whole 32 MiB region.
        let p = good.precondition.as_ref().unwrap();
        assert_eq!(p.covered_bytes + p.written_bytes, 32 * MIB, "{p:?}");
    }
}

// ---------------------------------------------------------------- osd-prep

fn sim_ctx(state: &Path) -> Ctx {
    Ctx::new(&CtxOptions {
        sim: Some("ceph-node".into()),
        simulator: Some(std::sync::Arc::new(raidctl_sim::hardware::SimHardware)),
        sim_state: Some(state.to_path_buf()),
        timeout: Duration::from_secs(30),
        quiet: true,
        sim_exe: Some(env!("CARGO_BIN_EXE_raidctl").into()),
        ..CtxOptions::default()
    })
    .unwrap()
}

/// Two drives: the peer gate is INCONCLUSIVE on both, never FAIL; a drive that FAILed on
/// another gate (possible on a busy machine) had its VD deleted, every other VD is there.
fn check_two(rep: &QualReport, ctx: &Ctx) {
    assert_eq!(rep.drives.len(), 2);
    ctx.cache().invalidate();
    let snap = ctx.snapshot(Duration::ZERO).unwrap();
    for d in &rep.drives {
        assert_eq!(
            peer_rules(d),
            [("PEER-FEW", Verdict::Inconclusive)],
            "{:#?}",
            d.rules
        );
        assert!(d.rules.iter().any(|r| r.message.contains("2 drives of")));
        let c = d.identity.controller.as_ref().unwrap();
        assert!(c.simulated && c.presented_as == "raid0");
        let vd = snap.logical_drive(0, c.target_id.unwrap());
        if d.verdict == Verdict::Fail {
            assert!(vd.is_none(), "a FAILed drive's VD is left");
            assert!(d.warnings.iter().any(|w| w.contains("deleted the VD")));
        } else {
            // The policy of `ld create`: write-back behind ceph-node's optimal battery, no
            // read-ahead, direct I/O.
            let cp = vd.unwrap().current_cache_policy.clone().unwrap_or_default();
            assert!(
                cp.contains("WriteBack") && cp.contains("ReadAheadNone") && cp.contains("Direct"),
                "{cp}"
            );
        }
    }
}

#[test]
fn osd_prep_on_the_ceph_node_scenario() {
    let d = tmp();
    let state = d.path().join("sim");
    let ctx = sim_ctx(&state);
    // Dry run: the plan, nothing changed.
    let mut args = OsdPrepArgs {
        drives: vec!["32:2".into(), "32:3".into()],
        mode: PrepMode::Raid0,
        profile: ProfileKind::Smoke,
        dry_run: true,
        ..OsdPrepArgs::default()
    };
    assert_eq!(
        raidctl::app::qualify::run_osd_prep(
            &args,
            &ctx,
            false,
            raidctl::output::Style::PLAIN,
            &mut std::io::sink()
        ),
        raidctl::exit::ExitStatus::Ok
    );
    let before = ctx.snapshot(Duration::ZERO).unwrap();
    assert_eq!(before.logical_drives.len(), 1);
    // Without --yes: refused.
    args.dry_run = false;
    assert_eq!(
        raidctl::app::qualify::run_osd_prep(
            &args,
            &ctx,
            false,
            raidctl::output::Style::PLAIN,
            &mut std::io::sink()
        ),
        raidctl::exit::ExitStatus::Error
    );
    // RAID0 for two drives, each backed by a sparse file.
    args.yes = true;
    let json = d.path().join("prep.json");
    args.json = Some(json.clone());
    let st = raidctl::app::qualify::run_osd_prep(
        &args,
        &ctx,
        false,
        raidctl::output::Style::PLAIN,
        &mut std::io::sink(),
    );
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(st, raidctl::qualify::run::exit_for(rep.verdict));
    check_two(&rep, &ctx);
    for dr in &rep.drives {
        assert_eq!(dr.identity.class, DriveClass::Hdd);
        assert!(dr.identity.serial.is_some());
        assert!(!dr.jobs.is_empty() && !dr.together.is_empty());
        assert!(dr.health.reason.as_deref().unwrap().contains("simulated"));
        let t = dr.identity.controller.as_ref().unwrap().target_id.unwrap();
        let img = state.join(format!("disks/vd-0-{t}.img"));
        assert_eq!(
            img.is_file(),
            dr.verdict != Verdict::Fail,
            "{}",
            img.display()
        );
    }
    // ceph-node has JBOD enabled, but `auto` follows the single-drive RAID0 VDs now there,
    // and says so.
    let args = OsdPrepArgs {
        drives: vec!["32:4".into()],
        profile: ProfileKind::Smoke,
        read_only: true,
        yes: true,
        ..OsdPrepArgs::default()
    };
    let mut said = Vec::new();
    let _ = raidctl::app::qualify::run_osd_prep(
        &args,
        &ctx,
        false,
        raidctl::output::Style::PLAIN,
        &mut said,
    );
    let said = String::from_utf8_lossy(&said);
    assert!(
        said.contains("--mode auto on adapter 0: RAID0, because no Ceph OSD is known on adapter 0"),
        "{said}"
    );
    ctx.cache().invalidate();
    let snap = ctx.snapshot(Duration::ZERO).unwrap();
    let addr = "32:4".parse().unwrap();
    let pd = snap.drive(0, addr).unwrap();
    assert_eq!(pd.firmware_state, FirmwareState::Online);
    assert!(snap.logical_drives.iter().any(|l| l.members == [addr]));
    // The plan names the drive's size as status does.
    let size = raidctl::model::fmt_size(pd.size_bytes().unwrap());
    assert!(said.contains(&format!("({size}) -> RAID0")), "{said}");
}

/// A drive that FAILs (here: thresholds no drive meets, so the FAIL is certain and
/// confirmed) has the VD osd-prep made on it deleted again, as replace-drive does with a new
/// drive that FAILs; the drive is Unconfigured(good) again and the record says so.
#[test]
fn osd_prep_deletes_the_new_vd_of_a_drive_that_failed() {
    let d = tmp();
    let state = d.path().join("sim");
    let ctx = sim_ctx(&state);
    let pf = d.path().join("impossible.json");
    std::fs::write(
        &pf,
        r#"{"classes":{"hdd":{"seq_read_fail_mbps":1e12,"sync_1job_min_iops":1e12}}}"#,
    )
    .unwrap();
    let json = d.path().join("prep.json");
    let args = OsdPrepArgs {
        drives: vec!["32:5".into()],
        mode: PrepMode::Raid0,
        profile: ProfileKind::Smoke,
        profile_file: Some(pf),
        json: Some(json.clone()),
        yes: true,
        ..OsdPrepArgs::default()
    };
    let mut out = Vec::new();
    let st = raidctl::app::qualify::run_osd_prep(
        &args,
        &ctx,
        false,
        raidctl::output::Style::PLAIN,
        &mut out,
    );
    let text = String::from_utf8(out).unwrap();
    assert_eq!(st, raidctl::exit::ExitStatus::Error, "{text}");
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let dr = &rep.drives[0];
    assert_eq!(dr.verdict, Verdict::Fail, "{:#?}", dr.rules);
    let t = dr.identity.controller.as_ref().unwrap().target_id.unwrap();
    ctx.cache().invalidate();
    let snap = ctx.snapshot(Duration::ZERO).unwrap();
    assert!(snap.logical_drive(0, t).is_none(), "VD {t} left behind");
    assert_eq!(snap.logical_drives.len(), 1, "only the OS RAID 1");
    let pd = snap.drive(0, "32:5".parse().unwrap()).unwrap();
    assert_eq!(pd.firmware_state, FirmwareState::UnconfiguredGood);
    assert!(!state.join(format!("disks/vd-0-{t}.img")).exists());
    let cmd = format!("-CfgLdDel -L{t} -a0");
    assert!(
        dr.warnings
            .iter()
            .any(|w| w.contains("deleted the VD it had made") && w.contains(&cmd)),
        "{:?}",
        dr.warnings
    );
    assert!(
        text.contains("# not for an OSD (FAIL)") && text.contains(&cmd),
        "{text}"
    );
}

/// With `sim block-devices on` the new VDs are real loop devices: osd-prep on two of them
/// never FAILs on the peer gate. Root only (losetup).
#[test]
fn osd_prep_on_two_simulated_block_devices_never_fails_on_peers() {
    if !rustix::process::geteuid().is_root() {
        crate::util::skip("sim block-devices needs root (losetup)");
        return;
    }
    let d = tmp();
    let state = d.path().join("sim");
    let ctx = sim_ctx(&state);
    let sim = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"))
            .arg("--sim-state")
            .arg(&state)
            .args(args)
            .output()
            .unwrap()
    };
    assert!(
        sim(&["--sim", "ceph-node", "status"])
            .status
            .code()
            .is_some()
    );
    let o = sim(&["sim", "block-devices", "on", "--size-gb", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    struct Off(PathBuf);
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = std::process::Command::new(env!("CARGO_BIN_EXE_raidctl"))
                .arg("--sim-state")
                .arg(&self.0)
                .args(["sim", "block-devices", "off"])
                .output();
        }
    }
    let _off = Off(state.clone());
    let json = d.path().join("prep.json");
    let args = OsdPrepArgs {
        drives: vec!["32:6".into(), "32:7".into()],
        mode: PrepMode::Raid0,
        profile: ProfileKind::Smoke,
        json: Some(json.clone()),
        yes: true,
        ..OsdPrepArgs::default()
    };
    let st = raidctl::app::qualify::run_osd_prep(
        &args,
        &ctx,
        false,
        raidctl::output::Style::PLAIN,
        &mut std::io::sink(),
    );
    let rep: QualReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(st, raidctl::qualify::run::exit_for(rep.verdict));
    for dr in &rep.drives {
        assert!(
            dr.identity.path.starts_with("/dev/loop"),
            "{}",
            dr.identity.path
        );
        assert_ne!(
            dr.verdict,
            Verdict::Pass,
            "two drives cannot PASS the peer gate"
        );
    }
    check_two(&rep, &ctx);
}
