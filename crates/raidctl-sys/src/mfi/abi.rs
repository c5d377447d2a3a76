//! The MFI management ABI: DCMD payload layouts, firmware status codes and state codes.
//!
//! The layouts are an ABI, re-derived here from the public field lists and offsets of FreeBSD's
//! `sys/dev/mfi/mfireg.h` (BSD-2; also the base of QEMU's `hw/scsi/mfi.h`), cross-checked
//! against the field names of Linux's `drivers/scsi/megaraid/megaraid_sas.h` and OpenBSD's
//! `sys/dev/ic/mfireg.h`. No header text is copied: every struct is written from the field
//! list, and every size is asserted at compile time so a layout mistake cannot build.
//!
//! All multi-byte fields are little-endian on the wire; the structs use native integers, so
//! the native backend is built for little-endian hosts only (x86_64, aarch64), which is where
//! `megaraid_sas` runs.

use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

/// Sizes the ABI fixes; a wrong one fails the build.
macro_rules! assert_size {
    ($t:ty, $n:expr) => {
        const _: () = assert!(std::mem::size_of::<$t>() == $n);
    };
}

#[cfg(not(target_endian = "little"))]
compile_error!("the native MFI backend decodes little-endian payloads with native integers");

/// Firmware status of a frame (`MFI_STAT_*`).
pub mod status {
    /// Command completed.
    pub const OK: u8 = 0x00;
    /// Frame type not supported.
    pub const INVALID_CMD: u8 = 0x01;
    /// DCMD opcode not supported.
    pub const INVALID_DCMD: u8 = 0x02;
    /// A parameter (often the buffer size) is not acceptable.
    pub const INVALID_PARAMETER: u8 = 0x03;
    /// Sequence number mismatch.
    pub const INVALID_SEQUENCE_NUMBER: u8 = 0x04;
    /// The addressed device does not exist.
    pub const DEVICE_NOT_FOUND: u8 = 0x0c;
    /// Firmware busy.
    pub const BUSY: u8 = 0x2d;
    /// What the frame holds before the firmware answers; still there afterwards means the
    /// firmware never completed the frame.
    pub const NOT_ANSWERED: u8 = 0xff;

    /// A name for messages.
    pub fn name(s: u8) -> &'static str {
        match s {
            OK => "OK",
            INVALID_CMD => "INVALID_CMD",
            INVALID_DCMD => "INVALID_DCMD",
            INVALID_PARAMETER => "INVALID_PARAMETER",
            INVALID_SEQUENCE_NUMBER => "INVALID_SEQUENCE_NUMBER",
            DEVICE_NOT_FOUND => "DEVICE_NOT_FOUND",
            BUSY => "BUSY",
            NOT_ANSWERED => "NOT_ANSWERED",
            _ => "MFI_STAT",
        }
    }
}

/// Physical drive firmware states (`MFI_PD_STATE_*`).
pub mod pd_state {
    /// Unconfigured(good).
    pub const UNCONFIGURED_GOOD: u16 = 0x00;
    /// Unconfigured(bad).
    pub const UNCONFIGURED_BAD: u16 = 0x01;
    /// Hot spare.
    pub const HOT_SPARE: u16 = 0x02;
    /// Offline.
    pub const OFFLINE: u16 = 0x10;
    /// Failed.
    pub const FAILED: u16 = 0x11;
    /// Rebuild.
    pub const REBUILD: u16 = 0x14;
    /// Online.
    pub const ONLINE: u16 = 0x18;
    /// Copyback.
    pub const COPYBACK: u16 = 0x20;
    /// JBOD (`SYSTEM`).
    pub const SYSTEM: u16 = 0x40;
}

/// Logical drive states (`MFI_LD_STATE_*`).
pub mod ld_state {
    /// Offline.
    pub const OFFLINE: u8 = 0;
    /// Partially degraded.
    pub const PARTIALLY_DEGRADED: u8 = 1;
    /// Degraded.
    pub const DEGRADED: u8 = 2;
    /// Optimal.
    pub const OPTIMAL: u8 = 3;
}

/// `hw_present` bits of the controller info.
pub mod hw {
    /// A battery backup unit is fitted.
    pub const BBU: u32 = 1 << 0;
    /// A buzzer is fitted.
    pub const ALARM: u32 = 1 << 1;
    /// NVRAM.
    pub const NVRAM: u32 = 1 << 2;
    /// UART.
    pub const UART: u32 = 1 << 3;
    /// Cache memory.
    pub const MEM: u32 = 1 << 4;
    /// Flash.
    pub const FLASH: u32 = 1 << 5;
}

/// DDF type bits of a physical drive (`MFI_PD_DDF_TYPE_*`).
pub mod ddf {
    /// Member of a VD.
    pub const IN_VD: u16 = 1 << 1;
    /// Global hot spare.
    pub const GLOBAL_SPARE: u16 = 1 << 2;
    /// Any hot spare.
    pub const SPARE: u16 = 1 << 3;
    /// Carries a foreign configuration.
    pub const FOREIGN: u16 = 1 << 4;
    /// SAS interface.
    pub const INTF_SAS: u16 = 1 << 13;
    /// SATA 1.5 Gb/s interface.
    pub const INTF_SATA1: u16 = 1 << 14;
    /// SATA 3 Gb/s interface.
    pub const INTF_SATA3G: u16 = 1 << 15;
}

/// LD cache policy bits (`MR_LD_CACHE_*`).
pub mod cache {
    /// Write back.
    pub const WRITE_BACK: u8 = 0x01;
    /// Read ahead.
    pub const READ_AHEAD: u8 = 0x04;
    /// Adaptive read ahead.
    pub const READ_ADAPTIVE: u8 = 0x08;
    /// Keep write back with a bad battery.
    pub const WRITE_CACHE_BAD_BBU: u8 = 0x10;
    /// Cached I/O: writes may be cached.
    pub const ALLOW_WRITE_CACHE: u8 = 0x20;
    /// Cached I/O: reads may be cached.
    pub const ALLOW_READ_CACHE: u8 = 0x40;
}

/// BBU firmware status bits (`MFI_BBU_STATE_*`).
pub mod bbu {
    /// Battery pack missing.
    pub const PACK_MISSING: u32 = 1 << 0;
    /// Voltage low.
    pub const VOLTAGE_LOW: u32 = 1 << 1;
    /// Temperature high.
    pub const TEMPERATURE_HIGH: u32 = 1 << 2;
    /// Charging.
    pub const CHARGE_ACTIVE: u32 = 1 << 3;
    /// Discharging.
    pub const DISCHARGE_ACTIVE: u32 = 1 << 4;
    /// Learn cycle requested.
    pub const LEARN_CYC_REQ: u32 = 1 << 5;
    /// Learn cycle running.
    pub const LEARN_CYC_ACTIVE: u32 = 1 << 6;
    /// Learn cycle failed.
    pub const LEARN_CYC_FAIL: u32 = 1 << 7;
    /// Replace the pack.
    pub const REPLACE_PACK: u32 = 1 << 10;
    /// Remaining capacity low.
    pub const CAPACITY_LOW: u32 = 1 << 11;
    /// Battery types (`battery_type`).
    pub const TYPE_NONE: u8 = 0;
    /// iBBU (gas gauge detail layout).
    pub const TYPE_IBBU: u8 = 1;
    /// BBU/CacheVault (state-of-health detail layout).
    pub const TYPE_BBU: u8 = 2;
}

/// Bits of [`PdProgress::active`] and [`LdProgress::active`].
pub mod progress {
    /// PD: rebuild running.
    pub const PD_REBUILD: u32 = 1 << 0;
    /// PD: patrol read running.
    pub const PD_PATROL: u32 = 1 << 1;
    /// PD: clear running.
    pub const PD_CLEAR: u32 = 1 << 2;
    /// PD: copyback running (no progress field carries its percentage).
    pub const PD_COPYBACK: u32 = 1 << 3;
    /// LD: consistency check running.
    pub const LD_CC: u32 = 1 << 0;
    /// LD: background initialisation running.
    pub const LD_BGI: u32 = 1 << 1;
    /// LD: foreground initialisation running.
    pub const LD_FGI: u32 = 1 << 2;
    /// LD: reconstruction running.
    pub const LD_RECON: u32 = 1 << 3;
}

/// Spare type bits of [`Spare::spare_type`].
pub mod spare {
    /// Dedicated to the listed arrays.
    pub const DEDICATED: u8 = 1 << 0;
    /// Reverts (copyback) when the failed slot is refilled.
    pub const REVERTIBLE: u8 = 1 << 1;
}

/// Device id of an empty (missing) array row and of "no enclosure".
pub const NO_DEVICE: u16 = 0xffff;

/// PCI identity (`mfi_info_pci`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct InfoPci {
    pub vendor: u16,
    pub device: u16,
    pub subvendor: u16,
    pub subdevice: u16,
    pub reserved: [u8; 24],
}
assert_size!(InfoPci, 32);

/// Host or device interface ports (`mfi_info_host`, `mfi_info_device`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct InfoPorts {
    pub kind: u8,
    pub reserved: [u8; 6],
    pub port_count: u8,
    pub port_addr: [u64; 8],
}
assert_size!(InfoPorts, 72);

/// One firmware image component (`mfi_info_component`): name, version, build date and time.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct InfoComponent {
    pub name: [u8; 8],
    pub version: [u8; 32],
    pub build_date: [u8; 16],
    pub build_time: [u8; 16],
}
assert_size!(InfoComponent, 72);

/// Controller properties (`mfi_ctrl_props`), embedded in [`CtrlInfo`].
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct CtrlProps {
    pub seq_num: u16,
    pub pred_fail_poll_interval: u16,
    pub intr_throttle_cnt: u16,
    pub intr_throttle_timeout: u16,
    pub rebuild_rate: u8,
    pub patrol_read_rate: u8,
    pub bgi_rate: u8,
    pub cc_rate: u8,
    pub recon_rate: u8,
    pub cache_flush_interval: u8,
    pub spinup_drv_cnt: u8,
    pub spinup_delay: u8,
    pub cluster_enable: u8,
    pub coercion_mode: u8,
    pub alarm_enable: u8,
    pub disable_auto_rebuild: u8,
    pub disable_battery_warn: u8,
    pub ecc_bucket_size: u8,
    pub ecc_bucket_leak_rate: u16,
    pub restore_hotspare_on_insertion: u8,
    pub expose_encl_devices: u8,
    pub maintain_pd_fail_history: u8,
    pub disallow_host_request_reordering: u8,
    pub abort_cc_on_error: u8,
    pub load_balance_mode: u8,
    pub disable_auto_detect_backplane: u8,
    pub snap_vd_space: u8,
    /// Bit 0 copyback disabled, bit 13 JBOD enabled.
    pub on_off_properties: u32,
    pub auto_snap_vd_space: u8,
    pub view_space: u8,
    pub spin_down_time: u16,
    pub reserved: [u8; 24],
}
assert_size!(CtrlProps, 64);

/// [`CtrlProps::on_off_properties`]: copyback disabled.
pub const ONOFF_COPYBACK_DISABLED: u32 = 1 << 0;
/// [`CtrlProps::on_off_properties`]: JBOD enabled.
pub const ONOFF_JBOD_ENABLED: u32 = 1 << 13;

/// `CTRL_GET_INFO` payload (`mfi_ctrl_info`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct CtrlInfo {
    pub pci: InfoPci,
    pub host: InfoPorts,
    pub device: InfoPorts,
    pub image_check_word: u32,
    pub image_component_count: u32,
    pub image_component: [InfoComponent; 8],
    pub pending_image_component_count: u32,
    pub pending_image_component: [InfoComponent; 8],
    pub max_arms: u8,
    pub max_spans: u8,
    pub max_arrays: u8,
    pub max_lds: u8,
    pub product_name: [u8; 80],
    pub serial_number: [u8; 32],
    pub hw_present: u32,
    pub current_fw_time: u32,
    pub max_cmds: u16,
    pub max_sg_elements: u16,
    pub max_request_size: u32,
    pub lds_present: u16,
    pub lds_degraded: u16,
    pub lds_offline: u16,
    pub pd_present: u16,
    pub pd_disks_present: u16,
    pub pd_disks_pred_failure: u16,
    pub pd_disks_failed: u16,
    pub nvram_size: u16,
    /// Cache memory in MB.
    pub memory_size: u16,
    pub flash_size: u16,
    pub ram_correctable_errors: u16,
    pub ram_uncorrectable_errors: u16,
    pub cluster_allowed: u8,
    pub cluster_active: u8,
    pub max_strips_per_io: u16,
    pub raid_levels: u32,
    pub adapter_ops: u32,
    pub ld_ops: u32,
    pub stripe_sz_ops: [u8; 4],
    pub pd_ops: u32,
    pub pd_mix_support: u32,
    pub ecc_bucket_count: u8,
    pub reserved2: [u8; 11],
    pub properties: CtrlProps,
    pub package_version: [u8; 96],
    pub reserved3: [u8; 352],
}
assert_size!(CtrlInfo, 2048);

/// Header of `PD_GET_LIST` (`mfi_pd_list`): `size` is the whole payload in bytes.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct ListHeader {
    pub size: u32,
    pub count: u32,
}
assert_size!(ListHeader, 8);

/// One `PD_GET_LIST` entry (`mfi_pd_address`). Enclosures (SES, type 0x0d) are listed too.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct PdAddress {
    pub device_id: u16,
    pub encl_device_id: u16,
    pub encl_index: u8,
    pub slot_number: u8,
    /// SCSI peripheral device type: 0 disk, 0x0d enclosure.
    pub scsi_dev_type: u8,
    pub connect_port_bitmap: u8,
    pub sas_addr: [u64; 2],
}
assert_size!(PdAddress, 24);

/// Progress of one operation (`mfi_progress`): `progress` is a fraction of 0xffff.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, Default, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct Progress {
    pub progress: u16,
    pub elapsed_seconds: u16,
}
assert_size!(Progress, 4);

/// Drive operations in progress (`mfi_pd_progress`), in [`PdInfo`] and `PD_GET_PROGRESS`.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct PdProgress {
    pub active: u32,
    pub rbld: Progress,
    pub patrol: Progress,
    pub clear: Progress,
    pub reserved: [Progress; 4],
}
assert_size!(PdProgress, 32);

/// Multipath information of a drive.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct PathInfo {
    pub count: u8,
    pub is_path_broken: u8,
    pub reserved: [u8; 6],
    pub sas_addr: [u64; 4],
}
assert_size!(PathInfo, 40);

/// `PD_GET_INFO` payload (`mfi_pd_info`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct PdInfo {
    pub device_id: u16,
    pub seq_num: u16,
    pub inquiry_data: [u8; 96],
    pub vpd_page83: [u8; 64],
    pub not_supported: u8,
    pub scsi_dev_type: u8,
    pub connected_port_bitmap: u8,
    /// 0 unknown, 1 1.5 Gb/s, 2 3 Gb/s, 3 6 Gb/s, 4 12 Gb/s.
    pub device_speed: u8,
    pub media_err_count: u32,
    pub other_err_count: u32,
    pub pred_fail_count: u32,
    pub last_pred_fail_event_seq_num: u32,
    /// One of [`pd_state`].
    pub fw_state: u16,
    pub disabled_for_removal: u8,
    pub link_speed: u8,
    /// [`ddf`] bits.
    pub ddf_type: u16,
    pub ddf_reserved: u16,
    pub path_info: PathInfo,
    /// Sizes in 512-byte blocks.
    pub raw_size: u64,
    pub non_coerced_size: u64,
    pub coerced_size: u64,
    pub encl_device_id: u16,
    pub encl_index: u8,
    pub slot_number: u8,
    pub prog_info: PdProgress,
    pub bad_block_table_full: u8,
    pub unusable_in_current_config: u8,
    pub vpd_page83_ext: [u8; 64],
    pub reserved: [u8; 154],
}
assert_size!(PdInfo, 512);

/// One `LD_GET_LIST` entry: target id, state and size in blocks.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdListEntry {
    pub target_id: u8,
    pub reserved: u8,
    pub seq: u16,
    pub state: u8,
    pub reserved2: [u8; 3],
    pub size: u64,
}
assert_size!(LdListEntry, 16);

/// Header of `LD_GET_LIST` (`mfi_ld_list`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdListHeader {
    pub ld_count: u32,
    pub reserved: u32,
}
assert_size!(LdListHeader, 8);

/// Entries of the legacy LD list (firmware and QEMU reject larger buffers).
pub const LD_LIST_LEGACY: usize = 64;
/// Entries of the extended LD list (firmware supporting 256 VDs; `mbox[0] = 1`).
pub const LD_LIST_EXT: usize = 256;

/// LD properties (`mfi_ld_props`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdProps {
    pub target_id: u8,
    pub reserved0: u8,
    pub seq: u16,
    pub name: [u8; 16],
    pub default_cache_policy: u8,
    /// 0 read/write, 2 read only, 3 blocked.
    pub access_policy: u8,
    /// 0 disk's default, 1 enabled, 2 disabled.
    pub disk_cache_policy: u8,
    pub current_cache_policy: u8,
    pub no_bgi: u8,
    pub reserved: [u8; 7],
}
assert_size!(LdProps, 32);

/// LD parameters (`mfi_ld_params`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdParams {
    pub primary_raid_level: u8,
    pub raid_level_qualifier: u8,
    pub secondary_raid_level: u8,
    /// Strip size is `512 << stripe_size` bytes.
    pub stripe_size: u8,
    /// Drives per span.
    pub num_drives: u8,
    pub span_depth: u8,
    pub state: u8,
    pub init_state: u8,
    pub is_consistent: u8,
    pub reserved: [u8; 23],
}
assert_size!(LdParams, 32);

/// One span of an LD (`mfi_span`): which array holds it.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdSpan {
    pub start_block: u64,
    pub num_blocks: u64,
    pub array_ref: u16,
    pub reserved: [u8; 6],
}
assert_size!(LdSpan, 24);

/// Spans per LD in the config layout.
pub const MAX_SPAN_DEPTH: usize = 8;

/// An LD's configuration (`mfi_ld_config`), in `LD_GET_INFO` and `CFG_READ`.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdConfig {
    pub properties: LdProps,
    pub params: LdParams,
    pub span: [LdSpan; MAX_SPAN_DEPTH],
}
assert_size!(LdConfig, 256);

/// LD operations in progress (`mfi_ld_progress`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdProgress {
    pub active: u32,
    pub cc: Progress,
    pub bgi: Progress,
    pub fgi: Progress,
    pub recon: Progress,
    pub reserved: [Progress; 4],
}
assert_size!(LdProgress, 36);

/// `LD_GET_INFO` payload (`mfi_ld_info`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct LdInfo {
    pub ld_config: LdConfig,
    /// Size in blocks.
    pub size: u64,
    pub progress: LdProgress,
    pub cluster_owner: u16,
    pub reconstruct_active: u8,
    pub reserved1: u8,
    pub vpd_page83: [u8; 64],
    pub reserved2: [u8; 16],
}
assert_size!(LdInfo, 384);

/// Header of `CFG_READ` and foreign display (`mfi_config_data`); arrays, LDs and spares follow
/// in that order, each `*_size` bytes long.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct ConfigHeader {
    pub size: u32,
    pub array_count: u16,
    pub array_size: u16,
    pub log_drv_count: u16,
    pub log_drv_size: u16,
    pub spares_count: u16,
    pub spares_size: u16,
    pub reserved: [u8; 16],
}
assert_size!(ConfigHeader, 32);

/// One row of an array: the drive (or [`NO_DEVICE`] for a missing row) and its state.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct ArrayRow {
    pub device_id: u16,
    pub seq_num: u16,
    pub fw_state: u16,
    pub encl_index: u8,
    pub slot: u8,
}
assert_size!(ArrayRow, 8);

/// Rows per array in the config layout.
pub const MAX_ROW_SIZE: usize = 32;

/// One array (span of drives, `mfi_array`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct Array {
    /// Size each row uses, in blocks.
    pub size: u64,
    pub num_drives: u8,
    pub reserved: u8,
    pub array_ref: u16,
    pub pad: [u8; 20],
    pub pd: [ArrayRow; MAX_ROW_SIZE],
}
assert_size!(Array, 288);

/// Arrays a spare can be dedicated to.
pub const MAX_SPARE_ARRAYS: usize = 16;

/// One hot spare (`mfi_spare`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct Spare {
    pub device_id: u16,
    pub seq_num: u16,
    /// [`spare`] bits.
    pub spare_type: u8,
    pub reserved: [u8; 2],
    pub array_count: u8,
    pub array_ref: [u16; MAX_SPARE_ARRAYS],
}
assert_size!(Spare, 40);

/// Foreign configurations found (`CFG_FOREIGN_SCAN`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct ForeignScan {
    pub count: u32,
    pub guid: [[u8; 24]; 8],
}
assert_size!(ForeignScan, 196);

/// `BBU_GET_STATUS` payload (`mfi_bbu_status`); `detail` is [`IbbuDetail`] or [`BbuDetail`]
/// by `battery_type`.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct BbuStatus {
    pub battery_type: u8,
    pub reserved: u8,
    /// mV.
    pub voltage: u16,
    /// mA.
    pub current: i16,
    /// °C.
    pub temperature: u16,
    /// [`bbu`] bits.
    pub fw_status: u32,
    pub pad: [u8; 20],
    pub detail: [u8; 32],
}
assert_size!(BbuStatus, 64);

/// iBBU detail (`mfi_ibbu_state`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct IbbuDetail {
    pub gas_guage_status: u16,
    pub relative_charge: u16,
    pub charger_system_state: u16,
    pub charger_system_ctrl: u16,
    pub charging_current: u16,
    pub absolute_charge: u16,
    pub max_error: u16,
    pub reserved: [u8; 18],
}
assert_size!(IbbuDetail, 32);

/// BBU/CacheVault detail (`mfi_bbu_state`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct BbuDetail {
    pub gas_guage_status: u16,
    pub relative_charge: u16,
    pub charger_status: u16,
    pub remaining_capacity: u16,
    pub full_charge_capacity: u16,
    pub is_soh_good: u8,
    pub reserved: [u8; 21],
}
assert_size!(BbuDetail, 32);

/// `BBU_GET_CAPACITY_INFO` payload (`mfi_bbu_capacity_info`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct BbuCapacity {
    pub relative_charge: u16,
    pub absolute_charge: u16,
    pub remaining_capacity: u16,
    pub full_charge_capacity: u16,
    pub run_time_to_empty: u16,
    pub average_time_to_empty: u16,
    pub average_time_to_full: u16,
    pub cycle_count: u16,
    pub max_error: u16,
    pub remaining_capacity_alarm: u16,
    pub remaining_time_alarm: u16,
    pub reserved: [u8; 26],
}
assert_size!(BbuCapacity, 48);

/// `BBU_GET_DESIGN_INFO` payload (`mfi_bbu_design_info`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct BbuDesign {
    pub mfg_date: u32,
    pub design_capacity: u16,
    pub design_voltage: u16,
    pub spec_info: u16,
    pub serial_number: u16,
    pub pack_stat_config: u16,
    pub mfg_name: [u8; 12],
    pub device_name: [u8; 8],
    pub device_chemistry: [u8; 8],
    pub mfg_data: [u8; 8],
    pub reserved: [u8; 17],
}
assert_size!(BbuDesign, 67);

/// `CTRL_EVENT_GETINFO` payload (`mfi_evt_log_state`).
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct EventLogState {
    pub newest_seq_num: u32,
    pub oldest_seq_num: u32,
    pub clear_seq_num: u32,
    pub shutdown_seq_num: u32,
    pub boot_seq_num: u32,
}
assert_size!(EventLogState, 20);

/// One event (`mfi_evt_detail`). `time` counts seconds since 2000-01-01 UTC, or, with the top
/// byte 0xff, seconds since power-on in the low 24 bits.
#[repr(C, packed)]
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[allow(missing_docs)]
pub struct EventDetail {
    pub seq: u32,
    pub time: u32,
    pub code: u32,
    pub locale: u16,
    pub reserved: u8,
    /// -2 progress, -1 debug, 0 info, 1 warning, 2 critical, 3 fatal, 4 dead.
    pub class: i8,
    pub arg_type: u8,
    pub reserved1: [u8; 15],
    pub args: [u8; 96],
    pub description: [u8; 128],
}
assert_size!(EventDetail, 256);

/// Seconds from the Unix epoch to the firmware's epoch (2000-01-01 UTC).
pub const FW_EPOCH_UNIX: i64 = 946_684_800;

/// Header of `CTRL_EVENT_GET` (`mfi_evt_list`).
pub type EventListHeader = LdListHeader;

/// A NUL-padded ASCII field as text (bytes after the first NUL dropped, trimmed).
pub fn text(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).trim().to_owned()
}

/// Writes `s` into a fixed NUL-padded field (cut to fit, always NUL-terminated when shorter).
pub fn put_text(field: &mut [u8], s: &str) {
    field.fill(0);
    let b = s.as_bytes();
    let n = b.len().min(field.len());
    field[..n].copy_from_slice(&b[..n]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    /// Offsets the QEMU guest run confirmed or that mfiutil's output depends on.
    #[test]
    fn offsets_match_the_public_layouts() {
        assert_eq!(offset_of!(CtrlInfo, image_component), 184);
        assert_eq!(offset_of!(CtrlInfo, max_arms), 1340);
        assert_eq!(offset_of!(CtrlInfo, product_name), 1344);
        assert_eq!(offset_of!(CtrlInfo, serial_number), 1424);
        assert_eq!(offset_of!(CtrlInfo, hw_present), 1456);
        assert_eq!(offset_of!(CtrlInfo, lds_present), 1472);
        assert_eq!(offset_of!(CtrlInfo, pd_present), 1478);
        assert_eq!(offset_of!(CtrlInfo, memory_size), 1488);
        assert_eq!(offset_of!(CtrlInfo, properties), 1536);
        assert_eq!(offset_of!(CtrlInfo, package_version), 1600);
        assert_eq!(offset_of!(CtrlProps, on_off_properties), 32);
        assert_eq!(offset_of!(PdInfo, fw_state), 184);
        assert_eq!(offset_of!(PdInfo, raw_size), 232);
        assert_eq!(offset_of!(PdInfo, encl_device_id), 256);
        assert_eq!(offset_of!(PdInfo, prog_info), 260);
        assert_eq!(offset_of!(LdInfo, size), 256);
        assert_eq!(offset_of!(Array, pd), 32);
        assert_eq!(offset_of!(EventDetail, description), 128);
    }

    #[test]
    fn qemu_sizes_add_up() {
        // QEMU answered PD_GET_LIST with size 80 for 3 drives and CFG_READ with 1664 bytes
        // for 3 arrays and 3 LDs.
        assert_eq!(8 + 3 * std::mem::size_of::<PdAddress>(), 80);
        assert_eq!(
            32 + 3 * std::mem::size_of::<Array>() + 3 * std::mem::size_of::<LdConfig>(),
            1664
        );
        assert_eq!(
            8 + LD_LIST_LEGACY * std::mem::size_of::<LdListEntry>(),
            1032
        );
        assert_eq!(8 + LD_LIST_EXT * std::mem::size_of::<LdListEntry>(), 4104);
    }

    #[test]
    fn text_fields() {
        let mut f = [0xa5u8; 8];
        put_text(&mut f, "APP");
        assert_eq!(text(&f), "APP");
        put_text(&mut f, "0123456789");
        assert_eq!(text(&f), "01234567");
    }
}
