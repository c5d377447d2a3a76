//! The one executor of state changes. A flow is a list of steps, journaled with the
//! workflow's state; the executor ([`drive`]) runs the step at `next`, journals `verified` with
//! the new state, and moves to the next step of the list, or where the step sends it. A new
//! flow is a new list ([`super::replace::Flow::steps`], [`super::change::ChangeState`]), not a
//! new loop.
//!
//! Every step reads the live state before it acts (a resumed step whose outcome is already
//! visible does nothing) and after (the expected transition must show), so a crash or a
//! resume never repeats a destructive change blindly.

use super::journal::Journal;
use super::replace::{ReplaceState, Step};
use super::{Env, Outcome, WfError, ceph_drain, ceph_steps, noredundancy, samebay, steps, swap};

/// What a step decided.
pub(crate) enum StepResult<S = Step> {
    /// Go on with the next step of the flow.
    Next,
    /// Jump to this step (forward to skip, backward to retry).
    Goto(S),
    /// Stop safely with this message; `next` stays where resume should go on.
    Stop(String),
}

/// One line of a plan: what happens, and the exact vendor command when one runs.
pub(crate) struct PlanLine {
    /// What the step does.
    pub text: String,
    /// The operation, shown as the backend's command line.
    pub op: Option<crate::backend::ops::Op>,
}

impl PlanLine {
    pub(crate) fn say(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            op: None,
        }
    }

    pub(crate) fn run(text: impl Into<String>, op: crate::backend::ops::Op) -> Self {
        Self {
            text: text.into(),
            op: Some(op),
        }
    }
}

/// The step after `step` in the flow's list (`Done` after the last).
pub(crate) fn after(st: &ReplaceState, step: Step) -> Step {
    let list = st.step_list();
    list.iter()
        .position(|s| *s == step)
        .and_then(|i| list.get(i + 1).copied())
        .unwrap_or(Step::Done)
}

/// Position of `step` in the flow (`usize::MAX` for `Done` and steps it does not have).
pub(crate) fn position(st: &ReplaceState, step: Step) -> usize {
    st.step_list()
        .iter()
        .position(|s| *s == step)
        .unwrap_or(usize::MAX)
}

/// What the bay looks like after a stop at `st.next`, for messages that must say it.
pub(crate) fn bay_state(st: &ReplaceState) -> String {
    let locate = position(st, Step::LocateOn);
    let off = position(st, Step::LocateOff);
    let at = position(st, st.next);
    let pulled = position(st, Step::AwaitPull);
    let mut s = if st.led_off_at_stop {
        format!(
            "the bay of {} is not blinking (raidctl turned its LED off; resume lights it again)",
            st.drive
        )
    } else if at > locate && at <= off {
        format!(
            "the bay of {} is still blinking (stop it with `raidctl pd locate {} -a {} --stop`)",
            st.drive,
            st.drive.megacli_arg(),
            st.adapter
        )
    } else {
        format!("the bay of {} is not blinking", st.drive)
    };
    if at > pulled && at != usize::MAX {
        s.push_str("; the old drive has been pulled");
    }
    s
}

/// What an interrupt during `step` leaves: the bay, the OSD as far as the Ceph steps got
/// (a step under way may or may not have taken effect: resume reads the cluster again), and
/// the resume command.
pub(crate) fn interrupted_at(st: &ReplaceState, step: Step, journal_id: &str) -> String {
    let ceph = st.ceph.as_ref().map_or_else(String::new, |r| {
        let at = position(st, step);
        let (out, destroy, prepare) = (
            position(st, Step::CephOut),
            position(st, Step::CephDestroy),
            position(st, Step::CephPrepare),
        );
        let id = r.osd;
        let state = if at <= out && at < destroy {
            format!("osd.{id} is in as before (or being marked out)")
        } else if at < destroy {
            format!("osd.{id} is out, its data draining to the other OSDs")
        } else if at == destroy {
            format!("osd.{id} is out and being destroyed (its id kept)")
        } else if at < prepare {
            format!("osd.{id} is destroyed, its id kept for the new drive")
        } else if at == prepare {
            format!(
                "osd.{id} is being prepared on the new drive: ceph-volume goes on by itself and resume waits for it"
            )
        } else {
            format!("osd.{id} is being recreated with its id")
        };
        format!("; {state}")
    });
    format!(
        "replace-drive of {} interrupted during step {}: {}{ceph}; continue with `raidctl resume {journal_id}`",
        st.drive,
        step.name(),
        bay_state(st)
    )
}

/// Ends the workflow safely: the journal records the stop and the state resume goes on from.
pub(crate) fn stop<S: serde::Serialize>(journal: &mut Journal, st: &S, msg: String) -> Outcome {
    // The CLI prints the outcome once (`raidctl: stopped: ...`); no narration line repeats it.
    let written = journal.write("finish", "stopped", None, &msg, state_json(st));
    let tail = match written {
        Ok(()) => format!(
            "Journal: {} (continue with `raidctl resume {}` once resolved)",
            journal.path().display(),
            journal.id
        ),
        Err(e) => format!(
            "The journal {} could not record the stop ({e}); its last record still says where to go on: `raidctl resume {}`",
            journal.path().display(),
            journal.id
        ),
    };
    Outcome::Stopped(format!("{msg}\n{tail}"))
}

/// A stop in a Ceph step before the controller was touched (ok-to-stop said no, the drain
/// did not finish, the cluster went away) may last days: the bay must not blink meanwhile,
/// or someone pulls a drive the cluster still needs. Turns the LED off when this run lit it,
/// and returns the stop message with the bay's state as it is now.
fn darken_before_controller(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    step: Step,
    msg: String,
) -> String {
    let before_controller = st.ceph.is_some()
        && matches!(
            step,
            Step::CephOkToStop
                | Step::CephOut
                | Step::CephDrain
                | Step::CephStop
                | Step::CephDestroy
        );
    let lit = position(st, step) > position(st, Step::LocateOn);
    if !before_controller || !lit || st.led_off_at_stop {
        return msg;
    }
    let said = bay_state(st);
    let op = crate::backend::ops::Op::LocateStop {
        adapter: st.adapter,
        drive: st.drive,
    };
    if let Err(e) = super::run_op(env, journal, "locate-off", &op, state_json(st)) {
        env.say(&format!("  could not stop the locate LED: {e}"));
        return msg;
    }
    st.led_off_at_stop = true;
    // The step's message said the bay still blinks: say what is true now.
    msg.replace(&said, &bay_state(st))
}

/// A journal write failed: the workflow stops at once, saying where it was, what the bay
/// looks like and how to go on.
pub(crate) fn journal_failed(
    journal: &Journal,
    st: &ReplaceState,
    step: Step,
    e: &std::io::Error,
) -> Outcome {
    journal_failed_at(journal, step.name(), &bay_state(st), e)
}

/// [`journal_failed`] of any flow: `step`'s name and what the hardware looks like now.
fn journal_failed_at(journal: &Journal, step: &str, now: &str, e: &std::io::Error) -> Outcome {
    Outcome::Stopped(format!(
        "the journal {} could not be written ({e}) after step {step}: raidctl stopped before changing anything else. {now}. Free space in the state directory (or fix its file system), then continue with `raidctl resume {}`",
        journal.path().display(),
        journal.id
    ))
}

/// The workflow's state as journaled.
pub(crate) fn state_json<S: serde::Serialize>(st: &S) -> Option<serde_json::Value> {
    serde_json::to_value(st).ok()
}

/// A fresh snapshot.
pub(crate) fn fresh(env: &Env<'_>) -> Result<crate::backend::snapshot::Snapshot, WfError> {
    Ok(env.ops.snapshot()?)
}

/// Runs one step: the table of step implementations. Steps with a flow-specific variant
/// say so here, and only here.
fn run_step(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    step: Step,
) -> Result<StepResult, WfError> {
    use super::replace::Flow;
    // The drive of an OSD is touched only once Ceph reports the OSD down and destroyed.
    if matches!(
        step,
        Step::Offline | Step::PrepareRemoval | Step::DiscardCache | Step::DeleteVd | Step::Recreate
    ) {
        if let Some(stop) = ceph_steps::guard_controller(env, st) {
            return Ok(stop);
        }
    }
    if let Some(r) = cephadm_step(env, journal, st, step) {
        return r;
    }
    match (st.flow, step) {
        (_, Step::LocateOn) => steps::locate_on(env, journal, st),
        (_, Step::Offline) => steps::offline(env, journal, st),
        (_, Step::MarkMissing) => steps::mark_missing(env, journal, st),
        (_, Step::PrepareRemoval) => steps::prepare_removal(env, journal, st),
        (_, Step::AwaitPull) => swap::await_pull(env, st),
        (_, Step::AwaitInsert) => swap::await_insert(env, st),
        (_, Step::CheckNew) => swap::check_new(env, journal, st),
        (_, Step::ReplaceMissing) => steps::replace_missing(env, journal, st),
        (Flow::SameBay, Step::RebuildStart) => samebay::rebuild_start(env, journal, st),
        (_, Step::RebuildStart) => steps::rebuild_start(env, journal, st),
        (_, Step::WatchRebuild) => swap::watch(env, st),
        (_, Step::Verify) => samebay::verify(env, st),
        (_, Step::DiscardCache) => noredundancy::discard_cache(env, journal, st),
        (_, Step::DeleteVd) => noredundancy::delete_vd(env, journal, st),
        (_, Step::Recreate) => noredundancy::recreate(env, journal, st),
        (_, Step::Qualify) => noredundancy::qualify(env, journal, st),
        (_, Step::VerifyVd) => noredundancy::verify_vd(env, st),
        (_, Step::LocateOff) => steps::locate_off(env, journal, st),
        (_, Step::CephOkToStop) => ceph_steps::ok_to_stop(env, journal, st),
        (_, Step::CephOut) => ceph_steps::out(env, journal, st),
        (_, Step::CephDrain) => ceph_drain::drain(env, journal, st),
        (_, Step::CephStop) => ceph_steps::stop(env, journal, st),
        (_, Step::CephDestroy) => ceph_steps::destroy(env, journal, st),
        (_, Step::CephPrepare) => ceph_steps::prepare(env, journal, st),
        (_, Step::CephActivate) => ceph_steps::activate(env, journal, st),
        (_, Step::CephWaitUp) => ceph_steps::wait_up(env, journal, st),
        (_, Step::CephWeight) => ceph_steps::weight(env, journal, st),
        (_, Step::CephReport) => ceph_steps::report(env, st),
        (_, Step::Done) => Ok(StepResult::Next),
    }
}

/// A Ceph step of a cephadm OSD's replacement, where the orchestrator's way differs from the
/// package flow's (`None`: the shared step runs).
fn cephadm_step(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    step: Step,
) -> Option<Result<StepResult, WfError>> {
    use super::cephadm_steps as adm;
    let r = st.ceph.as_ref()?;
    r.cephadm.as_ref()?;
    let lvm = r.mode == crate::model::OsdMode::Lvm;
    Some(match step {
        Step::CephOut => adm::out(env, journal, st),
        Step::CephDrain => adm::drain(env, journal, st),
        Step::CephStop => adm::stopped(env, journal, st),
        Step::CephDestroy => adm::destroyed(env, journal, st),
        Step::CephPrepare if lvm => adm::prepare_lvm(env, journal, st),
        Step::CephActivate => adm::activate(env, journal, st),
        _ => return None,
    })
}

/// The plan lines of one step (none for steps that only wait or check).
pub(crate) fn plan_of(
    env: &Env<'_>,
    st: &ReplaceState,
    pd: &crate::model::PhysicalDrive,
    step: Step,
) -> Vec<PlanLine> {
    use super::replace::Flow;
    // A cephadm OSD: the orchestrator's commands, not the package flow's.
    if let Some(r) = &st.ceph {
        if let Some(c) = &r.cephadm {
            if let Some(lines) = super::cephadm::plan(r, c, step) {
                return lines.into_iter().map(PlanLine::say).collect();
            }
        }
    }
    match (st.flow, step) {
        (_, Step::LocateOn) => steps::plan_locate_on(st),
        (_, Step::Offline) => steps::plan_offline(st, pd),
        (_, Step::MarkMissing) => steps::plan_mark_missing(st, pd),
        (_, Step::PrepareRemoval) => steps::plan_prepare_removal(env, st),
        (_, Step::AwaitPull) => vec![PlanLine::say(
            "wait for the pull (any other drive leaving stops the workflow)",
        )],
        (_, Step::AwaitInsert) => Vec::new(),
        (_, Step::CheckNew) => swap::plan_check_new(st),
        (_, Step::ReplaceMissing) => steps::plan_replace_missing(st),
        (Flow::SameBay, Step::RebuildStart) => samebay::plan_rebuild(env, st),
        (_, Step::RebuildStart) => steps::plan_rebuild_start(st),
        (Flow::SameBay, Step::WatchRebuild) => Vec::new(),
        (_, Step::WatchRebuild) => vec![PlanLine::say("watch the rebuild until the VD is optimal")],
        (_, Step::Verify) => vec![PlanLine::say(
            "check that every VD on the adapter is optimal",
        )],
        (_, Step::DiscardCache) => noredundancy::plan_discard_cache(env, st),
        (_, Step::DeleteVd) => noredundancy::plan_delete_vd(st),
        (_, Step::Recreate) => noredundancy::plan_recreate(env, st),
        (_, Step::Qualify) => noredundancy::plan_qualify(st),
        (_, Step::VerifyVd) => noredundancy::plan_verify_vd(st),
        (_, Step::LocateOff) => steps::plan_locate_off(st),
        (_, Step::CephOkToStop) => ceph_steps::plan_ok_to_stop(st),
        (_, Step::CephOut) => ceph_steps::plan_out(env, st),
        (_, Step::CephDrain) => ceph_drain::plan_drain(st),
        (_, Step::CephStop) => ceph_steps::plan_stop(st),
        (_, Step::CephDestroy) => ceph_steps::plan_destroy(env, st),
        (_, Step::CephPrepare) => ceph_steps::plan_prepare(st),
        (
            _,
            Step::CephActivate
            | Step::CephWaitUp
            | Step::CephWeight
            | Step::CephReport
            | Step::Done,
        ) => Vec::new(),
    }
}

/// Continues a replacement from `st.next` (after the start, or on resume).
///
/// # Errors
/// Backend or journal errors outside the guarded steps.
pub fn continue_from(
    env: &mut Env<'_>,
    journal: &mut Journal,
    mut st: ReplaceState,
) -> Result<Outcome, WfError> {
    if st.led_off_at_stop {
        // The last run stopped before the controller and darkened the bay: the operator
        // confirms and later pulls the blinking drive, so it blinks again first.
        env.say("[locate-on] (again: the bay was dark while the replacement was stopped)");
        if let Ok(StepResult::Stop(msg)) = steps::locate_on(env, journal, &mut st) {
            return Ok(stop(journal, &st, msg));
        }
        st.led_off_at_stop = false;
    }
    drive(env, journal, &mut st)
}

/// A flow the executor runs: its journaled state knows the step to run next, the list it
/// is in, and how to run each one.
pub(crate) trait Flow: serde::Serialize {
    /// The flow's steps.
    type Step: Copy + PartialEq;
    /// The step the state says runs next.
    fn next(&self) -> Self::Step;
    /// Records the step to run next.
    fn set_next(&mut self, step: Self::Step);
    /// The step after `step` in the flow's list.
    fn after(&self, step: Self::Step) -> Self::Step;
    /// Whether `step` is the end of the flow.
    fn is_done(step: Self::Step) -> bool;
    /// The step's journaled name (never changes: crash points and resumes name it).
    fn name(step: Self::Step) -> std::borrow::Cow<'static, str>;
    /// Runs one step: reads the live state before acting (a step whose outcome already shows
    /// does nothing) and after (the expected transition must show).
    ///
    /// # Errors
    /// Backend and journal errors.
    fn run(
        &mut self,
        env: &mut Env<'_>,
        journal: &mut Journal,
        step: Self::Step,
    ) -> Result<StepResult<Self::Step>, WfError>;
    /// The result once every step is done.
    fn completed(&self) -> String;
    /// What an interrupt during `step` leaves, and the resume command.
    fn interrupted_at(&self, step: Self::Step, journal_id: &str) -> String;
    /// What the hardware looks like now, for a stop the journal could not record.
    fn where_now(&self) -> String;
    /// A stop in `step`: what to do before it is recorded; returns the message to record.
    fn on_stop(
        &mut self,
        _env: &mut Env<'_>,
        _journal: &mut Journal,
        _step: Self::Step,
        msg: String,
    ) -> String {
        msg
    }
}

impl Flow for ReplaceState {
    type Step = Step;
    fn next(&self) -> Step {
        self.next
    }
    fn set_next(&mut self, step: Step) {
        self.next = step;
    }
    fn after(&self, step: Step) -> Step {
        after(self, step)
    }
    fn is_done(step: Step) -> bool {
        step == Step::Done
    }
    fn name(step: Step) -> std::borrow::Cow<'static, str> {
        step.name().into()
    }
    fn run(
        &mut self,
        env: &mut Env<'_>,
        journal: &mut Journal,
        step: Step,
    ) -> Result<StepResult, WfError> {
        run_step(env, journal, self, step)
    }
    fn completed(&self) -> String {
        self.completion_message()
    }
    fn interrupted_at(&self, step: Step, journal_id: &str) -> String {
        interrupted_at(self, step, journal_id)
    }
    fn where_now(&self) -> String {
        bay_state(self)
    }
    fn on_stop(
        &mut self,
        env: &mut Env<'_>,
        journal: &mut Journal,
        step: Step,
        msg: String,
    ) -> String {
        darken_before_controller(env, journal, self, step, msg)
    }
}

/// Runs `st`'s flow from its next step to the end or to a safe stop, journaling `verified`
/// with the new state after each step (after a start, or on resume).
///
/// # Errors
/// Errors other than the backend's and the journal's (those stop the flow safely).
pub(crate) fn drive<F: Flow>(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut F,
) -> Result<Outcome, WfError> {
    loop {
        let step = st.next();
        if F::is_done(step) {
            let msg = st.completed();
            // The result goes to standard output once (the CLI prints it), not also here.
            let _ = journal.write("finish", "completed", None, &msg, state_json(st));
            return Ok(Outcome::Completed(msg));
        }
        let name = F::name(step);
        env.say(&format!("[{name}]"));
        // Ctrl-C (or SIGTERM) during the step says where things are and how to go on.
        let _on_interrupt =
            crate::interrupt::StopMessage::set(&st.interrupted_at(step, &journal.id));
        match st.run(env, journal, step) {
            Ok(StepResult::Next) => st.set_next(st.after(step)),
            Ok(StepResult::Goto(s)) => st.set_next(s),
            Ok(StepResult::Stop(msg)) => {
                let msg = st.on_stop(env, journal, step, msg);
                return Ok(stop(journal, st, msg));
            }
            Err(WfError::Backend(e)) => {
                let msg = format!(
                    "step {name} failed: {e}. raidctl made no further change; check `raidctl status` and the bay before resuming"
                );
                return Ok(stop(journal, st, msg));
            }
            Err(WfError::Journal(e)) => {
                return Ok(journal_failed_at(journal, &name, &st.where_now(), &e));
            }
            Err(e) => return Err(e),
        }
        if let Err(e) = journal.write(&name, "verified", None, "", state_json(st)) {
            return Ok(journal_failed_at(journal, &name, &st.where_now(), &e));
        }
    }
}
