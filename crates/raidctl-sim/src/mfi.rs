//! The simulated firmware: answers MFI DCMDs from the same [`SimState`] the MegaCli, storcli
//! and omreport front ends render, as binary payloads in the layouts of
//! [`raidctl_sys::mfi::abi`]. It is an in-process [`MfiTransport`] (the ioctl's
//! stand-in), so the native backend's decoding and validation run against every scenario.
//!
//! Faults come from the state's fault rules with command `mfi:<opcode name>` (lower case,
//! e.g. `mfi:pd_get_list`) or `mfi:*`: latency, hang (the call never returns, as a DCMD stuck
//! in the driver), crash (the ioctl fails), exit:N (firmware status N), garbled (the header
//! bytes are corrupted) and empty (status OK, buffer untouched: QEMU's stub behaviour).
//! Call counts are added to the state's counters when the firmware is dropped.

use crate::render::foreign_configs;
use crate::state::{
    Adapter, Drive, OpKind, SimState, Vd, coerced, ld_state_code, noncoerced, pd_state_code,
};
use crate::store::Locked;
use crate::text::inquiry;
use raidctl_model::{DriveAddress, FirmwareState, LdState, PdType, RaidLevel};
use raidctl_sys::mfi::abi::{self, put_text};
use raidctl_sys::mfi::opcode::Opcode;
use raidctl_sys::mfi::transport::{Frame, MfiTransport, TransportError, fill_from};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;
use zerocopy::{FromZeros, IntoBytes};

/// A simulated MegaRAID firmware over one state.
#[derive(Debug)]
pub struct SimFirmware {
    st: SimState,
    dir: Option<PathBuf>,
    legacy_ld_list: bool,
    calls: Mutex<BTreeMap<String, u64>>,
}

/// Status or payload.
type Answer = Result<Vec<u8>, u8>;

impl SimFirmware {
    /// The firmware of the state in `dir` (the `healthy` scenario when it holds none), as it
    /// is now.
    ///
    /// # Errors
    /// An unreadable state.
    pub fn load(dir: &std::path::Path) -> Result<Self, String> {
        let lock = Locked::acquire(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let st = if lock.exists() {
            lock.load()?
        } else {
            crate::scenarios::build("healthy")?
        };
        Ok(Self {
            st,
            dir: Some(dir.to_owned()),
            legacy_ld_list: false,
            calls: Mutex::new(BTreeMap::new()),
        })
    }

    /// The firmware of an in-memory state (nothing is saved).
    pub fn from_state(st: SimState) -> Self {
        Self {
            st,
            dir: None,
            legacy_ld_list: false,
            calls: Mutex::new(BTreeMap::new()),
        }
    }

    /// Behave like firmware (and QEMU) that only knows the 64-entry LD list and answers the
    /// 256-entry request with `INVALID_PARAMETER`.
    pub fn with_legacy_ld_list(mut self, yes: bool) -> Self {
        self.legacy_ld_list = yes;
        self
    }

    fn fault(&self, command: &str, call: u64) -> Option<crate::state::FaultKind> {
        self.st
            .faults
            .iter()
            .find(|f| {
                (f.command == command || f.command == "mfi:*")
                    && f.on_call.is_none_or(|n| n == call)
            })
            .map(|f| f.kind.clone())
    }

    fn answer(&self, ad: &Adapter, opcode: Opcode, mbox: [u8; 12], len: usize) -> Answer {
        let dev = u16::from_le_bytes([mbox[0], mbox[1]]);
        match opcode {
            Opcode::CTRL_GET_INFO => Ok(ctrl_info(ad).as_bytes().to_vec()),
            Opcode::CTRL_GET_PROPERTIES => Ok(props(ad).as_bytes().to_vec()),
            Opcode::PD_GET_LIST => Ok(pd_list(ad)),
            Opcode::PD_GET_INFO => drive_by_id(ad, dev)
                .map(|d| pd_info(&self.st, ad, d).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::PD_GET_PROGRESS => drive_by_id(ad, dev)
                .map(|d| pd_progress(&self.st, d).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::LD_GET_LIST => {
                let ext = mbox[0] == 1;
                let legacy_len = 8 + abi::LD_LIST_LEGACY * 16;
                if self.legacy_ld_list && (ext || len > legacy_len) {
                    return Err(abi::status::INVALID_PARAMETER);
                }
                Ok(ld_list(
                    ad,
                    if ext {
                        abi::LD_LIST_EXT
                    } else {
                        abi::LD_LIST_LEGACY
                    },
                ))
            }
            Opcode::LD_GET_INFO => ad
                .vds
                .iter()
                .find(|v| v.target == u32::from(mbox[0]))
                .map(|vd| ld_info(&self.st, ad, vd).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::CFG_READ => Ok(config(ad)),
            Opcode::CFG_FOREIGN_SCAN => Ok(foreign_scan(ad).as_bytes().to_vec()),
            Opcode::CFG_FOREIGN_DISPLAY | Opcode::CFG_FOREIGN_PREVIEW => {
                foreign_config(ad, usize::from(mbox[0])).ok_or(abi::status::INVALID_PARAMETER)
            }
            Opcode::BBU_GET_STATUS => ad
                .bbu
                .as_ref()
                .map(|b| bbu_status(b).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::BBU_GET_CAPACITY_INFO => ad
                .bbu
                .as_ref()
                .map(|b| bbu_capacity(b).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::BBU_GET_DESIGN_INFO => ad
                .bbu
                .as_ref()
                .map(|b| bbu_design(b).as_bytes().to_vec())
                .ok_or(abi::status::DEVICE_NOT_FOUND),
            Opcode::CTRL_EVENT_GETINFO => Ok(event_state(ad).as_bytes().to_vec()),
            Opcode::CTRL_EVENT_GET => Ok(events(&self.st, ad, mbox, len)),
            _ => Err(abi::status::INVALID_DCMD),
        }
    }
}

impl Drop for SimFirmware {
    fn drop(&mut self) {
        let Some(dir) = &self.dir else { return };
        let calls = self.calls.lock().map(|c| c.clone()).unwrap_or_default();
        if calls.is_empty() {
            return;
        }
        if let Ok(lock) = Locked::acquire(dir) {
            if let Ok(mut st) = lock.load() {
                for (k, n) in calls {
                    *st.calls.entry(k).or_insert(0) += n;
                }
                let _ = lock.save(&st);
            }
        }
    }
}

impl MfiTransport for SimFirmware {
    fn describe(&self) -> String {
        format!("simulated firmware ({})", self.st.scenario)
    }

    fn hosts(&self) -> Result<Vec<u16>, TransportError> {
        Ok(self
            .st
            .adapters
            .iter()
            .map(|a| u16::try_from(a.index).unwrap_or(u16::MAX))
            .collect())
    }

    fn dcmd(&self, frame: Frame, buf: &mut [u8]) -> Result<u8, TransportError> {
        let Frame { host, opcode, mbox } = frame;
        use crate::state::FaultKind;
        let command = format!("mfi:{}", opcode.name().to_ascii_lowercase());
        let call = {
            let mut c = self
                .calls
                .lock()
                .map_err(|_| TransportError::Fault("simulated firmware lock poisoned".into()))?;
            let n = c.entry(command.clone()).or_insert(0);
            *n += 1;
            *n + self.st.calls.get(&command).copied().unwrap_or(0)
        };
        let fault = self.fault(&command, call);
        match &fault {
            Some(FaultKind::Latency(ms)) => std::thread::sleep(Duration::from_millis(*ms)),
            Some(FaultKind::Hang) => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            Some(FaultKind::Crash) => {
                return Err(TransportError::Io {
                    what: format!("ioctl {opcode} on host {host}"),
                    reason: "Input/output error (simulated)".into(),
                });
            }
            Some(FaultKind::Empty) => return Ok(abi::status::OK),
            Some(FaultKind::Exit(n)) => return Ok(*n),
            Some(FaultKind::Garbled) | None => {}
        }
        let Some(ad) = self.st.adapters.iter().find(|a| a.index == u32::from(host)) else {
            return Err(TransportError::Io {
                what: format!("ioctl {opcode} on host {host}"),
                reason: "No such device (simulated: no adapter with that host number)".into(),
            });
        };
        match self.answer(ad, opcode, mbox, buf.len()) {
            Ok(payload) => {
                // Like the firmware: copy what fits; size fields still tell the whole.
                fill_from(buf, &payload);
                if fault == Some(FaultKind::Garbled) {
                    for b in buf.iter_mut().take(8) {
                        *b = 0xff;
                    }
                }
                Ok(abi::status::OK)
            }
            Err(status) => Ok(status),
        }
    }
}

fn hex16(t: &str) -> u16 {
    u16::from_str_radix(t.trim_start_matches("0x"), 16).unwrap_or(0)
}

fn drive_by_id(ad: &Adapter, id: u16) -> Option<&Drive> {
    ad.drives.iter().find(|d| d.device_id == u32::from(id))
}

fn encl_index(ad: &Adapter, a: DriveAddress) -> u8 {
    a.enclosure
        .and_then(|e| ad.enclosures.iter().position(|x| x.device_id == e))
        .map_or(0, |i| u8::try_from(i + 1).unwrap_or(0xff))
}

fn slot8(slot: u16) -> u8 {
    u8::try_from(slot).unwrap_or(0xff)
}

fn wwn(d: &Drive) -> u64 {
    u64::from_str_radix(d.wwn.trim_start_matches("0x"), 16).unwrap_or(0)
}

fn props(ad: &Adapter) -> abi::CtrlProps {
    let s = &ad.settings;
    let mut p = abi::CtrlProps::new_zeroed();
    p.rebuild_rate = s.rebuild_rate;
    p.patrol_read_rate = 30;
    p.bgi_rate = 30;
    p.cc_rate = 30;
    p.recon_rate = 30;
    p.coercion_mode = 2;
    p.alarm_enable = u8::from(s.alarm == "Enabled");
    p.disable_auto_rebuild = u8::from(!s.auto_rebuild);
    p.disable_battery_warn = u8::from(!s.battery_warning);
    p.restore_hotspare_on_insertion = u8::from(s.restore_hsp_on_insert);
    p.maintain_pd_fail_history = u8::from(s.maintain_pd_fail_history);
    let mut onoff = 0;
    if !s.copyback_enabled {
        onoff |= abi::ONOFF_COPYBACK_DISABLED;
    }
    if s.jbod_enabled {
        onoff |= abi::ONOFF_JBOD_ENABLED;
    }
    p.on_off_properties = onoff;
    p
}

fn ctrl_info(ad: &Adapter) -> abi::CtrlInfo {
    let mut c = abi::CtrlInfo::new_zeroed();
    c.pci.vendor = hex16(&ad.pci_ids.0);
    c.pci.device = hex16(&ad.pci_ids.1);
    c.pci.subvendor = hex16(&ad.pci_ids.2);
    c.pci.subdevice = hex16(&ad.pci_ids.3);
    c.image_component_count = 2;
    for (i, (name, version)) in [("APP", &ad.fw_version), ("BIOS", &ad.bios_version)]
        .into_iter()
        .enumerate()
    {
        put_text(&mut c.image_component[i].name, name);
        put_text(&mut c.image_component[i].version, version);
    }
    c.max_arms = 32;
    c.max_spans = 8;
    c.max_arrays = 128;
    c.max_lds = 64;
    put_text(&mut c.product_name, &ad.product);
    put_text(&mut c.serial_number, &ad.serial);
    let mut hw = abi::hw::NVRAM | abi::hw::MEM | abi::hw::FLASH;
    if ad.bbu.is_some() {
        hw |= abi::hw::BBU;
    }
    if ad.settings.alarm != "Absent" {
        hw |= abi::hw::ALARM;
    }
    c.hw_present = hw;
    let count = |f: &dyn Fn(&Vd) -> bool| {
        u16::try_from(ad.vds.iter().filter(|v| f(v)).count()).unwrap_or(u16::MAX)
    };
    c.lds_present = count(&|_| true);
    c.lds_degraded = count(&|v| {
        matches!(
            ad.vd_state(v),
            LdState::Degraded | LdState::PartiallyDegraded
        )
    });
    c.lds_offline = count(&|v| ad.vd_state(v) == LdState::Offline);
    let drives = |f: &dyn Fn(&Drive) -> bool| {
        u16::try_from(ad.drives.iter().filter(|d| f(d)).count()).unwrap_or(u16::MAX)
    };
    c.pd_present =
        drives(&|_| true).saturating_add(u16::try_from(ad.enclosures.len()).unwrap_or(0));
    c.pd_disks_present = drives(&|_| true);
    c.pd_disks_pred_failure = drives(&|d| d.predictive > 0);
    c.pd_disks_failed = drives(&|d| matches!(d.state, FirmwareState::Failed));
    c.memory_size = u16::try_from(ad.memory_mb).unwrap_or(u16::MAX);
    c.max_cmds = 1007;
    c.raid_levels = 0b111_0111;
    c.properties = props(ad);
    put_text(&mut c.package_version, &ad.fw_package);
    c
}

fn pd_list(ad: &Adapter) -> Vec<u8> {
    let mut entries: Vec<abi::PdAddress> = Vec::new();
    for e in &ad.enclosures {
        let mut a = abi::PdAddress::new_zeroed();
        a.device_id = e.device_id;
        a.encl_device_id = e.device_id;
        a.slot_number = 0xff;
        a.scsi_dev_type = 0x0d;
        entries.push(a);
    }
    let mut drives: Vec<&Drive> = ad.drives.iter().collect();
    drives.sort_by_key(|d| (d.enclosure, d.slot));
    for d in drives {
        let mut a = abi::PdAddress::new_zeroed();
        a.device_id = u16::try_from(d.device_id).unwrap_or(abi::NO_DEVICE);
        a.encl_device_id = d.enclosure.unwrap_or(abi::NO_DEVICE);
        a.encl_index = encl_index(ad, d.addr());
        a.slot_number = slot8(d.slot);
        a.connect_port_bitmap = 1;
        a.sas_addr = [wwn(d), 0];
        entries.push(a);
    }
    let mut h = abi::ListHeader::new_zeroed();
    h.count = u32::try_from(entries.len()).unwrap_or(u32::MAX);
    h.size = 8 + 24 * h.count;
    let mut out = h.as_bytes().to_vec();
    for e in &entries {
        out.extend_from_slice(e.as_bytes());
    }
    out
}

/// 0xffff-based progress that MegaCli's rounding turns back into the simulator's whole
/// percent (`floor`, at most 99 while running).
fn progress_of(percent: f64, started: u64, clock: u64) -> abi::Progress {
    let pct = percent.floor().clamp(0.0, 99.0);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let p = (pct * 655.35).ceil().min(65535.0) as u16;
    abi::Progress {
        progress: p,
        elapsed_seconds: u16::try_from(clock.saturating_sub(started)).unwrap_or(u16::MAX),
    }
}

fn pd_progress(st: &SimState, d: &Drive) -> abi::PdProgress {
    let mut p = abi::PdProgress::new_zeroed();
    if let Some(op) = &d.op {
        match op.kind {
            OpKind::Rebuild => {
                p.active = abi::progress::PD_REBUILD;
                p.rbld = progress_of(op.percent, op.started, st.clock);
            }
            OpKind::Copyback => p.active = abi::progress::PD_COPYBACK,
        }
    }
    p
}

fn speed_code(t: &str) -> u8 {
    match t.trim_end_matches("Gb/s") {
        "1.5" => 1,
        "3.0" | "3" => 2,
        "6.0" | "6" => 3,
        "12.0" | "12" => 4,
        _ => 0,
    }
}

fn pd_info(st: &SimState, ad: &Adapter, d: &Drive) -> abi::PdInfo {
    let mut p = abi::PdInfo::new_zeroed();
    p.device_id = u16::try_from(d.device_id).unwrap_or(abi::NO_DEVICE);
    p.seq_num = 2;
    p.inquiry_data[2] = 5;
    p.inquiry_data[4] = 91;
    put_text(&mut p.inquiry_data[8..], &inquiry(d));
    p.scsi_dev_type = 0;
    p.connected_port_bitmap = 1;
    p.device_speed = speed_code(&d.speed);
    p.link_speed = speed_code(&d.speed);
    p.media_err_count = u32::try_from(d.media_errors).unwrap_or(u32::MAX);
    p.other_err_count = u32::try_from(d.other_errors).unwrap_or(u32::MAX);
    p.pred_fail_count = u32::try_from(d.predictive).unwrap_or(u32::MAX);
    p.last_pred_fail_event_seq_num = if d.predictive > 0 {
        u32::try_from(ad.next_seq.saturating_sub(1)).unwrap_or(u32::MAX)
    } else {
        0
    };
    p.fw_state = u16::try_from(pd_state_code(&d.state).1).unwrap_or(0xff);
    p.disabled_for_removal = u8::from(d.prepared_for_removal);
    let mut ddf = match d.pd_type {
        PdType::Sata => abi::ddf::INTF_SATA3G,
        _ => abi::ddf::INTF_SAS,
    };
    if ad.position(d.addr()).is_some() {
        ddf |= abi::ddf::IN_VD;
    }
    if let Some(h) = &d.hotspare {
        ddf |= abi::ddf::SPARE;
        if h.dedicated.is_empty() {
            ddf |= abi::ddf::GLOBAL_SPARE;
        }
    }
    if d.foreign.is_some() {
        ddf |= abi::ddf::FOREIGN;
    }
    p.ddf_type = ddf;
    p.path_info.count = if d.pd_type == PdType::Sata { 1 } else { 2 };
    p.path_info.sas_addr = [wwn(d), 0, 0, 0];
    p.raw_size = d.raw_sectors;
    p.non_coerced_size = noncoerced(d.raw_sectors);
    p.coerced_size = coerced(d.raw_sectors);
    p.encl_device_id = d.enclosure.unwrap_or(abi::NO_DEVICE);
    p.encl_index = encl_index(ad, d.addr());
    p.slot_number = slot8(d.slot);
    p.prog_info = pd_progress(st, d);
    p
}

fn ld_list(ad: &Adapter, cap: usize) -> Vec<u8> {
    let mut vds: Vec<&Vd> = ad.vds.iter().collect();
    vds.sort_by_key(|v| v.target);
    vds.truncate(cap);
    let mut h = abi::LdListHeader::new_zeroed();
    h.ld_count = u32::try_from(vds.len()).unwrap_or(0);
    let mut out = h.as_bytes().to_vec();
    for vd in vds {
        let mut e = abi::LdListEntry::new_zeroed();
        e.target_id = u8::try_from(vd.target).unwrap_or(0xff);
        e.state = u8::try_from(ld_state_code(&ad.vd_state(vd)).1).unwrap_or(0xff);
        e.size = ad.vd_sectors(vd);
        out.extend_from_slice(e.as_bytes());
    }
    out.resize(8 + cap * 16, 0);
    out
}

fn level_codes(level: &RaidLevel) -> (u8, u8) {
    match level {
        RaidLevel::Raid1 | RaidLevel::Raid10 => (1, 0),
        RaidLevel::Raid5 | RaidLevel::Raid50 => (5, 3),
        RaidLevel::Raid6 | RaidLevel::Raid60 => (6, 3),
        _ => (0, 0),
    }
}

/// The MFI cache policy bits of `vd` with write-back on or off (default or current policy).
pub(crate) fn cache_bits(vd: &Vd, write_back: bool) -> u8 {
    use abi::cache::*;
    let mut b = 0;
    if write_back {
        b |= WRITE_BACK;
    }
    match vd.read_policy.as_str() {
        "ReadAhead" => b |= READ_AHEAD,
        "ReadAdaptive" => b |= READ_ADAPTIVE,
        _ => {}
    }
    if vd.cached_io {
        b |= ALLOW_READ_CACHE | ALLOW_WRITE_CACHE;
    }
    if vd.cached_bad_bbu {
        b |= WRITE_CACHE_BAD_BBU;
    }
    b
}

fn ld_config(ad: &Adapter, vd: &Vd) -> abi::LdConfig {
    let mut c = abi::LdConfig::new_zeroed();
    c.properties.target_id = u8::try_from(vd.target).unwrap_or(0xff);
    put_text(&mut c.properties.name, &vd.name);
    c.properties.default_cache_policy = cache_bits(vd, vd.write_back);
    c.properties.current_cache_policy = cache_bits(vd, ad.effective_write_back(vd));
    c.properties.disk_cache_policy = match vd.disk_cache.as_str() {
        "Enabled" => 1,
        "Disabled" => 2,
        _ => 0,
    };
    let Some(g) = ad.group_index(vd.group_uid) else {
        c.params.state = abi::ld_state::OFFLINE;
        return c;
    };
    let group = &ad.groups[g];
    let (primary, qualifier) = level_codes(&group.level);
    c.params.primary_raid_level = primary;
    c.params.raid_level_qualifier = qualifier;
    let strip_blocks = u64::from(vd.strip_kb) * 2;
    c.params.stripe_size = u8::try_from(strip_blocks.max(1).trailing_zeros()).unwrap_or(7);
    c.params.num_drives =
        u8::try_from(group.spans.first().map_or(0, |s| s.rows.len())).unwrap_or(0);
    c.params.span_depth = u8::try_from(group.spans.len().min(abi::MAX_SPAN_DEPTH)).unwrap_or(0);
    c.params.state = u8::try_from(ld_state_code(&ad.vd_state(vd)).1).unwrap_or(0xff);
    c.params.init_state = 0;
    c.params.is_consistent = u8::from(vd.bgi.is_none());
    let vds = ad.group_vds(vd.group_uid);
    let pos = vds.iter().position(|v| v.uid == vd.uid).unwrap_or(0) as u64;
    let per_span = ad.vd_sectors(vd) / (group.spans.len().max(1) as u64);
    for (si, span) in c.span.iter_mut().enumerate().take(group.spans.len()) {
        span.array_ref = u16::try_from(ad.array_number(g, si)).unwrap_or(abi::NO_DEVICE);
        span.start_block = pos * per_span;
        span.num_blocks = per_span;
    }
    c
}

fn ld_info(st: &SimState, ad: &Adapter, vd: &Vd) -> abi::LdInfo {
    let mut i = abi::LdInfo::new_zeroed();
    i.ld_config = ld_config(ad, vd);
    i.size = ad.vd_sectors(vd);
    if let Some(op) = &vd.bgi {
        i.progress.active = abi::progress::LD_BGI;
        i.progress.bgi = progress_of(op.percent, op.started, st.clock);
    }
    i
}

fn array_row(ad: &Adapter, drive: Option<DriveAddress>) -> abi::ArrayRow {
    let mut r = abi::ArrayRow::new_zeroed();
    match drive.and_then(|a| ad.drive(a)) {
        Some(d) => {
            r.device_id = u16::try_from(d.device_id).unwrap_or(abi::NO_DEVICE);
            r.seq_num = 2;
            r.fw_state = u16::try_from(pd_state_code(&d.state).1).unwrap_or(0xff);
            r.encl_index = encl_index(ad, d.addr());
            r.slot = slot8(d.slot);
        }
        None => {
            r.device_id = abi::NO_DEVICE;
            r.fw_state = abi::pd_state::OFFLINE;
        }
    }
    r
}

fn config_bytes(arrays: &[abi::Array], lds: &[abi::LdConfig], spares: &[abi::Spare]) -> Vec<u8> {
    let mut h = abi::ConfigHeader::new_zeroed();
    h.array_count = u16::try_from(arrays.len()).unwrap_or(0);
    h.array_size = 288;
    h.log_drv_count = u16::try_from(lds.len()).unwrap_or(0);
    h.log_drv_size = 256;
    h.spares_count = u16::try_from(spares.len()).unwrap_or(0);
    h.spares_size = 40;
    h.size = u32::try_from(32 + arrays.len() * 288 + lds.len() * 256 + spares.len() * 40)
        .unwrap_or(u32::MAX);
    let mut out = h.as_bytes().to_vec();
    for a in arrays {
        out.extend_from_slice(a.as_bytes());
    }
    for l in lds {
        out.extend_from_slice(l.as_bytes());
    }
    for s in spares {
        out.extend_from_slice(s.as_bytes());
    }
    out
}

fn config(ad: &Adapter) -> Vec<u8> {
    let mut arrays = Vec::new();
    for (g, group) in ad.groups.iter().enumerate() {
        for (si, span) in group.spans.iter().enumerate() {
            let mut a = abi::Array::new_zeroed();
            a.size = span.rows.iter().map(|r| r.size_sectors).min().unwrap_or(0);
            a.num_drives = u8::try_from(span.rows.len().min(abi::MAX_ROW_SIZE)).unwrap_or(0);
            a.array_ref = u16::try_from(ad.array_number(g, si)).unwrap_or(abi::NO_DEVICE);
            for (ri, row) in span.rows.iter().take(abi::MAX_ROW_SIZE).enumerate() {
                a.pd[ri] = array_row(ad, row.drive);
            }
            arrays.push(a);
        }
    }
    let mut vds: Vec<&Vd> = ad.vds.iter().collect();
    vds.sort_by_key(|v| v.target);
    let lds: Vec<abi::LdConfig> = vds.iter().map(|v| ld_config(ad, v)).collect();
    let mut spares = Vec::new();
    let mut drives: Vec<&Drive> = ad.drives.iter().collect();
    drives.sort_by_key(|d| (d.enclosure, d.slot));
    for d in drives {
        let (FirmwareState::Hotspare, Some(h)) = (&d.state, &d.hotspare) else {
            continue;
        };
        let mut s = abi::Spare::new_zeroed();
        s.device_id = u16::try_from(d.device_id).unwrap_or(abi::NO_DEVICE);
        s.seq_num = 2;
        if !h.dedicated.is_empty() {
            s.spare_type |= abi::spare::DEDICATED;
        }
        if h.revertible {
            s.spare_type |= abi::spare::REVERTIBLE;
        }
        let refs: Vec<u16> = h
            .dedicated
            .iter()
            .filter_map(|uid| ad.group_index(*uid))
            .flat_map(|g| (0..ad.groups[g].spans.len()).map(move |si| (g, si)))
            .map(|(g, si)| u16::try_from(ad.array_number(g, si)).unwrap_or(0))
            .take(abi::MAX_SPARE_ARRAYS)
            .collect();
        s.array_count = u8::try_from(refs.len()).unwrap_or(0);
        for (i, r) in refs.iter().enumerate() {
            s.array_ref[i] = *r;
        }
        spares.push(s);
    }
    config_bytes(&arrays, &lds, &spares)
}

fn foreign_scan(ad: &Adapter) -> abi::ForeignScan {
    let mut f = abi::ForeignScan::new_zeroed();
    let configs = foreign_configs(ad);
    f.count = u32::try_from(configs.len().min(8)).unwrap_or(8);
    for (i, id) in configs.iter().take(8).enumerate() {
        put_text(&mut f.guid[i], &format!("{id:016x}"));
    }
    f
}

/// One foreign configuration as the firmware would display it: its arrays (rows without a
/// drive as missing) and one LD per foreign target.
fn foreign_config(ad: &Adapter, index: usize) -> Option<Vec<u8>> {
    let id = *foreign_configs(ad).get(index)?;
    let members: Vec<&Drive> = ad
        .drives
        .iter()
        .filter(|d| d.foreign.as_ref().is_some_and(|f| f.config == id))
        .collect();
    let first = members.first()?.foreign.as_ref()?;
    let mut arrays = Vec::new();
    for s in 0..first.spans {
        let mut a = abi::Array::new_zeroed();
        a.num_drives = u8::try_from(first.rows.min(32)).unwrap_or(0);
        a.array_ref = u16::try_from(s).unwrap_or(0);
        for r in 0..first.rows.min(32) {
            let d = members.iter().find(|d| {
                d.foreign
                    .as_ref()
                    .is_some_and(|f| f.span == s && f.row == r)
            });
            a.pd[r as usize] = array_row(ad, d.map(|d| d.addr()));
            a.size = d.map_or(a.size, |d| coerced(d.raw_sectors));
        }
        arrays.push(a);
    }
    let mut targets: Vec<&crate::state::ForeignMeta> = Vec::new();
    for d in &members {
        if let Some(f) = &d.foreign {
            if !targets.iter().any(|t| t.target == f.target) {
                targets.push(f);
            }
        }
    }
    let lds: Vec<abi::LdConfig> = targets
        .iter()
        .map(|f| {
            let mut c = abi::LdConfig::new_zeroed();
            c.properties.target_id = u8::try_from(f.target).unwrap_or(0xff);
            put_text(&mut c.properties.name, &f.name);
            let (p, q) = level_codes(&f.level);
            c.params.primary_raid_level = p;
            c.params.raid_level_qualifier = q;
            c.params.num_drives = u8::try_from(f.rows).unwrap_or(0);
            c.params.span_depth = u8::try_from(f.spans.min(8)).unwrap_or(0);
            c.params.stripe_size =
                u8::try_from((u64::from(f.strip_kb) * 2).max(1).trailing_zeros()).unwrap_or(7);
            for (si, span) in c.span.iter_mut().enumerate().take(f.spans as usize) {
                span.array_ref = u16::try_from(si).unwrap_or(0);
            }
            c
        })
        .collect();
    Some(config_bytes(&arrays, &lds, &[]))
}

fn charge(b: &crate::state::Bbu) -> u16 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let c = b.charge.floor().clamp(0.0, 100.0) as u16;
    c
}

fn bbu_status(b: &crate::state::Bbu) -> abi::BbuStatus {
    use abi::bbu::*;
    let mut s = abi::BbuStatus::new_zeroed();
    let c = charge(b);
    let learning = b.learn_started.is_some();
    s.battery_type = TYPE_BBU;
    s.voltage = 3900 + c * 2;
    s.current = if b.charging { 120 } else { 0 };
    s.temperature = u16::try_from(b.temperature.max(0)).unwrap_or(0);
    let mut fw = 0;
    if b.charging {
        fw |= CHARGE_ACTIVE;
    } else if learning {
        fw |= DISCHARGE_ACTIVE;
    }
    if learning {
        fw |= LEARN_CYC_ACTIVE;
    }
    if b.replacement_required {
        fw |= REPLACE_PACK;
    }
    if c < 20 {
        fw |= CAPACITY_LOW;
    }
    s.fw_status = fw;
    let mut d = abi::BbuDetail::new_zeroed();
    d.relative_charge = c;
    d.full_charge_capacity = u16::try_from(b.full_capacity).unwrap_or(u16::MAX);
    d.remaining_capacity =
        u16::try_from(u64::from(b.full_capacity) * u64::from(c) / 100).unwrap_or(u16::MAX);
    d.is_soh_good = u8::from(!b.replacement_required);
    s.detail.copy_from_slice(d.as_bytes());
    s
}

fn bbu_capacity(b: &crate::state::Bbu) -> abi::BbuCapacity {
    let mut c = abi::BbuCapacity::new_zeroed();
    let ch = charge(b);
    c.relative_charge = ch;
    c.absolute_charge = ch * 85 / 100;
    c.full_charge_capacity = u16::try_from(b.full_capacity).unwrap_or(u16::MAX);
    c.remaining_capacity =
        u16::try_from(u64::from(b.full_capacity) * u64::from(ch) / 100).unwrap_or(u16::MAX);
    c.cycle_count = 12;
    c.max_error = 2;
    c.remaining_capacity_alarm = 180;
    c.remaining_time_alarm = 10;
    c
}

fn bbu_design(b: &crate::state::Bbu) -> abi::BbuDesign {
    let mut d = abi::BbuDesign::new_zeroed();
    d.design_capacity = u16::try_from(b.design_capacity).unwrap_or(u16::MAX);
    d.design_voltage = 3700;
    d.spec_info = 49;
    d.serial_number = 4242;
    put_text(&mut d.mfg_name, "SMP-PA1.9");
    put_text(&mut d.device_name, &b.battery_type);
    put_text(&mut d.device_chemistry, "LION");
    d
}

fn event_state(ad: &Adapter) -> abi::EventLogState {
    let mut s = abi::EventLogState::new_zeroed();
    s.newest_seq_num = u32::try_from(ad.next_seq.saturating_sub(1)).unwrap_or(u32::MAX);
    s.oldest_seq_num = ad
        .events
        .first()
        .map_or(0, |e| u32::try_from(e.seq).unwrap_or(0));
    s.clear_seq_num = u32::try_from(ad.clear_seq).unwrap_or(0);
    s.boot_seq_num = s.oldest_seq_num;
    s
}

fn events(st: &SimState, ad: &Adapter, mbox: [u8; 12], len: usize) -> Vec<u8> {
    let from = u64::from(u32::from_le_bytes([mbox[0], mbox[1], mbox[2], mbox[3]]));
    let locale = u16::from_le_bytes([mbox[4], mbox[5]]);
    #[allow(clippy::cast_possible_wrap)]
    let class = mbox[7] as i8;
    let cap = len.saturating_sub(8) / 256;
    let picked: Vec<&crate::state::EventRecord> = ad
        .events
        .iter()
        .filter(|e| e.seq >= from)
        .filter(|e| i32::from(class) <= e.class)
        .filter(|e| locale == 0xffff || u32::from(locale) & e.locale != 0)
        .take(cap)
        .collect();
    let mut h = abi::EventListHeader::new_zeroed();
    h.ld_count = u32::try_from(picked.len()).unwrap_or(0);
    let mut out = h.as_bytes().to_vec();
    for e in picked {
        let mut d = abi::EventDetail::new_zeroed();
        d.seq = u32::try_from(e.seq).unwrap_or(u32::MAX);
        d.time = match e.since_boot {
            // Logged before the clock was set: seconds since boot, top byte 0xff.
            Some(s) => 0xff00_0000 | u32::try_from(s.min(0x00ff_ffff)).unwrap_or(0),
            None => {
                let unix = st.unix_at(e.time);
                u32::try_from(unix - abi::FW_EPOCH_UNIX).unwrap_or(0)
            }
        };
        d.code = e.code;
        d.locale = u16::try_from(e.locale).unwrap_or(0xffff);
        d.class = i8::try_from(e.class).unwrap_or(0);
        put_text(&mut d.description, &e.description);
        out.extend_from_slice(d.as_bytes());
    }
    out
}
