//! The controller steps the replacement flows share: blink, offline, mark missing, spin down,
//! replace the missing row, start the rebuild, stop blinking; each with its plan lines.
//! Every step reads the live state first, so a resumed step whose outcome is already visible
//! does nothing, and reads it again after acting to check the transition.

use super::engine::{PlanLine, StepResult, fresh, state_json};
use super::journal::Journal;
use super::replace::ReplaceState;
use super::{Env, WfError, run_op};
use crate::backend::megacli::BackendError;
use crate::backend::ops::Op;
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, FirmwareState, MissingRow, PhysicalDrive, fmt_size, fmt_sizes};

fn locate(st: &ReplaceState) -> Op {
    Op::LocateStart {
        adapter: st.adapter,
        drive: st.drive,
    }
}

pub(super) fn plan_locate_on(st: &ReplaceState) -> Vec<PlanLine> {
    vec![
        PlanLine::run("blink the bay", locate(st)),
        PlanLine::say("confirm the serial on the label"),
    ]
}

/// Blinks the bay. A refused locate is not dangerous (the serial confirmation identifies the
/// drive); a locate that did not complete stops before anything changes.
pub(super) fn locate_on(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    match run_op(env, journal, "locate-on", &locate(st), state_json(st)) {
        Ok(()) => Ok(StepResult::Next),
        Err(WfError::Backend(BackendError::Run(e))) => Ok(StepResult::Stop(format!(
            "the locate command did not complete ({e}); nothing was changed"
        ))),
        Err(WfError::Backend(e)) => {
            env.say(&format!(
                "  (locate LED not available: {e}; identify the bay by its label)"
            ));
            Ok(StepResult::Next)
        }
        Err(e) => Err(e),
    }
}

pub(super) fn plan_offline(st: &ReplaceState, pd: &PhysicalDrive) -> Vec<PlanLine> {
    if pd.firmware_state != FirmwareState::Online {
        return Vec::new();
    }
    let text = match &st.recreate.vd {
        Some(vd) if st.flow == super::replace::Flow::NoRedundancy => format!(
            "take it offline: VD {} ({}) goes offline with it and its data is lost ({})",
            vd.target,
            vd.level,
            st.recreate
                .data_loss_ack
                .as_deref()
                .unwrap_or("acknowledged")
        ),
        _ => "take it offline".to_owned(),
    };
    vec![PlanLine::run(
        text,
        Op::Offline {
            adapter: st.adapter,
            drive: st.drive,
        },
    )]
}

/// Takes the target offline when it is still online (a failed drive needs nothing).
pub(super) fn offline(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
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
        "offline",
        &Op::Offline {
            adapter: a,
            drive: d,
        },
        state_json(st),
    )?;
    let snap = fresh(env)?;
    match snap.drive(a, d) {
        Some(p) if p.firmware_state == FirmwareState::Online => Ok(StepResult::Stop(format!(
            "{d} is still Online after the offline command"
        ))),
        Some(p) if p.firmware_state == FirmwareState::Rebuild => Ok(StepResult::Stop(format!(
            "{d} went straight back to Rebuild"
        ))),
        _ => {
            if let Some(spare) = snap.physical_drives.iter().find(|p| {
                p.adapter == a && p.address() != d && p.firmware_state == FirmwareState::Rebuild
            }) {
                env.say(&format!(
                    "  hot spare {} took over and is rebuilding",
                    spare.address()
                ));
                st.rebuild.rebuilding = Some(spare.address());
            }
            Ok(StepResult::Next)
        }
    }
}

pub(super) fn plan_mark_missing(st: &ReplaceState, pd: &PhysicalDrive) -> Vec<PlanLine> {
    let member = pd.firmware_state.is_member()
        || matches!(
            pd.firmware_state,
            FirmwareState::Offline | FirmwareState::Failed
        );
    if !member {
        return Vec::new();
    }
    vec![PlanLine::run(
        "mark its row missing",
        Op::MarkMissing {
            adapter: st.adapter,
            drive: st.drive,
        },
    )]
}

/// Turns the offline member's row into a missing row and records which row it is.
pub(super) fn mark_missing(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    let member = snap.drive(a, d).filter(|p| {
        p.serial == st.serial
            && p.logical_drive.is_some()
            && matches!(
                p.firmware_state,
                FirmwareState::Offline | FirmwareState::Failed
            )
    });
    if member.is_some() {
        run_op(
            env,
            journal,
            "mark-missing",
            &Op::MarkMissing {
                adapter: a,
                drive: d,
            },
            state_json(st),
        )?;
    } else if st.rebuild.rebuilding.is_none() {
        env.say("  no member row to mark: the drive is no longer part of its array");
    }
    let rows = env.ops.missing(a)?;
    if st.rebuild.rebuilding.is_some() && rows.is_empty() {
        return Ok(StepResult::Next);
    }
    match pick_row(&fresh(env)?, st, &rows) {
        Ok(row) => {
            env.say(&format!(
                "  missing row: array {} row {}, expects at least {}",
                row.array,
                row.row,
                fmt_size(row.size_expected_bytes)
            ));
            st.rebuild.missing = Some(row);
            Ok(StepResult::Next)
        }
        Err(msg) => Ok(StepResult::Stop(msg)),
    }
}

pub(super) fn plan_prepare_removal(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    let op = Op::PrepareRemoval {
        adapter: st.adapter,
        drive: st.drive,
    };
    if env.ops.supports(&op) {
        vec![PlanLine::run("spin it down", op)]
    } else {
        vec![PlanLine::say(
            "unlatch it and wait a few seconds for it to stop (this controller cannot spin it down)",
        )]
    }
}

/// Spins the drive down for removal where the controller can; a refusal is reported, not
/// fatal (the drive is already out of its array).
pub(super) fn prepare_removal(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
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
        match run_op(env, journal, "prepare-removal", &op, state_json(st)) {
            Ok(()) => {}
            Err(e @ WfError::Backend(BackendError::Run(_))) => return Err(e),
            Err(WfError::Backend(e)) => env.say(&format!(
                "  spin-down refused ({e}); the drive may still be spinning: wait a few seconds after unlatching it"
            )),
            Err(e) => return Err(e),
        }
    }
    Ok(StepResult::Next)
}

pub(super) fn plan_replace_missing(st: &ReplaceState) -> Vec<PlanLine> {
    vec![PlanLine::run(
        "put it into the missing row (Array/Row from -PdGetMissing)",
        Op::ReplaceMissing {
            adapter: st.adapter,
            drive: st.drive,
            array: 0,
            row: 0,
        },
    )]
}

/// Puts the new drive into the missing row `-PdGetMissing` names (cross-checked with the
/// configuration).
pub(super) fn replace_missing(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    let Some(new) = snap.drive(a, d) else {
        return Ok(StepResult::Stop(format!("the new drive left {d}")));
    };
    if new.logical_drive.is_some()
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
        let (have, need) = fmt_sizes(new.raw_size_bytes.unwrap_or(0), row.size_expected_bytes);
        return Ok(StepResult::Stop(format!(
            "the new drive (raw size {have}) is smaller than the row expects ({need})"
        )));
    }
    st.rebuild.missing = Some(row.clone());
    run_op(
        env,
        journal,
        "replace-missing",
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

pub(super) fn plan_rebuild_start(st: &ReplaceState) -> Vec<PlanLine> {
    vec![PlanLine::run(
        "start the rebuild",
        Op::RebuildStart {
            adapter: st.adapter,
            drive: st.drive,
        },
    )]
}

/// Starts the rebuild onto the offline member (or notes the one already running).
pub(super) fn rebuild_start(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let a = st.adapter;
    let target = st.rebuild.rebuilding.unwrap_or(st.drive);
    let snap = fresh(env)?;
    match snap.drive(a, target).map(|p| p.firmware_state.clone()) {
        Some(FirmwareState::Offline) => start_rebuild(env, journal, st, target),
        Some(FirmwareState::Rebuild | FirmwareState::Online) => Ok(StepResult::Next),
        other => Ok(StepResult::Stop(format!(
            "cannot rebuild {target}: it is {}",
            state_or_gone(other)
        ))),
    }
}

/// Starts the rebuild onto the offline member `target`, then checks that the controller
/// rebuilds it (or is done already).
pub(super) fn start_rebuild(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    target: DriveAddress,
) -> Result<StepResult, WfError> {
    let a = st.adapter;
    let op = Op::RebuildStart {
        adapter: a,
        drive: target,
    };
    run_op(env, journal, "rebuild-start", &op, state_json(st))?;
    let snap = fresh(env)?;
    Ok(
        match snap.drive(a, target).map(|p| p.firmware_state.clone()) {
            Some(FirmwareState::Rebuild | FirmwareState::Online) => StepResult::Next,
            other => StepResult::Stop(format!(
                "{target} is {} after starting the rebuild",
                state_or_gone(other)
            )),
        },
    )
}

fn state_or_gone(s: Option<FirmwareState>) -> String {
    s.map_or_else(|| "gone".into(), |s| s.to_string())
}

pub(super) fn plan_locate_off(st: &ReplaceState) -> Vec<PlanLine> {
    vec![PlanLine::run(
        "stop blinking",
        Op::LocateStop {
            adapter: st.adapter,
            drive: st.drive,
        },
    )]
}

/// Stops blinking; a refusal is reported, not fatal.
pub(super) fn locate_off(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let op = Op::LocateStop {
        adapter: st.adapter,
        drive: st.drive,
    };
    match run_op(env, journal, "locate-off", &op, state_json(st)) {
        Ok(()) => {}
        Err(WfError::Backend(e)) => env.say(&format!("  could not stop the locate LED: {e}")),
        Err(e) => return Err(e),
    }
    Ok(StepResult::Next)
}

/// Picks the missing row for this replacement from `-PdGetMissing`, cross-checked with the
/// configuration: the row must be an empty row of the array the drive was in.
pub(super) fn pick_row(
    snap: &Snapshot,
    st: &ReplaceState,
    rows: &[MissingRow],
) -> Result<MissingRow, String> {
    let rows: Vec<&MissingRow> = rows.iter().filter(|r| r.adapter == st.adapter).collect();
    if let Some(known) = &st.rebuild.missing {
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
