//! Backends: how raidctl talks to vendor tools. Nothing above this layer knows MegaCli syntax.

pub mod detect;
pub mod identity;
pub mod megacli;
pub mod native;
pub mod omreport;
pub mod ops;
pub mod runner;
pub mod snapshot;
pub mod storcli;
