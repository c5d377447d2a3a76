//! The state directory: `state.json` plus a `lock` file. Every invocation takes an exclusive
//! lock on `lock` for the whole read-modify-write, and writes `state.json` atomically (a
//! temporary file renamed over it), so concurrent invocations serialise and a crash never
//! leaves a half-written state.

use crate::state::SimState;
use std::fs::{self, File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// Environment variable naming the state directory.
pub const STATE_ENV: &str = "RAIDCTL_SIM_STATE";

/// File name of the state inside the directory.
pub const STATE_FILE: &str = "state.json";

/// The largest state read back (a 64-drive controller's is well under a megabyte).
const MAX_STATE_BYTES: usize = 64 << 20;

/// An exclusive hold on a state directory; released on drop.
#[derive(Debug)]
pub struct Locked {
    dir: PathBuf,
    _lock: File,
}

impl Locked {
    /// Locks `dir` (created when missing), waiting for other holders.
    ///
    /// # Errors
    /// I/O errors creating or locking the lock file.
    pub fn acquire(dir: &Path) -> std::io::Result<Self> {
        fs::create_dir_all(dir)?;
        // Never through a link (a planted one would make root create or lock another file),
        // and never blocking on a FIFO put there.
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(dir.join("lock"))?;
        if !lock.metadata()?.is_file() {
            return Err(std::io::Error::other(format!(
                "{}: not a regular file",
                dir.join("lock").display()
            )));
        }
        lock.lock()?;
        Ok(Self {
            dir: dir.to_owned(),
            _lock: lock,
        })
    }

    /// Path of `state.json`.
    pub fn path(&self) -> PathBuf {
        self.dir.join(STATE_FILE)
    }

    /// Whether a state exists.
    pub fn exists(&self) -> bool {
        self.path().exists()
    }

    /// Reads the state.
    ///
    /// # Errors
    /// I/O or JSON errors.
    pub fn load(&self) -> Result<SimState, String> {
        // The controller every front end answers for (and the image names root hands to
        // `losetup`): only a regular file of the caller's or root's, closed to others.
        let bytes = raidctl_sys::fsutil::read_own(&self.path(), MAX_STATE_BYTES)
            .map_err(|e| e.to_string())?;
        serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", self.path().display()))
    }

    /// Writes the state atomically.
    ///
    /// # Errors
    /// I/O or JSON errors.
    pub fn save(&self, st: &SimState) -> Result<(), String> {
        let text = serde_json::to_string_pretty(st).map_err(|e| e.to_string())?;
        // A random name created without following links, renamed over (see `raidctl_sys::fsutil`).
        let mut bytes = text.into_bytes();
        bytes.push(b'\n');
        raidctl_sys::fsutil::Dir::open_unchecked(&self.dir)
            .and_then(|d| {
                d.write_atomic(
                    STATE_FILE,
                    &bytes,
                    raidctl_sys::fsutil::PRIVATE,
                    raidctl_sys::fsutil::Replace::Yes,
                )
            })
            .map_err(|e| format!("{}: {e}", self.path().display()))?;
        // Every front end persists here, under the lock: the one place where VDs and JBOD
        // drives appear and go, so the block devices backing them follow (a no-op while
        // `sim block-devices` is off). A failure must not fail the vendor command that
        // changed the state: it is kept in the map and said on stderr.
        if let Err(e) = crate::blockdev::reconcile(&self.dir, st) {
            raidctl_sys::errln!("raidctl sim: block devices: {e}");
        }
        Ok(())
    }
}
