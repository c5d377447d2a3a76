//! Typed views of the JSON Ceph 16 prints (`-f json`, `--format json`). Only what raidctl
//! reads is typed; everything is optional or defaulted so a field a release drops or adds
//! never breaks the parse, and numbers Ceph prints as strings (`osd metadata`) are read as
//! such.

use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// `ceph -s -f json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClusterStatus {
    /// Cluster fsid.
    #[serde(default)]
    pub fsid: String,
    /// `HEALTH_OK`, `HEALTH_WARN`, `HEALTH_ERR` and the checks behind it.
    #[serde(default)]
    pub health: Health,
    /// OSD counts.
    #[serde(default)]
    pub osdmap: OsdMapSummary,
    /// Placement groups, objects, recovery.
    #[serde(default)]
    pub pgmap: PgMap,
}

/// `health` of `ceph -s`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Health {
    /// `HEALTH_OK`, `HEALTH_WARN` or `HEALTH_ERR`.
    #[serde(default)]
    pub status: String,
    /// Check code (`OSD_DOWN`, `PG_DEGRADED`...) to its summary.
    #[serde(default)]
    pub checks: BTreeMap<String, HealthCheck>,
}

/// One health check.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HealthCheck {
    /// `HEALTH_WARN` or `HEALTH_ERR`.
    #[serde(default)]
    pub severity: String,
    /// Its one-line summary.
    #[serde(default)]
    pub summary: HealthSummary,
}

/// Summary of a health check.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HealthSummary {
    /// e.g. `1 osds down`.
    #[serde(default)]
    pub message: String,
}

/// `osdmap` of `ceph -s`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OsdMapSummary {
    /// OSD map epoch.
    #[serde(default)]
    pub epoch: u64,
    /// OSDs in the map.
    #[serde(default)]
    pub num_osds: u64,
    /// OSDs up.
    #[serde(default)]
    pub num_up_osds: u64,
    /// OSDs in.
    #[serde(default)]
    pub num_in_osds: u64,
    /// PGs remapped.
    #[serde(default)]
    pub num_remapped_pgs: u64,
}

/// `pgmap` of `ceph -s`: the degraded and recovery fields appear only while there is
/// something to say.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PgMap {
    /// PG counts per state string (`active+clean`, `active+undersized+degraded`...).
    #[serde(default)]
    pub pgs_by_state: Vec<PgStateCount>,
    /// PGs.
    #[serde(default)]
    pub num_pgs: u64,
    /// Objects.
    #[serde(default)]
    pub num_objects: u64,
    /// Object copies degraded.
    #[serde(default)]
    pub degraded_objects: Option<u64>,
    /// Object copies expected.
    #[serde(default)]
    pub degraded_total: Option<u64>,
    /// Object copies misplaced.
    #[serde(default)]
    pub misplaced_objects: Option<u64>,
    /// Objects recovered per second.
    #[serde(default)]
    pub recovering_objects_per_sec: Option<u64>,
    /// Bytes recovered per second.
    #[serde(default)]
    pub recovering_bytes_per_sec: Option<u64>,
    /// Bytes stored.
    #[serde(default)]
    pub data_bytes: u64,
    /// Raw bytes used.
    #[serde(default)]
    pub bytes_used: u64,
    /// Raw bytes available.
    #[serde(default)]
    pub bytes_avail: u64,
}

/// One entry of `pgs_by_state`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PgStateCount {
    /// State string.
    #[serde(default)]
    pub state_name: String,
    /// PGs in it.
    #[serde(default)]
    pub count: u64,
}

impl ClusterStatus {
    /// `HEALTH_OK`.
    pub fn is_ok(&self) -> bool {
        self.health.status == "HEALTH_OK"
    }

    /// Degraded object copies (0 when Ceph prints none).
    pub fn degraded_objects(&self) -> u64 {
        self.pgmap.degraded_objects.unwrap_or(0)
    }

    /// PGs whose state is exactly `active+clean`.
    pub fn clean_pgs(&self) -> u64 {
        self.pgmap
            .pgs_by_state
            .iter()
            .filter(|s| s.state_name == "active+clean")
            .map(|s| s.count)
            .sum()
    }

    /// Every PG is `active+clean`.
    pub fn all_clean(&self) -> bool {
        self.clean_pgs() == self.pgmap.num_pgs
    }

    /// PGs with a state word in them (`backfilling`, `recovering`, `degraded`...).
    pub fn pgs_with(&self, word: &str) -> u64 {
        self.pgmap
            .pgs_by_state
            .iter()
            .filter(|s| s.state_name.split('+').any(|w| w == word))
            .map(|s| s.count)
            .sum()
    }
}

/// `ceph osd tree -f json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OsdTree {
    /// Buckets and OSDs.
    #[serde(default)]
    pub nodes: Vec<TreeNode>,
    /// OSDs in no bucket.
    #[serde(default)]
    pub stray: Vec<TreeNode>,
}

/// One node of `osd tree`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TreeNode {
    /// OSD id (≥ 0) or bucket id (< 0).
    pub id: i64,
    /// `osd.N`, a host name, `default`...
    #[serde(default)]
    pub name: String,
    /// `osd`, `host`, `root`...
    #[serde(default, rename = "type")]
    pub kind: String,
    /// CRUSH device class.
    #[serde(default)]
    pub device_class: Option<String>,
    /// CRUSH weight.
    #[serde(default)]
    pub crush_weight: Option<f64>,
    /// `up`, `down` or `destroyed`.
    #[serde(default)]
    pub status: Option<String>,
    /// OSD map weight (0 when out).
    #[serde(default)]
    pub reweight: Option<f64>,
    /// 1 when the OSD exists.
    #[serde(default)]
    pub exists: Option<u8>,
    /// Children of a bucket.
    #[serde(default)]
    pub children: Vec<i64>,
}

impl OsdTree {
    /// The OSD node `id`.
    pub fn osd(&self, id: u32) -> Option<&TreeNode> {
        self.nodes
            .iter()
            .chain(&self.stray)
            .find(|n| n.kind == "osd" && n.id == i64::from(id))
    }

    /// The host bucket holding `id`.
    pub fn host_of(&self, id: u32) -> Option<&str> {
        self.nodes
            .iter()
            .find(|n| n.kind == "host" && n.children.contains(&i64::from(id)))
            .map(|n| n.name.as_str())
    }
}

/// `ceph osd dump -f json` (what raidctl reads of it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OsdDump {
    /// OSD map epoch.
    #[serde(default)]
    pub epoch: u64,
    /// Cluster fsid.
    #[serde(default)]
    pub fsid: String,
    /// Highest OSD id + 1.
    #[serde(default)]
    pub max_osd: u64,
    /// Pools.
    #[serde(default)]
    pub pools: Vec<PoolInfo>,
    /// Every OSD.
    #[serde(default)]
    pub osds: Vec<DumpOsd>,
}

/// One pool of `osd dump`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PoolInfo {
    /// Pool id.
    #[serde(default)]
    pub pool: i64,
    /// Pool name.
    #[serde(default)]
    pub pool_name: String,
    /// Replicas.
    #[serde(default)]
    pub size: u32,
    /// Replicas needed for I/O.
    #[serde(default)]
    pub min_size: u32,
    /// PGs.
    #[serde(default)]
    pub pg_num: u32,
    /// The CRUSH rule placing its data (`osd crush rule dump`'s `rule_id`).
    #[serde(default)]
    pub crush_rule: Option<i64>,
}

/// One OSD of `osd dump`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DumpOsd {
    /// OSD id.
    pub osd: u32,
    /// OSD uuid (the fsid ceph-volume records).
    #[serde(default)]
    pub uuid: String,
    /// 1 when up.
    #[serde(default)]
    pub up: u8,
    /// 1 when in.
    #[serde(default, rename = "in")]
    pub is_in: u8,
    /// OSD map weight.
    #[serde(default)]
    pub weight: f64,
    /// `exists`, `up`, `destroyed`, `new`...
    #[serde(default)]
    pub state: Vec<String>,
}

impl DumpOsd {
    /// `destroyed` is among its states.
    pub fn destroyed(&self) -> bool {
        self.state.iter().any(|s| s == "destroyed")
    }
}

impl OsdDump {
    /// The OSD `id`.
    pub fn osd(&self, id: u32) -> Option<&DumpOsd> {
        self.osds.iter().find(|o| o.osd == id)
    }

    /// The pool named `name`.
    pub fn pool(&self, name: &str) -> Option<&PoolInfo> {
        self.pools.iter().find(|p| p.pool_name == name)
    }
}

/// Reads a number Ceph may print as a JSON number or as a string (`osd metadata` prints
/// every value as a string).
fn num_or_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum N {
        U(u64),
        S(String),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Option::<N>::deserialize(d)? {
        Some(N::U(n)) => Some(n),
        Some(N::S(s)) => s.trim().parse().ok(),
        Some(N::Other(_)) | None => None,
    })
}

/// `"1"`/`"0"` flags of `osd metadata`.
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(num_or_string(d)?.map(|n| n != 0))
}

/// `ceph osd metadata [N] -f json` (each value is a string in Ceph 16).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OsdMetadata {
    /// OSD id.
    pub id: u32,
    /// Host the OSD last started on.
    #[serde(default)]
    pub hostname: String,
    /// Kernel names of the devices under the OSD, comma-separated (`sdb`, `sdb,sdc`).
    #[serde(default)]
    pub devices: String,
    /// `sdb=VENDOR_MODEL_SERIAL,...`: Ceph's device ids per kernel name.
    #[serde(default)]
    pub device_ids: String,
    /// `bluestore` or `filestore`.
    #[serde(default)]
    pub osd_objectstore: String,
    /// The main device node.
    #[serde(default)]
    pub bluestore_bdev_dev_node: String,
    /// Size of the main device in bytes.
    #[serde(default, deserialize_with = "num_or_string")]
    pub bluestore_bdev_size: Option<u64>,
    /// A separate DB device.
    #[serde(default, deserialize_with = "flag")]
    pub bluefs_dedicated_db: Option<bool>,
    /// A separate WAL device.
    #[serde(default, deserialize_with = "flag")]
    pub bluefs_dedicated_wal: Option<bool>,
    /// The DB device node, when dedicated.
    #[serde(default)]
    pub bluefs_db_dev_node: Option<String>,
    /// The WAL device node, when dedicated.
    #[serde(default)]
    pub bluefs_wal_dev_node: Option<String>,
    /// `hdd` or `ssd`, what the OSD guessed.
    #[serde(default)]
    pub default_device_class: String,
    /// The data directory.
    #[serde(default)]
    pub osd_data: String,
}

impl OsdMetadata {
    /// The kernel device names (`devices`, split).
    pub fn device_names(&self) -> Vec<&str> {
        self.devices
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// `device_ids` as (kernel name, Ceph device id) pairs.
    pub fn device_id_pairs(&self) -> Vec<(&str, &str)> {
        self.device_ids
            .split(',')
            .filter_map(|p| p.split_once('='))
            .map(|(a, b)| (a.trim(), b.trim()))
            .filter(|(a, b)| !a.is_empty() && !b.is_empty())
            .collect()
    }
}

/// One entry of `ceph device ls -f json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CephDevice {
    /// Ceph's device id (`VENDOR_MODEL_SERIAL`).
    #[serde(default)]
    pub devid: String,
    /// Where it is: host and kernel name.
    #[serde(default)]
    pub location: Vec<DeviceLocation>,
    /// Daemons on it (`osd.3`).
    #[serde(default)]
    pub daemons: Vec<String>,
    /// Start of the predicted failure window (`ceph device set-life-expectancy`, or Ceph's
    /// own prediction), as the mgr prints it (`2026-12-05T18:29:44.000000+0000`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life_expectancy_min: Option<String>,
    /// End of the window: what the devicehealth module compares with its thresholds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life_expectancy_max: Option<String>,
    /// When the expectancy was set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life_expectancy_stamp: Option<String>,
}

impl CephDevice {
    /// The life expectancy window in Unix seconds, when one is set (`None` also for a
    /// `max` Ceph prints as zero, which its devicehealth module ignores too).
    pub fn life_expectancy(&self) -> Option<(u64, u64)> {
        let max = crate::model::parse_ceph_time(self.life_expectancy_max.as_deref()?)?;
        let min = self
            .life_expectancy_min
            .as_deref()
            .and_then(crate::model::parse_ceph_time)
            .unwrap_or(0);
        (max > 0).then_some((min, max))
    }
}

/// A device's location.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DeviceLocation {
    /// Host name.
    #[serde(default)]
    pub host: String,
    /// Kernel name (`sdb`).
    #[serde(default)]
    pub dev: String,
    /// Its `/dev/disk/by-path` name, when Ceph knows it.
    #[serde(default)]
    pub path: Option<String>,
}

/// `ceph osd ok-to-stop N -f json` (printed also when the answer is no, with exit 16).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OkToStop {
    /// Whether stopping the OSDs keeps every PG active.
    #[serde(default)]
    pub ok_to_stop: bool,
    /// The OSDs asked about.
    #[serde(default)]
    pub osds: Vec<u32>,
    /// PGs that stay active.
    #[serde(default)]
    pub num_ok_pgs: u64,
    /// PGs that would become inactive.
    #[serde(default)]
    pub num_not_ok_pgs: u64,
    /// PGs that would become degraded (but stay active).
    #[serde(default)]
    pub ok_become_degraded: Vec<String>,
    /// PGs that would become inactive.
    #[serde(default)]
    pub bad_become_inactive: Vec<String>,
}

/// `ceph osd safe-to-destroy N -f json`: exit 0 whatever the answer; the OSD is in exactly
/// one of the lists (`active`: it still holds PGs, `missing_stats`: no PG stats yet, so no
/// conclusion, `stored_pgs`: PGs still stored on it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SafeToDestroyJson {
    /// Safe to destroy now.
    #[serde(default)]
    pub safe_to_destroy: Vec<u32>,
    /// Still active (holds PGs).
    #[serde(default)]
    pub active: Vec<u32>,
    /// No stats reported yet (recently restarted, or down since the mgr started).
    #[serde(default)]
    pub missing_stats: Vec<u32>,
    /// PGs still stored on it.
    #[serde(default)]
    pub stored_pgs: Vec<u32>,
}

/// `ceph-volume lvm list --format json`: OSD id (as text) to its logical volumes.
pub type LvmList = BTreeMap<String, Vec<LvmVolume>>;

/// One logical volume of an LVM OSD.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LvmVolume {
    /// `block`, `db` or `wal`.
    #[serde(default, rename = "type")]
    pub kind: String,
    /// Physical devices under the LV (`/dev/sdb`).
    #[serde(default)]
    pub devices: Vec<String>,
    /// `/dev/ceph-.../osd-block-...`.
    #[serde(default)]
    pub lv_path: String,
    /// LV name.
    #[serde(default)]
    pub lv_name: String,
    /// VG name.
    #[serde(default)]
    pub vg_name: String,
    /// LVM tags: `ceph.osd_id`, `ceph.osd_fsid`, `ceph.cluster_fsid`, `ceph.db_device`,
    /// `ceph.wal_device`, `ceph.crush_device_class`, `ceph.encrypted`...
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

/// `ceph-volume raw list --format json`: OSD uuid to the device.
pub type RawList = BTreeMap<String, RawOsd>;

/// One raw OSD.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RawOsd {
    /// Cluster fsid.
    #[serde(default)]
    pub ceph_fsid: String,
    /// The main device.
    #[serde(default)]
    pub device: String,
    /// A separate DB device.
    #[serde(default, rename = "device_db")]
    pub device_db: Option<String>,
    /// A separate WAL device.
    #[serde(default, rename = "device_wal")]
    pub device_wal: Option<String>,
    /// OSD id.
    pub osd_id: u32,
    /// OSD uuid.
    #[serde(default)]
    pub osd_uuid: String,
    /// `bluestore`.
    #[serde(default, rename = "type")]
    pub kind: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    // Captured from the test cluster (scripts/ceph-test-cluster.sh, Ceph 16.2.15).
    const STATUS: &str = include_str!("../../../../fixtures/ceph/status.json");
    const TREE: &str = include_str!("../../../../fixtures/ceph/osd-tree.json");
    const DUMP: &str = include_str!("../../../../fixtures/ceph/osd-dump.json");
    const META: &str = include_str!("../../../../fixtures/ceph/osd-metadata.json");
    const META1: &str = include_str!("../../../../fixtures/ceph/osd-metadata-1.json");
    const RAW: &str = include_str!("../../../../fixtures/ceph/raw-list.json");
    const OK: &str = include_str!("../../../../fixtures/ceph/ok-to-stop.json");
    const SAFE: &str = include_str!("../../../../fixtures/ceph/safe.json");

    #[test]
    fn reads_the_captures() {
        let s: ClusterStatus = serde_json::from_str(STATUS).unwrap();
        assert_eq!(s.health.status, "HEALTH_WARN");
        assert_eq!((s.osdmap.num_up_osds, s.osdmap.num_in_osds), (3, 3));
        assert!(s.all_clean());
        assert_eq!(s.degraded_objects(), 0);
        let t: OsdTree = serde_json::from_str(TREE).unwrap();
        let n = t.osd(1).unwrap();
        assert_eq!(n.status.as_deref(), Some("up"));
        assert_eq!(n.device_class.as_deref(), Some("hdd"));
        assert!(n.crush_weight.unwrap() > 0.0);
        assert_eq!(t.host_of(1), Some("vm"));
        let d: OsdDump = serde_json::from_str(DUMP).unwrap();
        assert_eq!(d.osd(2).map(|o| (o.up, o.is_in)), Some((1, 1)));
        assert!(!d.osd(2).unwrap().destroyed());
        let m: Vec<OsdMetadata> = serde_json::from_str(META).unwrap();
        assert_eq!(m.len(), 3);
        let m1: OsdMetadata = serde_json::from_str(META1.trim()).unwrap();
        assert_eq!(m1.device_names(), ["loop1"]);
        assert_eq!(m1.bluestore_bdev_size, Some(3_221_225_472));
        assert_eq!(m1.bluefs_dedicated_db, Some(false));
        let r: RawList = serde_json::from_str(RAW).unwrap();
        assert_eq!(r.len(), 3);
        assert!(
            r.values()
                .any(|o| o.osd_id == 1 && o.device == "/dev/loop1")
        );
        let ok: OkToStop = serde_json::from_str(OK.trim()).unwrap();
        assert!(ok.ok_to_stop);
        let safe: SafeToDestroyJson = serde_json::from_str(SAFE.trim()).unwrap();
        assert_eq!(safe.active, [1]);
    }

    #[test]
    fn device_ids_split() {
        let m = OsdMetadata {
            device_ids: "sdb=SEAGATE_ST4000_ZA1A2B03,sdc=".into(),
            devices: "sdb,sdc".into(),
            ..OsdMetadata::default()
        };
        assert_eq!(m.device_id_pairs(), [("sdb", "SEAGATE_ST4000_ZA1A2B03")]);
        assert_eq!(m.device_names(), ["sdb", "sdc"]);
    }
}
