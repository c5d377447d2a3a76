//! Support bundle: `raidctl collect` gathers what vendor support asks for into one verifiable
//! `.tar.gz`, and [`load_bundle`] reads a received bundle back for offline evaluation.
//!
//! Order: MegaCli version and adapter count, then per adapter the event log and firmware
//! terminal log (ring buffers, so first), then the snapshot inputs (`-aALL`), the rest of the
//! per-adapter catalogue, per-drive SMART through the controller, host context, and raidctl's
//! own view (snapshot, health, baseline, journals). Vendor commands run one at a time in a
//! scratch directory with `-NoLog`, a per-command timeout and an overall budget; a command that
//! hangs in the kernel stops all further calls to its adapter. One failed item never fails the
//! bundle: it is recorded in `manifest.json`.

pub mod archive;
pub mod catalogue;
pub mod cli;
pub mod collect;
pub mod exec;
pub mod host;
pub mod manifest;
pub mod redact;
pub mod replay;
pub mod summary;

pub use cli::{CollectArgs, run_collect};
pub use collect::{CollectOptions, CollectReport, Level, collect};
pub use replay::{BundleInfo, load_bundle};
