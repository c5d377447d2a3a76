//! Sizes as MegaCli prints them: `279.396 GB [0x22ecb25c Sectors]`, `140014MB`, `2.728 TB`.

/// MegaCli's sector counts are in 512-byte units whatever the drive's sector size.
pub const SECTOR: u64 = 512;

/// Why a size text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid size {text:?}")]
pub struct SizeError {
    /// The rejected text.
    pub text: String,
}

/// Parses a size into bytes. The exact `[0x... Sectors]` count wins where present; otherwise
/// the number and unit are read as binary units (MegaCli's `GB` is GiB), so the result is
/// approximate to the printed precision.
pub fn parse_size(text: &str) -> Result<u64, SizeError> {
    let err = || SizeError {
        text: text.to_owned(),
    };
    if let Some(open) = text.find("[0x") {
        let hex: String = text[open + 3..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        if let Ok(sectors) = u64::from_str_radix(&hex, 16) {
            return sectors.checked_mul(SECTOR).ok_or_else(err);
        }
    }
    let t = text.trim().replace(',', "");
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let value: f64 = num.parse().map_err(|_| err())?;
    let unit = unit.trim().to_ascii_uppercase();
    let unit = unit.split_whitespace().next().unwrap_or("");
    let mult: f64 = match unit.trim_end_matches("IB").trim_end_matches('B') {
        "" => 1.0,
        "K" => 1024.0,
        "M" => 1024.0 * 1024.0,
        "G" => 1024.0_f64.powi(3),
        "T" => 1024.0_f64.powi(4),
        "P" => 1024.0_f64.powi(5),
        _ => return Err(err()),
    };
    let bytes = value * mult;
    if !bytes.is_finite() || bytes < 0.0 || bytes > u64::MAX as f64 {
        return Err(err());
    }
    // Rounding is intended: the printed value has at most three decimals.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(bytes.round() as u64)
}

/// Formats a size for people, the one way every table and message of raidctl does: binary
/// units with their IEC names (`558.375 GiB`, `2.18 TiB`, `512 MiB`, `512 B`), rounded to at
/// most three decimals. MegaCli and storcli print the same binary units with three decimals
/// but call them `GB` and `TB`: the digits are theirs, the unit is named right. JSON keeps
/// bytes.
pub fn fmt_size(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >> (10 * (unit + 1)) > 0 {
        unit += 1;
    }
    if unit == 0 {
        return format!("{bytes} B");
    }
    // Rounded, not cut: a size read back from a vendor's three decimals (`2.454 TB`) prints
    // as those decimals again.
    let thousandths = |unit: usize| {
        let shift = 10 * unit;
        (u128::from(bytes) * 1000 + (1 << (shift - 1))) >> shift
    };
    let mut t = thousandths(unit);
    if t >= 1024 * 1000 && unit + 1 < UNITS.len() {
        unit += 1;
        t = thousandths(unit);
    }
    let (whole, frac) = (t / 1000, t % 1000);
    let frac = format!("{frac:03}");
    let frac = frac.trim_end_matches('0');
    let sep = if frac.is_empty() { "" } else { "." };
    format!("{whole}{sep}{frac} {}", UNITS[unit])
}

/// Two sizes to compare in a message (`too small: HAVE, needs NEED`): [`fmt_size`] of each, with
/// the exact bytes added when the two would print the same.
pub fn fmt_sizes(have: u64, need: u64) -> (String, String) {
    let (h, n) = (fmt_size(have), fmt_size(need));
    if h == n && have != need {
        (format!("{h} ({have} bytes)"), format!("{n} ({need} bytes)"))
    } else {
        (h, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sectors_win() {
        assert_eq!(
            parse_size("136.731 GB [0x11176d60 Sectors]").unwrap(),
            0x1117_6d60 * 512
        );
        assert_eq!(
            parse_size("140014MB [0x11177328 Sectors]").unwrap(),
            0x1117_7328 * 512
        );
    }

    #[test]
    fn units() {
        assert_eq!(parse_size("69376MB").unwrap(), 69376 * 1024 * 1024);
        assert_eq!(parse_size("64 KB").unwrap(), 65536);
        assert_eq!(parse_size("64kB").unwrap(), 65536);
        assert_eq!(
            parse_size("3,631.87 GiB").unwrap(),
            (3631.87 * 1024f64.powi(3)).round() as u64
        );
        assert!(parse_size("N/A").is_err());
        assert!(parse_size("12 XB").is_err());
    }

    #[test]
    fn sizes_are_binary_with_iec_units() {
        assert_eq!(fmt_size(0), "0 B");
        assert_eq!(fmt_size(512), "512 B");
        assert_eq!(fmt_size(1023), "1023 B");
        assert_eq!(fmt_size(1024), "1 KiB");
        assert_eq!(fmt_size(512 << 20), "512 MiB");
        assert_eq!(fmt_size(1 << 30), "1 GiB");
        // A 600 GB SAS drive: MegaCli's `558.375 GB` coerced, `558.912 GB` raw.
        assert_eq!(fmt_size(599_550_590_976), "558.375 GiB");
        assert_eq!(fmt_size(600_127_266_816), "558.912 GiB");
        // A 3 TB drive (3,000,592,982,016 bytes).
        assert_eq!(fmt_size(3_000_592_982_016), "2.729 TiB");
        // Rounded: a vendor's three decimals read back print as they were.
        assert_eq!(fmt_size(parse_size("2.454 TB").unwrap()), "2.454 TiB");
        assert_eq!(fmt_size(parse_size("837.75 GB").unwrap()), "837.75 GiB");
        assert_eq!(fmt_size((1 << 40) - 1), "1 TiB");
        assert_eq!(fmt_size((1 << 40) - (1 << 30)), "1023 GiB");
        assert_eq!(fmt_size(u64::MAX), "16 EiB");
    }

    #[test]
    fn compared_sizes_that_print_alike_show_their_bytes() {
        assert_eq!(
            fmt_sizes(599_550_590_976, 600_127_266_816),
            ("558.375 GiB".to_owned(), "558.912 GiB".to_owned())
        );
        assert_eq!(
            fmt_sizes(599_550_590_976, 599_550_590_977),
            (
                "558.375 GiB (599550590976 bytes)".to_owned(),
                "558.375 GiB (599550590977 bytes)".to_owned()
            )
        );
    }
}
