//! A simulator state built to match a real capture: the drives, disk groups, VDs and battery
//! raidctl's parser read from it, on the adapter template of the `healthy` scenario.

use raidctl::model::{Document, FirmwareState, LdState, RaidLevel};
use raidctl::sim::scenarios;
use raidctl::sim::state::{Adapter, DiskGroup, Drive, Hotspare, SimState, Vd, coerced};

/// Raw sectors whose coerced size is the captured one (or the nearest 128 MiB step below).
fn raw_for(bytes: u64) -> u64 {
    bytes / 512 + 0x10_0000 + 0x3_ffff
}

/// What the `healthy` scenario's first adapter holds, each document record's starting point.
struct Templates {
    adapter: Adapter,
    drive: Drive,
    vd: Vd,
    enc: raidctl::sim::state::Enclosure,
}

/// The state of every adapter the document names, in order.
pub fn from_doc(doc: &Document) -> SimState {
    let base = scenarios::build("healthy").unwrap();
    let adapter = base.adapters[0].clone();
    let t = Templates {
        drive: adapter.drives[0].clone(),
        vd: adapter.vds[0].clone(),
        enc: adapter.enclosures[0].clone(),
        adapter,
    };
    let mut numbers: Vec<u32> = doc
        .physical_drives
        .iter()
        .map(|d| d.adapter)
        .chain(doc.logical_drives.iter().map(|l| l.adapter))
        .chain(doc.adapters.iter().map(|a| a.adapter))
        .chain(doc.bbus.iter().map(|b| b.adapter))
        .chain(doc.enclosures.iter().map(|e| e.adapter))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut st = base.clone();
    st.adapters = numbers
        .into_iter()
        .map(|n| adapter_from(doc, n, &t))
        .collect();
    st
}

/// Adapter `n` of the document on the template: its identity, drives, enclosures, disk groups,
/// VDs and battery.
fn adapter_from(doc: &Document, n: u32, t: &Templates) -> Adapter {
    let mut ad: Adapter = t.adapter.clone();
    ad.index = n;
    if let Some(a) = doc.adapters.iter().find(|a| a.adapter == n) {
        if let Some(p) = &a.product_name {
            ad.product = p.clone();
        }
        if let Some(v) = &a.fw_version {
            ad.fw_version = v.clone();
            ad.fw_package = v.clone();
        }
        match &a.alarm {
            Some(v) => ad.settings.alarm = v.clone(),
            // omreport's `Not Applicable`: a controller without a buzzer.
            None if doc.kind.starts_with("omreport") => ad.settings.alarm = "Absent".to_owned(),
            None => {}
        }
    }
    ad.drives.clear();
    ad.pulled.clear();
    ad.groups.clear();
    ad.vds.clear();
    ad.enclosures.clear();
    ad.events.clear();
    ad.preserved_cache.clear();
    add_drives(&mut ad, doc, n, t);
    add_enclosures(&mut ad, doc, n, t);
    // (document drive group, simulator group uid)
    let mut groups: Vec<(u32, u64)> = Vec::new();
    add_vds(&mut ad, &mut groups, doc, n, t);
    add_loose_groups(&mut ad, &mut groups, doc, n);
    match doc.bbus.iter().find(|b| b.adapter == n) {
        Some(b) => {
            if let (Some(bbu), Some(t)) = (ad.bbu.as_mut(), &b.battery_type) {
                bbu.battery_type = t.clone();
            }
        }
        None => ad.bbu = None,
    }
    ad
}

fn add_drives(ad: &mut Adapter, doc: &Document, n: u32, t: &Templates) {
    for pd in doc.physical_drives.iter().filter(|d| d.adapter == n) {
        let mut d: Drive = t.drive.clone();
        d.enclosure = pd.enclosure_id;
        d.slot = pd.slot;
        d.device_id = pd.device_id.unwrap_or(u32::from(pd.slot));
        d.pd_type = pd.pd_type.clone();
        d.media = pd.media_type.clone();
        d.model = pd.model.clone().unwrap_or_default();
        d.vendor = pd.vendor.clone().unwrap_or_default();
        if let Some(s) = &pd.serial {
            d.serial = s.clone();
        }
        if let Some(f) = &pd.firmware {
            d.firmware = f.clone();
        }
        let bytes = pd
            .coerced_size_bytes
            .or(pd.non_coerced_size_bytes)
            .or(pd.raw_size_bytes)
            .unwrap_or(300_000_000_000);
        d.raw_sectors = raw_for(bytes);
        d.state = pd.firmware_state.clone();
        d.spun_up = pd.spun_up.unwrap_or(true);
        d.foreign = None;
        d.hotspare = (d.state == FirmwareState::Hotspare).then(|| Hotspare {
            dedicated: Vec::new(),
            revertible: true,
        });
        d.media_errors = pd.media_error_count.unwrap_or(0);
        d.other_errors = pd.other_error_count.unwrap_or(0);
        d.predictive = pd.predictive_failure_count.unwrap_or(0);
        d.op = None;
        if let Some(t) = pd.temperature_c {
            d.temperature = t;
        }
        if let Some(e) = d.enclosure {
            if !ad.enclosures.iter().any(|x| x.device_id == e) {
                let mut enc = t.enc.clone();
                enc.device_id = e;
                ad.enclosures.push(enc);
            }
        }
        ad.drives.push(d);
    }
}

fn add_enclosures(ad: &mut Adapter, doc: &Document, n: u32, t: &Templates) {
    for e in doc.enclosures.iter().filter(|e| e.adapter == n) {
        let id = e
            .device_id
            .and_then(|d| u16::try_from(d).ok())
            .unwrap_or(32);
        if !ad.enclosures.iter().any(|x| x.device_id == id) {
            let mut enc = t.enc.clone();
            enc.device_id = id;
            ad.enclosures.push(enc);
        }
        if let (Some(x), Some(p)) = (
            ad.enclosures.iter_mut().find(|x| x.device_id == id),
            &e.product,
        ) {
            x.product = p.clone();
        }
    }
    for e in &mut ad.enclosures {
        let top = ad
            .drives
            .iter()
            .filter(|d| d.enclosure == Some(e.device_id))
            .map(|d| d.slot + 1)
            .max()
            .unwrap_or(1);
        e.slots = e.slots.max(top);
    }
}

fn add_vds(ad: &mut Adapter, groups: &mut Vec<(u32, u64)>, doc: &Document, n: u32, t: &Templates) {
    let mut lds: Vec<_> = doc
        .logical_drives
        .iter()
        .filter(|l| l.adapter == n)
        .collect();
    lds.sort_by_key(|l| l.target_id);
    for ld in lds {
        let dg = ld.disk_group.unwrap_or(ld.number);
        let members: Vec<_> = if ld.members.is_empty() {
            let mut v: Vec<_> = ad
                .drives
                .iter()
                .filter(|d| {
                    doc.physical_drives.iter().any(|p| {
                        p.adapter == n && p.address() == d.addr() && p.disk_group == Some(dg)
                    })
                })
                .map(Drive::addr)
                .collect();
            v.sort();
            v
        } else {
            ld.members.clone()
        };
        let group_uid = group_for(ad, groups, ld, dg, &members);
        let mut vd: Vd = t.vd.clone();
        vd.uid = ad.uid();
        vd.target = ld.target_id;
        vd.group_uid = group_uid;
        vd.name = ld.name.clone().unwrap_or_default();
        vd.bgi = None;
        vd.bad_blocks = ld.bad_blocks_exist.unwrap_or(false);
        if let Some(c) = ld.current_cache_policy.as_deref() {
            vd.write_back = c.contains("WB");
            vd.read_policy = if c.starts_with("NR") {
                "ReadAheadNone".to_owned()
            } else {
                "ReadAhead".to_owned()
            };
            vd.cached_io = c.ends_with('C');
        }
        vd.last_state = LdState::Optimal;
        ad.vds.push(vd);
    }
}

/// The disk group of document drive group `dg`: the one an earlier VD of it made, or a new one.
fn group_for(
    ad: &mut Adapter,
    groups: &mut Vec<(u32, u64)>,
    ld: &raidctl::model::LogicalDrive,
    dg: u32,
    members: &[raidctl::model::DriveAddress],
) -> u64 {
    // The group is shared by every VD of the same drive group.
    if let Some(u) = groups.iter().find(|(g, _)| *g == dg).map(|(_, u)| *u) {
        return u;
    }
    let spans: Vec<Vec<_>> = match (&ld.raid_level, ld.span_depth) {
        (_, Some(s)) if s > 1 => {
            let per = members.len() / usize::try_from(s).unwrap();
            members.chunks(per.max(1)).map(<[_]>::to_vec).collect()
        }
        (RaidLevel::Raid10, _) => members.chunks(2).map(<[_]>::to_vec).collect(),
        _ => vec![members.to_vec()],
    };
    let uid = push_group(
        ad,
        ld.raid_level.clone(),
        &spans,
        coerced(raw_for(300_000_000_000)),
    );
    groups.push((dg, uid));
    uid
}

/// A disk group of `spans` on the adapter, as large as its smallest drive (`no_drive` when it
/// has none the adapter knows): its uid.
fn push_group(
    ad: &mut Adapter,
    level: RaidLevel,
    spans: &[Vec<raidctl::model::DriveAddress>],
    no_drive: u64,
) -> u64 {
    let members = || spans.iter().flatten().filter_map(|a| ad.drive(*a));
    let size = members()
        .map(Drive::coerced_sectors)
        .min()
        .unwrap_or(no_drive);
    let pd_type = members()
        .next()
        .map(|d| d.pd_type.clone())
        .unwrap_or_default();
    let uid = ad.uid();
    ad.groups
        .push(DiskGroup::from_spans(uid, level, spans, size, &pd_type));
    uid
}

/// Drives in a drive group no VD of the document names (a drive list alone): a group of its
/// own, numbered as captured when the numbers follow on.
fn add_loose_groups(ad: &mut Adapter, groups: &mut Vec<(u32, u64)>, doc: &Document, n: u32) {
    let mut dgs: Vec<u32> = doc
        .physical_drives
        .iter()
        .filter(|p| p.adapter == n)
        .filter_map(|p| p.disk_group)
        .filter(|g| !groups.iter().any(|(x, _)| x == g))
        .collect();
    dgs.sort_unstable();
    dgs.dedup();
    for g in dgs {
        if usize::try_from(g).ok() != Some(ad.groups.len()) {
            continue;
        }
        let members: Vec<_> = doc
            .physical_drives
            .iter()
            .filter(|p| p.adapter == n && p.disk_group == Some(g))
            .map(raidctl::model::PhysicalDrive::address)
            .collect();
        let uid = push_group(ad, RaidLevel::Raid0, &[members], 0);
        groups.push((g, uid));
    }
}
