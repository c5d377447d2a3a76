//! What `raidctl ceph sync` set: `ceph-life-expectancy.json` in the state directory, one entry
//! per Ceph device id. Only an expectancy recorded here (and still the same in Ceph) is ever
//! cleared by raidctl: one an operator or Ceph's own prediction set is never touched.

use crate::backend::snapshot::Snapshot;
use crate::model::CephLifeExpectancy;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The file in the state directory.
pub const RECORD_FILE: &str = "ceph-life-expectancy.json";
/// Layout version of [`RECORD_FILE`].
pub const RECORD_SCHEMA: u32 = 1;
/// Largest record read (a few hundred bytes per device).
const RECORD_CAP: usize = 4 << 20;

/// The life expectancies raidctl set, by Ceph device id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// [`RECORD_SCHEMA`].
    pub schema_version: u32,
    /// By device id.
    pub devices: BTreeMap<String, CephLifeExpectancy>,
}

impl Record {
    /// The record in `state_dir` (empty when there is none).
    ///
    /// # Errors
    /// It exists and cannot be read or understood: a sync then changes nothing (what raidctl
    /// set would be forgotten, and later never cleared).
    pub fn load(state_dir: &Path) -> Result<Self, String> {
        let p = state_dir.join(RECORD_FILE);
        match crate::fsutil::read_own(&p, RECORD_CAP) {
            Ok(bytes) => {
                let r: Self =
                    serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
                if r.schema_version != RECORD_SCHEMA {
                    return Err(format!(
                        "{}: layout version {} (this raidctl reads {RECORD_SCHEMA})",
                        p.display(),
                        r.schema_version
                    ));
                }
                Ok(r)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self {
                schema_version: RECORD_SCHEMA,
                devices: BTreeMap::new(),
            }),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Writes the record atomically (private to its owner); an empty record removes the file.
    ///
    /// # Errors
    /// The state directory cannot be written.
    pub fn save(&self, state_dir: &Path) -> Result<(), String> {
        let dir = crate::fsutil::Dir::prepare(state_dir).map_err(|e| e.to_string())?;
        if self.devices.is_empty() {
            return match std::fs::remove_file(state_dir.join(RECORD_FILE)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(format!("{}: {e}", state_dir.join(RECORD_FILE).display()))
                }
                _ => Ok(()),
            };
        }
        let text = serde_json::to_string_pretty(&Self {
            schema_version: RECORD_SCHEMA,
            devices: self.devices.clone(),
        })
        .map_err(|e| e.to_string())?
            + "\n";
        dir.write_atomic(
            RECORD_FILE,
            text.as_bytes(),
            crate::fsutil::PRIVATE,
            crate::fsutil::Replace::Yes,
        )
        .map(drop)
        .map_err(|e| e.to_string())
    }
}

/// Puts each recorded expectancy on the drives it was set for (same adapter and bay, and the
/// same serial where both are known: a drive swapped in since is not the one at risk). A
/// record that cannot be read is said once and shows nothing.
pub fn attach(snap: &mut Snapshot, state_dir: &Path) {
    let record = match Record::load(state_dir) {
        Ok(r) => r,
        Err(e) => {
            crate::errln!(
                "raidctl: the record of Ceph life expectancies raidctl set is unreadable: {}",
                crate::escape::escape(&e)
            );
            return;
        }
    };
    for le in record.devices.values() {
        for d in &le.drives {
            let Some(pd) = snap.physical_drives.iter_mut().find(|p| {
                p.adapter == le.adapter
                    && p.address() == d.address
                    && match (&p.serial, &d.serial) {
                        (Some(a), Some(b)) => a.trim() == b.trim(),
                        _ => true,
                    }
            }) else {
                continue;
            };
            pd.ceph_life_expectancy = Some(le.clone());
        }
    }
}
