//! The swap and rebuild steps both replacement sequences share ([`super::replace::Flow`]):
//! wait for the pull (catching a wrong one), wait for the new drive, check it, and watch the
//! rebuild to the end. Where the world has hands ([`super::World::hands`], the simulator's),
//! the waits offer to pull and insert with them.

use super::engine::{PlanLine, StepResult, fresh, state_json};
use super::journal::Journal;
use super::replace::{Flow, ReplaceState, Step};
use super::{Env, WfError, run_op};
use crate::backend::ops::Op;
use crate::health::progress_text;
use crate::model::{FirmwareState, LdState, fmt_size, fmt_sizes};

/// What end of input or Ctrl-C at a simulator prompt leaves behind.
fn sim_stop_message(st: &ReplaceState) -> String {
    format!(
        "no answer from the operator while waiting at {} (step {}); the journal keeps the state",
        st.drive,
        st.next.name()
    )
}

pub(super) fn await_pull(env: &mut Env<'_>, st: &mut ReplaceState) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let removing = st.removing().map(str::to_owned);
    env.say(&format!(
        "Now pull the drive from the blinking bay {d} (serial {}).",
        removing.as_deref().unwrap_or("?")
    ));
    let still_there = fresh(env)?
        .drive(a, d)
        .is_some_and(|p| p.serial == removing);
    if env.world.hands().is_some() && still_there {
        let pull = env.opts.yes
            || match env.ask_yes_no(
                "Simulated controller: pull the drive now?",
                &format!("{}; continue with `raidctl resume`", sim_stop_message(st)),
            ) {
                Some(p) => p,
                None => return Ok(StepResult::Stop(sim_stop_message(st))),
            };
        if let (true, Some(hands)) = (pull, env.world.hands()) {
            hands.pull(a, d).map_err(WfError::Io)?;
        }
    }
    for _ in 0..env.max_polls() {
        let snap = fresh(env)?;
        let wrong: Vec<String> = st
            .others
            .iter()
            .filter(|(addr, serial)| {
                !snap.physical_drives.iter().any(|p| {
                    p.adapter == a && p.address() == *addr && p.serial.as_deref() == Some(serial)
                })
            })
            .map(|(addr, serial)| format!("{addr} (serial {serial})"))
            .collect();
        if !wrong.is_empty() {
            return Ok(StepResult::Stop(format!(
                "[wrong-drive-pulled] WRONG DRIVE PULLED: {} is gone. Put it back into the same bay now; do not pull anything else",
                wrong.join(", ")
            )));
        }
        if snap.drive(a, d).is_none_or(|p| p.serial != removing) {
            env.say(&format!("  {d} is empty"));
            return Ok(StepResult::Next);
        }
        env.wait_a_bit();
    }
    Ok(StepResult::Stop(format!(
        "timed out waiting for {d} to be pulled; nothing else was changed"
    )))
}

pub(super) fn await_insert(
    env: &mut Env<'_>,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    env.say(&format!(
        "Insert the replacement drive into bay {d}. It must be {} and at least {}.",
        st.pd_type,
        fmt_size(
            st.rebuild
                .missing
                .as_ref()
                .map_or(st.coerced_size.unwrap_or(0), |m| m.size_expected_bytes)
        )
    ));
    let empty = fresh(env)?.drive(a, d).is_none();
    if env.world.hands().is_some() && empty {
        let kind = if env.opts.yes {
            Some("blank".to_owned())
        } else {
            match env.ask_choice(
                "Simulated controller: insert which kind of drive?",
                &[
                    "blank",
                    "foreign",
                    "small",
                    "sata",
                    "media-errors",
                    "predictive",
                    "ssd",
                    "none",
                ],
                &format!("{}; continue with `raidctl resume`", sim_stop_message(st)),
            ) {
                Some(k) => Some(k).filter(|k| k != "none"),
                None => return Ok(StepResult::Stop(sim_stop_message(st))),
            }
        };
        if let (Some(kind), Some(hands)) = (kind, env.world.hands()) {
            hands.insert(a, d, &kind).map_err(WfError::Io)?;
        }
    }
    for _ in 0..env.max_polls() {
        let snap = fresh(env)?;
        if let Some(p) = snap.drive(a, d) {
            if p.serial.is_some() && p.serial == st.serial {
                return Ok(StepResult::Stop(format!(
                    "the drive that was pulled (serial {}) is back in {d}; insert the replacement instead",
                    st.serial.as_deref().unwrap_or("?")
                )));
            }
            if let Some(s) = p.serial.as_ref().filter(|s| st.rejected.contains(s)) {
                // Put back after it was found unsuitable: wait for it to leave again.
                env.say(&format!(
                    "  the drive in {d} (serial {s}) was found unsuitable before; pull it and insert another drive"
                ));
                st.new_serial = None;
                // The pull step waits for the last rejected one to leave: this one.
                let s = s.clone();
                st.rejected.retain(|r| *r != s);
                st.rejected.push(s);
                return Ok(StepResult::Goto(Step::AwaitPull));
            }
            st.new_serial.clone_from(&p.serial);
            env.say(&format!(
                "  new drive in {d}: serial {}, {}",
                p.serial.as_deref().unwrap_or("?"),
                p.firmware_state_raw
                    .as_deref()
                    .unwrap_or(p.firmware_state.as_str())
            ));
            return Ok(StepResult::Next);
        }
        env.wait_a_bit();
    }
    Ok(StepResult::Stop(format!(
        "timed out waiting for a drive in {d}"
    )))
}

/// The new drive cannot be used: it is remembered as rejected and the flow goes back to wait
/// for it to be pulled and another inserted (a swap, not the end of the replacement). A drive
/// without a serial cannot be told from its successor: the flow stops as before.
fn unsuitable(env: &mut Env<'_>, st: &mut ReplaceState, why: String) -> StepResult {
    let Some(serial) = st.new_serial.take().filter(|s| !s.is_empty()) else {
        return StepResult::Stop(why);
    };
    env.say(&format!(
        "  {why} (serial {serial}); waiting for it to be pulled and another drive inserted"
    ));
    if !st.rejected.contains(&serial) {
        st.rejected.push(serial);
    }
    // Every few rejections the run stops and says so: a spare shelf of the wrong model (or
    // the simulator's hands, which insert without looking) must not swap drives forever.
    // The resume waits for the pull as before.
    if st.rejected.len().is_multiple_of(MAX_REJECTED_IN_A_RUN) {
        return StepResult::Stop(format!(
            "{why}: {} replacement drives were rejected ({}). Find one that fits (the plan says what it must be), then `raidctl resume`: it waits for this one to be pulled and the next inserted",
            st.rejected.len(),
            st.rejected.join(", ")
        ));
    }
    StepResult::Goto(Step::AwaitPull)
}

/// Rejected drives after which a run stops instead of waiting for yet another swap.
const MAX_REJECTED_IN_A_RUN: usize = 3;

pub(super) fn check_new(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    for _attempt in 0..2 {
        let snap = fresh(env)?;
        let Some(new) = snap.drive(a, d) else {
            return Ok(StepResult::Stop(format!("no drive in {d}")));
        };
        let has_errors = new.media_error_count.unwrap_or(0) > 0
            || new.predictive_failure_count.unwrap_or(0) > 0
            || new.smart_alert == Some(true);
        if has_errors && new.firmware_state == FirmwareState::Rebuild {
            return Ok(StepResult::Stop(format!(
                "[new-drive-unsuitable] the controller started rebuilding onto the new drive by itself, but that drive already has errors (media {}, predictive {}). Stopping the rebuild would leave the VD degraded: let it finish (`raidctl rebuild watch {}`), then replace this drive with a healthy one",
                new.media_error_count.unwrap_or(0),
                new.predictive_failure_count.unwrap_or(0),
                d.megacli_arg()
            )));
        }
        if new.firmware_state == FirmwareState::Rebuild {
            env.say("  the controller started rebuilding onto it by itself (auto-rebuild)");
            return Ok(StepResult::Goto(Step::WatchRebuild));
        }
        if new.pd_type != st.pd_type && !new.pd_type.is_unknown() && !st.pd_type.is_unknown() {
            return Ok(unsuitable(
                env,
                st,
                format!(
                    "[new-drive-unsuitable] the new drive is {} but the array needs {}: remove it and insert a {} drive",
                    new.pd_type, st.pd_type, st.pd_type
                ),
            ));
        }
        let expected = match st.flow {
            Flow::MegaRaid => st
                .rebuild
                .missing
                .as_ref()
                .map_or(0, |m| m.size_expected_bytes),
            Flow::SameBay | Flow::NoRedundancy | Flow::Jbod => st.coerced_size.unwrap_or(0),
        };
        if new.size_bytes().unwrap_or(0) < expected {
            let (have, need) = fmt_sizes(new.size_bytes().unwrap_or(0), expected);
            return Ok(unsuitable(
                env,
                st,
                format!(
                    "[new-drive-unsuitable] the new drive is too small: {have} usable, the row needs {need}. Remove it and insert a larger drive"
                ),
            ));
        }
        if let Some(want) = st
            .media_type
            .as_ref()
            .filter(|m| !new.media_type.is_unknown() && new.media_type != **m)
        {
            return Ok(unsuitable(
                env,
                st,
                format!(
                    "[new-drive-unsuitable] the new drive is {} but the array needs {want}: remove it and insert a {want} drive",
                    new.media_type
                ),
            ));
        }
        if new.foreign == Some(true) {
            match super::noredundancy::clear_new_drive_foreign(env, journal, st)? {
                None => continue,
                Some(stop) => return Ok(stop),
            }
        }
        if new.media_error_count.unwrap_or(0) > 0
            || new.predictive_failure_count.unwrap_or(0) > 0
            || new.smart_alert == Some(true)
        {
            return Ok(unsuitable(
                env,
                st,
                format!(
                    "[new-drive-unsuitable] the new drive already has errors (media {}, predictive {}): use another drive",
                    new.media_error_count.unwrap_or(0),
                    new.predictive_failure_count.unwrap_or(0)
                ),
            ));
        }
        match new.firmware_state {
            FirmwareState::UnconfiguredGood => {
                if let Some(r) = st.rebuild.rebuilding {
                    env.say(&format!("  hot spare {r} is rebuilding the array; the new drive stays Unconfigured(good) (make it the new spare with `raidctl hotspare add {}`)", d.megacli_arg()));
                    return Ok(StepResult::Goto(Step::WatchRebuild));
                }
                return Ok(StepResult::Next);
            }
            FirmwareState::UnconfiguredBad | FirmwareState::Failed
                if !env.ops.supports(&Op::MakeGood {
                    adapter: a,
                    drive: d,
                    force: false,
                }) =>
            {
                return Ok(unsuitable(
                    env,
                    st,
                    format!(
                        "[new-drive-unsuitable] the new drive shows {}: this backend cannot clear that state; use another drive",
                        new.firmware_state_raw
                            .as_deref()
                            .unwrap_or(new.firmware_state.as_str())
                    ),
                ));
            }
            FirmwareState::UnconfiguredBad => {
                env.say(
                    "  the new drive is Unconfigured(bad): making it good, then checking again",
                );
                run_op(
                    env,
                    journal,
                    "make-good",
                    &Op::MakeGood {
                        adapter: a,
                        drive: d,
                        force: false,
                    },
                    state_json(st),
                )?;
            }
            ref other => {
                return Ok(StepResult::Stop(format!(
                    "the new drive is {other}; expected Unconfigured(good)"
                )));
            }
        }
    }
    Ok(StepResult::Stop(
        "the new drive did not become Unconfigured(good)".into(),
    ))
}

/// The plan line of the check of the new drive, with what it must be.
pub(super) fn plan_check_new(st: &ReplaceState) -> Vec<PlanLine> {
    let kind = format!(
        "{}{}",
        st.pd_type,
        st.media_type
            .as_ref()
            .map_or_else(String::new, |m| format!(" {m}"))
    );
    vec![PlanLine::say(match st.flow {
        Flow::MegaRaid => format!(
            "wait for the new drive; check it ({kind}, at least the size -PdGetMissing expects, not foreign, no errors; Unconfigured(bad) without errors is made good)"
        ),
        Flow::SameBay => format!(
            "wait for the new drive; check it ({kind}, at least {}, not foreign, no predicted failure, Ready)",
            fmt_size(st.coerced_size.unwrap_or(0))
        ),
        Flow::NoRedundancy | Flow::Jbod => format!(
            "wait for the new drive; check it ({kind}, at least {}, no errors, not foreign{}; Unconfigured(bad) without errors is made good)",
            fmt_size(st.coerced_size.unwrap_or(0)),
            st.clear_foreign.map_or_else(String::new, |i| format!(
                " unless it holds foreign configuration {i} alone, which is cleared as --clear-foreign {i} says"
            ))
        ),
    })]
}

pub(super) fn watch(env: &mut Env<'_>, st: &mut ReplaceState) -> Result<StepResult, WfError> {
    let a = st.adapter;
    let target = st.rebuild.rebuilding.unwrap_or(st.drive);
    let bar = crate::progress::bar(100, &format!("rebuild {target}"));
    let mut last_pct = None;
    for _ in 0..env.max_polls() {
        let snap = fresh(env)?;
        if let Some(ld) = st.ld.and_then(|t| snap.logical_drive(a, t)) {
            if ld.state == LdState::Offline {
                bar.abandon();
                return Ok(StepResult::Stop(format!(
                    "VD {} went OFFLINE during the rebuild (another member failed). Do not pull or clear anything; collect a bundle (`raidctl collect`) and call support",
                    ld.target_id
                )));
            }
            let failed: Vec<String> = ld
                .members
                .iter()
                .filter(|m| **m != target && !st.rebuild.down_at_start.contains(m))
                .filter(|m| {
                    snap.drive(a, **m).is_none_or(|p| {
                        !matches!(
                            p.firmware_state,
                            FirmwareState::Online | FirmwareState::Rebuild
                        )
                    })
                })
                .map(ToString::to_string)
                .collect();
            if !failed.is_empty() {
                bar.abandon();
                return Ok(StepResult::Stop(format!(
                    "another member of VD {} failed during the rebuild ({}); the rebuild may still finish: watch with `raidctl rebuild watch {}`, replace nothing else until it is optimal",
                    ld.target_id,
                    failed.join(", "),
                    target.megacli_arg()
                )));
            }
            let drive_state = snap.drive(a, target).map(|p| p.firmware_state.clone());
            if drive_state == Some(FirmwareState::Offline) {
                if let Some(r) = super::samebay::rebuild_stopped(env, st) {
                    bar.abandon();
                    return Ok(r);
                }
            }
            if ld.state == LdState::Optimal && drive_state == Some(FirmwareState::Online) {
                bar.finish(&format!("VD {} optimal", ld.target_id));
                return Ok(StepResult::Next);
            }
            if drive_state == Some(FirmwareState::Online) && !st.rebuild.down_at_start.is_empty() {
                // Rebuilt; the VD stays short of the members that were down before.
                bar.finish(&format!("{target} rebuilt"));
                env.say(&format!(
                    "  {target} is rebuilt; VD {} is still {}: {} (down before this workflow started) needs replacing next",
                    ld.target_id,
                    ld.state,
                    st.rebuild.down_at_start
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                return Ok(StepResult::Next);
            }
            if drive_state.is_none() {
                bar.abandon();
                return Ok(StepResult::Stop(format!(
                    "{target} disappeared during the rebuild"
                )));
            }
        } else if snap
            .drive(a, target)
            .is_some_and(|p| p.firmware_state == FirmwareState::Online)
        {
            bar.finish("rebuild complete");
            return Ok(StepResult::Next);
        }
        if let Some(p) = env.ops.progress(a, target)? {
            if let Some(pct) = p.percent {
                let so_far = progress_text(Some(pct), p.elapsed_minutes);
                bar.set(u64::from(pct), so_far.trim_start());
                if !bar.visible() && last_pct.is_none_or(|l: u8| pct >= l.saturating_add(10)) {
                    env.say(&format!("  rebuild {target}: {pct}%{so_far}"));
                    last_pct = Some(pct);
                }
            }
        }
        env.wait_a_bit();
    }
    bar.abandon();
    Ok(StepResult::Stop(format!(
        "the rebuild of {target} did not finish within the wait timeout; it continues on the controller: `raidctl rebuild watch {}`",
        target.megacli_arg()
    )))
}
