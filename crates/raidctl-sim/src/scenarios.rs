//! Built-in starting states. All names, serials and addresses are invented.

use crate::engine::{self, settle};
use crate::state::{
    Adapter, Bbu, DiskGroup, Drive, DriveOp, Enclosure, Hotspare, OpKind, STATE_FORMAT, Settings,
    SimState, Vd, idema_sectors,
};
use crate::world;
use raidctl_model::{DriveAddress, FirmwareState, MediaType, PdType, RaidLevel};

/// Names accepted by `control init`.
pub const NAMES: &[&str] = &[
    "healthy",
    "degraded",
    "rebuilding",
    "foreign",
    "hotspare",
    "bbu-learn",
    "ceph-node",
    "large",
];

/// 2024-03-04 08:00:00 UTC: power-on time of every scenario.
const EPOCH: i64 = 1_709_539_200;

/// Builds a named scenario.
///
/// # Errors
/// A message naming the valid scenarios.
pub fn build(name: &str) -> Result<SimState, String> {
    let mut st = match name {
        "healthy" => healthy(),
        "degraded" => degraded(),
        "rebuilding" => rebuilding(),
        "foreign" => foreign(),
        "hotspare" => hotspare(),
        "bbu-learn" => bbu_learn(),
        "ceph-node" => ceph_node(),
        "large" => large(),
        other => {
            return Err(format!(
                "unknown scenario {other:?}; expected one of: {}",
                NAMES.join(", ")
            ));
        }
    };
    st.scenario = name.to_owned();
    Ok(st)
}

struct DriveSpec {
    gb: u64,
    pd_type: PdType,
    media: MediaType,
    vendor: &'static str,
    model: &'static str,
    firmware: &'static str,
}

const SAS_300: DriveSpec = DriveSpec {
    gb: 300,
    pd_type: PdType::Sas,
    media: MediaType::Hdd,
    vendor: "SEAGATE",
    model: "ST300MM0006",
    firmware: "LS08",
};
const SAS_600: DriveSpec = DriveSpec {
    gb: 600,
    pd_type: PdType::Sas,
    media: MediaType::Hdd,
    vendor: "SEAGATE",
    model: "ST600MM0006",
    firmware: "LS0A",
};
const SAS_1200: DriveSpec = DriveSpec {
    gb: 1200,
    pd_type: PdType::Sas,
    media: MediaType::Hdd,
    vendor: "HGST",
    model: "HUC101212CSS600",
    firmware: "U5E0",
};
const SATA_SSD_480: DriveSpec = DriveSpec {
    gb: 480,
    pd_type: PdType::Sata,
    media: MediaType::Ssd,
    vendor: "",
    model: "INTEL SSDSC2KB480G8R",
    firmware: "XCV1",
};
const SATA_8T: DriveSpec = DriveSpec {
    gb: 8000,
    pd_type: PdType::Sata,
    media: MediaType::Hdd,
    vendor: "",
    model: "ST8000NM0055-1RM112",
    firmware: "SN04",
};

fn drive(
    adapter: u32,
    enclosure: Option<u16>,
    slot: u16,
    device_id: u32,
    spec: &DriveSpec,
) -> Drive {
    let n = u64::from(adapter) * 1000 + u64::from(device_id);
    Drive {
        enclosure,
        slot,
        device_id,
        pd_type: spec.pd_type.clone(),
        media: spec.media.clone(),
        vendor: spec.vendor.to_owned(),
        model: spec.model.to_owned(),
        serial: format!(
            "{}{:06X}",
            if spec.pd_type == PdType::Sata {
                "ZA"
            } else {
                "S0K"
            },
            0x1A_2B00 + n
        ),
        firmware: spec.firmware.to_owned(),
        wwn: format!("5000c500{:08x}", 0x8a1b_0000 + n * 4),
        raw_sectors: idema_sectors(spec.gb),
        state: FirmwareState::UnconfiguredGood,
        spun_up: true,
        foreign: None,
        hotspare: None,
        was_spare: None,
        media_errors: 0,
        other_errors: 0,
        predictive: 0,
        temperature: 27 + i32::from(u8::try_from(slot % 7).unwrap_or(0)),
        locate: false,
        prepared_for_removal: false,
        speed: "6.0Gb/s".to_owned(),
        op: None,
        smart: crate::smartctl::SimSmart::default(),
    }
}

fn settings() -> Settings {
    Settings {
        auto_rebuild: true,
        copyback_enabled: true,
        rebuild_rate: 30,
        alarm: "Enabled".to_owned(),
        battery_warning: true,
        jbod_enabled: false,
        maintain_pd_fail_history: true,
        restore_hsp_on_insert: false,
        missing_row_ops: true,
    }
}

fn adapter(index: u32, product: &str) -> Adapter {
    Adapter {
        index,
        product: product.to_owned(),
        serial: format!("29F0{:02}R", 26 + index),
        fw_package: "21.3.5-0002".to_owned(),
        fw_version: "3.131.05-8019".to_owned(),
        bios_version: "5.42.00.1_4.12.05.00_0x05290000".to_owned(),
        sas_address: format!("5d4ae520{:08x}", 0x9a2c_4400 + index * 0x100),
        memory_mb: 512,
        pci: (3 + index, 0, 0),
        pci_ids: (
            "0x1000".to_owned(),
            "0x005b".to_owned(),
            "0x1028".to_owned(),
            "0x1f34".to_owned(),
        ),
        settings: settings(),
        enclosures: Vec::new(),
        drives: Vec::new(),
        pulled: Vec::new(),
        groups: Vec::new(),
        vds: Vec::new(),
        preserved_cache: Vec::new(),
        bbu: Some(Bbu {
            battery_type: "BBU".to_owned(),
            charge: 100.0,
            learn_started: None,
            charging: false,
            replacement_required: false,
            full_capacity: 1477,
            design_capacity: 1800,
            temperature: 31,
        }),
        events: Vec::new(),
        next_seq: 0x3a00,
        next_device_id: 0,
        next_uid: 0,
        clear_seq: 0,
        boot_seq: 0,
    }
}

fn enclosure(id: u16, slots: u16, product: &str) -> Enclosure {
    Enclosure {
        device_id: id,
        slots,
        kind: "SES".to_owned(),
        vendor: "DP".to_owned(),
        product: product.to_owned(),
        revision: "1.00".to_owned(),
    }
}

/// Adds a VD over the given spans of drive addresses; members become Online.
fn add_vd(
    ad: &mut Adapter,
    level: RaidLevel,
    spans: &[Vec<DriveAddress>],
    name: &str,
    strip_kb: u32,
) -> u64 {
    let size = spans
        .iter()
        .flatten()
        .filter_map(|a| ad.drive(*a))
        .map(Drive::coerced_sectors)
        .min()
        .unwrap_or(0);
    let pd_type = spans
        .iter()
        .flatten()
        .find_map(|a| ad.drive(*a))
        .map_or(PdType::Sas, |d| d.pd_type.clone());
    let uid = ad.uid();
    ad.groups
        .push(DiskGroup::from_spans(uid, level, spans, size, &pd_type));
    for a in spans.iter().flatten() {
        if let Some(d) = ad.drive_mut(*a) {
            d.state = FirmwareState::Online;
        }
    }
    let target = u32::try_from(ad.vds.len()).unwrap_or(0);
    let vd_uid = ad.uid();
    ad.vds.push(Vd::new(vd_uid, target, uid, name, strip_kb));
    uid
}

fn boot_events(ad: &mut Adapter) {
    engine::boot(ad, 0);
}

fn state(adapters: Vec<Adapter>) -> SimState {
    SimState {
        format: STATE_FORMAT,
        scenario: String::new(),
        clock: 120,
        epoch: EPOCH,
        speed: 1.0,
        storcli_version: None,
        adapters,
        faults: Vec::new(),
        calls: Default::default(),
    }
}

fn a32(slot: u16) -> DriveAddress {
    DriveAddress::new(32, slot)
}

/// One PERC H710-like adapter, 12 drives: RAID1 boot (slots 0-1), RAID5 data (2-6), RAID0
/// scratch (7), four unconfigured (8-11), BBU optimal.
fn healthy() -> SimState {
    let mut ad = adapter(0, "PERC H710 Mini");
    ad.enclosures.push(enclosure(32, 12, "BP12G+"));
    for slot in 0..12u16 {
        let spec = if slot < 2 { &SAS_300 } else { &SAS_600 };
        ad.drives
            .push(drive(0, Some(32), slot, u32::from(slot), spec));
    }
    ad.next_device_id = 11;
    add_vd(
        &mut ad,
        RaidLevel::Raid1,
        &[vec![a32(0), a32(1)]],
        "boot",
        64,
    );
    add_vd(
        &mut ad,
        RaidLevel::Raid5,
        &[(2..7).map(a32).collect()],
        "data",
        256,
    );
    add_vd(&mut ad, RaidLevel::Raid0, &[vec![a32(7)]], "scratch", 64);
    boot_events(&mut ad);
    state(vec![ad])
}

/// `healthy` with the RAID5 member in slot 4 Failed (still in its slot).
fn degraded() -> SimState {
    let mut st = healthy();
    let ad = &mut st.adapters[0];
    if let Some(d) = ad.drive_mut(a32(4)) {
        d.media_errors = 212;
        d.other_errors = 3;
    }
    engine::set_pd_state(ad, 60, a32(4), FirmwareState::Failed);
    settle(ad, 60);
    st
}

/// `healthy` with slot 4 replaced and rebuilding (35 %, started 40 minutes ago).
fn rebuilding() -> SimState {
    let mut st = degraded();
    st.clock = 2400 + 120;
    let ad = &mut st.adapters[0];
    let _ = world::pull(ad, 90, a32(4));
    let _ = world::insert(ad, 120, a32(4), Some(world::InsertKind::Blank), None);
    if let Some(d) = ad.drive_mut(a32(4)) {
        d.op = Some(DriveOp {
            kind: OpKind::Rebuild,
            percent: 35.0,
            started: 120,
            source: None,
        });
    }
    st
}

/// The RAID5 member in slot 4 was pulled and re-inserted: Unconfigured(bad), foreign; its
/// row is missing.
fn foreign() -> SimState {
    let mut st = healthy();
    let ad = &mut st.adapters[0];
    let _ = world::pull(ad, 60, a32(4));
    let _ = world::insert(ad, 90, a32(4), Some(world::InsertKind::Original), None);
    st
}

/// `healthy` plus a global revertible spare (slot 11) and a spare dedicated to the RAID5
/// (slot 10).
fn hotspare() -> SimState {
    let mut st = healthy();
    let ad = &mut st.adapters[0];
    let data_uid = ad.groups[1].uid;
    for (slot, dedicated) in [(11u16, vec![]), (10, vec![data_uid])] {
        if let Some(d) = ad.drive_mut(a32(slot)) {
            d.state = FirmwareState::Hotspare;
            d.hotspare = Some(Hotspare {
                dedicated,
                revertible: true,
            });
        }
    }
    st
}

/// `healthy` with the battery in a learn cycle (write-back VDs fall back to write-through).
fn bbu_learn() -> SimState {
    let mut st = healthy();
    let ad = &mut st.adapters[0];
    let _ = world::bbu(ad, 100, "learn");
    if let Some(b) = ad.bbu.as_mut() {
        b.charge = 71.0;
    }
    st
}

/// One OSD node of a six-node, 72-drive Ceph cluster: PERC H730P, RAID1 boot on two SSDs,
/// twelve 8 TB SATA drives Unconfigured(good), JBOD enabled.
fn ceph_node() -> SimState {
    let mut ad = adapter(0, "PERC H730P Mini");
    ad.pci_ids.1 = "0x005d".to_owned();
    ad.memory_mb = 2048;
    ad.settings.jbod_enabled = true;
    ad.enclosures.push(enclosure(32, 14, "BP13G+EXP"));
    for slot in 0..14u16 {
        let spec = if slot < 2 { &SATA_SSD_480 } else { &SATA_8T };
        ad.drives
            .push(drive(0, Some(32), slot, u32::from(slot), spec));
    }
    ad.next_device_id = 13;
    add_vd(&mut ad, RaidLevel::Raid1, &[vec![a32(0), a32(1)]], "os", 64);
    boot_events(&mut ad);
    state(vec![ad])
}

/// Four adapters with 64 drives each (two 32-slot enclosures) and six VDs each (RAID 1, 5, 6,
/// 10, 50, 60), one global spare and seven unconfigured drives per adapter.
fn large() -> SimState {
    let mut adapters = Vec::new();
    for a in 0..4u32 {
        let mut ad = adapter(a, "LSI MegaRAID SAS 9286CV-8e");
        ad.memory_mb = 1024;
        ad.settings.alarm = "Enabled".to_owned();
        ad.enclosures.push(enclosure(8, 32, "SC847P"));
        ad.enclosures.push(enclosure(9, 32, "SC847J"));
        for i in 0..64u16 {
            let (e, slot) = if i < 32 { (8, i) } else { (9, i - 32) };
            ad.drives
                .push(drive(a, Some(e), slot, u32::from(i) + 10, &SAS_1200));
        }
        ad.next_device_id = 80;
        let addr = |i: u16| {
            if i < 32 {
                DriveAddress::new(8, i)
            } else {
                DriveAddress::new(9, i - 32)
            }
        };
        let run = |from: u16, n: u16| -> Vec<DriveAddress> { (from..from + n).map(addr).collect() };
        add_vd(&mut ad, RaidLevel::Raid1, &[run(0, 2)], "os", 64);
        add_vd(&mut ad, RaidLevel::Raid5, &[run(2, 8)], "db", 256);
        add_vd(&mut ad, RaidLevel::Raid6, &[run(10, 10)], "archive", 256);
        add_vd(
            &mut ad,
            RaidLevel::Raid10,
            &[run(20, 2), run(22, 2), run(24, 2), run(26, 2)],
            "logs",
            64,
        );
        add_vd(
            &mut ad,
            RaidLevel::Raid50,
            &[run(28, 6), run(34, 6)],
            "media",
            256,
        );
        add_vd(
            &mut ad,
            RaidLevel::Raid60,
            &[run(40, 8), run(48, 8)],
            "backup",
            256,
        );
        if let Some(d) = ad.drive_mut(addr(56)) {
            d.state = FirmwareState::Hotspare;
            d.hotspare = Some(Hotspare {
                dedicated: Vec::new(),
                revertible: true,
            });
        }
        boot_events(&mut ad);
        adapters.push(ad);
    }
    state(adapters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use raidctl_model::LdState;

    #[test]
    fn every_scenario_builds_and_is_consistent() {
        for name in NAMES {
            let st = build(name).unwrap();
            for ad in &st.adapters {
                for g in &ad.groups {
                    for a in g
                        .spans
                        .iter()
                        .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                    {
                        assert!(
                            ad.drive(a).is_some(),
                            "{name}: row points at a missing drive {a}"
                        );
                    }
                }
            }
        }
        let st = build("large").unwrap();
        assert_eq!(st.adapters.len(), 4);
        assert_eq!(st.adapters.iter().map(|a| a.vds.len()).sum::<usize>(), 24);
        assert!(st.adapters.iter().all(|a| a.drives.len() == 64));
        let st = build("degraded").unwrap();
        let ad = &st.adapters[0];
        assert_eq!(ad.vd_state(&ad.vds[1]), LdState::Degraded);
        assert_eq!(ad.drive(a32(4)).unwrap().state, FirmwareState::Failed);
    }
}
