//! Lifetime-counter baseline: what each drive's error counters said when raidctl first saw it.
//!
//! MegaCli's media, other and predictive-failure counts never go down on their own, so a
//! static count is history, not news. The baseline lets [`super::evaluate`] report what grew
//! since then separately from the totals.

use crate::backend::snapshot::Snapshot;
use crate::model::PhysicalDrive;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// File name of the baseline inside raidctl's state directory.
pub const BASELINE_FILE: &str = "baseline.json";

/// Layout version of `baseline.json`.
pub const BASELINE_SCHEMA: u32 = 1;

/// Counters recorded per drive identity (see [`drive_key`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// Layout version.
    pub schema_version: u32,
    /// Entries by drive identity.
    pub drives: BTreeMap<String, DriveBaseline>,
}

/// One drive's counters at the time they were recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DriveBaseline {
    /// Adapter the drive was on.
    pub adapter: u32,
    /// `E:S` address it had (informational; identity is the key).
    pub address: String,
    /// Serial number, when known.
    pub serial: Option<String>,
    /// `Media Error Count`.
    pub media_errors: Option<u64>,
    /// `Other Error Count`.
    pub other_errors: Option<u64>,
    /// `Predictive Failure Count`.
    pub predictive_failures: Option<u64>,
    /// Snapshot time the entry was recorded (seconds since the Unix epoch).
    pub first_seen_unix: u64,
    /// What the drive held when last seen: `jbod`, `spare` or `vd N`; `None` for a drive that
    /// held nothing (Unconfigured). A drive that held something and is gone is a problem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The Ceph OSDs on it when last seen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub osds: Vec<u32>,
    /// When it was last seen (seconds since the Unix epoch).
    #[serde(default)]
    pub last_seen_unix: u64,
}

/// What `pd` holds, for [`DriveBaseline::role`].
pub fn role_of(pd: &PhysicalDrive) -> Option<String> {
    use crate::model::FirmwareState;
    match (&pd.firmware_state, pd.logical_drive) {
        (_, Some(t)) => Some(format!("vd {t}")),
        (FirmwareState::Jbod, None) => Some("jbod".into()),
        (FirmwareState::Hotspare, None) => Some("spare".into()),
        _ => None,
    }
}

/// Identity of a drive across snapshots: `serial:<serial>` when the serial is known, else
/// `addr:<adapter>:<E:S>:<wwn or ->` (a drive swapped into the same slot without serial or WWN
/// is then indistinguishable, which is the best MegaCli allows).
pub fn drive_key(pd: &PhysicalDrive) -> String {
    match pd
        .serial
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(serial) => format!("serial:{serial}"),
        None => format!(
            "addr:{}:{}:{}",
            pd.adapter,
            pd.address().megacli_arg(),
            pd.wwn.as_deref().unwrap_or("-")
        ),
    }
}

impl DriveBaseline {
    fn of(pd: &PhysicalDrive, now: u64) -> Self {
        Self {
            adapter: pd.adapter,
            address: pd.address().megacli_arg(),
            serial: pd.serial.clone(),
            media_errors: pd.media_error_count,
            other_errors: pd.other_error_count,
            predictive_failures: pd.predictive_failure_count,
            first_seen_unix: now,
            role: role_of(pd),
            osds: pd.osd.iter().map(|o| o.id).collect(),
            last_seen_unix: now,
        }
    }
}

/// Fills a counter the entry did not know yet, and lowers one that went backwards (a counter
/// reset, e.g. after a controller swap) so that later increases are not hidden.
fn merge_counter(stored: &mut Option<u64>, current: Option<u64>) -> bool {
    match (*stored, current) {
        (None, Some(c)) => {
            *stored = Some(c);
            true
        }
        (Some(s), Some(c)) if c < s => {
            *stored = Some(c);
            true
        }
        _ => false,
    }
}

/// The largest baseline read back (a few hundred bytes per drive).
const MAX_BASELINE_BYTES: usize = 16 << 20;

impl Baseline {
    /// Path of the baseline file in `dir`.
    pub fn path(dir: &Path) -> PathBuf {
        dir.join(BASELINE_FILE)
    }

    /// Reads `baseline.json` from `dir`; a missing file is an empty baseline.
    ///
    /// # Errors
    /// The file exists but cannot be read or is not a baseline (reported, never silently
    /// replaced, so increases are not lost by accident).
    pub fn load(dir: &Path) -> io::Result<Self> {
        // Never through a link, and only a file of the caller's or root's closed to others:
        // whoever could write it would hide every counter increase.
        match crate::fsutil::read_own(&Self::path(dir), MAX_BASELINE_BYTES) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", Self::path(dir).display()),
                )
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Self {
                schema_version: BASELINE_SCHEMA,
                drives: BTreeMap::new(),
            }),
            Err(e) => Err(e),
        }
    }

    /// Writes `baseline.json` into `dir` atomically with mode 0600 (see [`crate::fsutil`]:
    /// a random temporary name created without following links, fsync, rename); `dir` is
    /// created with mode 0700 when missing and refused when other users can write into it.
    ///
    /// # Errors
    /// Creating the directory, writing (a full filesystem leaves the old file as it was) or
    /// renaming failed.
    pub fn save(&self, dir: &Path) -> io::Result<PathBuf> {
        let mut json = serde_json::to_vec_pretty(self).map_err(io::Error::other)?;
        json.push(b'\n');
        crate::fsutil::Dir::prepare(dir)?.write_atomic(
            BASELINE_FILE,
            &json,
            crate::fsutil::PRIVATE,
            crate::fsutil::Replace::Yes,
        )
    }

    /// Records every drive of `snap` not yet in the baseline with its current counters.
    /// Existing entries keep their values, except that an unknown counter is filled in and a
    /// counter that went backwards is lowered. Returns whether anything changed.
    pub fn update_from(&mut self, snap: &Snapshot) -> bool {
        self.schema_version = BASELINE_SCHEMA;
        let mut changed = false;
        for pd in &snap.physical_drives {
            match self.drives.entry(drive_key(pd)) {
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(DriveBaseline::of(pd, snap.taken_at_unix));
                    changed = true;
                }
                std::collections::btree_map::Entry::Occupied(mut o) => {
                    let e = o.get_mut();
                    // A failed drive keeps what it held (a failed JBOD turns Unconfigured(bad)
                    // and holds nothing by its state alone, but its data is what was lost).
                    let failed = matches!(
                        pd.firmware_state,
                        crate::model::FirmwareState::UnconfiguredBad
                            | crate::model::FirmwareState::Failed
                            | crate::model::FirmwareState::Offline
                    );
                    let role = role_of(pd).or_else(|| failed.then(|| e.role.clone()).flatten());
                    let osds: Vec<u32> = pd.osd.iter().map(|o| o.id).collect();
                    let osds = if osds.is_empty() && failed {
                        e.osds.clone()
                    } else {
                        osds
                    };
                    let address = pd.address().megacli_arg();
                    if e.role != role
                        || e.osds != osds
                        || e.address != address
                        || e.adapter != pd.adapter
                    {
                        (e.role, e.osds, e.address, e.adapter) = (role, osds, address, pd.adapter);
                        changed = true;
                    }
                    e.last_seen_unix = snap.taken_at_unix;
                    changed |= merge_counter(&mut e.media_errors, pd.media_error_count);
                    changed |= merge_counter(&mut e.other_errors, pd.other_error_count);
                    changed |=
                        merge_counter(&mut e.predictive_failures, pd.predictive_failure_count);
                }
            }
        }
        // A drive gone from a bay that another drive fills now was replaced: forgotten, so a
        // replacement leaves no ghost. One gone from an empty bay stays (it is missing).
        let before = self.drives.len();
        let present: std::collections::BTreeSet<String> =
            snap.physical_drives.iter().map(drive_key).collect();
        self.drives.retain(|k, e| {
            present.contains(k)
                || !snap
                    .physical_drives
                    .iter()
                    .any(|p| p.adapter == e.adapter && p.address().megacli_arg() == e.address)
        });
        changed | (self.drives.len() != before)
    }

    /// Drives that held something (JBOD, spare, a VD) and are gone from an adapter `snap`
    /// lists, their bay empty: `(key, entry)`.
    pub fn missing<'a>(&'a self, snap: &Snapshot) -> Vec<(&'a str, &'a DriveBaseline)> {
        let present: std::collections::BTreeSet<String> =
            snap.physical_drives.iter().map(drive_key).collect();
        self.drives
            .iter()
            .filter(|(k, e)| {
                e.role.is_some()
                    && !present.contains(*k)
                    && snap.adapters.iter().any(|a| a.adapter == e.adapter)
                    && !snap
                        .physical_drives
                        .iter()
                        .any(|p| p.adapter == e.adapter && p.address().megacli_arg() == e.address)
            })
            .map(|(k, e)| (k.as_str(), e))
            .collect()
    }

    /// Re-records every drive of `snap` with its current counters (an operator acknowledged
    /// the increases). Drives no longer present are forgotten.
    pub fn reset_from(&mut self, snap: &Snapshot) {
        self.schema_version = BASELINE_SCHEMA;
        self.drives = snap
            .physical_drives
            .iter()
            .map(|pd| (drive_key(pd), DriveBaseline::of(pd, snap.taken_at_unix)))
            .collect();
    }

    /// Re-records one drive (by adapter and `[E:S]`) with its current counters. Returns false
    /// when the snapshot has no such drive.
    pub fn reset_drive(
        &mut self,
        snap: &Snapshot,
        adapter: u32,
        addr: crate::model::DriveAddress,
    ) -> bool {
        let Some(pd) = snap.drive(adapter, addr) else {
            return false;
        };
        self.schema_version = BASELINE_SCHEMA;
        self.drives
            .insert(drive_key(pd), DriveBaseline::of(pd, snap.taken_at_unix));
        true
    }

    /// Forgets the drives `item` names (`E:S`, `[E:S]`, `:S` or a serial; on `adapter` when
    /// given) that are missing from `snap`: the operator's word that a vanished drive is not
    /// coming back (`raidctl inventory forget`). Returns what was forgotten.
    ///
    /// # Errors
    /// Nothing recorded matches, or what matches is present (a present drive is not missing;
    /// forgetting it would only reset its counters).
    pub fn forget(
        &mut self,
        snap: &Snapshot,
        item: &str,
        adapter: Option<u32>,
    ) -> Result<Vec<DriveBaseline>, String> {
        let item = item.trim();
        let bay = item
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<crate::model::DriveAddress>()
            .ok()
            .map(|a| a.megacli_arg());
        let matches = |e: &DriveBaseline| {
            adapter.is_none_or(|a| a == e.adapter)
                && (bay.as_deref() == Some(e.address.as_str())
                    || e.serial
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(item)))
        };
        let missing: Vec<String> = self
            .missing(snap)
            .into_iter()
            .filter(|(_, e)| matches(e))
            .map(|(k, _)| k.to_owned())
            .collect();
        if missing.is_empty() {
            return Err(if self.drives.values().any(matches) {
                format!("{item} is not missing (it is present, or held nothing): nothing to forget")
            } else {
                format!("raidctl has no record of {item} (see `raidctl inventory`)")
            });
        }
        self.schema_version = BASELINE_SCHEMA;
        Ok(missing
            .iter()
            .filter_map(|k| self.drives.remove(k))
            .collect())
    }

    /// The entry for `pd`, if it was recorded.
    pub fn get(&self, pd: &PhysicalDrive) -> Option<&DriveBaseline> {
        self.drives.get(&drive_key(pd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DriveAddress;

    fn pd(serial: Option<&str>, slot: u16, media: u64) -> PhysicalDrive {
        PhysicalDrive {
            enclosure_id: Some(32),
            slot,
            serial: serial.map(str::to_owned),
            media_error_count: Some(media),
            other_error_count: Some(0),
            predictive_failure_count: Some(0),
            ..PhysicalDrive::default()
        }
    }

    fn snap(drives: Vec<PhysicalDrive>, at: u64) -> Snapshot {
        Snapshot {
            taken_at_unix: at,
            physical_drives: drives,
            ..Snapshot::default()
        }
    }

    #[test]
    fn keys_prefer_serial() {
        assert_eq!(drive_key(&pd(Some(" ABC "), 1, 0)), "serial:ABC");
        let mut p = pd(None, 4, 0);
        p.wwn = Some("5000C5".into());
        assert_eq!(drive_key(&p), "addr:0:32:4:5000C5");
        assert_eq!(drive_key(&pd(Some(""), 4, 0)), "addr:0:32:4:-");
    }

    #[test]
    fn update_keeps_existing_entries_and_reset_overwrites() {
        let mut b = Baseline::default();
        assert!(b.update_from(&snap(vec![pd(Some("A"), 1, 2)], 100)));
        // Grown counter: not overwritten by update.
        assert!(b.update_from(&snap(vec![pd(Some("A"), 1, 5), pd(Some("B"), 2, 0)], 200)));
        assert!(!b.update_from(&snap(vec![pd(Some("A"), 1, 5)], 250)));
        assert_eq!(b.drives["serial:A"].media_errors, Some(2));
        assert_eq!(b.drives["serial:A"].first_seen_unix, 100);
        assert_eq!(b.drives["serial:B"].first_seen_unix, 200);
        // A counter that went backwards re-bases.
        b.update_from(&snap(vec![pd(Some("A"), 1, 1)], 300));
        assert_eq!(b.drives["serial:A"].media_errors, Some(1));
        // Reset of one drive.
        let s = snap(vec![pd(Some("A"), 1, 9), pd(Some("B"), 2, 0)], 400);
        assert!(b.reset_drive(&s, 0, DriveAddress::new(32, 1)));
        assert!(!b.reset_drive(&s, 0, DriveAddress::new(32, 9)));
        assert_eq!(b.drives["serial:A"].media_errors, Some(9));
        assert_eq!(b.drives["serial:A"].first_seen_unix, 400);
        // Reset of everything forgets absent drives.
        b.reset_from(&snap(vec![pd(Some("C"), 3, 0)], 500));
        assert_eq!(b.drives.keys().collect::<Vec<_>>(), vec!["serial:C"]);
    }

    /// `inventory forget`: only a missing drive is forgotten, by bay or serial.
    #[test]
    fn forget_takes_only_missing_drives() {
        let jbod = |serial, slot| {
            let mut p = pd(Some(serial), slot, 0);
            p.firmware_state = crate::model::FirmwareState::Jbod;
            p
        };
        let with_adapter = |mut s: Snapshot| {
            s.adapters.push(crate::model::Adapter::default());
            s
        };
        let mut b = Baseline::default();
        b.update_from(&with_adapter(snap(vec![jbod("A", 1), jbod("B", 2)], 100)));
        let now = with_adapter(snap(vec![jbod("B", 2)], 200));
        assert_eq!(b.missing(&now).len(), 1);
        assert!(
            b.forget(&now, "B", None)
                .unwrap_err()
                .contains("not missing")
        );
        assert!(b.forget(&now, "Z", None).unwrap_err().contains("no record"));
        assert!(b.forget(&now, "32:1", Some(1)).is_err(), "another adapter");
        let gone = b.forget(&now, "[32:1]", None).unwrap();
        assert_eq!(gone[0].serial.as_deref(), Some("A"));
        assert!(b.missing(&now).is_empty());
        assert!(b.forget(&now, "a", None).unwrap_err().contains("no record"));
    }

    #[test]
    fn load_save_round_trip_and_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state");
        let empty = Baseline::load(&state).unwrap();
        assert!(empty.drives.is_empty());
        let mut b = Baseline::default();
        b.update_from(&snap(vec![pd(Some("A"), 1, 2)], 100));
        let path = b.save(&state).unwrap();
        assert_eq!(path, state.join("baseline.json"));
        assert_eq!(Baseline::load(&state).unwrap(), b);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&state)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("baseline.json")]);
        std::fs::write(state.join("baseline.json"), "not json").unwrap();
        assert_eq!(
            Baseline::load(&state).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }
}
