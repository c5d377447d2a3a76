//! Rendering for people (tables) and programs (JSON).

pub mod ceph_sync;
pub mod check;
pub mod document;
pub mod json;
pub mod metrics;
pub mod parallel;
mod reports;
pub mod short;
pub mod status;
pub mod storcli_py;
pub mod table;
pub mod workflows;

use crate::model::{Document, Warnings};
use std::io::{IsTerminal, Write};

/// Bytes of input in one piece of a streamed document (see [`parallel`]): enough that
/// handing a piece to a thread costs nothing next to parsing it, few enough that the pieces
/// in flight are a few megabytes.
pub(crate) const PIECE: usize = 256 * 1024;

/// Writes an event log as the JSON document [`crate::parse::parse`] would give, pretty-printed,
/// parsing and serializing its pieces on the CPUs there are while the finished ones are
/// written in order (no event is kept). Returns the warnings, which are also in the document.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_event_log_json(
    log: &crate::parse::EventLog<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Warnings> {
    event_log_json(log, out, PIECE, parallel::threads())
}

fn event_log_json(
    log: &crate::parse::EventLog<'_>,
    out: &mut dyn Write,
    piece: usize,
    threads: usize,
) -> std::io::Result<Warnings> {
    let work = |p: crate::parse::EventPiece<'_>| {
        let mut events = p.events();
        let mut bytes = Vec::new();
        while let Some(e) = events.next_ref() {
            json::append_element(&mut bytes, e, 2)?;
        }
        Ok((bytes, events.warnings()))
    };
    write_streamed_json(&log.doc, Part::Events, out, |sink| {
        parallel::map_ordered(log.pieces(piece), threads, work, sink)
    })
}

/// [`write_event_log_json`] for a drive list (see [`crate::parse::stream_drive_list`]).
///
/// # Errors
/// I/O errors from `out`.
pub fn write_drive_list_json(
    list: &crate::parse::DriveList<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Warnings> {
    drive_list_json(list, out, PIECE, parallel::threads())
}

fn drive_list_json(
    list: &crate::parse::DriveList<'_>,
    out: &mut dyn Write,
    piece: usize,
    threads: usize,
) -> std::io::Result<Warnings> {
    let work = |p: crate::parse::DrivePiece<'_>| {
        let mut drives = p.drives();
        let mut bytes = Vec::new();
        let done = drives
            .by_ref()
            .try_for_each(|d| json::append_element(&mut bytes, &d, 2))
            .map(|()| (bytes, drives.warnings()));
        (done, drives.adapter())
    };
    write_streamed_json(&list.doc, Part::Drives, out, |sink| {
        parallel::map_drive_pieces(list.pieces(piece), threads, work, sink)
    })
}

/// One piece of a streamed array: its elements as [`json::append_element`] wrote them, and
/// the warnings of its records.
type JsonPiece = std::io::Result<(Vec<u8>, Warnings)>;

/// Which array of a streamed document comes from the stream.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Events,
    Drives,
}

/// The elements of a streamed JSON array, as [`json::append_element`] wrote them.
struct Array<'a> {
    out: &'a mut dyn Write,
    empty: bool,
}

impl Array<'_> {
    /// Writes elements, each preceded by its comma and indentation.
    fn elements(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let bytes = match bytes.split_first() {
            // The array's first element has no comma before it.
            Some((_, rest)) if self.empty => rest,
            Some(_) => bytes,
            None => return Ok(()),
        };
        self.empty = false;
        self.out.write_all(bytes)
    }
}

/// Writes `doc` as serde_json's pretty printer writes the derived `Serialize` of
/// [`Document`] (field by field, the same bytes), with the events or drives (`part`) from the
/// pieces `stream` hands its sink, in order, and their warnings appended to the document's.
/// Returns all warnings.
fn write_streamed_json(
    doc: &Document,
    part: Part,
    out: &mut dyn Write,
    stream: impl FnOnce(&mut dyn FnMut(JsonPiece) -> std::io::Result<()>) -> std::io::Result<()>,
) -> std::io::Result<Warnings> {
    // Destructured so that a field added to `Document` fails to compile here until it is
    // written too.
    let Document {
        schema_version,
        kind,
        adapters,
        enclosures,
        logical_drives,
        physical_drives,
        bbus,
        events,
        missing,
        progress,
        disk_groups,
        foreign_configs,
        actions,
        adapter_count,
        tool_version,
        term_log,
        health,
        versions,
        phy_errors,
        properties,
        fw_error,
        exit_code,
        warnings,
    } = doc;
    let mut obj = json::Object::new(out)?;
    obj.field("schema_version", schema_version)?;
    obj.field("kind", kind)?;
    obj.field("adapters", adapters)?;
    obj.field("enclosures", enclosures)?;
    obj.field("logical_drives", logical_drives)?;
    let mut stream = Some(stream);
    let mut streamed = Warnings::new();
    let mut array = |obj: &mut json::Object<'_>, name: &str| -> std::io::Result<()> {
        let mut array = Array {
            out: obj.key(name)?,
            empty: true,
        };
        array.out.write_all(b"[")?;
        if let Some(stream) = stream.take() {
            stream(&mut |piece| {
                let (bytes, w) = piece?;
                streamed.append(w);
                array.elements(&bytes)
            })?;
        }
        let end: &[u8] = if array.empty { b"]" } else { b"\n  ]" };
        array.out.write_all(end)
    };
    if part == Part::Drives {
        array(&mut obj, "physical_drives")?;
    } else {
        obj.field("physical_drives", physical_drives)?;
    }
    obj.field("bbus", bbus)?;
    if part == Part::Events {
        array(&mut obj, "events")?;
    } else {
        obj.field("events", events)?;
    }
    obj.field("missing", missing)?;
    obj.field("progress", progress)?;
    obj.field("disk_groups", disk_groups)?;
    obj.field("foreign_configs", foreign_configs)?;
    obj.field("actions", actions)?;
    obj.field("adapter_count", adapter_count)?;
    obj.field("tool_version", tool_version)?;
    obj.field("term_log", term_log)?;
    // Written only when present, as the derived `Serialize` skips them when empty.
    if !health.is_empty() {
        obj.field("health", health)?;
    }
    if !versions.is_empty() {
        obj.field("versions", versions)?;
    }
    if !phy_errors.is_empty() {
        obj.field("phy_errors", phy_errors)?;
    }
    if !properties.is_empty() {
        obj.field("properties", properties)?;
    }
    obj.field("fw_error", fw_error)?;
    obj.field("exit_code", exit_code)?;
    let mut all = warnings.clone();
    all.append(streamed);
    obj.field("warnings", &all)?;
    obj.end()?;
    writeln!(out)?;
    Ok(all)
}

pub use raidctl_sys::out::{Recorded, stdout};

/// At most this many warnings per input file reach standard error; the rest are counted
/// (the JSON document lists the first [`Warnings::CAP`]).
pub const WARNINGS_PER_FILE: usize = 50;

/// Writes parse warnings as `warning: FILE:LINE: MESSAGE`, at most [`WARNINGS_PER_FILE`] per
/// file, each file's remainder (with those [`Warnings`] did not keep) as one count.
/// `default_file` names warnings without a file.
///
/// # Errors
/// I/O errors from `err`.
pub fn write_warnings(
    err: &mut dyn Write,
    warnings: &Warnings,
    default_file: &str,
) -> std::io::Result<()> {
    let mut current: Option<&str> = None;
    let (mut shown, mut hidden) = (0usize, 0u64);
    let more = |err: &mut dyn Write, file: &str, hidden: u64| {
        if hidden == 0 {
            return Ok(());
        }
        writeln!(
            err,
            "warning: {}: {hidden} more warning(s) not shown (--format json lists the first {})",
            crate::escape::escape(file),
            Warnings::CAP
        )
    };
    for w in warnings.kept() {
        let file = w.file.as_deref().unwrap_or(default_file);
        if current != Some(file) {
            if let Some(prev) = current {
                more(err, prev, hidden)?;
            }
            current = Some(file);
            (shown, hidden) = (0, 0);
        }
        if shown < WARNINGS_PER_FILE {
            writeln!(
                err,
                "warning: {}:{}: {}",
                crate::escape::escape(file),
                w.line,
                crate::escape::escape(&w.message)
            )?;
            shown += 1;
        } else {
            hidden += 1;
        }
    }
    hidden += warnings.dropped();
    if let Some(file) = current {
        more(err, file, hidden)?;
    }
    Ok(())
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// Readable tables.
    #[default]
    Table,
    /// One JSON document.
    Json,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// How output should look, decided once from flags, environment and terminal.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Stdout is a terminal (tables may use its width; progress may show).
    pub tty: bool,
    /// Columns tables must fit in: the terminal's width, `None` in pipes and with `--wide`.
    pub width: Option<usize>,
    /// `--wide`: every column, full values.
    pub wide: bool,
}

impl Style {
    /// Resolves `--color` against `NO_COLOR` and whether stdout is a terminal, and the width
    /// tables fit in (`COLUMNS` overrides the terminal's own width).
    pub fn detect(choice: ColorChoice, wide: bool) -> Self {
        let tty = std::io::stdout().is_terminal();
        let width = (tty && !wide).then(|| {
            std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.parse().ok())
                .filter(|&c: &usize| c > 0)
                .or_else(|| {
                    terminal_size::terminal_size_of(std::io::stdout())
                        .map(|(w, _)| usize::from(w.0))
                })
                .unwrap_or(80)
        });
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color,
        };
        Self {
            color,
            tty,
            width,
            wide,
        }
    }

    /// No colour, no width limit, short forms: what pipes get.
    pub const PLAIN: Self = Self {
        color: false,
        tty: false,
        width: None,
        wide: false,
    };

    /// The same style fitted to `width` columns.
    #[must_use]
    pub fn at_width(self, width: usize) -> Self {
        Self {
            width: Some(width),
            ..self
        }
    }
}

#[cfg(test)]
mod osd_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Warning;

    fn w(file: Option<&str>, line: usize) -> Warning {
        Warning {
            file: file.map(str::to_owned),
            line,
            message: format!("m{line}"),
        }
    }

    /// Ways to cut a streamed document and parse it: one piece on this thread, the
    /// default, every record its own piece on one and on three threads, and odd sizes.
    const CUTS: [(usize, usize); 5] = [(usize::MAX, 1), (PIECE, 2), (1, 1), (1, 3), (700, 2)];

    /// `text`, which must stream, gives the parsed document's JSON, table (at each of
    /// `styles`) and warnings cut as `cut` (piece bytes, threads). Returns the document.
    fn streams_as_parsed(
        text: &str,
        cut: (usize, usize),
        styles: &[Style],
        what: &str,
    ) -> Document {
        let doc = crate::parse::parse(text, None).unwrap();
        let log = crate::parse::stream_event_log(text, None);
        let list = crate::parse::stream_drive_list(text, None);
        let mut json = Vec::new();
        let w = match (&log, &list) {
            (Some(log), _) => event_log_json(log, &mut json, cut.0, cut.1),
            (None, Some(list)) => drive_list_json(list, &mut json, cut.0, cut.1),
            (None, None) => panic!("{what} does not stream"),
        }
        .unwrap();
        assert_eq!(
            String::from_utf8(json).unwrap(),
            serde_json::to_string_pretty(&doc).unwrap() + "\n",
            "{what} {cut:?}"
        );
        assert_eq!(w, doc.warnings, "{what} {cut:?}");
        for &style in styles {
            let mut table = Vec::new();
            let w =
                document::write_streamed_in(log.as_ref(), list.as_ref(), cut, style, &mut table)
                    .unwrap();
            assert_eq!(
                String::from_utf8(table).unwrap(),
                document::render_document(&doc, style),
                "{what} {cut:?} {style:?}"
            );
            // A table's warnings are its records' (the document's own are none here).
            assert_eq!(w, doc.warnings, "{what} {cut:?} {style:?}");
        }
        doc
    }

    /// The streamed event log is byte for byte the JSON of the parsed document, table too,
    /// whatever the pieces and threads.
    #[test]
    fn streamed_event_log_output_is_the_parsed_documents() {
        let mut text = String::from("garbage line\n");
        for i in 0..40 {
            text.push_str(&format!(
                "seqNum: 0x{i:08x}\nTime: Mon Nov 30 05:00:{i:02} 2026\n\nCode: 0x00000072\n\
Class: {}\nLocale: 0x02\nEvent Description: PD {i} changed {}\nEvent Data:\n===========\n\
Device ID: {i}\nSlot Number: 3\n{}\n",
                i % 3,
                "and then some more words ".repeat(i % 9),
                if i % 7 == 0 { "stray" } else { "" }
            ));
        }
        text.push_str("\nExit Code: 0x00\n");
        let styles = [
            Style::PLAIN,
            Style::PLAIN.at_width(80),
            Style::PLAIN.at_width(40),
        ];
        for cut in CUTS {
            let doc = streams_as_parsed(&text, cut, &styles, "event log");
            assert!(!doc.warnings.is_empty());
        }
    }

    /// The streamed drive list is byte for byte the JSON and table of the parsed document,
    /// whatever the pieces and threads, across adapters.
    #[test]
    fn streamed_drive_list_output_is_the_parsed_documents() {
        let mut text = String::new();
        for i in 0..30 {
            if i % 10 == 0 {
                text.push_str(&format!("Adapter #{}\n\n", i / 10));
            }
            text.push_str(&format!(
                "Enclosure Device ID: 32\nSlot Number: {i}\nDevice Id: {i}\n\
                 Media Error Count: {}\nFirmware state: {}\nForeign State: None\n\
                 Inquiry Data: SEAGATE ST4000NM0023    A003Z1Z{i:05}\n\
                 Drive Temperature :{}C (87.80 F)\n{}\n",
                i % 4,
                if i % 5 == 0 {
                    "Failed"
                } else {
                    "Online, Spun Up"
                },
                20 + i,
                if i % 7 == 0 { "stray" } else { "" }
            ));
        }
        text.push_str("\nExit Code: 0x00\n");
        let styles = [Style::PLAIN, Style::PLAIN.at_width(80)];
        for cut in CUTS {
            let doc = streams_as_parsed(&text, cut, &styles, "drive list");
            assert_eq!(doc.physical_drives.last().map(|d| d.adapter), Some(2));
            assert!(!doc.warnings.is_empty());
        }
    }

    /// Every fixture that streams gives the same JSON and table cut into pieces of one record
    /// on three threads as parsed whole.
    #[test]
    fn fixtures_stream_the_same_in_pieces() {
        let root =
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("fixtures");
        let mut files = vec![root];
        let mut streamed = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let streams = crate::parse::stream_event_log(&text, None).is_some()
                || crate::parse::stream_drive_list(&text, None).is_some();
            if !streams || crate::parse::parse(&text, None).is_err() {
                continue;
            }
            streamed += 1;
            let styles = [Style::PLAIN, Style::PLAIN.at_width(80)];
            streams_as_parsed(&text, (1, 3), &styles, &path.display().to_string());
        }
        assert!(streamed >= 10, "only {streamed} fixtures stream");
    }

    /// Slot-only records (hostile input: a line each) are cut into pieces too, so their output
    /// is not held whole, and give what one pass gives, past the warning cap included.
    #[test]
    fn slot_only_records_stream_in_pieces_as_parsed() {
        let mut text = String::from("Adapter #0\n\n");
        for i in 0..1500 {
            text.push_str(&format!("Slot Number: {}\n", i % 7));
            if i % 100 == 0 {
                text.push_str("Enclosure Device ID: 32\nSlot Number: 9\nFirmware state: Online\n");
            }
            if i == 700 {
                text.push_str("Adapter #1\n\nSlot Number: 3\nFirmware state: Online\n\n");
            }
        }
        let list = crate::parse::stream_drive_list(&text, None).unwrap();
        assert!(list.pieces(512).count() > 20);
        let doc = streams_as_parsed(&text, (512, 3), &[Style::PLAIN], "slot-only");
        assert!(doc.warnings.dropped() > 0);
        assert!(doc.physical_drives.iter().any(|d| d.adapter == 1));
        // Not a cut: a Slot Number inside a record opened by Enclosure Device ID.
        let text = "Adapter #0\n\nEnclosure Device ID: 32\nSlot Number: 1\nFirmware state: Online\n\n\
                    Enclosure Device ID: 32\nSlot Number: 2\nFirmware state: Online\n";
        let list = crate::parse::stream_drive_list(text, None).unwrap();
        let starts: Vec<usize> = list.pieces(1).map(|p| p.first_line()).collect();
        assert_eq!(starts, [1, 7]);
    }

    #[test]
    fn warnings_are_capped_per_file_and_the_rest_counted() {
        let mut ws: Warnings = (1..=WARNINGS_PER_FILE + 3)
            .map(|l| w(Some("a"), l))
            .collect();
        ws.push(w(Some("b"), 7000));
        let mut out = Vec::new();
        write_warnings(&mut out, &ws, "-").unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), WARNINGS_PER_FILE + 2, "{text}");
        assert_eq!(lines[0], "warning: a:1: m1");
        assert_eq!(
            lines[WARNINGS_PER_FILE],
            "warning: a: 3 more warning(s) not shown (--format json lists the first 1000)"
        );
        assert_eq!(lines[WARNINGS_PER_FILE + 1], "warning: b:7000: m7000");
        let mut out = Vec::new();
        write_warnings(&mut out, &[w(None, 2)].into_iter().collect(), "x.txt").unwrap();
        assert_eq!(out, b"warning: x.txt:2: m2\n");
        // Those past the cap are counted too, and a control character is shown escaped.
        let ws: Warnings = (1..=Warnings::CAP + 10)
            .map(|l| Warning {
                message: "bad \x1b[2J".into(),
                ..w(None, l)
            })
            .collect();
        let mut out = Vec::new();
        write_warnings(&mut out, &ws, "x").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("warning: x:1: bad \\x1b[2J\n"), "{text}");
        assert!(
            text.ends_with(&format!(
                "warning: x: {} more warning(s) not shown (--format json lists the first 1000)\n",
                Warnings::CAP + 10 - WARNINGS_PER_FILE
            )),
            "{text}"
        );
    }
}
