//! Runs a parsed command line; `main` only maps the result to an exit status.

use crate::cli::{Cli, Command, Generated};
use crate::exit::ExitStatus;
use crate::model::{Document, SCHEMA_VERSION};
use crate::output::{Format, Style, table};
use crate::parse::{self, Kind};
use clap::CommandFactory;
use std::io::{Read, Write};
use std::path::Path;

/// An error for the operator: one line, naming what and where.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Input that is not what the command expects.
    #[error("{0}")]
    Input(String),
    /// An I/O failure, with what was being done.
    #[error("{what}: {source}")]
    Io {
        /// What raidctl was doing.
        what: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Runs the command line and returns the exit status.
///
/// # Errors
/// An [`AppError`] for the operator; `main` prints it and exits 2.
pub fn run(cli: Cli) -> Result<ExitStatus, AppError> {
    let style = Style::detect(cli.color);
    match cli.command {
        Command::Parse { kind, files } => run_parse(&kind, &files, cli.format, style),
        Command::Generate { what } => {
            generate(what, &mut std::io::stdout()).map_err(|source| AppError::Io {
                what: "writing to stdout".into(),
                source,
            })?;
            Ok(ExitStatus::Ok)
        }
    }
}

/// Writes the man page or completions.
///
/// # Errors
/// I/O errors from `out`.
pub fn generate(what: Generated, out: &mut dyn Write) -> std::io::Result<()> {
    let mut cmd = Cli::command();
    match what {
        Generated::Man => clap_mangen::Man::new(cmd).render(out),
        Generated::Bash => {
            clap_complete::generate(clap_complete::Shell::Bash, &mut cmd, "raidctl", out);
            Ok(())
        }
        Generated::Zsh => {
            clap_complete::generate(clap_complete::Shell::Zsh, &mut cmd, "raidctl", out);
            Ok(())
        }
        Generated::Fish => {
            clap_complete::generate(clap_complete::Shell::Fish, &mut cmd, "raidctl", out);
            Ok(())
        }
    }
}

fn read_input(path: &Path) -> Result<String, AppError> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|source| AppError::Io {
                what: "reading standard input".into(),
                source,
            })?;
    } else {
        bytes = std::fs::read(path).map_err(|source| AppError::Io {
            what: format!("reading {}", path.display()),
            source,
        })?;
    }
    Ok(parse::decode(&bytes))
}

fn run_parse(
    kind: &str,
    files: &[std::path::PathBuf],
    format: Format,
    style: Style,
) -> Result<ExitStatus, AppError> {
    let kind: Option<Kind> = if kind == "auto" {
        None
    } else {
        Some(kind.parse().map_err(AppError::Input)?)
    };
    let mut merged: Option<Document> = None;
    for path in files {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_owned()
        } else {
            path.display().to_string()
        };
        let text = read_input(path)?;
        let mut doc =
            parse::parse(&text, kind).map_err(|e| AppError::Input(format!("{name}: {e}")))?;
        if files.len() > 1 {
            for w in &mut doc.warnings {
                w.file = Some(name.clone());
            }
        }
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
    let mut doc = merged.unwrap_or_else(|| Document::new("empty"));
    doc.schema_version = SCHEMA_VERSION;
    let mut out = std::io::stdout().lock();
    let io = |source| AppError::Io {
        what: "writing to stdout".into(),
        source,
    };
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &doc).map_err(|e| AppError::Io {
                what: "writing JSON".into(),
                source: e.into(),
            })?;
            writeln!(out).map_err(io)?;
        }
        Format::Table => {
            write!(out, "{}", table::render_document(&doc, style)).map_err(io)?;
        }
    }
    let mut err = std::io::stderr().lock();
    for w in &doc.warnings {
        let file = w.file.as_deref().unwrap_or(
            files
                .first()
                .map(|p| p.to_str().unwrap_or("-"))
                .unwrap_or("-"),
        );
        let _ = writeln!(err, "warning: {file}:{}: {}", w.line, w.message);
    }
    Ok(ExitStatus::Ok)
}
