//! This host's OSD directories, both layouts: the package's `/var/lib/ceph/osd/<cluster>-N` and
//! cephadm's `/var/lib/ceph/<fsid>/osd.N`, and which one an id's OSD is when both name it.
//! Their small files are the ceph user's, so each is read capped and without following links.

use super::Sources;
use crate::model::Deployment;
use std::path::{Path, PathBuf};

/// What an OSD directory says.
#[derive(Debug, Default)]
pub(super) struct DirOsd {
    pub(super) id: u32,
    /// The directory.
    pub(super) dir: PathBuf,
    /// Package or cephadm (`None` only in tests' hand-made values).
    pub(super) deployment: Option<Deployment>,
    pub(super) fsid: Option<String>,
    pub(super) objectstore: Option<String>,
    pub(super) block: Option<String>,
    pub(super) db: Option<String>,
    pub(super) wal: Option<String>,
}

/// An OSD directory's small files (`whoami`, `fsid`, `type`) are the ceph user's: read with
/// [`crate::fsutil::read_capped`] (no links, regular files only, at most 4 KiB), so a FIFO or a
/// link to `/dev/zero` costs a note instead of a hung or exhausted monitoring run.
const OSD_FILE_CAP: usize = 4096;

fn read_trim(p: &Path, notes: &mut Vec<String>) -> Option<String> {
    match crate::fsutil::read_capped(p, OSD_FILE_CAP) {
        Ok(b) => Some(String::from_utf8_lossy(&b).trim().to_owned()).filter(|s| !s.is_empty()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            notes.push(format!("ignored {e}"));
            None
        }
    }
}

fn link(p: &Path) -> Option<String> {
    std::fs::read_link(p).ok().map(|t| {
        if t.is_absolute() {
            t.display().to_string()
        } else {
            p.parent()
                .map_or(t.clone(), |d| d.join(&t))
                .display()
                .to_string()
        }
    })
}

/// `/var/lib/ceph/osd/<cluster>-N/` directories that name an OSD, and notes on files in them
/// that were not read.
pub(super) fn scan_osd_dirs(root: &Path, cluster: &str) -> (Vec<DirOsd>, Vec<String>) {
    let mut notes = Vec::new();
    let Ok(rd) = std::fs::read_dir(root) else {
        return (Vec::new(), notes);
    };
    let prefix = format!("{cluster}-");
    let mut v: Vec<DirOsd> = Vec::new();
    for e in rd.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(n) = name
            .strip_prefix(&prefix)
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let p = e.path();
        let id = read_trim(&p.join("whoami"), &mut notes)
            .and_then(|w| w.parse().ok())
            .unwrap_or(n);
        let block = link(&p.join("block"));
        if block.is_none() && std::fs::symlink_metadata(p.join("whoami")).is_err() {
            continue;
        }
        v.push(DirOsd {
            id,
            deployment: Some(Deployment::package(id)),
            dir: p.clone(),
            fsid: read_trim(&p.join("fsid"), &mut notes),
            objectstore: read_trim(&p.join("type"), &mut notes),
            block,
            db: link(&p.join("block.db")),
            wal: link(&p.join("block.wal")),
        });
    }
    v.sort_by_key(|d| d.id);
    (v, notes)
}

/// Whether `s` is a UUID as cephadm names a cluster's directory (`8-4-4-4-12` hex digits).
pub fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The fsids of the clusters cephadm deployed on this host: `<ceph_root>/<fsid>/` directories,
/// sorted.
pub fn cephadm_fsids(ceph_root: &Path) -> Vec<String> {
    let Ok(rd) = std::fs::read_dir(ceph_root) else {
        return Vec::new();
    };
    let mut v: Vec<String> = rd
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_uuid(n))
        .map(|n| n.to_ascii_lowercase())
        .collect();
    v.sort();
    v
}

/// A cephadm OSD directory's small file: capped, not followed, owned by root, the caller or
/// the directory's owner (the container's ceph user, uid 167) and writable by nobody else.
fn read_owned_trim(p: &Path, dir_owner: Option<u32>, notes: &mut Vec<String>) -> Option<String> {
    match crate::fsutil::read_capped_owned(p, OSD_FILE_CAP, dir_owner) {
        Ok(b) => Some(String::from_utf8_lossy(&b).trim().to_owned()).filter(|s| !s.is_empty()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            notes.push(format!("ignored {e}"));
            None
        }
    }
}

/// cephadm's OSD directories, `<ceph_root>/<fsid>/osd.N/`, of this cluster only: `fsid` is
/// this cluster's fsid when known (the configuration's). Another cluster's directories (a
/// second cluster on the host, a leftover of a removed one) are a note each and left out;
/// without a known fsid, directories of one cluster only are taken, several are a note.
pub(super) fn scan_cephadm_dirs(
    ceph_root: &Path,
    fsid: Option<&str>,
) -> (Vec<DirOsd>, Vec<String>) {
    use std::os::unix::fs::MetadataExt;
    let mut notes = Vec::new();
    let mut per_cluster: Vec<(String, Vec<DirOsd>)> = Vec::new();
    for cluster in cephadm_fsids(ceph_root) {
        let croot = ceph_root.join(&cluster);
        let Ok(rd) = std::fs::read_dir(&croot) else {
            continue;
        };
        let mut v = Vec::new();
        for e in rd.filter_map(Result::ok) {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(n) = name
                .strip_prefix("osd.")
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let p = e.path();
            // A directory, not a link to one; nobody but its owner may change it.
            let Ok(meta) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            if !meta.is_dir() {
                continue;
            }
            if meta.mode() & 0o002 != 0 {
                notes.push(format!(
                    "ignored {}: writable by every user (mode {:04o}): not trusted",
                    p.display(),
                    meta.mode() & 0o7777
                ));
                continue;
            }
            let owner = Some(meta.uid());
            let whoami = read_owned_trim(&p.join("whoami"), owner, &mut notes);
            let block = link(&p.join("block"));
            if block.is_none() && whoami.is_none() {
                continue;
            }
            let id = whoami.and_then(|w| w.parse().ok()).unwrap_or(n);
            if id != n {
                notes.push(format!(
                    "{}: whoami says osd.{id}, the directory osd.{n}: left out, not guessed",
                    p.display()
                ));
                continue;
            }
            let said = read_owned_trim(&p.join("ceph_fsid"), owner, &mut notes)
                .map(|f| f.to_ascii_lowercase());
            if let Some(c) = said.as_deref().filter(|c| *c != cluster) {
                notes.push(format!(
                    "{}: its ceph_fsid {c} is not its cluster directory's: left out",
                    p.display()
                ));
                continue;
            }
            v.push(DirOsd {
                id,
                deployment: Some(Deployment::cephadm(&cluster, id)),
                dir: p.clone(),
                fsid: read_owned_trim(&p.join("fsid"), owner, &mut notes),
                objectstore: read_owned_trim(&p.join("type"), owner, &mut notes),
                block,
                db: link(&p.join("block.db")),
                wal: link(&p.join("block.wal")),
            });
        }
        if !v.is_empty() {
            v.sort_by_key(|d| d.id);
            per_cluster.push((cluster, v));
        }
    }
    let mut out = Vec::new();
    let several = per_cluster.len() > 1;
    for (cluster, v) in per_cluster {
        let ours = match fsid {
            Some(f) => f.eq_ignore_ascii_case(&cluster),
            None => !several,
        };
        if ours {
            out.extend(v);
            continue;
        }
        let ids = v
            .iter()
            .map(|d| format!("osd.{}", d.id))
            .collect::<Vec<_>>()
            .join(", ");
        notes.push(match fsid {
            Some(f) => format!(
                "{}: {ids} of another cluster (fsid {cluster}; this cluster's is {f}): not this cluster's OSDs, left out",
                ceph_root.join(&cluster).display()
            ),
            None => format!(
                "{}: {ids} of cluster {cluster}, one of several cephadm clusters on this host, and this cluster's fsid is unknown (no configuration): left out",
                ceph_root.join(&cluster).display()
            ),
        });
    }
    (out, notes)
}

/// Both layouts on one host: a package directory and a cephadm directory for the same id are
/// one OSD only when they name the same OSD uuid and device (an adoption's leftover);
/// otherwise neither directory is taken for it (a note names both: which one is this
/// cluster's OSD is not guessed; the other sources and the label still place it).
fn combine_dirs(
    package: Vec<DirOsd>,
    cephadm: Vec<DirOsd>,
    notes: &mut Vec<String>,
) -> Vec<DirOsd> {
    let mut out: Vec<DirOsd> = Vec::new();
    let mut cephadm = cephadm;
    for p in package {
        let Some(i) = cephadm.iter().position(|c| c.id == p.id) else {
            out.push(p);
            continue;
        };
        let c = cephadm.remove(i);
        let same = p.fsid.is_some() && p.fsid == c.fsid && p.block.is_some() && p.block == c.block;
        if same {
            notes.push(format!(
                "osd.{}: both {} and {} name it (same uuid and device): taken as the cephadm OSD",
                p.id,
                p.dir.display(),
                c.dir.display()
            ));
            out.push(c);
        } else {
            notes.push(format!(
                "osd.{}: two directories name it, {} (package, uuid {}) and {} (cephadm, uuid {}): not merged, neither taken for its device",
                p.id,
                p.dir.display(),
                p.fsid.as_deref().unwrap_or("unknown"),
                c.dir.display(),
                c.fsid.as_deref().unwrap_or("unknown")
            ));
        }
    }
    out.extend(cephadm);
    out.sort_by_key(|d| d.id);
    out
}

/// This host's OSD directories, both layouts, with the notes on what was left out.
pub(super) fn local_dirs(src: &Sources, fsid: Option<&str>) -> (Vec<DirOsd>, Vec<String>) {
    let (package, mut notes) = scan_osd_dirs(&src.osd_root, &src.cluster);
    let (cephadm, more) = scan_cephadm_dirs(&src.ceph_root, fsid);
    notes.extend(more);
    let dirs = combine_dirs(package, cephadm, &mut notes);
    (dirs, notes)
}
