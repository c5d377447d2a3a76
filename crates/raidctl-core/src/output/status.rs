//! `raidctl status`: the inventory and its problems as tables, or as one JSON document.

use super::Style;
use super::short;
use super::table::{Cell, Column, Fit, Table, fill, ld_state_cell, state_cell};
use crate::backend::snapshot::Snapshot;
use crate::health::{Problem, Severity, overall};
use crate::model::{
    BatteryState, FirmwareState, LogicalDrive, PhysicalDrive, ProgressKind, fmt_size,
};

/// Layout version of the `raidctl status --format json` document.
pub const STATUS_SCHEMA: u32 = 1;

/// The JSON document of `raidctl status --format json`:
/// `{"schema_version", "overall", "problems", "snapshot"}`, serialized straight from the model.
#[derive(Debug, serde::Serialize)]
pub struct StatusDoc<'a> {
    /// [`STATUS_SCHEMA`].
    pub schema_version: u32,
    /// The worst problem's severity.
    pub overall: Severity,
    /// Every problem.
    pub problems: &'a [Problem],
    /// What was read.
    pub snapshot: &'a Snapshot,
}

/// `raidctl status --from-bundle --format json`: the status document and the bundle's
/// integrity (`{"ok": bool, "errors": [...]}`).
#[derive(Debug, serde::Serialize)]
pub struct BundleStatusDoc<'a> {
    /// The status document, its fields inline.
    #[serde(flatten)]
    pub status: StatusDoc<'a>,
    /// Whether the archive is what its manifest says.
    pub integrity: &'a crate::bundle::Integrity,
}

/// The status document for `snap` and its problems.
pub fn status_doc<'a>(snap: &'a Snapshot, problems: &'a [Problem]) -> StatusDoc<'a> {
    StatusDoc {
        schema_version: STATUS_SCHEMA,
        overall: overall(problems),
        problems,
        snapshot: snap,
    }
}

/// The status document as a JSON value (for programs that inspect it in memory).
pub fn status_json(snap: &Snapshot, problems: &[Problem]) -> serde_json::Value {
    serde_json::to_value(status_doc(snap, problems)).unwrap_or_default()
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

pub use crate::model::utc_time;

/// What the adapters table says about an adapter's battery.
fn bbu_text(snap: &Snapshot, adapter: u32) -> String {
    let said = snap
        .adapters
        .iter()
        .find(|a| a.adapter == adapter)
        .and_then(|a| a.bbu_present);
    let records: Vec<_> = snap.bbus.iter().filter(|b| b.adapter == adapter).collect();
    let readable = records.iter().find(|b| {
        !b.status_failed && !matches!(&b.state, BatteryState::Unknown(r) if r.is_empty())
    });
    if let Some(b) = readable {
        let mut extra = Vec::new();
        if b.learn_cycle_active == Some(true) && b.state != BatteryState::Learning {
            extra.push("learn cycle".to_owned());
        }
        if !matches!(b.charging, crate::model::ChargingStatus::None) && !b.charging.is_unknown() {
            extra.push(b.charging.as_str().to_owned());
        }
        if let Some(c) = b.relative_charge_pct {
            extra.push(format!("{c}%"));
        }
        if b.replacement_required == Some(true) {
            extra.push("REPLACE".to_owned());
        }
        let state = b.state_raw.clone().unwrap_or_else(|| b.state.to_string());
        return if extra.is_empty() {
            state
        } else {
            format!("{state} ({})", extra.join(", "))
        };
    }
    match (said, records.iter().any(|b| b.status_failed)) {
        (Some(true), true) => "unreadable".to_owned(),
        (Some(false), _) | (None, true) => "absent".to_owned(),
        (Some(true), false) => "present".to_owned(),
        (None, false) => "-".to_owned(),
    }
}

/// Progress cell of a VD: its own operations and its members' rebuilds and copybacks.
fn ld_progress(snap: &Snapshot, ld: &LogicalDrive) -> String {
    let mut parts = Vec::new();
    for p in snap
        .progress
        .iter()
        .filter(|p| p.adapter == ld.adapter && p.in_progress)
    {
        let mine = match p.drive {
            Some(addr) => {
                ld.members.contains(&addr)
                    || snap
                        .drive(ld.adapter, addr)
                        .is_some_and(|d| d.logical_drive == Some(ld.target_id))
            }
            None => p.logical_drive == Some(ld.number) || p.logical_drive == Some(ld.target_id),
        };
        if !mine {
            continue;
        }
        let what = match p.kind {
            ProgressKind::BackgroundInit => "bgi".to_owned(),
            ProgressKind::ConsistencyCheck => "cc".to_owned(),
            ref k => k.as_str().replace('_', " "),
        };
        let on = p.drive.map_or_else(String::new, |d| format!(" {d}"));
        parts.push(format!(
            "{what}{on} {}",
            opt(p.percent.map(|v| format!("{v}%")))
        ));
    }
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The OSD cell: `osd.12 up/in`, a DB/WAL role in brackets, `-` for none.
fn osd_text(osds: &[crate::model::OsdRef]) -> String {
    if osds.is_empty() {
        return "-".to_owned();
    }
    osds.iter()
        .map(|o| {
            let role = if o.role == "block" {
                String::new()
            } else {
                format!(" ({})", o.role)
            };
            // A containerised OSD says so: its unit, steps and tools are cephadm's.
            let how = match &o.deployment {
                Some(d) if d.is_cephadm() => " [cephadm]",
                _ => "",
            };
            format!("{} {}{role}{how}", o.name(), o.state_text())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn section(out: &mut String, title: &str, t: &Table, legend: &[String], style: Style) {
    out.push_str(title);
    out.push('\n');
    out.push_str(&t.to_string());
    out.push('\n');
    for l in legend {
        out.push_str(&fill(l, style));
        out.push('\n');
    }
    out.push('\n');
}

/// A drive's model as the table shows it: vendor and model, without the vendor twice.
fn model_text(pd: &crate::model::PhysicalDrive) -> String {
    match (pd.vendor.as_deref(), pd.model.as_deref()) {
        (Some(v), Some(m)) if !m.starts_with(v) => format!("{v} {m}"),
        (_, Some(m)) => m.to_owned(),
        (Some(v), None) => v.to_owned(),
        (None, None) => "-".to_owned(),
    }
}

/// Readable tables: adapters, logical drives, physical drives, then the problems with their
/// suggested commands (or `No problems found.`). On a terminal (`style.width`) every table
/// fits the screen with one line per drive; `style.wide` shows every value in full.
pub fn render_status(snap: &Snapshot, problems: &[Problem], style: Style) -> String {
    let mut out = String::new();
    if let Some(what) = &snap.nothing_to_manage {
        out.push_str(&format!(
            "Nothing to manage: {}\n",
            crate::escape::escape(what)
        ));
        return out;
    }
    adapters_section(&mut out, snap, problems, style);

    // The OSD column appears only on hosts where the Ceph join found an OSD.
    let with_osd = snap.logical_drives.iter().any(|l| !l.osd.is_empty())
        || snap.physical_drives.iter().any(|p| !p.osd.is_empty());
    if snap.logical_drives.is_empty() {
        out.push_str("Logical drives\n(none)\n\n");
    } else {
        ld_section(&mut out, snap, style, with_osd);
    }

    if !snap.physical_drives.is_empty() {
        pd_section(&mut out, snap, problems, style, with_osd);
    }

    if problems.is_empty() {
        out.push_str("Problems\nNo problems found.\n");
    } else {
        problems_section(&mut out, problems, style);
    }
    let taken = format!(
        "Snapshot taken {} from {} with {} vendor call(s).",
        utc_time(snap.taken_at_unix),
        if snap.source.is_empty() {
            "-"
        } else {
            snap.source.as_str()
        },
        snap.vendor_calls
    );
    out.push_str(&fill(&taken, style));
    out.push('\n');
    out
}

/// The Adapters table: model, firmware, BBU (marked when it has a problem), cache and counts.
fn adapters_section(out: &mut String, snap: &Snapshot, problems: &[Problem], style: Style) {
    let mut t = Table::with_columns(
        style,
        vec![
            Column::new("adapter"),
            Column::new("model").fit(Fit::Cut(14)),
            Column::new("firmware").droppable(2),
            Column::new("BBU").fit(Fit::Wrap),
            Column::new("cache").droppable(1),
            Column::new("VDs"),
            Column::new("drives"),
        ],
    );
    for a in &snap.adapters {
        let bbu = bbu_text(snap, a.adapter);
        let bbu_bad = problems.iter().any(|p| {
            p.adapter == Some(a.adapter) && p.subject == "BBU" && p.severity >= Severity::Warning
        });
        t.add_row(vec![
            Cell::new(a.adapter),
            Cell::new(opt(a.product_name.as_ref())),
            Cell::new(opt(a.fw_package.as_ref().or(a.fw_version.as_ref()))),
            state_cell(style, &bbu, false, bbu_bad),
            Cell::new(opt(a.memory_bytes.map(fmt_size))),
            Cell::new(
                snap.logical_drives
                    .iter()
                    .filter(|l| l.adapter == a.adapter)
                    .count(),
            ),
            Cell::new(
                snap.physical_drives
                    .iter()
                    .filter(|d| d.adapter == a.adapter)
                    .count(),
            ),
        ]);
    }
    section(out, "Adapters", &t, &[], style);
}

/// The Logical drives table and its cache-policy legend (unless the cache column was dropped).
fn ld_section(out: &mut String, snap: &Snapshot, style: Style, with_osd: bool) {
    let wide = style.wide;
    let mut cols = vec![
        Column::new("adapter"),
        Column::new("VD"),
        Column::new("name").fit(Fit::Cut(8)).droppable(4),
        Column::new("RAID"),
        Column::new("size").droppable(2),
        Column::new("state"),
        Column::new("cache").droppable(3),
        Column::new("members").fit(Fit::Wrap),
        Column::new("device").droppable(5),
    ];
    if with_osd {
        cols.push(Column::new("OSD"));
    }
    cols.push(Column::new("progress").fit(Fit::Wrap));
    let mut t = Table::with_columns(style, cols);
    let mut caches = Vec::new();
    for ld in &snap.logical_drives {
        let (cache, members) = if wide {
            let m: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
            (opt(ld.current_cache_policy.as_ref()), m.join(" "))
        } else {
            let c = ld
                .current_cache_policy
                .as_deref()
                .map_or_else(|| "-".to_owned(), short::cache_policy);
            caches.push(c.clone());
            (c, short::members(&ld.members))
        };
        let mut row = vec![
            Cell::new(ld.adapter),
            Cell::new(ld.target_id),
            Cell::new(opt(ld.name.as_ref())),
            Cell::new(ld.raid_level.as_str()),
            Cell::new(opt(ld.size_text())),
            ld_state_cell(style, ld),
            Cell::new(cache),
            Cell::new(members),
            Cell::new(opt(ld.block_device.as_ref())),
        ];
        if with_osd {
            row.push(Cell::new(osd_text(&ld.osd)));
        }
        row.push(Cell::new(ld_progress(snap, ld)));
        t.add_row(row);
    }
    let (_, dropped) = t.render_at(style.width);
    let legend: Vec<String> = if dropped.iter().any(|d| d == "cache") {
        Vec::new()
    } else {
        short::cache_legend(caches.iter().map(String::as_str))
            .into_iter()
            .collect()
    };
    section(out, "Logical drives", &t, &legend, style);
}

/// The Physical drives table and its legend of the error counts.
fn pd_section(
    out: &mut String,
    snap: &Snapshot,
    problems: &[Problem],
    style: Style,
    with_osd: bool,
) {
    let wide = style.wide;
    let mut cols = vec![
        Column::new("adapter"),
        Column::new("drive"),
        Column::new("dev id").droppable(4),
        Column::new("model").fit(Fit::Cut(10)).droppable(2),
        Column::new("serial"),
        Column::new("size").droppable(3),
        Column::new("state"),
    ];
    if wide {
        cols.extend([
            Column::new("media err"),
            Column::new("other err"),
            Column::new("pred fail"),
        ]);
    } else {
        cols.push(Column::new("errors"));
    }
    cols.extend([
        Column::new("temp").droppable(5),
        Column::new("VD").droppable(1),
    ]);
    if with_osd {
        cols.push(Column::new("OSD"));
    }
    cols.push(Column::new("smartctl -d"));
    let mut t = Table::with_columns(style, cols);
    for pd in &snap.physical_drives {
        t.add_row(pd_row(pd, problems, style, with_osd));
    }
    let legend = if wide {
        Vec::new()
    } else {
        vec!["errors: media/other/predictive-failure counts".to_owned()]
    };
    section(out, "Physical drives", &t, &legend, style);
}

/// One row of the Physical drives table; its state marked bad or warned by `problems`.
fn pd_row(pd: &PhysicalDrive, problems: &[Problem], style: Style, with_osd: bool) -> Vec<Cell> {
    let wide = style.wide;
    let bad = matches!(
        pd.firmware_state,
        FirmwareState::Failed | FirmwareState::Offline | FirmwareState::UnconfiguredBad
    ) || pd.firmware_state.is_unknown();
    let warn = problems.iter().any(|p| {
        p.adapter == Some(pd.adapter)
            && p.subject == pd.address().to_string()
            && p.severity >= Severity::Warning
    });
    let raw = pd
        .firmware_state_raw
        .clone()
        .unwrap_or_else(|| pd.firmware_state.to_string());
    let mut state = if wide {
        raw
    } else {
        short::firmware_state(&raw).to_owned()
    };
    if pd.foreign == Some(true) {
        state.push_str(" (foreign)");
    }
    if pd.smart_alert == Some(true) {
        state.push_str(if wide { " (SMART alert)" } else { " (SMART)" });
    }
    let mut row = vec![
        Cell::new(pd.adapter),
        Cell::new(pd.address()),
        Cell::new(opt(pd.device_id)),
        Cell::new(model_text(pd)),
        Cell::new(opt(pd.serial.as_ref())),
        Cell::new(opt(pd.size_bytes().map(fmt_size))),
        state_cell(style, &state, bad, warn),
    ];
    if wide {
        row.extend([
            Cell::new(opt(pd.media_error_count)),
            Cell::new(opt(pd.other_error_count)),
            Cell::new(opt(pd.predictive_failure_count)),
        ]);
    } else {
        row.push(Cell::new(format!(
            "{}/{}/{}",
            opt(pd.media_error_count),
            opt(pd.other_error_count),
            opt(pd.predictive_failure_count)
        )));
    }
    row.extend([
        Cell::new(opt(pd.temperature_c.map(|c| format!("{c}C")))),
        Cell::new(opt(pd.logical_drive)),
    ]);
    if with_osd {
        row.push(Cell::new(osd_text(&pd.osd)));
    }
    row.push(Cell::new(opt(pd.smartctl_device.as_ref())));
    row
}

/// The Problems table (the suggested command kept whole) and the Overall line.
fn problems_section(out: &mut String, problems: &[Problem], style: Style) {
    let mut t = Table::with_columns(
        style,
        vec![
            Column::new("severity"),
            Column::new("adapter"),
            Column::new("subject"),
            Column::new("problem and next step").fit(Fit::Wrap),
        ],
    );
    for p in problems {
        let mut what = Cell::new(&p.message);
        if let Some(s) = &p.suggestion {
            // The command stays whole for copying; a note after it may wrap.
            match s.split_once(" (") {
                Some((cmd, why)) => {
                    what = what
                        .unbroken_line(&format!("-> {cmd}"))
                        .line(&format!("({why}"));
                }
                None => what = what.unbroken_line(&format!("-> {s}")),
            }
        }
        t.add_row(vec![
            state_cell(
                style,
                &p.severity.as_str().to_ascii_uppercase(),
                p.severity == Severity::Critical,
                p.severity == Severity::Warning,
            ),
            Cell::new(opt(p.adapter)),
            Cell::new(&p.subject),
            what,
        ]);
    }
    section(out, "Problems", &t, &[], style);
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    out.push_str(&format!(
        "Overall: {} ({} critical, {} warning, {} info)\n",
        overall(problems).as_str().to_ascii_uppercase(),
        count(Severity::Critical),
        count(Severity::Warning),
        count(Severity::Info)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::tests::{degraded, healthy, rebuilding};
    use crate::health::{Baseline, evaluate};

    const PLAIN: Style = Style::PLAIN;

    #[test]
    fn utc_times() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_time(1_700_000_000), "2023-11-14 22:13:20 UTC");
        assert_eq!(utc_time(951_782_400), "2000-02-29 00:00:00 UTC");
    }

    #[test]
    fn healthy_status_has_tables_and_no_problems() {
        let s = healthy();
        let text = render_status(&s, &evaluate(&s, &Baseline::default()), PLAIN);
        for want in [
            "Adapters",
            "PERC H710 Mini",
            "21.3.5-0002",
            "Optimal (99%)",
            "512 MiB",
            "Logical drives",
            "raid5",
            "[32:2-5]",
            "Physical drives",
            "megaraid,4",
            "No problems found.",
            "2023-11-14 22:13:20 UTC",
        ] {
            assert!(text.contains(want), "missing {want:?} in\n{text}");
        }
        assert!(!text.contains('\x1b'), "no colour when off");
    }

    #[test]
    fn degraded_status_lists_problems_with_commands() {
        let s = degraded();
        let problems = evaluate(&s, &Baseline::default());
        let text = render_status(&s, &problems, PLAIN);
        for want in [
            "Degraded",
            "CRITICAL",
            "VD 1 (data) degraded (raid5, [32:3] failed)",
            "raidctl replace-drive 32:3 -a 0",
            "Y4N0A0L5FRD6",
            "(SMART)",
            "Overall: CRITICAL",
        ] {
            assert!(text.contains(want), "missing {want:?} in\n{text}");
        }
        // Colour is comfy-table's to apply (only on a terminal); state cells carry it.
        assert!(!text.contains('\x1b'));
    }

    /// The screens an operator sees: every line fits, one line per drive, identifiers whole.
    #[test]
    fn status_fits_the_terminal() {
        let s = degraded();
        let problems = evaluate(&s, &Baseline::default());
        for (name, style) in [
            ("degraded_80", PLAIN.at_width(80)),
            ("degraded_120", PLAIN.at_width(120)),
            ("degraded_piped", PLAIN),
            (
                "degraded_wide",
                Style {
                    wide: true,
                    ..PLAIN
                },
            ),
        ] {
            let text = render_status(&s, &problems, style);
            if let Some(w) = style.width {
                for line in text.lines() {
                    assert!(line.chars().count() <= w, "{name}: {line:?}");
                }
            }
            for pd in &s.physical_drives {
                let serial = pd.serial.as_deref().unwrap_or("-");
                let line = text.lines().find(|l| l.contains(serial));
                let line = line.unwrap_or_else(|| panic!("{name}: no line with {serial}\n{text}"));
                assert!(line.contains(&pd.address().to_string()), "{name}: {line}");
                if let Some(d) = &pd.smartctl_device {
                    assert!(line.contains(d.as_str()), "{name}: {line}");
                }
            }
            insta::assert_snapshot!(name, text);
        }
    }

    #[test]
    fn rebuild_progress_and_learning_bbu_are_shown() {
        let s = rebuilding();
        let text = render_status(&s, &evaluate(&s, &Baseline::default()), PLAIN);
        assert!(text.contains("rebuild [32:3] 41%"), "{text}");
        assert!(text.contains("Learning (discharging, 58%)"), "{text}");
    }

    #[test]
    fn no_vds_and_no_bbu() {
        let mut s = crate::health::tests::fixture_snapshot(&[
            "h710-healthy__adpallinfo",
            "ceph-node__pdlist",
            "bbu-absent__bbustatus",
        ]);
        s.adapters[0].bbu_present = Some(false);
        let text = render_status(&s, &evaluate(&s, &Baseline::default()), PLAIN);
        assert!(text.contains("(none)"), "{text}");
        assert!(text.contains("  absent  "), "{text}");
        assert!(text.contains("sat+megaraid,6"), "{text}");
        assert!(text.contains("No problems found."), "{text}");
    }

    #[test]
    fn json_document() {
        let s = degraded();
        let problems = evaluate(&s, &Baseline::default());
        let v = status_json(&s, &problems);
        assert_eq!(v["schema_version"], STATUS_SCHEMA);
        assert_eq!(v["overall"], "critical");
        assert_eq!(v["problems"][0]["rule"], "ld-degraded");
        assert_eq!(v["problems"][0]["severity"], "critical");
        assert_eq!(
            v["problems"][0]["suggestion"],
            "raidctl replace-drive 32:3 -a 0"
        );
        assert_eq!(
            v["snapshot"]["physical_drives"][3]["smartctl_device"],
            "megaraid,3"
        );
        // The cache policy in fields next to the vendor's text.
        let ld = &v["snapshot"]["logical_drives"][0];
        assert_eq!(ld["cache"]["raw"], ld["current_cache_policy"]);
        assert_ne!(ld["cache"]["write"], "unknown");
        let back: Snapshot = serde_json::from_value(v["snapshot"].clone()).unwrap();
        assert_eq!(back, s);
        // Written straight from the model, the text is what the value tree printed.
        assert_eq!(
            serde_json::to_string_pretty(&status_doc(&s, &problems)).unwrap(),
            serde_json::to_string_pretty(&v).unwrap()
        );
    }
}
