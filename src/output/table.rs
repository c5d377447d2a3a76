//! Tables of the model for people.

use super::Style;
use crate::model::{Document, human};
use comfy_table::{Cell, Color, ContentArrangement, Table, presets};

/// A table with raidctl's look; stable width when not on a terminal so output is reproducible.
pub fn new_table(style: Style, header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED);
    if style.tty {
        t.set_content_arrangement(ContentArrangement::Dynamic);
    } else {
        // Pipes and files get unwrapped rows: one drive per line greps and diffs well.
        t.load_style(presets::ASCII_MARKDOWN);
        t.force_no_tty();
        t.set_content_arrangement(ContentArrangement::Disabled);
    }
    if style.color {
        // `--color always` into a pipe (e.g. `| less -R`) keeps the colours.
        t.enforce_styling();
    }
    t.set_header(header.iter().map(|h| Cell::new(*h)));
    t
}

/// A cell coloured by severity when colour is on.
pub fn state_cell(style: Style, text: &str, bad: bool, warn: bool) -> Cell {
    let c = Cell::new(text);
    if !style.color {
        return c;
    }
    if bad {
        c.fg(Color::Red)
    } else if warn {
        c.fg(Color::Yellow)
    } else {
        c.fg(Color::Green)
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn size(v: Option<u64>) -> String {
    v.map_or_else(|| "-".to_owned(), human)
}

/// Renders every non-empty part of a parsed document.
pub fn render_document(doc: &Document, style: Style) -> String {
    let mut out = String::new();
    let mut section = |title: &str, t: Table| {
        out.push_str(title);
        out.push('\n');
        out.push_str(&t.to_string());
        out.push_str("\n\n");
    };
    if !doc.adapters.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter", "product", "serial", "firmware", "BBU", "memory", "VDs", "degraded",
                "offline",
            ],
        );
        for a in &doc.adapters {
            t.add_row(vec![
                a.adapter.to_string(),
                opt(a.product_name.as_ref()),
                opt(a.serial.as_ref()),
                opt(a.fw_package.as_ref().or(a.fw_version.as_ref())),
                opt(a.bbu_present.map(|b| if b { "present" } else { "absent" })),
                size(a.memory_bytes),
                opt(a.virtual_drive_count),
                opt(a.degraded_count),
                opt(a.offline_count),
            ]);
        }
        section("Adapters", t);
    }
    if !doc.enclosures.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "enclosure",
                "device id",
                "slots",
                "drives",
                "status",
                "product",
            ],
        );
        for e in &doc.enclosures {
            t.add_row(vec![
                e.adapter.to_string(),
                e.index.to_string(),
                opt(e.device_id),
                opt(e.slots),
                opt(e.physical_drives),
                opt(e.status.as_ref()),
                opt(e.product.as_ref()),
            ]);
        }
        section("Enclosures", t);
    }
    if !doc.logical_drives.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter", "VD", "target", "RAID", "size", "state", "drives", "spans", "cache",
                "members",
            ],
        );
        for ld in &doc.logical_drives {
            let bad = matches!(
                ld.state,
                crate::model::LdState::Offline | crate::model::LdState::Degraded
            );
            let warn = ld.state != crate::model::LdState::Optimal;
            let members: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
            t.add_row(vec![
                Cell::new(ld.adapter),
                Cell::new(ld.number),
                Cell::new(ld.target_id),
                Cell::new(ld.raid_level.as_str()),
                Cell::new(ld.size_raw.clone().unwrap_or_else(|| size(ld.size_bytes))),
                state_cell(
                    style,
                    ld.state_raw.as_deref().unwrap_or(ld.state.as_str()),
                    bad,
                    warn,
                ),
                Cell::new(opt(ld.number_of_drives)),
                Cell::new(opt(ld.span_depth)),
                Cell::new(opt(ld.current_cache_policy.as_ref())),
                Cell::new(members.join(" ")),
            ]);
        }
        section("Logical drives", t);
    }
    if !doc.physical_drives.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "drive",
                "dev id",
                "state",
                "type",
                "model",
                "serial",
                "size",
                "media err",
                "other err",
                "pred fail",
                "SMART",
                "temp",
                "VD",
            ],
        );
        for pd in &doc.physical_drives {
            use crate::model::FirmwareState as F;
            let bad = matches!(
                pd.firmware_state,
                F::Failed | F::Offline | F::UnconfiguredBad
            );
            let warn = matches!(pd.firmware_state, F::Rebuild | F::Copyback)
                || pd.media_error_count.unwrap_or(0) > 0
                || pd.predictive_failure_count.unwrap_or(0) > 0
                || pd.smart_alert == Some(true)
                || pd.foreign == Some(true);
            let state = pd
                .firmware_state_raw
                .as_deref()
                .unwrap_or(pd.firmware_state.as_str());
            let state = if pd.foreign == Some(true) {
                format!("{state} (foreign)")
            } else {
                state.to_owned()
            };
            t.add_row(vec![
                Cell::new(pd.adapter),
                Cell::new(pd.address()),
                Cell::new(opt(pd.device_id)),
                state_cell(style, &state, bad, warn),
                Cell::new(format!(
                    "{}/{}",
                    pd.pd_type.as_str(),
                    pd.media_type.as_str()
                )),
                Cell::new(opt(pd.model.as_ref())),
                Cell::new(opt(pd.serial.as_ref())),
                Cell::new(size(pd.raw_size_bytes.or(pd.coerced_size_bytes))),
                Cell::new(opt(pd.media_error_count)),
                Cell::new(opt(pd.other_error_count)),
                Cell::new(opt(pd.predictive_failure_count)),
                Cell::new(opt(pd.smart_alert.map(|s| if s { "ALERT" } else { "ok" }))),
                Cell::new(opt(pd.temperature_c.map(|c| format!("{c}C")))),
                Cell::new(opt(pd.logical_drive.or(pd.disk_group))),
            ]);
        }
        section("Physical drives", t);
    }
    if !doc.bbus.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "type",
                "state",
                "charging",
                "learn cycle",
                "replace",
                "charge",
                "temp",
            ],
        );
        for b in &doc.bbus {
            let state = if b.status_failed {
                "status failed".to_owned()
            } else {
                b.state_raw
                    .clone()
                    .unwrap_or_else(|| b.state.as_str().to_owned())
            };
            t.add_row(vec![
                b.adapter.to_string(),
                opt(b.battery_type.as_ref()),
                state,
                b.charging.as_str().to_owned(),
                opt(b
                    .learn_cycle_active
                    .map(|l| if l { "active" } else { "no" })),
                opt(b.replacement_required.map(|r| if r { "YES" } else { "no" })),
                opt(b.relative_charge_pct.map(|c| format!("{c}%"))),
                opt(b.temperature_c.map(|c| format!("{c}C"))),
            ]);
        }
        section("Batteries", t);
    }
    if !doc.disk_groups.is_empty() {
        let mut t = new_table(
            style,
            &["adapter", "disk group", "span", "array", "rows", "VDs"],
        );
        for g in &doc.disk_groups {
            for s in &g.spans {
                let rows: Vec<String> = s
                    .rows
                    .iter()
                    .map(|r| {
                        format!(
                            "{}:{}",
                            r.row,
                            r.drive
                                .map_or_else(|| "MISSING".to_owned(), |d| d.to_string())
                        )
                    })
                    .collect();
                let vds: Vec<String> = g.logical_drives.iter().map(ToString::to_string).collect();
                t.add_row(vec![
                    g.adapter.to_string(),
                    g.index.to_string(),
                    s.index.to_string(),
                    opt(s.array_ref),
                    rows.join(" "),
                    vds.join(","),
                ]);
            }
        }
        section("Configuration", t);
    }
    if !doc.foreign_configs.is_empty() {
        let mut t = new_table(style, &["adapter", "foreign config", "disk groups"]);
        for f in &doc.foreign_configs {
            t.add_row(vec![
                f.adapter.to_string(),
                f.index.to_string(),
                f.disk_groups.len().to_string(),
            ]);
        }
        section("Foreign configurations", t);
    }
    if !doc.missing.is_empty() {
        let mut t = new_table(style, &["adapter", "no.", "array", "row", "size expected"]);
        for m in &doc.missing {
            t.add_row(vec![
                m.adapter.to_string(),
                m.number.to_string(),
                m.array.to_string(),
                m.row.to_string(),
                human(m.size_expected_bytes),
            ]);
        }
        section("Missing drives", t);
    }
    if !doc.progress.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "operation",
                "target",
                "running",
                "percent",
                "elapsed",
            ],
        );
        for p in &doc.progress {
            let target = p
                .drive
                .map(|d| d.to_string())
                .or_else(|| p.logical_drive.map(|l| format!("VD {l}")))
                .unwrap_or_default();
            t.add_row(vec![
                p.adapter.to_string(),
                p.kind.as_str().to_owned(),
                target,
                if p.in_progress {
                    "yes".to_owned()
                } else {
                    "no".to_owned()
                },
                opt(p.percent.map(|v| format!("{v}%"))),
                opt(p.elapsed_minutes.map(|m| format!("{m} min"))),
            ]);
        }
        section("Progress", t);
    }
    if !doc.events.is_empty() {
        let mut t = new_table(style, &["seq", "time", "code", "class", "description"]);
        for e in &doc.events {
            t.add_row(vec![
                e.seq_num.to_string(),
                match e.since_boot_s {
                    Some(n) => format!("+{n} s after boot"),
                    None => opt(e.time.as_ref()),
                },
                opt(e.code.map(|c| format!("0x{c:04x}"))),
                opt(e.class),
                e.description.clone(),
            ]);
        }
        section("Events", t);
    }
    if !doc.actions.is_empty() {
        let mut t = new_table(style, &["result", "kind", "drive", "message"]);
        for a in &doc.actions {
            t.add_row(vec![
                if a.success {
                    "ok".to_owned()
                } else {
                    "FAILED".to_owned()
                },
                a.kind.as_str().to_owned(),
                opt(a.drive),
                a.message.clone(),
            ]);
        }
        section("Actions", t);
    }
    let mut facts = Vec::new();
    if let Some(c) = doc.adapter_count {
        facts.push(format!("controller count: {c}"));
    }
    if let Some(v) = &doc.tool_version {
        facts.push(format!("tool version: {v}"));
    }
    if let Some(e) = &doc.fw_error {
        facts.push(format!("firmware error: {e}"));
    }
    if !doc.term_log.is_empty() {
        facts.push(format!("terminal log: {} lines", doc.term_log.len()));
    }
    if let Some(c) = doc.exit_code {
        facts.push(format!("exit code: 0x{c:02x}"));
    }
    for f in facts {
        out.push_str(&f);
        out.push('\n');
    }
    out
}
