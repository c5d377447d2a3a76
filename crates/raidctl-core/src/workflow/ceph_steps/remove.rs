//! Taking the old OSD out of service: ok-to-stop (asked again while the cluster settles), out,
//! stop, destroy keeping the id, and the guard every controller step checks afterwards.

use super::{
    Blips, CEPH_POLL, MAP_WAIT, StepResult, WfError, done_already, journaled, journaled_again,
    line, osd_and_client, plan_line, stop_on, up_in, wait_down,
};
use crate::ceph::{Ceph, CephError};
use crate::workflow::Env;
use crate::workflow::engine::PlanLine;
use crate::workflow::journal::Journal;
use crate::workflow::replace::ReplaceState;
use std::time::{Duration, Instant};

/// How long ok-to-stop is asked again, at most, while the cluster settles.
const SETTLE_WAIT: Duration = Duration::from_secs(120);

pub(in crate::workflow) fn plan_ok_to_stop(st: &ReplaceState) -> Vec<PlanLine> {
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
pub(in crate::workflow) fn ok_to_stop(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let said = format!("  osd.{id} is down: nothing to ask");
    if let Some(end) = done_already(env, &c, id, journal, st, |(up, ..)| !up, &said) {
        return Ok(end);
    }
    // PGs that are peering (a pool setting changed, an OSD came back) are inactive for a
    // moment, and ok-to-stop counts them; the mgr that answers also takes a moment to see a
    // new OSD map. So a "no" is final only once every PG has stayed active for `--settle`
    // while Ceph kept saying no (or after SETTLE_WAIT in all): a transient never sends the
    // operator away, and a cluster that really needs the OSD gets its "no" within that time
    // (half a minute by default).
    let settle = Instant::now();
    let quiet = env.opts.settle;
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
                // Ceph was not asked meanwhile: this wait is no part of the settling.
                quiet_since = Instant::now();
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
        if !said {
            env.say(&format!(
                "  Ceph: not now ({} PG(s) would become inactive, {inactive} not active yet); the no is final once every PG has stayed active for {} s ({} s at most)",
                a.num_not_ok_pgs,
                quiet.as_secs(),
                SETTLE_WAIT.as_secs()
            ));
            said = true;
        }
        if quiet_since.elapsed() < quiet && settle.elapsed() < SETTLE_WAIT {
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
            crate::workflow::guards::CEPH_OK_TO_STOP,
            a.num_not_ok_pgs,
            crate::workflow::engine::bay_state(st),
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

pub(in crate::workflow) fn plan_out(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
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
pub(in crate::workflow) fn out(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let said = format!("  osd.{id} is out already");
    if let Some(end) = done_already(env, &c, id, journal, st, |(_, is_in, _)| !is_in, &said) {
        return Ok(end);
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

pub(in crate::workflow) fn plan_stop(st: &ReplaceState) -> Vec<PlanLine> {
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
pub(in crate::workflow) fn stop(
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
    Ok(wait_down(&c, id, journal, st, || {
        format!(
            "osd.{id}'s daemon is stopped but the OSD map still shows it up after {} s; nothing was changed on the controller",
            MAP_WAIT.as_secs()
        )
    }))
}

pub(in crate::workflow) fn plan_destroy(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
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
pub(in crate::workflow) fn destroy(
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
    match crate::workflow::ceph_drain::still_safe(&c, id) {
        Ok(true) => {}
        Ok(false) => {
            env.say(&format!(
                "  osd.{id} is not safe to destroy any more: waiting for the drain again"
            ));
            return Ok(StepResult::Goto(crate::workflow::replace::Step::CephDrain));
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
pub(in crate::workflow) fn guard_controller(
    env: &Env<'_>,
    st: &ReplaceState,
) -> Option<StepResult> {
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
