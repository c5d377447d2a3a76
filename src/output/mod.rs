//! Rendering for people (tables) and programs (JSON).

pub mod check;
pub mod json;
pub mod metrics;
pub mod progress;
pub mod short;
pub mod status;
pub mod table;

use crate::model::{Document, Warning};
use serde::Serialize;
use serde::ser::SerializeStruct;
use std::cell::RefCell;
use std::io::{BufWriter, IsTerminal, StdoutLock, Write};

/// Writes an event log as the JSON document [`crate::parse::parse`] would give, pretty-printed,
/// serializing each event as it is parsed (none is kept). Returns the warnings, which are also
/// in the document.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_event_log_json(
    log: &crate::parse::EventLog<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Vec<Warning>> {
    let events = RefCell::new(log.events());
    write_streamed_json(&log.doc, Streamed::Events(&events), out)
}

/// [`write_event_log_json`] for a drive list (see [`crate::parse::stream_drive_list`]).
///
/// # Errors
/// I/O errors from `out`.
pub fn write_drive_list_json(
    list: &crate::parse::DriveList<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Vec<Warning>> {
    let drives = RefCell::new(list.drives());
    write_streamed_json(&list.doc, Streamed::Drives(&drives), out)
}

fn write_streamed_json(
    doc: &Document,
    part: Streamed<'_, '_>,
    out: &mut dyn Write,
) -> std::io::Result<Vec<Warning>> {
    json::write_pretty(out, &StreamedDoc { doc, part })?;
    writeln!(out)?;
    let mut warnings = doc.warnings.clone();
    warnings.extend(part.warnings());
    Ok(warnings)
}

/// The records of a streamed document that are not in its [`Document`].
#[derive(Clone, Copy)]
enum Streamed<'a, 'b> {
    Events(&'b RefCell<crate::parse::Events<'a>>),
    Drives(&'b RefCell<crate::parse::Drives<'a>>),
}

impl Streamed<'_, '_> {
    fn warnings(self) -> Vec<Warning> {
        match self {
            Streamed::Events(e) => e.borrow().warnings(),
            Streamed::Drives(d) => d.borrow().warnings(),
        }
    }
}

/// A [`Document`] whose events or drives come from a stream: serialized field for field as
/// the derived `Serialize` of `Document` does (the destructuring below fails to compile when
/// a field is added, so the two cannot drift apart).
struct StreamedDoc<'a, 'b> {
    doc: &'b Document,
    part: Streamed<'a, 'b>,
}

struct EventSeq<'a, 'b>(&'b RefCell<crate::parse::Events<'a>>);

impl Serialize for EventSeq<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut events = self.0.borrow_mut();
        let mut seq = s.serialize_seq(None)?;
        while let Some(e) = events.next_ref() {
            seq.serialize_element(e)?;
        }
        seq.end()
    }
}

struct DriveSeq<'a, 'b>(&'b RefCell<crate::parse::Drives<'a>>);

impl Serialize for DriveSeq<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut drives = self.0.borrow_mut();
        let mut seq = s.serialize_seq(None)?;
        for d in drives.by_ref() {
            seq.serialize_element(&d)?;
        }
        seq.end()
    }
}

struct WarningSeq<'a, 'b>(&'b [Warning], Streamed<'a, 'b>);

impl Serialize for WarningSeq<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let streamed = self.1.warnings();
        s.collect_seq(self.0.iter().chain(&streamed))
    }
}

impl Serialize for StreamedDoc<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
            fw_error,
            exit_code,
            warnings,
        } = self.doc;
        let mut st = s.serialize_struct("Document", 19)?;
        st.serialize_field("schema_version", schema_version)?;
        st.serialize_field("kind", kind)?;
        st.serialize_field("adapters", adapters)?;
        st.serialize_field("enclosures", enclosures)?;
        st.serialize_field("logical_drives", logical_drives)?;
        match self.part {
            Streamed::Drives(d) => st.serialize_field("physical_drives", &DriveSeq(d))?,
            Streamed::Events(_) => st.serialize_field("physical_drives", physical_drives)?,
        }
        st.serialize_field("bbus", bbus)?;
        match self.part {
            Streamed::Events(e) => st.serialize_field("events", &EventSeq(e))?,
            Streamed::Drives(_) => st.serialize_field("events", events)?,
        }
        st.serialize_field("missing", missing)?;
        st.serialize_field("progress", progress)?;
        st.serialize_field("disk_groups", disk_groups)?;
        st.serialize_field("foreign_configs", foreign_configs)?;
        st.serialize_field("actions", actions)?;
        st.serialize_field("adapter_count", adapter_count)?;
        st.serialize_field("tool_version", tool_version)?;
        st.serialize_field("term_log", term_log)?;
        st.serialize_field("fw_error", fw_error)?;
        st.serialize_field("exit_code", exit_code)?;
        st.serialize_field("warnings", &WarningSeq(warnings, self.part))?;
        st.end()
    }
}

/// Standard output for one command: locked and buffered, so a large document costs a few
/// `write` calls instead of one per line; the command flushes it once at the end.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, std::io::stdout().lock())
}

/// At most this many warnings per input file reach standard error; the rest are counted
/// (the JSON document lists every one).
pub const WARNINGS_PER_FILE: usize = 50;

/// Writes parse warnings as `warning: FILE:LINE: MESSAGE`, at most [`WARNINGS_PER_FILE`] per
/// file, each file's remainder as one count. `default_file` names warnings without a file.
///
/// # Errors
/// I/O errors from `err`.
pub fn write_warnings(
    err: &mut dyn Write,
    warnings: &[Warning],
    default_file: &str,
) -> std::io::Result<()> {
    let mut current: Option<&str> = None;
    let (mut shown, mut hidden) = (0usize, 0usize);
    let more = |err: &mut dyn Write, file: &str, hidden: usize| {
        if hidden == 0 {
            return Ok(());
        }
        writeln!(
            err,
            "warning: {file}: {hidden} more warning(s) not shown (--format json lists them all)"
        )
    };
    for w in warnings {
        let file = w.file.as_deref().unwrap_or(default_file);
        if current != Some(file) {
            if let Some(prev) = current {
                more(err, prev, hidden)?;
            }
            current = Some(file);
            (shown, hidden) = (0, 0);
        }
        if shown < WARNINGS_PER_FILE {
            writeln!(err, "warning: {file}:{}: {}", w.line, w.message)?;
            shown += 1;
        } else {
            hidden += 1;
        }
    }
    if let Some(prev) = current {
        more(err, prev, hidden)?;
    }
    Ok(())
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Readable tables.
    #[default]
    Table,
    /// One JSON document.
    Json,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
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
mod tests {
    use super::*;

    fn w(file: Option<&str>, line: usize) -> Warning {
        Warning {
            file: file.map(str::to_owned),
            line,
            message: format!("m{line}"),
        }
    }

    /// The streamed event log is byte for byte the JSON of the parsed document, table too.
    #[test]
    fn streamed_event_log_output_is_the_parsed_documents() {
        let mut text = String::from("garbage line\n");
        for i in 0..40 {
            text.push_str(&format!(
                "seqNum: 0x{i:08x}\nTime: Mon Nov 30 05:00:{i:02} 2026\n\nCode: 0x00000072\n\
Class: {}\nLocale: 0x02\nEvent Description: PD {i} changed\nEvent Data:\n===========\n\
Device ID: {i}\nSlot Number: 3\n{}\n",
                i % 3,
                if i % 7 == 0 { "stray" } else { "" }
            ));
        }
        text.push_str("\nExit Code: 0x00\n");
        let doc = crate::parse::parse(&text, None).unwrap();
        let log = crate::parse::stream_event_log(&text, None).unwrap();
        let mut json = Vec::new();
        let warnings = write_event_log_json(&log, &mut json).unwrap();
        assert_eq!(
            String::from_utf8(json).unwrap(),
            serde_json::to_string_pretty(&doc).unwrap() + "\n"
        );
        assert_eq!(warnings, doc.warnings);
        for style in [Style::PLAIN, Style::PLAIN.at_width(80)] {
            let mut streamed = Vec::new();
            let events = |f: &mut dyn FnMut(&crate::model::Event)| {
                let mut stream = log.events();
                while let Some(e) = stream.next_ref() {
                    f(e);
                }
            };
            table::write_document_streamed(&log.doc, &events, style, &mut streamed).unwrap();
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                table::render_document(&doc, style)
            );
        }
    }

    /// The streamed drive list is byte for byte the JSON and table of the parsed document.
    #[test]
    fn streamed_drive_list_output_is_the_parsed_documents() {
        let mut text = String::from("Adapter #0\n\n");
        for i in 0..30 {
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
        let doc = crate::parse::parse(&text, None).unwrap();
        let list = crate::parse::stream_drive_list(&text, None).unwrap();
        let mut json = Vec::new();
        let warnings = write_drive_list_json(&list, &mut json).unwrap();
        assert_eq!(
            String::from_utf8(json).unwrap(),
            serde_json::to_string_pretty(&doc).unwrap() + "\n"
        );
        assert_eq!(warnings, doc.warnings);
        assert!(!warnings.is_empty());
        for style in [Style::PLAIN, Style::PLAIN.at_width(80)] {
            let mut streamed = Vec::new();
            let drives = |f: &mut dyn FnMut(&crate::model::PhysicalDrive)| {
                list.drives().for_each(|d| f(&d));
            };
            table::write_drive_list_streamed(&list.doc, &drives, style, &mut streamed).unwrap();
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                table::render_document(&doc, style)
            );
        }
    }

    #[test]
    fn warnings_are_capped_per_file_and_the_rest_counted() {
        let mut ws: Vec<Warning> = (1..=WARNINGS_PER_FILE + 3)
            .map(|l| w(Some("a"), l))
            .collect();
        ws.push(w(Some("b"), 7));
        let mut out = Vec::new();
        write_warnings(&mut out, &ws, "-").unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), WARNINGS_PER_FILE + 2, "{text}");
        assert_eq!(lines[0], "warning: a:1: m1");
        assert_eq!(
            lines[WARNINGS_PER_FILE],
            "warning: a: 3 more warning(s) not shown (--format json lists them all)"
        );
        assert_eq!(lines[WARNINGS_PER_FILE + 1], "warning: b:7: m7");
        let mut out = Vec::new();
        write_warnings(&mut out, &[w(None, 2)], "x.txt").unwrap();
        assert_eq!(out, b"warning: x.txt:2: m2\n");
    }
}
