//! The Ceph OSD a VD or drive carries, as the identity join (raidctl's `ceph::join`) found it.

use serde::{Deserialize, Serialize};

/// How `ceph-volume` made the OSD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OsdMode {
    /// `ceph-volume lvm` (the data device is an LVM physical volume).
    Lvm,
    /// `ceph-volume raw` (BlueStore straight on the device).
    Raw,
    /// Not known (an OSD only the cluster reports, or an older tool).
    Unknown,
}

impl OsdMode {
    /// `lvm`, `raw` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Lvm => "lvm",
            Self::Raw => "raw",
            Self::Unknown => "unknown",
        }
    }
}

/// One OSD on a VD or drive: the part of the join that `status`, `metrics` and problem
/// messages show. `up`, `in` and `destroyed` are `None` when the cluster did not answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OsdRef {
    /// OSD id (`osd.N`).
    pub id: u32,
    /// Up in the OSD map.
    #[serde(rename = "up")]
    pub up: Option<bool>,
    /// In (weight above zero in the OSD map).
    #[serde(rename = "in")]
    pub is_in: Option<bool>,
    /// Marked destroyed (`ceph osd destroy`): the id and CRUSH entry are kept for reuse.
    pub destroyed: Option<bool>,
    /// lvm or raw.
    pub mode: OsdMode,
    /// `bluestore` or `filestore` where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objectstore: Option<String>,
    /// CRUSH device class (`hdd`, `ssd`...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_class: Option<String>,
    /// CRUSH weight (TiB by convention).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crush_weight: Option<f64>,
    /// Role of this device for the OSD: `block`, `db` or `wal`.
    pub role: String,
    /// How the OSD is deployed on this host (package or cephadm), when its directory said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<Deployment>,
}

/// How an OSD is deployed on its host: it decides its systemd unit, where `ceph-volume` runs
/// and which replacement steps apply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Deployment {
    /// Ceph's packages on the host: `/var/lib/ceph/osd/<cluster>-N`, unit `ceph-osd@N`.
    Package {
        /// The systemd unit.
        unit: String,
    },
    /// Containerised by cephadm: `/var/lib/ceph/<fsid>/osd.N`, unit `ceph-<fsid>@osd.N`.
    Cephadm {
        /// The cluster's fsid.
        fsid: String,
        /// The systemd unit.
        unit: String,
    },
}

impl Deployment {
    /// `package` or `cephadm`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Package { .. } => "package",
            Self::Cephadm { .. } => "cephadm",
        }
    }

    /// The systemd unit.
    pub fn unit(&self) -> &str {
        match self {
            Self::Package { unit } | Self::Cephadm { unit, .. } => unit,
        }
    }

    /// The package deployment of OSD `id`.
    pub fn package(id: u32) -> Self {
        Self::Package {
            unit: format!("ceph-osd@{id}"),
        }
    }

    /// The cephadm deployment of OSD `id` in cluster `fsid`.
    pub fn cephadm(fsid: &str, id: u32) -> Self {
        Self::Cephadm {
            fsid: fsid.to_owned(),
            unit: format!("ceph-{fsid}@osd.{id}"),
        }
    }

    /// Whether this is a cephadm deployment.
    pub fn is_cephadm(&self) -> bool {
        matches!(self, Self::Cephadm { .. })
    }
}

impl OsdRef {
    /// `osd.N`.
    pub fn name(&self) -> String {
        format!("osd.{}", self.id)
    }

    /// `up`/`down`/`destroyed` and `in`/`out`, or `?` for what the cluster did not say.
    pub fn state_text(&self) -> String {
        if self.destroyed == Some(true) {
            return "destroyed".to_owned();
        }
        let up = match self.up {
            Some(true) => "up",
            Some(false) => "down",
            None => "?",
        };
        let is_in = match self.is_in {
            Some(true) => "in",
            Some(false) => "out",
            None => "?",
        };
        format!("{up}/{is_in}")
    }
}

/// A Ceph life expectancy raidctl set for the device of an OSD whose drive is at risk
/// (`raidctl ceph sync`): what it set, when, and why. Kept in the state directory and shown
/// on the drive by `status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CephLifeExpectancy {
    /// Ceph's device id (`VENDOR_MODEL_SERIAL`).
    pub devid: String,
    /// The OSDs on the device when it was set.
    pub osds: Vec<u32>,
    /// The adapter of the drives.
    pub adapter: u32,
    /// The VD the device is (`None`: a JBOD drive).
    pub vd: Option<u32>,
    /// The drives under the device, with their serials then.
    pub drives: Vec<LifeDrive>,
    /// Start of the failure window set (Unix seconds).
    pub from_unix: u64,
    /// End of the window: what Ceph's devicehealth compares with its thresholds.
    pub to_unix: u64,
    /// When raidctl set it.
    pub set_at_unix: u64,
    /// Why: the health rules that found the drive at risk.
    pub reasons: Vec<LifeReason>,
    /// When raidctl found it removed by someone else (an operator's `ceph device
    /// rm-life-expectancy`): raidctl does not set it again for the same drive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_at_unix: Option<u64>,
}

/// A drive under a device with a life expectancy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LifeDrive {
    /// `[E:S]`.
    pub address: crate::DriveAddress,
    /// Its serial, when known.
    pub serial: Option<String>,
}

/// One reason a drive is at risk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LifeReason {
    /// The health rule (`pd-predictive-failure`, `smart-failing`, ...).
    pub rule: String,
    /// What it found.
    pub message: String,
}
