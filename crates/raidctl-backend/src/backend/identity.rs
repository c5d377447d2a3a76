//! Best-effort identity join: which Linux block device a VD or JBOD drive is, and back.
//!
//! megaraid_sas (`megaraid_sas.h`: `MEGASAS_MAX_PD_CHANNELS` 2, `MEGASAS_MAX_LD_CHANNELS` 2,
//! `MEGASAS_MAX_DEV_PER_CHANNEL` 128; `MEGASAS_IS_LOGICAL` is channel ≥ 2) exposes JBOD/system
//! drives on channels 0 and 1 with `(channel % 2) * 128 + target` = the drive's device id,
//! and VDs on channels 2 and 3 with `(channel - 2) * 128 + target` = the VD target id.
//! Adapters are matched to megaraid_sas SCSI hosts by PCI address when the controller
//! snapshot has one for every adapter (storcli, perccli, `-AdpGetPciInfo`); otherwise in
//! host-number order, which is the order the driver probes them and the order MegaCli
//! numbers them in on the machines we know of.

use super::snapshot::Snapshot;
use std::path::Path;

pub use raidctl_sys::mfi::scsi::{LD_CHANNEL, PER_CHANNEL, vd_channel_target};

/// What sits at a megaraid_sas SCSI address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A VD with this target id (logical channel).
    Vd {
        /// VD target id.
        target_id: u32,
    },
    /// A JBOD/system drive with this device id (physical channel).
    Pd {
        /// Device id.
        device_id: u32,
    },
}

/// A block device's place behind a megaraid_sas adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScsiPlace {
    /// `H:C:T:L`.
    pub hctl: String,
    /// The adapter index (position of the SCSI host among megaraid_sas hosts; see
    /// [`adapter_by_pci`] for the PCI match).
    pub adapter: u32,
    /// PCI address of the SCSI host's device (`0000:03:00.0`), from sysfs.
    pub pci: Option<String>,
    /// VD or drive.
    pub place: Place,
}

/// Reads `H:C:T:L` of a SCSI disk (`sdb`) from `sys/block/NAME/device`.
pub fn hctl_of(sys: &Path, name: &str) -> Option<(u32, u32, u32, u32)> {
    let target = std::fs::canonicalize(sys.join("block").join(name).join("device")).ok()?;
    let last = target.file_name()?.to_str()?;
    let v: Vec<u32> = last.split(':').filter_map(|p| p.parse().ok()).collect();
    match v.as_slice() {
        [h, c, t, l] => Some((*h, *c, *t, *l)),
        _ => None,
    }
}

/// Where the whole disk `name` (`sdb`) sits behind megaraid_sas, if it does.
pub fn locate_disk(sys: &Path, name: &str) -> Option<ScsiPlace> {
    let (h, c, t, l) = hctl_of(sys, name)?;
    let hosts = megaraid_hosts(sys);
    let adapter = u32::try_from(hosts.iter().position(|x| *x == h)?).ok()?;
    let place = if c >= LD_CHANNEL {
        Place::Vd {
            target_id: (c - LD_CHANNEL) * PER_CHANNEL + t,
        }
    } else {
        Place::Pd {
            device_id: (c % 2) * PER_CHANNEL + t,
        }
    };
    Some(ScsiPlace {
        hctl: format!("{h}:{c}:{t}:{l}"),
        adapter,
        pci: host_pci(sys, h),
        place,
    })
}

/// The PCI address (`0000:03:00.0`) of SCSI host `host`: the PCI device its sysfs node sits
/// under (`devices/pci0000:00/0000:03:00.0/host0`).
pub fn host_pci(sys: &Path, host: u32) -> Option<String> {
    let real = std::fs::canonicalize(sys.join(format!("class/scsi_host/host{host}"))).ok()?;
    real.ancestors()
        .filter_map(|a| a.file_name()?.to_str())
        .find(|n| parse_pci(n).is_some())
        .map(str::to_owned)
}

/// `DDDD:BB:DD.F` → (bus, device, function).
pub fn parse_pci(name: &str) -> Option<(u32, u32, u32)> {
    let (dom, rest) = name.split_once(':')?;
    let (bus, rest) = rest.split_once(':')?;
    let (dev, func) = rest.split_once('.')?;
    if dom.len() != 4 || bus.len() != 2 || dev.len() != 2 || func.len() != 1 {
        return None;
    }
    u32::from_str_radix(dom, 16).ok()?;
    Some((
        u32::from_str_radix(bus, 16).ok()?,
        u32::from_str_radix(dev, 16).ok()?,
        u32::from_str_radix(func, 16).ok()?,
    ))
}

/// The adapter at PCI address `pci` (`0000:03:00.0`), when every adapter of the snapshot has
/// a PCI location (a partial list could match the wrong one by elimination).
pub fn adapter_by_pci(snap: &Snapshot, pci: &str) -> Option<u32> {
    let (bus, device, function) = parse_pci(pci)?;
    let all = !snap.adapters.is_empty()
        && snap.adapters.iter().all(|a| {
            a.pci
                .as_ref()
                .is_some_and(|p| p.bus.is_some() && p.device.is_some())
        });
    if !all {
        return None;
    }
    snap.adapters
        .iter()
        .find(|a| {
            a.pci.as_ref().is_some_and(|p| {
                p.bus == Some(bus)
                    && p.device == Some(device)
                    && p.function.unwrap_or(0) == function
            })
        })
        .map(|a| a.adapter)
}

/// The whole disks under a block device name: itself for a disk, the parent of a partition
/// (`sdb1` → `sdb`), the disks under a device-mapper device (`dm-3` → its `slaves`, as LVM
/// builds an OSD's LV), recursively.
pub fn whole_disks(sys: &Path, name: &str) -> Vec<String> {
    fn walk(sys: &Path, name: &str, depth: u32, out: &mut Vec<String>) {
        if depth > 8 {
            return;
        }
        let class = sys.join("class/block").join(name);
        if let Ok(rd) = std::fs::read_dir(class.join("slaves")) {
            let mut slaves: Vec<String> = rd
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            if !slaves.is_empty() {
                slaves.sort();
                for s in slaves {
                    walk(sys, &s, depth + 1, out);
                }
                return;
            }
        }
        if class.join("partition").is_file() {
            if let Some(parent) = std::fs::canonicalize(&class).ok().and_then(|p| {
                p.parent()
                    .and_then(|q| q.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
            }) {
                walk(sys, &parent, depth + 1, out);
                return;
            }
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_owned());
        }
    }
    let mut out = Vec::new();
    walk(sys, name, 0, &mut out);
    out
}

/// The `/dev/disk/by-path` name of `/dev/NAME`, when udev made one.
///
/// A link is matched by the name it points to (udev's `../../sdb`, or the simulator's
/// `/dev/loop7` from a tree under its own directory), read without following it: the device
/// node need not exist where the tree is read.
pub fn by_path_of(dev: &Path, name: &str) -> Option<String> {
    let dir = dev.join("disk/by-path");
    let mut hits: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| {
            std::fs::read_link(e.path())
                .is_ok_and(|t| t.file_name() == Some(std::ffi::OsStr::new(name)))
        })
        .map(|e| e.path().display().to_string())
        .collect();
    hits.sort();
    hits.into_iter().next()
}

/// The WWN the host reads for a disk (`sys/block/NAME/device/wwid`, e.g. `naa.5000c500a1b2c3d4`).
pub fn wwid_of(sys: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(sys.join("block").join(name).join("device/wwid"))
        .ok()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// Sets `block_device` on every VD whose SCSI device is visible under `sys`.
pub fn join_block_devices(snap: &mut Snapshot, sys: &Path) {
    let hosts = megaraid_hosts(sys);
    if hosts.is_empty() {
        return;
    }
    // Each adapter's host: by PCI address when the snapshot has them, else by position.
    let by_pci: Vec<(u32, u32)> = hosts
        .iter()
        .filter_map(|h| Some((adapter_by_pci(snap, &host_pci(sys, *h)?)?, *h)))
        .collect();
    let host_of = |adapter: u32| -> Option<u32> {
        if by_pci.is_empty() {
            usize::try_from(adapter)
                .ok()
                .and_then(|i| hosts.get(i))
                .copied()
        } else {
            by_pci.iter().find(|(a, _)| *a == adapter).map(|(_, h)| *h)
        }
    };
    for ld in &mut snap.logical_drives {
        let Some(host) = host_of(ld.adapter) else {
            continue;
        };
        let (channel, target) = vd_channel_target(ld.target_id);
        let hctl = format!("{host}:{channel}:{target}:0");
        let block = sys.join("class/scsi_disk").join(&hctl).join("device/block");
        if let Ok(mut entries) = std::fs::read_dir(&block) {
            if let Some(Ok(e)) = entries.next() {
                ld.block_device = Some(format!("/dev/{}", e.file_name().to_string_lossy()));
            }
        }
    }
}

/// Host numbers of SCSI hosts driven by megaraid_sas, ascending (`sys` is usually `/sys`).
pub fn megaraid_hosts(sys: &Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir(sys.join("class/scsi_host")) else {
        return Vec::new();
    };
    let mut hosts: Vec<u32> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            std::fs::read_to_string(e.path().join("proc_name"))
                .is_ok_and(|p| p.trim() == super::native::ioctl::HOST_PROC_NAME)
        })
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_prefix("host"))
                .and_then(|n| n.parse().ok())
        })
        .collect();
    hosts.sort_unstable();
    hosts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LogicalDrive;

    /// Two controllers whose SCSI hosts were probed in the other order than the tool numbers
    /// them: the PCI address decides, and position only when the snapshot lacks it.
    #[test]
    fn adapters_are_matched_by_pci_address() {
        use std::os::unix::fs::symlink;
        let sys = tempfile::tempdir().unwrap();
        let s = sys.path();
        std::fs::create_dir_all(s.join("class/scsi_host")).unwrap();
        for (h, pci) in [(4, "0000:81:00.0"), (5, "0000:03:00.0")] {
            let sh = format!("devices/pci0000:00/{pci}/host{h}/scsi_host/host{h}");
            std::fs::create_dir_all(s.join(&sh)).unwrap();
            std::fs::write(s.join(&sh).join("proc_name"), "megaraid_sas\n").unwrap();
            symlink(
                format!("../../{sh}"),
                s.join(format!("class/scsi_host/host{h}")),
            )
            .unwrap();
            let disk = format!("devices/pci0000:00/{pci}/host{h}/target{h}:2:0/{h}:2:0:0");
            std::fs::create_dir_all(s.join(&disk).join("block")).unwrap();
            std::fs::create_dir_all(s.join(format!("class/scsi_disk/{h}:2:0:0"))).unwrap();
            symlink(
                format!("../../../{disk}"),
                s.join(format!("class/scsi_disk/{h}:2:0:0/device")),
            )
            .unwrap();
            std::fs::create_dir_all(s.join(&disk).join(format!("block/sd{h}"))).unwrap();
        }
        assert_eq!(host_pci(s, 4).as_deref(), Some("0000:81:00.0"));
        let pci = |bus| {
            Some(crate::model::PciLocation {
                bus: Some(bus),
                device: Some(0),
                function: Some(0),
            })
        };
        let mut snap = Snapshot {
            adapters: vec![
                crate::model::Adapter {
                    adapter: 0,
                    pci: pci(3),
                    ..Default::default()
                },
                crate::model::Adapter {
                    adapter: 1,
                    pci: pci(0x81),
                    ..Default::default()
                },
            ],
            logical_drives: vec![
                LogicalDrive {
                    adapter: 0,
                    target_id: 0,
                    ..LogicalDrive::default()
                },
                LogicalDrive {
                    adapter: 1,
                    target_id: 0,
                    ..LogicalDrive::default()
                },
            ],
            ..Snapshot::default()
        };
        assert_eq!(adapter_by_pci(&snap, "0000:81:00.0"), Some(1));
        join_block_devices(&mut snap, s);
        let devs: Vec<_> = snap
            .logical_drives
            .iter()
            .map(|l| l.block_device.clone().unwrap())
            .collect();
        assert_eq!(devs, ["/dev/sd5", "/dev/sd4"]);
        // One adapter without a PCI location: no match by elimination, position decides.
        snap.adapters[1].pci = None;
        assert_eq!(adapter_by_pci(&snap, "0000:03:00.0"), None);
        for l in &mut snap.logical_drives {
            l.block_device = None;
        }
        join_block_devices(&mut snap, s);
        assert_eq!(
            snap.logical_drives[0].block_device.as_deref(),
            Some("/dev/sd4")
        );
        assert_eq!(parse_pci("0000:3:00.0"), None);
    }

    #[test]
    fn finds_the_disk_of_a_vd() {
        let sys = tempfile::tempdir().unwrap();
        let host = sys.path().join("class/scsi_host/host3");
        std::fs::create_dir_all(&host).unwrap();
        std::fs::write(host.join("proc_name"), "megaraid_sas\n").unwrap();
        let other = sys.path().join("class/scsi_host/host0");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("proc_name"), "ahci\n").unwrap();
        std::fs::create_dir_all(sys.path().join("class/scsi_disk/3:2:1:0/device/block/sdc"))
            .unwrap();
        let mut snap = Snapshot {
            logical_drives: vec![
                LogicalDrive {
                    adapter: 0,
                    target_id: 1,
                    ..LogicalDrive::default()
                },
                LogicalDrive {
                    adapter: 0,
                    target_id: 0,
                    ..LogicalDrive::default()
                },
            ],
            ..Snapshot::default()
        };
        join_block_devices(&mut snap, sys.path());
        // And back: sdc is VD 1 of adapter 0; a JBOD drive on channel 1 is device id 128+5.
        let dev = sys.path().join("devices/host3/target3:2:1/3:2:1:0");
        std::fs::create_dir_all(&dev).unwrap();
        std::fs::create_dir_all(sys.path().join("block/sdc")).unwrap();
        std::os::unix::fs::symlink(&dev, sys.path().join("block/sdc/device")).unwrap();
        let p = locate_disk(sys.path(), "sdc").unwrap();
        assert_eq!(
            (p.adapter, p.place, p.hctl.as_str()),
            (0, Place::Vd { target_id: 1 }, "3:2:1:0")
        );
        let dev = sys.path().join("devices/host3/target3:1:5/3:1:5:0");
        std::fs::create_dir_all(&dev).unwrap();
        std::fs::create_dir_all(sys.path().join("block/sdd")).unwrap();
        std::os::unix::fs::symlink(&dev, sys.path().join("block/sdd/device")).unwrap();
        assert_eq!(
            locate_disk(sys.path(), "sdd").unwrap().place,
            Place::Pd { device_id: 133 }
        );
        assert_eq!(vd_channel_target(130), (3, 2));
        assert_eq!(
            snap.logical_drives[0].block_device.as_deref(),
            Some("/dev/sdc")
        );
        assert_eq!(snap.logical_drives[1].block_device, None);
    }
}
