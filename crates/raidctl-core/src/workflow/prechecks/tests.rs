//! Unit tests of the pre-checks, over hand-built snapshots and event logs.

use super::*;
use crate::model::{DiskGroup, RaidLevel, Span, SpanRow};

fn pd(slot: u16, state: FirmwareState) -> PhysicalDrive {
    PhysicalDrive {
        enclosure_id: Some(8),
        slot,
        firmware_state: state,
        logical_drive: Some(0),
        ..PhysicalDrive::default()
    }
}

/// RAID 10 over two spans of two: [8:0,8:1] and [8:2,8:3].
fn raid10(states: [FirmwareState; 4]) -> (Snapshot, LogicalDrive) {
    let drives: Vec<PhysicalDrive> = states
        .iter()
        .enumerate()
        .map(|(i, s)| pd(u16::try_from(i).unwrap_or(0), s.clone()))
        .collect();
    let span = |i: u32, a: u16| Span {
        index: i,
        array_ref: Some(i),
        rows: (0..2)
            .map(|r| SpanRow {
                row: u32::from(r),
                drive: Some(DriveAddress::new(8, a + r)),
                firmware_state: None,
            })
            .collect(),
    };
    let ld = LogicalDrive {
        raid_level: RaidLevel::Raid10,
        state: if states.iter().all(|s| *s == FirmwareState::Online) {
            LdState::Optimal
        } else {
            LdState::Degraded
        },
        members: drives.iter().map(PhysicalDrive::address).collect(),
        ..LogicalDrive::default()
    };
    let snap = Snapshot {
        physical_drives: drives,
        logical_drives: vec![ld.clone()],
        disk_groups: vec![DiskGroup {
            spans: vec![span(0, 0), span(1, 2)],
            logical_drives: vec![0],
            ..DiskGroup::default()
        }],
        ..Snapshot::default()
    };
    (snap, ld)
}

#[test]
fn offline_guards_follow_the_spans() {
    use FirmwareState::{Failed, Online};
    // Healthy: offlining one member only loses redundancy for a while.
    let (snap, ld) = raid10([Online, Online, Online, Online]);
    let c = offline_member(&snap, &snap.physical_drives[0], &ld, None);
    assert_eq!(c[0].level, Level::Info, "{c:?}");
    // The mirror partner is down: the span would go, the VD with it; no override.
    let (snap, ld) = raid10([Online, Failed, Online, Online]);
    let c = offline_member(&snap, &snap.physical_drives[0], &ld, Some(0));
    assert_eq!(
        (c[0].level, c[0].rule),
        (Level::Refuse, g::OFFLINE_BREAKS_VD)
    );
    // A member of the other span is down: refused, unless the VD is named.
    let c = offline_member(&snap, &snap.physical_drives[2], &ld, None);
    assert_eq!(
        (c[0].level, c[0].rule),
        (Level::Refuse, g::OFFLINE_PEER_DOWN)
    );
    assert!(c[0].text.contains("[8:1]"), "{}", c[0].text);
    let c = offline_member(&snap, &snap.physical_drives[2], &ld, Some(1));
    assert_eq!(
        c[0].level,
        Level::Refuse,
        "another VD's name is no acknowledgement"
    );
    let c = offline_member(&snap, &snap.physical_drives[2], &ld, Some(0));
    assert_eq!((c[0].level, c[0].rule), (Level::Warn, g::OFFLINE_PEER_DOWN));
}

#[test]
fn write_policies_from_megacli_and_storcli() {
    let ld = |default: Option<&str>, current: Option<&str>| LogicalDrive {
        default_cache_policy: default.map(str::to_owned),
        current_cache_policy: current.map(str::to_owned),
        ..LogicalDrive::default()
    };
    let wb = "WriteBack, ReadAdaptive, Direct, No Write Cache if Bad BBU";
    assert_eq!(write_policy(&ld(Some(wb), None)), Some((true, false)));
    let forced = "WriteBack, ReadAhead, Direct, Write Cache OK if Bad BBU";
    assert_eq!(write_policy(&ld(Some(forced), None)), Some((true, true)));
    let wt = "WriteThrough, ReadAhead, Direct, No Write Cache if Bad BBU";
    assert_eq!(write_policy(&ld(Some(wt), None)), Some((false, false)));
    assert_eq!(write_policy(&ld(None, Some("RWBD"))), Some((true, false)));
    assert_eq!(write_policy(&ld(None, Some("NRAWBC"))), Some((true, true)));
    assert_eq!(write_policy(&ld(None, Some("RWTD"))), Some((false, false)));
    assert_eq!(write_policy(&ld(None, None)), None);
}

#[test]
fn event_descriptions_name_drives() {
    assert_eq!(
        event_drive("Puncturing bad block on PD 15(e0x00/s7) at 20d803e"),
        Some(DriveAddress::new(0, 7))
    );
    assert_eq!(
        event_drive("State change on PD 0b(e0x0e/s5) from ONLINE(18) to FAILED(11)"),
        Some(DriveAddress::new(14, 5))
    );
    assert_eq!(
        event_drive("Inserted: PD 0b(e0xff/s11)"),
        Some(DriveAddress {
            enclosure: None,
            slot: 11
        })
    );
    assert_eq!(event_drive("VD 01/1 is now DEGRADED"), None);
}
