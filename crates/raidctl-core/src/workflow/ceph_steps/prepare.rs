//! Parts of [`super::prepare`]: an id an earlier prepare left half-made or purged, the stale
//! leftovers of the old OSD, the zap and the detached `ceph-volume prepare`, and the OSD it
//! made.

use super::{
    StepResult, WfError, destroy_half_made, id_state, journaled, next_for_id, osd_on, stop_on,
    unmount_stale_osd_dir, volume_log,
};
use crate::ceph::{Ceph, VolumePlan};
use crate::workflow::Env;
use crate::workflow::journal::Journal;
use crate::workflow::replace::ReplaceState;

/// A prepare cut short (raidctl and ceph-volume killed, a power cut) leaves the id half-made
/// (`exists,new`, no OSD on any device) or, after ceph-volume's rollback, purged. The id is
/// the one this replacement destroyed and the new device holds nothing: destroys the
/// half-made one again, or takes the purged id anew (`--osd-id N` accepts a free id).
/// `Ok(true)` when the id is now to be prepared as destroyed; `Err` the stop.
pub(super) fn half_made_or_purged(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    c: &Ceph,
    id: u32,
    plan: &VolumePlan,
) -> Result<Result<bool, StepResult>, WfError> {
    let again = match c.osd_dump().map(|d| d.osd(id).map(|o| o.state.clone())) {
        Ok(Some(state)) if state.iter().any(|x| x == "new") => {
            env.say(&format!(
                "  osd.{id} is half-made (`{}`): an earlier prepare was cut short; destroying it again",
                state.join(",")
            ));
            if let Some(stop) = destroy_half_made(env, journal, st, c, id)? {
                return Ok(Err(stop));
            }
            true
        }
        Ok(None) => {
            env.say(&format!(
                "  osd.{id} is gone from the OSD map (a failed prepare's rollback purged it): preparing it anew with the same id{}",
                plan.device_class
                    .as_deref()
                    .map_or_else(String::new, |c| format!(" and class {c}"))
            ));
            true
        }
        _ => false,
    };
    Ok(Ok(again))
}

/// Removes what the old OSD left that would make the mkfs fail: a stale mount of its
/// directory, and a pid file left by a daemon that ran as root (the mkfs runs as the ceph
/// user, and ceph-volume's rollback would purge the id).
pub(super) fn clear_stale(env: &mut Env<'_>, c: &Ceph, id: u32) {
    if let Some(note) = unmount_stale_osd_dir(id) {
        env.say(&format!("  {note}"));
    }
    if let Some(note) = c.remove_stale_pid_file(id) {
        env.say(&format!("  {note}"));
    }
}

/// Zaps the new device (whatever it carried before goes: it is checked to hold no OSD), then
/// runs `ceph-volume prepare` detached (if raidctl dies, the prepare or its rollback still
/// ends properly). `Some` is the stop, with the first error line of the prepare's output.
pub(super) fn zap_and_prepare(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
    c: &Ceph,
    id: u32,
    plan: &VolumePlan,
) -> Result<Option<StepResult>, WfError> {
    let log = volume_log(journal);
    // A cephadm host: the orchestrator zaps, and `cephadm ceph-volume` prepares with the
    // bootstrap-osd keyring handed to its container (the host has no ceph-volume of its own).
    let adm = st.ceph.as_ref().and_then(|r| r.cephadm.clone());
    let _keyring;
    let c = if let Some(a) = &adm {
        if let Some(stop) = crate::workflow::cephadm_steps::zap(env, journal, st, c, &a.host, plan)?
        {
            return Ok(Some(stop));
        }
        let k = match crate::workflow::cephadm_steps::Keyring::fetch(c, journal) {
            Ok(k) => k,
            Err(e) => {
                return Ok(Some(stop_on(
                    &e,
                    "reading the client.bootstrap-osd keyring",
                    journal,
                    st,
                )));
            }
        };
        let c = c.via_cephadm(&a.fsid, Some(k.path().to_owned()));
        _keyring = k;
        c
    } else {
        let zap = crate::ceph::volume::zap(&plan.data, false);
        let zl = crate::ceph::client::display_argv(std::path::Path::new("ceph-volume"), &zap);
        if let Err(e) = journaled(journal, st, "ceph-prepare", zl, env.out, || {
            c.run_volume_step(&zap)
        })? {
            return Ok(Some(stop_on(&e, "zapping the new device", journal, st)));
        }
        c.clone()
    };
    let c = &c;
    let args = plan.prepare();
    let pl = match c.volume_argv(&args) {
        Ok((prog, argv)) => crate::ceph::client::display_argv(&prog, &argv),
        Err(_) => crate::ceph::client::display_argv(std::path::Path::new("ceph-volume"), &args),
    };
    // Detached: if raidctl dies now, the prepare (or its rollback) still ends properly.
    if let Err(e) = journaled(journal, st, "ceph-prepare", pl, env.out, || {
        c.run_volume_detached(&args, &log)
    })? {
        // The whole output is in the log beside the journal: its first error line is the
        // cause (ceph-volume's rollback and traceback follow it).
        let whole = crate::fsutil::read_capped(&log, 4 << 20)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        let lines: Vec<&str> = whole.lines().map(str::trim).collect();
        let first =
            crate::ceph::client::first_error(&lines).map_or_else(|| e.to_string(), str::to_owned);
        let osd_log = c
            .conf_value(id, "log_file")
            .map_or_else(String::new, |l| format!("; the OSD's log: {l}"));
        return Ok(Some(StepResult::Stop(format!(
            "`ceph-volume prepare` failed: {} (its output: {}; ceph-volume's log: /var/log/ceph/ceph-volume.log{osd_log}). osd.{id} is {} now. {}",
            crate::escape::escape(first.trim()),
            log.display(),
            id_state(c, id),
            next_for_id(c, id, plan, &journal.id)
        ))));
    }
    Ok(None)
}

/// The OSD ceph-volume lists on the new device after the prepare: this id (its fsid kept for
/// the activation) or the stop.
pub(super) fn prepared_on_new(
    journal: &mut Journal,
    st: &mut ReplaceState,
    c: &Ceph,
    id: u32,
    plan: &VolumePlan,
) -> StepResult {
    match osd_on(c, &plan.data) {
        Ok(Some((n, fsid))) if n == id => {
            if let Some(r) = st.ceph.as_mut() {
                r.new_fsid = Some(fsid);
            }
            StepResult::Next
        }
        Ok(other) => StepResult::Stop(format!(
            "after prepare ceph-volume lists {other:?} on {}, not osd.{id}",
            plan.data
        )),
        Err(e) => stop_on(&e, "listing ceph-volume's OSDs", journal, st),
    }
}
