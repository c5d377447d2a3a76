//! Calendar arithmetic for timestamps (no time zone database: everything is UTC).

/// UTC `YYYY-MM-DD HH:MM:SS UTC` from Unix seconds.
pub fn utc_time(unix: u64) -> String {
    let (year, month, day, h, m, sec) = civil_utc(unix);
    format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02}:{sec:02} UTC")
}

/// Seconds since the epoch → (year, month, day, hour, minute, second), UTC.
pub fn civil_utc(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let (y, m, d) = civil_from_days(i64::try_from(secs / 86_400).unwrap_or(0));
    let rem = secs % 86_400;
    let n = |v: u64| u32::try_from(v).unwrap_or(0);
    (y, m, d, n(rem / 3600), n(rem % 3600 / 60), n(rem % 60))
}

/// Days since 1970-01-01 (negative before) → (year, month, day) of the proleptic Gregorian
/// calendar (Howard Hinnant's `civil_from_days`); [`days_from_civil`]'s inverse.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil);
/// negative before 1970.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// (year, month, day, hour, minute, second), UTC → seconds since the epoch (negative before
/// 1970): [`civil_utc`]'s inverse.
pub fn unix_seconds(y: i64, m: u32, d: u32, h: u32, mi: u32, s: u32) -> i64 {
    days_from_civil(y, m, d) * 86_400 + i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s)
}

/// A time as Ceph prints one (`utime_t`'s ISO 8601 form: `2026-12-05T18:29:44.000000+0000`,
/// with `+00:00`, `Z`, no offset (UTC) or a space before the hour; or seconds since the
/// epoch, `1764959384.000000`), in Unix seconds. `None` for anything else, and before 1970.
pub fn parse_ceph_time(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Ok(secs) = t.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then_some(secs as u64);
    }
    let num = |s: &str| -> Option<u32> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (date, rest) = t.split_at_checked(10)?;
    let mut d = date.split('-');
    let (y, m, day) = (num(d.next()?)?, num(d.next()?)?, num(d.next()?)?);
    if d.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&day) {
        return None;
    }
    let rest = rest.strip_prefix(['T', ' '])?;
    let (clock, mut zone) = rest.split_at_checked(8)?;
    let mut c = clock.split(':');
    let (h, mi, s) = (num(c.next()?)?, num(c.next()?)?, num(c.next()?)?);
    if c.next().is_some() || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    if let Some(frac) = zone.strip_prefix('.') {
        let end = frac
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(frac.len());
        zone = &frac[end..];
    }
    let offset: i64 = match zone {
        "" | "Z" => 0,
        z => {
            let sign = match z.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let digits: String = z[1..].chars().filter(|ch| *ch != ':').collect();
            if digits.len() != 4 {
                return None;
            }
            let (oh, om) = (num(&digits[..2])?, num(&digits[2..])?);
            sign * (i64::from(oh) * 3600 + i64::from(om) * 60)
        }
    };
    let secs = unix_seconds(i64::from(y), m, day, h, mi, s) - offset;
    u64::try_from(secs).ok()
}

/// A time as `ceph device set-life-expectancy` takes it: `YYYY-MM-DDTHH:MM:SS`, UTC (Ceph
/// reads a time without an offset as UTC).
pub fn ceph_time_arg(unix: u64) -> String {
    let (year, month, day, h, m, sec) = civil_utc(unix);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{sec:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_seconds_inverts_civil_utc() {
        for t in [0u64, 59, 951_782_400, 1_700_000_000, 4_102_444_800] {
            let (y, m, d, h, mi, s) = civil_utc(t);
            assert_eq!(unix_seconds(y, m, d, h, mi, s), i64::try_from(t).unwrap());
        }
        assert_eq!(days_from_civil(1969, 12, 31), -1);
    }

    proptest::proptest! {
        /// Every day from 1600 to 2400, before the epoch too (the simulator's boot-relative
        /// events and old captures reach back), maps to its date and back.
        #[test]
        fn civil_from_days_inverts_days_from_civil(days in -135_140i64..157_000) {
            let (y, m, d) = civil_from_days(days);
            proptest::prop_assert!((1..=12).contains(&m) && (1..=31).contains(&d));
            proptest::prop_assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn ceph_times_round_trip() {
        for t in [0, 951_782_400, 1_700_000_000, 1_764_959_384, 4_102_444_800] {
            assert_eq!(parse_ceph_time(&ceph_time_arg(t)), Some(t), "{t}");
        }
        let t = 1_764_959_384;
        for text in [
            "2025-12-05T18:29:44.000000+0000",
            "2025-12-05T19:29:44.123456+0100",
            "2025-12-05T17:29:44.5-01:00",
            "2025-12-05 18:29:44Z",
            "1764959384.000000",
        ] {
            assert_eq!(parse_ceph_time(text), Some(t), "{text}");
        }
        for bad in [
            "",
            "2025-13-05T18:29:44",
            "2025-12-05",
            "2025-12-05T18:29",
            "2025-12-05T18:29:44+1",
            "x025-12-05T18:29:44",
            "-5",
            "1969-12-31T23:59:59",
        ] {
            assert_eq!(parse_ceph_time(bad), None, "{bad:?}");
        }
        assert_eq!(parse_ceph_time("0.000000"), Some(0));
    }
}
