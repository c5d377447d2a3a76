//! The simulated `smartctl` (smartmontools 7.3, JSON output): `smartctl -x -j -d megaraid,N
//! TARGET` (SAS) or `-d sat+megaraid,N` (SATA) answers from the simulated drive with device
//! id N, in smartctl's JSON shape: SAS drives with `scsi_grown_defect_list`,
//! `scsi_error_counter_log`, `temperature.drive_trip`; SATA drives with `ata_smart_attributes`
//! (5, 9, 187, 194, 197, 198; 177/231/233 wear on SSDs) and SCT temperature limits. Values
//! follow the drive's state: media errors are uncorrected errors and reallocated sectors or
//! grown defects, predictive failures add defects, `raidctl sim smart E:S trip` fails the
//! overall health (exit bit 3). A drive that is absent, failed, spun down or made unreadable
//! (`sim smart E:S unreadable`) cannot be opened: exit bit 1, as smartctl does. Read-only: it
//! never changes the state nor counts as a vendor call.

use crate::state::{Drive, SimState};
use raidctl_model::{FirmwareState, MediaType, PdType};
use serde_json::{Value, json};
use std::path::PathBuf;

/// What a simulated drive's SMART says beyond its controller counters (`raidctl sim smart`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SimSmart {
    /// Overall health FAILED (a SMART trip).
    #[serde(default)]
    pub trip: bool,
    /// smartctl cannot open the drive.
    #[serde(default)]
    pub unreadable: bool,
    /// Percentage of rated life used (SSDs; default derived from the device id).
    #[serde(default)]
    pub wear: Option<u64>,
    /// Current pending sectors (SATA).
    #[serde(default)]
    pub pending: u64,
    /// Temperature override, °C.
    #[serde(default)]
    pub temperature: Option<i32>,
}

struct Request {
    device: String,
    id: u32,
    sat: bool,
    target: String,
}

fn parse_args(args: &[String]) -> Result<Request, String> {
    let mut device = None;
    let mut target = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-x" | "-j" | "--json" | "-a" | "--xall" | "-H" | "-A" => {}
            "-d" | "--device" => device = it.next().cloned(),
            s if s.starts_with("--device=") => device = Some(s["--device=".len()..].to_owned()),
            s if s.starts_with('-') => return Err(format!("unsupported option {s}")),
            s => target = Some(s.to_owned()),
        }
    }
    let device = device.ok_or("no -d TYPE (megaraid,N or sat+megaraid,N)")?;
    let (sat, n) = if let Some(n) = device.strip_prefix("sat+megaraid,") {
        (true, n)
    } else if let Some(n) = device.strip_prefix("megaraid,") {
        (false, n)
    } else {
        return Err(format!("unsupported device type {device}"));
    };
    let id = n
        .parse()
        .map_err(|_| format!("bad megaraid device id {n:?}"))?;
    let target = target.ok_or("no device name")?;
    Ok(Request {
        device,
        id,
        sat,
        target,
    })
}

/// The adapter a target names: `/dev/bus/H` (SCSI host H, adapter H-1 in the simulator's
/// kernel view), or a VD's block device in the simulator's block map.
fn adapter_of(target: &str, dir: Option<&std::path::Path>) -> u32 {
    if let Some(h) = target
        .strip_prefix("/dev/bus/")
        .and_then(|h| h.parse::<u32>().ok())
    {
        return h.saturating_sub(1);
    }
    dir.and_then(|d| crate::blockdev::load(d).ok().flatten())
        .and_then(|m| {
            m.devices
                .iter()
                .find(|d| d.device == target)
                .map(|d| d.adapter)
        })
        .unwrap_or(0)
}

fn header(argv: &[String], exit: i32, messages: &[&str]) -> Value {
    let mut sc = json!({
        "version": [7, 3],
        "svn_revision": "5338",
        "platform_info": "x86_64-linux (raidctl simulator)",
        "build_info": "(local build)",
        "argv": std::iter::once("smartctl".to_owned()).chain(argv.iter().cloned()).collect::<Vec<_>>(),
        "exit_status": exit,
    });
    if !messages.is_empty() {
        sc["messages"] = messages
            .iter()
            .map(|m| json!({"string": m, "severity": "error"}))
            .collect();
    }
    sc
}

/// Power-on hours of a drive: from the device id, so every drive differs and stays put.
fn power_on_hours(d: &Drive, adapter: u32) -> u64 {
    20_000 + u64::from(adapter) * 1_000 + u64::from(d.device_id) * 137
}

/// The JSON smartctl prints for `d` and its exit status.
fn answer(d: &Drive, adapter: u32, req: &Request, argv: &[String]) -> (Value, i32) {
    let info = format!(
        "{} [megaraid_disk_{:02}]{}",
        req.target,
        req.id,
        if req.sat { " [SAT]" } else { "" }
    );
    let open_fail = d.smart.unreadable
        || !d.spun_up
        || matches!(d.state, FirmwareState::Failed | FirmwareState::Offline)
        || (req.sat != (d.pd_type == PdType::Sata));
    if open_fail {
        let msg = format!("Smartctl open device: {info} failed: INQUIRY failed");
        let v = json!({
            "json_format_version": [1, 0],
            "smartctl": header(argv, 2, &[&msg]),
            "local_time": {"time_t": 1_709_539_200},
        });
        return (v, 2);
    }
    let trip = d.smart.trip;
    let poh = power_on_hours(d, adapter);
    let temp = d.smart.temperature.unwrap_or(d.temperature);
    let ssd = d.media == MediaType::Ssd;
    let bytes = d.raw_sectors * 512;
    let mut exit = 0;
    if trip {
        exit |= 0b1000;
    }
    let mut v = json!({
        "json_format_version": [1, 0],
        "device": {
            "name": req.target,
            "info_name": info,
            "type": req.device,
            "protocol": if req.sat { "ATA" } else { "SCSI" },
        },
        "model_name": d.model,
        "serial_number": d.serial,
        "firmware_version": d.firmware,
        "user_capacity": {"blocks": d.raw_sectors, "bytes": bytes},
        "logical_block_size": 512,
        "smart_support": {"available": true, "enabled": true},
        "smart_status": {"passed": !trip},
        "power_on_time": {"hours": poh, "minutes": 0},
    });
    if req.sat {
        v["model_family"] = json!(format!("{} (simulated)", d.vendor));
        v["wwn"] = json!({"naa": 5, "oui": 3152, "id": u64::from_str_radix(d.wwn.get(7..).unwrap_or("0"), 16).unwrap_or(0)});
        v["rotation_rate"] = json!(if ssd { 0 } else { 7200 });
        v["interface_speed"] = json!({
            "max": {"sata_value": 14, "string": "6.0 Gb/s", "units_per_second": 60, "bits_per_unit": 100_000_000},
            "current": {"sata_value": 3, "string": "6.0 Gb/s", "units_per_second": 60, "bits_per_unit": 100_000_000},
        });
        let realloc = d.media_errors + 8 * d.predictive;
        let wear = d.smart.wear.unwrap_or(u64::from(d.device_id) * 3 % 20);
        let attr = |id: u32, name: &str, value: u64, thresh: u64, raw: u64| {
            json!({
                "id": id, "name": name, "value": value, "worst": value, "thresh": thresh,
                "when_failed": if value <= thresh && thresh > 0 { "now" } else { "" },
                "flags": {"value": 50, "string": "PO--CK ", "prefailure": thresh > 0,
                          "updated_online": true, "performance": false, "error_rate": false,
                          "event_count": false, "auto_keep": false},
                "raw": {"value": raw, "string": raw.to_string()},
            })
        };
        let mut table = vec![
            attr(
                5,
                "Reallocated_Sector_Ct",
                if trip { 5 } else { 100 },
                10,
                realloc,
            ),
            attr(9, "Power_On_Hours", 90, 0, poh),
        ];
        if ssd {
            table.push(attr(
                177,
                "Wear_Leveling_Count",
                100 - wear.min(100),
                0,
                wear * 30,
            ));
        }
        table.push(attr(187, "Reported_Uncorrect", 100, 0, d.media_errors));
        table.push(attr(
            194,
            "Temperature_Celsius",
            100,
            0,
            u64::try_from(temp.max(0)).unwrap_or(0),
        ));
        table.push(attr(197, "Current_Pending_Sector", 100, 0, d.smart.pending));
        table.push(attr(198, "Offline_Uncorrectable", 100, 0, 0));
        if ssd {
            table.push(attr(
                233,
                "Media_Wearout_Indicator",
                100 - wear.min(100),
                0,
                0,
            ));
        }
        v["ata_smart_attributes"] = json!({"revision": 16, "table": table});
        v["temperature"] = json!({
            "current": temp,
            "power_cycle_min": 22, "power_cycle_max": temp.max(22),
            "lifetime_min": 18, "lifetime_max": temp.max(41),
            "op_limit_min": 0, "op_limit_max": if ssd { 70 } else { 60 },
            "limit_min": -5, "limit_max": if ssd { 75 } else { 65 },
        });
        v["ata_smart_self_test_log"] = json!({"standard": {"revision": 1, "count": 1, "table": [
            {"type": {"value": 1, "string": "Short offline"},
             "status": {"value": 0, "string": "Completed without error", "passed": true},
             "lifetime_hours": poh.saturating_sub(24)}]}});
        if d.media_errors > 0 {
            exit |= 0b100_0000;
        }
    } else {
        v["vendor"] = json!(d.vendor);
        v["product"] = json!(d.model);
        v["revision"] = json!(d.firmware);
        v["scsi_version"] = json!("SPC-4");
        v["logical_unit_id"] = json!(format!("0x{}", d.wwn));
        v["rotation_rate"] = json!(if ssd { 0 } else { 7200 });
        v["temperature"] = json!({"current": temp, "drive_trip": if ssd { 70 } else { 65 }});
        v["scsi_grown_defect_list"] = json!(d.media_errors + 8 * d.predictive);
        if ssd {
            v["scsi_percentage_used_endurance_indicator"] =
                json!(d.smart.wear.unwrap_or(u64::from(d.device_id) * 3 % 20));
        }
        let log = |unc: u64| {
            json!({"errors_corrected_by_eccfast": 0, "errors_corrected_by_eccdelayed": 0,
                   "errors_corrected_by_rereads_rewrites": 0, "total_errors_corrected": 0,
                   "correction_algorithm_invocations": 0,
                   "gigabytes_processed": "12345.678", "total_uncorrected_errors": unc})
        };
        v["scsi_error_counter_log"] = json!({
            "read": log(d.media_errors), "write": log(0), "verify": log(0),
        });
        v["scsi_self_test_0"] = json!({
            "code": {"value": 1, "string": "Background short"},
            "result": {"value": 0, "string": "Completed"},
            "power_on_time": {"hours": poh.saturating_sub(24), "aka": "accumulated_power_on_hours"},
        });
    }
    v["smartctl"] = header(argv, exit, &[]);
    (v, exit)
}

/// The state under a shared hold of the lock: smartctl only reads, so the drives of a host
/// are read at once, as on a real controller; a writer still waits for them.
fn load_shared(dir: &std::path::Path) -> Result<SimState, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let path = dir.join(crate::store::STATE_FILE);
    if !path.exists() {
        return crate::scenarios::build("healthy");
    }
    let lock = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(dir.join("lock"))
        .map_err(|e| format!("{}: {e}", dir.join("lock").display()))?;
    if !lock.metadata().map_err(|e| e.to_string())?.is_file() {
        return Err(format!(
            "{}: not a regular file",
            dir.join("lock").display()
        ));
    }
    lock.lock_shared().map_err(|e| e.to_string())?;
    let bytes = raidctl_sys::fsutil::read_own(&path, 64 << 20).map_err(|e| e.to_string())?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn find(st: &SimState, adapter: u32, id: u32) -> Option<&Drive> {
    st.adapters
        .iter()
        .find(|a| a.index == adapter)
        .and_then(|a| a.drives.iter().find(|d| d.device_id == id))
}

/// `smartctl ARGS` against the state in `dir` (the `healthy` scenario when `None`); prints
/// the JSON and returns smartctl's exit status.
pub fn smartctl_main(args: &[String], dir: Option<PathBuf>) -> i32 {
    let req = match parse_args(args) {
        Ok(r) => r,
        Err(e) => {
            let v = json!({"json_format_version": [1, 0], "smartctl": header(args, 1, &[&e])});
            return print_json(&v, 1);
        }
    };
    let st = match &dir {
        None => crate::scenarios::build("healthy"),
        Some(d) => load_shared(d),
    };
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            raidctl_sys::errln!("smartctl (raidctl simulator): {e}");
            return 2;
        }
    };
    let adapter = adapter_of(&req.target, dir.as_deref());
    let (v, code) = match find(&st, adapter, req.id) {
        Some(d) => answer(d, adapter, &req, args),
        None => {
            let msg = format!(
                "Smartctl open device: {} [megaraid_disk_{:02}] failed: INQUIRY failed",
                req.target, req.id
            );
            (
                json!({"json_format_version": [1, 0], "smartctl": header(args, 2, &[&msg])}),
                2,
            )
        }
    };
    print_json(&v, code)
}

/// Prints smartctl's JSON and returns `code`, as the other simulated tools write their answer
/// (a reader that went away is no error, a write that failed fails the call).
fn print_json(v: &serde_json::Value, code: i32) -> i32 {
    let text = serde_json::to_string_pretty(v).unwrap_or_default() + "\n";
    crate::emit("smartctl", text.as_bytes(), code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(st: &SimState, args: &[&str]) -> (raidctl_model::Smart, i32) {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let req = parse_args(&args).expect("args");
        let adapter = adapter_of(&req.target, None);
        let (v, code) = match find(st, adapter, req.id) {
            Some(d) => answer(d, adapter, &req, &args),
            None => (json!({"smartctl": {"exit_status": 2}}), 2),
        };
        let text = serde_json::to_vec(&v).expect("json");
        (raidctl_parse::smartctl::parse(&text, Some(code), 0), code)
    }

    #[test]
    fn drives_answer_from_their_state() {
        let mut st = crate::scenarios::build("healthy").expect("healthy");
        let d = &mut st.adapters[0].drives[0];
        let id = d.device_id;
        let sata = d.pd_type == PdType::Sata;
        d.media_errors = 3;
        d.smart.trip = true;
        let dev = if sata {
            format!("sat+megaraid,{id}")
        } else {
            format!("megaraid,{id}")
        };
        let (s, code) = run(&st, &["-x", "-j", "-d", &dev, "/dev/bus/1"]);
        assert!(s.read_success, "{s:?}");
        assert_eq!(s.passed, Some(false));
        assert_eq!(code & 0b1000, 0b1000);
        if sata {
            assert_eq!(s.reallocated_sectors, Some(3));
        } else {
            assert_eq!(s.grown_defects, Some(3));
            assert_eq!(s.uncorrected_errors, Some(3));
        }
        assert!(s.temperature_trip_c.is_some());
        // The wrong transport, an unknown id and an unreadable drive cannot be opened.
        let other = if sata {
            format!("megaraid,{id}")
        } else {
            format!("sat+megaraid,{id}")
        };
        let (s, code) = run(&st, &["-x", "-j", "-d", &other, "/dev/bus/1"]);
        assert!(!s.read_success);
        assert_eq!(code, 2);
        let (s, _) = run(&st, &["-x", "-j", "-d", "megaraid,999", "/dev/bus/1"]);
        assert!(!s.read_success);
        st.adapters[0].drives[0].smart.unreadable = true;
        let (s, _) = run(&st, &["-x", "-j", "-d", &dev, "/dev/bus/1"]);
        assert!(!s.read_success);
    }
}
