//! The same-bay steps of `raidctl replace-drive` ([`Flow::SameBay`]), for controllers
//! without missing rows to mark or fill: OpenManage's omconfig, and 8.x firmware (PERC 12)
//! that answers `Support Mark Missing : No`.
//!
//! Such a controller takes the replacement in the failed drive's bay and rebuilds onto it by
//! itself. The sequence is: blink, confirm the serial, offline when online, prepare for
//! removal where the controller can (`action=remove` on OMSA), wait for the pull and the new
//! drive, check it, then the automatic rebuild, or a rebuild start when the new drive sits in
//! the VD as an offline member, or the new drive as a dedicated hot spare of the VD when it
//! stays Ready (where the backend can dedicate by VD); watch the rebuild, verify every VD,
//! unblink. The journal, guards and resume logic are the engine's ([`super::engine`]).

use super::engine::{PlanLine, StepResult, fresh, state_json};
use super::journal::Journal;
use super::replace::{Flow, ReplaceState};
use super::{Env, WfError, run_op};
use crate::backend::ops::Op;
use crate::model::{FirmwareState, LdState};

/// Polls to wait for the controller to start a rebuild on its own before raidctl asks it to.
const TAKEOVER_POLLS: u32 = 3;

/// How often one replacement starts a rebuild that then stops, before raidctl gives up.
const MAX_REBUILD_STARTS: u32 = 3;

/// The plan lines of the same-bay rebuild: the controller's own, a rebuild start, or the new
/// drive as a dedicated spare of the VD where the backend can make one.
pub(super) fn plan_rebuild(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    let (a, d) = (st.adapter, st.drive);
    let mut v = vec![PlanLine::run(
        "the controller rebuilds onto it by itself; if the new drive is an offline member instead, start the rebuild",
        Op::RebuildStart {
            adapter: a,
            drive: d,
        },
    )];
    if let Some(ld) = st.ld.filter(|&ld| env.ops.supports(&dedicated(a, d, ld))) {
        v.push(PlanLine::run(
            format!("if it stays Ready, make it a dedicated hot spare of VD {ld} (the controller rebuilds onto it)"),
            dedicated(a, d, ld),
        ));
    }
    v.push(PlanLine::say(
        "watch the rebuild, then check that every VD is optimal",
    ));
    v
}

/// The new drive as a dedicated spare of VD `ld` (OpenManage dedicates by VD).
fn dedicated(adapter: u32, drive: crate::model::DriveAddress, ld: u32) -> Op {
    Op::HotspareSet {
        adapter,
        drive,
        arrays: Vec::new(),
        vds: vec![ld],
    }
}

/// The rebuild onto the new drive: the controller's own (nothing to do), `action=rebuild`
/// for an offline member, or the new drive as a dedicated spare of the VD.
pub(super) fn rebuild_start(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    if st.rebuild.rebuilding.is_some() {
        // A hot spare took over when the drive went offline; the watch follows it.
        return Ok(StepResult::Next);
    }
    let mut assigned = false;
    let mut polls = 0;
    loop {
        let snap = fresh(env)?;
        let Some(new) = snap.drive(a, d) else {
            return Ok(StepResult::Stop(format!("the new drive left {d}")));
        };
        if new.serial != st.new_serial {
            return Ok(StepResult::Stop(format!(
                "{d} now holds serial {}, not the checked replacement {}",
                new.serial.as_deref().unwrap_or("?"),
                st.new_serial.as_deref().unwrap_or("?")
            )));
        }
        let member = new.logical_drive.is_some() && new.logical_drive == st.ld;
        let waiting = polls < TAKEOVER_POLLS;
        match new.firmware_state {
            FirmwareState::Rebuild => {
                env.say("  the controller is rebuilding onto it");
                return Ok(StepResult::Next);
            }
            FirmwareState::Online if member => return Ok(StepResult::Next),
            FirmwareState::Offline | FirmwareState::Failed if member => {
                if st.rebuild.rebuild_starts >= MAX_REBUILD_STARTS {
                    return Ok(StepResult::Stop(format!(
                        "the rebuild of {d} was started {} times and stopped again; find out why (`raidctl status`, the controller's log) before resuming",
                        st.rebuild.rebuild_starts
                    )));
                }
                st.rebuild.rebuild_starts += 1;
                return super::steps::start_rebuild(env, journal, st, d);
            }
            // Give the controller's automatic rebuild (or spare takeover) a moment.
            FirmwareState::UnconfiguredGood | FirmwareState::Hotspare if waiting => {
                polls += 1;
                env.wait_a_bit();
            }
            FirmwareState::UnconfiguredGood if !assigned => {
                let Some(ld) = st.ld else {
                    return Ok(StepResult::Stop(format!(
                        "{d} is Ready and belongs to no VD: nothing to rebuild"
                    )));
                };
                if !env.ops.supports(&dedicated(a, d, ld)) {
                    return Ok(StepResult::Stop(format!(
                        "{d} is Ready and the controller did not rebuild onto it by itself: its automatic rebuild is probably off. Turn it on (`{} /c{a} set autorebuild=on`) or make {d} a hot spare, then `raidctl resume {}`",
                        env.ops.name(),
                        journal.id
                    )));
                }
                env.say(&format!(
                    "  no rebuild started by itself: making {d} a dedicated hot spare of VD {ld}, which the controller rebuilds onto"
                ));
                run_op(
                    env,
                    journal,
                    "rebuild-start",
                    &dedicated(a, d, ld),
                    state_json(st),
                )?;
                assigned = true;
                polls = 0;
            }
            FirmwareState::Hotspare => {
                return Ok(StepResult::Stop(format!(
                    "{d} is a hot spare but the controller does not rebuild onto it: its automatic rebuild is probably off{}. Turn it on with the controller's own tool (`MegaCli64 -AdpAutoRbld -Enbl -a{a}` or `perccli64 /c{a} set autorebuild=on`), then `raidctl resume {}`",
                    if env.ops.name() == "omreport" {
                        ", and OpenManage has no setting for it"
                    } else {
                        ""
                    },
                    journal.id
                )));
            }
            ref other => {
                return Ok(StepResult::Stop(format!(
                    "cannot rebuild onto {d}: it is {other}"
                )));
            }
        }
    }
}

/// The watch found the new drive an offline member again (its rebuild was stopped): back to
/// the rebuild step, which starts it through omconfig (a bounded number of times).
pub(super) fn rebuild_stopped(env: &mut Env<'_>, st: &ReplaceState) -> Option<StepResult> {
    if st.flow != Flow::SameBay || st.rebuild.rebuilding.is_some() {
        return None;
    }
    env.say(&format!(
        "  the rebuild of {} is not running (the drive is an offline member): starting it",
        st.drive
    ));
    Some(StepResult::Goto(super::replace::Step::RebuildStart))
}

/// After the rebuild: the new drive is online in its VD and every VD on the adapter is
/// optimal (a VD that was short of other drives before the replacement is reported, not
/// blamed on it).
pub(super) fn verify(env: &mut Env<'_>, st: &ReplaceState) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    let target = st.rebuild.rebuilding.unwrap_or(d);
    match snap.drive(a, target) {
        Some(p) if p.firmware_state == FirmwareState::Online => {}
        Some(p) => {
            return Ok(StepResult::Stop(format!(
                "{target} is {} after the rebuild, not Online",
                p.firmware_state
            )));
        }
        None => return Ok(StepResult::Stop(format!("{target} is gone"))),
    }
    let mut not_optimal = Vec::new();
    for ld in snap.logical_drives.iter().filter(|l| l.adapter == a) {
        if ld.state == LdState::Optimal {
            continue;
        }
        if Some(ld.target_id) == st.ld && st.rebuild.down_at_start.is_empty() {
            return Ok(StepResult::Stop(format!(
                "VD {} is {} after the rebuild; check `raidctl status` before anything else",
                ld.target_id, ld.state
            )));
        }
        not_optimal.push(format!("VD {} {}", ld.target_id, ld.state));
    }
    if not_optimal.is_empty() {
        env.say(&format!("  every VD on adapter {a} is optimal"));
    } else {
        env.say(&format!(
            "  WARN not optimal, and not fixed by this replacement: {} (see `raidctl status`)",
            not_optimal.join(", ")
        ));
    }
    Ok(StepResult::Next)
}
