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
/// `-LDSetProp -EnDskCache|-DisDskCache` success (not in the captures).
pub const LD_DISK_CACHE_SET: &str = "Set Disk Cache Policy to {v} on Adapter {a}, VD {n} success.";
/// `-LDSetProp -Name NAME` success (the form of [`LD_DISK_CACHE_SET`]).
pub const LD_NAME_SET: &str = "Set Name to {v} on Adapter {a}, VD {n} success.";
/// `-LDSetProp WT|WB -Lx` success; `{v}` is `WriteThrough` or `WriteBack` (seen in a public
/// paste of MegaCli 8.x, not in the captures), `{n}` the target id.
pub const LD_WRITE_POLICY_SET: &str =
    "Set Write Policy to {v} on Adapter {a}, VD {n} (target id: {n}) success";
/// `-LDSetProp RA|NORA|ADRA -Lx` success (the form of [`LD_WRITE_POLICY_SET`]); `{v}` is
/// `ReadAhead`, `ReadAheadNone` or `ReadAdaptive`.
pub const LD_READ_POLICY_SET: &str =
    "Set Read Policy to {v} on Adapter {a}, VD {n} (target id: {n}) success";
/// `-LDSetProp -Direct|-Cached -Lx` success (the form of [`LD_WRITE_POLICY_SET`]).
pub const LD_IO_POLICY_SET: &str =
    "Set Cache Policy to {v} on Adapter {a}, VD {n} (target id: {n}) success";
/// `-LDSetProp CachedBadBBU|NoCachedBadBBU -Lx` success; `{v}` is `Write Cache OK if bad
/// BBU` (seen in a public paste) or `No Write Cache if bad BBU`.
pub const LD_BAD_BBU_SET: &str = "Set {v} on Adapter {a}, VD {n} (target id: {n}) success";
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
    "Newest seqNum: {n}|Oldest seqNum: {v}|Clear seqNum: {x}|Shutdown seqNum: {s}|Boot seqNum: {e}";
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

/// The time line of an event logged before the controller's clock was set (public parsers and
/// pasted logs show it; no capture in the corpus does). `{n}`: seconds since the boot.
pub const SECONDS_SINCE_REBOOT: &str = "Seconds since last reboot: {n}";

/// `-h` / `-help` after the version banner: the syntax of the commands the simulator answers,
/// in MegaCli's usage notation (the real list is much longer; its wording was not captured).
pub const MEGACLI_USAGE: &[&str] = &[
    "MegaCli -v",
    "MegaCli -help|-h|?",
    "MegaCli -adpCount",
    "MegaCli -AdpAllInfo -aN|-a0,1,2|-aALL",
    "MegaCli -AdpGetPciInfo -aN|-a0,1,2|-aALL",
    "MegaCli -AdpGetTime -aN|-a0,1,2|-aALL",
    "MegaCli -AdpGetProp <property> -aN|-a0,1,2|-aALL",
    "MegaCli -AdpSetProp <property> <value> -aN|-a0,1,2|-aALL",
    "MegaCli -AdpAutoRbld -Enbl|-Dsbl|-Dsply -aN|-a0,1,2|-aALL",
    "MegaCli -AdpBbuCmd [-GetBbuStatus|-GetBbuCapacityInfo|-GetBbuDesignInfo|-GetBbuProperties|-BbuLearn] -aN|-a0,1,2|-aALL",
    "MegaCli -AdpEventLog -GetEventLogInfo|-GetEvents|-GetSinceShutdown|-GetSinceReboot|-IncludeDeleted|-GetLatest n|-Clear [-f <fileName>] -aN|-a0,1,2|-aALL",
    "MegaCli -PDList -aN|-a0,1,2|-aALL",
    "MegaCli -PDInfo -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PDOnline|-PDOffline|-PDMakeGood|-PDMakeJBOD -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PDHSP -Set|-Rmv [-Dedicated -ArrayN|-Array0,1,2...] -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PDRbld -Start|-Stop|-ShowProg -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PDCpyBk -Start|-Stop|-ShowProg -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PdLocate -Start|-Stop -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PdMarkMissing -PhysDrv[E0:S0,E1:S1,...] -aN|-a0,1,2|-aALL",
    "MegaCli -PdReplaceMissing -PhysDrv[E0:S0] -ArrayN -rowN -aN",
    "MegaCli -PdPrpRmv [-UnDo] -PhysDrv[E0:S0] -aN|-a0,1,2|-aALL",
    "MegaCli -PdGetMissing -aN|-a0,1,2|-aALL",
    "MegaCli -LDInfo -LN|-L0,1,2|-Lall -aN|-a0,1,2|-aALL",
    "MegaCli -LDGetProp -Cache|-Access|-Name|-DskCache|-PS -LN|-L0,1,2|-Lall -aN|-a0,1,2|-aALL",
    "MegaCli -LDSetProp WT|WB|RA|NORA|ADRA|-Cached|-Direct|CachedBadBBU|NoCachedBadBBU -LN|-L0,1,2|-Lall -aN|-a0,1,2|-aALL",
    "MegaCli -LDSetProp -EnDskCache|-DisDskCache -LN|-L0,1,2|-Lall -aN|-a0,1,2|-aALL",
    "MegaCli -LDSetProp -Name <name> -LN -aN",
    "MegaCli -LdPdInfo -aN|-a0,1,2|-aALL",
    "MegaCli -CfgDsply -aN|-a0,1,2|-aALL",
    "MegaCli -CfgLdAdd -rX[E0:S0,E1:S1,...] [WT|WB] [NORA|RA|ADRA] [Direct|Cached] [-strpszM] -aN",
    "MegaCli -CfgSpanAdd -rX -Array0[E0:S0,E1:S1] -Array1[E0:S0,E1:S1] [-strpszM] -aN",
    "MegaCli -CfgLdDel -LX|-L0,2,5...|-LALL [-Force] -aN|-a0,1,2|-aALL",
    "MegaCli -CfgEachDskRaid0 [WT|WB] [NORA|RA|ADRA] [Direct|Cached] [-strpszM] -aN|-a0,1,2|-aALL",
    "MegaCli -CfgForeign -Scan|-Dsply|-Preview|-Import|-Clear [x] -aN|-a0,1,2|-aALL",
    "MegaCli -CfgFreeSpaceinfo -aN|-a0,1,2|-aALL",
    "MegaCli -GetPreservedCacheList -aN|-a0,1,2|-aALL",
    "MegaCli -DiscardPreservedCache -LX|-L0,2,5...|-LALL -aN|-a0,1,2|-aALL",
    "MegaCli -EncInfo -aN|-a0,1,2|-aALL",
    "MegaCli -EncStatus -aN|-a0,1,2|-aALL",
    "MegaCli -PhyErrorCounters -aN|-a0,1,2|-aALL",
    "MegaCli -ShowSummary [-f filename] -aN",
    "MegaCli -FwTermLog -Dsply -aN|-a0,1,2|-aALL",
    "Note: The directly connected drives can be specified as [:S]",
];

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
    /// The booting controller set its clock from the host (`{n}`: seconds since power on).
    pub const TIME_ESTABLISHED: &str = "Time established since power on: {n} seconds";
    /// Preserved cache discarded.
    pub const CACHE_DISCARDED: &str = "Cache discarded for {x}";
    /// Preserved cache created when a write-back VD went offline.
    pub const CACHE_PINNED: &str = "Controller cache pinned for missing or offline {x}";
    /// Predictive failure.
    pub const PREDICTIVE: &str = "Predictive failure: {x}";
    /// Adapter setting changed.
    pub const SETTING_CHANGED: &str = "Controller property changed: {x}";
    /// A VD's cache or disk cache policy changed (code 0x0036, the form of a public event
    /// log, not in the captures): `{x}` the VD, `{v}` `[ID=..,dcp=..,ccp=..,ap=0,dc=..] from
    /// [...]`, the new properties and the old.
    pub const POLICY_CHANGE: &str = "Policy change on {x} to {v}";
    /// Event code of [`POLICY_CHANGE`].
    pub const POLICY_CHANGE_CODE: u32 = 0x0036;
    /// Event code of `Puncturing bad block on PD ...` (the text is captured, the code is not).
    pub const PUNCTURE_CODE: u32 = 0x0110;
    /// Event code of `Corrected medium error during recovery on PD ...` (text captured).
    pub const MEDIUM_ERROR_CODE: u32 = 0x0071;
    /// Event code of `Unexpected sense: PD ...`.
    pub const UNEXPECTED_SENSE_CODE: u32 = 0x0071;
    /// Unexpected sense (medium error sense key 3, ASC 11).
    pub const UNEXPECTED_SENSE: &str = "Unexpected sense: {x}, Sense: 3/11/00";
    /// Rebuild progress (`{x}` the drive, `{n}` percent, `{m}` elapsed time).
    pub const REBUILD_PROGRESS: &str = "Rebuild progress on {x} is {n}%({m}s)";
    /// Copyback progress, as [`REBUILD_PROGRESS`].
    pub const COPYBACK_PROGRESS: &str = "Copyback progress on {x} is {n}%({m}s)";
    /// Background initialisation progress (`{x}` the VD).
    pub const BGI_PROGRESS: &str = "Background Initialization progress on {x} is {n}%({m}s)";
    /// Battery charge moved (`{n}` percent): every change the snapshot shows is logged.
    pub const BBU_CHARGE: &str = "Battery relative state of charge {n}%";
    /// The predictive failure counter was reset.
    pub const PREDICTIVE_CLEARED: &str = "Predictive failure count cleared on {x}";
    /// `Bad Blocks Exist` set or cleared on a VD (`{x}`), `{s}` Yes or No.
    pub const BAD_BLOCKS: &str = "Bad block table on {x} changed: bad blocks exist {s}";
}

/// Layouts of the MegaCli read commands raidctl does not send itself ([`crate::readout`]);
/// none was captured. `|` separates lines.
pub mod read {
    /// `-PDGetNum` (pattern of the captured `-LDGetNum` line); the count is the exit status.
    pub const PD_GET_NUM: &str = "Number of Physical Drives on Adapter {a}: {n}";
    /// `-AdpGetTime`; `{x}` date `MM/DD/YYYY`, `{v}` time `HH:MM:SS`.
    pub const ADP_TIME: &str = "Adapter {a}:|    Date: {x}|    Time: {v}";
    /// `-LDGetProp -Access`; `{x}` is `Adapter 0-VD 0(target id: 0)` (captured for `-Cache`).
    pub const LD_ACCESS: &str = "{x}: Access Policy: Read/Write";
    /// `-LDGetProp -Name`.
    pub const LD_NAME: &str = "{x}: Name:{v}";
    /// `-LDGetProp -DskCache`.
    pub const LD_DISK_CACHE: &str = "{x}: Disk Write Cache : {v}";
    /// `-LDGetProp -PS`.
    pub const LD_POWER_SAVING: &str = "{x}: Power Savings Policy: Controller Defined";
    /// `-EncStatus` header.
    pub const ENC_STATUS_HEADER: &str = "Adapter {a}: Enclosure Status";
    /// `-EncStatus` per enclosure.
    pub const ENC_STATUS: &str = "    Enclosure {n}:|    Device ID                     : {e}|    Number of Slots               : {s}|    Status                        : Normal|";
    /// `-PhyErrorCounters` per PHY.
    pub const PHY_COUNTERS: &str = "Phy No: {n}|Invalid DWord Count            : 0|Running Disparity Error Count  : 0|Loss of DWORD sync Count       : 0|Phy Reset problem Count        : 0|";
    /// `-CfgFreeSpaceinfo`.
    pub const FREE_SPACE: &str =
        "Adapter {a}|Number of Disk Groups: {n}|No free space is available on this adapter.";
    /// `-PDClear -ShowProg` on a drive that is not being cleared (pattern of the captured
    /// `is not in rebuild process`).
    pub const NOT_IN_CLEAR: &str = "Device(Encl-{e} Slot-{s}) is not in clear process";
    /// `-LDCC|-LDInit|-LDRecon -ShowProg` with nothing running (pattern of the captured
    /// `Background Initialization on VD #0 is not in Progress.`).
    pub const LD_NOT_IN_PROGRESS: &str = "{x} on VD #{n} is not in Progress.";
    /// `-AdpPR -Info`; `{x}` the next start.
    pub const PATROL_READ: &str = "Adapter {a}: Patrol Read Information:||Patrol Read Mode: Auto|Patrol Read Execution Delay: 168 hours|Number of iterations completed: 0|Next start time: {x}|Current State: Stopped|Patrol Read on SSD Devices: Disabled";
    /// `-AdpCcSched -Info`; `{x}` the next start.
    pub const CC_SCHEDULE: &str = "Adapter {a}: Scheduled Consistency Check Information:||Mode: Concurrent|Execution Delay: 168 hours|Next start time: {x}|Current State: Stopped|Number of iterations: 0|Number of VD completed: 0|Excluded VDs: None";
    /// `-DirectPdMapping -Dsply`.
    pub const DIRECT_PD_MAPPING: &str = "Adapter {a}: Direct PD Mapping: Disabled";
    /// `-AdpGetProp` values without a captured line: `{x}` the `-AdpAllInfo` label.
    pub const PROPERTY_VALUE: &str = "Adapter {a}: {x} = {v}";
    /// `-Version -Ctrl`.
    pub const VERSION_CTRL: &str =
        "Adapter {a}:|    FW Package Build: {x}|    FW Version: {v}|    BIOS Version: {n}";
    /// `-Version -Driver`.
    pub const VERSION_DRIVER: &str =
        "Adapter {a}: Driver Name: megaraid_sas, Driver Version: 06.811.02.00-rc1";
    /// `-Version -Pd` per drive.
    pub const VERSION_PD: &str = "    Encl-{e} Slot-{s}: Firmware Level: {v}";
    /// `-Version -Pd` header.
    pub const VERSION_PD_HEADER: &str = "Adapter {a}: PD Firmware Levels";
}

/// storcli/perccli texts not found verbatim in a capture or in the reference (section 2.4
/// lists the verified ones, which `sim/storcli` writes inline). Also guessed: the JSON shape of
/// `show rebuild|copyback` (a bare array of rows as `Response Data`), `/cx/eall show all`
/// (`Enclosure /cX/eY` objects with `Information`, `Inquiry Data`, `Properties`), the
/// `/cx/bbu show all` section names, and `Ctrl_Prop` names other than `Rebuildrate`.
pub mod storcli {
    /// A controller number that names no controller.
    pub const CONTROLLER_NOT_FOUND: &str = "Controller {n} not found";
    /// Exit status with [`CONTROLLER_NOT_FOUND`].
    pub const CONTROLLER_NOT_FOUND_CODE: i32 = 255;
    /// A command line storcli does not understand.
    pub const SYNTAX_ERROR: &str = "syntax error, unexpected {x}";
    /// Exit status with [`SYNTAX_ERROR`].
    pub const SYNTAX_ERROR_CODE: i32 = 1;
    /// `/cx/eN show` naming no enclosure.
    pub const ENCLOSURE_NOT_FOUND: &str = "Enclosure not found.";
    /// Exit status with [`ENCLOSURE_NOT_FOUND`].
    pub const ENCLOSURE_NOT_FOUND_CODE: i32 = 255;
    /// `/cx/vN show` naming no VD.
    pub const VD_NOT_FOUND: &str = "Show VD Failed.";
    /// `ErrMsg` with [`VD_NOT_FOUND`] and [`DELETE_VD_FAILED`].
    pub const VD_NOT_FOUND_MSG: &str = "VD does not exist";
    /// `/cx/vN del` failure.
    pub const DELETE_VD_FAILED: &str = "Delete VD failed";
    /// `/cx show preservedcache` with nothing pinned (MegaCli's words; the `Preserved Cache`
    /// table of `VD`/`State` rows the simulator prints otherwise is inferred too).
    pub const NO_PRESERVED_CACHE: &str = "No Virtual Drive has Preserved Cache Data.";
    /// `/cx/vN delete preservedcache` success.
    pub const CACHE_DISCARDED: &str = "Delete Preserved Cache Succeeded.";
    /// `/cx/vN delete preservedcache` failure.
    pub const CACHE_DISCARD_FAILED: &str = "Delete Preserved Cache Failed.";
    /// `ErrMsg` of [`CACHE_DISCARD_FAILED`] for a VD without pinned cache.
    pub const NO_CACHE_FOR_VD: &str = "VD has no preserved cache";
    /// `/cx/bbu` or `/cx/cv` without any battery or CacheVault.
    pub const NO_BATTERY: &str = "Battery not present";
    /// `/cx/cv` on a controller with a BBU (mirror of the captured `use /cx/cv`).
    pub const USE_BBU: &str = "use /cx/bbu";
    /// `/cx/fall import preview` success.
    pub const FOREIGN_PREVIEW: &str = "Import Foreign Configuration preview Succeeded.";
    /// Generic failure description.
    pub const FAILED: &str = "{x} Failed.";
    /// `show copyback` success.
    pub const SHOW_COPYBACK: &str = "Show Drive Copyback Status Succeeded.";
    /// A drive path that names no drive.
    pub const DRIVE_NOT_FOUND: &str = "Drive not found";
    /// `ErrCd` with [`DRIVE_NOT_FOUND`] (MFI DEVICE_NOT_FOUND, 0x0c).
    pub const DRIVE_NOT_FOUND_CODE: i32 = 12;
    /// `set offline` refused (only the success text is captured).
    pub const SET_OFFLINE_FAILED: &str = "Set Drive Offline Failed.";
    /// `set online` success.
    pub const SET_ONLINE: &str = "Set Drive Online Succeeded.";
    /// `set online` refused.
    pub const SET_ONLINE_FAILED: &str = "Set Drive Online Failed.";
    /// `set missing` success.
    pub const SET_MISSING: &str = "Set Drive Missing Succeeded.";
    /// `set missing` refused.
    pub const SET_MISSING_FAILED: &str = "Set Drive Missing Failed.";
    /// `insert dg= array= row=` success.
    pub const INSERT: &str = "Insert Drive Succeeded.";
    /// `insert` refused.
    pub const INSERT_FAILED: &str = "Insert Drive Failed.";
    /// `insert` without `dg=`, `array=` and `row=`.
    pub const INSERT_ARGS: &str = "dg, array and row are required";
    /// `start rebuild` success.
    pub const START_REBUILD: &str = "Start Drive Rebuild Succeeded.";
    /// `start rebuild` refused.
    pub const START_REBUILD_FAILED: &str = "Start Drive Rebuild Failed.";
    /// `stop rebuild` success.
    pub const STOP_REBUILD: &str = "Stop Drive Rebuild Succeeded.";
    /// `stop rebuild` refused.
    pub const STOP_REBUILD_FAILED: &str = "Stop Drive Rebuild Failed.";
    /// `start locate` success.
    pub const START_LOCATE: &str = "Start Drive Locate Succeeded.";
    /// `start locate` refused.
    pub const START_LOCATE_FAILED: &str = "Start Drive Locate Failed.";
    /// `stop locate` success.
    pub const STOP_LOCATE: &str = "Stop Drive Locate Succeeded.";
    /// `stop locate` refused.
    pub const STOP_LOCATE_FAILED: &str = "Stop Drive Locate Failed.";
    /// `start copyback target=e:s` success.
    pub const START_COPYBACK: &str = "Start Drive Copyback Succeeded.";
    /// `start copyback` refused.
    pub const START_COPYBACK_FAILED: &str = "Start Drive Copyback Failed.";
    /// `start copyback` without a valid `target=e:s`.
    pub const COPYBACK_TARGET: &str = "target=e:s is required";
    /// `stop copyback` success.
    pub const STOP_COPYBACK: &str = "Stop Drive Copyback Succeeded.";
    /// `stop copyback` refused.
    pub const STOP_COPYBACK_FAILED: &str = "Stop Drive Copyback Failed.";
    /// `add hotsparedrive` refused.
    pub const ADD_HSP_FAILED: &str = "Add Hot Spare Failed.";
    /// `delete hotsparedrive` success.
    pub const DELETE_HSP: &str = "Delete Hot Spare Succeeded.";
    /// `delete hotsparedrive` refused.
    pub const DELETE_HSP_FAILED: &str = "Delete Hot Spare Failed.";
    /// `spindown` refused.
    pub const SPIN_DOWN_FAILED: &str = "Spin Down Drive Failed.";
    /// `set PROP=VALUE` with a value storcli rejects.
    pub const INVALID_VALUE: &str = "Invalid value";
    /// `add vd` without a usable `type=` or `drives=`.
    pub const ADD_VD_ARGS: &str = "Add VD Failed.";
    /// Name in storcli's version banner (perccli's `PercCli` and perccli2's `PercCli2` are
    /// captured; storcli's own spelling is inferred from them).
    pub const STORCLI_NAME: &str = "StorCli";
    /// Name in storcli2's version banner.
    pub const STORCLI2_NAME: &str = "StorCli2";
    /// The first CLI version with the newer System Overview legend (`DNOpt=Array
    /// NotOptimal`, `CertProv`, `Chrg`): seen in 007.2705, the older legend in an earlier
    /// capture without its version; the exact release that changed it is a guess.
    pub const NEW_OVERVIEW_LEGEND_FROM: &str = "007.2700";
    /// `help` after the banner: the command forms the simulator answers, in storcli's
    /// `storcli /cx show all` notation (`{p}` is the program name). The real list is longer
    /// and its exact wording was not captured.
    pub const USAGE: &[&str] = &[
        "{p} -v",
        "{p} [verbose] -h| -help| ?",
        "{p} show",
        "{p} show all",
        "{p} show ctrlcount",
        "{p} /cx show",
        "{p} /cx show all",
        "{p} /cx show events [type=sincereboot|sinceshutdown] [filter=info|warning|critical|fatal] [file=filepath]",
        "{p} /cx show termlog",
        "{p} /cx show alilog",
        "{p} /cx show rebuildrate|alarm|autorebuild",
        "{p} /cx set alarm=on|off|silence",
        "{p} /cx set rebuildrate=<value>",
        "{p} /cx set autorebuild=on|off",
        "{p} /cx add vd r[0|1|5|6|10|50|60] drives=e:s|e:s-x|e:s-x,y [pdperarray=x] [strip=<8|16|32|64|128|256|512|1024>]",
        "{p} /cx/vx|vall show [all]",
        "{p} /cx/vx del [force]",
        "{p} /cx/ex show [all]",
        "{p} /cx[/ex]/sx show [all]",
        "{p} /cx[/ex]/sx show rebuild|copyback|phyerrorcounters",
        "{p} /cx[/ex]/sx set offline|online|missing|good|jbod",
        "{p} /cx[/ex]/sx insert dg=A array=B row=C",
        "{p} /cx[/ex]/sx start|stop rebuild|locate",
        "{p} /cx[/ex]/sx start copyback target=e:s",
        "{p} /cx[/ex]/sx add hotsparedrive [dgs=<N|0,1,2...>]",
        "{p} /cx[/ex]/sx delete hotsparedrive",
        "{p} /cx[/ex]/sx spindown|spinup",
        "{p} /cx/fall show [all]|import [preview]|delete",
        "{p} /cx/bbu|cv show all",
    ];
    /// First line of `show termlog`.
    pub const TERMLOG_HEADER: &str = "Firmware Term Log Information on controller {a}:";
    /// First line of `show alilog`.
    pub const ALILOG_HEADER: &str = "AliLog Information on controller {a}:";
    /// One `show alilog` line: the firmware the controller booted (`{p}` package, `{f}` FW).
    pub const ALILOG_LINE: &str = "{t}: Controller booted with firmware package {p} (FW {f})";
    /// `show phyerrorcounters` table name and its columns.
    pub const PHY_COUNTERS: &str = "Drive {d} - PHY Error Counters";
    /// Columns of [`PHY_COUNTERS`] (the simulator has no link errors: all zero).
    pub const PHY_COLUMNS: &[&str] = &[
        "Phy No",
        "Invalid DWord Count",
        "Running Disparity Error Count",
        "Loss of DWord Sync Count",
        "Phy Reset problem Count",
    ];
    /// `show snapdump` property table name and the reply for no stored snapdump.
    pub const SNAPDUMP_PROPERTIES: &str = "SnapDump Properties";
    /// [`SNAPDUMP_PROPERTIES`] detail when none is stored.
    pub const NO_SNAPDUMP: &str = "No snapdump present";
    /// `show eventloginfo` (`storcli /cx show eventloginfo` is in storcli's help; no capture of
    /// its answer): the section in `Response Data` and its keys.
    pub const EVENT_LOG_INFO_SECTION: &str = "Event Log Information";
    /// The keys of [`EVENT_LOG_INFO_SECTION`]: newest, oldest, clear, shutdown, boot.
    pub const EVENT_LOG_INFO_KEYS: [&str; 5] = [
        "Newest sequence number",
        "Oldest sequence number",
        "Clear sequence number",
        "Shutdown sequence number",
        "Reboot sequence number",
    ];

    /// `ErrMsg` for an MFI status (`ErrCd` is the status in decimal).
    pub fn err_msg(code: u32) -> &'static str {
        match code {
            0x03 => "Invalid parameter",
            0x09 => "Invalid array index",
            0x0a => "Array row is not empty",
            0x0c => DRIVE_NOT_FOUND,
            0x0d => "Drive is too small for the requested operation",
            0x1b => "VD is not optimal",
            0x22 => "Required hardware is missing",
            0x26 => "Drive type mismatch",
            0x28 => "Invalid row index",
            0x54 => "Controller has cache pinned for offline or missing VDs",
            0x83 => "Drive is ready for removal",
            _ => "Operation failed",
        }
    }
}

/// storcli2 / perccli2 (8.x) texts and values not found in a capture. Verified against the
/// perccli2 8.4 captures in the corpus: the envelope and `Command Status` shape, the
/// `/cN show all`, `/cN/eall/sall show all` and `/cN/vall show all` key names and order, the
/// `State`/`Status` pairs `Conf`/`Online` and `GHS`/`Good`, sizes in GiB/TiB.
/// Not captured in 8.x, so kept in their 7.x shape inside the 8.x envelope: action answers and
/// their descriptions, rebuild/copyback progress, foreign configurations, `show events`,
/// `show ctrlcount`, `/cN show`, the text form and every failure.
pub mod storcli2 {
    /// CLI version storcli2 reports (only perccli2's 8.4 string was captured).
    pub const STORCLI2_VERSION: &str = "008.0009.0000.0010 Mar 13, 2024";
    /// The token of perccli2's syntax error for the `/cv` object (check_lsi_raid#41 quotes
    /// `syntax error, unexpected TOKEN_OBJ_CV`; the JSON around it is unseen).
    pub const TOKEN_OBJ_CV: &str = "TOKEN_OBJ_CV";
    /// The same for `/bbu`, by analogy.
    pub const TOKEN_OBJ_BBU: &str = "TOKEN_OBJ_BBU";
    /// A drive command the controller's firmware does not support (the 7.x text form of a
    /// capture says `Description = Un-supported command`).
    pub const UNSUPPORTED: &str = "Un-supported command";
    /// Exit status with [`UNSUPPORTED`].
    pub const UNSUPPORTED_CODE: i32 = 255;
    /// `State` of a drive in no drive group (the parser's reading of 8.x).
    pub const STATE_UNCONFIGURED: &str = "UConf";
    /// `State` of a dedicated spare.
    pub const STATE_DEDICATED_SPARE: &str = "DHS";
    /// `State` of a JBOD drive (its `Status` is taken to be `Online`).
    pub const STATE_JBOD: &str = "JBOD";
    /// `Status` of an offline member.
    pub const STATUS_OFFLINE: &str = "Offline";
    /// `Status` of a failed member.
    pub const STATUS_FAILED: &str = "Failed";
    /// `Status` of a drive in a state the simulator cannot name.
    pub const STATUS_UNKNOWN: &str = "Unknown";
    /// `Enclosure List` `DeviceType` of a backplane (the capture's is a `Logical Enclosure`).
    pub const ENCLOSURE_DEVICE_TYPE: &str = "Enclosure";
    /// `Energy Pack Info` `Type` of a CacheVault (the capture's is a `Battery`).
    pub const ENERGY_PACK_SUPERCAP: &str = "Supercap";
    /// `Status` of a rebuilding member.
    pub const STATUS_REBUILD: &str = "Rebuild";
    /// `Status` of a member under copyback.
    pub const STATUS_COPYBACK: &str = "Copyback";
    /// `Status` of an Unconfigured(bad) drive (`State` `UConf`).
    pub const STATUS_BAD: &str = "Bad";
    /// `Status` of a TOPOLOGY row whose drive is missing (7.x: `State` `Msng`).
    pub const STATUS_MISSING: &str = "Missing";
    /// `Controller Status` with a VD not optimal (only `Optimal` was captured).
    pub const NEEDS_ATTENTION: &str = "Needs Attention";
}

/// OpenManage (omreport/omconfig) texts and layouts not found in a capture. Verified: the
/// `-fmt ssv` layouts of `storage controller|vdisk|pdisk|battery|enclosure` (dellhw-exporter
/// captures) and `Command successful!`. Guessed: the default `Key : Value` layout (keys
/// padded to a common width, one blank line between objects) and every error text.
pub mod omsa {
    /// Minimum key width of the `Key : Value` layout.
    pub const TEXT_KEY_WIDTH: usize = 31;
    /// Exit status of a failed omconfig/omreport call.
    pub const FAILURE_EXIT: i32 = 255;
    /// Unknown command line.
    pub const INVALID_COMMAND: &str = "Error! Invalid command: {x}";
    /// `Slot ID` of a controller in a PCIe slot (only `Embedded` was captured; the titles
    /// name such a one `(Slot 1)`).
    pub const SLOT_ID: &str = "Slot {n}";
    /// `controller=N` naming no controller.
    pub const INVALID_CONTROLLER: &str = "Error! Invalid controller value: {x}";
    /// `omreport storage pdisk` without `controller=`.
    pub const PDISK_NEEDS_CONTROLLER: &str = "Error! Missing required parameter: controller=<id>";
    /// `omconfig` without `action=`.
    pub const MISSING_ACTION: &str = "Error! Missing required parameter: action=<action>";
    /// `omconfig` without `controller=`.
    pub const MISSING_CONTROLLER: &str = "Error! Missing required parameter: controller=<id>";
    /// Another missing parameter.
    pub const MISSING_PARAMETER: &str = "Error! Missing required parameter: {x}";
    /// A pdisk id that names no drive.
    pub const INVALID_PDISK: &str = "Error! Invalid physical disk: {x}";
    /// A vdisk number that names no VD.
    pub const INVALID_VDISK: &str = "Error! Invalid virtual disk: {x}";
    /// A parameter given a value the action does not take (`writepolicy=maybe`).
    pub const INVALID_VALUE: &str = "Error! Invalid value for parameter: {x}";
    /// `replacememberdisk` whose source is not a member of the VD.
    pub const NOT_A_MEMBER: &str =
        "Error! The physical disk {x} is not a member of the virtual disk";
    /// Foreign action with no foreign configuration.
    pub const NO_FOREIGN: &str = "Error: No foreign configuration found on the controller";
    /// `discardpreservedcache` while a foreign configuration could still bring the VD back
    /// (OMSA's documented condition; the words are inferred).
    pub const DISCARD_FOREIGN: &str = "Error: Preserved cache cannot be discarded while a foreign configuration is present. Import or clear the foreign configuration first.";
    /// `discardpreservedcache` while a VD is offline or missing (OMSA's documented condition).
    pub const DISCARD_OFFLINE_VD: &str = "Error: Preserved cache cannot be discarded while the controller has offline or missing virtual disks.";
    /// `discardpreservedcache` with nothing pinned.
    pub const NO_PRESERVED_CACHE: &str = "Error: No preserved cache found on the controller";
    /// `createvdisk size=` other than `max`.
    pub const SIZE_MAX_ONLY: &str = "Error! The simulator supports size=max only";
    /// A refused action; `{x}` is the reason.
    pub const FAILED: &str = "Error: {x}";
    /// `omreport storage vdisk` on a controller without VDs.
    pub const NO_VDISKS: &str = "No virtual disks found on this controller.";
    /// `omreport about`: `{v}` is [`VERSION`].
    pub const ABOUT: &str = "Product name : Server Administrator\nVersion      : {v}\nCopyright    : Copyright (C) Dell Inc. 1995-2024 All rights reserved.\nCompany      : Dell Inc.";
    /// The Server Administrator version the simulator reports.
    pub const VERSION: &str = "11.0.1.0";
    /// First line of `omreport system alertlog`.
    pub const ALERTLOG_HEADER: &str = "Alert Log";
    /// `Category` of a storage alert.
    pub const ALERT_CATEGORY: &str = "Storage Service";
    /// Alert id of a controller event (`{c}` is its code in decimal).
    pub const ALERT_ID: &str = "{c}";
    /// First line of `omreport system esmlog`.
    pub const ESMLOG_HEADER: &str = "Hardware Log";
    /// The simulated chassis records no hardware (ESM) events.
    pub const ESMLOG_EMPTY: &str = "No hardware log entries found.";
    /// `omreport chassis` header and its severity/component table heading.
    pub const CHASSIS_HEADER: &str = "Health\n\nMain System Chassis\n\nSEVERITY : COMPONENT";
    /// Chassis components the simulator reports, all Ok (the list of a public `omreport
    /// chassis` example; storage health is in `omreport system`, whose layout is inferred).
    pub const CHASSIS_COMPONENTS: &[&str] = &[
        "Fans",
        "Intrusion",
        "Memory",
        "Power Supplies",
        "Power Management",
        "Processors",
        "Temperatures",
        "Voltages",
        "Hardware Log",
        "Batteries",
    ];
    /// The components of `omreport system`'s health summary (its layout is that of `omreport
    /// chassis`; the rows are inferred from consumers, which look for `Main System Chassis`).
    pub const SYSTEM_COMPONENTS: &[&str] = &["Main System Chassis", "Storage"];
    /// First line of `omreport system version`.
    pub const VERSION_HEADER: &str = "Version Report";
    /// `-fmt` with a value OMSA does not have (`lst`, `tbl`, `ssv`, `cdv`, `xml`).
    pub const INVALID_FORMAT: &str = "Error! Invalid format: {x}";
    /// The `-fmt cdv` delimiter before `omconfig preferences cdvformat` changes it.
    pub const CDV_DELIMITER: &str = ";";
    /// What `-fmt tbl` puts between columns.
    pub const TBL_SEPARATOR: &str = " | ";
    /// The root element of `-fmt xml` (the simulator's XML names each record `<Object>` and
    /// each field after its column; OMSA's own element names were not captured).
    pub const XML_ROOT: &str = "<OMA cli=\"true\">";
    /// `omreport -?`: the commands and their descriptions (public notes list these six with
    /// these descriptions; the column layout is not captured). Consumers look for
    /// `servermodule`, `mainsystem` and `modularenclosure` here to tell blades and newer
    /// systems apart: the simulated server is a rack server with `system` and `chassis`.
    pub const OMREPORT_COMMANDS: &[(&str, &str)] = &[
        ("about", "Product and version properties."),
        (
            "licenses",
            "Displays the digital licenses of the installed hardware devices.",
        ),
        ("preferences", "Report system preferences."),
        ("system", "System component properties."),
        ("chassis", "Chassis component properties."),
        ("storage", "Storage component properties."),
    ];
    /// `omreport storage -?`.
    pub const OMREPORT_STORAGE_COMMANDS: &[(&str, &str)] = &[
        ("battery", "Report battery information."),
        ("connector", "Report connector information."),
        ("controller", "Report controller information."),
        ("enclosure", "Report enclosure information."),
        ("pdisk", "Report physical disk information."),
        ("vdisk", "Report virtual disk information."),
    ];
    /// `omreport system -?` (the subcommands the simulator answers).
    pub const OMREPORT_SYSTEM_COMMANDS: &[(&str, &str)] = &[
        ("alertlog", "Report the alert log."),
        ("esmlog", "Report the hardware (ESM) log."),
        (
            "version",
            "Report the versions of the software and firmware.",
        ),
    ];
    /// `omreport chassis -?`: no chassis component report is simulated beyond the summary.
    pub const OMREPORT_CHASSIS_COMMANDS: &[(&str, &str)] = &[];
    /// `omconfig -?`.
    pub const OMCONFIG_COMMANDS: &[(&str, &str)] =
        &[("storage", "Storage component configuration.")];
    /// `omconfig storage -?`.
    pub const OMCONFIG_STORAGE_COMMANDS: &[(&str, &str)] = &[
        ("controller", "Configure a controller."),
        ("pdisk", "Configure a physical disk."),
        ("vdisk", "Configure a virtual disk."),
    ];
    /// `omreport storage connector` `Connector Type` and `Termination`.
    pub const CONNECTOR_TYPE: &str = "SAS";
    /// Heading of `omreport storage pdisk controller=N vdisk=M`; `{x}` is the VD's name. The
    /// phrase is quoted in operators' notes ("List of Physical Disks belonging to Virtual Disk
    /// 5"); the exact line layout around it is not confirmed by a capture.
    pub const PDISKS_OF_VDISK: &str = "List of Physical Disks belonging to {x}";
    /// `omconfig` command forms raidctl sends and the simulator answers that no capture or
    /// the reference confirms verbatim (captured: `storage controller
    /// action=clearforeignconfig`, `storage vdisk action=replacememberdisk`, `storage pdisk
    /// action=remove`; cited from public notes: `blink`, `unblink`, `offline`, `online`,
    /// `rebuild`, `assignglobalhotspare ... assign=yes`). Each entry is `object action`.
    pub const UNCONFIRMED_ACTIONS: &[&str] = &[
        "vdisk assigndedicatedhotspare",
        "pdisk cancelrebuild",
        "controller importforeignconfig",
        "vdisk changepolicy",
    ];

    /// Reason for an MFI status.
    pub fn reason(code: u32) -> &'static str {
        match code {
            0x01 => "Physical disk is not in a state that permits this operation.",
            0x32 => "Physical disk is not in a state that permits this operation.",
            0x03 => "Invalid parameter.",
            0x0c => "Physical disk not found.",
            0x0d => "Physical disk is too small.",
            0x1b => "Virtual disk is not in a state that permits this operation.",
            0x22 => "Required hardware is not present.",
            0x26 => "Physical disk type does not match.",
            0x54 => "The controller has preserved cache for offline or missing virtual disks.",
            0x83 => "Physical disk is prepared for removal.",
            _ => "The operation failed.",
        }
    }
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
    ("LD_DISK_CACHE_SET", LD_DISK_CACHE_SET),
    ("LD_NAME_SET", LD_NAME_SET),
    ("LD_WRITE_POLICY_SET", LD_WRITE_POLICY_SET),
    ("LD_READ_POLICY_SET", LD_READ_POLICY_SET),
    ("LD_IO_POLICY_SET", LD_IO_POLICY_SET),
    ("LD_BAD_BBU_SET", LD_BAD_BBU_SET),
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
    ("SECONDS_SINCE_REBOOT", SECONDS_SINCE_REBOOT),
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
    ("event:TIME_ESTABLISHED", events::TIME_ESTABLISHED),
    ("event:CACHE_DISCARDED", events::CACHE_DISCARDED),
    ("event:CACHE_PINNED", events::CACHE_PINNED),
    ("event:PREDICTIVE", events::PREDICTIVE),
    ("event:SETTING_CHANGED", events::SETTING_CHANGED),
    ("event:POLICY_CHANGE", events::POLICY_CHANGE),
    ("event:REBUILD_PROGRESS", events::REBUILD_PROGRESS),
    ("event:COPYBACK_PROGRESS", events::COPYBACK_PROGRESS),
    ("event:BGI_PROGRESS", events::BGI_PROGRESS),
    ("event:BBU_CHARGE", events::BBU_CHARGE),
    ("event:PREDICTIVE_CLEARED", events::PREDICTIVE_CLEARED),
    ("event:BAD_BLOCKS", events::BAD_BLOCKS),
    ("read:PD_GET_NUM", read::PD_GET_NUM),
    ("read:ADP_TIME", read::ADP_TIME),
    ("read:LD_ACCESS", read::LD_ACCESS),
    ("read:LD_NAME", read::LD_NAME),
    ("read:LD_DISK_CACHE", read::LD_DISK_CACHE),
    ("read:LD_POWER_SAVING", read::LD_POWER_SAVING),
    ("read:ENC_STATUS_HEADER", read::ENC_STATUS_HEADER),
    ("read:ENC_STATUS", read::ENC_STATUS),
    ("read:PHY_COUNTERS", read::PHY_COUNTERS),
    ("read:FREE_SPACE", read::FREE_SPACE),
    ("read:NOT_IN_CLEAR", read::NOT_IN_CLEAR),
    ("read:LD_NOT_IN_PROGRESS", read::LD_NOT_IN_PROGRESS),
    ("read:PATROL_READ", read::PATROL_READ),
    ("read:CC_SCHEDULE", read::CC_SCHEDULE),
    ("read:DIRECT_PD_MAPPING", read::DIRECT_PD_MAPPING),
    ("read:PROPERTY_VALUE", read::PROPERTY_VALUE),
    ("read:VERSION_CTRL", read::VERSION_CTRL),
    ("read:VERSION_DRIVER", read::VERSION_DRIVER),
    ("read:VERSION_PD", read::VERSION_PD),
    ("read:VERSION_PD_HEADER", read::VERSION_PD_HEADER),
    (
        "storcli:CONTROLLER_NOT_FOUND",
        storcli::CONTROLLER_NOT_FOUND,
    ),
    ("storcli:SYNTAX_ERROR", storcli::SYNTAX_ERROR),
    ("storcli:ENCLOSURE_NOT_FOUND", storcli::ENCLOSURE_NOT_FOUND),
    ("storcli:VD_NOT_FOUND", storcli::VD_NOT_FOUND),
    ("storcli:VD_NOT_FOUND_MSG", storcli::VD_NOT_FOUND_MSG),
    ("storcli:DELETE_VD_FAILED", storcli::DELETE_VD_FAILED),
    ("storcli:NO_PRESERVED_CACHE", storcli::NO_PRESERVED_CACHE),
    ("storcli:CACHE_DISCARDED", storcli::CACHE_DISCARDED),
    (
        "storcli:CACHE_DISCARD_FAILED",
        storcli::CACHE_DISCARD_FAILED,
    ),
    ("storcli:NO_CACHE_FOR_VD", storcli::NO_CACHE_FOR_VD),
    ("storcli:NO_BATTERY", storcli::NO_BATTERY),
    ("storcli:USE_BBU", storcli::USE_BBU),
    ("storcli:FOREIGN_PREVIEW", storcli::FOREIGN_PREVIEW),
    ("storcli:FAILED", storcli::FAILED),
    ("storcli:SHOW_COPYBACK", storcli::SHOW_COPYBACK),
    ("storcli:DRIVE_NOT_FOUND", storcli::DRIVE_NOT_FOUND),
    ("storcli:SET_OFFLINE_FAILED", storcli::SET_OFFLINE_FAILED),
    ("storcli:SET_ONLINE", storcli::SET_ONLINE),
    ("storcli:SET_ONLINE_FAILED", storcli::SET_ONLINE_FAILED),
    ("storcli:SET_MISSING", storcli::SET_MISSING),
    ("storcli:SET_MISSING_FAILED", storcli::SET_MISSING_FAILED),
    ("storcli:INSERT", storcli::INSERT),
    ("storcli:INSERT_FAILED", storcli::INSERT_FAILED),
    ("storcli:INSERT_ARGS", storcli::INSERT_ARGS),
    ("storcli:START_REBUILD", storcli::START_REBUILD),
    (
        "storcli:START_REBUILD_FAILED",
        storcli::START_REBUILD_FAILED,
    ),
    ("storcli:STOP_REBUILD", storcli::STOP_REBUILD),
    ("storcli:STOP_REBUILD_FAILED", storcli::STOP_REBUILD_FAILED),
    ("storcli:START_LOCATE", storcli::START_LOCATE),
    ("storcli:START_LOCATE_FAILED", storcli::START_LOCATE_FAILED),
    ("storcli:STOP_LOCATE", storcli::STOP_LOCATE),
    ("storcli:STOP_LOCATE_FAILED", storcli::STOP_LOCATE_FAILED),
    ("storcli:START_COPYBACK", storcli::START_COPYBACK),
    (
        "storcli:START_COPYBACK_FAILED",
        storcli::START_COPYBACK_FAILED,
    ),
    ("storcli:COPYBACK_TARGET", storcli::COPYBACK_TARGET),
    ("storcli:STOP_COPYBACK", storcli::STOP_COPYBACK),
    (
        "storcli:STOP_COPYBACK_FAILED",
        storcli::STOP_COPYBACK_FAILED,
    ),
    ("storcli:ADD_HSP_FAILED", storcli::ADD_HSP_FAILED),
    ("storcli:DELETE_HSP", storcli::DELETE_HSP),
    ("storcli:DELETE_HSP_FAILED", storcli::DELETE_HSP_FAILED),
    ("storcli:SPIN_DOWN_FAILED", storcli::SPIN_DOWN_FAILED),
    ("storcli:INVALID_VALUE", storcli::INVALID_VALUE),
    ("storcli:ADD_VD_ARGS", storcli::ADD_VD_ARGS),
    ("storcli:TERMLOG_HEADER", storcli::TERMLOG_HEADER),
    ("storcli:ALILOG_HEADER", storcli::ALILOG_HEADER),
    ("storcli:ALILOG_LINE", storcli::ALILOG_LINE),
    ("storcli:PHY_COUNTERS", storcli::PHY_COUNTERS),
    ("storcli:SNAPDUMP_PROPERTIES", storcli::SNAPDUMP_PROPERTIES),
    ("storcli:NO_SNAPDUMP", storcli::NO_SNAPDUMP),
    (
        "storcli:EVENT_LOG_INFO_SECTION",
        storcli::EVENT_LOG_INFO_SECTION,
    ),
    ("omsa:INVALID_COMMAND", omsa::INVALID_COMMAND),
    ("omsa:SLOT_ID", omsa::SLOT_ID),
    ("omsa:INVALID_CONTROLLER", omsa::INVALID_CONTROLLER),
    ("omsa:PDISK_NEEDS_CONTROLLER", omsa::PDISK_NEEDS_CONTROLLER),
    ("omsa:MISSING_ACTION", omsa::MISSING_ACTION),
    ("omsa:MISSING_CONTROLLER", omsa::MISSING_CONTROLLER),
    ("omsa:MISSING_PARAMETER", omsa::MISSING_PARAMETER),
    ("omsa:INVALID_PDISK", omsa::INVALID_PDISK),
    ("omsa:INVALID_VDISK", omsa::INVALID_VDISK),
    ("omsa:DISCARD_FOREIGN", omsa::DISCARD_FOREIGN),
    ("omsa:DISCARD_OFFLINE_VD", omsa::DISCARD_OFFLINE_VD),
    ("omsa:NO_PRESERVED_CACHE", omsa::NO_PRESERVED_CACHE),
    ("omsa:NOT_A_MEMBER", omsa::NOT_A_MEMBER),
    ("omsa:NO_FOREIGN", omsa::NO_FOREIGN),
    ("omsa:SIZE_MAX_ONLY", omsa::SIZE_MAX_ONLY),
    ("omsa:FAILED", omsa::FAILED),
    ("omsa:NO_VDISKS", omsa::NO_VDISKS),
    ("omsa:ABOUT", omsa::ABOUT),
    ("omsa:VERSION", omsa::VERSION),
    ("omsa:ALERTLOG_HEADER", omsa::ALERTLOG_HEADER),
    ("omsa:ALERT_CATEGORY", omsa::ALERT_CATEGORY),
    ("omsa:ALERT_ID", omsa::ALERT_ID),
    ("omsa:ESMLOG_HEADER", omsa::ESMLOG_HEADER),
    ("omsa:ESMLOG_EMPTY", omsa::ESMLOG_EMPTY),
    ("omsa:CHASSIS_HEADER", omsa::CHASSIS_HEADER),
    ("omsa:VERSION_HEADER", omsa::VERSION_HEADER),
    ("omsa:CONNECTOR_TYPE", omsa::CONNECTOR_TYPE),
    ("omsa:PDISKS_OF_VDISK", omsa::PDISKS_OF_VDISK),
    ("omsa:INVALID_FORMAT", omsa::INVALID_FORMAT),
    ("omsa:CDV_DELIMITER", omsa::CDV_DELIMITER),
    ("omsa:TBL_SEPARATOR", omsa::TBL_SEPARATOR),
    ("omsa:XML_ROOT", omsa::XML_ROOT),
    ("storcli:STORCLI_NAME", storcli::STORCLI_NAME),
    ("storcli:STORCLI2_NAME", storcli::STORCLI2_NAME),
    (
        "storcli:NEW_OVERVIEW_LEGEND_FROM",
        storcli::NEW_OVERVIEW_LEGEND_FROM,
    ),
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
