//! The controller's reactions: event logging, PD state changes, derived VD state changes,
//! hot-spare takeover, rebuild/copyback/BGI progress with the virtual clock, battery.

use crate::state::{Adapter, DriveOp, EventRecord, OpKind, SimState, ld_state_code, pd_state_code};
use crate::text::{event_pd, event_vd};
use crate::unverified::{events as ev, fill};
use raidctl_model::{DriveAddress, FirmwareState, LdState};

/// Bytes per second a rebuild moves at 100 % rebuild rate and speed factor 1.
pub const FULL_RATE_BYTES_PER_SEC: f64 = 200.0 * 1024.0 * 1024.0;

/// Event locales.
pub mod locale {
    /// Logical drive.
    pub const LD: u32 = 0x01;
    /// Physical drive.
    pub const PD: u32 = 0x02;
    /// Battery.
    pub const BBU: u32 = 0x08;
    /// Controller.
    pub const CTRL: u32 = 0x20;
}

/// Appends an event.
pub fn log(
    ad: &mut Adapter,
    clock: u64,
    code: u32,
    class: i32,
    locale: u32,
    description: String,
    data: Vec<(String, String)>,
) {
    let seq = ad.next_seq;
    ad.next_seq += 1;
    ad.events.push(EventRecord {
        seq,
        time: clock,
        since_boot: None,
        code,
        class,
        locale,
        description,
        data,
    });
}

/// Seconds a booting controller runs before it sets its clock from the host: events it logs
/// until then carry `Seconds since last reboot: N` instead of a time.
pub const CLOCK_UNSET_SECS: u64 = 40;

/// The controller (re)boots at `clock`: firmware start, battery, then the clock set from the
/// host. The events before the clock is set are boot-relative, as a real controller logs them.
pub fn boot(ad: &mut Adapter, clock: u64) {
    ad.boot_seq = ad.next_seq;
    let pci = format!(
        "{}/{}/{}/{}",
        ad.pci_ids.1.trim_start_matches("0x"),
        ad.pci_ids.0.trim_start_matches("0x"),
        ad.pci_ids.3.trim_start_matches("0x"),
        ad.pci_ids.2.trim_start_matches("0x"),
    );
    let boot_event = |ad: &mut Adapter, after: u64, code, locale, description: String| {
        log(ad, clock + after, code, 0, locale, description, Vec::new());
        if let Some(e) = ad.events.last_mut() {
            e.since_boot = Some(after);
        }
    };
    boot_event(
        ad,
        0,
        0x1,
        locale::CTRL,
        format!("Firmware initialization started (PCI ID {pci})"),
    );
    let fw = format!("Firmware version {}", ad.fw_version);
    boot_event(ad, 0, 0x0, locale::CTRL, fw);
    if ad.bbu.is_some() {
        boot_event(ad, 5, 0xf4, locale::BBU, "Battery Present".to_owned());
    }
    let set = clock + CLOCK_UNSET_SECS;
    log(
        ad,
        set,
        0x2c,
        0,
        locale::CTRL,
        fill(
            crate::unverified::events::TIME_ESTABLISHED,
            &[("n", &CLOCK_UNSET_SECS.to_string())],
        ),
        Vec::new(),
    );
}

fn pd_data(ad: &Adapter, addr: DriveAddress) -> Vec<(String, String)> {
    let Some(d) = ad
        .drive(addr)
        .or_else(|| ad.pulled.iter().find(|d| d.addr() == addr))
    else {
        return Vec::new();
    };
    vec![
        ("Device ID".to_owned(), d.device_id.to_string()),
        (
            "Enclosure Index".to_owned(),
            d.enclosure.map_or(255, u32::from).to_string(),
        ),
        ("Slot Number".to_owned(), d.slot.to_string()),
    ]
}

/// Logs an event about a drive; `template` has an `{x}` for the `PD 0b(e0x20/s11)` id.
pub fn log_pd(
    ad: &mut Adapter,
    clock: u64,
    addr: DriveAddress,
    code: u32,
    class: i32,
    template: &str,
) {
    let id = ad
        .drive(addr)
        .or_else(|| ad.pulled.iter().find(|d| d.addr() == addr))
        .map(event_pd)
        .unwrap_or_default();
    let data = pd_data(ad, addr);
    log(
        ad,
        clock,
        code,
        class,
        locale::PD,
        fill(template, &[("x", &id)]),
        data,
    );
}

/// Changes a present drive's state and logs `State change on PD ... from X(c) to Y(c)`.
pub fn set_pd_state(ad: &mut Adapter, clock: u64, addr: DriveAddress, new: FirmwareState) {
    let Some(d) = ad.drive_mut(addr) else { return };
    let old = std::mem::replace(&mut d.state, new.clone());
    if old == new {
        return;
    }
    if !matches!(new, FirmwareState::Rebuild | FirmwareState::Copyback) {
        d.op = None;
    }
    let id = event_pd(d);
    let (on, oc) = pd_state_code(&old);
    let (nn, nc) = pd_state_code(&new);
    let class = match new {
        FirmwareState::Failed | FirmwareState::UnconfiguredBad => 2,
        FirmwareState::Offline => 1,
        _ => 0,
    };
    let mut data = pd_data(ad, addr);
    data.push(("Previous state".to_owned(), oc.to_string()));
    data.push(("New state".to_owned(), nc.to_string()));
    log(
        ad,
        clock,
        0x72,
        class,
        locale::PD,
        format!("State change on {id} from {on}({oc:x}) to {nn}({nc:x})"),
        data,
    );
}

/// Starts a rebuild on a drive that sits in a row.
pub fn start_rebuild(ad: &mut Adapter, clock: u64, addr: DriveAddress, auto: bool) {
    set_pd_state(ad, clock, addr, FirmwareState::Rebuild);
    if let Some(d) = ad.drive_mut(addr) {
        d.op = Some(DriveOp {
            kind: OpKind::Rebuild,
            percent: 0.0,
            started: clock,
            source: None,
        });
    }
    if auto {
        log_pd(ad, clock, addr, 0x6a, 0, ev::REBUILD_AUTO_STARTED);
    } else {
        log_pd(ad, clock, addr, 0x67, 0, ev::REBUILD_STARTED);
    }
}

/// Re-derives VD states, logs changes, takes over hot spares, aborts hopeless rebuilds.
/// Repeats until nothing changes.
pub fn settle(ad: &mut Adapter, clock: u64) {
    for _ in 0..8 {
        let mut changed = false;
        // Rebuilds in a group that went offline cannot finish.
        for g in 0..ad.groups.len() {
            if ad.group_state(&ad.groups[g]) != LdState::Offline {
                continue;
            }
            let addrs: Vec<DriveAddress> = ad.groups[g]
                .spans
                .iter()
                .flat_map(|s| s.rows.iter().filter_map(|r| r.drive))
                .collect();
            for a in addrs {
                if ad
                    .drive(a)
                    .is_some_and(|d| d.state == FirmwareState::Rebuild)
                {
                    log_pd(ad, clock, a, 0x65, 2, ev::REBUILD_ABORTED);
                    set_pd_state(ad, clock, a, FirmwareState::Offline);
                    changed = true;
                }
            }
        }
        vd_events(ad, clock);
        if ad.settings.auto_rebuild && takeover(ad, clock) {
            changed = true;
        }
        if !changed {
            vd_events(ad, clock);
            return;
        }
    }
}

/// Logs VD state changes since the last settle; pins the cache of write-back VDs that go
/// offline.
pub fn vd_events(ad: &mut Adapter, clock: u64) {
    for i in 0..ad.vds.len() {
        let new = ad.vd_state(&ad.vds[i]);
        let old = ad.vds[i].last_state.clone();
        if new == old {
            continue;
        }
        let target = ad.vds[i].target;
        let id = event_vd(target);
        let (on, oc) = ld_state_code(&old);
        let (nn, nc) = ld_state_code(&new);
        let data = vec![("Target Id".to_owned(), target.to_string())];
        log(
            ad,
            clock,
            0x51,
            0,
            locale::LD,
            format!("State change on {id} from {on}({oc}) to {nn}({nc})"),
            data.clone(),
        );
        let (code, class) = match new {
            LdState::Optimal => (0xf9, 0),
            LdState::PartiallyDegraded => (0xfa, 1),
            LdState::Degraded => (0xfb, 2),
            _ => (0xfc, 3),
        };
        log(
            ad,
            clock,
            code,
            class,
            locale::LD,
            format!("{id} is now {nn}"),
            data.clone(),
        );
        if new == LdState::Offline
            && ad.effective_write_back(&ad.vds[i])
            && !ad.preserved_cache.contains(&target)
        {
            ad.preserved_cache.push(target);
            log(
                ad,
                clock,
                0x10b,
                2,
                locale::LD,
                fill(ev::CACHE_PINNED, &[("x", &id)]),
                data,
            );
        }
        ad.vds[i].last_state = new;
    }
}

/// Hot-spare takeover for degraded groups. Returns whether a spare was taken.
fn takeover(ad: &mut Adapter, clock: u64) -> bool {
    let mut taken = false;
    for g in 0..ad.groups.len() {
        let state = ad.group_state(&ad.groups[g]);
        if !matches!(state, LdState::Degraded | LdState::PartiallyDegraded) {
            continue;
        }
        let uid = ad.groups[g].uid;
        for s in 0..ad.groups[g].spans.len() {
            for r in 0..ad.groups[g].spans[s].rows.len() {
                let row = ad.groups[g].spans[s].rows[r].clone();
                if ad.row_ok(&row) {
                    continue;
                }
                let current = row.drive.and_then(|a| ad.drive(a)).map(|d| d.state.clone());
                if current == Some(FirmwareState::Rebuild) {
                    continue;
                }
                let pick = |dedicated: bool| {
                    ad.drives
                        .iter()
                        .find(|d| {
                            d.state == FirmwareState::Hotspare
                                && !d.prepared_for_removal
                                && d.pd_type == row.pd_type
                                && d.coerced_sectors() >= row.size_sectors
                                && d.hotspare.as_ref().is_some_and(|h| {
                                    if dedicated {
                                        h.dedicated.contains(&uid)
                                    } else {
                                        h.dedicated.is_empty()
                                    }
                                })
                        })
                        .map(|d| d.addr())
                };
                let Some(spare) = pick(true).or_else(|| pick(false)) else {
                    continue;
                };
                if let Some(old) = row.drive {
                    let next = match current {
                        Some(FirmwareState::Failed) => FirmwareState::UnconfiguredBad,
                        _ => FirmwareState::UnconfiguredGood,
                    };
                    set_pd_state(ad, clock, old, next);
                }
                ad.groups[g].spans[s].rows[r].drive = Some(spare);
                if let Some(d) = ad.drive_mut(spare) {
                    d.was_spare = d.hotspare.take();
                }
                start_rebuild(ad, clock, spare, true);
                taken = true;
            }
        }
    }
    taken
}

/// Bytes per second of rebuild and copyback on this adapter.
fn rate(ad: &Adapter, speed: f64) -> f64 {
    FULL_RATE_BYTES_PER_SEC * f64::from(ad.settings.rebuild_rate.max(1)) / 100.0 * speed
}

/// Advances the virtual clock by `secs` seconds, in steps, so completions happen in order.
pub fn advance(st: &mut SimState, secs: u64) {
    let mut left = secs;
    while left > 0 {
        let step = left.min(60);
        left -= step;
        st.clock += step;
        let clock = st.clock;
        let speed = st.speed;
        for ad in &mut st.adapters {
            step_adapter(ad, clock, step, speed);
        }
    }
}

#[allow(clippy::cast_precision_loss)]
fn step_adapter(ad: &mut Adapter, clock: u64, step: u64, speed: f64) {
    let bps = rate(ad, speed);
    let mut done: Vec<(DriveAddress, OpKind)> = Vec::new();
    for d in &mut ad.drives {
        let size = (d.coerced_sectors().max(1) * 512) as f64;
        let addr = d.addr();
        if let Some(op) = d.op.as_mut() {
            op.percent = (op.percent + bps * step as f64 / size * 100.0).min(100.0);
            if op.percent >= 100.0 {
                done.push((addr, op.kind));
            }
        }
    }
    // Progress the snapshot shows (percent and minutes) moves only with an event, as a
    // controller logs rebuild progress: a cached snapshot can then tell it is stale.
    let running: Vec<(DriveAddress, OpKind, f64, u64)> = ad
        .drives
        .iter()
        .filter_map(|d| {
            let op = d.op.as_ref()?;
            (op.percent < 100.0).then(|| (d.addr(), op.kind, op.percent, op.started))
        })
        .collect();
    for (addr, kind, pct, started) in running {
        let template = match kind {
            OpKind::Rebuild => ev::REBUILD_PROGRESS,
            OpKind::Copyback => ev::COPYBACK_PROGRESS,
        };
        let text = fill(
            template,
            &[
                ("n", &format!("{pct:.2}")),
                ("m", &clock.saturating_sub(started).to_string()),
            ],
        );
        let code = if kind == OpKind::Rebuild { 0x67 } else { 0xf1 };
        log_pd(ad, clock, addr, code, 0, &text);
    }
    for (addr, kind) in done {
        match kind {
            OpKind::Rebuild => finish_rebuild(ad, clock, addr),
            OpKind::Copyback => finish_copyback(ad, clock, addr),
        }
    }
    // Background initialisation.
    let bgi_rate = FULL_RATE_BYTES_PER_SEC * 0.3 * speed;
    for i in 0..ad.vds.len() {
        let size = (ad.vd_sectors(&ad.vds[i]).max(1) * 512) as f64;
        let target = ad.vds[i].target;
        let Some(op) = ad.vds[i].bgi.as_mut() else {
            continue;
        };
        op.percent = (op.percent + bgi_rate * step as f64 / size * 100.0).min(100.0);
        if op.percent < 100.0 {
            let text = fill(
                ev::BGI_PROGRESS,
                &[
                    ("x", &event_vd(target)),
                    ("n", &format!("{:.2}", op.percent)),
                    ("m", &clock.saturating_sub(op.started).to_string()),
                ],
            );
            log(
                ad,
                clock,
                0x2e,
                0,
                locale::LD,
                text,
                vec![("Target Id".to_owned(), target.to_string())],
            );
        } else {
            ad.vds[i].bgi = None;
            log(
                ad,
                clock,
                0x2d,
                0,
                locale::LD,
                fill(ev::BGI_COMPLETE, &[("x", &event_vd(target))]),
                vec![("Target Id".to_owned(), target.to_string())],
            );
        }
    }
    step_bbu(ad, clock, step, speed);
    settle(ad, clock);
}

fn finish_rebuild(ad: &mut Adapter, clock: u64, addr: DriveAddress) {
    log_pd(ad, clock, addr, 0x63, 0, ev::REBUILD_COMPLETE);
    set_pd_state(ad, clock, addr, FirmwareState::Online);
    let Some(pos) = ad.position(addr) else { return };
    let spare = ad.drive(addr).is_some_and(|d| d.was_spare.is_some());
    if !spare {
        ad.groups[pos.group].spans[pos.span].rows[pos.row].home = Some(addr);
    }
    // Rebuilding over a media error on a surviving member punctures the stripe.
    let level = ad.groups[pos.group].level.clone();
    if level.tolerated_failures_per_span() == Some(1) {
        let others: Vec<DriveAddress> = ad.groups[pos.group].spans[pos.span]
            .rows
            .iter()
            .filter_map(|r| r.drive)
            .filter(|a| *a != addr)
            .collect();
        for o in others {
            if ad.drive(o).is_some_and(|d| d.media_errors > 0) {
                let id = ad.drive(o).map(event_pd).unwrap_or_default();
                log(
                    ad,
                    clock,
                    0x61,
                    1,
                    locale::PD,
                    format!("Puncturing bad block on {id} at 20d803e"),
                    pd_data(ad, o),
                );
                let uid = ad.groups[pos.group].uid;
                for vd in ad.vds.iter_mut().filter(|v| v.group_uid == uid) {
                    vd.bad_blocks = true;
                }
            }
        }
    }
}

fn finish_copyback(ad: &mut Adapter, clock: u64, dst: DriveAddress) {
    let src = ad
        .drive(dst)
        .and_then(|d| d.op.as_ref())
        .and_then(|o| o.source);
    log_pd(ad, clock, dst, 0x0f3, 0, ev::COPYBACK_COMPLETE);
    let Some(src) = src else {
        set_pd_state(ad, clock, dst, FirmwareState::UnconfiguredGood);
        return;
    };
    let Some(pos) = ad.position(src) else {
        set_pd_state(ad, clock, dst, FirmwareState::UnconfiguredGood);
        return;
    };
    let row = &mut ad.groups[pos.group].spans[pos.span].rows[pos.row];
    row.drive = Some(dst);
    row.home = Some(dst);
    set_pd_state(ad, clock, dst, FirmwareState::Online);
    let restore = ad.drive_mut(src).and_then(|d| d.was_spare.take());
    match restore {
        Some(h) => {
            if let Some(d) = ad.drive_mut(src) {
                d.hotspare = Some(h);
            }
            set_pd_state(ad, clock, src, FirmwareState::Hotspare);
        }
        None => set_pd_state(ad, clock, src, FirmwareState::UnconfiguredGood),
    }
}

/// Starts a copyback from `src` (an Online member) onto `dst` (an unconfigured drive).
pub fn start_copyback(ad: &mut Adapter, clock: u64, src: DriveAddress, dst: DriveAddress) {
    set_pd_state(ad, clock, dst, FirmwareState::Copyback);
    if let Some(d) = ad.drive_mut(dst) {
        d.op = Some(DriveOp {
            kind: OpKind::Copyback,
            percent: 0.0,
            started: clock,
            source: Some(src),
        });
    }
    log_pd(ad, clock, dst, 0xf0, 0, ev::COPYBACK_STARTED);
}

#[allow(clippy::cast_precision_loss)]
fn step_bbu(ad: &mut Adapter, clock: u64, step: u64, speed: f64) {
    let Some(b) = ad.bbu.as_mut() else { return };
    let before_good = b.good();
    let charge_before = b.charge.floor();
    // One percent of charge per minute at speed 1.
    let delta = step as f64 / 60.0 * speed;
    let mut logs: Vec<&'static str> = Vec::new();
    if let Some(start) = b.learn_started {
        // Learn: discharge to 30 % during the first hour, then recharge.
        if clock.saturating_sub(start) as f64 * speed < 3600.0 && b.charge > 30.0 {
            b.charge = (b.charge - delta).max(30.0);
            b.charging = false;
        } else {
            b.charging = true;
            b.charge = (b.charge + delta).min(100.0);
            if b.charge >= 100.0 {
                b.learn_started = None;
                b.charging = false;
                logs.push(ev::LEARN_COMPLETE);
            }
        }
    } else if b.charge < 100.0 && !b.replacement_required {
        b.charging = true;
        b.charge = (b.charge + delta).min(100.0);
        if b.charge >= 100.0 {
            b.charging = false;
            logs.push(ev::CHARGE_COMPLETE);
        }
    }
    let after_good = b.good();
    let charge_now = b.charge.floor();
    if charge_now != charge_before {
        let text = fill(ev::BBU_CHARGE, &[("n", &format!("{charge_now:.0}"))]);
        log(ad, clock, 0x9f, 0, locale::BBU, text, Vec::new());
    }
    for l in logs {
        log(ad, clock, 0x9e, 0, locale::BBU, l.to_owned(), Vec::new());
    }
    if before_good != after_good {
        bbu_policy_event(ad, clock, after_good);
    }
}

/// Logs the captured `BBU enabled/disabled; changing ...` event.
pub fn bbu_policy_event(ad: &mut Adapter, clock: u64, good: bool) {
    if good {
        log(
            ad,
            clock,
            0xc2,
            0,
            locale::BBU,
            "BBU enabled; changing WT virtual disks to WB".to_owned(),
            Vec::new(),
        );
    } else {
        log(
            ad,
            clock,
            0xc3,
            1,
            locale::BBU,
            "BBU disabled; changing WB virtual disks to WT, Forced WB VDs are not affected"
                .to_owned(),
            Vec::new(),
        );
    }
}
