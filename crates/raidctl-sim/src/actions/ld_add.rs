//! Parts of [`super::create`] (`-CfgLdAdd`, `-CfgSpanAdd`): the RAID level and shape, the
//! drives' checks, and the new VD with its events.

use super::{configure_failed, free_target, not_found, wrong_attributes};
use crate::args::Invocation;
use crate::engine::{locale, log};
use crate::render::Reply;
use crate::state::{Adapter, DriveOp, OpKind, Vd};
use crate::text::event_vd;
use crate::unverified::{events as ev, fill};
use raidctl_model::{DriveAddress, FirmwareState, PdType, RaidLevel};

/// The RAID level and the spans the command asks for, or the controller's refusal of a level
/// or shape it does not make (too few drives, unequal spans, a RAID1 of more than two).
pub(super) fn shape(
    a: u32,
    inv: &Invocation,
) -> Result<(RaidLevel, Vec<Vec<DriveAddress>>), Reply> {
    let Some((level_no, flat)) = inv.raid.clone() else {
        return Err(super::invalid_input(&inv.command));
    };
    let spans: Vec<Vec<DriveAddress>> = if inv.command == "cfgspanadd" {
        inv.span_arrays.clone()
    } else {
        vec![flat]
    };
    let level = match (level_no, spans.len() > 1 || inv.command == "cfgspanadd") {
        (0, false) => RaidLevel::Raid0,
        (1, false) => RaidLevel::Raid1,
        (5, false) => RaidLevel::Raid5,
        (6, false) => RaidLevel::Raid6,
        (10 | 1, true) => RaidLevel::Raid10,
        (50 | 5, true) => RaidLevel::Raid50,
        (60 | 6, true) => RaidLevel::Raid60,
        (0, true) => RaidLevel::Raid00,
        _ => return Err((configure_failed(a), 0x03)),
    };
    let per = spans.first().map_or(0, Vec::len);
    let min = match level {
        RaidLevel::Raid0 | RaidLevel::Raid00 => 1,
        RaidLevel::Raid1 | RaidLevel::Raid10 => 2,
        RaidLevel::Raid5 | RaidLevel::Raid50 => 3,
        _ => 4,
    };
    let shape_ok = per >= min
        && spans.iter().all(|s| s.len() == per)
        && (!matches!(level, RaidLevel::Raid1) || per == 2)
        && (!matches!(level, RaidLevel::Raid10) || per.is_multiple_of(2))
        && (!level.is_spanned() || spans.len() >= 2);
    if !shape_ok {
        return Err((configure_failed(a), 0x03));
    }
    Ok((level, spans))
}

/// Every drive of `spans` and their types, or the refusal: pinned cache on the adapter, a
/// drive absent, not unconfigured good, foreign or named twice, mixed drive types, or a hot
/// spare that is not free.
pub(super) fn drives(
    ad: &Adapter,
    inv: &Invocation,
    spans: &[Vec<DriveAddress>],
) -> Result<(Vec<DriveAddress>, Vec<PdType>), Reply> {
    let a = ad.index;
    if !ad.preserved_cache.is_empty() {
        let mut out = configure_failed(a);
        out.push(String::new());
        out.push("FW error description:".to_owned());
        out.push("  The current operation is not allowed because the controller has data in cache for offline or missing virtual drives.".to_owned());
        return Err((out, 0x54));
    }
    let all: Vec<DriveAddress> = spans.iter().flatten().copied().collect();
    let mut seen = Vec::new();
    for x in &all {
        let Some(d) = ad.drive(*x) else {
            return Err((vec![not_found(a, *x)], 0x0c));
        };
        if d.state != FirmwareState::UnconfiguredGood || d.foreign.is_some() || seen.contains(x) {
            return Err((wrong_attributes(), 0x26));
        }
        seen.push(*x);
    }
    let types: Vec<PdType> = all
        .iter()
        .filter_map(|x| ad.drive(*x))
        .map(|d| d.pd_type.clone())
        .collect();
    if types.windows(2).any(|w| w[0] != w[1]) {
        return Err((wrong_attributes(), 0x26));
    }
    for x in &inv.hsp {
        let ok = ad
            .drive(*x)
            .is_some_and(|d| d.state == FirmwareState::UnconfiguredGood && d.foreign.is_none());
        if !ok || all.contains(x) {
            return Err((wrong_attributes(), 0x26));
        }
    }
    Ok((all, types))
}

/// Adds the new VD on group `uid` (the first free target; strip size and cache policies from
/// the command; a background initialization on parity levels) and logs its events; returns
/// its target.
pub(super) fn add_vd(
    ad: &mut Adapter,
    clock: u64,
    inv: &Invocation,
    level: &RaidLevel,
    uid: u64,
) -> u32 {
    let target = free_target(ad, 0);
    let strip = inv
        .words
        .iter()
        .find_map(|w| w.strip_prefix("strpsz").and_then(|v| v.parse().ok()))
        .unwrap_or(64);
    let vd_uid = ad.uid();
    let mut vd = Vd::new(vd_uid, target, uid, "", strip);
    vd.write_back = !inv.has("wt");
    vd.read_policy = if inv.has("nora") {
        "ReadAheadNone".to_owned()
    } else if inv.has("ra") {
        "ReadAhead".to_owned()
    } else {
        "ReadAdaptive".to_owned()
    };
    vd.cached_io = inv.has("cached");
    vd.cached_bad_bbu = inv.has("cachedbadbbu");
    if matches!(
        level,
        RaidLevel::Raid5 | RaidLevel::Raid6 | RaidLevel::Raid50 | RaidLevel::Raid60
    ) {
        vd.bgi = Some(DriveOp {
            kind: OpKind::Rebuild,
            percent: 0.0,
            started: clock,
            source: None,
        });
    }
    let has_bgi = vd.bgi.is_some();
    ad.vds.push(vd);
    let data = vec![("Target Id".to_owned(), target.to_string())];
    log(
        ad,
        clock,
        0x8a,
        0,
        locale::LD,
        fill(ev::VD_CREATED, &[("x", &event_vd(target))]),
        data.clone(),
    );
    if has_bgi {
        log(
            ad,
            clock,
            0x29,
            0,
            locale::LD,
            fill(ev::BGI_STARTED, &[("x", &event_vd(target))]),
            data,
        );
    }
    target
}
