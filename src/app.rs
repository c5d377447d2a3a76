//! Runs a parsed command line; `main` only maps the result to an exit status.

use crate::cli::{Cli, Command, Generated};
use crate::ctx::{Ctx, CtxOptions};
/// Placeholder until the health rules land (same signatures as `crate::monitor`).
mod monitor {
    use crate::ctx::Ctx;
    use crate::exit::ExitStatus;
    use crate::output::{Format, Style};
    use std::path::Path;
    use std::time::Duration;
    pub fn run_status(_: &Ctx, _: Duration, _: Format, _: Style) -> ExitStatus {
        eprintln!("raidctl: status is not available in this build yet");
        ExitStatus::Unknown
    }
    pub fn run_check(_: &Ctx, _: Duration) -> ExitStatus {
        println!("RAID UNKNOWN - check is not available in this build yet");
        ExitStatus::Unknown
    }
    pub fn run_metrics(_: &Ctx, _: Duration, _: Option<&Path>) -> ExitStatus {
        ExitStatus::Unknown
    }
}
use crate::exit::ExitStatus;
use crate::model::{Document, SCHEMA_VERSION};
use crate::output::{Format, Style, table};
use crate::parse::{self, Kind};
use clap::CommandFactory;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

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
    let opts = CtxOptions {
        sim: cli.sim.clone(),
        sim_state: cli.sim_state.clone(),
        megacli: cli.megacli.clone(),
        state_dir: cli.state_dir.clone(),
        timeout: Duration::from_secs_f64(cli.timeout.max(0.001)),
        quiet: cli.quiet,
    };
    let ctx = || Ctx::new(&opts).map_err(|e| AppError::Input(e.to_string()));
    match cli.command {
        Command::Parse { kind, files } => run_parse(&kind, &files, cli.format, style),
        Command::Status { max_age } => Ok(monitor::run_status(
            &ctx()?,
            Duration::from_secs(max_age),
            cli.format,
            style,
        )), // WIRE
        Command::Check { max_age } => match Ctx::new(&opts) {
            Ok(c) => Ok(monitor::run_check(&c, Duration::from_secs(max_age))),
            Err(e) => {
                println!("RAID UNKNOWN - {e}");
                Ok(ExitStatus::Unknown)
            }
        },
        Command::Metrics {
            max_age,
            textfile_dir,
        } => Ok(monitor::run_metrics(
            &ctx()?,
            Duration::from_secs(max_age),
            textfile_dir.as_deref(),
        )),
        Command::Sim { args } => {
            let c = ctx()?;
            let Some(dir) = c.sim_dir.as_ref() else {
                return Err(AppError::Input(
                    "`raidctl sim` needs --sim SCENARIO or --sim-state DIR".into(),
                ));
            };
            let mut full = vec!["--state".to_owned(), dir.display().to_string()];
            full.extend(args);
            let code = crate::sim::control(&full);
            c.cache().invalidate();
            Ok(if code == 0 {
                ExitStatus::Ok
            } else {
                ExitStatus::Error
            })
        }
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
