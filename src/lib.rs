//! raidctl: typed models, parsers, backends, workflows and tooling for LSI/Broadcom MegaRAID and
//! Dell PERC controllers.
//!
//! Dependencies point one way: `model` ← `parse` ← backends ← workflows ← `output` ← `cli`.
//! `model` and `parse` are crates of their own (`raidctl-model`, `raidctl-parse`, re-exported
//! here under those names), so they cannot reach up; docs/development.md, "Layout".

/// `eprintln!` that cannot panic: with standard error closed or a reader gone
/// (`raidctl ... 2>&1 | head -1`) the message is lost, not the run (the panicking print macros
/// are denied by clippy's `print_stderr` and `print_stdout`).
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` that cannot panic (see [`errln!`]).
#[macro_export]
macro_rules! errprint {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::write!(::std::io::stderr(), $($arg)*);
    }};
}

pub mod app;
pub mod args;
pub mod backend;
pub mod bundle;
pub mod ceph;
pub mod cli;
pub mod ctx;
pub mod escape;
pub mod exit;
pub mod fsutil;
pub mod health;
pub mod hostside;
pub mod interrupt;
pub mod manual;
pub mod monitor;
pub mod output;
pub mod qualify;
pub mod sim;
pub mod simworld;
pub mod smart;
pub mod workflow;

/// The typed domain model: its own crate, `raidctl-model`, at the bottom of the layering.
pub use raidctl_model as model;
/// The pure parsers (text in, model out): their own crate, `raidctl-parse`, on top of the model.
pub use raidctl_parse as parse;
