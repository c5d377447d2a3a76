//! The storcli argv of each [`Op`], in one exhaustive match: a new operation cannot be
//! left without its argv.

use super::{BackendError, Op, Snapshot, Storcli, obj, storcli_cache_setting};
use crate::backend::ops::{Alarm, NewVd};
use crate::model::{DriveAddress, IoPolicy, ReadPolicy, WritePolicy};

/// `/cA/eE/sS` (or `/cA/sS`) followed by `rest`.
fn obj_args(a: u32, d: &DriveAddress, rest: &[&str]) -> Vec<String> {
    let mut v = vec![obj(a, d)];
    v.extend(rest.iter().map(|x| (*x).to_owned()));
    v
}

impl Storcli {
    /// The refusal of an operation raidctl does not run through storcli.
    pub(super) fn unsupported(&self, what: &str) -> BackendError {
        BackendError::Failed {
            argv: self.program.display().to_string(),
            status: 0xff,
            message: format!("{what} is not available through storcli in raidctl"),
            doc: Box::default(),
        }
    }

    /// The argv of an operation; a missing row or dedicated spare is placed in its drive
    /// group through `snap`.
    pub(super) fn op_args(
        &self,
        op: &Op,
        snap: Option<&Snapshot>,
    ) -> Result<Vec<String>, BackendError> {
        Ok(match op {
            Op::Offline { adapter, drive } => obj_args(*adapter, drive, &["set", "offline"]),
            Op::Online { adapter, drive } => obj_args(*adapter, drive, &["set", "online"]),
            Op::MarkMissing { adapter, drive } => obj_args(*adapter, drive, &["set", "missing"]),
            Op::PrepareRemoval { adapter, drive } => obj_args(*adapter, drive, &["spindown"]),
            Op::UndoPrepareRemoval { adapter, drive } => obj_args(*adapter, drive, &["spinup"]),
            Op::LocateStart { adapter, drive } => obj_args(*adapter, drive, &["start", "locate"]),
            Op::LocateStop { adapter, drive } => obj_args(*adapter, drive, &["stop", "locate"]),
            Op::MakeGood {
                adapter,
                drive,
                force,
            } => {
                if *force {
                    obj_args(*adapter, drive, &["set", "good", "force"])
                } else {
                    obj_args(*adapter, drive, &["set", "good"])
                }
            }
            Op::ReplaceMissing {
                adapter,
                drive,
                array,
                row,
            } => self.insert_args(*adapter, drive, *array, *row, snap)?,
            Op::RebuildStart { adapter, drive } => obj_args(*adapter, drive, &["start", "rebuild"]),
            Op::RebuildStop { adapter, drive } => obj_args(*adapter, drive, &["stop", "rebuild"]),
            Op::HotspareSet {
                adapter,
                drive,
                arrays,
                ..
            } => self.hotspare_args(*adapter, drive, arrays, snap)?,
            Op::HotspareRemove { adapter, drive } => {
                obj_args(*adapter, drive, &["delete", "hotsparedrive"])
            }
            Op::MakeJbod { adapter, drive } => obj_args(*adapter, drive, &["set", "jbod"]),
            // storcli has only `/cN/fall`: every foreign configuration at once.
            Op::ForeignImport {
                adapter,
                index: None,
            } => vec![format!("/c{adapter}/fall"), "import".into()],
            Op::ForeignClear {
                adapter,
                index: None,
            } => vec![format!("/c{adapter}/fall"), "del".into()],
            Op::ForeignImport { .. } | Op::ForeignClear { .. } => {
                return Err(self.unsupported(
                    "one foreign configuration by its index (storcli acts on /fall, all of them)",
                ));
            }
            Op::Alarm { adapter, action } => {
                let v = match action {
                    Alarm::Silence => "silence",
                    Alarm::Enable => "on",
                    Alarm::Disable => "off",
                };
                vec![format!("/c{adapter}"), "set".into(), format!("alarm={v}")]
            }
            Op::RebuildRate { adapter, percent } => vec![
                format!("/c{adapter}"),
                "set".into(),
                format!("rebuildrate={percent}"),
            ],
            Op::BatteryWarning { .. } => {
                return Err(self.unsupported("the battery warning setting"));
            }
            Op::LdCreate(vd) => ld_create_args(vd),
            Op::LdDelete { adapter, target } => {
                vec![format!("/c{adapter}/v{target}"), "del".into()]
            }
            Op::DiscardPreservedCache { adapter, target } => vec![
                format!("/c{adapter}/v{target}"),
                "delete".into(),
                "preservedcache".into(),
                "force".into(),
            ],
            Op::LdName {
                adapter,
                target,
                name,
            } => vec![
                format!("/c{adapter}/v{target}"),
                "set".into(),
                format!("name={name}"),
            ],
            Op::LdDiskCache {
                adapter,
                target,
                enabled,
            } => vec![
                format!("/c{adapter}/v{target}"),
                "set".into(),
                format!("pdcache={}", if *enabled { "on" } else { "off" }),
            ],
            Op::LdCache {
                adapter,
                target,
                setting,
            } => vec![
                format!("/c{adapter}/v{target}"),
                "set".into(),
                storcli_cache_setting(*setting)
                    .ok_or_else(|| self.unsupported("the battery flag apart from wrcache"))?,
            ],
        })
    }

    /// `insert dg=G array=A row=R` of a missing row, its drive group found in `snap`.
    fn insert_args(
        &self,
        adapter: u32,
        drive: &DriveAddress,
        array: u32,
        row: u32,
        snap: Option<&Snapshot>,
    ) -> Result<Vec<String>, BackendError> {
        let (dg, arr) = match snap.and_then(|s| Self::dg_array(s, adapter, array)) {
            Some(x) => x,
            None if snap.is_none() => (0, array),
            None => {
                return Err(self.unsupported(&format!("array {array} (not in the topology)")));
            }
        };
        let mut v = obj_args(adapter, drive, &["insert"]);
        v.extend([
            format!("dg={dg}"),
            format!("array={arr}"),
            format!("row={row}"),
        ]);
        Ok(v)
    }

    /// `add hotsparedrive [dgs=…]`: a dedicated spare names the drive groups of its arrays.
    fn hotspare_args(
        &self,
        adapter: u32,
        drive: &DriveAddress,
        arrays: &[u32],
        snap: Option<&Snapshot>,
    ) -> Result<Vec<String>, BackendError> {
        let mut v = obj_args(adapter, drive, &["add", "hotsparedrive"]);
        if arrays.is_empty() {
            return Ok(v);
        }
        let mut dgs: Vec<u32> = arrays
            .iter()
            .filter_map(|a| {
                snap.and_then(|s| Self::dg_array(s, adapter, *a))
                    .map(|(g, _)| g)
            })
            .collect();
        dgs.sort_unstable();
        dgs.dedup();
        if dgs.is_empty() && snap.is_some() {
            return Err(self.unsupported("a dedicated spare for an array not in the topology"));
        }
        v.push(format!(
            "dgs={}",
            dgs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ));
        Ok(v)
    }
}

/// The argv of [`Op::LdCreate`]: `add vd` with the RAID type, the drives (per array when
/// spanned), the cache policies and the strip size.
fn ld_create_args(vd: &NewVd) -> Vec<String> {
    let n = vd.level.megacli_number().unwrap_or(0);
    let drives: Vec<String> = vd
        .spans
        .iter()
        .flatten()
        .map(DriveAddress::megacli_arg)
        .collect();
    let mut v = vec![
        format!("/c{}", vd.adapter),
        "add".into(),
        "vd".into(),
        format!("type=raid{n}"),
        format!("drives={}", drives.join(",")),
    ];
    if vd.level.is_spanned() {
        v.push(format!(
            "pdperarray={}",
            vd.spans.first().map_or(0, Vec::len)
        ));
    }
    v.push(
        match vd.write {
            WritePolicy::WriteThrough => "wt",
            WritePolicy::WriteBack => "wb",
            WritePolicy::AlwaysWriteBack => "awb",
        }
        .into(),
    );
    v.push(
        match vd.read {
            ReadPolicy::NoReadAhead => "nora",
            ReadPolicy::ReadAhead | ReadPolicy::Adaptive => "ra",
        }
        .into(),
    );
    match vd.io {
        Some(IoPolicy::Direct) => v.push("direct".into()),
        Some(IoPolicy::Cached) => v.push("cached".into()),
        None => {}
    }
    if let Some(k) = vd.strip_kib {
        v.push(format!("strip={k}"));
    }
    v
}
