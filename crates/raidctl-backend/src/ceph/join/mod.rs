//! The identity join, read-only: OSD id ↔ block device ↔ SCSI address ↔ VD or JBOD drive ↔
//! `[E:S]`, device id, serial, WWN, Ceph's device id. One place, consumed by `status`,
//! `check`, `metrics`, problem messages, `pd locate --osd`, the support bundle and the
//! replacement flow.
//!
//! Sources, each read when it can answer (they can disagree after a rename, so several):
//! - this host: `/var/lib/ceph/osd/<cluster>-N/` (`whoami`, `fsid`, `type`, the `block`,
//!   `block.db`, `block.wal` symlinks), cephadm's `/var/lib/ceph/<fsid>/osd.N/` (the same
//!   files and `ceph_fsid`; this cluster's only, each OSD's [`Deployment`] recorded) and
//!   `ceph-volume lvm list` / `raw list`;
//! - the cluster, when it answers: `ceph osd tree` (up, in, destroyed, CRUSH weight, device
//!   class), `ceph osd metadata` (host, kernel devices, Ceph's device ids, DB/WAL layout),
//!   `ceph device ls`.
//! - where the devices sit: sysfs (`/sys/block/sdX/device` = H:C:T:L of a megaraid_sas host,
//!   see [`crate::backend::identity`]) and udev's `/dev/disk` links, from roots given as
//!   parameters (under `--sim` the tree the simulator writes as the driver would: one code
//!   path); a VD's drives and a JBOD drive's bay come from the controller snapshot
//!   ([`OsdJoin::complete`]).
//!
//! No Ceph is not an error: without a `ceph`/`ceph-volume` binary, a configuration or any
//! local OSD, nothing is run and the join is empty. When the mon does not answer, the cost is
//! one `--connect-timeout` and the join says so once ([`OsdJoin::cluster`]).

mod dirs;
mod merge;
mod placement;
mod remember;
mod verify;

use dirs::{DirOsd, local_dirs};
pub use dirs::{cephadm_fsids, is_uuid};
pub use placement::{Unplaced, devid_serial, kernel_name};
pub use verify::{Verification, conf_fsid};

use super::client::{Ceph, CephError};
use super::types::{CephDevice, LvmList, OsdMetadata, OsdTree, RawList};
use crate::backend::identity::{self, Place};
use crate::backend::snapshot::Snapshot;
use crate::model::{Deployment, DriveAddress, OsdMode, OsdRef};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Role of a device for its OSD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The main (data) device.
    Block,
    /// BlueStore's DB.
    Db,
    /// BlueStore's WAL.
    Wal,
}

impl Role {
    /// `block`, `db`, `wal`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Block => "block",
            Self::Db => "db",
            Self::Wal => "wal",
        }
    }
}

/// Where a disk sits on the controller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Location {
    /// A VD.
    Vd {
        /// Adapter.
        adapter: u32,
        /// VD target id.
        target: u32,
        /// Its drives (from the controller snapshot, [`OsdJoin::complete`]).
        members: Vec<DriveAddress>,
    },
    /// A JBOD drive.
    Jbod {
        /// Adapter.
        adapter: u32,
        /// Device id, when sysfs gave it.
        device_id: Option<u32>,
        /// `[E:S]`, when known.
        address: Option<DriveAddress>,
    },
}

impl Location {
    /// The adapter.
    pub fn adapter(&self) -> u32 {
        match self {
            Self::Vd { adapter, .. } | Self::Jbod { adapter, .. } => *adapter,
        }
    }
}

/// One device of an OSD.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OsdDevice {
    /// block, db or wal.
    pub role: Role,
    /// The path the OSD uses (`/dev/sdb`, `/dev/ceph-…/osd-block-…`, `/dev/loop3`).
    pub path: String,
    /// The whole disk under it (`/dev/sdb`), when resolved.
    pub disk: Option<String>,
    /// `H:C:T:L` of the disk.
    pub hctl: Option<String>,
    /// Where the disk sits on the controller.
    pub location: Option<Location>,
    /// `/dev/disk/by-path` name.
    pub by_path: Option<String>,
    /// The host's WWN for the disk.
    pub wwn: Option<String>,
    /// PCI address of the SCSI host the disk sits behind (`0000:03:00.0`): matches the
    /// adapter by PCI address rather than probe order ([`OsdJoin::complete`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pci: Option<String>,
    /// Ceph's device id for the disk (`VENDOR_MODEL_SERIAL`).
    pub ceph_device_id: Option<String>,
    /// The disk also carries a device of another OSD (a shared DB/WAL device).
    pub shared: bool,
    /// What the device itself said (its BlueStore label), for a placed main device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified: Option<Verification>,
    /// Further disks under the device (an LVM volume over several PVs), beyond `disk`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_disks: Vec<String>,
    /// Where those further disks sit: an OSD over several VDs is on each of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Location>,
}

/// One OSD of this host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostOsd {
    /// OSD id.
    pub id: u32,
    /// The OSD's uuid (`fsid` file, `ceph.osd_fsid` tag, raw list key).
    pub osd_fsid: Option<String>,
    /// The cluster's fsid as the OSD records it.
    pub cluster_fsid: Option<String>,
    /// lvm or raw.
    pub mode: OsdMode,
    /// `bluestore`/`filestore`.
    pub objectstore: Option<String>,
    /// Its devices: block first, then db, wal.
    pub devices: Vec<OsdDevice>,
    /// Up (cluster).
    pub up: Option<bool>,
    /// In (cluster).
    #[serde(rename = "in")]
    pub is_in: Option<bool>,
    /// Destroyed (cluster).
    pub destroyed: Option<bool>,
    /// CRUSH weight (cluster).
    pub crush_weight: Option<f64>,
    /// OSD map weight, 0 when out (cluster).
    pub reweight: Option<f64>,
    /// CRUSH device class (cluster, else the LVM tag).
    pub device_class: Option<String>,
    /// Host the OSD last started on (cluster metadata), else the CRUSH host.
    pub hostname: Option<String>,
    /// Size of the main device as BlueStore saw it (cluster metadata).
    pub size_bytes: Option<u64>,
    /// Which sources named this OSD (`osd-dir`, `cephadm-dir`, `lvm-list`, `raw-list`,
    /// `metadata`).
    pub sources: Vec<String>,
    /// How it is deployed here (package or cephadm, with its unit), when its directory said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<Deployment>,
}

impl OsdDevice {
    /// A device as the first source names it: where it sits and what it is are learnt later.
    pub fn new(role: Role, path: &str, disk: Option<String>) -> Self {
        Self {
            role,
            path: path.to_owned(),
            disk,
            hctl: None,
            location: None,
            by_path: None,
            wwn: None,
            pci: None,
            ceph_device_id: None,
            shared: false,
            verified: None,
            also_disks: Vec::new(),
            also: Vec::new(),
        }
    }
}

impl HostOsd {
    /// An OSD as the first source names it: only its id, the rest filled in by the others.
    pub fn new(id: u32) -> Self {
        Self {
            id,
            osd_fsid: None,
            cluster_fsid: None,
            mode: OsdMode::Unknown,
            objectstore: None,
            devices: Vec::new(),
            up: None,
            is_in: None,
            destroyed: None,
            crush_weight: None,
            reweight: None,
            device_class: None,
            hostname: None,
            size_bytes: None,
            sources: Vec::new(),
            deployment: None,
        }
    }

    /// The main device.
    pub fn block(&self) -> Option<&OsdDevice> {
        self.devices.iter().find(|d| d.role == Role::Block)
    }

    /// The DB device, when separate.
    pub fn db(&self) -> Option<&OsdDevice> {
        self.devices.iter().find(|d| d.role == Role::Db)
    }

    /// The WAL device, when separate.
    pub fn wal(&self) -> Option<&OsdDevice> {
        self.devices.iter().find(|d| d.role == Role::Wal)
    }

    /// A DB or WAL device that another OSD uses too: replacing this OSD's drive alone
    /// cannot recreate the same arrangement without touching the others.
    pub fn shared_db_wal(&self) -> Option<&OsdDevice> {
        self.devices
            .iter()
            .find(|d| d.role != Role::Block && d.shared)
    }

    /// The bays under the main device: the VD's members or the JBOD drive.
    pub fn bays(&self) -> Vec<(u32, DriveAddress)> {
        match self.block().and_then(|b| b.location.as_ref()) {
            Some(Location::Vd {
                adapter, members, ..
            }) => members.iter().map(|m| (*adapter, *m)).collect(),
            Some(Location::Jbod {
                adapter,
                address: Some(a),
                ..
            }) => vec![(*adapter, *a)],
            _ => Vec::new(),
        }
    }

    fn osd_ref(&self, role: Role) -> OsdRef {
        OsdRef {
            id: self.id,
            up: self.up,
            is_in: self.is_in,
            destroyed: self.destroyed,
            mode: self.mode,
            objectstore: self.objectstore.clone(),
            device_class: self.device_class.clone(),
            crush_weight: self.crush_weight,
            role: role.as_str().to_owned(),
            deployment: self.deployment.clone(),
        }
    }
}

/// What the cluster said.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ClusterView {
    /// It answered.
    Answered,
    /// No `ceph` or no configuration: not asked.
    NotConfigured {
        /// Why.
        reason: String,
    },
    /// Asked and did not answer (up/in unknown).
    Unreachable {
        /// What `ceph` said.
        reason: String,
    },
}

/// The join of this host's OSDs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OsdJoin {
    /// The OSDs, by id.
    pub osds: Vec<HostOsd>,
    /// Whether the cluster answered.
    pub cluster: ClusterView,
    /// Things the operator should know (a source that failed), each once.
    pub notes: Vec<String>,
}

impl Default for OsdJoin {
    fn default() -> Self {
        Self {
            osds: Vec::new(),
            cluster: ClusterView::NotConfigured {
                reason: "not asked".into(),
            },
            notes: Vec::new(),
        }
    }
}

impl OsdJoin {
    /// The OSD `id`.
    pub fn osd(&self, id: u32) -> Option<&HostOsd> {
        self.osds.iter().find(|o| o.id == id)
    }

    /// The OSDs whose devices sit on VD `target` of `adapter`.
    pub fn on_vd(&self, adapter: u32, target: u32) -> Vec<(&HostOsd, Role)> {
        self.on(|l| matches!(l, Location::Vd { adapter: a, target: t, .. } if *a == adapter && *t == target))
    }

    /// The OSDs whose devices sit on the JBOD drive (by device id or address).
    pub fn on_jbod(
        &self,
        adapter: u32,
        device_id: Option<u32>,
        addr: DriveAddress,
    ) -> Vec<(&HostOsd, Role)> {
        self.on(|l| match l {
            Location::Jbod {
                adapter: a,
                device_id: d,
                address,
            } => *a == adapter && ((d.is_some() && *d == device_id) || *address == Some(addr)),
            Location::Vd { .. } => false,
        })
    }

    fn on(&self, pred: impl Fn(&Location) -> bool) -> Vec<(&HostOsd, Role)> {
        let mut v = Vec::new();
        for o in &self.osds {
            for d in &o.devices {
                if d.location.as_ref().is_some_and(&pred) || d.also.iter().any(&pred) {
                    v.push((o, d.role));
                }
            }
        }
        v
    }

    /// One line about the cluster when it is worth saying (unreachable), else `None`. The
    /// reason quotes what `ceph` printed, escaped ([`crate::escape::escape`]): whoever can
    /// make it print (a monitor, a configuration) must not reach the operator's terminal.
    pub fn cluster_note(&self) -> Option<String> {
        match &self.cluster {
            ClusterView::Unreachable { reason } => Some(format!(
                "Ceph cluster unreachable, OSD up/in unknown: {}",
                crate::escape::escape(
                    reason
                        .strip_prefix("the Ceph cluster is unreachable: ")
                        .unwrap_or(reason)
                )
            )),
            _ => None,
        }
    }

    /// Completes the places from the controller snapshot: the adapter by the SCSI host's PCI
    /// address (when the snapshot has every adapter's), a VD's drives, a JBOD drive's bay by
    /// its device id. sysfs knows the SCSI address only; what sits behind it is the
    /// controller's word. Idempotent.
    pub fn complete(&mut self, snap: &Snapshot) {
        for o in &mut self.osds {
            for d in &mut o.devices {
                let by_pci = d
                    .pci
                    .as_deref()
                    .and_then(|p| identity::adapter_by_pci(snap, p));
                if let Some(l) = &mut d.location {
                    if let Some(a) = by_pci {
                        match l {
                            Location::Vd { adapter, .. } | Location::Jbod { adapter, .. } => {
                                *adapter = a;
                            }
                        }
                    }
                    fill_from(l, snap);
                }
                for l in &mut d.also {
                    fill_from(l, snap);
                }
            }
        }
    }

    /// Puts the join into a snapshot: `osd` (and `block_device`, `by_path`, `wwn` where
    /// known) on each VD and JBOD drive, and `osd` on the drives of a VD that carries one.
    /// The places are completed from `snap` first ([`Self::complete`]).
    pub fn apply(&mut self, snap: &mut Snapshot) {
        self.complete(snap);
        snap.ceph_notes.clone_from(&self.notes);
        if let Some(n) = self.cluster_note() {
            snap.ceph_notes.insert(0, n);
        }
        for ld in &mut snap.logical_drives {
            let on = self.on_vd(ld.adapter, ld.target_id);
            for (o, role) in &on {
                if let Some(d) = o.devices.iter().find(|d| d.role == *role) {
                    if ld.block_device.is_none() {
                        ld.block_device.clone_from(&d.disk);
                    }
                    if ld.by_path.is_none() {
                        ld.by_path.clone_from(&d.by_path);
                    }
                    if ld.wwn.is_none() {
                        ld.wwn.clone_from(&d.wwn);
                    }
                }
                push_ref(&mut ld.osd, o.osd_ref(*role));
            }
        }
        let lds: Vec<(u32, Vec<DriveAddress>, Vec<OsdRef>)> = snap
            .logical_drives
            .iter()
            .filter(|l| !l.osd.is_empty())
            .map(|l| (l.adapter, l.members.clone(), l.osd.clone()))
            .collect();
        for pd in &mut snap.physical_drives {
            let addr = pd.address();
            for (o, role) in self.on_jbod(pd.adapter, pd.device_id, addr) {
                if let Some(d) = o.devices.iter().find(|d| d.role == role) {
                    if pd.block_device.is_none() {
                        pd.block_device.clone_from(&d.disk);
                    }
                    if pd.by_path.is_none() {
                        pd.by_path.clone_from(&d.by_path);
                    }
                }
                push_ref(&mut pd.osd, o.osd_ref(role));
            }
            for (a, members, refs) in &lds {
                if *a == pd.adapter && members.contains(&addr) {
                    for r in refs {
                        push_ref(&mut pd.osd, r.clone());
                    }
                }
            }
        }
    }
}

/// A VD's members and a JBOD drive's address, from the snapshot.
fn fill_from(l: &mut Location, snap: &Snapshot) {
    match l {
        Location::Vd {
            adapter,
            target,
            members,
        } => {
            if let Some(ld) = snap.logical_drive(*adapter, *target) {
                members.clone_from(&ld.members);
            }
        }
        Location::Jbod {
            adapter,
            device_id: Some(id),
            address,
        } if address.is_none() => {
            *address = snap
                .physical_drives
                .iter()
                .find(|p| p.adapter == *adapter && p.device_id == Some(*id))
                .map(crate::model::PhysicalDrive::address);
        }
        Location::Jbod { .. } => {}
    }
}

fn push_ref(v: &mut Vec<OsdRef>, r: OsdRef) {
    if !v.iter().any(|x| x.id == r.id && x.role == r.role) {
        v.push(r);
        v.sort_by_key(|x| x.id);
    }
}

/// Where the join reads from (real paths by default; tests point them elsewhere).
#[derive(Debug, Clone)]
pub struct Sources {
    /// `/var/lib/ceph/osd`.
    pub osd_root: PathBuf,
    /// `/var/lib/ceph`: cephadm's OSD directories are `<fsid>/osd.N` under it.
    pub ceph_root: PathBuf,
    /// `/sys`.
    pub sys: PathBuf,
    /// `/dev` (udev's `disk/by-path` links).
    pub dev: PathBuf,
    /// The cluster name (`ceph`): OSD directories are `<cluster>-N`.
    pub cluster: String,
    /// This host's name (to keep other hosts' OSDs out of the metadata).
    pub hostname: Option<String>,
}

impl Default for Sources {
    fn default() -> Self {
        Self {
            osd_root: PathBuf::from("/var/lib/ceph/osd"),
            ceph_root: PathBuf::from("/var/lib/ceph"),
            sys: PathBuf::from("/sys"),
            dev: PathBuf::from("/dev"),
            cluster: "ceph".into(),
            hostname: std::fs::read_to_string("/proc/sys/kernel/hostname")
                .ok()
                .map(|h| h.trim().to_owned())
                .filter(|h| !h.is_empty()),
        }
    }
}

impl Sources {
    /// The same sources with sysfs and `/dev` read under other roots (`--sys-root`, the
    /// simulator's hardware tree).
    pub fn with_roots(sys: PathBuf, dev: PathBuf) -> Self {
        Self {
            sys,
            dev,
            ..Self::default()
        }
    }
}

/// Everything the cluster said.
#[derive(Debug, Default)]
struct ClusterAnswers {
    tree: Option<OsdTree>,
    metadata: Vec<OsdMetadata>,
    devices: Vec<CephDevice>,
}

/// Runs the join. `ceph` decides which programs and configuration are used; nothing is run
/// when there is nothing to ask (see the module documentation).
pub fn collect(ceph: &Ceph, src: &Sources) -> OsdJoin {
    let fsid = verify::conf_fsid(ceph.conf());
    let (dirs, dir_notes) = local_dirs(src, fsid.as_deref());
    let cluster_possible = ceph.reachable_in_principle();
    let volume = ceph.which("ceph-volume").is_some()
        && (cluster_possible.is_ok() || !dirs.is_empty())
        && rustix::process::geteuid().is_root();
    let mut join = OsdJoin {
        notes: dir_notes,
        ..OsdJoin::default()
    };
    if cluster_possible.is_err() && dirs.is_empty() && !volume {
        join.cluster = ClusterView::NotConfigured {
            reason: cluster_possible
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        };
        return join;
    }
    let (answers, lvm, raw) = std::thread::scope(|s| {
        let cl = s.spawn(|| ask_cluster(ceph, cluster_possible.is_ok()));
        let lvm = s.spawn(|| volume.then(|| ceph.lvm_list_entries()));
        let raw = s.spawn(|| volume.then(|| ceph.raw_list_entries()));
        (
            cl.join().unwrap_or_else(|_| {
                Err(CephError::Failed {
                    argv: "ceph".into(),
                    reason: "the cluster query panicked".into(),
                })
            }),
            lvm.join().ok().flatten(),
            raw.join().ok().flatten(),
        )
    });
    let answers = match answers {
        Ok(a) => {
            join.cluster = ClusterView::Answered;
            a
        }
        Err(e) => {
            join.cluster = match &e {
                CephError::NotInstalled { .. } | CephError::NoConfig { .. } => {
                    ClusterView::NotConfigured {
                        reason: e.to_string(),
                    }
                }
                _ => ClusterView::Unreachable {
                    reason: e.to_string(),
                },
            };
            ClusterAnswers::default()
        }
    };
    let mut lvm = match lvm {
        Some(Ok((l, notes))) => {
            join.notes.extend(notes);
            l
        }
        Some(Err(e)) => {
            join.notes.push(format!("ceph-volume lvm list: {e}"));
            LvmList::default()
        }
        None => LvmList::default(),
    };
    let mut raw = match raw {
        Some(Ok((r, notes))) => {
            join.notes.extend(notes);
            r
        }
        Some(Err(e)) => {
            join.notes.push(format!("ceph-volume raw list: {e}"));
            RawList::default()
        }
        None => RawList::default(),
    };
    if let Some(f) = &fsid {
        drop_other_clusters(f, &mut lvm, &mut raw, &mut join.notes);
    }
    join.osds = merge(&dirs, &lvm, &raw, &answers, src);
    locate(&mut join.osds, &answers.devices, src);
    verify::verify(&mut join.osds, &mut join.notes, fsid.as_deref());
    join
}

/// Keeps another cluster's OSDs out of the join: a used replacement drive, a reinstalled
/// host or a second cluster's device carries a BlueStore label with an OSD id this cluster
/// may use too, and merged by id it would stand in for this cluster's OSD. Each is a note.
fn drop_other_clusters(fsid: &str, lvm: &mut LvmList, raw: &mut RawList, notes: &mut Vec<String>) {
    let ours = |c: &str| c.is_empty() || c.eq_ignore_ascii_case(fsid);
    raw.retain(|_, r| {
        let keep = ours(&r.ceph_fsid);
        if !keep {
            notes.push(format!(
                "{} holds osd.{} of another cluster (fsid {}; this cluster's is {fsid}): not this cluster's OSD, left out",
                r.device, r.osd_id, r.ceph_fsid
            ));
        }
        keep
    });
    lvm.retain(|id, vols| {
        let other = vols.iter().find_map(|v| {
            v.tags
                .get("ceph.cluster_fsid")
                .filter(|c| !ours(c))
                .map(|c| (v.lv_path.clone(), c.clone()))
        });
        if let Some((lv, c)) = &other {
            notes.push(format!(
                "{lv} holds osd.{id} of another cluster (fsid {c}; this cluster's is {fsid}): not this cluster's OSD, left out"
            ));
        }
        other.is_none()
    });
}

/// The cluster's answers: `osd tree` first (a mon that does not answer costs one connect
/// timeout, and nothing more is asked), then metadata and devices together.
fn ask_cluster(ceph: &Ceph, possible: bool) -> Result<ClusterAnswers, CephError> {
    if !possible {
        return Err(ceph
            .reachable_in_principle()
            .err()
            .unwrap_or(CephError::NoConfig {
                conf: ceph.conf().to_owned(),
            }));
    }
    let tree = ceph.osd_tree()?;
    let (metadata, devices) = std::thread::scope(|s| {
        let m = s.spawn(|| ceph.osd_metadata(None));
        let d = s.spawn(|| ceph.device_ls());
        (m.join().ok(), d.join().ok())
    });
    Ok(ClusterAnswers {
        tree: Some(tree),
        // Metadata is missing for an OSD that never started; the device list needs a mgr.
        metadata: metadata.and_then(Result::ok).unwrap_or_default(),
        devices: devices.and_then(Result::ok).unwrap_or_default(),
    })
}

fn entry(osds: &mut Vec<HostOsd>, id: u32) -> &mut HostOsd {
    if let Some(i) = osds.iter().position(|o| o.id == id) {
        return &mut osds[i];
    }
    osds.push(HostOsd::new(id));
    let last = osds.len() - 1;
    &mut osds[last]
}

fn add_device(o: &mut HostOsd, role: Role, path: &str, disk: Option<String>) {
    if path.is_empty() {
        return;
    }
    if let Some(d) = o.devices.iter_mut().find(|d| d.role == role) {
        if d.disk.is_none() {
            d.disk = disk;
        }
        return;
    }
    o.devices.push(OsdDevice::new(role, path, disk));
    o.devices.sort_by_key(|d| d.role as u8);
}

fn source(o: &mut HostOsd, s: &str) {
    if !o.sources.iter().any(|x| x == s) {
        o.sources.push(s.to_owned());
    }
}

fn merge(
    dirs: &[DirOsd],
    lvm: &LvmList,
    raw: &RawList,
    cl: &ClusterAnswers,
    src: &Sources,
) -> Vec<HostOsd> {
    let mut osds: Vec<HostOsd> = Vec::new();
    merge::from_lvm(&mut osds, lvm);
    merge::from_raw(&mut osds, raw);
    merge::from_dirs(&mut osds, dirs);
    merge::from_metadata(&mut osds, cl, src);
    merge::from_tree(&mut osds, cl);
    osds.sort_by_key(|o| o.id);
    osds
}

/// Resolves each device to its disk and the disk to its place on the controller.
fn locate(osds: &mut [HostOsd], ceph_devices: &[CephDevice], src: &Sources) {
    for o in osds.iter_mut() {
        let name = format!("osd.{}", o.id);
        for d in &mut o.devices {
            if d.disk.is_none() {
                d.disk = resolve_disk(&d.path, src);
            }
            let Some(disk) = d.disk.clone() else { continue };
            let kname = Path::new(&disk)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let p = place(&disk, src);
            d.location = p.location;
            if p.hctl.is_some() {
                d.hctl = p.hctl;
            }
            d.by_path = p.by_path;
            d.wwn = p.wwn;
            d.pci = p.pci;
            d.also = d
                .also_disks
                .iter()
                .filter_map(|m| resolve_disk(m, src))
                .filter_map(|m| place(&m, src).location)
                .filter(|l| Some(l) != d.location.as_ref())
                .collect();
            if d.ceph_device_id.is_none() {
                d.ceph_device_id = ceph_devices
                    .iter()
                    .find(|c| {
                        c.daemons.contains(&name) && c.location.iter().any(|l| l.dev == kname)
                    })
                    .map(|c| c.devid.clone());
            }
        }
    }
    // A disk carrying devices of two OSDs (a shared DB/WAL SSD) is marked shared on both.
    let mut disks: Vec<(String, u32)> = Vec::new();
    for o in osds.iter() {
        for d in &o.devices {
            if let Some(k) = &d.disk {
                disks.push((k.clone(), o.id));
            }
        }
    }
    for o in osds.iter_mut() {
        for d in &mut o.devices {
            if let Some(k) = &d.disk {
                d.shared = disks.iter().any(|(x, id)| x == k && *id != o.id);
            }
        }
    }
}

/// Where one disk sits on the controller, with what sysfs says of it.
#[derive(Default)]
struct Placed {
    location: Option<Location>,
    hctl: Option<String>,
    by_path: Option<String>,
    wwn: Option<String>,
    pci: Option<String>,
}

fn place(disk: &str, src: &Sources) -> Placed {
    let kname = Path::new(disk)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut placed = Placed {
        by_path: identity::by_path_of(&src.dev, &kname),
        wwn: identity::wwid_of(&src.sys, &kname),
        ..Placed::default()
    };
    if let Some(p) = identity::locate_disk(&src.sys, &kname) {
        placed.hctl = Some(p.hctl.clone());
        placed.pci.clone_from(&p.pci);
        placed.location = Some(match p.place {
            Place::Vd { target_id } => Location::Vd {
                adapter: p.adapter,
                target: target_id,
                members: Vec::new(),
            },
            Place::Pd { device_id } => Location::Jbod {
                adapter: p.adapter,
                device_id: Some(device_id),
                address: None,
            },
        });
    }
    placed
}

/// The whole disk under a device path: symlinks followed, partitions and device-mapper
/// devices walked down to their disks (the first, for an LV over several), in the directory
/// the device's node is in.
fn resolve_disk(path: &str, src: &Sources) -> Option<String> {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
    let name = real.file_name()?.to_string_lossy().into_owned();
    // The disk's node sits beside the device's (`/dev/sdb1` → `/dev/sdb`).
    let dir = real.parent().unwrap_or(Path::new("/dev"));
    identity::whole_disks(&src.sys, &name)
        .first()
        .map(|n| dir.join(n).display().to_string())
}

/// The join as `status` takes it: cached in `state_dir` for up to `max_age` (the cluster's
/// state, a mon timeout included, is not paid again by the next `status` a second later).
pub fn cached(ceph: &Ceph, src: &Sources, state_dir: &Path, max_age: Duration) -> OsdJoin {
    let path = state_dir.join("ceph-join.json");
    if max_age > Duration::ZERO {
        let fresh = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age <= max_age);
        if fresh {
            if let Some(j) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|t| serde_json::from_str::<OsdJoin>(&t).ok())
            {
                return j;
            }
        }
    }
    let mut j = collect(ceph, src);
    remember::remember(state_dir, &mut j);
    // Through fsutil: private, never through a planted link; a cache that cannot be written
    // is only unused.
    if let (Ok(dir), Ok(text)) = (
        crate::fsutil::Dir::prepare(state_dir),
        serde_json::to_string(&j),
    ) {
        if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            let _ = dir.write_atomic(
                name,
                text.as_bytes(),
                crate::fsutil::PRIVATE,
                crate::fsutil::Replace::Yes,
            );
        }
    }
    j
}

#[cfg(test)]
mod tests;
