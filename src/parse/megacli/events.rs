//! Event log records as `-AdpEventLog -GetEvents -f FILE` writes them: `seqNum:`, `Time:`, a
//! blank line, `Code:`/`Class:`/`Locale:`/`Event Description:`, then `Event Data:` with an
//! underline and key/value lines or `None`.

use super::Understood;
use crate::model::{Document, Event, Warning};
use crate::parse::fields::{leading_i64, leading_u64};
use crate::parse::lex::{self, Line};

pub(crate) fn parse<'a>(lines: impl Iterator<Item = Line<'a>>, doc: &mut Document) -> Understood {
    let mut stream = EventStream::new(lines);
    doc.events.extend(&mut stream);
    doc.warnings.append(&mut stream.warnings);
    stream.understood
}

/// Events parsed one at a time from the lines of an event log, so a caller can write each one
/// out and keep none. Warnings and the count of understood lines accumulate as it goes.
#[derive(Debug)]
pub struct EventStream<'a, I: Iterator<Item = Line<'a>>> {
    lines: I,
    current: Option<Event>,
    in_data: bool,
    /// Lines understood so far.
    pub(crate) understood: Understood,
    /// Diagnostics so far, in line order.
    pub warnings: Vec<Warning>,
}

impl<'a, I: Iterator<Item = Line<'a>>> EventStream<'a, I> {
    /// A stream over `lines`.
    pub fn new(lines: I) -> Self {
        Self {
            lines,
            current: None,
            in_data: false,
            understood: 0,
            warnings: Vec::new(),
        }
    }
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for EventStream<'a, I> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        for line in self.lines.by_ref() {
            let t = line.text.trim();
            if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
                continue;
            }
            let kv = lex::split_kv(t);
            if let Some((k, v)) = kv {
                if lex::key_is(k, "seqnum") {
                    self.in_data = false;
                    let seq = leading_u64(v);
                    if seq.is_none() {
                        self.warnings.push(Warning {
                            file: None,
                            line: line.no,
                            message: format!("seqNum: not a number: {v:?}"),
                        });
                    }
                    self.understood += 1;
                    let next = Event {
                        seq_num: seq.unwrap_or(0),
                        ..Event::default()
                    };
                    if let Some(done) = self.current.replace(next) {
                        return Some(done);
                    }
                    continue;
                }
            }
            let Some(e) = self.current.as_mut() else {
                if !lex::is_prompt_or_command(t) {
                    self.warnings.push(Warning {
                        file: None,
                        line: line.no,
                        message: format!("line before the first event: {t:?}"),
                    });
                }
                continue;
            };
            self.understood += 1;
            if self.in_data {
                match kv {
                    Some((k, v)) => e.data.push((k.to_owned(), v.to_owned())),
                    None if t == "None" => {}
                    None => e.data.push((t.to_owned(), String::new())),
                }
                continue;
            }
            match kv {
                Some((k, v)) if lex::key_is(k, "time") => e.time = Some(v.to_owned()),
                Some((k, v)) if lex::key_is(k, "code") => {
                    e.code = leading_u64(v).and_then(|c| u32::try_from(c).ok())
                }
                Some((k, v)) if lex::key_is(k, "class") => {
                    e.class = leading_i64(v).and_then(|c| i32::try_from(c).ok())
                }
                Some((k, v)) if lex::key_is(k, "locale") => e.locale = Some(v.to_owned()),
                Some((k, v)) if lex::key_is(k, "eventdescription") => e.description = v.to_owned(),
                Some((k, _)) if lex::key_is(k, "eventdata") => self.in_data = true,
                Some((k, _))
                    if lex::key_is(k, "secondssincepoweron")
                        || lex::key_is(k, "timesincepoweron") =>
                {
                    e.time = Some(t.to_owned());
                }
                _ => self.warnings.push(Warning {
                    file: None,
                    line: line.no,
                    message: format!("unrecognised event line: {t:?}"),
                }),
            }
        }
        self.current.take()
    }
}
