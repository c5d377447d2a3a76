//! Formatting helpers shared by the renderers: sizes, dates, event identifiers, framing.

use crate::state::{Drive, EventRecord, SECTOR};
use crate::unverified::{SECONDS_SINCE_REBOOT, fill};
use raidctl_model::{DriveAddress, FirmwareState, MediaType, PdType, RaidLevel};

/// The spinner-clear line MegaCli prints first (`\r` and 37 spaces).
pub const SPINNER: &str = "\r                                     ";

/// Wraps body lines in MegaCli framing: spinner line, body, blank line, `Exit Code: 0xNN`.
pub fn frame(body: &[String], code: u32) -> String {
    let mut out = String::with_capacity(body.iter().map(|l| l.len() + 1).sum::<usize>() + 64);
    out.push_str(SPINNER);
    out.push('\n');
    for line in body {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&exit_line(code));
    out.push('\n');
    out
}

/// `Exit Code: 0xNN`.
pub fn exit_line(code: u32) -> String {
    if crate::unverified::EXIT_CODE_UPPERCASE {
        format!("Exit Code: 0x{code:02X}")
    } else {
        format!("Exit Code: 0x{code:02x}")
    }
}

fn trunc3(num: u128, den: u128) -> (u128, u128) {
    let v = num * 1000 / den;
    (v / 1000, v % 1000)
}

/// MegaCli 8.x size text for a sector count: `558.375 GB`, `2.728 TB`, `0.5 GB`.
pub fn size(sectors: u64) -> String {
    let bytes = u128::from(sectors) * u128::from(SECTOR);
    let gib = bytes >> 30;
    if gib >= 1024 {
        let (i, f) = trunc3(gib, 1024);
        return format!("{i}.{f:03} TB");
    }
    let (i, f) = trunc3(bytes, 1 << 30);
    let frac = format!("{f:03}");
    let frac = frac.trim_end_matches('0');
    let frac = if frac.is_empty() { "0" } else { frac };
    format!("{i}.{frac} GB")
}

/// `558.375 GB [0x45880000 Sectors]`.
pub fn size_with_sectors(sectors: u64) -> String {
    format!("{} [0x{sectors:x} Sectors]", size(sectors))
}

/// Whole MiB of a sector count.
pub fn mib(sectors: u64) -> u64 {
    sectors * SECTOR / (1 << 20)
}

/// `Drive Temperature :28C (82.40 F)`.
pub fn temperature_line(c: i32) -> String {
    let f = f64::from(c) * 9.0 / 5.0 + 32.0;
    format!("Drive Temperature :{c}C ({f:.2} F)")
}

/// `Inquiry Data` value: SCSI layout for SAS, ATA IDENTIFY layout for SATA.
pub fn inquiry(d: &Drive) -> String {
    match d.pd_type {
        PdType::Sata => format!("{:>20}{:<40}{:<8}", d.serial, d.model, d.firmware),
        _ => format!("{:<8}{:<16}{}{}", d.vendor, d.model, d.firmware, d.serial),
    }
}

/// `Firmware state:` text.
pub fn firmware_state(d: &Drive) -> String {
    let spin = if d.spun_up { "Spun Up" } else { "Spun down" };
    match &d.state {
        FirmwareState::Online => format!("Online, {spin}"),
        FirmwareState::Offline => "Offline".to_owned(),
        FirmwareState::Failed => "Failed".to_owned(),
        FirmwareState::Rebuild => "Rebuild".to_owned(),
        FirmwareState::Copyback => "Copyback".to_owned(),
        FirmwareState::UnconfiguredGood => format!("Unconfigured(good), {spin}"),
        FirmwareState::UnconfiguredBad => "Unconfigured(bad)".to_owned(),
        FirmwareState::Hotspare => format!("Hotspare, {spin}"),
        FirmwareState::Jbod => "JBOD".to_owned(),
        FirmwareState::Unknown(t) => t.clone(),
    }
}

/// `PD Type` text.
pub fn pd_type(t: &PdType) -> &'static str {
    match t {
        PdType::Sata => "SATA",
        PdType::Nvme => "NVMe",
        _ => "SAS",
    }
}

/// `Media Type` text.
pub fn media_type(m: &MediaType) -> &'static str {
    match m {
        MediaType::Ssd => "Solid State Device",
        _ => "Hard Disk Device",
    }
}

/// `RAID Level` text of the 8.07 `-LDInfo` record.
pub fn raid_level(level: &RaidLevel) -> &'static str {
    match level {
        RaidLevel::Raid0 | RaidLevel::Raid00 => "Primary-0, Secondary-0, RAID Level Qualifier-0",
        RaidLevel::Raid1 | RaidLevel::Raid10 => "Primary-1, Secondary-0, RAID Level Qualifier-0",
        RaidLevel::Raid5 | RaidLevel::Raid50 => "Primary-5, Secondary-0, RAID Level Qualifier-3",
        RaidLevel::Raid6 | RaidLevel::Raid60 => "Primary-6, Secondary-0, RAID Level Qualifier-3",
        RaidLevel::Unknown(_) => "Primary-0, Secondary-0, RAID Level Qualifier-0",
    }
}

/// Enclosure as action texts print it: `32` or `N/A`.
pub fn encl(addr: DriveAddress) -> String {
    addr.enclosure
        .map_or_else(|| "N/A".to_owned(), |e| e.to_string())
}

/// `PD 0b(e0x20/s11)`: device id in hex, enclosure in hex (`0xff` without one), slot.
pub fn event_pd(d: &Drive) -> String {
    let e = d.enclosure.map_or(0xff, u32::from);
    format!("PD {:02x}(e0x{e:02x}/s{})", d.device_id, d.slot)
}

/// `VD 01/1`.
pub fn event_vd(target: u32) -> String {
    format!("VD {target:02x}/{target}")
}

const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Broken-down UTC time: (year, month, day, hour, minute, second, weekday index into DAYS).
pub(crate) fn broken(unix: i64) -> (i64, u32, u32, i64, i64, i64, usize) {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let (y, m, d) = raidctl_model::civil_from_days(days);
    let wd = usize::try_from(days.rem_euclid(7)).unwrap_or(0);
    (y, m, d, secs / 3600, secs / 60 % 60, secs % 60, wd)
}

/// One event record as `-AdpEventLog -GetEvents -f FILE` and storcli's `show events` print it:
/// `seqNum`, the time (`Time: ...`, or the boot-relative line before the controller's clock
/// was set), a blank line, code, class, locale, description and `Event Data`.
pub fn event_record(epoch: i64, e: &EventRecord) -> String {
    let time = match e.since_boot {
        Some(n) => fill(SECONDS_SINCE_REBOOT, &[("n", &n.to_string())]),
        None => format!(
            "Time: {}",
            event_time(epoch + i64::try_from(e.time).unwrap_or(0))
        ),
    };
    let mut out = format!(
        "seqNum: 0x{:08x}\n{time}\n\nCode: 0x{:08x}\nClass: {}\nLocale: 0x{:02x}\n\
         Event Description: {}\nEvent Data:\n===========\n",
        e.seq, e.code, e.class, e.locale, e.description
    );
    if e.data.is_empty() {
        out.push_str("None\n");
    }
    for (k, v) in &e.data {
        out.push_str(&format!("{k}: {v}\n"));
    }
    out
}

/// `MM/DD/YYYY` and `HH:MM:SS`.
pub fn date_and_time(unix: i64) -> (String, String) {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    (
        format!("{m:02}/{d:02}/{y}"),
        format!("{hh:02}:{mm:02}:{ss:02}"),
    )
}

/// Event file time: `Sat Aug  1 03:00:00 2015`.
pub fn event_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, wd) = broken(unix);
    let month = MONTHS[usize::try_from(m.saturating_sub(1)).unwrap_or(0).min(11)];
    format!("{} {month} {d:>2} {hh:02}:{mm:02}:{ss:02} {y}", DAYS[wd])
}

/// Terminal-log time: `11/30/13  6:35:01`.
pub fn termlog_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!(
        "{m:02}/{d:02}/{:02} {hh:>2}:{mm:02}:{ss:02}",
        y.rem_euclid(100)
    )
}

/// `-AdpAllInfo` current time: `9:33:20 2/20, 2017`.
pub fn adapter_time(unix: i64) -> String {
    let (y, m, d, hh, mm, ss, _) = broken(unix);
    format!("{hh}:{mm:02}:{ss:02} {m}/{d}, {y}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(size(1_170_997_248), "558.375 GB");
        assert_eq!(size(0x1_5d50_a3b0), "2.728 TB");
        assert_eq!(size(2 * 1024 * 1024 * 465 + 512 * 1024), "465.25 GB");
    }

    #[test]
    fn dates() {
        assert_eq!(event_time(1_438_398_000), "Sat Aug  1 03:00:00 2015");
        assert_eq!(termlog_time(1_385_793_301), "11/30/13  6:35:01");
        assert_eq!(adapter_time(1_487_583_200), "9:33:20 2/20, 2017");
    }
}
