//! The steps of [`super::run`] before the journal: which drive and OSD, the Ceph record, the
//! pre-checks, the state the flow starts from and the journal's start record.

use super::target::{bay_of_osd, ceph_record, osds_on, resolve, spans_several, vd_record};
use super::{Flow, RebuildState, RecreateState, ReplaceState, Step, prechecks};
use crate::backend::ops::PinnedCache;
use crate::backend::snapshot::Snapshot;
use crate::ceph::HostOsd;
use crate::model::{FirmwareState, LogicalDrive, PhysicalDrive, fmt_size};
use crate::workflow::ceph_steps::CephRecord;
use crate::workflow::engine::state_json;
use crate::workflow::guards::{Check, Level};
use crate::workflow::journal::Journal;
use crate::workflow::prechecks::Reads;
use crate::workflow::{Env, Outcome, WfError};

/// The drive `target` (E:S or serial) names, or the one under `--osd N`.
pub(super) fn target_drive(
    env: &Env<'_>,
    snap: &Snapshot,
    target: Option<&str>,
    adapter: Option<u32>,
) -> Result<PhysicalDrive, WfError> {
    Ok(match (target, env.opts.osd) {
        (Some(t), _) => resolve(snap, t, adapter)?.clone(),
        (None, Some(id)) => {
            let (a, d) = bay_of_osd(env, id)?;
            snap.drive(a, d)
                .cloned()
                .ok_or_else(|| WfError::Usage(format!("osd.{id}'s drive {d} is not in the bay")))?
        }
        (None, None) => {
            return Err(WfError::Usage(
                "name the drive (E:S or serial) or the OSD (--osd N)".into(),
            ));
        }
    })
}

/// The OSD on `pd` (`None` when there is none), or the outcome that stops here with nothing
/// changed: a DB/WAL device, an OSD over several drives, several OSDs, or an unattended run
/// that does not name the OSD. `--osd N` naming an OSD not on `pd` is a usage error.
pub(super) fn the_osd(
    env: &Env<'_>,
    pd: &PhysicalDrive,
) -> Result<Result<Option<HostOsd>, Outcome>, WfError> {
    let (osds, dbwal) = osds_on(env, pd);
    if let Some(id) = env.opts.osd {
        if !osds.iter().any(|o| o.id == id) {
            return Err(WfError::Usage(format!(
                "osd.{id} is not on {} ({})",
                pd.address(),
                if osds.is_empty() {
                    "no OSD of this host is".to_owned()
                } else {
                    format!(
                        "{} is",
                        osds.iter()
                            .map(|o| format!("osd.{}", o.id))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            )));
        }
    }
    if dbwal {
        return Ok(Err(Outcome::Stopped(format!(
            "[ceph-shared-db] {} holds a BlueStore DB/WAL device of OSDs on this host: replacing it takes all of them down (a multi-OSD job raidctl does not do yet); nothing was changed",
            pd.address()
        ))));
    }
    if let Some(msg) = osds.iter().find_map(|o| spans_several(o)) {
        return Ok(Err(Outcome::Stopped(msg)));
    }
    let osd = match osds.as_slice() {
        [] => None,
        [one] => Some((*one).clone()),
        many => {
            return Ok(Err(Outcome::Stopped(format!(
                "{} holds several OSDs ({}): raidctl replaces one OSD's drive at a time; nothing was changed",
                pd.address(),
                many.iter()
                    .map(|o| format!("osd.{}", o.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))));
        }
    };
    if let (Some(o), None, true) = (&osd, env.opts.osd, env.opts.yes) {
        return Ok(Err(Outcome::Stopped(format!(
            "[serial-confirm] {} holds osd.{}: an unattended replacement names both the drive's serial and the OSD (--serial SERIAL --osd {}); nothing was changed",
            pd.address(),
            o.id,
            o.id
        ))));
    }
    Ok(Ok(osd))
}

/// Says which drive this is (model, serial, size, state, its VD) and how its OSD was placed.
pub(super) fn describe(
    env: &mut Env<'_>,
    pd: &PhysicalDrive,
    ld: Option<&LogicalDrive>,
    osd: Option<&HostOsd>,
) {
    env.say(&format!(
        "Drive {} on adapter {}: {} {} serial {} ({}), {}, device id {}{}",
        pd.address(),
        pd.adapter,
        pd.vendor.as_deref().unwrap_or(""),
        pd.model.as_deref().unwrap_or("?"),
        pd.serial.as_deref().unwrap_or("?"),
        pd.size_bytes().map_or_else(|| "?".into(), fmt_size),
        pd.firmware_state_raw
            .as_deref()
            .unwrap_or(pd.firmware_state.as_str()),
        pd.device_id.map_or_else(|| "?".into(), |d| d.to_string()),
        ld.map_or_else(String::new, |l| format!(
            ", member of VD {} ({}, {})",
            l.target_id, l.raid_level, l.state
        )),
    ));
    if let Some(o) = osd {
        // The operator reads the serial of the bay named here: say how raidctl knows it.
        env.say(&format!("osd.{} placed by {}", o.id, o.placed_by()));
    }
}

/// The Ceph record of `osd` where Ceph's word stands in for the operator's (no redundancy or
/// JBOD; it then also sets the data-loss acknowledgement's source), or the outcome that stops
/// here when Ceph cannot give it.
pub(super) fn ceph_for(
    env: &mut Env<'_>,
    osd: Option<&HostOsd>,
    flow: Flow,
) -> Result<Option<CephRecord>, Outcome> {
    // Ceph's word stands in for the operator's only where the VD has no redundancy; on a
    // redundant VD the OSD stays up while the controller rebuilds.
    Ok(match (osd, flow) {
        (Some(o), Flow::NoRedundancy | Flow::Jbod) => match ceph_record(env, o) {
            Ok(mut r) => {
                // Out already (Ceph's devicehealth marks a failing drive's OSD out by
                // itself) and Ceph's word that its data lives elsewhere: no drain to wait for.
                if !r.in_at_start {
                    if let Some(c) = env.ceph.as_ref() {
                        r.drained_at_start =
                            matches!(crate::workflow::ceph_drain::still_safe(c, r.osd), Ok(true));
                    }
                    if r.drained_at_start {
                        env.say(&format!(
                            "osd.{} is out and drained already (safe to destroy, its pools whole without it): the drain is skipped",
                            r.osd
                        ));
                    }
                }
                env.opts.data_loss_ack_source = Some(format!(
                    "Ceph's safe-to-destroy for osd.{} stands in for --i-understand-data-loss: the controller steps run only once Ceph says its data lives elsewhere, and the journal keeps that answer",
                    r.osd
                ));
                Some(r)
            }
            Err(msg) => return Err(Outcome::Stopped(format!("{msg}; nothing was changed"))),
        },
        (Some(o), _) => {
            env.say(&format!(
                "osd.{} sits on this VD, which is redundant: it stays up while the controller rebuilds (no Ceph step)",
                o.id
            ));
            None
        }
        (None, _) => None,
    })
}

/// Runs and prints the pre-checks of `flow`, and says whether a healthy target is to be typed
/// back (`--proactive`; without it a healthy target is refused).
pub(super) fn checks_for(
    env: &mut Env<'_>,
    snap: &Snapshot,
    pd: &PhysicalDrive,
    flow: Flow,
    reads: &Reads,
    pinned: &PinnedCache,
    ack: Option<&str>,
) -> (Vec<Check>, bool) {
    let mut checks = match flow {
        Flow::NoRedundancy | Flow::Jbod => crate::workflow::prechecks::no_redundancy(
            snap,
            pd,
            reads,
            pinned,
            ack,
            env.opts.data_loss_ack_source.as_deref(),
        ),
        _ => prechecks(snap, pd, reads, env.opts.accept_no_redundancy),
    };
    // A healthy target: refused without --proactive; with it, typed back at a terminal.
    let healthy = crate::workflow::prechecks::healthy_target(snap, pd);
    let confirm_healthy = env.opts.proactive && healthy.is_some();
    if !env.opts.proactive {
        checks.extend(healthy);
    }
    if let Some(p) = env.opts.plan.as_mut() {
        p.checks = checks
            .iter()
            .map(crate::workflow::plan::PlanCheck::from)
            .collect();
    }
    env.say("Pre-checks:");
    for c in &checks {
        let tag = match c.level {
            Level::Info => "  ok  ",
            Level::Warn => "  WARN",
            Level::Refuse => "  STOP",
        };
        env.say(&format!("{tag} {}", c.text));
    }
    (checks, confirm_healthy)
}

/// The state the flow starts from (journaled before its first step).
pub(super) fn initial_state(
    env: &Env<'_>,
    snap: &Snapshot,
    pd: &PhysicalDrive,
    flow: Flow,
    ceph: Option<CephRecord>,
    pinned: PinnedCache,
    data_loss_ack: Option<String>,
) -> ReplaceState {
    let ld = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t));
    let down_at_start = ld
        .map(|l| {
            crate::workflow::prechecks::vd_spans(snap, l)
                .into_iter()
                .flatten()
                .filter(|(a, s)| *a != Some(pd.address()) && *s != Some(FirmwareState::Online))
                .filter_map(|(a, _)| a)
                .collect()
        })
        .unwrap_or_default();
    ReplaceState {
        adapter: pd.adapter,
        drive: pd.address(),
        serial: pd.serial.clone(),
        pd_type: pd.pd_type.clone(),
        ld: pd.logical_drive,
        others: snap
            .physical_drives
            .iter()
            .filter(|d| d.adapter == pd.adapter && d.address() != pd.address())
            .filter_map(|d| d.serial.clone().map(|s| (d.address(), s)))
            .collect(),
        new_serial: None,
        flow,
        steps: if ceph.is_some() {
            Flow::with_ceph(flow.steps(env.ops))
        } else {
            flow.steps(env.ops)
        },
        media_type: Some(pd.media_type.clone()).filter(|m| !m.is_unknown()),
        coerced_size: match flow {
            Flow::MegaRaid => pd.coerced_size_bytes,
            // OMSA reports no coerced size; the replacement must hold what the old drive held.
            _ => pd.size_bytes(),
        },
        next: Step::LocateOn,
        pinned_at_start: pinned,
        rejected: Vec::new(),
        clear_foreign: env.opts.clear_foreign,
        rebuild: RebuildState {
            down_at_start,
            ..RebuildState::default()
        },
        recreate: RecreateState {
            vd: ld
                .filter(|_| flow == Flow::NoRedundancy)
                .map(|l| vd_record(snap, l, pd.address())),
            data_loss_ack,
            qualify_profile: env.opts.qualify.clone(),
            ..RecreateState::default()
        },
        ceph,
        confirmed: None,
        led_off_at_stop: false,
    }
}

/// Creates the journal of this replacement and writes its start record.
pub(super) fn start_journal(
    env: &Env<'_>,
    st: &ReplaceState,
    target: Option<&str>,
) -> Result<Journal, WfError> {
    let mut journal = Journal::create(
        &env.state_dir,
        "replace-drive",
        &format!("a{}-{}", st.adapter, st.drive.megacli_arg()),
    )
    .map_err(|e| WfError::Io(format!("cannot create journal: {e}")))?;
    journal
        .write(
            "start",
            "started",
            None,
            &format!(
                "replace-drive {}{}",
                target.unwrap_or(""),
                env.opts
                    .osd
                    .map_or_else(String::new, |o| format!(" --osd {o}"))
            ),
            state_json(st),
        )
        .map_err(|e| WfError::Io(format!("journal {}: {e}", journal.path().display())))?;
    Ok(journal)
}
