//! Backends: how raidctl talks to vendor tools.

pub mod runner;
