//! One-line results of action commands, and the firmware terminal log.

use super::Understood;
use crate::lex::{self, Line};
use raidctl_model::{ActionKind, ActionResult, Document, DriveAddress, Warning};
use regex::Regex;
use std::sync::OnceLock;

/// (pattern, kind, success). Named groups: `a` adapter, `e` enclosure, `s` slot, `st` new
/// state, `ld` logical drive, `arr`/`row` array and row.
const PATTERNS: &[(&str, ActionKindName, bool)] = &[
    (
        r"^(?:Adapter: (?P<a>\d+): )?EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+) state changed to (?P<st>[\w-]+)\.?",
        ActionKindName::StateChanged,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Failed to change PD state at EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+)",
        ActionKindName::StateChangeFailed,
        false,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+) is marked Missing",
        ActionKindName::MarkedMissing,
        true,
    ),
    (
        r"^Undo Prepare for removal Success",
        ActionKindName::UndoPrepareForRemoval,
        true,
    ),
    (
        r"^Prepare for removal Success",
        ActionKindName::PreparedForRemoval,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Device at EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+)\s+-- PD Locate Start Command was successfully sent",
        ActionKindName::LocateStarted,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Device at EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+)\s+-- PD Locate Stop Command was successfully sent",
        ActionKindName::LocateStopped,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Missing PD at Array (?P<arr>\d+), Row (?P<row>\d+) is replaced",
        ActionKindName::ReplacedMissing,
        true,
    ),
    (
        r"^Started rebuild progress on device\(Encl-(?P<e>N/A|\d*) Slot-(?P<s>\d+)\)",
        ActionKindName::RebuildStarted,
        true,
    ),
    (
        r"^Stopped rebuild progress on device\(Encl-(?P<e>N/A|\d*) Slot-(?P<s>\d+)\)",
        ActionKindName::RebuildStopped,
        true,
    ),
    (
        r"^Started copyback progress on device\(Encl-(?P<e>N/A|\d*) Slot-(?P<s>\d+)\)",
        ActionKindName::CopybackStarted,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Set Physical Drive at EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+) as Hot Spare Success",
        ActionKindName::HotspareSet,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Remove Physical Drive at EnclId-(?P<e>N/A|\d*) SlotId-(?P<s>\d+) as Hot Spare Success",
        ActionKindName::HotspareRemoved,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): Created VD (?P<ld>\d+)",
        ActionKindName::VdCreated,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): Configured the Adapter",
        ActionKindName::AdapterConfigured,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): Configure Adapter Failed",
        ActionKindName::ConfigureFailed,
        false,
    ),
    (
        r"^Adapter (?P<a>\d+): Deleted Virtual Drive-(?P<ld>\d+)",
        ActionKindName::VdDeleted,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): (?:Set|AutoRebuild|Auto Rebuild).*(?:success|Success|Enabled|Disabled)\.?$",
        ActionKindName::PropertySet,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): (?:Alarm Status is|Rebuild Rate =|JBOD:|Copyback|Battery Warning|Auto Rebuild)",
        ActionKindName::PropertyValue,
        true,
    ),
    (
        r"^Foreign configuration (?P<ld>\d+) is cleared on controller (?P<a>\d+)",
        ActionKindName::ForeignCleared,
        true,
    ),
    (
        r"^Failed to clear Foreign configuration (?P<ld>\d+) on controller (?P<a>\d+)",
        ActionKindName::ForeignClearFailed,
        false,
    ),
    (
        r"^Foreign configuration (?:(?P<ld>\d+) )?is imported on controller (?P<a>\d+)",
        ActionKindName::ForeignImported,
        true,
    ),
    (
        r"^Virtual Drive\(Target ID (?P<ld>\d+)\): Preserved Cache Data Cleared",
        ActionKindName::PreservedCacheCleared,
        true,
    ),
    (
        r"^Virtual Drive\(Target ID (?P<ld>\d+)\): Missing",
        ActionKindName::PreservedCachePresent,
        true,
    ),
    (
        r"^Stopped copyback progress on device\(Encl-(?P<e>N/A|\d*) Slot-(?P<s>\d+)\)",
        ActionKindName::CopybackStopped,
        true,
    ),
    (
        r"^(?:Adapter: (?P<a>\d+): )?Failed to replace Missing PD at Array (?P<arr>\d+), Row (?P<row>\d+)",
        ActionKindName::ReplaceMissingFailed,
        false,
    ),
    (
        r"^(?:Adapter:? (?P<a>\d+): )?Device at Enclosure - (?P<e>N/A|\d*), Slot - (?P<s>\d+) is not found",
        ActionKindName::DeviceNotFound,
        false,
    ),
    (
        r"^Adapter (?P<a>\d+): Virtual Drive (?P<ld>\d+) does not exist",
        ActionKindName::VdNotFound,
        false,
    ),
    (
        r"^No Virtual Drive has Preserved Cache Data",
        ActionKindName::NoPreservedCache,
        true,
    ),
    (
        r"^Events are written to file",
        ActionKindName::EventsWritten,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): Event Log Cleared",
        ActionKindName::EventLogCleared,
        true,
    ),
    (
        r"^Adapter (?P<a>\d+): BBU Learn Succeeded",
        ActionKindName::BbuLearnStarted,
        true,
    ),
    (
        r"^The specified physical disk does not have the appropriate attributes",
        ActionKindName::WrongAttributes,
        false,
    ),
    (
        r"in a state that doesn't support the requested command",
        ActionKindName::WrongState,
        false,
    ),
    (
        r"^Invalid input at or near token",
        ActionKindName::InvalidInput,
        false,
    ),
];

/// `ActionKind` has a data-carrying arm, so the table names kinds with this plain copy.
#[derive(Clone, Copy)]
enum ActionKindName {
    StateChanged,
    StateChangeFailed,
    MarkedMissing,
    PreparedForRemoval,
    UndoPrepareForRemoval,
    LocateStarted,
    LocateStopped,
    ReplacedMissing,
    RebuildStarted,
    RebuildStopped,
    CopybackStarted,
    HotspareSet,
    HotspareRemoved,
    VdCreated,
    AdapterConfigured,
    ConfigureFailed,
    VdDeleted,
    PropertySet,
    PropertyValue,
    ForeignCleared,
    ForeignClearFailed,
    ForeignImported,
    PreservedCacheCleared,
    PreservedCachePresent,
    WrongAttributes,
    WrongState,
    InvalidInput,
    CopybackStopped,
    ReplaceMissingFailed,
    DeviceNotFound,
    VdNotFound,
    NoPreservedCache,
    EventsWritten,
    EventLogCleared,
    BbuLearnStarted,
}

impl ActionKindName {
    fn kind(self) -> ActionKind {
        match self {
            Self::StateChanged => ActionKind::StateChanged,
            Self::StateChangeFailed => ActionKind::StateChangeFailed,
            Self::MarkedMissing => ActionKind::MarkedMissing,
            Self::PreparedForRemoval => ActionKind::PreparedForRemoval,
            Self::UndoPrepareForRemoval => ActionKind::UndoPrepareForRemoval,
            Self::LocateStarted => ActionKind::LocateStarted,
            Self::LocateStopped => ActionKind::LocateStopped,
            Self::ReplacedMissing => ActionKind::ReplacedMissing,
            Self::RebuildStarted => ActionKind::RebuildStarted,
            Self::RebuildStopped => ActionKind::RebuildStopped,
            Self::CopybackStarted => ActionKind::CopybackStarted,
            Self::HotspareSet => ActionKind::HotspareSet,
            Self::HotspareRemoved => ActionKind::HotspareRemoved,
            Self::VdCreated => ActionKind::VdCreated,
            Self::AdapterConfigured => ActionKind::AdapterConfigured,
            Self::ConfigureFailed => ActionKind::ConfigureFailed,
            Self::VdDeleted => ActionKind::VdDeleted,
            Self::PropertySet => ActionKind::PropertySet,
            Self::PropertyValue => ActionKind::PropertyValue,
            Self::ForeignCleared => ActionKind::ForeignCleared,
            Self::ForeignClearFailed => ActionKind::ForeignClearFailed,
            Self::ForeignImported => ActionKind::ForeignImported,
            Self::PreservedCacheCleared => ActionKind::PreservedCacheCleared,
            Self::PreservedCachePresent => ActionKind::PreservedCachePresent,
            Self::WrongAttributes => ActionKind::WrongAttributes,
            Self::WrongState => ActionKind::WrongState,
            Self::InvalidInput => ActionKind::InvalidInput,
            Self::CopybackStopped => ActionKind::CopybackStopped,
            Self::ReplaceMissingFailed => ActionKind::ReplaceMissingFailed,
            Self::DeviceNotFound => ActionKind::DeviceNotFound,
            Self::VdNotFound => ActionKind::VdNotFound,
            Self::NoPreservedCache => ActionKind::NoPreservedCache,
            Self::EventsWritten => ActionKind::EventsWritten,
            Self::EventLogCleared => ActionKind::EventLogCleared,
            Self::BbuLearnStarted => ActionKind::BbuLearnStarted,
        }
    }
}

fn compiled() -> &'static [(Regex, ActionKindName, bool)] {
    static C: OnceLock<Vec<(Regex, ActionKindName, bool)>> = OnceLock::new();
    C.get_or_init(|| {
        PATTERNS
            .iter()
            .filter_map(|(p, k, ok)| Regex::new(p).ok().map(|r| (r, *k, *ok)))
            .collect()
    })
}

/// True for a line that reports the result of an action.
pub(crate) fn is_action_line(t: &str) -> bool {
    compiled().iter().any(|(r, _, _)| r.is_match(t))
}

/// Parses one action line.
pub fn parse_action_line(t: &str) -> Option<ActionResult> {
    let (re, kind, success) = compiled().iter().find(|(r, _, _)| r.is_match(t))?;
    let c = re.captures(t)?;
    let num = |name: &str| c.name(name).and_then(|m| m.as_str().parse::<u32>().ok());
    let drive = c.name("s").and_then(|s| {
        let slot = s.as_str().parse().ok()?;
        let enclosure = c.name("e").and_then(|e| e.as_str().parse().ok());
        Some(DriveAddress { enclosure, slot })
    });
    Some(ActionResult {
        adapter: num("a"),
        kind: kind.kind(),
        success: *success,
        drive,
        new_state: c.name("st").map(|m| m.as_str().to_owned()),
        logical_drive: num("ld"),
        array_row: num("arr").zip(num("row")),
        message: t.to_owned(),
    })
}

/// Parses action output: one result per recognised line.
pub(crate) fn parse(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        if let Some(r) = parse_action_line(t) {
            doc.actions.push(r);
            understood += 1;
        } else if t == "the requested command."
            || t.starts_with("FW error description")
            || t.starts_with("Adapter #")
        {
            understood += 1;
        } else if !doc.fw_error.as_deref().is_some_and(|e| e.contains(t))
            && !t.contains("The current operation is not allowed")
        {
            doc.warnings.push(Warning {
                file: None,
                line: line.no,
                message: format!("unrecognised action output: {t:?}"),
            });
        }
    }
    understood
}

/// `MM/DD/YY HH:MM:SS: ...` or `T12: ...` lines of the firmware terminal log.
pub(crate) fn is_termlog_line(t: &str) -> bool {
    let b = t.as_bytes();
    let date = b.len() > 18
        && b.get(2) == Some(&b'/')
        && b.get(5) == Some(&b'/')
        && b.iter().take(8).all(|c| c.is_ascii_digit() || *c == b'/');
    let tick = t.starts_with('T')
        && t[1..]
            .split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()));
    date || tick
}

/// The terminal log is free text: keep every non-empty line.
pub(crate) fn parse_termlog(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    for line in lines {
        let t = line.text.trim_end();
        if t.trim().is_empty() || lex::exit_code(t.trim()).is_some() || lex::is_prompt_or_command(t)
        {
            continue;
        }
        if is_termlog_line(t.trim()) {
            understood += 1;
        }
        doc.term_log.push(t.to_owned());
    }
    understood
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_changes() {
        let r =
            parse_action_line("Adapter: 0: EnclId-32 SlotId-1 state changed to OffLine.").unwrap();
        assert_eq!(r.kind, ActionKind::StateChanged);
        assert_eq!(
            (r.adapter, r.drive, r.new_state.as_deref()),
            (Some(0), Some(DriveAddress::new(32, 1)), Some("OffLine"))
        );
        let r = parse_action_line("EnclId-32 SlotId-1 state changed to OnLine.").unwrap();
        assert_eq!(r.adapter, None);
        let r = parse_action_line("Adapter: 0: Failed to change PD state at EnclId-23 SlotId-5.")
            .unwrap();
        assert!(!r.success);
    }

    #[test]
    fn others() {
        let r = parse_action_line("Adapter: 0: Missing PD at Array 2, Row 1 is replaced.").unwrap();
        assert_eq!(r.array_row, Some((2, 1)));
        let r = parse_action_line("Adapter: 0: Device at EnclId-32 SlotId-1  -- PD Locate Start Command was successfully sent to Firmware ").unwrap();
        assert_eq!(r.kind, ActionKind::LocateStarted);
        let r = parse_action_line("Adapter 0: Set rebuild rate to 60% success.").unwrap();
        assert_eq!(r.kind, ActionKind::PropertySet);
        let r = parse_action_line("Adapter 0: Rebuild Rate = 30%").unwrap();
        assert_eq!(r.kind, ActionKind::PropertyValue);
        let r = parse_action_line("Started rebuild progress on device(Encl-14 Slot-5)").unwrap();
        assert_eq!(r.drive, Some(DriveAddress::new(14, 5)));
        let r =
            parse_action_line("Adapter: 0: EnclId-N/A SlotId-4 state changed to JBOD.").unwrap();
        assert_eq!(
            r.drive,
            Some(DriveAddress {
                enclosure: None,
                slot: 4
            })
        );
    }

    #[test]
    fn termlog() {
        assert!(is_termlog_line("11/30/13  6:35:00: empty i2c int 00000000"));
        assert!(is_termlog_line("T12: foo"));
        assert!(!is_termlog_line("Adapter #0"));
    }
}
