//! The checks behind the rules of [`super::guards::RULES`]: pure functions over the snapshot,
//! the event log and the VDs' background operations, so each can be tested without a
//! controller. Each finding carries its rule id.

mod events;

use super::guards::{self as g, Check, Level};
use crate::backend::ops::Operations;
use crate::backend::snapshot::Snapshot;
use crate::model::{
    BatteryState, DriveAddress, Event, FirmwareState, LdState, LogicalDrive, PhysicalDrive,
    Progress, ProgressKind,
};
pub use events::{event_damage, event_drive};

/// What the guards read besides the snapshot: the event log and the VDs' background
/// operations (an error text when a read failed, so a guard can say it did not run).
#[derive(Debug, Clone)]
pub struct Reads {
    /// The adapter's event log; `Err` when it could not be read.
    pub events: Result<Vec<Event>, String>,
    /// Background operations running on VDs; `Err` when they could not be read.
    pub background: Result<Vec<Progress>, String>,
}

impl Reads {
    /// Reads the event log and background operations of `adapter`.
    pub fn of(ops: &dyn Operations, adapter: u32) -> Self {
        Self {
            events: match ops.events(adapter) {
                Ok(Some(e)) => Ok(e),
                Ok(None) => Err(format!("the {} backend cannot read it", ops.name())),
                Err(e) => Err(e.to_string()),
            },
            background: ops.background(adapter).map_err(|e| e.to_string()),
        }
    }

    /// The events, or why there are none.
    pub fn events(&self) -> Result<&[Event], &str> {
        self.events.as_deref().map_err(String::as_str)
    }
}

/// A replacement of a drive nothing says is failing: online (or JBOD), no media errors, no
/// predictive failure, no SMART alert, and its VD optimal. Refused unless `--proactive`: the
/// target came from a mistyped `E:S` or an OSD's stale kernel name far more often than from
/// a planned swap, and Ceph's safe-to-destroy must not stand in for such a drive. The text
/// never carries the serial (the operator reads it off the blinking bay).
pub fn healthy_target(snap: &Snapshot, pd: &PhysicalDrive) -> Option<Check> {
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    let online = match (&pd.firmware_state, ld) {
        (FirmwareState::Online, Some(l)) => l.state == LdState::Optimal,
        (FirmwareState::Jbod, None) => true,
        _ => false,
    };
    let errors = pd.media_error_count.unwrap_or(0) > 0
        || pd.predictive_failure_count.unwrap_or(0) > 0
        || pd.smart_alert == Some(true);
    (online && !errors).then(|| {
        Check::new(
            Level::Refuse,
            g::TARGET_NOT_REPLACEABLE,
            format!(
                "{} is {} with no media errors, no predictive failure and no SMART alert{}: nothing says it is failing. To replace a healthy drive on purpose, add --proactive",
                pd.address(),
                pd.firmware_state,
                ld.map_or_else(String::new, |l| format!(", and VD {} is optimal", l.target_id))
            ),
        )
    })
}

/// The expert's pre-checks before a drive leaves its array (the reference's section 3.2;
/// each finding names its rule in [`super::guards::RULES`]). `accept` is the VD named by
/// `--accept-no-redundancy`.
pub fn prechecks(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    reads: &Reads,
    accept: Option<u32>,
) -> Vec<Check> {
    let mut v = Vec::new();
    if pd.logical_drive.is_none()
        && !snap.logical_drives.is_empty()
        && snap.logical_drives.iter().all(|l| l.members.is_empty())
    {
        v.push(Check::new(
            Level::Refuse,
            g::TARGET_NOT_REPLACEABLE,
            "this backend does not report which drives belong to which VD, so raidctl cannot tell what taking the drive out does; use --backend megacli or storcli",
        ));
        return v;
    }
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    match (&pd.firmware_state, ld) {
        (FirmwareState::Online, Some(ld)) => v.extend(offline_member(snap, pd, ld, accept)),
        (FirmwareState::Failed | FirmwareState::Offline, Some(ld)) => v.push(Check::new(
            Level::Info,
            "",
            format!(
                "{} is {} in VD {} ({}, {})",
                pd.address(),
                pd.firmware_state,
                ld.target_id,
                ld.raid_level,
                ld.state
            ),
        )),
        (FirmwareState::Rebuild | FirmwareState::Copyback, _) => v.push(Check::new(
            Level::Refuse,
            g::ONE_AT_A_TIME,
            format!(
                "{} is in {}: let it finish (`raidctl rebuild watch {}`)",
                pd.address(),
                pd.firmware_state,
                pd.address().megacli_arg()
            ),
        )),
        (FirmwareState::UnconfiguredBad, _)
            if !snap.missing.iter().any(|m| m.adapter == pd.adapter) =>
        {
            v.push(Check::new(
                Level::Refuse,
                g::TARGET_NOT_REPLACEABLE,
                format!(
                    "{} is Unconfigured(bad) and no VD is waiting for a drive: pull it, no workflow needed",
                    pd.address()
                ),
            ));
        }
        (FirmwareState::UnconfiguredBad, _) => v.push(Check::new(
            Level::Info,
            "",
            format!("{} is Unconfigured(bad); a VD row is missing", pd.address()),
        )),
        (state, _) => v.push(Check::new(
            Level::Refuse,
            g::TARGET_NOT_REPLACEABLE,
            format!(
                "{} is {state} and in no VD: there is nothing to replace",
                pd.address()
            ),
        )),
    }
    if let Some(ld) = ld {
        v.extend(peer_errors(snap, ld, pd.address()));
        v.extend(bad_blocks(ld));
        v.extend(event_damage(snap, ld, Some(pd.address()), reads.events()));
        match &reads.background {
            Ok(bg) => v.extend(bgi_incomplete(ld, bg)),
            Err(e) => v.push(Check::new(
                Level::Warn,
                g::BGI_INCOMPLETE,
                format!("background operations of VD {} were not read ({e}): check that no initialisation runs", ld.target_id),
            )),
        }
    }
    v.extend(one_at_a_time(snap, pd, reads));
    if let Some(a) = snap.adapters.iter().find(|a| a.adapter == pd.adapter) {
        if a.auto_rebuild == Some(true) {
            v.push(Check::new(Level::Info, "", "auto-rebuild is on: a blank drive inserted into the bay starts rebuilding by itself"));
        }
        if a.offline_vd_cache_preserved == Some(true) {
            v.push(Check::new(
                Level::Warn,
                g::FOREIGN_CLEAR_PINNED,
                "the adapter holds preserved cache for an offline or missing VD: import or bring back that VD before clearing anything",
            ));
        }
    }
    v.extend(bbu_write_back(
        snap,
        pd.adapter,
        ld.map(|l| std::slice::from_ref(&l.target_id)),
    ));
    let spares: Vec<String> = snap
        .physical_drives
        .iter()
        .filter(|d| d.adapter == pd.adapter && d.firmware_state == FirmwareState::Hotspare)
        .filter(|d| d.coerced_size_bytes >= pd.coerced_size_bytes)
        .map(|d| d.address().to_string())
        .collect();
    if !spares.is_empty() && pd.firmware_state == FirmwareState::Online {
        v.push(Check::new(
            Level::Info,
            "",
            format!(
                "hot spare {} may take over as soon as the drive goes offline",
                spares.join(", ")
            ),
        ));
    }
    v
}

/// [`g::ONE_AT_A_TIME`]: rebuilds, copybacks and other operations running on the adapter.
pub fn one_at_a_time(snap: &Snapshot, pd: &PhysicalDrive, reads: &Reads) -> Option<Check> {
    let busy: Vec<String> = snap
        .progress
        .iter()
        .chain(reads.background.as_deref().unwrap_or_default())
        .filter(|p| p.adapter == pd.adapter && p.in_progress)
        .filter(|p| {
            !matches!(
                p.kind,
                ProgressKind::BackgroundInit | ProgressKind::Initialization
            )
        })
        .map(|p| {
            format!(
                "{} on {}",
                p.kind,
                p.drive.map_or_else(
                    || format!("VD {}", p.logical_drive.unwrap_or(0)),
                    |d| d.to_string()
                )
            )
        })
        .collect();
    let others_rebuilding: Vec<String> = snap
        .physical_drives
        .iter()
        .filter(|d| {
            d.adapter == pd.adapter
                && d.address() != pd.address()
                && matches!(
                    d.firmware_state,
                    FirmwareState::Rebuild | FirmwareState::Copyback
                )
        })
        .map(|d| format!("{} on {}", d.firmware_state, d.address()))
        .collect();
    if !busy.is_empty() || !others_rebuilding.is_empty() {
        let mut all = busy;
        all.extend(others_rebuilding);
        all.sort();
        all.dedup();
        return Some(Check::new(
            Level::Refuse,
            g::ONE_AT_A_TIME,
            format!(
                "operations in progress on adapter {}: {}; replace one drive at a time",
                pd.adapter,
                all.join(", ")
            ),
        ));
    }
    None
}

/// The pre-checks of a replacement without controller redundancy: a member of a RAID 0/00
/// (its VD is deleted and recreated) or a JBOD drive. `ack` is `--i-understand-data-loss`,
/// `ack_source` who else vouches that the data lives elsewhere (Ceph's safe-to-destroy).
pub fn no_redundancy(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    reads: &Reads,
    pinned: &crate::backend::ops::PinnedCache,
    ack: Option<&str>,
    ack_source: Option<&str>,
) -> Vec<Check> {
    let mut v = Vec::new();
    let addr = pd.address();
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    match &pd.firmware_state {
        FirmwareState::Rebuild | FirmwareState::Copyback => v.push(Check::new(
            Level::Refuse,
            g::ONE_AT_A_TIME,
            format!("{addr} is in {}: let it finish", pd.firmware_state),
        )),
        FirmwareState::Hotspare | FirmwareState::UnconfiguredGood => v.push(Check::new(
            Level::Refuse,
            g::TARGET_NOT_REPLACEABLE,
            format!(
                "{addr} is {} and holds nothing: there is nothing to replace",
                pd.firmware_state
            ),
        )),
        state => v.push(Check::new(
            Level::Info,
            "",
            match ld {
                Some(l) => format!(
                    "{addr} is {state} in VD {} ({}, {}): no other copy on the controller",
                    l.target_id, l.raid_level, l.state
                ),
                None => format!("{addr} is {state}, a JBOD drive: no other copy on the controller"),
            },
        )),
    }
    let (what, name) = match ld {
        Some(l) => (
            format!(
                "VD {} ({}{})",
                l.target_id,
                l.raid_level,
                if l.members.len() > 1 {
                    format!(" over {} drives, all of whose data goes", l.members.len())
                } else {
                    String::new()
                }
            ),
            l.target_id.to_string(),
        ),
        None => (format!("the JBOD drive {addr}"), addr.megacli_arg()),
    };
    let named = ack.is_some_and(|a| {
        a.trim_matches(|c| c == '[' || c == ']')
            .eq_ignore_ascii_case(&name)
    });
    if let Some(source) = ack_source {
        v.push(Check::new(
            Level::Warn,
            g::DATA_LOSS_ACK,
            format!("{what} has no redundancy on the controller; {source}"),
        ));
    } else if named {
        v.push(Check::new(
            Level::Warn,
            g::DATA_LOSS_ACK,
            format!("{what} has no redundancy on the controller: its data is given up (--i-understand-data-loss {name})"),
        ));
    } else {
        let online_hint = if matches!(
            pd.firmware_state,
            FirmwareState::Failed | FirmwareState::Offline
        ) {
            format!(
                " A failed drive can sometimes be brought back instead: `raidctl pd online {} -a {}` forces it online when it is the most recently failed member.",
                addr.megacli_arg(),
                pd.adapter
            )
        } else {
            String::new()
        };
        v.push(Check::new(
            Level::Refuse,
            g::DATA_LOSS_ACK,
            format!(
                "{what} has no redundancy on the controller: replacing {addr} destroys what it holds, and --yes alone never agrees to that.{online_hint} If its data lives elsewhere (a Ceph OSD whose data Ceph has re-replicated: `raidctl replace-drive --osd N`), or you give it up, pass --i-understand-data-loss {name}"
            ),
        ));
    }
    let ours = ld.map(|l| l.target_id);
    let others: Vec<u32> = pinned
        .targets
        .iter()
        .copied()
        .filter(|t| Some(*t) != ours)
        .collect();
    if pinned.unattributed {
        // The tool says only that some VD holds preserved cache, and discards every VD's at
        // once: with another VD that could hold it, neither the create nor the discard is
        // this workflow's to do.
        v.push(Check::new(
            Level::Refuse,
            g::CACHE_OTHER_VD,
            format!(
                "the controller holds preserved cache and cannot say whose{}; its tool discards every VD's at once. Deal with that cache with perccli64 or MegaCli64 (`/cN show preservedcache` names the VDs) first",
                if others.is_empty() {
                    String::new()
                } else {
                    format!(" (VD(s) {others:?} are offline too)")
                }
            ),
        ));
    } else if !others.is_empty() {
        v.push(Check::new(
            Level::Refuse,
            g::LD_CREATE_PINNED,
            format!(
                "preserved cache is pinned for {}: the controller refuses to create the new VD until it is dealt with, and this workflow discards only the cache of the VD it replaces. Import or bring back that VD, or discard its cache knowingly, first",
                if others.is_empty() {
                    "a VD the tool does not name".to_owned()
                } else {
                    format!("VD(s) {others:?}")
                }
            ),
        ));
    }
    if let Some(l) = ld {
        if pinned.may_hold(l.target_id) && !pinned.unattributed {
            v.push(Check::new(
                Level::Info,
                "",
                format!(
                    "VD {} holds preserved cache: it is discarded after the pull, unless a foreign configuration could bring the VD back",
                    l.target_id
                ),
            ));
        }
    }
    v.extend(one_at_a_time(snap, pd, reads));
    v
}

/// Whether a member in this state counts as down (its redundancy is gone or being rebuilt).
fn is_down(state: Option<&FirmwareState>) -> bool {
    !matches!(state, Some(FirmwareState::Online))
}

/// The spans of `ld` as rows of `(address, state)`; a missing row has no address. Falls back
/// to the member list as one span when the configuration shows no group for the VD.
pub fn vd_spans(
    snap: &Snapshot,
    ld: &LogicalDrive,
) -> Vec<Vec<(Option<DriveAddress>, Option<FirmwareState>)>> {
    let state = |a: DriveAddress| snap.drive(ld.adapter, a).map(|d| d.firmware_state.clone());
    let group = snap.disk_groups.iter().find(|g| {
        g.adapter == ld.adapter
            && (g.logical_drives.contains(&ld.target_id) || ld.disk_group == Some(g.index))
    });
    match group {
        Some(g) if g.spans.iter().any(|s| !s.rows.is_empty()) => g
            .spans
            .iter()
            .map(|s| {
                s.rows
                    .iter()
                    .map(|r| (r.drive, r.drive.and_then(state)))
                    .collect()
            })
            .collect(),
        _ => vec![ld.members.iter().map(|m| (Some(*m), state(*m))).collect()],
    }
}

/// `[32:4] failed`, `array row missing`: what is down in a VD other than `except`.
fn down_members(snap: &Snapshot, ld: &LogicalDrive, except: DriveAddress) -> Vec<String> {
    vd_spans(snap, ld)
        .into_iter()
        .flatten()
        .filter(|(a, s)| *a != Some(except) && is_down(s.as_ref()))
        .map(|(a, s)| match (a, s) {
            (Some(a), Some(s)) => format!("{a} ({s})"),
            (Some(a), None) => format!("{a} (missing)"),
            (None, _) => "a missing row".to_owned(),
        })
        .collect()
}

/// Guards for taking the online member `pd` of `ld` offline: [`g::OFFLINE_BREAKS_VD`] and
/// [`g::OFFLINE_PEER_DOWN`]. `accept` is the VD named by `--accept-no-redundancy`.
pub fn offline_member(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    ld: &LogicalDrive,
    accept: Option<u32>,
) -> Vec<Check> {
    let addr = pd.address();
    let Some(tolerated) = ld.raid_level.tolerated_failures_per_span() else {
        return vec![Check::new(
            Level::Refuse,
            g::OFFLINE_BREAKS_VD,
            format!(
                "VD {} has an unknown RAID level; raidctl cannot tell what offlining does",
                ld.target_id
            ),
        )];
    };
    if tolerated == 0 {
        return vec![Check::new(
            Level::Refuse,
            g::OFFLINE_BREAKS_VD,
            format!(
                "VD {} is {}: it has no redundancy, taking {addr} offline takes the VD offline and would destroy the array",
                ld.target_id, ld.raid_level
            ),
        )];
    }
    let spans = vd_spans(snap, ld);
    let span = spans
        .iter()
        .find(|s| s.iter().any(|(a, _)| *a == Some(addr)))
        .cloned()
        .unwrap_or_default();
    let lost_in_span = span
        .iter()
        .filter(|(a, s)| *a != Some(addr) && is_down(s.as_ref()))
        .count()
        + 1;
    let down = down_members(snap, ld, addr);
    if lost_in_span > usize::try_from(tolerated).unwrap_or(0) || ld.state == LdState::Offline {
        return vec![Check::new(
            Level::Refuse,
            g::OFFLINE_BREAKS_VD,
            format!(
                "VD {} is {} and {addr} is one of its online members: taking it offline would destroy the array (down already: {}). Replace the failed member first.",
                ld.target_id,
                ld.state,
                if down.is_empty() {
                    "none".to_owned()
                } else {
                    down.join(", ")
                }
            ),
        )];
    }
    if !down.is_empty() {
        let first = down.first().cloned().unwrap_or_default();
        let text = format!(
            "VD {} ({}, {}) already has {} down: taking {addr} offline too leaves {}. Replace the failed member {} first (`raidctl replace-drive` on it), then this one.",
            ld.target_id,
            ld.raid_level,
            ld.state,
            down.join(", "),
            if lost_in_span == usize::try_from(tolerated).unwrap_or(0) {
                "no redundancy at all: one more error loses data"
            } else {
                "less redundancy than the array was built for"
            },
            first.split(' ').next().unwrap_or(&first)
        );
        if accept == Some(ld.target_id) {
            return vec![Check::new(
                Level::Warn,
                g::OFFLINE_PEER_DOWN,
                format!(
                    "{text} Overridden with --accept-no-redundancy {}.",
                    ld.target_id
                ),
            )];
        }
        return vec![Check::new(
            Level::Refuse,
            g::OFFLINE_PEER_DOWN,
            format!(
                "{text} To take the risk anyway, pass --accept-no-redundancy {}",
                ld.target_id
            ),
        )];
    }
    vec![Check::new(
        Level::Info,
        "",
        format!(
            "VD {} ({}, {}) will run without full redundancy from the offline until the rebuild ends",
            ld.target_id, ld.raid_level, ld.state
        ),
    )]
}

/// [`g::PEER_ERRORS`]: error counters of the other members of `ld`.
pub fn peer_errors(snap: &Snapshot, ld: &LogicalDrive, except: DriveAddress) -> Vec<Check> {
    let mut v = Vec::new();
    for m in ld.members.iter().filter(|m| **m != except) {
        let Some(d) = snap.drive(ld.adapter, *m) else {
            continue;
        };
        let mut bad = Vec::new();
        if let Some(n) = d.media_error_count.filter(|n| *n > 0) {
            bad.push(format!("{n} media errors"));
        }
        if let Some(n) = d.predictive_failure_count.filter(|n| *n > 0) {
            bad.push(format!("{n} predictive failures"));
        }
        if d.smart_alert == Some(true) {
            bad.push("a S.M.A.R.T alert".to_owned());
        }
        if !bad.is_empty() {
            v.push(Check::new(
                Level::Warn,
                g::PEER_ERRORS,
                format!(
                    "member {m} ({}) has {}: a rebuild reads every sector of it and may puncture the array; back up first",
                    d.serial.as_deref().unwrap_or("?"),
                    bad.join(", ")
                ),
            ));
        }
    }
    v
}

/// [`g::VD_BAD_BLOCKS`].
pub fn bad_blocks(ld: &LogicalDrive) -> Option<Check> {
    (ld.bad_blocks_exist == Some(true)).then(|| {
        Check::new(
            Level::Refuse,
            g::VD_BAD_BLOCKS,
            format!(
                "VD {} reports bad blocks (punctured stripes): a rebuild copies them onto the new drive. Back up, then follow the vendor's puncture procedure (replace every failing drive, recreate, full initialisation, restore)",
                ld.target_id
            ),
        )
    })
}

/// Whether a battery counts as healthy for a rebuild (a learn cycle does not: write-back VDs
/// fall back meanwhile too).
fn bbu_healthy(b: &crate::model::Bbu) -> bool {
    b.state == BatteryState::Optimal
        && b.replacement_required != Some(true)
        && b.about_to_fail != Some(true)
        && b.soh_good != Some(false)
}

/// `(write-back configured, write-back kept with a bad BBU)` of a VD, when known.
fn write_policy(ld: &LogicalDrive) -> Option<(bool, bool)> {
    let squash = crate::model::squash_text;
    if let Some(p) = ld.default_cache_policy.as_deref().or(ld
        .extra
        .get("Write Cache(initial setting)")
        .map(String::as_str))
    {
        let first = squash(p.split(',').next().unwrap_or(""));
        let forced = squash(p).contains("writecacheokifbadbbu") || first == "alwayswriteback";
        return Some((
            first.contains("writeback") || first == "wb" || forced,
            forced,
        ));
    }
    let cur = ld.current_cache_policy.as_deref()?;
    let s = squash(cur);
    if s.contains("writeback") || s.contains("writethrough") {
        let forced = s.contains("writecacheokifbadbbu");
        return Some((s.starts_with("writeback") || forced, forced));
    }
    // storcli codes: R/NR, AWB/WB/WT, C/D.
    let up = cur.to_ascii_uppercase();
    Some((up.contains("WB"), up.contains("AWB")))
}

/// [`g::BBU_WRITE_BACK`]: a battery that is not healthy while VDs on the adapter are set to
/// write-back; names the policy each falls back to.
pub fn bbu_write_back(snap: &Snapshot, adapter: u32, vds: Option<&[u32]>) -> Vec<Check> {
    let Some(b) = snap
        .bbus
        .iter()
        .find(|b| b.adapter == adapter && !b.status_failed)
    else {
        return Vec::new();
    };
    if bbu_healthy(b) {
        return Vec::new();
    }
    let state = b
        .state_raw
        .clone()
        .unwrap_or_else(|| b.state.as_str().to_owned());
    let mut parts = Vec::new();
    for ld in snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == adapter && vds.is_none_or(|v| v.contains(&l.target_id)))
    {
        match write_policy(ld) {
            Some((true, true)) => parts.push(format!(
                "VD {} stays write-back with a bad battery (Write Cache OK if Bad BBU): cached writes are lost on a power failure during the rebuild",
                ld.target_id
            )),
            Some((true, false)) => parts.push(format!(
                "VD {} is set to WriteBack and falls back to WriteThrough (No Write Cache if Bad BBU): slower writes and a longer rebuild",
                ld.target_id
            )),
            _ => {}
        }
    }
    if parts.is_empty() {
        return Vec::new();
    }
    vec![Check::new(
        Level::Warn,
        g::BBU_WRITE_BACK,
        format!("battery is {state}: {}", parts.join("; ")),
    )]
}

/// [`g::BGI_INCOMPLETE`]: background initialisation of `ld` still running.
pub fn bgi_incomplete(ld: &LogicalDrive, background: &[Progress]) -> Option<Check> {
    let p = background.iter().find(|p| {
        p.adapter == ld.adapter
            && p.in_progress
            && matches!(
                p.kind,
                ProgressKind::BackgroundInit | ProgressKind::Initialization
            )
            && (p.logical_drive == Some(ld.target_id) || p.logical_drive == Some(ld.number))
    })?;
    Some(Check::new(
        Level::Refuse,
        g::BGI_INCOMPLETE,
        format!(
            "VD {} ({}) is still initialising ({}): its parity is not valid until it reaches 100%, so a member taken out now cannot be rebuilt correctly. Wait for it to finish",
            ld.target_id,
            ld.raid_level,
            p.percent
                .map_or_else(|| "progress unknown".to_owned(), |v| format!("{v}%"))
        ),
    ))
}

/// [`g::FORCE_ONLINE_NOT_LATEST`]: `Ok(text)` naming why the force-online of `pd` is the
/// last-resort case it is meant for, or `Err(reason)`.
///
/// # Errors
/// The reason to refuse.
pub fn force_online(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    events: Result<&[Event], &str>,
) -> Result<String, String> {
    let addr = pd.address();
    let refuse = |why: String| Err(format!("[{}] {why}", g::FORCE_ONLINE_NOT_LATEST));
    let Some(ld) = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t))
    else {
        return refuse(format!(
            "{addr} is in no VD: force-online only brings back a member of an offline VD"
        ));
    };
    if ld.state != LdState::Offline {
        return refuse(format!(
            "VD {} is {}, not offline: its data is still reachable, so {addr} must be rebuilt, not forced online (`raidctl replace-drive {}` or `raidctl rebuild start {}`)",
            ld.target_id,
            ld.state,
            addr.megacli_arg(),
            addr.megacli_arg()
        ));
    }
    let events = match events {
        Ok(e) => e,
        Err(why) => {
            return refuse(format!(
                "the event log was not read ({why}): raidctl cannot tell which member of VD {} failed last",
                ld.target_id
            ));
        }
    };
    let down: Vec<DriveAddress> = vd_spans(snap, ld)
        .into_iter()
        .flatten()
        .filter(|(_, s)| is_down(s.as_ref()))
        .filter_map(|(a, _)| a)
        .collect();
    // The sequence number of the last time each down member left ONLINE.
    let failed_at = |a: DriveAddress| {
        events
            .iter()
            .filter(|e| {
                let d = e.description.to_ascii_lowercase();
                d.contains("state change")
                    && d.contains("from online")
                    && event_drive(&e.description) == Some(a)
            })
            .map(|e| e.seq_num)
            .max()
    };
    let Some(mine) = failed_at(addr) else {
        return refuse(format!(
            "the event log holds no state change of {addr} from ONLINE: the order in which the members of VD {} failed is unknown",
            ld.target_id
        ));
    };
    let later: Vec<String> = down
        .iter()
        .filter(|a| **a != addr)
        .filter_map(|a| {
            failed_at(*a)
                .filter(|s| *s > mine)
                .map(|s| format!("{a} (seq {s})"))
        })
        .collect();
    if !later.is_empty() {
        return refuse(format!(
            "{addr} failed at event seq {mine}, before {}: it missed the writes made meanwhile and would bring back stale data. Only the most recently failed member may be forced online",
            later.join(", ")
        ));
    }
    Ok(format!(
        "{addr} is the most recently failed member of offline VD {} (event seq {mine})",
        ld.target_id
    ))
}

#[cfg(test)]
mod tests;
