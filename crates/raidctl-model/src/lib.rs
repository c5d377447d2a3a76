//! Typed domain model shared by every parser, backend, workflow and output.
//!
//! Everything here is plain data with serde. Values with a fixed vocabulary are enums with an
//! explicit unknown arm, and every record keeps the keys it did not understand in `extra`, so a
//! new firmware's field is carried through rather than dropped.
//!
//! The bottom of raidctl's layering (`model` ← `parse` ← backends ← workflows ← output ← cli):
//! this crate depends on no other raidctl crate, and does no I/O.

mod address;
mod enums;
mod osd;
mod policy;
mod smart;
mod time;
mod units;
mod warnings;

pub use address::{AddressError, DriveAddress};
pub use enums::{
    ActionKind, BatteryState, ChargingStatus, FirmwareState, LdState, MediaType, PdType,
    ProgressKind, RaidLevel,
};
pub use osd::{CephLifeExpectancy, Deployment, LifeDrive, LifeReason, OsdMode, OsdRef};
pub use policy::{
    CacheFields, CacheIo, CacheRead, CacheSetting, CacheWrite, DiskCache, IoPolicy, ReadPolicy,
    VdPolicy, WritePolicy, parse_disk_cache,
};
pub use smart::Smart;
pub use time::{
    ceph_time_arg, civil_from_days, civil_utc, days_from_civil, parse_ceph_time, unix_seconds,
    utc_time,
};
pub use units::{SizeError, fmt_size, fmt_sizes, parse_size};
pub use warnings::Warnings;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Keys the parser saw but has no typed field for, in the order of first appearance.
pub type Extra = BTreeMap<String, String>;

/// Version of the JSON document layout printed by `raidctl parse --format json`.
pub const SCHEMA_VERSION: u32 = 1;

/// One RAID adapter (controller) as described by `-AdpAllInfo`, `-AdpGetPciInfo`, `-ShowSummary`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Adapter {
    /// Adapter number as MegaCli counts them (`-aN`).
    pub adapter: u32,
    /// `Product Name`, e.g. `PERC H710 Mini`.
    pub product_name: Option<String>,
    /// Controller serial number.
    pub serial: Option<String>,
    /// `FW Package Build`.
    pub fw_package: Option<String>,
    /// `FW Version`.
    pub fw_version: Option<String>,
    /// `BIOS Version`.
    pub bios_version: Option<String>,
    /// Controller cache memory in bytes.
    pub memory_bytes: Option<u64>,
    /// Whether a BBU/CacheVault is present (`HW Configuration / BBU`).
    pub bbu_present: Option<bool>,
    /// `Settings / Alarm`: Enabled, Disabled, Absent.
    pub alarm: Option<String>,
    /// `Auto Rebuild`.
    pub auto_rebuild: Option<bool>,
    /// `Rebuild Rate` in percent.
    pub rebuild_rate_pct: Option<u8>,
    /// `Battery Warning`.
    pub battery_warning: Option<bool>,
    /// `Any Offline VD Cache Preserved`.
    pub offline_vd_cache_preserved: Option<bool>,
    /// `Enable JBOD` (adapter supports/enables pass-through).
    pub jbod_enabled: Option<bool>,
    /// `Virtual Drives` count from the `Device Present` section.
    pub virtual_drive_count: Option<u32>,
    /// `Degraded` virtual drive count from `Device Present`.
    pub degraded_count: Option<u32>,
    /// `Offline` virtual drive count from `Device Present`.
    pub offline_count: Option<u32>,
    /// `Disks` count from `Device Present`.
    pub disk_count: Option<u32>,
    /// `Critical Disks` count.
    pub critical_disk_count: Option<u32>,
    /// `Failed Disks` count.
    pub failed_disk_count: Option<u32>,
    /// Controller status (`-ShowSummary`), e.g. `Optimal`.
    pub status: Option<String>,
    /// PCI location from `-AdpGetPciInfo`.
    pub pci: Option<PciLocation>,
    /// PCI ids from `-AdpAllInfo` (`vendor:device:subvendor:subdevice`).
    pub pci_ids: Option<String>,
    /// Kernel driver version (`-ShowSummary`).
    pub driver_version: Option<String>,
    /// Unrecognised keys (prefixed by their section when the same key occurs twice).
    pub extra: Extra,
}

/// PCI bus location of an adapter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PciLocation {
    /// Bus number.
    pub bus: Option<u32>,
    /// Device number.
    pub device: Option<u32>,
    /// Function number.
    pub function: Option<u32>,
}

/// An enclosure (backplane, expander or SES device) from `-EncInfo`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Enclosure {
    /// Adapter the enclosure hangs off.
    pub adapter: u32,
    /// `Enclosure N:` index.
    pub index: u32,
    /// `Device ID`: the number used as `E` in `[E:S]`.
    pub device_id: Option<u32>,
    /// `Number of Slots`.
    pub slots: Option<u32>,
    /// `Number of Physical Drives`.
    pub physical_drives: Option<u32>,
    /// `Number of Power Supplies`.
    pub power_supplies: Option<u32>,
    /// `Number of Fans`.
    pub fans: Option<u32>,
    /// `Number of Temperature Sensors`.
    pub temperature_sensors: Option<u32>,
    /// `Status`, e.g. `Normal`.
    pub status: Option<String>,
    /// `Enclosure type`, e.g. `SES`.
    pub enclosure_type: Option<String>,
    /// Vendor identification from the inquiry data.
    pub vendor: Option<String>,
    /// Product identification from the inquiry data.
    pub product: Option<String>,
    /// Product revision level.
    pub revision: Option<String>,
    /// Unrecognised keys.
    pub extra: Extra,
}

/// A logical drive (virtual drive, VD).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LogicalDrive {
    /// Adapter number.
    pub adapter: u32,
    /// The `Virtual Drive: N` number.
    pub number: u32,
    /// `Target Id`, what the OS sees as the SCSI target.
    pub target_id: u32,
    /// VD name; empty names are `None`.
    pub name: Option<String>,
    /// Normalised RAID level (from primary/secondary and span depth).
    pub raid_level: RaidLevel,
    /// `RAID Level` text as printed.
    pub raid_level_raw: Option<String>,
    /// Normalised state.
    pub state: LdState,
    /// `State` text as printed.
    pub state_raw: Option<String>,
    /// Size in bytes (MegaCli prints binary units with 3 decimals, so this is approximate).
    pub size_bytes: Option<u64>,
    /// `Size` text as printed.
    pub size_raw: Option<String>,
    /// Strip size in bytes.
    pub strip_size_bytes: Option<u64>,
    /// `Number Of Drives` (per span for spanned levels).
    pub number_of_drives: Option<u32>,
    /// `Span Depth`.
    pub span_depth: Option<u32>,
    /// `Default Cache Policy`.
    pub default_cache_policy: Option<String>,
    /// `Current Cache Policy`.
    pub current_cache_policy: Option<String>,
    /// The current cache policy in fields (write, read, I/O, bad-battery behaviour, the raw
    /// text), the same keys on every backend; see [`LogicalDrive::normalise_cache`].
    #[serde(default)]
    pub cache: CacheFields,
    /// The default (configured) cache policy in fields; `None` where the tool prints no
    /// default (storcli 7.x, OpenManage).
    #[serde(default)]
    pub default_cache: Option<CacheFields>,
    /// `Current Access Policy` (or old `Access Policy`).
    pub access_policy: Option<String>,
    /// `Disk Cache Policy`.
    pub disk_cache_policy: Option<String>,
    /// `Bad Blocks Exist`.
    pub bad_blocks_exist: Option<bool>,
    /// Ongoing operations reported inside `-LDInfo` (`Ongoing Progresses:`).
    pub ongoing: Vec<String>,
    /// Member drives (from `-LdPdInfo` or `-CfgDsply`), in arm order.
    pub members: Vec<DriveAddress>,
    /// Disk group this VD lives in (from `-CfgDsply`).
    pub disk_group: Option<u32>,
    /// Linux block device the VD appears as (best effort, from sysfs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_device: Option<String>,
    /// Its `/dev/disk/by-path` name, when the host has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_path: Option<String>,
    /// The WWN the host sees for the VD's SCSI device (sysfs `wwid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wwn: Option<String>,
    /// The Ceph OSDs on this VD (the identity join; empty without Ceph).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub osd: Vec<OsdRef>,
    /// Unrecognised keys.
    pub extra: Extra,
}

impl LogicalDrive {
    /// The VD's size as raidctl shows it ([`fmt_size`]), the tool's own text where it gave
    /// no size raidctl could read.
    pub fn size_text(&self) -> Option<String> {
        self.size_bytes
            .map(fmt_size)
            .or_else(|| self.size_raw.clone())
    }
}

/// A physical drive.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PhysicalDrive {
    /// Adapter number.
    pub adapter: u32,
    /// `Enclosure Device ID`; `None` for `N/A` (address such drives as `[:S]`).
    pub enclosure_id: Option<u16>,
    /// `Slot Number`.
    pub slot: u16,
    /// `Device Id`: what `smartctl -d megaraid,N` wants. Not the slot.
    pub device_id: Option<u32>,
    /// `WWN`.
    pub wwn: Option<String>,
    /// Normalised firmware state.
    pub firmware_state: FirmwareState,
    /// `Firmware state` text as printed.
    pub firmware_state_raw: Option<String>,
    /// Spin state from the firmware state suffix: `Some(true)` for `Spun Up`.
    pub spun_up: Option<bool>,
    /// `Foreign State` is `Foreign`.
    pub foreign: Option<bool>,
    /// `Media Error Count` (a lifetime counter).
    pub media_error_count: Option<u64>,
    /// `Other Error Count` (a lifetime counter).
    pub other_error_count: Option<u64>,
    /// `Predictive Failure Count`.
    pub predictive_failure_count: Option<u64>,
    /// `Drive has flagged a S.M.A.R.T alert`.
    pub smart_alert: Option<bool>,
    /// `Raw Size` in bytes.
    pub raw_size_bytes: Option<u64>,
    /// `Non Coerced Size` in bytes.
    pub non_coerced_size_bytes: Option<u64>,
    /// `Coerced Size` in bytes: what the controller uses for arrays.
    pub coerced_size_bytes: Option<u64>,
    /// `PD Type`: SAS, SATA, ...
    pub pd_type: PdType,
    /// `Media Type`: HDD or SSD.
    pub media_type: MediaType,
    /// Vendor from the inquiry data (SAS drives).
    pub vendor: Option<String>,
    /// Model from the inquiry data.
    pub model: Option<String>,
    /// Serial number from the inquiry data.
    pub serial: Option<String>,
    /// `Device Firmware Level`.
    pub firmware: Option<String>,
    /// `Inquiry Data` as printed (trimmed).
    pub inquiry_data: Option<String>,
    /// `Drive Temperature` in °C.
    pub temperature_c: Option<i32>,
    /// `Device Speed`.
    pub device_speed: Option<String>,
    /// `Link Speed`.
    pub link_speed: Option<String>,
    /// Disk group from `Drive's position`.
    pub disk_group: Option<u32>,
    /// Span from `Drive's position`.
    pub span: Option<u32>,
    /// Arm (row) from `Drive's position`.
    pub arm: Option<u32>,
    /// Target id of the logical drive this drive is listed under (`-LdPdInfo`).
    pub logical_drive: Option<u32>,
    /// Hot spare details (`Hotspare Information` in `-PDInfo`).
    pub hotspare: Option<String>,
    /// `Sequence Number`: bumps on every state change of the drive.
    pub sequence_number: Option<u32>,
    /// `Last Predictive Failure Event Seq Number`.
    pub last_predictive_failure_seq: Option<u64>,
    /// `Logical Sector Size` (or the plain `Sector Size` on older firmware), bytes; 0 unknown.
    pub logical_sector_size: Option<u32>,
    /// `Physical Sector Size`, bytes.
    pub physical_sector_size: Option<u32>,
    /// `Shield Counter`.
    pub shield_counter: Option<u32>,
    /// `Commissioned Spare`.
    pub commissioned_spare: Option<bool>,
    /// `Emergency Spare`.
    pub emergency_spare: Option<bool>,
    /// `SAS Address(N)` values in port order.
    pub sas_addresses: Vec<String>,
    /// `Connected Port Number`.
    pub connected_port: Option<String>,
    /// `FDE Capable` (self-encrypting drive).
    pub fde_capable: Option<bool>,
    /// `Secured`.
    pub secured: Option<bool>,
    /// `Locked`.
    pub locked: Option<bool>,
    /// Per-port `Port status` and `Port's Linkspeed`, in port order.
    pub ports: Vec<PortStatus>,
    /// The `smartctl -d` argument that reaches this drive through the controller
    /// (`megaraid,N`, or `sat+megaraid,N` for SATA drives), set by the snapshot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smartctl_device: Option<String>,
    /// Linux block device of a JBOD drive (the identity join).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_device: Option<String>,
    /// Its `/dev/disk/by-path` name, when the host has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_path: Option<String>,
    /// The Ceph OSDs on this drive: directly (JBOD) or through its VD (the identity join).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub osd: Vec<OsdRef>,
    /// SMART read through the controller (raidctl's `smart` module), attached after the snapshot
    /// (never cached with it: SMART has its own cache and age).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smart: Option<Smart>,
    /// The Ceph life expectancy raidctl set for the device on this drive (`raidctl ceph
    /// sync`), from its record in the state directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceph_life_expectancy: Option<CephLifeExpectancy>,
    /// Unrecognised keys.
    pub extra: Extra,
}

impl PhysicalDrive {
    /// The `[E:S]` address of this drive.
    pub fn address(&self) -> DriveAddress {
        DriveAddress {
            enclosure: self.enclosure_id,
            slot: self.slot,
        }
    }

    /// The drive's size as raidctl shows it everywhere: the coerced size (what the controller
    /// builds arrays from, the `Size` of storcli's drive list), the raw size where the tool
    /// gives no coerced one.
    pub fn size_bytes(&self) -> Option<u64> {
        self.coerced_size_bytes.or(self.raw_size_bytes)
    }
}

/// One SAS port of a drive.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortStatus {
    /// `Port status`, e.g. `Active`.
    pub status: Option<String>,
    /// `Port's Linkspeed`, e.g. `6.0Gb/s`.
    pub link_speed: Option<String>,
}

/// Battery backup unit status from `-AdpBbuCmd`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Bbu {
    /// Adapter number.
    pub adapter: u32,
    /// `BatteryType`, e.g. `iBBU08`, `CVPM02`.
    pub battery_type: Option<String>,
    /// `Voltage` in mV.
    pub voltage_mv: Option<u32>,
    /// `Current` in mA.
    pub current_ma: Option<i32>,
    /// `Temperature` in °C.
    pub temperature_c: Option<i32>,
    /// Normalised battery state.
    pub state: BatteryState,
    /// `Battery State` text as printed.
    pub state_raw: Option<String>,
    /// `Charging Status`.
    pub charging: ChargingStatus,
    /// `Learn Cycle Active`.
    pub learn_cycle_active: Option<bool>,
    /// `Learn Cycle Requested`.
    pub learn_cycle_requested: Option<bool>,
    /// `Learn Cycle Status`.
    pub learn_cycle_status: Option<String>,
    /// `Battery Pack Missing`.
    pub pack_missing: Option<bool>,
    /// `Battery Replacement required`.
    pub replacement_required: Option<bool>,
    /// `Remaining Capacity Low`.
    pub capacity_low: Option<bool>,
    /// `Pack is about to fail & should be replaced`.
    pub about_to_fail: Option<bool>,
    /// `isSOHGood` (state of health).
    pub soh_good: Option<bool>,
    /// `Relative State of Charge` in percent.
    pub relative_charge_pct: Option<u8>,
    /// `Full Charge Capacity` in mAh.
    pub full_charge_capacity_mah: Option<u32>,
    /// `Design Capacity` in mAh.
    pub design_capacity_mah: Option<u32>,
    /// The command reported `Get BBU Status Failed.` (no battery or not readable).
    pub status_failed: bool,
    /// Unrecognised keys.
    pub extra: Extra,
}

/// One controller event from the `-AdpEventLog -GetEvents -f FILE` output.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Adapter number (the event file does not say; the caller's `-aN`).
    pub adapter: u32,
    /// `seqNum`.
    pub seq_num: u64,
    /// `Time` as printed: the controller's wall clock (or `Seconds since power on` text).
    pub time: Option<String>,
    /// Seconds after the controller booted, from `Seconds since last reboot: N`: the
    /// controller logs this instead of `Time` for events before its clock was set. Kept apart
    /// from `time` because it is not a wall-clock time; tables show `+N s after boot`.
    #[serde(default)]
    pub since_boot_s: Option<u64>,
    /// `Code`.
    pub code: Option<u32>,
    /// `Class`: -1 debug, 0 info, 1 warning, 2 critical, 3 fatal.
    pub class: Option<i32>,
    /// `Locale` bitmask as printed.
    pub locale: Option<String>,
    /// `Event Description`.
    pub description: String,
    /// `Event Data` key/value lines (empty for `None`).
    pub data: Vec<(String, String)>,
}

/// One foreign configuration as reported by `-CfgForeign`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ForeignConfig {
    /// Adapter number.
    pub adapter: u32,
    /// Foreign configuration index (`x` in `-CfgForeign -Import x`).
    pub index: u32,
    /// Disk groups found in the `-Dsply`/`-Preview` text.
    pub disk_groups: Vec<DiskGroup>,
}

/// A disk group (drive group) from `-CfgDsply` or a foreign preview.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DiskGroup {
    /// Adapter number.
    pub adapter: u32,
    /// `DISK GROUP: N`.
    pub index: u32,
    /// Spans in order.
    pub spans: Vec<Span>,
    /// Target ids of the VDs carved from this group.
    pub logical_drives: Vec<u32>,
    /// `Number of dedicated Hotspares`.
    pub dedicated_hotspares: Option<u32>,
}

/// One span (array) of a disk group.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Span {
    /// `SPAN: N` inside the group.
    pub index: u32,
    /// `Span Reference`: the global array index `-PdReplaceMissing -ArrayN` and
    /// `-PDHSP -Dedicated -ArrayN` expect.
    pub array_ref: Option<u32>,
    /// Member rows in order; a missing row has no address.
    pub rows: Vec<SpanRow>,
}

impl Span {
    /// Its rows as `row:[drive]` words (`1:MISSING` for a missing row), in row order: the
    /// form status tables and `foreign show` print.
    #[must_use]
    pub fn rows_text(&self) -> String {
        let words: Vec<String> = self
            .rows
            .iter()
            .map(|r| match r.drive {
                Some(d) => format!("{}:{d}", r.row),
                None => format!("{}:MISSING", r.row),
            })
            .collect();
        words.join(" ")
    }
}

/// One row (arm) of a span.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SpanRow {
    /// `Physical Disk: N`: the row number.
    pub row: u32,
    /// Address of the drive in that row; `None` when the row is missing.
    pub drive: Option<DriveAddress>,
    /// Firmware state of the drive in that row.
    pub firmware_state: Option<FirmwareState>,
}

/// One `-PdGetMissing` row: a drive group slot waiting for a replacement.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MissingRow {
    /// Adapter number.
    pub adapter: u32,
    /// `No.` column.
    pub number: u32,
    /// `Array` column: the global array (span) index.
    pub array: u32,
    /// `Row` column: the arm inside that array, not a slot.
    pub row: u32,
    /// `Size Expected` in bytes (printed in MB, i.e. MiB).
    pub size_expected_bytes: u64,
}

/// Progress of a long-running operation (rebuild, copyback, BGI, reconstruction...).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Adapter number.
    pub adapter: u32,
    /// Kind of operation.
    pub kind: ProgressKind,
    /// Drive the operation runs on, for drive operations.
    pub drive: Option<DriveAddress>,
    /// Logical drive number, for VD operations.
    pub logical_drive: Option<u32>,
    /// Whether the operation is running.
    pub in_progress: bool,
    /// Percent complete.
    pub percent: Option<u8>,
    /// Minutes elapsed so far (MegaCli's `in N Minutes` is elapsed, not remaining).
    pub elapsed_minutes: Option<u32>,
}

/// The result of an action command (offline, make good, locate, ...).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActionResult {
    /// Adapter number where the line names one.
    pub adapter: Option<u32>,
    /// What the line reports.
    pub kind: ActionKind,
    /// Whether the line reports success.
    pub success: bool,
    /// Drive named by the line.
    pub drive: Option<DriveAddress>,
    /// New state named by the line (`OffLine`, `Unconfigured-Good`, ...).
    pub new_state: Option<String>,
    /// Logical drive named by the line.
    pub logical_drive: Option<u32>,
    /// Array and row named by a replace-missing line.
    pub array_row: Option<(u32, u32)>,
    /// The line itself.
    pub message: String,
}

/// The health of one system component (`omreport chassis`, `omreport system`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentHealth {
    /// What the component belongs to: `Main System Chassis`, or `System` for the summary.
    pub scope: String,
    /// `Fans`, `Storage`, `Main System Chassis`...
    pub component: String,
    /// The severity as printed: `Ok`, `Non-Critical`, `Critical`.
    pub severity: String,
}

/// One software or firmware version (`omreport about`, `omreport system version`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentVersion {
    /// `Server Administrator`, `PERC H730P Mini (Embedded)`...
    pub name: String,
    /// The version as printed.
    pub version: String,
}

/// The link error counters of one PHY (`-PhyErrorCounters`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhyErrors {
    /// Adapter number.
    pub adapter: u32,
    /// `Phy No`.
    pub phy: u32,
    /// `Invalid DWord Count`.
    pub invalid_dword: Option<u64>,
    /// `Running Disparity Error Count`.
    pub running_disparity: Option<u64>,
    /// `Loss of DWORD sync Count`.
    pub loss_of_sync: Option<u64>,
    /// `Phy Reset problem Count`.
    pub phy_reset: Option<u64>,
}

/// A name/value fact of a report that has no typed home (`-AdpGetTime`, `-AdpEventLog
/// -GetEventLogInfo`), kept in the order printed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Property {
    /// Adapter number, when the report names one.
    pub adapter: Option<u32>,
    /// The key as printed (`Newest seqNum`, `Date`).
    pub key: String,
    /// The value as printed.
    pub value: String,
}

/// A parser diagnostic with its 1-based line number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// The file the line is in, when several inputs were read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line number in the input.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

/// Everything one MegaCli output said, in flat arrays. Every parser fills part of it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Document {
    /// Layout version of this document.
    pub schema_version: u32,
    /// Command kind the text was parsed as.
    pub kind: String,
    /// Adapters.
    pub adapters: Vec<Adapter>,
    /// Enclosures.
    pub enclosures: Vec<Enclosure>,
    /// Logical drives.
    pub logical_drives: Vec<LogicalDrive>,
    /// Physical drives.
    pub physical_drives: Vec<PhysicalDrive>,
    /// Battery backup units.
    pub bbus: Vec<Bbu>,
    /// Controller events.
    pub events: Vec<Event>,
    /// Missing rows.
    pub missing: Vec<MissingRow>,
    /// Progress of running operations.
    pub progress: Vec<Progress>,
    /// Disk groups (configuration).
    pub disk_groups: Vec<DiskGroup>,
    /// Foreign configurations.
    pub foreign_configs: Vec<ForeignConfig>,
    /// Results of action commands.
    pub actions: Vec<ActionResult>,
    /// `Controller Count` from `-adpCount`.
    pub adapter_count: Option<u32>,
    /// Tool version from `-v`.
    pub tool_version: Option<String>,
    /// Firmware terminal log lines (`-FwTermLog -Dsply`).
    pub term_log: Vec<String>,
    /// Component health (`omreport chassis`, `omreport system`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub health: Vec<ComponentHealth>,
    /// Software and firmware versions (`omreport about`, `omreport system version`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<ComponentVersion>,
    /// PHY link error counters (`-PhyErrorCounters`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phy_errors: Vec<PhyErrors>,
    /// Other name/value facts (`-AdpGetTime`, `-AdpEventLog -GetEventLogInfo`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
    /// `FW error description` text, when the firmware gave one.
    pub fw_error: Option<String>,
    /// The `Exit Code: 0xNN` trailer; `None` when absent.
    pub exit_code: Option<u32>,
    /// Diagnostics, each with a line number (capped: see [`Warnings`]).
    pub warnings: Warnings,
}

impl Document {
    /// An empty document of the given kind.
    pub fn new(kind: &str) -> Self {
        Self {
            schema_version: SCHEMA_VERSION,
            kind: kind.to_owned(),
            ..Self::default()
        }
    }

    /// Appends everything in `other` (used to merge several files or commands).
    pub fn merge(&mut self, other: Document) {
        self.adapters.extend(other.adapters);
        self.enclosures.extend(other.enclosures);
        self.logical_drives.extend(other.logical_drives);
        self.physical_drives.extend(other.physical_drives);
        self.bbus.extend(other.bbus);
        self.events.extend(other.events);
        self.missing.extend(other.missing);
        self.progress.extend(other.progress);
        self.disk_groups.extend(other.disk_groups);
        self.foreign_configs.extend(other.foreign_configs);
        self.actions.extend(other.actions);
        self.term_log.extend(other.term_log);
        self.health.extend(other.health);
        self.versions.extend(other.versions);
        self.phy_errors.extend(other.phy_errors);
        self.properties.extend(other.properties);
        self.warnings.append(other.warnings);
        self.adapter_count = self.adapter_count.or(other.adapter_count);
        self.tool_version = self.tool_version.take().or(other.tool_version);
        self.fw_error = self.fw_error.take().or(other.fw_error);
        self.exit_code = self.exit_code.or(other.exit_code);
    }
}

/// Lowercases and keeps letters and digits only (the key normalisation parsers use).
pub fn squash_text(text: &str) -> String {
    enums::squash(text)
}

/// Where a controller's event log stands: what the snapshot cache compares to tell whether
/// anything happened since a snapshot was taken. Controllers log every state change (drive,
/// VD, battery, foreign configuration, rebuild progress) with the next sequence number.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMark {
    /// Adapter number; `None` for a log that covers every controller (OpenManage's alert log).
    pub adapter: Option<u32>,
    /// Newest sequence number (OpenManage: the number of entries in the alert log).
    pub newest: u64,
    /// Oldest sequence number still kept (moves when the log wraps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oldest: Option<u64>,
    /// Sequence number of the last clear.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clear: Option<u64>,
    /// Sequence number of the last shutdown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shutdown: Option<u64>,
    /// Sequence number of the last boot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boot: Option<u64>,
    /// Digest of the newest entries, for a log without sequence numbers (OpenManage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_names_its_rows_and_the_missing_one() {
        let drive = |e, s| Some(DriveAddress::new(e, s));
        let span = Span {
            index: 0,
            array_ref: Some(1),
            rows: vec![
                SpanRow {
                    row: 0,
                    drive: drive(32, 4),
                    firmware_state: None,
                },
                SpanRow {
                    row: 1,
                    drive: None,
                    firmware_state: None,
                },
            ],
        };
        assert_eq!(span.rows_text(), "0:[32:4] 1:MISSING");
        assert_eq!(Span::default().rows_text(), "");
    }
}
