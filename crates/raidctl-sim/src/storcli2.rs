//! storcli2 / perccli2 front end of the simulated controller (the 8.x generation for SAS4
//! controllers on `mpi3mr`: MegaRAID 96xx, PERC 12).
//!
//! Called as `storcli2` or `perccli2` (see [`crate::multicall`]). The command syntax is
//! storcli's (`/c0/e32/s4 set offline J`), so the command line is parsed, and every action is
//! carried out, by the 7.x front end ([`crate::storcli`]): refusals, events, spare takeover
//! and rebuilds stay those of the one MegaCli state machine. What differs is the output:
//!
//! - the three views a snapshot reads are in the 8.x schema of real perccli2 8.4 captures:
//!   `/cN show all` (`Basics`, `Version`, `Status`..., `TOPOLOGY` with `Span`/`PID` and a
//!   `State`/`Status` pair, `PD LIST`, `LU/NS LIST`, `Enclosure List`, `Energy Pack Info`),
//!   `/cN/eall/sall show all` (`Drives List` items of `Drive Information`, `LU/NS Information`
//!   and `Drive Detailed Information`) and `/cN/vall show all` (`Virtual Drives` items of
//!   `VD Info`, `PDs` and `VD Properties`); sizes in GiB/TiB;
//! - the envelope is laid out as 8.x prints it (tab indentation, `"key" : value`), with
//!   `"Controller" : "0"` a string and the `Operating system` written without a space;
//! - there is no `/bbu` or `/cv` object (perccli2 rejects `/cv` with a syntax error); the
//!   energy pack is reported by `/cN show all`.
//!
//! Everything else (rebuild progress, foreign configurations, events, action answers) keeps the
//! 7.x shapes inside the 8.x envelope: no 8.x capture of those was available, so they are
//! listed as unverified in [`crate::unverified::storcli2`].

use crate::state::{Adapter, Drive, SimState, Vd, coerced};
use crate::storcli::{
    self as s1, Cmd, J, Ob, Output, Resp, Sel, Tool, adapters_for, counted_list, dash, dg_of,
    eid_slt, intf, level_text, med, n64, select_drives, sorted_drives, sorted_vds, syntax_error,
    u64i, vd_state, yes,
};
use crate::text::broken;
use crate::unverified::storcli2 as unv;
use raidctl_model::{FirmwareState, LdState};

/// CLI version perccli2 reports (the 8.4 release captured on a PERC H965i).
pub const PERCCLI2_VERSION: &str = "008.0004.0000.0022 Apr 28, 2023";
/// `Operating system` as 8.x prints it: kernel name and release run together
/// (`Linux6.1.0-21-amd64` in the capture).
pub const OS: &str = "Linux5.15.0-sim";

/// Answers a parsed command: the 8.x views, else the 7.x front end's answer (same state
/// machine, same texts) for the envelope [`render`] prints.
pub fn answer(st: &mut SimState, cmd: &Cmd) -> Output {
    // perccli2 has no `/cv` (nor `/bbu`) object, with or without `J`.
    if cmd.ctrl.is_some() && (cmd.bbu || cmd.cv) {
        return syntax_error(if cmd.cv {
            unv::TOKEN_OBJ_CV
        } else {
            unv::TOKEN_OBJ_BBU
        });
    }
    if let Some(refused) = without_missing_row_ops(st, cmd) {
        return Output::Ctrls(vec![refused]);
    }
    // Without `J` the answer is 7.x's text form (no 8.x text capture was available).
    let Some(csel) = cmd.ctrl.filter(|_| cmd.json) else {
        return s1::answer(st, cmd);
    };
    let show = cmd.verb() == "show" && !cmd.fall;
    let drives = cmd.slot.is_some()
        && !cmd.has("rebuild")
        && !cmd.has("copyback")
        && !cmd.has("phyerrorcounters");
    let plain = cmd.slot.is_none() && cmd.encl.is_none() && cmd.vd.is_none();
    let ctrl_all = plain && cmd.has("all") && !cmd.has("events") && !cmd.has("snapdump");
    if !(show && (drives || cmd.vd.is_some() || ctrl_all)) {
        return s1::answer(st, cmd);
    }
    let list = match adapters_for(st, csel) {
        Ok(l) => l,
        Err(r) => return Output::Ctrls(vec![r]),
    };
    let mut out = Vec::new();
    for i in list {
        out.push(if drives {
            drives_show(st, i, cmd)
        } else if let Some(vsel) = cmd.vd {
            vds_show(st, i, vsel, cmd)
        } else {
            Resp::ok(st.adapters[i].index, "None", Some(ctrl_show_all(st, i)))
        });
    }
    Output::Ctrls(out)
}

/// `set missing`, `insert` and `spindown` on a controller whose firmware does not support them
/// (`missing_row_ops` false): refused, nothing changes.
fn without_missing_row_ops(st: &SimState, cmd: &Cmd) -> Option<Resp> {
    let Some(Sel::One(c)) = cmd.ctrl else {
        return None;
    };
    let ad = st.adapters.iter().find(|a| a.index == c)?;
    let wanted = cmd.slot.is_some()
        && match cmd.verb() {
            "set" => cmd.has("missing"),
            "insert" | "spindown" => true,
            _ => false,
        };
    (wanted && !ad.settings.missing_row_ops)
        .then(|| Resp::fail(Some(c), unv::UNSUPPORTED, Vec::new(), unv::UNSUPPORTED_CODE))
}

// ---------------------------------------------------------------------------------------------
// Values.

/// Size as 8.x prints it: binary units with their proper names (`446.625 GiB`, `5.233 TiB`).
pub fn size(sectors: u64) -> String {
    super::storcli::size_in(sectors, ["GiB", "TiB"])
}

fn size_sectors(sectors: u64) -> String {
    format!("{} [0x{sectors:x} Sectors]", size(sectors))
}

/// `yyyy/mm/dd hh:mm:ss`, the 8.x date format.
fn date_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!("{y}/{m:02}/{d:02} {hh:02}:{mm:02}:{ss:02}")
}

/// 8.x splits 7.x's drive state into a configuration `State` and a `Status`; captured are
/// `Conf`/`Online` and `GHS`/`Good`, the other pairs follow that pattern.
pub fn state_status(d: &Drive) -> (&'static str, &'static str) {
    match &d.state {
        FirmwareState::Online => ("Conf", "Online"),
        FirmwareState::Offline => ("Conf", unv::STATUS_OFFLINE),
        FirmwareState::Failed => ("Conf", unv::STATUS_FAILED),
        FirmwareState::Rebuild => ("Conf", unv::STATUS_REBUILD),
        FirmwareState::Copyback => ("Conf", unv::STATUS_COPYBACK),
        FirmwareState::UnconfiguredGood => (unv::STATE_UNCONFIGURED, "Good"),
        FirmwareState::UnconfiguredBad => (unv::STATE_UNCONFIGURED, unv::STATUS_BAD),
        FirmwareState::Hotspare => {
            if d.hotspare.as_ref().is_some_and(|h| !h.dedicated.is_empty()) {
                (unv::STATE_DEDICATED_SPARE, "Good")
            } else {
                ("GHS", "Good")
            }
        }
        FirmwareState::Jbod => (unv::STATE_JBOD, "Online"),
        FirmwareState::Unknown(_) => ("-", unv::STATUS_UNKNOWN),
    }
}

/// One `PD LIST` / `Drive Information` / `PDs` row.
pub fn pd_row(ad: &Adapter, d: &Drive) -> J {
    let (state, status) = state_status(d);
    Ob::new()
        .s("EID:Slt", eid_slt(d.addr()))
        .n("PID", d.device_id)
        .s("State", state)
        .s("Status", status)
        .j("DG", dg_of(ad, d))
        .s("Size", size(d.coerced_sectors()))
        .s("Intf", intf(&d.pd_type))
        .s("Med", med(&d.media))
        .s("SED_Type", "-")
        .s("SeSz", "512B")
        .s("Model", d.model.clone())
        .s("Sp", if d.spun_up { "U" } else { "D" })
        .n("LU/NS Count", 1)
        .s("Alt-EID", "-")
        .done()
}

/// One `LU/NS LIST` / `LU/NS Information` row.
fn lu_row(d: &Drive) -> J {
    Ob::new()
        .n("PID", d.device_id)
        .s("LUN/NSID", "0/-")
        .s("Status", state_status(d).1)
        .s("Size", size(d.coerced_sectors()))
        .done()
}

/// The `Drive Detailed Information` object.
fn pd_detail(ad: &Adapter, d: &Drive) -> J {
    let vendor = if d.vendor.is_empty() {
        "ATA".to_owned()
    } else {
        d.vendor.clone()
    };
    let position = match ad.position(d.addr()) {
        Some(p) => format!("DriveGroup:{}, Span:{}, Row:{}", p.group, p.span, p.row),
        None => "-".to_owned(),
    };
    let raw = size_sectors(d.raw_sectors);
    let coerced_size = size_sectors(coerced(d.raw_sectors));
    let path = Ob::new()
        .s("SASAddress", format!("0x{}", d.wwn.to_ascii_lowercase()))
        .n("DevicePID", d.device_id)
        .s("Path", "Primary")
        .s("Negotiated Speed", d.speed.clone())
        .s("Num Phys/Lanes used", "Unknown")
        .done();
    let last_pfa = if d.predictive > 0 {
        u64i(ad.next_seq.saturating_sub(1))
    } else {
        0
    };
    let lu = Ob::new()
        .n("Media Error Count", u64i(d.media_errors))
        .n("Other Error Count", u64i(d.other_errors))
        .n("Predictive Failure Count", u64i(d.predictive))
        .n("Last Predictive Failure Event Sequence Number", last_pfa)
        .s("Logical Sector Size", "512B")
        .s("Physical Sector Size", "512B")
        .s("Raw size", raw.clone())
        .s("Coerced size", coerced_size.clone())
        .s("Secured", "No")
        .s("Locked", "No")
        .s("PI Formatted", "No")
        .s("PI type", "No PI")
        .s("Current Write Cache", "Off")
        .s("Default Write Cache", "Off")
        .done();
    Ob::new()
        .n("Shield Counter", 0)
        .n("Temperature(C)", d.temperature)
        .s("Serial Number", d.serial.clone())
        .s("Vendor", format!("{vendor:<8}"))
        .s("Model", d.model.clone())
        .s("WWN", d.wwn.to_ascii_uppercase())
        .s("Firmware Revision Level", d.firmware.clone())
        .s("Logical Sector Size", "512B")
        .s("Physical Sector Size", "512B")
        .s("Raw size", raw)
        .s("Coerced size", coerced_size)
        .s("Capable Speed", d.speed.clone())
        .s("Capable Link Width", "x1")
        .s("Negotiated Link Width", "x1")
        .s("Drive position", position)
        .n("Sequence Number", 2)
        .s(
            "Commissioned Spare",
            yes(d.state == FirmwareState::Hotspare),
        )
        .s("Emergency Spare", "No")
        .s("SED Capable", "No")
        .s("Needs EKM Attention", "No")
        .s("Certified", "No")
        .n("Device port count", 1)
        .j("Path Information", J::A(vec![path]))
        .j("LU/NS Properties", lu)
        .s("Inquiry Data", crate::text::inquiry(d))
        .done()
}

#[allow(clippy::too_many_arguments)]
fn topo_row(
    pos: (J, J, J),
    eid: &str,
    pid: J,
    kind: &str,
    state: &str,
    status: &str,
    size: &str,
) -> J {
    let (dg, span, row) = pos;
    let drive = kind == "DRIVE";
    let missing = drive && status == unv::STATUS_MISSING;
    let d = |v: &str| if missing { "-" } else { v }.to_owned();
    Ob::new()
        .j("DG", dg)
        .j("Span", span)
        .j("Row", row)
        .s("EID:Slot", eid)
        .j("PID", pid)
        .s("Type", kind)
        .s("State", state)
        .s("Status", status)
        .s("BT", d("N"))
        .s("Size", size)
        .s("PDC", d("dflt"))
        .s("Secured", d("N"))
        .s("FSpace", if drive { "-" } else { "N" })
        .done()
}

/// `TOPOLOGY`: group, spans, rows (a missing row has no drive and `Status` `Missing`), the
/// group's dedicated spares. Global spares are not listed (the capture's two GHS drives are
/// only in `PD LIST`); group and span rows have `-` for `State` and `Status`, as captured.
pub fn topology(ad: &Adapter) -> Vec<J> {
    let mut out = Vec::new();
    for (g, group) in ad.groups.iter().enumerate() {
        let gi = J::N(n64(g));
        let level = level_text(&group.level);
        let total: u64 = ad
            .group_vds(group.uid)
            .iter()
            .map(|v| ad.vd_sectors(v))
            .sum();
        out.push(topo_row(
            (gi.clone(), dash(), dash()),
            "-",
            dash(),
            &level,
            "-",
            "-",
            &size(total),
        ));
        for (si, span) in group.spans.iter().enumerate() {
            let span_total = total / u64::try_from(group.spans.len().max(1)).unwrap_or(1);
            out.push(topo_row(
                (gi.clone(), J::N(n64(si)), dash()),
                "-",
                dash(),
                &level,
                "-",
                "-",
                &size(span_total),
            ));
            for (ri, row) in span.rows.iter().enumerate() {
                let pos = (gi.clone(), J::N(n64(si)), J::N(n64(ri)));
                match row.drive.and_then(|a| ad.drive(a)) {
                    Some(d) => {
                        let (state, status) = state_status(d);
                        out.push(topo_row(
                            pos,
                            &eid_slt(d.addr()).replace(' ', ""),
                            J::N(i64::from(d.device_id)),
                            "DRIVE",
                            state,
                            status,
                            &size(d.coerced_sectors()),
                        ));
                    }
                    None => out.push(topo_row(
                        pos,
                        "-",
                        dash(),
                        "DRIVE",
                        "-",
                        unv::STATUS_MISSING,
                        &size(row.size_sectors),
                    )),
                }
            }
        }
        for d in sorted_drives(ad)
            .into_iter()
            .filter(|d| d.is_dedicated_spare_of(group.uid))
        {
            out.push(topo_row(
                (gi.clone(), dash(), dash()),
                &eid_slt(d.addr()).replace(' ', ""),
                J::N(i64::from(d.device_id)),
                "DRIVE",
                unv::STATE_DEDICATED_SPARE,
                "Good",
                &size(d.coerced_sectors()),
            ));
        }
    }
    out
}

/// `NR,WB`: read-ahead then write policy, comma-separated.
fn cache(vd: &Vd, write_back: bool) -> String {
    let r = if vd.read_policy == "ReadAheadNone" {
        "NR"
    } else {
        "R"
    };
    format!("{r},{}", if write_back { "WB" } else { "WT" })
}

/// One `VD LIST` / `VD Info` row.
pub fn vd_row(ad: &Adapter, vd: &Vd) -> J {
    let (g, level) = s1::dg_level(ad, vd);
    Ob::new()
        .s("DG/VD", format!("{g}/{}", vd.target))
        .s("TYPE", level)
        .s("State", vd_state(&ad.vd_state(vd)))
        .s("Access", "RW")
        .s("CurrentCache", cache(vd, ad.effective_write_back(vd)))
        .s("DefaultCache", cache(vd, vd.write_back))
        .s("Size", size(ad.vd_sectors(vd)))
        .s("Name", vd.name.clone())
        .done()
}

fn vd_props(st: &SimState, ad: &Adapter, vd: &Vd) -> J {
    let group = ad.group_index(vd.group_uid).and_then(|g| ad.groups.get(g));
    let spans = group.map_or(0, |gr| gr.spans.len());
    let drives: usize = group.map_or(0, |gr| gr.spans.iter().map(|s| s.rows.len()).sum());
    Ob::new()
        .s("Strip Size", format!("{} KiB", vd.strip_kb))
        .n("Block Size", 512)
        .n("Number of Blocks", u64i(ad.vd_sectors(vd)))
        .s("VD has Emulated PD", "No")
        .n("Span Depth", n64(spans))
        .n("Number of Drives", n64(drives))
        .s("Drive Write Cache Policy", "Default")
        .s("Access Policy Status", "VD has desired access")
        .s("Auto BGI", "On")
        .s("Secured", "No")
        .s("Init State", "No Init")
        .s("Consistent", yes(vd.bgi.is_none()))
        .s("Morphing", "No")
        .s(
            "Cache Preserved",
            yes(ad.preserved_cache.contains(&vd.target)),
        )
        .s("Bad Block Exists", yes(vd.bad_blocks))
        .s("VD Ready for OS Requests", "Yes")
        .s("Exposed to OS", "Yes")
        .s(
            "Creation Time(LocalTime yyyy/mm/dd hh:mm:sec)",
            date_time(st.epoch),
        )
        .s("SCSI NAA Id", ad.vd_naa(vd))
        .s("OS Drive Name", vd.os_device())
        .done()
}

// ---------------------------------------------------------------------------------------------
// Views.

fn ctrl_show_all(st: &SimState, i: usize) -> J {
    let ad = &st.adapters[i];
    let o = identity_sections(st, ad, Ob::new());
    let o = o.j("Status", status_section(ad));
    let o = settings_sections(ad, o);
    let o = drive_lists(ad, o);
    enclosures_and_energy_pack(ad, o).done()
}

/// `show all`'s Basics, Version, HostInterface and DeviceInterface, added to `o`.
fn identity_sections(st: &SimState, ad: &Adapter, o: Ob) -> Ob {
    let now = st.now_unix();
    let basics = Ob::new()
        .s("Product Name", ad.product.clone())
        .s("SAS Address", ad.sas_address.clone())
        .s("Serial Number", ad.serial.clone())
        .s(
            "Controller Time(LocalTime yyyy/mm/dd hh:mm:sec)",
            date_time(now),
        )
        .s(
            "System Time(LocalTime yyyy/mm/dd hh:mm:sec)",
            date_time(now),
        )
        .done();
    let version = Ob::new()
        .s("Package Version", ad.fw_package.clone())
        .s("Firmware Version", ad.fw_version.clone())
        .s("BIOS Version", ad.bios_version.clone())
        .s("NVDATA Version", "04.10.00.40")
        .s("Driver Name", "mpi3mr")
        .s("Driver Version", "8.2.0.3.0")
        .done();
    let host = Ob::new()
        .s(
            "PCI Address",
            format!("00:{:02x}:{:02x}:{}", ad.pci.0, ad.pci.1, ad.pci.2),
        )
        .done();
    let device = Ob::new()
        .s("PCI Vendor ID", ad.pci_ids.0.clone())
        .s("PCI Device ID", ad.pci_ids.1.clone())
        .s("PCI Subsystem Vendor ID", ad.pci_ids.2.clone())
        .s("PCI Subsystem ID", ad.pci_ids.3.clone())
        .done();
    o.j("Basics", basics)
        .j("Version", version)
        .j("HostInterface", host)
        .j("DeviceInterface", device)
}

/// `show all`'s Status: the controller status and the VD and drive counts by state.
fn status_section(ad: &Adapter) -> J {
    let count = |f: &dyn Fn(&LdState) -> bool| ad.vds.iter().filter(|v| f(&ad.vd_state(v))).count();
    let degraded = count(&|s| matches!(s, LdState::Degraded | LdState::PartiallyDegraded));
    let offline = count(&|s| {
        !matches!(
            s,
            LdState::Optimal | LdState::Degraded | LdState::PartiallyDegraded
        )
    });
    Ob::new()
        .s(
            "Controller Status",
            if degraded + offline == 0 {
                "Optimal"
            } else {
                unv::NEEDS_ATTENTION
            },
        )
        .n("VD Count", n64(ad.vds.len()))
        .n("VD Degraded Count", n64(degraded))
        .n("VD Offline Count", n64(offline))
        .n("PD Count", n64(ad.drives.len() + ad.enclosures.len()))
        .n("PD Drive Count", n64(ad.drives.len()))
        .n(
            "Critical Predictive Failure PD Drive Count",
            n64(ad.drives.iter().filter(|d| d.predictive > 0).count()),
        )
        .n("Failed PD Drive Count", n64(ad.failed_drive_count()))
        .n("Memory Correctable Errors", 0)
        .n("Memory Uncorrectable Errors", 0)
        .n("ECC Bucket Count", 0)
        .s(
            "Preserved Cache Present",
            yes(!ad.preserved_cache.is_empty()),
        )
        .done()
}

/// `show all`'s Supported PD operations, HwCfg, Properties and Capabilities, added to `o`.
fn settings_sections(ad: &Adapter, o: Ob) -> Ob {
    let set = &ad.settings;
    // The scenarios' firmware carries out mark-missing, replace-missing and prepare-for-removal
    // (the storcli backend's replacement sequence); the captured PERC H965i (firmware 8.4)
    // answers "No" to all three (`missing_row_ops` false), and the backend then refuses them.
    let missing_ops = yes(set.missing_row_ops);
    let pd_ops = Ob::new()
        .s("Support Force Online", "Yes")
        .s("Support Make Offline", "Yes")
        .s("Support Temperature Monitoring", "Yes")
        .s("Support Mark Missing", missing_ops)
        .s("Support Replace Missing", missing_ops)
        .s("Support Prepare For Removal", missing_ops)
        .done();
    let hwcfg = Ob::new()
        .n("DDR Memory Size(MiB)", i64::from(ad.memory_mb))
        .s(
            "Energy Pack",
            if ad.bbu.is_some() {
                "Present"
            } else {
                "Absent"
            },
        )
        .n("Chip temperature(C)", 60)
        .done();
    let props = Ob::new()
        .n("Rebuild Rate(%)", i64::from(set.rebuild_rate))
        .n("Patrol Read Rate(%)", 30)
        .n("BGI Rate(%)", 30)
        .n("Consistency Check Rate(%)", 30)
        .s("Auto Rebuild", yes(set.auto_rebuild))
        .s("Energy Pack Warning", yes(set.battery_warning))
        .s(
            "Maintain Drive Fail History",
            yes(set.maintain_pd_fail_history),
        )
        .done();
    let caps = Ob::new()
        .s("Supported Drive Interfaces", "SAS, SATA, NVMe")
        .s(
            "Supported RAID Levels",
            "RAID0, RAID1, RAID5, RAID6, RAID10, RAID50, RAID60",
        )
        .done();
    o.j("Supported PD operations", pd_ops)
        .j("HwCfg", hwcfg)
        .j("Properties", props)
        .j("Capabilities", caps)
}

/// `show all`'s drive group topology, VD list and PD and LU/NS lists with their counts,
/// added to `o`.
fn drive_lists(ad: &Adapter, o: Ob) -> Ob {
    let mut o = o.n("Drive Groups", n64(ad.groups.len()));
    if !ad.groups.is_empty() {
        o = o.j("TOPOLOGY", J::A(topology(ad)));
    }
    let vds = sorted_vds(ad).iter().map(|v| vd_row(ad, v)).collect();
    let o = counted_list(o, "Virtual Drives", "VD LIST", vds);
    let drives = sorted_drives(ad);
    let pds = drives.iter().map(|d| pd_row(ad, d)).collect();
    let o = counted_list(o, "Physical Drives", "PD LIST", pds);
    if drives.is_empty() {
        o
    } else {
        o.j(
            "LU/NS LIST",
            J::A(drives.iter().map(|d| lu_row(d)).collect()),
        )
    }
}

/// `show all`'s Enclosure List and Energy Pack Info, added to `o`.
fn enclosures_and_energy_pack(ad: &Adapter, o: Ob) -> Ob {
    let rows = ad
        .enclosures
        .iter()
        .map(|e| {
            Ob::new()
                .n("EID", e.device_id)
                .s("State", "OK")
                .s("DeviceType", unv::ENCLOSURE_DEVICE_TYPE)
                .n("Slots", e.slots)
                .n("PD", n64(ad.enclosure_drive_count(e.device_id)))
                .s("Partner-EID", "-")
                .s("Multipath", "No")
                .n("PS", 0)
                .n("Fans", 0)
                .n("TSs", 0)
                .n("Alms", 0)
                .n("SIM", 1)
                .s("ProdID", e.product.clone())
                .done()
        })
        .collect();
    let mut o = counted_list(o, "Enclosures", "Enclosure List", rows);
    if let Some(b) = &ad.bbu {
        o = o.j(
            "Energy Pack Info",
            J::A(vec![
                Ob::new()
                    .s(
                        "Type",
                        if s1::is_cv(ad) {
                            unv::ENERGY_PACK_SUPERCAP
                        } else {
                            "Battery"
                        },
                    )
                    .s("SubType", "None")
                    .n("Voltage(mV)", 3891)
                    .n("Temperature(C)", b.temperature)
                    .s("Status", b.state_text())
                    .done(),
            ]),
        );
    }
    o
}

fn drives_show(st: &mut SimState, i: usize, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let addrs = select_drives(&st.adapters[i], cmd);
    if addrs.is_empty() {
        // The "no drive" failure is the 7.x front end's.
        return first(s1::answer(st, &only_ctrl(cmd, idx)), idx);
    }
    let ad = &st.adapters[i];
    let all = cmd.has("all");
    let items = addrs
        .iter()
        .filter_map(|a| ad.drive(*a))
        .map(|d| {
            let mut o = Ob::new().j("Drive Information", pd_row(ad, d));
            if all {
                o = o
                    .j("LU/NS Information", J::A(vec![lu_row(d)]))
                    .j("Drive Detailed Information", pd_detail(ad, d));
            }
            o.done()
        })
        .collect();
    Resp::ok(
        ad.index,
        "Show Drive Information Succeeded.",
        Some(Ob::new().j("Drives List", J::A(items)).done()),
    )
}

/// The one controller's answer of an [`Output`].
fn first(out: Output, idx: u32) -> Resp {
    match out {
        Output::Ctrls(mut v) if !v.is_empty() => v.remove(0),
        _ => Resp::fail(Some(idx), "None", Vec::new(), 255),
    }
}

/// `cmd` narrowed to one controller (the 7.x answer for a `/call` selector, one at a time).
fn only_ctrl(cmd: &Cmd, index: u32) -> Cmd {
    Cmd {
        ctrl: Some(Sel::One(index)),
        ..cmd.clone()
    }
}

fn vds_show(st: &mut SimState, i: usize, vsel: Sel, cmd: &Cmd) -> Resp {
    let idx = st.adapters[i].index;
    let wanted = |v: &Vd| match vsel {
        Sel::One(n) => v.target == n,
        Sel::All => true,
    };
    if !st.adapters[i].vds.iter().any(wanted) {
        // "No VDs have been configured." or the failure for a VD that does not exist.
        return first(s1::answer(st, &only_ctrl(cmd, idx)), idx);
    }
    let ad = &st.adapters[i];
    let vds: Vec<&Vd> = sorted_vds(ad).into_iter().filter(|v| wanted(v)).collect();
    let all = cmd.has("all");
    let items = vds
        .iter()
        .map(|v| {
            let mut o = Ob::new().j("VD Info", vd_row(ad, v));
            if all {
                let members: Vec<J> = ad
                    .vd_members(v)
                    .into_iter()
                    .map(|d| pd_row(ad, d))
                    .collect();
                o = o
                    .j("PDs", J::A(members))
                    .j("VD Properties", vd_props(st, ad, v));
            }
            o.done()
        })
        .collect();
    Resp::ok_list(ad.index, "Virtual Drives", items)
}

// ---------------------------------------------------------------------------------------------
// Rendering.

/// The 8.x `Command Status`: `Controller` is a string.
fn status(r: &Resp, tool: Tool) -> J {
    let mut o = Ob::new()
        .s("CLI Version", tool.version())
        .s("Operating system", OS);
    o = match r.ctrl {
        Some(c) => o.s("Controller", c.to_string()),
        None => o.n("Status Code", if r.ok { 0 } else { r.code }),
    };
    o = o
        .s("Status", if r.ok { "Success" } else { "Failure" })
        .s("Description", r.description.clone());
    if !r.detailed.is_empty() {
        o = o.j("Detailed Status", J::A(r.detailed.clone()));
    }
    o.done()
}

/// Renders an output as storcli2/perccli2 print it; returns stdout and exit status. The text
/// form (no `J`) is the 7.x layout with the 8.x version (unverified).
pub fn render(out: &Output, tool: Tool, json: bool) -> (String, i32) {
    let Output::Ctrls(list) = out else {
        return s1::render(out, s1::Cli::of(tool), json);
    };
    if !json {
        return s1::render(out, s1::Cli::of(tool), json);
    }
    (
        s1::controllers_json(list, |r| status(r, tool)),
        s1::exit_code(list),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios;

    fn run(st: &mut SimState, line: &str) -> (String, i32) {
        let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        s1::run(st, Tool::Perccli2, &args)
    }

    #[test]
    fn envelope_is_laid_out_as_8x_prints_it() {
        let mut st = scenarios::build("healthy").expect("healthy");
        let (text, code) = run(&mut st, "/c0/e32/s0 start locate J");
        assert_eq!(code, 0, "{text}");
        assert!(
            text.starts_with("{\n\"Controllers\":[\n{\n\t\"Command Status\" : {\n\t\t\"CLI Version\" : \"008.0004.0000.0022 Apr 28, 2023\",\n"),
            "{text}"
        );
        assert!(text.contains("\t\t\"Controller\" : \"0\",\n"), "{text}");
        // The captures end with a blank line.
        assert!(text.ends_with("}\n]\n}\n\n"), "{text}");
    }

    #[test]
    fn sizes_use_binary_unit_names() {
        assert_eq!(size(0x37d4_0000), "446.625 GiB");
        assert_eq!(size(11_239_686_144), "5.233 TiB");
    }

    #[test]
    fn battery_objects_are_rejected_and_missing_rows_shown() {
        let mut st = scenarios::build("healthy").expect("healthy");
        let (text, code) = run(&mut st, "/c0/cv show all J");
        assert_ne!(code, 0, "{text}");
        assert!(text.contains(unv::TOKEN_OBJ_CV), "{text}");
        let (text, code) = run(&mut st, "/c0/e32/s1 set offline J");
        assert_eq!(code, 0, "{text}");
        let (text, code) = run(&mut st, "/c0/e32/s1 set missing J");
        assert_eq!(code, 0, "{text}");
        let (text, _) = run(&mut st, "/c0 show all J");
        let doc = raidctl_parse::parse(&text, None).expect("parses");
        assert_eq!(doc.kind, "storcli2-json");
        assert!(
            doc.disk_groups
                .iter()
                .flat_map(|g| g.spans.iter())
                .flat_map(|s| s.rows.iter())
                .any(|r| r.drive.is_none()),
            "{text}"
        );
    }
}
