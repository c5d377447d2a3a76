//! Which single bay `--osd N` names and how that place is known. `pd locate --osd` and
//! `replace-drive --osd` share it: they differ only in what they ask the operator to type
//! when the join cannot name one bay without guessing.

use super::{HostOsd, OsdJoin, Verification};
use crate::model::DriveAddress;

/// Why `--osd N` names no single bay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unplaced {
    /// No source on this host names the OSD.
    NotHere {
        /// What was asked and why it did not answer.
        why: String,
    },
    /// Its device's name holds something else now and no verified place is recorded.
    Moved {
        /// The name the sources gave.
        path: String,
        /// What that device holds now.
        found: String,
    },
    /// Its device is not behind the controller, or no source names one.
    NotOnController {
        /// The device, when a source named one.
        path: Option<String>,
    },
    /// Its device sits on several drives (a RAID 1/5/6/10 VD).
    Several(Vec<(u32, DriveAddress)>),
}

impl OsdJoin {
    /// The OSD `id` and the one bay under its main device.
    ///
    /// # Errors
    /// [`Unplaced`] says why there is no single, trustworthy bay.
    pub fn bay_of(&self, id: u32) -> Result<(&HostOsd, (u32, DriveAddress)), Unplaced> {
        let Some(osd) = self.osd(id) else {
            return Err(Unplaced::NotHere {
                why: self
                    .cluster_note()
                    .unwrap_or_else(|| "no source on this host names it".into()),
            });
        };
        match osd.bays().as_slice() {
            [one] => Ok((osd, *one)),
            [] => Err(match osd.block() {
                Some(b) => match &b.verified {
                    Some(Verification::Stale { found }) => Unplaced::Moved {
                        path: b.path.clone(),
                        found: found.clone(),
                    },
                    _ => Unplaced::NotOnController {
                        path: Some(b.path.clone()),
                    },
                },
                None => Unplaced::NotOnController { path: None },
            }),
            many => Err(Unplaced::Several(many.to_vec())),
        }
    }
}

/// The kernel name in what cephadm's `dev` or `path` gives (`sdc`, `/dev/sdc`): a path is
/// followed to its node first (`/dev/disk/by-path/…`).
pub fn kernel_name(dev: &str) -> Option<String> {
    let dev = dev.trim();
    if dev.is_empty() {
        return None;
    }
    let real = if dev.starts_with('/') {
        std::fs::canonicalize(dev).unwrap_or_else(|_| std::path::PathBuf::from(dev))
    } else {
        std::path::PathBuf::from(dev)
    };
    let name = real.file_name()?.to_string_lossy().into_owned();
    // One name, nothing a path could be made of.
    (!name.is_empty() && name != "." && name != ".." && !name.contains('/')).then_some(name)
}

/// The drive serial in a Ceph device id (`VENDOR_MODEL_SERIAL`, as `ceph device ls` prints
/// it): what follows the last `_`.
pub fn devid_serial(devid: &str) -> Option<&str> {
    devid
        .trim()
        .rsplit_once('_')
        .map(|(_, s)| s)
        .filter(|s| !s.is_empty())
}

impl OsdJoin {
    /// The OSD whose main device is the disk `dev` names (`sdc`, `/dev/sdc`), as the join
    /// found it: the disk the OSD's sources name and its label confirmed (a device whose
    /// label names something else is no OSD's: [`Self::bay_of`] then says so).
    ///
    /// # Errors
    /// No OSD of this host is on that disk, or several are.
    pub fn osd_on_device(&self, dev: &str) -> Result<u32, String> {
        let Some(name) = kernel_name(dev) else {
            return Err(format!("{dev:?} names no block device"));
        };
        let is = |p: &str| {
            std::path::Path::new(p)
                .file_name()
                .is_some_and(|n| *n == *name)
        };
        let ids: Vec<u32> = self
            .osds
            .iter()
            .filter(|o| {
                o.block()
                    .is_some_and(|b| b.disk.as_deref().is_some_and(is) || is(&b.path))
            })
            .map(|o| o.id)
            .collect();
        match ids.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!(
                "no OSD of this host is on {name} (the identity join places none there){}: a device is lit only through the OSD the join verified on it; name the bay instead, `raidctl pd locate E:S`",
                self.cluster_note()
                    .map_or_else(String::new, |n| format!("; {n}"))
            )),
            many => Err(format!(
                "{name} is named by several OSDs ({}): not guessed; use `raidctl pd locate --osd N`",
                many.iter()
                    .map(|i| format!("osd.{i}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    /// The OSD whose main device has Ceph's device id `devid`, when the join knows it.
    pub fn osd_with_devid(&self, devid: &str) -> Option<u32> {
        let devid = devid.trim();
        let ids: Vec<u32> = self
            .osds
            .iter()
            .filter(|o| {
                o.block().is_some_and(|b| {
                    b.ceph_device_id
                        .as_deref()
                        .is_some_and(|d| d.eq_ignore_ascii_case(devid))
                })
            })
            .map(|o| o.id)
            .collect();
        match ids.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

impl Unplaced {
    /// What to tell the operator; `name_it` is the command that names the bay instead
    /// (`raidctl pd locate E:S`).
    pub fn message(&self, id: u32, name_it: &str) -> String {
        match self {
            Self::NotHere { why } => format!("osd.{id} is not an OSD of this host ({why})"),
            Self::Moved { path, found } => format!(
                "osd.{id}: its recorded device {path} now holds {found}, not osd.{id}: the kernel name moved, and no place where its label was read is recorded, so raidctl does not guess which bay held it. Name the bay: `{name_it}` (the failed drive `raidctl status` shows)"
            ),
            Self::NotOnController { path } => format!(
                "osd.{id}: its device {} is not on a MegaRAID/PERC VD or JBOD drive of this host",
                path.as_deref().unwrap_or("(none named)")
            ),
            Self::Several(bays) => format!(
                "osd.{id} sits on a VD of {} drives ({}): name the drive, `{name_it} -a {}`",
                bays.len(),
                bays.iter()
                    .map(|(_, a)| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                bays.first().map_or(0, |b| b.0)
            ),
        }
    }
}

impl HostOsd {
    /// How the main device's place is known, for the operator who is about to act on it.
    pub fn placed_by(&self) -> String {
        let Some(b) = self.block() else {
            return "no source names its device".into();
        };
        let named = if self.sources.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.sources.join(", "))
        };
        match &b.verified {
            Some(Verification::Label) => format!("its BlueStore label, read on {}", b.path),
            Some(Verification::Remembered {
                verified_at,
                path,
                now,
            }) => format!(
                "raidctl's record: its label was read on {path} at {}; {} cannot confirm it now{}",
                crate::model::utc_time(*verified_at),
                b.path,
                now.as_deref()
                    .map_or_else(String::new, |n| format!(" ({n})"))
            ),
            Some(Verification::Unread { reason }) => format!(
                "the kernel name {}{named} only: the device could not be read ({reason})",
                b.path
            ),
            Some(Verification::Stale { found }) => {
                format!("nothing: {} holds {found}", b.path)
            }
            None => format!("the kernel name {}{named}, not verified", b.path),
        }
    }
}
