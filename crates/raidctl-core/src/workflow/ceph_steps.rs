//! The Ceph steps around a replacement of an OSD's drive (`replace-drive --osd N`): ask
//! whether the OSD may stop, mark it out, wait until Ceph says it is safe to destroy and the
//! cluster is back to full redundancy, stop the daemon, destroy the OSD keeping its id; then,
//! after the controller flow has recreated the VD and qualified the new drive, recreate the
//! OSD with the same id in the same mode (`ceph-volume raw|lvm`), wait for it to be up and
//! in, check its CRUSH weight against the new size, and report the cluster's health.
//!
//! Ceph's answer decides, never a guess: a cluster that does not answer stops the workflow
//! where it is (resume goes on once it answers). Every call goes through the one process
//! runner with a deadline.

use super::engine::{PlanLine, StepResult, fresh, state_json};
use super::journal::Journal;
use super::replace::ReplaceState;
use super::{Env, WfError};
use crate::ceph::{Ceph, CephError, VolumePlan};
use crate::model::OsdMode;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

mod prepare;

/// How often the Ceph waits ask again.
pub(super) const CEPH_POLL: Duration = Duration::from_secs(2);
/// How long a stopped or started daemon may take to show in the OSD map.
const MAP_WAIT: Duration = Duration::from_secs(300);
/// How long ok-to-stop is asked again, at most, while the cluster settles.
const SETTLE_WAIT: Duration = Duration::from_secs(120);
/// How long every PG must stay active with Ceph still saying no before the no is final.
const SETTLE_QUIET: Duration = Duration::from_secs(30);

/// What the workflow knows of the OSD on the drive; journaled with the state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CephRecord {
    /// OSD id.
    pub osd: u32,
    /// lvm or raw, as it was: the OSD is recreated the same way.
    pub mode: OsdMode,
    /// Its uuid before the replacement.
    pub osd_fsid: Option<String>,
    /// Its main device before the replacement.
    pub device: Option<String>,
    /// A separate DB device (kept as it is).
    pub db: Option<String>,
    /// A separate WAL device (kept as it is).
    pub wal: Option<String>,
    /// CRUSH weight before.
    pub crush_weight: Option<f64>,
    /// CRUSH device class.
    pub device_class: Option<String>,
    /// Up when the workflow started.
    pub up_at_start: bool,
    /// In when the workflow started.
    pub in_at_start: bool,
    /// How long to wait for safe-to-destroy.
    pub drain_timeout_s: u64,
    /// Set the CRUSH weight to the new drive's size when they differ.
    pub reweight: bool,
    /// The recreated OSD's uuid.
    #[serde(default)]
    pub new_fsid: Option<String>,
    /// The cluster's state once the OSD was back.
    #[serde(default)]
    pub report: Option<String>,
    /// Out already and drained when the replacement began (Ceph's devicehealth marks the
    /// OSD of a failing drive out by itself, and the data has left): the drain is skipped,
    /// after one look that it still holds ([`super::ceph_drain::drain`]).
    #[serde(default)]
    pub drained_at_start: bool,
    /// A cephadm OSD: the orchestrator's steps apply ([`super::cephadm`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cephadm: Option<super::cephadm::CephadmRecord>,
}

pub(super) fn ceph<'e>(env: &'e Env<'_>) -> Result<&'e Ceph, WfError> {
    env.ceph
        .as_ref()
        .ok_or_else(|| WfError::Usage("this replacement needs the Ceph client".into()))
}

pub(super) fn rec(st: &ReplaceState) -> Result<&CephRecord, WfError> {
    st.ceph
        .as_ref()
        .ok_or_else(|| WfError::Usage("this replacement has no OSD record".into()))
}

/// A Ceph call's failure as a safe stop: an unreachable cluster waits for resume; a refusal
/// quotes Ceph.
/// How long a wait step keeps asking through answers that change by asking again (a mon
/// election, `EAGAIN` while PG stats come in) before it stops as when Ceph is away.
const BLIP: Duration = Duration::from_secs(20);

/// An answer that may be different a moment later: `EAGAIN`, a mon that did not answer in
/// time. A refusal (`EBUSY`, `EINVAL`, ...) is an answer and is not asked again.
fn transient(e: &CephError) -> bool {
    match e {
        CephError::Refused { code, errno, .. } => {
            *code == crate::ceph::client::EXIT_EAGAIN || errno.as_deref() == Some("EAGAIN")
        }
        CephError::Unreachable { .. } | CephError::Timeout { .. } => true,
        _ => false,
    }
}

/// Tracks transient failures of a wait loop: `Ok(true)` to ask again after a poll, `Ok(false)`
/// when `e` is final (or the blip lasted longer than [`BLIP`]).
pub(super) struct Blips {
    since: Option<Instant>,
    said: bool,
    /// Asks so far in this blip: the pause doubles with each (1, 2, 4, 8 s), so a mon
    /// election is not hammered and a short blip costs a second.
    tries: u32,
}

impl Blips {
    pub(super) fn new() -> Self {
        Self {
            since: None,
            said: false,
            tries: 0,
        }
    }

    pub(super) fn again(&mut self, env: &mut Env<'_>, e: &CephError, what: &str) -> bool {
        if !transient(e) {
            return false;
        }
        let since = *self.since.get_or_insert_with(Instant::now);
        if since.elapsed() >= BLIP {
            return false;
        }
        if !self.said {
            env.say(&format!(
                "  Ceph did not answer while {what} ({e}): asking again for up to {} s",
                BLIP.as_secs()
            ));
            self.said = true;
        }
        let pause = Duration::from_secs(1 << self.tries.min(3));
        self.tries += 1;
        std::thread::sleep(pause.min(BLIP.saturating_sub(since.elapsed())));
        true
    }

    pub(super) fn answered(&mut self) {
        self.since = None;
        self.said = false;
        self.tries = 0;
    }
}

pub(super) fn stop_on(
    e: &CephError,
    what: &str,
    journal: &Journal,
    st: &ReplaceState,
) -> StepResult {
    let bay = super::engine::bay_state(st);
    if e.is_unavailable() {
        StepResult::Stop(format!(
            "Ceph did not answer while {what} ({e}): raidctl goes on only with Ceph's word. Nothing further was changed; {bay}. Once the cluster answers (`ceph -s`), continue with `raidctl resume {}`",
            journal.id
        ))
    } else {
        StepResult::Stop(format!(
            "Ceph refused while {what}: {e}. Nothing further was changed; {bay}. Look at `ceph -s` and `ceph osd tree`, then `raidctl resume {}`",
            journal.id
        ))
    }
}

/// Runs a Ceph command with `planned`/`done` records around it, as [`super::run_op`] does
/// for vendor commands.
pub(super) fn journaled<T>(
    journal: &mut Journal,
    st: &ReplaceState,
    step: &str,
    line: String,
    env_out: &mut dyn std::io::Write,
    f: impl FnOnce() -> Result<T, CephError>,
) -> Result<Result<T, CephError>, WfError> {
    journal
        .write(step, "planned", Some(line.clone()), "", state_json(st))
        .map_err(WfError::Journal)?;
    let _ = writeln!(env_out, "  running: {line}");
    let r = f();
    match &r {
        Ok(_) => journal
            .write(step, "done", None, "", state_json(st))
            .map_err(WfError::Journal)?,
        Err(e) => {
            let _ = journal.write(step, "failed", None, &e.to_string(), state_json(st));
        }
    }
    Ok(r)
}

/// [`journaled`] for an idempotent command, asked again through a blip ([`Blips`]); the stop
/// when it failed for good.
pub(super) fn journaled_again<T>(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    step: &str,
    line: &str,
    what: &str,
    f: impl Fn() -> Result<T, CephError>,
) -> Result<Option<StepResult>, WfError> {
    let mut blips = Blips::new();
    loop {
        match journaled(journal, st, step, line.to_owned(), env.out, &f)? {
            Ok(_) => return Ok(None),
            Err(e) if blips.again(env, &e, what) => {}
            Err(e) => return Ok(Some(stop_on(&e, what, journal, st))),
        }
    }
}

pub(super) fn line(c: &Ceph, args: &[&str]) -> String {
    crate::ceph::client::display_argv(std::path::Path::new("ceph"), &c.ceph_args(args, false))
}

/// The `ceph` command line a plan shows: with this host's options when a client is set up.
fn plan_line(env: &Env<'_>, args: &[&str]) -> String {
    env.ceph
        .as_ref()
        .map_or_else(|| format!("ceph {}", args.join(" ")), |c| line(c, args))
}

/// The OSD id and the client, for a step that talks to Ceph.
/// On a cephadm host, `ceph-volume` is `cephadm ceph-volume` for the OSD's cluster.
pub(super) fn osd_and_client(env: &Env<'_>, st: &ReplaceState) -> Result<(u32, Ceph), WfError> {
    let r = rec(st)?;
    let c = ceph(env)?;
    Ok((
        r.osd,
        match &r.cephadm {
            Some(a) => c.via_cephadm(&a.fsid, None),
            None => c.clone(),
        },
    ))
}

/// `osd.N` up and in, from the OSD map.
pub(super) fn up_in(c: &Ceph, id: u32) -> Result<(bool, bool, bool), CephError> {
    let dump = c.osd_dump()?;
    Ok(dump.osd(id).map_or((false, false, false), |o| {
        (o.up == 1, o.is_in == 1, o.destroyed())
    }))
}

pub(super) fn plan_ok_to_stop(st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    if !r.up_at_start {
        return vec![PlanLine::say(format!(
            "osd.{} is down already (the drive died): nothing to stop",
            r.osd
        ))];
    }
    vec![PlanLine::say(format!(
        "ask Ceph whether osd.{} may stop (`ceph osd ok-to-stop {}`): no means nothing changes",
        r.osd, r.osd
    ))]
}

/// `ceph osd ok-to-stop N` for an OSD that still runs.
pub(super) fn ok_to_stop(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    match up_in(&c, id) {
        Ok((false, ..)) => {
            env.say(&format!("  osd.{id} is down: nothing to ask"));
            return Ok(StepResult::Next);
        }
        Ok(_) => {}
        Err(e) => return Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
    // PGs that are peering (a pool setting changed, an OSD came back) are inactive for a
    // moment, and ok-to-stop counts them; the mgr that answers also takes a moment to see a
    // new OSD map. So a "no" is final only once every PG has stayed active for SETTLE_QUIET
    // while Ceph kept saying no (or after SETTLE_WAIT in all): a transient never sends the
    // operator away, and a cluster that really needs the OSD gets its "no" within half a minute.
    let settle = Instant::now();
    let mut quiet_since = Instant::now();
    let mut said = false;
    let mut blips = Blips::new();
    let mut said_behind = false;
    loop {
        // The mgr answers ok-to-stop from its PG stats, which trail the OSD map: right after
        // another OSD went down they still show its copies, and the answer was a wrong yes.
        // Ask once they have caught up (or after SETTLE_WAIT, as for any settling).
        match pgs_caught_up(&c, id) {
            Ok(true) => {}
            Ok(false) if settle.elapsed() < SETTLE_WAIT => {
                if !said_behind {
                    env.say("  Ceph's PG stats trail its OSD map (an OSD changed state a moment ago): asking once they have caught up");
                    said_behind = true;
                }
                std::thread::sleep(CEPH_POLL);
                continue;
            }
            Ok(false) => {}
            Err(e) if blips.again(env, &e, "reading the PGs") => continue,
            Err(e) => return Ok(stop_on(&e, "reading the PGs", journal, st)),
        }
        let a = match c.osd_ok_to_stop(id) {
            Ok(a) => a,
            Err(e) if blips.again(env, &e, "asking ok-to-stop") => continue,
            Err(e) => return Ok(stop_on(&e, "asking ok-to-stop", journal, st)),
        };
        blips.answered();
        if a.ok_to_stop {
            env.say(&format!(
                "  Ceph: osd.{id} may stop ({} PGs stay active, {} become degraded)",
                a.num_ok_pgs,
                a.ok_become_degraded.len()
            ));
            return Ok(StepResult::Next);
        }
        let inactive = match c.status() {
            Ok(s) => s.pgmap.num_pgs.saturating_sub(s.pgs_with("active")),
            Err(e) => return Ok(stop_on(&e, "reading the cluster status", journal, st)),
        };
        if inactive > 0 {
            quiet_since = Instant::now();
        }
        if quiet_since.elapsed() < SETTLE_QUIET && settle.elapsed() < SETTLE_WAIT {
            if !said {
                env.say(&format!(
                    "  Ceph: not now ({} PG(s) would become inactive, {inactive} not active yet): asking again while the cluster settles (up to {} s)",
                    a.num_not_ok_pgs,
                    SETTLE_WAIT.as_secs()
                ));
                said = true;
            }
            std::thread::sleep(CEPH_POLL);
            continue;
        }
        let pgs: Vec<_> = a.bad_become_inactive.iter().take(5).cloned().collect();
        let which = if pgs.is_empty() {
            String::new()
        } else {
            format!(" ({})", pgs.join(" "))
        };
        // Why, as far as the OSD map tells: other OSDs down make this one's copies the last.
        let down: Vec<String> = c
            .osd_dump()
            .map(|d| {
                d.osds
                    .iter()
                    .filter(|o| o.osd != id && o.up == 0 && !o.destroyed())
                    .map(|o| format!("osd.{}", o.osd))
                    .collect()
            })
            .unwrap_or_default();
        let (cause, next) = match down.first() {
            None => (
                "its PGs have fewer copies elsewhere than their pools' min_size needs".to_owned(),
                format!(
                    "To drain it while it still runs: `ceph osd out {id}`, wait until `ceph -s` shows no PG degraded or backfilling, then `raidctl resume {}`",
                    journal.id
                ),
            ),
            Some(first) => (
                format!(
                    "{} down: osd.{id} holds the only active copy of those PGs",
                    down.join(", ")
                ),
                format!(
                    "Bring {first} back first (`systemctl start ceph-osd@{}`, or its container), wait until `ceph -s` shows it up, then `raidctl resume {}`",
                    first.trim_start_matches("osd."),
                    journal.id
                ),
            ),
        };
        return Ok(StepResult::Stop(format!(
            "[{}] Ceph says stopping osd.{id} now would leave {} PG(s) inactive{which} ({cause}): nothing was changed on the controller; {}. {next}",
            super::guards::CEPH_OK_TO_STOP,
            a.num_not_ok_pgs,
            super::engine::bay_state(st),
        )));
    }
}

/// Whether the mgr's PG view agrees with the OSD map: no PG's acting set names an OSD
/// other than `id` the map shows down, and none is peering, activating, unknown or stale.
fn pgs_caught_up(c: &Ceph, id: u32) -> Result<bool, CephError> {
    let dump = c.osd_dump()?;
    let pgs = c.pg_ls()?;
    let down: std::collections::BTreeSet<i64> = dump
        .osds
        .iter()
        .filter(|o| o.up == 0 && o.osd != id)
        .map(|o| i64::from(o.osd))
        .collect();
    Ok(pgs.iter().all(|pg| {
        !pg.acting.iter().any(|o| down.contains(o))
            && !pg
                .state
                .split('+')
                .any(|w| matches!(w, "peering" | "activating" | "unknown" | "stale"))
    }))
}

pub(super) fn plan_out(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    if !r.in_at_start {
        return vec![PlanLine::say(format!(
            "osd.{} is out already (Ceph moved or is moving its data): nothing to mark",
            r.osd
        ))];
    }
    let cmd = plan_line(env, &["osd", "out", &r.osd.to_string()]);
    vec![PlanLine::say(format!(
        "mark osd.{} out (Ceph moves its data to the other OSDs)\n       {cmd}",
        r.osd
    ))]
}

/// `ceph osd out N`.
pub(super) fn out(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    match up_in(&c, id) {
        Ok((_, false, _)) => {
            env.say(&format!("  osd.{id} is out already"));
            return Ok(StepResult::Next);
        }
        Ok(_) => {}
        Err(e) => return Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
    let l = line(&c, &["osd", "out", &id.to_string()]);
    // `osd out` is idempotent: a mon election in between is asked through.
    let out = || c.osd_out(id);
    if let Some(stop) =
        journaled_again(env, journal, st, "ceph-out", &l, "marking the OSD out", out)?
    {
        return Ok(stop);
    }
    match up_in(&c, id) {
        Ok((_, false, _)) => Ok(StepResult::Next),
        Ok(_) => Ok(StepResult::Stop(format!(
            "osd.{id} is still in after `ceph osd out {id}`"
        ))),
        Err(e) => Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
}

pub(super) fn plan_stop(st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    vec![PlanLine::say(format!(
        "stop its daemon ({}) and wait until the OSD map shows it down",
        if crate::ceph::systemd_is_pid1() {
            format!("systemctl stop ceph-osd@{}", r.osd)
        } else {
            "SIGTERM to the ceph-osd pid".to_owned()
        }
    ))]
}

/// Stops the OSD's daemon (systemd where it runs, else by its pid) and waits for the OSD
/// map to show it down.
pub(super) fn stop(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let systemd = crate::ceph::systemd_is_pid1();
    match (systemd, c.osd_pid(id)) {
        (false, None) => env.say(&format!("  osd.{id}'s daemon is not running")),
        (_, pid) => {
            let l = if systemd {
                format!("systemctl stop ceph-osd@{id}")
            } else {
                format!("kill -TERM {}", pid.unwrap_or_default())
            };
            if let Err(e) = journaled(journal, st, "ceph-stop", l, env.out, || {
                c.stop_osd(id, Duration::from_secs(60))
            })? {
                return Ok(stop_on(&e, "stopping the OSD", journal, st));
            }
        }
    }
    let start = Instant::now();
    loop {
        match up_in(&c, id) {
            Ok((false, ..)) => return Ok(StepResult::Next),
            Ok(_) if start.elapsed() > MAP_WAIT => {
                return Ok(StepResult::Stop(format!(
                    "osd.{id}'s daemon is stopped but the OSD map still shows it up after {} s; nothing was changed on the controller",
                    MAP_WAIT.as_secs()
                )));
            }
            Ok(_) => std::thread::sleep(CEPH_POLL),
            Err(e) => return Ok(stop_on(&e, "reading the OSD map", journal, st)),
        }
    }
}

pub(super) fn plan_destroy(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    let cmd = plan_line(
        env,
        &[
            "osd",
            "destroy",
            &r.osd.to_string(),
            "--yes-i-really-mean-it",
        ],
    );
    vec![PlanLine::say(format!(
        "destroy osd.{}, keeping its id and CRUSH position (never purge: a new id means a second backfill); Ceph's own check refuses if it is not safe\n       {cmd}",
        r.osd
    ))]
}

/// `ceph osd destroy N --yes-i-really-mean-it` (never `--force`).
pub(super) fn destroy(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    match up_in(&c, id) {
        Ok((_, _, true)) => return Ok(StepResult::Next),
        Ok((true, ..)) => {
            return Ok(StepResult::Stop(format!(
                "[ceph-osd-up] osd.{id} is up again: raidctl never destroys an OSD Ceph reports up"
            )));
        }
        Ok(_) => {}
        Err(e) => return Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
    // The cluster may have changed since the drain (another OSD down, a resume days later).
    match super::ceph_drain::still_safe(&c, id) {
        Ok(true) => {}
        Ok(false) => {
            env.say(&format!(
                "  osd.{id} is not safe to destroy any more: waiting for the drain again"
            ));
            return Ok(StepResult::Goto(super::replace::Step::CephDrain));
        }
        Err(e) => {
            return Ok(stop_on(
                &e,
                "asking whether it is still safe to destroy",
                journal,
                st,
            ));
        }
    }
    let l = line(
        &c,
        &["osd", "destroy", &id.to_string(), "--yes-i-really-mean-it"],
    );
    // Destroying a destroyed OSD is a no-op: a mon election in between is asked through.
    let destroy = || c.osd_destroy(id);
    if let Some(stop) = journaled_again(
        env,
        journal,
        st,
        "ceph-destroy",
        &l,
        "destroying the OSD",
        destroy,
    )? {
        return Ok(stop);
    }
    match up_in(&c, id) {
        Ok((_, _, true)) => {
            env.say(&format!(
                "  osd.{id} is destroyed: its id and CRUSH position wait for the new drive"
            ));
            Ok(StepResult::Next)
        }
        Ok(_) => Ok(StepResult::Stop(format!(
            "osd.{id} is not destroyed after `ceph osd destroy`"
        ))),
        Err(e) => Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
}

/// Guard before every controller step of an OSD's replacement: Ceph must report the OSD
/// down and destroyed (the drive holds nothing Ceph needs).
pub(super) fn guard_controller(env: &Env<'_>, st: &ReplaceState) -> Option<StepResult> {
    let r = st.ceph.as_ref()?;
    let c = env.ceph.as_ref()?;
    match up_in(c, r.osd) {
        Ok((false, _, true)) => None,
        Ok((up, _, destroyed)) => Some(StepResult::Stop(format!(
            "[ceph-osd-up] Ceph reports osd.{} {}: raidctl never offlines, deletes or reuses the drive of an OSD that is not down and destroyed",
            r.osd,
            match (up, destroyed) {
                (true, _) => "up",
                _ => "not destroyed",
            }
        ))),
        Err(e) => Some(StepResult::Stop(format!(
            "Ceph did not answer before a controller step ({e}): raidctl does not touch the drive without Ceph's word; resume once the cluster answers"
        ))),
    }
}

fn volume_plan(st: &ReplaceState) -> Option<VolumePlan> {
    let r = st.ceph.as_ref()?;
    Some(VolumePlan {
        mode: r.mode,
        osd_id: r.osd,
        data: st.new_device.as_ref()?.path.clone(),
        db: r.db.clone(),
        wal: r.wal.clone(),
        device_class: r.device_class.clone(),
        no_systemd: !crate::ceph::systemd_is_pid1(),
    })
}

/// The CRUSH weight step as plans say it (the package and the cephadm flow alike).
pub(super) fn weight_check(r: &CephRecord) -> String {
    format!(
        "check its CRUSH weight ({}) against the new drive's size{}",
        r.crush_weight
            .map_or_else(|| "?".into(), |w| format!("{w:.4}")),
        if r.reweight {
            " and set it to the size (--reweight)"
        } else {
            " (say so; --reweight sets it)"
        }
    )
}

pub(super) fn plan_prepare(st: &ReplaceState) -> Vec<PlanLine> {
    let Some(r) = &st.ceph else {
        return Vec::new();
    };
    let mode = match r.mode {
        OsdMode::Lvm => "lvm",
        _ => "raw",
    };
    vec![
        PlanLine::say(format!(
            "recreate osd.{} on the new VD's device with the same id, {mode} as before{}: `ceph-volume {mode} prepare --bluestore --data <new device> --osd-id {}` (only while Ceph still shows the id destroyed: a failed prepare may purge it, and raidctl never retries blindly)",
            r.osd,
            match (&r.db, &r.wal) {
                (None, None) => String::new(),
                _ => ", with its DB/WAL device as before".to_owned(),
            },
            r.osd
        )),
        PlanLine::say(format!(
            "activate it and start its daemon (`ceph-volume {mode} activate`), mark it in, wait until it is up and in"
        )),
        PlanLine::say(format!(
            "{}, then report health, degraded objects and backfill",
            weight_check(r)
        )),
    ]
}

/// Whether `/var/lib/ceph/osd/<cluster>-N` is a mount point (the dead OSD's tmpfs stays).
fn unmount_stale_osd_dir(id: u32) -> Option<String> {
    let dir = format!("/var/lib/ceph/osd/ceph-{id}");
    let layers = || {
        std::fs::read_to_string("/proc/mounts").map_or(0, |m| {
            m.lines()
                .filter(|l| l.split(' ').nth(1) == Some(dir.as_str()))
                .count()
        })
    };
    let found = layers();
    if found == 0 {
        return None;
    }
    // A prepare cut short leaves its tmpfs over the dead OSD's: every layer goes.
    for _ in 0..found.min(16) {
        let ok = std::process::Command::new("umount")
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            break;
        }
    }
    Some(if layers() == 0 {
        format!("the dead OSD's {dir} was still mounted ({found} layer(s)): unmounted")
    } else {
        format!("the dead OSD's {dir} is still mounted and could not be unmounted")
    })
}

/// The OSD ceph-volume lists on `dev`, if any: `(id, uuid)`.
fn osd_on(c: &Ceph, dev: &str) -> Result<Option<(u32, String)>, CephError> {
    let canon = |p: &str| {
        std::fs::canonicalize(p).map_or_else(|_| p.to_owned(), |x| x.display().to_string())
    };
    let want = canon(dev);
    for o in c.raw_list()?.values() {
        if canon(&o.device) == want {
            return Ok(Some((o.osd_id, o.osd_uuid.clone())));
        }
    }
    for (id, lvs) in c.lvm_list()? {
        for lv in lvs {
            if lv.kind == "block" && lv.devices.iter().any(|d| canon(d) == want) {
                let fsid = lv.tags.get("ceph.osd_fsid").cloned().unwrap_or_default();
                return Ok(id.parse().ok().map(|i| (i, fsid)));
            }
        }
    }
    Ok(None)
}

/// A package-installed OSD (not cephadm's, whose daemon and directory live in its container).
fn r_is_package(st: &ReplaceState) -> bool {
    st.ceph.as_ref().is_none_or(|r| r.cephadm.is_none())
}

/// `ceph-volume ... prepare --osd-id N` on the new device, only while the id is destroyed.
pub(super) fn prepare(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    // The only step that runs ceph-volume: on a cephadm host, in the cluster's image (asked
    // here once, not by every step).
    let c = c.with_cluster_image();
    let Some(plan) = volume_plan(st) else {
        return Ok(StepResult::Stop(
            "the new VD's block device is not known: raidctl cannot recreate the OSD".into(),
        ));
    };
    if let Err(e) = plan.check() {
        return Ok(StepResult::Stop(format!(
            "the OSD cannot be recreated: {e}"
        )));
    }
    let log = volume_log(journal);
    if let Some(stop) = wait_for_earlier_volume(env, &log, &plan.data, c.options().volume_timeout) {
        return Ok(StepResult::Stop(stop));
    }
    // A cut prepare's `ceph-osd --mkfs` may outlive its ceph-volume by a moment (in the middle
    // of a write): the device is judged once it is gone.
    if let Some(stop) = wait_for_mkfs(env, id, c.options().volume_timeout) {
        return Ok(StepResult::Stop(stop));
    }
    let on_new = match osd_on(&c, &plan.data) {
        Ok(o) => o,
        Err(e) => return Ok(stop_on(&e, "listing ceph-volume's OSDs", journal, st)),
    };
    let (up, _, mut destroyed) = match up_in(&c, id) {
        Ok(x) => x,
        Err(e) => return Ok(stop_on(&e, "reading the OSD map", journal, st)),
    };
    // A prepare cut short (raidctl and ceph-volume killed, a power cut) leaves the id
    // half-made (`exists,new`, no OSD on any device) or, after ceph-volume's rollback, purged.
    // The id is the one this replacement destroyed and the new device holds nothing: destroy
    // the half-made one again, or take the purged id anew (`--osd-id N` accepts a free id).
    if on_new.is_none() && !destroyed && !up {
        match prepare::half_made_or_purged(env, journal, st, &c, id, &plan)? {
            Ok(again) => destroyed |= again,
            Err(stop) => return Ok(stop),
        }
    }
    // A device ceph-volume lists for this id whose mkfs never finished (cut by a power
    // cut): not an OSD yet, and it is prepared again.
    let cut = on_new.as_ref().is_some_and(|(n, _)| *n == id)
        && matches!(
            crate::ceph::label::read(std::path::Path::new(&plan.data)),
            Ok(crate::ceph::label::Found::Label(l)) if !l.complete
        );
    if cut {
        env.say(&format!(
            "  {} holds osd.{id}'s label without mkfs_done: the earlier prepare was cut short; preparing again",
            plan.data
        ));
        if !destroyed && !up {
            if let Some(stop) = destroy_half_made(env, journal, st, &c, id)? {
                return Ok(stop);
            }
            destroyed = true;
        }
    }
    let on_new = if cut { None } else { on_new };
    match (&on_new, destroyed) {
        // A prepare that completed before the workflow was interrupted.
        (Some((n, fsid)), false) if *n == id => {
            env.say(&format!(
                "  osd.{id} is prepared on {} already (interrupted after ceph-volume finished)",
                plan.data
            ));
            if let Some(r) = st.ceph.as_mut() {
                r.new_fsid = Some(fsid.clone());
            }
            return Ok(StepResult::Next);
        }
        (Some((n, _)), _) => {
            return Ok(StepResult::Stop(format!(
                "[ceph-osd-up] {} already holds osd.{n}: raidctl never reuses a device another OSD is on",
                plan.data
            )));
        }
        (None, false) => {
            return Ok(StepResult::Stop(format!(
                "osd.{id} is no longer `destroyed` in the OSD map: it is {} now (a failed `ceph-volume prepare` rolls back with `osd purge-new`). raidctl does not retry blindly. {}",
                id_state(&c, id),
                next_for_id(&c, id, &plan, &journal.id)
            )));
        }
        (None, true) => {}
    }
    if r_is_package(st) {
        prepare::clear_stale(env, &c, id);
    }
    if let Some(stop) = prepare::zap_and_prepare(env, journal, st, &c, id, &plan)? {
        return Ok(stop);
    }
    Ok(prepare::prepared_on_new(journal, st, &c, id, &plan))
}

/// `ceph osd destroy N` of an id a cut prepare left half-made, journaled; `Some` is the stop
/// when Ceph refuses.
fn destroy_half_made(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    c: &Ceph,
    id: u32,
) -> Result<Option<StepResult>, WfError> {
    let dl = line(
        c,
        &["osd", "destroy", &id.to_string(), "--yes-i-really-mean-it"],
    );
    Ok(journaled(journal, st, "ceph-prepare", dl, env.out, || {
        c.osd_destroy(id)
    })?
    .err()
    .map(|e| stop_on(&e, "destroying the half-made OSD", journal, st)))
}

/// Where the detached `ceph-volume prepare` of `journal`'s run writes (its pid file beside).
pub(super) fn volume_log(journal: &Journal) -> std::path::PathBuf {
    let mut name = journal.path().as_os_str().to_owned();
    name.push(".ceph-volume.log");
    std::path::PathBuf::from(name)
}

/// A prepare an earlier, killed run left behind may still be running: the resume waits for it
/// (up to `limit`) rather than preparing a second time on the same device. `Some` says why it
/// cannot go on.
/// Waits until no `ceph-osd --mkfs` for `id` runs; a stop message past `limit`.
fn wait_for_mkfs(env: &mut Env<'_>, id: u32, limit: Duration) -> Option<String> {
    let proc_dir = std::path::Path::new("/proc");
    let start = Instant::now();
    let mut said = false;
    loop {
        let pids = crate::ceph::daemon::mkfs_pids(proc_dir, id);
        if pids.is_empty() {
            return None;
        }
        if !said {
            env.say(&format!(
                "  a `ceph-osd --mkfs` for osd.{id} from the interrupted prepare still runs (pid {}): waiting for it",
                pids[0]
            ));
            said = true;
        }
        if start.elapsed() > limit {
            return Some(format!(
                "a `ceph-osd --mkfs` for osd.{id} (pid {}) still runs after {} s; let it end, then `raidctl resume`",
                pids[0],
                limit.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn wait_for_earlier_volume(
    env: &mut Env<'_>,
    log: &std::path::Path,
    data: &str,
    limit: Duration,
) -> Option<String> {
    let pid_file = crate::backend::runner::detached_pid_file(log);
    let cmdline = |pid: u32| {
        std::fs::read(format!("/proc/{pid}/cmdline"))
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
            .unwrap_or_default()
    };
    let alive = |pid: u32| cmdline(pid).contains("ceph-volume");
    // The pid file, else (raidctl died between the spawn and writing it) a ceph-volume
    // preparing this very device.
    let pid: u32 = crate::fsutil::read_capped(&pid_file, 64)
        .ok()
        .and_then(|b| String::from_utf8_lossy(&b).trim().parse().ok())
        .or_else(|| {
            std::fs::read_dir("/proc")
                .ok()?
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .find(|p| {
                    let c = cmdline(*p);
                    c.contains("ceph-volume")
                        && c.contains(" prepare ")
                        && c.split_whitespace().any(|w| w == data)
                })
        })?;
    if alive(pid) {
        env.say(&format!(
            "  the ceph-volume of the interrupted run is still running (pid {pid}, log {}): waiting for it",
            log.display()
        ));
        let start = std::time::Instant::now();
        while alive(pid) {
            if start.elapsed() > limit {
                return Some(format!(
                    "the ceph-volume of the interrupted run (pid {pid}) is still running after {} s; let it end (log {}), then `raidctl resume`",
                    limit.as_secs(),
                    log.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let _ = std::fs::remove_file(&pid_file);
    None
}

/// What the OSD map says of `id`: `destroyed`, `exists,new`, `gone (purged)`...
fn id_state(c: &crate::ceph::Ceph, id: u32) -> String {
    match c.osd_dump() {
        Ok(d) => match d.osd(id) {
            Some(o) if !o.state.is_empty() => format!("`{}`", o.state.join(",")),
            Some(_) => "in the map with no state".into(),
            None => "gone from the OSD map (purged)".into(),
        },
        Err(e) => format!("unknown (the OSD map could not be read: {e})"),
    }
}

/// The next step for the operator, from the id's state after a failed or lost prepare.
fn next_for_id(
    c: &crate::ceph::Ceph,
    id: u32,
    plan: &crate::ceph::VolumePlan,
    journal_id: &str,
) -> String {
    let state = c
        .osd_dump()
        .ok()
        .map(|d| d.osd(id).map(|o| o.state.clone()));
    let by_hand =
        crate::ceph::client::display_argv(std::path::Path::new("ceph-volume"), &plan.prepare());
    match state {
        Some(Some(s)) if s.iter().any(|x| x == "destroyed") => {
            format!("The id is kept: `raidctl resume {journal_id}` prepares again")
        }
        Some(Some(s)) if s.iter().any(|x| x == "new") => format!(
            "A half-made OSD holds the id: `ceph osd destroy {id} --yes-i-really-mean-it`, then `raidctl resume {journal_id}`"
        ),
        Some(None) => format!(
            "The id is free again: recreate it with the same id and class, `{by_hand}`, then `raidctl resume {journal_id}` (it finds the prepared OSD and goes on)"
        ),
        _ => format!("Read `ceph osd tree`, then `raidctl resume {journal_id}`"),
    }
}

/// `ceph-volume ... activate`, the daemon started, the OSD marked in.
pub(super) fn activate(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let Some(plan) = volume_plan(st) else {
        return Ok(StepResult::Stop("the new device is not known".into()));
    };
    let running = c.osd_pid(id).is_some();
    if !running {
        let args = plan.activate(st.ceph.as_ref().and_then(|r| r.new_fsid.as_deref()));
        let al = crate::ceph::client::display_argv(std::path::Path::new("ceph-volume"), &args);
        if let Err(e) = journaled(journal, st, "ceph-activate", al, env.out, || {
            c.run_volume_step(&args)
        })? {
            return Ok(stop_on(&e, "activating the OSD", journal, st));
        }
        let sl = if crate::ceph::systemd_is_pid1() {
            format!("systemctl start ceph-osd@{id}")
        } else {
            format!("ceph-osd -i {id} --setuser ceph --setgroup ceph")
        };
        let started = if crate::ceph::systemd_is_pid1() && plan.mode == OsdMode::Lvm {
            // lvm activate enables and starts the unit itself.
            Ok(crate::ceph::Started::Systemd)
        } else {
            journaled(journal, st, "ceph-activate", sl, env.out, || {
                c.start_osd(id)
            })?
        };
        if let Err(e) = started {
            return Ok(stop_on(&e, "starting the OSD", journal, st));
        }
    }
    Ok(StepResult::Next)
}

/// Waits until the recreated OSD is up, marks it in, waits until it is in.
pub(super) fn wait_up(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let start = Instant::now();
    let mut marked = false;
    loop {
        match up_in(&c, id) {
            Ok((true, true, _)) => {
                env.say(&format!(
                    "  osd.{id} is up and in ({:.0} s)",
                    start.elapsed().as_secs_f64()
                ));
                return Ok(StepResult::Next);
            }
            Ok((true, false, _)) if !marked => {
                let l = line(&c, &["osd", "in", &id.to_string()]);
                if let Err(e) = journaled(journal, st, "ceph-wait-up", l, env.out, || c.osd_in(id))?
                {
                    return Ok(stop_on(&e, "marking the OSD in", journal, st));
                }
                marked = true;
            }
            Ok(_) if start.elapsed() > MAP_WAIT => {
                return Ok(StepResult::Stop(format!(
                    "osd.{id} did not come up and in within {} s: look at its log (`journalctl -u {}` or /var/log/ceph), then `raidctl resume {}`",
                    MAP_WAIT.as_secs(),
                    super::cephadm_steps::unit(st).unwrap_or_else(|| format!("ceph-osd@{id}")),
                    journal.id
                )));
            }
            Ok(_) => std::thread::sleep(CEPH_POLL),
            Err(e) => return Ok(stop_on(&e, "waiting for the OSD", journal, st)),
        }
    }
}

/// CRUSH weight against the new device's size: said, and set with `--reweight`.
pub(super) fn weight(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let r = rec(st)?.clone();
    let c = ceph(env)?.clone();
    let have = match c.osd_tree() {
        Ok(t) => t.osd(r.osd).and_then(|n| n.crush_weight),
        Err(e) => return Ok(stop_on(&e, "reading the OSD tree", journal, st)),
    };
    // What BlueStore sees: the device, else the VD's size as the controller reports it.
    let size = match st.new_device.as_ref().and_then(|d| device_size(&d.path)) {
        Some(s) => Some(s),
        None => fresh(env)?
            .logical_drive(st.adapter, st.new_target.unwrap_or(u32::MAX))
            .and_then(|l| l.size_bytes),
    };
    let (Some(have), Some(size)) = (have, size) else {
        env.say("  CRUSH weight or the new size unknown: not compared");
        return Ok(StepResult::Next);
    };
    // Ceph's default weight is the size in TiB.
    let want = size as f64 / (1u64 << 40) as f64;
    if want <= 0.0 || ((have - want).abs() / want) < 0.02 {
        env.say(&format!(
            "  CRUSH weight {have:.4} fits the new drive ({want:.4} TiB)"
        ));
        return Ok(StepResult::Next);
    }
    if !r.reweight {
        env.say(&format!(
            "  WARN CRUSH weight {have:.4} is the old drive's; the new one holds {want:.4} TiB: `ceph osd crush reweight osd.{} {want:.4}` (or resume with --reweight)",
            r.osd
        ));
        return Ok(StepResult::Next);
    }
    let w = format!("{want:.4}");
    let l = line(
        &c,
        &["osd", "crush", "reweight", &format!("osd.{}", r.osd), &w],
    );
    if let Err(e) = journaled(journal, st, "ceph-weight", l, env.out, || {
        c.osd_crush_reweight(r.osd, want)
    })? {
        return Ok(stop_on(&e, "setting the CRUSH weight", journal, st));
    }
    Ok(StepResult::Next)
}

/// The size of a block device or file, in bytes.
fn device_size(path: &str) -> Option<u64> {
    use std::io::Seek;
    let mut f = std::fs::File::open(path).ok()?;
    f.seek(std::io::SeekFrom::End(0)).ok()
}

/// Health, degraded objects and backfill after the OSD is back.
pub(super) fn report(env: &mut Env<'_>, st: &mut ReplaceState) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    match settled_status(&c) {
        Ok(s) => {
            let backfill = s.pgs_with("backfilling") + s.pgs_with("backfill_wait");
            let recovering = s.pgs_with("recovering") + s.pgs_with("recovery_wait");
            let busy = backfill + recovering > 0 || s.degraded_objects() > 0;
            let line = format!(
                "osd.{id} up and in; cluster {}, {} object copies degraded, {} PG(s) backfilling, {} recovering{}",
                s.health.status,
                s.pgmap.degraded_objects.unwrap_or(0),
                backfill,
                recovering,
                if busy {
                    " (watch it with `ceph -s`)"
                } else {
                    ""
                }
            );
            env.say(&format!("  {line}"));
            if let Some(r) = st.ceph.as_mut() {
                r.report = Some(line);
            }
            Ok(StepResult::Next)
        }
        Err(e) => {
            env.say(&format!("  the cluster status could not be read: {e}"));
            Ok(StepResult::Next)
        }
    }
}

/// How long the report waits for the PGs to settle after the OSD came back.
const SETTLE_LIMIT: Duration = Duration::from_secs(120);
/// Polls in a row the PG states must stay the same, with none peering, for the report.
const SETTLED_POLLS: u32 = 3;

/// The cluster's status once the new OSD's PGs have peered: right after the OSD is up, the
/// PGs that move to it have not yet peered, and `ceph -s` says HEALTH_OK with nothing
/// recovering a few seconds before objects show degraded and backfilling. It waits (at most
/// [`SETTLE_LIMIT`]) until no PG is peering, activating or unknown and the PG states stayed
/// the same for [`SETTLED_POLLS`] polls.
fn settled_status(c: &Ceph) -> Result<crate::ceph::types::ClusterStatus, CephError> {
    let start = Instant::now();
    let mut last: Option<Vec<(String, u64)>> = None;
    let mut same = 0;
    loop {
        let s = c.status()?;
        let states: Vec<(String, u64)> = s
            .pgmap
            .pgs_by_state
            .iter()
            .map(|p| (p.state_name.clone(), p.count))
            .collect();
        let moving = ["peering", "activating", "unknown", "creating"]
            .iter()
            .map(|w| s.pgs_with(w))
            .sum::<u64>()
            > 0;
        same = if !moving && last.as_ref() == Some(&states) {
            same + 1
        } else {
            0
        };
        if same + 1 >= SETTLED_POLLS || start.elapsed() > SETTLE_LIMIT {
            return Ok(s);
        }
        last = Some(states);
        std::thread::sleep(CEPH_POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::runner::{CmdOutput, RunError, Runner};
    use std::sync::{Arc, Mutex};

    /// `ceph -s` answers in order (the last one repeats), as a cluster settles.
    struct Settling(Mutex<Vec<&'static str>>);

    impl Runner for Settling {
        fn run(
            &self,
            _p: &std::path::Path,
            _a: &[String],
            _t: Duration,
        ) -> Result<CmdOutput, RunError> {
            let mut q = self.0.lock().unwrap();
            let next = if q.len() > 1 { q.remove(0) } else { q[0] };
            Ok(CmdOutput {
                stdout: next.into(),
                status: Some(0),
                ..CmdOutput::default()
            })
        }
    }

    fn status(states: &str) -> String {
        format!(
            r#"{{"fsid":"f","health":{{"status":"HEALTH_WARN"}},"pgmap":{{"num_pgs":16,"pgs_by_state":[{states}]}}}}"#
        )
    }

    /// The final report is read once the PGs have peered and stayed as they are: right after
    /// the new OSD is up, `ceph -s` still shows the old map's clean PGs, then peering.
    #[test]
    fn the_report_waits_until_the_pgs_have_peered() {
        let dir = tempfile::tempdir().unwrap();
        let conf = dir.path().join("ceph.conf");
        std::fs::write(&conf, "[global]\n").unwrap();
        let bin = dir.path().join("ceph");
        std::fs::write(&bin, "").unwrap();
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let answers: Vec<&'static str> = [
            r#"{"state_name":"peering","count":6},{"state_name":"active+clean","count":10}"#,
            r#"{"state_name":"activating","count":2},{"state_name":"active+undersized+degraded","count":14}"#,
            r#"{"state_name":"active+undersized+degraded+remapped+backfilling","count":16}"#,
        ]
        .iter()
        .map(|s| &*Box::leak(status(s).into_boxed_str()))
        .collect();
        let c = Ceph::with_runner(
            crate::ceph::CephOptions {
                conf: Some(conf),
                path: Some(dir.path().as_os_str().to_owned()),
                ..crate::ceph::CephOptions::default()
            },
            Arc::new(Settling(Mutex::new(answers))),
        );
        let s = settled_status(&c).unwrap();
        assert_eq!(s.pgs_with("backfilling"), 16, "{s:?}");
        assert_eq!(s.pgs_with("peering") + s.pgs_with("activating"), 0);
    }

    /// EAGAIN and a mon that did not answer are asked again; a refusal is an answer.
    #[test]
    fn only_answers_that_change_are_asked_again() {
        let refused = |code: i32, errno: &str| CephError::Refused {
            argv: "ceph osd ok-to-stop 1".into(),
            code,
            errno: Some(errno.into()),
            message: String::new(),
        };
        assert!(transient(&refused(11, "EAGAIN")));
        assert!(!transient(&refused(16, "EBUSY")));
        assert!(!transient(&refused(22, "EINVAL")));
        assert!(transient(&CephError::Timeout {
            argv: "ceph -s".into(),
            secs: 30.0
        }));
        assert!(transient(&CephError::Unreachable {
            argv: "ceph -s".into(),
            message: "timed out".into()
        }));
        assert!(!transient(&CephError::NoConfig {
            conf: "/etc/ceph/ceph.conf".into()
        }));
    }
}
