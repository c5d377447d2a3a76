//! Event log records as `-AdpEventLog -GetEvents -f FILE` writes them: `seqNum:`, `Time:`, a
//! blank line, `Code:`/`Class:`/`Locale:`/`Event Description:`, then `Event Data:` with an
//! underline and key/value lines or `None`.

use super::Understood;
use crate::model::{Document, Event, Warning};
use crate::parse::fields::{leading_i64, leading_u64};
use crate::parse::lex::{self, Line};

pub(crate) fn parse<'a>(
    lines: impl IntoIterator<Item = Line<'a>>,
    doc: &mut Document,
) -> Understood {
    let mut understood = 0;
    let mut current: Option<Event> = None;
    let mut in_data = false;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || t.starts_with("====") || lex::exit_code(t).is_some() {
            continue;
        }
        let kv = lex::split_kv(t);
        if let Some((k, v)) = kv {
            if lex::key_is(k, "seqnum") {
                if let Some(e) = current.take() {
                    doc.events.push(e);
                }
                in_data = false;
                let seq = leading_u64(v);
                if seq.is_none() {
                    doc.warnings.push(Warning {
                        file: None,
                        line: line.no,
                        message: format!("seqNum: not a number: {v:?}"),
                    });
                }
                current = Some(Event {
                    seq_num: seq.unwrap_or(0),
                    ..Event::default()
                });
                understood += 1;
                continue;
            }
        }
        let Some(e) = current.as_mut() else {
            if !lex::is_prompt_or_command(t) {
                doc.warnings.push(Warning {
                    file: None,
                    line: line.no,
                    message: format!("line before the first event: {t:?}"),
                });
            }
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
            Some((k, v)) if lex::key_is(k, "time") => e.time = Some(v.to_owned()),
            Some((k, v)) if lex::key_is(k, "code") => {
                e.code = leading_u64(v).and_then(|c| u32::try_from(c).ok())
            }
            Some((k, v)) if lex::key_is(k, "class") => {
                e.class = leading_i64(v).and_then(|c| i32::try_from(c).ok())
            }
            Some((k, v)) if lex::key_is(k, "locale") => e.locale = Some(v.to_owned()),
            Some((k, v)) if lex::key_is(k, "eventdescription") => e.description = v.to_owned(),
            Some((k, _)) if lex::key_is(k, "eventdata") => in_data = true,
            Some((k, _))
                if lex::key_is(k, "secondssincepoweron") || lex::key_is(k, "timesincepoweron") =>
            {
                e.time = Some(t.to_owned());
            }
            _ => doc.warnings.push(Warning {
                file: None,
                line: line.no,
                message: format!("unrecognised event line: {t:?}"),
            }),
        }
    }
    if let Some(e) = current {
        doc.events.push(e);
    }
    understood
}
