//! Calendar arithmetic for timestamps (no time zone database: everything is UTC).

/// UTC `YYYY-MM-DD HH:MM:SS UTC` from Unix seconds.
pub fn utc_time(unix: u64) -> String {
    let (year, month, day, h, m, sec) = civil_utc(unix);
    format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02}:{sec:02} UTC")
}

/// Seconds since the epoch → (year, month, day, hour, minute, second), UTC.
pub fn civil_utc(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let n = |v: u64| u32::try_from(v).unwrap_or(0);
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
        n(rem / 3600),
        n(rem % 3600 / 60),
        n(rem % 60),
    )
}
