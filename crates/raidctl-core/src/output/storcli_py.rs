//! `raidctl metrics --compat storcli-py`: the exposition of node_exporter's `storcli.py`
//! textfile collector (Debian's prometheus-node-exporter-collectors), from raidctl's snapshot,
//! so dashboards and alerts written for its `megaraid_*` series keep working on hosts that
//! switch to raidctl: the same metric names, HELP texts and label names, and label values in
//! storcli's own words (`Onln`, `Dgrd`, `RWBD`, `RAID5`), whatever tool raidctl read.
//!
//! Where the snapshot does not hold what storcli.py reads, the series is left out rather than
//! made up: the ROC temperature, the backend port count, the patrol read schedule (storcli's
//! `Patrol Read Reoccurrence`) and the controller clock (`time_difference` needs the host's
//! and the controller's time of one call, which only storcli and perccli print). Unlike
//! storcli.py, a missing key never ends the output half-way, and label values are escaped.

use crate::backend::snapshot::Snapshot;
use crate::model::{
    Adapter, BatteryState, FirmwareState, LdState, LogicalDrive, MediaType, PdType, PhysicalDrive,
};
use crate::model::{CacheIo, CacheRead, CacheWrite};
use std::fmt::Write as _;

/// File name in the textfile directory: the name the Debian collector's timer writes, so
/// raidctl's file replaces it (stop `prometheus-node-exporter-storcli.timer` first).
pub const TEXTFILE_NAME: &str = "storcli.prom";

/// Families in the order storcli.py first adds them; each keeps its sample lines.
#[derive(Default)]
struct Families {
    order: Vec<(&'static str, String)>,
}

impl Families {
    fn add(&mut self, name: &'static str, labels: &[(&str, String)], value: f64) {
        let mut line = format!("megaraid_{name}{{");
        for (i, (k, v)) in labels.iter().enumerate() {
            if i > 0 {
                line.push(',');
            }
            let _ = write!(line, "{k}=\"{}\"", super::metrics::escape_label(v));
        }
        // Python's repr of a float, as storcli.py prints its values (`1.0`, `212.0`).
        let _ = writeln!(line, "}} {value:?}");
        match self.order.iter_mut().find(|(n, _)| *n == name) {
            Some((_, body)) => body.push_str(&line),
            None => self.order.push((name, line)),
        }
    }

    fn render(self) -> String {
        let mut out = String::new();
        for (name, body) in self.order {
            // storcli.py's HELP: "MegaRAID" and the name with spaces.
            let _ = writeln!(
                out,
                "# HELP megaraid_{name} MegaRAID {}",
                name.replace('_', " ")
            );
            let _ = writeln!(out, "# TYPE megaraid_{name} gauge");
            out.push_str(&body);
        }
        out
    }
}

fn flag(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

#[allow(clippy::cast_precision_loss)]
fn num(v: u64) -> f64 {
    v as f64
}

/// The leading integer of an `extra` value (`60`, `60  degree Celsius`, `8`).
fn extra_int(a: &Adapter, keys: &[&str]) -> Option<i64> {
    keys.iter().find_map(|k| {
        let v = a.extra.get(*k)?.trim();
        let end = v
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
            .map_or(v.len(), |(i, _)| i);
        v[..end].parse().ok()
    })
}

/// storcli's `MM/DD/YYYY, HH:MM:SS` as seconds since an arbitrary epoch (only differences of
/// two of them are used).
fn storcli_time(text: &str) -> Option<i64> {
    let (date, time) = text.trim().split_once(", ")?;
    let d: Vec<i64> = date
        .split('/')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let t: Vec<i64> = time
        .split(':')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let ([m, day, y], [hh, mm, ss]) = (d.as_slice(), t.as_slice()) else {
        return None;
    };
    if !(1..=12).contains(m) || !(1..=31).contains(day) {
        return None;
    }
    let n = |v: i64| u32::try_from(v).ok();
    Some(crate::model::days_from_civil(*y, n(*m)?, n(*day)?) * 86_400 + hh * 3600 + mm * 60 + ss)
}

/// storcli.py's `time_difference`: `abs(system - controller).seconds`, Python's seconds part
/// of the difference (without whole days).
fn time_difference(a: &Adapter) -> Option<f64> {
    let sys = storcli_time(a.extra.get("Current System Date/time")?)?;
    let ctl = storcli_time(a.extra.get("Current Controller Date/Time")?)?;
    #[allow(clippy::cast_precision_loss)]
    Some(((sys - ctl).abs() % 86_400) as f64)
}

/// storcli's `BBU Status` (0 for a good CacheVault, 32 for a good BBU) when the snapshot
/// came from storcli; else the battery's own state: present, optimal, not learning or
/// charging, nothing to replace.
fn battery_healthy(snap: &Snapshot, a: &Adapter) -> bool {
    if let Some(bits) = extra_int(a, &["BBU Status"]) {
        return bits == 0 || bits == 32;
    }
    snap.bbus.iter().any(|b| {
        b.adapter == a.adapter
            && !b.status_failed
            && b.state == BatteryState::Optimal
            && b.learn_cycle_active != Some(true)
            && b.replacement_required != Some(true)
            && b.pack_missing != Some(true)
    })
}

/// storcli's `State` of a VD.
fn vd_state(ld: &LogicalDrive) -> String {
    match &ld.state {
        LdState::Optimal => "Optl".to_owned(),
        LdState::Degraded => "Dgrd".to_owned(),
        LdState::PartiallyDegraded => "Pdgd".to_owned(),
        LdState::Offline => "OfLn".to_owned(),
        _ => ld.state_raw.clone().unwrap_or_else(|| "Unknown".to_owned()),
    }
}

/// storcli's `Cache` column, the current policy (write-through while a battery learns):
/// read-ahead, write policy, I/O (`RWBD`, `NRWTD`, `RAWBC`). Its one word for MegaCli's
/// `ReadAdaptive` is `R`: current firmware has one read-ahead mode.
fn vd_cache(ld: &LogicalDrive) -> String {
    let c = &ld.cache;
    let read = match c.read {
        CacheRead::NoReadAhead => "NR",
        CacheRead::ReadAhead | CacheRead::Adaptive => "R",
        CacheRead::Unknown => "",
    };
    let write = match c.write {
        CacheWrite::WriteThrough => "WT",
        CacheWrite::WriteBack => "WB",
        CacheWrite::AlwaysWriteBack => "AWB",
        CacheWrite::Unknown => "",
    };
    let io = match c.io {
        CacheIo::Direct => "D",
        CacheIo::Cached => "C",
        CacheIo::Unknown => "",
    };
    format!("{read}{write}{io}")
}

/// storcli's `TYPE` of a VD (`RAID1`, `RAID50`).
fn vd_type(ld: &LogicalDrive) -> String {
    match &ld.raid_level {
        crate::model::RaidLevel::Unknown(raw) => raw.clone(),
        l => l.as_str().to_ascii_uppercase(),
    }
}

/// storcli's `State` column of a drive (`Onln`, `UGood`, `DHS`).
fn pd_state(pd: &PhysicalDrive) -> String {
    match &pd.firmware_state {
        FirmwareState::Online => "Onln".to_owned(),
        FirmwareState::Offline => "Offln".to_owned(),
        FirmwareState::Failed => "Failed".to_owned(),
        FirmwareState::Rebuild => "Rbld".to_owned(),
        FirmwareState::Copyback => "Cpybck".to_owned(),
        FirmwareState::UnconfiguredGood => "UGood".to_owned(),
        FirmwareState::UnconfiguredBad => "UBad".to_owned(),
        FirmwareState::Jbod => "JBOD".to_owned(),
        FirmwareState::Hotspare => {
            let said = |s: &str| s.to_ascii_lowercase().contains("dedicated") || s == "DHS";
            let dedicated = pd.hotspare.as_deref().is_some_and(said)
                || pd.firmware_state_raw.as_deref().is_some_and(said);
            if dedicated { "DHS" } else { "GHS" }.to_owned()
        }
        FirmwareState::Unknown(raw) => raw.clone(),
    }
}

/// storcli's `DG` column of a drive: its drive group, `F` for a foreign drive, else `-`.
fn pd_dg(pd: &PhysicalDrive) -> String {
    match (pd.disk_group, pd.foreign) {
        (Some(g), _) => g.to_string(),
        (None, Some(true)) => "F".to_owned(),
        (None, _) => "-".to_owned(),
    }
}

/// The Gb/s before the dot (`6.0Gb/s` → 6), as storcli.py reads `Link Speed`.
fn gbps(speed: Option<&str>) -> Option<f64> {
    speed?.split('.').next()?.trim().parse::<f64>().ok()
}

/// One controller's drive series, as storcli.py's `create_metrics_of_physical_drive`.
fn drive(f: &mut Families, controller: &str, pd: &PhysicalDrive) {
    // storcli's `EID:Slt` of a drive without an enclosure is ` :4`: storcli.py's enclosure
    // label is then a space, and dashboards match on it.
    let enclosure = pd
        .enclosure_id
        .map_or_else(|| " ".to_owned(), |e| e.to_string());
    let base = vec![
        ("controller", controller.to_owned()),
        ("enclosure", enclosure),
        ("slot", pd.slot.to_string()),
    ];
    let counters: [(&'static str, Option<f64>); 9] = [
        ("pd_shield_counter", pd.shield_counter.map(f64::from)),
        ("pd_media_errors", pd.media_error_count.map(num)),
        ("pd_other_errors", pd.other_error_count.map(num)),
        ("pd_predictive_errors", pd.predictive_failure_count.map(num)),
        ("pd_smart_alerted", pd.smart_alert.map(flag)),
        ("pd_link_speed_gbps", gbps(pd.link_speed.as_deref())),
        ("pd_device_speed_gbps", gbps(pd.device_speed.as_deref())),
        ("pd_commissioned_spare", pd.commissioned_spare.map(flag)),
        ("pd_emergency_spare", pd.emergency_spare.map(flag)),
    ];
    for (name, v) in counters {
        if let Some(v) = v {
            f.add(name, &base, v);
        }
    }
    let mut info = base;
    info.extend([
        (
            "disk_id",
            pd.device_id.map_or_else(String::new, |d| d.to_string()),
        ),
        (
            "interface",
            match pd.pd_type {
                PdType::Sata => "SATA",
                PdType::Nvme => "NVMe",
                _ => "SAS",
            }
            .to_owned(),
        ),
        (
            "media",
            match pd.media_type {
                MediaType::Ssd => "SSD",
                _ => "HDD",
            }
            .to_owned(),
        ),
        ("model", pd.model.as_deref().unwrap_or("").trim().to_owned()),
        ("DG", pd_dg(pd)),
        ("state", pd_state(pd)),
    ]);
    if let Some(fw) = &pd.firmware {
        info.push(("firmware", fw.trim().to_owned()));
    }
    if let Some(sn) = &pd.serial {
        info.push(("serial", sn.trim().to_owned()));
    }
    f.add("pd_info", &info, 1.0);
}

/// One controller's series, as storcli.py's `handle_common_controller` and
/// `handle_megaraid_controller`.
fn controller(f: &mut Families, snap: &Snapshot, a: &Adapter) {
    let c = a.adapter.to_string();
    let base = [("controller", c.clone())];
    let text = |v: &Option<String>| v.as_deref().unwrap_or("").trim().to_owned();
    f.add(
        "controller_info",
        &[
            ("controller", c.clone()),
            ("model", text(&a.product_name)),
            ("serial", text(&a.serial)),
            ("fwversion", text(&a.fw_version)),
        ],
        1.0,
    );
    #[allow(clippy::cast_precision_loss)]
    let int = |v: i64| v as f64;
    if let Some(t) = extra_int(a, &["ROC temperature(Degree Celsius)", "ROC temperature"]) {
        f.add("temperature", &base, int(t));
    }
    f.add(
        "battery_backup_healthy",
        &base,
        flag(battery_healthy(snap, a)),
    );
    let lds: Vec<&LogicalDrive> = snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == a.adapter)
        .collect();
    // storcli's `Controller Status`; from MegaCli, as storcli says it: `Needs Attention`
    // while a VD is not optimal, else `Optimal`.
    let status = a.status.clone().unwrap_or_else(|| {
        if lds.iter().all(|l| l.state == LdState::Optimal) {
            "Optimal".to_owned()
        } else {
            "Needs Attention".to_owned()
        }
    });
    f.add("degraded", &base, flag(status == "Degraded"));
    f.add("failed", &base, flag(status == "Failed"));
    f.add("healthy", &base, flag(status == "Optimal"));
    if let Some(p) = extra_int(a, &["Backend Port Count", "Number of Backend Port"]) {
        f.add("ports", &base, int(p));
    }
    if let Some(r) = a.extra.get("Patrol Read Reoccurrence") {
        f.add("scheduled_patrol_read", &base, flag(r.contains("hrs")));
    }
    for b in snap.bbus.iter().filter(|b| b.adapter == a.adapter) {
        let cv = b
            .battery_type
            .as_deref()
            .is_some_and(|t| t.to_ascii_uppercase().starts_with("CV"));
        if let (true, Some(t)) = (cv, b.temperature_c) {
            let l = [("controller", c.clone()), ("cvidx", "0".to_owned())];
            f.add("cv_temperature", &l, f64::from(t));
        }
    }
    if let Some(d) = time_difference(a) {
        f.add("time_difference", &base, d);
    }
    let mut groups: Vec<u32> = snap
        .disk_groups
        .iter()
        .filter(|g| g.adapter == a.adapter)
        .map(|g| g.index)
        .chain(lds.iter().filter_map(|l| l.disk_group))
        .collect();
    groups.sort_unstable();
    groups.dedup();
    f.add("drive_groups", &base, num(groups.len() as u64));
    f.add("virtual_drives", &base, num(lds.len() as u64));
    for ld in &lds {
        let labels = [
            ("controller", c.clone()),
            (
                "DG",
                ld.disk_group
                    .map_or_else(|| "-1".to_owned(), |g| g.to_string()),
            ),
            ("VG", ld.target_id.to_string()),
            ("name", ld.name.as_deref().unwrap_or("").trim().to_owned()),
            ("cache", vd_cache(ld)),
            ("type", vd_type(ld)),
            ("state", vd_state(ld)),
        ];
        f.add("vd_info", &labels, 1.0);
    }
    let pds: Vec<&PhysicalDrive> = snap
        .physical_drives
        .iter()
        .filter(|p| p.adapter == a.adapter)
        .collect();
    f.add("physical_drives", &base, num(pds.len() as u64));
    for pd in pds {
        drive(f, &c, pd);
    }
}

/// The storcli.py exposition of a snapshot. A snapshot that could not be taken gives no
/// series at all (storcli.py prints nothing then either): stale values are never re-exported.
pub fn render(result: Result<&Snapshot, &str>) -> String {
    let Ok(snap) = result else {
        return String::new();
    };
    let mut f = Families::default();
    for a in &snap.adapters {
        controller(&mut f, snap, a);
    }
    f.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::tests::{degraded, healthy};

    fn has(text: &str, line: &str) {
        assert!(
            text.lines().any(|l| l == line),
            "missing line {line:?} in\n{text}"
        );
    }

    #[test]
    fn storcli_words_for_states_and_python_floats() {
        let text = render(Ok(&degraded()));
        has(&text, "# HELP megaraid_vd_info MegaRAID vd info");
        has(&text, "# TYPE megaraid_pd_media_errors gauge");
        assert!(
            text.lines().any(|l| l.starts_with("megaraid_vd_info{")
                && l.contains("state=\"Dgrd\"")
                && l.ends_with("} 1.0")),
            "{text}"
        );
        assert!(
            text.lines().any(|l| l.starts_with("megaraid_pd_info{")
                && l.contains("slot=\"3\"")
                && l.contains("state=\"Failed\"")),
            "{text}"
        );
        has(&text, "megaraid_healthy{controller=\"0\"} 0.0");
        // Each family once, in storcli.py's order: the controller first, the drives last.
        assert_eq!(text.matches("# TYPE megaraid_pd_info gauge").count(), 1);
        let pos = |n: &str| text.find(&format!("# HELP megaraid_{n} ")).unwrap();
        assert!(pos("controller_info") < pos("vd_info") && pos("vd_info") < pos("pd_info"));
    }

    #[test]
    fn a_drive_without_enclosure_has_storcli_s_blank_enclosure() {
        let mut snap = healthy();
        snap.physical_drives[0].enclosure_id = None;
        let slot = snap.physical_drives[0].slot;
        let text = render(Ok(&snap));
        assert!(
            text.contains(&format!(
                "megaraid_pd_media_errors{{controller=\"0\",enclosure=\" \",slot=\"{slot}\"}}"
            )),
            "{text}"
        );
    }

    #[test]
    fn no_snapshot_no_series() {
        assert_eq!(render(Err("MegaCli64 hung")), "");
    }

    #[test]
    fn clocks_as_storcli_py_compares_them() {
        assert_eq!(
            storcli_time("03/04/2024, 08:02:00").unwrap()
                - storcli_time("03/03/2024, 08:00:00").unwrap(),
            86_400 + 120
        );
        assert_eq!(storcli_time("13/04/2024, 08:02:00"), None);
        assert_eq!(storcli_time("yesterday"), None);
        let mut a = Adapter::default();
        a.extra.insert(
            "Current System Date/time".into(),
            "03/05/2024, 08:00:10".into(),
        );
        a.extra.insert(
            "Current Controller Date/Time".into(),
            "03/04/2024, 08:00:00".into(),
        );
        // Python's timedelta.seconds: the whole day is not counted.
        assert_eq!(time_difference(&a), Some(10.0));
    }
}
