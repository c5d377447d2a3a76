//! The smaller changes (hot spares, locate, drive state, foreign configurations, VD create,
//! delete and policy, adapter settings, osd-prep's VDs and JBODs) as flows on the one executor
//! ([`super::engine`]): plan with the exact vendor commands, confirm, the adapter lock, then
//! one journaled step per operation, each reading the live state first (an operation whose
//! outcome already shows is not run again; the guards of the operation are checked there,
//! so a resume checks them again), and a last step checking that the change took effect.
//! `raidctl resume ID` continues one after a crash from its journaled [`ChangeState`].

use super::engine::{self, Flow, StepResult, state_json};
use super::guards as g;
use super::journal::{self, Journal};
use super::vdpolicy::{self, Leeway};
use super::{AdapterLock, Env, Outcome, WfError, run_op};
use crate::backend::ops::{NewVd, Op};
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, FirmwareState, VdPolicy};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The placeholder target id of a VD that does not exist yet (plans show it as `<new VD>`).
pub const NEW_VD: u32 = 9999;

/// What the state must show once a change's operations ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "expect", rename_all = "kebab-case")]
pub enum Expect {
    /// The drive is in one of these states.
    DriveState {
        /// Adapter.
        adapter: u32,
        /// Bay.
        drive: DriveAddress,
        /// Any of these.
        states: Vec<FirmwareState>,
    },
    /// No drive of the adapter shows a foreign configuration.
    ForeignGone {
        /// Adapter.
        adapter: u32,
    },
    /// The adapter's rebuild rate reads this.
    RebuildRate {
        /// Adapter.
        adapter: u32,
        /// Percent.
        percent: u8,
    },
    /// The VD is gone.
    VdGone {
        /// Adapter.
        adapter: u32,
        /// Target id.
        target: u32,
    },
    /// The VD runs this policy (in the parts set).
    VdPolicy {
        /// Adapter.
        adapter: u32,
        /// Target id.
        target: u32,
        /// The policy.
        want: VdPolicy,
        /// What the read-back may show instead.
        leeway: Leeway,
    },
    /// A VD that was not there before spans these drives, all Online, with this policy and
    /// name.
    NewVd {
        /// Adapter.
        adapter: u32,
        /// Its drives.
        members: Vec<DriveAddress>,
        /// Its policy.
        want: VdPolicy,
        /// What the read-back may show instead.
        leeway: Leeway,
        /// Its name, when one was given.
        name: Option<String>,
    },
}

/// What follows the creation of a VD, on the new VD (its target id is known only once it
/// exists): its disk cache and its name, which the tools' create commands do not take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterCreate {
    /// The drives' cache: `None` leaves it as the drive has it.
    pub disk_cache: Option<bool>,
    /// The VD's name.
    pub name: Option<String>,
}

impl AfterCreate {
    /// The operations on VD `target` (the plan's `NEW_VD` until it exists).
    pub fn ops(&self, adapter: u32, target: u32) -> Vec<Op> {
        let mut ops = Vec::new();
        if let Some(enabled) = self.disk_cache {
            ops.push(Op::LdDiskCache {
                adapter,
                target,
                enabled,
            });
        }
        if let Some(name) = &self.name {
            ops.push(Op::LdName {
                adapter,
                target,
                name: name.clone(),
            });
        }
        ops
    }
}

/// One planned change: ops, a confirmation question, what must show afterwards.
#[derive(Debug, Clone)]
pub struct Change {
    /// Workflow name for the journal.
    pub name: String,
    /// What is being changed (journal file name, messages).
    pub target: String,
    /// Adapter to lock.
    pub adapter: u32,
    /// Operations in order.
    pub ops: Vec<Op>,
    /// What follows each VD the operations create ([`AfterCreate`]).
    pub after_create: Option<AfterCreate>,
    /// Warnings shown before confirming.
    pub warnings: Vec<String>,
    /// Extra words the operator must type to confirm (e.g. a serial); `None` for y/N.
    pub typed_confirmation: Option<String>,
    /// Whether to ask at all (read-only-ish changes like locate do not ask).
    pub ask: bool,
    /// What the state must show after all operations.
    pub expect: Vec<Expect>,
}

/// The steps of a change. Journaled names: `op-N` (1-based), `follow`, `verify`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeStep {
    /// Run operation N (0-based).
    Op(usize),
    /// Add the operations that follow each new VD ([`AfterCreate`]).
    Follow,
    /// Check what must show ([`Expect`]).
    Verify,
    /// Finished.
    Done,
}

/// A change's journaled state: what `raidctl resume` continues from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeState {
    /// The workflow (`ld-create`, `hotspare-add`, `osd-prep`, ...); its presence tells a
    /// change's journal from a replacement's.
    pub change: String,
    /// What is changed (messages).
    pub target: String,
    /// The adapter (locked while steps run).
    pub adapter: u32,
    /// The operations: the change's own, then those [`ChangeStep::Follow`] added.
    pub ops: Vec<Op>,
    /// How many of `ops` are the change's own.
    pub own: usize,
    /// What follows each new VD.
    pub after_create: Option<AfterCreate>,
    /// Whether [`ChangeStep::Follow`] added its operations.
    pub followed: bool,
    /// The VDs of the adapter before the change (a new VD is one not among them).
    pub before: Vec<u32>,
    /// What must show at the end.
    pub expect: Vec<Expect>,
    /// The step to run next.
    pub next: ChangeStep,
}

impl ChangeState {
    /// The steps, as far as they are known (the follow step adds operations).
    fn steps(&self) -> Vec<ChangeStep> {
        let mut v: Vec<ChangeStep> = (0..self.own).map(ChangeStep::Op).collect();
        if self.after_create.is_some() {
            v.push(ChangeStep::Follow);
        }
        v.extend((self.own..self.ops.len()).map(ChangeStep::Op));
        v.push(ChangeStep::Verify);
        v
    }

    /// Runs operation `i`: the live state first (already so: nothing runs), then its guards.
    fn op(
        &mut self,
        env: &mut Env<'_>,
        journal: &mut Journal,
        i: usize,
    ) -> Result<StepResult<ChangeStep>, WfError> {
        let Some(op) = self.ops.get(i).cloned() else {
            return Ok(StepResult::Stop(format!(
                "the journal names operation {} of {}: it is not a journal raidctl wrote",
                i + 1,
                self.ops.len()
            )));
        };
        let snap = env.ops.snapshot()?;
        if already(&op, &snap, &self.before) {
            env.say(&format!(
                "  already so, not run again: {}",
                env.ops.command_line(&op)
            ));
            return Ok(StepResult::Next);
        }
        if let Some(why) = refused(&op, &snap) {
            return Ok(StepResult::Stop(format!(
                "refused: {why}; nothing further was changed"
            )));
        }
        let name = ChangeState::name(ChangeStep::Op(i));
        match run_op(env, journal, &name, &op, state_json(self)) {
            Ok(()) => Ok(StepResult::Next),
            Err(WfError::Backend(e)) => {
                Ok(StepResult::Stop(format!("{e}; no further change was made")))
            }
            Err(e) => Err(e),
        }
    }

    /// Adds the operations on each new VD.
    fn follow(&mut self, env: &Env<'_>) -> Result<StepResult<ChangeStep>, WfError> {
        let Some(after) = self.after_create.clone().filter(|_| !self.followed) else {
            return Ok(StepResult::Next);
        };
        let snap = env.ops.snapshot()?;
        let mut more = Vec::new();
        for op in &self.ops[..self.own] {
            if let Op::LdCreate(NewVd { adapter, spans, .. }) = op {
                let members: Vec<DriveAddress> = spans.iter().flatten().copied().collect();
                let Some(t) = new_vd(&snap, *adapter, &members, &self.before) else {
                    return Ok(StepResult::Stop(format!(
                        "{} ran but no new VD appeared on {}; no further change was made",
                        self.change,
                        members
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    )));
                };
                more.extend(after.ops(*adapter, t));
            }
        }
        self.ops.extend(more);
        self.followed = true;
        Ok(StepResult::Next)
    }

    /// Checks what must show.
    fn verify(&self, env: &Env<'_>) -> Result<StepResult<ChangeStep>, WfError> {
        let snap = env.ops.snapshot()?;
        for e in &self.expect {
            if let Err(why) = shows(e, &snap, &self.before) {
                return Ok(StepResult::Stop(format!(
                    "{} ran but the state does not show it: {why}",
                    self.change
                )));
            }
        }
        Ok(StepResult::Next)
    }
}

impl Flow for ChangeState {
    type Step = ChangeStep;
    fn next(&self) -> ChangeStep {
        self.next
    }
    fn set_next(&mut self, step: ChangeStep) {
        self.next = step;
    }
    fn after(&self, step: ChangeStep) -> ChangeStep {
        let list = self.steps();
        list.iter()
            .position(|s| *s == step)
            .and_then(|i| list.get(i + 1).copied())
            .unwrap_or(ChangeStep::Done)
    }
    fn is_done(step: ChangeStep) -> bool {
        step == ChangeStep::Done
    }
    fn name(step: ChangeStep) -> Cow<'static, str> {
        match step {
            ChangeStep::Op(i) => format!("op-{}", i + 1).into(),
            ChangeStep::Follow => "follow".into(),
            ChangeStep::Verify => "verify".into(),
            ChangeStep::Done => "done".into(),
        }
    }
    fn run(
        &mut self,
        env: &mut Env<'_>,
        journal: &mut Journal,
        step: ChangeStep,
    ) -> Result<StepResult<ChangeStep>, WfError> {
        match step {
            ChangeStep::Op(i) => self.op(env, journal, i),
            ChangeStep::Follow => self.follow(env),
            ChangeStep::Verify => self.verify(env),
            ChangeStep::Done => Ok(StepResult::Next),
        }
    }
    fn completed(&self) -> String {
        format!("{}: done and verified", self.change)
    }
    fn interrupted_at(&self, step: ChangeStep, journal_id: &str) -> String {
        format!(
            "{} of {} interrupted during step {}: the operations before it ran; continue with `raidctl resume {journal_id}`",
            self.change,
            self.target,
            ChangeState::name(step)
        )
    }
    fn where_now(&self) -> String {
        format!(
            "{} of {} ran up to step {}",
            self.change,
            self.target,
            ChangeState::name(self.next)
        )
    }
}

/// The VD of `adapter` that was not among `before` and spans exactly `members`.
pub fn new_vd(
    snap: &Snapshot,
    adapter: u32,
    members: &[DriveAddress],
    before: &[u32],
) -> Option<u32> {
    snap.logical_drives
        .iter()
        .find(|l| {
            l.adapter == adapter
                && !before.contains(&l.target_id)
                && l.members.len() == members.len()
                && members.iter().all(|d| l.members.contains(d))
        })
        .map(|l| l.target_id)
}

fn drive_is(snap: &Snapshot, adapter: u32, d: DriveAddress, states: &[FirmwareState]) -> bool {
    snap.drive(adapter, d)
        .is_some_and(|p| states.contains(&p.firmware_state))
}

/// Whether `op`'s outcome already shows in `snap` (a resumed step that took effect before the
/// crash is not run again: a second create would make a second VD). Settings and the LED are
/// set again, which changes nothing.
fn already(op: &Op, snap: &Snapshot, before: &[u32]) -> bool {
    use FirmwareState as F;
    match op {
        Op::LdCreate(NewVd { adapter, spans, .. }) => {
            let members: Vec<DriveAddress> = spans.iter().flatten().copied().collect();
            new_vd(snap, *adapter, &members, before).is_some()
        }
        Op::LdDelete { adapter, target } => snap.logical_drive(*adapter, *target).is_none(),
        Op::MakeJbod { adapter, drive } => drive_is(snap, *adapter, *drive, &[F::Jbod]),
        Op::MakeGood { adapter, drive, .. } | Op::HotspareRemove { adapter, drive } => {
            drive_is(snap, *adapter, *drive, &[F::UnconfiguredGood])
        }
        Op::HotspareSet { adapter, drive, .. } => {
            drive_is(snap, *adapter, *drive, &[F::Hotspare, F::Rebuild])
        }
        Op::Offline { adapter, drive } => {
            drive_is(snap, *adapter, *drive, &[F::Offline, F::Failed])
        }
        Op::Online { adapter, drive } => drive_is(snap, *adapter, *drive, &[F::Online]),
        Op::RebuildStart { adapter, drive } => {
            drive_is(snap, *adapter, *drive, &[F::Rebuild, F::Online])
        }
        Op::ForeignImport {
            adapter,
            index: None,
        }
        | Op::ForeignClear {
            adapter,
            index: None,
        } => !foreign_left(snap, *adapter),
        _ => false,
    }
}

/// The guard an operation answers to at the moment it would run, on the live state (the
/// same checks the commands make before their plan: a resume, or osd-prep, meets them too).
fn refused(op: &Op, snap: &Snapshot) -> Option<String> {
    match op {
        Op::LdCreate(NewVd { adapter, spans, .. }) => {
            let drives: Vec<DriveAddress> = spans.iter().flatten().copied().collect();
            ld_create_refused(snap, *adapter, &drives)
        }
        Op::MakeJbod { adapter, drive } => match snap.drive(*adapter, *drive) {
            Some(p)
                if p.firmware_state == FirmwareState::UnconfiguredGood
                    && p.foreign != Some(true) =>
            {
                None
            }
            Some(p) => Some(format!(
                "[{}] {drive} is {}: only an Unconfigured(good) drive without foreign metadata becomes JBOD",
                g::LD_CREATE_DRIVES,
                p.firmware_state
            )),
            None => Some(format!("no drive {drive} on adapter {adapter}")),
        },
        _ => None,
    }
}

/// Why `drives` cannot make a VD on `adapter` of `snap`, if they cannot: each must be
/// Unconfigured(good) without foreign metadata, and the adapter must hold no preserved cache
/// (the firmware refuses, 0x54; discarding it loses what a missing VD had not written).
pub fn ld_create_refused(snap: &Snapshot, adapter: u32, drives: &[DriveAddress]) -> Option<String> {
    for d in drives {
        match snap.drive(adapter, *d) {
            Some(p)
                if p.firmware_state == FirmwareState::UnconfiguredGood
                    && p.foreign != Some(true) => {}
            Some(p) => {
                return Some(format!(
                    "[{}] {d} is {}{}: every drive must be Unconfigured(good) without foreign metadata",
                    g::LD_CREATE_DRIVES,
                    p.firmware_state,
                    if p.foreign == Some(true) {
                        " (foreign)"
                    } else {
                        ""
                    }
                ));
            }
            None => return Some(format!("no drive {d} on adapter {adapter}")),
        }
    }
    if snap
        .adapters
        .iter()
        .any(|a| a.adapter == adapter && a.offline_vd_cache_preserved == Some(true))
    {
        return Some(format!(
            "[{}] the adapter holds preserved cache for a missing VD: creating a VD is refused by the firmware (0x54) until it is dealt with; bring the VD's drives back or import them",
            g::LD_CREATE_PINNED
        ));
    }
    None
}

fn foreign_left(snap: &Snapshot, adapter: u32) -> bool {
    snap.physical_drives
        .iter()
        .any(|p| p.adapter == adapter && p.foreign == Some(true))
}

/// Whether `snap` shows `e`; `Err` says what it shows instead.
fn shows(e: &Expect, snap: &Snapshot, before: &[u32]) -> Result<(), String> {
    match e {
        Expect::DriveState {
            adapter,
            drive,
            states,
        } => match snap.drive(*adapter, *drive).map(|p| &p.firmware_state) {
            Some(s) if states.contains(s) => Ok(()),
            Some(s) => Err(format!("{drive} is {s}")),
            None => Err(format!("{drive} is gone")),
        },
        Expect::ForeignGone { adapter } if foreign_left(snap, *adapter) => {
            Err("drives still show a foreign configuration".into())
        }
        Expect::ForeignGone { .. } => Ok(()),
        Expect::RebuildRate { adapter, percent } => {
            match snap
                .adapters
                .iter()
                .find(|a| a.adapter == *adapter)
                .and_then(|a| a.rebuild_rate_pct)
            {
                Some(p) if p == *percent => Ok(()),
                other => Err(format!("rebuild rate reads {other:?}")),
            }
        }
        Expect::VdGone { adapter, target } => match snap.logical_drive(*adapter, *target) {
            Some(_) => Err("the VD is still there".into()),
            None => Ok(()),
        },
        Expect::VdPolicy {
            adapter,
            target,
            want,
            leeway,
        } => {
            let ld = snap
                .logical_drive(*adapter, *target)
                .ok_or("the VD is gone")?;
            vdpolicy::differences(&VdPolicy::of(ld), want, *leeway)
        }
        Expect::NewVd {
            adapter,
            members,
            want,
            leeway,
            name,
        } => {
            let t = new_vd(snap, *adapter, members, before).ok_or("no new VD appeared")?;
            let ld = snap
                .logical_drive(*adapter, t)
                .ok_or("no new VD appeared")?;
            if !members
                .iter()
                .all(|d| drive_is(snap, *adapter, *d, &[FirmwareState::Online]))
            {
                return Err(format!("VD {t}'s drives are not all Online"));
            }
            vdpolicy::differences(&VdPolicy::of(ld), want, *leeway)
                .map_err(|d| format!("VD {t}'s policy differs: {d}"))?;
            match name {
                Some(n) if ld.name.as_deref() != Some(n.as_str()) => Err(format!(
                    "VD {t} is named {:?}, not {n}",
                    ld.name.clone().unwrap_or_default()
                )),
                _ => Ok(()),
            }
        }
    }
}

/// The command line of `op` as a plan shows it: the placeholder target id of an operation on
/// a VD that does not exist yet as `<new VD>`.
fn plan_line(env: &Env<'_>, op: &Op) -> String {
    env.ops
        .command_line(op)
        .replace("-L9999", "-L<new VD>")
        .replace("/v9999", "/v<new VD>")
        .replace("vdisk=9999", "vdisk=<new VD>")
}

/// The operations a plan shows: the change's own, then those on each new VD.
fn planned(change: &Change) -> Vec<Op> {
    let mut ops = change.ops.clone();
    if let Some(after) = &change.after_create {
        for op in &change.ops {
            if let Op::LdCreate(NewVd { adapter, .. }) = op {
                ops.extend(after.ops(*adapter, NEW_VD));
            }
        }
    }
    ops
}

/// Plans, confirms, locks, journals, applies and verifies a [`Change`] through the executor.
///
/// # Errors
/// Lock, journal, or backend errors before anything ran.
pub fn apply_change(env: &mut Env<'_>, change: Change) -> Result<Outcome, WfError> {
    let planned = planned(&change);
    if let Some(op) = planned.iter().find(|op| !env.ops.supports(op)) {
        return Ok(Outcome::Stopped(cannot(env, op)));
    }
    env.say("Plan:");
    for op in &planned {
        let line = plan_line(env, op);
        env.say(&format!("  {line}"));
        if let Some(p) = env.opts.plan.as_mut() {
            p.title = "Plan:".to_owned();
            p.push(
                None,
                super::plan::phase_of_op(op),
                &op_words(op),
                Some(line),
            );
        }
    }
    for w in &change.warnings {
        env.say(&format!("  WARN {w}"));
    }
    if let Some(p) = env.opts.plan.as_mut() {
        p.title = "Plan:".to_owned();
        p.warnings.clone_from(&change.warnings);
    }
    if env.opts.dry_run {
        return Ok(Outcome::Completed("dry run: nothing was changed".into()));
    }
    if change.ask && !confirmed(env, &change) {
        return Ok(Outcome::Stopped(
            "not confirmed; nothing was changed".into(),
        ));
    }
    let _lock = AdapterLock::acquire_env(env, change.adapter, &change.name)?;
    run_held(env, change)
}

/// Journals and runs a planned and confirmed [`Change`] under its adapter's lock, which the
/// caller holds.
///
/// # Errors
/// Journal or backend errors before anything ran.
pub fn run_held(env: &mut Env<'_>, change: Change) -> Result<Outcome, WfError> {
    // The VDs there are before anything runs, read under the lock: a VD not among them is
    // this change's.
    let before = env
        .ops
        .snapshot()?
        .logical_drives
        .iter()
        .filter(|l| l.adapter == change.adapter)
        .map(|l| l.target_id)
        .collect();
    let mut st = ChangeState {
        own: change.ops.len(),
        change: change.name,
        target: change.target,
        adapter: change.adapter,
        ops: change.ops,
        after_create: change.after_create,
        followed: false,
        before,
        expect: change.expect,
        next: ChangeStep::Op(0),
    };
    let mut journal = Journal::create(&env.state_dir, &st.change, &st.target)
        .map_err(|e| WfError::Io(format!("cannot create journal: {e}")))?;
    journal
        .write("start", "started", None, &st.target, state_json(&st))
        .map_err(|e| WfError::Io(e.to_string()))?;
    engine::drive(env, &mut journal, &mut st)
}

/// Why the backend cannot run `op`, and which can.
fn cannot(env: &Env<'_>, op: &Op) -> String {
    let others: Vec<&str> = ["megacli", "storcli"]
        .into_iter()
        .filter(|b| *b != env.ops.name())
        .collect();
    format!(
        "the {} backend cannot do this ({}); nothing was changed. The {} backend can (--backend {})",
        env.ops.name(),
        op_words(op),
        others.join(" or "),
        others.join("|")
    )
}

/// `LdCache` of `Op::LdCache { .. }`: which operation a backend cannot run.
fn op_words(op: &Op) -> String {
    format!("{op:?}")
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_owned()
}

fn confirmed(env: &mut Env<'_>, change: &Change) -> bool {
    match &change.typed_confirmation {
        Some(word) => {
            if env.opts.yes {
                let ok = env
                    .opts
                    .serial
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(word));
                if !ok {
                    // A drive's serial is never printed (it is to be read from the label);
                    // the fixed phrases of VD and foreign deletions are.
                    if word.starts_with("clear-") || word.starts_with("delete-vd-") {
                        env.say(&format!("unattended runs need --serial {word} to confirm"));
                    } else {
                        env.say(&format!(
                            "unattended runs need --serial SERIAL (the serial on the label of {}) to confirm",
                            change.target
                        ));
                    }
                }
                return ok;
            }
            let stop = "interrupted at the confirmation; nothing was changed";
            env.ask_typed(&format!("Type {word} to confirm:"), word, "word", stop)
                == super::Typed::Matched
        }
        None => {
            env.opts.yes
                || env.ask_yes_no(
                    "Proceed?",
                    "interrupted at the confirmation; nothing was changed",
                ) == Some(true)
        }
    }
}

/// The change state a journal's records end with, if it is a change's journal.
fn journaled(records: &[journal::Record]) -> Option<ChangeState> {
    let v = records.iter().rev().find_map(|r| r.state.as_ref())?;
    v.get("change")?;
    serde_json::from_value(v.clone()).ok()
}

/// `raidctl resume ID`: a change's journal goes on here, a replacement's in
/// [`super::replace::resume`].
///
/// # Errors
/// Journal, lock or backend errors.
pub fn resume(env: &mut Env<'_>, id: &str) -> Result<Outcome, WfError> {
    let path = journal::dir(&env.state_dir).join(format!("{id}.jsonl"));
    let read = journal::read(&path).map_err(|e| WfError::Usage(format!("no journal {id}: {e}")))?;
    let Some(mut st) = journaled(&read.records) else {
        return super::replace::resume(env, id);
    };
    for bad in &read.skipped {
        env.say(&format!("  journal {id}: {bad}"));
    }
    if read
        .records
        .last()
        .is_some_and(|r| r.step == "finish" && r.phase == "completed")
    {
        return Ok(Outcome::Completed(format!("{id} already completed")));
    }
    if let Some(op) = st.ops.iter().find(|op| !env.ops.supports(op)) {
        return Err(WfError::Usage(format!(
            "journal {id}: {}",
            cannot(env, op).replace("; nothing was changed", "")
        )));
    }
    let _lock = AdapterLock::acquire_env(env, st.adapter, &format!("{} (resume)", st.change))?;
    let mut journal =
        Journal::open(&env.state_dir, id).map_err(|e| WfError::Io(format!("journal {id}: {e}")))?;
    let at = ChangeState::name(st.next);
    journal
        .write(
            "resume",
            "started",
            None,
            &format!("resuming at {at}"),
            state_json(&st),
        )
        .map_err(|e| WfError::Io(format!("journal {id}: {e}")))?;
    env.say(&format!("Resuming {id} ({}) at step {at}", st.change));
    let outcome = engine::drive(env, &mut journal, &mut st)?;
    Ok(match outcome {
        // The run that presented the drives was to qualify them next.
        Outcome::Completed(msg) if st.change == "osd-prep" => Outcome::Completed(format!(
            "{msg}; the drives are not qualified yet: qualify each new device (`raidctl qualify DEVICE --destroy-data SERIAL`) before Ceph gets it"
        )),
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Adapter, LogicalDrive, PhysicalDrive, RaidLevel, WritePolicy};

    fn state(after: bool) -> ChangeState {
        let d = DriveAddress::new(32, 4);
        ChangeState {
            change: "ld-create".into(),
            target: "a0-raid0".into(),
            adapter: 0,
            ops: vec![Op::LdCreate(NewVd {
                adapter: 0,
                level: RaidLevel::Raid0,
                spans: vec![vec![d]],
                write: WritePolicy::WriteBack,
                read: crate::model::ReadPolicy::NoReadAhead,
                io: None,
                strip_kib: None,
            })],
            own: 1,
            after_create: after.then(|| AfterCreate {
                disk_cache: Some(false),
                name: Some("osd-1".into()),
            }),
            followed: false,
            before: vec![0],
            expect: Vec::new(),
            next: ChangeStep::Op(0),
        }
    }

    /// The list grows at the follow step; the state survives the journal's JSON.
    #[test]
    fn steps_and_names() {
        let mut st = state(true);
        assert_eq!(st.after(ChangeStep::Op(0)), ChangeStep::Follow);
        assert_eq!(st.after(ChangeStep::Follow), ChangeStep::Verify);
        st.ops.extend(st.after_create.clone().unwrap().ops(0, 1));
        assert_eq!(st.after(ChangeStep::Follow), ChangeStep::Op(1));
        assert_eq!(st.after(ChangeStep::Op(2)), ChangeStep::Verify);
        assert_eq!(st.after(ChangeStep::Verify), ChangeStep::Done);
        assert_eq!(ChangeState::name(ChangeStep::Op(1)), "op-2");
        let v = state_json(&st).unwrap();
        assert_eq!(journaled(&[record(v)]), Some(st));
        assert_eq!(state(false).after(ChangeStep::Op(0)), ChangeStep::Verify);
        // A replacement's state is not a change's.
        assert_eq!(
            journaled(&[record(serde_json::json!({"adapter": 0}))]),
            None
        );
    }

    fn record(state: serde_json::Value) -> journal::Record {
        journal::Record {
            at: 1,
            step: "op-1".into(),
            phase: "done".into(),
            command: None,
            detail: String::new(),
            state: Some(state),
        }
    }

    /// A create that took effect is not run again; pinned cache refuses one that did not.
    #[test]
    fn a_create_already_made_is_not_repeated_and_pinned_cache_refuses() {
        let st = state(false);
        let d = DriveAddress::new(32, 4);
        let mut snap = Snapshot {
            adapters: vec![Adapter {
                adapter: 0,
                offline_vd_cache_preserved: Some(true),
                ..Adapter::default()
            }],
            physical_drives: vec![PhysicalDrive {
                adapter: 0,
                enclosure_id: Some(32),
                slot: 4,
                firmware_state: FirmwareState::UnconfiguredGood,
                ..PhysicalDrive::default()
            }],
            ..Snapshot::default()
        };
        assert!(!already(&st.ops[0], &snap, &st.before));
        let why = refused(&st.ops[0], &snap).unwrap();
        assert!(why.starts_with("[ld-create-pinned-cache]"), "{why}");
        snap.logical_drives.push(LogicalDrive {
            adapter: 0,
            target_id: 1,
            members: vec![d],
            ..LogicalDrive::default()
        });
        assert!(already(&st.ops[0], &snap, &st.before));
        // The VD that was there before is not the new one.
        assert!(!already(&st.ops[0], &snap, &[0, 1]));
    }
}
