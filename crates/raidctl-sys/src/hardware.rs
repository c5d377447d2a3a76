//! The seam where simulated hardware plugs in. On a real host the product reads `/sys`,
//! `/dev`, the block devices and the MFI node; under `--sim` the same code reads the
//! simulator's tree, devices and firmware, which a [`Simulator`] hands out. The product never
//! names the simulator (`raidctl-sim` is not among the product's dependencies): the binary
//! wires its implementation in through the product's `CtxOptions::simulator`.

use crate::mfi::transport::MfiTransport;
use raidctl_model::DriveAddress;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a VD or a JBOD drive is backed by, as the product asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backing<'a> {
    /// Adapter index.
    pub adapter: u32,
    /// The VD's target id; `None` for a JBOD drive.
    pub target: Option<u32>,
    /// The physical drive (a JBOD drive's address; a VD's single member where known).
    pub drive: Option<DriveAddress>,
    /// The drive's serial, so a new drive in the same bay never sees the old one's data.
    pub serial: Option<&'a str>,
}

/// A simulated controller's hardware: what stands where a real host has its kernel. One
/// implementation exists (`raidctl-sim`'s, wired in by the binary); tests may bring others.
pub trait Simulator: Send + Sync + std::fmt::Debug {
    /// The environment variable the simulated vendor tools find their state directory by.
    fn state_env(&self) -> &'static str;
    /// Fills an empty state directory from `scenario`; `true` when it did.
    ///
    /// # Errors
    /// An unknown scenario, an unusable directory.
    fn init_state_dir(&self, dir: &Path, scenario: &str) -> Result<bool, String>;
    /// Makes (and checks) the directory of front-end links other programs run the simulated
    /// tools through; `exe` is what they link to.
    ///
    /// # Errors
    /// A directory that is not the caller's or was tampered with.
    fn ensure_bin_dir(&self, dir: &Path, exe: Option<&Path>) -> Result<PathBuf, String>;
    /// The sysfs tree the simulator writes as the kernel would.
    fn sys_root(&self, dir: &Path) -> PathBuf;
    /// The `/dev` tree (udev's links) the simulator writes.
    fn dev_root(&self, dir: &Path) -> PathBuf;
    /// The SCSI host number of adapter `index` (the simulator's numbering).
    fn scsi_host(&self, index: u32) -> u32;
    /// Whether the simulated VDs and JBOD drives have block devices (`sim block-devices on`).
    fn has_block_devices(&self, dir: &Path) -> bool;
    /// The block device of `what` when the simulator made one for it.
    fn block_device(&self, dir: &Path, what: &Backing<'_>) -> Option<PathBuf>;
    /// A sparse file standing for `what` when it has no block device, made when first asked
    /// for: `size` bytes, capped at `cap`.
    ///
    /// # Errors
    /// I/O errors.
    fn backing_file(
        &self,
        dir: &Path,
        what: &Backing<'_>,
        size: u64,
        cap: u64,
    ) -> Result<PathBuf, String>;
    /// Removes `path` if it is one of the sparse files [`Simulator::backing_file`] made.
    fn discard_backing_file(&self, dir: &Path, path: &Path);
    /// Environment Ceph's tools need to take this hardware's block devices (ceph-volume
    /// refuses loop devices unless told).
    fn ceph_env(&self) -> &'static [(&'static str, &'static str)];
    /// The simulated firmware, answering DCMDs as the kernel driver's node does.
    ///
    /// # Errors
    /// An unreadable state.
    fn firmware(&self, dir: &Path) -> Result<Arc<dyn MfiTransport>, String>;
}
