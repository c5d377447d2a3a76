//! Enumerations with an explicit unknown arm that keeps the text the tool printed.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Lowercases and drops everything but letters and digits, so `Unconfigured(good)`,
/// `Unconfigured Good` and `UGood`-style spellings compare on their letters only.
pub(crate) fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident => $s:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value raidctl does not know, with the text as printed.
            Unknown(String),
        }

        impl $name {
            /// The stable snake_case name used in JSON and metrics; `unknown` for unknown values.
            pub fn as_str(&self) -> &'static str {
                match self {
                    $( Self::$variant => $s, )+
                    Self::Unknown(_) => "unknown",
                }
            }

            /// Every known value, in declaration order (the unknown arm excluded).
            pub fn known() -> &'static [Self] {
                &[ $( Self::$variant, )+ ]
            }

            /// Parses the stable snake_case name; anything else becomes `Unknown`.
            pub fn from_name(name: &str) -> Self {
                match name {
                    $( $s => Self::$variant, )+
                    other => Self::Unknown(other.to_owned()),
                }
            }

            /// True for the unknown arm.
            pub fn is_unknown(&self) -> bool {
                matches!(self, Self::Unknown(_))
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::Unknown(String::new())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    Self::Unknown(raw) if !raw.is_empty() => write!(f, "unknown ({raw})"),
                    other => f.write_str(other.as_str()),
                }
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                Ok(Self::from_name(&name))
            }
        }
    };
}

text_enum! {
    /// Physical drive firmware state (MegaCli `Firmware state:`).
    FirmwareState {
        /// Member of a VD, healthy.
        Online => "online",
        /// Member with invalid data (`-PDOffline`).
        Offline => "offline",
        /// Member the firmware failed.
        Failed => "failed",
        /// Being rebuilt.
        Rebuild => "rebuild",
        /// Destination of a copyback.
        Copyback => "copyback",
        /// Usable, in no VD.
        UnconfiguredGood => "unconfigured_good",
        /// Unusable until made good.
        UnconfiguredBad => "unconfigured_bad",
        /// Global or dedicated spare.
        Hotspare => "hotspare",
        /// Pass-through to the host.
        Jbod => "jbod",
    }
}

impl FirmwareState {
    /// Maps MegaCli, storcli and OMSA spellings; the spin suffix is ignored.
    pub fn from_text(text: &str) -> Self {
        let head = text.split(',').next().unwrap_or("").trim();
        match squash(head).as_str() {
            "online" | "onln" => Self::Online,
            "offline" | "offln" => Self::Offline,
            "failed" | "fail" => Self::Failed,
            "rebuild" | "rbld" | "rebuilding" => Self::Rebuild,
            "copyback" | "cpybck" => Self::Copyback,
            "unconfiguredgood" | "ugood" | "ready" | "unconfiguredgoodspunup" => {
                Self::UnconfiguredGood
            }
            "unconfiguredbad" | "ubad" => Self::UnconfiguredBad,
            "hotspare" | "ghs" | "dhs" => Self::Hotspare,
            "jbod" | "system" | "nonraid" => Self::Jbod,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }

    /// States in which the drive holds array data.
    pub fn is_member(&self) -> bool {
        matches!(self, Self::Online | Self::Rebuild | Self::Copyback)
    }
}

text_enum! {
    /// Normalised RAID level.
    RaidLevel {
        /// Striping.
        Raid0 => "raid0",
        /// Mirroring.
        Raid1 => "raid1",
        /// Single parity.
        Raid5 => "raid5",
        /// Double parity.
        Raid6 => "raid6",
        /// Striped mirrors.
        Raid10 => "raid10",
        /// Striped RAID 5 spans.
        Raid50 => "raid50",
        /// Striped RAID 6 spans.
        Raid60 => "raid60",
        /// Striped RAID 0 spans.
        Raid00 => "raid00",
    }
}

impl RaidLevel {
    /// Derives the level from MegaCli's `Primary-P, Secondary-S, RAID Level Qualifier-Q` and the
    /// span depth. Newer firmware prints RAID 10 as `Primary-1, Secondary-0` with span depth > 1;
    /// older firmware prints `Primary-1, Secondary-3`.
    pub fn from_megacli(text: &str, span_depth: Option<u32>) -> Self {
        let number_after = |label: &str| -> Option<u32> {
            let at = text.find(label)? + label.len();
            let digits: String = text[at..]
                .chars()
                .skip_while(|c| *c == ' ')
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        };
        let spanned = span_depth.is_some_and(|d| d > 1);
        if let Some(primary) = number_after("Primary-") {
            let secondary = number_after("Secondary-").unwrap_or(0);
            return match (primary, secondary, spanned) {
                (0, _, false) => Self::Raid0,
                (0, _, true) => Self::Raid00,
                (1, 3, _) | (1, _, true) => Self::Raid10,
                (1, _, false) => Self::Raid1,
                (5, _, true) | (5, 3, _) => Self::Raid50,
                (5, _, false) => Self::Raid5,
                (6, _, true) | (6, 3, _) => Self::Raid60,
                (6, _, false) => Self::Raid6,
                _ => Self::Unknown(text.trim().to_owned()),
            };
        }
        Self::from_text(text, spanned)
    }

    /// Maps plain spellings such as `RAID5`, `RAID-10`, `1`, `Raid 60`.
    pub fn from_text(text: &str, spanned: bool) -> Self {
        let squashed = squash(text);
        let digits = squashed.trim_start_matches("raid");
        match (digits, spanned) {
            ("0", false) => Self::Raid0,
            ("0", true) | ("00", _) => Self::Raid00,
            ("1", false) => Self::Raid1,
            ("1", true) | ("10", _) => Self::Raid10,
            ("5", false) => Self::Raid5,
            ("5", true) | ("50", _) => Self::Raid50,
            ("6", false) => Self::Raid6,
            ("6", true) | ("60", _) => Self::Raid60,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }

    /// How many members per span may be lost before the VD goes offline.
    pub fn tolerated_failures_per_span(&self) -> Option<u32> {
        match self {
            Self::Raid0 | Self::Raid00 => Some(0),
            Self::Raid1 | Self::Raid5 | Self::Raid10 | Self::Raid50 => Some(1),
            Self::Raid6 | Self::Raid60 => Some(2),
            Self::Unknown(_) => None,
        }
    }

    /// The number MegaCli's `-CfgLdAdd -rN` / `-CfgSpanAdd -rN` takes.
    pub fn megacli_number(&self) -> Option<u32> {
        match self {
            Self::Raid0 => Some(0),
            Self::Raid1 => Some(1),
            Self::Raid5 => Some(5),
            Self::Raid6 => Some(6),
            Self::Raid10 => Some(10),
            Self::Raid50 => Some(50),
            Self::Raid60 => Some(60),
            Self::Raid00 => Some(0),
            Self::Unknown(_) => None,
        }
    }

    /// True for levels built from several spans.
    pub fn is_spanned(&self) -> bool {
        matches!(
            self,
            Self::Raid10 | Self::Raid50 | Self::Raid60 | Self::Raid00
        )
    }
}

text_enum! {
    /// Logical drive state.
    LdState {
        /// All members online.
        Optimal => "optimal",
        /// Redundancy lost (one member per span for RAID 1/5/10/50, two for RAID 6).
        Degraded => "degraded",
        /// RAID 6/60 with one member lost: still redundant.
        PartiallyDegraded => "partially_degraded",
        /// More members lost than the level tolerates; data inaccessible.
        Offline => "offline",
    }
}

impl LdState {
    /// Maps MegaCli and storcli spellings.
    pub fn from_text(text: &str) -> Self {
        match squash(text).as_str() {
            "optimal" | "optl" | "ok" | "ready" => Self::Optimal,
            "degraded" | "dgrd" => Self::Degraded,
            "partiallydegraded" | "pdgd" => Self::PartiallyDegraded,
            "offline" | "ofln" | "failed" => Self::Offline,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }
}

text_enum! {
    /// Drive interface type.
    PdType {
        /// Serial attached SCSI.
        Sas => "sas",
        /// Serial ATA.
        Sata => "sata",
        /// NVMe.
        Nvme => "nvme",
    }
}

impl PdType {
    /// Maps `SAS`, `SATA`, `NVMe` and similar.
    pub fn from_text(text: &str) -> Self {
        match squash(text).as_str() {
            "sas" => Self::Sas,
            "sata" => Self::Sata,
            "nvme" | "pcie" => Self::Nvme,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }
}

text_enum! {
    /// Drive media type.
    MediaType {
        /// Rotating disk.
        Hdd => "hdd",
        /// Solid state.
        Ssd => "ssd",
    }
}

impl MediaType {
    /// Maps `Hard Disk Device`, `Solid State Device`, `HDD`, `SSD`.
    pub fn from_text(text: &str) -> Self {
        match squash(text).as_str() {
            "harddiskdevice" | "hdd" | "harddisk" => Self::Hdd,
            "solidstatedevice" | "ssd" | "solidstate" => Self::Ssd,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }
}

text_enum! {
    /// Battery (BBU/CacheVault) state.
    BatteryState {
        /// Healthy.
        Optimal => "optimal",
        /// A learn cycle is running; expected and temporary.
        Learning => "learning",
        /// Degraded (often while charging).
        Degraded => "degraded",
        /// Failed or non-operational.
        Failed => "failed",
        /// No battery detected.
        Missing => "missing",
    }
}

impl BatteryState {
    /// Maps MegaCli's `Battery State` values.
    pub fn from_text(text: &str) -> Self {
        let s = squash(text);
        match s.as_str() {
            "optimal" | "operational" | "healthy" | "ok" | "good" => Self::Optimal,
            "learning" | "learncycleactive" => Self::Learning,
            "nonoperational" | "failed" | "fault" => Self::Failed,
            "missing" | "absent" => Self::Missing,
            _ if s.starts_with("degraded") => Self::Degraded,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }
}

text_enum! {
    /// Battery charging status.
    ChargingStatus {
        /// Neither charging nor discharging.
        None => "none",
        /// Charging.
        Charging => "charging",
        /// Discharging (for example during a learn cycle).
        Discharging => "discharging",
        /// Charge complete.
        Complete => "complete",
    }
}

impl ChargingStatus {
    /// Maps MegaCli's `Charging Status` values.
    pub fn from_text(text: &str) -> Self {
        match squash(text).as_str() {
            "none" => Self::None,
            "charging" => Self::Charging,
            "discharging" => Self::Discharging,
            "complete" | "chargecomplete" => Self::Complete,
            _ => Self::Unknown(text.trim().to_owned()),
        }
    }
}

text_enum! {
    /// Kind of a long-running operation.
    ProgressKind {
        /// Rebuild onto a drive.
        Rebuild => "rebuild",
        /// Copyback from a spare to a replacement.
        Copyback => "copyback",
        /// Background initialisation of a VD.
        BackgroundInit => "background_init",
        /// Reconstruction (RAID level migration or expansion).
        Reconstruction => "reconstruction",
        /// Consistency check.
        ConsistencyCheck => "consistency_check",
        /// Foreground initialisation.
        Initialization => "initialization",
        /// Patrol read.
        PatrolRead => "patrol_read",
    }
}

text_enum! {
    /// What an action result line reports.
    ActionKind {
        /// `... state changed to X.`
        StateChanged => "state_changed",
        /// `Failed to change PD state at ...`
        StateChangeFailed => "state_change_failed",
        /// `... is marked Missing.`
        MarkedMissing => "marked_missing",
        /// `Prepare for removal Success`
        PreparedForRemoval => "prepared_for_removal",
        /// `Undo Prepare for removal Success`
        UndoPrepareForRemoval => "undo_prepare_for_removal",
        /// `PD Locate Start Command was successfully sent to Firmware`
        LocateStarted => "locate_started",
        /// `PD Locate Stop Command was successfully sent to Firmware`
        LocateStopped => "locate_stopped",
        /// `Missing PD at Array A, Row R is replaced.`
        ReplacedMissing => "replaced_missing",
        /// `Started rebuild progress on device(...)`
        RebuildStarted => "rebuild_started",
        /// Rebuild stopped.
        RebuildStopped => "rebuild_stopped",
        /// Copyback started.
        CopybackStarted => "copyback_started",
        /// `Set Physical Drive at ... as Hot Spare Success.`
        HotspareSet => "hotspare_set",
        /// Hot spare removed.
        HotspareRemoved => "hotspare_removed",
        /// `Created VD N`
        VdCreated => "vd_created",
        /// `Configured the Adapter!!`
        AdapterConfigured => "adapter_configured",
        /// `Configure Adapter Failed`
        ConfigureFailed => "configure_failed",
        /// `Deleted Virtual Drive-N(target id-N)`
        VdDeleted => "vd_deleted",
        /// `Set ... success.` on an adapter property.
        PropertySet => "property_set",
        /// A property value read back (`Rebuild Rate = 30%`).
        PropertyValue => "property_value",
        /// `Foreign configuration N is cleared on controller C.`
        ForeignCleared => "foreign_cleared",
        /// `Failed to clear Foreign configuration ...`
        ForeignClearFailed => "foreign_clear_failed",
        /// Foreign configuration imported.
        ForeignImported => "foreign_imported",
        /// `Preserved Cache Data Cleared.`
        PreservedCacheCleared => "preserved_cache_cleared",
        /// `Virtual Drive(Target ID NN): Missing.` in the preserved cache list.
        PreservedCachePresent => "preserved_cache_present",
        /// `The specified physical disk does not have the appropriate attributes ...`
        WrongAttributes => "wrong_attributes",
        /// `... in a state that doesn't support the requested command`
        WrongState => "wrong_state",
        /// `Invalid input at or near token ...`
        InvalidInput => "invalid_input",
        /// Auto-rebuild setting changed or displayed.
        AutoRebuild => "auto_rebuild",
        /// Copyback stopped.
        CopybackStopped => "copyback_stopped",
        /// `Failed to replace Missing PD at Array A, Row R.`
        ReplaceMissingFailed => "replace_missing_failed",
        /// `Device at Enclosure - E, Slot - S is not found.`
        DeviceNotFound => "device_not_found",
        /// `Virtual Drive N does not exist.`
        VdNotFound => "vd_not_found",
        /// `No Virtual Drive has Preserved Cache Data.`
        NoPreservedCache => "no_preserved_cache",
        /// `Events are written to file F`
        EventsWritten => "events_written",
        /// `Event Log Cleared.`
        EventLogCleared => "event_log_cleared",
        /// `BBU Learn Succeeded.`
        BbuLearnStarted => "bbu_learn_started",
    }
}
