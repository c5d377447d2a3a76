//! Physical drives: list rows (7.x flat, storcli2 nested) and the per-drive detail sections,
//! with the state vocabularies of both generations.

use super::{Schema, Walker, size};
use crate::storcli::{
    LINE_KEY, clean, drive_path, eid_slot, extra_value, flag, inum, is_absent, num, scalar, warn,
};
use raidctl_model::{
    FirmwareState, MediaType, PdType, PhysicalDrive, PortStatus, Warning, squash_text,
};
use serde_json::{Map, Value};

impl Walker {
    /// Index of the drive, created when new.
    pub(crate) fn drive(&mut self, a: u32, enc: Option<u16>, slot: u16) -> usize {
        if let Some(ix) = self.drive_ix.get(&(a, enc, slot)) {
            return *ix;
        }
        let ix = self.doc.physical_drives.len();
        self.doc.physical_drives.push(PhysicalDrive {
            adapter: a,
            enclosure_id: enc,
            slot,
            ..PhysicalDrive::default()
        });
        self.drive_ix.insert((a, enc, slot), ix);
        ix
    }

    /// A drive row: the flat 7.x row, or a storcli2 `Drives List` item with `Drive
    /// Information` and `Drive Detailed Information`.
    pub(super) fn drive_row_value(&mut self, a: u32, r: &Value, vd: Option<u32>) -> Option<usize> {
        let Some(o) = r.as_object() else {
            self.warn("drive row is not an object");
            return None;
        };
        if let Some(info) = o.get("Drive Information") {
            let ix = self.drive_row_value(a, info, vd)?;
            for (k, v) in o {
                match k.as_str() {
                    "Drive Information" => {}
                    "Drive Detailed Information" => self.drive_details(ix, v),
                    _ => {
                        if let Some(pd) = self.doc.physical_drives.get_mut(ix) {
                            extra_value(&mut pd.extra, k, v);
                        }
                    }
                }
            }
            return Some(ix);
        }
        self.at_row(o);
        let raw = o
            .get("EID:Slt")
            .or_else(|| o.get("EID:Slot"))
            .and_then(scalar);
        let Some((enc, slot)) = raw.as_deref().and_then(eid_slot) else {
            self.warn(format!(
                "drive row with unreadable EID:Slt {:?} ignored",
                raw.unwrap_or_default()
            ));
            return None;
        };
        let ix = self.drive(a, enc, slot);
        let schema = self.schema;
        let mut warnings = Vec::new();
        let pd = self.doc.physical_drives.get_mut(ix)?;
        let mut state = None;
        let mut status = None;
        for (k, v) in o {
            match k.trim() {
                "EID:Slt" | "EID:Slot" | LINE_KEY => {}
                "DID" | "PID" => pd.device_id = num(v).and_then(|n| u32::try_from(n).ok()),
                "State" => state = scalar(v),
                "Status" => status = scalar(v),
                "DG" => match scalar(v).as_deref() {
                    Some("F") => pd.foreign = Some(true),
                    _ => pd.disk_group = num(v).and_then(|n| u32::try_from(n).ok()),
                },
                "Size" => pd.coerced_size_bytes = size(v, &mut warnings, "Size"),
                "Intf" => pd.pd_type = PdType::from_text(&scalar(v).unwrap_or_default()),
                "Med" => pd.media_type = MediaType::from_text(&scalar(v).unwrap_or_default()),
                "Model" => pd.model = scalar(v).filter(|s| !is_absent(s)),
                "Sp" => {
                    pd.spun_up = match scalar(v).as_deref() {
                        Some("U") => Some(true),
                        Some("D") => Some(false),
                        Some("F") => {
                            pd.foreign = Some(true);
                            pd.spun_up
                        }
                        _ => None,
                    }
                }
                "SeSz" => {
                    pd.logical_sector_size =
                        size(v, &mut warnings, "SeSz").and_then(|n| u32::try_from(n).ok());
                }
                _ => extra_value(&mut pd.extra, k, v),
            }
        }
        let (fs, raw) = match schema {
            Schema::V1 => {
                let s = state.or(status).unwrap_or_default();
                (v1_state(&s), s)
            }
            Schema::V2 => {
                let s = state.unwrap_or_default();
                let st = status.unwrap_or_default();
                let raw = format!("{s} {st}").trim().to_owned();
                (v2_state(&s, &st), raw)
            }
        };
        if !raw.is_empty() {
            if raw.eq_ignore_ascii_case("frgn") || raw.eq_ignore_ascii_case("foreign") {
                pd.foreign = Some(true);
            }
            pd.firmware_state = fs;
            pd.firmware_state_raw = Some(raw);
        }
        if let Some(n) = vd {
            pd.logical_drive = Some(n);
        }
        self.doc
            .warnings
            .extend(warnings.into_iter().map(|m| Warning {
                file: None,
                line: self.line,
                message: m,
            }));
        Some(ix)
    }

    /// `Drive /cX/eY/sZ - Detailed Information` (nested or flat sub-sections) and storcli2's
    /// `Drive Detailed Information`.
    pub(crate) fn drive_details(&mut self, ix: usize, v: &Value) {
        let mut flat: Vec<(String, &Value)> = Vec::new();
        let mut ports: Vec<&Map<String, Value>> = Vec::new();
        flatten(v, &mut flat, &mut ports);
        let mut warnings = Vec::new();
        let Some(pd) = self.doc.physical_drives.get_mut(ix) else {
            return;
        };
        for (k, val) in flat {
            let u32v = || num(val).and_then(|n| u32::try_from(n).ok());
            let text = || scalar(val).filter(|s| !is_absent(s));
            let key = squash_text(drive_key_tail(&k));
            match key.as_str() {
                "shieldcounter" => pd.shield_counter = u32v(),
                "mediaerrorcount" => pd.media_error_count = num(val),
                "othererrorcount" => pd.other_error_count = num(val),
                "predictivefailurecount" => pd.predictive_failure_count = num(val),
                "drivetemperature" | "temperaturec" | "temperature" => {
                    pd.temperature_c = inum(val).and_then(|n| i32::try_from(n).ok());
                }
                "smartalertflaggedbydrive" => pd.smart_alert = flag(val),
                "sn" | "serialnumber" => pd.serial = text(),
                "manufacturerid" | "vendor" => pd.vendor = text(),
                "modelnumber" | "model" => pd.model = text(),
                "wwn" => pd.wwn = text(),
                "firmwarerevision" | "firmwarerevisionlevel" => pd.firmware = text(),
                "rawsize" => pd.raw_size_bytes = size(val, &mut warnings, &k),
                "coercedsize" => pd.coerced_size_bytes = size(val, &mut warnings, &k),
                "noncoercedsize" => pd.non_coerced_size_bytes = size(val, &mut warnings, &k),
                "devicespeed" | "capablespeed" => pd.device_speed = text(),
                "linkspeed" | "negotiatedspeed" => pd.link_speed = text(),
                "logicalsectorsize" | "sectorsize" => {
                    pd.logical_sector_size =
                        size(val, &mut warnings, &k).and_then(|n| u32::try_from(n).ok());
                }
                "physicalsectorsize" => {
                    pd.physical_sector_size =
                        size(val, &mut warnings, &k).and_then(|n| u32::try_from(n).ok());
                }
                "driveposition" => {
                    if let Some(t) = text() {
                        let (dg, span, arm) = drive_position(&t);
                        pd.disk_group = dg.or(pd.disk_group);
                        pd.span = span;
                        pd.arm = arm;
                    }
                }
                "connectedportnumber" => pd.connected_port = text(),
                "sequencenumber" => pd.sequence_number = u32v(),
                "commissionedspare" => pd.commissioned_spare = flag(val),
                "emergencyspare" => pd.emergency_spare = flag(val),
                "lastpredictivefailureeventsequencenumber" => {
                    pd.last_predictive_failure_seq = num(val);
                }
                "sedcapable" | "fdecapable" => pd.fde_capable = flag(val),
                "secured" => pd.secured = flag(val),
                "locked" => pd.locked = flag(val),
                "inquirydata" => pd.inquiry_data = text(),
                _ => extra_value(&mut pd.extra, &k, val),
            }
        }
        if !ports.is_empty() {
            pd.ports.clear();
            pd.sas_addresses.clear();
            for p in ports {
                let status = p.get("Status").or_else(|| p.get("Path")).and_then(scalar);
                let link_speed = p
                    .get("Linkspeed")
                    .or_else(|| p.get("Negotiated Speed"))
                    .and_then(scalar);
                pd.ports.push(PortStatus { status, link_speed });
                if let Some(addr) = p
                    .get("SAS address")
                    .or_else(|| p.get("SASAddress"))
                    .and_then(scalar)
                {
                    pd.sas_addresses.push(addr);
                }
            }
        }
        for m in warnings {
            warn(&mut self.doc.warnings, self.line, m);
        }
    }
}
/// Drops a `Drive /c0/e252/s0 ` prefix some keys carry.
fn drive_key_tail(k: &str) -> &str {
    match drive_path(k) {
        Some((_, _, _, rest)) => rest.trim(),
        None => k,
    }
}

/// Flattens nested objects into key/value pairs; port/path arrays are collected aside.
fn flatten<'v>(
    v: &'v Value,
    out: &mut Vec<(String, &'v Value)>,
    ports: &mut Vec<&'v Map<String, Value>>,
) {
    let Some(o) = v.as_object() else { return };
    for (k, val) in o {
        match val {
            Value::Object(_) => flatten(val, out, ports),
            Value::Array(rows) => {
                let l = k.to_ascii_lowercase();
                if l.contains("port information") || l.contains("path information") {
                    ports.extend(rows.iter().filter_map(Value::as_object));
                }
            }
            _ => out.push((clean(k), val)),
        }
    }
}

/// `DriveGroup:0, Span:0, Row:1` → (0, 0, 1).
fn drive_position(t: &str) -> (Option<u32>, Option<u32>, Option<u32>) {
    let mut out = (None, None, None);
    for part in t.split(',') {
        let Some((k, v)) = part.split_once(':') else {
            continue;
        };
        let n = v.trim().parse::<u32>().ok();
        match squash_text(k).as_str() {
            "drivegroup" | "diskgroup" => out.0 = n,
            "span" => out.1 = n,
            "row" | "arm" => out.2 = n,
            _ => {}
        }
    }
    out
}

/// storcli 7.x drive state abbreviations.
pub(crate) fn v1_state(s: &str) -> FirmwareState {
    match squash_text(s).as_str() {
        "ugshld" | "ugunsp" => FirmwareState::from_text(s),
        "hspshld" => FirmwareState::Hotspare,
        _ => FirmwareState::from_text(s),
    }
}

/// storcli2 `State` (`Conf`, `UConf`, `GHS`, `DHS`, `JBOD`) with `Status` (`Online`...).
pub(crate) fn v2_state(state: &str, status: &str) -> FirmwareState {
    let st = squash_text(status);
    match squash_text(state).as_str() {
        "conf" | "configured" | "" => {
            if st.is_empty() {
                FirmwareState::from_text(state)
            } else {
                FirmwareState::from_text(status)
            }
        }
        "uconf" | "unconf" | "unconfigured" | "ugood" | "ubad" => {
            if st.contains("bad") || st.contains("fail") || squash_text(state) == "ubad" {
                FirmwareState::UnconfiguredBad
            } else {
                FirmwareState::UnconfiguredGood
            }
        }
        _ => match FirmwareState::from_text(state) {
            FirmwareState::Unknown(_) => FirmwareState::from_text(status),
            known => known,
        },
    }
}
