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

/// Formats bytes the way operators read them (binary units, MegaCli-style `GB`).
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KB", "MB", "GB", "TB", "PB"];
    #[allow(clippy::cast_precision_loss)]
    let mut v = bytes as f64;
    let mut i = 0;
    while v >= 1024.0 && i + 1 < UNITS.len() {
        v /= 1024.0;
        i += 1;
    }
    if i == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.3} {}", UNITS[i])
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
    fn human_readable() {
        assert_eq!(human(512), "512 B");
        assert_eq!(human(1024 * 1024 * 1024), "1.000 GB");
    }
}
