//! Progress bars: on a terminal only (stderr), hidden in pipes, logs and tests, and under
//! `--quiet`.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once by the command line for `--quiet`: progress is drawn deep inside workflows,
/// qualification and collection, which do not otherwise know the run's options.
static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no progress of any kind for the rest of the process.
pub fn silence() {
    QUIET.store(true, Ordering::Relaxed);
}

/// Whether progress may be shown: standard error is a terminal, and neither `--quiet` nor
/// `RAIDCTL_NO_PROGRESS` asked for none. Every bar and progress line asks this one place.
pub fn wanted() -> bool {
    !QUIET.load(Ordering::Relaxed)
        && std::env::var_os("RAIDCTL_NO_PROGRESS").is_none()
        && std::io::stderr().is_terminal()
}

/// A progress bar that is a no-op when stderr is not a terminal.
#[derive(Debug)]
pub struct Bar {
    inner: Option<ProgressBar>,
}

/// A bar of `len` units labelled `label`.
pub fn bar(len: u64, label: &str) -> Bar {
    if !wanted() {
        return Bar { inner: None };
    }
    let pb = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{prefix} [{bar:40}] {pos:>3}% {msg}") {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_prefix(label.to_owned());
    Bar { inner: Some(pb) }
}

impl Bar {
    /// True when the bar is drawn.
    pub fn visible(&self) -> bool {
        self.inner.is_some()
    }

    /// Moves to `pos` with a message (ETA text).
    pub fn set(&self, pos: u64, msg: &str) {
        if let Some(pb) = &self.inner {
            pb.set_position(pos);
            pb.set_message(msg.to_owned());
        }
    }

    /// Completes the bar.
    pub fn finish(&self, msg: &str) {
        if let Some(pb) = &self.inner {
            pb.finish_with_message(msg.to_owned());
        }
    }

    /// Leaves the bar where it is.
    pub fn abandon(&self) {
        if let Some(pb) = &self.inner {
            pb.abandon();
        }
    }
}
