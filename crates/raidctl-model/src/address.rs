//! `[E:S]` drive addresses.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A physical drive address on one adapter: enclosure device id (absent for `N/A`) and slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DriveAddress {
    /// Enclosure device id; `None` for drives MegaCli lists with `Enclosure Device ID: N/A`.
    pub enclosure: Option<u16>,
    /// Slot number.
    pub slot: u16,
}

impl DriveAddress {
    /// A drive in an enclosure.
    pub fn new(enclosure: u16, slot: u16) -> Self {
        Self {
            enclosure: Some(enclosure),
            slot,
        }
    }

    /// The form MegaCli's `-PhysDrv[E:S]` takes: `32:4`, or `:4` without an enclosure.
    pub fn megacli_arg(&self) -> String {
        match self.enclosure {
            Some(e) => format!("{e}:{}", self.slot),
            None => format!(":{}", self.slot),
        }
    }
}

impl fmt::Display for DriveAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.megacli_arg())
    }
}

/// Why a text is not a drive address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid drive address {text:?}: expected E:S, [E:S] or :S (e.g. 32:4)")]
pub struct AddressError {
    /// The rejected text.
    pub text: String,
}

impl FromStr for DriveAddress {
    type Err = AddressError;

    /// Accepts `32:4`, `[32:4]`, `:4`, `[:4]` and `N/A:4`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = || AddressError {
            text: text.to_owned(),
        };
        let inner = text.trim();
        let inner = inner.strip_prefix('[').unwrap_or(inner);
        let inner = inner.strip_suffix(']').unwrap_or(inner);
        let (enc, slot) = inner.split_once(':').ok_or_else(err)?;
        let enc = enc.trim();
        let slot: u16 = slot.trim().parse().map_err(|_| err())?;
        let enclosure = match enc {
            "" | "N/A" | "n/a" | "?" => None,
            e => Some(e.parse().map_err(|_| err())?),
        };
        Ok(Self { enclosure, slot })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_common_forms() {
        assert_eq!(
            "32:4".parse::<DriveAddress>().unwrap(),
            DriveAddress::new(32, 4)
        );
        assert_eq!(
            "[252:11]".parse::<DriveAddress>().unwrap(),
            DriveAddress::new(252, 11)
        );
        let na = DriveAddress {
            enclosure: None,
            slot: 3,
        };
        assert_eq!(":3".parse::<DriveAddress>().unwrap(), na);
        assert_eq!("[N/A:3]".parse::<DriveAddress>().unwrap(), na);
        assert_eq!(na.to_string(), "[:3]");
        assert!("32".parse::<DriveAddress>().is_err());
        assert!("a:b".parse::<DriveAddress>().is_err());
        assert!("32:70000".parse::<DriveAddress>().is_err());
    }

    proptest! {
        #[test]
        fn display_round_trips(enc in proptest::option::of(any::<u16>()), slot in any::<u16>()) {
            let a = DriveAddress { enclosure: enc, slot };
            prop_assert_eq!(a.to_string().parse::<DriveAddress>().unwrap(), a);
            prop_assert_eq!(a.megacli_arg().parse::<DriveAddress>().unwrap(), a);
        }
    }
}
