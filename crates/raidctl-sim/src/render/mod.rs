//! Read commands, rendered with the key order and padding of real MegaCli 8.07 captures.
//!
//! Every function returns the body lines between the spinner line and the blank line before
//! `Exit Code`, plus the exit status.

use crate::args::{Invocation, LdSel};
use crate::state::{
    Adapter, Drive, OpKind, SimState, Vd, coerced, data_sectors, noncoerced, redundancy_sectors,
};
use crate::text::{
    self, firmware_state, inquiry, media_type, mib, pd_type, raid_level, size, size_with_sectors,
    temperature_line,
};
use crate::unverified::{self as unv, fill};
use raidctl_model::{DriveAddress, FirmwareState, LdState, RaidLevel};

/// Body lines and exit status.
pub type Reply = (Vec<String>, u32);

/// Fixed lines as owned strings, for `out.extend`.
fn lines<'a>(texts: &'a [&'a str]) -> impl Iterator<Item = String> + 'a {
    texts.iter().map(|t| (*t).to_owned())
}

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
    let is_sas = !matches!(d.pd_type, raidctl_model::PdType::Sata);
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
    let count = ad.vds_sharing(vd.group_uid);
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

/// The adapters the invocation names, in its order, or the answer for one that is not there.
fn adapters<'a>(st: &'a SimState, inv: &Invocation) -> Result<Vec<&'a Adapter>, Reply> {
    let present: Vec<u32> = st.adapters.iter().map(|a| a.index).collect();
    let mut out = Vec::new();
    for n in inv.adapter_list(&present) {
        match st.adapters.iter().find(|a| a.index == n) {
            Some(ad) => out.push(ad),
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

/// The reply to a `-LN` naming a VD adapter `ad` does not have.
fn ld_not_found(ad: u32, n: u32) -> Reply {
    (
        vec![fill(
            unv::LD_NOT_FOUND,
            &[("a", &ad.to_string()), ("n", &n.to_string())],
        )],
        0x03,
    )
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
    for ad in adapters_or_return!(st, inv) {
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
    for ad in adapters_or_return!(st, inv) {
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
    for ad in adapters_or_return!(st, inv) {
        out.push(String::new());
        out.push(format!("Adapter #{}", ad.index));
        out.push(String::new());
        let mut drives: Vec<&Drive> = ad.drives.iter().collect();
        drives.sort_by_key(|d| (d.enclosure, d.slot));
        for d in drives {
            push_pd_record(&mut out, ad, d);
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

/// A drive's `-PDList`-style record and the three blank lines MegaCli ends it with.
fn push_pd_record(out: &mut Vec<String>, ad: &Adapter, d: &Drive) {
    out.extend(pd_record(ad, d));
    out.extend([String::new(), String::new(), String::new()]);
}

/// `-PDInfo -PhysDrv[E:S]`.
pub fn pd_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        for a in &inv.drives {
            let Some(d) = ad.drive(*a) else {
                return not_found(ad.index, *a);
            };
            out.push(String::new());
            push_pd_record(&mut out, ad, d);
        }
    }
    (out, 0)
}

/// `-LDInfo -Lall|-LN`.
pub fn ld_info(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = vec![String::new()];
    for ad in adapters_or_return!(st, inv) {
        let vds = match selected_vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(n) => return ld_not_found(ad.index, n),
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
    for ad in adapters_or_return!(st, inv) {
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
                Some(d) => push_pd_record(out, ad, d),
                None => out.push(String::new()),
            }
        }
    }
}

/// `-CfgDsply`.
pub fn cfg_dsply(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
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

/// `-CfgForeign` on an adapter without a foreign configuration.
pub(crate) fn no_foreign(a: u32) -> String {
    format!("There is no foreign configuration on controller {a}.")
}

/// `-CfgForeign -Scan`.
pub fn foreign_scan(st: &SimState, inv: &Invocation) -> Reply {
    let mut out = Vec::new();
    for ad in adapters_or_return!(st, inv) {
        let n = foreign_configs(ad).len();
        if n == 0 {
            out.push(no_foreign(ad.index));
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
    for ad in adapters_or_return!(st, inv) {
        let configs = foreign_configs(ad);
        if configs.is_empty() {
            out.push(no_foreign(ad.index));
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
                let fake_group = crate::state::DiskGroup {
                    uid: 0,
                    level: meta.level.clone(),
                    spans: (0..meta.spans)
                        .map(|_| crate::state::Span {
                            rows: (0..meta.rows)
                                .map(|_| crate::state::Row {
                                    drive: None,
                                    size_sectors: per_row,
                                    pd_type: raidctl_model::PdType::Sas,
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
                        Some(d) => push_pd_record(&mut out, ad, d),
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
    for ad in adapters_or_return!(st, inv) {
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
    for ad in adapters_or_return!(st, inv) {
        for a in &inv.drives {
            let Some(d) = ad.drive(*a) else {
                return not_found(ad.index, *a);
            };
            let e = text::encl(*a);
            match d.op.as_ref().filter(|o| o.kind == kind) {
                Some(op) => {
                    let pct = op.shown_percent();
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
    for ad in adapters_or_return!(st, inv) {
        let vds = match selected_vds(ad, &inv.lds) {
            Ok(v) => v,
            Err(n) => return ld_not_found(ad.index, n),
        };
        for vd in vds {
            match &vd.bgi {
                Some(op) => {
                    let pct = op.shown_percent();
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
    for ad in adapters_or_return!(st, inv) {
        out.push(format!(
            "    Number of enclosures on adapter {} -- {}",
            ad.index,
            ad.enclosures.len()
        ));
        out.push(String::new());
        for (n, e) in ad.enclosures.iter().enumerate() {
            let drives = ad.enclosure_drive_count(e.device_id);
            out.push(format!("    Enclosure {n}:"));
            out.push(format!(
                "    Device ID                     : {}",
                e.device_id
            ));
            out.push(format!("    Number of Slots               : {}", e.slots));
            out.extend(lines(&[
                "    Number of Power Supplies      : 0",
                "    Number of Fans                : 0",
                "    Number of Temperature Sensors : 0",
                "    Number of Alarms              : 0",
                "    Number of SIM Modules         : 0",
            ]));
            out.push(format!("    Number of Physical Drives     : {drives}"));
            out.push(s("    Status                        : Normal"));
            out.push(s("    Position                      : 1"));
            out.push(s("    Connector Name                : Unavailable"));
            out.push(format!("    Enclosure type                : {}", e.kind));
            out.extend(lines(&[
                "    FRU Part Number               : N/A",
                "    Enclosure Serial Number       : N/A",
                "    ESM Serial Number             : N/A",
                "    Enclosure Zoning Mode         : N/A",
                "    Partner Device Id             : 65535",
                "",
                "    Inquiry data                  :",
            ]));
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

// After the macros above, which the adapter-wide renderers use too.
mod adapter;

pub use adapter::*;
