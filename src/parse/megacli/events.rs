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
use crate::model::{Document, Event, Warning};
use crate::parse::fields::{leading_i64, leading_u64};
use crate::parse::lex::{self, Line};

/// True for a line that only an event record prints (used by kind detection, which must not
/// mistake an excerpt's `Slot Number: 3` event data for a drive list).
pub(crate) fn is_record_line(t: &str) -> bool {
    t.starts_with("seqNum:")
        || t.starts_with("Event Description:")
        || t.starts_with("Seconds since last reboot:")
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
fn header_line(e: &mut Event, k: &str, v: &str, t: &str, no: usize, doc: &mut Document) -> bool {
    if lex::key_is(k, "time") {
        e.time = Some(v.to_owned());
    } else if lex::key_is(k, "secondssincelastreboot") {
        match leading_u64(v) {
            Some(n) => e.since_boot_s = Some(n),
            None => warn(
                doc,
                no,
                format!("Seconds since last reboot: not a number: {v:?}"),
            ),
        }
    } else if lex::key_is(k, "code") {
        e.code = leading_u64(v).and_then(|c| u32::try_from(c).ok());
    } else if lex::key_is(k, "class") {
        e.class = leading_i64(v).and_then(|c| i32::try_from(c).ok());
    } else if lex::key_is(k, "locale") {
        e.locale = Some(v.to_owned());
    } else if lex::key_is(k, "eventdescription") {
        e.description = v.to_owned();
    } else if lex::key_is(k, "secondssincepoweron") || lex::key_is(k, "timesincepoweron") {
        e.time = Some(t.to_owned());
    } else {
        return false;
    }
    true
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

pub(crate) fn parse<'a>(
    lines: impl IntoIterator<Item = Line<'a>>,
    doc: &mut Document,
) -> Understood {
    let mut understood = 0;
    let mut current: Option<Event> = None;
    let mut partial: Option<Partial> = None;
    let mut seen_seq = false;
    let mut in_data = false;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
            continue;
        }
        let kv = lex::split_kv(t);
        if let Some((k, v)) = kv {
            if lex::key_is(k, "seqnum") {
                let seq = leading_u64(v);
                if seq.is_none() {
                    warn(doc, line.no, format!("seqNum: not a number: {v:?}"));
                }
                if let Some(e) = current.take() {
                    doc.events.push(e);
                }
                if let Some(p) = partial.take() {
                    finish_partial(p, seq, doc);
                }
                seen_seq = true;
                in_data = false;
                current = Some(Event {
                    seq_num: seq.unwrap_or(0),
                    ..Event::default()
                });
                understood += 1;
                continue;
            }
        }
        if !seen_seq && lex::is_prompt_or_command(t) {
            continue;
        }
        if !seen_seq {
            // Before the first seqNum: the tail of a record cut off at its head.
            let p = partial.get_or_insert_with(|| Partial {
                event: Event::default(),
                first_line: line.no,
                saw_header: false,
                lines: 0,
            });
            p.lines += 1;
            match kv {
                Some((k, _)) if lex::key_is(k, "eventdata") => {
                    p.saw_header = true;
                    in_data = true;
                    understood += 1;
                }
                Some((k, v)) if !in_data && header_line(&mut p.event, k, v, t, line.no, doc) => {
                    p.saw_header = true;
                    understood += 1;
                }
                // Unknown lines before any header field are the cut record's event data.
                Some((k, v)) if in_data || !p.saw_header => {
                    p.event.data.push((k.to_owned(), v.to_owned()));
                }
                None if t == "None" => {}
                None if in_data || !p.saw_header => {
                    p.event.data.push((t.to_owned(), String::new()))
                }
                _ => warn(doc, line.no, format!("unrecognised event line: {t:?}")),
            }
            continue;
        }
        let Some(e) = current.as_mut() else {
            continue;
        };
        understood += 1;
        if in_data {
            match kv {
                Some((k, v)) => e.data.push((k.to_owned(), v.to_owned())),
                None if t == "None" => {}
                None => e.data.push((t.to_owned(), String::new())),
            }
            continue;
        }
        match kv {
            Some((k, _)) if lex::key_is(k, "eventdata") => in_data = true,
            Some((k, v)) if header_line(e, k, v, t, line.no, doc) => {}
            _ => warn(doc, line.no, format!("unrecognised event line: {t:?}")),
        }
    }
    if let Some(e) = current {
        doc.events.push(e);
    }
    if let Some(p) = partial {
        if p.saw_header {
            finish_partial(p, None, doc);
        } else {
            // No seqNum and no header field at all: this is not an event log.
            warn(
                doc,
                p.first_line,
                "no event record (seqNum, Event Description) in the input".to_owned(),
            );
        }
    }
    understood
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Kind;

    const TWO: &str = "seqNum: 0x00003a10\nSeconds since last reboot: 34\n\nCode: 0x0000005b\n\
        Class: 0\nLocale: 0x02\nEvent Description: Inserted: PD 03(e0x20/s3)\n\
        Event Data:\n===========\nDevice ID: 3\nEnclosure Index: 32\nSlot Number: 3\n\n\
        seqNum: 0x00003a11\nTime: Sat Aug  1 03:00:00 2015\n\n\
        Code: 0x00000072\nClass: 0\nLocale: 0x02\nEvent Description: State change on PD 03\n\
        Event Data:\n===========\nDevice ID: 3\nEnclosure Index: 32\nSlot Number: 3\n\n";

    fn parse_text(s: &str) -> Document {
        crate::parse::parse(s, None).unwrap()
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
        assert!(crate::parse::parse("Slot Number: 3\nfoo\n", Some(Kind::EventLog)).is_err());
    }
}
