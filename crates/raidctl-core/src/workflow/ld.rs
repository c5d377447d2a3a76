//! `raidctl ld create|delete|set`: VDs made with the one policy of [`super::vdpolicy`], deleted
//! with a typed confirmation, and their cache policy changed in place. Same shape as the other
//! simple workflows ([`super::simple`]): check the live state, show the plan with the exact
//! vendor commands, confirm, journal, apply, re-read and verify.

use super::change::{Change, Expect, apply_change, ld_create_refused};
use super::guards as g;
use super::vdpolicy::{self, CacheChoices, Leeway, NewVdPolicy, PolicyChoices};
use super::{Env, Outcome, WfError};
use crate::backend::ops::Op;
use crate::backend::snapshot::Snapshot;
use crate::model::{CacheSetting, DiskCache, DriveAddress, RaidLevel, VdPolicy, WritePolicy};

/// The least drives of each level raidctl creates; `None` for levels it does not.
fn min_drives(level: &RaidLevel) -> Option<usize> {
    Some(match level {
        RaidLevel::Raid0 => 1,
        RaidLevel::Raid1 => 2,
        RaidLevel::Raid5 => 3,
        RaidLevel::Raid6 | RaidLevel::Raid10 => 4,
        RaidLevel::Raid50 => 6,
        RaidLevel::Raid60 => 8,
        _ => return None,
    })
}

/// A VD name the firmware keeps: at most 15 printable ASCII characters (the MFI name field
/// is 16 bytes), no spaces (they would split the vendor command line).
///
/// # Errors
/// Anything else.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 15 || !name.chars().all(|c| c.is_ascii_graphic()) {
        return Err(format!(
            "VD name {name:?}: 1 to 15 printable ASCII characters without spaces"
        ));
    }
    Ok(())
}

/// The spans of a VD of `level` over `drives`: one for unspanned levels, `span_size` drives
/// each (default 2 for RAID 10, half the drives otherwise) for RAID 10/50/60.
fn spans_of(
    level: &RaidLevel,
    drives: &[DriveAddress],
    span_size: Option<usize>,
) -> Result<Vec<Vec<DriveAddress>>, String> {
    if !level.is_spanned() {
        return Ok(vec![drives.to_vec()]);
    }
    let per = span_size.unwrap_or(match level {
        RaidLevel::Raid10 => 2,
        _ => drives.len() / 2,
    });
    if per == 0 || !drives.len().is_multiple_of(per) || drives.len() / per < 2 {
        return Err(format!(
            "{} drives do not split into 2 or more spans of {per}",
            drives.len()
        ));
    }
    Ok(drives.chunks(per).map(<[DriveAddress]>::to_vec).collect())
}

/// What `raidctl ld create` is asked for.
#[derive(Debug, Clone)]
pub struct CreateRequest<'a> {
    /// Adapter.
    pub adapter: u32,
    /// RAID level.
    pub level: RaidLevel,
    /// The drives, in order.
    pub drives: &'a [DriveAddress],
    /// Drives per span (RAID 10/50/60).
    pub span_size: Option<usize>,
    /// Policy options (the rest is [`super::vdpolicy`]'s defaults).
    pub policy: PolicyChoices,
    /// The VD's name.
    pub name: Option<&'a str>,
}

/// `raidctl ld create --raid LEVEL E:S,... [--write ...] [--name NAME]`: the VD is made with
/// [`NewVdPolicy`], its disk cache and name set once it exists, and the result names its
/// target id and block device.
///
/// # Errors
/// See [`apply_change`].
pub fn ld_create(env: &mut Env<'_>, req: &CreateRequest<'_>) -> Result<Outcome, WfError> {
    let (adapter, level, drives) = (req.adapter, req.level.clone(), req.drives);
    if let Some(name) = req.name {
        check_name(name).map_err(WfError::Usage)?;
    }
    let Some(min) = min_drives(&level) else {
        return Err(WfError::Usage(format!("unsupported RAID level {level}")));
    };
    let snap = env.ops.snapshot()?;
    if let Some(why) = ld_create_refused(&snap, adapter, drives) {
        return Ok(Outcome::Stopped(why));
    }
    if drives.len() < min {
        return Ok(Outcome::Stopped(format!(
            "{level} needs at least {min} drives"
        )));
    }
    let spans = match spans_of(&level, drives, req.span_size) {
        Ok(s) => s,
        Err(why) => return Ok(Outcome::Stopped(why)),
    };
    let policy = NewVdPolicy::resolve(&req.policy, &snap, adapter);
    let mut warnings = Vec::new();
    if level == RaidLevel::Raid5 && drives.len() > 6 {
        warnings.push(format!("[{}] RAID 5 over many or large drives risks a second failure during a rebuild; RAID 6 tolerates two", g::RAID5_MANY_DRIVES));
    }
    if let Some(why) = &policy.write_back_unprotected {
        warnings.push(format!(
            "--write wb but {why}: the VD writes through until a healthy battery protects its cache"
        ));
    }
    env.say(&format!("New {level} VD: {}", policy.describe()));
    let before: Vec<u32> = snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == adapter)
        .map(|l| l.target_id)
        .collect();
    let members = drives.to_vec();
    let expect = vec![Expect::NewVd {
        adapter,
        members: members.clone(),
        want: policy.vd_policy(),
        leeway: Leeway::of(env.ops, &snap, adapter),
        name: req.name.map(str::to_owned),
    }];
    let outcome = apply_change(
        env,
        Change {
            name: "ld-create".into(),
            target: format!("a{adapter}-{level}"),
            adapter,
            ops: vec![policy.create_op(adapter, level.clone(), spans)],
            after_create: Some(policy.after_create(req.name)),
            warnings,
            typed_confirmation: None,
            ask: true,
            expect,
        },
    )?;
    let new_vd = |s: &Snapshot| super::change::new_vd(s, adapter, &members, &before);
    match outcome {
        Outcome::Completed(msg) if !env.opts.dry_run => {
            let snap = env.ops.snapshot()?;
            Ok(Outcome::Completed(match new_vd(&snap) {
                Some(t) => format!("{msg}\n{}", created_line(env, &snap, adapter, t)),
                None => msg,
            }))
        }
        other => Ok(other),
    }
}

/// `VD 5 on adapter 0 (raid0 on [32:4], WB,NORA,Direct): /dev/sdf
/// (/dev/disk/by-path/...)`: the new VD's id and where the host has it. A new VD's SCSI disk
/// can take a moment: a few looks, without vendor calls.
fn created_line(env: &mut Env<'_>, snap: &Snapshot, adapter: u32, target: u32) -> String {
    const LOOKS: usize = 5;
    let Some(ld) = snap.logical_drive(adapter, target) else {
        return format!("VD {target} on adapter {adapter}");
    };
    let head = format!(
        "VD {target} on adapter {adapter} ({} on {}, {})",
        ld.raid_level,
        ld.members
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        VdPolicy::of(ld).short()
    );
    let mut why = String::from("no host");
    for i in 0..LOOKS {
        let Some(host) = env.host.as_deref_mut() else {
            break;
        };
        match host.kernel_device(snap, adapter, target) {
            Ok(dev) => {
                let by_path = dev.by_path.map_or_else(
                    || " (no /dev/disk/by-path name)".to_owned(),
                    |p| format!(" ({p})"),
                );
                return format!("{head}: block device {}{by_path}", dev.path);
            }
            Err(w) => why = w,
        }
        if i + 1 < LOOKS {
            env.world.wait_for_kernel(std::time::Duration::from_secs(1));
        }
    }
    format!("{head}; no block device: {why}")
}

/// `raidctl ld delete N`.
///
/// # Errors
/// See [`apply_change`].
pub fn ld_delete(env: &mut Env<'_>, adapter: u32, target: u32) -> Result<Outcome, WfError> {
    let snap = env.ops.snapshot()?;
    let Some(ld) = snap.logical_drive(adapter, target) else {
        return Ok(Outcome::Stopped(format!(
            "no VD {target} on adapter {adapter}"
        )));
    };
    let mut warnings = vec![format!(
        "deleting VD {target} ({}, {}) destroys its data",
        ld.raid_level,
        ld.size_text().unwrap_or_else(|| "size ?".into())
    )];
    if let Some(dev) = &ld.block_device {
        warnings.push(format!(
            "it is {dev} on this host: unmount it and stop anything using it first"
        ));
    }
    apply_change(
        env,
        Change {
            name: "ld-delete".into(),
            target: format!("a{adapter}-vd{target}"),
            adapter,
            ops: vec![Op::LdDelete { adapter, target }],
            after_create: None,
            warnings,
            typed_confirmation: Some(format!("delete-vd-{target}")),
            ask: true,
            expect: vec![Expect::VdGone { adapter, target }],
        },
    )
}

/// The policy `settings` give, only in the parts they set.
fn wanted(settings: &[CacheSetting]) -> VdPolicy {
    let mut p = VdPolicy::default();
    for s in settings {
        match *s {
            CacheSetting::Write(w) => p.write = Some(w),
            CacheSetting::Read(r) => p.read = Some(r),
            CacheSetting::Io(i) => p.io = Some(i),
            CacheSetting::DiskCache(d) => p.disk_cache = Some(d),
            CacheSetting::WriteBackOnBadBbu(_) => {}
        }
    }
    p
}

/// `raidctl ld set N --write ... --read ... --io ... --pdcache ...`: one vendor command per
/// property that differs (every tool sets one at a time), then the VD's policy read back.
/// The data stays; the change takes effect at once.
///
/// # Errors
/// Nothing asked for, or see [`apply_change`].
pub fn ld_set(
    env: &mut Env<'_>,
    adapter: u32,
    target: u32,
    args: &CacheChoices,
) -> Result<Outcome, WfError> {
    let snap = env.ops.snapshot()?;
    let Some(ld) = snap.logical_drive(adapter, target) else {
        return Ok(Outcome::Stopped(format!(
            "no VD {target} on adapter {adapter}"
        )));
    };
    let asked = vdpolicy::settings(args, &snap, adapter);
    if asked.is_empty() {
        return Err(WfError::Usage(
            "nothing to change: give --write, --read, --io or --pdcache".into(),
        ));
    }
    let leeway = Leeway::of(env.ops, &snap, adapter);
    let have = VdPolicy::of(ld);
    let want = wanted(&asked);
    let mut ops = Vec::new();
    for s in &asked {
        let one = wanted(std::slice::from_ref(s));
        // Already so (and printed so by the tool): nothing to run for it. Strictly: a
        // write-through that may be write-back's fallback is set anyway.
        let strict = Leeway {
            wb_as_wt: false,
            ..leeway
        };
        if vdpolicy::differences(&have, &one, strict).is_ok() && known(&have, s) {
            continue;
        }
        ops.push(Op::LdCache {
            adapter,
            target,
            setting: *s,
        });
        // A VD writing back regardless of the battery keeps that flag through `WB` on
        // MegaCli; the tools that fold it into the write policy have no such operation.
        let off = Op::LdCache {
            adapter,
            target,
            setting: CacheSetting::WriteBackOnBadBbu(false),
        };
        if *s == CacheSetting::Write(WritePolicy::WriteBack)
            && have.write == Some(WritePolicy::AlwaysWriteBack)
            && env.ops.supports(&off)
        {
            ops.push(off);
        }
    }
    if ops.is_empty() {
        return Ok(Outcome::Completed(format!(
            "VD {target} on adapter {adapter} already runs {}: nothing to change",
            have.short()
        )));
    }
    if let Some(why) = ops.iter().find_map(|op| match op {
        Op::LdCache { setting, .. } if !env.ops.supports(op) => {
            Some(cannot_set(env.ops.name(), *setting))
        }
        _ => None,
    }) {
        return Ok(Outcome::Stopped(format!("{why}; nothing was changed")));
    }
    let mut warnings = Vec::new();
    if want.write == Some(WritePolicy::WriteBack) {
        if let Err(why) = vdpolicy::battery_healthy(&snap, adapter) {
            warnings.push(format!(
                "write-back but {why}: the VD writes through until a healthy battery protects its cache"
            ));
        }
    }
    if want.disk_cache == Some(DiskCache::Enabled) {
        warnings.push("the drives' own write cache is volatile: a power cut loses what it holds unless the drives protect it".to_owned());
    }
    if leeway.adaptive_is_ra && want.read == Some(crate::model::ReadPolicy::Adaptive) {
        warnings.push(format!(
            "{} has no adaptive read-ahead: it sets read-ahead (ra)",
            env.ops.name()
        ));
    }
    env.say(&format!(
        "VD {target} on adapter {adapter} ({}) runs {}",
        ld.raid_level,
        have.short()
    ));
    let outcome = apply_change(
        env,
        Change {
            name: "ld-set".into(),
            target: format!("a{adapter}-vd{target}"),
            adapter,
            ops,
            after_create: None,
            warnings,
            typed_confirmation: None,
            ask: true,
            expect: vec![Expect::VdPolicy {
                adapter,
                target,
                want,
                leeway,
            }],
        },
    )?;
    match outcome {
        Outcome::Completed(msg) if !env.opts.dry_run => {
            let snap = env.ops.snapshot()?;
            let now = snap
                .logical_drive(adapter, target)
                .map(|l| VdPolicy::of(l).short())
                .unwrap_or_default();
            Ok(Outcome::Completed(format!(
                "{msg}\nVD {target} on adapter {adapter} runs {now}"
            )))
        }
        other => Ok(other),
    }
}

/// Why backend `name` cannot set `setting`, and which can.
fn cannot_set(name: &str, setting: CacheSetting) -> String {
    let what = setting.describe();
    match setting {
        CacheSetting::DiskCache(DiskCache::Default) => format!(
            "the {name} backend cannot set {what} (MegaCli and omconfig only turn a VD's disk cache on or off); storcli or perccli can (`--backend storcli`: `pdcache=default`)"
        ),
        CacheSetting::Io(_) => format!(
            "the {name} backend cannot set {what} (omconfig's changepolicy has no I/O policy on current PERCs); MegaCli or perccli can (`--backend megacli|storcli`)"
        ),
        _ => format!("the {name} backend cannot set {what}"),
    }
}

/// Whether the tool printed the part `s` sets (a part it does not print is set anyway).
fn known(have: &VdPolicy, s: &CacheSetting) -> bool {
    match s {
        CacheSetting::Write(_) => have.write.is_some(),
        CacheSetting::Read(_) => have.read.is_some(),
        CacheSetting::Io(_) => have.io.is_some(),
        CacheSetting::DiskCache(_) => have.disk_cache.is_some(),
        CacheSetting::WriteBackOnBadBbu(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_spans() {
        assert!(check_name("osd-12").is_ok());
        for bad in ["", "a name", "sixteen-chars-xx", "tab\there", "é"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        let d: Vec<DriveAddress> = (0..4).map(|s| DriveAddress::new(32, s)).collect();
        assert_eq!(spans_of(&RaidLevel::Raid10, &d, None).unwrap().len(), 2);
        assert_eq!(spans_of(&RaidLevel::Raid0, &d, None).unwrap().len(), 1);
        assert!(spans_of(&RaidLevel::Raid10, &d, Some(3)).is_err());
        assert_eq!(min_drives(&RaidLevel::Raid6), Some(4));
    }
}
