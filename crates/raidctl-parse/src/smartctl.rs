//! `smartctl -x -j` output (smartmontools 7 or later) into [`Smart`]: pure, the running of
//! smartctl, its cache and its deadlines are raidctl's `smart` module.

use raidctl_model::Smart;
use serde_json::Value;
use std::collections::BTreeMap;

fn int(v: &Value, ptr: &str) -> Option<i64> {
    v.pointer(ptr).and_then(Value::as_i64)
}

fn uint(v: &Value, ptr: &str) -> Option<u64> {
    v.pointer(ptr).and_then(Value::as_u64)
}

fn text(v: &Value, ptr: &str) -> Option<String> {
    v.pointer(ptr)
        .and_then(Value::as_str)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// Parses `smartctl -x -j` output; `status` is the process exit status when it exited.
/// Exit bits 0-1 (command line, device open) or output that is not smartctl's JSON make a
/// failed read; the other bits are findings kept in `exit_status`.
pub fn parse(stdout: &[u8], status: Option<i32>, now: u64) -> Smart {
    let v: Value = match serde_json::from_slice(stdout) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            return Smart::failed("smartctl output is not a JSON object".into(), status, now);
        }
        Err(e) => {
            return Smart::failed(
                format!(
                    "smartctl output is not JSON ({e}; exit status {}); smartmontools 7 or later needed",
                    status.map_or_else(|| "?".into(), |s| s.to_string())
                ),
                status,
                now,
            );
        }
    };
    let exit = int(&v, "/smartctl/exit_status")
        .and_then(|e| i32::try_from(e).ok())
        .or(status);
    if exit.is_some_and(|e| e & 0b11 != 0) {
        let why = v
            .pointer("/smartctl/messages")
            .and_then(Value::as_array)
            .and_then(|m| m.iter().find_map(|x| text(x, "/string")))
            .unwrap_or_else(|| "no message".into());
        return Smart::failed(
            format!(
                "smartctl could not read the drive (exit status {:#x}): {why}",
                exit.unwrap_or(0)
            ),
            exit,
            now,
        );
    }
    let mut s = Smart {
        read_success: true,
        exit_status: exit,
        read_at_unix: now,
        protocol: text(&v, "/device/protocol"),
        serial: text(&v, "/serial_number"),
        passed: v.pointer("/smart_status/passed").and_then(Value::as_bool),
        temperature_c: int(&v, "/temperature/current"),
        temperature_trip_c: int(&v, "/temperature/drive_trip")
            .or_else(|| int(&v, "/temperature/limit_max"))
            .or_else(|| int(&v, "/temperature/op_limit_max")),
        power_on_hours: uint(&v, "/power_on_time/hours"),
        grown_defects: uint(&v, "/scsi_grown_defect_list"),
        ..Smart::default()
    };
    // Exit bit 3: "SMART status check returned DISK FAILING".
    if exit.is_some_and(|e| e & 0b1000 != 0) {
        s.passed = Some(false);
    }
    // ATA attributes.
    let mut wear_attr: BTreeMap<i64, u64> = BTreeMap::new();
    if let Some(table) = v
        .pointer("/ata_smart_attributes/table")
        .and_then(Value::as_array)
    {
        for a in table {
            let Some(id) = int(a, "/id") else { continue };
            let raw = uint(a, "/raw/value");
            match id {
                5 => s.reallocated_sectors = raw,
                187 => s.reported_uncorrect = raw,
                197 => s.pending_sectors = raw,
                198 => s.offline_uncorrectable = raw,
                // Normalised life left (100 new): Wear_Leveling_Count, SSD_Life_Left,
                // Media_Wearout_Indicator.
                177 | 231 | 233 => {
                    if let Some(n) = uint(a, "/value") {
                        wear_attr.insert(id, 100u64.saturating_sub(n.min(100)));
                    }
                }
                194 if s.temperature_c.is_none() => {
                    s.temperature_c = raw.and_then(|r| i64::try_from(r & 0xff).ok());
                }
                9 if s.power_on_hours.is_none() => s.power_on_hours = raw,
                _ => {}
            }
        }
    }
    // Wear: NVMe, SCSI endurance indicator, ATA device statistics, then the vendor attributes.
    let ata_stat = v
        .pointer("/ata_device_statistics/pages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| p.pointer("/table").and_then(Value::as_array))
        .flatten()
        .find(|e| {
            text(e, "/name")
                .is_some_and(|n| n.eq_ignore_ascii_case("Percentage Used Endurance Indicator"))
        })
        .and_then(|e| uint(e, "/value"));
    s.percentage_used = uint(&v, "/nvme_smart_health_information_log/percentage_used")
        .or_else(|| uint(&v, "/scsi_percentage_used_endurance_indicator"))
        .or(ata_stat)
        .or_else(|| {
            [233, 231, 177]
                .iter()
                .find_map(|i| wear_attr.get(i).copied())
        });
    // SAS error counter logs.
    let unc: Vec<u64> = ["read", "write", "verify"]
        .iter()
        .filter_map(|d| {
            uint(
                &v,
                &format!("/scsi_error_counter_log/{d}/total_uncorrected_errors"),
            )
        })
        .collect();
    if !unc.is_empty() {
        s.uncorrected_errors = Some(unc.iter().sum());
    }
    // Last self-test.
    if let Some(passed) = v
        .pointer("/ata_smart_self_test_log/standard/table/0/status/passed")
        .and_then(Value::as_bool)
    {
        s.self_test_passed = Some(passed);
        s.self_test = text(
            &v,
            "/ata_smart_self_test_log/standard/table/0/status/string",
        );
    } else if let Some(code) = int(&v, "/scsi_self_test_0/result/value") {
        // 0: completed without error; 1-2: aborted; 3-7: failed segments; 15: in progress.
        s.self_test_passed = match code {
            0 => Some(true),
            3..=7 => Some(false),
            _ => None,
        };
        s.self_test = text(&v, "/scsi_self_test_0/result/string");
    } else if let Some(r) = int(&v, "/nvme_self_test_log/table/0/self_test_result/value") {
        s.self_test_passed = Some(r == 0);
        s.self_test = text(&v, "/nvme_self_test_log/table/0/self_test_result/string");
    }
    if exit.is_some_and(|e| e & 0b1000_0000 != 0) {
        s.self_test_passed = Some(false);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A SAS drive behind a MegaRAID (the product's SMART tests answer with the same file).
    const SAS: &str = include_str!("../../../fixtures/smartctl/sas-megaraid.json");

    const SATA_HDD: &str = r#"{
      "smartctl": {"version": [7, 3], "exit_status": 64},
      "device": {"name": "/dev/sda", "type": "sat+megaraid,3", "protocol": "ATA"},
      "model_name": "ST8000NM0055", "serial_number": "ZA1ABC",
      "smart_status": {"passed": true},
      "ata_smart_attributes": {"revision": 10, "table": [
        {"id": 5, "name": "Reallocated_Sector_Ct", "value": 100, "raw": {"value": 16}},
        {"id": 9, "name": "Power_On_Hours", "value": 59, "raw": {"value": 36055}},
        {"id": 187, "name": "Reported_Uncorrect", "value": 100, "raw": {"value": 0}},
        {"id": 194, "name": "Temperature_Celsius", "value": 36, "raw": {"value": 158913789988}},
        {"id": 197, "name": "Current_Pending_Sector", "value": 100, "raw": {"value": 2}},
        {"id": 198, "name": "Offline_Uncorrectable", "value": 100, "raw": {"value": 1}}
      ]},
      "ata_smart_self_test_log": {"standard": {"table": [
        {"status": {"value": 121, "string": "Completed: read failure", "passed": false}}]}}
    }"#;

    const SATA_SSD: &str = r#"{
      "smartctl": {"exit_status": 8},
      "device": {"protocol": "ATA"},
      "smart_status": {"passed": false},
      "temperature": {"current": 41, "op_limit_max": 70, "limit_max": 75},
      "power_on_time": {"hours": 9000},
      "ata_smart_attributes": {"table": [
        {"id": 5, "value": 100, "raw": {"value": 0}},
        {"id": 177, "value": 12, "raw": {"value": 2900}},
        {"id": 233, "value": 7, "raw": {"value": 0}}
      ]}
    }"#;

    const FAILED: &str = r#"{
      "json_format_version": [1, 0],
      "smartctl": {"exit_status": 2, "messages": [
        {"string": "Smartctl open device: /dev/bus/0 [megaraid_disk_09] failed: INQUIRY failed", "severity": "error"}]}
    }"#;

    #[test]
    fn parses_sas() {
        let s = parse(SAS.as_bytes(), Some(0), 7);
        assert!(s.read_success);
        assert_eq!(s.protocol.as_deref(), Some("SCSI"));
        assert_eq!(s.passed, Some(true));
        assert_eq!(s.temperature_c, Some(36));
        assert_eq!(s.temperature_trip_c, Some(68));
        assert_eq!(s.power_on_hours, Some(41237));
        assert_eq!(s.grown_defects, Some(12));
        assert_eq!(s.uncorrected_errors, Some(3));
        assert_eq!(s.self_test_passed, Some(true));
        assert_eq!(s.reallocated_sectors, None);
        assert_eq!(s.read_at_unix, 7);
    }

    #[test]
    fn parses_sata_hdd() {
        let s = parse(SATA_HDD.as_bytes(), Some(64), 0);
        assert!(
            s.read_success,
            "exit bit 6 (error log) is a finding, not a failed read"
        );
        assert_eq!(s.reallocated_sectors, Some(16));
        assert_eq!(s.pending_sectors, Some(2));
        assert_eq!(s.offline_uncorrectable, Some(1));
        assert_eq!(s.reported_uncorrect, Some(0));
        assert_eq!(s.power_on_hours, Some(36055));
        // Attribute 194's raw value carries min/max in its upper bytes.
        assert_eq!(s.temperature_c, Some(36));
        assert_eq!(s.self_test_passed, Some(false));
        assert_eq!(s.percentage_used, None);
    }

    #[test]
    fn parses_sata_ssd_wear_and_trip() {
        let s = parse(SATA_SSD.as_bytes(), Some(8), 0);
        assert!(s.read_success);
        assert_eq!(s.passed, Some(false));
        // Media_Wearout_Indicator (233) wins over Wear_Leveling_Count (177).
        assert_eq!(s.percentage_used, Some(93));
        assert_eq!(s.temperature_trip_c, Some(75));
    }

    #[test]
    fn failed_reads_say_why() {
        let s = parse(FAILED.as_bytes(), Some(2), 0);
        assert!(!s.read_success);
        assert!(
            s.error.as_deref().unwrap().contains("INQUIRY failed"),
            "{s:?}"
        );
        assert_eq!(s.exit_status, Some(2));
        let s = parse(b"smartctl 6.2: unknown option -j", Some(1), 0);
        assert!(!s.read_success);
        assert!(s.error.as_deref().unwrap().contains("not JSON"));
        let s = parse(b"[]", Some(0), 0);
        assert!(!s.read_success);
    }
}
