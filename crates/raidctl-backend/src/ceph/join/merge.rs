//! Parts of [`super::merge`]: what each source says about this host's OSDs, in the order
//! they are merged (ceph-volume's lvm and raw lists, the OSD directories, the cluster's
//! metadata and tree).

use super::{ClusterAnswers, DirOsd, HostOsd, Role, Sources, add_device, entry, source};
use crate::ceph::types::{LvmList, RawList};
use crate::model::{Deployment, OsdMode};

/// `ceph-volume lvm list`: lvm OSDs, their block, DB and WAL LVs (and the further disks of an
/// LV over several), and the block LV's tags (fsids, device class, objectstore).
pub(super) fn from_lvm(osds: &mut Vec<HostOsd>, lvm: &LvmList) {
    for (id, lvs) in lvm {
        let Ok(id) = id.parse::<u32>() else { continue };
        let o = entry(osds, id);
        o.mode = OsdMode::Lvm;
        source(o, "lvm-list");
        for lv in lvs {
            let role = match lv.kind.as_str() {
                "db" => Role::Db,
                "wal" => Role::Wal,
                "block" => Role::Block,
                _ => continue,
            };
            let disk = lv.devices.first().cloned();
            add_device(o, role, &lv.lv_path, disk);
            if let Some(d) = o.devices.iter_mut().find(|d| d.role == role) {
                for more in lv.devices.iter().skip(1) {
                    if !d.also_disks.contains(more) {
                        d.also_disks.push(more.clone());
                    }
                }
            }
            if role == Role::Block {
                o.osd_fsid = lv.tags.get("ceph.osd_fsid").cloned().or(o.osd_fsid.take());
                o.cluster_fsid = lv.tags.get("ceph.cluster_fsid").cloned();
                o.device_class = lv
                    .tags
                    .get("ceph.crush_device_class")
                    .filter(|c| !c.is_empty() && *c != "None")
                    .cloned();
                o.objectstore = Some(
                    lv.tags
                        .get("ceph.type")
                        .map_or("bluestore", |_| "bluestore")
                        .to_owned(),
                );
            }
        }
    }
}

/// `ceph-volume raw list`: raw OSDs (unless lvm already), their fsids, objectstore and
/// devices.
pub(super) fn from_raw(osds: &mut Vec<HostOsd>, raw: &RawList) {
    for (uuid, r) in raw {
        let o = entry(osds, r.osd_id);
        if o.mode == OsdMode::Unknown {
            o.mode = OsdMode::Raw;
        }
        source(o, "raw-list");
        o.osd_fsid.get_or_insert_with(|| uuid.clone());
        o.cluster_fsid.get_or_insert_with(|| r.ceph_fsid.clone());
        o.objectstore.get_or_insert_with(|| r.kind.clone());
        add_device(o, Role::Block, &r.device, None);
        if let Some(db) = &r.device_db {
            add_device(o, Role::Db, db, None);
        }
        if let Some(wal) = &r.device_wal {
            add_device(o, Role::Wal, wal, None);
        }
    }
}

/// The OSD directories: the deployment (cephadm or not), fsid, objectstore and the block
/// (an LV path means lvm), DB and WAL links.
pub(super) fn from_dirs(osds: &mut Vec<HostOsd>, dirs: &[DirOsd]) {
    for d in dirs {
        let o = entry(osds, d.id);
        match &d.deployment {
            Some(Deployment::Cephadm { fsid, .. }) => {
                source(o, "cephadm-dir");
                o.cluster_fsid.get_or_insert_with(|| fsid.clone());
            }
            _ => source(o, "osd-dir"),
        }
        o.deployment.clone_from(&d.deployment);
        o.osd_fsid = o.osd_fsid.take().or(d.fsid.clone());
        o.objectstore = o.objectstore.take().or(d.objectstore.clone());
        if let Some(b) = &d.block {
            // An LV path (`/dev/ceph-…/osd-block-…`, `/dev/mapper/…`) means lvm.
            if o.mode == OsdMode::Unknown {
                o.mode = if b.contains("/osd-block-") || b.starts_with("/dev/mapper/") {
                    OsdMode::Lvm
                } else {
                    OsdMode::Raw
                };
            }
            add_device(o, Role::Block, b, None);
        }
        if let Some(p) = &d.db {
            add_device(o, Role::Db, p, None);
        }
        if let Some(p) = &d.wal {
            add_device(o, Role::Wal, p, None);
        }
    }
}

/// The cluster's OSD metadata for OSDs found here or reported for this host: hostname, size,
/// objectstore, the block, DB and WAL devices and Ceph's device ids.
pub(super) fn from_metadata(osds: &mut Vec<HostOsd>, cl: &ClusterAnswers, src: &Sources) {
    let me = src.hostname.as_deref();
    for m in &cl.metadata {
        let local = osds.iter().any(|o| o.id == m.id);
        if !local && me.is_none_or(|h| h != m.hostname) {
            continue;
        }
        let o = entry(osds, m.id);
        source(o, "metadata");
        o.hostname = Some(m.hostname.clone()).filter(|h| !h.is_empty());
        o.size_bytes = m.bluestore_bdev_size;
        if !m.osd_objectstore.is_empty() {
            o.objectstore = Some(m.osd_objectstore.clone());
        }
        if !m.bluestore_bdev_dev_node.is_empty() {
            add_device(o, Role::Block, &m.bluestore_bdev_dev_node, None);
        } else if let Some(first) = m.device_names().first() {
            add_device(o, Role::Block, &format!("/dev/{first}"), None);
        }
        if m.bluefs_dedicated_db == Some(true) {
            if let Some(n) = m.bluefs_db_dev_node.as_deref().filter(|n| !n.is_empty()) {
                add_device(o, Role::Db, n, None);
            }
        }
        if m.bluefs_dedicated_wal == Some(true) {
            if let Some(n) = m.bluefs_wal_dev_node.as_deref().filter(|n| !n.is_empty()) {
                add_device(o, Role::Wal, n, None);
            }
        }
        let ids = m.device_id_pairs();
        for d in &mut o.devices {
            let name = d
                .disk
                .as_deref()
                .unwrap_or(&d.path)
                .trim_start_matches("/dev/")
                .to_owned();
            if let Some((_, id)) = ids.iter().find(|(n, _)| *n == name) {
                d.ceph_device_id = Some((*id).to_owned());
            }
        }
    }
}

/// The cluster's OSD tree: up, destroyed, in and weights, device class and host.
pub(super) fn from_tree(osds: &mut [HostOsd], cl: &ClusterAnswers) {
    if let Some(tree) = &cl.tree {
        for o in osds.iter_mut() {
            let Some(n) = tree.osd(o.id) else { continue };
            let status = n.status.as_deref().unwrap_or("");
            o.destroyed = Some(status == "destroyed");
            o.up = Some(status == "up");
            o.reweight = n.reweight;
            o.is_in = n.reweight.map(|w| w > 0.0);
            o.crush_weight = n.crush_weight;
            if n.device_class.is_some() {
                o.device_class.clone_from(&n.device_class);
            }
            if o.hostname.is_none() {
                o.hostname = tree.host_of(o.id).map(str::to_owned);
            }
        }
    }
}
