//! Ceph, as seen from a host whose OSDs sit behind a MegaRAID/PERC controller: a typed client
//! of the `ceph` and `ceph-volume` command lines ([`client`], [`volume`], [`daemon`]) and the
//! identity join of OSDs to VDs, drives and bays ([`join`]). A neighbour of the backends:
//! every call goes through the one process runner with a deadline, never a shell.

pub mod answers;
pub mod client;
pub mod daemon;
pub mod join;
pub mod label;
pub mod orch;
pub mod redundancy;
pub mod types;
pub mod volume;

pub use client::{Ceph, CephError, CephOptions, DEFAULT_CONF, SafeToDestroy};
pub use daemon::{Started, Stopped, systemd_is_pid1};
pub use join::{ClusterView, HostOsd, Location, OsdDevice, OsdJoin, Role, Sources, Unplaced};
pub use volume::VolumePlan;
