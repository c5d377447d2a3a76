//! Dell OpenManage (OMSA) front end of the simulated controller: `omreport storage ...` and
//! `omconfig storage ...`, answered from the same [`SimState`] as the MegaCli front end.
//!
//! `omreport` prints `-fmt ssv` (semicolon-separated, the layout of the dellhw-exporter
//! captures: a title, `Controller NAME`, a header line, one line per object) or, by default,
//! the `Key : Value` text form (one block per object, keys padded to a common width; that
//! layout is not from a capture, see [`crate::sim::unverified::omsa`]).
//!
//! `omconfig` actions are translated into the equivalent MegaCli [`Invocation`] and run through
//! [`crate::sim::dispatch`], so they change the state exactly as MegaCli would. Success prints
//! `Command successful!` (exit 0); failure prints `Error: ...` and exits non-zero.
//!
//! # Physical disk ids
//!
//! OMSA names a disk `connector:enclosure:port`; the simulator maps MegaCli's `[E:S]` as
//! follows (see [`pdisk_id`]):
//! - connector is always `0` (one SAS connector);
//! - enclosure is `1 +` the position of enclosure `E` in the controller's enclosure list (the
//!   first backplane is `1`, as on real PERC H7x0 systems, whose disks read `0:1:N`);
//! - port is the slot `S`.
//!
//! A drive without an enclosure (`[:S]`, direct attached) is `0:S` (`connector:port`).
//! `omconfig` accepts both forms. Enclosures are `0:1`, `0:2`...
//!
//! Calls are counted (and faults matched) as `omreport:<object>` (`omreport:pdisk`...) and
//! `omconfig:<action>` (`omconfig:offline`, `omconfig:createvdisk`...).

use crate::model::{DriveAddress, FirmwareState, LdState, MediaType, PdType, RaidLevel};
use crate::sim::args::{AdapterSel, Invocation, LdSel};
use crate::sim::render::foreign_configs;
use crate::sim::state::{Adapter, Drive, SimState, Vd, data_sectors};
use crate::sim::unverified::{fill, omsa as unv};

/// One OMSA object: ordered keys and values.
pub type Record = Vec<(&'static str, String)>;

/// `connector:enclosure:port` id of a drive address (`0:S` without an enclosure).
pub fn pdisk_id(ad: &Adapter, a: DriveAddress) -> String {
    match a.enclosure {
        Some(e) => {
            let n = ad
                .enclosures
                .iter()
                .position(|x| x.device_id == e)
                .map_or(u32::from(e), |p| u32::try_from(p + 1).unwrap_or(0));
            format!("0:{n}:{}", a.slot)
        }
        None => format!("0:{}", a.slot),
    }
}

/// The drive address an OMSA id names (`0:1:4` or `0:4`).
pub fn parse_pdisk(ad: &Adapter, id: &str) -> Option<DriveAddress> {
    let parts: Vec<&str> = id.trim().split(':').collect();
    match parts.as_slice() {
        [c, e, p] => {
            if c.trim() != "0" {
                return None;
            }
            let n: usize = e.trim().parse().ok()?;
            let encl = ad.enclosures.get(n.checked_sub(1)?)?;
            Some(DriveAddress {
                enclosure: Some(encl.device_id),
                slot: p.trim().parse().ok()?,
            })
        }
        [c, p] => {
            if c.trim() != "0" {
                return None;
            }
            Some(DriveAddress {
                enclosure: None,
                slot: p.trim().parse().ok()?,
            })
        }
        _ => None,
    }
}

/// `Controller` name as OMSA prints it: `PERC H710 Mini (Embedded)`.
pub fn controller_name(ad: &Adapter) -> String {
    format!("{} (Embedded)", ad.product)
}

/// OMSA capacity: `558.38 GB (599550590976 bytes)` (binary gigabytes, two decimals, thousands
/// separators).
pub fn capacity(sectors: u64) -> String {
    let bytes = u128::from(sectors) * 512;
    let hundredths = (bytes * 100 + (1u128 << 29)) >> 30;
    let int = (hundredths / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{grouped}.{:02} GB ({bytes} bytes)", hundredths % 100)
}

fn na() -> String {
    "Not Applicable".to_owned()
}

fn navail() -> String {
    "Not Available".to_owned()
}

/// OMSA `State` of a physical disk.
pub fn pdisk_state(d: &Drive) -> &'static str {
    if d.foreign.is_some() {
        return "Foreign";
    }
    match d.state {
        FirmwareState::Online => "Online",
        FirmwareState::Offline => "Offline",
        FirmwareState::Failed | FirmwareState::UnconfiguredBad => "Failed",
        FirmwareState::Rebuild => "Rebuilding",
        FirmwareState::Copyback => "Replacing",
        FirmwareState::Jbod => "Non-RAID",
        FirmwareState::UnconfiguredGood | FirmwareState::Hotspare => "Ready",
        FirmwareState::Unknown(_) => "Unknown",
    }
}

fn pdisk_status(d: &Drive) -> &'static str {
    match pdisk_state(d) {
        "Failed" => "Critical",
        "Offline" | "Rebuilding" | "Foreign" | "Replacing" => "Non-Critical",
        _ if d.predictive > 0 => "Non-Critical",
        _ => "Ok",
    }
}

fn speed(d: &Drive) -> String {
    let gbps: f64 = d.speed.trim_end_matches("Gb/s").parse().unwrap_or(6.0);
    format!("{gbps:.2} Gbps")
}

/// One `omreport storage pdisk` object (keys of the PERC H730 capture).
pub fn pdisk_record(ad: &Adapter, d: &Drive) -> Record {
    let id = pdisk_id(ad, d.addr());
    let total = d.coerced_sectors();
    let used = match ad.position(d.addr()) {
        Some(p) => ad.groups[p.group].spans[p.span].rows[p.row].size_sectors,
        None => 0,
    };
    let hot = match &d.hotspare {
        Some(h) if d.state == FirmwareState::Hotspare && h.dedicated.is_empty() => "Global",
        Some(_) if d.state == FirmwareState::Hotspare => "Dedicated",
        _ => "No",
    };
    let progress = match &d.op {
        Some(op) => format!("{}% complete", op.percent.floor()),
        None => na(),
    };
    vec![
        ("ID", id.clone()),
        ("Status", pdisk_status(d).to_owned()),
        ("Name", format!("Physical Disk {id}")),
        ("State", pdisk_state(d).to_owned()),
        (
            "Power Status",
            if d.spun_up { "Spun Up" } else { "Spun Down" }.to_owned(),
        ),
        (
            "Bus Protocol",
            match d.pd_type {
                PdType::Sata => "SATA",
                PdType::Nvme => "PCIe",
                _ => "SAS",
            }
            .to_owned(),
        ),
        (
            "Media",
            if d.media == MediaType::Ssd {
                "SSD"
            } else {
                "HDD"
            }
            .to_owned(),
        ),
        ("Part of Cache Pool", na()),
        (
            "Remaining Rated Write Endurance",
            if d.media == MediaType::Ssd {
                "100%".to_owned()
            } else {
                na()
            },
        ),
        (
            "Failure Predicted",
            if d.predictive > 0 { "Yes" } else { "No" }.to_owned(),
        ),
        ("Revision", d.firmware.clone()),
        ("Driver Version", na()),
        ("Model Number", na()),
        ("T10 PI Capable", "No".to_owned()),
        ("Certified", "Yes".to_owned()),
        ("Encryption Capable", "No".to_owned()),
        ("Encrypted", na()),
        ("Progress", progress),
        ("Mirror Set ID", na()),
        ("Capacity", capacity(total)),
        ("Used RAID Disk Space", capacity(used)),
        (
            "Available RAID Disk Space",
            capacity(total - used.min(total)),
        ),
        ("Hot Spare", hot.to_owned()),
        ("Vendor ID", "DELL(tm)".to_owned()),
        ("Product ID", d.model.clone()),
        ("Serial No.", d.serial.clone()),
        ("Part Number", navail()),
        ("Negotiated Speed", speed(d)),
        ("Capable Speed", speed(d)),
        ("PCIe Negotiated Link Width", na()),
        ("PCIe Maximum Link Width", na()),
        ("Sector Size", "512B".to_owned()),
        ("Device Write Cache", na()),
        ("Manufacture Day", navail()),
        ("Manufacture Week", navail()),
        ("Manufacture Year", navail()),
        ("SAS Address", d.wwn.to_ascii_uppercase()),
        ("Non-RAID HDD Disk Cache Policy", na()),
        ("Disk Cache Policy", na()),
        ("Form Factor ", navail()),
        ("Sub Vendor", navail()),
        ("ISE Capable", "No".to_owned()),
    ]
}

fn layout(l: &RaidLevel) -> String {
    match l.megacli_number() {
        Some(0) if matches!(l, RaidLevel::Raid00) => "RAID-00".to_owned(),
        Some(n) => format!("RAID-{n}"),
        None => "RAID-0".to_owned(),
    }
}

/// OMSA `State` of a virtual disk.
pub fn vdisk_state(ad: &Adapter, vd: &Vd) -> &'static str {
    match ad.vd_state(vd) {
        LdState::Optimal if vd.bgi.is_some() => "Background Initialization",
        LdState::Optimal => "Ready",
        LdState::Degraded | LdState::PartiallyDegraded => "Degraded",
        _ => "Failed",
    }
}

/// One `omreport storage vdisk` object.
pub fn vdisk_record(ad: &Adapter, vd: &Vd) -> Record {
    let g = ad.group_index(vd.group_uid);
    let group = g.and_then(|g| ad.groups.get(g));
    let member = group.and_then(|gr| {
        gr.spans
            .iter()
            .flat_map(|s| s.rows.iter())
            .find_map(|r| r.drive.and_then(|a| ad.drive(a)))
    });
    let state = ad.vd_state(vd);
    let status = match state {
        LdState::Optimal if vd.bad_blocks => "Critical",
        LdState::Optimal => "Ok",
        LdState::Degraded | LdState::PartiallyDegraded => "Non-Critical",
        _ => "Critical",
    };
    let spare_violated = ad.drives.iter().any(|d| {
        d.state == FirmwareState::Hotspare
            && d.hotspare
                .as_ref()
                .is_some_and(|h| h.dedicated.contains(&vd.group_uid))
    });
    let progress = match &vd.bgi {
        Some(op) => format!("{}% complete", op.percent.floor()),
        None => na(),
    };
    let size = group.map_or(0, |gr| {
        let count = ad
            .vds
            .iter()
            .filter(|v| v.group_uid == vd.group_uid)
            .count()
            .max(1) as u64;
        data_sectors(&gr.level, gr, ad.member_sectors(gr)) / count
    });
    vec![
        ("ID", vd.target.to_string()),
        ("Status", status.to_owned()),
        ("Name", vdisk_name(vd)),
        ("State", vdisk_state(ad, vd).to_owned()),
        (
            "Hot Spare Policy violated",
            if spare_violated { "No" } else { "Not Assigned" }.to_owned(),
        ),
        (
            "Virtual Disk Bad Blocks",
            if vd.bad_blocks { "Yes" } else { "No" }.to_owned(),
        ),
        ("Encrypted", "No".to_owned()),
        ("Progress", progress),
        ("Layout", group.map_or_else(na, |gr| layout(&gr.level))),
        ("Size", capacity(size)),
        ("T10 Protection Information Status", "No".to_owned()),
        ("Associated Fluid Cache State ", na()),
        (
            "Device Name",
            format!(
                "/dev/sd{}",
                char::from(b'a' + u8::try_from(vd.target % 26).unwrap_or(0))
            ),
        ),
        (
            "Bus Protocol",
            member
                .map_or("SAS", |d| match d.pd_type {
                    PdType::Sata => "SATA",
                    _ => "SAS",
                })
                .to_owned(),
        ),
        (
            "Media",
            member
                .map_or("HDD", |d| {
                    if d.media == MediaType::Ssd {
                        "SSD"
                    } else {
                        "HDD"
                    }
                })
                .to_owned(),
        ),
        (
            "Read Policy",
            match vd.read_policy.as_str() {
                "ReadAheadNone" => "No Read Ahead",
                "ReadAhead" => "Read Ahead",
                _ => "Adaptive Read Ahead",
            }
            .to_owned(),
        ),
        (
            "Write Policy",
            if ad.effective_write_back(vd) {
                "Write Back"
            } else {
                "Write Through"
            }
            .to_owned(),
        ),
        ("Cache Policy", na()),
        ("Strip Element Size", format!("{} KB", vd.strip_kb)),
        ("Disk Cache Policy", "Unchanged".to_owned()),
    ]
}

/// One `omreport storage controller` object (keys of the PERC H730 capture).
pub fn controller_record(ad: &Adapter) -> Record {
    let set = &ad.settings;
    let degraded = ad.vds.iter().any(|v| ad.vd_state(v) != LdState::Optimal);
    let alarm = match set.alarm.as_str() {
        "Enabled" => "Enabled",
        "Disabled" => "Disabled",
        "Silenced" => "Silenced",
        _ => "Not Applicable",
    };
    let rate = format!("{}%", set.rebuild_rate);
    vec![
        ("ID", ad.index.to_string()),
        (
            "Status",
            if degraded { "Non-Critical" } else { "Ok" }.to_owned(),
        ),
        ("Name", ad.product.clone()),
        ("Slot ID", "Embedded".to_owned()),
        (
            "State",
            if degraded { "Degraded" } else { "Ready" }.to_owned(),
        ),
        ("Firmware Version", ad.fw_package.clone()),
        ("Minimum Required Firmware Version", na()),
        ("Driver Version", "07.714.04.00-rc1".to_owned()),
        ("Minimum Required Driver Version", na()),
        ("Storport Driver Version", na()),
        ("Minimum Required Storport Driver Version", na()),
        ("Number of Connectors", "1".to_owned()),
        ("Rebuild Rate", rate),
        ("BGI Rate", "30%".to_owned()),
        ("Check Consistency Rate", "30%".to_owned()),
        ("Reconstruct Rate", "30%".to_owned()),
        ("Alarm State", alarm.to_owned()),
        ("Cluster Mode", na()),
        ("SCSI Initiator ID", na()),
        ("Cache Memory Size", format!("{} MB", ad.memory_mb)),
        ("Patrol Read Mode", "Auto".to_owned()),
        ("Patrol Read State", "Stopped".to_owned()),
        ("Patrol Read Rate", "30%".to_owned()),
        ("Patrol Read Iterations", "0".to_owned()),
        ("Abort Check Consistency on Error", "Disabled".to_owned()),
        (
            "Allow Revertible Hot Spare and Replace Member",
            if set.copyback_enabled {
                "Enabled"
            } else {
                "Disabled"
            }
            .to_owned(),
        ),
        ("Load Balance", na()),
        (
            "Auto Replace Member on Predictive Failure",
            "Disabled".to_owned(),
        ),
        ("Redundant Path view", na()),
        ("CacheCade Capable", na()),
        (
            "Persistent Hot Spare",
            if set.restore_hsp_on_insert {
                "Enabled"
            } else {
                "Disabled"
            }
            .to_owned(),
        ),
        ("Encryption Capable", "No".to_owned()),
        ("Encryption Key Present", "No".to_owned()),
        ("Encryption Mode", "None".to_owned()),
        (
            "Preserved Cache",
            if ad.preserved_cache.is_empty() {
                na()
            } else {
                "Yes".to_owned()
            },
        ),
        ("Spin Down Unconfigured Drives", "Disabled".to_owned()),
        ("Spin Down Hot Spares", "Disabled".to_owned()),
        ("Spin Down Configured Drives", "Disabled".to_owned()),
        (
            "Automatic Disk Power Saving (Idle C)",
            "Disabled".to_owned(),
        ),
        ("Time Interval for Spin Down (in Minutes)", "30".to_owned()),
        ("Start Time (HH:MM)", na()),
        ("Time Interval for Spin Up (in Hours)", na()),
        ("T10 Protection Information Capable", "No".to_owned()),
        ("Non-RAID HDD Disk Cache Policy", "Unchanged".to_owned()),
        ("Current Controller Mode", "RAID".to_owned()),
    ]
}

/// One `omreport storage battery` object.
pub fn battery_record(ad: &Adapter) -> Option<Record> {
    let b = ad.bbu.as_ref()?;
    let (state, status) = match b.state_text() {
        "Optimal" => ("Ready", "Ok"),
        "Learning" => ("Learning", "Non-Critical"),
        "Failed" => ("Failed", "Critical"),
        _ if b.charging => ("Charging", "Non-Critical"),
        _ => ("Degraded", "Non-Critical"),
    };
    Some(vec![
        ("ID", "0".to_owned()),
        ("Status", status.to_owned()),
        ("Name", "Battery ".to_owned()),
        ("State", state.to_owned()),
        ("Recharge Count", na()),
        ("Max Recharge Count", na()),
        (
            "Learn State",
            if b.learn_started.is_some() {
                "Active".to_owned()
            } else {
                na()
            },
        ),
        ("Next Learn Time", na()),
        ("Maximum Learn Delay", na()),
    ])
}

/// `omreport storage enclosure` objects of a controller.
pub fn enclosure_records(ad: &Adapter) -> Vec<Record> {
    ad.enclosures
        .iter()
        .enumerate()
        .map(|(n, e)| {
            vec![
                ("ID", format!("0:{}", n + 1)),
                ("Status", "Ok".to_owned()),
                ("Name", "Backplane".to_owned()),
                ("State", "Ready".to_owned()),
                ("Connector", "0".to_owned()),
                ("Target ID", na()),
                ("Configuration", na()),
                ("Firmware Version", e.revision.clone()),
                ("Downstream Firmware Version", na()),
                ("Service Tag", na()),
                ("Express Service Code", na()),
                ("Asset Tag", na()),
                ("Asset Name", na()),
                ("Backplane Part Number", na()),
                ("Split Bus Part Number", na()),
                ("Enclosure Part Number", na()),
                (
                    "SAS Address",
                    format!("{:X}", 0x5000_56B3_B43B_0000_u64 + u64::from(e.device_id)),
                ),
                ("Enclosure Alarm", na()),
            ]
        })
        .collect()
}

/// How `omreport` formats its objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    /// `-fmt ssv`.
    Ssv,
    /// The default `Key : Value` blocks.
    Text,
}

fn ssv_block(records: &[Record]) -> String {
    let mut out = String::new();
    if let Some(first) = records.first() {
        let head: Vec<&str> = first.iter().map(|(k, _)| *k).collect();
        out.push_str(&head.join(";"));
        out.push('\n');
    }
    for r in records {
        let vals: Vec<&str> = r.iter().map(|(_, v)| v.as_str()).collect();
        out.push_str(&vals.join(";"));
        out.push('\n');
    }
    out
}

fn text_block(records: &[Record]) -> String {
    let width = records
        .iter()
        .flat_map(|r| r.iter().map(|(k, _)| k.trim_end().len()))
        .max()
        .unwrap_or(0)
        .max(unv::TEXT_KEY_WIDTH);
    let mut out = String::new();
    for r in records {
        for (k, v) in r {
            out.push_str(&format!("{:<width$} : {v}\n", k.trim_end()));
        }
        out.push('\n');
    }
    out
}

fn block(fmt: Fmt, records: &[Record]) -> String {
    match fmt {
        Fmt::Ssv => ssv_block(records),
        Fmt::Text => text_block(records),
    }
}

/// The name OMSA shows for a VD (its own, or `Virtual Disk N`).
fn vdisk_name(vd: &Vd) -> String {
    if vd.name.is_empty() {
        format!("Virtual Disk {}", vd.target)
    } else {
        vd.name.clone()
    }
}

/// The drives in a VD's rows (span by span, row by row); missing rows have none.
fn vd_members<'a>(ad: &'a Adapter, vd: &Vd) -> Vec<&'a Drive> {
    ad.groups
        .iter()
        .filter(|g| g.uid == vd.group_uid)
        .flat_map(|g| g.spans.iter().flat_map(|s| s.rows.iter()))
        .filter_map(|r| r.drive)
        .filter_map(|addr| {
            ad.drives
                .iter()
                .find(|d| d.enclosure == addr.enclosure && d.slot == addr.slot)
        })
        .collect()
}

fn sorted_drives(ad: &Adapter) -> Vec<&Drive> {
    let mut v: Vec<&Drive> = ad.drives.iter().collect();
    v.sort_by_key(|d| (d.enclosure, d.slot));
    v
}

/// Named arguments (`controller=0`, `pdisk=0:1:4`), keys lowercased.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OmArgs {
    /// Positional words, lowercased (`storage`, `pdisk`).
    pub words: Vec<String>,
    /// `key=value` pairs.
    pub kv: Vec<(String, String)>,
    /// `-fmt ssv` given.
    pub ssv: bool,
}

impl OmArgs {
    /// Parses argv (without the program name).
    pub fn parse(args: &[String]) -> Self {
        let mut o = Self::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "-fmt" {
                o.ssv = it.next().is_some_and(|f| f.eq_ignore_ascii_case("ssv"));
                continue;
            }
            match a.split_once('=') {
                Some((k, v)) => {
                    o.kv.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()))
                }
                None => o.words.push(a.to_ascii_lowercase()),
            }
        }
        o
    }

    /// Value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.kv
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn object(&self) -> &str {
        self.words
            .iter()
            .find(|w| w.as_str() != "storage")
            .map_or("", String::as_str)
    }
}

fn err(text: &str) -> (String, i32) {
    (format!("{text}\n"), unv::FAILURE_EXIT)
}

fn controllers<'a>(st: &'a SimState, a: &OmArgs) -> Result<Vec<&'a Adapter>, (String, i32)> {
    match a.get("controller") {
        None => Ok(st.adapters.iter().collect()),
        Some(c) => {
            let n: u32 = c
                .parse()
                .map_err(|_| err(&fill(unv::INVALID_CONTROLLER, &[("x", c)])))?;
            st.adapters
                .iter()
                .find(|ad| ad.index == n)
                .map(|ad| vec![ad])
                .ok_or_else(|| err(&fill(unv::INVALID_CONTROLLER, &[("x", c)])))
        }
    }
}

/// Answers `omreport` argv; returns stdout and exit status.
pub fn omreport(st: &SimState, args: &[String]) -> (String, i32) {
    let a = OmArgs::parse(args);
    let fmt = if a.ssv { Fmt::Ssv } else { Fmt::Text };
    if let Some(answer) = system_report(st, &a, fmt) {
        return answer;
    }
    if a.words.first().map(String::as_str) != Some("storage") {
        return err(&fill(unv::INVALID_COMMAND, &[("x", &args.join(" "))]));
    }
    let ads = match controllers(st, &a) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let mut out = String::new();
    match a.object() {
        "pdisk" => {
            let Some(ad) = a.get("controller").and(ads.first().copied()) else {
                return err(unv::PDISK_NEEDS_CONTROLLER);
            };
            let drives = match a.get("vdisk") {
                // The members of one VD, in row order.
                Some(v) => {
                    let Some(vd) = v
                        .parse::<u32>()
                        .ok()
                        .and_then(|t| ad.vds.iter().find(|vd| vd.target == t))
                    else {
                        return err(&fill(unv::INVALID_VDISK, &[("x", v)]));
                    };
                    out.push_str(&fill(unv::PDISKS_OF_VDISK, &[("x", &vdisk_name(vd))]));
                    out.push_str("\n\n");
                    vd_members(ad, vd)
                }
                None => {
                    out.push_str(&format!(
                        "List of Physical Disks on Controller {}\n\n",
                        controller_name(ad)
                    ));
                    sorted_drives(ad)
                }
            };
            out.push_str(&format!("Controller {}\n", controller_name(ad)));
            if fmt == Fmt::Ssv {
                out.push('\n');
            }
            let recs: Vec<Record> = drives.iter().map(|d| pdisk_record(ad, d)).collect();
            out.push_str(&block(fmt, &recs));
        }
        "vdisk" => {
            out.push_str("List of Virtual Disks in the System\n\n");
            for ad in ads {
                let mut vds: Vec<&Vd> = ad.vds.iter().collect();
                vds.sort_by_key(|v| v.target);
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                if vds.is_empty() {
                    out.push_str(unv::NO_VDISKS);
                    out.push_str("\n\n");
                    continue;
                }
                let recs: Vec<Record> = vds.iter().map(|v| vdisk_record(ad, v)).collect();
                out.push_str(&block(fmt, &recs));
                out.push('\n');
            }
        }
        "controller" => {
            for ad in ads {
                out.push_str(&format!("Controller  {}\n\n", controller_name(ad)));
                out.push_str("Controller\n");
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[controller_record(ad)]));
                out.push('\n');
            }
        }
        "battery" => {
            out.push_str("List of Batteries in the System\n\n");
            for ad in ads {
                let Some(r) = battery_record(ad) else {
                    continue;
                };
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[r]));
                out.push('\n');
            }
        }
        "enclosure" => {
            out.push_str("List of Enclosures in the System\n\n");
            for ad in ads {
                out.push_str(&format!(
                    "Enclosure(s) on Controller {}\n\n",
                    controller_name(ad)
                ));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &enclosure_records(ad)));
                out.push('\n');
            }
        }
        "connector" => {
            for ad in ads {
                out.push_str(&format!("Controller {}\n", controller_name(ad)));
                if fmt == Fmt::Ssv {
                    out.push('\n');
                }
                out.push_str(&block(fmt, &[connector_record(ad)]));
                out.push('\n');
            }
        }
        other => {
            return err(&fill(unv::INVALID_COMMAND, &[("x", other)]));
        }
    }
    (out, 0)
}

/// One `omreport storage connector` object (the simulator models one connector).
fn connector_record(ad: &Adapter) -> Record {
    vec![
        ("ID", "0".to_owned()),
        (
            "Status",
            controller_record(ad)
                .get(1)
                .map_or_else(na, |(_, v)| v.clone()),
        ),
        ("Name", "Connector 0".to_owned()),
        ("State", "Ready".to_owned()),
        ("Connector Type", unv::CONNECTOR_TYPE.to_owned()),
    ]
}

/// OMSA severity of a controller event class.
fn severity(class: i32) -> &'static str {
    match class {
        0 => "Ok",
        1 => "Non-Critical",
        _ => "Critical",
    }
}

/// `omreport about`, `system alertlog|esmlog|version` and `chassis`; `None` for storage.
fn system_report(st: &SimState, a: &OmArgs, fmt: Fmt) -> Option<(String, i32)> {
    let words: Vec<&str> = a.words.iter().map(String::as_str).collect();
    let text = match words.as_slice() {
        ["about", ..] => fill(unv::ABOUT, &[("v", unv::VERSION)]) + "\n",
        ["system", "alertlog", ..] => {
            let mut recs: Vec<Record> = Vec::new();
            // One log for the whole system, newest first, as the alert log lists them.
            let mut all: Vec<(&crate::sim::state::Adapter, &crate::sim::state::EventRecord)> = st
                .adapters
                .iter()
                .flat_map(|ad| ad.events.iter().map(move |e| (ad, e)))
                .collect();
            all.sort_by_key(|(ad, e)| std::cmp::Reverse((e.time, e.seq, ad.index)));
            {
                for (ad, e) in all {
                    recs.push(vec![
                        ("Severity", severity(e.class).to_owned()),
                        ("ID", fill(unv::ALERT_ID, &[("c", &e.code.to_string())])),
                        (
                            "Date and Time",
                            crate::sim::text::event_time(
                                st.epoch + i64::try_from(e.time).unwrap_or(0),
                            ),
                        ),
                        ("Category", unv::ALERT_CATEGORY.to_owned()),
                        (
                            "Description",
                            format!("{}: Controller {}", e.description, controller_name(ad)),
                        ),
                    ]);
                }
            }
            format!("{}\n\n{}", unv::ALERTLOG_HEADER, block(fmt, &recs))
        }
        ["system", "esmlog", ..] => {
            format!("{}\n\n{}\n", unv::ESMLOG_HEADER, unv::ESMLOG_EMPTY)
        }
        ["system", "version", ..] => {
            let mut recs: Vec<Record> = vec![vec![
                ("Name", "Server Administrator".to_owned()),
                ("Version", unv::VERSION.to_owned()),
            ]];
            for ad in &st.adapters {
                let c = controller_record(ad);
                let get = |k: &str| {
                    c.iter()
                        .find(|(key, _)| *key == k)
                        .map_or_else(na, |(_, v)| v.clone())
                };
                recs.push(vec![
                    ("Name", controller_name(ad)),
                    ("Version", get("Firmware Version")),
                ]);
                recs.push(vec![
                    ("Name", format!("{} driver", controller_name(ad))),
                    ("Version", get("Driver Version")),
                ]);
            }
            format!("{}\n\n{}", unv::VERSION_HEADER, block(fmt, &recs))
        }
        ["chassis", ..] => {
            let mut out = format!("{}\n", unv::CHASSIS_HEADER);
            for c in unv::CHASSIS_COMPONENTS {
                out.push_str(&format!("{:<9}: {c}\n", "Ok"));
            }
            let storage = st
                .adapters
                .iter()
                .map(|ad| {
                    controller_record(ad)
                        .get(1)
                        .map_or_else(|| "Ok".to_owned(), |(_, v)| v.clone())
                })
                .find(|s| s != "Ok")
                .unwrap_or_else(|| "Ok".to_owned());
            out.push_str(&format!("{storage:<9}: Storage\n"));
            out
        }
        _ => return None,
    };
    Some((text, 0))
}

fn mega(idx: u32, command: &str) -> Invocation {
    Invocation {
        command: command.to_owned(),
        adapters: AdapterSel::List(vec![idx]),
        ..Invocation::default()
    }
}

fn success() -> (String, i32) {
    ("Command successful!\n".to_owned(), 0)
}

/// Runs a MegaCli invocation and turns its status into omconfig's answer.
fn run_mega(st: &mut SimState, inv: &Invocation) -> (String, i32) {
    let (lines, code) = crate::sim::dispatch(st, inv);
    if code == 0 {
        return success();
    }
    let reason = if lines
        .iter()
        .any(|l| l.contains("does not have the appropriate attributes"))
    {
        "The specified physical disk does not have the appropriate attributes to complete the requested command."
            .to_owned()
    } else {
        unv::reason(code).to_owned()
    };
    err(&fill(unv::FAILED, &[("x", &reason)]))
}

/// Answers `omconfig` argv against a state; returns stdout and exit status.
pub fn omconfig(st: &mut SimState, args: &[String]) -> (String, i32) {
    let a = OmArgs::parse(args);
    if a.words.first().map(String::as_str) != Some("storage") {
        return err(&fill(unv::INVALID_COMMAND, &[("x", &args.join(" "))]));
    }
    let Some(action) = a.get("action").map(str::to_ascii_lowercase) else {
        return err(unv::MISSING_ACTION);
    };
    let Some(c) = a.get("controller") else {
        return err(unv::MISSING_CONTROLLER);
    };
    let Some(i) = c
        .parse::<u32>()
        .ok()
        .and_then(|n| st.adapters.iter().position(|ad| ad.index == n))
    else {
        return err(&fill(unv::INVALID_CONTROLLER, &[("x", c)]));
    };
    let idx = st.adapters[i].index;
    let pdisk = |key: &str| -> Result<DriveAddress, (String, i32)> {
        let id = a
            .get(key)
            .ok_or_else(|| err(&fill(unv::MISSING_PARAMETER, &[("x", key)])))?;
        let addr = parse_pdisk(&st.adapters[i], id)
            .ok_or_else(|| err(&fill(unv::INVALID_PDISK, &[("x", id)])))?;
        if st.adapters[i].drive(addr).is_none() {
            return Err(err(&fill(unv::INVALID_PDISK, &[("x", id)])));
        }
        Ok(addr)
    };
    match (a.object(), action.as_str()) {
        (
            "pdisk",
            "blink"
            | "unblink"
            | "offline"
            | "online"
            | "remove"
            | "rebuild"
            | "cancelrebuild"
            | "assignglobalhotspare",
        ) => {
            let addr = match pdisk("pdisk") {
                Ok(x) => x,
                Err(e) => return e,
            };
            let mut inv = mega(idx, "");
            inv.drives = vec![addr];
            match action.as_str() {
                "blink" => {
                    inv.command = "pdlocate".to_owned();
                    inv.words.push("start".to_owned());
                }
                "unblink" => {
                    inv.command = "pdlocate".to_owned();
                    inv.words.push("stop".to_owned());
                }
                "offline" => inv.command = "pdoffline".to_owned(),
                "online" => inv.command = "pdonline".to_owned(),
                "remove" => inv.command = "pdprprmv".to_owned(),
                "rebuild" => {
                    inv.command = "pdrbld".to_owned();
                    inv.words.push("start".to_owned());
                }
                "cancelrebuild" => {
                    inv.command = "pdrbld".to_owned();
                    inv.words.push("stop".to_owned());
                }
                _ => {
                    inv.command = "pdhsp".to_owned();
                    match a.get("assign").map(str::to_ascii_lowercase).as_deref() {
                        Some("yes") => inv.words.push("set".to_owned()),
                        Some("no") => inv.words.push("rmv".to_owned()),
                        _ => return err(&fill(unv::MISSING_PARAMETER, &[("x", "assign")])),
                    }
                }
            }
            run_mega(st, &inv)
        }
        ("controller", "clearforeignconfig" | "importforeignconfig") => {
            if foreign_configs(&st.adapters[i]).is_empty() {
                return err(unv::NO_FOREIGN);
            }
            let mut inv = mega(idx, "cfgforeign");
            inv.words.push(
                if action == "clearforeignconfig" {
                    "clear"
                } else {
                    "import"
                }
                .to_owned(),
            );
            run_mega(st, &inv)
        }
        ("controller", "createvdisk") => create_vdisk(st, i, &a),
        ("vdisk", "replacememberdisk") => {
            let (src, dst) = match (pdisk("source"), pdisk("destination")) {
                (Ok(s), Ok(d)) => (s, d),
                (Err(e), _) | (_, Err(e)) => return e,
            };
            let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
                return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
            };
            let ad = &st.adapters[i];
            let Some(vd) = ad.vds.iter().find(|x| x.target == v) else {
                return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
            };
            let member = ad
                .position(src)
                .is_some_and(|p| ad.groups[p.group].uid == vd.group_uid);
            if !member {
                return err(&fill(
                    unv::NOT_A_MEMBER,
                    &[("x", a.get("source").unwrap_or(""))],
                ));
            }
            let mut inv = mega(idx, "pdcpybk");
            inv.words.push("start".to_owned());
            inv.drives = vec![src, dst];
            run_mega(st, &inv)
        }
        ("vdisk", "assigndedicatedhotspare") => {
            let addr = match pdisk("pdisk") {
                Ok(x) => x,
                Err(e) => return e,
            };
            let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
                return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
            };
            let ad = &st.adapters[i];
            let Some(arrays) = vd_arrays(ad, v) else {
                return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
            };
            let mut inv = mega(idx, "pdhsp");
            inv.drives = vec![addr];
            match a.get("assign").map(str::to_ascii_lowercase).as_deref() {
                Some("yes") => {
                    inv.words.extend(["set".to_owned(), "dedicated".to_owned()]);
                    inv.arrays = arrays;
                }
                Some("no") => inv.words.push("rmv".to_owned()),
                _ => return err(&fill(unv::MISSING_PARAMETER, &[("x", "assign")])),
            }
            run_mega(st, &inv)
        }
        ("vdisk", "changepolicy") => {
            let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
                return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
            };
            if !st.adapters[i].vds.iter().any(|x| x.target == v) {
                return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
            }
            let word = match a
                .get("diskcachepolicy")
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                Some("enabled") => "endskcache",
                Some("disabled") => "disdskcache",
                _ => return err(&fill(unv::MISSING_PARAMETER, &[("x", "diskcachepolicy")])),
            };
            let mut inv = mega(idx, "ldsetprop");
            inv.words.push(word.to_owned());
            inv.lds = LdSel::List(vec![v]);
            run_mega(st, &inv)
        }
        ("vdisk", "deletevdisk") => {
            let Some(v) = a.get("vdisk").and_then(|v| v.parse::<u32>().ok()) else {
                return err(&fill(unv::MISSING_PARAMETER, &[("x", "vdisk")]));
            };
            if !st.adapters[i].vds.iter().any(|x| x.target == v) {
                return err(&fill(unv::INVALID_VDISK, &[("x", &v.to_string())]));
            }
            let mut inv = mega(idx, "cfglddel");
            inv.lds = LdSel::List(vec![v]);
            run_mega(st, &inv)
        }
        (obj, act) => err(&fill(
            unv::INVALID_COMMAND,
            &[("x", &format!("{obj} action={act}"))],
        )),
    }
}

/// MegaCli array numbers (spans counted across groups) of the group holding VD `target`.
fn vd_arrays(ad: &Adapter, target: u32) -> Option<Vec<u32>> {
    let vd = ad.vds.iter().find(|x| x.target == target)?;
    let g = ad.group_index(vd.group_uid)?;
    let first: usize = ad.groups[..g].iter().map(|x| x.spans.len()).sum();
    let n = ad.groups[g].spans.len();
    (first..first + n).map(|x| u32::try_from(x).ok()).collect()
}

fn create_vdisk(st: &mut SimState, i: usize, a: &OmArgs) -> (String, i32) {
    let idx = st.adapters[i].index;
    let Some(level) = a
        .get("raid")
        .map(|r| r.to_ascii_lowercase())
        .and_then(|r| r.trim_start_matches('r').parse::<u32>().ok())
    else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "raid")]));
    };
    let Some(list) = a.get("pdisk") else {
        return err(&fill(unv::MISSING_PARAMETER, &[("x", "pdisk")]));
    };
    let mut drives = Vec::new();
    for id in list.split(',').filter(|p| !p.trim().is_empty()) {
        match parse_pdisk(&st.adapters[i], id) {
            Some(x) if st.adapters[i].drive(x).is_some() => drives.push(x),
            _ => return err(&fill(unv::INVALID_PDISK, &[("x", id)])),
        }
    }
    if a.get("size")
        .is_some_and(|s| !s.eq_ignore_ascii_case("max"))
    {
        return err(unv::SIZE_MAX_ONLY);
    }
    let spanned = matches!(level, 10 | 50 | 60);
    let mut inv = mega(idx, if spanned { "cfgspanadd" } else { "cfgldadd" });
    if spanned {
        let per = a
            .get("spanlength")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(if level == 10 { 2 } else { drives.len() / 2 })
            .max(1);
        if !drives.len().is_multiple_of(per) {
            return err(&fill(unv::FAILED, &[("x", unv::reason(0x03))]));
        }
        inv.raid = Some((level, Vec::new()));
        inv.span_arrays = drives.chunks(per).map(<[DriveAddress]>::to_vec).collect();
    } else {
        inv.raid = Some((level, drives));
    }
    match a.get("writepolicy").map(str::to_ascii_lowercase).as_deref() {
        Some("wt") => inv.words.push("wt".to_owned()),
        Some("wb") => inv.words.push("wb".to_owned()),
        _ => {}
    }
    match a.get("readpolicy").map(str::to_ascii_lowercase).as_deref() {
        Some("nra") => inv.words.push("nora".to_owned()),
        Some("ra") => inv.words.push("ra".to_owned()),
        _ => {}
    }
    if let Some(s) = a.get("stripesize") {
        inv.words.push(format!(
            "strpsz{}",
            s.to_ascii_lowercase().trim_end_matches("kb")
        ));
    }
    let (lines, code) = crate::sim::dispatch(st, &inv);
    if code != 0 {
        let reason = if lines
            .iter()
            .any(|l| l.contains("does not have the appropriate attributes"))
        {
            "The specified physical disk does not have the appropriate attributes to complete the requested command."
        } else {
            unv::reason(code)
        };
        return err(&fill(unv::FAILED, &[("x", reason)]));
    }
    if let Some(name) = a.get("name") {
        let target = lines
            .iter()
            .find_map(|l| l.split("Created VD ").nth(1))
            .and_then(|t| t.trim().parse::<u32>().ok());
        if let Some(v) = target.and_then(|t| st.adapters[i].vds.iter_mut().find(|v| v.target == t))
        {
            v.name = name.to_owned();
        }
    }
    success()
}

/// Counter name of an `omreport` call (`omreport:pdisk`).
pub fn omreport_counter(args: &[String]) -> String {
    let a = OmArgs::parse(args);
    format!("omreport:{}", a.object())
}

/// Counter name of an `omconfig` call (`omconfig:offline`).
pub fn omconfig_counter(args: &[String]) -> String {
    let a = OmArgs::parse(args);
    format!(
        "omconfig:{}",
        a.get("action")
            .map(str::to_ascii_lowercase)
            .unwrap_or_default()
    )
}

/// Runs the `omreport` front end against the state in `dir`; returns the exit status.
pub fn omreport_main(prog: &str, args: &[String], dir: Option<std::path::PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return crate::sim::control_in(&args[1..], dir);
    }
    let counter = omreport_counter(args);
    let args = args.to_vec();
    crate::sim::run_front_end(prog, dir, &counter, move |st| omreport(st, &args))
}

/// Runs the `omconfig` front end against the state in `dir`; returns the exit status.
pub fn omconfig_main(prog: &str, args: &[String], dir: Option<std::path::PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return crate::sim::control_in(&args[1..], dir);
    }
    let counter = omconfig_counter(args);
    let args = args.to_vec();
    crate::sim::run_front_end(prog, dir, &counter, move |st| omconfig(st, &args))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::scenarios;

    fn argv(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    /// A dedicated spare names its VD; the simulator dedicates it to that VD's arrays, and
    /// takes it back with `assign=no`.
    #[test]
    fn dedicated_spare_by_vdisk() {
        let mut st = scenarios::build("healthy").unwrap();
        let line = "storage vdisk action=assigndedicatedhotspare controller=0 vdisk=1 pdisk=0:1:8 assign=yes";
        assert_eq!(omconfig(&mut st, &argv(line)), success());
        let ad = &st.adapters[0];
        let d = ad.drive(DriveAddress::new(32, 8)).unwrap();
        assert_eq!(d.state, FirmwareState::Hotspare);
        let group = ad
            .groups
            .iter()
            .find(|g| ad.vds.iter().any(|v| v.target == 1 && v.group_uid == g.uid))
            .unwrap()
            .uid;
        assert_eq!(d.hotspare.as_ref().unwrap().dedicated, vec![group]);
        let (out, code) = omconfig(&mut st, &argv(&line.replace("vdisk=1", "vdisk=9")));
        assert_ne!(code, 0, "{out}");
        let off = line.replace("assign=yes", "assign=no");
        assert_eq!(omconfig(&mut st, &argv(&off)), success());
        let d = st.adapters[0].drive(DriveAddress::new(32, 8)).unwrap();
        assert_eq!(d.state, FirmwareState::UnconfiguredGood);
    }

    /// The disk cache policy of one VD, as `-LDSetProp -DisDskCache|-EnDskCache` sets it.
    #[test]
    fn disk_cache_policy() {
        let mut st = scenarios::build("healthy").unwrap();
        let line =
            "storage vdisk action=changepolicy controller=0 vdisk=1 diskcachepolicy=disabled";
        assert_eq!(omconfig(&mut st, &argv(line)), success());
        let vd = st.adapters[0].vds.iter().find(|v| v.target == 1).unwrap();
        assert_eq!(vd.disk_cache, "Disabled");
        let (out, code) = omconfig(&mut st, &argv(&line.replace("disabled", "maybe")));
        assert_ne!(code, 0, "{out}");
    }

    /// Every unconfirmed command form raidctl sends is one the front end implements.
    #[test]
    fn unconfirmed_actions_are_implemented() {
        for form in unv::UNCONFIRMED_ACTIONS {
            let (object, action) = form.split_once(' ').unwrap();
            let mut st = scenarios::build("foreign").unwrap();
            let line = format!(
                "storage {object} action={action} controller=0 vdisk=1 pdisk=0:1:2 assign=yes"
            );
            let (out, _) = omconfig(&mut st, &argv(&line));
            assert!(!out.starts_with("Error! Invalid command"), "{form}: {out}");
        }
    }
}
