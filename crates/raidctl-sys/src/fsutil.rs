//! Files raidctl writes, often as root, into directories other users may share: the metrics
//! textfile, the snapshot cache, the counter baseline, locks, support bundles, reports.
//!
//! Every file is created under a random name with `O_CREAT|O_EXCL|O_NOFOLLOW` inside the
//! target directory (opened once, so a renamed or swapped path cannot redirect the write),
//! given its mode explicitly (the umask does not decide who may read it), synced, and renamed
//! into place: a symlink or FIFO planted under a predictable name is never followed, and a
//! reader never sees a half-written file. Locks are opened without following links and must be
//! regular files. A state or textfile directory that other users can write into is refused,
//! unless it is a sticky directory owned by root (as `/tmp`), where they cannot rename or
//! delete raidctl's files. Directories raidctl creates are 0700.

use rustix::fs::{AtFlags, Mode, OFlags, RenameFlags};
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Mode of state files, journals, locks and bundles: the owner only.
pub const PRIVATE: u32 = 0o600;
/// Mode of files other users must read (node_exporter's textfile, reports).
pub const WORLD_READABLE: u32 = 0o644;
/// Mode of directories raidctl creates.
pub const PRIVATE_DIR: u32 = 0o700;

/// Whether a commit may replace an existing file of the final name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// Replace it (atomically).
    Yes,
    /// Fail with `AlreadyExists` when it exists (`RENAME_NOREPLACE`).
    No,
}

/// Creates `path` and its missing parents with mode 0700 (existing ones are left as they are).
///
/// # Errors
/// The directory cannot be created.
pub fn create_private_dir_all(path: &Path) -> io::Result<()> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(PRIVATE_DIR)
        .create(path)
}

/// Refuses a directory that users other than its owner can write into, unless it is a sticky
/// directory owned by root. The error names the directory and its mode.
///
/// # Errors
/// `PermissionDenied` for such a directory; `NotADirectory`-like errors for anything else.
pub fn check_not_shared(path: &Path, meta: &std::fs::Metadata) -> io::Result<()> {
    if !meta.is_dir() {
        return Err(io::Error::other(format!(
            "{}: not a directory",
            path.display()
        )));
    }
    let mode = meta.mode() & 0o7777;
    let shared = mode & 0o022 != 0;
    let sticky_root = mode & 0o1000 != 0 && meta.uid() == 0;
    if shared && !sticky_root {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{}: writable by other users (mode {mode:04o}) and not a sticky directory owned \
                 by root: raidctl does not write there (chmod go-w {} or choose another \
                 directory)",
                path.display(),
                path.display()
            ),
        ));
    }
    Ok(())
}

/// Refuses a directory raidctl reads back from (state, simulator state, the tools it runs)
/// unless it belongs to the caller or to root: its owner could rewrite every cache, journal
/// and program in it whatever its mode. The error names the directory and both owners.
///
/// # Errors
/// `PermissionDenied` for a directory owned by another user.
pub fn check_owner(path: &Path, meta: &std::fs::Metadata) -> io::Result<()> {
    owned_by_caller_or_root(
        path,
        meta,
        "raidctl does not read back or run anything from a directory another user controls",
    )
}

/// A directory raidctl reads back from: a real directory (not a link), owned by the caller or
/// root ([`check_owner`]) and not writable by others ([`check_not_shared`]).
///
/// # Errors
/// It cannot be inspected, is a link, or fails either check.
pub fn check_private_dir(path: &Path) -> io::Result<()> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| with_path(path, e))?;
    if meta.file_type().is_symlink() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{}: a symbolic link: raidctl reads back only from real directories",
                path.display()
            ),
        ));
    }
    check_owner(path, &meta)?;
    check_not_shared(path, &meta)
}

/// Opens `path` for reading (and appending with `append`) without following its last
/// component or blocking on a FIFO, and requires a regular file (a FIFO would block and
/// `/dev/zero` would never end).
fn open_regular(path: &Path, append: bool) -> io::Result<(File, std::fs::Metadata)> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .append(append)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| with_path(path, e))?;
    let meta = f.metadata().map_err(|e| with_path(path, e))?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: not a regular file", path.display()),
        ));
    }
    Ok((f, meta))
}

/// Reads at most `cap` bytes of an open file; more is an error rather than an allocation.
fn read_to_cap(path: &Path, f: &File, cap: usize) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut buf = Vec::with_capacity(cap.min(4096) + 1);
    f.take(cap as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| with_path(path, e))?;
    if buf.len() > cap {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: larger than {cap} bytes", path.display()),
        ));
    }
    Ok(buf)
}

/// Reads a small file someone else may control (an OSD directory's `whoami`, `fsid`, a sysfs
/// attribute): the last component is not followed, it must be a regular file (a FIFO would
/// block and `/dev/zero` would never end), it is opened non-blocking, and more than `cap`
/// bytes is an error rather than an allocation.
///
/// # Errors
/// It cannot be opened, is not a regular file, or is larger than `cap`.
pub fn read_capped(path: &Path, cap: usize) -> io::Result<Vec<u8>> {
    let (f, _) = open_regular(path, false)?;
    read_to_cap(path, &f, cap)
}

/// Reads a file the operator named on the command line (a result file to compare, a threshold
/// profile), through links as given: at most `cap` bytes, since its content may come from
/// anywhere; more is an error naming the file, not an allocation.
///
/// # Errors
/// It cannot be opened or read, or is larger than `cap`.
pub fn read_named(path: &Path, cap: usize) -> io::Result<Vec<u8>> {
    let f = File::open(path).map_err(|e| with_path(path, e))?;
    read_to_cap(path, &f, cap)
}

/// `PermissionDenied` unless the caller or root owns `path`; the error names both owners,
/// then `verdict`.
fn owned_by_caller_or_root(path: &Path, meta: &std::fs::Metadata, verdict: &str) -> io::Result<()> {
    let me = rustix::process::geteuid().as_raw();
    if meta.uid() != me && meta.uid() != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{}: owned by uid {}, not by the caller (uid {me}) or root: {verdict}",
                path.display(),
                meta.uid()
            ),
        ));
    }
    Ok(())
}

/// Refuses a file raidctl trusts what it reads back from (its cache, baseline, journals, the
/// simulator's state) unless the caller or root owns it and nobody else may write to it:
/// whoever else could would choose a verdict or what `resume` does.
///
/// # Errors
/// `PermissionDenied`, naming the file and its owner or mode.
pub fn check_own_file(path: &Path, meta: &std::fs::Metadata) -> io::Result<()> {
    owned_by_caller_or_root(path, meta, "not trusted")?;
    let mode = meta.mode() & 0o7777;
    if mode & 0o022 != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{}: writable by other users (mode {mode:04o}): not trusted",
                path.display()
            ),
        ));
    }
    Ok(())
}

/// Reads back a file of raidctl's own (at most `cap` bytes): opened without following links
/// or blocking, a regular file that passes [`check_own_file`] on the descriptor read (so a
/// file swapped in after a check cannot be what is read).
///
/// # Errors
/// It cannot be opened (`NotFound` when missing), is not a regular file, is another user's
/// or writable by others, or is larger than `cap`.
pub fn read_own(path: &Path, cap: usize) -> io::Result<Vec<u8>> {
    let (f, meta) = open_regular(path, false)?;
    check_own_file(path, &meta)?;
    read_to_cap(path, &f, cap)
}

/// Reads a small file of a daemon's directory (a cephadm OSD directory's `whoami`, `fsid`,
/// `ceph_fsid`, owned by the container's ceph user): as [`read_capped`], and on the descriptor
/// read, its owner must be root, the caller or `also` (the directory's owner), and nobody else
/// may write to it.
///
/// # Errors
/// As [`read_capped`], and `PermissionDenied` naming the owner or mode.
pub fn read_capped_owned(path: &Path, cap: usize, also: Option<u32>) -> io::Result<Vec<u8>> {
    let (f, meta) = open_regular(path, false)?;
    if also != Some(meta.uid()) {
        check_own_file(path, &meta)?;
    } else if meta.mode() & 0o022 != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{}: writable by other users (mode {:04o}): not trusted",
                path.display(),
                meta.mode() & 0o7777
            ),
        ));
    }
    read_to_cap(path, &f, cap)
}

/// Opens a file of raidctl's own for reading and appending (a journal being resumed), with
/// the checks of [`read_own`].
///
/// # Errors
/// As [`read_own`].
pub fn open_own_append(path: &Path) -> io::Result<File> {
    let (f, meta) = open_regular(path, true)?;
    check_own_file(path, &meta)?;
    Ok(f)
}

/// Checks an existing directory with [`check_not_shared`] and [`check_owner`]; a missing one
/// is fine (raidctl creates it with mode 0700 when it first writes there).
///
/// # Errors
/// The directory exists and is shared or another user's, or is not a directory.
pub fn check_dir_if_present(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(m) => check_owner(path, &m).and_then(|()| check_not_shared(path, &m)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io::Error::new(e.kind(), format!("{}: {e}", path.display()))),
    }
}

/// A random name component: 64 bits from a randomly keyed SipHash over the process id, a
/// counter and the time (std seeds its hash keys from the OS, so the names cannot be guessed).
fn random_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(nanos);
    format!("{:016x}", h.finish())
}

fn with_path(path: &Path, e: impl Into<io::Error>) -> io::Error {
    let e: io::Error = e.into();
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// A directory raidctl writes into, opened once: every file is created relative to this
/// descriptor, so the path cannot be swapped for another directory in between.
#[derive(Debug)]
pub struct Dir {
    fd: File,
    path: PathBuf,
}

impl Dir {
    /// A state directory: created with mode 0700 (and its missing parents) when missing,
    /// refused when other users can write into it or it belongs to another user (not root).
    ///
    /// # Errors
    /// It cannot be created or opened, or it is shared or another user's ([`check_not_shared`], [`check_owner`]).
    pub fn prepare(path: &Path) -> io::Result<Self> {
        if std::fs::symlink_metadata(path).is_err() {
            create_private_dir_all(path).map_err(|e| with_path(path, e))?;
        }
        let dir = Self::open(path)?;
        let meta = dir.fd.metadata().map_err(|e| with_path(path, e))?;
        check_owner(path, &meta)?;
        Ok(dir)
    }

    /// An existing directory raidctl keeps its own files in (state, textfile), checked with
    /// [`check_owner`] and [`check_not_shared`] on the descriptor opened: its owner could
    /// replace what raidctl writes there (a textfile node_exporter publishes) at will.
    ///
    /// # Errors
    /// It does not exist, is not a directory, is another user's, or is shared.
    pub fn open(path: &Path) -> io::Result<Self> {
        let dir = Self::open_unchecked(path)?;
        let meta = dir.fd.metadata().map_err(|e| with_path(path, e))?;
        check_owner(path, &meta)?;
        check_not_shared(path, &meta)?;
        Ok(dir)
    }

    /// An existing directory the operator named for one output file (`collect -o`,
    /// `qualify --json`): files are still created safely, but the directory's permissions are
    /// the operator's choice.
    ///
    /// # Errors
    /// It does not exist or is not a directory.
    pub fn open_unchecked(path: &Path) -> io::Result<Self> {
        let fd = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY | libc::O_CLOEXEC)
            .open(path)
            .map_err(|e| with_path(path, e))?;
        Ok(Self {
            fd,
            path: path.to_path_buf(),
        })
    }

    /// The directory's path as it was opened.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The sub-directory `name`, created with mode 0700 when missing; it must be a real
    /// directory (not a link) that other users cannot write into.
    ///
    /// # Errors
    /// It cannot be created or opened, is a link, or is shared.
    pub fn subdir(&self, name: &str) -> io::Result<Self> {
        let path = self.path.join(name);
        match rustix::fs::mkdirat(&self.fd, name, Mode::from_raw_mode(PRIVATE_DIR)) {
            Ok(()) => {}
            Err(rustix::io::Errno::EXIST) => {}
            Err(e) => return Err(with_path(&path, e)),
        }
        let fd = rustix::fs::openat(
            &self.fd,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| with_path(&path, e))?;
        let fd = File::from(fd);
        let meta = fd.metadata().map_err(|e| with_path(&path, e))?;
        check_owner(&path, &meta)?;
        check_not_shared(&path, &meta)?;
        Ok(Self { fd, path })
    }

    /// A new file with a random name beside `final_name`, mode `mode`, to be
    /// [committed](TempFile::commit) under `final_name`; removed if it is dropped uncommitted.
    ///
    /// # Errors
    /// It cannot be created.
    pub fn temp(&self, final_name: &str, mode: u32) -> io::Result<TempFile> {
        let dir = self.fd.try_clone().map_err(|e| with_path(&self.path, e))?;
        // A name that starts with a dot and does not end like the final one (node_exporter
        // reads `*.prom` only), in the same directory so the rename is atomic.
        for _ in 0..16 {
            let name = format!(".{final_name}.{}.tmp", random_suffix());
            match rustix::fs::openat(
                &self.fd,
                name.as_str(),
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                Mode::from_raw_mode(PRIVATE),
            ) {
                Ok(fd) => {
                    let file = File::from(fd);
                    // Explicitly: the umask must not decide who may read it.
                    file.set_permissions(std::fs::Permissions::from_mode(mode))
                        .map_err(|e| with_path(&self.path.join(&name), e))?;
                    return Ok(TempFile {
                        dir,
                        dir_path: self.path.clone(),
                        name,
                        file,
                    });
                }
                Err(rustix::io::Errno::EXIST) => continue,
                Err(e) => return Err(with_path(&self.path.join(&name), e)),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{}: no free temporary name", self.path.display()),
        ))
    }

    /// Writes `data` as `name` atomically (temporary file, fsync, rename, directory fsync),
    /// with mode `mode`. Returns the final path.
    ///
    /// # Errors
    /// Creating, writing (a full filesystem) or renaming failed; nothing is left behind and
    /// an existing `name` is untouched then.
    pub fn write_atomic(
        &self,
        name: &str,
        data: &[u8],
        mode: u32,
        replace: Replace,
    ) -> io::Result<PathBuf> {
        let mut t = self.temp(name, mode)?;
        t.write_all(data).map_err(|e| with_path(&t.path(), e))?;
        t.commit(name, replace)
    }

    /// Reads the file `name` in this directory, at most `cap` bytes, without following a
    /// link: `Ok(None)` when there is none, an error when it is not a regular file.
    ///
    /// # Errors
    /// It cannot be read, is a link or not a regular file, or is larger than `cap`.
    pub fn read_file(&self, name: &str, cap: usize) -> io::Result<Option<Vec<u8>>> {
        let path = self.path.join(name);
        let fd = match rustix::fs::openat(
            &self.fd,
            name,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY,
            Mode::empty(),
        ) {
            Ok(fd) => fd,
            Err(rustix::io::Errno::NOENT) => return Ok(None),
            Err(e) => return Err(with_path(&path, e)),
        };
        let f = File::from(fd);
        let meta = f.metadata().map_err(|e| with_path(&path, e))?;
        if !meta.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: not a regular file", path.display()),
            ));
        }
        read_to_cap(&path, &f, cap).map(Some)
    }

    /// Removes the entry `name` of this directory (a link is removed itself, never followed);
    /// one that is already gone is fine.
    ///
    /// # Errors
    /// It cannot be removed.
    pub fn remove(&self, name: &str) -> io::Result<()> {
        match rustix::fs::unlinkat(&self.fd, name, AtFlags::empty()) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(()),
            Err(e) => Err(with_path(&self.path.join(name), e)),
        }
    }

    /// Opens (creating with mode 0600) the lock file `name` without following links; it must
    /// be a regular file (a FIFO planted there neither blocks nor is used).
    ///
    /// # Errors
    /// It cannot be opened, or is not a regular file.
    pub fn open_lock(&self, name: &str) -> io::Result<File> {
        let path = self.path.join(name);
        let fd = rustix::fs::openat(
            &self.fd,
            name,
            OFlags::RDWR | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::from_raw_mode(PRIVATE),
        )
        .map_err(|e| with_path(&path, e))?;
        let file = File::from(fd);
        let meta = file.metadata().map_err(|e| with_path(&path, e))?;
        if !meta.is_file() {
            return Err(io::Error::other(format!(
                "{}: not a regular file",
                path.display()
            )));
        }
        Ok(file)
    }
}

/// A file being written under a random name (see [`Dir::temp`]).
#[derive(Debug)]
pub struct TempFile {
    dir: File,
    dir_path: PathBuf,
    name: String,
    file: File,
}

impl TempFile {
    /// The open file.
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// The temporary file's path.
    pub fn path(&self) -> PathBuf {
        self.dir_path.join(&self.name)
    }

    /// Syncs the file and renames it to `final_name` in its directory, then syncs the
    /// directory. Returns the final path.
    ///
    /// # Errors
    /// Syncing or renaming failed (the temporary file is removed), or `final_name` exists and
    /// `replace` is [`Replace::No`].
    pub fn commit(mut self, final_name: &str, replace: Replace) -> io::Result<PathBuf> {
        let target = self.dir_path.join(final_name);
        self.file
            .sync_all()
            .map_err(|e| with_path(&self.path(), e))?;
        let flags = match replace {
            Replace::Yes => RenameFlags::empty(),
            Replace::No => RenameFlags::NOREPLACE,
        };
        rustix::fs::renameat_with(&self.dir, self.name.as_str(), &self.dir, final_name, flags)
            .map_err(|e| match e {
                rustix::io::Errno::EXIST => io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("{}: already exists", target.display()),
                ),
                e => with_path(&target, e),
            })?;
        self.name.clear();
        // The rename is durable once the directory is.
        let _ = rustix::fs::fsync(&self.dir);
        Ok(target)
    }
}

impl Write for TempFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.name.is_empty() {
            let _ = rustix::fs::unlinkat(&self.dir, self.name.as_str(), AtFlags::empty());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_file_is_read_up_to_its_cap_through_a_link() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("result.json");
        std::fs::write(&f, b"12345").unwrap();
        let link = d.path().join("link.json");
        std::os::unix::fs::symlink(&f, &link).unwrap();
        assert_eq!(read_named(&link, 5).unwrap(), b"12345");
        let e = read_named(&f, 4).unwrap_err();
        assert!(e.to_string().contains("larger than 4 bytes"), "{e}");
        assert!(e.to_string().contains("result.json"), "{e}");
        // A huge sparse file costs nothing to refuse.
        let big = d.path().join("big.json");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(1 << 40)
            .unwrap();
        assert!(read_named(&big, 1 << 20).is_err());
        let e = read_named(&d.path().join("absent"), 4).unwrap_err();
        assert!(e.to_string().contains("absent"), "{e}");
    }

    fn mode_of(p: &Path) -> u32 {
        std::fs::symlink_metadata(p).unwrap().mode() & 0o7777
    }

    /// A FIFO nobody writes to, named `name` in `dir`.
    fn fifo_in(dir: &Path, name: &str) -> PathBuf {
        let fifo = dir.join(name);
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        fifo
    }

    #[test]
    fn atomic_write_ignores_planted_links_and_sets_the_mode() {
        let d = tempfile::tempdir().unwrap();
        let victim = d.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        // Links under the old predictable names and under the final name.
        std::os::unix::fs::symlink(&victim, d.path().join("out.prom")).unwrap();
        let dir = Dir::open(d.path()).unwrap();
        let p = dir
            .write_atomic("out.prom", b"new\n", WORLD_READABLE, Replace::Yes)
            .unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert!(std::fs::symlink_metadata(&p).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
        assert_eq!(mode_of(&p), 0o644);
        let leftovers: Vec<_> = std::fs::read_dir(d.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        // No replacing when told not to.
        let err = dir
            .write_atomic("victim", b"x", PRIVATE, Replace::No)
            .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists, "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    }

    #[test]
    fn capped_reads_refuse_fifos_devices_links_and_oversize() {
        let d = tempfile::tempdir().unwrap();
        let ok = d.path().join("whoami");
        std::fs::write(&ok, "3\n").unwrap();
        assert_eq!(read_capped(&ok, 16).unwrap(), b"3\n");
        let big = d.path().join("big");
        std::fs::write(&big, vec![b'7'; 100]).unwrap();
        let err = read_capped(&big, 16).unwrap_err();
        assert!(err.to_string().contains("larger than 16 bytes"), "{err}");
        // A FIFO nobody writes to: returns at once instead of blocking.
        let fifo = fifo_in(d.path(), "fsid");
        let err = read_capped(&fifo, 16).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        // A link to /dev/zero is not followed (and /dev/zero itself is not a regular file).
        let zero = d.path().join("type");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(read_capped(&zero, 16).is_err());
        assert!(read_capped(Path::new("/dev/zero"), 16).is_err());
    }

    #[test]
    fn own_reads_refuse_links_fifos_shared_and_foreign_files() {
        let d = tempfile::tempdir().unwrap();
        let ok = d.path().join("snapshot.json");
        std::fs::write(&ok, "{}").unwrap();
        std::fs::set_permissions(&ok, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read_own(&ok, 16).unwrap(), b"{}");
        assert!(open_own_append(&ok).is_ok());
        let missing = read_own(&d.path().join("none"), 16).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        // A link to a file that would pass is still not followed.
        let link = d.path().join("baseline.json");
        std::os::unix::fs::symlink(&ok, &link).unwrap();
        assert!(read_own(&link, 16).is_err());
        assert!(open_own_append(&link).is_err());
        let fifo = fifo_in(d.path(), "state.json");
        let err = read_own(&fifo, 16).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        std::fs::set_permissions(&ok, std::fs::Permissions::from_mode(0o666)).unwrap();
        let err = read_own(&ok, 16).unwrap_err();
        assert!(err.to_string().contains("writable by other users"), "{err}");
        if !rustix::process::geteuid().is_root() {
            crate::test_skip("the foreign-owner half: chown to another user needs root");
            return;
        }
        std::fs::set_permissions(&ok, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::chown(&ok, Some(65534), Some(65534)).unwrap();
        let err = read_own(&ok, 16).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains("owned by uid 65534"), "{err}");
    }

    #[test]
    fn directories_of_other_users_are_refused() {
        let d = tempfile::tempdir().unwrap();
        let mine = d.path().join("mine");
        std::fs::create_dir(&mine).unwrap();
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o700)).unwrap();
        check_private_dir(&mine).unwrap();
        let link = d.path().join("link");
        std::os::unix::fs::symlink(&mine, &link).unwrap();
        let err = check_private_dir(&link).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        if !rustix::process::geteuid().is_root() {
            crate::test_skip("the foreign-owner half: chown to another user needs root");
            return;
        }
        let theirs = d.path().join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        let err = check_private_dir(&theirs).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains("owned by uid 65534"), "{err}");
        assert!(Dir::prepare(&theirs).is_err());
        assert!(Dir::open(&theirs).is_err());
        assert!(check_dir_if_present(&theirs).is_err());
    }

    #[test]
    fn shared_directories_are_refused_unless_sticky_and_roots() {
        let d = tempfile::tempdir().unwrap();
        let open = d.path().join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let err = Dir::open(&open).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(
            err.to_string().contains(&open.display().to_string()),
            "{err}"
        );
        assert!(err.to_string().contains("0777"), "{err}");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).unwrap();
        let sticky = Dir::open(&open);
        if rustix::process::geteuid().is_root() {
            assert!(sticky.is_ok(), "{sticky:?}");
        } else {
            assert!(sticky.is_err());
        }
        // /tmp itself: sticky and root's.
        assert!(Dir::open(Path::new("/tmp")).is_ok());
    }

    #[test]
    fn created_directories_are_private_and_locks_never_follow_links() {
        let d = tempfile::tempdir().unwrap();
        let state = d.path().join("a/b/state");
        let dir = Dir::prepare(&state).unwrap();
        assert_eq!(mode_of(&state), 0o700);
        assert_eq!(mode_of(&d.path().join("a")), 0o700);
        let locks = dir.subdir("locks").unwrap();
        assert_eq!(mode_of(&state.join("locks")), 0o700);
        let victim = d.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        std::os::unix::fs::symlink(&victim, state.join("locks/adapter-0.lock")).unwrap();
        assert!(locks.open_lock("adapter-0.lock").is_err());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        rustix::fs::mkfifoat(&locks.fd, "fifo.lock", Mode::from_raw_mode(0o600)).unwrap();
        let err = locks.open_lock("fifo.lock").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let f = locks.open_lock("adapter-1.lock").unwrap();
        assert_eq!(f.metadata().unwrap().mode() & 0o777, 0o600);
        // A link in place of the sub-directory is refused too.
        std::os::unix::fs::symlink(d.path(), state.join("linked")).unwrap();
        assert!(dir.subdir("linked").is_err());
    }

    #[test]
    fn an_uncommitted_temporary_file_is_removed() {
        let d = tempfile::tempdir().unwrap();
        let dir = Dir::open(d.path()).unwrap();
        let mut t = dir.temp("x", PRIVATE).unwrap();
        t.write_all(b"partial").unwrap();
        let p = t.path();
        assert!(p.exists());
        drop(t);
        assert!(!p.exists());
    }
}
