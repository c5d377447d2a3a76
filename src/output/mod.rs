//! Rendering for people (tables) and programs (JSON).

pub mod check;
pub mod metrics;
pub mod progress;
pub mod short;
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
