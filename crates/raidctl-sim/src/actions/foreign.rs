//! `-CfgForeign`: scanning, showing, importing and clearing foreign configurations (the
//! firmware's own bookkeeping of drives that came from another controller or VD).

use super::*;

pub(super) fn foreign(ad: &mut Adapter, clock: u64, inv: &Invocation) -> Reply {
    let a = ad.index;
    let configs = foreign_configs(ad);
    let want = inv.number().and_then(|n| usize::try_from(n).ok());
    if configs.is_empty() {
        return (vec![no_foreign(a)], 0);
    }
    let picked: Vec<(usize, u64)> = configs
        .iter()
        .copied()
        .enumerate()
        .filter(|(i, _)| want.is_none_or(|w| w == *i))
        .collect();
    if picked.is_empty() {
        return (
            vec![format!(
                "Failed to clear Foreign configuration {} on controller {a}.",
                want.unwrap_or(0)
            )],
            0x03,
        );
    }
    if inv.has("clear") {
        if !ad.preserved_cache.is_empty() {
            let n = picked.first().map_or(0, |p| p.0);
            return (
                vec![
                    format!("Failed to clear Foreign configuration {n} on controller {a}."),
                    "FW error description: ".to_owned(),
                    " The current operation is not allowed because the controller has data in cache for offline or missing virtual disks.  ".to_owned(),
                ],
                0x54,
            );
        }
        let mut out = Vec::new();
        for (n, cfg) in picked {
            let addrs: Vec<DriveAddress> = ad
                .drives
                .iter()
                .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == cfg))
                .map(|d| d.addr())
                .collect();
            for x in addrs {
                if let Some(d) = ad.drive_mut(x) {
                    d.foreign = None;
                }
                set_pd_state(ad, clock, x, FirmwareState::UnconfiguredGood);
            }
            log(
                ad,
                clock,
                0xdc,
                0,
                locale::CTRL,
                ev::FOREIGN_CLEARED.to_owned(),
                Vec::new(),
            );
            out.push(format!(
                "Foreign configuration {n} is cleared on controller {a}."
            ));
        }
        return (out, 0);
    }
    if inv.has("import") {
        let mut out = Vec::new();
        for (n, cfg) in picked {
            import(ad, clock, cfg);
            out.push(fill(
                unv::FOREIGN_IMPORTED,
                &[("n", &n.to_string()), ("a", &a.to_string())],
            ));
        }
        return (out, 0);
    }
    invalid_input("-CfgForeign")
}

/// Imports one foreign configuration: drives that came from a local VD take their missing
/// row back and rebuild; drives of an unknown configuration become a new VD.
fn import(ad: &mut Adapter, clock: u64, cfg: u64) {
    let drives: Vec<DriveAddress> = ad
        .drives
        .iter()
        .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == cfg))
        .map(|d| d.addr())
        .collect();
    let Some(meta) = drives
        .first()
        .and_then(|x| ad.drive(*x))
        .and_then(|d| d.foreign.clone())
    else {
        return;
    };
    let local = meta.group_uid.and_then(|u| ad.group_index(u));
    match local {
        Some(g) => {
            for x in drives {
                let Some(m) = ad.drive(x).and_then(|d| d.foreign.clone()) else {
                    continue;
                };
                let (s, r) = (m.span as usize, m.row as usize);
                let free = ad.groups[g]
                    .spans
                    .get(s)
                    .and_then(|sp| sp.rows.get(r))
                    .is_some_and(|row| row.drive.is_none());
                if let Some(d) = ad.drive_mut(x) {
                    d.foreign = None;
                }
                if free {
                    ad.groups[g].spans[s].rows[r].drive = Some(x);
                    set_pd_state(ad, clock, x, FirmwareState::Offline);
                    start_rebuild(ad, clock, x, true);
                } else {
                    set_pd_state(ad, clock, x, FirmwareState::UnconfiguredGood);
                }
            }
        }
        None => {
            let uid = ad.uid();
            let size = drives
                .iter()
                .filter_map(|x| ad.drive(*x))
                .map(|d| d.coerced_sectors())
                .min()
                .unwrap_or(0);
            let pd_type = drives
                .first()
                .and_then(|x| ad.drive(*x))
                .map(|d| d.pd_type.clone())
                .unwrap_or(PdType::Sas);
            let mut spans: Vec<Span> = (0..meta.spans)
                .map(|_| Span {
                    rows: (0..meta.rows)
                        .map(|_| Row {
                            drive: None,
                            size_sectors: size,
                            pd_type: pd_type.clone(),
                            home: None,
                        })
                        .collect(),
                })
                .collect();
            for x in &drives {
                let Some(m) = ad.drive(*x).and_then(|d| d.foreign.clone()) else {
                    continue;
                };
                if let Some(row) = spans
                    .get_mut(m.span as usize)
                    .and_then(|s| s.rows.get_mut(m.row as usize))
                {
                    row.drive = Some(*x);
                    row.home = Some(*x);
                }
            }
            ad.groups.push(DiskGroup {
                uid,
                level: meta.level.clone(),
                spans,
            });
            let target = free_target(ad, meta.target);
            let vd_uid = ad.uid();
            ad.vds
                .push(Vd::new(vd_uid, target, uid, &meta.name, meta.strip_kb));
            for x in drives {
                if let Some(d) = ad.drive_mut(x) {
                    d.foreign = None;
                }
                set_pd_state(ad, clock, x, FirmwareState::Online);
            }
            // The new VD starts from Optimal so the diff reports what it really is.
            if let Some(v) = ad.vds.iter_mut().find(|v| v.uid == vd_uid) {
                v.last_state = LdState::Optimal;
            }
        }
    }
    log(
        ad,
        clock,
        0xdb,
        0,
        locale::CTRL,
        ev::FOREIGN_IMPORTED.to_owned(),
        Vec::new(),
    );
}
