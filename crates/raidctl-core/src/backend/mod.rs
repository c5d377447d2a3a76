//! Backends: how raidctl talks to vendor tools. Nothing above this layer knows MegaCli syntax.

pub mod catalogue;
pub mod detect;
pub mod gather;
pub mod identity;
pub mod megacli;
pub mod native;
pub mod omreport;
pub mod ops;
pub use raidctl_sys::runner;
pub mod snapshot;
pub mod storcli;
