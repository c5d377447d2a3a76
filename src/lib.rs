//! raidctl: typed models, parsers, backends, workflows and tooling for LSI/Broadcom MegaRAID and
//! Dell PERC controllers.
//!
//! Dependencies point one way: `model` ← `parse` ← backends ← workflows ← `output` ← `cli`.

pub mod app;
pub mod args;
pub mod backend;
pub mod bundle;
pub mod ceph;
pub mod cli;
pub mod ctx;
pub mod escape;
pub mod exit;
pub mod fsutil;
pub mod health;
pub mod hostside;
pub mod interrupt;
pub mod manual;
pub mod model;
pub mod monitor;
pub mod output;
pub mod parse;
pub mod qualify;
pub mod sim;
pub mod simworld;
pub mod smart;
pub mod workflow;
