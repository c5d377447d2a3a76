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

use super::engine::{self, continue_from, fresh, state_json};
use super::guards::{self as g, Level};
use super::journal::{self, Journal};
use super::{AdapterLock, BlockDevice, Env, Outcome, QualRecord, WfError};
use crate::backend::ops::{NewVd, Op, Operations, PinnedCache};
use crate::backend::snapshot::Snapshot;
use crate::model::{
    DriveAddress, FirmwareState, MissingRow, PdType, PhysicalDrive, RaidLevel, VdPolicy,
};
use serde::{Deserialize, Serialize};

mod confirm;
mod start;
mod target;

use confirm::{locate_and_confirm, print_plan};
pub use target::resolve;

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
                Op::LdCreate(NewVd {
                    adapter: a,
                    level: RaidLevel::Raid0,
                    spans: vec![vec![d]],
                    write: crate::model::WritePolicy::WriteThrough,
                    read: crate::model::ReadPolicy::NoReadAhead,
                    io: Some(crate::model::IoPolicy::Direct),
                    strip_kib: None,
                }),
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
///
/// What every flow knows sits here; what only the redundant flows (`rebuild`) or only the
/// flows that recreate the drive's VD or JBOD (`recreate`) know sits in their parts. The
/// parts are flattened, so a journal's state is the same flat object it always was and
/// journals written before the split resume.
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
    /// Serial of the replacement once inserted.
    pub new_serial: Option<String>,
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
    /// Preserved cache when the workflow started.
    #[serde(default)]
    pub pinned_at_start: PinnedCache,
    /// Replacement serials that failed a check or qualification.
    #[serde(default)]
    pub rejected: Vec<String>,
    /// The foreign configuration the operator allowed to clear from the new drive.
    #[serde(default)]
    pub clear_foreign: Option<u32>,
    /// What the redundant flows (missing-row and same-bay) know of the rebuild.
    #[serde(flatten)]
    pub rebuild: RebuildState,
    /// What the no-redundancy and JBOD flows know of the VD or JBOD they recreate.
    #[serde(flatten)]
    pub recreate: RecreateState,
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

/// The redundant flows' part of [`ReplaceState`]: the VD rebuilds onto the new drive.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RebuildState {
    /// The missing row once known (`-PdGetMissing`).
    #[serde(default)]
    pub missing: Option<MissingRow>,
    /// The drive a hot spare or auto-rebuild is rebuilding instead, if any.
    #[serde(default)]
    pub rebuilding: Option<DriveAddress>,
    /// Other members of the VD that were already down when the workflow started (a later
    /// failure message must not blame them).
    #[serde(default)]
    pub down_at_start: Vec<DriveAddress>,
    /// Rebuilds raidctl started onto the new drive (same-bay flow; bounded).
    #[serde(default)]
    pub rebuild_starts: u32,
}

/// The no-redundancy and JBOD flows' part of [`ReplaceState`]: the drive's data goes with
/// it, so its VD (or JBOD) is recreated on the new drive and the new drive qualified.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RecreateState {
    /// The VD recreated by the no-redundancy flow, as it was.
    #[serde(default)]
    pub vd: Option<VdRecord>,
    /// Who gave up the data of a VD without redundancy (`--i-understand-data-loss 2`).
    #[serde(default)]
    pub data_loss_ack: Option<String>,
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
        let rc = &self.recreate;
        let qual = rc.qualification.as_ref().map_or_else(
            || {
                if rc.qualify_profile.is_none() {
                    "; not qualified (--qualify none)".to_owned()
                } else {
                    String::new()
                }
            },
            |q| format!("; qualification {} ({})", q.verdict, q.record),
        );
        let dev = rc.new_device.as_ref().map_or_else(String::new, |d| {
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
                rc.vd.as_ref().map_or(0, |v| v.target),
                rc.new_target.map_or_else(|| "?".into(), |t| t.to_string()),
                rc.vd
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

pub use super::prechecks::{Reads, prechecks};

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
        st.recreate.qualify_profile.clone_from(&env.opts.qualify);
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
mod tests;
