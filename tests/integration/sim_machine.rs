//! The MegaCli simulator's state machine from the outside: each command's effect on the state
//! and every refusal, drive by drive and VD by VD (the fidelity, concurrency and fault tests
//! are in [`crate::sim`]).

use crate::sim::{Sim, expect};
use raidctl::parse::{Kind, parse};

// ---------------------------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------------------------

#[test]
fn syntax_forms_and_count_quirks() {
    let sim = Sim::new("healthy");
    expect(&sim, "-adpCount", 1, "Controller Count: 1.");
    expect(
        &sim,
        "-LDGetNum -a0",
        3,
        "Number of Virtual Drives Configured on Adapter 0: 3",
    );
    expect(
        &sim,
        "-ladpallinfo -aALL",
        1,
        "Invalid input at or near token -ladpallinfo",
    );
    expect(
        &sim,
        "pdlocate start physdrv [32:1] a0",
        0,
        "Adapter: 0: Device at EnclId-32 SlotId-1  -- PD Locate Start Command was successfully sent to Firmware",
    );
    expect(
        &sim,
        "-PdLocate -stop -physdrv[32:1] -a0",
        0,
        "Adapter: 0: Device at EnclId-32 SlotId-1  -- PD Locate Stop Command was successfully sent to Firmware",
    );
    expect(
        &sim,
        "-AdpSetProp { RebuildRate -60 } -a0",
        0,
        "Adapter 0: Set rebuild rate to 60% success.",
    );
    expect(
        &sim,
        "-AdpSetProp RebuildRate 45 -a0",
        0,
        "Adapter 0: Set rebuild rate to 45% success.",
    );
    expect(
        &sim,
        "-AdpGetProp RebuildRate -a0",
        0,
        "Adapter 0: Rebuild Rate = 45%",
    );
    expect(
        &sim,
        "-AdpSetProp AlarmSilence -a0",
        0,
        "Adapter 0: Set alarm to Silenced success.",
    );
    expect(
        &sim,
        "-AdpSetProp AlarmDsbl -a0",
        0,
        "Adapter 0: Set alarm to Disabled success.",
    );
    expect(
        &sim,
        "-AdpGetProp AlarmDsply -a0",
        0,
        "Adapter 0: Alarm Status is Disabled",
    );
    expect(
        &sim,
        "-AdpSetProp AlarmEnbl -a0",
        0,
        "Adapter 0: Set alarm to Enabled success.",
    );
    expect(
        &sim,
        "-AdpSetProp BatWarnDsbl -1 -a0",
        0,
        "Adapter 0: Set Battery Warning to Disabled success.",
    );
    expect(
        &sim,
        "-AdpSetProp -CopyBackDsbl -1 -a0",
        0,
        "Adapter 0: Set Copyback to Disabled success.",
    );
    expect(
        &sim,
        "-AdpAutoRbld -Dsbl -a0",
        0,
        "Adapter 0: Set Auto Rebuild to Disabled success.",
    );
    expect(
        &sim,
        "-AdpAutoRbld -Enbl -a0",
        0,
        "Adapter 0: Set Auto Rebuild to Enabled success.",
    );
    expect(
        &sim,
        "-AdpGetProp EnableJBOD -a0",
        0,
        "Adapter 0: JBOD: Disabled",
    );
    expect(
        &sim,
        "-PDInfo -PhysDrv[32:40] -a0",
        0x0c,
        "Adapter 0: Device at Enclosure - 32, Slot - 40 is not found.",
    );
    let (text, _) = sim.run("-AdpAllInfo -a0");
    let doc = parse(&text, Some(Kind::AdpAllInfo)).unwrap();
    let a = &doc.adapters[0];
    assert_eq!(
        (a.rebuild_rate_pct, a.battery_warning, a.auto_rebuild),
        (Some(45), Some(false), Some(true))
    );
}

#[test]
fn offline_online_and_ld_state_per_raid_level() {
    let sim = Sim::new("large");
    // RAID 6 (target 2, drives 8:10-8:19): one lost is Partially Degraded, two Degraded, three Offline.
    sim.control("fault clear");
    expect(
        &sim,
        "-AdpAutoRbld -Dsbl -a0",
        0,
        "Adapter 0: Set Auto Rebuild to Disabled success.",
    );
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:10] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-10 state changed to OffLine.",
    );
    assert_eq!(sim.vd_state(2), "Partially Degraded");
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:11] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-11 state changed to OffLine.",
    );
    assert_eq!(sim.vd_state(2), "Degraded");
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:12] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-12 state changed to OffLine.",
    );
    assert_eq!(sim.vd_state(2), "Offline");
    expect(
        &sim,
        "-PDOnline -PhysDrv[8:12] -a0",
        0,
        "EnclId-8 SlotId-12 state changed to OnLine.",
    );
    assert_eq!(sim.vd_state(2), "Degraded");
    // RAID 10 (target 3): one per span is Degraded.
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:20] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-20 state changed to OffLine.",
    );
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:22] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-22 state changed to OffLine.",
    );
    assert_eq!(sim.vd_state(3), "Degraded");
    expect(
        &sim,
        "-PDOffline -PhysDrv[8:21] -a0",
        0,
        "Adapter: 0: EnclId-8 SlotId-21 state changed to OffLine.",
    );
    assert_eq!(sim.vd_state(3), "Offline");
    // Refusals: offline of a non-member, online of an online drive.
    expect(
        &sim,
        "-PDOffline -PhysDrv[9:25] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-9 SlotId-25.",
    );
    expect(
        &sim,
        "-PDOnline -PhysDrv[8:0] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-8 SlotId-0.",
    );
    let ev = sim.events();
    assert!(
        ev.contains(&"State change on PD 14(e0x08/s10) from ONLINE(18) to OFFLINE(10)".to_owned()),
        "{ev:?}"
    );
    assert!(ev.contains(&"VD 02/2 is now PARTIALLY DEGRADED".to_owned()));
    assert!(ev.contains(&"VD 03/3 is now OFFLINE".to_owned()));
    // A write-back VD that went offline pins its cache: create and foreign clear are refused.
    expect(&sim, "-GetPreservedCacheList -a0", 0, "Adapter #0");
    let (body, _) = sim.lines("-GetPreservedCacheList -a0");
    assert!(
        body.contains(&"Virtual Drive(Target ID 02): Missing.".to_owned()),
        "{body:?}"
    );
    let body = expect(
        &sim,
        "-CfgLdAdd -r1[9:25,9:26] -a0",
        0x54,
        "Adapter 0: Configure Adapter Failed",
    );
    assert_eq!(
        body.last().map(String::as_str),
        Some(
            "The current operation is not allowed because the controller has data in cache for offline or missing virtual drives."
        )
    );
    let body = expect(
        &sim,
        "-DiscardPreservedCache -Lall -force -a0",
        0,
        "Adapter #0",
    );
    assert!(
        body.contains(&"Virtual Drive(Target ID 02): Preserved Cache Data Cleared.".to_owned())
    );
    expect(
        &sim,
        "-CfgLdAdd -r1[9:25,9:26] WB RA Direct -a0",
        0,
        "Adapter 0: Created VD 6",
    );
}

#[test]
fn makegood_jbod_and_force() {
    let sim = Sim::new("ceph-node");
    expect(
        &sim,
        "-PDMakeGood -PhysDrv[32:4] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-4.",
    );
    expect(
        &sim,
        "-PDMakeJBOD -PhysDrv[32:4,32:5] -a0",
        0,
        "Adapter: 0: EnclId-32 SlotId-4 state changed to JBOD.",
    );
    assert_eq!(sim.fw_state("32:5"), "JBOD");
    expect(
        &sim,
        "-PDMakeGood -PhysDrv[32:4] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-4.",
    );
    expect(
        &sim,
        "-PDMakeGood -PhysDrv[32:4] -Force -a0",
        0,
        "Adapter: 0: EnclId-32 SlotId-4 state changed to Unconfigured-Good.",
    );
    // A JBOD member cannot join a VD (0x26).
    let body = expect(
        &sim,
        "-CfgLdAdd -r1[32:5,32:6] -a0",
        0x26,
        "The specified physical disk does not have the appropriate attributes to complete",
    );
    assert_eq!(body[1], "the requested command.");
    expect(
        &sim,
        "-CfgLdAdd -r5[32:2,32:3,32:4] -a0",
        0,
        "Adapter 0: Created VD 1",
    );
    let (text, _) = sim.run("-LDBI -ShowProg -L1 -a0");
    assert!(
        text.contains(
            "Background Initialization on VD #1 (target id #1) Complete 0% in 0 Minutes."
        ),
        "{text}"
    );
    let healthy = Sim::new("healthy");
    expect(
        &healthy,
        "-PDMakeJBOD -PhysDrv[32:8] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-8.",
    );
}

#[test]
fn replace_missing_workflow_with_every_refusal() {
    let sim = Sim::new("degraded");
    assert_eq!(sim.fw_state("32:4"), "Failed");
    expect(
        &sim,
        "-PdMarkMissing -PhysDrv[32:3] -a0",
        0x32,
        "Adapter: 0: Device at EnclId-32 SlotId-3 is in a state that doesn't support the requested command.",
    );
    expect(
        &sim,
        "-PdPrpRmv -PhysDrv[32:3] -a0",
        0x32,
        "Adapter: 0: Device at EnclId-32 SlotId-3 is in a state that doesn't support the requested command.",
    );
    expect(
        &sim,
        "-PdMarkMissing -PhysDrv[32:4] -a0",
        0,
        "EnclId-32 SlotId-4 is marked Missing.",
    );
    let body = expect(
        &sim,
        "-PdGetMissing -a0",
        0,
        "Adapter 0 - Missing Physical drives",
    );
    assert_eq!(body[2], "0     1       2     571776 MB");
    expect(
        &sim,
        "-PdPrpRmv -PhysDrv[32:4] -a0",
        0,
        "Prepare for removal Success",
    );
    assert_eq!(sim.fw_state("32:4"), "Unconfigured(bad)");
    sim.control("pull 32:4");
    // Auto-rebuild off so the replacement waits for the operator.
    expect(
        &sim,
        "-AdpAutoRbld -Dsbl -a0",
        0,
        "Adapter 0: Set Auto Rebuild to Disabled success.",
    );
    sim.control("insert 32:4 --kind small");
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -Array1 -row2 -a0",
        0x0d,
        "Adapter: 0: Failed to replace Missing PD at Array 1, Row 2.",
    );
    sim.control("pull 32:4");
    sim.control("insert 32:4 --kind sata");
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -Array1 -row2 -a0",
        0x26,
        "The specified physical disk does not have the appropriate attributes to complete",
    );
    sim.control("pull 32:4");
    sim.control("insert 32:4 --kind blank");
    assert_eq!(sim.fw_state("32:4"), "Unconfigured(good), Spun Up");
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -Array7 -row2 -a0",
        0x09,
        "Adapter: 0: Failed to replace Missing PD at Array 7, Row 2.",
    );
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -Array1 -row9 -a0",
        0x28,
        "Adapter: 0: Failed to replace Missing PD at Array 1, Row 9.",
    );
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -Array1 -row1 -a0",
        0x0a,
        "Adapter: 0: Failed to replace Missing PD at Array 1, Row 1.",
    );
    expect(
        &sim,
        "-PdReplaceMissing -PhysDrv[32:4] -array1,row2 -a0",
        0,
        "Adapter: 0: Missing PD at Array 1, Row 2 is replaced.",
    );
    assert_eq!(sim.fw_state("32:4"), "Offline");
    expect(
        &sim,
        "-PDRbld -ShowProg -PhysDrv[32:4] -a0",
        0,
        "Device(Encl-32 Slot-4) is not in rebuild process",
    );
    expect(
        &sim,
        "-PDRbld -Start -PhysDrv[32:4] -a0",
        0,
        "Started rebuild progress on device(Encl-32 Slot-4)",
    );
    sim.control("advance 600");
    let (body, _) = sim.lines("-PDRbld -ShowProg -PhysDrv [32:4] -a0");
    let p1 = parse(&body.join("\n"), Some(Kind::Progress))
        .unwrap()
        .progress[0]
        .percent
        .unwrap();
    assert!(
        body[0].starts_with("Rebuild Progress on Device at Enclosure 32, Slot 4 Completed ")
            && body[0].ends_with(" in 10 Minutes."),
        "{body:?}"
    );
    expect(
        &sim,
        "-PDRbld -Stop -PhysDrv[32:4] -a0",
        0,
        "Stopped rebuild progress on device(Encl-32 Slot-4)",
    );
    assert_eq!(sim.fw_state("32:4"), "Offline");
    expect(
        &sim,
        "-PDRbld -Start -PhysDrv[32:4] -a0",
        0,
        "Started rebuild progress on device(Encl-32 Slot-4)",
    );
    sim.control("advance 300");
    let (body, _) = sim.lines("-PDRbld -ShowProg -PhysDrv [32:4] -a0");
    let p2 = parse(&body.join("\n"), Some(Kind::Progress))
        .unwrap()
        .progress[0]
        .percent
        .unwrap();
    assert!(p2 < p1, "a restarted rebuild starts over");
    sim.control("speed 1000");
    sim.control("advance 120");
    assert_eq!(sim.fw_state("32:4"), "Online, Spun Up");
    assert_eq!(sim.vd_state(1), "Optimal");
    let ev = sim.events();
    assert!(
        ev.iter()
            .any(|e| e.ends_with("from OFFLINE(10) to REBUILD(14)"))
    );
    assert!(ev.contains(&"VD 01/1 is now OPTIMAL".to_owned()));
}

#[test]
fn rebuild_progress_is_monotonic_and_completes() {
    let sim = Sim::new("rebuilding");
    let mut last = 0;
    for _ in 0..4 {
        let (text, _) = sim.run("-PDRbld -ShowProg -PhysDrv[32:4] -a0");
        let p = parse(&text, None).unwrap().progress[0].percent.unwrap();
        assert!(p >= last && p >= 35, "{p} after {last}");
        last = p;
        sim.control("advance 900");
    }
    // Pulling the rebuilding drive leaves the row missing; re-inserting a blank drive rebuilds.
    sim.control("pull 32:4");
    assert_eq!(sim.vd_state(1), "Degraded");
    let (body, _) = sim.lines("-PdGetMissing -a0");
    assert_eq!(body.len(), 3);
    sim.control("insert 32:4 --kind blank");
    assert_eq!(sim.fw_state("32:4"), "Rebuild");
    sim.control("speed 1000");
    sim.control("advance 60");
    assert_eq!(sim.vd_state(1), "Optimal");
}

#[test]
fn hot_spare_takeover_and_copyback() {
    let sim = Sim::new("hotspare");
    // Dedicated spare (32:10) wins over the global one (32:11).
    expect(
        &sim,
        "-PDOffline -PhysDrv[32:3] -a0",
        0,
        "Adapter: 0: EnclId-32 SlotId-3 state changed to OffLine.",
    );
    assert_eq!(sim.fw_state("32:10"), "Rebuild");
    assert_eq!(sim.fw_state("32:11"), "Hotspare, Spun Up");
    assert_eq!(sim.fw_state("32:3"), "Unconfigured(good), Spun Up");
    sim.control("speed 1000");
    sim.control("advance 120");
    assert_eq!(sim.fw_state("32:10"), "Online, Spun Up");
    assert_eq!(sim.vd_state(1), "Optimal");
    // Refill the failed slot: copyback onto the new drive, the spare reverts.
    sim.control("pull 32:3");
    sim.control("insert 32:3 --kind blank");
    assert_eq!(sim.fw_state("32:3"), "Copyback");
    let (body, _) = sim.lines("-PDCpyBk -ShowProg -PhysDrv[32:3] -a0");
    assert!(
        body[0].starts_with("Copyback Progress on Device at Enclosure 32, Slot 3 Completed "),
        "{body:?}"
    );
    sim.control("advance 120");
    assert_eq!(sim.fw_state("32:3"), "Online, Spun Up");
    assert_eq!(sim.fw_state("32:10"), "Hotspare, Spun Up");
    // Global spare on a RAID1 failure.
    sim.control("fail 32:0");
    assert_eq!(sim.fw_state("32:11"), "Rebuild");
    assert_eq!(sim.fw_state("32:0"), "Unconfigured(bad)");
    // Setting a spare while a VD is degraded starts a rebuild at once.
    let s2 = Sim::new("degraded");
    expect(
        &s2,
        "-PDHSP -Set -PhysDrv[32:9] -a0",
        0,
        "Adapter: 0: Set Physical Drive at EnclId-32 SlotId-9 as Hot Spare Success.",
    );
    assert_eq!(s2.fw_state("32:9"), "Rebuild");
}

#[test]
fn hotspare_set_remove_and_refusals() {
    let sim = Sim::new("healthy");
    expect(
        &sim,
        "-PDHSP -Set -Dedicated -Array1 -PhysDrv[32:8] -a0",
        0,
        "Adapter: 0: Set Physical Drive at EnclId-32 SlotId-8 as Hot Spare Success.",
    );
    let (text, _) = sim.run("-PDInfo -PhysDrv[32:8] -a0");
    assert!(text.contains("Type: Dedicated, is revertible"), "{text}");
    expect(
        &sim,
        "-PDHSP -Set -PhysDrv[32:9] -a0",
        0,
        "Adapter: 0: Set Physical Drive at EnclId-32 SlotId-9 as Hot Spare Success.",
    );
    let (text, _) = sim.run("-PDInfo -PhysDrv[32:9] -a0");
    assert!(text.contains("Type: Global, is revertible"), "{text}");
    expect(
        &sim,
        "-PDHSP -Set -PhysDrv[32:0] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-0.",
    );
    expect(
        &sim,
        "-PDHSP -Set -Dedicated -Array9 -PhysDrv[32:10] -a0",
        0x09,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-10.",
    );
    expect(
        &sim,
        "-PDHSP -Rmv -PhysDrv[32:9] -a0",
        0,
        "Adapter: 0: Remove Physical Drive at EnclId-32 SlotId-9 as Hot Spare Success.",
    );
    expect(
        &sim,
        "-PDHSP -Rmv -PhysDrv[32:9] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-9.",
    );
    // Deleting the VD turns its dedicated spare global; the members become good.
    expect(
        &sim,
        "-CfgLdDel -L1 -a0",
        0,
        "Adapter 0: Deleted Virtual Drive-1(target id-1)",
    );
    let (text, _) = sim.run("-PDInfo -PhysDrv[32:8] -a0");
    assert!(text.contains("Type: Global, is revertible"), "{text}");
    assert_eq!(sim.fw_state("32:2"), "Unconfigured(good), Spun Up");
    expect(
        &sim,
        "-CfgLdDel -L9 -a0",
        3,
        "Adapter 0: Virtual Drive 9 does not exist.",
    );
    expect(
        &sim,
        "-CfgSpanAdd -r10 -Array0[32:2,32:3] -Array1[32:4,32:5] -a0",
        0,
        "Adapter 0: Created VD 1",
    );
    let (text, _) = sim.run("-LDInfo -L1 -a0");
    let doc = parse(&text, Some(Kind::LdInfo)).unwrap();
    assert_eq!(
        (
            doc.logical_drives[0].raid_level.as_str(),
            doc.logical_drives[0].span_depth
        ),
        ("raid10", Some(2))
    );
    // Array numbering is global and spanned groups take one index per span.
    let (text, _) = sim.run("-CfgDsply -a0");
    let doc = parse(&text, Some(Kind::CfgDsply)).unwrap();
    let refs: Vec<Option<u32>> = doc
        .disk_groups
        .iter()
        .flat_map(|g| g.spans.iter().map(|s| s.array_ref))
        .collect();
    assert_eq!(refs, vec![Some(0), Some(1), Some(2), Some(3)]);
}

#[test]
fn pull_reinsert_foreign_import_and_clear() {
    let sim = Sim::new("healthy");
    sim.control("pull 32:3");
    assert_eq!(sim.vd_state(1), "Degraded");
    sim.control("insert 32:3");
    assert_eq!(sim.fw_state("32:3"), "Unconfigured(bad)");
    assert!(sim.foreign("32:3"));
    expect(
        &sim,
        "-PDOffline -PhysDrv[32:3] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-3.",
    );
    expect(
        &sim,
        "-PDHSP -Set -PhysDrv[32:3] -a0",
        1,
        "Adapter: 0: Failed to change PD state at EnclId-32 SlotId-3.",
    );
    expect(
        &sim,
        "-CfgForeign -Scan -a0",
        0,
        "There are 1 foreign configuration(s) on controller 0.",
    );
    expect(
        &sim,
        "-PDMakeGood -PhysDrv[32:3] -a0",
        0,
        "Adapter: 0: EnclId-32 SlotId-3 state changed to Unconfigured-Good.",
    );
    assert!(sim.foreign("32:3"));
    let body = expect(
        &sim,
        "-CfgForeign -Dsply -a0",
        0,
        "Foreign configuration 0:",
    );
    assert!(body.contains(&"Slot Number: 3".to_owned()));
    expect(
        &sim,
        "-CfgForeign -Import -a0",
        0,
        "Foreign configuration 0 is imported on controller 0.",
    );
    assert_eq!(sim.fw_state("32:3"), "Rebuild");
    assert!(!sim.foreign("32:3"));
    expect(
        &sim,
        "-CfgForeign -Scan -a0",
        0,
        "There is no foreign configuration on controller 0.",
    );

    // A used drive from another machine: clear it.
    let s2 = Sim::new("healthy");
    s2.control("pull 32:9");
    s2.control("insert 32:9 --kind foreign");
    assert!(s2.foreign("32:9"));
    let body = expect(
        &s2,
        "-CfgLdAdd -r1[32:8,32:9] -a0",
        0x26,
        "The specified physical disk does not have the appropriate attributes to complete",
    );
    assert_eq!(body.len(), 2);
    expect(
        &s2,
        "-CfgForeign -Clear -a0",
        0,
        "Foreign configuration 0 is cleared on controller 0.",
    );
    assert!(!s2.foreign("32:9"));

    // Preserved cache blocks the clear (0x54).
    let s3 = Sim::new("foreign");
    s3.control("pull 32:5");
    s3.control("insert 32:5 --kind original");
    assert_eq!(s3.vd_state(1), "Offline");
    let body = expect(
        &s3,
        "-CfgForeign -Clear -a0",
        0x54,
        "Failed to clear Foreign configuration 0 on controller 0.",
    );
    assert_eq!(body[1], "FW error description:");
    assert_eq!(
        body[2],
        "The current operation is not allowed because the controller has data in cache for offline or missing virtual disks."
    );
    let (text, _) = s3.run("-CfgForeign -Clear -a0");
    let doc = parse(&text, None).unwrap();
    assert_eq!(doc.exit_code, Some(0x54));
}

#[test]
fn bbu_learn_drain_and_replace() {
    let sim = Sim::new("bbu-learn");
    let (text, _) = sim.run("-AdpBbuCmd -GetBbuStatus -a0");
    let doc = parse(&text, None).unwrap();
    assert_eq!(doc.bbus[0].learn_cycle_active, Some(true));
    let (text, _) = sim.run("-LDInfo -L0 -a0");
    assert!(
        text.contains("Current Cache Policy: WriteThrough"),
        "write-back falls back while learning"
    );
    sim.control("speed 100");
    sim.control("advance 600");
    let (text, _) = sim.run("-AdpBbuCmd -GetBbuStatus -a0");
    let doc = parse(&text, None).unwrap();
    assert_eq!(doc.bbus[0].state_raw.as_deref(), Some("Optimal"));
    sim.control("bbu fail");
    let (text, _) = sim.run("-AdpBbuCmd -GetBbuStatus -a0");
    let doc = parse(&text, None).unwrap();
    assert_eq!(doc.bbus[0].replacement_required, Some(true));
    sim.control("bbu replace");
    sim.control("bbu drain");
    let (text, _) = sim.run("-AdpBbuCmd -a0");
    assert!(text.contains("Relative State of Charge: 5 %"), "{text}");
    let ev = sim.events();
    assert!(ev.contains(
        &"BBU disabled; changing WB virtual disks to WT, Forced WB VDs are not affected".to_owned()
    ));
    assert!(ev.contains(&"BBU enabled; changing WT virtual disks to WB".to_owned()));
}
