//! Which drive, VD and OSD a replacement is about: the target named on the command line or by
//! `--osd N`, the record of the VD a non-redundant flow recreates, and the Ceph record. Read
//! once, before the journal starts.

use super::VdRecord;
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, PhysicalDrive, VdPolicy};
use crate::workflow::{Env, WfError};

/// Finds the drive by `E:S` (with an optional adapter) or by serial.
///
/// # Errors
/// Unknown or ambiguous target.
pub fn resolve<'s>(
    snap: &'s Snapshot,
    target: &str,
    adapter: Option<u32>,
) -> Result<&'s PhysicalDrive, WfError> {
    let candidates: Vec<&PhysicalDrive> = match target.parse::<DriveAddress>() {
        Ok(addr) => snap
            .physical_drives
            .iter()
            .filter(|d| d.address() == addr && adapter.is_none_or(|a| a == d.adapter))
            .collect(),
        Err(_) => snap
            .physical_drives
            .iter()
            .filter(|d| {
                d.serial
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(target.trim()))
                    && adapter.is_none_or(|a| a == d.adapter)
            })
            .collect(),
    };
    match candidates.as_slice() {
        [one] => Ok(one),
        [] => Err(WfError::Usage(format!(
            "no drive {target} found (use E:S as in `raidctl status`, or the serial number)"
        ))),
        many => Err(WfError::Usage(format!(
            "{target} matches drives on adapters {}: add -a N",
            many.iter()
                .map(|d| d.adapter.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Whether `name` is no name: empty, or what OpenManage shows for an unnamed VD.
fn is_default_name(name: &str, target: u32) -> bool {
    let n = name.trim();
    n.is_empty() || n == format!("Virtual Disk {target}")
}

/// The record of the VD a non-redundant replacement recreates.
pub(super) fn vd_record(
    snap: &Snapshot,
    ld: &crate::model::LogicalDrive,
    drive: DriveAddress,
) -> VdRecord {
    let mut members = ld.members.clone();
    if !members.contains(&drive) {
        members.push(drive);
    }
    let group = snap.disk_groups.iter().find(|g| {
        g.adapter == ld.adapter
            && (g.logical_drives.contains(&ld.target_id) || ld.disk_group == Some(g.index))
    });
    let spans: Vec<Vec<DriveAddress>> = group
        .map(|g| {
            g.spans
                .iter()
                .map(|s| s.rows.iter().filter_map(|r| r.drive).collect::<Vec<_>>())
                .filter(|s: &Vec<DriveAddress>| !s.is_empty())
                .collect()
        })
        .filter(|s: &Vec<Vec<DriveAddress>>| {
            s.iter().flatten().count() == members.len()
                && members.iter().all(|m| s.iter().flatten().any(|x| x == m))
        })
        .unwrap_or_else(|| vec![members.clone()]);
    VdRecord {
        target: ld.target_id,
        level: ld.raid_level.clone(),
        name: ld
            .name
            .clone()
            .filter(|n| !is_default_name(n, ld.target_id)),
        strip_bytes: ld.strip_size_bytes,
        policy: VdPolicy::of(ld),
        sibling_policy: snap.sibling_majority_policy(ld),
        members,
        spans,
        size_bytes: ld.size_bytes,
        block_device: ld.block_device.clone(),
    }
}

/// The drive `--osd N` names: the bay under the OSD's main device.
pub(super) fn bay_of_osd(env: &Env<'_>, id: u32) -> Result<(u32, DriveAddress), WfError> {
    if let Some(msg) = env.osds.osd(id).and_then(spans_several) {
        return Err(WfError::Usage(msg));
    }
    env.osds.bay_of(id).map(|(_, bay)| bay).map_err(|u| {
        WfError::Usage(u.message(id, &format!("raidctl replace-drive E:S --osd {id}")))
    })
}

/// Why an OSD whose main device spans several VDs or drives (an LVM volume over several PVs)
/// is not replaced drive by drive: losing any one of them loses the whole OSD, so the others
/// would have to be drained and rebuilt too.
pub(super) fn spans_several(osd: &crate::ceph::HostOsd) -> Option<String> {
    let b = osd.block()?;
    if b.also.is_empty() {
        return None;
    }
    let places: Vec<String> = b
        .location
        .iter()
        .chain(b.also.iter())
        .map(|l| match l {
            crate::ceph::Location::Vd {
                adapter, target, ..
            } => {
                format!("VD {target} of adapter {adapter}")
            }
            crate::ceph::Location::Jbod {
                adapter, address, ..
            } => format!(
                "JBOD {} of adapter {adapter}",
                address.map_or_else(|| "?".into(), |a| a.to_string())
            ),
        })
        .collect();
    Some(format!(
        "[ceph-multi-vd] osd.{} spans {} ({}): losing any one of them loses the whole OSD, and replacing one drive does not bring it back; raidctl does not do that multi-drive job yet; nothing was changed",
        osd.id,
        places.len(),
        places.join(", ")
    ))
}

/// The OSDs on `pd` (its VD or JBOD device): those whose main device is there, and whether
/// a DB/WAL device of some OSD is there too.
pub(super) fn osds_on<'j>(
    env: &'j Env<'_>,
    pd: &PhysicalDrive,
) -> (Vec<&'j crate::ceph::HostOsd>, bool) {
    let on = match pd.logical_drive {
        Some(t) => env.osds.on_vd(pd.adapter, t),
        None => env.osds.on_jbod(pd.adapter, pd.device_id, pd.address()),
    };
    let mut blocks: Vec<&crate::ceph::HostOsd> = on
        .iter()
        .filter(|(_, r)| *r == crate::ceph::Role::Block)
        .map(|(o, _)| *o)
        .collect();
    blocks.dedup_by_key(|o| o.id);
    let dbwal = on.iter().any(|(_, r)| *r != crate::ceph::Role::Block);
    (blocks, dbwal)
}

/// The record of the OSD a replacement drains and recreates, or why it cannot.
pub(super) fn ceph_record(
    env: &Env<'_>,
    osd: &crate::ceph::HostOsd,
) -> Result<crate::workflow::ceph_steps::CephRecord, String> {
    if env.ceph.is_none() || !matches!(env.osds.cluster, crate::ceph::ClusterView::Answered) {
        return Err(format!(
            "[ceph-unreachable] osd.{} sits on this drive but the Ceph cluster did not answer ({}): replacing an OSD's drive needs Ceph's word that its data lives elsewhere. Make the cluster answer (`ceph -s`; --ceph-conf, --ceph-name), then run again",
            osd.id,
            env.osds
                .cluster_note()
                .unwrap_or_else(|| "not asked".into())
        ));
    }
    if osd.mode == crate::model::OsdMode::Unknown {
        return Err(format!(
            "osd.{} is neither an lvm nor a raw ceph-volume OSD: raidctl cannot recreate it the same way",
            osd.id
        ));
    }
    if let Some(d) = osd.shared_db_wal() {
        return Err(format!(
            "[ceph-shared-db] osd.{}'s {} device {} serves other OSDs too: recreating it means recreating them all (a multi-OSD job raidctl does not do yet). Replace the drive with `ceph orch` or by hand",
            osd.id,
            match d.role {
                crate::ceph::Role::Db => "DB",
                _ => "WAL",
            },
            d.path
        ));
    }
    if osd.objectstore.as_deref().is_some_and(|o| o != "bluestore") {
        return Err(format!(
            "osd.{} is {}, not BlueStore: raidctl recreates BlueStore OSDs only",
            osd.id,
            osd.objectstore.as_deref().unwrap_or("?")
        ));
    }
    Ok(crate::workflow::ceph_steps::CephRecord {
        osd: osd.id,
        mode: osd.mode,
        osd_fsid: osd.osd_fsid.clone(),
        device: osd.block().map(|b| b.path.clone()),
        db: osd.db().map(|d| d.path.clone()),
        wal: osd.wal().map(|d| d.path.clone()),
        crush_weight: osd.crush_weight,
        device_class: osd.device_class.clone(),
        up_at_start: osd.up == Some(true),
        in_at_start: osd.is_in != Some(false),
        drained_at_start: false,
        drain_timeout_s: env.opts.drain_timeout.as_secs(),
        reweight: env.opts.reweight,
        new_fsid: None,
        report: None,
        cephadm: match &osd.deployment {
            Some(crate::model::Deployment::Cephadm { fsid, unit }) => {
                Some(crate::workflow::cephadm::CephadmRecord {
                    fsid: fsid.clone(),
                    unit: unit.clone(),
                    host: osd
                        .hostname
                        .clone()
                        .or_else(|| crate::ceph::Sources::default().hostname)
                        .unwrap_or_else(|| "HOST".into()),
                })
            }
            _ => None,
        },
    })
}
