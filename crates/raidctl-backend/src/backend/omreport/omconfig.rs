//! The omconfig lines of the operations OMSA can carry out: `storage pdisk action=...` for a
//! drive, `storage controller|vdisk action=...` for the controller and its VDs.

use super::pdisk;
use crate::backend::ops::{NewVd, Op};
use crate::model::{CacheSetting, DiskCache, DriveAddress, IoPolicy, ReadPolicy, WritePolicy};

/// The omconfig argv of `op`; `None` for what OMSA cannot do.
pub(super) fn args(op: &Op) -> Option<Vec<String>> {
    match op {
        Op::LocateStart { .. }
        | Op::LocateStop { .. }
        | Op::Offline { .. }
        | Op::Online { .. }
        | Op::RebuildStart { .. }
        | Op::RebuildStop { .. }
        | Op::PrepareRemoval { .. }
        | Op::HotspareSet { .. }
        | Op::HotspareRemove { .. } => omconfig_drive_args(op),
        Op::LdCreate(vd) => omconfig_ld_create(vd),
        Op::ForeignImport { .. }
        | Op::ForeignClear { .. }
        | Op::LdDelete { .. }
        | Op::LdDiskCache { .. }
        | Op::LdCache { .. }
        | Op::DiscardPreservedCache { .. }
        | Op::LdName { .. } => omconfig_controller_vd_args(op),
        _ => None,
    }
}

/// `storage pdisk action=ACTION` with `extra`, the controller and the drive.
fn pdisk_args(action: &str, a: u32, d: &DriveAddress, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "storage".to_owned(),
        "pdisk".to_owned(),
        format!("action={action}"),
    ];
    v.extend(extra.iter().map(|x| (*x).to_owned()));
    v.push(format!("controller={a}"));
    v.push(format!("pdisk={}", pdisk(d)));
    v
}

/// The omconfig argv of the drive operations (locate, state, rebuild, removal, hot spares:
/// global, or dedicated to one VD); `None` for what OMSA cannot do.
fn omconfig_drive_args(op: &Op) -> Option<Vec<String>> {
    Some(match op {
        Op::LocateStart { adapter, drive } => pdisk_args("blink", *adapter, drive, &[]),
        Op::LocateStop { adapter, drive } => pdisk_args("unblink", *adapter, drive, &[]),
        Op::Offline { adapter, drive } => pdisk_args("offline", *adapter, drive, &[]),
        Op::Online { adapter, drive } => pdisk_args("online", *adapter, drive, &[]),
        Op::RebuildStart { adapter, drive } => pdisk_args("rebuild", *adapter, drive, &[]),
        Op::RebuildStop { adapter, drive } => pdisk_args("cancelrebuild", *adapter, drive, &[]),
        Op::PrepareRemoval { adapter, drive } => pdisk_args("remove", *adapter, drive, &[]),
        Op::HotspareSet {
            adapter,
            drive,
            arrays,
            vds,
        } if arrays.is_empty() && vds.is_empty() => {
            pdisk_args("assignglobalhotspare", *adapter, drive, &["assign=yes"])
        }
        // OMSA dedicates a spare to one VD at a time, on the vdisk object.
        Op::HotspareSet {
            adapter,
            drive,
            vds,
            ..
        } if vds.len() == 1 => vec![
            "storage".into(),
            "vdisk".into(),
            "action=assigndedicatedhotspare".into(),
            format!("controller={adapter}"),
            format!("vdisk={}", vds[0]),
            format!("pdisk={}", pdisk(drive)),
            "assign=yes".into(),
        ],
        Op::HotspareRemove { adapter, drive } => {
            pdisk_args("assignglobalhotspare", *adapter, drive, &["assign=no"])
        }
        _ => return None,
    })
}

/// The omconfig argv of the controller and VD operations other than creation (foreign
/// configurations, delete, cache policies, pinned cache, name); `None` for what OMSA cannot
/// do.
fn omconfig_controller_vd_args(op: &Op) -> Option<Vec<String>> {
    Some(match op {
        Op::ForeignImport {
            adapter,
            index: None,
        } => vec![
            "storage".into(),
            "controller".into(),
            "action=importforeignconfig".into(),
            format!("controller={adapter}"),
        ],
        Op::ForeignClear {
            adapter,
            index: None,
        } => vec![
            "storage".into(),
            "controller".into(),
            "action=clearforeignconfig".into(),
            format!("controller={adapter}"),
        ],
        Op::LdDelete { adapter, target } => vec![
            "storage".into(),
            "vdisk".into(),
            "action=deletevdisk".into(),
            format!("controller={adapter}"),
            format!("vdisk={target}"),
        ],
        Op::LdDiskCache {
            adapter,
            target,
            enabled,
        } => vec![
            "storage".into(),
            "vdisk".into(),
            "action=changepolicy".into(),
            format!("controller={adapter}"),
            format!("vdisk={target}"),
            format!(
                "diskcachepolicy={}",
                if *enabled { "enabled" } else { "disabled" }
            ),
        ],
        Op::LdCache {
            adapter,
            target,
            setting,
        } => {
            let mut v: Vec<String> = vec![
                "storage".into(),
                "vdisk".into(),
                "action=changepolicy".into(),
                format!("controller={adapter}"),
                format!("vdisk={target}"),
            ];
            v.push(omconfig_cache_setting(*setting)?);
            v
        }
        Op::DiscardPreservedCache { adapter, .. } => vec![
            "storage".into(),
            "controller".into(),
            "action=discardpreservedcache".into(),
            format!("controller={adapter}"),
            "force=enabled".into(),
        ],
        Op::LdName {
            adapter,
            target,
            name,
        } => vec![
            "storage".into(),
            "vdisk".into(),
            "action=rename".into(),
            format!("controller={adapter}"),
            format!("vdisk={target}"),
            format!("name={name}"),
        ],
        _ => return None,
    })
}

/// The omconfig argv of [`Op::LdCreate`] (`createvdisk`: RAID level, drives, span length,
/// stripe size, policies); `None` for a level OMSA has no number for.
fn omconfig_ld_create(vd: &NewVd) -> Option<Vec<String>> {
    let n = vd.level.megacli_number()?;
    let drives: Vec<String> = vd.spans.iter().flatten().map(pdisk).collect();
    let mut v = vec![
        "storage".into(),
        "controller".into(),
        "action=createvdisk".into(),
        format!("controller={}", vd.adapter),
        format!("raid=r{n}"),
        "size=max".into(),
        format!("pdisk={}", drives.join(",")),
    ];
    if vd.level.is_spanned() {
        v.push(format!(
            "spanlength={}",
            vd.spans.first().map_or(0, Vec::len)
        ));
    }
    if let Some(k) = vd.strip_kib {
        v.push(format!("stripesize={k}kb"));
    }
    v.push(format!(
        "readpolicy={}",
        match vd.read {
            ReadPolicy::NoReadAhead => "nra",
            ReadPolicy::ReadAhead => "ra",
            ReadPolicy::Adaptive => "ara",
        }
    ));
    v.push(format!(
        "writepolicy={}",
        match vd.write {
            WritePolicy::WriteThrough => "wt",
            WritePolicy::WriteBack => "wb",
            WritePolicy::AlwaysWriteBack => "fwb",
        }
    ));
    match vd.io {
        Some(IoPolicy::Direct) => v.push("cachepolicy=d".into()),
        Some(IoPolicy::Cached) => v.push("cachepolicy=c".into()),
        None => {}
    }
    Some(v)
}

/// `writepolicy=wt`, `readpolicy=nra`, `diskcachepolicy=disabled`: what `changepolicy` takes.
/// `None` for what it cannot set: the I/O policy (PERC 9 and later show none), `Disk's
/// Default` (only enabled or disabled), and the bad-battery flag apart from `writepolicy`
/// (`fwb` is write-back regardless of the battery).
fn omconfig_cache_setting(setting: CacheSetting) -> Option<String> {
    Some(match setting {
        CacheSetting::Write(w) => format!(
            "writepolicy={}",
            match w {
                WritePolicy::WriteThrough => "wt",
                WritePolicy::WriteBack => "wb",
                WritePolicy::AlwaysWriteBack => "fwb",
            }
        ),
        CacheSetting::Read(r) => format!(
            "readpolicy={}",
            match r {
                ReadPolicy::NoReadAhead => "nra",
                ReadPolicy::ReadAhead => "ra",
                ReadPolicy::Adaptive => "ara",
            }
        ),
        CacheSetting::DiskCache(DiskCache::Enabled) => "diskcachepolicy=enabled".into(),
        CacheSetting::DiskCache(DiskCache::Disabled) => "diskcachepolicy=disabled".into(),
        CacheSetting::Io(_)
        | CacheSetting::DiskCache(DiskCache::Default)
        | CacheSetting::WriteBackOnBadBbu(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact omconfig lines the workflows send, and what OMSA cannot do.
    #[test]
    fn omconfig_lines() {
        let (a, drive) = (0, DriveAddress::new(1, 4));
        let line = |op: &Op| args(op).map(|v| v.join(" "));
        let pd = |action: &str| {
            Some(format!(
                "storage pdisk action={action} controller=0 pdisk=0:1:4"
            ))
        };
        assert_eq!(line(&Op::LocateStart { adapter: a, drive }), pd("blink"));
        assert_eq!(line(&Op::LocateStop { adapter: a, drive }), pd("unblink"));
        assert_eq!(line(&Op::Offline { adapter: a, drive }), pd("offline"));
        assert_eq!(
            line(&Op::PrepareRemoval { adapter: a, drive }),
            pd("remove")
        );
        assert_eq!(line(&Op::RebuildStart { adapter: a, drive }), pd("rebuild"));
        assert_eq!(
            line(&Op::RebuildStop { adapter: a, drive }),
            pd("cancelrebuild")
        );
        let spare = |arrays: Vec<u32>, vds: Vec<u32>| Op::HotspareSet {
            adapter: a,
            drive,
            arrays,
            vds,
        };
        assert_eq!(
            line(&spare(vec![], vec![])).as_deref(),
            Some("storage pdisk action=assignglobalhotspare assign=yes controller=0 pdisk=0:1:4")
        );
        assert_eq!(
            line(&spare(vec![1], vec![2])).as_deref(),
            Some(
                "storage vdisk action=assigndedicatedhotspare controller=0 vdisk=2 pdisk=0:1:4 assign=yes"
            )
        );
        // One VD per dedicated spare; no arrays, no missing rows.
        assert_eq!(line(&spare(vec![1], vec![])), None);
        assert_eq!(line(&spare(vec![], vec![1, 2])), None);
        assert_eq!(line(&Op::MarkMissing { adapter: a, drive }), None);
        assert_eq!(
            line(&Op::MakeGood {
                adapter: a,
                drive,
                force: false
            }),
            None
        );
    }
}
