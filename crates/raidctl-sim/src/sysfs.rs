//! The simulated controller as the kernel shows it: a sysfs tree and udev's `/dev/disk`
//! links in `<sim_dir>/sys` and `<sim_dir>/dev`, written as the megaraid_sas driver and
//! udev lay them out on a real host, pointing at the loop devices of
//! [`crate::blockdev`].
//!
//! raidctl reads this tree through exactly the code it reads `/sys` and `/dev` with on a
//! real host (`backend::identity` in the product, the Ceph identity join): the simulator replaces
//! the hardware, never the code path. What it writes, per adapter:
//! - `devices/pci0000:00/0000:BB:DD.F/hostH/scsi_host/hostH/proc_name` = `megaraid_sas`, and
//!   `class/scsi_host/hostH` linking to it (host 0 is an `ahci` host, as on most servers, so
//!   adapters are never confused with host numbers);
//! - per VD and JBOD drive with a loop device: the SCSI device `H:C:T:0` with the driver's
//!   channel rules (VDs on channels 2-3 with the target id, system drives on 0-1 with the
//!   device id), `vendor`, `model`, `wwid` (a VD's NAA id as storcli prints it, a drive's
//!   WWN), `vpd_pg80` (unit serial), `block/loopN` with `device` back to it, and
//!   `block/loopN`, `class/block/loopN`, `class/scsi_disk/H:C:T:0` links;
//! - `dev/disk/by-path/pci-0000:BB:DD.F-scsi-0:C:T:0` and `dev/disk/by-id/wwn-0x…` links to
//!   `/dev/loopN`, as udev's `path_id` and `60-persistent-storage.rules` name them.
//!
//! The tree is rebuilt whole after every reconciliation (under the state lock) and swapped
//! in by rename, so a reader sees the old tree or the new one.

use crate::blockdev::{BlockMap, Kind, SimBlockDevice};
use crate::state::{Adapter, SimState};
use raidctl_sys::mfi::scsi::vd_channel_target;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

/// The sysfs root under the simulator directory.
pub fn sys_root(sim_dir: &Path) -> PathBuf {
    sim_dir.join("sys")
}

/// The `/dev` root (udev's links) under the simulator directory.
pub fn dev_root(sim_dir: &Path) -> PathBuf {
    sim_dir.join("dev")
}

/// The SCSI host number of adapter `index` (host 0 is the board's SATA controller).
pub fn host_of(index: u32) -> u32 {
    index + 1
}

/// `0000:BB:DD.F` of an adapter.
fn pci_name(ad: &Adapter) -> String {
    format!("0000:{:02x}:{:02x}.{:x}", ad.pci.0, ad.pci.1, ad.pci.2)
}

/// SCSI inquiry vendor (8) and product (16) of a VD: what a PERC or a MegaRAID reports.
fn vd_inquiry(ad: &Adapter) -> (String, String) {
    let vendor = if ad.product.contains("PERC") {
        "DELL"
    } else {
        "LSI"
    };
    let model: String = ad.product.chars().take(16).collect();
    (vendor.to_owned(), model)
}

/// What one SCSI device says of itself.
pub(crate) struct Unit {
    pub(crate) channel: u32,
    pub(crate) target: u32,
    /// Inquiry vendor (untrimmed as the device says it).
    pub(crate) vendor: String,
    /// Inquiry product.
    pub(crate) model: String,
    /// `naa.<hex>`: VPD page 0x83.
    pub(crate) wwid: String,
    /// VPD page 0x80.
    pub(crate) serial: String,
}

/// The SCSI device the kernel shows for `d` of adapter `ad`.
pub(crate) fn unit(ad: &Adapter, d: &SimBlockDevice) -> Option<Unit> {
    match d.kind {
        Kind::Vd => {
            let vd = ad.vds.iter().find(|v| Some(v.target) == d.target)?;
            let (channel, target) = vd_channel_target(vd.target);
            let (vendor, model) = vd_inquiry(ad);
            let naa = ad.vd_naa(vd);
            Some(Unit {
                channel,
                target,
                vendor,
                model,
                wwid: format!("naa.{naa}"),
                serial: naa,
            })
        }
        Kind::Jbod => {
            let drive = ad
                .drives
                .iter()
                .find(|x| x.enclosure == d.enclosure && Some(x.slot) == d.slot)?;
            Some(Unit {
                channel: (drive.device_id / 128) % 2,
                target: drive.device_id % 128,
                vendor: drive.vendor.clone(),
                model: drive.model.clone(),
                wwid: format!("naa.{}", drive.wwn.to_ascii_lowercase()),
                serial: drive.serial.clone(),
            })
        }
    }
}

/// A text attribute as sysfs prints inquiry strings: padded to the field, one newline.
fn padded(s: &str, width: usize) -> String {
    format!("{s:<width$}\n")
}

/// VPD page 0x80 (unit serial number) as the kernel exposes it: the raw page.
fn vpd_pg80(serial: &str) -> Vec<u8> {
    let s = serial.as_bytes();
    let len = u8::try_from(s.len().min(250)).unwrap_or(250);
    let mut v = vec![0x00, 0x80, 0x00, len];
    v.extend_from_slice(&s[..usize::from(len)]);
    v
}

fn io(p: &Path, e: &std::io::Error) -> String {
    format!("{}: {e}", p.display())
}

fn mkdir(p: &Path) -> Result<(), String> {
    std::fs::create_dir_all(p).map_err(|e| io(p, &e))
}

fn write(p: &Path, data: &[u8]) -> Result<(), String> {
    std::fs::write(p, data).map_err(|e| io(p, &e))
}

fn link(target: &str, at: &Path) -> Result<(), String> {
    symlink(target, at).map_err(|e| io(at, &e))
}

/// Writes the tree for `map` into `root` (`root/sys`, `root/dev`), which must not exist.
///
/// # Errors
/// A file or link that could not be made.
pub fn write_tree(root: &Path, st: &SimState, map: &BlockMap) -> Result<(), String> {
    let sys = root.join("sys");
    let dev = root.join("dev");
    for d in ["block", "class/block", "class/scsi_host", "class/scsi_disk"] {
        mkdir(&sys.join(d))?;
    }
    mkdir(&dev.join("disk/by-path"))?;
    mkdir(&dev.join("disk/by-id"))?;
    let ahci = "devices/pci0000:00/0000:00:1f.2/ata1/host0/scsi_host/host0";
    mkdir(&sys.join(ahci))?;
    write(&sys.join(ahci).join("proc_name"), b"ahci\n")?;
    link(&format!("../../{ahci}"), &sys.join("class/scsi_host/host0"))?;
    for ad in &st.adapters {
        let h = host_of(ad.index);
        let pci = pci_name(ad);
        let host_dir = format!("devices/pci0000:00/{pci}/host{h}");
        let sh = format!("{host_dir}/scsi_host/host{h}");
        mkdir(&sys.join(&sh))?;
        write(&sys.join(&sh).join("proc_name"), b"megaraid_sas\n")?;
        link(
            &format!("../../{sh}"),
            &sys.join(format!("class/scsi_host/host{h}")),
        )?;
        for d in map.devices.iter().filter(|d| d.adapter == ad.index) {
            let Some(kname) = d.device.strip_prefix("/dev/").filter(|k| !k.contains('/')) else {
                continue;
            };
            let Some(u) = unit(ad, d) else { continue };
            let hctl = format!("{h}:{}:{}:0", u.channel, u.target);
            let sdev = format!("{host_dir}/target{h}:{}:{}/{hctl}", u.channel, u.target);
            let sd = sys.join(&sdev);
            mkdir(&sd.join("block").join(kname))?;
            write(&sd.join("vendor"), padded(&u.vendor, 8).as_bytes())?;
            write(&sd.join("model"), padded(&u.model, 16).as_bytes())?;
            write(&sd.join("wwid"), format!("{}\n", u.wwid).as_bytes())?;
            write(&sd.join("vpd_pg80"), &vpd_pg80(&u.serial))?;
            link(
                &format!("../../../{hctl}"),
                &sd.join("block").join(kname).join("device"),
            )?;
            let disk = format!("{sdev}/block/{kname}");
            link(&format!("../{disk}"), &sys.join("block").join(kname))?;
            link(
                &format!("../../{disk}"),
                &sys.join("class/block").join(kname),
            )?;
            mkdir(&sd.join("scsi_disk").join(&hctl))?;
            link(
                &format!("../../../{hctl}"),
                &sd.join("scsi_disk").join(&hctl).join("device"),
            )?;
            link(
                &format!("../../{sdev}/scsi_disk/{hctl}"),
                &sys.join("class/scsi_disk").join(&hctl),
            )?;
            // udev's path_id numbers the host relative to the adapter's first host.
            link(
                &d.device,
                &dev.join(format!(
                    "disk/by-path/pci-{pci}-scsi-0:{}:{}:0",
                    u.channel, u.target
                )),
            )?;
            if let Some(w) = u.wwid.strip_prefix("naa.") {
                link(&d.device, &dev.join(format!("disk/by-id/wwn-0x{w}")))?;
            }
        }
    }
    Ok(())
}

/// Rebuilds `<sim_dir>/sys` and `<sim_dir>/dev` for `map` and swaps them in.
///
/// # Errors
/// The tree could not be written or swapped.
pub fn refresh(sim_dir: &Path, st: &SimState, map: &BlockMap) -> Result<(), String> {
    let staging = sim_dir.join(format!(".hw.{}.new", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    mkdir(&staging)?;
    let built = write_tree(&staging, st, map);
    if let Err(e) = built {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    for name in ["sys", "dev"] {
        let live = sim_dir.join(name);
        let old = sim_dir.join(format!(".{name}.{}.old", std::process::id()));
        let had = match std::fs::symlink_metadata(&live) {
            Ok(m) if m.is_dir() => {
                std::fs::rename(&live, &old).map_err(|e| io(&live, &e))?;
                true
            }
            Ok(_) => {
                return Err(format!(
                    "{}: not a directory the simulator made; remove it",
                    live.display()
                ));
            }
            Err(_) => false,
        };
        std::fs::rename(staging.join(name), &live).map_err(|e| io(&live, &e))?;
        if had {
            let _ = std::fs::remove_dir_all(&old);
        }
    }
    let _ = std::fs::remove_dir_all(&staging);
    Ok(())
}

/// Removes the tree (block devices off).
pub fn remove(sim_dir: &Path) {
    for name in ["sys", "dev"] {
        let _ = std::fs::remove_dir_all(sim_dir.join(name));
    }
}
