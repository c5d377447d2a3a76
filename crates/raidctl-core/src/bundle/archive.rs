//! Packing: one top-level directory in a `.tar.gz` (mode 0600), `SUMMARY.md` and
//! `manifest.json` first, then every file in path order, and a `sha256sum -c` sidecar. Both
//! are created safely ([`crate::fsutil`]) and never replace an existing file unless asked.

use super::manifest::sha256_file;
use crate::fsutil::Replace;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The directory and file name of an output path (`x.tar.gz` is in `.`).
fn dir_and_name(path: &Path) -> io::Result<(crate::fsutil::Dir, String)> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| io::Error::other(format!("{}: not a file name", path.display())))?
        .to_owned();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Ok((crate::fsutil::Dir::open_unchecked(dir)?, name))
}

/// Writes `data` as `path` with mode 0600, atomically (a random temporary name created without
/// following links, then renamed); an existing `path` is replaced only with
/// [`Replace::Yes`].
///
/// # Errors
/// I/O errors; `AlreadyExists` when `path` exists and may not be replaced.
pub fn write_private(path: &Path, data: &[u8], replace: Replace) -> io::Result<()> {
    let (dir, name) = dir_and_name(path)?;
    dir.write_atomic(&name, data, crate::fsutil::PRIVATE, replace)
        .map(|_| ())
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
/// writes `<archive>.sha256`, both mode 0600. The archive is written under a random temporary
/// name beside it (removed if raidctl is interrupted) and renamed into place; an existing
/// archive or sidecar is replaced only with [`Replace::Yes`] (`--force`). Returns the sidecar's
/// path.
///
/// # Errors
/// I/O errors; `AlreadyExists` when a file exists and may not be replaced.
pub fn pack(root: &Path, archive: &Path, replace: Replace) -> io::Result<PathBuf> {
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
    let (dir, final_name) = dir_and_name(archive)?;
    let tmp = dir.temp(&final_name, crate::fsutil::PRIVATE)?;
    crate::interrupt::remove_on_interrupt(&tmp.path());
    let tmp_path = tmp.path();
    let result =
        write_archive(root, &top, &paths, tmp).and_then(|tmp| tmp.commit(&final_name, replace));
    crate::interrupt::forget(&tmp_path);
    result?;
    let hash = sha256_file(archive)?;
    let side = PathBuf::from(format!("{}.sha256", archive.display()));
    write_private(&side, format!("{hash}  {final_name}\n").as_bytes(), replace)?;
    Ok(side)
}

/// Writes the tar.gz of `paths` (below `root`, under `top/`) into `tmp`.
fn write_archive(
    root: &Path,
    top: &str,
    paths: &[PathBuf],
    tmp: crate::fsutil::TempFile,
) -> io::Result<crate::fsutil::TempFile> {
    let mtime = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let gz = flate2::write::GzEncoder::new(tmp, flate2::Compression::default());
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
    for p in paths {
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
    gz.finish()
}
