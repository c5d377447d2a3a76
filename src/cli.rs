//! The command line, defined once: clap parses it, and the man page and completions are
//! generated from it.

use crate::output::{ColorChoice, Format};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Typed, safe tooling for LSI/Broadcom MegaRAID and Dell PERC controllers.
#[derive(Debug, Parser)]
#[command(name = "raidctl", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// When to use colours (`NO_COLOR` is honoured with `auto`).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse captured MegaCli output into the typed model.
    ///
    /// Reads each FILE (`-` for standard input), detects which MegaCli command produced it
    /// unless --kind says, and prints the model. Warnings carry the file and line number.
    /// Exit status 2 when a file is not recognisable MegaCli output.
    Parse {
        /// Command kind: `auto`, or one of adpallinfo, adpcount, adpgetpciinfo, encinfo,
        /// ldinfo, pdlist, pdinfo, ldpdinfo, bbu, bbustatus, eventlog, cfgdsply, foreign-scan,
        /// foreign-dsply, foreign-preview, foreign-clear, foreign-import, pdgetmissing,
        /// progress, fwtermlog, showsummary, version, action, empty.
        #[arg(long, default_value = "auto")]
        kind: String,
        /// Files with captured output; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Generate the man page or shell completions (for packaging).
    #[command(hide = true)]
    Generate {
        /// What to generate.
        #[arg(value_enum)]
        what: Generated,
    },
}

/// Artefacts `raidctl generate` writes to standard output.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Generated {
    /// The man page (roff).
    Man,
    /// Bash completions.
    Bash,
    /// Zsh completions.
    Zsh,
    /// Fish completions.
    Fish,
}
