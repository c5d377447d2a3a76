//! `raidctl parse`: captured vendor output to typed JSON or tables.

use super::AppError;
use crate::exit::ExitStatus;
use crate::model::{Document, SCHEMA_VERSION};
use crate::output::{Format, Style, document};
use crate::parse::{self, Kind};
use std::io::{Read, Write};
use std::path::Path;

/// Largest input `raidctl parse` reads (a file or standard input): the biggest real captures
/// are tens of megabytes, and the memory a parse needs grows with its input.
pub const PARSE_INPUT_CAP: u64 = 128 << 20;

/// Reads one input of `raidctl parse`: a regular file, or `-` for standard input, at most
/// [`PARSE_INPUT_CAP`] bytes. Devices (`/dev/zero`), FIFOs and directories are refused
/// (opened without blocking, so a FIFO with no writer cannot hang raidctl).
fn read_input(path: &Path) -> Result<String, AppError> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let too_big = |what: &str| {
        AppError::Input(format!(
            "{what}: more than {} MiB, the most raidctl parse reads (is it really one vendor \
             output?)",
            PARSE_INPUT_CAP >> 20
        ))
    };
    let mut bytes = Vec::new();
    // The text is decoded in place (see `parse::decode_owned`): one copy of the input.
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(PARSE_INPUT_CAP + 1)
            .read_to_end(&mut bytes)
            .map_err(|source| AppError::Io {
                what: "reading standard input".into(),
                source,
            })?;
        if bytes.len() as u64 > PARSE_INPUT_CAP {
            return Err(too_big("standard input"));
        }
    } else {
        let shown = path.display().to_string();
        let io = |source| AppError::Io {
            what: format!("reading {shown}"),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        let ft = meta.file_type();
        if !ft.is_file() {
            let what = if ft.is_dir() {
                "a directory"
            } else if ft.is_fifo() {
                "a FIFO"
            } else if ft.is_char_device() || ft.is_block_device() {
                "a device"
            } else if ft.is_socket() {
                "a socket"
            } else {
                "not a regular file"
            };
            return Err(AppError::Input(format!(
                "{}: {what}: raidctl parse reads regular files (or `-` for standard input)",
                crate::escape::escape(&shown)
            )));
        }
        if meta.len() > PARSE_INPUT_CAP {
            return Err(too_big(&crate::escape::escape(&shown)));
        }
        bytes.reserve_exact(usize::try_from(meta.len()).unwrap_or(0));
        (&mut file)
            .take(PARSE_INPUT_CAP + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        // It may have grown since.
        if bytes.len() as u64 > PARSE_INPUT_CAP {
            return Err(too_big(&crate::escape::escape(&shown)));
        }
    }
    Ok(parse::decode_owned(bytes))
}

pub(super) fn run_parse(
    kind: &str,
    files: &[std::path::PathBuf],
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> Result<ExitStatus, AppError> {
    if kind == "help" {
        // The writer records a failure; `run` decides the exit status from it.
        let _ = write!(out, "{}", Kind::help());
        return Ok(ExitStatus::Ok);
    }
    if files.is_empty() {
        return Err(AppError::Input(
            "parse needs at least one FILE (`-` reads standard input)".to_owned(),
        ));
    }
    let kind: Option<Kind> = if kind == "auto" {
        None
    } else {
        Some(kind.parse().map_err(AppError::Input)?)
    };
    let io = |source| AppError::Io {
        what: "writing to stdout".into(),
        source,
    };
    let default_file = files
        .first()
        .map(|p| p.to_str().unwrap_or("-"))
        .unwrap_or("-");
    if let [path] = files {
        // One event log: parsed piece by piece on every CPU while the pieces done are
        // written, keeping no event (the text is the only copy of the log in memory).
        let text = read_input(path)?;
        if let Some(log) = parse::stream_event_log(&text, kind) {
            let warnings = match format {
                Format::Json => crate::output::write_event_log_json(&log, out),
                Format::Table => document::write_event_log(&log, style, out),
            }
            .map_err(io)?;
            out.flush().map_err(io)?;
            write_warnings(&warnings, default_file);
            return Ok(ExitStatus::Ok);
        }
        // One drive list: the same, drive by drive.
        if let Some(list) = parse::stream_drive_list(&text, kind) {
            let warnings = match format {
                Format::Json => crate::output::write_drive_list_json(&list, out),
                Format::Table => document::write_drive_list(&list, style, out),
            }
            .map_err(io)?;
            out.flush().map_err(io)?;
            write_warnings(&warnings, default_file);
            return Ok(ExitStatus::Ok);
        }
        let doc = parse_one(&text, kind, files.len(), path)?;
        drop(text);
        return write_parsed(doc, format, style, out, default_file);
    }
    let mut merged: Option<Document> = None;
    for path in files {
        let text = read_input(path)?;
        let doc = parse_one(&text, kind, files.len(), path)?;
        match merged.as_mut() {
            None => merged = Some(doc),
            Some(m) => {
                if m.kind != doc.kind {
                    m.kind = "mixed".to_owned();
                }
                m.merge(doc);
            }
        }
    }
    let doc = merged.unwrap_or_else(|| Document::new("empty"));
    write_parsed(doc, format, style, out, default_file)
}

/// Parses one input; with several inputs each warning names its file.
fn parse_one(
    text: &str,
    kind: Option<Kind>,
    inputs: usize,
    path: &Path,
) -> Result<Document, AppError> {
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    let mut doc = parse::parse(text, kind).map_err(|e| AppError::Input(format!("{name}: {e}")))?;
    if inputs > 1 {
        for w in &mut doc.warnings {
            w.file = Some(name.clone());
        }
    }
    Ok(doc)
}

fn write_warnings(warnings: &crate::model::Warnings, default_file: &str) {
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    let _ = crate::output::write_warnings(&mut err, warnings, default_file);
    let _ = err.flush();
}

fn write_parsed(
    mut doc: Document,
    format: Format,
    style: Style,
    out: &mut dyn Write,
    default_file: &str,
) -> Result<ExitStatus, AppError> {
    doc.schema_version = SCHEMA_VERSION;
    let io = |source| AppError::Io {
        what: "writing to stdout".into(),
        source,
    };
    match format {
        Format::Json => {
            crate::output::json::write_pretty(out, &doc).map_err(|source| AppError::Io {
                what: "writing JSON".into(),
                source,
            })?;
            writeln!(out).map_err(io)?;
        }
        Format::Table => document::write_document(&doc, style, out).map_err(io)?,
    }
    out.flush().map_err(io)?;
    write_warnings(&doc.warnings, default_file);
    Ok(ExitStatus::Ok)
}
