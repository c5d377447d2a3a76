//! The simulator as the product's hardware ([`raidctl_sys::hardware::Simulator`]): its sysfs
//! and `/dev` trees, its loop devices (or sparse files), its MFI firmware, handed to the
//! product's context by the binary. The product reads them with the code it reads a real
//! host's with.

use crate::blockdev::{self, Kind};
use raidctl_sys::hardware::{Backing, Simulator};
use raidctl_sys::mfi::transport::MfiTransport;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The simulated controller's hardware, found from its state directory.
#[derive(Debug, Clone, Copy, Default)]
pub struct SimHardware;

fn kind(what: &Backing<'_>) -> Kind {
    if what.target.is_some() {
        Kind::Vd
    } else {
        Kind::Jbod
    }
}

/// A file name part from a serial (only characters a file name can carry).
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

impl Simulator for SimHardware {
    fn state_env(&self) -> &'static str {
        crate::store::STATE_ENV
    }

    fn init_state_dir(&self, dir: &Path, scenario: &str) -> Result<bool, String> {
        crate::init_state_dir(dir, scenario)
    }

    fn ensure_bin_dir(&self, dir: &Path, exe: Option<&Path>) -> Result<PathBuf, String> {
        crate::multicall::ensure_bin_dir(dir, exe)
    }

    fn sys_root(&self, dir: &Path) -> PathBuf {
        crate::sysfs::sys_root(dir)
    }

    fn dev_root(&self, dir: &Path) -> PathBuf {
        crate::sysfs::dev_root(dir)
    }

    fn scsi_host(&self, index: u32) -> u32 {
        crate::sysfs::host_of(index)
    }

    fn has_block_devices(&self, dir: &Path) -> bool {
        blockdev::load(dir)
            .ok()
            .flatten()
            .is_some_and(|m| !m.devices.is_empty())
    }

    fn block_device(&self, dir: &Path, what: &Backing<'_>) -> Option<PathBuf> {
        blockdev::device_for(dir, what.adapter, kind(what), what.target, what.drive)
    }

    /// Named by the drive's serial when one is given (a new drive never sees an old one's
    /// data, and the file is kept while it is the same drive), else fresh under the name
    /// the loop devices use too.
    fn backing_file(
        &self,
        dir: &Path,
        what: &Backing<'_>,
        size: u64,
        cap: u64,
    ) -> Result<PathBuf, String> {
        let Some(serial) = what.serial else {
            let name = blockdev::file_name(what.adapter, kind(what), what.target, what.drive);
            return blockdev::backing_file(dir, &name, size, cap);
        };
        let adapter = what.adapter;
        let name = match (what.target, what.drive) {
            (Some(t), _) => format!("vd-{adapter}-{t}-{}.img", clean(serial)),
            (None, Some(d)) => format!(
                "jbod-{adapter}-{}-{}.img",
                d.megacli_arg().replace(':', "-"),
                clean(serial)
            ),
            (None, None) => return Err("a JBOD drive without an address".into()),
        };
        let path = dir.join("disks").join(&name);
        if path.exists() {
            return Ok(path);
        }
        blockdev::backing_file(dir, &name, size, cap)
    }

    fn discard_backing_file(&self, dir: &Path, path: &Path) {
        if path.starts_with(dir.join("disks")) {
            let _ = std::fs::remove_file(path);
        }
    }

    fn ceph_env(&self) -> &'static [(&'static str, &'static str)] {
        // Its VDs' block devices are loop devices.
        &[("CEPH_VOLUME_ALLOW_LOOP_DEVICES", "1")]
    }

    fn firmware(&self, dir: &Path) -> Result<Arc<dyn MfiTransport>, String> {
        Ok(Arc::new(crate::mfi::SimFirmware::load(dir)?))
    }
}
