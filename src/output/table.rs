//! Tables of the model for people.

use super::Style;
use crate::model::{Document, Event, human};
use comfy_table::{Cell, Color, ContentArrangement, Table, presets};
use std::io::Write;
use unicode_width::UnicodeWidthStr;

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

/// How a cell is coloured when colour is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tone {
    /// Never coloured.
    Plain,
    /// A state: red when bad, yellow when a warning, else green.
    State { bad: bool, warn: bool },
}

/// A cell's text and colouring, independent of how the table is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Styled {
    text: String,
    tone: Tone,
}

impl Styled {
    fn plain(text: impl ToString) -> Self {
        Self {
            text: text.to_string(),
            tone: Tone::Plain,
        }
    }

    fn state(text: &str, bad: bool, warn: bool) -> Self {
        Self {
            text: text.to_owned(),
            tone: Tone::State { bad, warn },
        }
    }

    fn cell(&self, style: Style) -> Cell {
        match self.tone {
            Tone::Plain => Cell::new(&self.text),
            Tone::State { bad, warn } => state_cell(style, &self.text, bad, warn),
        }
    }
}

fn plain(cells: Vec<String>) -> Vec<Styled> {
    cells
        .into_iter()
        .map(|text| Styled {
            text,
            tone: Tone::Plain,
        })
        .collect()
}

/// A section's rows, produced on demand (once to measure, once to write).
type Rows<'a> = &'a dyn Fn(&mut dyn FnMut(Vec<Styled>));

/// Draws sections: comfy-table on a terminal or with colour, else streamed.
struct Sink<'a> {
    style: Style,
    /// Build each table with comfy-table (terminal or colour) instead of streaming it.
    comfy: bool,
    out: &'a mut dyn Write,
}

impl Sink<'_> {
    fn section(&mut self, title: &str, header: &[&str], rows: Rows<'_>) -> std::io::Result<()> {
        writeln!(self.out, "{title}")?;
        if self.comfy {
            let mut t = new_table(self.style, header);
            rows(&mut |r| {
                t.add_row(r.iter().map(|c| c.cell(self.style)).collect::<Vec<_>>());
            });
            writeln!(self.out, "{t}")?;
        } else {
            stream_markdown(self.out, header, rows)?;
            writeln!(self.out)?;
        }
        writeln!(self.out)
    }
}

/// Display width of one cell as comfy-table measures it: its widest line, at least 1.
fn cell_width(text: &str) -> usize {
    text.split('\n')
        .map(UnicodeWidthStr::width)
        .max()
        .unwrap_or(0)
        .max(1)
}

/// Writes one table in comfy-table's `ASCII_MARKDOWN` look (no terminal, no wrapping, one
/// space of padding), measuring the columns in a first pass over the rows. No trailing
/// newline, as `Table`'s `Display`.
fn stream_markdown(out: &mut dyn Write, header: &[&str], rows: Rows<'_>) -> std::io::Result<()> {
    let mut widths: Vec<usize> = header.iter().map(|h| cell_width(h)).collect();
    rows(&mut |r| {
        if r.len() > widths.len() {
            widths.resize(r.len(), 0);
        }
        for (w, c) in widths.iter_mut().zip(&r) {
            *w = (*w).max(cell_width(&c.text));
        }
    });
    let mut line = String::new();
    let mut put = |out: &mut dyn Write, cells: &mut dyn Iterator<Item = &str>| {
        let cells: Vec<&str> = cells.collect();
        let height = cells
            .iter()
            .map(|c| c.split('\n').count())
            .max()
            .unwrap_or(1);
        let mut lines: Vec<std::str::Split<'_, char>> =
            cells.iter().map(|c| c.split('\n')).collect();
        for n in 0..height {
            line.clear();
            if n > 0 {
                line.push('\n');
            }
            line.push('|');
            for (i, w) in widths.iter().enumerate() {
                let text = lines.get_mut(i).and_then(Iterator::next);
                match text {
                    Some(t) => {
                        line.push(' ');
                        line.push_str(t);
                        let pad = w.saturating_sub(t.width()) + 1;
                        line.extend(std::iter::repeat_n(' ', pad));
                    }
                    None => line.extend(std::iter::repeat_n(' ', w + 2)),
                }
                line.push('|');
            }
            out.write_all(line.as_bytes())?;
        }
        Ok::<(), std::io::Error>(())
    };
    put(out, &mut header.iter().copied())?;
    let mut sep = String::from("\n|");
    for w in &widths {
        sep.extend(std::iter::repeat_n('-', w + 2));
        sep.push('|');
    }
    out.write_all(sep.as_bytes())?;
    let mut result = Ok(());
    rows(&mut |r| {
        if result.is_ok() {
            result = out
                .write_all(b"\n")
                .and_then(|()| put(out, &mut r.iter().map(|c| c.text.as_str())));
        }
    });
    result
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn size(v: Option<u64>) -> String {
    v.map_or_else(|| "-".to_owned(), human)
}

/// Renders every non-empty part of a parsed document.
pub fn render_document(doc: &Document, style: Style) -> String {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = write_document(doc, style, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes every non-empty part of a parsed document to `out`. Off a terminal and without
/// colour, each table streams: a first pass over the rows measures the columns, a second
/// writes them, so no table is held in memory (an event log has hundreds of thousands of
/// rows); the text is byte for byte what comfy-table prints for the same rows.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_document(doc: &Document, style: Style, out: &mut dyn Write) -> std::io::Result<()> {
    let comfy = style.tty || style.color;
    write_sections(doc, None, Sink { style, comfy, out })
}

/// Events produced on demand: each call walks all of them from the first.
pub type Events<'a> = &'a dyn Fn(&mut dyn FnMut(&Event));

/// [`write_document`] for a document whose events are not in it but streamed by `events`
/// (an event log parsed while it is written, see [`crate::parse::stream_event_log`]); the
/// text is the same as for the document with the events in it. `events` is called once per
/// pass over the rows (twice off a terminal: measure, then write) and must yield at least one.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_document_streamed(
    doc: &Document,
    events: Events<'_>,
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let comfy = style.tty || style.color;
    write_sections(doc, Some(events), Sink { style, comfy, out })
}

fn write_sections(
    doc: &Document,
    streamed: Option<Events<'_>>,
    mut sink: Sink<'_>,
) -> std::io::Result<()> {
    let mut section =
        |title: &str, header: &[&str], rows: Rows<'_>| sink.section(title, header, rows);
    if !doc.adapters.is_empty() {
        section(
            "Adapters",
            &[
                "adapter", "product", "serial", "firmware", "BBU", "memory", "VDs", "degraded",
                "offline",
            ],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for a in &doc.adapters {
                    row(plain(vec![
                        a.adapter.to_string(),
                        opt(a.product_name.as_ref()),
                        opt(a.serial.as_ref()),
                        opt(a.fw_package.as_ref().or(a.fw_version.as_ref())),
                        opt(a.bbu_present.map(|b| if b { "present" } else { "absent" })),
                        size(a.memory_bytes),
                        opt(a.virtual_drive_count),
                        opt(a.degraded_count),
                        opt(a.offline_count),
                    ]));
                }
            },
        )?;
    }
    if !doc.enclosures.is_empty() {
        section(
            "Enclosures",
            &[
                "adapter",
                "enclosure",
                "device id",
                "slots",
                "drives",
                "status",
                "product",
            ],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for e in &doc.enclosures {
                    row(plain(vec![
                        e.adapter.to_string(),
                        e.index.to_string(),
                        opt(e.device_id),
                        opt(e.slots),
                        opt(e.physical_drives),
                        opt(e.status.as_ref()),
                        opt(e.product.as_ref()),
                    ]));
                }
            },
        )?;
    }
    if !doc.logical_drives.is_empty() {
        section(
            "Logical drives",
            &[
                "adapter", "VD", "target", "RAID", "size", "state", "drives", "spans", "cache",
                "members",
            ],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for ld in &doc.logical_drives {
                    let bad = matches!(
                        ld.state,
                        crate::model::LdState::Offline | crate::model::LdState::Degraded
                    );
                    let warn = ld.state != crate::model::LdState::Optimal;
                    let members: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
                    row(vec![
                        Styled::plain(ld.adapter),
                        Styled::plain(ld.number),
                        Styled::plain(ld.target_id),
                        Styled::plain(ld.raid_level.as_str()),
                        Styled::plain(ld.size_raw.clone().unwrap_or_else(|| size(ld.size_bytes))),
                        Styled::state(
                            ld.state_raw.as_deref().unwrap_or(ld.state.as_str()),
                            bad,
                            warn,
                        ),
                        Styled::plain(opt(ld.number_of_drives)),
                        Styled::plain(opt(ld.span_depth)),
                        Styled::plain(opt(ld.current_cache_policy.as_ref())),
                        Styled::plain(members.join(" ")),
                    ]);
                }
            },
        )?;
    }
    if !doc.physical_drives.is_empty() {
        section(
            "Physical drives",
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
            &|row: &mut dyn FnMut(Vec<Styled>)| {
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
                    row(vec![
                        Styled::plain(pd.adapter),
                        Styled::plain(pd.address()),
                        Styled::plain(opt(pd.device_id)),
                        Styled::state(&state, bad, warn),
                        Styled::plain(format!(
                            "{}/{}",
                            pd.pd_type.as_str(),
                            pd.media_type.as_str()
                        )),
                        Styled::plain(opt(pd.model.as_ref())),
                        Styled::plain(opt(pd.serial.as_ref())),
                        Styled::plain(size(pd.raw_size_bytes.or(pd.coerced_size_bytes))),
                        Styled::plain(opt(pd.media_error_count)),
                        Styled::plain(opt(pd.other_error_count)),
                        Styled::plain(opt(pd.predictive_failure_count)),
                        Styled::plain(opt(pd.smart_alert.map(|s| if s { "ALERT" } else { "ok" }))),
                        Styled::plain(opt(pd.temperature_c.map(|c| format!("{c}C")))),
                        Styled::plain(opt(pd.logical_drive.or(pd.disk_group))),
                    ]);
                }
            },
        )?;
    }
    if !doc.bbus.is_empty() {
        section(
            "Batteries",
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
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for b in &doc.bbus {
                    let state = if b.status_failed {
                        "status failed".to_owned()
                    } else {
                        b.state_raw
                            .clone()
                            .unwrap_or_else(|| b.state.as_str().to_owned())
                    };
                    row(plain(vec![
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
                    ]));
                }
            },
        )?;
    }
    if !doc.disk_groups.is_empty() {
        section(
            "Configuration",
            &["adapter", "disk group", "span", "array", "rows", "VDs"],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
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
                        let vds: Vec<String> =
                            g.logical_drives.iter().map(ToString::to_string).collect();
                        row(plain(vec![
                            g.adapter.to_string(),
                            g.index.to_string(),
                            s.index.to_string(),
                            opt(s.array_ref),
                            rows.join(" "),
                            vds.join(","),
                        ]));
                    }
                }
            },
        )?;
    }
    if !doc.foreign_configs.is_empty() {
        section(
            "Foreign configurations",
            &["adapter", "foreign config", "disk groups"],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for f in &doc.foreign_configs {
                    row(plain(vec![
                        f.adapter.to_string(),
                        f.index.to_string(),
                        f.disk_groups.len().to_string(),
                    ]));
                }
            },
        )?;
    }
    if !doc.missing.is_empty() {
        section(
            "Missing drives",
            &["adapter", "no.", "array", "row", "size expected"],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for m in &doc.missing {
                    row(plain(vec![
                        m.adapter.to_string(),
                        m.number.to_string(),
                        m.array.to_string(),
                        m.row.to_string(),
                        human(m.size_expected_bytes),
                    ]));
                }
            },
        )?;
    }
    if !doc.progress.is_empty() {
        section(
            "Progress",
            &[
                "adapter",
                "operation",
                "target",
                "running",
                "percent",
                "elapsed",
            ],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for p in &doc.progress {
                    let target = p
                        .drive
                        .map(|d| d.to_string())
                        .or_else(|| p.logical_drive.map(|l| format!("VD {l}")))
                        .unwrap_or_default();
                    row(plain(vec![
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
                    ]));
                }
            },
        )?;
    }
    let all_events = |f: &mut dyn FnMut(&Event)| doc.events.iter().for_each(f);
    let (events, any_event): (Events<'_>, bool) = match streamed {
        Some(stream) => (stream, true),
        None => (&all_events, !doc.events.is_empty()),
    };
    if any_event {
        section(
            "Events",
            &["seq", "time", "code", "class", "description"],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                events(&mut |e| {
                    row(plain(vec![
                        e.seq_num.to_string(),
                        match e.since_boot_s {
                            Some(n) => format!("+{n} s after boot"),
                            None => opt(e.time.as_ref()),
                        },
                        opt(e.code.map(|c| format!("0x{c:04x}"))),
                        opt(e.class),
                        e.description.clone(),
                    ]));
                });
            },
        )?;
    }
    if !doc.actions.is_empty() {
        section(
            "Actions",
            &["result", "kind", "drive", "message"],
            &|row: &mut dyn FnMut(Vec<Styled>)| {
                for a in &doc.actions {
                    row(plain(vec![
                        if a.success {
                            "ok".to_owned()
                        } else {
                            "FAILED".to_owned()
                        },
                        a.kind.as_str().to_owned(),
                        opt(a.drive),
                        a.message.clone(),
                    ]));
                }
            },
        )?;
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
        writeln!(sink.out, "{f}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIPE: Style = Style {
        color: false,
        tty: false,
    };

    fn render(doc: &Document, comfy: bool) -> String {
        let mut out = Vec::new();
        let sink = Sink {
            style: PIPE,
            comfy,
            out: &mut out,
        };
        write_sections(doc, None, sink).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Streaming changes how tables are written, not what: for every fixture the streamed text
    /// is byte for byte comfy-table's.
    #[test]
    fn streamed_tables_match_comfy_table_for_every_fixture() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut checked = 0;
        for dir in ["megacli", "omreport"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            for f in files {
                let text = crate::parse::decode(&std::fs::read(&f).unwrap());
                let Ok(doc) = crate::parse::parse(&text, None) else {
                    continue;
                };
                assert_eq!(render(&doc, true), render(&doc, false), "{}", f.display());
                checked += 1;
            }
        }
        assert!(checked > 50, "only {checked} fixtures parsed");
    }

    #[test]
    fn streamed_multi_line_and_wide_cells_match_comfy_table() {
        let mut doc = Document::new("action");
        for (i, msg) in ["two\nlines", "", "wide 日本語 text", "x"]
            .iter()
            .enumerate()
        {
            doc.actions.push(crate::model::ActionResult {
                success: i % 2 == 0,
                message: (*msg).to_owned(),
                ..Default::default()
            });
        }
        assert_eq!(render(&doc, true), render(&doc, false));
    }
}
