//! Checks over the controller's event log: which drive an event names, and damage a rebuild
//! would spread (punctures, medium errors) logged against the other members of a VD.

use super::vd_spans;
use crate::backend::snapshot::Snapshot;
use crate::model::{DriveAddress, Event, LogicalDrive};
use crate::workflow::guards::{self as g, Check, Level};

/// The `[E:S]` a `PD 0b(e0x20/s5)` event description names (enclosure `0xff`: none).
pub fn event_drive(description: &str) -> Option<DriveAddress> {
    let start = description.find("(e0x")? + 4;
    let rest = &description[start..];
    let slash = rest.find("/s")?;
    let enc = u16::from_str_radix(&rest[..slash], 16).ok()?;
    let digits: String = rest[slash + 2..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let slot = digits.parse().ok()?;
    Some(DriveAddress {
        enclosure: (enc != 0xff).then_some(enc),
        slot,
    })
}

/// Whether an event description reports damage a rebuild spreads.
fn is_damage(description: &str) -> bool {
    let d = description.to_ascii_lowercase();
    d.contains("puncturing") || d.contains("unexpected sense") || d.contains("medium error")
}

/// [`g::EVENT_LOG_DAMAGE`]: damage entries naming other members of `ld` since the last completed
/// rebuild of one of its members; [`g::EVENT_LOG_UNREAD`] when there is no log to read.
pub fn event_damage(
    snap: &Snapshot,
    ld: &LogicalDrive,
    except: Option<DriveAddress>,
    events: Result<&[Event], &str>,
) -> Option<Check> {
    let events = match events {
        Ok(e) => e,
        Err(why) => {
            return Some(Check::new(
                Level::Warn,
                g::EVENT_LOG_UNREAD,
                format!(
                    "the controller's event log was not read ({why}): punctures and medium errors on other members are unknown; check it with the vendor tool before going on"
                ),
            ));
        }
    };
    let members: Vec<DriveAddress> = vd_spans(snap, ld)
        .into_iter()
        .flatten()
        .filter_map(|(a, _)| a)
        .filter(|a| Some(*a) != except)
        .collect();
    let names_member =
        |e: &Event| event_drive(&e.description).is_some_and(|a| members.contains(&a));
    let since = events
        .iter()
        .filter(|e| {
            e.description
                .to_ascii_lowercase()
                .contains("rebuild complete")
        })
        .filter(|e| {
            names_member(e) || except.is_some_and(|x| event_drive(&e.description) == Some(x))
        })
        .map(|e| e.seq_num)
        .max()
        .unwrap_or(0);
    let hits: Vec<String> = events
        .iter()
        .filter(|e| e.seq_num > since && is_damage(&e.description) && names_member(e))
        .map(|e| format!("seq {}: {}", e.seq_num, e.description))
        .collect();
    if hits.is_empty() {
        return None;
    }
    let shown: Vec<&String> = hits.iter().rev().take(5).collect();
    Some(Check::new(
        Level::Warn,
        g::EVENT_LOG_DAMAGE,
        format!(
            "the event log shows {} damage entr{} on other members of VD {}{}: a rebuild reading them may puncture the new drive; back up first. {}",
            hits.len(),
            if hits.len() == 1 { "y" } else { "ies" },
            ld.target_id,
            if since > 0 {
                format!(" since the last completed rebuild (seq {since})")
            } else {
                String::new()
            },
            shown
                .iter()
                .rev()
                .map(|s| format!("\"{s}\""))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    ))
}
