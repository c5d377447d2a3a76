//! The new OSD into service: activate, wait until it is up and in, check its CRUSH weight
//! against the new drive, and report the cluster once the PGs have peered.

use super::prepare::volume_plan;
use super::{
    CEPH_POLL, CephRecord, MAP_WAIT, StepResult, WfError, ceph, journaled, line, osd_and_client,
    rec, stop_on, up_in,
};
use crate::ceph::{Ceph, CephError};
use crate::model::OsdMode;
use crate::workflow::Env;
use crate::workflow::engine::fresh;
use crate::workflow::journal::Journal;
use crate::workflow::replace::ReplaceState;
use crate::workflow::wait::{self, Look};
use std::time::{Duration, Instant};

/// The CRUSH weight step as plans say it (the package and the cephadm flow alike).
pub(in crate::workflow) fn weight_check(r: &CephRecord) -> String {
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

/// `ceph-volume ... activate`, the daemon started, the OSD marked in.
pub(in crate::workflow) fn activate(
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
pub(in crate::workflow) fn wait_up(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let mut marked = false;
    let unit = crate::workflow::cephadm_steps::unit(st).unwrap_or_else(|| format!("ceph-osd@{id}"));
    let journal_id = journal.id.clone();
    let late = |_| {
        Ok(StepResult::Stop(format!(
            "osd.{id} did not come up and in within {} s: look at its log (`journalctl -u {unit}` or /var/log/ceph), then `raidctl resume {journal_id}`",
            MAP_WAIT.as_secs(),
        )))
    };
    let look = |waited: Duration| match up_in(&c, id) {
        Ok((true, true, _)) => {
            env.say(&format!(
                "  osd.{id} is up and in ({:.0} s)",
                waited.as_secs_f64()
            ));
            Look::Done(Ok(StepResult::Next))
        }
        Ok((true, false, _)) if !marked => {
            let l = line(&c, &["osd", "in", &id.to_string()]);
            match journaled(journal, st, "ceph-wait-up", l, env.out, || c.osd_in(id)) {
                Err(e) => Look::Done(Err(e)),
                Ok(Err(e)) => Look::Done(Ok(stop_on(&e, "marking the OSD in", journal, st))),
                Ok(Ok(_)) => {
                    marked = true;
                    Look::Now
                }
            }
        }
        Ok(_) => Look::Later,
        Err(e) => Look::Done(Ok(stop_on(&e, "waiting for the OSD", journal, st))),
    };
    wait::until(CEPH_POLL, MAP_WAIT, look, late)
}

/// CRUSH weight against the new device's size: said, and set with `--reweight`.
pub(in crate::workflow) fn weight(
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
    let size = match st
        .recreate
        .new_device
        .as_ref()
        .and_then(|d| device_size(&d.path))
    {
        Some(s) => Some(s),
        None => fresh(env)?
            .logical_drive(st.adapter, st.recreate.new_target.unwrap_or(u32::MAX))
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
pub(in crate::workflow) fn report(
    env: &mut Env<'_>,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
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
pub(super) fn settled_status(c: &Ceph) -> Result<crate::ceph::types::ClusterStatus, CephError> {
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
