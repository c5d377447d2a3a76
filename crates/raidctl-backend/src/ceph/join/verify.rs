//! Whether an OSD's main device is still that OSD's: its BlueStore label read from the device
//! itself ([`crate::ceph::label`]). Kernel names move (a rescan, a reboot, a VD deleted and
//! another created), and an OSD directory's `block` link or `ceph osd metadata` keeps the old
//! one; a healthy VD then carried a dead OSD's name and was destroyed in its place (issue 36).
//!
//! A readable device that names another OSD, another cluster, or no OSD is *stale*: the OSD
//! is not placed there (status, metrics, `pd locate --osd` and `replace-drive --osd` see no
//! bay for it) and a note says what the device holds now. A device that cannot be read (not
//! root, an offline VD's I/O errors, no answer in time) keeps its place as a hint; the
//! replacement's own guards decide what a hint may do.

use super::{HostOsd, Location, Role};
use crate::ceph::label::{self, Found, Label};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long all label reads of one join may take together: a dying drive can block a read
/// for minutes, and monitoring must not wait for it.
const READ_LIMIT: Duration = Duration::from_secs(3);

/// A label read under way.
type Pending = std::sync::mpsc::Receiver<Result<Found, String>>;

/// What the device itself said about the OSD placed on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Verification {
    /// Its BlueStore label names this OSD (and this cluster).
    Label,
    /// It is readable and holds something else (another OSD, another cluster's, none).
    Stale {
        /// What it holds now.
        found: String,
    },
    /// It could not be read: the place is only a hint.
    Unread {
        /// Why.
        reason: String,
    },
    /// Placed where its label was last read (the state directory's record): the device
    /// cannot confirm it now (dead, or its name is another device's by now).
    Remembered {
        /// When the label was read there, seconds since the epoch.
        verified_at: u64,
        /// The device path it was read on.
        path: String,
        /// What the device says now (stale content or why it cannot be read).
        now: Option<String>,
    },
}

/// Reads the label of every placed main device (in parallel, [`READ_LIMIT`] in all) and
/// unplaces the stale ones, with a note for each. `cluster_fsid` is this cluster's fsid when
/// known (a label of another cluster never counts).
pub(super) fn verify(osds: &mut [HostOsd], notes: &mut Vec<String>, cluster_fsid: Option<&str>) {
    let reads: Vec<(usize, usize, Pending)> = osds
        .iter()
        .enumerate()
        .flat_map(|(i, o)| {
            o.devices
                .iter()
                .enumerate()
                .filter(|(_, d)| d.role == Role::Block && d.location.is_some())
                .map(move |(j, d)| (i, j, spawn_read(&d.path)))
        })
        .collect();
    let start = Instant::now();
    for (i, j, rx) in reads {
        let left = READ_LIMIT.saturating_sub(start.elapsed());
        let got = rx
            .recv_timeout(left)
            .unwrap_or_else(|_| Err(format!("no answer within {}s", READ_LIMIT.as_secs())));
        let o = &mut osds[i];
        let v = judge(
            o.id,
            o.osd_fsid.as_deref(),
            o.cluster_fsid.as_deref(),
            cluster_fsid,
            got,
        );
        let d = &mut o.devices[j];
        if let Verification::Stale { found } = &v {
            notes.push(format!(
                "osd.{}: {} is not its device any more: it holds {found}{}; the kernel name moved, so osd.{} is not placed there (name its bay as E:S)",
                o.id,
                d.path,
                d.location.as_ref().map_or_else(String::new, |l| format!(" and is {} now", where_(l))),
                o.id
            ));
            d.location = None;
            d.hctl = None;
            d.also.clear();
        }
        d.verified = Some(v);
    }
}

pub(super) fn where_(l: &Location) -> String {
    match l {
        Location::Vd {
            adapter, target, ..
        } => format!("VD {target} of adapter {adapter}"),
        Location::Jbod {
            adapter,
            address: Some(a),
            ..
        } => format!("JBOD drive {a} of adapter {adapter}"),
        Location::Jbod { adapter, .. } => format!("a JBOD drive of adapter {adapter}"),
    }
}

/// What one read means for OSD `id`.
fn judge(
    id: u32,
    osd_fsid: Option<&str>,
    osd_cluster: Option<&str>,
    cluster: Option<&str>,
    got: Result<Found, String>,
) -> Verification {
    let l: Label = match got {
        Err(reason) => return Verification::Unread { reason },
        Ok(Found::None) => {
            return Verification::Stale {
                found: "no BlueStore label".into(),
            };
        }
        Ok(Found::Label(l)) => l,
    };
    let describe = |l: &Label| {
        format!(
            "the label of osd.{} ({}{})",
            l.whoami.map_or_else(|| "?".into(), |w| w.to_string()),
            l.osd_fsid,
            l.cluster_fsid
                .as_deref()
                .map_or_else(String::new, |c| format!(", cluster {c}"))
        )
    };
    let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b.trim());
    if let Some(c) = &l.cluster_fsid {
        if let Some(theirs) = osd_cluster.or(cluster).filter(|x| !x.is_empty()) {
            if !same(c, theirs) {
                return Verification::Stale {
                    found: format!("another cluster's OSD: {}", describe(&l)),
                };
            }
        }
    }
    let ok = match osd_fsid.filter(|f| !f.is_empty()) {
        Some(f) => same(&l.osd_fsid, f),
        None => l.whoami == Some(id),
    };
    if ok {
        Verification::Label
    } else {
        Verification::Stale {
            found: describe(&l),
        }
    }
}

/// Reads the first [`label::LABEL_BYTES`] of `path` on a thread of its own.
fn spawn_read(path: &str) -> Pending {
    let (tx, rx) = std::sync::mpsc::channel();
    let path = path.to_owned();
    // Detached: a read stuck in the kernel must not hold the run; the thread ends with it.
    let _ = std::thread::Builder::new()
        .name("label-read".into())
        .spawn(move || {
            let _ = tx.send(label::read(Path::new(&path)));
        });
    rx
}

/// `fsid = ...` of the `[global]` section of a ceph.conf (at most 64 KiB read, no links).
pub fn conf_fsid(conf: &Path) -> Option<String> {
    let text = crate::fsutil::read_capped(conf, 64 * 1024).ok()?;
    let text = String::from_utf8_lossy(&text);
    let mut global = true;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            global = line.trim_matches(|c| c == '[' || c == ']').trim() == "global";
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if global && k.trim().replace(['_', ' '], "") == "fsid" {
            return Some(v.trim().to_ascii_lowercase()).filter(|v| !v.is_empty());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0f6d8e2a-54b3-4c5e-9a51-6f1c3e0d2b7a";
    const B: &str = "11111111-2222-3333-4444-555555555555";
    const C: &str = "e3b0c442-98fc-1c14-9afb-f4c8996fb924";
    const OTHER: &str = "99999999-98fc-1c14-9afb-f4c8996fb924";

    fn found(osd: &str, id: u32, cluster: &str) -> Result<Found, String> {
        Ok(label::decode(&label::encode(osd, id, cluster)))
    }

    #[test]
    fn the_label_decides() {
        assert_eq!(
            judge(3, Some(A), Some(C), Some(C), found(A, 3, C)),
            Verification::Label
        );
        // No fsid recorded for the OSD: the id in the label.
        assert_eq!(
            judge(3, None, None, None, found(A, 3, C)),
            Verification::Label
        );
        let stale = |v: Verification| match v {
            Verification::Stale { found } => found,
            other => panic!("{other:?}"),
        };
        assert!(stale(judge(3, Some(A), Some(C), Some(C), found(B, 7, C))).contains("osd.7"));
        assert_eq!(
            stale(judge(3, Some(A), None, None, Ok(Found::None))),
            "no BlueStore label"
        );
        // The same OSD id and even the same OSD fsid, but another cluster's: never ours.
        let f = stale(judge(3, Some(A), None, Some(C), found(A, 3, OTHER)));
        assert!(f.starts_with("another cluster's OSD"), "{f}");
        assert!(matches!(
            judge(3, Some(A), None, None, Err("EIO".into())),
            Verification::Unread { .. }
        ));
    }

    #[test]
    fn reads_refuse_what_is_not_a_device() {
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("fifo");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        assert!(
            label::read(&fifo)
                .unwrap_err()
                .contains("not a block device")
        );
        assert!(
            label::read(Path::new("/dev/zero"))
                .unwrap_err()
                .contains("not a block device")
        );
        let f = d.path().join("dev");
        std::fs::write(&f, label::encode(A, 3, C)).unwrap();
        assert!(matches!(label::read(&f), Ok(Found::Label(_))));
    }

    #[test]
    fn the_conf_fsid_is_the_global_one() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("ceph.conf");
        std::fs::write(
            &p,
            format!(
                "[client]\nfsid = {OTHER}\n[global]\n  fsid = {}\nmon host = x\n",
                C.to_uppercase()
            ),
        )
        .unwrap();
        assert_eq!(conf_fsid(&p).as_deref(), Some(C));
        std::fs::write(&p, "[global]\nmon host = x\n").unwrap();
        assert_eq!(conf_fsid(&p), None);
    }
}
