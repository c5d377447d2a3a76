//! Maps one drive or VD record to the model. Kept apart from the walker, which only decides
//! where records start and end and which VD or disk group they belong to.

use crate::fields::{Field, Record, insert_extra, leading_u64};
use crate::lex;
use raidctl_model::{
    FirmwareState, LdState, LogicalDrive, MediaType, PdType, PhysicalDrive, Progress, ProgressKind,
    RaidLevel, Warning,
};

/// Maps one drive record. `None` (with a warning) when it has no slot number.
pub(crate) fn pd_from_record(
    mut r: Record<'_>,
    adapter: u32,
    w: &mut raidctl_model::Warnings,
) -> Option<PhysicalDrive> {
    let enclosure_text = r.take_field("enclosuredeviceid");
    let slot = slot_number(&mut r, w)?;
    let mut pd = PhysicalDrive {
        adapter,
        slot,
        ..PhysicalDrive::default()
    };
    if let Some(f) = enclosure_text {
        pd.enclosure_id = enclosure_id(&f, w);
    }
    pd.device_id = r.u32("deviceid", w);
    pd.wwn = r.text("wwn");
    if let Some(pos) = r.take_field("drivesposition") {
        drives_position(&mut pd, pos.value);
    }
    counters_and_sizes(&mut pd, &mut r, w);
    drive_kind(&mut pd, &mut r);
    firmware_state(&mut pd, &mut r, w);
    pd.foreign = r
        .text("foreignstate")
        .map(|v| !v.eq_ignore_ascii_case("none"));
    pd.firmware = r.text("devicefirmwarelevel");
    if let Some(raw) = r.raw("inquirydata") {
        let (vendor, model, serial) = split_inquiry(raw, &pd.pd_type, pd.firmware.as_deref());
        pd.vendor = vendor;
        pd.model = model;
        pd.serial = serial;
        let trimmed = raw.trim();
        pd.inquiry_data = (!trimmed.is_empty()).then(|| trimmed.to_owned());
    }
    pd.temperature_c = r
        .text("drivetemperature")
        .and_then(|t| crate::fields::leading_i64(&t))
        .and_then(|v| i32::try_from(v).ok());
    pd.device_speed = r.text("devicespeed");
    pd.link_speed = r.text("linkspeed");
    pd.hotspare = hotspare(&mut r);
    pd.sequence_number = r.u32("sequencenumber", w);
    pd.last_predictive_failure_seq = r.u64("lastpredictivefailureeventseqnumber", w);
    pd.logical_sector_size = r
        .u32("logicalsectorsize", w)
        .or_else(|| r.u32("sectorsize", w));
    pd.physical_sector_size = r.u32("physicalsectorsize", w);
    pd.shield_counter = r.u32("shieldcounter", w);
    pd.commissioned_spare = r.bool("commissionedspare", w);
    pd.emergency_spare = r.bool("emergencyspare", w);
    pd.connected_port = r.text("connectedportnumber");
    security(&mut pd, &mut r);
    ports(&mut pd, &mut r);
    r.into_extra(&mut pd.extra);
    Some(pd)
}

/// `Slot Number`, the one field a drive record cannot do without.
fn slot_number(r: &mut Record<'_>, w: &mut raidctl_model::Warnings) -> Option<u16> {
    let start = r.start_line;
    let slot_line = r.line_of("slotnumber").unwrap_or(start);
    let Some(v) = r.u64("slotnumber", w) else {
        w.push(Warning {
            file: None,
            line: start,
            message: "drive record without a Slot Number dropped".to_owned(),
        });
        return None;
    };
    let slot = u16::try_from(v).ok();
    if slot.is_none() {
        w.push(Warning {
            file: None,
            line: slot_line,
            message: format!(
                "Slot Number {v} is out of range (at most 65535): drive record dropped"
            ),
        });
    }
    slot
}

/// `Enclosure Device ID`: a number, or `N/A` for drives behind no enclosure.
fn enclosure_id(f: &Field<'_>, w: &mut raidctl_model::Warnings) -> Option<u16> {
    match f.value {
        "N/A" | "" | "n/a" => None,
        v => match v.parse::<u16>() {
            Ok(e) => Some(e),
            Err(_) => {
                w.push(Warning {
                    file: None,
                    line: f.line,
                    message: format!("Enclosure Device ID: not a number: {v:?}"),
                });
                None
            }
        },
    }
}

/// `Drive's position: DiskGroup: 0, Span: 0, Arm: 1`.
fn drives_position(pd: &mut PhysicalDrive, value: &str) {
    for part in value.split(',') {
        if let Some((k, v)) = lex::split_kv(part) {
            let n = leading_u64(v).and_then(|n| u32::try_from(n).ok());
            if lex::key_is(k, "diskgroup") {
                pd.disk_group = n;
            } else if lex::key_is(k, "span") {
                pd.span = n;
            } else if lex::key_is(k, "arm") {
                pd.arm = n;
            }
        }
    }
}

/// Error counters, the SMART alert flag and the three sizes.
fn counters_and_sizes(pd: &mut PhysicalDrive, r: &mut Record<'_>, w: &mut raidctl_model::Warnings) {
    pd.media_error_count = r.u64("mediaerrorcount", w);
    pd.other_error_count = r.u64("othererrorcount", w);
    pd.predictive_failure_count = r.u64("predictivefailurecount", w);
    pd.smart_alert = r.bool("drivehasflaggedasmartalert", w);
    pd.raw_size_bytes = r.size("rawsize", w);
    pd.non_coerced_size_bytes = r.size("noncoercedsize", w);
    pd.coerced_size_bytes = r.size("coercedsize", w);
}

/// `PD Type` and `Media Type`; a value the model does not know is kept as an extra.
fn drive_kind(pd: &mut PhysicalDrive, r: &mut Record<'_>) {
    if let Some(t) = r.text("pdtype") {
        pd.pd_type = PdType::from_text(&t);
        if pd.pd_type.is_unknown() {
            insert_extra(&mut pd.extra, "PD Type", &t);
        }
    }
    if let Some(t) = r.text("mediatype") {
        pd.media_type = MediaType::from_text(&t);
        if pd.media_type.is_unknown() {
            insert_extra(&mut pd.extra, "Media Type", &t);
        }
    }
}

/// `Firmware state: Online, Spun Up`: the state, and whether the drive spins. A record without
/// one was most likely cut short, which is worth a warning.
fn firmware_state(pd: &mut PhysicalDrive, r: &mut Record<'_>, w: &mut raidctl_model::Warnings) {
    let Some(f) = r.take_field("firmwarestate") else {
        w.push(Warning {
            file: None,
            line: r.start_line,
            message: format!(
                "drive in slot {} has no Firmware state (output cut?)",
                pd.slot
            ),
        });
        return;
    };
    pd.firmware_state = FirmwareState::from_text(f.value);
    pd.firmware_state_raw = Some(f.value.to_owned());
    let lower = f.value.to_ascii_lowercase();
    pd.spun_up = if lower.contains("spun up") {
        Some(true)
    } else if lower.contains("spun down") {
        Some(false)
    } else {
        None
    };
    if pd.firmware_state.is_unknown() {
        w.push(Warning {
            file: None,
            line: f.line,
            message: format!("unknown firmware state {:?}", f.value),
        });
    }
}

/// `Hotspare Information:` followed by its `Type:` line, as one text.
fn hotspare(r: &mut Record<'_>) -> Option<String> {
    let info = r.take_field("hotspareinformation")?;
    let mut text = info.value.to_owned();
    if let Some(t) = r.take_field("type") {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(t.value);
    }
    Some(text)
}

/// Self-encrypting drive state: `FDE Capable`, `Secured`, `Locked`.
fn security(pd: &mut PhysicalDrive, r: &mut Record<'_>) {
    let capable =
        |v: String| !v.to_ascii_lowercase().starts_with("not") && !v.eq_ignore_ascii_case("no");
    pd.fde_capable = r.text("fdecapable").map(capable);
    pd.secured = r.text("secured").map(|v| v.eq_ignore_ascii_case("secured"));
    pd.locked = r.text("locked").map(|v| v.eq_ignore_ascii_case("locked"));
}

/// `SAS Address(N)` and the `Port-N :` / `Port status` / `Port's Linkspeed` groups repeat per
/// port; keep them in order instead of as numbered extras.
fn ports(pd: &mut PhysicalDrive, r: &mut Record<'_>) {
    for f in &mut r.fields {
        if f.taken {
            continue;
        }
        if f.key.starts_with("SAS Address(") {
            pd.sas_addresses.push(f.value.to_owned());
        } else if lex::key_is(f.key, "portstatus") {
            pd.ports.push(raidctl_model::PortStatus {
                status: Some(f.value.to_owned()),
                link_speed: None,
            });
        } else if lex::key_is(f.key, "portslinkspeed") {
            match pd.ports.last_mut() {
                Some(p) if p.link_speed.is_none() => p.link_speed = Some(f.value.to_owned()),
                _ => pd.ports.push(raidctl_model::PortStatus {
                    status: None,
                    link_speed: Some(f.value.to_owned()),
                }),
            }
        } else if f.key.starts_with("Port-") && f.value.is_empty() {
        } else {
            continue;
        }
        f.taken = true;
    }
}

/// Splits `Inquiry Data` into vendor, model and serial.
///
/// SAS drives print the SCSI INQUIRY layout: vendor (8), product (16), revision (4), then the
/// serial. SATA drives print the ATA IDENTIFY layout: serial (20), model (40), firmware (8).
/// When the fixed layout does not line up with `Device Firmware Level` (captures whose spaces
/// were squeezed), fall back to splitting on white space.
pub fn split_inquiry(
    raw: &str,
    pd_type: &PdType,
    firmware: Option<&str>,
) -> (Option<String>, Option<String>, Option<String>) {
    let clean = |s: Option<&str>| {
        s.map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let fw = firmware.unwrap_or("").trim();
    let sas_fits = raw
        .get(24..28)
        .is_some_and(|rev| !fw.is_empty() && rev.trim() == fw);
    let sata_fits = raw
        .get(60..)
        .is_some_and(|tail| !fw.is_empty() && tail.trim() == fw);
    if *pd_type != PdType::Sata && sas_fits {
        return (
            clean(raw.get(0..8)),
            clean(raw.get(8..24)),
            clean(raw.get(28..)),
        );
    }
    if sata_fits || (*pd_type == PdType::Sata && raw.len() >= 40 && raw.is_char_boundary(20)) {
        let model_end = raw.len().min(60);
        let model = raw.get(20..model_end);
        return (None, clean(model), clean(raw.get(0..20)));
    }
    let mut tokens: Vec<&str> = raw.split_whitespace().collect();
    if tokens.last().is_some_and(|t| *t == fw) {
        tokens.pop();
    }
    match (pd_type, tokens.as_slice()) {
        (_, []) => (None, None, None),
        (PdType::Sata, [serial, model @ ..]) => (
            None,
            (!model.is_empty()).then(|| model.join(" ")),
            Some((*serial).to_owned()),
        ),
        (_, [vendor, model, .., serial]) => (
            Some((*vendor).to_owned()),
            Some((*model).to_owned()),
            Some((*serial).to_owned()),
        ),
        (_, [vendor, model]) => (Some((*vendor).to_owned()), Some((*model).to_owned()), None),
        (_, [single]) => (None, Some((*single).to_owned()), None),
    }
}

/// Maps one VD record, plus the `Ongoing Progresses` it reports.
pub(crate) fn ld_from_record(
    mut r: Record<'_>,
    adapter: u32,
    w: &mut raidctl_model::Warnings,
) -> (Option<LogicalDrive>, Vec<Progress>) {
    let start = r.start_line;
    let header = r
        .take_field("virtualdrive")
        .or_else(|| r.take_field("virtualdisk"));
    let Some(header) = header else {
        return (None, Vec::new());
    };
    let number = leading_u64(header.value).and_then(|v| u32::try_from(v).ok());
    let target = header
        .value
        .to_ascii_lowercase()
        .find("target id:")
        .and_then(|at| leading_u64(header.value[at + 10..].trim_start()))
        .and_then(|v| u32::try_from(v).ok());
    let Some(number) = number else {
        w.push(Warning {
            file: None,
            line: start,
            message: format!("virtual drive header without a number: {:?}", header.value),
        });
        return (None, Vec::new());
    };
    let mut ld = LogicalDrive {
        adapter,
        number,
        target_id: target.unwrap_or(number),
        ..LogicalDrive::default()
    };
    ld.name = r.text("name");
    ld.span_depth = r.u32("spandepth", w);
    if let Some(f) = r.take_field("raidlevel") {
        ld.raid_level = RaidLevel::from_megacli(f.value, ld.span_depth);
        ld.raid_level_raw = Some(f.value.to_owned());
    }
    if let Some(f) = r.take_field("state") {
        ld.state = LdState::from_text(f.value);
        ld.state_raw = Some(f.value.to_owned());
        if ld.state.is_unknown() {
            w.push(Warning {
                file: None,
                line: f.line,
                message: format!("unknown VD state {:?}", f.value),
            });
        }
    } else {
        w.push(Warning {
            file: None,
            line: start,
            message: format!("virtual drive {number} has no State (output cut?)"),
        });
    }
    if let Some(f) = r.take_field("size") {
        ld.size_raw = Some(f.value.to_owned());
        ld.size_bytes = raidctl_model::parse_size(f.value).ok();
    }
    ld.strip_size_bytes = r.size("stripsize", w).or_else(|| r.size("stripesize", w));
    ld.number_of_drives = r
        .u32("numberofdrives", w)
        .or_else(|| r.u32("numberofdrivesperspan", w));
    ld.default_cache_policy = r.text("defaultcachepolicy");
    ld.current_cache_policy = r.text("currentcachepolicy");
    ld.normalise_cache();
    ld.access_policy = r
        .text("currentaccesspolicy")
        .or_else(|| r.text("accesspolicy"));
    ld.disk_cache_policy = r.text("diskcachepolicy");
    ld.bad_blocks_exist = r.bool("badblocksexist", w);
    let mut progress = Vec::new();
    for f in &r.fields {
        if f.value.contains("Completed") && f.value.contains('%') {
            ld.ongoing.push(format!("{}: {}", f.key, f.value));
            progress.push(Progress {
                adapter,
                kind: progress_kind(f.key),
                drive: None,
                logical_drive: Some(ld.target_id),
                in_progress: true,
                percent: crate::megacli::progress::percent_in(f.value),
                elapsed_minutes: minutes_taken(f.value),
            });
        }
    }
    r.fields
        .retain(|f| !(f.value.contains("Completed") && f.value.contains('%')));
    let _ = r.take_field("ongoingprogresses");
    if let Some(f) = r.take_field("isvdcached") {
        insert_extra(&mut ld.extra, f.key, f.value);
    }
    r.into_extra(&mut ld.extra);
    (Some(ld), progress)
}

fn progress_kind(key: &str) -> ProgressKind {
    let k = raidctl_model::squash_text(key);
    if k.contains("background") {
        ProgressKind::BackgroundInit
    } else if k.contains("consistency") {
        ProgressKind::ConsistencyCheck
    } else if k.contains("reconstruct") {
        ProgressKind::Reconstruction
    } else if k.contains("initiali") {
        ProgressKind::Initialization
    } else if k.contains("patrol") {
        ProgressKind::PatrolRead
    } else {
        ProgressKind::Unknown(key.to_owned())
    }
}

/// `Completed 15%, Taken 10 min.` → 10.
fn minutes_taken(value: &str) -> Option<u32> {
    let at = value.find("Taken")?;
    leading_u64(value[at + 5..].trim_start()).and_then(|v| u32::try_from(v).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inquiry_sas_fixed() {
        let (v, m, s) = split_inquiry(
            "SEAGATE ST973451SS      SM043PD2JH68            ",
            &PdType::Sas,
            Some("SM04"),
        );
        assert_eq!(
            (v.as_deref(), m.as_deref(), s.as_deref()),
            (Some("SEAGATE"), Some("ST973451SS"), Some("3PD2JH68"))
        );
    }

    #[test]
    fn inquiry_sata_fixed() {
        let raw = "            9WM5PANGST32000644NS                                KA06";
        let (v, m, s) = split_inquiry(raw, &PdType::Sata, Some("KA06"));
        assert_eq!(
            (v, m.as_deref(), s.as_deref()),
            (None, Some("ST32000644NS"), Some("9WM5PANG"))
        );
    }

    #[test]
    fn inquiry_squeezed() {
        let (v, m, s) = split_inquiry(
            "SEAGATE ST3300657SS 0008 6SJ5XYZ1",
            &PdType::Sas,
            Some("0008"),
        );
        assert_eq!(v.as_deref(), Some("SEAGATE"));
        assert_eq!(m.as_deref(), Some("ST3300657SS"));
        assert_eq!(s.as_deref(), Some("6SJ5XYZ1"));
    }
}
