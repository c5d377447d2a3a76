//! The Ceph steps of `replace-drive --osd N` for a cephadm OSD ([`super::cephadm`] has their
//! plan): the orchestrator removes the OSD keeping its id (`ceph orch osd rm N --replace`:
//! it marks it out, waits until Ceph says it is safe to destroy, removes its container and
//! destroys it), raidctl waits for Ceph's word that the data is whole elsewhere as for a
//! package OSD and then for the orchestrator to be done; after the controller flow the
//! orchestrator zaps the new device, `cephadm ceph-volume -- raw prepare --osd-id N` recreates
//! the OSD (Pacific's orchestrator passes `lvm batch`'s `--osd-ids` to `raw prepare` when it
//! reuses an id) and `ceph cephadm osd activate HOST` deploys its daemon. An LVM OSD is
//! recreated by the orchestrator itself (`ceph orch daemon add osd HOST:DEV lvm` reuses the
//! host's destroyed id).
//!
//! Each step looks at Ceph before it acts, so a resume after any interruption goes on from
//! what the cluster says, never from what raidctl last did.

use super::ceph_steps::{
    Blips, CEPH_POLL, done_already, journaled, journaled_again, line, osd_and_client, rec, stop_on,
    up_in,
};
use super::engine::StepResult;
use super::journal::Journal;
use super::replace::{ReplaceState, Step};
use super::{Env, WfError};
use crate::ceph::{Ceph, CephError, VolumePlan};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long the orchestrator may take, once Ceph says the OSD is safe to destroy, to remove
/// its daemon and destroy it: its serve loop acts about once a minute.
const ORCH_WAIT: Duration = Duration::from_secs(600);
/// How long a new VD's device may take to show in the orchestrator's inventory after
/// `ceph orch device ls --refresh` (a `ceph-volume inventory` in a container).
const INVENTORY_WAIT: Duration = Duration::from_secs(300);
/// How often the inventory is asked to look again while the device is missing from it.
const REFRESH_EVERY: Duration = Duration::from_secs(30);

fn cancel(id: u32) -> String {
    format!("`ceph orch osd rm stop {id}` cancels the orchestrator's removal")
}

/// `ceph orch osd rm N --replace`, unless the OSD is destroyed already or in the queue.
pub(super) fn out(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let said = format!("  osd.{id} is destroyed already (its id kept)");
    if let Some(end) = done_already(env, &c, id, journal, st, |(_, _, d)| d, &said) {
        return Ok(end);
    }
    match c.orch_osd_rm_status() {
        Ok(q) if q.iter().any(|r| r.osd_id == id && r.replace) => {
            env.say(&format!(
                "  osd.{id} is in the orchestrator's removal queue already (--replace)"
            ));
            return Ok(StepResult::Next);
        }
        Ok(q) if q.iter().any(|r| r.osd_id == id) => {
            return Ok(StepResult::Stop(format!(
                "osd.{id} is in the orchestrator's removal queue without --replace (its id would be purged): {}, then `raidctl resume {}`",
                cancel(id),
                journal.id
            )));
        }
        Ok(_) => {}
        Err(e) => {
            return Ok(stop_on(
                &e,
                "reading the orchestrator's removal queue",
                journal,
                st,
            ));
        }
    }
    let l = line(&c, &["orch", "osd", "rm", &id.to_string(), "--replace"]);
    // Queueing an OSD twice keeps one entry: asked through a blip.
    let rm = || c.orch_osd_rm_replace(id);
    if let Some(stop) = journaled_again(
        env,
        journal,
        st,
        "ceph-out",
        &l,
        "scheduling the OSD's removal",
        rm,
    )? {
        return Ok(stop);
    }
    match c.orch_osd_rm_status() {
        Ok(q) if q.iter().any(|r| r.osd_id == id && r.replace) => Ok(StepResult::Next),
        Ok(_) => Ok(StepResult::Stop(format!(
            "osd.{id} is not in the orchestrator's removal queue after `ceph orch osd rm {id} --replace` (`ceph orch osd rm status`)"
        ))),
        Err(e) => Ok(stop_on(
            &e,
            "reading the orchestrator's removal queue",
            journal,
            st,
        )),
    }
}

/// Ceph's word that the data is whole without the OSD (the package flow's drain), then the
/// orchestrator done: the OSD off its queue and destroyed.
pub(super) fn drain(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    if let Some(stop) = out_if_the_orchestrator_lost_it(env, journal, st, &c, id)? {
        return Ok(stop);
    }
    match super::ceph_drain::drain(env, journal, st)? {
        StepResult::Next => {}
        StepResult::Stop(m) => {
            return Ok(StepResult::Stop(format!(
                "{m}. The orchestrator's removal goes on meanwhile and destroys osd.{id} once Ceph says it is safe; {}",
                cancel(id)
            )));
        }
        other => return Ok(other),
    }
    let start = Instant::now();
    let mut blips = Blips::new();
    let mut last = String::new();
    loop {
        let look = c
            .orch_osd_rm_status()
            .and_then(|q| up_in(&c, id).map(|m| (q, m)));
        let (queue, (up, _, destroyed)) = match look {
            Ok(x) => x,
            Err(e) if blips.again(env, &e, "waiting for the orchestrator") => continue,
            Err(e) => return Ok(stop_on(&e, "waiting for the orchestrator", journal, st)),
        };
        blips.answered();
        let queued = queue.iter().find(|r| r.osd_id == id);
        if destroyed && queued.is_none() {
            env.say(&format!(
                "  the orchestrator removed osd.{id}'s daemon and destroyed it, its id kept ({:.0} s)",
                start.elapsed().as_secs_f64()
            ));
            return Ok(StepResult::Next);
        }
        if queued.is_none() && !destroyed {
            return Ok(StepResult::Stop(format!(
                "osd.{id} left the orchestrator's removal queue without being destroyed (`ceph orch osd rm stop {id}`, or the queue was lost): nothing was changed on the controller; {}. To go on: `ceph orch osd rm {id} --replace`, then `raidctl resume {}`",
                super::engine::bay_state(st),
                journal.id
            )));
        }
        if start.elapsed() > ORCH_WAIT {
            return Ok(StepResult::Stop(format!(
                "Ceph says osd.{id} is safe to destroy, but the orchestrator has not destroyed it after {} s (`ceph orch osd rm status`, `ceph log last 20 info cephadm`): nothing was changed on the controller; `raidctl resume {}` waits again",
                ORCH_WAIT.as_secs(),
                journal.id
            )));
        }
        let now = match queued {
            Some(r) if r.draining => "draining".to_owned(),
            Some(r) if r.started => "removing".to_owned(),
            Some(_) => "queued".to_owned(),
            None => "off the queue".to_owned(),
        } + if up { ", up" } else { ", down" };
        if now != last {
            env.say(&format!(
                "  waiting for the orchestrator to destroy osd.{id} ({now})"
            ));
            last = now;
        }
        std::thread::sleep(CEPH_POLL);
    }
}

/// `ceph osd out N` when the OSD waits in the orchestrator's removal queue (`--replace`) but is
/// still in: Ceph 16.2's orchestrator marks such a removal draining whether or not its own
/// `osd out` reached the mon (`OSD.start_draining` ignores the command's failure), so a mon
/// restart at that moment leaves the OSD in and the drain waiting for good. Out is what the
/// removal means to do; marking it again is harmless. `Some` is the stop.
fn out_if_the_orchestrator_lost_it(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    c: &Ceph,
    id: u32,
) -> Result<Option<StepResult>, WfError> {
    let queued = match c.orch_osd_rm_status() {
        Ok(q) => q.iter().any(|r| r.osd_id == id && r.replace),
        Err(e) => {
            return Ok(Some(stop_on(
                &e,
                "reading the orchestrator's removal queue",
                journal,
                st,
            )));
        }
    };
    let still_in = match up_in(c, id) {
        Ok((_, is_in, destroyed)) => is_in && !destroyed,
        Err(e) => return Ok(Some(stop_on(&e, "reading the OSD map", journal, st))),
    };
    if !(queued && still_in) {
        return Ok(None);
    }
    env.say(&format!(
        "  osd.{id} waits in the orchestrator's removal queue but is still in: marking it out, as the removal does"
    ));
    let l = line(c, &["osd", "out", &id.to_string()]);
    journaled_again(
        env,
        journal,
        st,
        "ceph-drain",
        &l,
        "marking the OSD out",
        || c.osd_out(id),
    )
}

/// The orchestrator stopped the daemon: the OSD map shows it down.
pub(super) fn stopped(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    Ok(super::ceph_steps::wait_down(&c, id, journal, st, || {
        format!(
            "[ceph-osd-up] osd.{id} is still up {} s after the orchestrator's removal: nothing was changed on the controller",
            super::ceph_steps::MAP_WAIT.as_secs()
        )
    }))
}

/// The OSD is destroyed (the orchestrator did it with --replace); back to the wait if not.
pub(super) fn destroyed(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    match up_in(&c, id) {
        Ok((false, _, true)) => {
            env.say(&format!(
                "  osd.{id} is destroyed: its id and CRUSH position wait for the new drive"
            ));
            Ok(StepResult::Next)
        }
        Ok((true, ..)) => Ok(StepResult::Stop(format!(
            "[ceph-osd-up] osd.{id} is up again: raidctl never touches the drive of an OSD Ceph reports up"
        ))),
        Ok(_) => Ok(StepResult::Goto(Step::CephDrain)),
        Err(e) => Ok(stop_on(&e, "reading the OSD map", journal, st)),
    }
}

fn same_device(a: &str, b: &str) -> bool {
    let canon = |p: &str| std::fs::canonicalize(p).unwrap_or_else(|_| PathBuf::from(p));
    a == b || canon(a) == canon(b)
}

/// `ceph orch device zap HOST DEV --force`, once the orchestrator's inventory lists the new
/// device (it refuses one it has not seen). `Some` is the stop.
pub(crate) fn zap(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    c: &Ceph,
    host: &str,
    plan: &VolumePlan,
) -> Result<Option<StepResult>, WfError> {
    let dev = plan.data.as_str();
    let start = Instant::now();
    let mut asked: Option<Instant> = None;
    let mut blips = Blips::new();
    loop {
        let refresh = asked.is_none_or(|t| t.elapsed() >= REFRESH_EVERY);
        if refresh {
            asked = Some(Instant::now());
        }
        match c.orch_device_paths(host, refresh) {
            Ok(paths) if paths.iter().any(|p| same_device(p, dev)) => break,
            Ok(_) if start.elapsed() > INVENTORY_WAIT => {
                return Ok(Some(StepResult::Stop(format!(
                    "the orchestrator's inventory of {host} does not list {dev} after {} s (`ceph orch device ls {host} --refresh`): it zaps only devices it has seen. Nothing was written to the device; `raidctl resume {}` asks again",
                    INVENTORY_WAIT.as_secs(),
                    journal.id
                ))));
            }
            Ok(_) => {
                if refresh && start.elapsed() < CEPH_POLL {
                    env.say(&format!(
                        "  waiting for the orchestrator's inventory of {host} to list {dev}"
                    ));
                }
                blips.answered();
                std::thread::sleep(CEPH_POLL);
            }
            Err(e) if blips.again(env, &e, "reading the orchestrator's inventory") => {}
            Err(e) => {
                return Ok(Some(stop_on(
                    &e,
                    "reading the orchestrator's inventory",
                    journal,
                    st,
                )));
            }
        }
    }
    let l = line(c, &["orch", "device", "zap", host, dev, "--force"]);
    Ok(journaled(journal, st, "ceph-prepare", l, env.out, || {
        c.orch_device_zap(host, Path::new(dev))
    })?
    .err()
    .map(|e| stop_on(&e, "zapping the new device", journal, st)))
}

/// `client.bootstrap-osd`'s keyring for `cephadm ceph-volume -- raw prepare` (which creates
/// the OSD with `ceph osd new`), in a file of the caller's beside the journal, mode 0600, never
/// through a link; removed when dropped.
pub(crate) struct Keyring(PathBuf);

impl Keyring {
    fn path_for(journal: &Journal) -> PathBuf {
        let mut name = journal.path().as_os_str().to_owned();
        name.push(".bootstrap-osd.keyring");
        PathBuf::from(name)
    }

    /// Removes the keyring a killed run left (its prepare finished without it).
    pub(crate) fn remove_stale(journal: &Journal) {
        let _ = std::fs::remove_file(Self::path_for(journal));
    }

    /// Asks Ceph for the keyring and writes it.
    ///
    /// # Errors
    /// Ceph's refusal, or the file cannot be written (as a [`CephError::Failed`]).
    pub(crate) fn fetch(c: &Ceph, journal: &Journal) -> Result<Self, CephError> {
        let text = c.auth_get("client.bootstrap-osd")?;
        let path = Self::path_for(journal);
        let failed = |e: std::io::Error| CephError::Failed {
            argv: "ceph auth get client.bootstrap-osd".into(),
            reason: format!("cannot write {}: {e}", path.display()),
        };
        // A file left by a killed run is replaced, never written through.
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(failed(e)),
        }
        {
            use std::io::Write;
            use std::os::unix::fs::OpenOptionsExt;
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .custom_flags(libc::O_NOFOLLOW)
                .open(&path)
                .map_err(failed)?;
            f.write_all(text.as_bytes()).map_err(failed)?;
        }
        Ok(Self(path))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Keyring {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Raw: `ceph cephadm osd activate HOST` deploys the prepared OSD's daemon. LVM: the
/// orchestrator deployed it when it created the OSD.
pub(super) fn activate(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let r = rec(st)?.clone();
    let Some(a) = r.cephadm.as_ref() else {
        return Ok(StepResult::Next);
    };
    // The prepare is done: a keyring a killed run left beside the journal goes.
    Keyring::remove_stale(journal);
    if r.mode == crate::model::OsdMode::Lvm {
        return Ok(StepResult::Next);
    }
    let said = format!("  osd.{id}'s daemon runs already");
    if let Some(end) = done_already(env, &c, id, journal, st, |(up, ..)| up, &said) {
        return Ok(end);
    }
    let l = line(&c, &["cephadm", "osd", "activate", &a.host]);
    // Activation deploys only OSDs without a daemon: asked again through a blip.
    let host = a.host.clone();
    let go = || c.cephadm_osd_activate(&host);
    Ok(journaled_again(
        env,
        journal,
        st,
        "ceph-activate",
        &l,
        "deploying the OSD's daemon",
        go,
    )?
    .unwrap_or(StepResult::Next))
}

/// LVM: the orchestrator zaps the new device and creates the OSD on it, reusing the host's
/// destroyed id (`ceph orch daemon add osd HOST:DEV lvm`).
pub(super) fn prepare_lvm(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (id, c) = osd_and_client(env, st)?;
    let r = rec(st)?.clone();
    let (Some(a), Some(dev)) = (r.cephadm.as_ref(), st.recreate.new_device.as_ref()) else {
        return Ok(StepResult::Stop(
            "the new VD's block device is not known: raidctl cannot recreate the OSD".into(),
        ));
    };
    let plan = VolumePlan {
        mode: r.mode,
        osd_id: id,
        data: dev.path.clone(),
        db: r.db.clone(),
        wal: r.wal.clone(),
        device_class: r.device_class.clone(),
        no_systemd: false,
    };
    if let Err(e) = plan.check() {
        return Ok(StepResult::Stop(format!(
            "the OSD cannot be recreated: {e}"
        )));
    }
    let said = format!("  osd.{id} is no longer destroyed: the orchestrator recreated it already");
    if let Some(end) = done_already(env, &c, id, journal, st, |(_, _, d)| !d, &said) {
        return Ok(end);
    }
    if let Some(stop) = zap(env, journal, st, &c, &a.host, &plan)? {
        return Ok(stop);
    }
    let target = format!("{}:{}", a.host, plan.data);
    let l = line(&c, &["orch", "daemon", "add", "osd", &target, "lvm"]);
    if let Err(e) = journaled(journal, st, "ceph-prepare", l, env.out, || {
        c.orch_daemon_add_osd(&a.host, Path::new(&plan.data))
    })? {
        return Ok(stop_on(&e, "creating the OSD", journal, st));
    }
    Ok(StepResult::Next)
}

/// The unit of a cephadm OSD, for messages (`journalctl -u ...`).
pub(super) fn unit(st: &ReplaceState) -> Option<String> {
    st.ceph.as_ref()?.cephadm.as_ref().map(|a| a.unit.clone())
}
