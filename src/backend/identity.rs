//! Best-effort identity join: which Linux block device a VD is.
//!
//! megaraid_sas exposes VDs as SCSI devices on channel 2 (channels 0 and 1 carry JBOD/system
//! drives), with the VD target id as the SCSI target. Adapters are matched to megaraid_sas
//! SCSI hosts in host-number order, which is the order the driver probes them, and the order
//! MegaCli numbers them in on the machines we know of. It is documented as best effort.

use super::snapshot::Snapshot;
use std::path::Path;

/// SCSI channel megaraid_sas uses for logical drives.
const LD_CHANNEL: u32 = 2;

/// Sets `block_device` on every VD whose SCSI device is visible under `sys`.
pub fn join_block_devices(snap: &mut Snapshot, sys: &Path) {
    let hosts = megaraid_hosts(sys);
    if hosts.is_empty() {
        return;
    }
    for ld in &mut snap.logical_drives {
        let Some(host) = usize::try_from(ld.adapter).ok().and_then(|i| hosts.get(i)) else {
            continue;
        };
        let hctl = format!("{host}:{LD_CHANNEL}:{}:0", ld.target_id);
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
                .is_ok_and(|p| p.trim() == "megaraid_sas")
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
        assert_eq!(
            snap.logical_drives[0].block_device.as_deref(),
            Some("/dev/sdc")
        );
        assert_eq!(snap.logical_drives[1].block_device, None);
    }
}
