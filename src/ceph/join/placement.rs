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
