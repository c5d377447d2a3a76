//! The steps of a replacement without controller redundancy ([`Flow::NoRedundancy`] for a
//! single-drive RAID0 or a named multi-drive RAID0/RAID00, [`Flow::Jbod`] for a JBOD drive):
//! the preserved cache of the dead VD handled in the right order, the dead VD deleted, the new
//! drive presented as the old one was (the VD recreated with its settings, or JBOD again),
//! qualified before it carries anything, and verified down to its Linux block device.
//!
//! Preserved cache: when a write-back VD goes offline the controller keeps what it had not
//! written (pinned cache), and refuses VD creation and foreign clear until it is discarded or
//! the VD comes back by import. A foreign configuration could be that VD's drives coming back,
//! so raidctl never discards while one exists, and discards only this VD's cache.

use super::engine::{PlanLine, StepResult, fresh, state_json};
use super::guards as g;
use super::journal::Journal;
use super::replace::{Flow, ReplaceState, Step, VdRecord};
use super::{BlockDevice, Env, QualifyRequest, WfError, run_op};
use crate::backend::ops::{NewVd, Op};
use crate::backend::snapshot::Snapshot;
use crate::model::{
    DiskCache, DriveAddress, FirmwareState, LdState, LogicalDrive, ReadPolicy, VdPolicy,
    WritePolicy,
};

/// Polls to wait for a new VD's block device to appear (udev) before stopping.
const DEVICE_POLLS: u32 = 6;

fn vd_of(st: &ReplaceState) -> Result<&VdRecord, WfError> {
    st.recreate
        .vd
        .as_ref()
        .ok_or_else(|| WfError::Usage("this replacement has no VD record".into()))
}

/// The discard of VD `target`'s cache, as the backend runs it.
fn discard(st: &ReplaceState, target: u32) -> Op {
    Op::DiscardPreservedCache {
        adapter: st.adapter,
        target,
    }
}

pub(super) fn plan_discard_cache(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    let Some(vd) = &st.recreate.vd else {
        return Vec::new();
    };
    let scope = if env.ops.per_vd_cache_discard() {
        format!("VD {}'s only", vd.target)
    } else {
        format!(
            "the tool discards every VD's at once, so only while VD {} is the only one that can hold any",
            vd.target
        )
    };
    vec![
        PlanLine::say(format!(
            "[{}] if a foreign configuration is present (it could bring VD {} back), stop: importing it is the operator's call",
            g::CACHE_FOREIGN_FIRST,
            vd.target
        )),
        PlanLine::run(
            format!("discard the preserved (pinned) cache if any: {scope}"),
            discard(st, vd.target),
        ),
    ]
}

/// Discards the dead VD's pinned cache, never while a foreign configuration could bring the
/// VD back, and never another VD's.
pub(super) fn discard_cache(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let a = st.adapter;
    let t = vd_of(st)?.target;
    let foreign = env.ops.foreign(a)?;
    if !foreign.is_empty() {
        let list: Vec<String> = foreign.iter().map(|f| f.index.to_string()).collect();
        return Ok(StepResult::Stop(format!(
            "[{}] adapter {a} has foreign configuration(s) {}: if one holds VD {t}'s drives, importing it brings the VD and its cache back, and discarding the cache now would lose that data. Look with `raidctl foreign show -a {a}`; import (`raidctl foreign import -a {a}`) or, if it belongs to nothing you need, clear it; then `raidctl resume {}`. The preserved cache was not touched",
            g::CACHE_FOREIGN_FIRST,
            list.join(", "),
            journal.id
        )));
    }
    let pinned = env.ops.preserved_cache(a)?;
    if !pinned.may_hold(t) {
        env.say(&format!("  no preserved cache for VD {t}"));
        return Ok(StepResult::Next);
    }
    if !env.ops.per_vd_cache_discard() {
        // The tool cannot aim at one VD: only go on when nothing but this VD could hold any.
        let others_offline: Vec<u32> = fresh(env)?
            .logical_drives
            .iter()
            .filter(|l| l.adapter == a && l.target_id != t && l.state == LdState::Offline)
            .map(|l| l.target_id)
            .collect();
        let only_ours = st.pinned_at_start.targets == [t] && !st.pinned_at_start.unattributed;
        if !others_offline.is_empty() || !only_ours {
            return Ok(StepResult::Stop(format!(
                "[{}] {} discards the preserved cache of every VD at once, and it may hold another VD's ({}); discard VD {t}'s alone with `perccli64 /c{a}/v{t} delete preservedcache force` (or `MegaCli64 -DiscardPreservedCache -L{t} -force -a{a}`), then `raidctl resume {}`",
                g::CACHE_OTHER_VD,
                env.ops.name(),
                if others_offline.is_empty() {
                    "the controller reported preserved cache before this workflow that it did not attribute to this VD".to_owned()
                } else {
                    format!("VD(s) {others_offline:?} are offline too")
                },
                journal.id
            )));
        }
    }
    run_op(
        env,
        journal,
        "discard-cache",
        &discard(st, t),
        state_json(st),
    )?;
    let after = env.ops.preserved_cache(a)?;
    if after.may_hold(t) {
        return Ok(StepResult::Stop(format!(
            "VD {t}'s preserved cache is still reported after the discard; check `raidctl status` before anything else"
        )));
    }
    env.say(&format!("  VD {t}'s preserved cache is discarded"));
    Ok(StepResult::Next)
}

pub(super) fn plan_delete_vd(st: &ReplaceState) -> Vec<PlanLine> {
    let Some(vd) = &st.recreate.vd else {
        return Vec::new();
    };
    let others: Vec<String> = vd
        .members
        .iter()
        .filter(|m| **m != st.drive)
        .map(ToString::to_string)
        .collect();
    vec![PlanLine::run(
        format!(
            "delete the dead VD {} ({}){}",
            vd.target,
            vd.level,
            if others.is_empty() {
                String::new()
            } else {
                format!(
                    "; its other members {} become Unconfigured(good) and join the new VD",
                    others.join(", ")
                )
            }
        ),
        Op::LdDelete {
            adapter: st.adapter,
            target: vd.target,
        },
    )]
}

/// Deletes the dead VD: only while it is offline and still the VD this workflow recorded.
pub(super) fn delete_vd(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let a = st.adapter;
    let vd = vd_of(st)?.clone();
    let snap = fresh(env)?;
    let Some(ld) = snap.logical_drive(a, vd.target) else {
        env.say(&format!("  VD {} is gone already", vd.target));
        return Ok(StepResult::Next);
    };
    if ld.state != LdState::Offline {
        return Ok(StepResult::Stop(format!(
            "VD {} is {}, not offline: raidctl deletes only the dead VD. Check `raidctl status` (was the old drive put back?)",
            vd.target, ld.state
        )));
    }
    if ld.members.iter().any(|m| !vd.members.contains(m)) {
        return Ok(StepResult::Stop(format!(
            "VD {} now has members {:?}, not the recorded {:?}: it is not the VD this workflow started on",
            vd.target, ld.members, vd.members
        )));
    }
    run_op(
        env,
        journal,
        "delete-vd",
        &Op::LdDelete {
            adapter: a,
            target: vd.target,
        },
        state_json(st),
    )?;
    if fresh(env)?.logical_drive(a, vd.target).is_some() {
        return Ok(StepResult::Stop(format!(
            "VD {} is still there after the delete",
            vd.target
        )));
    }
    Ok(StepResult::Next)
}

/// The policy the new VD gets: the old VD's, with what its tool did not print taken from the
/// majority of its siblings.
pub(super) fn target_policy(st: &ReplaceState) -> VdPolicy {
    let Some(vd) = &st.recreate.vd else {
        return VdPolicy::default();
    };
    let mut p = vd.policy;
    let sib = vd.sibling_policy.unwrap_or_default();
    p.write = p.write.or(sib.write);
    p.read = p.read.or(sib.read);
    p.io = p.io.or(sib.io);
    p.disk_cache = p.disk_cache.or(sib.disk_cache);
    p
}

fn create_op(st: &ReplaceState, vd: &VdRecord, p: &VdPolicy) -> Op {
    Op::LdCreate(NewVd {
        adapter: st.adapter,
        level: vd.level.clone(),
        spans: vd.spans.clone(),
        write: p.write.unwrap_or(WritePolicy::WriteThrough),
        read: p.read.unwrap_or(ReadPolicy::NoReadAhead),
        io: p.io,
        strip_kib: vd
            .strip_bytes
            .map(|b| u32::try_from(b / 1024).unwrap_or(u32::MAX)),
    })
}

pub(super) fn plan_recreate(env: &Env<'_>, st: &ReplaceState) -> Vec<PlanLine> {
    if st.flow == Flow::Jbod {
        return vec![PlanLine::run(
            "make the new drive JBOD, as the old one was",
            Op::MakeJbod {
                adapter: st.adapter,
                drive: st.drive,
            },
        )];
    }
    let Some(vd) = &st.recreate.vd else {
        return Vec::new();
    };
    let p = target_policy(st);
    let mut v = vec![PlanLine::run(
        format!(
            "recreate VD {} as it was: {}, strip {}, {}{} (the controller picks its target id; a new /dev name follows)",
            vd.target,
            vd.level,
            vd.strip_bytes.map_or_else(
                || "as the controller's default".to_owned(),
                |b| format!("{} KiB", b / 1024)
            ),
            p.short(),
            if vd.policy == p {
                String::new()
            } else {
                " (what the old VD's tool did not print is taken from its siblings)".to_owned()
            }
        ),
        create_op(st, vd, &p),
    )];
    let placeholder = 9999;
    if let Some(on) = disk_cache_flag(p.disk_cache) {
        let op = Op::LdDiskCache {
            adapter: st.adapter,
            target: placeholder,
            enabled: on,
        };
        v.push(PlanLine::run(
            format!("set its disk cache {}", if on { "on" } else { "off" }),
            op,
        ));
    }
    if let Some(name) = vd.name.as_ref().filter(|n| !n.is_empty()) {
        v.push(PlanLine::run(
            format!("name it {name}"),
            Op::LdName {
                adapter: st.adapter,
                target: placeholder,
                name: name.clone(),
            },
        ));
    }
    let _ = env;
    v
}

fn disk_cache_flag(d: Option<DiskCache>) -> Option<bool> {
    match d {
        Some(DiskCache::Enabled) => Some(true),
        Some(DiskCache::Disabled) => Some(false),
        _ => None,
    }
}

/// The VD on exactly these members, if there is one.
fn vd_on<'s>(
    snap: &'s Snapshot,
    adapter: u32,
    members: &[DriveAddress],
) -> Option<&'s LogicalDrive> {
    snap.logical_drives.iter().find(|l| {
        l.adapter == adapter
            && l.members.len() == members.len()
            && members.iter().all(|m| l.members.contains(m))
    })
}

/// The differences between the policy a VD has and the one it should have. Read-ahead
/// `adaptive` and `read ahead` count as equal where the tool cannot set adaptive (storcli);
/// Dell documents them as the same on PERC 8 and later.
pub(super) fn policy_differences(
    have: &VdPolicy,
    want: &VdPolicy,
    adaptive_is_ahead: bool,
) -> Vec<String> {
    let mut d = Vec::new();
    if want.write.is_some() && have.write != want.write {
        d.push(format!(
            "write {:?} instead of {:?}",
            have.write, want.write
        ));
    }
    let read_eq = have.read == want.read
        || (adaptive_is_ahead
            && matches!(
                (have.read, want.read),
                (Some(ReadPolicy::ReadAhead), Some(ReadPolicy::Adaptive))
            ));
    if want.read.is_some() && !read_eq {
        d.push(format!("read {:?} instead of {:?}", have.read, want.read));
    }
    if want.io.is_some() && have.io != want.io {
        d.push(format!("I/O {:?} instead of {:?}", have.io, want.io));
    }
    if disk_cache_flag(want.disk_cache).is_some() && have.disk_cache != want.disk_cache {
        d.push(format!(
            "disk cache {:?} instead of {:?}",
            have.disk_cache, want.disk_cache
        ));
    }
    d
}

/// Presents the new drive as the old one was: the VD recreated with the old VD's level, strip,
/// policies and name, or the drive made JBOD again.
pub(super) fn recreate(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let a = st.adapter;
    if st.flow == Flow::Jbod {
        return jbod_again(env, journal, st);
    }
    let vd = vd_of(st)?.clone();
    let want = target_policy(st);
    if want.write.is_none() || want.read.is_none() {
        return Ok(StepResult::Stop(format!(
            "the policy of VD {} was not read completely ({}) and it has no siblings to take it from; raidctl will not guess. Create the VD with the vendor tool, then `raidctl resume {}`",
            vd.target,
            want.short(),
            journal.id
        )));
    }
    let members: Vec<DriveAddress> = vd.spans.iter().flatten().copied().collect();
    let target = match existing_or_created(env, journal, st, &vd, &want, &members)? {
        Ok(t) => t,
        Err(stop) => return Ok(stop),
    };
    st.recreate.new_target = Some(target);
    set_disk_cache_and_name(env, journal, st, &vd, &want, target)?;
    let snap = fresh(env)?;
    let Some(new) = snap.logical_drive(a, target) else {
        return Ok(StepResult::Stop(format!("the new VD {target} is gone")));
    };
    let mut diffs = policy_differences(
        &VdPolicy::of(new),
        &want,
        !env.ops.sets_adaptive_read_ahead(),
    );
    if let (Some(w), Some(h)) = (vd.strip_bytes, new.strip_size_bytes) {
        if w != h {
            diffs.push(format!(
                "strip {} KiB instead of {} KiB",
                h / 1024,
                w / 1024
            ));
        }
    }
    if new.raid_level != vd.level {
        diffs.push(format!("{} instead of {}", new.raid_level, vd.level));
    }
    if !diffs.is_empty() {
        return Ok(StepResult::Stop(format!(
            "[{}] the new VD {target} differs from the old VD {}: {}. Fix it with the vendor tool (its siblings run with {}), then `raidctl resume {}`",
            g::SIBLING_POLICY,
            vd.target,
            diffs.join(", "),
            want.short(),
            journal.id
        )));
    }
    env.say(&format!(
        "  VD {target} created on {}: {}, {}",
        members
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        new.raid_level,
        VdPolicy::of(new).short()
    ));
    Ok(StepResult::Next)
}

/// The JBOD flow's recreation: the new drive made JBOD (unless it is already).
fn jbod_again(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    if snap
        .drive(a, d)
        .is_some_and(|p| p.firmware_state == FirmwareState::Jbod)
    {
        return Ok(StepResult::Next);
    }
    run_op(
        env,
        journal,
        "recreate",
        &Op::MakeJbod {
            adapter: a,
            drive: d,
        },
        state_json(st),
    )?;
    Ok(
        match fresh(env)?.drive(a, d).map(|p| p.firmware_state.clone()) {
            Some(FirmwareState::Jbod) => StepResult::Next,
            other => StepResult::Stop(format!(
                "{d} is {} after making it JBOD",
                other.map_or_else(|| "gone".into(), |s| s.to_string())
            )),
        },
    )
}

/// The VD on `members` (one an interrupted run created already), or the one created now with
/// the old VD's settings; `Err` the stop (pinned cache, no VD after the create).
fn existing_or_created(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    vd: &VdRecord,
    want: &VdPolicy,
    members: &[DriveAddress],
) -> Result<Result<u32, StepResult>, WfError> {
    let a = st.adapter;
    let snap = fresh(env)?;
    let existing = vd_on(&snap, a, members).map(|l| l.target_id);
    Ok(match existing {
        Some(t) => Ok(t),
        None => {
            let pinned = env.ops.preserved_cache(a)?;
            if pinned.any() {
                return Ok(Err(StepResult::Stop(format!(
                    "[{}] preserved cache is pinned on adapter {a} ({}): the controller refuses to create a VD until it is dealt with",
                    g::LD_CREATE_PINNED,
                    if pinned.targets.is_empty() {
                        "for a VD the tool does not name".to_owned()
                    } else {
                        format!("VD(s) {:?}", pinned.targets)
                    }
                ))));
            }
            run_op(
                env,
                journal,
                "recreate",
                &create_op(st, vd, want),
                state_json(st),
            )?;
            let snap = fresh(env)?;
            let Some(new) = vd_on(&snap, a, members) else {
                return Ok(Err(StepResult::Stop(format!(
                    "no VD on {} appeared after the create",
                    members
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))));
            };
            Ok(new.target_id)
        }
    })
}

/// The old VD's disk cache policy and name on the new VD `target`, where they differ.
fn set_disk_cache_and_name(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &ReplaceState,
    vd: &VdRecord,
    want: &VdPolicy,
    target: u32,
) -> Result<(), WfError> {
    let a = st.adapter;
    if let Some(on) = disk_cache_flag(want.disk_cache) {
        let have = fresh(env)?
            .logical_drive(a, target)
            .map(|l| VdPolicy::of(l).disk_cache);
        if have != Some(want.disk_cache) {
            run_op(
                env,
                journal,
                "recreate",
                &Op::LdDiskCache {
                    adapter: a,
                    target,
                    enabled: on,
                },
                state_json(st),
            )?;
        }
    }
    if let Some(name) = vd.name.as_ref().filter(|n| !n.is_empty()) {
        let have = fresh(env)?
            .logical_drive(a, target)
            .and_then(|l| l.name.clone());
        if have.as_ref() != Some(name) {
            run_op(
                env,
                journal,
                "recreate",
                &Op::LdName {
                    adapter: a,
                    target,
                    name: name.clone(),
                },
                state_json(st),
            )?;
        }
    }
    Ok(())
}

pub(super) fn plan_qualify(st: &ReplaceState) -> Vec<PlanLine> {
    vec![PlanLine::say(match &st.recreate.qualify_profile {
        Some(p) => format!(
            "qualify the new drive (profile {p}, write tests on the new, empty device) before anything uses it: FAIL deletes the fresh {} and stops for another drive",
            if st.flow == Flow::Jbod {
                "JBOD's nothing"
            } else {
                "VD"
            }
        ),
        None => "no qualification of the new drive (--qualify none)".to_owned(),
    })]
}

/// Waits for the block device of the new VD or JBOD drive (udev may take a moment).
fn new_device(env: &mut Env<'_>, st: &ReplaceState) -> Result<Option<BlockDevice>, WfError> {
    let (a, d) = (st.adapter, st.drive);
    for i in 0..DEVICE_POLLS {
        let snap = fresh(env)?;
        let found = env
            .host
            .as_deref_mut()
            .and_then(|h| h.block_device(&snap, a, st.recreate.new_target, d));
        if found.is_some() {
            return Ok(found);
        }
        if i + 1 < DEVICE_POLLS {
            env.world
                .wait_for_kernel(env.opts.poll.min(std::time::Duration::from_secs(5)));
        }
    }
    Ok(None)
}

/// Qualifies the new drive through its block device with the qualification engine; a FAIL
/// takes the fresh VD away again and sends the workflow back to the pull.
pub(super) fn qualify(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let Some(profile) = st.recreate.qualify_profile.clone() else {
        env.say("  skipped: --qualify none");
        return Ok(StepResult::Next);
    };
    if env.host.is_none() {
        return Ok(StepResult::Stop(
            "no qualification engine is available here; resume with --qualify none to skip it"
                .into(),
        ));
    }
    let Some(dev) = new_device(env, st)? else {
        return Ok(StepResult::Stop(format!(
            "no Linux block device appeared for the new {} on {d}: rescan the SCSI host (`echo '- - -' > /sys/class/scsi_host/hostN/scan`) or wait for udev, then `raidctl resume {}`",
            if st.flow == Flow::Jbod { "JBOD" } else { "VD" },
            journal.id
        )));
    };
    let snap = fresh(env)?;
    let Some(pd) = snap.drive(a, d).cloned() else {
        return Ok(StepResult::Stop(format!("the new drive left {d}")));
    };
    env.say(&format!(
        "  qualifying {} ({}, serial {}) with profile {profile}",
        dev.path,
        pd.model.as_deref().unwrap_or("?"),
        pd.serial.as_deref().unwrap_or("?")
    ));
    let req = QualifyRequest {
        pd: &pd,
        device: &dev,
        profile: &profile,
        target: st.recreate.new_target,
        jbod: st.flow == Flow::Jbod,
        workflow: &journal.id,
    };
    let result = match env.host.as_deref_mut() {
        Some(h) => h.qualify(&req),
        None => Err("no qualification engine".into()),
    };
    let rec = match result {
        Ok(r) => r,
        Err(e) => {
            return Ok(StepResult::Stop(format!(
                "the qualification of the new drive could not run: {e}. Fix that and `raidctl resume {}`, or resume with --qualify none",
                journal.id
            )));
        }
    };
    let _ = journal.write(
        "qualify",
        "done",
        None,
        &format!("{} {} ({})", rec.verdict, rec.record, rec.summary),
        state_json(st),
    );
    env.say(&format!(
        "  qualification {}: {} (record {})",
        rec.verdict, rec.summary, rec.record
    ));
    let verdict = rec.verdict.clone();
    st.recreate.qualification = Some(rec);
    match verdict.as_str() {
        "PASS" | "WARN" => Ok(StepResult::Next),
        "FAIL" => reject(env, journal, st),
        _ => Ok(StepResult::Stop(format!(
            "the qualification of the new drive was {verdict} (it could not tell; see the record): resume to run it again, or resume with --qualify none to accept the drive untested"
        ))),
    }
}

/// The new drive failed qualification: its fresh VD (made by this workflow, carrying nothing)
/// goes again and the workflow waits for another drive.
fn reject(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let serial = st.new_serial.clone().unwrap_or_default();
    if let Some(t) = st.recreate.new_target {
        run_op(
            env,
            journal,
            "qualify",
            &Op::LdDelete {
                adapter: a,
                target: t,
            },
            state_json(st),
        )?;
    }
    st.rejected.push(serial.clone());
    st.recreate.new_target = None;
    st.new_serial = None;
    st.next = Step::AwaitPull;
    Ok(StepResult::Stop(format!(
        "[{}] the new drive in {d} (serial {serial}) FAILED qualification (record {}); {} Pull it from the blinking bay, insert another drive, then `raidctl resume {}`",
        g::QUALIFY_FAIL,
        st.recreate
            .qualification
            .as_ref()
            .map_or("?", |q| q.record.as_str()),
        if st.flow == Flow::Jbod {
            "nothing was put on it."
        } else {
            "the VD raidctl created on it carried nothing and was deleted again."
        },
        journal.id
    )))
}

pub(super) fn plan_verify_vd(st: &ReplaceState) -> Vec<PlanLine> {
    vec![PlanLine::say(if st.flow == Flow::Jbod {
        "verify: the drive is JBOD, no preserved cache, its Linux block device is present"
    } else {
        "verify: the new VD is optimal, no preserved cache, its Linux block device is present"
    })]
}

/// The end state: the new VD optimal (or the drive JBOD), nothing pinned, the block device
/// there; the device and its `by-path` name are recorded (they changed).
pub(super) fn verify_vd(env: &mut Env<'_>, st: &mut ReplaceState) -> Result<StepResult, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    if st.flow == Flow::Jbod {
        if snap
            .drive(a, d)
            .is_none_or(|p| p.firmware_state != FirmwareState::Jbod)
        {
            return Ok(StepResult::Stop(format!("{d} is not JBOD any more")));
        }
    } else {
        let Some(t) = st.recreate.new_target else {
            return Ok(StepResult::Stop("the new VD is not known".into()));
        };
        match snap.logical_drive(a, t) {
            Some(l) if l.state == LdState::Optimal => {}
            Some(l) => {
                return Ok(StepResult::Stop(format!("the new VD {t} is {}", l.state)));
            }
            None => return Ok(StepResult::Stop(format!("the new VD {t} is gone"))),
        }
    }
    let pinned = env.ops.preserved_cache(a)?;
    if pinned.any() {
        return Ok(StepResult::Stop(format!(
            "preserved cache is still pinned on adapter {a} ({:?}); check `raidctl status`",
            pinned.targets
        )));
    }
    if env.host.is_some() {
        let Some(dev) = new_device(env, st)? else {
            return Ok(StepResult::Stop(format!(
                "the new {} on {d} has no Linux block device: rescan the SCSI host or wait for udev, then `raidctl resume`",
                if st.flow == Flow::Jbod { "JBOD" } else { "VD" }
            )));
        };
        env.say(&format!(
            "  block device {}{}",
            dev.path,
            dev.by_path
                .as_ref()
                .map_or_else(String::new, |p| format!(" ({p})"))
        ));
        st.recreate.new_device = Some(dev);
    }
    Ok(StepResult::Next)
}

/// The new drive carries foreign metadata: cleared only when the operator named that
/// configuration (`--clear-foreign N`, or typed at the prompt) and it holds nothing but this
/// drive. `Ok(None)`: cleared, check the drive again.
pub(super) fn clear_new_drive_foreign(
    env: &mut Env<'_>,
    journal: &mut Journal,
    st: &mut ReplaceState,
) -> Result<Option<StepResult>, WfError> {
    let (a, d) = (st.adapter, st.drive);
    let snap = fresh(env)?;
    let foreign_drives: Vec<DriveAddress> = snap
        .physical_drives
        .iter()
        .filter(|p| p.adapter == a && p.foreign == Some(true))
        .map(crate::model::PhysicalDrive::address)
        .collect();
    let configs = env.ops.foreign(a)?;
    let holds = |c: &crate::model::ForeignConfig, x: DriveAddress| {
        c.disk_groups
            .iter()
            .flat_map(|g| g.spans.iter())
            .flat_map(|s| s.rows.iter())
            .any(|r| r.drive == Some(x))
    };
    let index = match configs.iter().find(|c| holds(c, d)) {
        Some(c) => Some(c.index),
        None if configs.len() == 1 && foreign_drives == [d] => Some(configs[0].index),
        None => None,
    };
    let Some(index) = index else {
        return Ok(Some(StepResult::Stop(format!(
            "[{}] the new drive carries a foreign configuration that raidctl cannot tell apart from the others on adapter {a}: inspect with `raidctl foreign show -a {a}` and clear it with the vendor tool if it holds nothing you need, then `raidctl resume {}`",
            g::NEW_DRIVE_UNSUITABLE,
            journal.id
        ))));
    };
    let shared: Vec<String> = foreign_drives
        .iter()
        .filter(|x| **x != d)
        .filter(|x| configs.iter().any(|c| c.index == index && holds(c, **x)) || configs.len() == 1)
        .map(ToString::to_string)
        .collect();
    if !shared.is_empty() {
        return Ok(Some(StepResult::Stop(format!(
            "[{}] the new drive's foreign configuration {index} also holds {}: clearing it would erase their metadata too. Use another replacement drive, or sort the foreign configurations out first (`raidctl foreign show -a {a}`)",
            g::NEW_DRIVE_UNSUITABLE,
            shared.join(", ")
        ))));
    }
    if !env.ops.missing(a)?.is_empty() {
        return Ok(Some(StepResult::Stop(format!(
            "[{}] the new drive carries foreign configuration {index} and a VD on adapter {a} is waiting for missing drives: that configuration may be the only copy of its data. Import it (`raidctl foreign import`) or use another drive",
            g::FOREIGN_CLEAR_WAITING
        ))));
    }
    let acked = env.opts.clear_foreign.or(st.clear_foreign) == Some(index);
    if !acked {
        if env.opts.yes {
            return Ok(Some(StepResult::Stop(format!(
                "[{}] the new drive carries foreign configuration {index} (it was used elsewhere; `raidctl foreign show -a {a}` shows what it holds). raidctl clears it only when you name it: `raidctl resume {} --clear-foreign {index}`",
                g::NEW_DRIVE_UNSUITABLE,
                journal.id
            ))));
        }
        let word = format!("clear-foreign-{index}");
        let question = format!(
            "The new drive in {d} carries foreign configuration {index} (`raidctl foreign show -a {a}` shows it). Clearing erases that metadata for good. Type {word} to clear it:"
        );
        let stop = format!(
            "interrupted at the foreign-clear confirmation; nothing was cleared; continue with `raidctl resume {}`",
            journal.id
        );
        if env.ask_typed(&question, &word, "confirmation", &stop) != super::Typed::Matched {
            return Ok(Some(StepResult::Stop(format!(
                "[{}] the new drive's foreign configuration {index} was not cleared (not confirmed); use another drive or resume with --clear-foreign {index}",
                g::NEW_DRIVE_UNSUITABLE
            ))));
        }
    }
    st.clear_foreign = Some(index);
    let by_index = env.ops.supports(&Op::ForeignClear {
        adapter: a,
        index: Some(index),
    });
    // A tool that clears every foreign configuration at once (storcli's /fall, OpenManage)
    // may do so only when this drive's is the only one.
    if !by_index && (configs.len() != 1 || foreign_drives != [d]) {
        return Ok(Some(StepResult::Stop(format!(
            "[{}] {} clears every foreign configuration at once, and adapter {a} has others besides the new drive's ({} configuration(s), foreign drives {:?}): clear configuration {index} alone with MegaCli64 (`-CfgForeign -Clear {index} -a{a}`), then `raidctl resume {}`",
            g::NEW_DRIVE_UNSUITABLE,
            env.ops.name(),
            configs.len(),
            foreign_drives,
            journal.id
        ))));
    }
    let op = Op::ForeignClear {
        adapter: a,
        index: by_index.then_some(index),
    };
    run_op(env, journal, "check-new", &op, state_json(st))?;
    if fresh(env)?
        .drive(a, d)
        .is_some_and(|p| p.foreign == Some(true))
    {
        return Ok(Some(StepResult::Stop(format!(
            "the new drive in {d} is still foreign after clearing configuration {index}"
        ))));
    }
    env.say(&format!(
        "  foreign configuration {index} cleared from the new drive"
    ));
    Ok(None)
}

/// What `check` of an existing single-drive RAID0 VD's identity needs in tests.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_comparison_names_each_difference() {
        let want = VdPolicy::parse_cache("WriteBack, ReadAdaptive, Direct");
        let mut have = want;
        assert!(policy_differences(&have, &want, false).is_empty());
        have.read = Some(ReadPolicy::ReadAhead);
        assert_eq!(policy_differences(&have, &want, false).len(), 1);
        assert!(policy_differences(&have, &want, true).is_empty());
        have.write = Some(WritePolicy::WriteThrough);
        let d = policy_differences(&have, &want, true);
        assert!(d[0].starts_with("write"), "{d:?}");
        let mut want = want;
        want.disk_cache = Some(DiskCache::Disabled);
        have.disk_cache = Some(DiskCache::Default);
        assert_eq!(policy_differences(&have, &want, true).len(), 2);
        // A disk cache left at the drive's default is not compared (no tool sets it back).
        want.disk_cache = Some(DiskCache::Default);
        have.disk_cache = Some(DiskCache::Enabled);
        assert_eq!(policy_differences(&have, &want, true).len(), 1);
    }
}
