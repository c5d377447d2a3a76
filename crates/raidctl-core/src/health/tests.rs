//! Unit tests of the health rules, with hand-built and fixture-built snapshots. The fixture
//! helpers are shared with the output modules' tests.

use super::*;
use crate::model::{
    Adapter, BatteryState, Bbu, ChargingStatus, DiskGroup, ForeignConfig, MissingRow, Progress,
    RaidLevel, Span, SpanRow,
};

pub(crate) use crate::backend::fixtures::{degraded, fixture_snapshot};

/// The degraded array rebuilding onto [32:3] (41 % after 37 minutes), BBU in a learn cycle.
pub(crate) fn rebuilding() -> Snapshot {
    fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-degraded__cfgdsply",
        "h710-rebuild__pdlist",
        "h710-rebuild__rbldprog",
        "bbu-learn__bbustatus",
    ])
}

/// A healthy two-VD H710.
pub(crate) fn healthy() -> Snapshot {
    fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-healthy__cfgdsply",
        "h710-healthy__pdlist",
        "h710-healthy__bbustatus",
    ])
}

pub(crate) fn rules(problems: &[Problem]) -> Vec<&'static str> {
    problems.iter().map(|p| p.rule).collect()
}

pub(crate) fn find<'a>(problems: &'a [Problem], rule: &str) -> &'a Problem {
    problems
        .iter()
        .find(|p| p.rule == rule)
        .unwrap_or_else(|| panic!("no {rule} in {:#?}", problems))
}

fn eval(snap: &Snapshot) -> Vec<Problem> {
    evaluate(snap, &Baseline::default())
}

fn adapter() -> Adapter {
    Adapter {
        adapter: 0,
        bbu_present: Some(true),
        offline_vd_cache_preserved: Some(false),
        ..Adapter::default()
    }
}

pub(crate) fn pd(slot: u16, state: FirmwareState) -> PhysicalDrive {
    PhysicalDrive {
        enclosure_id: Some(32),
        slot,
        device_id: Some(u32::from(slot)),
        firmware_state: state,
        serial: Some(format!("SER{slot}")),
        media_error_count: Some(0),
        other_error_count: Some(0),
        predictive_failure_count: Some(0),
        smart_alert: Some(false),
        foreign: Some(false),
        ..PhysicalDrive::default()
    }
}

pub(crate) fn ld(target: u32, level: RaidLevel, state: LdState, slots: &[u16]) -> LogicalDrive {
    LogicalDrive {
        number: target,
        target_id: target,
        raid_level: level,
        state,
        members: slots.iter().map(|s| DriveAddress::new(32, *s)).collect(),
        current_cache_policy: Some("WriteThrough, ReadAheadNone, Direct".into()),
        ..LogicalDrive::default()
    }
}

fn good_bbu() -> Bbu {
    Bbu {
        battery_type: Some("iBBU08".into()),
        state: BatteryState::Optimal,
        charging: ChargingStatus::None,
        learn_cycle_active: Some(false),
        pack_missing: Some(false),
        replacement_required: Some(false),
        about_to_fail: Some(false),
        soh_good: Some(true),
        ..Bbu::default()
    }
}

/// One adapter, VD 0 RAID 1 on [32:0],[32:1], both online, a good BBU.
pub(crate) fn base() -> Snapshot {
    let mut drives = vec![pd(0, FirmwareState::Online), pd(1, FirmwareState::Online)];
    for d in &mut drives {
        d.logical_drive = Some(0);
    }
    Snapshot {
        taken_at_unix: 1_700_000_000,
        adapters: vec![adapter()],
        logical_drives: vec![ld(0, RaidLevel::Raid1, LdState::Optimal, &[0, 1])],
        physical_drives: drives,
        bbus: vec![good_bbu()],
        ..Snapshot::default()
    }
}

#[test]
fn healthy_hand_built_and_fixture_snapshots_are_ok() {
    assert_eq!(eval(&base()), vec![]);
    assert_eq!(overall(&eval(&base())), Severity::Ok);
    let h = healthy();
    assert!(!h.physical_drives.is_empty());
    assert_eq!(eval(&h), vec![], "{:#?}", eval(&h));
}

#[test]
fn severity_order_and_names() {
    assert!(Severity::Ok < Severity::Info);
    assert!(Severity::Info < Severity::Warning);
    assert!(Severity::Warning < Severity::Critical);
    assert_eq!(
        serde_json::to_string(&Severity::Critical).unwrap(),
        "\"critical\""
    );
    assert_eq!(overall(&[]), Severity::Ok);
}

#[test]
fn degraded_vd_is_critical_and_names_the_failed_drive() {
    let p = eval(&degraded());
    let d = find(&p, rule::LD_DEGRADED);
    assert_eq!(d.severity, Severity::Critical);
    assert_eq!(d.subject, "VD 1");
    assert_eq!(d.message, "VD 1 (data) degraded (raid5, [32:3] failed)");
    assert_eq!(
        d.suggestion.as_deref(),
        Some("raidctl replace-drive 32:3 -a 0")
    );
    let f = find(&p, rule::PD_FAILED);
    assert_eq!(f.severity, Severity::Warning);
    assert!(f.message.contains("Y4N0A0M2FRD6"), "{}", f.message);
    assert_eq!(overall(&p), Severity::Critical);
    // Worst first.
    assert_eq!(p[0].rule, rule::LD_DEGRADED);
}

#[test]
fn media_errors_predictive_and_smart_on_a_member() {
    let p = eval(&degraded());
    // [32:4] is an online member of a VD that already lost its redundancy: member-at-risk
    // makes its findings critical, and the next step is the failed member.
    let m = find(&p, rule::PD_MEDIA_ERRORS);
    assert_eq!(m.severity, Severity::Critical);
    assert!(
        m.message
            .contains("[member-at-risk: VD 1 is already degraded"),
        "{}",
        m.message
    );
    assert_eq!(m.subject, "[32:4]");
    assert!(m.message.contains("12 media error"), "{}", m.message);
    assert!(m.message.contains("Y4N0A0L5FRD6"), "{}", m.message);
    assert!(m.message.contains("VD 1 is degraded"), "{}", m.message);
    let pf = find(&p, rule::PD_PREDICTIVE_FAILURE);
    assert_eq!(pf.severity, Severity::Critical);
    assert_eq!(
        pf.suggestion.as_deref(),
        Some("raidctl replace-drive 32:3 -a 0")
    );
    assert_eq!(find(&p, rule::PD_SMART_ALERT).severity, Severity::Critical);
    // Other errors on the failed drive: info only.
    let o = find(&p, rule::PD_OTHER_ERRORS);
    assert_eq!((o.severity, o.subject.as_str()), (Severity::Info, "[32:3]"));
}

#[test]
fn media_errors_on_a_drive_of_an_optimal_vd_still_warn() {
    let mut s = base();
    s.physical_drives[1].media_error_count = Some(1);
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::PD_MEDIA_ERRORS]);
    assert_eq!(p[0].severity, Severity::Warning);
    assert!(!p[0].message.contains("rebuild"), "{}", p[0].message);
}

#[test]
fn other_error_totals_are_info_only() {
    let mut s = base();
    s.physical_drives[0].other_error_count = Some(556_475);
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::PD_OTHER_ERRORS]);
    assert_eq!(overall(&p), Severity::Info);
}

#[test]
fn offline_vd_is_critical() {
    let mut s = base();
    s.logical_drives
        .push(ld(1, RaidLevel::Raid0, LdState::Offline, &[2]));
    let mut d = pd(2, FirmwareState::Failed);
    d.logical_drive = Some(1);
    s.physical_drives.push(d);
    let p = eval(&s);
    let o = find(&p, rule::LD_OFFLINE);
    assert_eq!(o.severity, Severity::Critical);
    assert_eq!(
        o.message,
        "VD 1 offline (raid0, [32:2] failed): data inaccessible, and a raid0 has nothing to rebuild from: replace [32:2] (the VD is recreated as it was) or force it online"
    );
    // The replacement handles the RAID0's pinned cache and recreates the VD.
    assert_eq!(
        o.suggestion.as_deref(),
        Some("raidctl replace-drive 32:2 -a 0")
    );
    s.adapters[0].offline_vd_cache_preserved = Some(true);
    let p = eval(&s);
    let c = find(&p, rule::PRESERVED_CACHE);
    assert_eq!(
        c.suggestion.as_deref(),
        Some("raidctl replace-drive 32:2 -a 0")
    );
    assert!(c.message.contains("only that VD's"), "{}", c.message);
    // A redundant VD offline through two failures: nothing raidctl can replace its way out of.
    let mut s = base();
    s.logical_drives
        .push(ld(1, RaidLevel::Raid5, LdState::Offline, &[2, 3, 4]));
    for (slot, st) in [
        (2, FirmwareState::Failed),
        (3, FirmwareState::Failed),
        (4, FirmwareState::Online),
    ] {
        let mut d = pd(slot, st);
        d.logical_drive = Some(1);
        s.physical_drives.push(d);
    }
    let p = eval(&s);
    assert_eq!(
        find(&p, rule::LD_OFFLINE).suggestion.as_deref(),
        Some("raidctl collect")
    );
}

/// Sibling policy parity: single-drive RAID0 VDs over one model on an adapter are set up
/// alike; the odd one is named with the majority's policy, a uniform set raises nothing, and
/// drives of another model or VDs of another level are not siblings.
#[test]
fn sibling_policy_parity() {
    let osd = |t: u32, slot: u16, policy: &str, disk: &str| {
        let mut l = ld(t, RaidLevel::Raid0, LdState::Optimal, &[slot]);
        l.default_cache_policy = Some(policy.into());
        l.disk_cache_policy = Some(disk.into());
        let mut d = pd(slot, FirmwareState::Online);
        d.logical_drive = Some(t);
        d.model = Some("ST8000NM0055".into());
        (l, d)
    };
    let uniform = || {
        let mut s = base();
        for (t, slot) in [(1, 2), (2, 3), (3, 4), (4, 5)] {
            let (l, d) = osd(t, slot, "WriteThrough, ReadAheadNone, Direct", "Disabled");
            s.logical_drives.push(l);
            s.physical_drives.push(d);
        }
        s
    };
    let s = uniform();
    assert!(
        !rules(&eval(&s)).contains(&rule::VD_SIBLING_POLICY),
        "{:#?}",
        eval(&s)
    );
    // VD 3 runs write-back with the drive cache on: the odd one out.
    let mut s = uniform();
    s.logical_drives[3].default_cache_policy = Some("WriteBack, ReadAheadNone, Direct".into());
    s.logical_drives[3].disk_cache_policy = Some("Enabled".into());
    let p = eval(&s);
    let odd: Vec<&Problem> = p
        .iter()
        .filter(|x| x.rule == rule::VD_SIBLING_POLICY)
        .collect();
    assert_eq!(odd.len(), 1, "{p:#?}");
    assert_eq!(odd[0].severity, Severity::Warning);
    assert_eq!(odd[0].subject, "VD 3");
    assert!(
        odd[0].message.contains("runs WB,NORA,Direct,disk cache on")
            && odd[0].message.contains("3 of its 3")
            && odd[0].message.contains("WT,NORA,Direct,disk cache off")
            && odd[0].message.contains("write, disk cache"),
        "{}",
        odd[0].message
    );
    // Its next step puts it back in line, in place.
    assert_eq!(
        odd[0].suggestion.as_deref(),
        Some("raidctl ld set 3 --write wt --pdcache off -a 0")
    );
    // Another model is no sibling; nor is a VD of two drives.
    let mut s = uniform();
    s.physical_drives.last_mut().unwrap().model = Some("MZ7LH960".into());
    s.logical_drives[4].default_cache_policy = Some("WriteBack, ReadAhead, Cached".into());
    assert!(!rules(&eval(&s)).contains(&rule::VD_SIBLING_POLICY));
    // Two siblings have no majority to compare with.
    let mut s = base();
    for (t, slot, w) in [(1, 2, "WriteThrough"), (2, 3, "WriteBack")] {
        let (l, d) = osd(t, slot, &format!("{w}, ReadAheadNone, Direct"), "Disabled");
        s.logical_drives.push(l);
        s.physical_drives.push(d);
    }
    assert!(!rules(&eval(&s)).contains(&rule::VD_SIBLING_POLICY));
}

#[test]
fn partially_degraded_is_a_warning() {
    let mut s = base();
    s.logical_drives.push(ld(
        1,
        RaidLevel::Raid6,
        LdState::PartiallyDegraded,
        &[2, 3, 4, 5],
    ));
    for slot in 2..6 {
        let mut d = pd(slot, FirmwareState::Online);
        d.logical_drive = Some(1);
        s.physical_drives.push(d);
    }
    s.physical_drives[3].firmware_state = FirmwareState::Offline;
    let p = eval(&s);
    let w = find(&p, rule::LD_PARTIALLY_DEGRADED);
    assert_eq!(w.severity, Severity::Warning);
    assert!(w.message.contains("[32:3] offline"), "{}", w.message);
    assert_eq!(overall(&p), Severity::Warning);
}

#[test]
fn unknown_vd_state_is_never_good() {
    let mut s = base();
    s.logical_drives[0].state = LdState::Unknown("Recovery".into());
    let p = eval(&s);
    assert_eq!(find(&p, rule::LD_STATE_UNKNOWN).severity, Severity::Warning);
}

#[test]
fn unknown_drive_state_is_never_good() {
    let mut s = base();
    s.physical_drives[0].firmware_state = FirmwareState::Unknown("Shielded".into());
    assert_eq!(
        find(&eval(&s), rule::PD_STATE_UNKNOWN).severity,
        Severity::Warning
    );
}

#[test]
fn rebuild_reports_percent_and_eta() {
    let s = rebuilding();
    let p = eval(&s);
    let r = find(&p, rule::PD_REBUILD);
    assert_eq!(r.severity, Severity::Warning);
    assert_eq!(r.subject, "[32:3]");
    assert!(
        r.message.contains("41% after 37 min, about 53 min left"),
        "{}",
        r.message
    );
    assert_eq!(
        r.suggestion.as_deref(),
        Some("raidctl rebuild watch 32:3 -a 0")
    );
    // The VD is still degraded while it rebuilds, and says so; with every member online or
    // rebuilding that is a WARNING (check_raid's default for a resync), not a page.
    assert!(p.iter().all(|p| p.rule != rule::LD_DEGRADED), "{p:#?}");
    let d = find(&p, rule::LD_REBUILDING);
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.message.contains("[32:3] rebuilding 41%"), "{}", d.message);
    assert_eq!(
        d.suggestion.as_deref(),
        Some("raidctl rebuild watch 32:3 -a 0")
    );
    // The learn cycle of the BBU in this snapshot is not a problem.
    assert!(p.iter().all(|p| !p.rule.starts_with("bbu")), "{p:#?}");
}

#[test]
fn rebuild_without_progress_still_warns() {
    let mut s = base();
    s.physical_drives[1].firmware_state = FirmwareState::Rebuild;
    s.logical_drives[0].state = LdState::Degraded;
    let r = find(&eval(&s), rule::PD_REBUILD).clone();
    assert!(r.message.contains("progress not read"), "{}", r.message);
}

#[test]
fn eta_arithmetic() {
    assert_eq!(eta_minutes(41, 37), Some(53));
    assert_eq!(eta_minutes(50, 10), Some(10));
    assert_eq!(eta_minutes(0, 10), None);
    assert_eq!(eta_minutes(100, 10), Some(0));
    assert_eq!(eta_minutes(1, u32::MAX), Some(u32::MAX));
    assert_eq!(format_minutes(53), "53 min");
    assert_eq!(format_minutes(125), "2 h 05 min");
    assert_eq!(format_minutes(3 * 24 * 60 + 4 * 60), "3 d 4 h");
}

#[test]
fn missing_row_and_its_vd() {
    let s = fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-missing__cfgdsply",
        "h710-missing__pdlist",
        "h710-missing__pdgetmissing",
    ]);
    let p = eval(&s);
    let m = find(&p, rule::MISSING_ROW);
    assert_eq!(m.severity, Severity::Warning);
    assert_eq!(m.subject, "array 1 row 1");
    assert!(m.message.contains("of VD 1"), "{}", m.message);
    assert!(m.message.contains("278.875 GiB"), "{}", m.message);
    let d = p
        .iter()
        .find(|p| p.rule == rule::LD_DEGRADED && p.subject == "VD 1")
        .unwrap();
    assert!(d.message.contains("array 1 row 1 missing"), "{}", d.message);
    // A foreign drive may be the missing member: look at it before replacing anything.
    assert_eq!(d.suggestion.as_deref(), Some("raidctl foreign show -a 0"));
    assert_eq!(m.suggestion.as_deref(), Some("raidctl foreign show -a 0"));
    // [32:5] is Unconfigured(bad) and foreign.
    let u = find(&p, rule::PD_UNCONFIGURED_BAD);
    assert_eq!(u.severity, Severity::Warning);
    assert_eq!(u.suggestion.as_deref(), Some("raidctl foreign show -a 0"));
    assert_eq!(find(&p, rule::FOREIGN_CONFIG).severity, Severity::Warning);
}

#[test]
fn unconfigured_bad_without_foreign_suggests_make_good() {
    let mut s = base();
    s.physical_drives
        .push(pd(5, FirmwareState::UnconfiguredBad));
    let u = find(&eval(&s), rule::PD_UNCONFIGURED_BAD).clone();
    assert_eq!(
        u.suggestion.as_deref(),
        Some("raidctl pd make-good 32:5 -a 0")
    );
}

#[test]
fn foreign_drives_and_configs() {
    let s = fixture_snapshot(&["h710-healthy__adpallinfo", "h730-foreign__pdlist"]);
    let f = find(&eval(&s), rule::FOREIGN_CONFIG).clone();
    assert!(
        f.message.contains("2 foreign drive(s) [32:4] [32:5]"),
        "{}",
        f.message
    );
    assert_eq!(f.suggestion.as_deref(), Some("raidctl foreign show -a 0"));
    let mut s = base();
    s.foreign_configs.push(ForeignConfig::default());
    let f = find(&eval(&s), rule::FOREIGN_CONFIG).clone();
    assert!(
        f.message.contains("1 foreign configuration"),
        "{}",
        f.message
    );
}

#[test]
fn preserved_cache_is_critical() {
    let mut s = base();
    s.adapters[0].offline_vd_cache_preserved = Some(true);
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::PRESERVED_CACHE]);
    assert_eq!(p[0].severity, Severity::Critical);
}

#[test]
fn bad_blocks_warn() {
    let mut s = base();
    s.logical_drives[0].bad_blocks_exist = Some(true);
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::LD_BAD_BLOCKS]);
    assert_eq!(p[0].severity, Severity::Warning);
}

#[test]
fn adapter_status_not_optimal_warns() {
    let mut s = base();
    s.adapters[0].status = Some("Optimal".into());
    assert_eq!(eval(&s), vec![]);
    s.adapters[0].status = Some("Needs Attention".into());
    assert_eq!(rules(&eval(&s)), vec![rule::ADAPTER_STATUS]);
}

#[test]
fn no_adapter_is_critical() {
    let p = eval(&Snapshot::default());
    assert_eq!(rules(&p), vec![rule::NO_ADAPTERS]);
    assert_eq!(overall(&p), Severity::Critical);
}

#[test]
fn bbu_needing_replacement_fixture() {
    let s = fixture_snapshot(&["h710-healthy__adpallinfo", "bbu-replace__bbustatus"]);
    let p = eval(&s);
    let b = find(&p, rule::BBU_REPLACE);
    assert_eq!(b.severity, Severity::Warning);
    assert!(b.message.contains("replacement required"), "{}", b.message);
    assert!(b.message.contains("state of health bad"), "{}", b.message);
    assert_eq!(p.len(), 1, "{p:#?}");
}

#[test]
fn bbu_replacement_with_write_back_still_on_is_critical() {
    let mut s = base();
    s.bbus[0].soh_good = Some(false);
    s.logical_drives[0].current_cache_policy =
        Some("WriteBack, ReadAdaptive, Direct, Write Cache OK if Bad BBU".into());
    let b = find(&eval(&s), rule::BBU_REPLACE).clone();
    assert_eq!(b.severity, Severity::Critical);
    assert!(
        b.message.contains("VD 0 still in write-back"),
        "{}",
        b.message
    );
}

#[test]
fn bbu_failed_state_and_about_to_fail_need_replacement() {
    for tweak in [
        |b: &mut Bbu| b.state = BatteryState::Failed,
        |b: &mut Bbu| b.about_to_fail = Some(true),
        |b: &mut Bbu| b.replacement_required = Some(true),
    ] {
        let mut s = base();
        tweak(&mut s.bbus[0]);
        assert_eq!(rules(&eval(&s)), vec![rule::BBU_REPLACE]);
    }
}

#[test]
fn bbu_pack_missing_while_adapter_says_present() {
    let mut s = base();
    s.bbus[0].pack_missing = Some(true);
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::BBU_MISSING]);
    assert_eq!(p[0].severity, Severity::Warning);
    // The adapter says there is none: fine.
    s.adapters[0].bbu_present = Some(false);
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn bbu_unreadable_only_when_adapter_says_present() {
    let mut s = base();
    s.bbus = vec![Bbu {
        status_failed: true,
        ..Bbu::default()
    }];
    assert_eq!(rules(&eval(&s)), vec![rule::BBU_UNREADABLE]);
    s.adapters[0].bbu_present = None;
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn bbu_degraded_only_when_idle() {
    let mut s = base();
    s.bbus[0].state = BatteryState::Degraded;
    s.bbus[0].charging = ChargingStatus::Charging;
    assert_eq!(eval(&s), vec![]);
    s.bbus[0].charging = ChargingStatus::None;
    assert_eq!(rules(&eval(&s)), vec![rule::BBU_DEGRADED]);
    s.bbus[0].state = BatteryState::Unknown("Wobbly".into());
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::BBU_STATE_UNKNOWN]);
    assert_eq!(overall(&p), Severity::Info);
}

// ---- False alarms: each of these must stay OK. ----

#[test]
fn ok_bbu_learn_cycle_fixture() {
    let s = fixture_snapshot(&[
        "h710-healthy__adpallinfo",
        "h710-healthy__cfgdsply",
        "h710-healthy__pdlist",
        "bbu-learn__bbustatus",
    ]);
    assert_eq!(s.bbus[0].state, BatteryState::Learning);
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn ok_bbu_learning_with_write_through_fallback() {
    let mut s = base();
    s.bbus[0].state = BatteryState::Learning;
    s.bbus[0].learn_cycle_active = Some(true);
    s.bbus[0].charging = ChargingStatus::Discharging;
    s.bbus[0].capacity_low = Some(true);
    s.logical_drives[0].current_cache_policy = Some("WriteThrough, ReadAdaptive".into());
    s.logical_drives[0].default_cache_policy = Some("WriteBack, ReadAdaptive".into());
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn ok_bbu_charging() {
    let mut s = base();
    s.bbus[0].charging = ChargingStatus::Charging;
    s.bbus[0].relative_charge_pct = Some(40);
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn ok_jbod_unconfigured_good_and_hot_spares() {
    let mut s = base();
    s.physical_drives.push(pd(2, FirmwareState::Jbod));
    s.physical_drives
        .push(pd(3, FirmwareState::UnconfiguredGood));
    let mut spare = pd(4, FirmwareState::Hotspare);
    spare.spun_up = Some(false);
    s.physical_drives.push(spare);
    assert_eq!(eval(&s), vec![]);
    // The ceph-node fixture: JBOD and many Unconfigured(good) drives.
    let c = fixture_snapshot(&["h710-healthy__adpallinfo", "ceph-node__pdlist"]);
    assert_eq!(eval(&c), vec![]);
}

#[test]
fn ok_adapter_without_vds() {
    let mut s = base();
    s.logical_drives.clear();
    for d in &mut s.physical_drives {
        d.firmware_state = FirmwareState::UnconfiguredGood;
        d.logical_drive = None;
    }
    assert_eq!(eval(&s), vec![]);
    let e = fixture_snapshot(&["h710-healthy__adpallinfo", "empty-config__cfgdsply"]);
    assert_eq!(eval(&e), vec![]);
}

#[test]
fn ok_adapter_without_bbu() {
    let mut s = base();
    s.adapters[0].bbu_present = Some(false);
    s.bbus.clear();
    assert_eq!(eval(&s), vec![]);
    // `Get BBU Status Failed` with the adapter not claiming a BBU.
    let mut s = base();
    s.adapters[0].bbu_present = None;
    s.bbus = fixture_snapshot(&["bbu-absent__bbustatus"]).bbus;
    assert_eq!(eval(&s), vec![]);
    let mut s = base();
    s.adapters[0].bbu_present = Some(false);
    s.bbus = fixture_snapshot(&["bbu-failed__bbustatus"]).bbus;
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn ok_consistency_check_and_patrol_read() {
    let mut s = base();
    for kind in [ProgressKind::ConsistencyCheck, ProgressKind::PatrolRead] {
        s.progress.push(Progress {
            kind,
            logical_drive: Some(0),
            in_progress: true,
            percent: Some(10),
            elapsed_minutes: Some(5),
            ..Progress::default()
        });
    }
    assert_eq!(eval(&s), vec![]);
}

#[test]
fn background_init_and_copyback_are_warnings() {
    let mut s = base();
    s.progress.push(Progress {
        kind: ProgressKind::BackgroundInit,
        logical_drive: Some(0),
        in_progress: true,
        percent: Some(20),
        elapsed_minutes: Some(10),
        ..Progress::default()
    });
    s.physical_drives[1].firmware_state = FirmwareState::Copyback;
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::LD_INITIALIZING, rule::PD_COPYBACK]);
    assert!(
        p[0].message
            .contains("background init 20% after 10 min, about 40 min left")
    );
    // As check_raid rates a resync; a site that wants them quiet says so with --state.
    assert_eq!(overall(&p), Severity::Warning);
}

// ---- Lifetime counters and the baseline. ----

#[test]
fn increases_since_the_baseline_are_separate_rules() {
    let mut s = base();
    s.physical_drives[0].media_error_count = Some(3);
    s.physical_drives[0].other_error_count = Some(100);
    let mut b = Baseline::default();
    b.update_from(&s);
    // Static counts: totals only, no increase.
    let p = evaluate(&s, &b);
    assert_eq!(
        rules(&p),
        vec![rule::PD_MEDIA_ERRORS, rule::PD_OTHER_ERRORS]
    );
    // Everything grows a day later.
    s.taken_at_unix += 24 * 3600;
    s.physical_drives[0].media_error_count = Some(5);
    s.physical_drives[0].other_error_count = Some(101);
    s.physical_drives[0].predictive_failure_count = Some(1);
    let p = evaluate(&s, &b);
    let m = find(&p, rule::PD_MEDIA_ERRORS_INCREASED);
    assert_eq!(m.severity, Severity::Warning);
    assert_eq!(
        m.message,
        "[32:0] (serial SER0, VD 0): media errors rose from 3 to 5 (+2) since the baseline \
         24 h 00 min ago"
    );
    assert_eq!(
        find(&p, rule::PD_OTHER_ERRORS_INCREASED).severity,
        Severity::Warning
    );
    assert_eq!(
        find(&p, rule::PD_PREDICTIVE_FAILURES_INCREASED).severity,
        Severity::Warning
    );
    assert_eq!(find(&p, rule::PD_OTHER_ERRORS).severity, Severity::Info);
    // Updating does not swallow the increase; a reset does.
    b.update_from(&s);
    assert!(
        evaluate(&s, &b)
            .iter()
            .any(|p| p.rule == rule::PD_MEDIA_ERRORS_INCREASED)
    );
    b.reset_from(&s);
    assert!(
        evaluate(&s, &b)
            .iter()
            .all(|p| !p.rule.ends_with("-increased"))
    );
}

#[test]
fn drive_not_in_the_baseline_has_no_increase() {
    let mut s = base();
    s.physical_drives[0].media_error_count = Some(7);
    let p = evaluate(&s, &Baseline::default());
    assert_eq!(rules(&p), vec![rule::PD_MEDIA_ERRORS]);
}

#[test]
fn missing_rows_from_hand_built_groups() {
    let mut s = base();
    s.logical_drives[0].state = LdState::Degraded;
    s.physical_drives.truncate(1);
    s.disk_groups.push(DiskGroup {
        index: 0,
        spans: vec![Span {
            index: 0,
            array_ref: Some(0),
            rows: vec![
                SpanRow {
                    row: 0,
                    drive: Some(DriveAddress::new(32, 0)),
                    firmware_state: Some(FirmwareState::Online),
                },
                SpanRow::default(),
            ],
        }],
        logical_drives: vec![0],
        ..DiskGroup::default()
    });
    s.disk_groups[0].spans[0].rows[1].row = 1;
    s.missing.push(MissingRow {
        array: 0,
        row: 1,
        size_expected_bytes: 0,
        ..MissingRow::default()
    });
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::LD_DEGRADED, rule::MISSING_ROW]);
    assert_eq!(p[0].message, "VD 0 degraded (raid1, array 0 row 1 missing)");
    assert_eq!(
        p[0].suggestion.as_deref(),
        Some("raidctl replace-drive <new E:S> -a 0")
    );
    assert_eq!(p[1].message, "array 0 row 1 of VD 0 has no drive");
}

#[test]
fn parse_warnings_are_info() {
    let mut s = base();
    s.warnings.push(crate::model::Warning {
        file: None,
        line: 3,
        message: "odd line".into(),
    });
    let p = eval(&s);
    assert_eq!(rules(&p), vec![rule::PARSE_WARNINGS]);
    assert_eq!(p[0].severity, Severity::Info);
}

fn smart_ok() -> crate::smart::Smart {
    crate::smart::Smart {
        read_success: true,
        passed: Some(true),
        temperature_c: Some(35),
        temperature_trip_c: Some(65),
        reallocated_sectors: Some(0),
        pending_sectors: Some(0),
        offline_uncorrectable: Some(0),
        grown_defects: Some(0),
        percentage_used: Some(10),
        ..crate::smart::Smart::default()
    }
}

#[test]
fn smart_rules_follow_their_thresholds() {
    let mut s = base();
    s.physical_drives[0].smart = Some(smart_ok());
    s.physical_drives[1].smart = Some(smart_ok());
    assert!(eval(&s).is_empty(), "{:#?}", eval(&s));
    let set = |s: &mut Snapshot, f: &dyn Fn(&mut crate::smart::Smart)| {
        let mut m = smart_ok();
        f(&mut m);
        s.physical_drives[0].smart = Some(m);
        eval(s)
    };
    // Just below every threshold: nothing.
    let p = set(&mut s, &|m| {
        m.reallocated_sectors = Some(crate::smart::REALLOCATED_WARN - 1);
        m.grown_defects = Some(crate::smart::GROWN_DEFECTS_WARN - 1);
        m.temperature_c = Some(59);
        m.percentage_used = Some(89);
    });
    assert!(p.is_empty(), "{p:#?}");
    let p = set(&mut s, &|m| m.passed = Some(false));
    let f = find(&p, rule::SMART_FAILING);
    assert_eq!(f.severity, Severity::Critical);
    assert!(f.message.contains("SER0"), "{}", f.message);
    let p = set(&mut s, &|m| m.pending_sectors = Some(1));
    assert_eq!(find(&p, rule::SMART_SECTORS).severity, Severity::Warning);
    let p = set(&mut s, &|m| m.reallocated_sectors = Some(8));
    assert!(
        find(&p, rule::SMART_SECTORS)
            .message
            .contains("8 reallocated")
    );
    let p = set(&mut s, &|m| {
        m.grew = vec!["reallocated sectors 1 -> 2".into()]
    });
    assert!(find(&p, rule::SMART_SECTORS).message.contains("1 -> 2"));
    let p = set(&mut s, &|m| m.grown_defects = Some(8));
    assert_eq!(
        find(&p, rule::SMART_GROWN_DEFECTS).severity,
        Severity::Warning
    );
    let p = set(&mut s, &|m| m.temperature_c = Some(60));
    assert_eq!(
        find(&p, rule::SMART_TEMPERATURE).severity,
        Severity::Warning
    );
    let p = set(&mut s, &|m| m.temperature_c = Some(65));
    assert_eq!(
        find(&p, rule::SMART_TEMPERATURE).severity,
        Severity::Critical
    );
    let p = set(&mut s, &|m| m.percentage_used = Some(90));
    assert_eq!(find(&p, rule::SMART_WEAR).severity, Severity::Warning);
    let p = set(&mut s, &|m| {
        *m = crate::smart::Smart::failed("INQUIRY failed".into(), Some(2), 0);
    });
    let f = find(&p, rule::SMART_READ_FAILED);
    assert_eq!(f.severity, Severity::Warning);
    assert!(f.message.contains("INQUIRY failed"), "{}", f.message);
    // Predictive risk: on an online member of a degraded VD, sector growth is critical.
    s.logical_drives[0].state = LdState::Degraded;
    s.physical_drives[1].firmware_state = FirmwareState::Failed;
    s.physical_drives[1].smart = Some(crate::smart::Smart::failed("gone".into(), Some(2), 0));
    let p = set(&mut s, &|m| m.pending_sectors = Some(3));
    let f = find(&p, rule::SMART_SECTORS);
    assert_eq!(f.severity, Severity::Critical);
    assert!(f.message.contains("member-at-risk"), "{}", f.message);
    // The failed drive's unreadable SMART is only info (its state rule carries it).
    let r = p
        .iter()
        .find(|x| x.rule == rule::SMART_READ_FAILED)
        .expect("read failed");
    assert_eq!(r.severity, Severity::Info);
}
