//! SMART of one drive as smartctl reported it: the data raidctl's `smart` module reads,
//! caches and attaches to each [`crate::PhysicalDrive`] (the parser is
//! `raidctl_parse::smartctl`).

use serde::{Deserialize, Serialize};

/// What smartctl said about one drive.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Smart {
    /// smartctl answered with SMART data (exit bits 0-1 clear, JSON parsed, in time).
    pub read_success: bool,
    /// Why the read failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// smartctl's exit status (a bitmask, smartctl(8) RETURN VALUES).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<i32>,
    /// When it was read (Unix time).
    pub read_at_unix: u64,
    /// `ATA`, `SCSI` or `NVMe`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// Serial number smartctl read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serial: Option<String>,
    /// Overall health: `false` is FAILED (a SMART trip).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<bool>,
    /// Temperature now, °C.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature_c: Option<i64>,
    /// The drive's own trip point (SCSI `drive_trip`, ATA SCT `limit_max`/`op_limit_max`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature_trip_c: Option<i64>,
    /// Power-on hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_on_hours: Option<u64>,
    /// SSD wear: percentage of rated life used (may exceed 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percentage_used: Option<u64>,
    /// ATA 5 Reallocated_Sector_Ct (raw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reallocated_sectors: Option<u64>,
    /// ATA 197 Current_Pending_Sector (raw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_sectors: Option<u64>,
    /// ATA 198 Offline_Uncorrectable (raw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offline_uncorrectable: Option<u64>,
    /// ATA 187 Reported_Uncorrect (raw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_uncorrect: Option<u64>,
    /// SCSI grown defect list entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grown_defects: Option<u64>,
    /// SCSI error counter logs: uncorrected read + write + verify errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uncorrected_errors: Option<u64>,
    /// Last self-test: `true` completed without error, `false` failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_test_passed: Option<bool>,
    /// Last self-test result as smartctl words it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_test: Option<String>,
    /// Counters that grew since the previous successful read (`reallocated 3 -> 5`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grew: Vec<String>,
}

impl Smart {
    /// A read that failed, saying why.
    pub fn failed(error: String, exit_status: Option<i32>, now: u64) -> Self {
        Self {
            read_success: false,
            error: Some(error),
            exit_status,
            read_at_unix: now,
            ..Self::default()
        }
    }
}
