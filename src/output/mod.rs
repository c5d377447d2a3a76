//! Rendering for people (tables) and programs (JSON).

pub mod check;
pub mod metrics;
pub mod progress;
pub mod status;
pub mod table;

use std::io::IsTerminal;

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
}

impl Style {
    /// Resolves `--color` against `NO_COLOR` and whether stdout is a terminal.
    pub fn detect(choice: ColorChoice) -> Self {
        let tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color,
        };
        Self { color, tty }
    }
}
