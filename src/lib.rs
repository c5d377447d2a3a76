//! raidctl: typed models, parsers, backends, workflows and tooling for LSI/Broadcom MegaRAID and
//! Dell PERC controllers.
//!
//! Dependencies point one way: `model` ← `parse` ← backends ← workflows ← `output` ← `cli`.
//! `model` and `parse` are crates of their own (`raidctl-model`, `raidctl-parse`, re-exported
//! here under those names), so they cannot reach up; docs/development.md, "Layout".

pub use raidctl_sys::{errln, errprint};

pub mod app;
pub mod args;
pub mod backend;
pub mod bundle;
pub mod ceph;
pub mod cli;
pub mod ctx;

pub mod health;
pub mod hostside;
pub mod manual;
pub mod monitor;
pub mod output;
pub mod qualify;
pub use raidctl_sim as sim;
pub mod simworld;
pub mod smart;
pub mod workflow;

/// The typed domain model: its own crate, `raidctl-model`, at the bottom of the layering.
pub use raidctl_model as model;
/// The pure parsers (text in, model out): their own crate, `raidctl-parse`, on top of the model.
pub use raidctl_parse as parse;
/// Host plumbing below the backends and the simulator: its own crate, `raidctl-sys`.
pub use raidctl_sys::{escape, exit, fsutil, hardware, interrupt};
