//! Health rules: what in a [`Snapshot`] needs an operator, how urgently, and what to run next.
//!
//! Every rule has a stable id (see [`rule`]) and a fixed severity documented there. The rules
//! are written against the false alarms of existing tools: a BBU learn cycle, a charging
//! battery, JBOD, Unconfigured(good) drives, hot spares, an adapter without logical drives and
//! an adapter without a battery are not problems; lifetime error counters are reported as
//! totals and, separately, as increases since a [`Baseline`].

mod baseline;
mod bbu;
pub mod ceph_sync;
mod held;
mod ld;
mod pd;
mod smart;
#[cfg(test)]
pub(crate) mod tests;
pub mod tuning;

pub use baseline::{BASELINE_FILE, BASELINE_SCHEMA, Baseline, DriveBaseline, drive_key};
use bbu::bbu_rules;
pub(crate) use smart::smart_sector_counts;
use smart::{ceph_life_text, smart_rules};

use crate::backend::snapshot::Snapshot;
use crate::model::{
    Adapter, DriveAddress, FirmwareState, LdState, LogicalDrive, PhysicalDrive, ProgressKind,
    fmt_size,
};
use serde::{Deserialize, Serialize};

/// How urgent a problem is. Ordered: `Ok < Info < Warning < Critical`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Nothing to do.
    #[default]
    Ok,
    /// Worth knowing, needs no action (does not change a check's exit status).
    Info,
    /// Needs attention soon.
    Warning,
    /// Data or redundancy at risk now.
    Critical,
}

impl Severity {
    /// Every severity, lowest first.
    pub const ALL: [Self; 4] = [Self::Ok, Self::Info, Self::Warning, Self::Critical];

    /// The snake_case name used in JSON and metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Critical => "critical",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding of [`evaluate`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Stable rule id, one of the [`rule`] constants.
    pub rule: &'static str,
    /// How urgent it is.
    pub severity: Severity,
    /// Adapter it concerns; `None` for findings about the snapshot as a whole.
    pub adapter: Option<u32>,
    /// What it is about: `VD 1`, `[32:4]`, `BBU`, `adapter`, `array 1 row 1`.
    pub subject: String,
    /// One concrete line: states, serials, counts, percentages.
    pub message: String,
    /// The next command an operator should run, when there is one.
    pub suggestion: Option<String>,
}

/// Rule ids with their severities.
pub mod rule {
    /// Critical: the snapshot lists no adapter (nothing was checked).
    pub const NO_ADAPTERS: &str = "no-adapters";
    /// Warning: the adapter's own status (`-ShowSummary`) is not optimal.
    pub const ADAPTER_STATUS: &str = "adapter-status";
    /// Critical: a logical drive is offline (data inaccessible).
    pub const LD_OFFLINE: &str = "ld-offline";
    /// Critical: a logical drive is degraded (no redundancy left) and not every missing member
    /// is being rebuilt.
    pub const LD_DEGRADED: &str = "ld-degraded";
    /// Warning: a degraded logical drive whose members are all online or rebuilding (no
    /// redundancy until the rebuild completes; `--state ld-rebuilding=critical` pages).
    pub const LD_REBUILDING: &str = "ld-rebuilding";
    /// Warning: a RAID 6/60 logical drive lost one member (still redundant).
    pub const LD_PARTIALLY_DEGRADED: &str = "ld-partially-degraded";
    /// Warning: the logical drive state is not one raidctl knows (never assumed good).
    pub const LD_STATE_UNKNOWN: &str = "ld-state-unknown";
    /// Warning: `Bad Blocks Exist: Yes` (punctured stripes; reads of them fail).
    pub const LD_BAD_BLOCKS: &str = "ld-bad-blocks";
    /// Warning: background initialisation or initialisation running (parity not valid until
    /// done: a drive lost now loses data; check_raid's default for a resync).
    pub const LD_INITIALIZING: &str = "ld-initializing";
    /// Info: reconstruction (level migration or expansion) running.
    pub const LD_RECONSTRUCTION: &str = "ld-reconstruction";
    /// Warning: a drive group row has no drive (`-PdGetMissing`).
    pub const MISSING_ROW: &str = "missing-row";
    /// Warning: foreign drives or foreign configurations on an adapter.
    pub const FOREIGN_CONFIG: &str = "foreign-config";
    /// Critical: the adapter holds preserved (pinned) cache of an offline VD: unwritten data.
    pub const PRESERVED_CACHE: &str = "preserved-cache";
    /// Warning: a single-drive RAID0 VD's policy differs from most of its siblings'.
    pub const VD_SIBLING_POLICY: &str = "vd-sibling-policy";
    /// Warning: a drive is Failed or Offline (the VD rule carries the urgency).
    pub const PD_FAILED: &str = "pd-failed";
    /// Critical for a JBOD drive or a member of a VD whose data went with it (RAID0, or the
    /// VD offline or gone), Warning for a spare or a member of a VD still online: a drive
    /// that held something is gone and its bay is empty.
    pub const PD_MISSING: &str = "pd-missing";
    /// Warning: a drive is being rebuilt; message has percent and ETA.
    pub const PD_REBUILD: &str = "pd-rebuild";
    /// Warning: a copyback onto a drive is running (redundancy is intact, but the drives
    /// involved are not to be pulled until it ends).
    pub const PD_COPYBACK: &str = "pd-copyback";
    /// Warning: a drive is Unconfigured(bad). One that held data (a spare, a VD member) is
    /// swapped (`pd locate`, or `replace-drive` when a VD waits for it), never made good.
    pub const PD_UNCONFIGURED_BAD: &str = "pd-unconfigured-bad";
    /// Critical: a drive that was JBOD (it held data) is Unconfigured(bad), or Failed as
    /// OpenManage says it: it failed; the next step is replace-drive, never make-good.
    pub const PD_JBOD_FAILED: &str = "pd-jbod-failed";
    /// Warning: a drive's firmware state is not one raidctl knows.
    pub const PD_STATE_UNKNOWN: &str = "pd-state-unknown";
    /// Warning: predictive failure count above zero (warning, not critical: check_raid#123);
    /// Critical on an online member of a VD that already lost redundancy (`member-at-risk`).
    pub const PD_PREDICTIVE_FAILURE: &str = "pd-predictive-failure";
    /// Warning: the drive flagged a S.M.A.R.T alert; Critical like `pd-predictive-failure`.
    pub const PD_SMART_ALERT: &str = "pd-smart-alert";
    /// Warning: lifetime media error count above zero; Critical like `pd-predictive-failure`.
    pub const PD_MEDIA_ERRORS: &str = "pd-media-errors";
    /// Info: lifetime other error count above zero (link resets and the like; mostly noise).
    pub const PD_OTHER_ERRORS: &str = "pd-other-errors";
    /// Warning: media errors grew since the baseline.
    pub const PD_MEDIA_ERRORS_INCREASED: &str = "pd-media-errors-increased";
    /// Warning: other errors grew since the baseline.
    pub const PD_OTHER_ERRORS_INCREASED: &str = "pd-other-errors-increased";
    /// Warning: predictive failures grew since the baseline.
    pub const PD_PREDICTIVE_FAILURES_INCREASED: &str = "pd-predictive-failures-increased";
    /// Warning (Info on a drive already Failed, Offline or Unconfigured(bad)): smartctl could
    /// not read the drive through the controller (exit bits 0-1, output not JSON, timeout).
    pub const SMART_READ_FAILED: &str = "smart-read-failed";
    /// Critical: SMART overall health FAILED (a SMART trip; smartctl exit bit 3).
    pub const SMART_FAILING: &str = "smart-failing";
    /// Warning: the last SMART self-test failed (smartctl exit bit 7).
    pub const SMART_SELF_TEST_FAILED: &str = "smart-self-test-failed";
    /// Warning, Critical on a member at risk: reallocated sectors >= 8, pending or
    /// offline-uncorrectable sectors >= 1, SAS uncorrected errors >= 1, or any of them grew
    /// since the previous SMART read.
    pub const SMART_SECTORS: &str = "smart-sectors";
    /// Warning, Critical on a member at risk: SAS grown defect list >= 8 entries, or it grew
    /// since the previous SMART read.
    pub const SMART_GROWN_DEFECTS: &str = "smart-grown-defects";
    /// Critical at or above the drive's own trip temperature, Warning within 5 °C of it.
    pub const SMART_TEMPERATURE: &str = "smart-temperature";
    /// Warning: 90 % or more of an SSD's rated life used.
    pub const SMART_WEAR: &str = "smart-wear";
    /// Warning, or Critical while a VD on the adapter still runs write-back: the battery needs
    /// replacement (replacement required, about to fail, SOH bad, or state Failed).
    pub const BBU_REPLACE: &str = "bbu-replace";
    /// Warning: the pack is missing although the adapter says a BBU is fitted.
    pub const BBU_MISSING: &str = "bbu-missing";
    /// Warning: the adapter says a BBU is fitted but its status cannot be read.
    pub const BBU_UNREADABLE: &str = "bbu-unreadable";
    /// Warning: battery degraded while not charging and not in a learn cycle.
    pub const BBU_DEGRADED: &str = "bbu-degraded";
    /// Info: battery state text raidctl does not know.
    pub const BBU_STATE_UNKNOWN: &str = "bbu-state-unknown";
    /// Info: the vendor output had lines the parsers did not understand.
    pub const PARSE_WARNINGS: &str = "parse-warnings";
    /// Warning: a replacement was interrupted or stopped and not resumed, completed again or
    /// dismissed: its drive, OSD or bay may be half-way (next: `raidctl resume ID`).
    pub const WORKFLOW_UNFINISHED: &str = "workflow-unfinished";
    /// Info: raidctl started a bay's locate LED and has not stopped it (the next technician
    /// may take the blinking bay for the one to pull).
    pub const BAY_BLINKING: &str = "bay-blinking";
    /// Info: raidctl told Ceph the device on this drive is expected to fail (`raidctl ceph
    /// sync` set its life expectancy; Ceph's devicehealth acts on it).
    pub const CEPH_LIFE_EXPECTANCY: &str = "ceph-life-expectancy";
}

/// The worst severity among `problems` (`Ok` when there are none).
pub fn overall(problems: &[Problem]) -> Severity {
    problems
        .iter()
        .map(|p| p.severity)
        .max()
        .unwrap_or(Severity::Ok)
}

/// Estimated minutes left for an operation `percent` done after `elapsed` minutes, assuming a
/// constant rate. `None` before any progress.
pub fn eta_minutes(percent: u8, elapsed_minutes: u32) -> Option<u32> {
    match percent {
        0 => None,
        p if p >= 100 => Some(0),
        p => {
            let left = u64::from(elapsed_minutes) * u64::from(100 - p);
            let eta = (left + u64::from(p) / 2) / u64::from(p);
            Some(u32::try_from(eta).unwrap_or(u32::MAX))
        }
    }
}

/// `53 min`, `2 h 05 min`, `3 d 4 h`.
pub fn format_minutes(minutes: u64) -> String {
    match minutes {
        m if m < 60 => format!("{m} min"),
        m if m < 48 * 60 => format!("{} h {:02} min", m / 60, m % 60),
        m => format!("{} d {} h", m / (24 * 60), (m / 60) % 24),
    }
}

/// Runs every rule over `snap`. Counter increases are measured against `baseline` (drives
/// not in it have no increase yet). The result is sorted worst first; within one severity
/// the order is adapters, logical drives, drives, batteries.
pub fn evaluate(snap: &Snapshot, baseline: &Baseline) -> Vec<Problem> {
    let mut out = Vec::new();
    if snap.adapters.is_empty() && snap.nothing_to_manage.is_none() {
        out.push(Problem {
            rule: rule::NO_ADAPTERS,
            severity: Severity::Critical,
            adapter: None,
            subject: "snapshot".into(),
            message: "no adapter in the snapshot: nothing was checked".into(),
            suggestion: Some("raidctl collect".into()),
        });
    }
    for a in &snap.adapters {
        adapter_rules(snap, a, &mut out);
    }
    for ld in &snap.logical_drives {
        ld_rules(snap, ld, &mut out);
    }
    missing_rules(snap, &mut out);
    sibling_policy(snap, &mut out);
    for pd in &snap.physical_drives {
        pd_rules(snap, pd, baseline, &mut out);
    }
    held::missing_drives(snap, baseline, &mut out);
    bbu_rules(snap, &mut out);
    if let Some(first) = snap.warnings.first() {
        out.push(Problem {
            rule: rule::PARSE_WARNINGS,
            severity: Severity::Info,
            adapter: None,
            subject: "parser".into(),
            message: format!(
                "{} parser warning(s) in the vendor output, first: line {}: {}",
                snap.warnings.total(),
                first.line,
                first.message
            ),
            suggestion: Some("raidctl collect".into()),
        });
    }
    // The controller's own status summarises its VDs and drives ("Needs Attention" while a
    // VD is degraded); reported next to the problems that explain it, it is a second alarm
    // for one cause.
    let explained: Vec<u32> = out
        .iter()
        .filter(|p| p.rule != rule::ADAPTER_STATUS && p.severity >= Severity::Warning)
        .filter_map(|p| p.adapter)
        .collect();
    out.retain(|p| {
        p.rule != rule::ADAPTER_STATUS || p.adapter.is_none_or(|a| !explained.contains(&a))
    });
    out.sort_by_key(|p| std::cmp::Reverse(p.severity));
    out
}

/// `raidctl <args> -a N`: every suggestion names its adapter explicitly.
fn cmd(adapter: u32, args: &str) -> Option<String> {
    if args == "collect" {
        // A bundle covers every adapter of the host.
        return Some("raidctl collect".into());
    }
    Some(format!("raidctl {args} -a {adapter}"))
}

fn vd_label(ld: &LogicalDrive) -> String {
    let mut extra: Vec<String> = ld.name.iter().filter(|n| !n.is_empty()).cloned().collect();
    extra.extend(osd_names(&ld.osd));
    if extra.is_empty() {
        format!("VD {}", ld.target_id)
    } else {
        format!("VD {} ({})", ld.target_id, extra.join(", "))
    }
}

/// The Ceph OSDs on a VD or drive, as `osd.N` (the identity join; empty without Ceph).
fn osd_names(osds: &[crate::model::OsdRef]) -> Vec<String> {
    let mut v: Vec<String> = osds.iter().map(crate::model::OsdRef::name).collect();
    v.dedup();
    v
}

/// A VD member as its VD's problem names it: `[32:3]`, or `[32:3] (osd.12)`.
fn member_label(pd: &PhysicalDrive) -> String {
    let osds = osd_names(&pd.osd);
    if osds.is_empty() {
        pd.address().to_string()
    } else {
        format!("{} ({})", pd.address(), osds.join(", "))
    }
}

/// `[32:4] (serial X, VD 1)`, with the OSD first where Ceph runs: `[32:4] (osd.12, serial X,
/// VD 1)`.
fn drive_label(pd: &PhysicalDrive) -> String {
    let mut extra = osd_names(&pd.osd);
    if let Some(s) = pd.serial.as_deref().filter(|s| !s.is_empty()) {
        extra.push(format!("serial {s}"));
    }
    if let Some(vd) = pd.logical_drive {
        extra.push(format!("VD {vd}"));
    }
    if extra.is_empty() {
        pd.address().to_string()
    } else {
        format!("{} ({})", pd.address(), extra.join(", "))
    }
}

/// The failed or offline members of the offline VDs without redundancy on `adapter`.
fn dead_raid0_drives(snap: &Snapshot, adapter: u32) -> Vec<DriveAddress> {
    snap.logical_drives
        .iter()
        .filter(|l| l.adapter == adapter && l.state == LdState::Offline)
        .filter(|l| l.raid_level.tolerated_failures_per_span() == Some(0))
        .flat_map(|l| members(snap, l))
        .filter(|p| {
            matches!(
                p.firmware_state,
                FirmwareState::Failed | FirmwareState::Offline
            )
        })
        .map(PhysicalDrive::address)
        .collect()
}

/// Sibling policy parity: single-drive RAID0 VDs over drives of one model on an adapter (the
/// OSD VDs of a Ceph host) should be set up alike; one whose write, read-ahead, I/O or disk
/// cache policy differs from what most of its siblings have is the classic cause of one slow
/// OSD.
fn sibling_policy(snap: &Snapshot, out: &mut Vec<Problem>) {
    for group in snap.single_drive_raid0_groups() {
        if group.len() < 3 {
            continue;
        }
        let Some(major) = crate::backend::snapshot::majority_policy(&group) else {
            continue;
        };
        for ld in &group {
            let p = crate::model::VdPolicy::of(ld);
            if !p.is_complete() {
                continue;
            }
            let mut diffs = Vec::new();
            if p.write != major.write {
                diffs.push("write");
            }
            if p.read != major.read {
                diffs.push("read-ahead");
            }
            if p.io.is_some() && major.io.is_some() && p.io != major.io {
                diffs.push("I/O");
            }
            if p.disk_cache.is_some()
                && major.disk_cache.is_some()
                && p.disk_cache != major.disk_cache
            {
                diffs.push("disk cache");
            }
            if diffs.is_empty() {
                continue;
            }
            let model = ld
                .members
                .first()
                .and_then(|m| snap.drive(ld.adapter, *m))
                .and_then(|d| d.model.clone())
                .unwrap_or_default();
            out.push(Problem {
                rule: rule::VD_SIBLING_POLICY,
                severity: Severity::Warning,
                adapter: Some(ld.adapter),
                subject: format!("VD {}", ld.target_id),
                message: format!(
                    "{} on {} runs {} but {} of its {} single-drive RAID0 siblings ({model}) run {}: its {} policy differs (a different cache policy makes one OSD slow)",
                    vd_label(ld),
                    ld.members
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    p.short(),
                    group
                        .iter()
                        .filter(|x| crate::model::VdPolicy::of(x) == major)
                        .count(),
                    group.len() - 1,
                    major.short(),
                    diffs.join(", ")
                ),
                // Changing the odd one's cache policy in place: its data stays.
                suggestion: p.ld_set_options(&major).and_then(|opts| {
                    cmd(ld.adapter, &format!("ld set {} {opts}", ld.target_id))
                }),
            });
        }
    }
}

fn is_foreign_adapter(snap: &Snapshot, adapter: u32) -> bool {
    snap.physical_drives
        .iter()
        .any(|d| d.adapter == adapter && d.foreign == Some(true))
        || snap.foreign_configs.iter().any(|f| f.adapter == adapter)
}

fn adapter_rules(snap: &Snapshot, a: &Adapter, out: &mut Vec<Problem>) {
    let ad = a.adapter;
    if let Some(status) = a.status.as_deref() {
        let s = crate::model::squash_text(status);
        if !s.is_empty() && s != "optimal" && s != "ok" {
            out.push(Problem {
                rule: rule::ADAPTER_STATUS,
                severity: Severity::Warning,
                adapter: Some(ad),
                subject: "adapter".into(),
                message: format!("adapter {ad} status is {status}"),
                suggestion: cmd(ad, "collect"),
            });
        }
    }
    if a.offline_vd_cache_preserved == Some(true) {
        // The cache of a dead RAID 0 can only be discarded: the replacement does that in the
        // right order (after checking no foreign configuration could bring the VD back).
        let replaceable = (!is_foreign_adapter(snap, ad))
            .then(|| dead_raid0_drives(snap, ad))
            .filter(|d| d.len() == 1)
            .and_then(|d| d.first().copied());
        out.push(Problem {
            rule: rule::PRESERVED_CACHE,
            severity: Severity::Critical,
            adapter: Some(ad),
            subject: "cache".into(),
            message: match replaceable {
                Some(d) => format!(
                    "adapter {ad} holds preserved cache of an offline VD (writes that never reached \
                     disk) over the failed {d}; replacing the drive discards it, and only that VD's, \
                     once nothing can bring the VD back"
                ),
                None => format!(
                    "adapter {ad} holds preserved cache of an offline VD (writes that never reached \
                     disk); bring the VD's drives back or import them before discarding anything"
                ),
            },
            suggestion: match replaceable {
                Some(d) => cmd(ad, &format!("replace-drive {}", d.megacli_arg())),
                None => cmd(ad, "foreign show"),
            },
        });
    }
    let foreign: Vec<String> = snap
        .physical_drives
        .iter()
        .filter(|d| d.adapter == ad && d.foreign == Some(true))
        .map(|d| d.address().to_string())
        .collect();
    let configs = snap
        .foreign_configs
        .iter()
        .filter(|f| f.adapter == ad)
        .count();
    if !foreign.is_empty() || configs > 0 {
        let mut parts = Vec::new();
        if !foreign.is_empty() {
            parts.push(format!(
                "{} foreign drive(s) {}",
                foreign.len(),
                foreign.join(" ")
            ));
        }
        if configs > 0 {
            parts.push(format!("{configs} foreign configuration(s)"));
        }
        out.push(Problem {
            rule: rule::FOREIGN_CONFIG,
            severity: Severity::Warning,
            adapter: Some(ad),
            subject: "foreign".into(),
            message: format!(
                "adapter {ad}: {}; import or clear only after reviewing them",
                parts.join(", ")
            ),
            suggestion: cmd(ad, "foreign show"),
        });
    }
}

/// Member drives of a VD: its member list plus drives that say they belong to it.
fn members<'a>(snap: &'a Snapshot, ld: &'a LogicalDrive) -> Vec<&'a PhysicalDrive> {
    let mut v: Vec<&PhysicalDrive> = snap
        .physical_drives
        .iter()
        .filter(|d| {
            d.adapter == ld.adapter
                && (ld.members.contains(&d.address()) || d.logical_drive == Some(ld.target_id))
        })
        .collect();
    v.sort_by_key(|d| d.address());
    v
}

/// `(array, row)` of rows without a drive in the disk group(s) holding `ld`.
fn missing_rows_of(snap: &Snapshot, ld: &LogicalDrive) -> Vec<(u32, u32)> {
    snap.disk_groups
        .iter()
        .filter(|g| {
            g.adapter == ld.adapter
                && (g.logical_drives.contains(&ld.target_id) || ld.disk_group == Some(g.index))
        })
        .flat_map(|g| {
            g.spans.iter().flat_map(|s| {
                s.rows
                    .iter()
                    .filter(|r| r.drive.is_none())
                    .map(|r| (s.array_ref.unwrap_or(s.index), r.row))
            })
        })
        .collect()
}

fn rebuild_percent(snap: &Snapshot, adapter: u32, addr: DriveAddress) -> Option<u8> {
    snap.progress
        .iter()
        .find(|p| p.adapter == adapter && p.drive == Some(addr) && p.kind == ProgressKind::Rebuild)
        .and_then(|p| p.percent)
}

fn ld_rules(snap: &Snapshot, ld: &LogicalDrive, out: &mut Vec<Problem>) {
    let ad = ld.adapter;
    let label = vd_label(ld);
    let (detail, suggestion, only_rebuilding) = ld::details(snap, ld);
    let mut push = |rule, severity, message: String, suggestion| {
        out.push(Problem {
            rule,
            severity,
            adapter: Some(ad),
            subject: format!("VD {}", ld.target_id),
            message,
            suggestion,
        });
    };
    match &ld.state {
        LdState::Optimal => {}
        LdState::Degraded if only_rebuilding => push(
            rule::LD_REBUILDING,
            Severity::Warning,
            format!("{label} degraded, rebuilding ({detail}): no redundancy until it completes"),
            suggestion,
        ),
        LdState::Degraded => push(
            rule::LD_DEGRADED,
            Severity::Critical,
            format!("{label} degraded ({detail})"),
            suggestion.or_else(|| cmd(ad, "collect")),
        ),
        LdState::PartiallyDegraded => push(
            rule::LD_PARTIALLY_DEGRADED,
            Severity::Warning,
            format!("{label} partially degraded ({detail}): one more failure leaves no redundancy"),
            suggestion.or_else(|| cmd(ad, "collect")),
        ),
        LdState::Offline => {
            let (message, next) = ld::offline(snap, ld, &label, &detail);
            push(rule::LD_OFFLINE, Severity::Critical, message, next);
        }
        LdState::Unknown(raw) => push(
            rule::LD_STATE_UNKNOWN,
            Severity::Warning,
            format!("{label} in unrecognised state {raw:?} ({detail})"),
            cmd(ad, "collect"),
        ),
    }
    if ld.bad_blocks_exist == Some(true) {
        push(
            rule::LD_BAD_BLOCKS,
            Severity::Warning,
            format!("{label} has bad blocks (punctured stripes: reads of them fail)"),
            cmd(ad, "collect"),
        );
    }
    ld::progress_rules(snap, ld, &label, &mut push);
}

/// ` after 37 min, about 53 min left`: how long an operation has run and, from its percent,
/// how long it has left (empty when the controller gave no elapsed time; no estimate at 0 % or
/// when done). The one text `status`, `check` and the workflows' progress lines share.
pub fn progress_text(percent: Option<u8>, elapsed: Option<u32>) -> String {
    let Some(e) = elapsed else {
        return String::new();
    };
    let left = percent
        .filter(|p| *p < 100)
        .and_then(|p| eta_minutes(p, e))
        .map_or_else(String::new, |m| {
            format!(", about {} left", format_minutes(u64::from(m)))
        });
    format!(" after {}{left}", format_minutes(u64::from(e)))
}

/// For a row without a drive: when foreign drives are present the missing member may be among
/// them (import it, never clear it), otherwise a new drive goes in through replace-drive.
fn missing_row_next_step(snap: &Snapshot, adapter: u32) -> Option<String> {
    if is_foreign_adapter(snap, adapter) {
        cmd(adapter, "foreign show")
    } else {
        cmd(adapter, "replace-drive <new E:S>")
    }
}

fn missing_rules(snap: &Snapshot, out: &mut Vec<Problem>) {
    for m in &snap.missing {
        let vds: Vec<String> = snap
            .disk_groups
            .iter()
            .filter(|g| {
                g.adapter == m.adapter
                    && g.spans
                        .iter()
                        .any(|s| s.array_ref.unwrap_or(s.index) == m.array)
            })
            .flat_map(|g| g.logical_drives.iter().map(|t| format!("VD {t}")))
            .collect();
        let vd = if vds.is_empty() {
            String::new()
        } else {
            format!(" of {}", vds.join(", "))
        };
        let size = if m.size_expected_bytes > 0 {
            format!(
                "; a replacement needs at least {}",
                fmt_size(m.size_expected_bytes)
            )
        } else {
            String::new()
        };
        out.push(Problem {
            rule: rule::MISSING_ROW,
            severity: Severity::Warning,
            adapter: Some(m.adapter),
            subject: format!("array {} row {}", m.array, m.row),
            message: format!("array {} row {}{vd} has no drive{size}", m.array, m.row),
            suggestion: missing_row_next_step(snap, m.adapter),
        });
    }
}

/// Reports growth of the three lifetime counters of `pd` since its baseline entry `b`.
fn counter_increases(
    out: &mut Vec<Problem>,
    snap: &Snapshot,
    pd: &PhysicalDrive,
    b: &DriveBaseline,
) {
    let ago = format_minutes(snap.taken_at_unix.saturating_sub(b.first_seen_unix) / 60);
    let counters = [
        (
            rule::PD_MEDIA_ERRORS_INCREASED,
            "media errors",
            b.media_errors,
            pd.media_error_count,
        ),
        (
            rule::PD_OTHER_ERRORS_INCREASED,
            "other errors",
            b.other_errors,
            pd.other_error_count,
        ),
        (
            rule::PD_PREDICTIVE_FAILURES_INCREASED,
            "predictive failures",
            b.predictive_failures,
            pd.predictive_failure_count,
        ),
    ];
    for (rule, what, base, now) in counters {
        let (Some(b), Some(n)) = (base, now) else {
            continue;
        };
        if n <= b {
            continue;
        }
        out.push(Problem {
            rule,
            severity: Severity::Warning,
            adapter: Some(pd.adapter),
            subject: pd.address().to_string(),
            message: format!(
                "{}: {what} rose from {b} to {n} (+{}) since the baseline {ago} ago",
                drive_label(pd),
                n - b
            ),
            suggestion: cmd(pd.adapter, "collect"),
        });
    }
}

fn pd_rules(snap: &Snapshot, pd: &PhysicalDrive, baseline: &Baseline, out: &mut Vec<Problem>) {
    let ad = pd.adapter;
    let addr = pd.address();
    let label = drive_label(pd);
    // A failed drive that held data (the baseline says what: a JBOD, a spare, a VD member
    // it has left) is replaced, never made good; the state rules below are for the rest.
    let held = held::failed_data_drive(snap, pd, baseline);
    let handled = held.is_some();
    out.extend(held);
    let mut push = |rule, severity, message: String, suggestion: Option<String>| {
        out.push(Problem {
            rule,
            severity,
            adapter: Some(ad),
            subject: addr.to_string(),
            message,
            suggestion,
        });
    };
    if !handled {
        pd::state_rule(snap, pd, &label, &mut push);
    }
    // Guard member-at-risk: on an online member of a VD that already lost redundancy, the
    // next failure of this drive loses data (or the last redundancy): critical, and the
    // failed member is replaced first.
    let (weak, risk_tail, weak_next) = pd::weakness(snap, pd);
    if let Some(n) = pd.predictive_failure_count.filter(|n| *n > 0) {
        push(
            rule::PD_PREDICTIVE_FAILURE,
            weak,
            format!("{label}: predictive failure count {n}{risk_tail}"),
            weak_next.clone(),
        );
    }
    if pd.smart_alert == Some(true) {
        push(
            rule::PD_SMART_ALERT,
            weak,
            format!("{label} flagged a S.M.A.R.T alert{risk_tail}"),
            weak_next.clone(),
        );
    }
    if let Some(n) = pd.media_error_count.filter(|n| *n > 0) {
        let risk = pd
            .logical_drive
            .and_then(|t| snap.logical_drive(ad, t))
            .filter(|ld| ld.state != LdState::Optimal && pd.firmware_state.is_member())
            .map_or_else(String::new, |ld| {
                format!(
                    " (VD {} is {}: a rebuild reads this drive)",
                    ld.target_id,
                    ld.state.as_str().replace('_', " ")
                )
            });
        push(
            rule::PD_MEDIA_ERRORS,
            weak,
            format!("{label}: {n} media error(s) (lifetime){risk}{risk_tail}"),
            cmd(ad, "collect"),
        );
    }
    if let Some(n) = pd.other_error_count.filter(|n| *n > 0) {
        push(
            rule::PD_OTHER_ERRORS,
            Severity::Info,
            format!("{label}: {n} other error(s) (lifetime; usually link or bus resets)"),
            None,
        );
    }
    if let Some(sm) = &pd.smart {
        smart_rules(pd, sm, (weak, &risk_tail, &weak_next), &label, &mut push);
    }
    if let Some(le) = &pd.ceph_life_expectancy {
        push(
            rule::CEPH_LIFE_EXPECTANCY,
            Severity::Info,
            ceph_life_text(&label, le),
            None,
        );
    }
    if let Some(b) = baseline.get(pd) {
        counter_increases(out, snap, pd, b);
    }
}
