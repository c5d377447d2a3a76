//! Standard output that remembers its first failure: a cut answer never passes as a complete one.

use std::io::{BufWriter, StdoutLock, Write};

/// Standard output for one command: locked and buffered, so a large document costs a few
/// `write` calls instead of one per line; the command flushes it once at the end.
pub fn stdout() -> Recorded<BufWriter<StdoutLock<'static>>> {
    Recorded::new(BufWriter::with_capacity(
        64 * 1024,
        std::io::stdout().lock(),
    ))
}

/// A writer that remembers its first failure, so a run whose output was cut cannot end in
/// success even where a command ignored one `write!` result.
#[derive(Debug)]
pub struct Recorded<W> {
    inner: W,
    first_error: Option<std::io::Error>,
}

impl<W: Write> Recorded<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            first_error: None,
        }
    }

    /// Flushes, then the first error any write or flush met.
    pub fn finish(&mut self) -> Option<std::io::Error> {
        let _ = self.flush();
        self.first_error.take()
    }

    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            if self.first_error.is_none() {
                self.first_error = Some(std::io::Error::new(e.kind(), e.to_string()));
            }
        }
        r
    }
}

impl<W: Write> Write for Recorded<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}
