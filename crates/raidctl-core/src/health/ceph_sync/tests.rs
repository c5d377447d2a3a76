//! The sync's decisions on hand-made hosts, and its commands through a fake `ceph`.

use super::*;
use crate::backend::runner::{Call, CmdOutput, RunError, Runner};
use crate::ceph::join::{ClusterView, OsdDevice, Role};
use crate::ceph::types::DeviceLocation;
use crate::ceph::{Ceph, CephOptions};
use crate::health::tests::{ld, pd};
use crate::model::{FirmwareState, OsdMode, RaidLevel};
use std::sync::{Arc, Mutex};

const NOW: u64 = 1_764_959_384;
const DEVID: &str = "PERC_H710P_Mini_6b8ca3a0e8f0a0002f3c7d8e00000003";
const HOST: &str = "node1";

/// RAID0 VD `target` on `[32:slot]` (serial `SER<slot>`), the drive predicting failure when
/// `failing`.
fn host(vds: &[(u32, u16, bool)]) -> Snapshot {
    let mut s = Snapshot::default();
    for (target, slot, failing) in vds {
        s.logical_drives
            .push(ld(*target, RaidLevel::Raid0, LdState::Optimal, &[*slot]));
        let mut d = pd(*slot, FirmwareState::Online);
        d.logical_drive = Some(*target);
        if *failing {
            d.predictive_failure_count = Some(2);
        }
        s.physical_drives.push(d);
    }
    s
}

/// osd.`id` on VD `target` of adapter 0 as `/dev/<kname>`, its label read.
fn osd(id: u32, target: u32, slot: u16, kname: &str) -> HostOsd {
    HostOsd {
        osd_fsid: Some(format!("u-{id}")),
        cluster_fsid: Some("c".into()),
        mode: OsdMode::Raw,
        objectstore: Some("bluestore".into()),
        devices: vec![OsdDevice {
            location: Some(Location::Vd {
                adapter: 0,
                target,
                members: vec![DriveAddress::new(32, slot)],
            }),
            verified: Some(Verification::Label),
            ..OsdDevice::new(
                Role::Block,
                &format!("/dev/{kname}"),
                Some(format!("/dev/{kname}")),
            )
        }],
        up: Some(true),
        is_in: Some(true),
        destroyed: Some(false),
        crush_weight: Some(0.003),
        reweight: Some(1.0),
        hostname: Some(HOST.into()),
        sources: vec!["raw-list".into()],
        ..HostOsd::new(id)
    }
}

fn join(osds: Vec<HostOsd>) -> OsdJoin {
    OsdJoin {
        osds,
        cluster: ClusterView::Answered,
        notes: Vec::new(),
    }
}

/// `ceph device ls`'s entry for `devid` with `daemons` at `HOST:kname`, and its expectancy
/// as the mgr prints it.
fn dev(devid: &str, daemons: &[u32], kname: &str, window: Option<(u64, u64)>) -> CephDevice {
    let stamp = |t: u64| format!("{}.000000+0000", crate::model::ceph_time_arg(t));
    CephDevice {
        devid: devid.into(),
        location: vec![DeviceLocation {
            host: HOST.into(),
            dev: kname.into(),
            path: None,
        }],
        daemons: daemons.iter().map(|d| format!("osd.{d}")).collect(),
        life_expectancy_min: window.map(|w| stamp(w.0)),
        life_expectancy_max: window.map(|w| stamp(w.1)),
        life_expectancy_stamp: window.map(|_| stamp(NOW)),
    }
}

fn plan_of(snap: &Snapshot, j: &OsdJoin, devs: &[CephDevice], rec: &Record) -> Vec<Action> {
    plan(
        snap,
        j,
        devs,
        rec,
        &Baseline::default(),
        NOW,
        SyncOptions::default(),
        Some(HOST),
    )
}

fn verbs(actions: &[Action]) -> Vec<Verb> {
    actions.iter().map(|a| a.action).collect()
}

fn window() -> (u64, u64) {
    (NOW, NOW + DEFAULT_HORIZON_S)
}

/// A `ceph` that answers every call with `status` and records the arguments.
#[derive(Default)]
struct FakeCeph {
    status: i32,
    seen: Mutex<Vec<Vec<String>>>,
}

impl Runner for FakeCeph {
    fn call(&self, c: Call<'_>) -> Result<CmdOutput, RunError> {
        let (program, args) = (c.program, c.args);
        self.seen.lock().unwrap().push(args.to_vec());
        let stderr = if self.status == 0 {
            ""
        } else {
            "Error EINVAL: unable to parse datetime"
        };
        Ok(CmdOutput::exited(program, args, self.status, "", stderr))
    }
}

/// A client whose `ceph` is `fake` (a configuration and a `ceph` on its path exist, so the
/// calls are made).
fn client(fake: Arc<FakeCeph>) -> (tempfile::TempDir, Ceph) {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("ceph.conf");
    std::fs::write(&conf, "[global]\n").unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::fs::write(bin.join("ceph"), "").unwrap();
    std::fs::set_permissions(bin.join("ceph"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let opts = CephOptions {
        conf: Some(conf),
        path: Some(bin.into_os_string()),
        ..CephOptions::default()
    };
    (dir, Ceph::with_runner(opts, fake))
}

/// The `ceph` arguments after the connection options.
fn commands(fake: &FakeCeph) -> Vec<String> {
    fake.seen
        .lock()
        .unwrap()
        .iter()
        .map(|a| {
            let at = a.iter().position(|x| x == "device").unwrap_or(0);
            a[at..].join(" ")
        })
        .collect()
}

#[test]
fn an_at_risk_drive_is_told_once_and_cleared_when_it_recovers() {
    let snap = host(&[(3, 3, true)]);
    let j = join(vec![osd(1, 3, 3, "loop3")]);
    let fake = Arc::new(FakeCeph::default());
    let (_d, ceph) = client(fake.clone());
    let mut rec = Record::default();
    let mut actions = plan_of(&snap, &j, &[dev(DEVID, &[1], "loop3", None)], &rec);
    assert_eq!(verbs(&actions), [Verb::Set]);
    let a = &actions[0];
    assert_eq!(a.devid.as_deref(), Some(DEVID));
    assert_eq!(a.osds, [1]);
    assert_eq!(a.vd, Some(3));
    assert_eq!(a.window, Some(window().into()));
    assert_eq!(a.reasons[0].rule, rule::PD_PREDICTIVE_FAILURE);
    assert_eq!(
        a.reasons[0].message,
        "[32:3] (serial SER3): predictive failure count 2"
    );
    assert!(execute(&ceph, &mut actions, &mut rec, false));
    assert_eq!(
        commands(&fake),
        [format!(
            "device set-life-expectancy {DEVID} 2025-12-05T18:29:44 2025-12-19T18:29:44"
        )]
    );
    assert_eq!(actions[0].result.as_deref(), Some("done"));
    assert!(
        actions[0]
            .command
            .as_deref()
            .is_some_and(|c| c.contains("--conf") && c.contains("set-life-expectancy")),
        "{:?}",
        actions[0].command
    );
    let le = &rec.devices[DEVID];
    assert_eq!(
        (le.from_unix, le.to_unix, le.set_at_unix),
        (NOW, NOW + DEFAULT_HORIZON_S, NOW)
    );
    assert_eq!(le.drives[0].serial.as_deref(), Some("SER3"));

    // Ceph shows it now: a second sync keeps it and runs nothing, a day later too.
    let shown = [dev(DEVID, &[1], "loop3", Some(window()))];
    let mut again = plan(
        &snap,
        &j,
        &shown,
        &rec,
        &Baseline::default(),
        NOW + 86_400,
        SyncOptions::default(),
        Some(HOST),
    );
    assert_eq!(verbs(&again), [Verb::Keep]);
    assert!(!again[0].runs());
    let before = rec.clone();
    assert!(execute(&ceph, &mut again, &mut rec, false));
    assert_eq!(rec, before, "nothing changed, nothing recorded");
    assert_eq!(fake.seen.lock().unwrap().len(), 1, "no second command");

    // The drive recovers (its counter reset): the expectancy raidctl set is cleared.
    let healthy = host(&[(3, 3, false)]);
    let mut clear = plan_of(&healthy, &j, &shown, &rec);
    assert_eq!(verbs(&clear), [Verb::Clear]);
    assert!(
        clear[0].why.contains("no longer at risk"),
        "{}",
        clear[0].why
    );
    assert!(execute(&ceph, &mut clear, &mut rec, false));
    assert_eq!(
        commands(&fake)[1],
        format!("device rm-life-expectancy {DEVID}")
    );
    assert!(rec.devices.is_empty());
    // And then nothing is left to do.
    let after = plan_of(&healthy, &j, &[dev(DEVID, &[1], "loop3", None)], &rec);
    assert!(after.is_empty(), "{after:?}");
}

#[test]
fn a_dry_run_or_a_failed_command_records_nothing() {
    let snap = host(&[(3, 3, true)]);
    let j = join(vec![osd(1, 3, 3, "loop3")]);
    let devs = [dev(DEVID, &[1], "loop3", None)];
    let fake = Arc::new(FakeCeph::default());
    let (_d, ceph) = client(fake.clone());
    let mut rec = Record::default();
    let mut actions = plan_of(&snap, &j, &devs, &rec);
    assert!(execute(&ceph, &mut actions, &mut rec, true));
    assert_eq!(actions[0].result.as_deref(), Some("dry run"));
    assert!(actions[0].command.is_some());
    assert!(
        fake.seen.lock().unwrap().is_empty(),
        "a dry run runs nothing"
    );
    assert!(rec.devices.is_empty());
    let failing = Arc::new(FakeCeph {
        status: 22,
        ..FakeCeph::default()
    });
    let (_d2, ceph) = client(failing);
    let mut actions = plan_of(&snap, &j, &devs, &rec);
    assert!(!execute(&ceph, &mut actions, &mut rec, false));
    assert!(
        actions[0]
            .result
            .as_deref()
            .is_some_and(|r| r.starts_with("failed: ") && r.contains("unable to parse")),
        "{:?}",
        actions[0].result
    );
    assert!(rec.devices.is_empty(), "not set, not recorded");
}

/// What raidctl recorded for DEVID on `[32:3]` (serial `serial`).
fn recorded(serial: &str) -> Record {
    let mut r = Record::default();
    r.devices.insert(
        DEVID.into(),
        CephLifeExpectancy {
            devid: DEVID.into(),
            osds: vec![1],
            adapter: 0,
            vd: Some(3),
            drives: vec![LifeDrive {
                address: DriveAddress::new(32, 3),
                serial: Some(serial.into()),
            }],
            from_unix: NOW,
            to_unix: NOW + DEFAULT_HORIZON_S,
            set_at_unix: NOW,
            reasons: vec![LifeReason {
                rule: rule::PD_PREDICTIVE_FAILURE.into(),
                message: "[32:3] (serial SER3): predictive failure count 2".into(),
            }],
            withdrawn_at_unix: None,
        },
    );
    r
}

#[test]
fn an_expectancy_raidctl_did_not_set_is_never_touched() {
    let j = join(vec![osd(1, 3, 3, "loop3")]);
    let theirs = (NOW - 86_400, NOW + 90 * 86_400);
    let devs = [dev(DEVID, &[1], "loop3", Some(theirs))];
    // At risk, no record: Ceph's own (or an operator's) stands, and no command runs.
    let a = plan_of(&host(&[(3, 3, true)]), &j, &devs, &Record::default());
    assert_eq!(verbs(&a), [Verb::Foreign]);
    assert!(!a[0].runs());
    assert!(
        a[0].why
            .contains(&format!("`ceph device rm-life-expectancy {DEVID}`")),
        "{}",
        a[0].why
    );
    // Not at risk, no record: not raidctl's business.
    assert!(plan_of(&host(&[(3, 3, false)]), &j, &devs, &Record::default()).is_empty());
    // Recorded, but Ceph holds another window now (changed by someone): released, neither
    // cleared nor overwritten, whether or not the drive is still at risk.
    for failing in [true, false] {
        let mut rec = recorded("SER3");
        let mut a = plan_of(&host(&[(3, 3, failing)]), &j, &devs, &rec);
        assert_eq!(verbs(&a), [Verb::Release], "{failing}");
        assert!(!a[0].runs());
        let fake = Arc::new(FakeCeph::default());
        let (_d, ceph) = client(fake.clone());
        assert!(execute(&ceph, &mut a, &mut rec, false));
        assert!(rec.devices.is_empty());
        assert!(fake.seen.lock().unwrap().is_empty());
    }
}

#[test]
fn one_an_operator_removed_is_not_set_again_for_the_same_drive() {
    let j = join(vec![osd(1, 3, 3, "loop3")]);
    let devs = [dev(DEVID, &[1], "loop3", None)];
    let mut rec = recorded("SER3");
    let fake = Arc::new(FakeCeph::default());
    let (_d, ceph) = client(fake.clone());
    let mut a = plan_of(&host(&[(3, 3, true)]), &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Withdrawn]);
    assert!(!a[0].runs());
    assert!(execute(&ceph, &mut a, &mut rec, false));
    assert_eq!(rec.devices[DEVID].withdrawn_at_unix, Some(NOW));
    // Said again, changing nothing.
    let a = plan_of(&host(&[(3, 3, true)]), &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Withdrawn]);
    assert_eq!(a[0].change, Change::None);
    // Another drive in the bay, also at risk (the same VD kept): told again.
    let mut other = host(&[(3, 3, true)]);
    other.physical_drives[0].serial = Some("NEW3".into());
    let a = plan_of(&other, &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Set]);
    // It recovers: the record goes without a command.
    let a = plan_of(&host(&[(3, 3, false)]), &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Forget]);
    assert!(!a[0].runs());
    assert!(fake.seen.lock().unwrap().is_empty());
}

#[test]
fn a_replaced_drive_clears_the_old_device_only() {
    // The OSD was recreated on a new VD 4 (new device id) with a healthy drive; Ceph still
    // lists the old device, without daemons, with what raidctl set.
    let new_id = "PERC_H710P_Mini_6b8ca3a0e8f0a0002f3c7d8e00000004";
    let snap = host(&[(4, 3, false)]);
    let j = join(vec![osd(1, 4, 3, "loop5")]);
    let mut devs = vec![
        dev(DEVID, &[], "loop3", Some(window())),
        dev(new_id, &[1], "loop5", None),
    ];
    let mut rec = recorded("SER3");
    let a = plan_of(&snap, &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Clear]);
    assert_eq!(a[0].devid.as_deref(), Some(DEVID));
    assert!(a[0].why.contains("no daemon uses it"), "{}", a[0].why);
    // Ceph forgot the old device altogether: only the record goes.
    devs.remove(0);
    let mut a = plan_of(&snap, &j, &devs, &rec);
    assert_eq!(verbs(&a), [Verb::Forget]);
    let fake = Arc::new(FakeCeph::default());
    let (_d, ceph) = client(fake.clone());
    assert!(execute(&ceph, &mut a, &mut rec, false));
    assert!(rec.devices.is_empty());
    assert!(fake.seen.lock().unwrap().is_empty());
    // The same VD with another drive (the device id kept): cleared as replaced.
    let mut swapped = host(&[(3, 3, false)]);
    swapped.physical_drives[0].serial = Some("NEW3".into());
    let a = plan_of(
        &swapped,
        &join(vec![osd(1, 3, 3, "loop3")]),
        &[dev(DEVID, &[1], "loop3", Some(window()))],
        &recorded("SER3"),
    );
    assert_eq!(verbs(&a), [Verb::Clear]);
    assert!(a[0].why.contains("was replaced"), "{}", a[0].why);
}

#[test]
fn a_device_is_only_taken_as_the_join_verified_it() {
    let snap = host(&[(3, 3, true)]);
    let skip = |j: &OsdJoin, devs: &[CephDevice], want: &str| {
        let a = plan_of(&snap, j, devs, &Record::default());
        assert_eq!(verbs(&a), [Verb::Skip], "{want}");
        assert!(!a[0].runs());
        assert!(a[0].devid.is_none());
        assert!(a[0].why.contains(want), "{}", a[0].why);
    };
    let j = join(vec![osd(1, 3, 3, "loop3")]);
    // Another host's loop3, another kernel name, another daemon: none is this OSD's device.
    let mut elsewhere = dev(DEVID, &[1], "loop3", None);
    elsewhere.location[0].host = "node2".into();
    skip(&j, &[elsewhere], "lists no device of osd.1 at node1:loop3");
    skip(&j, &[dev(DEVID, &[1], "loop4", None)], "lists no device");
    skip(&j, &[dev(DEVID, &[2], "loop3", None)], "lists no device");
    skip(&j, &[], "udev's vendor, model and serial");
    // Two devices claim it.
    skip(
        &j,
        &[
            dev(DEVID, &[1], "loop3", None),
            dev("OTHER_1", &[1], "loop3", None),
        ],
        "several devices",
    );
    // Ceph's metadata names another device for the disk.
    let mut meta = j.clone();
    meta.osds[0].devices[0].ceph_device_id = Some("OTHER_1".into());
    skip(
        &meta,
        &[dev(DEVID, &[1], "loop3", None)],
        "not the same device",
    );
    // The label could not be read, or only raidctl's record places it.
    let mut unread = j.clone();
    unread.osds[0].devices[0].verified = Some(Verification::Unread {
        reason: "not root".into(),
    });
    skip(
        &unread,
        &[dev(DEVID, &[1], "loop3", None)],
        "could not be read",
    );
    let mut remembered = j.clone();
    remembered.osds[0].devices[0].verified = Some(Verification::Remembered {
        verified_at: NOW,
        path: "/dev/loop3".into(),
        now: None,
    });
    skip(
        &remembered,
        &[dev(DEVID, &[1], "loop3", None)],
        "cannot confirm it now",
    );
    // A recorded device whose OSD cannot be verified this time is left as it is.
    let a = plan_of(
        &snap,
        &unread,
        &[dev(DEVID, &[1], "loop3", Some(window()))],
        &recorded("SER3"),
    );
    assert_eq!(verbs(&a), [Verb::Skip, Verb::Keep]);
    assert!(a.iter().all(|a| !a.runs()));
    assert!(
        a[1].why.contains("could not be verified now"),
        "{}",
        a[1].why
    );
}

#[test]
fn a_redundant_vd_absorbs_a_failing_member() {
    let mut snap = Snapshot::default();
    snap.logical_drives
        .push(ld(3, RaidLevel::Raid1, LdState::Optimal, &[3, 4]));
    for slot in [3, 4] {
        let mut d = pd(slot, FirmwareState::Online);
        d.logical_drive = Some(3);
        snap.physical_drives.push(d);
    }
    snap.physical_drives[0].predictive_failure_count = Some(1);
    let mut o = osd(1, 3, 3, "loop3");
    if let Some(Location::Vd { members, .. }) = &mut o.devices[0].location {
        members.push(DriveAddress::new(32, 4));
    }
    let j = join(vec![o]);
    let devs = [dev(DEVID, &[1], "loop3", None)];
    assert!(plan_of(&snap, &j, &devs, &Record::default()).is_empty());
    // Degraded (the other member gone): the next failure takes the VD, and the OSD, away.
    snap.logical_drives[0].state = LdState::Degraded;
    snap.physical_drives[1].firmware_state = FirmwareState::Failed;
    let a = plan_of(&snap, &j, &devs, &Record::default());
    assert_eq!(verbs(&a), [Verb::Set]);
    assert_eq!(a[0].drives.len(), 2);
}

#[test]
fn lasting_conditions_only_make_a_drive_at_risk() {
    let mut d = pd(3, FirmwareState::Online);
    let none = |d: &PhysicalDrive, b: &Baseline, wear| drive_risks(d, b, wear);
    assert!(none(&d, &Baseline::default(), DEFAULT_WEAR_PCT).is_empty());
    // Media errors grown since raidctl first saw the drive; a static count is history.
    let mut first = Snapshot::default();
    d.media_error_count = Some(4);
    first.physical_drives.push(d.clone());
    let mut b = Baseline::default();
    b.update_from(&first);
    assert!(none(&d, &b, DEFAULT_WEAR_PCT).is_empty());
    d.media_error_count = Some(9);
    let r = none(&d, &b, DEFAULT_WEAR_PCT);
    assert_eq!(r[0].rule, rule::PD_MEDIA_ERRORS_INCREASED);
    assert!(r[0].message.contains("from 4 to 9"), "{r:?}");
    // SMART: a trip, pending sectors, wear past the threshold; growth between reads alone is
    // not a lasting condition.
    let mut d = pd(3, FirmwareState::Online);
    d.smart = Some(crate::smart::Smart {
        read_success: true,
        passed: Some(true),
        percentage_used: Some(95),
        grew: vec!["reallocated 3 -> 5".into()],
        reallocated_sectors: Some(5),
        ..crate::smart::Smart::default()
    });
    assert!(none(&d, &b, DEFAULT_WEAR_PCT).is_empty());
    let r = none(&d, &b, 90);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].rule, rule::SMART_WEAR);
    if let Some(sm) = d.smart.as_mut() {
        sm.passed = Some(false);
        sm.pending_sectors = Some(2);
    }
    let rules: Vec<String> = none(&d, &b, DEFAULT_WEAR_PCT)
        .into_iter()
        .map(|r| r.rule)
        .collect();
    assert_eq!(rules, [rule::SMART_FAILING, rule::SMART_SECTORS]);
    // A failed read says nothing either way.
    if let Some(sm) = d.smart.as_mut() {
        sm.read_success = false;
    }
    assert!(none(&d, &b, DEFAULT_WEAR_PCT).is_empty());
    d.smart_alert = Some(true);
    assert_eq!(none(&d, &b, DEFAULT_WEAR_PCT)[0].rule, rule::PD_SMART_ALERT);
}

#[test]
fn the_record_round_trips_and_shows_on_its_drive() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(Record::load(dir.path()).unwrap().devices.len(), 0);
    let rec = recorded("SER3");
    rec.save(dir.path()).unwrap();
    let back = Record::load(dir.path()).unwrap();
    assert_eq!(back.devices, rec.devices);
    let mut snap = host(&[(3, 3, true), (4, 4, false)]);
    record::attach(&mut snap, dir.path());
    assert!(snap.physical_drives[0].ceph_life_expectancy.is_some());
    assert!(snap.physical_drives[1].ceph_life_expectancy.is_none());
    let problems = crate::health::evaluate(&snap, &Baseline::default());
    let p = crate::health::tests::find(&problems, rule::CEPH_LIFE_EXPECTANCY);
    assert_eq!(p.severity, crate::health::Severity::Info);
    assert!(
        p.message.contains(DEVID) && p.message.contains("2025-12-05 and 2025-12-19"),
        "{}",
        p.message
    );
    // Another drive in the bay is not the one at risk.
    let mut swapped = host(&[(3, 3, false)]);
    swapped.physical_drives[0].serial = Some("NEW3".into());
    record::attach(&mut swapped, dir.path());
    assert!(swapped.physical_drives[0].ceph_life_expectancy.is_none());
    // An empty record removes the file; an unreadable one is an error, never overwritten.
    Record::default().save(dir.path()).unwrap();
    assert!(!dir.path().join(record::RECORD_FILE).exists());
    std::fs::write(dir.path().join(record::RECORD_FILE), "{").unwrap();
    assert!(Record::load(dir.path()).is_err());
}
