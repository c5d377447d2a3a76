//! Support bundle: `raidctl collect` gathers what vendor support asks for into one verifiable
//! `.tar.gz`, and [`load_bundle`] reads a received bundle back for offline evaluation.
//!
//! The controller commands come from the backend in use
//! ([`crate::backend::catalogue::Catalogue`]: MegaCli, storcli/perccli, OpenManage). Order: the
//! tool's version and adapter count, then the event and terminal logs (ring buffers, so
//! first), then the snapshot inputs, the rest of the catalogue, per-drive SMART through the
//! controller, host context, and raidctl's own view (snapshot, health, baseline, journals).
//! Commands run one at a time through the one process runner
//! ([`crate::backend::runner::run_process`]) in a scratch directory, with a per-command
//! timeout and an overall budget; a command that hangs in the kernel stops all further calls
//! to its adapter. One failed item never fails the bundle: it is recorded in `manifest.json`.

pub mod archive;
pub mod collect;
pub mod host;
pub mod manifest;
pub mod reader;
pub mod redact;
pub mod replay;
pub mod summary;
mod vendor;

pub use collect::{CollectOptions, CollectReport, Level, collect};
pub use reader::Integrity;
pub use replay::{BundleError, BundleInfo, load_bundle};
