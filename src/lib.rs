//! raidctl: typed models, parsers, backends, workflows and tooling for LSI/Broadcom MegaRAID and
//! Dell PERC controllers.
//!
//! This crate is the command line and its wiring: the clap tree and every command's flags
//! ([`cli`], [`manual`]), one function per command ([`app`]), and the simulator handed to the
//! product under `--sim`.
//! The product is `raidctl-core` (re-exported here whole), the simulator `raidctl-sim`
//! ([`sim`]); the product cannot name the simulator, and the simulator cannot name the
//! product (docs/development.md, "Layout").

pub use raidctl_core::*;
/// The simulated hardware: its own crate, `raidctl-sim`, wired in by [`app`] only.
pub use raidctl_sim as sim;

pub mod app;
pub mod cli;
pub mod manual;
pub mod simworld;
