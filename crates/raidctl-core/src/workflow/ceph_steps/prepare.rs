//! The prepare step: recreate the OSD with the same id on the new device (`ceph-volume
//! raw|lvm prepare`, detached and journaled), and what a prepare cut short leaves behind: an
//! id half-made or purged, the old OSD's stale leftovers, a mkfs still running.

use super::bring_up::weight_check;
use super::{StepResult, WfError, journaled, line, osd_and_client, stop_on, up_in};
use crate::ceph::{Ceph, CephError, VolumePlan};
use crate::model::OsdMode;
use crate::workflow::Env;
use crate::workflow::engine::PlanLine;
use crate::workflow::journal::Journal;
use crate::workflow::replace::ReplaceState;
use std::time::{Duration, Instant};

pub(super) fn volume_plan(st: &ReplaceState) -> Option<VolumePlan> {
    let r = st.ceph.as_ref()?;
    Some(VolumePlan {
        mode: r.mode,
        osd_id: r.osd,
        data: st.recreate.new_device.as_ref()?.path.clone(),
        db: r.db.clone(),
        wal: r.wal.clone(),
        device_class: r.device_class.clone(),
        no_systemd: !crate::ceph::systemd_is_pid1(),
    })
}

pub(in crate::workflow) fn plan_prepare(st: &ReplaceState) -> Vec<PlanLine> {
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
pub(in crate::workflow) fn prepare(
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
        match half_made_or_purged(env, journal, st, &c, id, &plan)? {
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
        clear_stale(env, &c, id);
    }
    if let Some(stop) = zap_and_prepare(env, journal, st, &c, id, &plan)? {
        return Ok(stop);
    }
    Ok(prepared_on_new(journal, st, &c, id, &plan))
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
fn volume_log(journal: &Journal) -> std::path::PathBuf {
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

/// A prepare cut short (raidctl and ceph-volume killed, a power cut) leaves the id half-made
/// (`exists,new`, no OSD on any device) or, after ceph-volume's rollback, purged. The id is
/// the one this replacement destroyed and the new device holds nothing: destroys the
/// half-made one again, or takes the purged id anew (`--osd-id N` accepts a free id).
/// `Ok(true)` when the id is now to be prepared as destroyed; `Err` the stop.
fn half_made_or_purged(
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
fn clear_stale(env: &mut Env<'_>, c: &Ceph, id: u32) {
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
fn zap_and_prepare(
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
fn prepared_on_new(
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
