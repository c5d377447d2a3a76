//! DCMD payloads → the typed model. Every reader validates the payload's own length, `size`
//! and count fields against the buffer before it trusts an entry, so a short, stale or
//! inconsistent answer is an error, never a smaller inventory.

use super::abi::{self, pd_state, text};
use crate::model::{
    Adapter, BatteryState, Bbu, ChargingStatus, DiskGroup, DriveAddress, Event, FirmwareState,
    LdState, LogicalDrive, PdType, PhysicalDrive, Progress, ProgressKind, RaidLevel, Span, SpanRow,
};
use std::mem::size_of;
use zerocopy::FromBytes;

/// A payload that does not hold what its fields claim.
pub type Invalid = String;

fn read<T: FromBytes>(buf: &[u8], at: usize, what: &str) -> Result<T, Invalid> {
    let end = at
        .checked_add(size_of::<T>())
        .ok_or_else(|| format!("{what}: offset overflow"))?;
    let bytes = buf
        .get(at..end)
        .ok_or_else(|| format!("{what}: needs bytes {at}..{end}, payload has {}", buf.len()))?;
    T::read_from_bytes(bytes).map_err(|_| format!("{what}: cannot read {} bytes", size_of::<T>()))
}

/// Reads `n` records of `T` one after another from `at` (left just past the last), refusing
/// the first that `invalid` finds fault with (its message).
fn read_records<T: FromBytes>(
    buf: &[u8],
    at: &mut usize,
    n: usize,
    what: &str,
    invalid: impl Fn(&T) -> Option<String>,
) -> Result<Vec<T>, Invalid> {
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        let r: T = read(buf, *at, what)?;
        if let Some(e) = invalid(&r) {
            return Err(e);
        }
        v.push(r);
        *at += size_of::<T>();
    }
    Ok(v)
}

/// Reads a fixed-size payload.
///
/// # Errors
/// When the buffer is shorter than the struct.
pub fn fixed<T: FromBytes>(buf: &[u8], what: &str) -> Result<T, Invalid> {
    read(buf, 0, what)
}

/// `PD_GET_LIST`: the entries, after checking `size` and `count` against the buffer.
///
/// # Errors
/// Inconsistent header.
pub fn pd_list(buf: &[u8]) -> Result<Vec<abi::PdAddress>, Invalid> {
    let h: abi::ListHeader = read(buf, 0, "PD list header")?;
    let (size, count) = (h.size as usize, h.count as usize);
    let entry = size_of::<abi::PdAddress>();
    let need = size_of::<abi::ListHeader>() + count.saturating_mul(entry);
    if size > buf.len() {
        return Err(format!(
            "PD list: size field {size} exceeds the {}-byte buffer (list cut short)",
            buf.len()
        ));
    }
    if need > size {
        return Err(format!(
            "PD list: {count} entries need {need} bytes, size field says {size}"
        ));
    }
    (0..count)
        .map(|i| read(buf, 8 + i * entry, "PD list entry"))
        .collect()
}

/// `LD_GET_LIST`: the entries, after checking the count against the buffer's capacity.
///
/// # Errors
/// A count larger than the buffer holds.
pub fn ld_list(buf: &[u8]) -> Result<Vec<abi::LdListEntry>, Invalid> {
    let h: abi::LdListHeader = read(buf, 0, "LD list header")?;
    let entry = size_of::<abi::LdListEntry>();
    let cap = (buf.len().saturating_sub(8)) / entry;
    let count = h.ld_count as usize;
    if count > cap {
        return Err(format!(
            "LD list: count {count} exceeds the {cap} entries the buffer holds"
        ));
    }
    (0..count)
        .map(|i| read(buf, 8 + i * entry, "LD list entry"))
        .collect()
}

/// The parts of a `CFG_READ` (or foreign display) payload.
#[derive(Debug, Clone)]
pub struct Config {
    /// Arrays in payload order.
    pub arrays: Vec<abi::Array>,
    /// LD configurations.
    pub lds: Vec<abi::LdConfig>,
    /// Hot spares.
    pub spares: Vec<abi::Spare>,
}

/// Total payload size a `CFG_READ` header announces (to size the second read).
///
/// # Errors
/// A size smaller than the header itself.
pub fn config_size(buf: &[u8]) -> Result<usize, Invalid> {
    let h: abi::ConfigHeader = read(buf, 0, "config header")?;
    let size = h.size as usize;
    if size < size_of::<abi::ConfigHeader>() {
        return Err(format!(
            "config: size field {size} is smaller than its header"
        ));
    }
    Ok(size)
}

/// `CFG_READ`: arrays, LDs and spares, after checking every count and element size.
///
/// # Errors
/// Element sizes that are not the ABI's, or counts that overrun `size` or the buffer.
pub fn config(buf: &[u8]) -> Result<Config, Invalid> {
    let h: abi::ConfigHeader = read(buf, 0, "config header")?;
    let size = h.size as usize;
    if size > buf.len() {
        return Err(format!(
            "config: size field {size} exceeds the {}-byte buffer",
            buf.len()
        ));
    }
    // Firmware gives each element's size (mfiutil steps by it); QEMU gives the size of all
    // elements together. Either is consistent; anything else is not this layout.
    let check = |what: &str, got: u16, count: u16, want: usize| {
        let got = usize::from(got);
        if count == 0 || got == want || got == want * usize::from(count) {
            Ok(())
        } else {
            Err(format!(
                "config: {what} size {got}, expected {want} per element"
            ))
        }
    };
    check(
        "array",
        h.array_size,
        h.array_count,
        size_of::<abi::Array>(),
    )?;
    check(
        "LD",
        h.log_drv_size,
        h.log_drv_count,
        size_of::<abi::LdConfig>(),
    )?;
    check(
        "spare",
        h.spares_size,
        h.spares_count,
        size_of::<abi::Spare>(),
    )?;
    let (na, nl, ns) = (
        usize::from(h.array_count),
        usize::from(h.log_drv_count),
        usize::from(h.spares_count),
    );
    let need = size_of::<abi::ConfigHeader>()
        + na * size_of::<abi::Array>()
        + nl * size_of::<abi::LdConfig>()
        + ns * size_of::<abi::Spare>();
    if need > size {
        return Err(format!(
            "config: {na} arrays, {nl} LDs and {ns} spares need {need} bytes, size field says {size}"
        ));
    }
    let mut at = size_of::<abi::ConfigHeader>();
    let arrays = read_records(buf, &mut at, na, "array", |a: &abi::Array| {
        (usize::from(a.num_drives) > abi::MAX_ROW_SIZE).then(|| {
            format!(
                "config: array {} claims {} rows (at most {})",
                { a.array_ref },
                a.num_drives,
                abi::MAX_ROW_SIZE
            )
        })
    })?;
    let lds = read_records(buf, &mut at, nl, "LD config", |l: &abi::LdConfig| {
        (usize::from(l.params.span_depth) > abi::MAX_SPAN_DEPTH).then(|| {
            format!(
                "config: LD {} claims span depth {} (at most {})",
                l.properties.target_id,
                l.params.span_depth,
                abi::MAX_SPAN_DEPTH
            )
        })
    })?;
    let spares = read_records(buf, &mut at, ns, "spare", |s: &abi::Spare| {
        (usize::from(s.array_count) > abi::MAX_SPARE_ARRAYS).then(|| {
            format!(
                "config: spare {} claims {} arrays",
                { s.device_id },
                s.array_count
            )
        })
    })?;
    Ok(Config {
        arrays,
        lds,
        spares,
    })
}

/// Firmware state code → model state.
pub fn firmware_state(code: u16) -> FirmwareState {
    match code {
        pd_state::UNCONFIGURED_GOOD => FirmwareState::UnconfiguredGood,
        pd_state::UNCONFIGURED_BAD => FirmwareState::UnconfiguredBad,
        pd_state::HOT_SPARE => FirmwareState::Hotspare,
        pd_state::OFFLINE => FirmwareState::Offline,
        pd_state::FAILED => FirmwareState::Failed,
        pd_state::REBUILD => FirmwareState::Rebuild,
        pd_state::ONLINE => FirmwareState::Online,
        pd_state::COPYBACK => FirmwareState::Copyback,
        pd_state::SYSTEM => FirmwareState::Jbod,
        other => FirmwareState::Unknown(format!("0x{other:02x}")),
    }
}

/// LD state code → model state.
pub fn ld_state(code: u8) -> LdState {
    match code {
        abi::ld_state::OPTIMAL => LdState::Optimal,
        abi::ld_state::DEGRADED => LdState::Degraded,
        abi::ld_state::PARTIALLY_DEGRADED => LdState::PartiallyDegraded,
        abi::ld_state::OFFLINE => LdState::Offline,
        other => LdState::Unknown(format!("0x{other:02x}")),
    }
}

fn ld_state_text(s: &LdState) -> String {
    match s {
        LdState::Optimal => "Optimal".into(),
        LdState::Degraded => "Degraded".into(),
        LdState::PartiallyDegraded => "Partially Degraded".into(),
        LdState::Offline => "Offline".into(),
        LdState::Unknown(raw) => raw.clone(),
    }
}

fn speed(code: u8) -> Option<String> {
    match code {
        1 => Some("1.5Gb/s".into()),
        2 => Some("3.0Gb/s".into()),
        3 => Some("6.0Gb/s".into()),
        4 => Some("12.0Gb/s".into()),
        _ => None,
    }
}

/// Percent (rounded down, as MegaCli prints it) of a 0xffff-based progress fraction.
pub fn percent(p: abi::Progress) -> u8 {
    u8::try_from(u32::from(p.progress) * 100 / 0xffff).unwrap_or(100)
}

/// The drive address a list entry or info payload gives.
pub fn address(encl: u16, slot: u8) -> DriveAddress {
    DriveAddress {
        enclosure: (encl != abi::NO_DEVICE).then_some(encl),
        slot: u16::from(slot),
    }
}

/// The printable inquiry text (what MegaCli prints as `Inquiry Data`): the bytes after the
/// 8-byte standard INQUIRY header.
pub fn inquiry_text(info: &abi::PdInfo) -> String {
    let bytes = &info.inquiry_data[8..];
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).trim_end().to_owned()
}

/// `PD_GET_INFO` → a physical drive (without its configuration position).
pub fn physical_drive(adapter: u32, info: &abi::PdInfo) -> PhysicalDrive {
    let ddf = info.ddf_type;
    let pd_type = if ddf & abi::ddf::INTF_SAS != 0 {
        PdType::Sas
    } else if ddf & (abi::ddf::INTF_SATA1 | abi::ddf::INTF_SATA3G) != 0 {
        PdType::Sata
    } else {
        PdType::Unknown(format!("ddf 0x{ddf:04x}"))
    };
    let inquiry = inquiry_text(info);
    let fw = match pd_type {
        PdType::Sata => inquiry.get(60..),
        _ => inquiry.get(24..28),
    }
    .map(str::trim)
    .filter(|s| !s.is_empty())
    .map(str::to_owned);
    let (vendor, model, serial) =
        crate::parse::megacli::split_inquiry(&inquiry, &pd_type, fw.as_deref());
    let state = firmware_state(info.fw_state);
    let sas_addr = { info.path_info.sas_addr };
    let sas: Vec<String> = sas_addr
        .iter()
        .take(usize::from(info.path_info.count.clamp(1, 4)))
        .map(|a| format!("0x{a:x}"))
        .collect();
    let pred = u64::from(info.pred_fail_count);
    PhysicalDrive {
        adapter,
        enclosure_id: (info.encl_device_id != abi::NO_DEVICE).then_some(info.encl_device_id),
        slot: u16::from(info.slot_number),
        device_id: Some(u32::from(info.device_id)),
        wwn: sas_addr
            .first()
            .filter(|a| **a != 0)
            .map(|a| format!("{a:016X}")),
        firmware_state_raw: Some(format!("0x{:02x}", { info.fw_state })),
        firmware_state: state,
        foreign: Some(ddf & abi::ddf::FOREIGN != 0),
        media_error_count: Some(u64::from(info.media_err_count)),
        other_error_count: Some(u64::from(info.other_err_count)),
        predictive_failure_count: Some(pred),
        smart_alert: Some(pred > 0),
        raw_size_bytes: Some(info.raw_size.saturating_mul(512)),
        non_coerced_size_bytes: Some(info.non_coerced_size.saturating_mul(512)),
        coerced_size_bytes: Some(info.coerced_size.saturating_mul(512)),
        pd_type,
        vendor,
        model,
        serial,
        firmware: fw,
        inquiry_data: Some(inquiry).filter(|s| !s.is_empty()),
        device_speed: speed(info.device_speed),
        link_speed: speed(info.link_speed),
        sequence_number: Some(u32::from(info.seq_num)),
        last_predictive_failure_seq: Some(u64::from(info.last_pred_fail_event_seq_num)),
        sas_addresses: sas,
        ..PhysicalDrive::default()
    }
}

/// Rebuild or copyback progress from a drive's progress block.
pub fn drive_progress(
    adapter: u32,
    drive: DriveAddress,
    state: &FirmwareState,
    p: &abi::PdProgress,
) -> Option<Progress> {
    let active = p.active;
    if active & abi::progress::PD_REBUILD != 0 && *state == FirmwareState::Rebuild {
        return Some(Progress {
            adapter,
            kind: ProgressKind::Rebuild,
            drive: Some(drive),
            logical_drive: None,
            in_progress: true,
            percent: Some(percent(p.rbld)),
            elapsed_minutes: Some(u32::from(p.rbld.elapsed_seconds) / 60),
        });
    }
    if active & abi::progress::PD_COPYBACK != 0 && *state == FirmwareState::Copyback {
        // The progress block has no copyback field: running, percentage unknown.
        return Some(Progress {
            adapter,
            kind: ProgressKind::Copyback,
            drive: Some(drive),
            logical_drive: None,
            in_progress: true,
            percent: None,
            elapsed_minutes: None,
        });
    }
    None
}

fn cache_text(policy: u8, current: bool) -> String {
    use abi::cache::*;
    let _ = current;
    format!(
        "{}, {}, {}, {}",
        if policy & WRITE_BACK != 0 {
            "WriteBack"
        } else {
            "WriteThrough"
        },
        if policy & READ_AHEAD != 0 {
            "ReadAhead"
        } else if policy & READ_ADAPTIVE != 0 {
            "ReadAdaptive"
        } else {
            "ReadAheadNone"
        },
        if policy & (ALLOW_READ_CACHE | ALLOW_WRITE_CACHE) != 0 {
            "Cached"
        } else {
            "Direct"
        },
        if policy & WRITE_CACHE_BAD_BBU != 0 {
            "Write Cache OK if Bad BBU"
        } else {
            "No Write Cache if Bad BBU"
        }
    )
}

/// Disk cache policy code → text (MegaCli's wording).
pub fn disk_cache_text(code: u8) -> String {
    match code {
        1 => "Enabled".into(),
        2 => "Disabled".into(),
        _ => "Disk's Default".into(),
    }
}

/// `LD_GET_INFO` → a logical drive (members and group come from the configuration).
pub fn logical_drive(adapter: u32, info: &abi::LdInfo) -> LogicalDrive {
    let c = &info.ld_config;
    let p = &c.params;
    let raw = format!(
        "Primary-{}, Secondary-{}, RAID Level Qualifier-{}",
        p.primary_raid_level, p.secondary_raid_level, p.raid_level_qualifier
    );
    let depth = u32::from(p.span_depth);
    let state = ld_state(p.state);
    let name = text(&c.properties.name);
    let mut ld = LogicalDrive {
        adapter,
        number: u32::from(c.properties.target_id),
        target_id: u32::from(c.properties.target_id),
        name: Some(name).filter(|n| !n.is_empty()),
        raid_level: RaidLevel::from_megacli(&raw, Some(depth)),
        raid_level_raw: Some(raw),
        state_raw: Some(ld_state_text(&state)),
        state,
        size_bytes: Some(info.size.saturating_mul(512)),
        size_raw: None,
        strip_size_bytes: (p.stripe_size < 24).then(|| 512u64 << p.stripe_size),
        number_of_drives: Some(u32::from(p.num_drives)),
        span_depth: Some(depth),
        default_cache_policy: Some(cache_text(c.properties.default_cache_policy, false)),
        current_cache_policy: Some(cache_text(c.properties.current_cache_policy, true)),
        access_policy: Some(
            match c.properties.access_policy {
                0 => "Read/Write",
                2 => "Read Only",
                3 => "Blocked",
                _ => "unknown",
            }
            .into(),
        ),
        disk_cache_policy: Some(disk_cache_text(c.properties.disk_cache_policy)),
        ..LogicalDrive::default()
    };
    ld.normalise_cache();
    ld
}

/// LD background operations → progress records.
pub fn ld_progress(adapter: u32, target: u32, p: &abi::LdProgress) -> Vec<Progress> {
    let active = p.active;
    let mut v = Vec::new();
    for (bit, kind, prog) in [
        (abi::progress::LD_BGI, ProgressKind::BackgroundInit, p.bgi),
        (abi::progress::LD_FGI, ProgressKind::Initialization, p.fgi),
        (
            abi::progress::LD_RECON,
            ProgressKind::Reconstruction,
            p.recon,
        ),
        (abi::progress::LD_CC, ProgressKind::ConsistencyCheck, p.cc),
    ] {
        if active & bit != 0 {
            v.push(Progress {
                adapter,
                kind,
                drive: None,
                logical_drive: Some(target),
                in_progress: true,
                percent: Some(percent(prog)),
                elapsed_minutes: Some(u32::from(prog.elapsed_seconds) / 60),
            });
        }
    }
    v
}

/// Disk groups from a configuration: LDs sharing arrays form one group, ordered by their
/// first array; arrays no LD uses are groups of their own. `addr` maps device ids to
/// addresses.
pub fn disk_groups(
    adapter: u32,
    cfg: &Config,
    addr: &dyn Fn(u16) -> Option<DriveAddress>,
) -> Vec<DiskGroup> {
    let mut groups: Vec<(Vec<u16>, Vec<u32>)> = Vec::new();
    for ld in &cfg.lds {
        let refs: Vec<u16> = ld
            .span
            .iter()
            .take(usize::from(ld.params.span_depth))
            .map(|s| s.array_ref)
            .collect();
        let target = u32::from(ld.properties.target_id);
        match groups
            .iter_mut()
            .find(|(r, _)| r.iter().any(|x| refs.contains(x)))
        {
            Some((r, t)) => {
                for x in refs {
                    if !r.contains(&x) {
                        r.push(x);
                    }
                }
                t.push(target);
            }
            None => groups.push((refs, vec![target])),
        }
    }
    for a in &cfg.arrays {
        let r = a.array_ref;
        if !groups.iter().any(|(refs, _)| refs.contains(&r)) {
            groups.push((vec![r], Vec::new()));
        }
    }
    groups.sort_by_key(|(r, _)| r.iter().min().copied().unwrap_or(u16::MAX));
    groups
        .into_iter()
        .enumerate()
        .map(|(gi, (refs, mut lds))| {
            lds.sort_unstable();
            let spans = refs
                .iter()
                .enumerate()
                .map(|(si, r)| {
                    let rows = cfg
                        .arrays
                        .iter()
                        .find(|a| a.array_ref == *r)
                        .map(|a| {
                            a.pd.iter()
                                .take(usize::from(a.num_drives))
                                .enumerate()
                                .map(|(ri, row)| {
                                    let drive = (row.device_id != abi::NO_DEVICE)
                                        .then(|| addr(row.device_id))
                                        .flatten();
                                    SpanRow {
                                        row: u32::try_from(ri).unwrap_or(0),
                                        drive,
                                        firmware_state: drive.map(|_| firmware_state(row.fw_state)),
                                    }
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    Span {
                        index: u32::try_from(si).unwrap_or(0),
                        array_ref: Some(u32::from(*r)),
                        rows,
                    }
                })
                .collect();
            let dedicated = cfg
                .spares
                .iter()
                .filter(|s| s.spare_type & abi::spare::DEDICATED != 0)
                .filter(|s| {
                    let refs_of_spare = { s.array_ref };
                    refs_of_spare
                        .iter()
                        .take(usize::from(s.array_count))
                        .any(|x| refs.contains(x))
                })
                .count();
            DiskGroup {
                adapter,
                index: u32::try_from(gi).unwrap_or(0),
                spans,
                logical_drives: lds,
                dedicated_hotspares: Some(u32::try_from(dedicated).unwrap_or(0)),
            }
        })
        .collect()
}

/// The controller's adapter record.
pub fn adapter(index: u32, host: u16, info: &abi::CtrlInfo) -> Adapter {
    let comps = usize::try_from(info.image_component_count)
        .unwrap_or(0)
        .min(8);
    let component = |name: &str| {
        info.image_component
            .iter()
            .take(comps)
            .find(|c| text(&c.name) == name)
            .map(|c| text(&c.version))
    };
    let props = info.properties;
    let hw = info.hw_present;
    let mut extra = crate::model::Extra::new();
    extra.insert("scsi_host".into(), host.to_string());
    Adapter {
        adapter: index,
        product_name: Some(text(&info.product_name)),
        serial: Some(text(&info.serial_number)).filter(|s| !s.is_empty()),
        fw_package: Some(text(&info.package_version)).filter(|s| !s.is_empty()),
        fw_version: component("APP"),
        bios_version: component("BIOS"),
        memory_bytes: Some(u64::from(info.memory_size) * 1024 * 1024),
        bbu_present: Some(hw & abi::hw::BBU != 0),
        alarm: Some(
            if hw & abi::hw::ALARM == 0 {
                "Absent"
            } else if props.alarm_enable != 0 {
                "Enabled"
            } else {
                "Disabled"
            }
            .into(),
        ),
        auto_rebuild: Some(props.disable_auto_rebuild == 0),
        rebuild_rate_pct: Some(props.rebuild_rate),
        battery_warning: Some(props.disable_battery_warn == 0),
        jbod_enabled: Some(props.on_off_properties & abi::ONOFF_JBOD_ENABLED != 0),
        virtual_drive_count: Some(u32::from(info.lds_present)),
        degraded_count: Some(u32::from(info.lds_degraded)),
        offline_count: Some(u32::from(info.lds_offline)),
        disk_count: Some(u32::from(info.pd_disks_present)),
        critical_disk_count: Some(u32::from(info.pd_disks_pred_failure)),
        failed_disk_count: Some(u32::from(info.pd_disks_failed)),
        pci_ids: Some(format!(
            "{:04x}:{:04x}:{:04x}:{:04x}",
            { info.pci.vendor },
            { info.pci.device },
            { info.pci.subvendor },
            { info.pci.subdevice }
        )),
        extra,
        ..Adapter::default()
    }
}

/// The battery from its three payloads.
pub fn bbu(
    adapter: u32,
    st: &abi::BbuStatus,
    cap: Option<&abi::BbuCapacity>,
    design: Option<&abi::BbuDesign>,
) -> Bbu {
    use abi::bbu::*;
    let fw = st.fw_status;
    let (soh, detail_charge) = match st.battery_type {
        TYPE_BBU => abi::BbuDetail::read_from_bytes(&st.detail)
            .map(|d| (Some(d.is_soh_good != 0), Some(d.relative_charge)))
            .unwrap_or((None, None)),
        TYPE_IBBU => abi::IbbuDetail::read_from_bytes(&st.detail)
            .map(|d| (None, Some(d.relative_charge)))
            .unwrap_or((None, None)),
        _ => (None, None),
    };
    let charge = cap.map(|c| c.relative_charge).or(detail_charge);
    let state = if fw & REPLACE_PACK != 0 {
        BatteryState::Failed
    } else if fw & PACK_MISSING != 0 {
        BatteryState::Missing
    } else if fw & LEARN_CYC_ACTIVE != 0 {
        BatteryState::Learning
    } else if charge.is_some_and(|c| c < 100) {
        BatteryState::Degraded
    } else {
        BatteryState::Optimal
    };
    let kind = design
        .map(|d| text(&d.device_name))
        .filter(|s| !s.is_empty())
        .or_else(|| {
            Some(
                match st.battery_type {
                    TYPE_IBBU => "iBBU",
                    TYPE_BBU => "BBU",
                    _ => "battery",
                }
                .to_owned(),
            )
        });
    Bbu {
        adapter,
        battery_type: kind,
        voltage_mv: Some(u32::from(st.voltage)),
        current_ma: Some(i32::from(st.current)),
        temperature_c: Some(i32::from(st.temperature)),
        state_raw: Some(format!("fw_status 0x{fw:08x}")),
        state,
        charging: if fw & CHARGE_ACTIVE != 0 {
            ChargingStatus::Charging
        } else if fw & DISCHARGE_ACTIVE != 0 {
            ChargingStatus::Discharging
        } else {
            ChargingStatus::None
        },
        learn_cycle_active: Some(fw & LEARN_CYC_ACTIVE != 0),
        learn_cycle_requested: Some(fw & LEARN_CYC_REQ != 0),
        learn_cycle_status: Some(
            if fw & LEARN_CYC_FAIL != 0 {
                "Failed"
            } else {
                "OK"
            }
            .into(),
        ),
        pack_missing: Some(fw & PACK_MISSING != 0),
        replacement_required: Some(fw & REPLACE_PACK != 0),
        capacity_low: Some(fw & CAPACITY_LOW != 0),
        about_to_fail: None,
        soh_good: soh,
        relative_charge_pct: charge.map(|c| u8::try_from(c.min(100)).unwrap_or(100)),
        full_charge_capacity_mah: cap.map(|c| u32::from(c.full_charge_capacity)),
        design_capacity_mah: design.map(|d| u32::from(d.design_capacity)),
        status_failed: false,
        ..Bbu::default()
    }
}

/// Event class number → name.
pub fn event_class(class: i8) -> &'static str {
    match class {
        -2 => "progress",
        -1 => "debug",
        0 => "info",
        1 => "warning",
        2 => "critical",
        3 => "fatal",
        4 => "dead",
        _ => "unknown",
    }
}

/// Firmware event time → text: UTC date and time, or seconds since power-on.
pub fn event_time(t: u32) -> String {
    if t >> 24 == 0xff {
        return format!("Seconds since power on: {}", t & 0x00ff_ffff);
    }
    let unix = u64::try_from(abi::FW_EPOCH_UNIX + i64::from(t)).unwrap_or(0);
    let (y, mo, d, h, mi, s) = crate::model::civil_utc(unix);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} UTC")
}

/// `CTRL_EVENT_GET` → events (count checked against the buffer).
///
/// # Errors
/// A count larger than the buffer holds.
pub fn events(adapter: u32, buf: &[u8]) -> Result<Vec<Event>, Invalid> {
    let h: abi::EventListHeader = read(buf, 0, "event list header")?;
    let entry = size_of::<abi::EventDetail>();
    let cap = buf.len().saturating_sub(8) / entry;
    let count = h.ld_count as usize;
    if count > cap {
        return Err(format!(
            "event list: count {count} exceeds the {cap} entries the buffer holds"
        ));
    }
    (0..count)
        .map(|i| {
            let e: abi::EventDetail = read(buf, 8 + i * entry, "event")?;
            // Boot-relative stamps (top byte 0xff) are not wall-clock times.
            let boot_relative = e.time >> 24 == 0xff;
            Ok(Event {
                adapter,
                seq_num: u64::from(e.seq),
                time: (!boot_relative).then(|| event_time(e.time)),
                since_boot_s: boot_relative.then_some(u64::from(e.time & 0x00ff_ffff)),
                code: Some(e.code),
                class: Some(i32::from(e.class)),
                locale: Some(format!("0x{:04x}", { e.locale })),
                description: text(&e.description),
                data: vec![("class".into(), event_class(e.class).into())],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerocopy::{FromZeros, IntoBytes};

    #[test]
    fn pd_list_sizes_are_checked() {
        let mut buf = vec![0u8; 8 + 2 * 24];
        buf[0..4].copy_from_slice(&56u32.to_le_bytes());
        buf[4..8].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(pd_list(&buf).unwrap().len(), 2);
        // A count the size field cannot hold.
        buf[4..8].copy_from_slice(&3u32.to_le_bytes());
        assert!(pd_list(&buf).unwrap_err().contains("3 entries"));
        // A size larger than the buffer: the list was cut.
        buf[0..4].copy_from_slice(&6152u32.to_le_bytes());
        assert!(pd_list(&buf).unwrap_err().contains("exceeds"));
        // The pattern-filled buffer itself is rejected.
        assert!(pd_list(&[0xa5; 6152]).is_err());
    }

    #[test]
    fn ld_list_count_is_bounded() {
        let mut buf = vec![0u8; 1032];
        buf[0..4].copy_from_slice(&65u32.to_le_bytes());
        assert!(ld_list(&buf).is_err());
        buf[0..4].copy_from_slice(&64u32.to_le_bytes());
        assert_eq!(ld_list(&buf).unwrap().len(), 64);
    }

    #[test]
    fn config_counts_are_checked() {
        let mut h = abi::ConfigHeader::new_zeroed();
        h.size = 32 + 288;
        h.array_count = 1;
        h.array_size = 288;
        h.log_drv_size = 256;
        h.spares_size = 40;
        let mut buf = h.as_bytes().to_vec();
        buf.resize(32 + 288, 0);
        assert_eq!(config(&buf).unwrap().arrays.len(), 1);
        let mut h2 = h;
        h2.log_drv_count = 1;
        buf[..32].copy_from_slice(h2.as_bytes());
        assert!(config(&buf).unwrap_err().contains("need"));
        let mut h3 = h;
        h3.array_size = 200;
        buf[..32].copy_from_slice(h3.as_bytes());
        assert!(config(&buf).unwrap_err().contains("array size"));
        // QEMU's convention: the size of all arrays together.
        h3.array_size = 288;
        h3.array_count = 1;
        buf[..32].copy_from_slice(h3.as_bytes());
        assert!(config(&buf).is_ok());
        // An array claiming more rows than the layout has.
        buf[..32].copy_from_slice(h.as_bytes());
        buf[32 + 8] = 40;
        assert!(config(&buf).unwrap_err().contains("rows"));
    }

    #[test]
    fn progress_rounds_down_like_megacli() {
        let p = |v: u16| abi::Progress {
            progress: v,
            elapsed_seconds: 0,
        };
        assert_eq!(percent(p(0)), 0);
        assert_eq!(percent(p(0xffff)), 100);
        assert_eq!(percent(p(29491)), 45);
    }

    #[test]
    fn boot_relative_events_have_no_wall_clock_time() {
        let mut e = abi::EventDetail::new_zeroed();
        e.seq = 7;
        e.time = 0xff00_0010;
        e.class = 2;
        e.description[..4].copy_from_slice(b"boom");
        let mut buf = vec![0u8; 8];
        buf[0..4].copy_from_slice(&1u32.to_le_bytes());
        buf.extend_from_slice(e.as_bytes());
        let ev = events(0, &buf).unwrap();
        assert_eq!(ev[0].since_boot_s, Some(16));
        assert_eq!(ev[0].time, None);
        assert_eq!(ev[0].class, Some(2));
        assert_eq!(ev[0].description, "boom");
        buf[0..4].copy_from_slice(&2u32.to_le_bytes());
        assert!(events(0, &buf).is_err(), "count beyond the buffer");
    }

    #[test]
    fn event_times() {
        assert_eq!(event_time(0xff00_0010), "Seconds since power on: 16");
        assert_eq!(event_time(0), "2000-01-01 00:00:00 UTC");
    }
}
