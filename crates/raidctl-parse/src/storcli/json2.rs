//! storcli2 / perccli2 (8.x, SAS4 / `mpi3mr` controllers) JSON.
//!
//! Differences from 7.x that matter: drives come as `Drives List` items holding `Drive
//! Information`, `LU/NS Information` and `Drive Detailed Information`; the device id is `PID`;
//! the drive state is split into `State` (`Conf`, `UConf`, `GHS`, `DHS`, `JBOD`) and `Status`
//! (`Online`, `Offline`, `Failed`...); VDs come as `Virtual Drives` items with `VD Info`, `PDs`
//! and `VD Properties`; sizes use GiB/TiB; the battery is `Energy Pack Info`; TOPOLOGY has
//! `Span` where 7.x has `Arr`; `"Controller"` is a string.

use super::json::{Schema, parse_with};
use crate::{Kind, ParseError};
use raidctl_model::Document;

/// Parses storcli2 / perccli2 JSON.
///
/// # Errors
/// A [`ParseError`] when the input holds no JSON object with a `Controllers` array.
pub fn parse_json2(input: &str) -> Result<Document, ParseError> {
    parse_with(input, Schema::V2, Kind::Storcli2Json)
}

/// True when JSON text carries the storcli2 schema: a CLI version 8 or later, or one of the
/// keys only storcli2 prints.
pub(crate) fn looks_like_v2(head: &str) -> bool {
    if let Some(at) = head.find("\"CLI Version\"") {
        let rest = &head[at + "\"CLI Version\"".len()..];
        let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ':' || c == '"');
        if let Some((major, _)) = super::digits(rest) {
            return major >= 8;
        }
    }
    [
        "\"Drives List\"",
        "\"PID\"",
        "\"VD Info\"",
        "\"Energy Pack Info\"",
        "\"LU/NS",
    ]
    .iter()
    .any(|k| head.contains(k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use raidctl_model::{FirmwareState, parse_size};

    const SAMPLE: &str = r#"{"Controllers":[{"Command Status":{"CLI Version":"008.0004.0000.0022 Apr 28, 2023",
      "Controller":"0","Status":"Success","Description":"Show Drive Information Succeeded."},
      "Response Data":{"Drives List":[{"Drive Information":{"EID:Slt":"292:0","PID":275,"State":"Conf",
      "Status":"Online","DG":0,"Size":"446.625 GiB","Intf":"SATA","Med":"SSD","Model":"MTFDDAK480TGB  ","Sp":"U"},
      "Drive Detailed Information":{"Temperature(C)":29,"Serial Number":"S1 ","Drive position":"DriveGroup:0, Span:0, Row:3",
      "LU/NS Properties":{"Media Error Count":0,"Raw size":"447.130 GiB [0x37e436b0 Sectors]"}}},
      {"Drive Information":{"EID:Slt":"292:1","PID":276,"State":"UConf","Status":"Good","DG":"-","Size":"3.492 TiB"}}]}}]}"#;

    #[test]
    fn drives_list() {
        assert!(looks_like_v2(SAMPLE));
        let doc = parse_json2(SAMPLE).unwrap();
        assert_eq!(doc.kind, "storcli2-json");
        assert_eq!(doc.physical_drives.len(), 2);
        let d = &doc.physical_drives[0];
        assert_eq!(d.device_id, Some(275));
        assert_eq!(d.firmware_state, FirmwareState::Online);
        assert_eq!(d.firmware_state_raw.as_deref(), Some("Conf Online"));
        assert_eq!(d.temperature_c, Some(29));
        assert_eq!(d.serial.as_deref(), Some("S1"));
        assert_eq!(d.arm, Some(3));
        assert_eq!(d.media_error_count, Some(0));
        assert_eq!(d.raw_size_bytes, Some(0x37e4_36b0 * 512));
        let u = &doc.physical_drives[1];
        assert_eq!(u.firmware_state, FirmwareState::UnconfiguredGood);
        assert_eq!(u.coerced_size_bytes, parse_size("3.492 TiB").ok());
    }
}
