//! Phase 0, identify: what a target is (block device or regular file), its size, sector
//! sizes, rotational flag, model, serial, firmware, write-cache state, and its drive class.
//! Reads sysfs and the udev database; smartctl fills gaps later (see `smart`).

use serde::{Deserialize, Serialize};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

/// Where the kernel's views live (real paths in production, temp trees in tests).
#[derive(Debug, Clone)]
pub struct SysPaths {
    /// `/sys`.
    pub sys: PathBuf,
    /// `/proc`.
    pub proc: PathBuf,
    /// `/run/udev/data`.
    pub udev: PathBuf,
}

impl Default for SysPaths {
    fn default() -> Self {
        Self {
            sys: PathBuf::from("/sys"),
            proc: PathBuf::from("/proc"),
            udev: PathBuf::from("/run/udev/data"),
        }
    }
}

/// Drive class: picks the threshold set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DriveClass {
    /// Rotating disk.
    Hdd,
    /// SATA or SAS SSD.
    Ssd,
    /// NVMe SSD.
    Nvme,
    /// Loop device, regular file or simulated drive: informational thresholds only.
    #[default]
    Virtual,
}

impl DriveClass {
    /// Key in the profile file.
    pub fn key(self) -> &'static str {
        match self {
            Self::Hdd => "hdd",
            Self::Ssd => "ssd",
            Self::Nvme => "nvme",
            Self::Virtual => "virtual",
        }
    }
}

/// What kind of target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetKind {
    /// A whole block device.
    #[default]
    BlockDevice,
    /// A regular file (tests, simulated drives).
    RegularFile,
}

/// Where a drive sits behind a MegaRAID adapter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ControllerSlot {
    /// Adapter number.
    pub adapter: u32,
    /// `E:S` address.
    pub address: String,
    /// Device id (`-d megaraid,N`).
    pub device_id: Option<u32>,
    /// How the drive is presented: `raid0` (single-drive VD) or `jbod`.
    pub presented_as: String,
    /// VD target id when presented as RAID0.
    pub target_id: Option<u32>,
    /// Controller `Media Error Count`.
    pub media_errors: Option<u64>,
    /// Controller `Other Error Count`.
    pub other_errors: Option<u64>,
    /// Controller `Predictive Failure Count`.
    pub predictive_failures: Option<u64>,
    /// `Drive has flagged a S.M.A.R.T alert`.
    pub smart_alert: Option<bool>,
    /// Negotiated link speed reported by the controller.
    pub link_speed: Option<String>,
    /// Whether the controller state is simulated (`--sim`).
    pub simulated: bool,
}

/// Phase 0 result.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    /// Path as given.
    pub path: String,
    /// Canonical path.
    pub canonical: String,
    /// Kernel name (`sdb`, `loop3`, `nvme0n1`); none for regular files.
    pub kernel_name: Option<String>,
    /// Block device or regular file.
    pub kind: TargetKind,
    /// Size in bytes.
    pub size_bytes: u64,
    /// Logical sector size.
    pub logical_sector: u32,
    /// Physical sector size.
    pub physical_sector: u32,
    /// Rotational (from `queue/rotational`).
    pub rotational: Option<bool>,
    /// Vendor.
    pub vendor: Option<String>,
    /// Model.
    pub model: Option<String>,
    /// Serial number.
    pub serial: Option<String>,
    /// Firmware revision.
    pub firmware: Option<String>,
    /// Transport (`sata`, `sas`, `nvme`, `loop`, `file`).
    pub transport: Option<String>,
    /// Negotiated link speed, where known.
    pub link_speed: Option<String>,
    /// Volatile write cache (`write back` / `write through`).
    pub write_cache: Option<String>,
    /// I/O scheduler.
    pub scheduler: Option<String>,
    /// Drive class.
    pub class: DriveClass,
    /// For a loop device: its backing file.
    pub backing_file: Option<String>,
    /// `smartctl -d` argument when behind a controller (`megaraid,N`, `sat+megaraid,N`).
    pub smartctl_device: Option<String>,
    /// Controller slot when the drive sits behind a MegaRAID adapter.
    pub controller: Option<ControllerSlot>,
    /// The file or device node at `canonical` when identified: every job opens that path
    /// without following links and refuses anything else found there.
    #[serde(skip)]
    pub file: RunFile,
}

/// [`Identity::file`]: a fact of this run only (an inode means nothing on another host or
/// after a reboot), so it is neither in the report nor compared with a report read back.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunFile(pub Option<super::engine::FileKey>);

impl PartialEq for RunFile {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Identity {
    /// Peer-group key: model and firmware.
    pub fn peer_key(&self) -> String {
        format!(
            "{} / {}",
            self.model.as_deref().unwrap_or("?"),
            self.firmware.as_deref().unwrap_or("?")
        )
    }

    /// Peer group: model, firmware and size class. A 4 TB and an 8 TB drive of one family
    /// differ in speed by design, so they are not peers.
    pub fn peer_group(&self) -> String {
        format!("{} / {}", self.peer_key(), size_class(self.size_bytes))
    }

    /// Short label for tables.
    pub fn label(&self) -> String {
        self.kernel_name.clone().unwrap_or_else(|| {
            Path::new(&self.path)
                .file_name()
                .map_or_else(|| self.path.clone(), |n| n.to_string_lossy().into_owned())
        })
    }
}

/// Size class of a drive: its size in decimal units rounded to two significant digits
/// (`4.0 TB`, `560 GB`, `1.1 GB`), so single-drive VDs that a controller sized a few MB
/// apart stay peers while different capacities do not; `size ?` when unknown.
pub fn size_class(bytes: u64) -> String {
    if bytes == 0 {
        return "size ?".into();
    }
    let b = bytes as f64;
    let mut exp = b.log10().floor() as i32;
    let mut two = (b / 10f64.powi(exp - 1)).round();
    if two >= 100.0 {
        two = 10.0;
        exp += 1;
    }
    let units = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];
    let u = usize::try_from(exp.max(0) / 3)
        .unwrap_or(0)
        .min(units.len() - 1);
    let mantissa = two * 10f64.powi(exp - 1) / 1000f64.powi(i32::try_from(u).unwrap_or(0));
    if mantissa < 10.0 && u > 0 {
        format!("{mantissa:.1} {}", units[u])
    } else {
        format!("{mantissa:.0} {}", units[u])
    }
}

fn read_trim(p: &Path) -> Option<String> {
    let s = std::fs::read_to_string(p).ok()?;
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

fn udev_props(paths: &SysPaths, rdev: u64) -> Vec<(String, String)> {
    let (maj, min) = (rustix::fs::major(rdev), rustix::fs::minor(rdev));
    let Ok(text) = std::fs::read_to_string(paths.udev.join(format!("b{maj}:{min}"))) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| l.strip_prefix("E:"))
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// The serial in a SCSI VPD page 0x80 (unit serial number).
fn vpd80_serial(p: &Path) -> Option<String> {
    let b = std::fs::read(p).ok()?;
    let len = usize::from(*b.get(3)?);
    let s = String::from_utf8_lossy(b.get(4..4 + len)?)
        .trim()
        .to_owned();
    (!s.is_empty()).then_some(s)
}

/// Identifies `path`.
///
/// # Errors
/// When the path does not exist or is neither a block device nor a regular file.
pub fn identify(path: &Path, paths: &SysPaths) -> Result<Identity, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let mut id = Identity {
        path: path.display().to_string(),
        canonical: canonical.display().to_string(),
        file: RunFile(
            std::fs::symlink_metadata(&canonical)
                .ok()
                .map(|m| super::engine::FileKey::of(&m)),
        ),
        ..Identity::default()
    };
    if meta.file_type().is_file() {
        id.kind = TargetKind::RegularFile;
        id.size_bytes = meta.len();
        id.logical_sector = 4096;
        id.physical_sector = 4096;
        id.transport = Some("file".into());
        id.class = DriveClass::Virtual;
        return Ok(id);
    }
    if !meta.file_type().is_block_device() {
        return Err(format!(
            "{}: neither a block device nor a regular file",
            path.display()
        ));
    }
    id.kind = TargetKind::BlockDevice;
    let name = canonical
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = paths.sys.join("class/block").join(&name);
    id.kernel_name = Some(name.clone());
    id.size_bytes = read_trim(&base.join("size"))
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(0, |s| s * 512);
    let num = |p: &str| read_trim(&base.join(p)).and_then(|s| s.parse::<u32>().ok());
    id.logical_sector = num("queue/logical_block_size").unwrap_or(512);
    id.physical_sector = num("queue/physical_block_size").unwrap_or(id.logical_sector);
    id.rotational = num("queue/rotational").map(|r| r == 1);
    id.write_cache = read_trim(&base.join("queue/write_cache"));
    id.scheduler = read_trim(&base.join("queue/scheduler")).and_then(|s| {
        s.split_whitespace()
            .find(|w| w.starts_with('['))
            .map(|w| w.trim_matches(['[', ']']).to_owned())
    });
    id.vendor = read_trim(&base.join("device/vendor"));
    id.model = read_trim(&base.join("device/model"));
    id.firmware = read_trim(&base.join("device/rev"))
        .or_else(|| read_trim(&base.join("device/firmware_rev")));
    id.serial = read_trim(&base.join("device/serial"))
        .or_else(|| vpd80_serial(&base.join("device/vpd_pg80")));
    let props = udev_props(paths, meta.rdev());
    let prop = |k: &str| props.iter().find(|(kk, _)| kk == k).map(|(_, v)| v.clone());
    if id.serial.is_none() {
        id.serial = prop("ID_SERIAL_SHORT");
    }
    if id.model.is_none() {
        id.model = prop("ID_MODEL");
    }
    if id.firmware.is_none() {
        id.firmware = prop("ID_REVISION");
    }
    if name.starts_with("loop") {
        id.transport = Some("loop".into());
        id.backing_file = read_trim(&base.join("loop/backing_file"));
        id.class = DriveClass::Virtual;
        id.serial = None;
    } else if name.starts_with("nvme") {
        id.transport = Some("nvme".into());
        id.class = DriveClass::Nvme;
    } else {
        id.transport = prop("ID_BUS").map(|b| if b == "ata" { "sata".into() } else { b });
        id.class = match id.rotational {
            Some(true) => DriveClass::Hdd,
            _ => DriveClass::Ssd,
        };
    }
    Ok(id)
}

/// Returns the kernel name and sysfs directory of a block device path.
pub fn sys_dir(id: &Identity, paths: &SysPaths) -> Option<PathBuf> {
    id.kernel_name
        .as_ref()
        .map(|n| paths.sys.join("class/block").join(n))
}

#[cfg(test)]
mod tests {
    use super::size_class;

    #[test]
    fn qualify_size_class_two_significant_digits() {
        assert_eq!(size_class(4_000_787_030_016), "4.0 TB");
        // The same drive as two controllers size its VD: one class.
        assert_eq!(size_class(599_550_590_976), "600 GB");
        assert_eq!(size_class(600_127_266_816), "600 GB");
        assert_eq!(size_class(1 << 30), "1.1 GB");
        assert_eq!(size_class(64 << 20), "67 MB");
        assert_eq!(size_class(999_999), "1.0 MB");
        assert_eq!(size_class(512), "510 B");
        assert_eq!(size_class(0), "size ?");
    }
}
