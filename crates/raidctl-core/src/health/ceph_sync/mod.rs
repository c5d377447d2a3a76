//! `raidctl ceph sync`: Ceph's own device health learns what the controller knows. Behind a
//! RAID0 VD Ceph sees the controller's virtual disk, never the drive, so its devicehealth
//! module cannot tell that the drive under an OSD predicts its own failure. raidctl can: for
//! each device of this host's OSDs whose drive is at risk ([`drive_risks`]: predictive
//! failure, a SMART alert or trip, media errors grown since raidctl first saw the drive,
//! failing sectors, grown defects, wear past a threshold) it sets `ceph device
//! set-life-expectancy DEVID FROM TO`; Ceph then warns (`DEVICE_HEALTH`) and, with
//! `mgr/devicehealth/self_heal`, marks the OSD out while it still reads, so the data leaves
//! the drive before it dies.
//!
//! Which device: Ceph's id (`VENDOR_MODEL_SERIAL`, from udev) of the OSD's main device as
//! `ceph device ls` lists it (the OSD among its daemons, at this host and the kernel name of
//! the disk the identity join placed and verified by its BlueStore label), agreeing with
//! `ceph osd metadata` where that names one; never a kernel name alone.
//!
//! Whose expectancy: only one raidctl set is ever changed or cleared. Each one set is kept in
//! the state directory ([`record`]) with its window and reasons; it is cleared (`ceph device
//! rm-life-expectancy`) when the drive is replaced or recovers, and only while Ceph still
//! holds exactly what raidctl set. One an operator or Ceph's own prediction set is left as it
//! is; one an operator removed is not set again for the same drive. A second sync with
//! nothing changed runs no command.

pub mod record;
#[cfg(test)]
mod tests;

pub use record::Record;

use super::{Baseline, rule};
use crate::backend::snapshot::Snapshot;
use crate::ceph::join::{HostOsd, Location, OsdJoin, Verification};
use crate::ceph::types::CephDevice;
use crate::model::{
    CephLifeExpectancy, DriveAddress, LdState, LifeDrive, LifeReason, PhysicalDrive,
};
use serde::Serialize;
use std::path::Path;

/// Default failure window set: from now to two weeks ahead, inside Ceph's default
/// `mark_out_threshold` (four weeks) and `warn_threshold` (seven weeks).
pub const DEFAULT_HORIZON_S: u64 = 14 * 86_400;
/// Default wear (percentage of rated life used) at which a drive counts as at risk: its
/// rated life used up (`smart-wear` warns from 90 %).
pub const DEFAULT_WEAR_PCT: u64 = 100;
/// Ceph keeps microseconds, raidctl sets whole seconds.
const SAME_WITHIN_S: u64 = 1;

/// How a sync decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncOptions {
    /// Length of the failure window set (seconds from now).
    pub horizon_s: u64,
    /// Wear at or above which a drive is at risk.
    pub wear_pct: u64,
}

impl Default for SyncOptions {
    fn default() -> Self {
        Self {
            horizon_s: DEFAULT_HORIZON_S,
            wear_pct: DEFAULT_WEAR_PCT,
        }
    }
}

/// Why `pd` is at risk, from lasting conditions only (a counter's growth between two SMART
/// reads passes with the next read, and would set and clear the expectancy in turn): the
/// same conditions and thresholds as the health rules named in each reason.
pub fn drive_risks(pd: &PhysicalDrive, baseline: &Baseline, wear_pct: u64) -> Vec<LifeReason> {
    use crate::smart as s;
    let mut v = Vec::new();
    let mut say = |rule: &str, message: String| {
        v.push(LifeReason {
            rule: rule.to_owned(),
            message,
        });
    };
    if let Some(n) = pd.predictive_failure_count.filter(|n| *n > 0) {
        say(
            rule::PD_PREDICTIVE_FAILURE,
            format!("predictive failure count {n}"),
        );
    }
    if pd.smart_alert == Some(true) {
        say(
            rule::PD_SMART_ALERT,
            "the drive flagged a S.M.A.R.T alert".into(),
        );
    }
    if let (Some(b), Some(n)) = (
        baseline.get(pd).and_then(|b| b.media_errors),
        pd.media_error_count,
    ) {
        if n > b {
            say(
                rule::PD_MEDIA_ERRORS_INCREASED,
                format!("media errors rose from {b} to {n} since raidctl first saw it"),
            );
        }
    }
    let Some(sm) = pd.smart.as_ref().filter(|sm| sm.read_success) else {
        return v;
    };
    if sm.passed == Some(false) {
        say(rule::SMART_FAILING, "SMART overall health FAILED".into());
    }
    let over = |v: Option<u64>, limit: u64| v.filter(|n| *n >= limit);
    let sectors = super::smart_sector_counts(sm, "uncorrected errors");
    if !sectors.is_empty() {
        say(rule::SMART_SECTORS, format!("SMART {}", sectors.join(", ")));
    }
    if let Some(n) = over(sm.grown_defects, s::GROWN_DEFECTS_WARN) {
        say(
            rule::SMART_GROWN_DEFECTS,
            format!("SMART {n} elements in the grown defect list"),
        );
    }
    if let Some(p) = over(sm.percentage_used, wear_pct) {
        say(rule::SMART_WEAR, format!("{p}% of its rated life used"));
    }
    v
}

/// What a sync does with one device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verb {
    /// Set a life expectancy (the drive is at risk and Ceph has none).
    Set,
    /// Clear the one raidctl set (the drive was replaced or recovered).
    Clear,
    /// Leave the one raidctl set: nothing changed.
    Keep,
    /// Ceph has one raidctl did not set (an operator's, Ceph's own prediction): left.
    Foreign,
    /// The one raidctl set was removed by someone else: not set again for this drive.
    Withdrawn,
    /// The one raidctl set was changed in Ceph: no longer raidctl's, left as it is.
    Release,
    /// Ceph no longer holds the one raidctl set: the record goes.
    Forget,
    /// The drive is at risk but its Ceph device could not be verified: Ceph is not told.
    Skip,
}

impl Verb {
    /// The word the table shows.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Set => "set",
            Self::Clear => "clear",
            Self::Keep => "keep",
            Self::Foreign => "foreign",
            Self::Withdrawn => "withdrawn",
            Self::Release => "release",
            Self::Forget => "forget",
            Self::Skip => "skip",
        }
    }
}

/// A failure window (Unix seconds, and as Ceph takes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    /// Start.
    pub from_unix: u64,
    /// End: what Ceph's thresholds are compared with.
    pub to_unix: u64,
}

impl From<(u64, u64)> for Window {
    fn from((from_unix, to_unix): (u64, u64)) -> Self {
        Self { from_unix, to_unix }
    }
}

impl std::fmt::Display for Window {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} to {}",
            crate::model::utc_time(self.from_unix),
            crate::model::utc_time(self.to_unix)
        )
    }
}

/// What the record becomes when an action is done.
#[derive(Debug, Clone, Default, PartialEq)]
enum Change {
    #[default]
    None,
    Put(Box<CephLifeExpectancy>),
    Remove,
}

/// One decision of a sync, with the command it runs and (once run) how it went.
#[derive(Debug, Clone, Serialize)]
pub struct Action {
    /// What is done.
    pub action: Verb,
    /// Ceph's device id (`None`: not verified, see `why`).
    pub devid: Option<String>,
    /// The OSDs on the device.
    pub osds: Vec<u32>,
    /// Adapter of the drives.
    pub adapter: Option<u32>,
    /// The VD the device is (`None` for a JBOD drive).
    pub vd: Option<u32>,
    /// The drives under the device.
    pub drives: Vec<LifeDrive>,
    /// Why the drives are at risk (empty when they are not).
    pub reasons: Vec<LifeReason>,
    /// The failure window set, or the one Ceph holds.
    pub window: Option<Window>,
    /// The decision in words.
    pub why: String,
    /// The `ceph` arguments it runs (without the connection options).
    pub args: Option<Vec<String>>,
    /// The whole command line, as run.
    pub command: Option<String>,
    /// `done`, `dry run` or `failed: ...` once the sync ran (`None` without a command).
    pub result: Option<String>,
    #[serde(skip)]
    change: Change,
}

impl Action {
    fn new(action: Verb, why: String) -> Self {
        Self {
            action,
            devid: None,
            osds: Vec::new(),
            adapter: None,
            vd: None,
            drives: Vec::new(),
            reasons: Vec::new(),
            window: None,
            why,
            args: None,
            command: None,
            result: None,
            change: Change::None,
        }
    }

    fn of(verb: Verb, le: &CephLifeExpectancy, why: String) -> Self {
        Self {
            devid: Some(le.devid.clone()),
            osds: le.osds.clone(),
            adapter: Some(le.adapter),
            vd: le.vd,
            drives: le.drives.clone(),
            reasons: le.reasons.clone(),
            window: Some((le.from_unix, le.to_unix).into()),
            ..Self::new(verb, why)
        }
    }

    /// Whether it changes anything in Ceph.
    pub fn runs(&self) -> bool {
        self.args.is_some()
    }
}

/// One device this host's OSDs sit on, behind the controller.
struct Target<'a> {
    devid: Result<String, String>,
    osds: Vec<u32>,
    adapter: u32,
    vd: Option<u32>,
    drives: Vec<&'a PhysicalDrive>,
    reasons: Vec<LifeReason>,
}

impl Target<'_> {
    fn life_drives(&self) -> Vec<LifeDrive> {
        self.drives
            .iter()
            .map(|p| LifeDrive {
                address: p.address(),
                serial: p.serial.clone(),
            })
            .collect()
    }

    fn names(&self) -> String {
        let osds: Vec<String> = self.osds.iter().map(|o| format!("osd.{o}")).collect();
        let drives: Vec<String> = self
            .drives
            .iter()
            .map(|p| p.address().to_string())
            .collect();
        format!(
            "{}{} on {}",
            osds.join(", "),
            self.vd.map_or_else(String::new, |v| format!(" (VD {v})")),
            if drives.is_empty() {
                "no drive the controller lists".to_owned()
            } else {
                drives.join(" ")
            }
        )
    }
}

/// Whether VD `target` survives losing one more member: then the controller rebuilds it from
/// the others and Ceph has nothing to move.
fn vd_absorbs(snap: &Snapshot, adapter: u32, target: u32) -> Option<String> {
    let ld = snap
        .logical_drives
        .iter()
        .find(|l| l.adapter == adapter && l.target_id == target)?;
    let tolerated = ld.raid_level.tolerated_failures_per_span().unwrap_or(0);
    let survives = ld.members.len() > 1
        && match ld.state {
            LdState::Optimal => tolerated >= 1,
            LdState::PartiallyDegraded => tolerated >= 2,
            _ => false,
        };
    survives.then(|| {
        format!(
            "VD {target} is {} and {}: a failing member is replaced and rebuilt by the controller, the OSD stays",
            ld.raid_level.as_str(),
            ld.state.as_str().replace('_', " ")
        )
    })
}

/// Ceph's device id of `o`'s main device, verified against the join (see the module
/// documentation), or why there is none.
fn verified_devid(
    o: &HostOsd,
    devices: &[CephDevice],
    host: Option<&str>,
) -> Result<String, String> {
    let daemon = format!("osd.{}", o.id);
    let b = o
        .block()
        .ok_or_else(|| format!("no source names {daemon}'s main device"))?;
    match &b.verified {
        Some(Verification::Label) => {}
        Some(Verification::Unread { reason }) => {
            return Err(format!(
                "{daemon}'s device {} could not be read to confirm it is {daemon}'s ({reason})",
                b.path
            ));
        }
        Some(Verification::Remembered { .. }) => {
            return Err(format!(
                "{daemon}'s device {} cannot confirm it now (only raidctl's record of where its label was read places it)",
                b.path
            ));
        }
        Some(Verification::Stale { .. }) | None => {
            return Err(format!("{daemon}'s device {} is not verified", b.path));
        }
    }
    let disk = b.disk.as_deref().unwrap_or(&b.path);
    let kname = Path::new(disk)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let host = o.hostname.as_deref().or(host);
    let found: Vec<&CephDevice> = devices
        .iter()
        .filter(|d| {
            d.daemons.contains(&daemon)
                && d.location
                    .iter()
                    .any(|l| l.dev == kname && host.is_none_or(|h| l.host == h))
        })
        .collect();
    let at = format!("{}:{kname}", host.unwrap_or("this host"));
    let devid = match found.as_slice() {
        [one] => one.devid.clone(),
        [] => {
            return Err(format!(
                "`ceph device ls` lists no device of {daemon} at {at} (Ceph names a device by udev's vendor, model and serial; a device without them has no id)"
            ));
        }
        many => {
            return Err(format!(
                "`ceph device ls` lists several devices of {daemon} at {at} ({}): not guessed",
                many.iter()
                    .map(|d| d.devid.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    };
    if let Some(m) = b.ceph_device_id.as_deref().filter(|m| *m != devid) {
        return Err(format!(
            "`ceph osd metadata` names {m} for {daemon}'s {kname}, `ceph device ls` {devid}: not the same device, not marked"
        ));
    }
    Ok(devid)
}

/// The devices of this host's OSDs that sit on the controller, with their drives and risks.
fn targets<'a>(
    snap: &'a Snapshot,
    join: &OsdJoin,
    devices: &[CephDevice],
    baseline: &Baseline,
    opts: SyncOptions,
    host: Option<&str>,
) -> Vec<Target<'a>> {
    let mut out: Vec<Target<'a>> = Vec::new();
    for o in &join.osds {
        let Some(loc) = o.block().and_then(|b| b.location.as_ref()) else {
            continue;
        };
        let (adapter, vd, addrs): (u32, Option<u32>, Vec<DriveAddress>) = match loc {
            Location::Vd {
                adapter,
                target,
                members,
            } => (*adapter, Some(*target), members.clone()),
            Location::Jbod {
                adapter, address, ..
            } => (*adapter, None, address.iter().copied().collect()),
        };
        let devid = verified_devid(o, devices, host);
        let same = |t: &Target<'_>| {
            t.adapter == adapter
                && t.vd == vd
                && (vd.is_some()
                    || t.drives
                        .iter()
                        .map(|p| p.address())
                        .eq(addrs.iter().copied()))
        };
        if let Some(t) = out.iter_mut().find(|t| same(t)) {
            t.osds.push(o.id);
            if t.devid.is_ok() && devid.as_ref().ok() != t.devid.as_ref().ok() {
                t.devid = Err(format!(
                    "the OSDs on it name different Ceph devices ({})",
                    t.names()
                ));
            }
            continue;
        }
        let drives: Vec<&PhysicalDrive> = addrs
            .iter()
            .filter_map(|a| snap.drive(adapter, *a))
            .collect();
        let absorbed = vd.and_then(|t| vd_absorbs(snap, adapter, t));
        let reasons = if absorbed.is_some() {
            Vec::new()
        } else {
            drives
                .iter()
                .flat_map(|p| {
                    let label = match p.serial.as_deref() {
                        Some(s) => format!("{} (serial {s})", p.address()),
                        None => p.address().to_string(),
                    };
                    drive_risks(p, baseline, opts.wear_pct)
                        .into_iter()
                        .map(move |r| LifeReason {
                            message: format!("{label}: {}", r.message),
                            ..r
                        })
                })
                .collect()
        };
        out.push(Target {
            devid,
            osds: vec![o.id],
            adapter,
            vd,
            drives,
            reasons,
        });
    }
    out
}

fn same_window(ceph: (u64, u64), ours: &CephLifeExpectancy) -> bool {
    ceph.0.abs_diff(ours.from_unix) <= SAME_WITHIN_S
        && ceph.1.abs_diff(ours.to_unix) <= SAME_WITHIN_S
}

fn window_text(w: (u64, u64)) -> String {
    format!(
        "{} to {}",
        crate::model::utc_time(w.0),
        crate::model::utc_time(w.1)
    )
}

/// The same drives (by serial where known, else by bay) as when it was set.
fn same_drives(a: &[LifeDrive], b: &[LifeDrive]) -> bool {
    let key = |d: &LifeDrive| {
        d.serial
            .clone()
            .unwrap_or_else(|| format!("bay {}", d.address))
    };
    let mut x: Vec<String> = a.iter().map(key).collect();
    let mut y: Vec<String> = b.iter().map(key).collect();
    x.sort();
    y.sort();
    x == y
}

/// Decides, for every device of this host's OSDs on the controller and every expectancy
/// raidctl recorded, what to do. Runs nothing; `now` is the time a window starts at.
#[allow(clippy::too_many_arguments)]
pub fn plan(
    snap: &Snapshot,
    join: &OsdJoin,
    devices: &[CephDevice],
    record: &Record,
    baseline: &Baseline,
    now: u64,
    opts: SyncOptions,
    host: Option<&str>,
) -> Vec<Action> {
    let targets = targets(snap, join, devices, baseline, opts, host);
    let mut actions = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for t in &targets {
        let devid = match &t.devid {
            Ok(d) => d.as_str(),
            Err(why) => {
                if !t.reasons.is_empty() {
                    actions.push(Action {
                        osds: t.osds.clone(),
                        adapter: Some(t.adapter),
                        vd: t.vd,
                        drives: t.life_drives(),
                        reasons: t.reasons.clone(),
                        ..Action::new(
                            Verb::Skip,
                            format!("{} is at risk, but {why}: Ceph is not told", t.names()),
                        )
                    });
                }
                continue;
            }
        };
        seen.push(devid);
        let ceph = devices
            .iter()
            .find(|d| d.devid == devid)
            .and_then(CephDevice::life_expectancy);
        let now_entry = CephLifeExpectancy {
            devid: devid.to_owned(),
            osds: t.osds.clone(),
            adapter: t.adapter,
            vd: t.vd,
            drives: t.life_drives(),
            from_unix: now,
            to_unix: now.saturating_add(opts.horizon_s),
            set_at_unix: now,
            reasons: t.reasons.clone(),
            withdrawn_at_unix: None,
        };
        if let Some(a) = decide(t, &now_entry, record.devices.get(devid), ceph) {
            actions.push(a);
        }
    }
    for (devid, rec) in &record.devices {
        if seen.contains(&devid.as_str()) {
            continue;
        }
        actions.push(gone(rec, devices, &targets));
    }
    actions
}

/// The decision for a verified device of this host.
/// The record as kept: written only when it differs from the one on file.
fn put_if_changed(kept: &CephLifeExpectancy, on_file: &CephLifeExpectancy) -> Change {
    if kept == on_file {
        Change::None
    } else {
        Change::Put(Box::new(kept.clone()))
    }
}

fn decide(
    t: &Target<'_>,
    now_entry: &CephLifeExpectancy,
    rec: Option<&CephLifeExpectancy>,
    ceph: Option<(u64, u64)>,
) -> Option<Action> {
    let devid = &now_entry.devid;
    let at_risk = !t.reasons.is_empty();
    let with = |verb, entry: &CephLifeExpectancy, why: String, change| Action {
        change,
        ..Action::of(verb, entry, why)
    };
    let set = |why: String| {
        let mut a = with(
            Verb::Set,
            now_entry,
            why,
            Change::Put(Box::new(now_entry.clone())),
        );
        a.args = Some(
            crate::ceph::Ceph::set_life_expectancy_args(
                devid,
                now_entry.from_unix,
                now_entry.to_unix,
            )
            .to_vec(),
        );
        a
    };
    let clear = |rec: &CephLifeExpectancy, why: String| {
        let mut a = with(Verb::Clear, rec, why, Change::Remove);
        a.args = Some(vec![
            "device".into(),
            "rm-life-expectancy".into(),
            devid.clone(),
        ]);
        a
    };
    Some(match (at_risk, rec, ceph) {
        (false, None, _) => return None,
        (true, None, None) => set(format!(
            "{} is at risk: Ceph is told it fails within {} day(s)",
            t.names(),
            (now_entry.to_unix - now_entry.from_unix) / 86_400
        )),
        (true, None, Some(w)) => {
            let mut a = with(
                Verb::Foreign,
                now_entry,
                format!(
                    "{} is at risk, but Ceph already expects {devid} to fail {}, which raidctl did not set (an operator's or Ceph's own prediction): left as it is. To let raidctl manage it: `ceph device rm-life-expectancy {devid}`, then sync again",
                    t.names(),
                    window_text(w)
                ),
                Change::None,
            );
            a.window = Some(w.into());
            a
        }
        (_, Some(r), Some(w)) if !same_window(w, r) => {
            let mut a = with(
                Verb::Release,
                r,
                format!(
                    "Ceph's expectancy for {devid} ({}) is no longer the one raidctl set ({}): changed by someone else, left as it is and no longer raidctl's",
                    window_text(w),
                    window_text((r.from_unix, r.to_unix))
                ),
                Change::Remove,
            );
            a.window = Some(w.into());
            a
        }
        (true, Some(r), Some(_)) => {
            let kept = CephLifeExpectancy {
                osds: now_entry.osds.clone(),
                drives: now_entry.drives.clone(),
                reasons: now_entry.reasons.clone(),
                withdrawn_at_unix: None,
                ..r.clone()
            };
            let change = put_if_changed(&kept, r);
            with(
                Verb::Keep,
                &kept,
                format!(
                    "set by raidctl at {}; {} is still at risk",
                    crate::model::utc_time(r.set_at_unix),
                    t.names()
                ),
                change,
            )
        }
        (true, Some(r), None) if same_drives(&r.drives, &now_entry.drives) => {
            let since = r.withdrawn_at_unix.unwrap_or(now_entry.set_at_unix);
            let kept = CephLifeExpectancy {
                withdrawn_at_unix: Some(since),
                ..r.clone()
            };
            let change = put_if_changed(&kept, r);
            with(
                Verb::Withdrawn,
                &kept,
                format!(
                    "raidctl set an expectancy for {devid} at {}, and someone removed it (seen {}): not set again while the same drive is at risk",
                    crate::model::utc_time(r.set_at_unix),
                    crate::model::utc_time(since)
                ),
                change,
            )
        }
        (true, Some(_), None) => set(format!(
            "{} is at risk (another drive than when raidctl last set an expectancy, which is gone): Ceph is told it fails within {} day(s)",
            t.names(),
            (now_entry.to_unix - now_entry.from_unix) / 86_400
        )),
        (false, Some(r), Some(_)) => {
            let why = if same_drives(&r.drives, &now_entry.drives) {
                format!("{} is no longer at risk", t.names())
            } else {
                format!("the drive under {devid} was replaced ({})", t.names())
            };
            clear(r, format!("{why}: the expectancy raidctl set is cleared"))
        }
        (false, Some(r), None) => with(
            Verb::Forget,
            r,
            format!(
                "Ceph holds no expectancy for {devid} any more and {} is not at risk: the record goes",
                t.names()
            ),
            Change::Remove,
        ),
    })
}

/// The decision for an expectancy raidctl recorded whose device no verified OSD of this host
/// sits on now: the OSD moved to a new device (its drive replaced), or it is gone.
fn gone(rec: &CephLifeExpectancy, devices: &[CephDevice], targets: &[Target<'_>]) -> Action {
    let devid = &rec.devid;
    let Some(dev) = devices.iter().find(|d| d.devid == *devid) else {
        return Action {
            change: Change::Remove,
            ..Action::of(
                Verb::Forget,
                rec,
                format!("Ceph no longer lists {devid}: the record goes"),
            )
        };
    };
    // An OSD still on it whose device could not be verified this time: nothing is decided.
    let unverified: Vec<&Target<'_>> = targets
        .iter()
        .filter(|t| t.devid.is_err())
        .filter(|t| {
            t.osds
                .iter()
                .any(|o| dev.daemons.iter().any(|d| *d == format!("osd.{o}")))
        })
        .collect();
    if let Some(t) = unverified.first() {
        let why = t.devid.as_ref().err().cloned().unwrap_or_default();
        return Action::of(
            Verb::Keep,
            rec,
            format!(
                "{devid} still carries {}, which could not be verified now ({why}): left as it is",
                t.names()
            ),
        );
    }
    let now_on = if dev.daemons.is_empty() {
        "no daemon uses it any more".to_owned()
    } else {
        format!(
            "{} no longer on it as this host's verified OSD",
            dev.daemons.join(", ")
        )
    };
    match dev.life_expectancy() {
        Some(w) if same_window(w, rec) => {
            let mut a = Action {
                change: Change::Remove,
                ..Action::of(
                    Verb::Clear,
                    rec,
                    format!(
                        "{devid} is no longer where this host's OSD is ({now_on}: its drive was replaced or the OSD moved): the expectancy raidctl set is cleared"
                    ),
                )
            };
            a.args = Some(vec![
                "device".into(),
                "rm-life-expectancy".into(),
                devid.clone(),
            ]);
            a
        }
        Some(w) => Action {
            change: Change::Remove,
            window: Some(w.into()),
            ..Action::of(
                Verb::Release,
                rec,
                format!(
                    "Ceph's expectancy for {devid} ({}) is no longer the one raidctl set: left as it is and no longer raidctl's",
                    window_text(w)
                ),
            )
        },
        None => Action {
            change: Change::Remove,
            ..Action::of(
                Verb::Forget,
                rec,
                format!(
                    "Ceph holds no expectancy for {devid} any more ({now_on}): the record goes"
                ),
            )
        },
    }
}

/// Runs the actions' commands through `ceph` (none with `dry_run`) and applies what they
/// change to `record`; each action's `result` says how it went. Every change made in Ceph
/// is said on standard error with its reasons (the journal under systemd). Returns whether
/// every command succeeded.
pub fn execute(
    ceph: &crate::ceph::Ceph,
    actions: &mut [Action],
    record: &mut Record,
    dry_run: bool,
) -> bool {
    let mut ok = true;
    for a in actions.iter_mut() {
        let Some(devid) = a.devid.clone() else {
            continue;
        };
        if let Some(args) = &a.args {
            let argv = ceph.ceph_args(&args.iter().map(String::as_str).collect::<Vec<_>>(), false);
            a.command = Some(crate::ceph::client::display_argv(Path::new("ceph"), &argv));
            if dry_run {
                a.result = Some("dry run".into());
                continue;
            }
            let strs: Vec<&str> = args.iter().map(String::as_str).collect();
            match ceph.ceph_ok(&strs) {
                Ok(_) => {
                    a.result = Some("done".into());
                    crate::errln!(
                        "raidctl: ceph sync: {}",
                        crate::escape::escape(&log_line(a))
                    );
                }
                Err(e) => {
                    a.result = Some(format!("failed: {e}"));
                    crate::errln!(
                        "raidctl: ceph sync: {} {devid} failed: {}",
                        a.action.as_str(),
                        crate::escape::escape(&e.to_string())
                    );
                    ok = false;
                    continue;
                }
            }
        }
        if dry_run {
            continue;
        }
        match std::mem::take(&mut a.change) {
            Change::None => {}
            Change::Put(e) => {
                record.devices.insert(devid, *e);
            }
            Change::Remove => {
                record.devices.remove(&devid);
            }
        }
    }
    ok
}

/// The line a change made in Ceph is logged with.
fn log_line(a: &Action) -> String {
    let osds: Vec<String> = a.osds.iter().map(|o| format!("osd.{o}")).collect();
    let what = match (a.action, a.window) {
        (Verb::Set, Some(w)) => format!("set the life expectancy {w}"),
        (Verb::Clear, _) => "cleared the life expectancy raidctl set".to_owned(),
        (v, _) => v.as_str().to_owned(),
    };
    let reasons: Vec<&str> = a.reasons.iter().map(|r| r.message.as_str()).collect();
    format!(
        "{what} of {} ({}): {}{}",
        a.devid.as_deref().unwrap_or("?"),
        osds.join(", "),
        a.why,
        if reasons.is_empty() || a.action != Verb::Set {
            String::new()
        } else {
            format!(" [{}]", reasons.join("; "))
        }
    )
}
