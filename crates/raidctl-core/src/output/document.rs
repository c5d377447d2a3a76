//! The `parse` subcommand's tables: every part of a parsed document, each table streamed
//! (measured in one pass over its rows, drawn in a second) so an event log of hundreds of
//! thousands of rows, parsed in pieces on several threads, is never held whole. Drawn by
//! [`super::table`], the one table engine of raidctl.

use super::Style;
use super::table::{
    Cell, Column, Fit, Layout, Measure, Painter, Tone, dropped_note, ld_state_cell, state_cell,
};
use crate::model::{Document, Event, PhysicalDrive, fmt_size};
use std::io::Write;

/// The rows of one table as compact text, kept between measuring and drawing so that a
/// streamed source (an event log, a drive list) is parsed once. A cell is its lines joined by
/// `\n` (the cells of [`write_sections`] come from [`Cell::new`], whose lines hold none) in
/// one string, an end offset and a tone byte: a fraction of the input it comes from (a 50 MB
/// event log's rows take about 20 MB, a 30 MB drive list's about 5 MB).
#[derive(Debug, Default)]
struct RowStore {
    text: String,
    /// Per cell: its end in `text`, from the start of its row.
    ends: Vec<u32>,
    tones: Vec<Tone>,
    /// Per row: its end in `text` and in `ends`.
    rows: Vec<(usize, usize)>,
}

impl RowStore {
    fn push(&mut self, row: &[Cell]) {
        let start = self.text.len();
        for c in row {
            for (k, l) in c.lines.iter().enumerate() {
                if k > 0 {
                    self.text.push('\n');
                }
                self.text.push_str(l);
            }
            self.ends
                .push(u32::try_from(self.text.len() - start).unwrap_or(u32::MAX));
            self.tones.push(c.tone);
        }
        self.rows.push((self.text.len(), self.ends.len()));
    }

    /// Calls `f` with each row as [`Painter::row_of`] takes it.
    fn for_each(
        &self,
        mut f: impl FnMut(&[(&[&str], Tone)]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut lines: Vec<&str> = Vec::new();
        let mut ranges: Vec<(usize, usize, Tone)> = Vec::new();
        let (mut text_start, mut cell_start) = (0, 0);
        for &(text_end, cell_end) in &self.rows {
            let row = self.text.get(text_start..text_end).unwrap_or("");
            lines.clear();
            ranges.clear();
            let mut at = 0;
            let cells = self.ends.get(cell_start..cell_end).unwrap_or_default();
            let tones = self.tones.get(cell_start..cell_end).unwrap_or_default();
            for (&end, &tone) in cells.iter().zip(tones) {
                let end = usize::try_from(end).unwrap_or(usize::MAX).min(row.len());
                let from = lines.len();
                let text = row.get(at..end).unwrap_or("");
                if !text.is_empty() {
                    lines.extend(text.split('\n'));
                }
                ranges.push((from, lines.len(), tone));
                at = end;
            }
            let cells: Vec<(&[&str], Tone)> = ranges
                .iter()
                .map(|&(a, b, tone)| (lines.get(a..b).unwrap_or_default(), tone))
                .collect();
            f(&cells)?;
            (text_start, cell_start) = (text_end, cell_end);
        }
        Ok(())
    }
}

/// A section's rows, produced on demand (once to measure, once to write).
type Rows<'a> = &'a dyn Fn(&mut dyn FnMut(Vec<Cell>));

/// Writes titled tables, each streamed: a first pass over its rows measures the columns, a
/// second writes them, so no table is held in memory (an event log has hundreds of thousands
/// of rows). The text is byte for byte what [`Table`]'s `Display` gives for the same rows.
struct Sink<'a> {
    style: Style,
    out: &'a mut dyn Write,
    /// Threads to draw the rows of a table made in pieces on (`None`: one per CPU).
    threads: Option<usize>,
    /// Tests: build each table in memory instead, to check streaming changes nothing.
    #[cfg(test)]
    buffered: bool,
}

/// Where a section's rows come from.
enum Source<'r> {
    /// Rows made on this thread.
    Rows(Rows<'r>),
    /// Rows made in pieces, on worker threads.
    Pieces(Pieces<'r>),
}

/// A piece of a table's rows, measured and stored where it was made.
struct Measured {
    m: Measure,
    store: RowStore,
}

/// Measures and stores the rows of one piece; runs on the worker threads.
type MeasureFn<'a> = &'a (dyn Fn(Vec<Vec<Cell>>) -> Measured + Sync);

/// A section's rows made in pieces: each piece's rows go through the measure function (on
/// the thread that made them), the result to the callback, in order.
type Pieces<'a> = &'a dyn Fn(MeasureFn<'_>, &mut dyn FnMut(Measured));

impl<'a> Sink<'a> {
    fn new(style: Style, out: &'a mut dyn Write) -> Self {
        Self {
            style,
            out,
            threads: None,
            #[cfg(test)]
            buffered: false,
        }
    }

    fn section(
        &mut self,
        title: &str,
        columns: &[Column],
        rows: Source<'_>,
    ) -> std::io::Result<()> {
        writeln!(self.out, "{title}")?;
        let limit = self.style.width;
        let measure = |rows: Vec<Vec<Cell>>| {
            let mut m = Measure::new(columns, limit);
            let mut store = RowStore::default();
            for r in &rows {
                m.add(columns, r);
                store.push(r);
            }
            Measured { m, store }
        };
        let mut m = Measure::new(columns, limit);
        let mut stores = Vec::new();
        match rows {
            #[cfg(test)]
            Source::Rows(rows) if self.buffered => {
                let mut t = super::table::Table::with_columns(self.style, columns.to_vec());
                rows(&mut |r| {
                    t.add_row(r);
                });
                return writeln!(self.out, "{t}\n");
            }
            Source::Rows(rows) => {
                let mut store = RowStore::default();
                rows(&mut |r| {
                    m.add(columns, &r);
                    store.push(&r);
                });
                stores.push(store);
            }
            Source::Pieces(pieces) => pieces(&measure, &mut |piece| {
                m.merge(&piece.m);
                stores.push(piece.store);
            }),
        }
        let layout = Layout::new(columns, &m, limit);
        let dropped = layout.dropped(columns);
        let mut p = Painter::new(self.style, columns, layout.clone());
        p.header(self.out)?;
        if let [store] = stores.as_slice() {
            let out = &mut *self.out;
            store.for_each(|row| p.row_of(row, out))?;
        } else {
            // Drawn on the worker threads too, each piece after the header's lines.
            let style = self.style;
            let out = &mut *self.out;
            super::parallel::map_ordered(
                stores.iter(),
                self.threads.unwrap_or_else(super::parallel::threads),
                |store| {
                    let mut p = Painter::new(style, columns, layout.clone());
                    p.first = false;
                    let mut bytes = Vec::new();
                    store.for_each(|row| p.row_of(row, &mut bytes))?;
                    Ok(bytes)
                },
                |bytes: std::io::Result<Vec<u8>>| out.write_all(&bytes?),
            )?;
        }
        if !dropped.is_empty() {
            write!(self.out, "\n{}", dropped_note(self.style, &dropped))?;
        }
        writeln!(self.out, "\n")
    }
}

/// The row of the event table for `e`.
fn event_cells(e: &Event) -> Vec<Cell> {
    cells(vec![
        e.seq_num.to_string(),
        match e.since_boot_s {
            Some(n) => format!("+{n} s after boot"),
            None => opt(e.time.as_ref()),
        },
        opt(e.code.map(|c| format!("0x{c:04x}"))),
        opt(e.class),
        e.description.clone(),
    ])
}

/// The row of the drive table for `pd`.
fn drive_cells(pd: &PhysicalDrive, style: Style) -> Vec<Cell> {
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
    let state = if style.wide {
        state
    } else {
        super::short::firmware_state(state)
    };
    let state = if pd.foreign == Some(true) {
        format!("{state} (foreign)")
    } else {
        state.to_owned()
    };
    cells(vec![
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
        Cell::new(size(pd.size_bytes())),
        Cell::new(opt(pd.media_error_count)),
        Cell::new(opt(pd.other_error_count)),
        Cell::new(opt(pd.predictive_failure_count)),
        Cell::new(opt(pd.smart_alert.map(|s| if s { "ALERT" } else { "ok" }))),
        Cell::new(opt(pd.temperature_c.map(|c| format!("{c}C")))),
        Cell::new(opt(pd.logical_drive.or(pd.disk_group))),
    ])
}

/// Columns shown whole and never dropped.
fn cols(headers: &[&str]) -> Vec<Column> {
    headers.iter().map(|h| Column::new(h)).collect()
}

fn cells<C: Into<Cell>>(v: Vec<C>) -> Vec<Cell> {
    v.into_iter().map(Into::into).collect()
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn size(v: Option<u64>) -> String {
    v.map_or_else(|| "-".to_owned(), fmt_size)
}

/// Renders every non-empty part of a parsed document.
pub fn render_document(doc: &Document, style: Style) -> String {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = write_document(doc, style, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes every non-empty part of a parsed document to `out`, each table measured in one pass
/// over its rows and drawn in a second.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_document(doc: &Document, style: Style, out: &mut dyn Write) -> std::io::Result<()> {
    write_sections(doc, &Streamed::default(), Sink::new(style, out))
}

/// Writes an event log (see [`crate::parse::stream_event_log`]) as [`write_document`]
/// writes the document with its events in it, byte for byte; the pieces of the log are parsed
/// and turned into rows on the CPUs there are (see [`super::parallel`]), none is kept but as
/// the table's compact rows. Returns the warnings of the events.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_event_log(
    log: &crate::parse::EventLog<'_>,
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<crate::model::Warnings> {
    let streamed = Streamed {
        events: Some(log),
        ..Streamed::default()
    };
    write_streamed(&log.doc, streamed, style, out)
}

/// [`write_event_log`] for a drive list (see [`crate::parse::stream_drive_list`]).
///
/// # Errors
/// I/O errors from `out`.
pub fn write_drive_list(
    list: &crate::parse::DriveList<'_>,
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<crate::model::Warnings> {
    let streamed = Streamed {
        drives: Some(list),
        ..Streamed::default()
    };
    write_streamed(&list.doc, streamed, style, out)
}

/// [`write_event_log`] or [`write_drive_list`] in pieces of `piece` bytes on `threads`
/// threads (tests: whatever the cut, the text is the same).
#[cfg(test)]
pub(crate) fn write_streamed_in(
    log: Option<&crate::parse::EventLog<'_>>,
    list: Option<&crate::parse::DriveList<'_>>,
    (piece, threads): (usize, usize),
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<crate::model::Warnings> {
    let doc = match (log, list) {
        (Some(log), _) => &log.doc,
        (None, Some(list)) => &list.doc,
        (None, None) => return Ok(crate::model::Warnings::new()),
    };
    let streamed = Streamed {
        events: log,
        drives: list,
        piece,
        threads: Some(threads),
        ..Streamed::default()
    };
    write_streamed(doc, streamed, style, out)
}

fn write_streamed(
    doc: &Document,
    streamed: Streamed<'_, '_>,
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<crate::model::Warnings> {
    let mut sink = Sink::new(style, out);
    // Rows are drawn on as many threads as they were made on.
    sink.threads = streamed.threads;
    write_sections(doc, &streamed, sink)?;
    Ok(streamed.warnings.into_inner())
}

/// The records that come from a stream instead of the document, and how it is parsed.
struct Streamed<'a, 'b> {
    events: Option<&'b crate::parse::EventLog<'a>>,
    drives: Option<&'b crate::parse::DriveList<'a>>,
    /// Bytes of input per piece, and threads to parse the pieces on (`None`: one per CPU).
    piece: usize,
    threads: Option<usize>,
    /// The warnings of the records, once their table was written.
    warnings: std::cell::RefCell<crate::model::Warnings>,
}

impl Default for Streamed<'_, '_> {
    fn default() -> Self {
        Self {
            events: None,
            drives: None,
            piece: super::PIECE,
            threads: None,
            warnings: std::cell::RefCell::default(),
        }
    }
}

impl Streamed<'_, '_> {
    /// The rows of the log's events, made and measured in pieces on the worker threads.
    fn event_pieces(
        &self,
        log: &crate::parse::EventLog<'_>,
        measure: MeasureFn<'_>,
        done: &mut dyn FnMut(Measured),
    ) {
        let work = |p: crate::parse::EventPiece<'_>| {
            let mut events = p.events();
            let mut rows = Vec::new();
            while let Some(e) = events.next_ref() {
                rows.push(event_cells(e));
            }
            (measure(rows), events.warnings())
        };
        let _ = super::parallel::map_ordered(log.pieces(self.piece), self.threads(), work, |p| {
            self.done(p, done)
        });
    }

    /// [`Streamed::event_pieces`] for a drive list.
    fn drive_pieces(
        &self,
        list: &crate::parse::DriveList<'_>,
        style: Style,
        measure: MeasureFn<'_>,
        done: &mut dyn FnMut(Measured),
    ) {
        let work = |p: crate::parse::DrivePiece<'_>| {
            let mut drives = p.drives();
            let rows: Vec<Vec<Cell>> = drives.by_ref().map(|d| drive_cells(&d, style)).collect();
            ((measure(rows), drives.warnings()), drives.adapter())
        };
        let _ =
            super::parallel::map_drive_pieces(list.pieces(self.piece), self.threads(), work, |p| {
                self.done(p, done)
            });
    }

    fn threads(&self) -> usize {
        self.threads.unwrap_or_else(super::parallel::threads)
    }

    /// Hands on one finished piece and keeps its warnings.
    fn done(
        &self,
        (rows, warnings): (Measured, crate::model::Warnings),
        done: &mut dyn FnMut(Measured),
    ) -> Result<(), std::convert::Infallible> {
        done(rows);
        self.warnings.borrow_mut().append(warnings);
        Ok(())
    }
}

/// Writes one titled table.
type Section<'s> = dyn FnMut(&str, &[Column], Source<'_>) -> std::io::Result<()> + 's;

/// A section of one row per item, left out when there are none.
fn listed<T, C: Into<Cell>>(
    section: &mut Section<'_>,
    title: &str,
    columns: &[Column],
    items: &[T],
    row_of: impl Fn(&T) -> Vec<C>,
) -> std::io::Result<()> {
    if items.is_empty() {
        return Ok(());
    }
    let rows = |row: &mut dyn FnMut(Vec<Cell>)| {
        for item in items {
            row(cells(row_of(item)));
        }
    };
    section(title, columns, Source::Rows(&rows))
}

/// Every non-empty part of `doc` (and of the stream), then its facts.
fn write_sections(
    doc: &Document,
    streamed: &Streamed<'_, '_>,
    mut sink: Sink<'_>,
) -> std::io::Result<()> {
    let style = sink.style;
    let mut section =
        |title: &str, columns: &[Column], rows: Source<'_>| sink.section(title, columns, rows);
    controller_sections(doc, streamed, style, &mut section)?;
    state_sections(doc, &mut section)?;
    log_sections(doc, streamed, &mut section)?;
    let mut facts = super::reports::lines(doc);
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
        writeln!(sink.out, "{}", crate::escape::escape(&f))?;
    }
    Ok(())
}

/// Adapters, enclosures, logical and physical drives.
fn controller_sections(
    doc: &Document,
    streamed: &Streamed<'_, '_>,
    style: Style,
    section: &mut Section<'_>,
) -> std::io::Result<()> {
    let columns = cols(&[
        "adapter", "product", "serial", "firmware", "BBU", "memory", "VDs", "degraded", "offline",
    ]);
    listed(section, "Adapters", &columns, &doc.adapters, |a| {
        vec![
            a.adapter.to_string(),
            opt(a.product_name.as_ref()),
            opt(a.serial.as_ref()),
            opt(a.fw_package.as_ref().or(a.fw_version.as_ref())),
            opt(a.bbu_present.map(|b| if b { "present" } else { "absent" })),
            size(a.memory_bytes),
            opt(a.virtual_drive_count),
            opt(a.degraded_count),
            opt(a.offline_count),
        ]
    })?;
    let columns = cols(&[
        "adapter",
        "enclosure",
        "device id",
        "slots",
        "drives",
        "status",
        "product",
    ]);
    listed(section, "Enclosures", &columns, &doc.enclosures, |e| {
        vec![
            e.adapter.to_string(),
            e.index.to_string(),
            opt(e.device_id),
            opt(e.slots),
            opt(e.physical_drives),
            opt(e.status.as_ref()),
            opt(e.product.as_ref()),
        ]
    })?;
    let columns = vec![
        Column::new("adapter"),
        Column::new("VD"),
        Column::new("target").droppable(3),
        Column::new("RAID"),
        Column::new("size").droppable(2),
        Column::new("state"),
        Column::new("drives").droppable(4),
        Column::new("spans").droppable(5),
        Column::new("cache").fit(Fit::Wrap).droppable(1),
        Column::new("members").fit(Fit::Wrap),
    ];
    listed(
        section,
        "Logical drives",
        &columns,
        &doc.logical_drives,
        |ld| {
            let members: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
            vec![
                Cell::new(ld.adapter),
                Cell::new(ld.number),
                Cell::new(ld.target_id),
                Cell::new(ld.raid_level.as_str()),
                Cell::new(opt(ld.size_text())),
                ld_state_cell(style, ld),
                Cell::new(opt(ld.number_of_drives)),
                Cell::new(opt(ld.span_depth)),
                Cell::new(match &ld.current_cache_policy {
                    Some(c) if !style.wide => super::short::cache_policy(c),
                    c => opt(c.as_ref()),
                }),
                Cell::new(if style.wide {
                    members.join(" ")
                } else {
                    super::short::members(&ld.members)
                }),
            ]
        },
    )?;
    let any_drive = streamed.drives.is_some() || !doc.physical_drives.is_empty();
    if any_drive {
        let columns = vec![
            Column::new("adapter"),
            Column::new("drive"),
            Column::new("dev id").droppable(5),
            Column::new("state"),
            Column::new("type").droppable(4),
            Column::new("model").fit(Fit::Cut(10)).droppable(2),
            Column::new("serial"),
            Column::new("size").droppable(3),
            Column::new("media err"),
            Column::new("other err").droppable(6),
            Column::new("pred fail"),
            Column::new("SMART"),
            Column::new("temp").droppable(7),
            Column::new("VD").droppable(1),
        ];
        let rows = |row: &mut dyn FnMut(Vec<Cell>)| {
            for pd in &doc.physical_drives {
                row(drive_cells(pd, style));
            }
        };
        let pieces = |measure: MeasureFn<'_>, done: &mut dyn FnMut(Measured)| {
            if let Some(list) = streamed.drives {
                streamed.drive_pieces(list, style, measure, done);
            }
        };
        let source = match streamed.drives {
            Some(_) => Source::Pieces(&pieces),
            None => Source::Rows(&rows),
        };
        section("Physical drives", &columns, source)?;
    }
    Ok(())
}

/// Batteries, configuration, foreign configurations, missing drives, progress.
fn state_sections(doc: &Document, section: &mut Section<'_>) -> std::io::Result<()> {
    let columns = cols(&[
        "adapter",
        "type",
        "state",
        "charging",
        "learn cycle",
        "replace",
        "charge",
        "temp",
    ]);
    listed(section, "Batteries", &columns, &doc.bbus, |b| {
        let state = if b.status_failed {
            "status failed".to_owned()
        } else {
            b.state_raw
                .clone()
                .unwrap_or_else(|| b.state.as_str().to_owned())
        };
        vec![
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
        ]
    })?;
    if !doc.disk_groups.is_empty() {
        let columns = cols(&["adapter", "disk group", "span", "array", "rows", "VDs"]);
        let rows = |row: &mut dyn FnMut(Vec<Cell>)| {
            for g in &doc.disk_groups {
                for s in &g.spans {
                    let vds: Vec<String> =
                        g.logical_drives.iter().map(ToString::to_string).collect();
                    row(cells(vec![
                        g.adapter.to_string(),
                        g.index.to_string(),
                        s.index.to_string(),
                        opt(s.array_ref),
                        s.rows_text(),
                        vds.join(","),
                    ]));
                }
            }
        };
        section("Configuration", &columns, Source::Rows(&rows))?;
    }
    let columns = cols(&["adapter", "foreign config", "disk groups"]);
    listed(
        section,
        "Foreign configurations",
        &columns,
        &doc.foreign_configs,
        |f| {
            vec![
                f.adapter.to_string(),
                f.index.to_string(),
                f.disk_groups.len().to_string(),
            ]
        },
    )?;
    let columns = cols(&["adapter", "no.", "array", "row", "size expected"]);
    listed(section, "Missing drives", &columns, &doc.missing, |m| {
        vec![
            m.adapter.to_string(),
            m.number.to_string(),
            m.array.to_string(),
            m.row.to_string(),
            fmt_size(m.size_expected_bytes),
        ]
    })?;
    let columns = cols(&[
        "adapter",
        "operation",
        "target",
        "running",
        "percent",
        "elapsed",
    ]);
    listed(section, "Progress", &columns, &doc.progress, |p| {
        let target = p
            .drive
            .map(|d| d.to_string())
            .or_else(|| p.logical_drive.map(|l| format!("VD {l}")))
            .unwrap_or_default();
        vec![
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
        ]
    })?;
    Ok(())
}

/// Events and action results.
fn log_sections(
    doc: &Document,
    streamed: &Streamed<'_, '_>,
    section: &mut Section<'_>,
) -> std::io::Result<()> {
    if streamed.events.is_some() || !doc.events.is_empty() {
        let columns = vec![
            Column::new("seq"),
            Column::new("time").droppable(1),
            Column::new("code"),
            Column::new("class").droppable(2),
            Column::new("description").fit(Fit::Wrap),
        ];
        let rows =
            |row: &mut dyn FnMut(Vec<Cell>)| doc.events.iter().for_each(|e| row(event_cells(e)));
        let pieces = |measure: MeasureFn<'_>, done: &mut dyn FnMut(Measured)| {
            if let Some(log) = streamed.events {
                streamed.event_pieces(log, measure, done);
            }
        };
        let source = match streamed.events {
            Some(_) => Source::Pieces(&pieces),
            None => Source::Rows(&rows),
        };
        section("Events", &columns, source)?;
    }
    let columns = vec![
        Column::new("result"),
        Column::new("kind"),
        Column::new("drive"),
        Column::new("message").fit(Fit::Wrap),
    ];
    listed(section, "Actions", &columns, &doc.actions, |a| {
        vec![
            if a.success {
                "ok".to_owned()
            } else {
                "FAILED".to_owned()
            },
            a.kind.as_str().to_owned(),
            opt(a.drive),
            a.message.clone(),
        ]
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(doc: &Document, style: Style, buffered: bool) -> String {
        let mut out = Vec::new();
        let mut sink = Sink::new(style, &mut out);
        sink.buffered = buffered;
        write_sections(doc, &Streamed::default(), sink).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Streaming changes how tables are written, not what: for every fixture, in a pipe and
    /// at 80 and 120 columns, the streamed text is byte for byte the in-memory table's.
    #[test]
    fn streamed_tables_match_in_memory_tables_for_every_fixture() {
        let root =
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("fixtures");
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
                for style in [
                    Style::PLAIN,
                    Style::PLAIN.at_width(80),
                    Style::PLAIN.at_width(120),
                ] {
                    let streamed = render(&doc, style, false);
                    assert_eq!(streamed, render(&doc, style, true), "{}", f.display());
                }
                checked += 1;
            }
        }
        assert!(checked > 50, "only {checked} fixtures parsed");
    }

    #[test]
    fn streamed_multi_line_and_wide_cells_match_in_memory_tables() {
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
        for style in [Style::PLAIN, Style::PLAIN.at_width(12)] {
            assert_eq!(render(&doc, style, false), render(&doc, style, true));
        }
    }
}
