//! `raidctl replace-drive`: identify, pre-check, choose the flow, plan, locate and confirm,
//! then run the flow's steps through the one executor ([`super::engine`]), journaled, so
//! `raidctl resume` continues after a crash.
//!
//! The flows ([`Flow::steps`]):
//! - MegaRAID with missing rows (MegaCli, storcli/perccli): offline, mark missing, spin down,
//!   swap, check the new drive, replace the missing row, rebuild.
//! - same bay (OpenManage, 8.x firmware without mark-missing): offline, spin down where
//!   possible, swap, the controller's rebuild or one raidctl starts, verify every VD.
//! - no redundancy (a single-drive RAID0, the Ceph OSD layout, or a named multi-drive RAID0):
//!   offline only while it serves I/O, spin down, pull, the pinned cache of this VD only (never
//!   while a foreign configuration could bring the VD back), delete the dead VD, insert, check,
//!   recreate the VD with the old one's settings, qualify the new drive, verify.
//! - JBOD: spin down, pull, insert, check, JBOD again, qualify, verify.

use super::engine::{self, PlanLine, continue_from, fresh, state_json};
use super::guards::{self as g, Level};
use super::journal::{self, Journal};
use super::{AdapterLock, BlockDevice, Env, Outcome, QualRecord, WfError};
use crate::backend::ops::{Op, Operations, PinnedCache};
use crate::backend::snapshot::Snapshot;
use crate::model::{
    DriveAddress, FirmwareState, MissingRow, PdType, PhysicalDrive, RaidLevel, VdPolicy,
};
use serde::{Deserialize, Serialize};

mod start;

/// The steps flows are made of. Names are journaled: they never change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Blink the bay.
    LocateOn,
    /// Take the member offline.
    Offline,
    /// Turn its row into a missing row.
    MarkMissing,
    /// Spin it down.
    PrepareRemoval,
    /// Wait for the operator to pull it.
    AwaitPull,
    /// Discard the dead VD's preserved cache (never while a foreign configuration exists).
    DiscardCache,
    /// Delete the dead VD.
    DeleteVd,
    /// Wait for the replacement.
    AwaitInsert,
    /// Check the replacement.
    CheckNew,
    /// Put it into the missing row.
    ReplaceMissing,
    /// Start the rebuild.
    RebuildStart,
    /// Watch the rebuild to the end.
    WatchRebuild,
    /// Check that every VD is optimal (same-bay flow).
    Verify,
    /// Recreate the VD as it was, or make the drive JBOD again.
    Recreate,
    /// Qualify the new drive.
    Qualify,
    /// The new VD or JBOD drive is optimal, nothing is pinned, its block device is there.
    VerifyVd,
    /// Stop blinking.
    LocateOff,
    /// Ceph: may the OSD stop?
    CephOkToStop,
    /// Ceph: mark the OSD out.
    CephOut,
    /// Ceph: wait until it is safe to destroy and nothing is degraded.
    CephDrain,
    /// Ceph: stop the OSD's daemon.
    CephStop,
    /// Ceph: destroy the OSD, keeping its id.
    CephDestroy,
    /// Ceph: recreate the OSD with its id on the new device.
    CephPrepare,
    /// Ceph: activate and start it.
    CephActivate,
    /// Ceph: wait until it is up and in.
    CephWaitUp,
    /// Ceph: its CRUSH weight against the new size.
    CephWeight,
    /// Ceph: health, degraded objects, backfill.
    CephReport,
    /// Finished.
    Done,
}

impl Step {
    /// The step's name in journals and messages (`await-pull`).
    pub fn name(self) -> &'static str {
        match self {
            Step::LocateOn => "locate-on",
            Step::Offline => "offline",
            Step::MarkMissing => "mark-missing",
            Step::PrepareRemoval => "prepare-removal",
            Step::AwaitPull => "await-pull",
            Step::DiscardCache => "discard-cache",
            Step::DeleteVd => "delete-vd",
            Step::AwaitInsert => "await-insert",
            Step::CheckNew => "check-new",
            Step::ReplaceMissing => "replace-missing",
            Step::RebuildStart => "rebuild-start",
            Step::WatchRebuild => "watch-rebuild",
            Step::Verify => "verify",
            Step::Recreate => "recreate",
            Step::Qualify => "qualify",
            Step::VerifyVd => "verify-vd",
            Step::LocateOff => "locate-off",
            Step::CephOkToStop => "ceph-ok-to-stop",
            Step::CephOut => "ceph-out",
            Step::CephDrain => "ceph-drain",
            Step::CephStop => "ceph-stop",
            Step::CephDestroy => "ceph-destroy",
            Step::CephPrepare => "ceph-prepare",
            Step::CephActivate => "ceph-activate",
            Step::CephWaitUp => "ceph-wait-up",
            Step::CephWeight => "ceph-weight",
            Step::CephReport => "ceph-report",
            Step::Done => "done",
        }
    }
}

/// Which flow a replacement runs, chosen from the drive's VD and what the backend can do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flow {
    /// MegaCli and storcli/perccli: offline, mark missing, spin down, swap, replace the
    /// missing row, rebuild.
    #[default]
    MegaRaid,
    /// No missing rows (OpenManage's omconfig, or 8.x firmware that answers `Support Mark
    /// Missing : No`): offline, prepare for removal where the controller can, swap in the
    /// same bay, then the automatic rebuild, a rebuild start, or the new drive as a dedicated
    /// spare of the VD where the backend can make one.
    #[serde(alias = "omsa")]
    SameBay,
    /// A VD without redundancy (RAID0, RAID00): its data goes with the drive; the VD is
    /// recreated as it was on the new drive.
    NoRedundancy,
    /// A JBOD drive: no VD; the new drive becomes JBOD.
    Jbod,
}

impl Flow {
    /// The redundant-VD flow `ops` can run, or why none can.
    ///
    /// # Errors
    /// The operations the backend lacks, in a message naming the backends that have them.
    pub fn for_backend(
        ops: &dyn Operations,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Flow, String> {
        let (a, d) = (adapter, drive);
        let common = [
            Op::Offline {
                adapter: a,
                drive: d,
            },
            Op::RebuildStart {
                adapter: a,
                drive: d,
            },
        ];
        let rows = [
            Op::MarkMissing {
                adapter: a,
                drive: d,
            },
            Op::ReplaceMissing {
                adapter: a,
                drive: d,
                array: 0,
                row: 0,
            },
        ];
        let lacks = lacking(ops, &common);
        if !lacks.is_empty() {
            return Err(format!(
                "the {} backend cannot {}: run the replacement with --backend megacli, storcli, perccli or omreport",
                ops.name(),
                lacks.join(", ")
            ));
        }
        // Without missing rows the replacement goes into the same bay; prepare-for-removal
        // and a dedicated spare are used where the backend has them (see samebay).
        Ok(if lacking(ops, &rows).is_empty() {
            Flow::MegaRaid
        } else {
            Flow::SameBay
        })
    }

    /// The flow for `pd` in `snap`, or why there is none on this backend.
    ///
    /// # Errors
    /// The operations the backend lacks.
    pub fn choose(
        ops: &dyn Operations,
        snap: &Snapshot,
        pd: &PhysicalDrive,
    ) -> Result<Flow, String> {
        let (a, d) = (pd.adapter, pd.address());
        let ld = pd.logical_drive.and_then(|t| snap.logical_drive(a, t));
        let jbod_adapter = snap
            .adapters
            .iter()
            .any(|x| x.adapter == a && x.jbod_enabled == Some(true));
        let no_missing = !snap.missing.iter().any(|m| m.adapter == a);
        let flow = match ld {
            Some(l) if l.raid_level.tolerated_failures_per_span() == Some(0) => Flow::NoRedundancy,
            Some(_) => return Flow::for_backend(ops, a, d),
            None if pd.firmware_state == FirmwareState::Jbod => Flow::Jbod,
            None if jbod_adapter
                && no_missing
                && matches!(
                    pd.firmware_state,
                    FirmwareState::UnconfiguredBad | FirmwareState::Failed
                ) =>
            {
                Flow::Jbod
            }
            None => return Flow::for_backend(ops, a, d),
        };
        let needed = flow.required_ops(a, d);
        let lacks = lacking(ops, &needed);
        if !lacks.is_empty() {
            return Err(format!(
                "the {} backend cannot {}: replace this {} with --backend megacli, storcli or perccli",
                ops.name(),
                lacks.join(", "),
                if flow == Flow::Jbod {
                    "JBOD drive"
                } else {
                    "drive of a VD without redundancy"
                }
            ));
        }
        Ok(flow)
    }

    /// What a backend must be able to run for the no-redundancy and JBOD flows.
    fn required_ops(self, a: u32, d: DriveAddress) -> Vec<Op> {
        match self {
            Flow::NoRedundancy => vec![
                Op::LdDelete {
                    adapter: a,
                    target: 0,
                },
                Op::DiscardPreservedCache {
                    adapter: a,
                    target: 0,
                },
                Op::LdCreate {
                    adapter: a,
                    level: RaidLevel::Raid0,
                    spans: vec![vec![d]],
                    write: crate::model::WritePolicy::WriteThrough,
                    read: crate::model::ReadPolicy::NoReadAhead,
                    io: Some(crate::model::IoPolicy::Direct),
                    strip_kib: None,
                },
            ],
            Flow::Jbod => vec![Op::MakeJbod {
                adapter: a,
                drive: d,
            }],
            Flow::MegaRaid | Flow::SameBay => Vec::new(),
        }
    }

    /// The flow's steps around an OSD: Ceph drains and destroys it (keeping its id) before
    /// anything changes on the controller, and recreates it with its id on the new drive.
    pub fn with_ceph(steps: Vec<Step>) -> Vec<Step> {
        use Step::*;
        let mut v = vec![
            LocateOn,
            CephOkToStop,
            CephOut,
            CephDrain,
            CephStop,
            CephDestroy,
        ];
        v.extend(steps.into_iter().filter(|s| *s != LocateOn));
        v.extend([
            CephPrepare,
            CephActivate,
            CephWaitUp,
            CephWeight,
            CephReport,
        ]);
        v
    }

    /// Whether `ops` runs this flow's steps as the journal planned them.
    fn runs_on(self, ops: &dyn Operations, st: &ReplaceState) -> bool {
        let chosen = match self {
            Flow::MegaRaid | Flow::SameBay => {
                Flow::for_backend(ops, st.adapter, st.drive) == Ok(self)
            }
            Flow::NoRedundancy | Flow::Jbod => {
                lacking(ops, &self.required_ops(st.adapter, st.drive)).is_empty()
            }
        };
        let mut want = self.steps(ops);
        if st.ceph.is_some() {
            want = Flow::with_ceph(want);
        }
        chosen && want == *st.step_list()
    }

    /// The flow's steps on `ops`.
    pub fn steps(self, ops: &dyn Operations) -> Vec<Step> {
        use Step::*;
        match self {
            Flow::MegaRaid => vec![
                LocateOn,
                Offline,
                MarkMissing,
                PrepareRemoval,
                AwaitPull,
                AwaitInsert,
                CheckNew,
                ReplaceMissing,
                RebuildStart,
                WatchRebuild,
                LocateOff,
            ],
            Flow::SameBay => vec![
                LocateOn,
                Offline,
                PrepareRemoval,
                AwaitPull,
                AwaitInsert,
                CheckNew,
                RebuildStart,
                WatchRebuild,
                Verify,
                LocateOff,
            ],
            // A tool that discards every VD's cache at once does so only when no VD is
            // offline (OpenManage's documented condition): the dead VD goes first.
            Flow::NoRedundancy if !ops.per_vd_cache_discard() => vec![
                LocateOn,
                Offline,
                PrepareRemoval,
                AwaitPull,
                DeleteVd,
                DiscardCache,
                AwaitInsert,
                CheckNew,
                Recreate,
                Qualify,
                VerifyVd,
                LocateOff,
            ],
            Flow::NoRedundancy => vec![
                LocateOn,
                Offline,
                PrepareRemoval,
                AwaitPull,
                DiscardCache,
                DeleteVd,
                AwaitInsert,
                CheckNew,
                Recreate,
                Qualify,
                VerifyVd,
                LocateOff,
            ],
            Flow::Jbod => vec![
                LocateOn,
                PrepareRemoval,
                AwaitPull,
                AwaitInsert,
                CheckNew,
                Recreate,
                Qualify,
                VerifyVd,
                LocateOff,
            ],
        }
    }

    /// How the flow is named where a resume must say which backends run it.
    fn family(self) -> &'static str {
        match self {
            Flow::SameBay => "same-bay (no missing rows)",
            Flow::MegaRaid => "missing-row (MegaCli/storcli)",
            Flow::NoRedundancy => "no-redundancy (RAID0)",
            Flow::Jbod => "JBOD",
        }
    }
}

/// The variant names of the operations in `needed` that `ops` cannot run.
fn lacking(ops: &dyn Operations, needed: &[Op]) -> Vec<String> {
    needed
        .iter()
        .filter(|op| !ops.supports(op))
        .map(|op| {
            format!("{op:?}")
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

/// The VD a non-redundant replacement recreates: what it was before the failure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VdRecord {
    /// Its target id.
    pub target: u32,
    /// RAID level.
    pub level: RaidLevel,
    /// Name (`None`: unnamed).
    pub name: Option<String>,
    /// Strip size in bytes.
    pub strip_bytes: Option<u64>,
    /// Its policies as the tool printed them.
    pub policy: VdPolicy,
    /// The majority policy of its siblings (single-drive RAID0 VDs over drives of the same
    /// model on the adapter), for what the tool did not print.
    pub sibling_policy: Option<VdPolicy>,
    /// Members.
    pub members: Vec<DriveAddress>,
    /// Members per span (one span for RAID0).
    pub spans: Vec<Vec<DriveAddress>>,
    /// Size in bytes.
    pub size_bytes: Option<u64>,
    /// Linux block device before the failure.
    pub block_device: Option<String>,
}

/// What the workflow knows; journaled after every step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplaceState {
    /// Adapter.
    pub adapter: u32,
    /// Bay of the drive being replaced.
    pub drive: DriveAddress,
    /// Serial of the drive being replaced.
    pub serial: Option<String>,
    /// Its interface type (the replacement must match).
    pub pd_type: PdType,
    /// Its coerced size.
    pub coerced_size: Option<u64>,
    /// Target id of its VD.
    pub ld: Option<u32>,
    /// Serials of every other drive on the adapter, to catch a wrong pull.
    pub others: Vec<(DriveAddress, String)>,
    /// The missing row once known (`-PdGetMissing`).
    pub missing: Option<MissingRow>,
    /// Serial of the replacement once inserted.
    pub new_serial: Option<String>,
    /// The drive a hot spare or auto-rebuild is rebuilding instead, if any.
    pub rebuilding: Option<DriveAddress>,
    /// Other members of the VD that were already down when the workflow started (a later
    /// failure message must not blame them).
    #[serde(default)]
    pub down_at_start: Vec<DriveAddress>,
    /// Next step to run.
    pub next: Step,
    /// The flow (journals written before OpenManage could replace drives have none:
    /// MegaRAID's).
    #[serde(default)]
    pub flow: Flow,
    /// The flow's steps as planned (empty in older journals: the flow's steps on MegaRAID).
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Media of the drive being replaced (the replacement must match).
    #[serde(default)]
    pub media_type: Option<crate::model::MediaType>,
    /// Rebuilds raidctl started onto the new drive (same-bay flow; bounded).
    #[serde(default)]
    pub rebuild_starts: u32,
    /// The VD recreated by the no-redundancy flow, as it was.
    #[serde(default)]
    pub vd: Option<VdRecord>,
    /// Who gave up the data of a VD without redundancy (`--i-understand-data-loss 2`).
    #[serde(default)]
    pub data_loss_ack: Option<String>,
    /// Preserved cache when the workflow started.
    #[serde(default)]
    pub pinned_at_start: PinnedCache,
    /// Target id of the recreated VD.
    #[serde(default)]
    pub new_target: Option<u32>,
    /// Its Linux block device.
    #[serde(default)]
    pub new_device: Option<BlockDevice>,
    /// The qualification profile for the new drive (`None`: `--qualify none`).
    #[serde(default)]
    pub qualify_profile: Option<String>,
    /// The new drive's qualification.
    #[serde(default)]
    pub qualification: Option<QualRecord>,
    /// Replacement serials that failed qualification.
    #[serde(default)]
    pub rejected: Vec<String>,
    /// The foreign configuration the operator allowed to clear from the new drive.
    #[serde(default)]
    pub clear_foreign: Option<u32>,
    /// The Ceph OSD on the drive, when Ceph drains and recreates it around the replacement.
    #[serde(default)]
    pub ceph: Option<super::ceph_steps::CephRecord>,
    /// How the operator confirmed the drive: `resume` goes on the same way.
    #[serde(default)]
    pub confirmed: Option<Confirmation>,
    /// A Ceph step stopped the run before any controller change and raidctl turned the bay's
    /// LED off (a refusal can last days; a blinking bay invites a pull): resume lights it
    /// again before it goes on.
    #[serde(default)]
    pub led_off_at_stop: bool,
}

/// How a replacement was confirmed, journaled so a resume does not ask again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confirmation {
    /// `--yes`: the run was unattended.
    pub unattended: bool,
    /// The serial that was checked (given with `--serial` or typed).
    pub serial: Option<String>,
}

impl ReplaceState {
    /// The flow's steps (journals from before step lists: the flow's on MegaRAID tools).
    pub fn step_list(&self) -> std::borrow::Cow<'_, [Step]> {
        if self.steps.is_empty() {
            let ops = crate::backend::ops::NoOps;
            let steps = self.flow.steps(&ops);
            std::borrow::Cow::Owned(if self.ceph.is_some() {
                Flow::with_ceph(steps)
            } else {
                steps
            })
        } else {
            std::borrow::Cow::Borrowed(&self.steps)
        }
    }

    /// The serial of the drive that has to leave the bay: a rejected replacement, else the
    /// drive being replaced.
    pub fn removing(&self) -> Option<&str> {
        self.rejected
            .last()
            .filter(|_| self.new_serial.is_none())
            .map(String::as_str)
            .or(self.serial.as_deref())
    }

    /// The result line of a completed replacement.
    pub fn completion_message(&self) -> String {
        let swap = format!(
            "replaced {} on adapter {}: {} → {}",
            self.drive,
            self.adapter,
            self.serial.as_deref().unwrap_or("?"),
            self.new_serial.as_deref().unwrap_or("?")
        );
        let qual = self.qualification.as_ref().map_or_else(
            || {
                if self.qualify_profile.is_none() {
                    "; not qualified (--qualify none)".to_owned()
                } else {
                    String::new()
                }
            },
            |q| format!("; qualification {} ({})", q.verdict, q.record),
        );
        let dev = self.new_device.as_ref().map_or_else(String::new, |d| {
            format!(
                "; {}{}",
                d.path,
                d.by_path
                    .as_ref()
                    .map_or_else(String::new, |p| format!(" ({p})"))
            )
        });
        let osd = self.ceph.as_ref().map_or_else(String::new, |c| {
            format!(
                "; osd.{} recreated with its id ({}){}",
                c.osd,
                match c.mode {
                    crate::model::OsdMode::Lvm => "lvm",
                    _ => "raw",
                },
                c.report
                    .as_ref()
                    .map_or_else(String::new, |r| format!(": {r}"))
            )
        });
        match self.flow {
            Flow::NoRedundancy => format!(
                "{swap}; VD {} recreated as VD {} ({}, {}){dev}{qual}{osd}",
                self.vd.as_ref().map_or(0, |v| v.target),
                self.new_target
                    .map_or_else(|| "?".into(), |t| t.to_string()),
                self.vd
                    .as_ref()
                    .map_or_else(String::new, |v| v.level.to_string()),
                super::noredundancy::target_policy(self).short()
            ),
            Flow::Jbod => format!("{swap}; JBOD again{dev}{qual}{osd}"),
            _ => format!(
                "{swap}; VD {} is optimal",
                self.ld.map_or_else(|| "?".into(), |l| l.to_string())
            ),
        }
    }
}

/// Finds the drive by `E:S` (with an optional adapter) or by serial.
///
/// # Errors
/// Unknown or ambiguous target.
pub fn resolve<'s>(
    snap: &'s Snapshot,
    target: &str,
    adapter: Option<u32>,
) -> Result<&'s PhysicalDrive, WfError> {
    let candidates: Vec<&PhysicalDrive> = match target.parse::<DriveAddress>() {
        Ok(addr) => snap
            .physical_drives
            .iter()
            .filter(|d| d.address() == addr && adapter.is_none_or(|a| a == d.adapter))
            .collect(),
        Err(_) => snap
            .physical_drives
            .iter()
            .filter(|d| {
                d.serial
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(target.trim()))
                    && adapter.is_none_or(|a| a == d.adapter)
            })
            .collect(),
    };
    match candidates.as_slice() {
        [one] => Ok(one),
        [] => Err(WfError::Usage(format!(
            "no drive {target} found (use E:S as in `raidctl status`, or the serial number)"
        ))),
        many => Err(WfError::Usage(format!(
            "{target} matches drives on adapters {}: add -a N",
            many.iter()
                .map(|d| d.adapter.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

pub use super::prechecks::{Reads, prechecks};
pub use super::swap::eta_text;

/// Whether `name` is no name: empty, or what OpenManage shows for an unnamed VD.
fn is_default_name(name: &str, target: u32) -> bool {
    let n = name.trim();
    n.is_empty() || n == format!("Virtual Disk {target}")
}

/// The record of the VD a non-redundant replacement recreates.
fn vd_record(snap: &Snapshot, ld: &crate::model::LogicalDrive, drive: DriveAddress) -> VdRecord {
    let mut members = ld.members.clone();
    if !members.contains(&drive) {
        members.push(drive);
    }
    let group = snap.disk_groups.iter().find(|g| {
        g.adapter == ld.adapter
            && (g.logical_drives.contains(&ld.target_id) || ld.disk_group == Some(g.index))
    });
    let spans: Vec<Vec<DriveAddress>> = group
        .map(|g| {
            g.spans
                .iter()
                .map(|s| s.rows.iter().filter_map(|r| r.drive).collect::<Vec<_>>())
                .filter(|s: &Vec<DriveAddress>| !s.is_empty())
                .collect()
        })
        .filter(|s: &Vec<Vec<DriveAddress>>| {
            s.iter().flatten().count() == members.len()
                && members.iter().all(|m| s.iter().flatten().any(|x| x == m))
        })
        .unwrap_or_else(|| vec![members.clone()]);
    VdRecord {
        target: ld.target_id,
        level: ld.raid_level.clone(),
        name: ld
            .name
            .clone()
            .filter(|n| !is_default_name(n, ld.target_id)),
        strip_bytes: ld.strip_size_bytes,
        policy: VdPolicy::of(ld),
        sibling_policy: snap.sibling_majority_policy(ld),
        members,
        spans,
        size_bytes: ld.size_bytes,
        block_device: ld.block_device.clone(),
    }
}

/// The drive `--osd N` names: the bay under the OSD's main device.
fn bay_of_osd(env: &Env<'_>, id: u32) -> Result<(u32, DriveAddress), WfError> {
    if let Some(msg) = env.osds.osd(id).and_then(spans_several) {
        return Err(WfError::Usage(msg));
    }
    env.osds.bay_of(id).map(|(_, bay)| bay).map_err(|u| {
        WfError::Usage(u.message(id, &format!("raidctl replace-drive E:S --osd {id}")))
    })
}

/// Why an OSD whose main device spans several VDs or drives (an LVM volume over several PVs)
/// is not replaced drive by drive: losing any one of them loses the whole OSD, so the others
/// would have to be drained and rebuilt too.
fn spans_several(osd: &crate::ceph::HostOsd) -> Option<String> {
    let b = osd.block()?;
    if b.also.is_empty() {
        return None;
    }
    let places: Vec<String> = b
        .location
        .iter()
        .chain(b.also.iter())
        .map(|l| match l {
            crate::ceph::Location::Vd {
                adapter, target, ..
            } => {
                format!("VD {target} of adapter {adapter}")
            }
            crate::ceph::Location::Jbod {
                adapter, address, ..
            } => format!(
                "JBOD {} of adapter {adapter}",
                address.map_or_else(|| "?".into(), |a| a.to_string())
            ),
        })
        .collect();
    Some(format!(
        "[ceph-multi-vd] osd.{} spans {} ({}): losing any one of them loses the whole OSD, and replacing one drive does not bring it back; raidctl does not do that multi-drive job yet; nothing was changed",
        osd.id,
        places.len(),
        places.join(", ")
    ))
}

/// The OSDs on `pd` (its VD or JBOD device): those whose main device is there, and whether
/// a DB/WAL device of some OSD is there too.
fn osds_on<'j>(env: &'j Env<'_>, pd: &PhysicalDrive) -> (Vec<&'j crate::ceph::HostOsd>, bool) {
    let on = match pd.logical_drive {
        Some(t) => env.osds.on_vd(pd.adapter, t),
        None => env.osds.on_jbod(pd.adapter, pd.device_id, pd.address()),
    };
    let mut blocks: Vec<&crate::ceph::HostOsd> = on
        .iter()
        .filter(|(_, r)| *r == crate::ceph::Role::Block)
        .map(|(o, _)| *o)
        .collect();
    blocks.dedup_by_key(|o| o.id);
    let dbwal = on.iter().any(|(_, r)| *r != crate::ceph::Role::Block);
    (blocks, dbwal)
}

/// The record of the OSD a replacement drains and recreates, or why it cannot.
fn ceph_record(
    env: &Env<'_>,
    osd: &crate::ceph::HostOsd,
) -> Result<super::ceph_steps::CephRecord, String> {
    if env.ceph.is_none() || !matches!(env.osds.cluster, crate::ceph::ClusterView::Answered) {
        return Err(format!(
            "[ceph-unreachable] osd.{} sits on this drive but the Ceph cluster did not answer ({}): replacing an OSD's drive needs Ceph's word that its data lives elsewhere. Make the cluster answer (`ceph -s`; --ceph-conf, --ceph-name), then run again",
            osd.id,
            env.osds
                .cluster_note()
                .unwrap_or_else(|| "not asked".into())
        ));
    }
    if osd.mode == crate::model::OsdMode::Unknown {
        return Err(format!(
            "osd.{} is neither an lvm nor a raw ceph-volume OSD: raidctl cannot recreate it the same way",
            osd.id
        ));
    }
    if let Some(d) = osd.shared_db_wal() {
        return Err(format!(
            "[ceph-shared-db] osd.{}'s {} device {} serves other OSDs too: recreating it means recreating them all (a multi-OSD job raidctl does not do yet). Replace the drive with `ceph orch` or by hand",
            osd.id,
            match d.role {
                crate::ceph::Role::Db => "DB",
                _ => "WAL",
            },
            d.path
        ));
    }
    if osd.objectstore.as_deref().is_some_and(|o| o != "bluestore") {
        return Err(format!(
            "osd.{} is {}, not BlueStore: raidctl recreates BlueStore OSDs only",
            osd.id,
            osd.objectstore.as_deref().unwrap_or("?")
        ));
    }
    Ok(super::ceph_steps::CephRecord {
        osd: osd.id,
        mode: osd.mode,
        osd_fsid: osd.osd_fsid.clone(),
        device: osd.block().map(|b| b.path.clone()),
        db: osd.db().map(|d| d.path.clone()),
        wal: osd.wal().map(|d| d.path.clone()),
        crush_weight: osd.crush_weight,
        device_class: osd.device_class.clone(),
        up_at_start: osd.up == Some(true),
        in_at_start: osd.is_in != Some(false),
        drained_at_start: false,
        drain_timeout_s: env.opts.drain_timeout.as_secs(),
        reweight: env.opts.reweight,
        new_fsid: None,
        report: None,
        cephadm: match &osd.deployment {
            Some(crate::model::Deployment::Cephadm { fsid, unit }) => {
                Some(super::cephadm::CephadmRecord {
                    fsid: fsid.clone(),
                    unit: unit.clone(),
                    host: osd
                        .hostname
                        .clone()
                        .or_else(|| crate::ceph::Sources::default().hostname)
                        .unwrap_or_else(|| "HOST".into()),
                })
            }
            _ => None,
        },
    })
}

/// Runs the whole workflow for `target` (E:S or serial), or for the drive of `--osd N`.
///
/// # Errors
/// Backend, journal or usage errors before or outside the journaled steps.
pub fn run(
    env: &mut Env<'_>,
    target: Option<&str>,
    adapter: Option<u32>,
) -> Result<Outcome, WfError> {
    let snap = env.ops.snapshot()?;
    // sysfs gave the SCSI address; the controller says which drives sit behind it.
    env.osds.complete(&snap);
    let pd = start::target_drive(env, &snap, target, adapter)?;
    let osd = match start::the_osd(env, &pd)? {
        Ok(osd) => osd,
        Err(stop) => return Ok(stop),
    };
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    start::describe(env, &pd, ld, osd.as_ref());
    let flow = match Flow::choose(env.ops, &snap, &pd) {
        Ok(f) => f,
        Err(msg) => return Ok(Outcome::Stopped(msg)),
    };
    let ceph = match start::ceph_for(env, osd.as_ref(), flow) {
        Ok(ceph) => ceph,
        Err(stop) => return Ok(stop),
    };
    let reads = Reads::of(env.ops, pd.adapter);
    let pinned = env.ops.preserved_cache(pd.adapter)?;
    let ack = env.opts.data_loss_ack.clone();
    let (checks, confirm_healthy) =
        start::checks_for(env, &snap, &pd, flow, &reads, &pinned, ack.as_deref());
    let data_loss_ack = checks
        .iter()
        .any(|c| c.rule == g::DATA_LOSS_ACK && c.level == Level::Warn)
        .then(|| {
            env.opts.data_loss_ack_source.clone().unwrap_or_else(|| {
                format!("--i-understand-data-loss {}", ack.as_deref().unwrap_or(""))
            })
        });
    let st = start::initial_state(env, &snap, &pd, flow, ceph, pinned, data_loss_ack);
    print_plan(env, &st, &pd);
    if let Some(c) = checks.iter().find(|c| c.level == Level::Refuse) {
        return Ok(Outcome::Stopped(format!(
            "refused: {}; nothing was changed",
            c.text
        )));
    }
    if env.opts.dry_run {
        return Ok(Outcome::Completed("dry run: nothing was changed".into()));
    }
    if confirm_healthy && let Err(msg) = env.confirm_proactive(&st.drive.to_string()) {
        return Ok(Outcome::Stopped(msg));
    }
    let _lock = AdapterLock::acquire_env(env, st.adapter, "replace-drive")?;
    let mut journal = start::start_journal(env, &st, target)?;
    env.say(&format!("Journal: {}", journal.path().display()));
    locate_and_confirm(env, &mut journal, st)
}

/// Blinks the bay and confirms the serial, then runs the rest of the flow. Nothing changes
/// before the confirmation.
fn locate_and_confirm(
    env: &mut Env<'_>,
    journal: &mut Journal,
    mut st: ReplaceState,
) -> Result<Outcome, WfError> {
    st.next = Step::LocateOn;
    match super::steps::locate_on(env, journal, &mut st) {
        Ok(engine::StepResult::Stop(msg)) => return Ok(engine::stop(journal, &st, msg)),
        Ok(engine::StepResult::Next | engine::StepResult::Goto(_)) => {}
        // As inside the engine: a journal that cannot be written is a safe stop that says
        // where the bay is, not an error that leaves it blinking unexplained.
        Err(WfError::Journal(e)) => {
            // The LED op ran before the write failed: the bay blinks.
            let mut said = st.clone();
            said.next = engine::after(&st, Step::LocateOn);
            return Ok(engine::journal_failed(journal, &said, Step::LocateOn, &e));
        }
        Err(e) => return Err(e),
    }
    if let Err(msg) = confirm_serial(env, &st, &journal.id) {
        return Ok(engine::stop(journal, &st, msg));
    }
    st.confirmed = Some(Confirmation {
        unattended: env.opts.yes,
        serial: st.serial.clone(),
    });
    st.next = engine::after(&st, Step::LocateOn);
    continue_from(env, journal, st)
}

fn print_plan(env: &mut Env<'_>, st: &ReplaceState, pd: &PhysicalDrive) {
    let header = match st.flow {
        Flow::MegaRaid => "Plan:".to_owned(),
        Flow::SameBay => format!(
            "Plan ({}: no missing rows, the controller rebuilds in the same bay):",
            if env.ops.name() == "omreport" {
                "OpenManage"
            } else {
                "this controller"
            }
        ),
        _ if st.ceph.is_some() => format!(
            "Plan (osd.{} on {}: Ceph drains and destroys it keeping its id, the controller replaces the drive as its {} needs, then the OSD is recreated with its id):",
            st.ceph.as_ref().map_or(0, |c| c.osd),
            st.drive,
            if st.flow == Flow::Jbod {
                "JBOD"
            } else {
                "RAID0 VD"
            }
        ),
        Flow::NoRedundancy => {
            let vd = st.vd.as_ref();
            format!(
                "Plan (VD {} is {} over {}: the controller has nothing to rebuild it from, so its data goes with the drive{}; the VD is recreated as it was on the new drive):",
                vd.map_or(0, |v| v.target),
                vd.map_or_else(String::new, |v| v.level.to_string()),
                vd.map_or_else(String::new, |v| v
                    .members
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")),
                if vd.is_some_and(|v| v.members.len() > 1) {
                    ", and with it the data of its other members"
                } else {
                    ""
                }
            )
        }
        Flow::Jbod => format!(
            "Plan ({} is a JBOD drive: no VD, no redundancy on the controller; the new drive becomes JBOD):",
            st.drive
        ),
    };
    env.say(&header);
    if let Some(p) = env.opts.plan.as_mut() {
        p.title.clone_from(&header);
    }
    let mut n = 0;
    let lines: Vec<(Step, PlanLine)> = st
        .step_list()
        .iter()
        .flat_map(|s| {
            engine::plan_of(env, st, pd, *s)
                .into_iter()
                .map(move |l| (*s, l))
        })
        .collect();
    for (step, line) in lines {
        n += 1;
        let cmd = line.op.as_ref().map(|op| plan_command(env.ops, op));
        match &cmd {
            Some(cmd) => env.say(&format!("  {n}. {}\n       {cmd}", line.text)),
            None => env.say(&format!("  {n}. {}", line.text)),
        }
        if let Some(p) = env.opts.plan.as_mut() {
            p.push(
                Some(step.name()),
                super::plan::phase_of_step(step),
                &line.text,
                cmd,
            );
        }
    }
}

/// The command line of `op` as a plan shows it: values the controller decides later (the
/// missing row, the new VD's target id) as placeholders.
fn plan_command(ops: &dyn Operations, op: &Op) -> String {
    let line = ops.command_line(op);
    match op {
        Op::ReplaceMissing { .. } => line
            .replace("-Array0 -row0", "-Array<A> -row<R>")
            .replace("array=0 row=0", "array=<A> row=<R>")
            .replace("dg=0", "dg=<G>"),
        Op::LdDiskCache { target: 9999, .. } | Op::LdName { target: 9999, .. } => line
            .replace("-L9999", "-L<new VD>")
            .replace("/v9999", "/v<new VD>")
            .replace("vdisk=9999", "vdisk=<new VD>"),
        _ => line,
    }
}

/// Confirms the target by the serial on its label; `Err` says why not, that nothing changed,
/// and how to stop the blinking or go on (the LED stays on for the next try).
pub(super) fn confirm_serial(
    env: &mut Env<'_>,
    st: &ReplaceState,
    journal_id: &str,
) -> Result<(), String> {
    let want = st.serial.clone().unwrap_or_else(|| st.drive.megacli_arg());
    let blinking = format!(
        "nothing was changed; the bay of {} is still blinking (stop it with `raidctl pd locate {} -a {} --stop`)",
        st.drive,
        st.drive.megacli_arg(),
        st.adapter
    );
    if env.opts.yes {
        return match &env.opts.serial {
            Some(s) if s.eq_ignore_ascii_case(&want) => Ok(()),
            // The expected serial is never printed: it would let a caller copy it instead of
            // reading the label of the bay that blinks.
            Some(s) => Err(format!(
                "[serial-confirm] --serial {s} is not the serial of the drive in {}; read the label of the blinking bay; {blinking}",
                st.drive
            )),
            None => Err(format!(
                "[serial-confirm] unattended runs need --serial SERIAL, read from the label of the blinking bay {}, to confirm the drive; {blinking}",
                st.drive
            )),
        };
    }
    let interrupted = format!(
        "replace-drive {} interrupted at the serial confirmation; {blinking}; continue with `raidctl resume {journal_id}`",
        st.drive
    );
    let question = format!(
        "The bay of {} is blinking. Type the serial number printed on that drive's label to confirm:",
        st.drive
    );
    match env.ask_typed(&question, &want, "serial number", &interrupted) {
        super::Typed::Matched => Ok(()),
        super::Typed::Mismatched => Err(format!(
            "[serial-confirm] the serial number typed {} times does not match the drive in {}; {blinking}",
            super::prompt::TYPED_TRIES,
            st.drive
        )),
        super::Typed::NoAnswer => Err(format!(
            "[serial-confirm] no answer to the serial confirmation; {blinking}"
        )),
    }
}

/// Resumes a journaled replacement: re-reads the live state and continues from the step the
/// journal's last state names (a step that was only `planned` when the process died runs
/// again and re-checks the live state first).
///
/// # Errors
/// Journal or backend errors.
pub fn resume(env: &mut Env<'_>, id: &str) -> Result<Outcome, WfError> {
    let path = journal::dir(&env.state_dir).join(format!("{id}.jsonl"));
    let read = journal::read(&path).map_err(|e| WfError::Usage(format!("no journal {id}: {e}")))?;
    for bad in &read.skipped {
        env.say(&format!("  journal {id}: {bad}"));
    }
    let records = read.records;
    if records
        .last()
        .is_some_and(|r| r.step == "finish" && r.phase == "completed")
    {
        return Ok(Outcome::Completed(format!("{id} already completed")));
    }
    let Some(mut st) = records
        .iter()
        .rev()
        .find_map(|r| r.state.clone())
        .and_then(|v| serde_json::from_value::<ReplaceState>(v).ok())
    else {
        return Err(WfError::Usage(format!(
            "journal {id} holds no replace-drive state"
        )));
    };
    // Options given to resume take effect from here on.
    if env.opts.clear_foreign.is_some() {
        st.clear_foreign = env.opts.clear_foreign;
    }
    if env.opts.qualify_given {
        st.qualify_profile.clone_from(&env.opts.qualify);
    }
    if engine::position(&st, st.next) <= 1 && st.confirmed.is_none() {
        // Crashed before the confirmation was recorded: start again from the top. (A run
        // that was confirmed and stopped at its first step after, as ok-to-stop's refusal
        // does, goes on from there as it was confirmed.)
        st.next = Step::LocateOn;
    }
    // Confirmed unattended: the resume is too (an unattended run resumed by a timer or a
    // script must not stop at a prompt nobody sees).
    if let Some(c) = st
        .confirmed
        .clone()
        .filter(|c| c.unattended && !env.opts.yes)
    {
        env.opts.yes = true;
        if env.opts.serial.is_none() {
            env.opts.serial.clone_from(&c.serial);
        }
        env.say(&format!(
            "  the run was confirmed unattended (--yes --serial {}): resuming the same way",
            c.serial.as_deref().unwrap_or("?")
        ));
    }
    // The steps are the flow's on this backend: a journal of one backend family resumes
    // only on it.
    if !st.flow.runs_on(env.ops, &st) {
        let want = match st.flow {
            Flow::SameBay => {
                "--backend omreport, or the storcli2/perccli2 backend of a controller without missing rows"
            }
            Flow::MegaRaid | Flow::NoRedundancy | Flow::Jbod => {
                "--backend megacli, storcli or perccli (or omreport for a RAID0 started there)"
            }
        };
        return Err(WfError::Usage(format!(
            "journal {id} is a replacement through {} steps; resume it with {want} (the {} backend runs other steps)",
            st.flow.family(),
            env.ops.name()
        )));
    }
    let _lock = AdapterLock::acquire_env(env, st.adapter, "replace-drive (resume)")?;
    let mut journal =
        Journal::open(&env.state_dir, id).map_err(|e| WfError::Io(format!("journal {id}: {e}")))?;
    journal
        .write(
            "resume",
            "started",
            None,
            &format!("resuming at {}", st.next.name()),
            state_json(&st),
        )
        .map_err(|e| WfError::Io(format!("journal {id}: {e}")))?;
    env.say(&format!("Resuming {id} at step {}", st.next.name()));
    if st.next == Step::LocateOn {
        let snap = fresh(env)?;
        if snap
            .drive(st.adapter, st.drive)
            .is_none_or(|p| p.serial != st.serial)
        {
            let msg = format!(
                "{} no longer holds serial {}",
                st.drive,
                st.serial.as_deref().unwrap_or("?")
            );
            return Ok(engine::stop(&mut journal, &st, msg));
        }
        return locate_and_confirm(env, &mut journal, st);
    }
    continue_from(env, &mut journal, st)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DiskGroup, Span, SpanRow};

    fn state(ld: Option<u32>) -> ReplaceState {
        ReplaceState {
            adapter: 0,
            drive: DriveAddress::new(32, 4),
            serial: None,
            pd_type: PdType::Sas,
            coerced_size: None,
            ld,
            others: Vec::new(),
            missing: None,
            new_serial: None,
            rebuilding: None,
            down_at_start: Vec::new(),
            next: Step::ReplaceMissing,
            flow: Flow::MegaRaid,
            steps: Vec::new(),
            media_type: None,
            rebuild_starts: 0,
            vd: None,
            data_loss_ack: None,
            pinned_at_start: PinnedCache::default(),
            new_target: None,
            new_device: None,
            qualify_profile: None,
            qualification: None,
            rejected: Vec::new(),
            clear_foreign: None,
            ceph: None,
            confirmed: None,
            led_off_at_stop: false,
        }
    }

    /// What Ctrl-C says during the Ceph steps: the OSD's state and the bay's, and how to go
    /// on; a bay darkened by a refusal is said to be dark.
    #[test]
    fn an_interrupt_in_a_ceph_step_says_where_the_osd_is() {
        let mut st = state(Some(3));
        st.flow = Flow::NoRedundancy;
        st.ceph = Some(super::super::ceph_steps::CephRecord {
            osd: 7,
            mode: crate::model::OsdMode::Raw,
            osd_fsid: None,
            device: None,
            db: None,
            wal: None,
            crush_weight: None,
            device_class: None,
            up_at_start: false,
            in_at_start: true,
            drained_at_start: false,
            drain_timeout_s: 60,
            reweight: false,
            new_fsid: None,
            report: None,
            cephadm: None,
        });
        let at = |st: &mut ReplaceState, step: Step| {
            st.next = step;
            engine::interrupted_at(st, step, "J9")
        };
        let m = at(&mut st, Step::CephDestroy);
        assert!(
            m.contains("osd.7 is out and being destroyed (its id kept)")
                && m.contains("still blinking")
                && m.contains("`raidctl resume J9`"),
            "{m}"
        );
        let m = at(&mut st, Step::CephPrepare);
        assert!(m.contains("ceph-volume goes on by itself"), "{m}");
        st.led_off_at_stop = true;
        let m = at(&mut st, Step::CephDrain);
        assert!(
            m.contains("osd.7 is out, its data draining")
                && m.contains("raidctl turned its LED off; resume lights it again"),
            "{m}"
        );
    }

    /// An OSD Ceph marked out and drained before the replacement (its devicehealth acting on
    /// a life expectancy): the plan says there is nothing to mark and no drain to wait for.
    #[test]
    fn a_drained_osd_plans_no_drain() {
        let mut st = state(Some(3));
        st.flow = Flow::NoRedundancy;
        let rec = |in_at_start, drained_at_start| super::super::ceph_steps::CephRecord {
            osd: 7,
            mode: crate::model::OsdMode::Raw,
            osd_fsid: None,
            device: None,
            db: None,
            wal: None,
            crush_weight: None,
            device_class: None,
            up_at_start: true,
            in_at_start,
            drained_at_start,
            drain_timeout_s: 60,
            reweight: false,
            new_fsid: None,
            report: None,
            cephadm: None,
        };
        st.ceph = Some(rec(false, true));
        let text = |lines: Vec<engine::PlanLine>| {
            lines
                .iter()
                .map(|l| l.text.clone())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let drain = text(super::super::ceph_drain::plan_drain(&st));
        assert!(
            drain.contains("no drain: osd.7 is out and drained already"),
            "{drain}"
        );
        st.ceph = Some(rec(true, false));
        let drain = text(super::super::ceph_drain::plan_drain(&st));
        assert!(
            drain.contains("wait until Ceph says osd.7 is safe"),
            "{drain}"
        );
    }

    fn group(row_empty: bool) -> DiskGroup {
        DiskGroup {
            adapter: 0,
            index: 1,
            spans: vec![Span {
                index: 0,
                array_ref: Some(1),
                rows: vec![
                    SpanRow {
                        row: 0,
                        drive: Some(DriveAddress::new(32, 2)),
                        firmware_state: None,
                    },
                    SpanRow {
                        row: 1,
                        drive: (!row_empty).then(|| DriveAddress::new(32, 4)),
                        firmware_state: None,
                    },
                ],
            }],
            logical_drives: vec![1],
            dedicated_hotspares: None,
        }
    }

    fn missing(array: u32, row: u32) -> MissingRow {
        MissingRow {
            adapter: 0,
            number: 0,
            array,
            row,
            size_expected_bytes: 1,
        }
    }

    fn walk(st: &ReplaceState) -> String {
        let mut v = vec![Step::LocateOn];
        while *v.last().unwrap() != Step::Done {
            v.push(engine::after(st, *v.last().unwrap()));
        }
        v.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ")
    }

    /// Each flow is one list; journals without a flow are MegaRAID's, without a list the
    /// flow's default one.
    #[test]
    fn step_sequences() {
        let ops = crate::backend::ops::NoOps;
        let mut st = state(Some(1));
        for (flow, want) in [
            (
                Flow::SameBay,
                "locate-on offline prepare-removal await-pull await-insert check-new rebuild-start watch-rebuild verify locate-off done",
            ),
            (
                Flow::MegaRaid,
                "locate-on offline mark-missing prepare-removal await-pull await-insert check-new replace-missing rebuild-start watch-rebuild locate-off done",
            ),
            (
                Flow::NoRedundancy,
                "locate-on offline prepare-removal await-pull discard-cache delete-vd await-insert check-new recreate qualify verify-vd locate-off done",
            ),
            (
                Flow::Jbod,
                "locate-on prepare-removal await-pull await-insert check-new recreate qualify verify-vd locate-off done",
            ),
        ] {
            st.flow = flow;
            st.steps = flow.steps(&ops);
            assert_eq!(walk(&st), want, "{flow:?}");
            st.steps.clear();
            assert_eq!(walk(&st), want, "{flow:?} from an old journal");
        }
        let mut v = serde_json::to_value(state(Some(1))).unwrap();
        v.as_object_mut().unwrap().remove("flow");
        let old: ReplaceState = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(old.flow, Flow::MegaRaid);
        // Journals from before the same-bay flow had its name.
        v["flow"] = "omsa".into();
        let old: ReplaceState = serde_json::from_value(v).unwrap();
        assert_eq!(old.flow, Flow::SameBay);
    }

    /// The flow follows what the backend can do: OMSA gets its own, a backend without
    /// offline gets none and a message naming those that can; OpenManage, which discards
    /// every VD's cache at once, deletes the dead VD first.
    #[test]
    fn flow_from_the_backend() {
        use crate::backend::omreport::Omreport;
        use crate::backend::runner::OsRunner;
        let om = Omreport::new(
            "/opt/dell/srvadmin/bin/omreport".into(),
            "/opt/dell/srvadmin/bin/omconfig".into(),
            std::sync::Arc::new(OsRunner::scratch()),
            std::time::Duration::from_secs(1),
        );
        let d = DriveAddress::new(1, 4);
        assert_eq!(Flow::for_backend(&om, 0, d), Ok(Flow::SameBay));
        let steps = Flow::NoRedundancy.steps(&om);
        let pos = |s| steps.iter().position(|x| *x == s).unwrap();
        assert!(pos(Step::DeleteVd) < pos(Step::DiscardCache));
        let e = Flow::for_backend(&crate::backend::ops::NoOps, 0, d).unwrap_err();
        assert!(
            e.starts_with("the none backend cannot Offline, RebuildStart:")
                && e.contains("--backend megacli, storcli, perccli or omreport"),
            "{e}"
        );
    }

    /// Guard missing-row-mismatch: Array/Row come from -PdGetMissing and must match an empty
    /// row of the drive's VD in -CfgDsply; anything else stops instead of guessing.
    #[test]
    fn missing_row_must_match_the_configuration() {
        use super::super::steps::pick_row;
        let mut snap = Snapshot {
            disk_groups: vec![group(true)],
            ..Snapshot::default()
        };
        let st = state(Some(1));
        assert_eq!(pick_row(&snap, &st, &[missing(1, 1)]), Ok(missing(1, 1)));
        // -CfgDsply shows a drive in that row: no guess.
        snap.disk_groups = vec![group(false)];
        let e = pick_row(&snap, &st, &[missing(1, 1)]).unwrap_err();
        assert!(
            e.starts_with("[missing-row-mismatch]") && e.contains("refusing to guess"),
            "{e}"
        );
        // Two candidate rows, or none.
        snap.disk_groups = vec![group(true)];
        let e = pick_row(&snap, &st, &[missing(1, 1), missing(1, 0)]).unwrap_err();
        assert!(e.contains("several missing rows"), "{e}");
        let e = pick_row(&snap, &st, &[]).unwrap_err();
        assert!(e.contains("no missing row"), "{e}");
        // A row that was known and is gone.
        let mut known = state(Some(1));
        known.missing = Some(missing(1, 1));
        let e = pick_row(&snap, &known, &[missing(1, 0)]).unwrap_err();
        assert!(e.contains("is gone"), "{e}");
    }

    /// Guard ceph-shared-db: an OSD whose DB device other OSDs share is not recreated as one
    /// OSD's; an OSD whose cluster did not answer is not touched either.
    #[test]
    fn a_shared_db_device_is_refused() {
        use crate::ceph::{ClusterView, HostOsd, OsdDevice, OsdJoin, Role};
        let dev = |role, path: &str, shared| OsdDevice {
            role,
            path: path.into(),
            disk: None,
            hctl: None,
            location: None,
            by_path: None,
            wwn: None,
            pci: None,
            ceph_device_id: None,
            shared,
            verified: None,
            also_disks: Vec::new(),
            also: Vec::new(),
        };
        let mut osd = HostOsd {
            id: 7,
            osd_fsid: None,
            cluster_fsid: None,
            mode: crate::model::OsdMode::Raw,
            objectstore: Some("bluestore".into()),
            devices: vec![
                dev(Role::Block, "/dev/sdc", false),
                dev(Role::Db, "/dev/sdz1", true),
            ],
            up: Some(false),
            is_in: Some(true),
            destroyed: Some(false),
            crush_weight: Some(7.27),
            reweight: Some(1.0),
            device_class: Some("hdd".into()),
            hostname: None,
            size_bytes: None,
            sources: Vec::new(),
            deployment: None,
        };
        let mut prompt = super::super::ScriptedPrompter {
            answers: std::collections::VecDeque::new(),
            asked: Vec::new(),
        };
        let mut out = Vec::new();
        let mut env = Env {
            ops: &crate::backend::ops::NoOps,
            state_dir: std::env::temp_dir(),
            prompt: &mut prompt,
            opts: super::super::WfOptions::default(),
            world: Box::new(crate::workflow::RealWorld),
            out: &mut out,
            host: None,
            ceph: Some(crate::ceph::Ceph::new(crate::ceph::CephOptions::default())),
            osds: OsdJoin {
                osds: Vec::new(),
                cluster: ClusterView::Answered,
                notes: Vec::new(),
            },
        };
        let e = ceph_record(&env, &osd).unwrap_err();
        assert!(
            e.starts_with("[ceph-shared-db]") && e.contains("/dev/sdz1"),
            "{e}"
        );
        osd.devices[1].shared = false;
        let r = ceph_record(&env, &osd).unwrap();
        assert_eq!((r.osd, r.db.as_deref()), (7, Some("/dev/sdz1")));
        env.osds.cluster = ClusterView::Unreachable {
            reason: "timed out".into(),
        };
        let e = ceph_record(&env, &osd).unwrap_err();
        assert!(e.starts_with("[ceph-unreachable]"), "{e}");
        // An OSD over two VDs is refused, naming both, by drive and by --osd alike.
        assert_eq!(spans_several(&osd), None);
        let vd = |target| crate::ceph::Location::Vd {
            adapter: 0,
            target,
            members: Vec::new(),
        };
        osd.devices[0].location = Some(vd(2));
        osd.devices[0].also = vec![vd(3)];
        let e = spans_several(&osd).unwrap();
        assert!(
            e.starts_with("[ceph-multi-vd] osd.7 spans 2 (VD 2 of adapter 0, VD 3 of adapter 0)"),
            "{e}"
        );
        env.osds.osds = vec![osd];
        let e = bay_of_osd(&env, 7).unwrap_err().to_string();
        assert!(e.contains("[ceph-multi-vd]"), "{e}");
    }

    /// The bay's state in a stop message follows the step the workflow stopped at.
    #[test]
    fn bay_state_follows_the_step() {
        let mut st = state(Some(1));
        st.next = Step::LocateOn;
        assert!(engine::bay_state(&st).contains("not blinking"));
        st.next = Step::AwaitInsert;
        let s = engine::bay_state(&st);
        assert!(
            s.contains("still blinking") && s.contains("has been pulled"),
            "{s}"
        );
        st.next = Step::Done;
        assert!(engine::bay_state(&st).contains("not blinking"));
    }
}
