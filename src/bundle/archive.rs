//! Packing: one top-level directory in a `.tar.gz` (mode 0600), `SUMMARY.md` and
//! `manifest.json` first, then every file in path order, and a `sha256sum -c` sidecar.

use super::manifest::sha256_file;
use std::fs::File;
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// Creates `path` with mode 0600 (replacing it) and writes `data`.
///
/// # Errors
/// I/O errors.
pub fn write_private(path: &Path, data: &[u8]) -> io::Result<()> {
    let mut f = create_private(path)?;
    f.write_all(data)?;
    f.sync_all()
}

fn create_private(path: &Path) -> io::Result<File> {
    let _ = std::fs::remove_file(path);
    File::options()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(Result::ok) {
        let Ok(ft) = e.file_type() else { continue };
        if ft.is_dir() {
            out.push(e.path());
            walk(&e.path(), out);
        } else if ft.is_file() {
            out.push(e.path());
        }
    }
}

/// Packs directory `root` (its name becomes the top-level directory) into `archive` and
/// writes `<archive>.sha256`. Returns the sidecar's path.
///
/// # Errors
/// I/O errors.
pub fn pack(root: &Path, archive: &Path) -> io::Result<PathBuf> {
    let top = root
        .file_name()
        .ok_or_else(|| io::Error::other("staging directory has no name"))?
        .to_string_lossy()
        .into_owned();
    let mut paths = Vec::new();
    walk(root, &mut paths);
    let rank = |p: &Path| match p.strip_prefix(root).ok().and_then(Path::to_str) {
        Some("SUMMARY.md") => 0,
        Some("manifest.json") => 1,
        _ => 2,
    };
    paths.sort_by(|a, b| rank(a).cmp(&rank(b)).then_with(|| a.cmp(b)));
    let mtime = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let tmp = archive.with_extension("partial");
    let file = create_private(&tmp)?;
    let gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    let mut tar = tar::Builder::new(gz);
    let header = |size: u64, mode: u32, kind: tar::EntryType| {
        let mut h = tar::Header::new_gnu();
        h.set_size(size);
        h.set_mode(mode);
        h.set_mtime(mtime);
        h.set_entry_type(kind);
        h.set_uid(0);
        h.set_gid(0);
        h
    };
    let mut h = header(0, 0o700, tar::EntryType::Directory);
    tar.append_data(&mut h, format!("{top}/"), io::empty())?;
    for p in &paths {
        let Ok(rel) = p.strip_prefix(root) else {
            continue;
        };
        let name = format!("{top}/{}", rel.display());
        if p.is_dir() {
            let mut h = header(0, 0o700, tar::EntryType::Directory);
            tar.append_data(&mut h, format!("{name}/"), io::empty())?;
        } else {
            let f = File::open(p)?;
            let len = f.metadata()?.len();
            let mut h = header(len, 0o600, tar::EntryType::Regular);
            tar.append_data(&mut h, name, f)?;
        }
    }
    let gz = tar.into_inner()?;
    let file = gz.finish()?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, archive)?;
    let hash = sha256_file(archive)?;
    let base = archive
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let side = PathBuf::from(format!("{}.sha256", archive.display()));
    write_private(&side, format!("{hash}  {base}\n").as_bytes())?;
    Ok(side)
}
