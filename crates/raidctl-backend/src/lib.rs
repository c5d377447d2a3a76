//! What raidctl knows of the hardware and of Ceph, below every workflow: the backends (vendor
//! tools and the kernel driver) behind one [`backend::ops::Operations`] trait, the snapshot
//! they read, SMART through the controller, and the Ceph client with the identity join (bay ↔
//! drive ↔ VD ↔ block device ↔ OSD). It reads the hardware through [`hardware`] and cannot name
//! the workflows, qualification, health or output above it, nor the simulator beside it.

pub use raidctl_sys::{errln, errprint};

pub mod backend;
pub mod ceph;
pub mod smart;

/// The typed domain model (`raidctl-model`).
pub use raidctl_model as model;
/// The pure parsers (`raidctl-parse`).
pub use raidctl_parse as parse;
/// Host plumbing (`raidctl-sys`).
pub use raidctl_sys::{escape, exit, fsutil, hardware, interrupt};
