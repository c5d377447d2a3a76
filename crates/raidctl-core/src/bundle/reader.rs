//! Reading a received bundle as untrusted input. The archive is read once, as a stream: nothing
//! is extracted, no link is followed, and only regular files under the bundle's one top-level
//! directory are looked at. Every stored file is hashed; only files `manifest.json` lists are
//! used, and only those replay needs are kept in memory, within [`READ_BUDGET`]. Long-name and
//! pax headers have size limits, the decompressed stream has [`MAX_EXPANDED`], and the tar end
//! marker, the gzip trailer and the end of the file are checked.
//!
//! What does not hold is collected as integrity errors, part of the result ([`Integrity`]):
//! a hash that does not match, a listed file that is absent, a file the manifest does not list
//! (never used), a path stored twice (a second `manifest.json` included; the first copy is the
//! one hashed and used), an entry outside the
//! top-level directory, a link or device entry, a missing end marker or trailer. What makes the
//! archive unreadable (not gzip, not tar, no manifest, over a limit) is an error.

use super::manifest::Manifest;
use crate::backend::catalogue::BACKEND_DIRS;
use serde::Serialize;
use sha2::Digest;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Bytes of a bundle's files kept in memory at once (what replay needs: the recorded vendor
/// outputs, raidctl's own view, the manifest). A bundle collected with the default limits
/// needs at most about 250 MiB.
pub const READ_BUDGET: u64 = 512 << 20;
/// Bytes the compressed archive may expand to (a few kilobytes of gzip can claim gigabytes).
pub const MAX_EXPANDED: u64 = 4 << 30;
/// Largest GNU long-name header.
pub const MAX_LONG_NAME: u64 = 4096;
/// Largest pax extended header.
pub const MAX_PAX: u64 = 64 << 10;
/// Largest `manifest.json`.
pub const MAX_MANIFEST: u64 = 64 << 20;
/// Most entries an archive may hold.
pub const MAX_ENTRIES: usize = 200_000;
/// Integrity errors listed one by one; the rest are counted.
const MAX_ERRORS: usize = 100;

/// Whether the bundle is what its manifest says.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Integrity {
    /// Every stored file is listed with a matching hash, every listed file is there, nothing
    /// else is in the archive, and the archive is complete.
    pub ok: bool,
    /// What does not hold, one line each.
    pub errors: Vec<String>,
}

/// What [`read_bundle`] found.
#[derive(Debug, Default)]
pub struct Contents {
    /// The top-level directory.
    pub top: String,
    /// The manifest.
    pub manifest: Manifest,
    /// The listed files replay may need, by path below the top-level directory.
    pub files: HashMap<String, Vec<u8>>,
    /// Integrity of the archive against its manifest.
    pub integrity: Integrity,
}

/// Counts the decompressed bytes, refuses more than [`MAX_EXPANDED`], and remembers whether
/// the tar reader ran into the end of the stream (an archive without its end marker).
struct Counted<R> {
    inner: R,
    bytes: u64,
    hit_eof: bool,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.hit_eof = true;
        }
        self.bytes += n as u64;
        if self.bytes > MAX_EXPANDED {
            return Err(std::io::Error::other(format!(
                "the archive expands to more than {} GiB",
                MAX_EXPANDED >> 30
            )));
        }
        Ok(n)
    }
}

/// Whether replay may need the file at `rel` (so it is kept in memory).
fn needed(rel: &str) -> bool {
    rel == "manifest.json"
        || rel.starts_with("raidctl/")
        || rel.starts_with("native/")
        || rel.starts_with("smart/")
        || rel
            .split_once('/')
            .is_some_and(|(d, _)| BACKEND_DIRS.contains(&d))
}

/// A stored path split into its top-level directory and the rest; `None` when it is not a
/// plain relative path (absolute, `..`, `.` or empty components, a NUL).
fn split_path(name: &str) -> Option<(&str, &str)> {
    let trimmed = name.strip_suffix('/').unwrap_or(name);
    if trimmed.is_empty() || trimmed.starts_with('/') || trimmed.contains('\0') {
        return None;
    }
    if trimmed
        .split('/')
        .any(|c| c.is_empty() || c == "." || c == "..")
    {
        return None;
    }
    Some(trimmed.split_once('/').unwrap_or((trimmed, "")))
}

#[derive(Default)]
struct Found {
    /// sha256 and size of every regular file, by path below the top-level directory.
    hashes: BTreeMap<String, (String, u64)>,
    kept: HashMap<String, Vec<u8>>,
    kept_bytes: u64,
    errors: Vec<String>,
    more_errors: usize,
}

impl Found {
    fn error(&mut self, e: String) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(e);
        } else {
            self.more_errors += 1;
        }
    }
}

/// Reads `n` bytes at most of `r`; an error when it holds more.
fn read_limited(r: &mut impl Read, limit: u64, what: &str) -> Result<Vec<u8>, String> {
    let mut buf = Vec::new();
    r.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("{what}: {e}"))?;
    if buf.len() as u64 > limit {
        return Err(format!("{what}: larger than the {limit} bytes allowed"));
    }
    Ok(buf)
}

/// Reads a bundle (see the module documentation).
///
/// # Errors
/// The file cannot be opened or is not a regular file, is not a gzip-compressed tar archive,
/// goes over one of the limits, or holds no `manifest.json`.
pub fn read_bundle(path: &Path) -> Result<Contents, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let shown = path.display();
    // Non-blocking open: a FIFO passed as a bundle must not hang raidctl.
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| format!("{shown}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a regular file"));
    }
    read_from(BufReader::new(file), &shown.to_string())
}

/// [`read_bundle`] of an archive read from `input` (named `shown` in messages).
///
/// # Errors
/// As [`read_bundle`].
pub fn read_from(input: impl BufRead, shown: &str) -> Result<Contents, String> {
    let gz = flate2::bufread::GzDecoder::new(input);
    let mut ar = tar::Archive::new(Counted {
        inner: gz,
        bytes: 0,
        hit_eof: false,
    });
    let mut found = Found::default();
    let mut top: Option<String> = None;
    {
        let entries = ar
            .entries()
            .map_err(|e| format!("{shown}: not a tar.gz: {e}"))?
            .raw(true);
        let mut long_name: Option<Vec<u8>> = None;
        for (count, entry) in entries.enumerate() {
            if count >= MAX_ENTRIES {
                return Err(format!("{shown}: more than {MAX_ENTRIES} entries"));
            }
            let mut entry = entry.map_err(|e| format!("{shown}: not a readable tar.gz: {e}"))?;
            let kind = entry.header().entry_type();
            let size = entry.header().entry_size().unwrap_or(u64::MAX);
            if kind.is_gnu_longname() || kind.is_pax_local_extensions() {
                long_name_header(&mut entry, kind, size, shown, &mut found, &mut long_name)?;
                continue;
            }
            let raw_name = long_name
                .take()
                .unwrap_or_else(|| entry.path_bytes().into_owned());
            let name = String::from_utf8_lossy(&raw_name).into_owned();
            let Some(rel) = admitted(&mut found, &mut top, &name, kind) else {
                continue;
            };
            hash_entry(&mut entry, rel, &name, size, shown, &mut found)?;
        }
        if long_name.is_some() {
            found.error("a long-name header describes no entry".to_owned());
        }
    }
    // The end: the tar end marker (the reader stopped at a zero block, not at the end of the
    // stream), nothing but zeros after it, the gzip trailer (CRC and length), nothing after
    // the gzip stream.
    check_end(ar.into_inner(), &mut found);
    let top = top.unwrap_or_default();
    let manifest: Manifest = found
        .kept
        .remove("manifest.json")
        .ok_or_else(|| format!("{shown}: no manifest.json: not a raidctl bundle"))
        .and_then(|b| {
            serde_json::from_slice(&b).map_err(|e| format!("{shown}: manifest.json: {e}"))
        })?;
    check_listing(&mut found, &manifest);
    let mut errors = std::mem::take(&mut found.errors);
    if found.more_errors > 0 {
        errors.push(format!("and {} more", found.more_errors));
    }
    Ok(Contents {
        top,
        manifest,
        files: found.kept,
        integrity: Integrity {
            ok: errors.is_empty(),
            errors,
        },
    })
}

/// A GNU long-name or pax header: the name of the next entry, kept in `long_name`. Bounded
/// however large the header claims to be; a pax header that overrides a size is refused.
fn long_name_header(
    entry: &mut impl Read,
    kind: tar::EntryType,
    size: u64,
    shown: &str,
    found: &mut Found,
    long_name: &mut Option<Vec<u8>>,
) -> Result<(), String> {
    let (limit, what) = if kind.is_gnu_longname() {
        (MAX_LONG_NAME, "a GNU long-name header")
    } else {
        (MAX_PAX, "a pax header")
    };
    if size > limit {
        return Err(format!(
            "{shown}: {what} of {size} bytes (more than {limit}): not a bundle \
             raidctl wrote"
        ));
    }
    let body = read_limited(entry, limit, &format!("{shown}: {what}"))?;
    let name = if kind.is_gnu_longname() {
        let end = body.iter().position(|&b| b == 0).unwrap_or(body.len());
        Some(body.get(..end).unwrap_or_default().to_vec())
    } else {
        let mut name = None;
        for ext in tar::PaxExtensions::new(&body) {
            let ext = ext.map_err(|e| format!("{shown}: a pax header: {e}"))?;
            match ext.key() {
                Ok("path") => name = Some(ext.value_bytes().to_vec()),
                Ok("size") => {
                    return Err(format!(
                        "{shown}: a pax header overrides an entry's size: not a \
                         bundle raidctl wrote"
                    ));
                }
                _ => {}
            }
        }
        name
    };
    if long_name.is_some() && name.is_some() {
        found.error("two long names for one entry".to_owned());
    }
    if name.is_some() {
        *long_name = name;
    }
    Ok(())
}

/// The path below the top-level directory of an entry to hash, or `None` for an entry that is
/// skipped: a directory, or (an integrity error) a path that is not plain and relative, outside
/// the first entry's top-level directory, not a regular file, or stored twice.
fn admitted<'n>(
    found: &mut Found,
    top: &mut Option<String>,
    name: &'n str,
    kind: tar::EntryType,
) -> Option<&'n str> {
    let Some((t, rel)) = split_path(name) else {
        found.error(format!("{name:?}: not a plain relative path, ignored"));
        return None;
    };
    match &*top {
        None => *top = Some(t.to_owned()),
        Some(top) if top != t => {
            found.error(format!(
                "{name}: outside the bundle's top-level directory {top}/, ignored"
            ));
            return None;
        }
        Some(_) => {}
    }
    if kind.is_dir() {
        return None;
    }
    if !(kind.is_file() || kind.is_contiguous()) {
        found.error(format!(
            "{name}: a {} entry (a bundle holds regular files only), ignored",
            match kind {
                tar::EntryType::Symlink => "symbolic link".to_owned(),
                tar::EntryType::Link => "hard link".to_owned(),
                tar::EntryType::Char | tar::EntryType::Block => "device".to_owned(),
                tar::EntryType::Fifo => "FIFO".to_owned(),
                tar::EntryType::GNUSparse => "sparse file".to_owned(),
                other => format!("type {:?}", other.as_byte() as char),
            }
        ));
        return None;
    }
    if rel.is_empty() {
        found.error(format!(
            "{name}: a file in place of the top-level directory"
        ));
        return None;
    }
    if found.hashes.contains_key(rel) {
        let what = if rel == "manifest.json" {
            "a second manifest.json".to_owned()
        } else {
            format!("{rel}: stored twice")
        };
        found.error(format!("{what}; only the first is used"));
        return None;
    }
    Some(rel)
}

/// Hashes a regular file's entry, keeping its bytes when replay needs them (within
/// [`READ_BUDGET`]); an oversized manifest or a short entry is an error.
fn hash_entry(
    entry: &mut impl Read,
    rel: &str,
    name: &str,
    size: u64,
    shown: &str,
    found: &mut Found,
) -> Result<(), String> {
    let keep = needed(rel);
    if rel == "manifest.json" && size > MAX_MANIFEST {
        return Err(format!(
            "{shown}: manifest.json of {size} bytes (more than {MAX_MANIFEST})"
        ));
    }
    if keep && found.kept_bytes.saturating_add(size) > READ_BUDGET {
        return Err(format!(
            "{shown}: its files need more than {} MiB of memory to evaluate (the \
             limit raidctl reads a bundle with): not a bundle raidctl wrote with its \
             default limits",
            READ_BUDGET >> 20
        ));
    }
    let mut hasher = sha2::Sha256::new();
    // Within the budget (checked above): one allocation, not a doubling vector.
    let mut data = Vec::with_capacity(if keep {
        usize::try_from(size).unwrap_or(0)
    } else {
        0
    });
    let mut buf = vec![0u8; 64 * 1024];
    let mut len = 0u64;
    loop {
        let n = entry
            .read(&mut buf)
            .map_err(|e| format!("{shown}: {name}: {e}"))?;
        if n == 0 {
            break;
        }
        let chunk = buf.get(..n).unwrap_or_default();
        hasher.update(chunk);
        len += n as u64;
        if keep {
            data.extend_from_slice(chunk);
        }
    }
    if len != size {
        return Err(format!(
            "{shown}: {name}: {len} of {size} bytes: the archive is cut short"
        ));
    }
    let hex: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    found.hashes.insert(rel.to_owned(), (hex, len));
    if keep {
        found.kept_bytes += len;
        found.kept.insert(rel.to_owned(), data);
    }
    Ok(())
}

/// The end of the archive: the tar end marker, nothing but zeros after it, the gzip trailer
/// and nothing after the gzip stream; what does not hold is an integrity error.
fn check_end<R: BufRead>(mut counted: Counted<flate2::bufread::GzDecoder<R>>, found: &mut Found) {
    if counted.hit_eof {
        found.error("the tar archive has no end marker: it is cut short".to_owned());
    }
    let mut rest = [0u8; 64 * 1024];
    let mut after_end = 0u64;
    loop {
        match counted.read(&mut rest) {
            Ok(0) => break,
            Ok(n) => {
                if rest.get(..n).unwrap_or_default().iter().any(|&b| b != 0) {
                    after_end += n as u64;
                }
            }
            Err(e) => {
                found.error(format!(
                    "the gzip stream does not end properly ({e}): the archive is cut short or \
                     corrupt"
                ));
                break;
            }
        }
    }
    if after_end > 0 {
        found.error("data after the tar end marker".to_owned());
    }
    let mut file_rest = counted.inner.into_inner();
    if file_rest.fill_buf().is_ok_and(|b| !b.is_empty()) {
        found.error("data after the end of the gzip stream".to_owned());
    }
}

/// Checks every file the manifest lists against its hash and size, and drops (an integrity
/// error each) the files it does not list.
fn check_listing(found: &mut Found, manifest: &Manifest) {
    let mut listed: BTreeSet<&str> = BTreeSet::new();
    for item in &manifest.items {
        for o in &item.outputs {
            if !listed.insert(o.path.as_str()) {
                continue;
            }
            match found.hashes.get(&o.path) {
                None => found.error(format!("{}: listed in the manifest but absent", o.path)),
                Some((sha, len)) => {
                    if *sha != o.sha256 {
                        found.error(format!(
                            "{}: sha256 mismatch (the manifest says {}, the file is {sha})",
                            o.path, o.sha256
                        ));
                    } else if *len != o.bytes {
                        found.error(format!(
                            "{}: {len} bytes, the manifest says {}",
                            o.path, o.bytes
                        ));
                    }
                }
            }
        }
    }
    let unlisted: Vec<String> = found
        .hashes
        .keys()
        .filter(|p| p.as_str() != "manifest.json" && !listed.contains(p.as_str()))
        .cloned()
        .collect();
    for p in unlisted {
        found.error(format!("{p}: not listed in the manifest, ignored"));
        found.kept.remove(&p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_accepted() {
        assert_eq!(split_path("top/a/b"), Some(("top", "a/b")));
        assert_eq!(split_path("top/"), Some(("top", "")));
        for bad in ["/etc/passwd", "top/../x", "top/./x", "top//x", "", "a\0b"] {
            assert_eq!(split_path(bad), None, "{bad:?}");
        }
    }
}
