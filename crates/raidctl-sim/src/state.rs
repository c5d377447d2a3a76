//! The simulated controller's state: everything `state.json` holds.
//!
//! Drives are addressed by [`DriveAddress`]. Disk groups own spans (arrays) and rows; a row
//! without a drive is a *missing* row (`-PdGetMissing`). Array numbers are global across disk
//! groups and computed from the group order, so they renumber when a group is deleted, as the
//! firmware does. Logical-drive state is never stored: it is derived from the member states
//! per RAID level ([`Adapter::vd_state`]).

use raidctl_model::{DriveAddress, FirmwareState, LdState, MediaType, PdType, RaidLevel};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Layout version of `state.json`.
pub const STATE_FORMAT: u32 = 1;

/// MegaCli sector unit.
pub const SECTOR: u64 = 512;

/// The whole simulated machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimState {
    /// Layout version ([`STATE_FORMAT`]).
    pub format: u32,
    /// Name of the scenario the state was created from.
    pub scenario: String,
    /// Virtual clock: seconds since power-on.
    pub clock: u64,
    /// Unix time of power-on (event time stamps are `epoch + clock`).
    pub epoch: i64,
    /// Factor applied to every rate (rebuild, copyback, BGI, battery), so tests finish fast.
    pub speed: f64,
    /// The storcli/perccli 7.x `CLI Version` to answer as, instead of the build's own (the
    /// text tables of releases before 007.10 lack some columns); `None`: the build's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storcli_version: Option<String>,
    /// Controllers.
    pub adapters: Vec<Adapter>,
    /// Fault-injection rules.
    #[serde(default)]
    pub faults: Vec<FaultRule>,
    /// Per-command invocation counter (command name as [`crate::args`] normalises it).
    #[serde(default)]
    pub calls: BTreeMap<String, u64>,
}

impl SimState {
    /// Unix time of the virtual clock reading `clock` (an event's time stamp).
    pub fn unix_at(&self, clock: u64) -> i64 {
        self.epoch + i64::try_from(clock).unwrap_or(0)
    }

    /// Unix time now, on the virtual clock.
    pub fn now_unix(&self) -> i64 {
        self.unix_at(self.clock)
    }
}

/// One controller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Adapter {
    /// `-aN` number.
    pub index: u32,
    /// `Product Name`.
    pub product: String,
    /// Controller serial.
    pub serial: String,
    /// `FW Package Build`.
    pub fw_package: String,
    /// `FW Version`.
    pub fw_version: String,
    /// `BIOS Version`.
    pub bios_version: String,
    /// Controller SAS address (hex, no `0x`).
    pub sas_address: String,
    /// Cache memory in MB.
    pub memory_mb: u32,
    /// PCI bus, device, function.
    pub pci: (u32, u32, u32),
    /// PCI vendor, device, subvendor, subdevice ids (hex text).
    pub pci_ids: (String, String, String, String),
    /// Adapter properties.
    pub settings: Settings,
    /// Enclosures.
    pub enclosures: Vec<Enclosure>,
    /// Drives present in a slot.
    pub drives: Vec<Drive>,
    /// Drives pulled out, remembered by their last address so a re-insert brings them back.
    #[serde(default)]
    pub pulled: Vec<Drive>,
    /// Disk groups in configuration order (the position is the `DISK GROUP` number).
    pub groups: Vec<DiskGroup>,
    /// Virtual drives.
    pub vds: Vec<Vd>,
    /// Target ids with preserved (pinned) cache.
    #[serde(default)]
    pub preserved_cache: Vec<u32>,
    /// Battery; `None` when absent.
    pub bbu: Option<Bbu>,
    /// Event log.
    #[serde(default)]
    pub events: Vec<EventRecord>,
    /// Next event sequence number.
    pub next_seq: u64,
    /// Next device id for an inserted drive.
    pub next_device_id: u32,
    /// Next unique id for groups, VDs and foreign configurations.
    pub next_uid: u64,
    /// Sequence number of the last `-AdpEventLog -Clear`.
    #[serde(default)]
    pub clear_seq: u64,
    /// Sequence number of the first event of the last boot (`-GetSinceReboot`).
    #[serde(default)]
    pub boot_seq: u64,
}

/// Adapter properties that change behaviour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `Auto Rebuild`.
    pub auto_rebuild: bool,
    /// Copyback enabled (`-CopyBackDsbl 0`).
    pub copyback_enabled: bool,
    /// `Rebuild Rate` in percent.
    pub rebuild_rate: u8,
    /// Alarm: `Enabled`, `Disabled`, `Silenced` or `Absent` (no buzzer).
    pub alarm: String,
    /// `Battery Warning`.
    pub battery_warning: bool,
    /// `Enable JBOD`.
    pub jbod_enabled: bool,
    /// `Maintain PD Fail History`.
    pub maintain_pd_fail_history: bool,
    /// `Restore HotSpare on Insertion`.
    pub restore_hsp_on_insert: bool,
    /// The firmware marks drives missing, replaces missing rows and prepares drives for
    /// removal. `false` is the captured PERC H965i (8.4): its 8.x `show all` answers `No` to
    /// `Support Mark Missing`, `Support Replace Missing`, `Support Prepare For Removal`, and the
    /// 8.x front end refuses those commands.
    #[serde(default = "supported")]
    pub missing_row_ops: bool,
}

fn supported() -> bool {
    true
}

/// An enclosure (backplane).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Enclosure {
    /// Device id: the `E` of `[E:S]`.
    pub device_id: u16,
    /// Number of slots.
    pub slots: u16,
    /// `Enclosure type`, e.g. `SES`.
    pub kind: String,
    /// Vendor identification.
    pub vendor: String,
    /// Product identification.
    pub product: String,
    /// Product revision.
    pub revision: String,
}

/// Hot-spare assignment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hotspare {
    /// Uids of the disk groups a dedicated spare protects; empty for a global spare.
    pub dedicated: Vec<u64>,
    /// Whether the spare reverts (copyback) when the failed slot is refilled.
    pub revertible: bool,
}

/// Metadata on a drive that belongs to a configuration this controller does not own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ForeignMeta {
    /// Identity of the foreign configuration (drives with the same id form one config).
    pub config: u64,
    /// Uid of the local VD the drive came from, when it was pulled from this controller.
    pub vd_uid: Option<u64>,
    /// Uid of the local disk group the drive came from.
    pub group_uid: Option<u64>,
    /// RAID level of the foreign VD.
    pub level: RaidLevel,
    /// Target id the VD had.
    pub target: u32,
    /// Span of the drive in that VD.
    pub span: u32,
    /// Row (arm) of the drive in that span.
    pub row: u32,
    /// Rows per span.
    pub rows: u32,
    /// Number of spans.
    pub spans: u32,
    /// Strip size in KB.
    pub strip_kb: u32,
    /// VD name.
    pub name: String,
}

/// A long-running drive operation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DriveOp {
    /// Rebuild or copyback.
    pub kind: OpKind,
    /// Percent done, 0.0 to 100.0; only grows.
    pub percent: f64,
    /// Clock value when it started.
    pub started: u64,
    /// Copyback source drive.
    pub source: Option<DriveAddress>,
}

impl DriveOp {
    /// The percent the tools print while the operation runs: whole, and at most 99.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub fn shown_percent(&self) -> u32 {
        self.percent.floor().min(99.0) as u32
    }
}

/// Kind of a drive operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpKind {
    /// Rebuild onto this drive.
    Rebuild,
    /// Copyback onto this drive.
    Copyback,
}

/// A physical drive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Drive {
    /// Enclosure device id; `None` for directly attached drives (`N/A`).
    pub enclosure: Option<u16>,
    /// Slot.
    pub slot: u16,
    /// Device id (what smartctl wants).
    pub device_id: u32,
    /// SAS or SATA.
    pub pd_type: PdType,
    /// HDD or SSD.
    pub media: MediaType,
    /// Vendor (SAS inquiry).
    pub vendor: String,
    /// Model.
    pub model: String,
    /// Serial number.
    pub serial: String,
    /// Firmware level (4 characters).
    pub firmware: String,
    /// WWN (hex).
    pub wwn: String,
    /// Raw size in 512-byte sectors.
    pub raw_sectors: u64,
    /// Firmware state.
    pub state: FirmwareState,
    /// Spun up (false after prepare-for-removal or spin-down).
    pub spun_up: bool,
    /// Foreign metadata.
    pub foreign: Option<ForeignMeta>,
    /// Hot-spare assignment (state `Hotspare`).
    pub hotspare: Option<Hotspare>,
    /// Spare assignment to restore after a copyback (a spare that took over a row).
    #[serde(default)]
    pub was_spare: Option<Hotspare>,
    /// `Media Error Count`.
    pub media_errors: u64,
    /// `Other Error Count`.
    pub other_errors: u64,
    /// `Predictive Failure Count`.
    pub predictive: u64,
    /// Temperature in °C.
    pub temperature: i32,
    /// Locate LED on.
    pub locate: bool,
    /// Prepared for removal.
    pub prepared_for_removal: bool,
    /// Link speed, e.g. `6.0Gb/s`.
    pub speed: String,
    /// Running operation.
    pub op: Option<DriveOp>,
    /// What its SMART says beyond the counters above (the simulated smartctl).
    #[serde(default)]
    pub smart: crate::smartctl::SimSmart,
}

impl Drive {
    /// A hot spare dedicated to the group `group_uid`.
    pub fn is_dedicated_spare_of(&self, group_uid: u64) -> bool {
        self.state == FirmwareState::Hotspare
            && self
                .hotspare
                .as_ref()
                .is_some_and(|h| h.dedicated.contains(&group_uid))
    }

    /// `[E:S]` address.
    pub fn addr(&self) -> DriveAddress {
        DriveAddress {
            enclosure: self.enclosure,
            slot: self.slot,
        }
    }

    /// Coerced size in sectors: raw minus 512 MiB, rounded down to 128 MiB.
    pub fn coerced_sectors(&self) -> u64 {
        coerced(self.raw_sectors)
    }
}

/// Non-coerced size: raw minus 512 MiB of reserved space.
pub fn noncoerced(raw: u64) -> u64 {
    raw.saturating_sub(0x10_0000)
}

/// Coerced size (`Physical Drive Coercion Mode : 128MB`).
pub fn coerced(raw: u64) -> u64 {
    noncoerced(raw) / 0x4_0000 * 0x4_0000
}

/// LBA count of a drive of nominal capacity `gb` decimal gigabytes (IDEMA).
pub fn idema_sectors(gb: u64) -> u64 {
    if gb <= 50 {
        return gb * 1_953_125;
    }
    97_696_368 + 1_953_504 * (gb - 50)
}

/// A disk group (drive group).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiskGroup {
    /// Stable identity (array numbers and group numbers shift, this does not).
    pub uid: u64,
    /// RAID level of the group's VDs.
    pub level: RaidLevel,
    /// Spans (arrays).
    pub spans: Vec<Span>,
}

impl DiskGroup {
    /// A new group whose rows hold `spans`' drives in order (each drive's home is its row),
    /// every row expecting `size_sectors` of `pd_type`.
    pub fn from_spans(
        uid: u64,
        level: RaidLevel,
        spans: &[Vec<DriveAddress>],
        size_sectors: u64,
        pd_type: &PdType,
    ) -> Self {
        let rows = |s: &Vec<DriveAddress>| {
            s.iter()
                .map(|a| Row {
                    drive: Some(*a),
                    size_sectors,
                    pd_type: pd_type.clone(),
                    home: Some(*a),
                })
                .collect()
        };
        Self {
            uid,
            level,
            spans: spans.iter().map(|s| Span { rows: rows(s) }).collect(),
        }
    }
}

/// One span (array).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Span {
    /// Rows (arms).
    pub rows: Vec<Row>,
}

/// One row (arm) of a span.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Drive in the row; `None` when the row is missing.
    pub drive: Option<DriveAddress>,
    /// Coerced size in sectors a replacement must have.
    pub size_sectors: u64,
    /// Interface type the row's drives use.
    pub pd_type: PdType,
    /// Address the row's drive had when the row was last built; a blank drive inserted there
    /// is rebuilt (auto-rebuild) or receives a copyback from a spare.
    pub home: Option<DriveAddress>,
}

/// A virtual drive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vd {
    /// Stable identity.
    pub uid: u64,
    /// Target id.
    pub target: u32,
    /// Uid of its disk group.
    pub group_uid: u64,
    /// Name.
    pub name: String,
    /// Strip size in KB.
    pub strip_kb: u32,
    /// Write back (else write through).
    pub write_back: bool,
    /// `ReadAhead`, `ReadAheadNone` or `ReadAdaptive`.
    pub read_policy: String,
    /// Cached I/O (else Direct).
    pub cached_io: bool,
    /// Write back even with a bad BBU.
    pub cached_bad_bbu: bool,
    /// `Disk Cache Policy` text.
    pub disk_cache: String,
    /// Bad blocks (punctures) exist.
    pub bad_blocks: bool,
    /// Background initialisation in progress.
    pub bgi: Option<DriveOp>,
    /// State at the last settle (for change events); derived state is authoritative.
    pub last_state: LdState,
}

impl Vd {
    /// The block device the host sees for the VD (`/dev/sda` for target 0).
    pub fn os_device(&self) -> String {
        format!(
            "/dev/sd{}",
            char::from(b'a' + u8::try_from(self.target % 26).unwrap_or(0))
        )
    }

    /// A new virtual drive with the policies the firmware gives one it creates (write back,
    /// adaptive read ahead, direct I/O, the disks' own cache policy).
    #[must_use]
    pub fn new(uid: u64, target: u32, group_uid: u64, name: &str, strip_kb: u32) -> Self {
        Self {
            uid,
            target,
            group_uid,
            name: name.to_owned(),
            strip_kb,
            write_back: true,
            read_policy: "ReadAdaptive".to_owned(),
            cached_io: false,
            cached_bad_bbu: false,
            disk_cache: "Disk's Default".to_owned(),
            bad_blocks: false,
            bgi: None,
            last_state: LdState::Optimal,
        }
    }
}

/// Battery backup unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bbu {
    /// `BatteryType`.
    pub battery_type: String,
    /// Relative state of charge, percent.
    pub charge: f64,
    /// Learn cycle active; the value is the clock when it started.
    pub learn_started: Option<u64>,
    /// Charging.
    pub charging: bool,
    /// Replacement required (failed pack).
    pub replacement_required: bool,
    /// Full charge capacity in mAh.
    pub full_capacity: u32,
    /// Design capacity in mAh.
    pub design_capacity: u32,
    /// Temperature in °C.
    pub temperature: i32,
}

impl Bbu {
    /// `Battery State` text.
    pub fn state_text(&self) -> &'static str {
        if self.replacement_required {
            "Failed"
        } else if self.learn_started.is_some() {
            "Learning"
        } else if self.charge < 100.0 && self.charging {
            "Degraded(Charging)"
        } else if self.charge < 100.0 {
            "Degraded"
        } else {
            "Optimal"
        }
    }

    /// Whether write-back caching may stay on.
    pub fn good(&self) -> bool {
        self.state_text() == "Optimal"
    }
}

/// One event-log record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRecord {
    /// Sequence number.
    pub seq: u64,
    /// Clock value.
    pub time: u64,
    /// Seconds since the controller booted, for events logged before its clock was set:
    /// MegaCli then prints `Seconds since last reboot: N` instead of `Time:`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since_boot: Option<u64>,
    /// Event code.
    pub code: u32,
    /// Class: 0 info, 1 warning, 2 critical, 3 fatal.
    pub class: i32,
    /// Locale bitmask (0x01 VD, 0x02 PD, 0x08 BBU, 0x20 controller).
    pub locale: u32,
    /// Description.
    pub description: String,
    /// `Event Data` lines.
    pub data: Vec<(String, String)>,
}

/// A fault-injection rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaultRule {
    /// Command name (`pdlist`, `ldinfo`...) or `*` for every command.
    pub command: String,
    /// What happens.
    pub kind: FaultKind,
    /// Only the Nth call of that command (1-based); every call when `None`.
    pub on_call: Option<u64>,
}

/// Fault kinds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum FaultKind {
    /// Sleep this many milliseconds before answering.
    Latency(u64),
    /// Never answer (sleep until killed).
    Hang,
    /// Print a truncated prefix of the output and die of SIGSEGV.
    Crash,
    /// Answer normally but with this exit status (and trailer).
    Exit(u8),
    /// Mangle the output bytes.
    Garbled,
    /// Print only the framing and `Exit Code: 0x00`, do nothing (MegaCli without root).
    Empty,
}

/// Where a drive sits in the configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Index into `groups` (the DISK GROUP number).
    pub group: usize,
    /// Span inside the group.
    pub span: usize,
    /// Row inside the span.
    pub row: usize,
}

impl Adapter {
    /// The VD's SCSI NAA identifier (hex, no prefix): what storcli prints as `SCSI NAA Id`
    /// and the kernel reads as the VD's `device/wwid` (`naa.` + this).
    pub fn vd_naa(&self, vd: &Vd) -> String {
        format!(
            "6{}{:08x}",
            self.sas_address.get(1..).unwrap_or_default(),
            vd.uid
        )
    }

    /// Index of the present drive at `addr`.
    pub fn drive_index(&self, addr: DriveAddress) -> Option<usize> {
        self.drives.iter().position(|d| d.addr() == addr)
    }

    /// The present drive at `addr`.
    pub fn drive(&self, addr: DriveAddress) -> Option<&Drive> {
        self.drives.iter().find(|d| d.addr() == addr)
    }

    /// The present drive at `addr`, mutable.
    pub fn drive_mut(&mut self, addr: DriveAddress) -> Option<&mut Drive> {
        self.drives.iter_mut().find(|d| d.addr() == addr)
    }

    /// Row holding `addr`.
    pub fn position(&self, addr: DriveAddress) -> Option<Position> {
        for (g, group) in self.groups.iter().enumerate() {
            for (s, span) in group.spans.iter().enumerate() {
                for (r, row) in span.rows.iter().enumerate() {
                    if row.drive == Some(addr) {
                        return Some(Position {
                            group: g,
                            span: s,
                            row: r,
                        });
                    }
                }
            }
        }
        None
    }

    /// Global array number of a span.
    pub fn array_number(&self, group: usize, span: usize) -> u32 {
        let before: usize = self.groups.iter().take(group).map(|g| g.spans.len()).sum();
        u32::try_from(before + span).unwrap_or(u32::MAX)
    }

    /// The (group, span) of a global array number.
    pub fn array_by_number(&self, array: u32) -> Option<(usize, usize)> {
        let mut n = 0u32;
        for (g, group) in self.groups.iter().enumerate() {
            for s in 0..group.spans.len() {
                if n == array {
                    return Some((g, s));
                }
                n += 1;
            }
        }
        None
    }

    /// Group position by uid.
    pub fn group_index(&self, uid: u64) -> Option<usize> {
        self.groups.iter().position(|g| g.uid == uid)
    }

    /// Drives that sit in the enclosure with this device id.
    pub fn enclosure_drive_count(&self, device_id: u16) -> usize {
        self.drives
            .iter()
            .filter(|d| d.enclosure == Some(device_id))
            .count()
    }

    /// Drives the firmware counts as failed (`Failed` or `Unconfigured(bad)`).
    pub fn failed_drive_count(&self) -> usize {
        self.drives
            .iter()
            .filter(|d| {
                matches!(
                    d.state,
                    FirmwareState::Failed | FirmwareState::UnconfiguredBad
                )
            })
            .count()
    }

    /// The drives of a VD's group, in span and row order (missing rows left out).
    pub fn vd_members(&self, vd: &Vd) -> Vec<&Drive> {
        self.group_index(vd.group_uid)
            .and_then(|g| self.groups.get(g))
            .map(|g| {
                g.spans
                    .iter()
                    .flat_map(|s| s.rows.iter())
                    .filter_map(|r| r.drive.and_then(|a| self.drive(a)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// VDs of a group, in target order.
    pub fn group_vds(&self, uid: u64) -> Vec<&Vd> {
        let mut v: Vec<&Vd> = self.vds.iter().filter(|v| v.group_uid == uid).collect();
        v.sort_by_key(|v| v.target);
        v
    }

    /// Whether the row's member counts as healthy (Online; a copyback source stays Online).
    pub fn row_ok(&self, row: &Row) -> bool {
        row.drive
            .and_then(|a| self.drive(a))
            .is_some_and(|d| d.state == FirmwareState::Online)
    }

    /// LD state derived from the members, per RAID level (reference 1.2).
    pub fn group_state(&self, group: &DiskGroup) -> LdState {
        let tolerated = group.level.tolerated_failures_per_span().unwrap_or(0);
        let mut worst = 0u32;
        for span in &group.spans {
            let lost = span.rows.iter().filter(|r| !self.row_ok(r)).count();
            worst = worst.max(u32::try_from(lost).unwrap_or(u32::MAX));
        }
        if worst == 0 {
            LdState::Optimal
        } else if worst > tolerated {
            LdState::Offline
        } else if tolerated == 2 && worst == 1 {
            LdState::PartiallyDegraded
        } else {
            LdState::Degraded
        }
    }

    /// Derived state of a VD.
    pub fn vd_state(&self, vd: &Vd) -> LdState {
        match self.group_index(vd.group_uid) {
            Some(g) => self.group_state(&self.groups[g]),
            None => LdState::Offline,
        }
    }

    /// Coerced size of the smallest row of a group.
    pub fn member_sectors(&self, group: &DiskGroup) -> u64 {
        group
            .spans
            .iter()
            .flat_map(|s| s.rows.iter())
            .map(|r| r.size_sectors)
            .min()
            .unwrap_or(0)
    }

    /// How many VDs share the group `uid`'s capacity (at least one).
    pub fn vds_sharing(&self, uid: u64) -> u64 {
        self.vds
            .iter()
            .filter(|v| v.group_uid == uid)
            .count()
            .max(1) as u64
    }

    /// Size of each VD carved from a group: the group's data capacity split evenly.
    pub fn vd_sectors(&self, vd: &Vd) -> u64 {
        let Some(g) = self.group_index(vd.group_uid) else {
            return 0;
        };
        let group = &self.groups[g];
        data_sectors(&group.level, group, self.member_sectors(group))
            / self.vds_sharing(vd.group_uid)
    }

    /// Current write policy after BBU fallback.
    pub fn effective_write_back(&self, vd: &Vd) -> bool {
        vd.write_back && (vd.cached_bad_bbu || self.bbu.as_ref().is_some_and(Bbu::good))
    }

    /// Allocates a uid.
    pub fn uid(&mut self) -> u64 {
        self.next_uid += 1;
        self.next_uid
    }
}

/// Data capacity of a group.
pub fn data_sectors(level: &RaidLevel, group: &DiskGroup, member: u64) -> u64 {
    let spans = group.spans.len() as u64;
    let per = group.spans.first().map_or(0, |s| s.rows.len()) as u64;
    let data_per_span = match level {
        RaidLevel::Raid0 | RaidLevel::Raid00 => per,
        RaidLevel::Raid1 => 1,
        RaidLevel::Raid10 => per / 2,
        RaidLevel::Raid5 | RaidLevel::Raid50 => per.saturating_sub(1),
        RaidLevel::Raid6 | RaidLevel::Raid60 => per.saturating_sub(2),
        RaidLevel::Unknown(_) => per,
    };
    member * data_per_span * spans
}

/// Redundancy (parity or mirror) capacity of a group.
pub fn redundancy_sectors(level: &RaidLevel, group: &DiskGroup, member: u64) -> u64 {
    let spans = group.spans.len() as u64;
    match level {
        RaidLevel::Raid1 | RaidLevel::Raid10 => data_sectors(level, group, member),
        RaidLevel::Raid5 | RaidLevel::Raid50 => member * spans,
        RaidLevel::Raid6 | RaidLevel::Raid60 => 2 * member * spans,
        _ => 0,
    }
}

/// Firmware code of a PD state as event texts print it (hex, no padding).
pub fn pd_state_code(state: &FirmwareState) -> (&'static str, u32) {
    match state {
        FirmwareState::UnconfiguredGood => ("UNCONFIGURED_GOOD", 0x00),
        FirmwareState::UnconfiguredBad => ("UNCONFIGURED_BAD", 0x01),
        FirmwareState::Hotspare => ("HOT_SPARE", 0x02),
        FirmwareState::Offline => ("OFFLINE", 0x10),
        FirmwareState::Failed => ("FAILED", 0x11),
        FirmwareState::Rebuild => ("REBUILD", 0x14),
        FirmwareState::Online => ("ONLINE", 0x18),
        FirmwareState::Copyback => ("COPYBACK", 0x20),
        FirmwareState::Jbod => ("SYSTEM", 0x40),
        FirmwareState::Unknown(_) => ("UNKNOWN", 0xff),
    }
}

/// Event name and code of an LD state.
pub fn ld_state_code(state: &LdState) -> (&'static str, u32) {
    match state {
        LdState::Offline => ("OFFLINE", 0),
        LdState::PartiallyDegraded => ("PARTIALLY DEGRADED", 1),
        LdState::Degraded => ("DEGRADED", 2),
        LdState::Optimal => ("OPTIMAL", 3),
        LdState::Unknown(_) => ("UNKNOWN", 0xff),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_megacli_arithmetic() {
        // 600 GB SAS drives print `Coerced Size: 558.375 GB`.
        let raw = idema_sectors(600);
        assert_eq!(raw, 1_172_123_568);
        assert_eq!(coerced(raw) * 512 / (1 << 20), 571_776);
        assert_eq!(idema_sectors(300), 586_072_368);
    }
}
