//! The physical world: pulling and inserting drives, drive failures, error counters, battery.

use crate::engine::{
    self, locale, log, log_pd, set_pd_state, settle, start_copyback, start_rebuild,
};
use crate::state::{Adapter, Drive, ForeignMeta, idema_sectors};
use crate::unverified::{events as ev, fill};
use raidctl_model::{DriveAddress, FirmwareState, MediaType, PdType};

/// What kind of drive `insert` puts in a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertKind {
    /// The drive last pulled from this slot (its metadata makes it foreign).
    Original,
    /// A new, empty drive like the slot's previous one.
    Blank,
    /// A used drive carrying another machine's configuration.
    Foreign,
    /// A drive smaller than the rows it could replace.
    Small,
    /// A SATA drive where SAS is expected (or SAS where SATA is).
    Sata,
    /// A drive with media errors.
    MediaErrors,
    /// A drive whose SMART already predicts failure (what OpenManage shows as
    /// `Failure Predicted`; OMSA does not report media error counts).
    Predictive,
    /// An SSD where the array has HDDs (or an HDD where it has SSDs).
    Ssd,
}

impl std::str::FromStr for InsertKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "original" => Self::Original,
            "blank" => Self::Blank,
            "foreign" => Self::Foreign,
            "small" => Self::Small,
            "sata" => Self::Sata,
            "media-errors" => Self::MediaErrors,
            "predictive" => Self::Predictive,
            "ssd" => Self::Ssd,
            other => {
                return Err(format!(
                    "unknown drive kind {other:?} (original|blank|foreign|small|sata|media-errors|predictive|ssd)"
                ));
            }
        })
    }
}

/// Pulls a drive out of its slot.
///
/// # Errors
/// A message when no drive is in that slot.
pub fn pull(ad: &mut Adapter, clock: u64, addr: DriveAddress) -> Result<(), String> {
    let Some(i) = ad.drive_index(addr) else {
        return Err(format!("no drive in slot {addr}"));
    };
    log_pd(ad, clock, addr, 0x70, 1, "Removed: {x}");
    let pos = ad.position(addr);
    let state = ad.drives[i].state.clone();
    if let Some(p) = pos {
        if matches!(state, FirmwareState::Online | FirmwareState::Rebuild) {
            set_pd_state(ad, clock, addr, FirmwareState::Failed);
        }
        ad.groups[p.group].spans[p.span].rows[p.row].drive = None;
        engine::vd_events(ad, clock);
        let group = &ad.groups[p.group];
        let vd = ad
            .vds
            .iter()
            .filter(|v| v.group_uid == group.uid)
            .min_by_key(|v| v.target);
        let meta = ForeignMeta {
            config: group.uid,
            vd_uid: vd.map(|v| v.uid),
            group_uid: Some(group.uid),
            level: group.level.clone(),
            target: vd.map_or(0, |v| v.target),
            span: u32::try_from(p.span).unwrap_or(0),
            row: u32::try_from(p.row).unwrap_or(0),
            rows: u32::try_from(group.spans[p.span].rows.len()).unwrap_or(0),
            spans: u32::try_from(group.spans.len()).unwrap_or(0),
            strip_kb: vd.map_or(64, |v| v.strip_kb),
            name: vd.map(|v| v.name.clone()).unwrap_or_default(),
        };
        ad.drives[i].foreign = Some(meta);
        set_pd_state(ad, clock, addr, FirmwareState::UnconfiguredBad);
    }
    // A copyback whose source or destination disappears is aborted.
    abort_copybacks_from(ad, clock, addr);
    let mut d = ad.drives.remove(i);
    d.op = None;
    d.locate = false;
    if d.state == FirmwareState::Copyback {
        d.state = FirmwareState::UnconfiguredGood;
    }
    ad.pulled.retain(|p| p.addr() != addr);
    ad.pulled.push(d);
    settle(ad, clock);
    Ok(())
}

fn template_drive(ad: &Adapter, addr: DriveAddress) -> Option<Drive> {
    // A drive like the other members of the row this slot belongs to...
    for g in &ad.groups {
        for span in &g.spans {
            if span.rows.iter().any(|r| r.home == Some(addr)) {
                if let Some(d) = span
                    .rows
                    .iter()
                    .filter_map(|r| r.drive)
                    .find_map(|a| ad.drive(a))
                {
                    return Some(d.clone());
                }
            }
        }
    }
    // ...else like the nearest drive in the same enclosure, the larger of two as near (a
    // data bay's neighbour on one side may be a small boot drive: a replacement modelled on
    // it was too small for every single-drive RAID0 on slot 2).
    ad.drives
        .iter()
        .filter(|d| d.enclosure == addr.enclosure)
        .min_by_key(|d| (d.slot.abs_diff(addr.slot), std::cmp::Reverse(d.raw_sectors)))
        .or_else(|| ad.drives.first())
        .or_else(|| ad.pulled.iter().find(|d| d.addr() == addr))
        .cloned()
}

/// Inserts a drive into an empty slot.
///
/// # Errors
/// A message when the slot is occupied or nothing is known to copy from.
pub fn insert(
    ad: &mut Adapter,
    clock: u64,
    addr: DriveAddress,
    kind: Option<InsertKind>,
    size_gb: Option<u64>,
) -> Result<(), String> {
    if ad.drive(addr).is_some() {
        return Err(format!("slot {addr} is occupied; pull the drive first"));
    }
    if let Some(e) = addr.enclosure {
        match ad.enclosures.iter().find(|x| x.device_id == e) {
            Some(enc) if addr.slot < enc.slots => {}
            _ => return Err(format!("no slot {addr} on adapter {}", ad.index)),
        }
    }
    let has_original = ad.pulled.iter().any(|d| d.addr() == addr);
    let kind = kind.unwrap_or(if has_original {
        InsertKind::Original
    } else {
        InsertKind::Blank
    });
    let mut d = if kind == InsertKind::Original {
        let Some(i) = ad.pulled.iter().position(|d| d.addr() == addr) else {
            return Err(format!("no drive was pulled from {addr}"));
        };
        ad.pulled.remove(i)
    } else {
        let Some(mut t) = template_drive(ad, addr) else {
            return Err("no drive to model the new one on".to_owned());
        };
        ad.next_device_id += 1;
        t.device_id = ad.next_device_id;
        t.enclosure = addr.enclosure;
        t.slot = addr.slot;
        t.serial = format!("SIM{:05X}{:03}", ad.next_device_id, addr.slot);
        t.wwn = format!(
            "5000c5{:010x}",
            u64::from(ad.next_device_id) * 7919 + u64::from(addr.slot)
        );
        t.state = FirmwareState::UnconfiguredGood;
        t.foreign = None;
        t.hotspare = None;
        t.was_spare = None;
        t.media_errors = 0;
        t.other_errors = 0;
        t.predictive = 0;
        t.op = None;
        t.locate = false;
        t.prepared_for_removal = false;
        t.spun_up = true;
        match kind {
            InsertKind::Small => t.raw_sectors /= 2,
            InsertKind::Sata => {
                t.pd_type = if t.pd_type == PdType::Sata {
                    PdType::Sas
                } else {
                    PdType::Sata
                };
                if t.pd_type == PdType::Sata {
                    t.vendor = String::new();
                    t.model = "ST600NM0011".to_owned();
                } else {
                    t.vendor = "SEAGATE".to_owned();
                    t.model = "ST600MM0006".to_owned();
                }
            }
            InsertKind::MediaErrors => {
                t.media_errors = 37;
                t.other_errors = 4;
            }
            InsertKind::Predictive => t.predictive = 3,
            InsertKind::Ssd => {
                t.media = if t.media == MediaType::Ssd {
                    MediaType::Hdd
                } else {
                    MediaType::Ssd
                };
                t.model = if t.media == MediaType::Ssd {
                    "MZILT800HBHQ0D3"
                } else {
                    "ST600MM0006"
                }
                .to_owned();
            }
            InsertKind::Foreign => {
                let config = ad.uid() + 1_000_000;
                t.foreign = Some(ForeignMeta {
                    config,
                    vd_uid: None,
                    group_uid: None,
                    level: raidctl_model::RaidLevel::Raid1,
                    target: 0,
                    span: 0,
                    row: 0,
                    rows: 2,
                    spans: 1,
                    strip_kb: 64,
                    name: "old-host".to_owned(),
                });
            }
            _ => {}
        }
        if let Some(gb) = size_gb {
            t.raw_sectors = idema_sectors(gb);
        }
        t
    };
    d.op = None;
    d.spun_up = true;
    d.prepared_for_removal = false;
    ad.drives.push(d);
    log_pd(ad, clock, addr, 0x5b, 0, "Inserted: {x}");
    after_insert(ad, clock, addr, kind);
    settle(ad, clock);
    Ok(())
}

/// Copybacks from `addr` stop: their destinations fall back to unconfigured good.
fn abort_copybacks_from(ad: &mut Adapter, clock: u64, addr: DriveAddress) {
    let dst: Vec<DriveAddress> = ad
        .drives
        .iter()
        .filter(|d| d.op.as_ref().is_some_and(|o| o.source == Some(addr)))
        .map(Drive::addr)
        .collect();
    for x in dst {
        set_pd_state(ad, clock, x, FirmwareState::UnconfiguredGood);
    }
}

fn after_insert(ad: &mut Adapter, clock: u64, addr: DriveAddress, kind: InsertKind) {
    let Some(d) = ad.drive(addr).cloned() else {
        return;
    };
    if kind == InsertKind::Original {
        if let Some(meta) = &d.foreign {
            // The drive's own row may take it straight back when the controller does not
            // keep the failure history.
            let back = !ad.settings.maintain_pd_fail_history && ad.settings.auto_rebuild;
            let g = meta.group_uid.and_then(|u| ad.group_index(u));
            let free = g.is_some_and(|g| {
                ad.groups[g]
                    .spans
                    .get(meta.span as usize)
                    .and_then(|s| s.rows.get(meta.row as usize))
                    .is_some_and(|r| r.drive.is_none())
            });
            if let (true, true, Some(g)) = (back, free, g) {
                ad.groups[g].spans[meta.span as usize].rows[meta.row as usize].drive = Some(addr);
                if let Some(x) = ad.drive_mut(addr) {
                    x.foreign = None;
                    x.state = FirmwareState::Offline;
                }
                start_rebuild(ad, clock, addr, true);
                return;
            }
            // Not taken back: foreign, as any other drive with a configuration (below).
        } else {
            if d.state == FirmwareState::Hotspare && !ad.settings.restore_hsp_on_insert {
                if let Some(x) = ad.drive_mut(addr) {
                    x.hotspare = None;
                    x.state = FirmwareState::UnconfiguredGood;
                }
            }
            return;
        }
    }
    if d.foreign.is_some() {
        log(
            ad,
            clock,
            0xbf,
            1,
            locale::CTRL,
            "Foreign Configuration Detected".to_owned(),
            Vec::new(),
        );
        return;
    }
    // A blank drive in the slot of a missing row is rebuilt at once (auto-rebuild).
    if ad.settings.auto_rebuild {
        for g in 0..ad.groups.len() {
            for s in 0..ad.groups[g].spans.len() {
                for r in 0..ad.groups[g].spans[s].rows.len() {
                    let row = &ad.groups[g].spans[s].rows[r];
                    // Controllers do not mix SSDs and HDDs in one array.
                    let same_media = ad.groups[g]
                        .spans
                        .iter()
                        .flat_map(|x| x.rows.iter().filter_map(|y| y.drive))
                        .find_map(|m| ad.drive(m))
                        .is_none_or(|m| m.media == d.media);
                    // A RAID 0 has nothing to rebuild from: its offline VD stays offline and a
                    // new drive in the bay stays Unconfigured(good) (the VD is recreated).
                    let redundant = ad.groups[g]
                        .level
                        .tolerated_failures_per_span()
                        .is_some_and(|t| t > 0);
                    let fits = redundant
                        && row.drive.is_none()
                        && row.home == Some(addr)
                        && row.pd_type == d.pd_type
                        && same_media
                        && d.coerced_sectors() >= row.size_sectors;
                    if fits {
                        ad.groups[g].spans[s].rows[r].drive = Some(addr);
                        if let Some(x) = ad.drive_mut(addr) {
                            x.state = FirmwareState::Offline;
                        }
                        start_rebuild(ad, clock, addr, true);
                        return;
                    }
                }
            }
        }
    }
    // A blank drive in the home slot of a row a revertible spare now holds gets a copyback.
    if ad.settings.copyback_enabled {
        for g in 0..ad.groups.len() {
            for s in 0..ad.groups[g].spans.len() {
                for r in 0..ad.groups[g].spans[s].rows.len() {
                    let row = ad.groups[g].spans[s].rows[r].clone();
                    let Some(holder) = row.drive else { continue };
                    let revertible = ad.drive(holder).is_some_and(|h| {
                        h.state == FirmwareState::Online
                            && h.was_spare.as_ref().is_some_and(|w| w.revertible)
                    });
                    if revertible
                        && row.home == Some(addr)
                        && row.pd_type == d.pd_type
                        && d.coerced_sectors() >= row.size_sectors
                    {
                        start_copyback(ad, clock, holder, addr);
                        return;
                    }
                }
            }
        }
    }
}

/// Fails a drive (firmware marks it Failed, or Unconfigured(bad) when it is not a member).
///
/// # Errors
/// A message when no drive is in that slot.
pub fn fail(ad: &mut Adapter, clock: u64, addr: DriveAddress) -> Result<(), String> {
    let Some(d) = ad.drive(addr) else {
        return Err(format!("no drive in slot {addr}"));
    };
    let next = if ad.position(addr).is_some() || d.state == FirmwareState::Hotspare {
        FirmwareState::Failed
    } else {
        FirmwareState::UnconfiguredBad
    };
    if let Some(x) = ad.drive_mut(addr) {
        x.hotspare = None;
    }
    // A copyback onto or from this drive stops.
    abort_copybacks_from(ad, clock, addr);
    set_pd_state(ad, clock, addr, next);
    settle(ad, clock);
    Ok(())
}

/// Sets the media error counter.
///
/// # Errors
/// A message when no drive is in that slot.
pub fn media_errors(
    ad: &mut Adapter,
    clock: u64,
    addr: DriveAddress,
    n: u64,
) -> Result<(), String> {
    let Some(d) = ad.drive_mut(addr) else {
        return Err(format!("no drive in slot {addr}"));
    };
    d.media_errors = n;
    log_pd(
        ad,
        clock,
        addr,
        ev::UNEXPECTED_SENSE_CODE,
        1,
        ev::UNEXPECTED_SENSE,
    );
    Ok(())
}

/// Logs a damage event on a drive without touching its counters, as a controller does when a
/// rebuild reads an unreadable sector: `puncture` (`Puncturing bad block on PD ... at LBA`),
/// `medium-error` (`Corrected medium error during recovery on PD ... at LBA`) or `sense`
/// (`Unexpected sense: PD ..., Sense: 3/11/00`).
///
/// # Errors
/// A message for an unknown kind or an empty slot.
pub fn damage_event(
    ad: &mut Adapter,
    clock: u64,
    addr: DriveAddress,
    kind: &str,
    lba: u64,
) -> Result<(), String> {
    if ad.drive(addr).is_none() {
        return Err(format!("no drive in slot {addr}"));
    }
    let (code, class, template) = match kind {
        "puncture" => (
            ev::PUNCTURE_CODE,
            1,
            format!("Puncturing bad block on {{x}} at {lba:x}"),
        ),
        "medium-error" => (
            ev::MEDIUM_ERROR_CODE,
            0,
            format!("Corrected medium error during recovery on {{x}} at {lba:x}"),
        ),
        "sense" => (
            ev::UNEXPECTED_SENSE_CODE,
            1,
            ev::UNEXPECTED_SENSE.to_owned(),
        ),
        other => {
            return Err(format!(
                "unknown event kind {other:?} (puncture|medium-error|sense)"
            ));
        }
    };
    log_pd(ad, clock, addr, code, class, &template);
    Ok(())
}

/// Sets or clears `Bad Blocks Exist` on a VD (what punctured stripes leave behind).
///
/// # Errors
/// A message when no VD has that target id.
pub fn bad_blocks(ad: &mut Adapter, clock: u64, target: u32, on: bool) -> Result<(), String> {
    let Some(vd) = ad.vds.iter_mut().find(|v| v.target == target) else {
        return Err(format!("no VD {target} on adapter {}", ad.index));
    };
    vd.bad_blocks = on;
    log(
        ad,
        clock,
        0x0111,
        1,
        locale::LD,
        fill(
            ev::BAD_BLOCKS,
            &[
                ("x", &crate::text::event_vd(target)),
                ("s", if on { "Yes" } else { "No" }),
            ],
        ),
        vec![("Target Id".to_owned(), target.to_string())],
    );
    Ok(())
}

/// Sets the predictive failure counter (and the SMART alert with it).
///
/// # Errors
/// A message when no drive is in that slot.
pub fn predictive(ad: &mut Adapter, clock: u64, addr: DriveAddress, n: u64) -> Result<(), String> {
    let Some(d) = ad.drive_mut(addr) else {
        return Err(format!("no drive in slot {addr}"));
    };
    d.predictive = n;
    if n > 0 {
        log_pd(ad, clock, addr, 0x6f, 1, ev::PREDICTIVE);
    } else {
        log_pd(ad, clock, addr, 0x6f, 0, ev::PREDICTIVE_CLEARED);
    }
    Ok(())
}

/// Battery events: `drain`, `learn`, `replace`, `fail`.
///
/// # Errors
/// A message for an unknown action or a controller without battery.
pub fn bbu(ad: &mut Adapter, clock: u64, action: &str) -> Result<(), String> {
    let Some(b) = ad.bbu.as_mut() else {
        return Err(format!("adapter {} has no battery", ad.index));
    };
    let before = b.good();
    let msg = match action {
        "drain" => {
            b.charge = 5.0;
            b.charging = true;
            "Battery started charging"
        }
        "learn" => {
            b.learn_started = Some(clock);
            b.charging = false;
            ev::LEARN_STARTED
        }
        "replace" => {
            b.charge = 100.0;
            b.charging = false;
            b.replacement_required = false;
            b.learn_started = None;
            ev::BBU_REPLACED
        }
        "fail" => {
            b.replacement_required = true;
            b.charging = false;
            ev::BBU_REPLACE
        }
        other => {
            return Err(format!(
                "unknown battery action {other:?} (drain|learn|replace|fail)"
            ));
        }
    };
    let after = b.good();
    log(ad, clock, 0x93, 0, locale::BBU, msg.to_owned(), Vec::new());
    if before != after {
        engine::bbu_policy_event(ad, clock, after);
    }
    Ok(())
}
