//! Every simulated text that was **not** found verbatim in a real MegaCli capture.
//!
//! These are guesses (the reference file, section 2.2 and 4, marks them "not found verbatim" or
//! "inferred"). They live in this one table so they can be corrected when a real capture
//! appears, and so tests can tell them apart from verified strings. Templates use `{a}`
//! (adapter), `{e}` (enclosure or `N/A`), `{s}` (slot), `{n}` (a number), `{x}` (a word or
//! file name) and `{v}` (a value) placeholders; [`fill`] substitutes them.
//!
//! Texts used by the simulator that *are* verified (captured) are written inline in the
//! renderers and actions, never here.

/// `-PDHSP -Rmv` success (Striker tests `/as Hot Spare Success/`; exact line unseen).
pub const HSP_REMOVED: &str =
    "Adapter: {a}: Remove Physical Drive at EnclId-{e} SlotId-{s} as Hot Spare Success.";
/// `-CfgForeign -Import` success.
pub const FOREIGN_IMPORTED: &str = "Foreign configuration {n} is imported on controller {a}.";
/// `-PDRbld -Stop` success.
pub const REBUILD_STOPPED: &str = "Stopped rebuild progress on device(Encl-{e} Slot-{s})";
/// `-PDCpyBk -Start` success.
pub const COPYBACK_STARTED: &str = "Started copyback progress on device(Encl-{e} Slot-{s})";
/// `-PDCpyBk -Stop` success.
pub const COPYBACK_STOPPED: &str = "Stopped copyback progress on device(Encl-{e} Slot-{s})";
/// `-AdpSetProp AlarmEnbl` success (pattern of the captured `Silenced`/`Disabled` lines).
pub const ALARM_ENABLED: &str = "Adapter {a}: Set alarm to Enabled success.";
/// `-AdpSetProp BatWarnDsbl` success; `{v}` is `Enabled` or `Disabled`.
pub const BATTERY_WARNING_SET: &str = "Adapter {a}: Set Battery Warning to {v} success.";
/// `-AdpAutoRbld -Enbl|-Dsbl` success.
pub const AUTO_REBUILD_SET: &str = "Adapter {a}: Set Auto Rebuild to {v} success.";
/// `-AdpAutoRbld -Dsply`.
pub const AUTO_REBUILD_VALUE: &str = "Adapter {a}: Auto Rebuild is {v}.";
/// `-AdpSetProp CopyBackDsbl` success.
pub const COPYBACK_SET: &str = "Adapter {a}: Set Copyback to {v} success.";
/// `-AdpGetProp CopyBackDsbl`.
pub const COPYBACK_VALUE: &str = "Adapter {a}: Copyback is {v}";
/// `-AdpGetProp BatWarnDsbl`.
pub const BATTERY_WARNING_VALUE: &str = "Adapter {a}: Battery Warning is {v}";
/// Other `-AdpSetProp` properties (`EnableJBOD`, `MaintainPdFailHistoryEnbl`,
/// `RstrHotSpareOnInsert`); `{x}` is the property name.
pub const PROPERTY_SET: &str = "Adapter {a}: Set {x} to {v} success.";
/// `-PdGetMissing` with nothing missing (only `- No Missing Drive is Found.` was seen).
pub const NO_MISSING: &str = "Adapter {a} - No Missing Drive is Found.";
/// `-PDCpyBk -ShowProg` on a drive without copyback.
pub const NOT_IN_COPYBACK: &str = "Device(Encl-{e} Slot-{s}) is not in copyback process";
/// Header of each `-CfgForeign -Dsply/-Preview` block (the raw format was never captured;
/// the block is followed by `-CfgDsply`-shaped text).
pub const FOREIGN_DSPLY_HEADER: &str = "Foreign configuration {n}:";
/// `-PdMarkMissing`/`-PdPrpRmv` refusal: only the fragment
/// `in a state that doesn't support the requested command` was seen.
pub const WRONG_STATE: &str = "Adapter: {a}: Device at EnclId-{e} SlotId-{s} is in a state that doesn't support the requested command.";
/// Exit status used with [`WRONG_STATE`] (MFI_STAT_WRONG_STATE).
pub const WRONG_STATE_CODE: u32 = 0x32;
/// Generic refusal of a drive command whose failure text was never captured (rebuild start,
/// hot-spare set/remove, replace-missing with a wrong drive state): the captured
/// `-PDOffline`/`-PDMakeGood` failure line is reused.
pub const PD_COMMAND_FAILED: &str =
    "Adapter: {a}: Failed to change PD state at EnclId-{e} SlotId-{s}.";
/// `-PdReplaceMissing` refusals with a specific MFI status (0x09, 0x0a, 0x0d, 0x28): the text
/// is unseen; the status is the firmware's.
pub const REPLACE_MISSING_FAILED: &str =
    "Adapter: {a}: Failed to replace Missing PD at Array {n}, Row {v}.";
/// A drive address that names no drive.
pub const DEVICE_NOT_FOUND: &str =
    "Adapter {a}: Device at Enclosure - {e}, Slot - {s} is not found.";
/// A logical drive number that names no VD.
pub const LD_NOT_FOUND: &str = "Adapter {a}: Virtual Drive {n} does not exist.";
/// `-AdpSetProp AlarmSilence` etc. on a controller without a buzzer (0x22, inferred mapping).
pub const ALARM_ABSENT: &str = "Adapter {a}: Alarm is not present.";
/// `-AdpBbuCmd` without a battery (`Get BBU Status Failed.` is captured for the status form).
pub const BBU_INFO_FAILED: &str = "Adapter {a}: Get BBU Info Failed.";
/// `-GetPreservedCacheList` with nothing pinned.
pub const NO_PRESERVED_CACHE: &str = "No Virtual Drive has Preserved Cache Data.";
/// `-AdpEventLog -GetEvents -f FILE` confirmation.
pub const EVENTS_WRITTEN: &str = "Events are written to file {x}";
/// `-AdpEventLog -Clear` confirmation.
pub const EVENTS_CLEARED: &str = "Adapter {a}: Event Log Cleared.";
/// `-AdpEventLog -GetEventLogInfo` layout (one line per key).
pub const EVENT_LOG_INFO: &str =
    "Newest seqNum: {n}|Oldest seqNum: {v}|Clear seqNum: {x}|Shutdown seqNum: {n}|Boot seqNum: {v}";
/// Generic syntax error (a single capture, `Invalid input at or near token -ladpallinfo`,
/// exists; the general form is inferred).
pub const INVALID_INPUT: &str = "Invalid input at or near token {x}";
/// `-CfgEachDskRaid0` with no usable drive.
pub const NO_UNCONFIGURED: &str = "Adapter {a}: No Unconfigured drive is found.";
/// `-AdpBbuCmd -BbuLearn` success.
pub const BBU_LEARN_STARTED: &str = "Adapter {a}: BBU Learn Succeeded.";
/// `-aN` naming an adapter that does not exist.
pub const ADAPTER_NOT_FOUND: &str = "Adapter {a} is not found.";
/// `-AdpEventLog -GetEvents -f FILE` when FILE cannot be written.
pub const EVENT_FILE_FAILED: &str = "Failed to open file {x}";
/// Hex digits of the `Exit Code` trailer are printed in upper case (`0x0D`); only digit-only
/// codes were captured.
pub const EXIT_CODE_UPPERCASE: bool = true;

/// Event descriptions not in the reference's list of captured events.
pub mod events {
    /// Auto rebuild started (code 0x006a).
    pub const REBUILD_AUTO_STARTED: &str = "Rebuild automatically started on {x}";
    /// Manual rebuild started.
    pub const REBUILD_STARTED: &str = "Rebuild started on {x}";
    /// Rebuild finished.
    pub const REBUILD_COMPLETE: &str = "Rebuild complete on {x}";
    /// Rebuild aborted.
    pub const REBUILD_ABORTED: &str = "Rebuild aborted on {x}";
    /// Copyback started.
    pub const COPYBACK_STARTED: &str = "Copyback started on {x}";
    /// Copyback finished.
    pub const COPYBACK_COMPLETE: &str = "Copyback complete on {x}";
    /// Global spare created.
    pub const GLOBAL_SPARE: &str = "Global Hot Spare created on {x}";
    /// Dedicated spare created.
    pub const DEDICATED_SPARE: &str = "Dedicated Hot Spare created on {x}";
    /// Spare removed.
    pub const SPARE_DISABLED: &str = "Hot Spare disabled on {x}";
    /// VD created.
    pub const VD_CREATED: &str = "Created {x}";
    /// VD deleted.
    pub const VD_DELETED: &str = "Deleted {x}";
    /// BGI started.
    pub const BGI_STARTED: &str = "Background Initialization started on {x}";
    /// BGI finished.
    pub const BGI_COMPLETE: &str = "Background Initialization completed on {x}";
    /// Foreign configuration imported (code 0x00db).
    pub const FOREIGN_IMPORTED: &str = "Foreign configuration imported";
    /// Foreign configuration cleared.
    pub const FOREIGN_CLEARED: &str = "Foreign configuration cleared";
    /// Locate started.
    pub const LOCATE: &str = "PD Locate started on {x}";
    /// Battery learn started.
    pub const LEARN_STARTED: &str = "Battery relearn started";
    /// Battery learn finished.
    pub const LEARN_COMPLETE: &str = "Battery relearn completed";
    /// Battery charged.
    pub const CHARGE_COMPLETE: &str = "Battery charge complete";
    /// Battery needs replacing.
    pub const BBU_REPLACE: &str = "Battery needs replacement - SOH Bad";
    /// Battery replaced.
    pub const BBU_REPLACED: &str = "Battery Present";
    /// Preserved cache discarded.
    pub const CACHE_DISCARDED: &str = "Cache discarded for {x}";
    /// Preserved cache created when a write-back VD went offline.
    pub const CACHE_PINNED: &str = "Controller cache pinned for missing or offline {x}";
    /// Predictive failure.
    pub const PREDICTIVE: &str = "Predictive failure: {x}";
    /// Adapter setting changed.
    pub const SETTING_CHANGED: &str = "Controller property changed: {x}";
}

/// The table: every guessed text by name, for review and for tests that must not treat a
/// guess as verified.
pub const UNVERIFIED: &[(&str, &str)] = &[
    ("HSP_REMOVED", HSP_REMOVED),
    ("FOREIGN_IMPORTED", FOREIGN_IMPORTED),
    ("REBUILD_STOPPED", REBUILD_STOPPED),
    ("COPYBACK_STARTED", COPYBACK_STARTED),
    ("COPYBACK_STOPPED", COPYBACK_STOPPED),
    ("ALARM_ENABLED", ALARM_ENABLED),
    ("BATTERY_WARNING_SET", BATTERY_WARNING_SET),
    ("AUTO_REBUILD_SET", AUTO_REBUILD_SET),
    ("AUTO_REBUILD_VALUE", AUTO_REBUILD_VALUE),
    ("COPYBACK_SET", COPYBACK_SET),
    ("COPYBACK_VALUE", COPYBACK_VALUE),
    ("BATTERY_WARNING_VALUE", BATTERY_WARNING_VALUE),
    ("PROPERTY_SET", PROPERTY_SET),
    ("NO_MISSING", NO_MISSING),
    ("NOT_IN_COPYBACK", NOT_IN_COPYBACK),
    ("FOREIGN_DSPLY_HEADER", FOREIGN_DSPLY_HEADER),
    ("WRONG_STATE", WRONG_STATE),
    ("PD_COMMAND_FAILED", PD_COMMAND_FAILED),
    ("REPLACE_MISSING_FAILED", REPLACE_MISSING_FAILED),
    ("DEVICE_NOT_FOUND", DEVICE_NOT_FOUND),
    ("LD_NOT_FOUND", LD_NOT_FOUND),
    ("ALARM_ABSENT", ALARM_ABSENT),
    ("BBU_INFO_FAILED", BBU_INFO_FAILED),
    ("NO_PRESERVED_CACHE", NO_PRESERVED_CACHE),
    ("EVENTS_WRITTEN", EVENTS_WRITTEN),
    ("EVENTS_CLEARED", EVENTS_CLEARED),
    ("EVENT_LOG_INFO", EVENT_LOG_INFO),
    ("INVALID_INPUT", INVALID_INPUT),
    ("NO_UNCONFIGURED", NO_UNCONFIGURED),
    ("BBU_LEARN_STARTED", BBU_LEARN_STARTED),
    ("ADAPTER_NOT_FOUND", ADAPTER_NOT_FOUND),
    ("EVENT_FILE_FAILED", EVENT_FILE_FAILED),
    ("event:REBUILD_AUTO_STARTED", events::REBUILD_AUTO_STARTED),
    ("event:REBUILD_STARTED", events::REBUILD_STARTED),
    ("event:REBUILD_COMPLETE", events::REBUILD_COMPLETE),
    ("event:REBUILD_ABORTED", events::REBUILD_ABORTED),
    ("event:COPYBACK_STARTED", events::COPYBACK_STARTED),
    ("event:COPYBACK_COMPLETE", events::COPYBACK_COMPLETE),
    ("event:GLOBAL_SPARE", events::GLOBAL_SPARE),
    ("event:DEDICATED_SPARE", events::DEDICATED_SPARE),
    ("event:SPARE_DISABLED", events::SPARE_DISABLED),
    ("event:VD_CREATED", events::VD_CREATED),
    ("event:VD_DELETED", events::VD_DELETED),
    ("event:BGI_STARTED", events::BGI_STARTED),
    ("event:BGI_COMPLETE", events::BGI_COMPLETE),
    ("event:FOREIGN_IMPORTED", events::FOREIGN_IMPORTED),
    ("event:FOREIGN_CLEARED", events::FOREIGN_CLEARED),
    ("event:LOCATE", events::LOCATE),
    ("event:LEARN_STARTED", events::LEARN_STARTED),
    ("event:LEARN_COMPLETE", events::LEARN_COMPLETE),
    ("event:CHARGE_COMPLETE", events::CHARGE_COMPLETE),
    ("event:BBU_REPLACE", events::BBU_REPLACE),
    ("event:BBU_REPLACED", events::BBU_REPLACED),
    ("event:CACHE_DISCARDED", events::CACHE_DISCARDED),
    ("event:CACHE_PINNED", events::CACHE_PINNED),
    ("event:PREDICTIVE", events::PREDICTIVE),
    ("event:SETTING_CHANGED", events::SETTING_CHANGED),
];

/// Substitutes `{key}` placeholders.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (k, v) in values {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_complete_and_unique() {
        let mut names: Vec<_> = UNVERIFIED.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), UNVERIFIED.len());
        assert_eq!(
            fill(HSP_REMOVED, &[("a", "0"), ("e", "252"), ("s", "6")]),
            "Adapter: 0: Remove Physical Drive at EnclId-252 SlotId-6 as Hot Spare Success."
        );
    }
}
