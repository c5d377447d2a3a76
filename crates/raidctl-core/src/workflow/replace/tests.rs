//! Unit tests of replace-drive: the flows' step lists, the state, the checks on the target and
//! the Ceph record.

use super::target::{bay_of_osd, ceph_record, spans_several};
use super::*;
use crate::model::{DiskGroup, Span, SpanRow};

fn state(ld: Option<u32>) -> ReplaceState {
    ReplaceState {
        adapter: 0,
        drive: DriveAddress::new(32, 4),
        serial: None,
        pd_type: PdType::Sas,
        coerced_size: None,
        ld,
        others: Vec::new(),
        new_serial: None,
        next: Step::ReplaceMissing,
        flow: Flow::MegaRaid,
        steps: Vec::new(),
        media_type: None,
        pinned_at_start: PinnedCache::default(),
        rejected: Vec::new(),
        clear_foreign: None,
        rebuild: RebuildState::default(),
        recreate: RecreateState::default(),
        ceph: None,
        confirmed: None,
        led_off_at_stop: false,
    }
}

/// osd.7, raw, as it was when the replacement began.
fn osd7(
    up_at_start: bool,
    in_at_start: bool,
    drained_at_start: bool,
) -> super::super::ceph_steps::CephRecord {
    super::super::ceph_steps::CephRecord {
        osd: 7,
        mode: crate::model::OsdMode::Raw,
        osd_fsid: None,
        device: None,
        db: None,
        wal: None,
        crush_weight: None,
        device_class: None,
        up_at_start,
        in_at_start,
        drained_at_start,
        drain_timeout_s: 60,
        reweight: false,
        new_fsid: None,
        report: None,
        cephadm: None,
    }
}

/// What Ctrl-C says during the Ceph steps: the OSD's state and the bay's, and how to go
/// on; a bay darkened by a refusal is said to be dark.
#[test]
fn an_interrupt_in_a_ceph_step_says_where_the_osd_is() {
    let mut st = state(Some(3));
    st.flow = Flow::NoRedundancy;
    st.ceph = Some(osd7(false, true, false));
    let at = |st: &mut ReplaceState, step: Step| {
        st.next = step;
        engine::interrupted_at(st, step, "J9")
    };
    let m = at(&mut st, Step::CephDestroy);
    assert!(
        m.contains("osd.7 is out and being destroyed (its id kept)")
            && m.contains("still blinking")
            && m.contains("`raidctl resume J9`"),
        "{m}"
    );
    let m = at(&mut st, Step::CephPrepare);
    assert!(m.contains("ceph-volume goes on by itself"), "{m}");
    st.led_off_at_stop = true;
    let m = at(&mut st, Step::CephDrain);
    assert!(
        m.contains("osd.7 is out, its data draining")
            && m.contains("raidctl turned its LED off; resume lights it again"),
        "{m}"
    );
}

/// An OSD Ceph marked out and drained before the replacement (its devicehealth acting on
/// a life expectancy): the plan says there is nothing to mark and no drain to wait for.
#[test]
fn a_drained_osd_plans_no_drain() {
    let mut st = state(Some(3));
    st.flow = Flow::NoRedundancy;
    st.ceph = Some(osd7(true, false, true));
    let text = |lines: Vec<engine::PlanLine>| {
        lines
            .iter()
            .map(|l| l.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let drain = text(super::super::ceph_drain::plan_drain(&st));
    assert!(
        drain.contains("no drain: osd.7 is out and drained already"),
        "{drain}"
    );
    st.ceph = Some(osd7(true, true, false));
    let drain = text(super::super::ceph_drain::plan_drain(&st));
    assert!(
        drain.contains("wait until Ceph says osd.7 is safe"),
        "{drain}"
    );
}

fn group(row_empty: bool) -> DiskGroup {
    DiskGroup {
        adapter: 0,
        index: 1,
        spans: vec![Span {
            index: 0,
            array_ref: Some(1),
            rows: vec![
                SpanRow {
                    row: 0,
                    drive: Some(DriveAddress::new(32, 2)),
                    firmware_state: None,
                },
                SpanRow {
                    row: 1,
                    drive: (!row_empty).then(|| DriveAddress::new(32, 4)),
                    firmware_state: None,
                },
            ],
        }],
        logical_drives: vec![1],
        dedicated_hotspares: None,
    }
}

fn missing(array: u32, row: u32) -> MissingRow {
    MissingRow {
        adapter: 0,
        number: 0,
        array,
        row,
        size_expected_bytes: 1,
    }
}

fn walk(st: &ReplaceState) -> String {
    let mut v = vec![Step::LocateOn];
    while *v.last().unwrap() != Step::Done {
        v.push(engine::after(st, *v.last().unwrap()));
    }
    v.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ")
}

/// Each flow is one list; journals without a flow are MegaRAID's, without a list the
/// flow's default one.
#[test]
fn step_sequences() {
    let ops = crate::backend::ops::NoOps;
    let mut st = state(Some(1));
    for (flow, want) in [
        (
            Flow::SameBay,
            "locate-on offline prepare-removal await-pull await-insert check-new rebuild-start watch-rebuild verify locate-off done",
        ),
        (
            Flow::MegaRaid,
            "locate-on offline mark-missing prepare-removal await-pull await-insert check-new replace-missing rebuild-start watch-rebuild locate-off done",
        ),
        (
            Flow::NoRedundancy,
            "locate-on offline prepare-removal await-pull discard-cache delete-vd await-insert check-new recreate qualify verify-vd locate-off done",
        ),
        (
            Flow::Jbod,
            "locate-on prepare-removal await-pull await-insert check-new recreate qualify verify-vd locate-off done",
        ),
    ] {
        st.flow = flow;
        st.steps = flow.steps(&ops);
        assert_eq!(walk(&st), want, "{flow:?}");
        st.steps.clear();
        assert_eq!(walk(&st), want, "{flow:?} from an old journal");
    }
    let mut v = serde_json::to_value(state(Some(1))).unwrap();
    v.as_object_mut().unwrap().remove("flow");
    let old: ReplaceState = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(old.flow, Flow::MegaRaid);
    // Journals from before the same-bay flow had its name.
    v["flow"] = "omsa".into();
    let old: ReplaceState = serde_json::from_value(v).unwrap();
    assert_eq!(old.flow, Flow::SameBay);
}

/// The flow follows what the backend can do: OMSA gets its own, a backend without
/// offline gets none and a message naming those that can; OpenManage, which discards
/// every VD's cache at once, deletes the dead VD first.
#[test]
fn flow_from_the_backend() {
    use crate::backend::omreport::Omreport;
    use crate::backend::runner::OsRunner;
    let om = Omreport::new(
        "/opt/dell/srvadmin/bin/omreport".into(),
        "/opt/dell/srvadmin/bin/omconfig".into(),
        std::sync::Arc::new(OsRunner::scratch()),
        std::time::Duration::from_secs(1),
    );
    let d = DriveAddress::new(1, 4);
    assert_eq!(Flow::for_backend(&om, 0, d), Ok(Flow::SameBay));
    let steps = Flow::NoRedundancy.steps(&om);
    let pos = |s| steps.iter().position(|x| *x == s).unwrap();
    assert!(pos(Step::DeleteVd) < pos(Step::DiscardCache));
    let e = Flow::for_backend(&crate::backend::ops::NoOps, 0, d).unwrap_err();
    assert!(
        e.starts_with("the none backend cannot Offline, RebuildStart:")
            && e.contains("--backend megacli, storcli, perccli or omreport"),
        "{e}"
    );
}

/// Guard missing-row-mismatch: Array/Row come from -PdGetMissing and must match an empty
/// row of the drive's VD in -CfgDsply; anything else stops instead of guessing.
#[test]
fn missing_row_must_match_the_configuration() {
    use super::super::steps::pick_row;
    let mut snap = Snapshot {
        disk_groups: vec![group(true)],
        ..Snapshot::default()
    };
    let st = state(Some(1));
    assert_eq!(pick_row(&snap, &st, &[missing(1, 1)]), Ok(missing(1, 1)));
    // -CfgDsply shows a drive in that row: no guess.
    snap.disk_groups = vec![group(false)];
    let e = pick_row(&snap, &st, &[missing(1, 1)]).unwrap_err();
    assert!(
        e.starts_with("[missing-row-mismatch]") && e.contains("refusing to guess"),
        "{e}"
    );
    // Two candidate rows, or none.
    snap.disk_groups = vec![group(true)];
    let e = pick_row(&snap, &st, &[missing(1, 1), missing(1, 0)]).unwrap_err();
    assert!(e.contains("several missing rows"), "{e}");
    let e = pick_row(&snap, &st, &[]).unwrap_err();
    assert!(e.contains("no missing row"), "{e}");
    // A row that was known and is gone.
    let mut known = state(Some(1));
    known.rebuild.missing = Some(missing(1, 1));
    let e = pick_row(&snap, &known, &[missing(1, 0)]).unwrap_err();
    assert!(e.contains("is gone"), "{e}");
}

/// Guard ceph-shared-db: an OSD whose DB device other OSDs share is not recreated as one
/// OSD's; an OSD whose cluster did not answer is not touched either.
#[test]
fn a_shared_db_device_is_refused() {
    use crate::ceph::{ClusterView, HostOsd, OsdDevice, OsdJoin, Role};
    let dev = |role, path: &str, shared| OsdDevice {
        shared,
        ..OsdDevice::new(role, path, None)
    };
    let mut osd = HostOsd {
        mode: crate::model::OsdMode::Raw,
        objectstore: Some("bluestore".into()),
        devices: vec![
            dev(Role::Block, "/dev/sdc", false),
            dev(Role::Db, "/dev/sdz1", true),
        ],
        up: Some(false),
        is_in: Some(true),
        destroyed: Some(false),
        crush_weight: Some(7.27),
        reweight: Some(1.0),
        device_class: Some("hdd".into()),
        ..HostOsd::new(7)
    };
    let mut prompt = super::super::ScriptedPrompter {
        answers: std::collections::VecDeque::new(),
        asked: Vec::new(),
    };
    let mut out = Vec::new();
    let mut env = Env {
        ops: &crate::backend::ops::NoOps,
        state_dir: std::env::temp_dir(),
        prompt: &mut prompt,
        opts: super::super::WfOptions::default(),
        world: Box::new(crate::workflow::RealWorld),
        out: &mut out,
        host: None,
        ceph: Some(crate::ceph::Ceph::new(crate::ceph::CephOptions::default())),
        osds: OsdJoin {
            osds: Vec::new(),
            cluster: ClusterView::Answered,
            notes: Vec::new(),
        },
    };
    let e = ceph_record(&env, &osd).unwrap_err();
    assert!(
        e.starts_with("[ceph-shared-db]") && e.contains("/dev/sdz1"),
        "{e}"
    );
    osd.devices[1].shared = false;
    let r = ceph_record(&env, &osd).unwrap();
    assert_eq!((r.osd, r.db.as_deref()), (7, Some("/dev/sdz1")));
    env.osds.cluster = ClusterView::Unreachable {
        reason: "timed out".into(),
    };
    let e = ceph_record(&env, &osd).unwrap_err();
    assert!(e.starts_with("[ceph-unreachable]"), "{e}");
    // An OSD over two VDs is refused, naming both, by drive and by --osd alike.
    assert_eq!(spans_several(&osd), None);
    let vd = |target| crate::ceph::Location::Vd {
        adapter: 0,
        target,
        members: Vec::new(),
    };
    osd.devices[0].location = Some(vd(2));
    osd.devices[0].also = vec![vd(3)];
    let e = spans_several(&osd).unwrap();
    assert!(
        e.starts_with("[ceph-multi-vd] osd.7 spans 2 (VD 2 of adapter 0, VD 3 of adapter 0)"),
        "{e}"
    );
    env.osds.osds = vec![osd];
    let e = bay_of_osd(&env, 7).unwrap_err().to_string();
    assert!(e.contains("[ceph-multi-vd]"), "{e}");
}

/// The bay's state in a stop message follows the step the workflow stopped at.
#[test]
fn bay_state_follows_the_step() {
    let mut st = state(Some(1));
    st.next = Step::LocateOn;
    assert!(engine::bay_state(&st).contains("not blinking"));
    st.next = Step::AwaitInsert;
    let s = engine::bay_state(&st);
    assert!(
        s.contains("still blinking") && s.contains("has been pulled"),
        "{s}"
    );
    st.next = Step::Done;
    assert!(engine::bay_state(&st).contains("not blinking"));
}

/// The flows' parts of the state are flattened: a journal keeps the one flat object it
/// always had, and a journal written before the split resumes with its values in the parts.
#[test]
fn the_state_is_one_flat_object_in_the_journal() {
    let mut st = state(Some(1));
    st.rebuild.rebuilding = Some(DriveAddress::new(32, 5));
    st.rebuild.rebuild_starts = 2;
    st.recreate.new_target = Some(3);
    st.recreate.data_loss_ack = Some("--i-understand-data-loss 2".into());
    let v = serde_json::to_value(&st).unwrap();
    let keys = v.as_object().unwrap();
    for key in [
        "rebuilding",
        "rebuild_starts",
        "new_target",
        "data_loss_ack",
        "vd",
    ] {
        assert!(keys.contains_key(key), "{key} missing from {v}");
    }
    assert!(
        !keys.contains_key("rebuild") && !keys.contains_key("recreate"),
        "{v}"
    );
    assert_eq!(serde_json::from_value::<ReplaceState>(v).unwrap(), st);

    // The state as a journal of the single struct wrote it (fields in its order).
    let old = r#"{"adapter":0,"drive":{"enclosure":32,"slot":4},"serial":"S1",
        "pd_type":"sas","coerced_size":null,"ld":1,"others":[],"missing":null,
        "new_serial":null,"rebuilding":{"enclosure":32,"slot":5},
        "down_at_start":[{"enclosure":32,"slot":6}],"next":"watch-rebuild","flow":"same-bay",
        "steps":[],"media_type":null,"rebuild_starts":1,"vd":null,"data_loss_ack":null,
        "pinned_at_start":{"targets":[],"unattributed":false},"new_target":7,
        "new_device":null,"qualify_profile":"quick","qualification":null,"rejected":["S9"],
        "clear_foreign":null,"ceph":null,"confirmed":null,"led_off_at_stop":false}"#;
    let st: ReplaceState = serde_json::from_str(old).unwrap();
    assert_eq!(st.rebuild.rebuilding, Some(DriveAddress::new(32, 5)));
    assert_eq!(st.rebuild.down_at_start, [DriveAddress::new(32, 6)]);
    assert_eq!(st.rebuild.rebuild_starts, 1);
    assert_eq!(st.recreate.new_target, Some(7));
    assert_eq!(st.recreate.qualify_profile.as_deref(), Some("quick"));
    assert_eq!(st.rejected, ["S9"]);
    assert_eq!(st.next, Step::WatchRebuild);
}
