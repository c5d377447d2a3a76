//! The guards, audited against how operators lose data (the reference's loss modes 1–13 and
//! the expert pre-checks per workflow step). [`RULES`] is the table: one row per guard with
//! its id, kind, message, override and the tests that fail when the guard is removed; rows of
//! kind [`Kind::NotGuarded`] say why raidctl deliberately does not guard. README "Safety"
//! carries the same table (a unit test keeps them equal).
//!
//! Every message a guard prints starts with `[rule-id]`, so an operator can look it up and a
//! test can tell which guard spoke.

use crate::backend::snapshot::Snapshot;
use crate::model::{
    BatteryState, DriveAddress, Event, FirmwareState, LdState, LogicalDrive, PhysicalDrive,
    Progress, ProgressKind,
};

/// How serious a pre-check finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// For information.
    Info,
    /// Needs the operator's attention; confirmation covers it.
    Warn,
    /// raidctl will not proceed.
    Refuse,
}

/// One pre-check result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Severity.
    pub level: Level,
    /// Rule id from [`RULES`] (empty for plain information).
    pub rule: &'static str,
    /// What was found, starting with `[rule]` when there is a rule.
    pub text: String,
}

impl Check {
    /// A finding of `rule`: the text gets the `[rule]` prefix.
    pub fn new(level: Level, rule: &'static str, text: impl Into<String>) -> Self {
        let text = text.into();
        Self {
            level,
            rule,
            text: if rule.is_empty() {
                text
            } else {
                format!("[{rule}] {text}")
            },
        }
    }
}

/// What a guard does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The step does not run (an override may exist).
    Refuse,
    /// Shown before the confirmation.
    Warn,
    /// A running workflow stops safely, with what to do next.
    Stop,
    /// A health finding is raised in severity.
    Escalate,
    /// Deliberately no guard; the message says why.
    NotGuarded,
}

impl Kind {
    /// The word in the README table.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Refuse => "refuse",
            Kind::Warn => "warn",
            Kind::Stop => "stop",
            Kind::Escalate => "escalate",
            Kind::NotGuarded => "not guarded",
        }
    }
}

/// One row of the rule table.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Stable id, printed as `[id]` in front of the message.
    pub id: &'static str,
    /// Reference sections answered: `3.1.N` loss modes, `3.2 STEP` pre-check rows.
    pub covers: &'static [&'static str],
    /// The loss mode in a few words.
    pub loss: &'static str,
    /// What the guard does.
    pub kind: Kind,
    /// Where it applies and what it says (for not-guarded rows: why not).
    pub message: &'static str,
    /// The override, when one exists (`--yes` alone never is one).
    pub overrides: &'static str,
    /// Tests (`file::function`) that fail when the guard is removed. Functions of
    /// `tests/integration/guards.rs` run through both the MegaCli and the storcli front end.
    pub tests: &'static [&'static str],
}

/// Refuse: offlining this member takes its VD offline (RAID 0, degraded RAID 1/5/10/50).
pub const OFFLINE_BREAKS_VD: &str = "offline-breaks-vd";
/// Refuse: another member of the VD is already down.
pub const OFFLINE_PEER_DOWN: &str = "offline-peer-down";
/// Refuse: the target is not a drive a replacement applies to.
pub const TARGET_NOT_REPLACEABLE: &str = "target-not-replaceable";
/// Refuse: the serial typed (or `--serial`) is not the drive's.
pub const SERIAL_CONFIRM: &str = "serial-confirm";
/// Stop: another drive than the target left its bay.
pub const WRONG_DRIVE_PULLED: &str = "wrong-drive-pulled";
/// Stop: the replacement is too small, of the wrong type, foreign or has errors.
pub const NEW_DRIVE_UNSUITABLE: &str = "new-drive-unsuitable";
/// Stop: `-PdGetMissing` and `-CfgDsply` disagree about the row to fill.
pub const MISSING_ROW_MISMATCH: &str = "missing-row-mismatch";
/// Refuse: foreign clear while a VD waits for missing drives.
pub const FOREIGN_CLEAR_WAITING: &str = "foreign-clear-waiting";
/// Refuse: foreign clear while preserved cache exists.
pub const FOREIGN_CLEAR_PINNED: &str = "foreign-clear-pinned";
/// Refuse: VD create while preserved cache exists.
pub const LD_CREATE_PINNED: &str = "ld-create-pinned-cache";
/// Refuse: VD create over drives that are not Unconfigured(good) without foreign metadata.
pub const LD_CREATE_DRIVES: &str = "ld-create-drives";
/// Warn: other members have media errors, predictive failures or a S.M.A.R.T alert.
pub const PEER_ERRORS: &str = "peer-errors";
/// Warn: the event log shows punctures, unexpected sense or medium errors on other members.
pub const EVENT_LOG_DAMAGE: &str = "event-log-damage";
/// Warn: the event log could not be read.
pub const EVENT_LOG_UNREAD: &str = "event-log-unread";
/// Refuse: the VD reports bad blocks.
pub const VD_BAD_BLOCKS: &str = "vd-bad-blocks";
/// Escalate: errors on an online member of a VD that already lost redundancy.
pub const MEMBER_AT_RISK: &str = "member-at-risk";
/// Warn: RAID 5 over many drives.
pub const RAID5_MANY_DRIVES: &str = "raid5-many-drives";
/// Warn: a new spare starts rebuilding at once.
pub const SPARE_STARTS_REBUILD: &str = "spare-starts-rebuild";
/// Warn: the spare is smaller than a member it protects.
pub const SPARE_TOO_SMALL: &str = "spare-too-small";
/// Warn: the battery is not healthy and a VD uses write-back.
pub const BBU_WRITE_BACK: &str = "bbu-write-back";
/// Refuse: a rebuild, copyback or other operation runs on the adapter.
pub const ONE_AT_A_TIME: &str = "one-at-a-time";
/// Refuse: background initialisation of the VD has not finished.
pub const BGI_INCOMPLETE: &str = "bgi-incomplete";
/// Refuse: force-online of a drive that is not the most recently failed member of an
/// offline VD.
pub const FORCE_ONLINE_NOT_LATEST: &str = "force-online-not-latest";
/// Warn: disabling the alarm persists.
pub const ALARM_DISABLE: &str = "alarm-disable";

/// The table: every loss mode of the reference's section 3.1 and every pre-check row of 3.2
/// is covered by at least one row (a unit test checks it).
pub const RULES: &[Rule] = &[
    Rule {
        id: OFFLINE_BREAKS_VD,
        covers: &["3.1.1", "3.2 offline"],
        loss: "offlining a member takes the VD offline",
        kind: Kind::Refuse,
        message: "replace-drive, pd offline: a RAID 0 member, or a member of a span that has no redundancy left (\"would destroy the array\")",
        overrides: "",
        tests: &[
            "workflows::refuses_to_offline_a_member_of_a_degraded_vd",
            "workflows::refuses_to_offline_a_member_of_a_degraded_vd_storcli",
        ],
    },
    Rule {
        id: OFFLINE_PEER_DOWN,
        covers: &["3.1.1", "3.1.11", "3.2 offline"],
        loss: "offlining a healthy member while another is down",
        kind: Kind::Refuse,
        message: "replace-drive, pd offline: another member of the VD is failed, offline, missing or rebuilding: \"replace the failed member [E:S] first\"",
        overrides: "--accept-no-redundancy VD (names the VD; --yes alone never)",
        tests: &["guards::raid6_predictive_with_failed_member"],
    },
    Rule {
        id: TARGET_NOT_REPLACEABLE,
        covers: &["3.2 identify"],
        loss: "replacing a drive that is not a failed or failing member",
        kind: Kind::Refuse,
        message: "replace-drive: hot spares, Unconfigured(good) and JBOD drives, Unconfigured(bad) drives no VD waits for, rebuilding drives",
        overrides: "",
        tests: &["guards::target_not_replaceable"],
    },
    Rule {
        id: SERIAL_CONFIRM,
        covers: &["3.1.1", "3.1.2", "3.2 identify"],
        loss: "wrong drive: slot, Device Id and E:S confused",
        kind: Kind::Refuse,
        message: "every destructive drive step: the operator types the serial on the label of the blinking bay (--yes needs --serial SERIAL); plans show E:S, Device Id and serial",
        overrides: "",
        tests: &[
            "workflows::unattended_run_needs_the_right_serial",
            "workflows::unattended_run_needs_the_right_serial_storcli",
        ],
    },
    Rule {
        id: WRONG_DRIVE_PULLED,
        covers: &["3.1.1", "3.2 pull"],
        loss: "the wrong drive pulled",
        kind: Kind::Stop,
        message: "replace-drive while waiting for the pull: another drive's serial left its bay: \"put it back into the same bay now\"",
        overrides: "",
        tests: &["workflows::replace_drive_fault_matrix"],
    },
    Rule {
        id: "enclosure-ids",
        covers: &["3.1.3"],
        loss: "enclosure id surprises",
        kind: Kind::NotGuarded,
        message: "nothing to refuse: enclosure ids are read from the controller on every run, never assumed (N/A enclosures are addressed [:S]); the serial confirmation catches a wrong bay",
        overrides: "",
        tests: &[],
    },
    Rule {
        id: FOREIGN_CLEAR_WAITING,
        covers: &["3.1.4", "3.2 foreign-clear"],
        loss: "clearing a foreign config that held the only copy",
        kind: Kind::Refuse,
        message: "foreign clear while -PdGetMissing lists rows: \"import it instead\"; the clear itself needs the typed word clear-INDEX",
        overrides: "--i-understand-data-loss INDEX",
        tests: &[
            "workflows::foreign_workflows",
            "workflows::foreign_workflows_storcli",
        ],
    },
    Rule {
        id: FOREIGN_CLEAR_PINNED,
        covers: &["3.1.5", "3.2 foreign-clear"],
        loss: "discarding pinned (preserved) cache",
        kind: Kind::Refuse,
        message: "foreign clear while preserved cache exists: importing brings that data back, clearing loses it (raidctl has no discard command; tested through MegaCli: the simulator's storcli front end does not show preserved cache yet)",
        overrides: "--i-understand-data-loss INDEX",
        tests: &["guards::pinned_cache"],
    },
    Rule {
        id: LD_CREATE_PINNED,
        covers: &["3.1.5", "3.2 ld-create"],
        loss: "discarding pinned cache to create a VD",
        kind: Kind::Refuse,
        message: "ld create while the adapter holds preserved cache (the firmware's 0x54)",
        overrides: "",
        tests: &["guards::pinned_cache"],
    },
    Rule {
        id: LD_CREATE_DRIVES,
        covers: &["3.1.8", "3.2 ld-create"],
        loss: "creating over drives in use (JBOD, foreign, members)",
        kind: Kind::Refuse,
        message: "ld create: every drive Unconfigured(good) without foreign metadata",
        overrides: "",
        tests: &[
            "workflows::ld_create_and_delete",
            "workflows::ld_create_and_delete_storcli",
        ],
    },
    Rule {
        id: PEER_ERRORS,
        covers: &["3.1.6", "3.2 offline"],
        loss: "a rebuild reads a weak member and punctures the array",
        kind: Kind::Warn,
        message: "replace-drive, pd offline: another member has media errors, predictive failures or a S.M.A.R.T alert",
        overrides: "",
        tests: &["guards::peer_errors"],
    },
    Rule {
        id: EVENT_LOG_DAMAGE,
        covers: &["3.1.6", "3.2 offline", "3.2 rebuild", "3.2 hot-spare"],
        loss: "punctures spread by a rebuild",
        kind: Kind::Warn,
        message: "replace-drive, pd offline, rebuild start, hotspare add: the event log since the VD's last completed rebuild has Puncturing / Unexpected sense / medium error entries on other members (quoted)",
        overrides: "",
        tests: &["guards::event_log_damage"],
    },
    Rule {
        id: EVENT_LOG_UNREAD,
        covers: &["3.1.6"],
        loss: "a damage check that silently did not run",
        kind: Kind::Warn,
        message: "the event log could not be read (or the backend cannot read it): said so, never taken as clean",
        overrides: "",
        tests: &["guards::event_log_unread"],
    },
    Rule {
        id: VD_BAD_BLOCKS,
        covers: &["3.1.6", "3.2 offline", "3.2 rebuild"],
        loss: "rebuilding a punctured VD",
        kind: Kind::Refuse,
        message: "replace-drive, pd offline, rebuild start: the VD reports Bad Blocks Exist: Yes (MegaCli; storcli does not report it, the event-log rule stands in)",
        overrides: "",
        tests: &["guards::vd_bad_blocks"],
    },
    Rule {
        id: MEMBER_AT_RISK,
        covers: &["3.1.1", "3.1.6"],
        loss: "the next failure of a weak member loses data",
        kind: Kind::Escalate,
        message: "status/check/metrics: pd-predictive-failure, pd-smart-alert and pd-media-errors are CRITICAL on an online member of a VD that already lost redundancy (WARNING on a healthy VD)",
        overrides: "",
        tests: &["guards::raid6_predictive_with_failed_member"],
    },
    Rule {
        id: "same-cohort",
        covers: &["3.1.7"],
        loss: "same-cohort drives fail together",
        kind: Kind::NotGuarded,
        message: "the controller does not report purchase batches or power-on hours per bay reliably; raid5-many-drives points at RAID 6 instead",
        overrides: "",
        tests: &[],
    },
    Rule {
        id: RAID5_MANY_DRIVES,
        covers: &["3.1.7", "3.2 ld-create"],
        loss: "a second failure during a long RAID 5 rebuild",
        kind: Kind::Warn,
        message: "ld create: RAID 5 over more than six drives: \"RAID 6 tolerates two\"",
        overrides: "",
        tests: &["guards::raid5_many_drives"],
    },
    Rule {
        id: NEW_DRIVE_UNSUITABLE,
        covers: &["3.1.4", "3.1.8", "3.2 insert"],
        loss: "an unsuitable replacement drive",
        kind: Kind::Stop,
        message: "replace-drive after the insert: too small, SAS/SATA mismatch, foreign metadata (never cleared on its own), own media or predictive errors",
        overrides: "",
        tests: &["workflows::replace_drive_fault_matrix"],
    },
    Rule {
        id: SPARE_STARTS_REBUILD,
        covers: &["3.1.9", "3.2 hot-spare"],
        loss: "a new spare grabbed by a rebuild",
        kind: Kind::Warn,
        message: "hotspare add while a protected VD is not optimal: the spare starts rebuilding at once; replace-drive says what auto-rebuild and hot spares will do",
        overrides: "",
        tests: &["guards::spare_starts_rebuild"],
    },
    Rule {
        id: SPARE_TOO_SMALL,
        covers: &["3.2 hot-spare"],
        loss: "a spare that cannot replace the drive it protects",
        kind: Kind::Warn,
        message: "hotspare add: smaller than the largest member it protects; only Unconfigured(good) drives without foreign metadata are accepted",
        overrides: "",
        tests: &["guards::spare_too_small"],
    },
    Rule {
        id: BBU_WRITE_BACK,
        covers: &["3.1.10", "3.2 rebuild", "3.2 hot-spare"],
        loss: "write-back without a healthy battery",
        kind: Kind::Warn,
        message: "replace-drive, rebuild start, hotspare add: battery not healthy and a VD set to write-back: names the policy it falls back to (WriteThrough, or unprotected write-back with Write Cache OK if Bad BBU)",
        overrides: "",
        tests: &["guards::bbu_write_back"],
    },
    Rule {
        id: ONE_AT_A_TIME,
        covers: &["3.1.11", "3.2 offline"],
        loss: "doing two things at once",
        kind: Kind::Refuse,
        message: "replace-drive, pd offline: a rebuild, copyback, reconstruction or consistency check runs on the adapter: \"replace one drive at a time\"",
        overrides: "",
        tests: &["guards::one_at_a_time"],
    },
    Rule {
        id: BGI_INCOMPLETE,
        covers: &["3.1.11", "3.2 offline", "3.2 ld-create"],
        loss: "a failure before parity is valid",
        kind: Kind::Refuse,
        message: "replace-drive, pd offline: background initialisation of the VD has not reached 100%: parity is not valid yet",
        overrides: "",
        tests: &["guards::bgi_incomplete"],
    },
    Rule {
        id: FORCE_ONLINE_NOT_LATEST,
        covers: &["3.1.12"],
        loss: "force-online of a stale drive",
        kind: Kind::Refuse,
        message: "pd online: only the most recently failed member of an offline VD, by event-log sequence number; otherwise the reason (VD not offline: rebuild instead; a later failure: that drive; no event: unknown order); allowed runs warn FORCE ONLINE",
        overrides: "",
        tests: &["guards::force_online"],
    },
    Rule {
        id: MISSING_ROW_MISMATCH,
        covers: &["3.1.13", "3.2 replace-missing"],
        loss: "a remembered recipe instead of live state",
        kind: Kind::Stop,
        message: "replace-drive: Array/Row only from -PdGetMissing, cross-checked with -CfgDsply; no row, several rows or a disagreement stops (\"refusing to guess\")",
        overrides: "",
        tests: &["replace::tests::missing_row_must_match_the_configuration"],
    },
    Rule {
        id: "backup-status",
        covers: &["3.2 pull"],
        loss: "no backup when a rebuild fails",
        kind: Kind::NotGuarded,
        message: "raidctl cannot see backups; peer-errors and event-log-damage say \"back up first\" where it matters",
        overrides: "",
        tests: &[],
    },
    Rule {
        id: ALARM_DISABLE,
        covers: &["3.2 alarm"],
        loss: "an alarm disabled instead of fixed",
        kind: Kind::Warn,
        message: "adapter alarm disable: persists across reboots, silence only quiets the current alarm; battery-warning disable: a failed battery goes unnoticed at boot",
        overrides: "",
        tests: &["guards::alarm_disable"],
    },
];

/// The table row of `id`.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

/// Whether a member in this state counts as down (its redundancy is gone or being rebuilt).
fn is_down(state: Option<&FirmwareState>) -> bool {
    !matches!(state, Some(FirmwareState::Online))
}

/// The spans of `ld` as rows of `(address, state)`; a missing row has no address. Falls back
/// to the member list as one span when the configuration shows no group for the VD.
pub fn vd_spans(
    snap: &Snapshot,
    ld: &LogicalDrive,
) -> Vec<Vec<(Option<DriveAddress>, Option<FirmwareState>)>> {
    let state = |a: DriveAddress| snap.drive(ld.adapter, a).map(|d| d.firmware_state.clone());
    let group = snap.disk_groups.iter().find(|g| {
        g.adapter == ld.adapter
            && (g.logical_drives.contains(&ld.target_id) || ld.disk_group == Some(g.index))
    });
    match group {
        Some(g) if g.spans.iter().any(|s| !s.rows.is_empty()) => g
            .spans
            .iter()
            .map(|s| {
                s.rows
                    .iter()
                    .map(|r| (r.drive, r.drive.and_then(state)))
                    .collect()
            })
            .collect(),
        _ => vec![ld.members.iter().map(|m| (Some(*m), state(*m))).collect()],
    }
}

/// `[32:4] failed`, `array row missing`: what is down in a VD other than `except`.
fn down_members(snap: &Snapshot, ld: &LogicalDrive, except: DriveAddress) -> Vec<String> {
    vd_spans(snap, ld)
        .into_iter()
        .flatten()
        .filter(|(a, s)| *a != Some(except) && is_down(s.as_ref()))
        .map(|(a, s)| match (a, s) {
            (Some(a), Some(s)) => format!("{a} ({s})"),
            (Some(a), None) => format!("{a} (missing)"),
            (None, _) => "a missing row".to_owned(),
        })
        .collect()
}

/// Guards for taking the online member `pd` of `ld` offline: [`OFFLINE_BREAKS_VD`] and
/// [`OFFLINE_PEER_DOWN`]. `accept` is the VD named by `--accept-no-redundancy`.
pub fn offline_member(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    ld: &LogicalDrive,
    accept: Option<u32>,
) -> Vec<Check> {
    let addr = pd.address();
    let Some(tolerated) = ld.raid_level.tolerated_failures_per_span() else {
        return vec![Check::new(
            Level::Refuse,
            OFFLINE_BREAKS_VD,
            format!(
                "VD {} has an unknown RAID level; raidctl cannot tell what offlining does",
                ld.target_id
            ),
        )];
    };
    if tolerated == 0 {
        return vec![Check::new(
            Level::Refuse,
            OFFLINE_BREAKS_VD,
            format!(
                "VD {} is {}: it has no redundancy, taking {addr} offline takes the VD offline and would destroy the array",
                ld.target_id, ld.raid_level
            ),
        )];
    }
    let spans = vd_spans(snap, ld);
    let span = spans
        .iter()
        .find(|s| s.iter().any(|(a, _)| *a == Some(addr)))
        .cloned()
        .unwrap_or_default();
    let lost_in_span = span
        .iter()
        .filter(|(a, s)| *a != Some(addr) && is_down(s.as_ref()))
        .count()
        + 1;
    let down = down_members(snap, ld, addr);
    if lost_in_span > usize::try_from(tolerated).unwrap_or(0) || ld.state == LdState::Offline {
        return vec![Check::new(
            Level::Refuse,
            OFFLINE_BREAKS_VD,
            format!(
                "VD {} is {} and {addr} is one of its online members: taking it offline would destroy the array (down already: {}). Replace the failed member first.",
                ld.target_id,
                ld.state,
                if down.is_empty() {
                    "none".to_owned()
                } else {
                    down.join(", ")
                }
            ),
        )];
    }
    if !down.is_empty() {
        let first = down.first().cloned().unwrap_or_default();
        let text = format!(
            "VD {} ({}, {}) already has {} down: taking {addr} offline too leaves {}. Replace the failed member {} first (`raidctl replace-drive` on it), then this one.",
            ld.target_id,
            ld.raid_level,
            ld.state,
            down.join(", "),
            if lost_in_span == usize::try_from(tolerated).unwrap_or(0) {
                "no redundancy at all: one more error loses data"
            } else {
                "less redundancy than the array was built for"
            },
            first.split(' ').next().unwrap_or(&first)
        );
        if accept == Some(ld.target_id) {
            return vec![Check::new(
                Level::Warn,
                OFFLINE_PEER_DOWN,
                format!(
                    "{text} Overridden with --accept-no-redundancy {}.",
                    ld.target_id
                ),
            )];
        }
        return vec![Check::new(
            Level::Refuse,
            OFFLINE_PEER_DOWN,
            format!(
                "{text} To take the risk anyway, pass --accept-no-redundancy {}",
                ld.target_id
            ),
        )];
    }
    vec![Check::new(
        Level::Info,
        "",
        format!(
            "VD {} ({}, {}) will run without full redundancy from the offline until the rebuild ends",
            ld.target_id, ld.raid_level, ld.state
        ),
    )]
}

/// [`PEER_ERRORS`]: error counters of the other members of `ld`.
pub fn peer_errors(snap: &Snapshot, ld: &LogicalDrive, except: DriveAddress) -> Vec<Check> {
    let mut v = Vec::new();
    for m in ld.members.iter().filter(|m| **m != except) {
        let Some(d) = snap.drive(ld.adapter, *m) else {
            continue;
        };
        let mut bad = Vec::new();
        if let Some(n) = d.media_error_count.filter(|n| *n > 0) {
            bad.push(format!("{n} media errors"));
        }
        if let Some(n) = d.predictive_failure_count.filter(|n| *n > 0) {
            bad.push(format!("{n} predictive failures"));
        }
        if d.smart_alert == Some(true) {
            bad.push("a S.M.A.R.T alert".to_owned());
        }
        if !bad.is_empty() {
            v.push(Check::new(
                Level::Warn,
                PEER_ERRORS,
                format!(
                    "member {m} ({}) has {}: a rebuild reads every sector of it and may puncture the array; back up first",
                    d.serial.as_deref().unwrap_or("?"),
                    bad.join(", ")
                ),
            ));
        }
    }
    v
}

/// [`VD_BAD_BLOCKS`].
pub fn bad_blocks(ld: &LogicalDrive) -> Option<Check> {
    (ld.bad_blocks_exist == Some(true)).then(|| {
        Check::new(
            Level::Refuse,
            VD_BAD_BLOCKS,
            format!(
                "VD {} reports bad blocks (punctured stripes): a rebuild copies them onto the new drive. Back up, then follow the vendor's puncture procedure (replace every failing drive, recreate, full initialisation, restore)",
                ld.target_id
            ),
        )
    })
}

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

/// [`EVENT_LOG_DAMAGE`]: damage entries naming other members of `ld` since the last completed
/// rebuild of one of its members; [`EVENT_LOG_UNREAD`] when there is no log to read.
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
                EVENT_LOG_UNREAD,
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
        EVENT_LOG_DAMAGE,
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

/// Whether a battery counts as healthy for a rebuild (a learn cycle does not: write-back VDs
/// fall back meanwhile too).
fn bbu_healthy(b: &crate::model::Bbu) -> bool {
    b.state == BatteryState::Optimal
        && b.replacement_required != Some(true)
        && b.about_to_fail != Some(true)
        && b.soh_good != Some(false)
}

/// `(write-back configured, write-back kept with a bad BBU)` of a VD, when known.
fn write_policy(ld: &LogicalDrive) -> Option<(bool, bool)> {
    let squash = crate::model::squash_text;
    if let Some(p) = ld.default_cache_policy.as_deref().or(ld
        .extra
        .get("Write Cache(initial setting)")
        .map(String::as_str))
    {
        let first = squash(p.split(',').next().unwrap_or(""));
        let forced = squash(p).contains("writecacheokifbadbbu") || first == "alwayswriteback";
        return Some((
            first.contains("writeback") || first == "wb" || forced,
            forced,
        ));
    }
    let cur = ld.current_cache_policy.as_deref()?;
    let s = squash(cur);
    if s.contains("writeback") || s.contains("writethrough") {
        let forced = s.contains("writecacheokifbadbbu");
        return Some((s.starts_with("writeback") || forced, forced));
    }
    // storcli codes: R/NR, AWB/WB/WT, C/D.
    let up = cur.to_ascii_uppercase();
    Some((up.contains("WB"), up.contains("AWB")))
}

/// [`BBU_WRITE_BACK`]: a battery that is not healthy while VDs on the adapter are set to
/// write-back; names the policy each falls back to.
pub fn bbu_write_back(snap: &Snapshot, adapter: u32, vds: Option<&[u32]>) -> Vec<Check> {
    let Some(b) = snap
        .bbus
        .iter()
        .find(|b| b.adapter == adapter && !b.status_failed)
    else {
        return Vec::new();
    };
    if bbu_healthy(b) {
        return Vec::new();
    }
    let state = b
        .state_raw
        .clone()
        .unwrap_or_else(|| b.state.as_str().to_owned());
    let mut parts = Vec::new();
    for ld in snap
        .logical_drives
        .iter()
        .filter(|l| l.adapter == adapter && vds.is_none_or(|v| v.contains(&l.target_id)))
    {
        match write_policy(ld) {
            Some((true, true)) => parts.push(format!(
                "VD {} stays write-back with a bad battery (Write Cache OK if Bad BBU): cached writes are lost on a power failure during the rebuild",
                ld.target_id
            )),
            Some((true, false)) => parts.push(format!(
                "VD {} is set to WriteBack and falls back to WriteThrough (No Write Cache if Bad BBU): slower writes and a longer rebuild",
                ld.target_id
            )),
            _ => {}
        }
    }
    if parts.is_empty() {
        return Vec::new();
    }
    vec![Check::new(
        Level::Warn,
        BBU_WRITE_BACK,
        format!("battery is {state}: {}", parts.join("; ")),
    )]
}

/// [`BGI_INCOMPLETE`]: background initialisation of `ld` still running.
pub fn bgi_incomplete(ld: &LogicalDrive, background: &[Progress]) -> Option<Check> {
    let p = background.iter().find(|p| {
        p.adapter == ld.adapter
            && p.in_progress
            && matches!(
                p.kind,
                ProgressKind::BackgroundInit | ProgressKind::Initialization
            )
            && (p.logical_drive == Some(ld.target_id) || p.logical_drive == Some(ld.number))
    })?;
    Some(Check::new(
        Level::Refuse,
        BGI_INCOMPLETE,
        format!(
            "VD {} ({}) is still initialising ({}): its parity is not valid until it reaches 100%, so a member taken out now cannot be rebuilt correctly. Wait for it to finish",
            ld.target_id,
            ld.raid_level,
            p.percent
                .map_or_else(|| "progress unknown".to_owned(), |v| format!("{v}%"))
        ),
    ))
}

/// [`FORCE_ONLINE_NOT_LATEST`]: `Ok(text)` naming why the force-online of `pd` is the
/// last-resort case it is meant for, or `Err(reason)`.
///
/// # Errors
/// The reason to refuse.
pub fn force_online(
    snap: &Snapshot,
    pd: &PhysicalDrive,
    events: Result<&[Event], &str>,
) -> Result<String, String> {
    let addr = pd.address();
    let refuse = |why: String| Err(format!("[{FORCE_ONLINE_NOT_LATEST}] {why}"));
    let Some(ld) = pd
        .logical_drive
        .and_then(|t| snap.logical_drive(pd.adapter, t))
    else {
        return refuse(format!(
            "{addr} is in no VD: force-online only brings back a member of an offline VD"
        ));
    };
    if ld.state != LdState::Offline {
        return refuse(format!(
            "VD {} is {}, not offline: its data is still reachable, so {addr} must be rebuilt, not forced online (`raidctl replace-drive {}` or `raidctl rebuild start {}`)",
            ld.target_id,
            ld.state,
            addr.megacli_arg(),
            addr.megacli_arg()
        ));
    }
    let events = match events {
        Ok(e) => e,
        Err(why) => {
            return refuse(format!(
                "the event log was not read ({why}): raidctl cannot tell which member of VD {} failed last",
                ld.target_id
            ));
        }
    };
    let down: Vec<DriveAddress> = vd_spans(snap, ld)
        .into_iter()
        .flatten()
        .filter(|(_, s)| is_down(s.as_ref()))
        .filter_map(|(a, _)| a)
        .collect();
    // The sequence number of the last time each down member left ONLINE.
    let failed_at = |a: DriveAddress| {
        events
            .iter()
            .filter(|e| {
                let d = e.description.to_ascii_lowercase();
                d.contains("state change")
                    && d.contains("from online")
                    && event_drive(&e.description) == Some(a)
            })
            .map(|e| e.seq_num)
            .max()
    };
    let Some(mine) = failed_at(addr) else {
        return refuse(format!(
            "the event log holds no state change of {addr} from ONLINE: the order in which the members of VD {} failed is unknown",
            ld.target_id
        ));
    };
    let later: Vec<String> = down
        .iter()
        .filter(|a| **a != addr)
        .filter_map(|a| {
            failed_at(*a)
                .filter(|s| *s > mine)
                .map(|s| format!("{a} (seq {s})"))
        })
        .collect();
    if !later.is_empty() {
        return refuse(format!(
            "{addr} failed at event seq {mine}, before {}: it missed the writes made meanwhile and would bring back stale data. Only the most recently failed member may be forced online",
            later.join(", ")
        ));
    }
    Ok(format!(
        "{addr} is the most recently failed member of offline VD {} (event seq {mine})",
        ld.target_id
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const README: &str = include_str!("../../README.md");

    fn test_source(file: &str) -> Option<&'static str> {
        Some(match file {
            "guards" => include_str!("../../tests/integration/guards.rs"),
            "workflows" => include_str!("../../tests/integration/workflows.rs"),
            "replace" => include_str!("replace.rs"),
            _ => return None,
        })
    }

    /// The Safety table's rows: `(id, kind, tests)`.
    fn readme_rows() -> Vec<(String, String, String)> {
        let start = README
            .find("| loss mode | guard | rule id |")
            .expect("README Safety has the rule table");
        README[start..]
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
                let cell = |i: usize| cells.get(i).copied().unwrap_or("").to_owned();
                (cell(2).trim_matches('`').to_owned(), cell(1), cell(4))
            })
            .collect()
    }

    #[test]
    fn readme_table_matches_the_code_table() {
        let rows = readme_rows();
        assert_eq!(
            rows.len(),
            RULES.len(),
            "README rows {:?}",
            rows.iter().map(|r| &r.0).collect::<Vec<_>>()
        );
        for (r, (id, kind, tests)) in RULES.iter().zip(&rows) {
            assert_eq!(r.id, id, "README order follows RULES");
            assert_eq!(r.kind.as_str(), kind, "{id}");
            for t in r.tests {
                assert!(tests.contains(t), "README row {id} names test {t}");
            }
        }
    }

    #[test]
    fn every_loss_mode_and_precheck_is_covered() {
        let mut wanted: Vec<String> = (1..=13).map(|n| format!("3.1.{n}")).collect();
        for step in [
            "identify",
            "offline",
            "pull",
            "insert",
            "replace-missing",
            "rebuild",
            "hot-spare",
            "foreign-clear",
            "ld-create",
            "alarm",
        ] {
            wanted.push(format!("3.2 {step}"));
        }
        for w in &wanted {
            assert!(
                RULES.iter().any(|r| r.covers.contains(&w.as_str())),
                "no rule covers {w}"
            );
        }
        for r in RULES {
            for c in r.covers {
                assert!(
                    wanted.iter().any(|w| w == c),
                    "{}: unknown section {c}",
                    r.id
                );
            }
        }
    }

    #[test]
    fn every_guard_names_tests_that_exist() {
        let mut ids = Vec::new();
        for r in RULES {
            assert!(!ids.contains(&r.id), "duplicate id {}", r.id);
            ids.push(r.id);
            assert_eq!(
                r.kind == Kind::NotGuarded,
                r.tests.is_empty(),
                "{}: guards name tests, unguarded rows name none",
                r.id
            );
            for t in r.tests {
                let (file, func) = t.rsplit_once("::").expect("file::function");
                let file = file.split("::").next().unwrap_or(file);
                let src = test_source(file).unwrap_or_else(|| panic!("{t}: unknown file"));
                let func = func.trim_end_matches("_storcli");
                assert!(
                    src.contains(&format!("fn {func}(")),
                    "{}: test {t} not found",
                    r.id
                );
            }
        }
    }

    #[test]
    fn event_descriptions_name_drives() {
        assert_eq!(
            event_drive("Puncturing bad block on PD 15(e0x00/s7) at 20d803e"),
            Some(DriveAddress::new(0, 7))
        );
        assert_eq!(
            event_drive("State change on PD 0b(e0x0e/s5) from ONLINE(18) to FAILED(11)"),
            Some(DriveAddress::new(14, 5))
        );
        assert_eq!(
            event_drive("Inserted: PD 0b(e0xff/s11)"),
            Some(DriveAddress {
                enclosure: None,
                slot: 11
            })
        );
        assert_eq!(event_drive("VD 01/1 is now DEGRADED"), None);
    }
}
