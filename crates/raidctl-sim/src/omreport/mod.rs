//! Dell OpenManage (OMSA) front end of the simulated controller: `omreport storage ...` and
//! `omconfig storage ...`, answered from the same [`SimState`] as the MegaCli front end.
//!
//! `omreport` prints `-fmt ssv` (semicolon-separated, the layout of the dellhw-exporter
//! captures: a title, `Controller NAME`, a header line, one line per object) or, by default,
//! the `Key : Value` text form (one block per object, keys padded to a common width; that
//! layout is not from a capture, see [`crate::unverified::omsa`]).
//!
//! `omconfig` actions are translated into the equivalent MegaCli [`Invocation`] and run through
//! [`crate::dispatch`], so they change the state exactly as MegaCli would. Success prints
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

use crate::args::{AdapterSel, Invocation, LdSel};
use crate::render::foreign_configs;
use crate::state::{Adapter, Drive, SimState, Vd};
use crate::unverified::{fill, omsa as unv};
use raidctl_model::{DriveAddress, FirmwareState, LdState, MediaType, PdType, RaidLevel};

mod config;
mod format;
mod report;
mod system;

pub use config::omconfig;
pub use format::{Fmt, OmArgs, OutFmt};
use format::{block, controllers, err};
pub use report::omreport;

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

/// `Controller` name as OMSA prints it: the model and where it sits, `PERC H710 Mini
/// (Embedded)` for the first controller, `PERC H840 Adapter (Slot 1)` for the others (the
/// captures' two forms). Real controllers never share a title: each is in its own slot, and
/// there is one embedded one.
pub fn controller_name(ad: &Adapter) -> String {
    format!("{} ({})", ad.product, slot_name(ad))
}

/// Where the controller sits, as the title names it: `Embedded` or `Slot N`.
fn slot_name(ad: &Adapter) -> String {
    if ad.index == 0 {
        "Embedded".to_owned()
    } else {
        format!("Slot {}", ad.index)
    }
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
    let spare_violated = ad
        .drives
        .iter()
        .any(|d| d.is_dedicated_spare_of(vd.group_uid));
    let progress = match &vd.bgi {
        Some(op) => format!("{}% complete", op.percent.floor()),
        None => na(),
    };
    let size = ad.vd_sectors(vd);
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
        ("Device Name", vd.os_device()),
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
            if vd.write_back && vd.cached_bad_bbu {
                "Force Write Back"
            } else if ad.effective_write_back(vd) {
                "Write Back"
            } else {
                "Write Through"
            }
            .to_owned(),
        ),
        ("Cache Policy", na()),
        ("Strip Element Size", format!("{} KB", vd.strip_kb)),
        (
            "Disk Cache Policy",
            match vd.disk_cache.as_str() {
                "Enabled" | "Disabled" => vd.disk_cache.clone(),
                _ => "Unchanged".to_owned(),
            },
        ),
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
        (
            "Slot ID",
            if ad.index == 0 {
                "Embedded".to_owned()
            } else {
                fill(unv::SLOT_ID, &[("n", &ad.index.to_string())])
            },
        ),
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

/// The name OMSA shows for a VD (its own, or `Virtual Disk N`).
fn vdisk_name(vd: &Vd) -> String {
    if vd.name.is_empty() {
        format!("Virtual Disk {}", vd.target)
    } else {
        vd.name.clone()
    }
}

fn sorted_drives(ad: &Adapter) -> Vec<&Drive> {
    let mut v: Vec<&Drive> = ad.drives.iter().collect();
    v.sort_by_key(|d| (d.enclosure, d.slot));
    v
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
        return crate::control_in(&args[1..], dir);
    }
    let counter = omreport_counter(args);
    let args = args.to_vec();
    crate::run_front_end(prog, dir, &counter, move |st| omreport(st, &args))
}

/// Runs the `omconfig` front end against the state in `dir`; returns the exit status.
pub fn omconfig_main(prog: &str, args: &[String], dir: Option<std::path::PathBuf>) -> i32 {
    if args.first().is_some_and(|a| a == "control") {
        return crate::control_in(&args[1..], dir);
    }
    let counter = omconfig_counter(args);
    let args = args.to_vec();
    crate::run_front_end(prog, dir, &counter, move |st| omconfig(st, &args))
}
