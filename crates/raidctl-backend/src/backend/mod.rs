//! Backends: how raidctl talks to vendor tools. Nothing above this layer knows MegaCli syntax.

pub mod catalogue;
mod counted;
pub mod detect;
#[cfg(any(test, feature = "test-support"))]
pub mod fixtures;
pub mod gather;
pub mod identity;
pub mod megacli;
pub mod native;
pub mod omreport;
pub mod ops;
pub use raidctl_sys::runner;
pub mod snapshot;
pub mod storcli;
