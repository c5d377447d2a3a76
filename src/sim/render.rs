//! Read commands, rendered with the key order and padding of real MegaCli 8.07 captures.
//!
//! Every function returns the body lines between the spinner line and the blank line before
//! `Exit Code`, plus the exit status.

use crate::model::{DriveAddress, FirmwareState, LdState, RaidLevel};
use crate::sim::args::{Invocation, LdSel};
use crate::sim::state::{
    Adapter, Drive, OpKind, SimState, Vd, coerced, data_sectors, noncoerced, redundancy_sectors,
};
use crate::sim::text::{
    self, adapter_time, event_time, firmware_state, inquiry, media_type, mib, pd_type, raid_level,
    size, size_with_sectors, temperature_line, termlog_time,
};
use crate::sim::unverified::{self as unv, fill};

/// Body lines and exit status.
pub type Reply = (Vec<String>, u32);

fn s<T: Into<String>>(v: T) -> String {
    v.into()
}

/// One `-PDList`/`-PDInfo` drive record (key order of the 8.07 PDList captures).
pub fn pd_record(ad: &Adapter, d: &Drive) -> Vec<String> {
    let mut l = Vec::with_capacity(56);
    l.push(format!("Enclosure Device ID: {}", text::encl(d.addr())));
    l.push(format!("Slot Number: {}", d.slot));
    if let Some(p) = ad.position(d.addr()) {
        l.push(format!(
            "Drive's position: DiskGroup: {}, Span: {}, Arm: {}",
            p.group, p.span, p.row
        ));
    }
    l.push(s("Enclosure position: N/A"));
    l.push(format!("Device Id: {}", d.device_id));
    l.push(format!("WWN: {}", d.wwn));
    l.push(s("Sequence Number: 2"));
    l.push(format!("Media Error Count: {}", d.media_errors));
    l.push(format!("Other Error Count: {}", d.other_errors));
    l.push(format!("Predictive Failure Count: {}", d.predictive));
    let last_pf = if d.predictive > 0 {
        ad.next_seq.saturating_sub(1)
    } else {
        0
    };
    l.push(format!(
        "Last Predictive Failure Event Seq Number: {last_pf}"
    ));
    l.push(format!("PD Type: {}", pd_type(&d.pd_type)));
    l.push(String::new());
    l.push(format!("Raw Size: {}", size_with_sectors(d.raw_sectors)));
    l.push(format!(
        "Non Coerced Size: {}",
        size_with_sectors(noncoerced(d.raw_sectors))
    ));
    l.push(format!(
        "Coerced Size: {}",
        size_with_sectors(coerced(d.raw_sectors))
    ));
    l.push(s("Sector Size:  0"));
    l.push(format!("Firmware state: {}", firmware_state(d)));
    l.push(format!("Device Firmware Level: {}", d.firmware));
    l.push(s("Shield Counter: 0"));
    l.push(s("Successful diagnostics completion on :  N/A"));
    let sas = format!("0x{}", d.wwn.to_ascii_lowercase());
    l.push(format!("SAS Address(0): {sas}"));
    let is_sas = !matches!(d.pd_type, crate::model::PdType::Sata);
    if is_sas {
        l.push(s("SAS Address(1): 0x0"));
    }
    l.push(format!("Connected Port Number: {}(path0)", d.slot % 8));
    l.push(format!("Inquiry Data: {}", inquiry(d)));
    l.push(s("FDE Capable: Not Capable"));
    l.push(s("FDE Enable: Disable"));
    l.push(s("Secured: Unsecured"));
    l.push(s("Locked: Unlocked"));
    l.push(s("Needs EKM Attention: No"));
    l.push(format!(
        "Foreign State: {}",
        if d.foreign.is_some() {
            "Foreign"
        } else {
            "None"
        }
    ));
    l.push(format!("Device Speed: {}", d.speed));
    l.push(format!("Link Speed: {}", d.speed));
    l.push(format!("Media Type: {}", media_type(&d.media)));
    l.push(s("Drive:  Not Certified"));
    l.push(temperature_line(d.temperature));
    l.push(s("PI Eligibility:  No"));
    l.push(s("Drive is formatted for PI information:  No"));
    l.push(s("PI: No PI"));
    l.push(s("Port-0 :"));
    l.push(s("Port status: Active"));
    l.push(format!("Port's Linkspeed: {}", d.speed));
    if is_sas {
        l.push(s("Port-1 :"));
        l.push(s("Port status: Active"));
        l.push(s("Port's Linkspeed: Unknown"));
    }
    let smart = if d.predictive > 0 { "Yes" } else { "No" };
    l.push(format!("Drive has flagged a S.M.A.R.T alert : {smart}"));
    if let (FirmwareState::Hotspare, Some(h)) = (&d.state, &d.hotspare) {
        l.push(String::new());
        l.push(String::new());
        l.push(s("Hotspare Information: "));
        let rev = if h.revertible {
            "is revertible"
        } else {
            "is not revertible"
        };
        if h.dedicated.is_empty() {
            l.push(format!("Type: Global, {rev}"));
        } else {
            let arrays: Vec<String> = h
                .dedicated
                .iter()
                .filter_map(|uid| ad.group_index(*uid))
                .map(|g| ad.array_number(g, 0).to_string())
                .collect();
            l.push(format!("Type: Dedicated, {rev}"));
            l.push(format!("Array #: {}", arrays.join(",")));
        }
    }
    l
}

pub(crate) fn cache_policy(ad: &Adapter, vd: &Vd, current: bool) -> String {
    let wb = if current {
        ad.effective_write_back(vd)
    } else {
        vd.write_back
    };
    format!(
        "{}, {}, {}, {}",
        if wb { "WriteBack" } else { "WriteThrough" },
        vd.read_policy,
        if vd.cached_io { "Cached" } else { "Direct" },
        if vd.cached_bad_bbu {
            "Write Cache OK if Bad BBU"
        } else {
            "No Write Cache if Bad BBU"
        }
    )
}

fn ld_state_text(state: &LdState) -> &'static str {
    match state {
        LdState::Optimal => "Optimal",
        LdState::Degraded => "Degraded",
        LdState::PartiallyDegraded => "Partially Degraded",
        _ => "Offline",
    }
}

/// One `-LDInfo` record (8.07: `Virtual Drive: N (Target Id: N)`, padded keys).
pub fn ld_record(ad: &Adapter, vd: &Vd) -> Vec<String> {
    let Some(g) = ad.group_index(vd.group_uid) else {
        return Vec::new();
    };
    let group = &ad.groups[g];
    let member = ad.member_sectors(group);
    let count = ad
        .vds
        .iter()
        .filter(|v| v.group_uid == vd.group_uid)
        .count()
        .max(1) as u64;
    let spans = group.spans.len();
    let per = group.spans.first().map_or(0, |s| s.rows.len());
    let mut l = Vec::with_capacity(24);
    l.push(format!(
        "Virtual Drive: {} (Target Id: {})",
        vd.target, vd.target
    ));
    l.push(format!("Name                :{}", vd.name));
    l.push(format!(
        "RAID Level          : {}",
        raid_level(&group.level)
    ));
    l.push(format!(
        "Size                : {}",
        size(data_sectors(&group.level, group, member) / count)
    ));
    l.push(s("Sector Size         : 512"));
    match group.level {
        RaidLevel::Raid1 | RaidLevel::Raid10 => {
            l.push(format!(
                "Mirror Data         : {}",
                size(redundancy_sectors(&group.level, group, member) / count)
            ));
        }
        RaidLevel::Raid0 | RaidLevel::Raid00 => l.push(s("Parity Size         : 0")),
        _ => l.push(format!(
            "Parity Size         : {}",
            size(redundancy_sectors(&group.level, group, member) / count)
        )),
    }
    l.push(format!(
        "State               : {}",
        ld_state_text(&ad.vd_state(vd))
    ));
    l.push(format!("Strip Size          : {} KB", vd.strip_kb));
    if spans > 1 {
        l.push(format!("Number Of Drives per span:{per}"));
    } else {
        l.push(format!("Number Of Drives    : {per}"));
    }
    l.push(format!("Span Depth          : {spans}"));
    l.push(format!(
        "Default Cache Policy: {}",
        cache_policy(ad, vd, false)
    ));
    l.push(format!(
        "Current Cache Policy: {}",
        cache_policy(ad, vd, true)
    ));
    l.push(s("Default Access Policy: Read/Write"));
    l.push(s("Current Access Policy: Read/Write"));
    l.push(format!("Disk Cache Policy   : {}", vd.disk_cache));
    l.push(s("Encryption Type     : None"));
    l.push(format!(
        "Bad Blocks Exist: {}",
        if vd.bad_blocks { "Yes" } else { "No" }
    ));
    l.push(s("Is VD Cached: No"));
    l
}

fn adapters(st: &SimState, inv: &Invocation) -> Result<Vec<usize>, Reply> {
    let present: Vec<u32> = st.adapters.iter().map(|a| a.index).collect();
    let mut out = Vec::new();
    for n in inv.adapter_list(&present) {
        match st.adapters.iter().position(|a| a.index == n) {
            Some(i) => out.push(i),
            None => {
                return Err((
                    vec![fill(unv::ADAPTER_NOT_FOUND, &[("a", &n.to_string())])],
                    0x03,
                ));
            }
        }
    }
    Ok(out)
}

macro_rules! adapters_or_return {
    ($st:expr, $inv:expr) => {
        match adapters($st, $inv) {
            Ok(v) => v,
            Err(r) => return r,
        }
    };
}

fn selected_vds<'a>(ad: &'a Adapter, sel: &LdSel) -> Result<Vec<&'a Vd>, u32> {
    let mut all: Vec<&Vd> = ad.vds.iter().collect();
    all.sort_by_key(|v| v.target);
    match sel {
        LdSel::All | LdSel::None => Ok(all),
        LdSel::List(l) => {
            for n in l {
                if !all.iter().any(|v| v.target == *n) {
                    return Err(*n);
                }
            }
            Ok(all.into_iter().filter(|v| l.contains(&v.target)).collect())
        }
    }
}

/// `-adpCount`: the count is also the exit status.
pub fn adp_count(st: &SimState) -> Reply {
    let n = u32::try_from(st.adapters.len()).unwrap_or(0);
    (vec![String::new(), format!("Controller Count: {n}.")], n)
}

/// `-LDGetNum`: the count is also the exit status.
pub fn ld_get_num(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    let mut code = 0;
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        code = u32::try_from(ad.vds.len()).unwrap_or(0);
        out.push(format!(
            "Number of Virtual Drives Configured on Adapter {}: {code}",
            ad.index
        ));
    }
    (out, code)
}

/// `-AdpGetPciInfo`.
pub fn pci_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(format!("PCI information for Controller {}", ad.index));
        out.push(s("--------------------------------"));
        out.push(format!("Bus Number      : {}", ad.pci.0));
        out.push(format!("Device Number   : {}", ad.pci.1));
        out.push(format!("Function Number : {}", ad.pci.2));
        out.push(String::new());
    }
    (out, 0)
}

/// `-PDList`.
pub fn pd_list(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(String::new());
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        let mut drives: Vec<&Drive> = ad.drives.iter().collect();
        drives.sort_by_key(|d| (d.enclosure, d.slot));
        for d in drives {
            out.extend(pd_record(ad, d));
            out.extend([String::new(), String::new(), String::new()]);
        }
    }
    (out, 0)
}

fn not_found(ad: u32, a: DriveAddress) -> Reply {
    let e = text::encl(a);
    (
        vec![fill(
            unv::DEVICE_NOT_FOUND,
            &[
                ("a", &ad.to_string()),
                ("e", &e),
                ("s", &a.slot.to_string()),
            ],
        )],
        0x0c,
    )
}

/// `-PDInfo -PhysDrv[E:S]`.
pub fn pd_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        for a in &inv.drives {
            let Some(d) = ad.drive(*a) else {
                return not_found(ad.index, *a);
            };
            out.push(String::new());
            out.extend(pd_record(ad, d));
            out.extend([String::new(), String::new(), String::new()]);
        }
    }
    (out, 0)
}

/// `-LDInfo -Lall|-LN`.
pub fn ld_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = vec![String::new()];
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let vds = match selected_vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(n) => {
                return (
                    vec![fill(
                        unv::LD_NOT_FOUND,
                        &[("a", &ad.index.to_string()), ("n", &n.to_string())],
                    )],
                    0x03,
                );
            }
        };
        if vds.is_empty() {
            out.push(format!(
                "Adapter {} -- No Virtual Drive Configured.",
                ad.index
            ));
            continue;
        }
        out.push(format!(
            "Adapter {} -- Virtual Drive Information:",
            ad.index
        ));
        for vd in vds {
            out.extend(ld_record(ad, vd));
            out.extend([String::new(), String::new()]);
        }
    }
    (out, 0)
}

/// `-LdPdInfo`.
pub fn ld_pd_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        let vds = selected_vds(ad, &LdSel::All).unwrap_or_default();
        out.push(format!("Number of Virtual Disks: {}", vds.len()));
        for (vi, vd) in vds.iter().enumerate() {
            out.extend(ld_record(ad, vd));
            let Some(g) = ad.group_index(vd.group_uid) else {
                continue;
            };
            let group = &ad.groups[g];
            out.push(format!("Number of Spans: {}", group.spans.len()));
            for (si, span) in group.spans.iter().enumerate() {
                if si > 0 {
                    out.extend([String::new(), String::new(), String::new()]);
                }
                let present: Vec<&Drive> = span
                    .rows
                    .iter()
                    .filter_map(|r| r.drive.and_then(|a| ad.drive(a)))
                    .collect();
                out.push(format!("Span: {si} - Number of PDs: {}", present.len()));
                out.push(String::new());
                for (pi, d) in present.iter().enumerate() {
                    if pi > 0 {
                        out.extend([String::new(), String::new(), String::new(), String::new()]);
                    }
                    out.push(format!("PD: {pi} Information"));
                    out.extend(pd_record(ad, d));
                }
            }
            if vi + 1 < vds.len() {
                out.extend([String::new(), String::new(), String::new()]);
            }
        }
        out.extend([String::new(), String::new(), String::new()]);
    }
    (out, 0)
}

const RULE: &str = "==============================================================================";

fn cfg_group_lines(ad: &Adapter, g: usize, index: usize, out: &mut Vec<String>) {
    let group = &ad.groups[g];
    let vds = ad.group_vds(group.uid);
    let dedicated = ad
        .drives
        .iter()
        .filter(|d| {
            d.hotspare
                .as_ref()
                .is_some_and(|h| h.dedicated.contains(&group.uid))
        })
        .count();
    out.push(format!("DISK GROUP: {index}"));
    out.push(format!("Number of Spans: {}", group.spans.len()));
    for (si, span) in group.spans.iter().enumerate() {
        out.push(format!("SPAN: {si}"));
        out.push(format!("Span Reference: 0x{:02x}", ad.array_number(g, si)));
        out.push(format!("Number of PDs: {}", span.rows.len()));
        out.push(format!("Number of VDs: {}", vds.len()));
        out.push(format!("Number of dedicated Hotspares: {dedicated}"));
        out.push(s("Virtual Drive Information:"));
        for vd in &vds {
            out.extend(ld_record(ad, vd));
        }
        out.push(s("Physical Disk Information:"));
        for (ri, row) in span.rows.iter().enumerate() {
            out.push(format!("Physical Disk: {ri}"));
            match row.drive.and_then(|a| ad.drive(a)) {
                Some(d) => {
                    out.extend(pd_record(ad, d));
                    out.extend([String::new(), String::new(), String::new()]);
                }
                None => out.push(String::new()),
            }
        }
    }
}

/// `-CfgDsply`.
pub fn cfg_dsply(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(s(RULE));
        out.push(format!("Adapter: {}", ad.index));
        out.push(format!("Product Name: {}", ad.product));
        out.push(format!("Memory: {}MB", ad.memory_mb));
        out.push(format!(
            "BBU: {}",
            if ad.bbu.is_some() {
                "Present"
            } else {
                "Absent"
            }
        ));
        out.push(format!("Serial No: {}", ad.serial));
        out.push(s(RULE));
        out.push(format!("Number of DISK GROUPS: {}", ad.groups.len()));
        out.push(String::new());
        for g in 0..ad.groups.len() {
            cfg_group_lines(ad, g, g, &mut out);
        }
    }
    (out, 0)
}

/// Distinct foreign configurations on an adapter, in order of first appearance.
pub fn foreign_configs(ad: &Adapter) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    let mut drives: Vec<&Drive> = ad.drives.iter().collect();
    drives.sort_by_key(|d| (d.enclosure, d.slot));
    for d in drives {
        if let Some(f) = &d.foreign {
            if !v.contains(&f.config) {
                v.push(f.config);
            }
        }
    }
    v
}

/// `-CfgForeign -Scan`.
pub fn foreign_scan(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let n = foreign_configs(ad).len();
        if n == 0 {
            out.push(format!(
                "There is no foreign configuration on controller {}.",
                ad.index
            ));
        } else {
            out.push(format!(
                "There are {n} foreign configuration(s) on controller {}.",
                ad.index
            ));
        }
    }
    (out, 0)
}

/// `-CfgForeign -Dsply|-Preview [x]`: a header per configuration, then `-CfgDsply`-shaped
/// text (format unverified, see [`unv::FOREIGN_DSPLY_HEADER`]).
pub fn foreign_dsply(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let configs = foreign_configs(ad);
        if configs.is_empty() {
            out.push(format!(
                "There is no foreign configuration on controller {}.",
                ad.index
            ));
            continue;
        }
        let want = inv.number().and_then(|n| usize::try_from(n).ok());
        for (ci, cfg) in configs.iter().enumerate() {
            if want.is_some_and(|w| w != ci) {
                continue;
            }
            let drives: Vec<&Drive> = ad
                .drives
                .iter()
                .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == *cfg))
                .collect();
            let Some(meta) = drives.first().and_then(|d| d.foreign.clone()) else {
                continue;
            };
            out.push(fill(unv::FOREIGN_DSPLY_HEADER, &[("n", &ci.to_string())]));
            out.push(s("DISK GROUP: 0"));
            out.push(format!("Number of Spans: {}", meta.spans));
            let per_row = drives
                .iter()
                .map(|d| d.coerced_sectors())
                .min()
                .unwrap_or(0);
            for span in 0..meta.spans {
                out.push(format!("SPAN: {span}"));
                out.push(format!("Span Reference: 0x{span:02x}"));
                out.push(format!("Number of PDs: {}", meta.rows));
                out.push(s("Number of VDs: 1"));
                out.push(s("Number of dedicated Hotspares: 0"));
                out.push(s("Virtual Drive Information:"));
                let fake_group = crate::sim::state::DiskGroup {
                    uid: 0,
                    level: meta.level.clone(),
                    spans: (0..meta.spans)
                        .map(|_| crate::sim::state::Span {
                            rows: (0..meta.rows)
                                .map(|_| crate::sim::state::Row {
                                    drive: None,
                                    size_sectors: per_row,
                                    pd_type: crate::model::PdType::Sas,
                                    home: None,
                                })
                                .collect(),
                        })
                        .collect(),
                };
                let data = data_sectors(&meta.level, &fake_group, per_row);
                let state = if drives.len() as u32 >= meta.rows * meta.spans {
                    "Optimal"
                } else {
                    "Degraded"
                };
                out.push(format!("Virtual Drive: 0 (Target Id: {})", meta.target));
                out.push(format!("Name                :{}", meta.name));
                out.push(format!("RAID Level          : {}", raid_level(&meta.level)));
                out.push(format!("Size                : {}", size(data)));
                out.push(format!("State               : {state}"));
                out.push(format!("Strip Size          : {} KB", meta.strip_kb));
                out.push(format!("Number Of Drives    : {}", meta.rows));
                out.push(format!("Span Depth          : {}", meta.spans));
                out.push(s("Physical Disk Information:"));
                for row in 0..meta.rows {
                    out.push(format!("Physical Disk: {row}"));
                    let d = drives.iter().find(|d| {
                        d.foreign
                            .as_ref()
                            .is_some_and(|f| f.span == span && f.row == row)
                    });
                    match d {
                        Some(d) => {
                            out.extend(pd_record(ad, d));
                            out.extend([String::new(), String::new(), String::new()]);
                        }
                        None => out.push(String::new()),
                    }
                }
            }
        }
    }
    (out, 0)
}

/// `-PdGetMissing`.
pub fn pd_get_missing(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let mut rows = Vec::new();
        for (g, group) in ad.groups.iter().enumerate() {
            for (si, span) in group.spans.iter().enumerate() {
                for (ri, row) in span.rows.iter().enumerate() {
                    if row.drive.is_none() {
                        rows.push((ad.array_number(g, si), ri, mib(row.size_sectors)));
                    }
                }
            }
        }
        if rows.is_empty() {
            out.push(fill(unv::NO_MISSING, &[("a", &ad.index.to_string())]));
            continue;
        }
        out.push(format!(
            "    Adapter {} - Missing Physical drives",
            ad.index
        ));
        out.push(s("    No.   Array   Row   Size Expected"));
        for (n, (arr, row, mb)) in rows.iter().enumerate() {
            out.push(format!("    {n:<6}{arr:<8}{row:<6}{mb} MB"));
        }
    }
    (out, 0)
}

fn minutes(clock: u64, started: u64) -> u64 {
    clock.saturating_sub(started) / 60
}

/// `-PDRbld -ShowProg` and `-PDCpyBk -ShowProg`.
pub fn drive_progress(st: &SimState, inv: &Invocation, kind: OpKind) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        for a in &inv.drives {
            let Some(d) = ad.drive(*a) else {
                return not_found(ad.index, *a);
            };
            let e = text::encl(*a);
            match d.op.as_ref().filter(|o| o.kind == kind) {
                Some(op) => {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let pct = op.percent.floor().min(99.0) as u32;
                    let word = if kind == OpKind::Rebuild {
                        "Rebuild"
                    } else {
                        "Copyback"
                    };
                    out.push(format!(
                        "{word} Progress on Device at Enclosure {e}, Slot {} Completed {pct}% in {} Minutes.",
                        a.slot,
                        minutes(st.clock, op.started)
                    ));
                }
                None if kind == OpKind::Rebuild => {
                    out.push(format!(
                        "Device(Encl-{e} Slot-{}) is not in rebuild process",
                        a.slot
                    ));
                }
                None => out.push(fill(
                    unv::NOT_IN_COPYBACK,
                    &[("e", &e), ("s", &a.slot.to_string())],
                )),
            }
        }
    }
    (out, 0)
}

/// `-LDBI -ShowProg -Lall|-LN`.
pub fn ldbi_progress(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let vds = match selected_vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(n) => {
                return (
                    vec![fill(
                        unv::LD_NOT_FOUND,
                        &[("a", &ad.index.to_string()), ("n", &n.to_string())],
                    )],
                    0x03,
                );
            }
        };
        for vd in vds {
            match &vd.bgi {
                Some(op) => {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let pct = op.percent.floor().min(99.0) as u32;
                    out.push(format!(
                        "Background Initialization on VD #{} (target id #{}) Complete {pct}% in {} Minutes.",
                        vd.target,
                        vd.target,
                        minutes(st.clock, op.started)
                    ));
                }
                None => out.push(format!(
                    "Background Initialization on VD #{} is not in Progress.",
                    vd.target
                )),
            }
        }
    }
    (out, 0)
}

/// `-EncInfo` (indented by four spaces).
pub fn enc_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(format!(
            "    Number of enclosures on adapter {} -- {}",
            ad.index,
            ad.enclosures.len()
        ));
        out.push(String::new());
        for (n, e) in ad.enclosures.iter().enumerate() {
            let drives = ad
                .drives
                .iter()
                .filter(|d| d.enclosure == Some(e.device_id))
                .count();
            out.push(format!("    Enclosure {n}:"));
            out.push(format!(
                "    Device ID                     : {}",
                e.device_id
            ));
            out.push(format!("    Number of Slots               : {}", e.slots));
            out.push(s("    Number of Power Supplies      : 0"));
            out.push(s("    Number of Fans                : 0"));
            out.push(s("    Number of Temperature Sensors : 0"));
            out.push(s("    Number of Alarms              : 0"));
            out.push(s("    Number of SIM Modules         : 0"));
            out.push(format!("    Number of Physical Drives     : {drives}"));
            out.push(s("    Status                        : Normal"));
            out.push(s("    Position                      : 1"));
            out.push(s("    Connector Name                : Unavailable"));
            out.push(format!("    Enclosure type                : {}", e.kind));
            out.push(s("    FRU Part Number               : N/A"));
            out.push(s("    Enclosure Serial Number       : N/A"));
            out.push(s("    ESM Serial Number             : N/A"));
            out.push(s("    Enclosure Zoning Mode         : N/A"));
            out.push(s("    Partner Device Id             : 65535"));
            out.push(String::new());
            out.push(s("    Inquiry data                  :"));
            out.push(format!("        Vendor Identification     : {}", e.vendor));
            out.push(format!("        Product Identification    : {}", e.product));
            out.push(format!(
                "        Product Revision Level    : {}",
                e.revision
            ));
            out.push(s("        Vendor Specific           : 00000000"));
            out.push(String::new());
        }
    }
    (out, 0)
}

fn yes(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

fn enabled(b: bool) -> &'static str {
    if b { "Enabled" } else { "Disabled" }
}

/// `-AdpBbuCmd -GetBbuStatus` (`full` false) or the full `-AdpBbuCmd`.
pub fn bbu(st: &SimState, inv: &Invocation, full: bool) -> Reply {
    let mut out = Vec::new();
    let mut code = 0;
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let Some(b) = &ad.bbu else {
            if full {
                out.push(fill(unv::BBU_INFO_FAILED, &[("a", &ad.index.to_string())]));
            } else {
                out.push(format!("Adapter {}: Get BBU Status Failed.", ad.index));
            }
            code = 0x01;
            continue;
        };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let charge = b.charge.floor() as u32;
        let learning = b.learn_started.is_some();
        let charging = if b.charging {
            "Charging"
        } else if learning {
            "Discharging"
        } else {
            "None"
        };
        let voltage = 3900 + charge * 2;
        out.push(String::new());
        out.push(format!("BBU status for Adapter: {}", ad.index));
        out.push(String::new());
        out.push(format!("BatteryType: {}", b.battery_type));
        out.push(format!("Voltage: {voltage} mV"));
        out.push(format!("Current: {} mA", if b.charging { 120 } else { 0 }));
        out.push(format!("Temperature: {} C", b.temperature));
        out.push(format!("Battery State: {}", b.state_text()));
        out.push(s("BBU Firmware Status:"));
        out.push(String::new());
        out.push(format!("  Charging Status              : {charging}"));
        out.push(s("  Voltage                                 : OK"));
        out.push(s("  Temperature                             : OK"));
        out.push(s("  Learn Cycle Requested                   : No"));
        out.push(format!(
            "  Learn Cycle Active                      : {}",
            yes(learning)
        ));
        out.push(s("  Learn Cycle Status                      : OK"));
        out.push(s("  Learn Cycle Timeout                     : No"));
        out.push(s("  I2c Errors Detected                     : No"));
        out.push(s("  Battery Pack Missing                    : No"));
        out.push(format!(
            "  Battery Replacement required            : {}",
            yes(b.replacement_required)
        ));
        out.push(format!(
            "  Remaining Capacity Low                  : {}",
            yes(charge < 20)
        ));
        out.push(s("  Periodic Learn Required                 : No"));
        out.push(s("  Transparent Learn                       : No"));
        out.push(s("  No space to cache offload               : No"));
        out.push(format!(
            "  Pack is about to fail & should be replaced : {}",
            yes(b.replacement_required)
        ));
        out.push(s("  Cache Offload premium feature required  : No"));
        out.push(s("  Module microcode update required        : No"));
        out.push(String::new());
        out.push(String::new());
        out.push(s("GasGuageStatus:"));
        out.push(format!("  Fully Discharged        : {}", yes(charge == 0)));
        out.push(format!(
            "  Fully Charged           : {}",
            yes(charge >= 100)
        ));
        out.push(format!("  Discharging             : {}", yes(!b.charging)));
        out.push(s("  Initialized             : Yes"));
        out.push(s("  Remaining Time Alarm    : No"));
        out.push(s("  Discharge Terminated    : No"));
        out.push(s("  Over Temperature        : No"));
        out.push(format!(
            "  Charging Terminated     : {}",
            yes(charge >= 100)
        ));
        out.push(s("  Over Charged            : No"));
        out.push(format!("Relative State of Charge: {charge} %"));
        out.push(format!(
            "Charger Status: {}",
            if b.charging {
                "In Progress"
            } else {
                "Complete"
            }
        ));
        let remaining = u64::from(b.full_capacity) * u64::from(charge) / 100;
        out.push(format!("Remaining Capacity: {remaining} mAh"));
        out.push(format!("Full Charge Capacity: {} mAh", b.full_capacity));
        out.push(format!("isSOHGood: {}", yes(!b.replacement_required)));
        out.push(s("  Battery backup charge time : 0 hours"));
        if full {
            out.push(String::new());
            out.push(format!("BBU Capacity Info for Adapter: {}", ad.index));
            out.push(String::new());
            out.push(format!("  Relative State of Charge: {charge} %"));
            out.push(format!(
                "  Absolute State of charge: {} %",
                charge * 85 / 100
            ));
            out.push(format!("  Remaining Capacity: {remaining} mAh"));
            out.push(format!("  Full Charge Capacity: {} mAh", b.full_capacity));
            out.push(s("  Run time to empty: Battery is not being charged."));
            out.push(s("  Average time to empty: Battery is not being charged."));
            out.push(s(
                "  Estimated Time to full recharge: Battery is not being charged.",
            ));
            out.push(s("  Cycle Count: 12"));
            out.push(s("Max Error = 2 %"));
            out.push(s("Remaining Capacity Alarm = 180 mAh"));
            out.push(s("Remining Time Alarm = 10 Min"));
            out.push(String::new());
            out.push(format!("BBU Design Info for Adapter: {}", ad.index));
            out.push(String::new());
            out.push(s("  Date of Manufacture: 03/14, 2013"));
            out.push(format!("  Design Capacity: {} mAh", b.design_capacity));
            out.push(s("  Design Voltage: 3700 mV"));
            out.push(s("  Specification Info: 49"));
            out.push(s("  Serial Number: 4242"));
            out.push(s("  Pack Stat Configuration: 0x0014"));
            out.push(s("  Manufacture Name: SMP-PA1.9"));
            out.push(s("  Firmware Version   : "));
            out.push(s("  Device Name: DLNU402"));
            out.push(s("  Device Chemistry: LION"));
            out.push(s("  Battery FRU: N/A"));
            out.push(s("  Transparent Learn = 0"));
            out.push(s("  App Data = 0"));
            out.push(String::new());
            out.push(format!("BBU Properties for Adapter: {}", ad.index));
            out.push(String::new());
            out.push(s("  Auto Learn Period: 90 Days"));
            out.push(format!(
                "  Next Learn time: {}",
                event_time(st.epoch + 90 * 86_400)
            ));
            out.push(s("  Learn Delay Interval:0 Hours"));
            out.push(s("  Auto-Learn Mode: Enabled"));
        }
    }
    (out, code)
}

/// `-AdpAllInfo` (section layout of the PERC 8.07 captures).
pub fn adp_all_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let set = &ad.settings;
        let degraded = ad
            .vds
            .iter()
            .filter(|v| {
                matches!(
                    ad.vd_state(v),
                    LdState::Degraded | LdState::PartiallyDegraded
                )
            })
            .count();
        let offline = ad
            .vds
            .iter()
            .filter(|v| ad.vd_state(v) == LdState::Offline)
            .count();
        let critical = ad
            .drives
            .iter()
            .filter(|d| d.predictive > 0 || d.media_errors > 0)
            .count();
        let failed = ad
            .drives
            .iter()
            .filter(|d| {
                matches!(
                    d.state,
                    FirmwareState::Failed | FirmwareState::UnconfiguredBad
                )
            })
            .count();
        let alarm_hw = if set.alarm == "Absent" {
            "Absent"
        } else {
            "Present"
        };
        let alarm = if set.alarm == "Silenced" {
            "Enabled"
        } else {
            set.alarm.as_str()
        };
        let sec = |t: &str, out: &mut Vec<String>| {
            out.push(format!("                {t}"));
            out.push(s("                ================"));
        };
        out.push(String::new());
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        out.push(s(RULE));
        out.push(s("                    Versions"));
        out.push(s("                ================"));
        out.push(format!("Product Name    : {}", ad.product));
        out.push(format!("Serial No       : {}", ad.serial));
        out.push(format!("FW Package Build: {}", ad.fw_package));
        out.push(String::new());
        out.push(s("                    Mfg. Data"));
        out.push(s("                ================"));
        out.push(s("Mfg. Date       : 03/14/13"));
        out.push(s("Rework Date     : 03/14/13"));
        out.push(s("Revision No     : A02"));
        out.push(s("Battery FRU     : N/A"));
        out.push(String::new());
        sec("Image Versions in Flash:", &mut out);
        out.push(format!("BIOS Version       : {}", ad.bios_version));
        out.push(format!("FW Version         : {}", ad.fw_version));
        out.push(s("Preboot CLI Version: 05.00-03:#%00008"));
        out.push(s("Ctrl-R Version     : 4.03-0002"));
        out.push(s("NVDATA Version     : 3.1209.00-0016"));
        out.push(s("Boot Block Version : 3.00.00.00-0012"));
        out.push(s("BOOT Version       : 06.253.57.219"));
        out.push(String::new());
        sec("Pending Images in Flash", &mut out);
        out.push(s("None"));
        out.push(String::new());
        sec("PCI Info", &mut out);
        out.push(format!("Controller Id  : {:04}", ad.index));
        out.push(format!("Vendor Id       : {}", ad.pci_ids.0));
        out.push(format!("Device Id       : {}", ad.pci_ids.1));
        out.push(format!("SubVendorId     : {}", ad.pci_ids.2));
        out.push(format!("SubDeviceId     : {}", ad.pci_ids.3));
        out.push(String::new());
        out.push(s("Host Interface  : PCIE"));
        out.push(String::new());
        out.push(s("ChipRevision    : D1"));
        out.push(String::new());
        out.push(s("Link Speed     : 0 "));
        out.push(s("Number of Frontend Port: 0 "));
        out.push(s("Device Interface  : PCIE"));
        out.push(String::new());
        out.push(s("Number of Backend Port: 8"));
        out.push(s("Port  :  Address"));
        for p in 0..8 {
            let addr = if p == 0 {
                format!("5{}", &ad.sas_address[1..])
            } else {
                "0000000000000000".to_owned()
            };
            out.push(format!("{p}        {addr}"));
        }
        out.push(String::new());
        sec("HW Configuration", &mut out);
        out.push(format!("SAS Address      : {}", ad.sas_address));
        out.push(format!(
            "BBU              : {}",
            if ad.bbu.is_some() {
                "Present"
            } else {
                "Absent"
            }
        ));
        out.push(format!("Alarm            : {alarm_hw}"));
        out.push(s("NVRAM            : Present"));
        out.push(s("Serial Debugger  : Present"));
        out.push(s("Memory           : Present"));
        out.push(s("Flash            : Present"));
        out.push(format!("Memory Size      : {}MB", ad.memory_mb));
        out.push(s("TPM              : Absent"));
        out.push(s("On board Expander: Absent"));
        out.push(s("Upgrade Key      : Absent"));
        out.push(s("Temperature sensor for ROC    : Present"));
        out.push(s("Temperature sensor for controller    : Absent"));
        out.push(String::new());
        out.push(s("ROC temperature : 60  degree Celsius"));
        out.push(String::new());
        sec("Settings", &mut out);
        out.push(format!(
            "Current Time                     : {}",
            adapter_time(st.epoch + i64::try_from(st.clock).unwrap_or(0))
        ));
        out.push(s("Predictive Fail Poll Interval    : 300sec"));
        out.push(s("Interrupt Throttle Active Count  : 16"));
        out.push(s("Interrupt Throttle Completion    : 50us"));
        out.push(format!(
            "Rebuild Rate                     : {}%",
            set.rebuild_rate
        ));
        out.push(s("PR Rate                          : 30%"));
        out.push(s("BGI Rate                         : 30%"));
        out.push(s("Check Consistency Rate           : 30%"));
        out.push(s("Reconstruction Rate              : 30%"));
        out.push(s("Cache Flush Interval             : 4s"));
        out.push(s("Max Drives to Spinup at One Time : 4"));
        out.push(s("Delay Among Spinup Groups        : 12s"));
        out.push(s("Physical Drive Coercion Mode     : 128MB"));
        out.push(s("Cluster Mode                     : Disabled"));
        out.push(format!("Alarm                            : {alarm}"));
        out.push(format!(
            "Auto Rebuild                     : {}",
            enabled(set.auto_rebuild)
        ));
        out.push(format!(
            "Battery Warning                  : {}",
            enabled(set.battery_warning)
        ));
        out.push(s("Ecc Bucket Size                  : 255"));
        out.push(s("Ecc Bucket Leak Rate             : 240 Minutes"));
        out.push(format!(
            "Restore HotSpare on Insertion    : {}",
            enabled(set.restore_hsp_on_insert)
        ));
        out.push(s("Expose Enclosure Devices         : Disabled"));
        out.push(format!(
            "Maintain PD Fail History         : {}",
            enabled(set.maintain_pd_fail_history)
        ));
        out.push(s("Host Request Reordering          : Enabled"));
        out.push(s("Auto Detect BackPlane Enabled    : SGPIO/i2c SEP"));
        out.push(s("Load Balance Mode                : Auto"));
        out.push(s("Use FDE Only                     : Yes"));
        out.push(s("Security Key Assigned            : No"));
        out.push(s("Security Key Failed              : No"));
        out.push(s("Security Key Not Backedup        : No"));
        out.push(s("Default LD PowerSave Policy      : Controller Defined"));
        out.push(s(
            "Maximum number of direct attached drives to spin up in 1 min : 120",
        ));
        out.push(s("Auto Enhanced Import             : No"));
        out.push(format!(
            "Any Offline VD Cache Preserved   : {}",
            yes(!ad.preserved_cache.is_empty())
        ));
        out.push(s("Allow Boot with Preserved Cache  : No"));
        out.push(s("Disable Online Controller Reset  : No"));
        out.push(s("PFK in NVRAM                     : No"));
        out.push(s("Use disk activity for locate     : No"));
        out.push(s("POST delay       : 90 seconds"));
        out.push(s("BIOS Error Handling             : Stop On Errors"));
        out.push(s("Current Boot Mode       :Normal"));
        sec("Capabilities", &mut out);
        out.push(s("RAID Level Supported             : RAID0, RAID1, RAID5, RAID6, RAID00, RAID10, RAID50, RAID60, PRL 11, PRL 11 with spanning, SRL 3 supported, PRL11-RLQ0 DDF layout with no span, PRL11-RLQ0 DDF layout with span"));
        out.push(s("Supported Drives                 : SAS, SATA"));
        out.push(String::new());
        out.push(s("Allowed Mixing:"));
        out.push(String::new());
        out.push(s("Mix in Enclosure Allowed"));
        out.push(String::new());
        sec("Status", &mut out);
        out.push(s("ECC Bucket Count                 : 0"));
        out.push(String::new());
        sec("Limitations", &mut out);
        out.push(s("Max Arms Per VD          : 32"));
        out.push(s("Max Spans Per VD         : 8"));
        out.push(s("Max Arrays               : 128"));
        out.push(s("Max Number of VDs        : 64"));
        out.push(s("Max Parallel Commands    : 1008"));
        out.push(s("Max SGE Count            : 60"));
        out.push(s("Max Data Transfer Size   : 8192 sectors"));
        out.push(s("Max Strips PerIO         : 42"));
        out.push(s("Max LD per array         : 16"));
        out.push(s("Min Strip Size           : 64 KB"));
        out.push(s("Max Strip Size           : 1.0 MB"));
        out.push(s("Max Configurable CacheCade Size: 0 GB"));
        out.push(s("Current Size of CacheCade      : 0 GB"));
        out.push(s("Current Size of FW Cache       : 350 MB"));
        out.push(String::new());
        sec("Device Present", &mut out);
        out.push(format!("Virtual Drives    : {}", ad.vds.len()));
        out.push(format!("  Degraded        : {degraded}"));
        out.push(format!("  Offline         : {offline}"));
        out.push(format!(
            "Physical Devices  : {}",
            ad.drives.len() + ad.enclosures.len()
        ));
        out.push(format!("  Disks           : {}", ad.drives.len()));
        out.push(format!("  Critical Disks  : {critical}"));
        out.push(format!("  Failed Disks    : {failed}"));
        out.push(String::new());
        sec("Supported Adapter Operations", &mut out);
        for k in [
            "Rebuild Rate                    : Yes",
            "CC Rate                         : Yes",
            "BGI Rate                        : Yes",
            "Reconstruct Rate                : Yes",
            "Patrol Read Rate                : Yes",
            "Alarm Control                   : Yes",
            "Cluster Support                 : No",
            "BBU                             : Yes",
            "Spanning                        : Yes",
            "Dedicated Hot Spare             : Yes",
            "Revertible Hot Spares           : Yes",
            "Foreign Config Import           : Yes",
            "Self Diagnostic                 : Yes",
            "Allow Mixed Redundancy on Array : No",
            "Global Hot Spares               : Yes",
            "Deny SCSI Passthrough           : No",
            "Deny SMP Passthrough            : No",
            "Deny STP Passthrough            : No",
            "Support Security                : Yes",
            "Snapshot Enabled                : No",
            "Support the OCE without adding drives : Yes",
            "Support PFK                     : No",
            "Support PI                      : No",
            "Support Boot Time PFK Change    : No",
            "Disable Online PFK Change       : No",
            "Support Shield State            : No",
            "Block SSD Write Disk Cache Change: No",
        ] {
            out.push(s(k));
        }
        out.push(String::new());
        sec("Supported VD Operations", &mut out);
        for k in [
            "Read Policy          : Yes",
            "Write Policy         : Yes",
            "IO Policy            : Yes",
            "Access Policy        : Yes",
            "Disk Cache Policy    : Yes",
            "Reconstruction       : Yes",
            "Deny Locate          : No",
            "Deny CC              : No",
            "Allow Ctrl Encryption: No",
            "Enable LDBBM         : Yes",
            "Support Breakmirror  : No",
            "Power Savings        : No",
        ] {
            out.push(s(k));
        }
        out.push(String::new());
        sec("Supported PD Operations", &mut out);
        out.push(s("Force Online                            : Yes"));
        out.push(s("Force Offline                           : Yes"));
        out.push(s("Force Rebuild                           : Yes"));
        out.push(s("Deny Force Failed                       : No"));
        out.push(s("Deny Force Good/Bad                     : No"));
        out.push(s("Deny Missing Replace                    : No"));
        out.push(s("Deny Clear                              : No"));
        out.push(s("Deny Locate                             : No"));
        out.push(s("Support Temperature                     : Yes"));
        out.push(format!(
            "Disable Copyback                        : {}",
            yes(!set.copyback_enabled)
        ));
        out.push(format!(
            "Enable JBOD                             : {}",
            yes(set.jbod_enabled)
        ));
        out.push(s("Enable Copyback on SMART                : No"));
        out.push(s("Enable Copyback to SSD on SMART Error   : No"));
        out.push(s("Enable SSD Patrol Read                  : No"));
        out.push(s("PR Correct Unconfigured Areas           : Yes"));
        out.push(s("Enable Spin Down of UnConfigured Drives : No"));
        out.push(s("Disable Spin Down of hot spares         : Yes"));
        out.push(s("Spin Down time                          : 30"));
        out.push(s("T10 Power State                         : No"));
        sec("Error Counters", &mut out);
        out.push(s("Memory Correctable Errors   : 0"));
        out.push(s("Memory Uncorrectable Errors : 0"));
        out.push(String::new());
        sec("Cluster Information", &mut out);
        out.push(s("Cluster Permitted     : No"));
        out.push(s("Cluster Active        : No"));
        out.push(String::new());
        sec("Default Settings", &mut out);
        for k in [
            "Phy Polarity                     : 0",
            "Phy PolaritySplit                : 0",
            "Background Rate                  : 30",
            "Strip Size                       : 64kB",
            "Flush Time                       : 4 seconds",
            "Write Policy                     : WB",
            "Read Policy                      : Adaptive",
            "Cache When BBU Bad               : Disabled",
            "Cached IO                        : No",
            "SMART Mode                       : Mode 6",
        ] {
            out.push(s(k));
        }
        out.push(format!(
            "Alarm Disable                    : {}",
            yes(set.alarm != "Enabled")
        ));
        for k in [
            "Coercion Mode                    : 128MB",
            "ZCR Config                       : Unknown",
            "Dirty LED Shows Drive Activity   : No",
            "BIOS Continue on Error           : 0",
            "Spin Down Mode                   : None",
            "Allowed Device Type              : SAS/SATA Mix",
            "Allow Mix in Enclosure           : Yes",
            "Allow HDD SAS/SATA Mix in VD     : No",
            "Allow SSD SAS/SATA Mix in VD     : No",
            "Allow HDD/SSD Mix in VD          : No",
            "Allow SATA in Cluster            : No",
            "Max Chained Enclosures           : 4",
            "Disable Ctrl-R                   : No",
            "Enable Web BIOS                  : No",
            "Direct PD Mapping                : Yes",
            "BIOS Enumerate VDs               : Yes",
        ] {
            out.push(s(k));
        }
        out.push(format!(
            "Restore Hot Spare on Insertion   : {}",
            yes(set.restore_hsp_on_insert)
        ));
        out.push(s("Expose Enclosure Devices         : No"));
        out.push(format!(
            "Maintain PD Fail History         : {}",
            yes(set.maintain_pd_fail_history)
        ));
        for k in [
            "Disable Puncturing               : No",
            "Zero Based Enclosure Enumeration : Yes",
            "PreBoot CLI Enabled              : No",
            "LED Show Drive Activity          : Yes",
            "Cluster Disable                  : Yes",
            "SAS Disable                      : No",
            "Auto Detect BackPlane Enable     : SGPIO/i2c SEP",
            "Use FDE Only                     : Yes",
            "Enable Led Header                : No",
            "Delay during POST                : 0",
            "EnableCrashDump                  : No",
            "Disable Online Controller Reset  : No",
            "EnableLDBBM                      : Yes",
            "Un-Certified Hard Disk Drives    : Allow",
            "Treat Single span R1E as R10     : Yes",
            "Max LD per array                 : 16",
            "Power Saving option              : All power saving options are disabled",
            "Default spin down time in minutes: 30",
        ] {
            out.push(s(k));
        }
        out.push(format!(
            "Enable JBOD                      : {}",
            yes(set.jbod_enabled)
        ));
        for k in [
            "TTY Log In Flash                 : No",
            "Auto Enhanced Import             : No",
            "BreakMirror RAID Support         : No",
            "Disable Join Mirror              : No",
            "Enable Shield State              : No",
            "Time taken to detect CME         : 60s",
        ] {
            out.push(s(k));
        }
    }
    (out, 0)
}

/// `-ShowSummary` (TAB and space indentation of the PERC captures).
pub fn show_summary(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = vec![
        s("System"),
        s("\tOperating System:  Linux version 5.15.0-sim "),
        s("\tDriver Version: 07.714.04.00-rc1"),
        s("\tCLI Version: 8.07.14"),
    ];
    out.push(String::new());
    out.push(s("Hardware"));
    let list = adapters_or_return!(st, inv);
    for &i in &list {
        let ad = &st.adapters[i];
        out.push(s("        Controller"));
        out.push(format!(
            "                 ProductName       : {}(Bus {}, Dev {})",
            ad.product, ad.pci.0, ad.pci.1
        ));
        out.push(format!(
            "                 SAS Address       : {}",
            ad.sas_address
        ));
        out.push(format!(
            "                 FW Package Version: {}",
            ad.fw_package
        ));
        let status = if ad.vds.iter().all(|v| ad.vd_state(v) == LdState::Optimal) {
            "Optimal"
        } else {
            "Degraded"
        };
        out.push(format!("                 Status            : {status}"));
        if let Some(b) = &ad.bbu {
            out.push(s("        BBU"));
            out.push(format!(
                "                 BBU Type          : {}",
                b.battery_type
            ));
            let state = if b.good() { "Healthy" } else { b.state_text() };
            out.push(format!("                 Status            : {state}"));
        }
        for e in &ad.enclosures {
            out.push(s("        Enclosure"));
            out.push(format!(
                "                 Product Id        : {}",
                e.product
            ));
            out.push(format!("                 Type              : {}", e.kind));
            out.push(s("                 Status            : OK"));
        }
        out.push(String::new());
        out.push(s("        PD "));
        let mut drives: Vec<&Drive> = ad.drives.iter().collect();
        drives.sort_by_key(|d| (d.enclosure, d.slot));
        for d in drives {
            let state = firmware_state(d);
            let state = state.split(',').next().unwrap_or("");
            out.push(format!(
                "                Connector          : 00<Internal><Encl Pos 1 >: Slot {}",
                d.slot
            ));
            out.push(format!(
                "                Vendor Id          : {}",
                if d.vendor.is_empty() {
                    "ATA"
                } else {
                    &d.vendor
                }
            ));
            out.push(format!("                Product Id         : {}", d.model));
            out.push(format!("                State              : {state}"));
            out.push(format!(
                "                Disk Type          : {},{}",
                pd_type(&d.pd_type),
                media_type(&d.media)
            ));
            out.push(format!(
                "                Capacity           : {}",
                size(d.coerced_sectors())
            ));
            out.push(format!(
                "                Power State        : {}",
                if d.spun_up { "Active" } else { "Spun down" }
            ));
            out.push(String::new());
        }
    }
    out.push(s("Storage"));
    out.push(String::new());
    out.push(s("       Virtual Drives"));
    for &i in &list {
        let ad = &st.adapters[i];
        let mut vds: Vec<&Vd> = ad.vds.iter().collect();
        vds.sort_by_key(|v| v.target);
        for vd in vds {
            let level = ad
                .group_index(vd.group_uid)
                .and_then(|g| ad.groups[g].level.megacli_number())
                .unwrap_or(0);
            out.push(format!(
                "                Virtual drive      : Target Id {} ,VD name {}",
                vd.target, vd.name
            ));
            out.push(format!(
                "                Size               : {}",
                size(ad.vd_sectors(vd))
            ));
            out.push(format!(
                "                State              : {}",
                ld_state_text(&ad.vd_state(vd))
            ));
            out.push(format!("                RAID Level         : {level} "));
            out.push(String::new());
        }
    }
    (out, 0)
}

/// `-GetPreservedCacheList`.
pub fn preserved_cache_list(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        if ad.preserved_cache.is_empty() {
            out.push(s(unv::NO_PRESERVED_CACHE));
        }
        for t in &ad.preserved_cache {
            out.push(format!("Virtual Drive(Target ID {t:02}): Missing."));
        }
    }
    (out, 0)
}

/// `-FwTermLog -Dsply`: firmware log lines derived from the event log.
pub fn fw_term_log(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        for e in &ad.events {
            let t = termlog_time(st.epoch + i64::try_from(e.time).unwrap_or(0));
            out.push(format!(
                "{t}: EVT#{:05}-{t}: {:3}={}",
                e.seq, e.code, e.description
            ));
        }
    }
    (out, 0)
}

/// The event file `-AdpEventLog -GetEvents -f FILE` writes.
pub fn event_file(st: &SimState, ad: &Adapter, inv: &Invocation) -> String {
    let min_class = if inv.has("fatal") {
        3
    } else if inv.has("critical") {
        2
    } else if inv.has("warning") {
        1
    } else if inv.has("debug") {
        -1
    } else {
        0
    };
    let mut events: Vec<_> = ad
        .events
        .iter()
        // `-IncludeDeleted` also returns the events a `-Clear` hid.
        .filter(|e| e.class >= min_class && (e.seq > ad.clear_seq || inv.has("includedeleted")))
        .filter(|e| {
            if inv.has("getsincereboot") {
                e.seq >= ad.boot_seq
            } else if inv.has("getsinceshutdown") {
                e.seq + 1 >= ad.boot_seq
            } else {
                true
            }
        })
        .collect();
    if inv.has("getlatest") {
        let n = usize::try_from(inv.number().unwrap_or(10)).unwrap_or(10);
        let skip = events.len().saturating_sub(n);
        events = events.split_off(skip);
    }
    let mut out = String::new();
    for e in events {
        out.push_str(&crate::sim::text::event_record(st.epoch, e));
        out.push('\n');
    }
    out
}

/// `-AdpEventLog -GetEventLogInfo`.
pub fn event_log_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let newest = ad.next_seq.saturating_sub(1);
        let oldest = ad.events.first().map_or(0, |e| e.seq);
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        let info = fill(
            unv::EVENT_LOG_INFO,
            &[
                ("n", &newest.to_string()),
                ("v", &oldest.to_string()),
                ("x", &ad.clear_seq.to_string()),
                ("s", &ad.boot_seq.saturating_sub(1).to_string()),
                ("e", &ad.boot_seq.to_string()),
            ],
        );
        out.extend(info.split('|').map(str::to_owned));
    }
    (out, 0)
}

/// `-AdpGetProp X`.
pub fn get_prop(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for i in adapters_or_return!(st, inv) {
        let ad = &st.adapters[i];
        let a = ad.index.to_string();
        let set = &ad.settings;
        if inv.has("rebuildrate") {
            out.push(format!("Adapter {a}: Rebuild Rate = {}%", set.rebuild_rate));
        } else if inv.has("alarmdsply") {
            out.push(format!("Adapter {a}: Alarm Status is {}", set.alarm));
        } else if inv.has("enablejbod") {
            out.push(format!("Adapter {a}: JBOD: {}", enabled(set.jbod_enabled)));
        } else if inv.has("copybackdsbl") {
            out.push(fill(
                unv::COPYBACK_VALUE,
                &[("a", &a), ("v", enabled(set.copyback_enabled))],
            ));
        } else if inv.has("batwarndsbl") {
            out.push(fill(
                unv::BATTERY_WARNING_VALUE,
                &[("a", &a), ("v", enabled(set.battery_warning))],
            ));
        } else {
            return (
                vec![fill(
                    unv::INVALID_INPUT,
                    &[("x", inv.words.first().map_or("", String::as_str))],
                )],
                0x01,
            );
        }
    }
    (out, 0)
}
