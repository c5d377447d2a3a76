//! `raidctl metrics`: Prometheus text exposition for node_exporter's textfile collector.
//!
//! States are state sets: one series per possible state with value 0 or 1, so a state change
//! never creates or removes a series. Lifetime counters and progress are gauges (the device
//! may reset them). When the snapshot failed, only `raidctl_scrape_success 0` and
//! `raidctl_scrape_error_info{reason}` are written, so stale values are never re-exported.

use crate::backend::snapshot::Snapshot;
use crate::health::{Problem, Severity, eta_minutes, overall};
use crate::model::{BatteryState, ChargingStatus, FirmwareState, LdState, PhysicalDrive};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// File name written into the textfile collector directory.
pub const TEXTFILE_NAME: &str = "raidctl.prom";

/// Escapes a label value: backslash, double quote and newline as the exposition format
/// wants, and every other control or invisible formatting character (C0, C1, bidi
/// overrides: a serial or a reason from a controller) as [`crate::escape`] shows it, so a
/// dashboard or `curl` on a terminal gets the same safe text as a table.
pub fn escape_label(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' => s.push_str("\\n"),
            c => {
                let mut b = [0u8; 4];
                match crate::escape::escape(c.encode_utf8(&mut b)) {
                    std::borrow::Cow::Borrowed(t) => s.push_str(t),
                    // `\x1b` as text: its backslash is escaped for the format.
                    std::borrow::Cow::Owned(t) => s.push_str(&t.replace('\\', "\\\\")),
                }
            }
        }
    }
    s
}

/// Escapes `# HELP` text: backslash and newline.
fn escape_help(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

mod smart;

type Labels = Vec<(&'static str, String)>;

/// Metric families in order of first use; a family is printed only when it has samples.
#[derive(Default)]
struct Families {
    order: Vec<(&'static str, &'static str, String)>,
}

impl Families {
    fn add(&mut self, name: &'static str, help: &'static str, labels: Labels, value: f64) {
        let mut line = format!("raidctl_{name}");
        if !labels.is_empty() {
            line.push('{');
            for (i, (k, v)) in labels.iter().enumerate() {
                if i > 0 {
                    line.push(',');
                }
                let _ = write!(line, "{k}=\"{}\"", escape_label(v));
            }
            line.push('}');
        }
        let _ = writeln!(line, " {}", fmt_value(value));
        match self.order.iter_mut().find(|(n, _, _)| *n == name) {
            Some((_, _, body)) => body.push_str(&line),
            None => self.order.push((name, help, line)),
        }
    }

    fn render(self) -> String {
        let mut out = String::new();
        for (name, help, body) in self.order {
            let _ = writeln!(out, "# HELP raidctl_{name} {}", escape_help(help));
            let _ = writeln!(out, "# TYPE raidctl_{name} gauge");
            out.push_str(&body);
        }
        out
    }
}

fn fmt_value(v: f64) -> String {
    if v.is_nan() {
        "NaN".to_owned()
    } else if v.is_infinite() {
        if v > 0.0 { "+Inf" } else { "-Inf" }.to_owned()
    } else {
        format!("{v}")
    }
}

fn flag(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

/// A state set: one series per known value and `unknown`, `label` naming it; 1 for the
/// current one, 0 for the others, so a change moves the 1 instead of a series vanishing.
fn state_set(
    f: &mut Families,
    name: &'static str,
    help: &'static str,
    base: &Labels,
    (label, current): (&'static str, &str),
    known: impl Iterator<Item = &'static str>,
) {
    for s in known.chain(["unknown"]) {
        let mut l = base.clone();
        l.push((label, s.to_owned()));
        f.add(name, help, l, flag(s == current));
    }
}

#[allow(clippy::cast_precision_loss)]
fn num(v: u64) -> f64 {
    v as f64
}

/// A drive's bay and serial: every per-drive series carries the serial, so an alert names the
/// drive to pull and a swapped drive's counters start a series of their own.
fn pd_labels(pd: &PhysicalDrive) -> Labels {
    vec![
        ("adapter", pd.adapter.to_string()),
        (
            "enclosure",
            pd.enclosure_id.map_or_else(String::new, |e| e.to_string()),
        ),
        ("slot", pd.slot.to_string()),
        ("serial", pd.serial.clone().unwrap_or_default()),
    ]
}

/// The serial a problem's message names (`(serial ZA1A2B03, a JBOD drive)`, `(serial
/// ZA1A2B03)`): the drive of a bay series is gone or being replaced, so the snapshot no longer
/// has it. Empty when the message names none (or `?`).
fn serial_in(message: &str) -> String {
    message
        .split_once("(serial ")
        .map(|(_, rest)| rest.split([',', ')']).next().unwrap_or("").trim())
        .filter(|s| *s != "?")
        .unwrap_or("")
        .to_owned()
}

/// `osd.12`, `osd.12,osd.13` (a shared DB/WAL device), or empty.
fn osd_label(osds: &[crate::model::OsdRef]) -> String {
    let mut ids: Vec<u32> = osds.iter().map(|o| o.id).collect();
    ids.dedup();
    ids.iter()
        .map(|i| format!("osd.{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Renders the exposition text. `Err` carries why the snapshot could not be taken.
pub fn render_metrics(result: Result<(&Snapshot, &[Problem]), &str>) -> String {
    let mut f = Families::default();
    let (snap, problems) = match result {
        Ok(ok) => ok,
        Err(reason) => {
            f.add(
                "scrape_success",
                "1 when raidctl read the controller state, 0 when it could not.",
                vec![],
                0.0,
            );
            f.add(
                "scrape_error_info",
                "Why the controller state could not be read.",
                vec![(
                    "reason",
                    reason.split_whitespace().collect::<Vec<_>>().join(" "),
                )],
                1.0,
            );
            return f.render();
        }
    };
    f.add(
        "scrape_success",
        "1 when raidctl read the controller state, 0 when it could not.",
        vec![],
        1.0,
    );
    f.add(
        "controllers",
        "MegaRAID/PERC controllers seen (0: nothing to manage on this host).",
        vec![],
        num(snap.adapters.len() as u64),
    );
    if snap.nothing_to_manage.is_some() {
        return f.render();
    }
    let now = crate::backend::snapshot::now_unix();
    f.add(
        "snapshot_timestamp_seconds",
        "When the controller state was last confirmed (Unix time): its full read, or a later check that found no event logged since; never later than now.",
        vec![],
        num(snap.confirmed_at(now)),
    );
    f.add(
        "snapshot_full_read_timestamp_seconds",
        "When the snapshot was last read in full (Unix time); never later than now.",
        vec![],
        num(snap.taken_at_unix.min(now)),
    );
    f.add(
        "vendor_calls",
        "Vendor tool calls this run made (0 when the cached snapshot was reused).",
        vec![],
        f64::from(snap.vendor_calls),
    );

    adapter_series(&mut f, snap);
    // Per-VD and per-drive series carry an `osd` label (`osd.12`, several comma-separated,
    // empty for none) on hosts where the Ceph join found OSDs; elsewhere the label sets stay
    // as they were.
    let with_osd = snap.logical_drives.iter().any(|l| !l.osd.is_empty())
        || snap.physical_drives.iter().any(|p| !p.osd.is_empty());
    ld_series(&mut f, snap, with_osd);
    pd_series(&mut f, snap, with_osd, now);
    bbu_series(&mut f, snap);
    progress_series(&mut f, snap);
    bay_series(&mut f, snap, problems);
    problem_series(&mut f, problems);
    f.render()
}

/// Per adapter: identity, cache, preserved cache, foreign drives, missing rows.
fn adapter_series(f: &mut Families, snap: &Snapshot) {
    for a in &snap.adapters {
        let ad = a.adapter.to_string();
        f.add(
            "adapter_info",
            "Adapter identity; value always 1.",
            vec![
                ("adapter", ad.clone()),
                ("product", a.product_name.clone().unwrap_or_default()),
                ("serial", a.serial.clone().unwrap_or_default()),
                (
                    "firmware",
                    a.fw_package
                        .clone()
                        .or(a.fw_version.clone())
                        .unwrap_or_default(),
                ),
            ],
            1.0,
        );
        if let Some(m) = a.memory_bytes {
            f.add(
                "adapter_cache_bytes",
                "Controller cache memory.",
                vec![("adapter", ad.clone())],
                num(m),
            );
        }
        if let Some(p) = a.offline_vd_cache_preserved {
            f.add(
                "adapter_preserved_cache",
                "1 when the adapter holds preserved (pinned) cache of an offline VD.",
                vec![("adapter", ad.clone())],
                flag(p),
            );
        }
        let foreign = snap
            .physical_drives
            .iter()
            .filter(|d| d.adapter == a.adapter && d.foreign == Some(true))
            .count();
        f.add(
            "foreign_drives",
            "Drives carrying foreign configuration metadata.",
            vec![("adapter", ad.clone())],
            num(foreign as u64),
        );
        let missing = snap
            .missing
            .iter()
            .filter(|m| m.adapter == a.adapter)
            .count();
        f.add(
            "missing_rows",
            "Drive group rows waiting for a replacement drive.",
            vec![("adapter", ad.clone())],
            num(missing as u64),
        );
    }
}

/// Per VD: identity, state, size, bad blocks.
fn ld_series(f: &mut Families, snap: &Snapshot, with_osd: bool) {
    for ld in &snap.logical_drives {
        let mut base = vec![
            ("adapter", ld.adapter.to_string()),
            ("target_id", ld.target_id.to_string()),
        ];
        if with_osd {
            base.push(("osd", osd_label(&ld.osd)));
        }
        let mut info = base.clone();
        info.push(("name", ld.name.clone().unwrap_or_default()));
        info.push(("raid_level", ld.raid_level.as_str().to_owned()));
        info.push(("block_device", ld.block_device.clone().unwrap_or_default()));
        f.add(
            "ld_info",
            "Logical drive identity; value always 1.",
            info,
            1.0,
        );
        state_set(
            f,
            "ld_state",
            "Logical drive state: 1 for the current state, 0 for the others.",
            &base,
            ("state", ld.state.as_str()),
            LdState::known().iter().map(LdState::as_str),
        );
        if let Some(b) = ld.size_bytes {
            f.add("ld_size_bytes", "Logical drive size.", base.clone(), num(b));
        }
        if let Some(b) = ld.bad_blocks_exist {
            f.add(
                "ld_bad_blocks",
                "1 when the logical drive reports bad blocks.",
                base.clone(),
                flag(b),
            );
        }
    }
}

/// Per drive: identity, state, counters, temperature, SMART.
fn pd_series(f: &mut Families, snap: &Snapshot, with_osd: bool, now: u64) {
    for pd in &snap.physical_drives {
        let mut base = pd_labels(pd);
        if with_osd {
            base.push(("osd", osd_label(&pd.osd)));
        }
        let mut info = base.clone();
        info.extend([
            (
                "device_id",
                pd.device_id.map_or_else(String::new, |d| d.to_string()),
            ),
            ("model", pd.model.clone().unwrap_or_default()),
            ("wwn", pd.wwn.clone().unwrap_or_default()),
            ("pd_type", pd.pd_type.as_str().to_owned()),
            ("media_type", pd.media_type.as_str().to_owned()),
            (
                "target_id",
                pd.logical_drive.map_or_else(String::new, |t| t.to_string()),
            ),
            (
                "smartctl_device",
                pd.smartctl_device.clone().unwrap_or_default(),
            ),
        ]);
        f.add(
            "pd_info",
            "Physical drive identity; value always 1.",
            info,
            1.0,
        );
        state_set(
            f,
            "pd_state",
            "Physical drive firmware state: 1 for the current state, 0 for the others.",
            &base,
            ("state", pd.firmware_state.as_str()),
            FirmwareState::known().iter().map(FirmwareState::as_str),
        );
        let gauges: [(&'static str, &'static str, Option<u64>); 4] = [
            (
                "pd_media_errors",
                "Media Error Count (lifetime counter kept by the drive).",
                pd.media_error_count,
            ),
            (
                "pd_other_errors",
                "Other Error Count (lifetime counter; mostly link and bus resets).",
                pd.other_error_count,
            ),
            (
                "pd_predictive_failures",
                "Predictive Failure Count (lifetime counter).",
                pd.predictive_failure_count,
            ),
            (
                "pd_size_bytes",
                "Coerced drive size (what the controller uses for arrays).",
                pd.size_bytes(),
            ),
        ];
        for (name, help, v) in gauges {
            if let Some(v) = v {
                f.add(name, help, base.clone(), num(v));
            }
        }
        if let Some(t) = pd.temperature_c {
            f.add(
                "pd_temperature_celsius",
                "Drive temperature.",
                base.clone(),
                f64::from(t),
            );
        }
        if let Some(sm) = &pd.smart {
            smart::series(f, pd, sm, now);
        }
        if let Some(a) = pd.smart_alert {
            f.add(
                "pd_smart_alert",
                "1 when the drive flagged a S.M.A.R.T alert.",
                base.clone(),
                flag(a),
            );
        }
        if let Some(x) = pd.foreign {
            f.add(
                "pd_foreign",
                "1 when the drive carries foreign configuration metadata.",
                base.clone(),
                flag(x),
            );
        }
    }
}

/// Per battery: state, charge, temperature; per adapter whether one is fitted.
fn bbu_series(f: &mut Families, snap: &Snapshot) {
    for b in &snap.bbus {
        let ad = vec![("adapter", b.adapter.to_string())];
        let readable =
            !b.status_failed && !matches!(&b.state, BatteryState::Unknown(r) if r.is_empty());
        if !readable {
            continue;
        }
        state_set(
            f,
            "bbu_state",
            "Battery state: 1 for the current state, 0 for the others.",
            &ad,
            ("state", b.state.as_str()),
            BatteryState::known().iter().map(BatteryState::as_str),
        );
        state_set(
            f,
            "bbu_charging_status",
            "Battery charging status: 1 for the current status, 0 for the others.",
            &ad,
            ("status", b.charging.as_str()),
            ChargingStatus::known().iter().map(ChargingStatus::as_str),
        );
        let flags = [
            (
                "bbu_learn_cycle_active",
                "1 while a battery learn cycle runs (expected, temporary).",
                b.learn_cycle_active,
            ),
            (
                "bbu_replacement_required",
                "1 when the battery must be replaced.",
                b.replacement_required,
            ),
            (
                "bbu_pack_missing",
                "1 when the battery pack is missing.",
                b.pack_missing,
            ),
            (
                "bbu_soh_good",
                "1 when the battery's state of health is good.",
                b.soh_good,
            ),
        ];
        for (name, help, v) in flags {
            if let Some(v) = v {
                f.add(name, help, ad.clone(), flag(v));
            }
        }
        if let Some(c) = b.relative_charge_pct {
            f.add(
                "bbu_charge_ratio",
                "Relative state of charge (0 to 1).",
                ad.clone(),
                f64::from(c) / 100.0,
            );
        }
        if let Some(t) = b.temperature_c {
            f.add(
                "bbu_temperature_celsius",
                "Battery temperature.",
                ad.clone(),
                f64::from(t),
            );
        }
    }
    for a in &snap.adapters {
        let present = snap.bbus.iter().any(|b| {
            b.adapter == a.adapter
                && !b.status_failed
                && !matches!(&b.state, BatteryState::Unknown(r) if r.is_empty())
        });
        f.add(
            "bbu_present",
            "1 when a readable battery is fitted to the adapter.",
            vec![("adapter", a.adapter.to_string())],
            flag(present),
        );
    }
}

/// Rebuilds, initialisations, checks and copybacks under way.
fn progress_series(f: &mut Families, snap: &Snapshot) {
    for p in snap.progress.iter().filter(|p| p.in_progress) {
        let Some(pct) = p.percent else { continue };
        let subject = match (p.drive, p.logical_drive) {
            (Some(d), _) => d.megacli_arg(),
            (None, Some(l)) => format!("vd{l}"),
            (None, None) => String::new(),
        };
        f.add(
            "operation_progress_ratio",
            "Progress of a running rebuild, copyback, initialisation, check or reconstruction.",
            vec![
                ("adapter", p.adapter.to_string()),
                ("operation", p.kind.as_str().to_owned()),
                ("subject", subject),
            ],
            f64::from(pct) / 100.0,
        );
        if p.kind == crate::model::ProgressKind::Rebuild {
            if let Some(d) = p.drive {
                let l = vec![
                    ("adapter", p.adapter.to_string()),
                    (
                        "enclosure",
                        d.enclosure.map_or_else(String::new, |e| e.to_string()),
                    ),
                    ("slot", d.slot.to_string()),
                    (
                        "serial",
                        snap.drive(p.adapter, d)
                            .and_then(|pd| pd.serial.clone())
                            .unwrap_or_default(),
                    ),
                ];
                f.add(
                    "rebuild_progress_ratio",
                    "Rebuild progress of a drive (0 to 1).",
                    l.clone(),
                    f64::from(pct) / 100.0,
                );
                if let Some(e) = p.elapsed_minutes {
                    f.add(
                        "rebuild_elapsed_seconds",
                        "How long the rebuild of a drive has been running (whole minutes).",
                        l.clone(),
                        f64::from(e) * 60.0,
                    );
                }
                if let Some(eta) = p.elapsed_minutes.and_then(|e| eta_minutes(pct, e)) {
                    f.add(
                        "rebuild_eta_seconds",
                        "Estimated time left for a rebuild at its average rate so far.",
                        l,
                        f64::from(eta) * 60.0,
                    );
                }
            }
        }
    }
}

/// Bays raidctl knows more of than the controller says: missing drives, unfinished replacements, lit LEDs, expectancies told to Ceph.
fn bay_series(f: &mut Families, snap: &Snapshot, problems: &[Problem]) {
    // A drive that held something and is gone has no series of its own any more: this one
    // says so (its series disappearing is only the second net, an absent() alert).
    // What raidctl left on the host is said the same way: a replacement not over (1, or 0
    // while it is under way), a locate LED it did not stop, and a life expectancy it set in Ceph.
    let bay_series: [(&str, &str, &str); 4] = [
        (
            crate::health::rule::PD_MISSING,
            "pd_missing",
            "1 for a drive that held something (JBOD, spare, VD member) and is gone, its bay empty.",
        ),
        (
            crate::health::rule::WORKFLOW_UNFINISHED,
            "workflow_unfinished",
            "1 for a replacement interrupted or stopped and not over (raidctl resume ID); 0 while one is under way.",
        ),
        (
            crate::health::rule::BAY_BLINKING,
            "locate_on",
            "1 for a bay whose locate LED raidctl started and has not stopped.",
        ),
        (
            crate::health::rule::CEPH_LIFE_EXPECTANCY,
            "ceph_life_expectancy_set",
            "1 for a drive raidctl told Ceph is expected to fail (raidctl ceph sync set the life expectancy of its device).",
        ),
    ];
    for (rule, name, help) in bay_series {
        for p in problems.iter().filter(|p| p.rule == rule) {
            let bay = p.subject.trim_matches(|c| c == '[' || c == ']');
            let (enclosure, slot) = bay.split_once(':').unwrap_or(("", bay));
            let mut labels = vec![
                (
                    "adapter",
                    p.adapter.map_or_else(String::new, |a| a.to_string()),
                ),
                ("enclosure", enclosure.to_owned()),
                ("slot", slot.to_owned()),
            ];
            // A blinking bay holds its drive; a missing drive or one being replaced is known
            // by the serial its problem names.
            let serial = if rule == crate::health::rule::BAY_BLINKING {
                snap.physical_drives
                    .iter()
                    .find(|d| Some(d.adapter) == p.adapter && d.address().to_string() == p.subject)
                    .and_then(|d| d.serial.clone())
                    .unwrap_or_default()
            } else {
                serial_in(&p.message)
            };
            labels.push(("serial", serial));
            if rule == crate::health::rule::PD_MISSING {
                labels.push(("severity", p.severity.as_str().to_owned()));
            }
            let value = if rule == crate::health::rule::WORKFLOW_UNFINISHED
                && p.severity < Severity::Warning
            {
                0.0
            } else {
                1.0
            };
            f.add(name, help, labels, value);
        }
    }
}

/// The problems by severity, and the overall health.
fn problem_series(f: &mut Families, problems: &[Problem]) {
    for s in [Severity::Info, Severity::Warning, Severity::Critical] {
        f.add(
            "problems",
            "Problems found by the health rules, by severity.",
            vec![("severity", s.as_str().to_owned())],
            num(problems.iter().filter(|p| p.severity == s).count() as u64),
        );
    }
    let worst = overall(problems);
    for s in Severity::ALL {
        f.add(
            "health_status",
            "Overall health: 1 for the worst severity found, 0 for the others.",
            vec![("severity", s.as_str().to_owned())],
            flag(s == worst),
        );
    }
}

/// Writes `text` as `raidctl.prom` into `dir` atomically with mode 0644 (node_exporter runs
/// as another user): a temporary file with a random name in the same directory (not ending in
/// `.prom`, so the collector never reads it half-written), created without following links,
/// fsync, then rename. Returns the final path.
///
/// # Errors
/// The directory does not exist, is another user's (not root's) or writable by other users
/// (see [`crate::fsutil::Dir::open`]) or the file cannot be written (a full filesystem: the
/// previous `raidctl.prom` is then left as it was).
pub fn write_textfile(dir: &Path, text: &str) -> io::Result<PathBuf> {
    write_textfile_as(dir, TEXTFILE_NAME, text)
}

/// [`write_textfile`] under another name (`storcli.prom` for `--compat storcli-py`).
///
/// # Errors
/// As [`write_textfile`].
pub fn write_textfile_as(dir: &Path, name: &str, text: &str) -> io::Result<PathBuf> {
    let dir = crate::fsutil::Dir::open(dir)?;
    dir.write_atomic(
        name,
        text.as_bytes(),
        crate::fsutil::WORLD_READABLE,
        crate::fsutil::Replace::Yes,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::tests::{degraded, healthy, rebuilding};
    use crate::health::{Baseline, evaluate};

    fn run(snap: &Snapshot) -> String {
        let problems = evaluate(snap, &Baseline::default());
        render_metrics(Ok((snap, &problems)))
    }

    fn has(text: &str, line: &str) {
        assert!(
            text.lines().any(|l| l == line),
            "missing line {line:?} in\n{text}"
        );
    }

    #[test]
    fn smart_series_per_drive_and_a_failed_read_only_says_so() {
        let mut snap = healthy();
        let now = crate::backend::snapshot::now_unix();
        snap.physical_drives[0].smart = Some(crate::smart::Smart {
            read_success: true,
            exit_status: Some(0),
            read_at_unix: now,
            passed: Some(false),
            temperature_c: Some(40),
            temperature_trip_c: Some(65),
            power_on_hours: Some(2),
            grown_defects: Some(9),
            ..crate::smart::Smart::default()
        });
        snap.physical_drives[1].smart = Some(crate::smart::Smart::failed(
            "INQUIRY failed".into(),
            Some(2),
            now,
        ));
        let text = run(&snap);
        let l0 = |pd: &PhysicalDrive| {
            format!(
                "adapter=\"0\",enclosure=\"32\",slot=\"{}\",serial=\"{}\",wwn=\"{}\",osd=\"\"",
                pd.slot,
                pd.serial.clone().unwrap_or_default(),
                pd.wwn.clone().unwrap_or_default()
            )
        };
        let (a, b) = (l0(&snap.physical_drives[0]), l0(&snap.physical_drives[1]));
        has(&text, &format!("raidctl_pd_smart_read_success{{{a}}} 1"));
        has(&text, &format!("raidctl_pd_smart_ok{{{a}}} 0"));
        has(
            &text,
            &format!("raidctl_pd_smart_power_on_seconds{{{a}}} 7200"),
        );
        has(&text, &format!("raidctl_pd_smart_grown_defects{{{a}}} 9"));
        has(
            &text,
            &format!("raidctl_pd_smart_temperature_trip_celsius{{{a}}} 65"),
        );
        has(&text, &format!("raidctl_pd_smart_read_success{{{b}}} 0"));
        has(&text, &format!("raidctl_pd_smart_exit_status{{{b}}} 2"));
        assert!(
            !text.contains(&format!("raidctl_pd_smart_ok{{{b}}}")),
            "{text}"
        );
        // A drive without a SMART read has no SMART series.
        let c = l0(&snap.physical_drives[2]);
        assert!(!text.contains(&c), "{text}");
    }

    #[test]
    fn state_sets_have_one_series_per_state() {
        let text = run(&degraded());
        has(&text, "raidctl_scrape_success 1");
        has(
            &text,
            "raidctl_ld_state{adapter=\"0\",target_id=\"1\",state=\"degraded\"} 1",
        );
        has(
            &text,
            "raidctl_ld_state{adapter=\"0\",target_id=\"1\",state=\"optimal\"} 0",
        );
        has(
            &text,
            "raidctl_ld_state{adapter=\"0\",target_id=\"1\",state=\"unknown\"} 0",
        );
        let ld1 = text
            .lines()
            .filter(|l| l.starts_with("raidctl_ld_state{adapter=\"0\",target_id=\"1\""))
            .count();
        assert_eq!(ld1, LdState::known().len() + 1);
        has(
            &text,
            "raidctl_pd_state{adapter=\"0\",enclosure=\"32\",slot=\"3\",serial=\"Y4N0A0M2FRD6\",state=\"failed\"} 1",
        );
        has(
            &text,
            "raidctl_pd_media_errors{adapter=\"0\",enclosure=\"32\",slot=\"4\",serial=\"Y4N0A0L5FRD6\"} 12",
        );
        has(
            &text,
            "raidctl_bbu_state{adapter=\"0\",state=\"optimal\"} 1",
        );
        // The degraded VD, and media errors, predictive failure and S.M.A.R.T alert on its
        // online member [32:4] (member-at-risk).
        has(&text, "raidctl_problems{severity=\"critical\"} 4");
        has(&text, "raidctl_health_status{severity=\"critical\"} 1");
        has(&text, "raidctl_vendor_calls 4");
        has(&text, "raidctl_snapshot_timestamp_seconds 1700000000");
        // Each family's HELP and TYPE appear exactly once.
        assert_eq!(text.matches("# TYPE raidctl_pd_state gauge").count(), 1);
    }

    #[test]
    fn bay_series_name_the_serial_of_the_problem() {
        for (message, serial) in [
            (
                "[32:3] (serial ZA1A2B03, a JBOD drive carrying osd.12) is gone",
                "ZA1A2B03",
            ),
            (
                "the replacement of [32:4] (serial S0K1A2B04) was interrupted",
                "S0K1A2B04",
            ),
            ("[32:3] (serial ?, a hot spare) is gone", ""),
            ("the replacement of a drive was stopped", ""),
        ] {
            assert_eq!(serial_in(message), serial, "{message}");
        }
        let snap = degraded();
        let problem = |rule, subject: &str, message: &str| Problem {
            rule,
            severity: Severity::Critical,
            adapter: Some(0),
            subject: subject.to_owned(),
            message: message.to_owned(),
            suggestion: None,
        };
        let problems = [
            problem(
                crate::health::rule::PD_MISSING,
                "[32:9]",
                "[32:9] (serial ZA1A2B09, a JBOD drive) is gone: the bay is empty",
            ),
            problem(
                crate::health::rule::BAY_BLINKING,
                "[32:4]",
                "[32:4] of adapter 0 is blinking",
            ),
        ];
        let text = render_metrics(Ok((&snap, &problems)));
        has(
            &text,
            "raidctl_pd_missing{adapter=\"0\",enclosure=\"32\",slot=\"9\",serial=\"ZA1A2B09\",severity=\"critical\"} 1",
        );
        has(
            &text,
            "raidctl_locate_on{adapter=\"0\",enclosure=\"32\",slot=\"4\",serial=\"Y4N0A0L5FRD6\"} 1",
        );
    }

    #[test]
    fn rebuild_progress_and_eta() {
        let text = run(&rebuilding());
        has(
            &text,
            "raidctl_rebuild_progress_ratio{adapter=\"0\",enclosure=\"32\",slot=\"3\",serial=\"Y4P0A1C3FRD6\"} 0.41",
        );
        has(
            &text,
            "raidctl_rebuild_eta_seconds{adapter=\"0\",enclosure=\"32\",slot=\"3\",serial=\"Y4P0A1C3FRD6\"} 3180",
        );
        has(
            &text,
            "raidctl_rebuild_elapsed_seconds{adapter=\"0\",enclosure=\"32\",slot=\"3\",serial=\"Y4P0A1C3FRD6\"} 2220",
        );
        has(
            &text,
            "raidctl_bbu_state{adapter=\"0\",state=\"learning\"} 1",
        );
        has(&text, "raidctl_bbu_learn_cycle_active{adapter=\"0\"} 1");
    }

    #[test]
    fn healthy_has_no_problems() {
        let text = run(&healthy());
        has(&text, "raidctl_problems{severity=\"warning\"} 0");
        has(&text, "raidctl_health_status{severity=\"ok\"} 1");
    }

    #[test]
    fn failure_emits_only_scrape_success_and_reason() {
        let text = render_metrics(Err("MegaCli64 \"hung\"\nkilled \\ after 30 s"));
        assert_eq!(
            text,
            "# HELP raidctl_scrape_success 1 when raidctl read the controller state, 0 when it \
             could not.\n# TYPE raidctl_scrape_success gauge\nraidctl_scrape_success 0\n\
             # HELP raidctl_scrape_error_info Why the controller state could not be read.\n\
             # TYPE raidctl_scrape_error_info gauge\n\
             raidctl_scrape_error_info{reason=\"MegaCli64 \\\"hung\\\" killed \\\\ after 30 s\"} 1\n"
        );
    }

    #[test]
    fn label_escaping() {
        assert_eq!(escape_label("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
        // A terminal escape, a C1 CSI and a right-to-left override from a drive's serial.
        assert_eq!(
            escape_label("S\x1b[2J\u{9b}1\u{202e}x"),
            "S\\\\x1b[2J\\\\x9b1\\\\u{202e}x"
        );
        assert_eq!(escape_help("x\\y\nz"), "x\\\\y\\nz");
    }

    #[test]
    fn textfile_is_written_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_textfile(dir.path(), "raidctl_scrape_success 1\n").unwrap();
        assert_eq!(path, dir.path().join("raidctl.prom"));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "raidctl_scrape_success 1\n"
        );
        write_textfile(dir.path(), "raidctl_scrape_success 0\n").unwrap();
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("raidctl.prom")]);
        assert!(write_textfile(&dir.path().join("nope"), "x").is_err());
    }
}
