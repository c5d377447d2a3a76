//! JSON for programs: serde_json's pretty layout (two-space indent), byte for byte, written
//! through a local buffer.
//!
//! `serde_json::to_writer_pretty` into a `&mut dyn Write` makes one virtual `write_all` per
//! token and one per indentation level; on a 50 MB event log that was most of the time spent
//! writing. Here serde_json writes into a `Vec` (inlined appends), the indentation is one
//! append, and the buffer goes to the real writer in large chunks.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Bytes collected before they are handed to the real writer.
const CHUNK: usize = 64 * 1024;

/// Writes `value` as `serde_json::to_writer_pretty` does (no trailing newline).
///
/// # Errors
/// I/O errors from `out`; serialization errors (a map with non-string keys) as
/// [`io::ErrorKind::InvalidData`].
pub fn write_pretty<T: Serialize + ?Sized>(out: &mut dyn Write, value: &T) -> io::Result<()> {
    let mut w = Chunked {
        buf: Vec::with_capacity(CHUNK + 4096),
        out,
    };
    let mut ser = serde_json::Serializer::with_formatter(&mut w, Pretty::default());
    value.serialize(&mut ser).map_err(io::Error::from)?;
    w.drain()
}

/// Appends `value` as [`write_pretty`] writes it nested `depth` levels deep (its inner
/// lines indented for that depth, its first line not).
///
/// # Errors
/// Serialization errors (a map with non-string keys) as [`io::ErrorKind::InvalidData`].
pub fn append_pretty<T: Serialize + ?Sized>(
    buf: &mut Vec<u8>,
    value: &T,
    depth: usize,
) -> io::Result<()> {
    let pretty = Pretty {
        depth,
        has_value: false,
    };
    let mut ser = serde_json::Serializer::with_formatter(buf, pretty);
    value.serialize(&mut ser).map_err(io::Error::from)
}

/// Appends `value` as an element, not the first, of an array whose elements are `depth`
/// levels deep: the comma, the newline and indentation, then the value.
///
/// # Errors
/// As [`append_pretty`].
pub fn append_element<T: Serialize + ?Sized>(
    buf: &mut Vec<u8>,
    value: &T,
    depth: usize,
) -> io::Result<()> {
    buf.push(b',');
    Pretty {
        depth,
        has_value: false,
    }
    .newline(buf)?;
    append_pretty(buf, value, depth)
}

/// A JSON object written a field at a time, in [`write_pretty`]'s layout at the top level:
/// what a document whose arrays come from a stream is written with.
pub struct Object<'a> {
    out: &'a mut dyn Write,
    first: bool,
    buf: Vec<u8>,
}

impl<'a> Object<'a> {
    /// Opens the object.
    ///
    /// # Errors
    /// I/O errors from `out`.
    pub fn new(out: &'a mut dyn Write) -> io::Result<Self> {
        out.write_all(b"{")?;
        Ok(Self {
            out,
            first: true,
            buf: Vec::new(),
        })
    }

    /// Writes the key `name` (letters, digits and `_`: nothing to escape) and returns the
    /// writer its value goes to, at depth 1.
    ///
    /// # Errors
    /// I/O errors from the writer.
    pub fn key(&mut self, name: &str) -> io::Result<&mut (dyn Write + 'a)> {
        let comma: &[u8] = if std::mem::take(&mut self.first) {
            b""
        } else {
            b","
        };
        self.out.write_all(comma)?;
        self.out.write_all(b"\n  \"")?;
        self.out.write_all(name.as_bytes())?;
        self.out.write_all(b"\": ")?;
        Ok(&mut *self.out)
    }

    /// Writes one field.
    ///
    /// # Errors
    /// I/O and serialization errors.
    pub fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        append_pretty(&mut buf, value, 1)?;
        self.key(name)?.write_all(&buf)?;
        self.buf = buf;
        Ok(())
    }

    /// Closes the object (no trailing newline, as [`write_pretty`]).
    ///
    /// # Errors
    /// I/O errors from the writer.
    pub fn end(self) -> io::Result<()> {
        let end: &[u8] = if self.first { b"}" } else { b"\n}" };
        self.out.write_all(end)
    }
}

/// A `Vec` in front of a writer: serde_json's many small writes become appends.
struct Chunked<'a> {
    buf: Vec<u8>,
    out: &'a mut dyn Write,
}

impl Chunked<'_> {
    fn drain(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Write for Chunked<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CHUNK {
            self.drain()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.drain()
    }
}

/// A newline and the indentation of the deepest level written in one append.
const NEWLINE_INDENT: [u8; 129] = {
    let mut bytes = [b' '; 129];
    bytes[0] = b'\n';
    bytes
};

/// serde_json's `PrettyFormatter` with two spaces, writing each newline and its indentation
/// in one append instead of one per level (the same bytes).
#[derive(Default)]
struct Pretty {
    depth: usize,
    has_value: bool,
}

impl Pretty {
    #[inline]
    fn newline<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        let n = 1 + 2 * self.depth;
        match NEWLINE_INDENT.get(..n) {
            Some(s) => w.write_all(s),
            None => {
                w.write_all(b"\n")?;
                for _ in 0..self.depth {
                    w.write_all(b"  ")?;
                }
                Ok(())
            }
        }
    }

    /// Opens an array or object (`[` or `{`) one level deeper.
    #[inline]
    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    /// Closes an array or object, on a line of its own when it held anything.
    #[inline]
    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.newline(w)?;
        }
        w.write_all(bracket)
    }

    /// Starts an element or a key on a new line, after a comma unless it is the first.
    #[inline]
    fn item<W: ?Sized + Write>(&self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.newline(w)
    }
}

impl Formatter for Pretty {
    #[inline]
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    #[inline]
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    #[inline]
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    #[inline]
    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    #[inline]
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    #[inline]
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    #[inline]
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    #[inline]
    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty<T: Serialize>(v: &T) -> String {
        let mut out = Vec::new();
        write_pretty(&mut out, v).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The same bytes as serde_json's own pretty printer, nesting deeper than the one-append
    /// indentation and documents larger than one chunk included.
    #[test]
    fn same_bytes_as_serde_json_pretty() {
        let mut deep = serde_json::json!("leaf");
        for i in 0..70 {
            deep = if i % 2 == 0 {
                serde_json::json!([deep, i, {}, []])
            } else {
                serde_json::json!({ "k": deep, "e": [], "s": "a\"b\\c\u{1}\n日本" })
            };
        }
        assert_eq!(pretty(&deep), serde_json::to_string_pretty(&deep).unwrap());
        let big: Vec<serde_json::Value> = (0..20_000)
            .map(|i| serde_json::json!({ "n": i, "v": [null, true, 1.5, "x"] }))
            .collect();
        assert_eq!(pretty(&big), serde_json::to_string_pretty(&big).unwrap());
        for doc in [
            crate::model::Document::new("empty"),
            crate::model::Document::default(),
        ] {
            assert_eq!(pretty(&doc), serde_json::to_string_pretty(&doc).unwrap());
        }
    }
}
