//! Progress bars: on a terminal only (stderr), hidden in pipes, logs and tests.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar that is a no-op when stderr is not a terminal.
#[derive(Debug)]
pub struct Bar {
    inner: Option<ProgressBar>,
}

/// A bar of `len` units labelled `label`.
pub fn bar(len: u64, label: &str) -> Bar {
    if !std::io::stderr().is_terminal() || std::env::var_os("RAIDCTL_NO_PROGRESS").is_some() {
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
