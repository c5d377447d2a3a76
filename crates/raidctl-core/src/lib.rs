//! The raidctl product: workflows, support bundles, qualification, health and output, over
//! the backends, SMART and the Ceph client of `raidctl-backend` (re-exported here as
//! [`backend`], [`smart`], [`ceph`]). It runs on a real host's hardware or on any
//! [`hardware::Simulator`] its caller hands it; it cannot name the simulator (`raidctl-sim` is
//! not among its dependencies).
//!
//! Dependencies point one way: `model` ← `parse` ← `sys` ← `raidctl-backend` (backends,
//! `ceph`) ← workflows, bundle, qualify, health ← `output` ← the CLI (the `raidctl` package);
//! docs/development.md, "Layout".

pub use raidctl_sys::{errln, errprint};

pub mod bundle;
pub mod ctx;
pub mod health;
pub mod hostside;
pub mod monitor;
pub mod output;
pub mod qualify;
pub mod workflow;

/// The backends, the snapshot, SMART and the Ceph client: their own crate, `raidctl-backend`,
/// below everything here.
pub use raidctl_backend::{backend, ceph, smart};

/// The typed domain model: its own crate, `raidctl-model`, at the bottom of the layering.
pub use raidctl_model as model;
/// The pure parsers (text in, model out): their own crate, `raidctl-parse`, on top of the model.
pub use raidctl_parse as parse;
/// Host plumbing below the backends and the simulator: its own crate, `raidctl-sys`.
pub use raidctl_sys::{escape, exit, fsutil, hardware, interrupt, journal, progress};
