//! DCMD opcodes, and the one place that decides which of them raidctl may send.
//!
//! An [`Opcode`] can only be made from the read allow-list below, and every transport takes an
//! `Opcode`, so no read path can send a state-changing command, `CTRL_EVENT_WAIT` (which parks
//! the frame until an event arrives and leaves the caller in uninterruptible sleep) or
//! `CTRL_SHUTDOWN` (which stops the firmware). Opcode values follow FreeBSD's `mfireg.h`.

/// A DCMD opcode that is on the read allow-list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Opcode(u32);

/// Why an opcode was not sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("DCMD 0x{0:08x} is not on the native backend's read allow-list; not sent")]
pub struct NotAllowed(pub u32);

macro_rules! read_opcodes {
    ($( $(#[$m:meta])* $name:ident = $value:literal ),+ $(,)?) => {
        impl Opcode {
            $( $(#[$m])* pub const $name: Opcode = Opcode($value); )+
        }
        /// Every opcode raidctl may send, with its name.
        pub const ALLOWED: &[(Opcode, &str)] = &[ $( (Opcode::$name, stringify!($name)), )+ ];
    };
}

read_opcodes! {
    /// Controller information (`mfi_ctrl_info`).
    CTRL_GET_INFO = 0x0101_0000,
    /// Controller properties (`mfi_ctrl_props`).
    CTRL_GET_PROPERTIES = 0x0102_0100,
    /// Event log sequence numbers.
    CTRL_EVENT_GETINFO = 0x0104_0100,
    /// Events from a sequence number on (polling; never the blocking wait).
    CTRL_EVENT_GET = 0x0104_0300,
    /// Physical drive list.
    PD_GET_LIST = 0x0201_0000,
    /// One physical drive (mbox: device id).
    PD_GET_INFO = 0x0202_0000,
    /// Rebuild/patrol/clear progress of one drive (mbox: device id).
    PD_GET_PROGRESS = 0x0206_0000,
    /// Logical drive list (`mbox[0]` = 1 asks for the 256-entry list).
    LD_GET_LIST = 0x0301_0000,
    /// One logical drive (`mbox[0]`: target id).
    LD_GET_INFO = 0x0302_0000,
    /// The whole configuration: arrays, LDs, spares.
    CFG_READ = 0x0401_0000,
    /// Count foreign configurations.
    CFG_FOREIGN_SCAN = 0x0406_0100,
    /// One foreign configuration as it is (`mbox[0]`: index).
    CFG_FOREIGN_DISPLAY = 0x0406_0200,
    /// One foreign configuration as an import would make it (`mbox[0]`: index).
    CFG_FOREIGN_PREVIEW = 0x0406_0300,
    /// Battery status.
    BBU_GET_STATUS = 0x0501_0000,
    /// Battery capacity.
    BBU_GET_CAPACITY_INFO = 0x0502_0000,
    /// Battery design data.
    BBU_GET_DESIGN_INFO = 0x0503_0000,
}

/// Opcodes that change state, block, or stop the firmware. Only for the test that proves none
/// of them can become an [`Opcode`], and for messages.
pub const FORBIDDEN: &[(u32, &str)] = &[
    (0x0100_e100, "CTRL_MFI_HOST_MEM_ALLOC"),
    (0x0102_0200, "CTRL_SET_PROPERTIES"),
    (0x0103_0200, "CTRL_ALARM_ENABLE"),
    (0x0103_0300, "CTRL_ALARM_DISABLE"),
    (0x0103_0400, "CTRL_ALARM_SILENCE"),
    (0x0103_0500, "CTRL_ALARM_TEST"),
    (0x0104_0200, "CTRL_EVENT_CLEAR"),
    (0x0104_0500, "CTRL_EVENT_WAIT"),
    (0x0105_0000, "CTRL_SHUTDOWN"),
    (0x0106_0000, "HIBERNATE_STANDBY"),
    (0x0108_0102, "CTRL_SET_TIME"),
    (0x010d_0000, "CTRL_FACTORY_DEFAULTS"),
    (0x010e_0202, "CTRL_MFC_DEFAULTS_SET"),
    (0x010f_0100, "FLASH_FW_OPEN"),
    (0x010f_0200, "FLASH_FW_DOWNLOAD"),
    (0x010f_0300, "FLASH_FW_FLASH"),
    (0x010f_0400, "FLASH_FW_CLOSE"),
    (0x0110_1000, "CTRL_CACHE_FLUSH"),
    (0x0203_0100, "PD_STATE_SET"),
    (0x0204_0100, "PD_REBUILD_START"),
    (0x0204_0200, "PD_REBUILD_ABORT"),
    (0x0205_0100, "PD_CLEAR_START"),
    (0x0205_0200, "PD_CLEAR_ABORT"),
    (0x0207_0100, "PD_LOCATE_START"),
    (0x0207_0200, "PD_LOCATE_STOP"),
    (0x0300_e101, "LD_MAP_GET_INFO"),
    (0x0300_e102, "LD_SYNC"),
    (0x0304_0000, "LD_SET_PROP"),
    (0x0306_0100, "LD_INIT_START"),
    (0x0309_0000, "LD_DELETE"),
    (0x0402_0000, "CFG_ADD"),
    (0x0403_0000, "CFG_CLEAR"),
    (0x0404_0000, "CFG_MAKE_SPARE"),
    (0x0405_0000, "CFG_REMOVE_SPARE"),
    (0x0406_0400, "CFG_FOREIGN_IMPORT"),
    (0x0406_0500, "CFG_FOREIGN_CLEAR"),
    (0x0504_0000, "BBU_START_LEARN"),
    (0x0505_0200, "BBU_SET_PROP"),
    (0x0801_0100, "CLUSTER_RESET_ALL"),
    (0x0801_0200, "CLUSTER_RESET_LD"),
];

impl Opcode {
    /// The allow-listed opcode with this value.
    ///
    /// # Errors
    /// [`NotAllowed`] for anything not on the read allow-list.
    pub fn read(raw: u32) -> Result<Self, NotAllowed> {
        ALLOWED
            .iter()
            .map(|(op, _)| *op)
            .find(|op| op.0 == raw)
            .ok_or(NotAllowed(raw))
    }

    /// The value on the wire.
    pub fn value(self) -> u32 {
        self.0
    }

    /// The name for messages and bundle file names (`CTRL_GET_INFO`).
    pub fn name(self) -> &'static str {
        ALLOWED
            .iter()
            .find(|(op, _)| *op == self)
            .map_or("UNKNOWN", |(_, n)| n)
    }
}

impl std::fmt::Display for Opcode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (0x{:08x})", self.name(), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn no_forbidden_opcode_is_allowed() {
        for (raw, name) in FORBIDDEN {
            assert_eq!(Opcode::read(*raw), Err(NotAllowed(*raw)), "{name}");
            assert!(ALLOWED.iter().all(|(op, _)| op.value() != *raw), "{name}");
        }
        assert!(Opcode::read(0x0104_0500).is_err(), "EVENT_WAIT");
        assert!(Opcode::read(0x0105_0000).is_err(), "CTRL_SHUTDOWN");
    }

    #[test]
    fn every_allowed_opcode_is_a_read() {
        // Group 0x0103 (alarm), 0x0105 (shutdown), 0x010f (flash) never read anything we need;
        // the second byte's subcommands 02+ of PD/LD/CFG groups change state, except the
        // foreign display and preview.
        for (op, name) in ALLOWED {
            assert!(
                name.contains("GET") || name.contains("READ") || name.contains("FOREIGN_"),
                "{name}"
            );
            assert_eq!(Opcode::read(op.value()), Ok(*op));
            assert_eq!(op.name(), *name);
        }
    }

    proptest! {
        #[test]
        fn arbitrary_values_are_refused_unless_listed(raw in any::<u32>()) {
            let listed = ALLOWED.iter().any(|(op, _)| op.value() == raw);
            prop_assert_eq!(Opcode::read(raw).is_ok(), listed);
        }
    }
}
