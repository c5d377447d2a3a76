//! Where each OSD was last *verified* (its label read on the device at that place), kept in
//! the state directory (`ceph-verified.json`, private, written atomically). A dead OSD's
//! device can no longer be read, and its kernel name may be another VD's by now: the last
//! verified place is then the only trustworthy answer to "which bay held osd.N". Nothing is
//! guessed: without such a record an unreadable or stale OSD stays unplaced or a hint.

use super::verify::Verification;
use super::{Location, OsdJoin, Role};
use serde::{Deserialize, Serialize};
use std::path::Path;

const FILE: &str = "ceph-verified.json";
const VERSION: u32 = 1;
/// More than any host has OSDs; a larger file is someone else's, not read.
const MAX_BYTES: usize = 4 << 20;

/// The records of one host.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Records {
    version: u32,
    osds: Vec<Record>,
}

/// Where one OSD's main device was verified last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Record {
    id: u32,
    osd_fsid: Option<String>,
    path: String,
    location: Location,
    /// Seconds since the epoch.
    verified_at: u64,
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn load(state_dir: &Path, notes: &mut Vec<String>) -> Records {
    let path = state_dir.join(FILE);
    match crate::fsutil::read_capped(&path, MAX_BYTES) {
        Ok(b) => match serde_json::from_slice::<Records>(&b) {
            Ok(r) if r.version == VERSION => r,
            Ok(r) => {
                notes.push(format!(
                    "{}: version {} not understood: earlier verified places not used",
                    path.display(),
                    r.version
                ));
                Records::default()
            }
            Err(e) => {
                notes.push(format!(
                    "{}: unreadable ({e}): earlier verified places not used",
                    path.display()
                ));
                Records::default()
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Records::default(),
        Err(e) => {
            notes.push(format!("earlier verified places not used: {e}"));
            Records::default()
        }
    }
}

/// Records the places verified now and places, from the records, the OSDs whose device is
/// stale or unreadable. A record whose place another OSD is verified on now is not used.
pub(super) fn remember(state_dir: &Path, join: &mut OsdJoin) {
    let mut records = load(state_dir, &mut join.notes);
    let same_osd = |r: &Record, id: u32, fsid: Option<&str>| match (fsid, &r.osd_fsid) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => r.id == id,
    };
    let mut changed = false;
    let verified_now: Vec<Location> = join
        .osds
        .iter()
        .filter_map(|o| o.block())
        .filter(|b| b.verified == Some(Verification::Label))
        .filter_map(|b| b.location.clone())
        .collect();
    for o in &mut join.osds {
        let (id, fsid) = (o.id, o.osd_fsid.clone());
        let Some(b) = o.devices.iter_mut().find(|d| d.role == Role::Block) else {
            continue;
        };
        match (&b.verified, &b.location) {
            (Some(Verification::Label), Some(loc)) => {
                records
                    .osds
                    .retain(|r| !same_osd(r, id, fsid.as_deref()) && r.location != *loc);
                records.osds.push(Record {
                    id,
                    osd_fsid: fsid.clone(),
                    path: b.path.clone(),
                    location: loc.clone(),
                    verified_at: now(),
                });
                changed = true;
            }
            (Some(Verification::Stale { .. } | Verification::Unread { .. }), _) | (None, None) => {
                let Some(r) = records
                    .osds
                    .iter()
                    .find(|r| same_osd(r, id, fsid.as_deref()))
                else {
                    continue;
                };
                if verified_now.contains(&r.location) {
                    join.notes.push(format!(
                        "osd.{id} was last verified on {} ({}), but another OSD is verified there now: not placed",
                        super::verify::where_(&r.location),
                        r.path
                    ));
                    continue;
                }
                let was = b.verified.clone();
                b.location = Some(r.location.clone());
                b.verified = Some(Verification::Remembered {
                    verified_at: r.verified_at,
                    path: r.path.clone(),
                    now: match was {
                        Some(Verification::Stale { found }) => Some(found),
                        Some(Verification::Unread { reason }) => Some(reason),
                        _ => None,
                    },
                });
                join.notes.push(format!(
                    "osd.{id}: placed on {} where its label was last read ({} at {} s since the epoch); its device cannot confirm it now",
                    super::verify::where_(&r.location),
                    r.path,
                    r.verified_at
                ));
            }
            _ => {}
        }
    }
    if !changed {
        return;
    }
    records.version = VERSION;
    records.osds.sort_by_key(|r| r.id);
    if let (Ok(dir), Ok(text)) = (
        crate::fsutil::Dir::prepare(state_dir),
        serde_json::to_vec_pretty(&records),
    ) {
        let _ = dir.write_atomic(
            FILE,
            &text,
            crate::fsutil::PRIVATE,
            crate::fsutil::Replace::Yes,
        );
    }
}
