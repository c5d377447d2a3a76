//! What the vendor-tool backends (MegaCli, storcli/perccli, omreport/omconfig) share: one
//! runner, the per-call deadline, and the count of calls a snapshot reports as
//! `vendor_calls`.

use super::runner::{CmdOutput, RunError, Runner};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// Runs a backend's vendor commands and counts them.
pub(crate) struct Counted {
    runner: Arc<dyn Runner>,
    timeout: Duration,
    calls: AtomicU32,
}

impl Counted {
    pub(crate) fn new(runner: Arc<dyn Runner>, timeout: Duration) -> Self {
        Self {
            runner,
            timeout,
            calls: AtomicU32::new(0),
        }
    }

    /// Another counter on the same runner and deadline, starting from zero.
    pub(crate) fn fresh(&self) -> Self {
        Self::new(Arc::clone(&self.runner), self.timeout)
    }

    /// Calls made so far.
    pub(crate) fn calls(&self) -> u32 {
        self.calls.load(Ordering::Relaxed)
    }

    /// The per-call deadline.
    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Runs `program` with `args` alone (a change, or a read that must not overlap others).
    pub(crate) fn run(&self, program: &Path, args: &[String]) -> Result<CmdOutput, RunError> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.runner.run(program, args, self.timeout)
    }

    /// Runs a read that may overlap the snapshot's other reads.
    pub(crate) fn read(&self, program: &Path, args: &[String]) -> Result<CmdOutput, RunError> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.runner.run_read(program, args, self.timeout)
    }
}
