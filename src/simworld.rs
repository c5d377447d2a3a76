//! The simulator as the workflow's [`World`]: its virtual clock stands in for waiting (a poll
//! advances the simulated controller ten minutes, so hours of rebuild pass in seconds), its
//! control interface for the hands at the bays, and its directory holds the simulated
//! controller's lock. Wiring only: the workflow sees the traits, never the simulator.

use crate::model::DriveAddress;
use crate::workflow::{Hands, World};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How much simulated time one poll stands for.
const STEP: Duration = Duration::from_secs(600);

/// The simulated controller's physical world.
#[derive(Debug, Clone)]
pub struct SimWorld {
    /// The simulator's state directory.
    pub dir: PathBuf,
    /// The backend numbers drives as OpenManage does (`[E:S]` from `0:E:S`), not as MegaCli.
    pub omsa_ids: bool,
}

impl SimWorld {
    /// The drive `d` (as the backend in use numbers it) in the control interface's terms.
    fn drive_arg(&self, d: DriveAddress) -> String {
        match d.enclosure {
            Some(e) if self.omsa_ids => format!("0:{e}:{}", d.slot),
            _ => d.megacli_arg(),
        }
    }

    /// Runs a control command (`pull 32:4`, `insert 32:4 --kind blank`, `advance 600`).
    fn control(&self, args: &[&str]) -> Result<(), String> {
        let mut full = vec!["--state".to_owned(), self.dir.display().to_string()];
        full.extend(args.iter().map(|a| (*a).to_owned()));
        crate::sim::control_inner(&full)
            .map(|_| ())
            .map_err(|e| format!("simulator control {}: {e}", args.join(" ")))
    }
}

impl World for SimWorld {
    fn wait(&self, _poll: Duration) {
        let _ = self.control(&["advance", &STEP.as_secs().to_string()]);
    }

    // The simulator's kernel side (its sysfs tree, loop devices) is written with the change.
    fn wait_for_kernel(&self, _d: Duration) {}

    fn step(&self, _poll: Duration) -> Duration {
        STEP
    }

    fn hands(&self) -> Option<&dyn Hands> {
        Some(self)
    }

    fn controller_lock_dir(&self) -> Option<&Path> {
        Some(&self.dir)
    }
}

impl Hands for SimWorld {
    fn pull(&self, adapter: u32, d: DriveAddress) -> Result<(), String> {
        self.control(&["pull", &self.drive_arg(d), "-a", &adapter.to_string()])
    }

    fn insert(&self, adapter: u32, d: DriveAddress, kind: &str) -> Result<(), String> {
        self.control(&[
            "insert",
            &self.drive_arg(d),
            "--kind",
            kind,
            "-a",
            &adapter.to_string(),
        ])
    }
}
