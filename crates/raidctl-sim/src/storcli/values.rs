//! How the simulated storcli prints each object: drives, VDs, topology, enclosures, the
//! controller's `show` and `show all`, and the value formats they share.

use super::*;

/// storcli size text: three decimals, truncated, GB below one TiB (`278.464 GB`, `2.728 TB`).
pub fn size(sectors: u64) -> String {
    size_in(sectors, ["GB", "TB"])
}

/// [`size`] with other names for the binary GB and TB (8.x prints `GiB`, `TiB`).
pub(crate) fn size_in(sectors: u64, [gb, tb]: [&str; 2]) -> String {
    let bytes = u128::from(sectors) * 512;
    let (unit, den) = if bytes >= 1u128 << 40 {
        (tb, 1u128 << 40)
    } else {
        (gb, 1u128 << 30)
    };
    let v = bytes * 1000 / den;
    format!("{}.{:03} {unit}", v / 1000, v % 1000)
}

pub(super) fn size_sectors(sectors: u64) -> String {
    format!("{} [0x{sectors:x} Sectors]", size(sectors))
}

/// `State` column abbreviation of a drive.
pub fn pd_state(d: &Drive) -> &'static str {
    match &d.state {
        FirmwareState::Online => "Onln",
        FirmwareState::Offline => "Offln",
        FirmwareState::Failed => "Failed",
        FirmwareState::Rebuild => "Rbld",
        FirmwareState::Copyback => "Cpybck",
        FirmwareState::UnconfiguredGood => "UGood",
        FirmwareState::UnconfiguredBad => "UBad",
        FirmwareState::Hotspare => {
            if d.hotspare.as_ref().is_some_and(|h| !h.dedicated.is_empty()) {
                "DHS"
            } else {
                "GHS"
            }
        }
        FirmwareState::Jbod => "JBOD",
        FirmwareState::Unknown(_) => "Unknown",
    }
}

/// `State` abbreviation of a VD state.
pub fn vd_state(s: &LdState) -> &'static str {
    match s {
        LdState::Optimal => "Optl",
        LdState::Degraded => "Dgrd",
        LdState::PartiallyDegraded => "Pdgd",
        _ => "OfLn",
    }
}

/// `TYPE` text of a RAID level (`RAID5`, `RAID10`).
pub fn level_text(l: &RaidLevel) -> String {
    match l.megacli_number() {
        Some(0) if matches!(l, RaidLevel::Raid00) => "RAID00".to_owned(),
        Some(n) => format!("RAID{n}"),
        None => "RAID0".to_owned(),
    }
}

/// Level of one span of a spanned group (`RAID1` for a RAID10 span).
pub(crate) fn span_level(l: &RaidLevel) -> String {
    level_text(&span_raid_level(l))
}

/// The RAID level one span of a spanned group has on its own (RAID1 for RAID10); an
/// unspanned level is its own.
fn span_raid_level(l: &RaidLevel) -> RaidLevel {
    match l {
        RaidLevel::Raid10 => RaidLevel::Raid1,
        RaidLevel::Raid50 => RaidLevel::Raid5,
        RaidLevel::Raid60 => RaidLevel::Raid6,
        RaidLevel::Raid00 => RaidLevel::Raid0,
        l => l.clone(),
    }
}

/// `/c0/e32/s4` or `/c0/s4`.
pub fn drive_path(ad: u32, a: DriveAddress) -> String {
    match a.enclosure {
        Some(e) => format!("/c{ad}/e{e}/s{}", a.slot),
        None => format!("/c{ad}/s{}", a.slot),
    }
}

/// `EID:Slt` text: `32:4`, or `" :4"` without an enclosure.
pub fn eid_slt(a: DriveAddress) -> String {
    match a.enclosure {
        Some(e) => format!("{e}:{}", a.slot),
        None => format!(" :{}", a.slot),
    }
}

pub(crate) fn dg_of(ad: &Adapter, d: &Drive) -> J {
    if let Some(p) = ad.position(d.addr()) {
        return J::N(n64(p.group));
    }
    if d.foreign.is_some() {
        return J::S("F".to_owned());
    }
    if let Some(h) = &d.hotspare {
        if let Some(g) = h.dedicated.first().and_then(|u| ad.group_index(*u)) {
            return J::N(n64(g));
        }
    }
    J::S("-".to_owned())
}

pub(crate) fn intf(t: &PdType) -> &'static str {
    match t {
        PdType::Sata => "SATA",
        PdType::Nvme => "NVMe",
        _ => "SAS",
    }
}

pub(crate) fn med(m: &MediaType) -> &'static str {
    match m {
        MediaType::Ssd => "SSD",
        _ => "HDD",
    }
}

/// One `PD LIST` / `Drive /cX/eY/sZ` row.
pub fn pd_row(ad: &Adapter, d: &Drive) -> J {
    Ob::new()
        .s("EID:Slt", eid_slt(d.addr()))
        .n("DID", d.device_id)
        .s("State", pd_state(d))
        .j("DG", dg_of(ad, d))
        .s("Size", size(d.coerced_sectors()))
        .s("Intf", intf(&d.pd_type))
        .s("Med", med(&d.media))
        .s("SED", "N")
        .s("PI", "N")
        .s("SeSz", "512B")
        .s("Model", table_model(d))
        .s("Sp", if d.spun_up { "U" } else { "D" })
        .s("Type", "-")
        .done()
}

/// The model as the drive tables print it: the SCSI INQUIRY product field of a SAS drive
/// keeps its padding to 16 characters, an NVMe model its padding to 40 (text and JSON
/// captures: `"AL14SEB18EP     "`, `"SAMSUNG MZQL21T9HCJR-00A07              "`); ATA models
/// are trimmed.
pub(crate) fn table_model(d: &Drive) -> String {
    match d.pd_type {
        PdType::Sata => d.model.clone(),
        PdType::Nvme => format!("{:<40}", d.model),
        _ => format!("{:<16}", d.model),
    }
}

pub(crate) fn temp(c: i32) -> String {
    let f = f64::from(c) * 9.0 / 5.0 + 32.0;
    format!("{c}C ({f:.2} F)")
}

/// The `Drive /cX/eY/sZ - Detailed Information` object.
pub fn pd_detail(ad: &Adapter, d: &Drive) -> J {
    let p = drive_path(ad.index, d.addr());
    let state = Ob::new()
        .n("Shield Counter", 0)
        .n("Media Error Count", u64i(d.media_errors))
        .n("Other Error Count", u64i(d.other_errors))
        .n("BBM Error Count", 0)
        .s("Drive Temperature", format!(" {}", temp(d.temperature)))
        .n("Predictive Failure Count", u64i(d.predictive))
        .s(
            "S.M.A.R.T alert flagged by drive",
            if d.predictive > 0 { "Yes" } else { "No" },
        )
        .done();
    let manufacturer = if d.vendor.is_empty() {
        "ATA".to_owned()
    } else {
        d.vendor.clone()
    };
    let attrs = Ob::new()
        .s("SN", d.serial.clone())
        .s("Manufacturer Id", format!("{manufacturer:<8}"))
        .s("Model Number", d.model.clone())
        .s("NAND Vendor", "NA")
        .s("WWN", d.wwn.to_ascii_uppercase())
        .s("Firmware Revision", d.firmware.clone())
        .s("Raw size", size_sectors(d.raw_sectors))
        .s("Coerced size", size_sectors(coerced(d.raw_sectors)))
        .s("Non Coerced size", size_sectors(noncoerced(d.raw_sectors)))
        .s("Device Speed", d.speed.clone())
        .s("Link Speed", d.speed.clone())
        .s("NCQ setting", "Enabled")
        .s("Write Cache", "N/A")
        .s("Logical Sector Size", "512B")
        .s("Physical Sector Size", "512B")
        .s("Connector Name", format!("Port 0 - {} x1", d.slot / 4))
        .done();
    let position = match ad.position(d.addr()) {
        Some(pos) => format!(
            "DriveGroup:{}, Span:{}, Row:{}",
            pos.group, pos.span, pos.row
        ),
        None => "-".to_owned(),
    };
    let port = Ob::new()
        .n("Port", 0)
        .s("Status", "Active")
        .s("Linkspeed", d.speed.clone())
        .s("SAS address", format!("0x{}", d.wwn.to_ascii_lowercase()))
        .done();
    // A SAS drive is dual-ported: the second port, unconnected, has SAS address 0x0 (the
    // perccli 7.2x captures).
    let mut ports = vec![port];
    if d.pd_type == PdType::Sas {
        ports.push(
            Ob::new()
                .n("Port", 1)
                .s("Status", "Active")
                .s("Linkspeed", d.speed.clone())
                .s("SAS address", "0x0")
                .done(),
        );
    }
    let policies = Ob::new()
        .s("Drive position", position)
        .s(
            "Enclosure position",
            if d.enclosure.is_some() { "1" } else { "-" },
        )
        .s("Connected Port Number", format!("{}(path0) ", d.slot % 8))
        .n("Sequence Number", 2)
        .s(
            "Commissioned Spare",
            if d.state == FirmwareState::Hotspare {
                "Yes"
            } else {
                "No"
            },
        )
        .s("Emergency Spare", "No")
        .n(
            "Last Predictive Failure Event Sequence Number",
            if d.predictive > 0 {
                u64i(ad.next_seq.saturating_sub(1))
            } else {
                0
            },
        )
        .s("Successful diagnostics completion on", "N/A")
        .s("FDE Type", "None")
        .s("SED Capable", "No")
        .s("SED Enabled", "No")
        .s("Secured", "No")
        .s("Cryptographic Erase Capable", "No")
        .s("Sanitize Support", "Not supported")
        .s("Locked", "No")
        .s("Needs EKM Attention", "No")
        .s("PI Eligible", "No")
        .s("Drive is formatted for PI", "No")
        .s("PI type", "No PI")
        .s("Number of bytes of user data in LBA", "0 KB")
        .s("Certified", "No")
        .s("Wide Port Capable", "No")
        .s("Multipath", "No")
        .j("Port Information", J::A(ports))
        .done();
    Ob::new()
        .j(&format!("Drive {p} State"), state)
        .j(&format!("Drive {p} Device attributes"), attrs)
        .j(&format!("Drive {p} Policies/Settings"), policies)
        .s("Inquiry Data", crate::text::inquiry(d))
        .done()
}

pub(super) fn topo_row(
    pos: (J, J, J),
    eid: &str,
    did: J,
    kind: &str,
    state: &str,
    size: &str,
) -> J {
    let (dg, arr, row) = pos;
    let drive = kind == "DRIVE";
    let missing = state == "Msng";
    let dash = |b: bool, v: &str| if b { "-" } else { v }.to_owned();
    Ob::new()
        .j("DG", dg)
        .j("Arr", arr)
        .j("Row", row)
        .s("EID:Slot", eid)
        .j("DID", did)
        .s("Type", kind)
        .s("State", state)
        .s("BT", dash(missing, "N"))
        .s("Size", size)
        .s("PDC", dash(missing, "dflt"))
        .s("PI", dash(missing, "N"))
        .s("SED", dash(missing, "N"))
        .s("DS3", dash(missing, "none"))
        .s("FSpace", if drive { "-" } else { "N" })
        .s("TR", "N")
        .done()
}

pub(crate) fn dash() -> J {
    J::S("-".to_owned())
}

/// TOPOLOGY rows: group, spans, rows (missing rows as `Msng`), then spares.
pub fn topology(ad: &Adapter) -> Vec<J> {
    let mut out = Vec::new();
    for (g, group) in ad.groups.iter().enumerate() {
        let member = ad.member_sectors(group);
        let vds = ad.group_vds(group.uid);
        let total: u64 = vds.iter().map(|v| ad.vd_sectors(v)).sum();
        let state = vd_state(&ad.group_state(group));
        let gi = J::N(n64(g));
        out.push(topo_row(
            (gi.clone(), dash(), dash()),
            "-",
            dash(),
            &level_text(&group.level),
            state,
            &size(total),
        ));
        for (si, span) in group.spans.iter().enumerate() {
            let lost = span.rows.iter().filter(|r| !ad.row_ok(r)).count();
            let tolerated = group.level.tolerated_failures_per_span().unwrap_or(0);
            let sstate = if lost == 0 {
                "Optl"
            } else if u32::try_from(lost).unwrap_or(u32::MAX) > tolerated {
                "OfLn"
            } else {
                "Dgrd"
            };
            let span_group = DiskGroup {
                uid: group.uid,
                level: group.level.clone(),
                spans: vec![span.clone()],
            };
            let span_size =
                crate::state::data_sectors(&span_raid_level(&group.level), &span_group, member);
            out.push(topo_row(
                (gi.clone(), J::N(n64(si)), dash()),
                "-",
                dash(),
                &span_level(&group.level),
                sstate,
                &size(span_size),
            ));
            for (ri, row) in span.rows.iter().enumerate() {
                match row.drive.and_then(|a| ad.drive(a)) {
                    Some(d) => out.push(topo_row(
                        (gi.clone(), J::N(n64(si)), J::N(n64(ri))),
                        &eid_slt(d.addr()).replace(' ', ""),
                        J::N(i64::from(d.device_id)),
                        "DRIVE",
                        pd_state(d),
                        &size(d.coerced_sectors()),
                    )),
                    None => out.push(topo_row(
                        (gi.clone(), J::N(n64(si)), J::N(n64(ri))),
                        "-",
                        dash(),
                        "DRIVE",
                        "Msng",
                        &size(row.size_sectors),
                    )),
                }
            }
        }
        // Dedicated spares of the group.
        for d in ad
            .drives
            .iter()
            .filter(|d| d.is_dedicated_spare_of(group.uid))
        {
            out.push(topo_row(
                (gi.clone(), dash(), dash()),
                &eid_slt(d.addr()).replace(' ', ""),
                J::N(i64::from(d.device_id)),
                "DRIVE",
                "DHS",
                &size(d.coerced_sectors()),
            ));
        }
    }
    // Global hot spares belong to no drive group: the TOPOLOGY of the perccli 7.2313 and
    // 8.4 captures with two GHS drives lists neither (they are in the PD LIST only).
    out
}

pub(crate) fn cache_text(ad: &Adapter, vd: &Vd) -> String {
    let r = match vd.read_policy.as_str() {
        "ReadAheadNone" => "NR",
        _ => "R",
    };
    let w = if ad.effective_write_back(vd) {
        "WB"
    } else {
        "WT"
    };
    let io = if vd.cached_io { "C" } else { "D" };
    format!("{r}{w}{io}")
}

/// A VD's drive group index and RAID level text, as its `DG/VD` and `TYPE` columns show them.
pub(crate) fn dg_level(ad: &Adapter, vd: &Vd) -> (usize, String) {
    let g = ad.group_index(vd.group_uid).unwrap_or(0);
    let level = ad
        .groups
        .get(g)
        .map(|gr| level_text(&gr.level))
        .unwrap_or_default();
    (g, level)
}

/// One `VD LIST` / `/cX/vY` row.
pub fn vd_row(ad: &Adapter, vd: &Vd) -> J {
    let (g, level) = dg_level(ad, vd);
    Ob::new()
        .s("DG/VD", format!("{g}/{}", vd.target))
        .s("TYPE", level)
        .s("State", vd_state(&ad.vd_state(vd)))
        .s("Access", "RW")
        .s("Consist", if vd.bgi.is_some() { "No" } else { "Yes" })
        .s("Cache", cache_text(ad, vd))
        .s("Cac", "-")
        .s("sCC", "ON")
        .s("Size", size(ad.vd_sectors(vd)))
        .s("Name", vd.name.clone())
        .done()
}

pub(super) fn vd_props(ad: &Adapter, st: &SimState, vd: &Vd) -> J {
    let g = ad.group_index(vd.group_uid);
    let group = g.and_then(|g| ad.groups.get(g));
    let spans = group.map_or(0, |gr| gr.spans.len());
    let per = group
        .and_then(|gr| gr.spans.first())
        .map_or(0, |s| s.rows.len());
    let active = match &vd.bgi {
        Some(op) => format!("Background Initialization ({}%)", op.percent.floor()),
        None => "None".to_owned(),
    };
    let (y, m, d, hh, mm, ss, _) = broken(st.epoch);
    let h12 = if hh % 12 == 0 { 12 } else { hh % 12 };
    let ampm = if hh < 12 { "AM" } else { "PM" };
    Ob::new()
        .s("Strip Size", format!("{} KB", vd.strip_kb))
        .n("Number of Blocks", u64i(ad.vd_sectors(vd)))
        .s("VD has Emulated PD", "No")
        .n("Span Depth", n64(spans))
        .n("Number of Drives Per Span", n64(per))
        .s(
            "Write Cache(initial setting)",
            if vd.write_back {
                "WriteBack"
            } else {
                "WriteThrough"
            },
        )
        .s("Disk Cache Policy", vd.disk_cache.clone())
        .s("Encryption", "None")
        .s("Data Protection", "Disabled")
        .s("Active Operations", active)
        .s("Exposed to OS", "Yes")
        .s("OS Drive Name", vd.os_device())
        .s("Creation Date", format!("{d:02}-{m:02}-{y}"))
        .s("Creation Time", format!("{h12:02}:{mm:02}:{ss:02} {ampm}"))
        .s("Emulation type", "default")
        .s("Is LD Ready for OS Requests", "Yes")
        .s("SCSI NAA Id", ad.vd_naa(vd))
        .done()
}

/// One `Enclosure LIST` row.
pub fn enclosure_row(ad: &Adapter, e: &crate::state::Enclosure) -> J {
    Ob::new()
        .n("EID", e.device_id)
        .s("State", "OK")
        .n("Slots", e.slots)
        .n("PD", n64(ad.enclosure_drive_count(e.device_id)))
        .n("PS", 0)
        .n("Fans", 0)
        .n("TSs", 0)
        .n("Alms", 0)
        .n("SIM", 1)
        .s("Port#", "-")
        .s("ProdID", e.product.clone())
        .s("VendorSpecific", " ")
        .done()
}

pub(crate) fn is_cv(ad: &Adapter) -> bool {
    ad.bbu
        .as_ref()
        .is_some_and(|b| b.battery_type.to_ascii_uppercase().starts_with("CV"))
}

pub(crate) fn date_ymd(unix: i64) -> String {
    let (y, m, d, ..) = broken(unix);
    format!("{y}/{m:02}/{d:02}")
}

pub(super) fn date_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!("{m:02}/{d:02}/{y}, {hh:02}:{mm:02}:{ss:02}")
}

pub(super) fn bbu_summary(st: &SimState, ad: &Adapter) -> Option<(String, J)> {
    let b = ad.bbu.as_ref()?;
    let state = match b.state_text() {
        "Degraded(Charging)" => "Dgd (Charging)",
        other => other,
    };
    if is_cv(ad) {
        return Some((
            "Cachevault_Info".to_owned(),
            J::A(vec![
                Ob::new()
                    .s("Model", b.battery_type.clone())
                    .s("State", state)
                    .s("Temp", format!("{}C", b.temperature))
                    .s("Mode", "-")
                    .s("MfgDate", date_ymd(st.epoch - 400 * 86_400))
                    .done(),
            ]),
        ));
    }
    Some((
        "BBU_Info".to_owned(),
        J::A(vec![
            Ob::new()
                .s("Model", b.battery_type.clone())
                .s("State", state)
                .s("RetentionTime", "48 hours +")
                .s("Temp", format!("{}C", b.temperature))
                .s("Mode", "4")
                .s("MfgDate", date_ymd(st.epoch - 400 * 86_400))
                // `2015/06/10  21:01:26`: date, two spaces, time (text and JSON captures).
                .s("Next Learn", next_learn(st.epoch + 90 * 86_400))
                .done(),
        ]),
    ))
}

fn next_learn(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!("{y}/{m:02}/{d:02}  {hh:02}:{mm:02}:{ss:02}")
}

pub(super) fn bbu_status(ad: &Adapter) -> J {
    match &ad.bbu {
        None => J::S("NA".to_owned()),
        Some(b) => {
            // Bits seen in captures: 8 (charging/learn), 4096 (replace pack), 0 when good.
            let mut bits = 0;
            if b.learn_started.is_some() || b.charging {
                bits |= 8;
            }
            if b.replacement_required {
                bits |= 4096;
            }
            J::N(bits)
        }
    }
}

pub(crate) fn hex_num(s: &str) -> i64 {
    i64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap_or(0)
}

pub(crate) fn on(b: bool) -> &'static str {
    if b { "On" } else { "Off" }
}

pub(crate) fn yes(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

pub(crate) fn sorted_drives(ad: &Adapter) -> Vec<&Drive> {
    let mut v: Vec<&Drive> = ad.drives.iter().collect();
    v.sort_by_key(|d| (d.enclosure, d.slot));
    v
}

pub(crate) fn sorted_vds(ad: &Adapter) -> Vec<&Vd> {
    let mut v: Vec<&Vd> = ad.vds.iter().collect();
    v.sort_by_key(|v| v.target);
    v
}

pub(crate) fn ctrl_status(ad: &Adapter) -> &'static str {
    let bad = ad.vds.iter().any(|v| ad.vd_state(v) != LdState::Optimal);
    if bad { "Needs Attention" } else { "Optimal" }
}

/// `o` with the count under `count_key`, then the rows under `list_key` unless there are
/// none (every controller view prints an empty list as its count alone).
pub(crate) fn counted_list(o: Ob, count_key: &str, list_key: &str, rows: Vec<J>) -> Ob {
    let o = o.n(count_key, n64(rows.len()));
    if rows.is_empty() {
        o
    } else {
        o.j(list_key, J::A(rows))
    }
}

/// The tail every controller view ends with: topology, VD, PD and enclosure lists, battery.
pub(super) fn lists(st: &SimState, ad: &Adapter, o: Ob) -> Ob {
    let mut o = o.n("Drive Groups", n64(ad.groups.len()));
    if !ad.groups.is_empty() {
        o = o.j("TOPOLOGY", J::A(topology(ad)));
    }
    let vds = sorted_vds(ad).iter().map(|v| vd_row(ad, v)).collect();
    let o = counted_list(o, "Virtual Drives", "VD LIST", vds);
    let pds = sorted_drives(ad).iter().map(|d| pd_row(ad, d)).collect();
    let o = counted_list(o, "Physical Drives", "PD LIST", pds);
    let encls = ad.enclosures.iter().map(|e| enclosure_row(ad, e)).collect();
    let mut o = counted_list(o, "Enclosures", "Enclosure LIST", encls);
    if let Some((k, v)) = bbu_summary(st, ad) {
        o = o.j(&k, v);
    }
    o
}

/// `/cX show`.
pub fn ctrl_show(st: &SimState, ad: &Adapter) -> J {
    let now = st.now_unix();
    let o = Ob::new()
        .s("Product Name", ad.product.clone())
        .s("Serial Number", ad.serial.clone())
        .s("SAS Address", format!(" {}", ad.sas_address))
        .s(
            "PCI Address",
            format!("00:{:02x}:{:02x}:{:02x}", ad.pci.0, ad.pci.1, ad.pci.2),
        )
        .s("System Time", date_time(now).replace(',', ""))
        .s("Mfg. Date", "03/14/13")
        .s("Controller Time", date_time(now).replace(',', ""))
        .s("FW Package Build", ad.fw_package.clone())
        .s("BIOS Version", ad.bios_version.clone())
        .s("FW Version", ad.fw_version.clone())
        .s("Driver Name", "megaraid_sas")
        .s("Driver Version", "07.714.04.00-rc1");
    let o = pci_bus(ad, o).s("Security Protocol", "None");
    lists(st, ad, o).done()
}

/// `/cX show all`.
pub fn ctrl_show_all(st: &SimState, ad: &Adapter) -> J {
    let o = identity_sections(st, ad, Ob::new());
    let o = status_and_operations(ad, o);
    let o = hwcfg_and_policies(ad, o);
    let o = defaults_and_capabilities(ad, o);
    lists(st, ad, o).done()
}

/// `show all`'s Basics, Version, Bus and Pending Images in Flash, added to `o`.
fn identity_sections(st: &SimState, ad: &Adapter, o: Ob) -> Ob {
    let now = st.now_unix();
    let basics = Ob::new()
        .n("Controller", ad.index)
        .s("Model", ad.product.clone())
        .s("Serial Number", ad.serial.clone())
        .s("Current Controller Date/Time", date_time(now))
        .s("Current System Date/time", date_time(now))
        .s("SAS Address", ad.sas_address.clone())
        .s(
            "PCI Address",
            format!("00:{:02x}:{:02x}:{:02x}", ad.pci.0, ad.pci.1, ad.pci.2),
        )
        .s("Mfg Date", "03/14/13")
        .s("Rework Date", "03/14/13")
        .s("Revision No", "A02")
        .done();
    let version = Ob::new()
        .s("Firmware Package Build", ad.fw_package.clone())
        .s("Firmware Version", ad.fw_version.clone())
        .s("Bios Version", ad.bios_version.clone())
        .s("NVDATA Version", "3.1209.00-0016")
        .s("Boot Block Version", "3.00.00.00-0012")
        .s("Bootloader Version", "06.253.57.219")
        .s("Driver Name", "megaraid_sas")
        .s("Driver Version", "07.714.04.00-rc1")
        .done();
    let bus = pci_bus(ad, Ob::new()).done();
    o.j("Basics", basics).j("Version", version).j("Bus", bus).j(
        "Pending Images in Flash",
        Ob::new().s("Image name", "No pending images").done(),
    )
}

/// `show all`'s Status and Supported Adapter, PD and VD Operations, added to `o`.
fn status_and_operations(ad: &Adapter, o: Ob) -> Ob {
    let set = &ad.settings;
    let status = Ob::new()
        .s("Controller Status", ctrl_status(ad))
        .n("Memory Correctable Errors", 0)
        .n("Memory Uncorrectable Errors", 0)
        .n("ECC Bucket Count", 0)
        .s(
            "Any Offline VD Cache Preserved",
            yes(!ad.preserved_cache.is_empty()),
        )
        .j("BBU Status", bbu_status(ad))
        .s("Support PD Firmware Download", "No")
        .s("Lock Key Assigned", "No")
        .s("Failed to get lock key on bootup", "No")
        .s("Lock key has not been backed up", "No")
        .s("Bios was not detected during boot", "No")
        .s(
            "Controller must be rebooted to complete security operation",
            "No",
        )
        .s("A rollback operation is in progress", "No")
        .s("At least one PFK exists in NVRAM", "No")
        .s("SSC Policy is WB", "No")
        .s("Controller has booted into safe mode", "No")
        .done();
    let adapter_ops = Ob::new()
        .s("Rebuild Rate", "Yes")
        .s("CC Rate", "Yes")
        .s("BGI Rate ", "Yes")
        .s("Reconstruct Rate", "Yes")
        .s("Patrol Read Rate", "Yes")
        .s("Alarm Control", yes(set.alarm != "Absent"))
        .s("Cluster Support", "No")
        .s("BBU", yes(ad.bbu.is_some()))
        .s("Spanning", "Yes")
        .s("Dedicated Hot Spare", "Yes")
        .s("Revertible Hot Spares", "Yes")
        .s("Foreign Config Import", "Yes")
        .s("Self Diagnostic", "Yes")
        .s("Global Hot Spares", "Yes")
        .s("Support JBOD", "Yes")
        .done();
    let pd_ops = Ob::new()
        .s("Force Online", "Yes")
        .s("Force Offline", "Yes")
        .s("Force Rebuild", "Yes")
        .s("Deny Force Failed", "No")
        .s("Deny Force Good/Bad", "No")
        .s("Deny Missing Replace", "No")
        .s("Deny Clear", "No")
        .s("Deny Locate", "No")
        .s("Support Temperature", "Yes")
        .done();
    let vd_ops = Ob::new()
        .s("Read Policy", "Yes")
        .s("Write Policy", "Yes")
        .s("IO Policy", "Yes")
        .s("Access Policy", "Yes")
        .s("Disk Cache Policy", "Yes")
        .s("Reconstruction", "Yes")
        .s("Deny Locate", "No")
        .s("Deny CC", "No")
        .done();
    o.j("Status", status)
        .j("Supported Adapter Operations", adapter_ops)
        .j("Supported PD Operations", pd_ops)
        .j("Supported VD Operations", vd_ops)
}

/// The controller's PCI identity and address, as `show` and `show all`'s `Bus` give them.
fn pci_bus(ad: &Adapter, o: Ob) -> Ob {
    o.n("Vendor Id", hex_num(&ad.pci_ids.0))
        .n("Device Id", hex_num(&ad.pci_ids.1))
        .n("SubVendor Id", hex_num(&ad.pci_ids.2))
        .n("SubDevice Id", hex_num(&ad.pci_ids.3))
        .s("Host Interface", "PCI-E")
        .s("Device Interface", "SAS-6G")
        .n("Bus Number", ad.pci.0)
        .n("Device Number", ad.pci.1)
        .n("Function Number", ad.pci.2)
        .n("Domain ID", 0)
}

/// `show all`'s HwCfg and Policies (the rates table and the settings), added to `o`.
fn hwcfg_and_policies(ad: &Adapter, o: Ob) -> Ob {
    let set = &ad.settings;
    let alarm = match set.alarm.as_str() {
        "Enabled" => "On",
        "Disabled" => "Off",
        "Silenced" => "Silence",
        _ => "Absent",
    };
    let hwcfg = Ob::new()
        .s("ChipRevision", " D1")
        .s("BatteryFRU", "N/A")
        .n("Front End Port Count", 0)
        .n("Backend Port Count", 8)
        .s(
            "BBU",
            if ad.bbu.is_some() {
                "Present"
            } else {
                "Absent"
            },
        )
        .s("Alarm", alarm)
        .s("Serial Debugger", "Present")
        .s("NVRAM Size", "32KB")
        .s("Flash Size", "16MB")
        .s("On Board Memory Size", format!("{}MB", ad.memory_mb))
        .s("CacheVault Flash Size", "NA")
        .s("TPM", "Absent")
        .s("Upgrade Key", "Absent")
        .s("On Board Expander", "Absent")
        .s("Temperature Sensor for ROC", "Present")
        .s("Temperature Sensor for Controller", "Absent")
        .s("Upgradable CPLD", "Absent")
        .s("Upgradable PSOC", "Absent")
        .n("Current Size of CacheCade (GB)", 0)
        .n(
            "Current Size of FW Cache (MB)",
            i64::from(ad.memory_mb) * 7 / 8,
        )
        // The same sensor MegaCli's -AdpAllInfo reads (`ROC temperature : 60  degree Celsius`).
        .n("ROC temperature(Degree Celsius)", 60)
        .done();
    let rate = |name: &str, v: u8| {
        Ob::new()
            .s("Policy", name)
            .s("Current", format!("{v} %"))
            .s("Default", "30%")
            .done()
    };
    let policies = Ob::new()
        .j(
            "Policies Table",
            J::A(vec![
                Ob::new()
                    .s("Policy", "Predictive Fail Poll Interval")
                    .s("Current", "300 sec")
                    .s("Default", "")
                    .done(),
                Ob::new()
                    .s("Policy", "Interrupt Throttle Active Count")
                    .s("Current", "16")
                    .s("Default", "")
                    .done(),
                Ob::new()
                    .s("Policy", "Interrupt Throttle Completion")
                    .s("Current", "50 us")
                    .s("Default", "")
                    .done(),
                rate("Rebuild Rate", set.rebuild_rate),
                rate("PR Rate", 30),
                rate("BGI Rate", 30),
                rate("Check Consistency Rate", 30),
                rate("Reconstruction Rate", 30),
                Ob::new()
                    .s("Policy", "Cache Flush Interval")
                    .s("Current", "4s")
                    .s("Default", "")
                    .done(),
            ]),
        )
        .s("Flush Time(Default)", "4s")
        .s("Drive Coercion Mode", "128MB")
        .s("Auto Rebuild", on(set.auto_rebuild))
        .s("Battery Warning", on(set.battery_warning))
        .n("ECC Bucket Size", 15)
        .n("ECC Bucket Leak Rate (hrs)", 24)
        .s(
            "Restore Hot Spare on Insertion",
            on(set.restore_hsp_on_insert),
        )
        .s("Expose Enclosure Devices", "On")
        .s("Maintain PD Fail History", on(set.maintain_pd_fail_history))
        .s("Reorder Host Requests", "On")
        .s("Auto detect BackPlane", "SGPIO/i2c SEP")
        .s("Security Key Assigned", "Off")
        .s("Disable Online Controller Reset", "Off")
        .s("Use drive activity for locate", "Off")
        .done();
    o.j("HwCfg", hwcfg).j("Policies", policies)
}

/// `show all`'s Defaults, Capabilities and Scheduled Tasks, added to `o`.
fn defaults_and_capabilities(ad: &Adapter, o: Ob) -> Ob {
    let set = &ad.settings;
    let defaults = Ob::new()
        .n("Phy Polarity", 0)
        .n("Phy PolaritySplit", 0)
        .s("Strip Size", "64 KB")
        .s("Write Policy", "WB")
        .s("Read Policy", "Adaptive")
        .s("Cache When BBU Bad", "Off")
        .s("Cached IO", "Off")
        .s("Coercion Mode", "128 MB")
        .s(
            "Restore Hot Spare on Insertion",
            yes(set.restore_hsp_on_insert),
        )
        .s(
            "Maintain PD Fail History",
            yes(set.maintain_pd_fail_history),
        )
        .done();
    let caps = Ob::new()
        .s("Supported Drives", "SAS, SATA")
        .s(
            "RAID Level Supported",
            "RAID0, RAID1, RAID5, RAID6, RAID00, RAID10, RAID50, RAID60",
        )
        .s("Enable JBOD", yes(set.jbod_enabled))
        .s("Mix in Enclosure", "Allowed")
        .n("Max Arms Per VD", 32)
        .n("Max Spans Per VD", 8)
        .n("Max Arrays", 128)
        .n("Max VD per array", 16)
        .n("Max Number of VDs", 64)
        .done();
    let sched = Ob::new()
        .s("Consistency Check Reoccurrence", "168 hrs")
        .s("Patrol Read Reoccurrence", "168 hrs")
        .s("Battery learn Reoccurrence", "672 hrs")
        .done();
    o.j("Defaults", defaults)
        .j("Capabilities", caps)
        .j("Scheduled Tasks", sched)
}
