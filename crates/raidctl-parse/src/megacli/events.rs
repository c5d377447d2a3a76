//! Event log records as `-AdpEventLog -GetEvents -f FILE` writes them: `seqNum:`, `Time:` (or
//! `Seconds since last reboot:` before the controller's clock was set), a blank line,
//! `Code:`/`Class:`/`Locale:`/`Event Description:`, then `Event Data:` with an underline and
//! key/value lines or `None`.
//!
//! An excerpt may start inside a record (`tail -n 40 events.log`, a paste into a ticket): the
//! lines before the first `seqNum:` are the end of a record whose head was cut off. That
//! record is kept when its description survived (its sequence number is the next record's
//! minus one, the log being sequential) and dropped otherwise, with one warning either way.

use super::Understood;
use crate::fields::{leading_i64, leading_u64};
use crate::lex::{self, Line};
use raidctl_model::{Document, Event, Warning};

/// True for a line that only an event record prints (used by kind detection, which must not
/// mistake an excerpt's `Slot Number: 3` event data for a drive list).
pub(crate) fn is_record_line(t: &str) -> bool {
    t.starts_with("seqNum:")
        || t.starts_with("Event Description:")
        || t.starts_with("Seconds since last reboot:")
}

/// True for the key of the line that starts a record.
#[inline]
fn is_seq_key(key: &str) -> bool {
    lex::key_is(key, "seqnum")
}

/// True when `line` starts a record, as [`EventStream`] reads it: where a log can be cut into
/// pieces that parse the same apart as together.
pub(crate) fn starts_record(line: Line<'_>) -> bool {
    let t = lex::trim(line.text);
    !t.starts_with("====")
        && lex::exit_code(t).is_none()
        && lex::split_kv(t).is_some_and(|(k, _)| is_seq_key(k))
}

/// The record cut off at the start of an excerpt, until the first `seqNum:`.
struct Partial {
    event: Event,
    /// First line of the excerpt's content.
    first_line: usize,
    /// A header field (`Code`, `Class`, `Event Description`...) was seen, so the data lines
    /// before it were not data after all but the end of the header.
    saw_header: bool,
    /// Lines read into it.
    lines: usize,
}

fn warn(doc: &mut Document, line: usize, message: String) {
    doc.warnings.push(Warning {
        file: None,
        line,
        message,
    });
}

/// Applies one header line (`Time`, `Code`...) to an event; false when the line is none.
fn header_line(
    e: &mut Event,
    kv: (&str, &str),
    t: &str,
    no: usize,
    doc: &mut Document,
    pool: &mut Pool,
) -> bool {
    let (k, v) = kv;
    match lex::KeyName::new(k).get() {
        Some(b"time") => e.time = Some(pool.string(v)),
        Some(b"secondssincelastreboot") => match leading_u64(v) {
            Some(n) => e.since_boot_s = Some(n),
            None => warn(
                doc,
                no,
                format!("Seconds since last reboot: not a number: {v:?}"),
            ),
        },
        Some(b"code") => e.code = leading_u64(v).and_then(|c| u32::try_from(c).ok()),
        Some(b"class") => e.class = leading_i64(v).and_then(|c| i32::try_from(c).ok()),
        Some(b"locale") => e.locale = Some(pool.string(v)),
        Some(b"eventdescription") => {
            e.description.clear();
            e.description.push_str(v);
        }
        Some(b"secondssincepoweron" | b"timesincepoweron") => e.time = Some(pool.string(t)),
        _ => return false,
    }
    true
}

/// The strings of events already written, reused for the next ones: a streamed log then
/// allocates for its first events only, not for each of its hundreds of thousands.
#[derive(Debug, Default)]
struct Pool {
    strings: Vec<String>,
    pairs: Vec<(String, String)>,
    data: Vec<Vec<(String, String)>>,
}

impl Pool {
    fn string(&mut self, v: &str) -> String {
        match self.strings.pop() {
            Some(mut s) => {
                s.clear();
                s.push_str(v);
                s
            }
            None => v.to_owned(),
        }
    }

    fn pair(&mut self, k: &str, v: &str) -> (String, String) {
        match self.pairs.pop() {
            Some((mut a, mut b)) => {
                a.clear();
                a.push_str(k);
                b.clear();
                b.push_str(v);
                (a, b)
            }
            None => (k.to_owned(), v.to_owned()),
        }
    }

    /// A new event (reusing a written one's description and data buffers).
    fn event(&mut self, seq_num: u64) -> Event {
        Event {
            seq_num,
            description: self
                .strings
                .pop()
                .map(|mut s| {
                    s.clear();
                    s
                })
                .unwrap_or_default(),
            data: self.data.pop().unwrap_or_default(),
            ..Event::default()
        }
    }

    fn recycle(&mut self, mut e: Event) {
        self.strings.extend(e.time.take());
        self.strings.extend(e.locale.take());
        self.strings.push(std::mem::take(&mut e.description));
        self.pairs.append(&mut e.data);
        self.data.push(e.data);
    }
}

/// Ends the partial record at the first `seqNum` (`next_seq`, `None` at the end of input).
fn finish_partial(p: Partial, next_seq: Option<u64>, doc: &mut Document) {
    if p.event.description.is_empty() {
        warn(
            doc,
            p.first_line,
            format!(
                "the input starts inside an event record: {} line(s) before the first seqNum \
                 are the end of a record whose description was cut off; skipped",
                p.lines
            ),
        );
        return;
    }
    let mut e = p.event;
    let seq = next_seq.and_then(|s| s.checked_sub(1));
    e.seq_num = seq.unwrap_or(0);
    let taken = match seq {
        Some(s) => format!("seqNum taken as 0x{s:08x}, one before the next record's"),
        None => "seqNum unknown (0)".to_owned(),
    };
    warn(
        doc,
        p.first_line,
        format!("the input starts inside an event record (its head was cut off; {taken})"),
    );
    doc.events.push(e);
}

pub(crate) fn parse<'a>(lines: impl Iterator<Item = Line<'a>>, doc: &mut Document) -> Understood {
    let mut stream = EventStream::new(lines);
    doc.events.extend(&mut stream);
    doc.warnings
        .append(std::mem::take(&mut stream.scratch.warnings));
    stream.understood
}

/// Events parsed one at a time from the lines of an event log, so a caller can write each one
/// out and keep none. Warnings and the count of understood lines accumulate as it goes.
pub struct EventStream<'a, I: Iterator<Item = Line<'a>>> {
    lines: I,
    current: Option<Event>,
    partial: Option<Partial>,
    seen_seq: bool,
    in_data: bool,
    /// Lines understood so far.
    pub(crate) understood: Understood,
    /// Events finished but not yet returned (at most two: a cut record and the one before
    /// the next `seqNum`) and the warnings so far.
    scratch: Document,
    done: bool,
    /// The event last lent by [`EventStream::next_ref`].
    lent: Option<Event>,
    pool: Pool,
    _text: std::marker::PhantomData<&'a str>,
}

impl<'a, I: Iterator<Item = Line<'a>>> EventStream<'a, I> {
    /// A stream over `lines`.
    pub fn new(lines: I) -> Self {
        Self {
            lines,
            current: None,
            partial: None,
            seen_seq: false,
            in_data: false,
            understood: 0,
            scratch: Document::default(),
            done: false,
            lent: None,
            pool: Pool::default(),
            _text: std::marker::PhantomData,
        }
    }

    /// A stream over `lines` that start at a `seqNum` line after the first of the log (a
    /// piece of it, see [`crate::EventLog::pieces`]): no record is cut at its start.
    pub(crate) fn continuing(lines: I) -> Self {
        Self {
            seen_seq: true,
            ..Self::new(lines)
        }
    }

    /// The next event, lent until the next call, whose strings are then reused for the one
    /// after: what writing a log without keeping it needs, without an allocation per field.
    pub fn next_ref(&mut self) -> Option<&Event> {
        if let Some(old) = self.lent.take() {
            self.pool.recycle(old);
        }
        self.lent = self.next();
        self.lent.as_ref()
    }

    /// Warnings of the lines read so far, in line order, as `parse` sorts them.
    pub fn warnings(&self) -> raidctl_model::Warnings {
        let mut w = self.scratch.warnings.clone();
        w.sort_by_line();
        w
    }

    fn step(&mut self, line: Line<'a>) {
        let t = lex::trim(line.text);
        if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
            return;
        }
        let kv = lex::split_kv(t);
        if let Some((k, v)) = kv {
            if is_seq_key(k) {
                let seq = leading_u64(v);
                if seq.is_none() {
                    warn(
                        &mut self.scratch,
                        line.no,
                        format!("seqNum: not a number: {v:?}"),
                    );
                }
                if let Some(e) = self.current.take() {
                    self.scratch.events.push(e);
                }
                if let Some(p) = self.partial.take() {
                    finish_partial(p, seq, &mut self.scratch);
                }
                self.seen_seq = true;
                self.in_data = false;
                self.current = Some(self.pool.event(seq.unwrap_or(0)));
                self.understood += 1;
                return;
            }
        }
        if !self.seen_seq && lex::is_prompt_or_command(t) {
            return;
        }
        if !self.seen_seq {
            // Before the first seqNum: the tail of a record cut off at its head.
            let p = self.partial.get_or_insert_with(|| Partial {
                event: Event::default(),
                first_line: line.no,
                saw_header: false,
                lines: 0,
            });
            p.lines += 1;
            match kv {
                Some((k, _)) if lex::key_is(k, "eventdata") => {
                    p.saw_header = true;
                    self.in_data = true;
                    self.understood += 1;
                }
                Some(kv)
                    if !self.in_data
                        && header_line(
                            &mut p.event,
                            kv,
                            t,
                            line.no,
                            &mut self.scratch,
                            &mut self.pool,
                        ) =>
                {
                    p.saw_header = true;
                    self.understood += 1;
                }
                // Unknown lines before any header field are the cut record's event data.
                Some((k, v)) if self.in_data || !p.saw_header => {
                    p.event.data.push((k.to_owned(), v.to_owned()));
                }
                None if t == "None" => {}
                None if self.in_data || !p.saw_header => {
                    p.event.data.push((t.to_owned(), String::new()))
                }
                _ => warn(
                    &mut self.scratch,
                    line.no,
                    format!("unrecognised event line: {t:?}"),
                ),
            }
            return;
        }
        let Some(e) = self.current.as_mut() else {
            return;
        };
        self.understood += 1;
        if self.in_data {
            match kv {
                Some((k, v)) => e.data.push(self.pool.pair(k, v)),
                None if t == "None" => {}
                None => e.data.push(self.pool.pair(t, "")),
            }
            return;
        }
        match kv {
            Some((k, _)) if lex::key_is(k, "eventdata") => self.in_data = true,
            Some(kv) if header_line(e, kv, t, line.no, &mut self.scratch, &mut self.pool) => {}
            _ => warn(
                &mut self.scratch,
                line.no,
                format!("unrecognised event line: {t:?}"),
            ),
        }
    }

    fn finish(&mut self) {
        if let Some(e) = self.current.take() {
            self.scratch.events.push(e);
        }
        if let Some(p) = self.partial.take() {
            if p.saw_header {
                finish_partial(p, None, &mut self.scratch);
            } else {
                // No seqNum and no header field at all: this is not an event log.
                warn(
                    &mut self.scratch,
                    p.first_line,
                    "no event record (seqNum, Event Description) in the input".to_owned(),
                );
            }
        }
    }
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for EventStream<'a, I> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        loop {
            if !self.scratch.events.is_empty() {
                return Some(self.scratch.events.remove(0));
            }
            if self.done {
                return None;
            }
            match self.lines.next() {
                Some(line) => self.step(line),
                None => {
                    self.finish();
                    self.done = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    const TWO: &str = "seqNum: 0x00003a10\nSeconds since last reboot: 34\n\nCode: 0x0000005b\n\
        Class: 0\nLocale: 0x02\nEvent Description: Inserted: PD 03(e0x20/s3)\n\
        Event Data:\n===========\nDevice ID: 3\nEnclosure Index: 32\nSlot Number: 3\n\n\
        seqNum: 0x00003a11\nTime: Sat Aug  1 03:00:00 2015\n\n\
        Code: 0x00000072\nClass: 0\nLocale: 0x02\nEvent Description: State change on PD 03\n\
        Event Data:\n===========\nDevice ID: 3\nEnclosure Index: 32\nSlot Number: 3\n\n";

    fn parse_text(s: &str) -> Document {
        crate::parse(s, None).unwrap()
    }

    #[test]
    fn boot_relative_time_is_kept_apart() {
        let doc = parse_text(TWO);
        assert_eq!(doc.kind, "eventlog");
        assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        assert_eq!(doc.events.len(), 2);
        assert_eq!(
            (doc.events[0].since_boot_s, doc.events[0].time.as_deref()),
            (Some(34), None)
        );
        assert_eq!(
            (doc.events[1].since_boot_s, doc.events[1].time.as_deref()),
            (None, Some("Sat Aug  1 03:00:00 2015"))
        );
    }

    #[test]
    fn excerpt_starting_in_event_data_is_an_event_log() {
        // `tail` cut the first record inside its data: `Slot Number` must not make it a drive list.
        let at = TWO.find("Device ID").unwrap();
        let doc = parse_text(&TWO[at..]);
        assert_eq!(doc.kind, "eventlog");
        assert_eq!(doc.events.len(), 1);
        assert_eq!(doc.events[0].seq_num, 0x3a11);
        assert_eq!(doc.warnings.len(), 1, "{:?}", doc.warnings);
        let at = TWO.find("Class: 0").unwrap();
        let doc = parse_text(&TWO[at..]);
        assert_eq!(doc.events.len(), 2, "{:?}", doc.events);
        assert_eq!(doc.events[0].seq_num, 0x3a10);
        assert_eq!(doc.events[0].description, "Inserted: PD 03(e0x20/s3)");
        assert_eq!(doc.events[0].data.len(), 3);
        assert_eq!(doc.warnings.len(), 1, "{:?}", doc.warnings);
    }

    #[test]
    fn forced_kind_on_other_text_is_an_error() {
        assert!(crate::parse("Slot Number: 3\nfoo\n", Some(Kind::EventLog)).is_err());
    }
}
