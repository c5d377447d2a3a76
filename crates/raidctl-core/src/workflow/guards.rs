//! The guards, audited against how operators lose data (the reference's loss modes 1–13 and
//! the expert pre-checks per workflow step). [`RULES`] is the table: one row per guard with
//! its id, kind, message, override and the tests that fail when the guard is removed; rows of
//! kind [`Kind::NotGuarded`] say why raidctl deliberately does not guard. docs/safety.md
//! carries the same table (a unit test keeps them equal).
//!
//! Every message a guard prints starts with `[rule-id]`, so an operator can look it up and a
//! test can tell which guard spoke. The checks themselves are in [`super::prechecks`].

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
    /// The word in the table of docs/safety.md.
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
/// Refuse: replacing a drive of a VD without redundancy (or a JBOD drive) loses its data.
pub const DATA_LOSS_ACK: &str = "data-loss-ack";
/// Stop: a foreign configuration could bring the VD (and its pinned cache) back.
pub const CACHE_FOREIGN_FIRST: &str = "cache-foreign-first";
/// Stop: the tool discards every VD's cache at once and another VD may hold some.
pub const CACHE_OTHER_VD: &str = "cache-other-vd";
/// Stop: the new drive failed its qualification.
pub const QUALIFY_FAIL: &str = "qualify-fail";
/// Stop: the recreated VD is not set up as the old one (and its siblings) were.
pub const SIBLING_POLICY: &str = "sibling-policy";
/// Refuse: Ceph says stopping the OSD would leave PGs inactive.
pub const CEPH_OK_TO_STOP: &str = "ceph-ok-to-stop";
/// Stop: Ceph did not say the OSD is safe to destroy (with full redundancy) in time.
pub const CEPH_SAFE_TO_DESTROY: &str = "ceph-safe-to-destroy";
/// Refuse: the OSD on the drive is up (or not destroyed) when a controller step would run.
pub const CEPH_OSD_UP: &str = "ceph-osd-up";
/// Stop: the Ceph cluster did not answer.
pub const CEPH_UNREACHABLE: &str = "ceph-unreachable";
/// Refuse: the drive carries a DB/WAL device other OSDs share.
pub const CEPH_SHARED_DB: &str = "ceph-shared-db";
/// Refuse: the OSD's main device spans several VDs or drives.
pub const CEPH_MULTI_VD: &str = "ceph-multi-vd";

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
        message: "replace-drive: hot spares, Unconfigured(good) and JBOD drives, Unconfigured(bad) drives no VD waits for, rebuilding drives; a drive nothing says is failing (online, error-free, not predictive, VD optimal)",
        overrides: "--proactive, for a healthy drive only (a planned swap), typed back at a terminal",
        tests: &[
            "guards::target_not_replaceable",
            "guards::healthy_member_needs_proactive",
            "terminal::replace_drive_proactive_is_typed_back",
        ],
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
        tests: &[
            "workflows::replace_drive_fault_matrix",
            "workflows_omsa::omsa_fault_matrix_wrong_pull_and_second_failure",
        ],
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
        message: "ld create (and osd-prep's VDs) while the adapter holds preserved cache (the firmware's 0x54)",
        overrides: "",
        tests: &[
            "guards::pinned_cache",
            "workflows_resume::osd_prep_refuses_a_vd_beside_pinned_cache",
            "workflows_resume::a_resumed_osd_prep_meets_the_pinned_cache_guard_at_its_step",
        ],
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
        message: "replace-drive after the insert: too small, SAS/SATA or HDD/SSD mismatch, foreign metadata (never cleared on its own), own media or predictive errors (OpenManage: predicted failure, a Failed state)",
        overrides: "",
        tests: &[
            "workflows::replace_drive_fault_matrix",
            "workflows_omsa::omsa_fault_matrix_unsuitable_replacements",
        ],
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
        id: DATA_LOSS_ACK,
        covers: &["3.1.1", "3.2 identify", "3.2 offline"],
        loss: "replacing the drive of a VD without redundancy (RAID 0, JBOD) loses its data",
        kind: Kind::Refuse,
        message: "replace-drive on a member of a RAID 0/00 or a JBOD drive: the plan says the data goes (a failed drive can sometimes be forced online instead); refused unless the operator names the VD, or Ceph's safe-to-destroy says the OSD's data lives elsewhere",
        overrides: "--i-understand-data-loss VD (the VD's target id, E:S for JBOD; --yes alone never)",
        tests: &[
            "workflows_raid0::raid0_needs_the_data_loss_acknowledgement",
            "workflows_raid0::raid0_needs_the_data_loss_acknowledgement_storcli",
        ],
    },
    Rule {
        id: CACHE_FOREIGN_FIRST,
        covers: &["3.1.4", "3.1.5", "3.2 foreign-clear"],
        loss: "discarding pinned cache a foreign import would have brought back",
        kind: Kind::Stop,
        message: "replace-drive, before discarding a dead VD's preserved cache: any foreign configuration on the adapter stops the workflow with the cache untouched (importing is the operator's call)",
        overrides: "",
        tests: &["workflows_raid0::raid0_fault_matrix"],
    },
    Rule {
        id: CACHE_OTHER_VD,
        covers: &["3.1.5"],
        loss: "discarding another VD's pinned cache",
        kind: Kind::Stop,
        message: "replace-drive discards the pinned cache of the dead VD only (never -Lall); where the tool discards every VD's at once (OpenManage), only while no other VD can hold any",
        overrides: "",
        tests: &["workflows_raid0::omsa_discards_only_the_dead_vd_s_cache"],
    },
    Rule {
        id: QUALIFY_FAIL,
        covers: &["3.1.8", "3.2 insert"],
        loss: "a weak replacement drive put into service",
        kind: Kind::Stop,
        message: "replace-drive of a RAID 0 or JBOD drive: the new drive is qualified (profile smoke by default) before it carries anything; a FAIL deletes the fresh VD and waits for another drive, the record is kept",
        overrides: "--qualify none",
        tests: &["workflows_raid0::raid0_fault_matrix"],
    },
    Rule {
        id: SIBLING_POLICY,
        covers: &["3.2 ld-create"],
        loss: "a recreated OSD VD set up unlike its siblings (one slow OSD)",
        kind: Kind::Stop,
        message: "replace-drive: the recreated VD gets the old VD's level, strip, write/read/I/O and disk cache policy and name, and stops when the controller shows anything else; status warns about a single-drive RAID 0 whose policy differs from its siblings'",
        overrides: "",
        tests: &[
            "workflows_raid0::raid0_replacement_recreates_the_vd_as_it_was",
            "health::tests::sibling_policy_parity",
        ],
    },
    Rule {
        id: CEPH_OK_TO_STOP,
        covers: &["3.1.1", "3.2 offline"],
        loss: "stopping an OSD Ceph still needs",
        kind: Kind::Refuse,
        message: "replace-drive --osd N of an OSD that still runs: `ceph osd ok-to-stop N` must say yes before it is marked out and stopped",
        overrides: "",
        tests: &["ceph_replace::replace_osd_drive_through_both_layers"],
    },
    Rule {
        id: CEPH_SAFE_TO_DESTROY,
        covers: &["3.1.1", "3.2 offline"],
        loss: "replacing an OSD's drive before its data lives elsewhere",
        kind: Kind::Stop,
        message: "replace-drive --osd N: nothing changes on the controller until `ceph osd safe-to-destroy` says safe and no object copy is degraded; past --drain-timeout the workflow stops",
        overrides: "--drain-timeout (how long to wait, never whether)",
        tests: &["ceph_replace::replace_osd_drive_through_both_layers"],
    },
    Rule {
        id: CEPH_OSD_UP,
        covers: &["3.1.1", "3.2 offline", "3.2 pull"],
        loss: "touching the drive of an OSD Ceph reports up",
        kind: Kind::Refuse,
        message: "every controller step of an OSD's replacement, and the new device before ceph-volume: the OSD must be down and destroyed, the device must hold no other OSD",
        overrides: "",
        tests: &["ceph_replace::replace_osd_drive_through_both_layers"],
    },
    Rule {
        id: CEPH_UNREACHABLE,
        covers: &["3.2 identify"],
        loss: "a guess instead of Ceph's answer",
        kind: Kind::Stop,
        message: "replace-drive of an OSD's drive: no answer from the cluster (mon down, no configuration, a call past its deadline) stops where the workflow is; resume goes on once it answers",
        overrides: "",
        tests: &["ceph_replace::replace_osd_drive_through_both_layers"],
    },
    Rule {
        id: CEPH_SHARED_DB,
        covers: &["3.2 identify"],
        loss: "a shared BlueStore DB/WAL device replaced as one OSD's",
        kind: Kind::Refuse,
        message: "replace-drive of a drive that carries a DB/WAL device other OSDs use, or of an OSD whose DB/WAL is shared: a multi-OSD job, refused with an explanation",
        overrides: "",
        tests: &[
            "replace::tests::a_shared_db_device_is_refused",
            "ceph::join::tests::joins_raw_lvm_and_the_cluster",
        ],
    },
    Rule {
        id: CEPH_MULTI_VD,
        covers: &["3.2 identify"],
        loss: "an OSD over several VDs replaced as if it lived on one",
        kind: Kind::Refuse,
        message: "replace-drive of a drive, or of --osd N, whose OSD's LVM volume spans several VDs or drives: the OSD is shown on each and the replacement refused naming them all",
        overrides: "",
        tests: &[
            "replace::tests::a_shared_db_device_is_refused",
            "ceph::join::tests::an_lvm_osd_over_two_vds_is_on_both",
        ],
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

#[cfg(test)]
mod tests {
    use super::*;

    const SAFETY: &str = include_str!("../../../../docs/safety.md");

    fn test_source(file: &str) -> Option<&'static str> {
        Some(match file {
            "guards" => include_str!("../../../../tests/integration/guards.rs"),
            "workflows" => include_str!("../../../../tests/integration/workflows.rs"),
            "workflows_omsa" => include_str!("../../../../tests/integration/workflows_omsa.rs"),
            "replace" => include_str!("replace/tests.rs"),
            "workflows_raid0" => include_str!("../../../../tests/integration/workflows_raid0.rs"),
            "workflows_resume" => include_str!("../../../../tests/integration/workflows_resume.rs"),
            "health" => include_str!("../health/tests.rs"),
            "ceph_replace" => include_str!("../../../../tests/integration/ceph_replace.rs"),
            "ceph" => include_str!("../../../raidctl-backend/src/ceph/join/tests.rs"),
            "terminal" => include_str!("../../../../tests/integration/terminal.rs"),
            _ => return None,
        })
    }

    /// The Safety table's rows: `(id, kind, tests)`.
    fn doc_rows() -> Vec<(String, String, String)> {
        let start = SAFETY
            .find("| loss mode | guard | rule id |")
            .expect("docs/safety.md has the rule table");
        SAFETY[start..]
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
    fn doc_table_matches_the_code_table() {
        let rows = doc_rows();
        assert_eq!(
            rows.len(),
            RULES.len(),
            "docs/safety.md rows {:?}",
            rows.iter().map(|r| &r.0).collect::<Vec<_>>()
        );
        for (r, (id, kind, tests)) in RULES.iter().zip(&rows) {
            assert_eq!(r.id, id, "docs/safety.md order follows RULES");
            assert_eq!(r.kind.as_str(), kind, "{id}");
            for t in r.tests {
                assert!(tests.contains(t), "docs/safety.md row {id} names test {t}");
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
}
