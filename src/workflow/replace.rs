//! `raidctl replace-drive`: identify, pre-check, locate and confirm, offline, mark missing,
//! prepare for removal, wait for the swap, check the new drive, replace the missing row,
//! rebuild, verify. Every step checks the live state before acting, so a resumed workflow
//! skips what already happened and never repeats a destructive step blindly.
//!
//! Two step sequences share the journal, the guards and the resume logic ([`Flow`]):
//! MegaRAID's (MegaCli, storcli/perccli) with the missing-row steps, and the same-bay one for
//! controllers without missing rows, OpenManage's and 8.x firmware that cannot mark a drive
//! missing (offline, prepare for removal where possible, swap, then the controller's
//! automatic rebuild or a rebuild started by raidctl; see `replace_omsa.rs`).

use super::journal::{self, Journal};
use super::{AdapterLock, Env, Outcome, WfError, run_op};
use crate::backend::ops::Op;
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, FirmwareState, MissingRow, PdType, PhysicalDrive, human};
use serde::{Deserialize, Serialize};

/// The steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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
    /// Check that every VD is optimal (OpenManage sequence).
    Verify,
    /// Stop blinking.
    LocateOff,
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
            Step::AwaitInsert => "await-insert",
            Step::CheckNew => "check-new",
            Step::ReplaceMissing => "replace-missing",
            Step::RebuildStart => "rebuild-start",
            Step::WatchRebuild => "watch-rebuild",
            Step::Verify => "verify",
            Step::LocateOff => "locate-off",
            Step::Done => "done",
        }
    }

    /// The step after this one in `flow`'s sequence.
    pub fn after(self, flow: Flow) -> Step {
        if flow == Flow::SameBay {
            return match self {
                Step::LocateOn => Step::Offline,
                Step::Offline | Step::MarkMissing => Step::PrepareRemoval,
                Step::PrepareRemoval => Step::AwaitPull,
                Step::AwaitPull => Step::AwaitInsert,
                Step::AwaitInsert => Step::CheckNew,
                Step::CheckNew | Step::ReplaceMissing => Step::RebuildStart,
                Step::RebuildStart => Step::WatchRebuild,
                Step::WatchRebuild => Step::Verify,
                Step::Verify => Step::LocateOff,
                Step::LocateOff | Step::Done => Step::Done,
            };
        }
        match self {
            Step::LocateOn => Step::Offline,
            Step::Offline => Step::MarkMissing,
            Step::MarkMissing => Step::PrepareRemoval,
            Step::PrepareRemoval => Step::AwaitPull,
            Step::AwaitPull => Step::AwaitInsert,
            Step::AwaitInsert => Step::CheckNew,
            Step::CheckNew => Step::ReplaceMissing,
            Step::ReplaceMissing => Step::RebuildStart,
            Step::RebuildStart => Step::WatchRebuild,
            Step::WatchRebuild | Step::Verify => Step::LocateOff,
            Step::LocateOff | Step::Done => Step::Done,
        }
    }
}

/// Which step sequence a replacement runs, chosen from what the backend can do.
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
}

impl Flow {
    /// The sequence `ops` can run, or why none can.
    ///
    /// # Errors
    /// The operations the backend lacks, in a message naming the backends that have them.
    pub fn for_backend(
        ops: &dyn crate::backend::ops::Operations,
        adapter: u32,
        drive: DriveAddress,
    ) -> Result<Flow, String> {
        let (a, d) = (adapter, drive);
        let missing = |needed: &[Op]| -> Vec<String> {
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
        };
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
        let lacks = missing(&common);
        if !lacks.is_empty() {
            return Err(format!(
                "the {} backend cannot {}: run the replacement with --backend megacli, storcli, perccli or omreport",
                ops.name(),
                lacks.join(", ")
            ));
        }
        // Without missing rows the replacement goes into the same bay; prepare-for-removal
        // and a dedicated spare are used where the backend has them (see replace_omsa).
        Ok(if missing(&rows).is_empty() {
            Flow::MegaRaid
        } else {
            Flow::SameBay
        })
    }
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
    /// The step sequence (journals written before OpenManage could replace drives have none:
    /// MegaRAID's).
    #[serde(default)]
    pub flow: Flow,
    /// Media of the drive being replaced (the replacement must match).
    #[serde(default)]
    pub media_type: Option<crate::model::MediaType>,
    /// Rebuilds raidctl started onto the new drive (OpenManage sequence; bounded).
    #[serde(default)]
    pub rebuild_starts: u32,
}

pub use super::guards::{Check, Level};

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
use super::swap::{await_insert, await_pull, check_new, watch};

pub(super) fn state_json(st: &ReplaceState) -> Option<serde_json::Value> {
    serde_json::to_value(st).ok()
}

fn stop(
    _env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    msg: String,
) -> Result<Outcome, WfError> {
    // The CLI prints the outcome once (`raidctl: stopped: ...`); no narration line repeats it.
    let _ = journal.write("finish", "stopped", None, &msg, state_json(st));
    Ok(Outcome::Stopped(format!(
        "{msg}\nJournal: {} (continue with `raidctl resume {}` once resolved)",
        journal.path().display(),
        journal.id
    )))
}

/// Runs the whole workflow for `target` (E:S or serial).
///
/// # Errors
/// Backend, journal or usage errors before or outside the journaled steps.
pub fn run(env: &mut Env<'_>, target: &str, adapter: Option<u32>) -> Result<Outcome, WfError> {
    let snap = env.ops.snapshot()?;
    let pd = resolve(&snap, target, adapter)?.clone();
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    env.say(&format!(
        "Drive {} on adapter {}: {} {} serial {} ({}), {}, device id {}{}",
        pd.address(),
        pd.adapter,
        pd.vendor.as_deref().unwrap_or(""),
        pd.model.as_deref().unwrap_or("?"),
        pd.serial.as_deref().unwrap_or("?"),
        pd.raw_size_bytes.map_or_else(|| "?".into(), human),
        pd.firmware_state_raw
            .as_deref()
            .unwrap_or(pd.firmware_state.as_str()),
        pd.device_id.map_or_else(|| "?".into(), |d| d.to_string()),
        ld.map_or_else(String::new, |l| format!(
            ", member of VD {} ({}, {})",
            l.target_id, l.raid_level, l.state
        )),
    ));
    let flow = match Flow::for_backend(env.ops, pd.adapter, pd.address()) {
        Ok(f) => f,
        Err(msg) => return Ok(Outcome::Stopped(msg)),
    };
    let reads = Reads::of(env.ops, pd.adapter);
    let checks = prechecks(&snap, &pd, &reads, env.opts.accept_no_redundancy);
    env.say("Pre-checks:");
    for c in &checks {
        let tag = match c.level {
            Level::Info => "  ok  ",
            Level::Warn => "  WARN",
            Level::Refuse => "  STOP",
        };
        env.say(&format!("{tag} {}", c.text));
    }
    if let Some(c) = checks.iter().find(|c| c.level == Level::Refuse) {
        return Ok(Outcome::Stopped(format!("refused: {}", c.text)));
    }
    let mut st = ReplaceState {
        adapter: pd.adapter,
        drive: pd.address(),
        serial: pd.serial.clone(),
        pd_type: pd.pd_type.clone(),
        ld: pd.logical_drive,
        others: snap
            .physical_drives
            .iter()
            .filter(|d| d.adapter == pd.adapter && d.address() != pd.address())
            .filter_map(|d| d.serial.clone().map(|s| (d.address(), s)))
            .collect(),
        missing: None,
        new_serial: None,
        rebuilding: None,
        flow,
        rebuild_starts: 0,
        media_type: Some(pd.media_type.clone()).filter(|m| !m.is_unknown()),
        coerced_size: match flow {
            // OMSA reports no coerced size; the replacement must hold what the old drive held.
            Flow::SameBay => pd.coerced_size_bytes.or(pd.raw_size_bytes),
            Flow::MegaRaid => pd.coerced_size_bytes,
        },
        down_at_start: ld
            .map(|l| {
                super::prechecks::vd_spans(&snap, l)
                    .into_iter()
                    .flatten()
                    .filter(|(a, s)| *a != Some(pd.address()) && *s != Some(FirmwareState::Online))
                    .filter_map(|(a, _)| a)
                    .collect()
            })
            .unwrap_or_default(),
        next: Step::LocateOn,
    };
    print_plan(env, &st, &pd);
    if env.opts.dry_run {
        return Ok(Outcome::Completed("dry run: nothing was changed".into()));
    }
    let _lock = AdapterLock::acquire(&env.state_dir, st.adapter, "replace-drive")?;
    let mut journal = Journal::create(
        &env.state_dir,
        "replace-drive",
        &format!("a{}-{}", st.adapter, st.drive.megacli_arg()),
    )
    .map_err(|e| WfError::Io(format!("cannot create journal: {e}")))?;
    journal
        .write(
            "start",
            "started",
            None,
            &format!("replace-drive {target}"),
            state_json(&st),
        )
        .map_err(|e| WfError::Io(e.to_string()))?;
    env.say(&format!("Journal: {}", journal.path().display()));

    // Locate and confirm before anything changes.
    let locate = Op::LocateStart {
        adapter: st.adapter,
        drive: st.drive,
    };
    if let Err(e) = run_op(
        env,
        &mut journal,
        Step::LocateOn.name(),
        &locate,
        state_json(&st),
    ) {
        if matches!(
            e,
            WfError::Backend(crate::backend::megacli::BackendError::Run(_))
        ) {
            return stop(
                env,
                &mut journal,
                &st,
                format!("the locate command did not complete ({e}); nothing was changed"),
            );
        }
        env.say(&format!(
            "  (locate LED not available: {e}; identify the bay by its label)"
        ));
    }
    if let Err(msg) = confirm_serial(env, &st, &journal.id) {
        return stop(env, &mut journal, &st, msg);
    }
    st.next = Step::Offline;
    continue_from(env, &mut journal, st)
}

fn print_plan(env: &mut Env<'_>, st: &ReplaceState, pd: &PhysicalDrive) {
    if st.flow == Flow::SameBay {
        return super::replace_omsa::print_plan(env, st, pd);
    }
    let (a, d) = (st.adapter, st.drive);
    let mut plan: Vec<(String, Option<Op>)> = vec![(
        "blink the bay".into(),
        Some(Op::LocateStart {
            adapter: a,
            drive: d,
        }),
    )];
    plan.push(("confirm the serial on the label".into(), None));
    if pd.firmware_state == FirmwareState::Online {
        plan.push((
            "take it offline".into(),
            Some(Op::Offline {
                adapter: a,
                drive: d,
            }),
        ));
    }
    if pd.firmware_state.is_member()
        || matches!(
            pd.firmware_state,
            FirmwareState::Offline | FirmwareState::Failed
        )
    {
        plan.push((
            "mark its row missing".into(),
            Some(Op::MarkMissing {
                adapter: a,
                drive: d,
            }),
        ));
    }
    plan.push((
        "spin it down".into(),
        Some(Op::PrepareRemoval {
            adapter: a,
            drive: d,
        }),
    ));
    plan.push((
        "wait for the pull, then for the new drive; check it".into(),
        None,
    ));
    plan.push((
        "put it into the missing row (Array/Row from -PdGetMissing)".into(),
        Some(Op::ReplaceMissing {
            adapter: a,
            drive: d,
            array: 0,
            row: 0,
        }),
    ));
    plan.push((
        "start and watch the rebuild until the VD is optimal".into(),
        Some(Op::RebuildStart {
            adapter: a,
            drive: d,
        }),
    ));
    plan.push((
        "stop blinking".into(),
        Some(Op::LocateStop {
            adapter: a,
            drive: d,
        }),
    ));
    env.say("Plan:");
    for (i, (text, op)) in plan.iter().enumerate() {
        match op {
            Some(Op::ReplaceMissing { .. }) => env.say(&format!(
                "  {}. {text}\n       {}",
                i + 1,
                env.ops
                    .command_line(op.as_ref().unwrap_or(&Op::LocateStop {
                        adapter: a,
                        drive: d
                    }))
                    .replace("-Array0 -row0", "-Array<A> -row<R>")
            )),
            Some(op) => {
                let cmd = env.ops.command_line(op);
                env.say(&format!("  {}. {text}\n       {cmd}", i + 1));
            }
            None => env.say(&format!("  {}. {text}", i + 1)),
        }
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
            Some(s) => Err(format!(
                "[serial-confirm] --serial {s} does not match the drive's serial {want}; {blinking}"
            )),
            None => Err(format!(
                "[serial-confirm] unattended runs need --serial {want} to confirm the drive; {blinking}"
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

/// Continues a replacement from `st.next` (after start, or on resume).
///
/// # Errors
/// Backend or journal errors outside the guarded steps.
pub fn continue_from(
    env: &mut Env<'_>,
    journal: &mut Journal,
    mut st: ReplaceState,
) -> Result<Outcome, WfError> {
    loop {
        let step = st.next;
        if step == Step::Done {
            let msg = format!(
                "replaced {} on adapter {}: {} → {}; VD {} is optimal",
                st.drive,
                st.adapter,
                st.serial.as_deref().unwrap_or("?"),
                st.new_serial.as_deref().unwrap_or("?"),
                st.ld.map_or_else(|| "?".into(), |l| l.to_string())
            );
            let _ = journal.write("finish", "completed", None, &msg, state_json(&st));
            // The result goes to standard output once (the CLI prints it), not also here.
            return Ok(Outcome::Completed(msg));
        }
        env.say(&format!("[{}]", step.name()));
        let result = match step_run(env, journal, &mut st, step) {
            Ok(StepResult::Next) => {
                st.next = step.after(st.flow);
                Ok(())
            }
            Ok(StepResult::Goto(s)) => {
                st.next = s;
                Ok(())
            }
            Ok(StepResult::Stop(msg)) => return stop(env, journal, &st, msg),
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => {
                journal
                    .write(step.name(), "verified", None, "", state_json(&st))
                    .map_err(|e| WfError::Io(e.to_string()))?;
            }
            Err(WfError::Backend(e)) => {
                let msg = format!(
                    "step {} failed: {e}. raidctl made no further change; check `raidctl status` and the bay before resuming",
                    step.name()
                );
                return stop(env, journal, &st, msg);
            }
            Err(e) => return Err(e),
        }
    }
}

/// What a step decided.
pub(super) enum StepResult {
    /// Go on with the next step of the sequence.
    Next,
    /// Jump to this step.
    Goto(Step),
    /// Stop safely with this message.
    Stop(String),
}

pub(super) fn fresh(env: &Env<'_>) -> Result<Snapshot, WfError> {
    Ok(env.ops.snapshot()?)
}

fn is_row_member(pd: &PhysicalDrive) -> bool {
    pd.logical_drive.is_some()
}

fn step_run(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    step: Step,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    if st.flow == Flow::SameBay {
        match step {
            Step::RebuildStart => return super::replace_omsa::rebuild_start(env, journal, st),
            Step::Verify => return super::replace_omsa::verify(env, st),
            _ => {}
        }
    }
    match step {
        Step::LocateOn => {
            let _ = run_op(
                env,
                journal,
                step.name(),
                &Op::LocateStart {
                    adapter: a,
                    drive: d,
                },
                state_json(st),
            );
            Ok(StepResult::Next)
        }
        Step::Offline => {
            let snap = fresh(env)?;
            let Some(pd) = snap.drive(a, d).filter(|p| p.serial == st.serial) else {
                return Ok(StepResult::Stop(format!(
                    "{d} no longer holds serial {}; stopping before any change",
                    st.serial.as_deref().unwrap_or("?")
                )));
            };
            if pd.firmware_state != FirmwareState::Online {
                env.say(&format!(
                    "  {d} is already {}: no offline needed",
                    pd.firmware_state
                ));
                return Ok(StepResult::Next);
            }
            run_op(
                env,
                journal,
                step.name(),
                &Op::Offline {
                    adapter: a,
                    drive: d,
                },
                state_json(st),
            )?;
            let snap = fresh(env)?;
            match snap.drive(a, d) {
                Some(p) if p.firmware_state == FirmwareState::Online => Ok(StepResult::Stop(
                    format!("{d} is still Online after the offline command"),
                )),
                Some(p) if p.firmware_state == FirmwareState::Rebuild => Ok(StepResult::Stop(
                    format!("{d} went straight back to Rebuild"),
                )),
                _ => {
                    if let Some(spare) = snap.physical_drives.iter().find(|p| {
                        p.adapter == a
                            && p.address() != d
                            && p.firmware_state == FirmwareState::Rebuild
                    }) {
                        env.say(&format!(
                            "  hot spare {} took over and is rebuilding",
                            spare.address()
                        ));
                        st.rebuilding = Some(spare.address());
                    }
                    Ok(StepResult::Next)
                }
            }
        }
        Step::MarkMissing => {
            let snap = fresh(env)?;
            let pd = snap.drive(a, d).filter(|p| p.serial == st.serial);
            if let Some(pd) = pd.filter(|p| {
                is_row_member(p)
                    && matches!(
                        p.firmware_state,
                        FirmwareState::Offline | FirmwareState::Failed
                    )
            }) {
                let _ = pd;
                run_op(
                    env,
                    journal,
                    step.name(),
                    &Op::MarkMissing {
                        adapter: a,
                        drive: d,
                    },
                    state_json(st),
                )?;
            } else if st.rebuilding.is_none() {
                env.say("  no member row to mark: the drive is no longer part of its array");
            }
            let rows = env.ops.missing(a)?;
            if st.rebuilding.is_some() && rows.is_empty() {
                return Ok(StepResult::Next);
            }
            match pick_row(&snap_or(env)?, st, &rows) {
                Ok(row) => {
                    env.say(&format!(
                        "  missing row: array {} row {}, expects at least {}",
                        row.array,
                        row.row,
                        human(row.size_expected_bytes)
                    ));
                    st.missing = Some(row);
                    Ok(StepResult::Next)
                }
                Err(msg) => Ok(StepResult::Stop(msg)),
            }
        }
        Step::PrepareRemoval => {
            let op = Op::PrepareRemoval {
                adapter: a,
                drive: d,
            };
            if !env.ops.supports(&op) {
                env.say(&format!(
                    "  this controller cannot spin {d} down (no prepare-for-removal): unlatch it, wait a few seconds for it to stop, then pull it"
                ));
                return Ok(StepResult::Next);
            }
            let snap = fresh(env)?;
            if snap.drive(a, d).is_some_and(|p| p.serial == st.serial) {
                if let Err(e) = run_op(env, journal, step.name(), &op, state_json(st)) {
                    if matches!(
                        e,
                        WfError::Backend(crate::backend::megacli::BackendError::Run(_))
                    ) {
                        return Err(e);
                    }
                    env.say(&format!("  spin-down refused ({e}); the drive may still be spinning: wait a few seconds after unlatching it"));
                }
            }
            Ok(StepResult::Next)
        }
        Step::AwaitPull => await_pull(env, st),
        Step::AwaitInsert => await_insert(env, st),
        Step::CheckNew => check_new(env, journal, st),
        Step::ReplaceMissing => {
            let snap = fresh(env)?;
            let Some(new) = snap.drive(a, d) else {
                return Ok(StepResult::Stop(format!("the new drive left {d}")));
            };
            if is_row_member(new)
                || matches!(
                    new.firmware_state,
                    FirmwareState::Rebuild | FirmwareState::Offline
                )
            {
                return Ok(StepResult::Next);
            }
            let rows = env.ops.missing(a)?;
            let row = match pick_row(&snap, st, &rows) {
                Ok(r) => r,
                Err(msg) => return Ok(StepResult::Stop(msg)),
            };
            if new.raw_size_bytes.unwrap_or(0) < row.size_expected_bytes {
                return Ok(StepResult::Stop(format!(
                    "the new drive ({}) is smaller than the row expects ({})",
                    human(new.raw_size_bytes.unwrap_or(0)),
                    human(row.size_expected_bytes)
                )));
            }
            st.missing = Some(row.clone());
            run_op(
                env,
                journal,
                step.name(),
                &Op::ReplaceMissing {
                    adapter: a,
                    drive: d,
                    array: row.array,
                    row: row.row,
                },
                state_json(st),
            )?;
            let snap = fresh(env)?;
            match snap.drive(a, d) {
                Some(p)
                    if matches!(
                        p.firmware_state,
                        FirmwareState::Offline | FirmwareState::Rebuild | FirmwareState::Online
                    ) =>
                {
                    Ok(StepResult::Next)
                }
                Some(p) => Ok(StepResult::Stop(format!(
                    "after replace-missing {d} is {} instead of an offline member",
                    p.firmware_state
                ))),
                None => Ok(StepResult::Stop(format!(
                    "{d} disappeared after replace-missing"
                ))),
            }
        }
        Step::RebuildStart => {
            let snap = fresh(env)?;
            let target = st.rebuilding.unwrap_or(d);
            match snap.drive(a, target).map(|p| p.firmware_state.clone()) {
                Some(FirmwareState::Offline) => {
                    run_op(
                        env,
                        journal,
                        step.name(),
                        &Op::RebuildStart {
                            adapter: a,
                            drive: target,
                        },
                        state_json(st),
                    )?;
                    let snap = fresh(env)?;
                    match snap.drive(a, target).map(|p| p.firmware_state.clone()) {
                        Some(FirmwareState::Rebuild | FirmwareState::Online) => {
                            Ok(StepResult::Next)
                        }
                        other => Ok(StepResult::Stop(format!(
                            "{target} is {} after starting the rebuild",
                            other.map_or_else(|| "gone".into(), |s| s.to_string())
                        ))),
                    }
                }
                Some(FirmwareState::Rebuild | FirmwareState::Online) => Ok(StepResult::Next),
                other => Ok(StepResult::Stop(format!(
                    "cannot rebuild {target}: it is {}",
                    other.map_or_else(|| "gone".into(), |s| s.to_string())
                ))),
            }
        }
        Step::WatchRebuild => watch(env, st),
        Step::Verify => super::replace_omsa::verify(env, st),
        Step::LocateOff => {
            if let Err(e) = run_op(
                env,
                journal,
                step.name(),
                &Op::LocateStop {
                    adapter: a,
                    drive: d,
                },
                state_json(st),
            ) {
                env.say(&format!("  could not stop the locate LED: {e}"));
            }
            Ok(StepResult::Next)
        }
        Step::Done => Ok(StepResult::Next),
    }
}

fn snap_or(env: &Env<'_>) -> Result<Snapshot, WfError> {
    fresh(env)
}

/// Picks the missing row for this replacement from `-PdGetMissing`, cross-checked with the
/// configuration: the row must be an empty row of the array the drive was in.
fn pick_row(snap: &Snapshot, st: &ReplaceState, rows: &[MissingRow]) -> Result<MissingRow, String> {
    let rows: Vec<&MissingRow> = rows.iter().filter(|r| r.adapter == st.adapter).collect();
    if let Some(known) = &st.missing {
        if let Some(r) = rows
            .iter()
            .find(|r| r.array == known.array && r.row == known.row)
        {
            return Ok((*r).clone());
        }
        return Err(format!(
            "[missing-row-mismatch] the missing row (array {} row {}) is gone: something else filled it",
            known.array, known.row
        ));
    }
    let in_config = |r: &MissingRow| {
        snap.disk_groups
            .iter()
            .filter(|g| g.adapter == st.adapter)
            .any(|g| {
                g.spans.iter().any(|s| {
                    s.array_ref.unwrap_or(s.index) == r.array
                        && s.rows.iter().any(|x| x.row == r.row && x.drive.is_none())
                })
            })
    };
    let ours: Vec<&&MissingRow> = rows
        .iter()
        .filter(|r| {
            let g = snap.disk_groups.iter().find(|g| {
                g.adapter == st.adapter
                    && g.spans
                        .iter()
                        .any(|s| s.array_ref.unwrap_or(s.index) == r.array)
            });
            g.is_none_or(|g| st.ld.is_none_or(|ld| g.logical_drives.contains(&ld)))
        })
        .collect();
    match ours.as_slice() {
        [one] if in_config(one) => Ok((**one).clone()),
        [one] => Err(format!("[missing-row-mismatch] -PdGetMissing reports array {} row {}, but -CfgDsply shows no empty row there; refusing to guess", one.array, one.row)),
        [] => Err("[missing-row-mismatch] no missing row found for this drive's VD (`raidctl status` shows the state)".into()),
        _ => Err("[missing-row-mismatch] several missing rows match this VD; replace them one at a time with the controller's own tools".into()),
    }
}

/// Resumes a journaled replacement: re-reads the live state and continues from the step after
/// the last verified one. Steps check the live state before acting, so a step whose outcome is
/// already visible is not run again.
///
/// # Errors
/// Journal or backend errors.
pub fn resume(env: &mut Env<'_>, id: &str) -> Result<Outcome, WfError> {
    let path = journal::dir(&env.state_dir).join(format!("{id}.jsonl"));
    let records =
        journal::read(&path).map_err(|e| WfError::Usage(format!("no journal {id}: {e}")))?;
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
    // The last verified step is done; a step only `planned` (crash mid-command) is re-run,
    // and re-checks the live state first.
    if let Some(last) = records.iter().rev().find(|r| r.phase == "verified") {
        if let Ok(step) =
            serde_json::from_value::<Step>(serde_json::Value::String(last.step.clone()))
        {
            // A step that sent the workflow back (the watch finding a stopped rebuild)
            // recorded where to go; only a forward move is completed here.
            let went_back = last
                .state
                .as_ref()
                .and_then(|v| v.get("next").cloned())
                .and_then(|n| serde_json::from_value::<Step>(n).ok())
                .is_some_and(|n| n <= step);
            if st.next <= step && !went_back {
                st.next = step.after(st.flow);
            }
        }
    }
    if st.next <= Step::Offline {
        // Crashed before the confirmation was recorded: start again from the top.
        st.next = Step::LocateOn;
    }
    // The steps are the flow's: a journal of one backend family resumes only on it.
    match Flow::for_backend(env.ops, st.adapter, st.drive) {
        Ok(f) if f == st.flow => {}
        _ => {
            let want = match st.flow {
                Flow::SameBay => {
                    "--backend omreport, or the storcli2/perccli2 backend of a controller without missing rows"
                }
                Flow::MegaRaid => "--backend megacli, storcli or perccli",
            };
            return Err(WfError::Usage(format!(
                "journal {id} is a replacement through {} steps; resume it with {want} (the {} backend runs other steps)",
                match st.flow {
                    Flow::SameBay => "same-bay (no missing rows)",
                    Flow::MegaRaid => "missing-row (MegaCli/storcli)",
                },
                env.ops.name()
            )));
        }
    }
    let _lock = AdapterLock::acquire(&env.state_dir, st.adapter, "replace-drive (resume)")?;
    let mut journal =
        Journal::open(&env.state_dir, id).map_err(|e| WfError::Io(format!("journal {id}: {e}")))?;
    journal
        .write(
            "resume",
            "started",
            None,
            &format!("resuming at {}", st.next.name()),
            serde_json::to_value(&st).ok(),
        )
        .map_err(|e| WfError::Io(e.to_string()))?;
    env.say(&format!("Resuming {id} at step {}", st.next.name()));
    if st.next == Step::LocateOn {
        let snap = fresh(env)?;
        if snap
            .drive(st.adapter, st.drive)
            .is_none_or(|p| p.serial != st.serial)
        {
            return stop(
                env,
                &mut journal,
                &st,
                format!(
                    "{} no longer holds serial {}",
                    st.drive,
                    st.serial.as_deref().unwrap_or("?")
                ),
            );
        }
        let _ = run_op(
            env,
            &mut journal,
            Step::LocateOn.name(),
            &Op::LocateStart {
                adapter: st.adapter,
                drive: st.drive,
            },
            serde_json::to_value(&st).ok(),
        );
        if let Err(msg) = confirm_serial(env, &st, &journal.id) {
            return stop(env, &mut journal, &st, msg);
        }
        st.next = Step::Offline;
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
            media_type: None,
            rebuild_starts: 0,
        }
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

    /// OpenManage's sequence has no missing-row steps and ends with a check of every VD; a
    /// journal without a flow is MegaRAID's.
    #[test]
    fn step_sequences() {
        let walk = |flow: Flow| {
            let mut v = vec![Step::LocateOn];
            while *v.last().unwrap() != Step::Done {
                v.push(v.last().unwrap().after(flow));
            }
            v.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(
            walk(Flow::SameBay),
            "locate-on offline prepare-removal await-pull await-insert check-new rebuild-start watch-rebuild verify locate-off done"
        );
        assert_eq!(
            walk(Flow::MegaRaid),
            "locate-on offline mark-missing prepare-removal await-pull await-insert check-new replace-missing rebuild-start watch-rebuild locate-off done"
        );
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
    /// offline gets none and a message naming those that can.
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
        #[derive(Debug)]
        struct ReadOnly;
        impl crate::backend::ops::Operations for ReadOnly {
            fn name(&self) -> &str {
                "readonly"
            }
            fn snapshot(&self) -> Result<Snapshot, crate::backend::megacli::BackendError> {
                Ok(Snapshot::default())
            }
            fn progress(
                &self,
                _: u32,
                _: DriveAddress,
            ) -> Result<Option<crate::model::Progress>, crate::backend::megacli::BackendError>
            {
                Ok(None)
            }
            fn foreign(
                &self,
                _: u32,
            ) -> Result<Vec<crate::model::ForeignConfig>, crate::backend::megacli::BackendError>
            {
                Ok(Vec::new())
            }
            fn preserved_cache(
                &self,
                _: u32,
            ) -> Result<Vec<u32>, crate::backend::megacli::BackendError> {
                Ok(Vec::new())
            }
            fn supports(&self, op: &Op) -> bool {
                matches!(op, Op::LocateStart { .. })
            }
            fn command_line(&self, _: &Op) -> String {
                String::new()
            }
            fn apply(
                &self,
                _: &Op,
            ) -> Result<crate::model::Document, crate::backend::megacli::BackendError> {
                Ok(crate::model::Document::new("action"))
            }
        }
        let e = Flow::for_backend(&ReadOnly, 0, d).unwrap_err();
        assert!(
            e.starts_with("the readonly backend cannot Offline, RebuildStart:")
                && e.contains("--backend megacli, storcli, perccli or omreport"),
            "{e}"
        );
    }

    /// Guard missing-row-mismatch: Array/Row come from -PdGetMissing and must match an empty
    /// row of the drive's VD in -CfgDsply; anything else stops instead of guessing.
    #[test]
    fn missing_row_must_match_the_configuration() {
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
}
