//! The state directory: `state.json` plus a `lock` file. Every invocation takes an exclusive
//! lock on `lock` for the whole read-modify-write, and writes `state.json` atomically (a
//! temporary file renamed over it), so concurrent invocations serialise and a crash never
//! leaves a half-written state.

use crate::sim::state::SimState;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Environment variable naming the state directory.
pub const STATE_ENV: &str = "RAIDCTL_SIM_STATE";

/// File name of the state inside the directory.
pub const STATE_FILE: &str = "state.json";

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
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join("lock"))?;
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
        let text = fs::read_to_string(self.path())
            .map_err(|e| format!("{}: {e}", self.path().display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", self.path().display()))
    }

    /// Writes the state atomically.
    ///
    /// # Errors
    /// I/O or JSON errors.
    pub fn save(&self, st: &SimState) -> Result<(), String> {
        let text = serde_json::to_string_pretty(st).map_err(|e| e.to_string())?;
        let tmp = self
            .dir
            .join(format!(".state.json.{}.tmp", std::process::id()));
        let write = || -> std::io::Result<()> {
            let mut f = File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()?;
            fs::rename(&tmp, self.path())
        };
        write().map_err(|e| format!("{}: {e}", self.path().display()))?;
        // Every front end persists here, under the lock: the one place where VDs and JBOD
        // drives appear and go, so the block devices backing them follow (a no-op while
        // `sim block-devices` is off). A failure must not fail the vendor command that
        // changed the state: it is kept in the map and said on stderr.
        if let Err(e) = crate::sim::blockdev::reconcile(&self.dir, st) {
            eprintln!("raidctl sim: block devices: {e}");
        }
        Ok(())
    }
}
