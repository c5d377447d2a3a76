//! MegaCli text parsers, one module per family of commands, and kind detection.

mod action;
mod adapter;
mod bbu;
mod config;
mod enclosure;
pub(crate) mod events;
pub(crate) mod inventory;
mod misc;

pub use inventory::split_inquiry;
mod progress;
mod summary;

use super::lex::{self, Line};
use super::{Kind, ParseError, first_content_line};
use raidctl_model::{Document, Warning};

/// Result of one command parser: how many lines it understood.
pub(crate) type Understood = usize;

/// Guesses the command kind from the first decisive line.
pub fn detect(input: &str) -> Option<Kind> {
    // An event log excerpt can start inside a record, where event data such as
    // `Slot Number: 3` would otherwise read as a drive list: look for a record line first.
    if lex::lines(input)
        .take(400)
        .any(|l| events::is_record_line(l.text.trim_start()))
    {
        return Some(Kind::EventLog);
    }
    let mut saw_adapter_header = false;
    let mut saw_exit_code = false;
    for line in lex::lines(input).take(400) {
        let t = line.text.trim();
        if t.is_empty() || lex::is_prompt_or_command(t) {
            continue;
        }
        if lex::exit_code(t).is_some() {
            saw_exit_code = true;
            continue;
        }
        if t.starts_with("Adapter #") {
            saw_adapter_header = true;
            continue;
        }
        if let Some(kind) = detect_line(t, input, saw_adapter_header) {
            return Some(kind);
        }
    }
    let content = lex::lines(input).any(|l| {
        let t = l.text.trim();
        !t.is_empty() && lex::exit_code(t).is_none() && !lex::is_prompt_or_command(t)
    });
    let only_headers = lex::lines(input).all(|l| {
        let t = l.text.trim();
        t.is_empty() || lex::exit_code(t).is_some() || t.starts_with("Adapter #")
    });
    if saw_adapter_header && only_headers {
        // `Adapter #0` and nothing else: what -DiscardPreservedCache prints with nothing pinned.
        return Some(Kind::Action);
    }
    (saw_exit_code && !content).then_some(Kind::Empty)
}

fn detect_line(t: &str, input: &str, saw_adapter_header: bool) -> Option<Kind> {
    let lower = t.to_ascii_lowercase();
    let kind = if t.starts_with("Newest seqNum") || t.starts_with("Oldest seqNum") {
        Kind::EventLogInfo
    } else if t.starts_with("Phy No:") {
        Kind::PhyErrorCounters
    } else if t.starts_with("Date:") && input.contains("Time:") {
        Kind::AdpGetTime
    } else if t.starts_with("Controller Count:") {
        Kind::AdpCount
    } else if t.starts_with("PCI information for Controller") {
        Kind::AdpGetPciInfo
    } else if t.starts_with("Number of enclosures on adapter") {
        Kind::EncInfo
    } else if lower.contains("raid management tool") && lower.contains("ver") {
        Kind::Version
    } else if t == "System" || t == "Hardware" {
        Kind::ShowSummary
    } else if lower.starts_with("foreign configuration") && t.ends_with(':') {
        // -Dsply and -Preview print the same layout; only an echoed command tells them apart.
        if input.contains("-Preview") || input.contains("-preview") {
            Kind::ForeignPreview
        } else {
            Kind::ForeignDsply
        }
    } else if lower.starts_with("foreign configuration") && lower.contains("imported") {
        Kind::ForeignImport
    } else if lower.contains("foreign configuration(s) on controller")
        || lower.contains("no foreign configuration on controller")
    {
        Kind::ForeignScan
    } else if lower.contains("is cleared on controller")
        || lower.starts_with("failed to clear foreign")
    {
        Kind::ForeignClear
    } else if lower.contains("foreign") && lower.contains("import") {
        Kind::ForeignImport
    } else if t.starts_with("Number of DISK GROUP")
        || t.starts_with("DISK GROUP")
        || (t.starts_with("Adapter:") && input.contains("DISK GROUP"))
    {
        Kind::CfgDsply
    } else if lower.contains("missing physical drives") || lower.contains("no missing drive") {
        Kind::PdGetMissing
    } else if progress::is_progress_line(t) {
        Kind::Progress
    } else if t.starts_with("BBU status for Adapter")
        || t.starts_with("BatteryType")
        || t.contains("Get BBU Status Failed")
        || t.starts_with("BBU Capacity Info")
    {
        if input.contains("BBU Capacity Info") || input.contains("BBU Design Info") {
            Kind::Bbu
        } else {
            Kind::BbuStatus
        }
    } else if t.starts_with("Number of Virtual Disks")
        || (t.starts_with("PD:") && t.ends_with("Information"))
    {
        Kind::LdPdInfo
    } else if t.contains("Virtual Drive Information")
        || t.contains("Virtual Disk Information")
        || t.contains("No Virtual Drive Configured")
        || t.starts_with("Virtual Drive:")
        || t.starts_with("Virtual Disk:")
    {
        Kind::LdInfo
    } else if t.starts_with("Enclosure Device ID") || t.starts_with("Slot Number") {
        if saw_adapter_header {
            Kind::PdList
        } else {
            Kind::PdInfo
        }
    } else if t == "Versions" || t.starts_with("Product Name") {
        Kind::AdpAllInfo
    } else if action::is_termlog_line(t) {
        Kind::FwTermLog
    } else if action::is_action_line(t) {
        Kind::Action
    } else {
        return None;
    };
    Some(kind)
}

/// Parses `input` as the output of `kind`.
pub(crate) fn parse_kind(input: &str, kind: Kind) -> Result<Document, ParseError> {
    let mut doc = Document::new(kind.name());
    let understood = match kind {
        // The large outputs stream their lines instead of collecting them: a `Line` per
        // 20-byte event line would double the memory a 50 MB event log needs.
        Kind::PdList | Kind::PdInfo | Kind::LdInfo | Kind::LdPdInfo | Kind::CfgDsply => {
            doc.physical_drives
                .reserve(input.matches("Slot Number").count());
            inventory::parse(lex::lines(input), kind, &mut doc)
        }
        Kind::EventLog => {
            doc.events.reserve(input.matches("seqNum").count());
            events::parse(lex::lines(input), &mut doc)
        }
        _ => {
            let lines: Vec<Line<'_>> = lex::lines(input).collect();
            match kind {
                Kind::ForeignDsply | Kind::ForeignPreview => {
                    config::parse_foreign_dsply(&lines, &mut doc)
                }
                Kind::AdpAllInfo => adapter::parse_all_info(&lines, &mut doc),
                Kind::AdpCount => adapter::parse_count(&lines, &mut doc),
                Kind::AdpGetPciInfo => adapter::parse_pci_info(&lines, &mut doc),
                Kind::Version => adapter::parse_version(&lines, &mut doc),
                Kind::ShowSummary => summary::parse(&lines, &mut doc),
                Kind::EncInfo => enclosure::parse(&lines, &mut doc),
                Kind::Bbu | Kind::BbuStatus => bbu::parse(&lines, &mut doc),
                Kind::ForeignScan | Kind::ForeignClear | Kind::ForeignImport => {
                    config::parse_foreign_result(&lines, &mut doc)
                }
                Kind::PdGetMissing => config::parse_missing(&lines, &mut doc),
                Kind::Progress => progress::parse(&lines, &mut doc),
                Kind::FwTermLog => action::parse_termlog(&lines, &mut doc),
                Kind::Action => action::parse(&lines, &mut doc),
                Kind::EventLogInfo => misc::parse_event_log_info(&lines, &mut doc),
                Kind::PhyErrorCounters => misc::parse_phy_errors(&lines, &mut doc),
                Kind::AdpGetTime => misc::parse_time(&lines, &mut doc),
                _ => 0,
            }
        }
    };
    let trailer = trailer(input, &mut doc);
    if doc
        .fw_error
        .as_deref()
        .is_some_and(|e| e.contains("not present"))
    {
        // `Get BBU Status Failed` + "required hardware component is not present": no battery.
        for b in doc.bbus.iter_mut().filter(|b| b.status_failed) {
            b.state = raidctl_model::BatteryState::Missing;
        }
    }
    if understood == 0 && kind != Kind::Empty {
        let content = lex::lines(input).any(|l| {
            let t = l.text.trim();
            !t.is_empty() && lex::exit_code(t).is_none() && !lex::is_prompt_or_command(t)
        });
        if content || !trailer {
            return Err(ParseError {
                line: first_content_line(input),
                message: format!("nothing in the input is {} output", kind.name()),
            });
        }
    }
    if kind == Kind::Empty || (understood == 0 && trailer) {
        doc.warnings.push(Warning {
            file: None,
            line: first_content_line(input),
            message: "the output holds nothing but the Exit Code trailer (MegaCli prints this \
                      when it cannot reach the controller, e.g. without root)"
                .to_owned(),
        });
    }
    doc.warnings.sort_by_key(|w| w.line);
    Ok(doc)
}

/// The trailer facts of an event log (kind, exit code, firmware error) and whether it has at
/// least one event; the events themselves are left to [`events::EventStream`].
pub(crate) fn event_log_header(input: &str) -> Option<Document> {
    events::EventStream::new(lex::lines(input)).next()?;
    let mut doc = Document::new(Kind::EventLog.name());
    trailer(input, &mut doc);
    Some(doc)
}

/// The trailer facts of a `-PDList` or `-PDInfo` that can be streamed (see
/// [`inventory::DriveStream`]): at least one drive and no VD record, so that the document
/// [`parse_kind`] builds is exactly these facts, the drives and their warnings.
pub(crate) fn drive_list_header(input: &str, kind: Kind) -> Option<Document> {
    if !matches!(kind, Kind::PdList | Kind::PdInfo) || inventory::holds_vd_record(input) {
        return None;
    }
    inventory::DriveStream::new(lex::lines(input), kind).next()?;
    let mut doc = Document::new(kind.name());
    trailer(input, &mut doc);
    Some(doc)
}

/// Reads the last `Exit Code` trailer and the first `FW error description:` block. Returns
/// whether a trailer was found. Searches the text rather than walking every line, because the
/// trailer sits at the end of outputs that can be tens of megabytes.
fn trailer(input: &str, doc: &mut Document) -> bool {
    let mut found = false;
    // The last one, found by a forward search: memchr's reverse search has no vectorised
    // prefilter, and a log written with `-f FILE` has no trailer to stop it early.
    if let Some(at) = memchr::memmem::find_iter(input.as_bytes(), b"Exit Code:").last() {
        let line = input[at..].lines().next().unwrap_or("");
        if let Some(code) = lex::exit_code(line) {
            doc.exit_code = Some(code);
            found = true;
        }
    }
    if let Some(at) = memchr::memmem::find(input.as_bytes(), b"FW error description") {
        let mut text = String::new();
        for (i, l) in lex::lines(&input[at..]).enumerate() {
            let t = l.text.trim();
            let t = if i == 0 {
                t.split_once(':').map_or("", |(_, v)| v.trim())
            } else {
                t
            };
            if i > 0 && (t.is_empty() || lex::exit_code(t).is_some()) {
                break;
            }
            if !t.is_empty() {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(t);
            }
        }
        doc.fw_error = Some(text);
    }
    found
}

/// Reads the adapter number out of the headers MegaCli uses: `Adapter #0`,
/// `Adapter 0 -- Virtual Drive Information:`, `Adapter: 0`, `BBU status for Adapter: 0`,
/// `Number of enclosures on adapter 0 -- 1`, `Adapter 0 - Missing Physical drives`.
pub(crate) fn adapter_header(t: &str) -> Option<u32> {
    let rest = if let Some(r) = t.strip_prefix("Adapter #") {
        r
    } else if let Some(r) = t.strip_prefix("Adapter: ") {
        if r.contains(':') {
            return None; // `Adapter: 0: EnclId-...` is an action line
        }
        r
    } else if let Some(r) = t.strip_prefix("Adapter ") {
        if !(r.contains("--") || r.contains(" - ")) {
            return None;
        }
        r
    } else if let Some(r) = t.strip_prefix("BBU status for Adapter:") {
        r.trim_start()
    } else {
        t.strip_prefix("Number of enclosures on adapter ")?
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adapter_headers() {
        assert_eq!(adapter_header("Adapter #1"), Some(1));
        assert_eq!(
            adapter_header("Adapter 2 -- Virtual Drive Information:"),
            Some(2)
        );
        assert_eq!(adapter_header("Adapter: 0"), Some(0));
        assert_eq!(
            adapter_header("Adapter: 0: EnclId-32 SlotId-1 state changed to OffLine."),
            None
        );
        assert_eq!(adapter_header("BBU status for Adapter: 3"), Some(3));
        assert_eq!(
            adapter_header("Adapter 0 - Missing Physical drives"),
            Some(0)
        );
        assert_eq!(
            adapter_header("Adapter 0: Set alarm to Silenced success."),
            None
        );
    }

    #[test]
    fn detects_only_trailer_as_empty() {
        assert_eq!(
            detect("\r                                     \n\nExit Code: 0x00\n"),
            Some(Kind::Empty)
        );
        assert_eq!(detect("\u{fffd}\u{fffd}garbage"), None);
    }
}
