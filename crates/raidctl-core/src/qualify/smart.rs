//! Health gates (reference B.6-1) from `smartctl -x -j`, through the controller with
//! `-d megaraid,N` / `-d sat+megaraid,N` when the drive sits behind a MegaRAID adapter, plus the
//! controller's own counters. A gate that cannot run says why; it never passes silently.

use super::device::{DriveClass, Identity, TargetKind};
use super::profile::Thresholds;
use super::result::{GateStatus, Health, RuleHit, Verdict};
use crate::backend::runner::{OsRunner, Runner};
use serde_json::Value;
use std::time::Duration;

pub use crate::smart::{ENV_SMARTCTL, smartctl_program};

/// Runs smartctl (`prog` overrides which one) for the drive and evaluates the gates; fills
/// gaps in `id` (model, serial, firmware, link speed) from its answer.
pub fn check(id: &mut Identity, t: &Thresholds, prog: Option<&std::path::Path>) -> Health {
    let mut h = Health::default();
    let ctrl = id.controller.clone();
    if let Some(c) = &ctrl {
        controller_gates(c, &mut h);
        if c.simulated {
            h.status = GateStatus::Skipped;
            h.reason =
                Some("simulated controller: no SMART data (controller counters checked)".into());
            return h;
        }
    }
    if id.kind == TargetKind::RegularFile || (id.class == DriveClass::Virtual && ctrl.is_none()) {
        h.reason = Some(format!(
            "{} is not a physical drive: no SMART data",
            id.transport.as_deref().unwrap_or("target")
        ));
        return h;
    }
    let Some(prog) = smartctl_program(prog) else {
        h.reason = Some("smartctl not found (install smartmontools); health not checked".into());
        h.hits.push(RuleHit::new(
            "H-SKIPPED",
            Verdict::Warn,
            "SMART health gates skipped: smartctl not found",
        ));
        return h;
    };
    let mut args: Vec<String> = vec!["-x".into(), "-j".into()];
    if let Some(d) = &id.smartctl_device {
        args.push("-d".into());
        args.push(d.clone());
    }
    args.push(id.path.clone());
    h.command = Some(format!("{} {}", prog.display(), args.join(" ")));
    let runner = OsRunner::scratch();
    let out = match runner.run(&prog, &args, Duration::from_secs(60)) {
        Ok(o) => o.stdout.into_bytes(),
        Err(e) => {
            let e = e.to_string();
            h.status = GateStatus::Error;
            h.reason = Some(e.clone());
            h.hits
                .push(RuleHit::new("H-SMART-ERROR", Verdict::Inconclusive, e));
            return h;
        }
    };
    let v: Value = match serde_json::from_slice(&out) {
        Ok(v) => v,
        Err(e) => {
            h.status = GateStatus::Error;
            let msg = format!("smartctl output is not JSON ({e}); smartmontools 7 or later needed");
            h.reason = Some(msg.clone());
            h.hits
                .push(RuleHit::new("H-SMART-ERROR", Verdict::Inconclusive, msg));
            return h;
        }
    };
    enrich(id, &v);
    evaluate(&v, id.class, t, &mut h);
    h
}

fn controller_gates(c: &super::device::ControllerSlot, h: &mut Health) {
    for (n, counter, rule, what) in [
        (
            c.media_errors,
            "ctrl_media_errors",
            "H-CTRL-MEDIA",
            "Media Error Count",
        ),
        (
            c.predictive_failures,
            "ctrl_predictive_failures",
            "H-CTRL-PREDICTIVE",
            "Predictive Failure Count",
        ),
    ] {
        let Some(n) = n else { continue };
        h.counters.insert(counter.into(), n as i64);
        if n > 0 {
            h.hits.push(RuleHit::new(
                rule,
                Verdict::Fail,
                format!("controller {what} {n}"),
            ));
        }
    }
    if let Some(n) = c.other_errors {
        h.counters.insert("ctrl_other_errors".into(), n as i64);
    }
    if c.smart_alert == Some(true) {
        h.hits.push(RuleHit::new(
            "H-CTRL-SMART-ALERT",
            Verdict::Fail,
            "the drive flagged a S.M.A.R.T alert",
        ));
    }
}

fn text(v: &Value, ptr: &str) -> Option<String> {
    v.pointer(ptr)
        .and_then(Value::as_str)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

fn enrich(id: &mut Identity, v: &Value) {
    if id.model.is_none() {
        id.model = text(v, "/model_name");
    }
    if id.serial.is_none() {
        id.serial = text(v, "/serial_number");
    }
    if id.firmware.is_none() {
        id.firmware = text(v, "/firmware_version");
    }
    if id.link_speed.is_none() {
        id.link_speed = text(v, "/interface_speed/current/string");
    }
}

fn int(v: &Value, ptr: &str) -> Option<i64> {
    v.pointer(ptr).and_then(Value::as_i64)
}

/// Evaluates the gates of table B.6-1 on smartctl's JSON.
pub fn evaluate(v: &Value, class: DriveClass, t: &Thresholds, h: &mut Health) {
    h.status = GateStatus::Checked;
    let exit = int(v, "/smartctl/exit_status").unwrap_or(0);
    h.exit_status = i32::try_from(exit).ok();
    h.smart_passed = v.pointer("/smart_status/passed").and_then(Value::as_bool);
    h.power_on_hours = int(v, "/power_on_time/hours").and_then(|x| u64::try_from(x).ok());
    h.temperature_c = int(v, "/temperature/current");
    let mut counters = std::collections::BTreeMap::new();
    exit_status_rules(exit, h.smart_passed, &mut h.hits);
    ata_rules(v, class, &mut h.hits, &mut counters);
    sas_rules(v, &mut h.hits, &mut counters);
    nvme_rules(v, &mut h.hits, &mut counters);
    wear_rules(v, t, h.power_on_hours, &mut h.hits, &mut counters);
    link_rules(v, &mut h.hits);
    h.counters.extend(counters);
}

/// smartctl's exit status bits: the probe failed, the drive is failing, a prefail attribute
/// at or below its threshold (now or in the past), error log entries, self-test errors.
fn exit_status_rules(exit: i64, smart_passed: Option<bool>, hits: &mut Vec<RuleHit>) {
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    if exit & 0b111 != 0 {
        hit(
            "H-SMART-PROBE",
            Verdict::Inconclusive,
            format!(
                "smartctl could not read the drive (exit status {exit:#x}: parse/open/command error)"
            ),
        );
    }
    if exit & 0b1000 != 0 || smart_passed == Some(false) {
        hit(
            "H-SMART-FAILING",
            Verdict::Fail,
            "SMART status: DISK FAILING".into(),
        );
    }
    if exit & 0b1_0000 != 0 {
        hit(
            "H-SMART-PREFAIL",
            Verdict::Fail,
            "a prefail attribute is at or below its threshold".into(),
        );
    }
    if exit & 0b10_0000 != 0 {
        hit(
            "H-SMART-PAST",
            Verdict::Warn,
            "an attribute was at or below its threshold in the past (used drive?)".into(),
        );
    }
    if exit & 0b100_0000 != 0 {
        hit(
            "H-SMART-ERRLOG",
            Verdict::Warn,
            "the device error log has entries (used drive?)".into(),
        );
    }
    if exit & 0b1000_0000 != 0 {
        hit(
            "H-SMART-SELFTEST",
            Verdict::Fail,
            "the self-test log reports errors".into(),
        );
    }
}

/// ATA attributes: reallocated, pending and uncorrectable sectors, command timeouts, spin
/// retries (HDD); their raw counts kept in `counters`.
fn ata_rules(
    v: &Value,
    class: DriveClass,
    hits: &mut Vec<RuleHit>,
    counters: &mut std::collections::BTreeMap<String, i64>,
) {
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    if let Some(table) = v
        .pointer("/ata_smart_attributes/table")
        .and_then(Value::as_array)
    {
        for a in table {
            let (Some(idn), Some(raw)) = (int(a, "/id"), int(a, "/raw/value")) else {
                continue;
            };
            let rule = match idn {
                5 => Some(("H-ATA-5", "Reallocated_Sector_Ct", Verdict::Fail)),
                197 => Some(("H-ATA-197", "Current_Pending_Sector", Verdict::Fail)),
                198 => Some(("H-ATA-198", "Offline_Uncorrectable", Verdict::Fail)),
                187 => Some(("H-ATA-187", "Reported_Uncorrect", Verdict::Fail)),
                188 => Some(("H-ATA-188", "Command_Timeout", Verdict::Warn)),
                10 if class == DriveClass::Hdd => {
                    Some(("H-ATA-10", "Spin_Retry_Count", Verdict::Fail))
                }
                199 => {
                    counters.insert("ata_199".to_owned(), raw);
                    None
                }
                _ => None,
            };
            if let Some((rule, name, level)) = rule {
                counters.insert(format!("ata_{idn}"), raw);
                if raw > 0 {
                    hit(rule, level, format!("{name} = {raw}"));
                }
            }
        }
    }
}

/// SAS: the grown defect list and the uncorrected read, write and verify errors.
fn sas_rules(
    v: &Value,
    hits: &mut Vec<RuleHit>,
    counters: &mut std::collections::BTreeMap<String, i64>,
) {
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    if let Some(n) = int(v, "/scsi_grown_defect_list") {
        counters.insert("scsi_grown_defects".into(), n);
        if n > 0 {
            hit(
                "H-SAS-GROWN-DEFECTS",
                Verdict::Fail,
                format!("{n} elements in the grown defect list"),
            );
        }
    }
    for dir in ["read", "write", "verify"] {
        if let Some(n) = int(
            v,
            &format!("/scsi_error_counter_log/{dir}/total_uncorrected_errors"),
        ) {
            counters.insert(format!("scsi_{dir}_uncorrected"), n);
            if n > 0 {
                hit(
                    "H-SAS-UNCORRECTED",
                    Verdict::Fail,
                    format!("{n} uncorrected {dir} errors"),
                );
            }
        }
    }
}

/// NVMe: the critical warning, media errors and the available spare.
fn nvme_rules(
    v: &Value,
    hits: &mut Vec<RuleHit>,
    counters: &mut std::collections::BTreeMap<String, i64>,
) {
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    let nv = "/nvme_smart_health_information_log";
    if let Some(n) = int(v, &format!("{nv}/critical_warning")) {
        counters.insert("nvme_critical_warning".into(), n);
        if n != 0 {
            hit(
                "H-NVME-CRITICAL",
                Verdict::Fail,
                format!("critical_warning = {n:#x}"),
            );
        }
    }
    if let Some(n) = int(v, &format!("{nv}/media_errors")) {
        counters.insert("nvme_media_errors".into(), n);
        if n > 0 {
            hit("H-NVME-MEDIA", Verdict::Fail, format!("media_errors = {n}"));
        }
    }
    if let (Some(s), Some(th)) = (
        int(v, &format!("{nv}/available_spare")),
        int(v, &format!("{nv}/available_spare_threshold")),
    ) {
        counters.insert("nvme_available_spare".into(), s);
        if s < th {
            hit(
                "H-NVME-SPARE",
                Verdict::Fail,
                format!("available_spare {s}% below threshold {th}%"),
            );
        } else if s < 100 {
            hit(
                "H-NVME-SPARE",
                Verdict::Warn,
                format!("available_spare {s}% (a new drive has 100%)"),
            );
        }
    }
}

/// A drive that is not new: its rated life used (NVMe, or ATA device statistics) or its
/// power-on hours over the thresholds.
fn wear_rules(
    v: &Value,
    t: &Thresholds,
    power_on_hours: Option<u64>,
    hits: &mut Vec<RuleHit>,
    counters: &mut std::collections::BTreeMap<String, i64>,
) {
    let nv = "/nvme_smart_health_information_log";
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    let pct_used = int(v, &format!("{nv}/percentage_used")).or_else(|| {
        // ATA SSD wear: Percent_Lifetime_Used style attributes are vendor-specific; device
        // statistics carry a standard one.
        int(v, "/ata_device_statistics/pages/7/table/0/value")
    });
    if let (Some(p), Some(limit)) = (pct_used, t.not_new_pct_used) {
        counters.insert("percentage_used".into(), p);
        if p as f64 > limit {
            hit(
                "H-NOT-NEW",
                Verdict::Warn,
                format!("{p}% of rated life used: not a new drive"),
            );
        }
    }
    if let (Some(poh), Some(limit)) = (power_on_hours, t.not_new_poh_hours) {
        if poh as f64 > limit {
            hit(
                "H-NOT-NEW",
                Verdict::Warn,
                format!("{poh} power-on hours: not a new drive"),
            );
        }
    }
}

/// SATA link downshift: the current link speed below the maximum.
fn link_rules(v: &Value, hits: &mut Vec<RuleHit>) {
    let mut hit =
        |rule: &str, level: Verdict, msg: String| hits.push(RuleHit::new(rule, level, msg));
    let cur = int(v, "/interface_speed/current/units_per_second")
        .zip(int(v, "/interface_speed/current/bits_per_unit"))
        .map(|(a, b)| a * b);
    let max = int(v, "/interface_speed/max/units_per_second")
        .zip(int(v, "/interface_speed/max/bits_per_unit"))
        .map(|(a, b)| a * b);
    if let (Some(c), Some(m)) = (cur, max) {
        if c < m {
            hit(
                "H-LINK-DOWNSHIFT",
                Verdict::Fail,
                format!(
                    "SATA link at {} of {} (cable, backplane or port)",
                    text(v, "/interface_speed/current/string").unwrap_or_default(),
                    text(v, "/interface_speed/max/string").unwrap_or_default()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ata_gates() {
        let v: Value = serde_json::from_str(
            r#"{"smartctl":{"exit_status":4},"smart_status":{"passed":true},
                "power_on_time":{"hours":12},
                "ata_smart_attributes":{"table":[
                  {"id":5,"raw":{"value":3}},{"id":197,"raw":{"value":0}},
                  {"id":188,"raw":{"value":2}},{"id":199,"raw":{"value":7}}]},
                "interface_speed":{"max":{"units_per_second":60,"bits_per_unit":100000000,"string":"6.0 Gb/s"},
                                   "current":{"units_per_second":30,"bits_per_unit":100000000,"string":"3.0 Gb/s"}}}"#,
        )
        .unwrap();
        let mut h = Health::default();
        evaluate(&v, DriveClass::Hdd, &Thresholds::default(), &mut h);
        let rules: Vec<&str> = h.hits.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(
            rules,
            ["H-SMART-PROBE", "H-ATA-5", "H-ATA-188", "H-LINK-DOWNSHIFT"]
        );
        assert_eq!(h.counters["ata_199"], 7);
        assert_eq!(h.counters["ata_197"], 0);
    }

    #[test]
    fn nvme_and_sas_gates() {
        let v: Value = serde_json::from_str(
            r#"{"smartctl":{"exit_status":8},"smart_status":{"passed":false},"power_on_time":{"hours":900},
                "nvme_smart_health_information_log":{"critical_warning":0,"media_errors":1,
                  "available_spare":90,"available_spare_threshold":10,"percentage_used":3},
                "scsi_grown_defect_list":2,
                "scsi_error_counter_log":{"read":{"total_uncorrected_errors":0}}}"#,
        )
        .unwrap();
        let t = Thresholds {
            not_new_poh_hours: Some(48.0),
            not_new_pct_used: Some(1.0),
            ..Thresholds::default()
        };
        let mut h = Health::default();
        evaluate(&v, DriveClass::Nvme, &t, &mut h);
        let rules: Vec<&str> = h.hits.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(
            rules,
            [
                "H-SMART-FAILING",
                "H-SAS-GROWN-DEFECTS",
                "H-NVME-MEDIA",
                "H-NVME-SPARE",
                "H-NOT-NEW",
                "H-NOT-NEW"
            ]
        );
    }
}
