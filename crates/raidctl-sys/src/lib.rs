//! The host plumbing both the backends and the simulator stand on: the one process runner
//! ([`runner`]: no shell, `LC_ALL=C`, deadlines that kill the process group), the MFI ioctl
//! ABI ([`mfi`]: what the kernel driver and the simulated firmware both speak), private
//! files and directories ([`fsutil`]), interrupts ([`interrupt`]), exit codes ([`exit`]),
//! escaping of untrusted text ([`escape`]), standard output that remembers a failed write
//! ([`out`]), progress on a terminal ([`progress`]) and the journal every state change writes
//! ([`journal`]). It names no other raidctl crate, so neither the product nor the simulator can
//! reach the other through it.

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

pub mod escape;
pub mod exit;
pub mod fsutil;
pub mod hardware;
pub mod interrupt;
pub mod journal;
pub mod mfi;
pub mod out;
pub mod progress;
pub mod runner;

/// A unit test that cannot run here says why, past libtest's capture and named by the test;
/// under `CI=true` that is a failure (the integration tests' `util::skip`). For the unit tests
/// of this crate and the product (a `#[cfg(test)]` item would not reach across crates).
#[doc(hidden)]
pub fn test_skip(why: &str) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI must run this test: {why}"
    );
    let thread = std::thread::current();
    match thread.name() {
        Some(test) if test != "main" => errln!("skipped: {test}: {why}"),
        _ => errln!("skipped: {why}"),
    }
}
