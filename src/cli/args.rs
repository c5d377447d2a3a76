//! Value parsers for duration flags, shared by every command. One grammar for all of them:
//! bare seconds (`120`, `0.5`) as before, or numbers with units (`30s`, `5m`, `12h`, `1d`,
//! `2w`, `500ms`, `1h30m`), so `--timeout 2m` means what `--since 7d` always did. A duration
//! must be finite, greater than zero (unless zero has a documented meaning) and within a
//! bound, so `--timeout inf`, `1e308`, `nan`, `0` or `-1` are refused by the command line with
//! a message instead of panicking or meaning "never" by accident.

use std::time::Duration;

/// One day, the bound of per-call timeouts and cache ages.
pub const DAY: u64 = 86_400;

/// The examples every duration error names.
const EXAMPLES: &str = "e.g. 90, 30s, 5m, 12h, 1d";

/// Seconds per unit word.
fn unit_seconds(unit: &str) -> Option<f64> {
    Some(match unit.to_ascii_lowercase().as_str() {
        "ms" | "msec" | "msecs" => 0.001,
        "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
        "d" | "day" | "days" => 86_400.0,
        "w" | "week" | "weeks" => 604_800.0,
        _ => return None,
    })
}

/// `s` in seconds: a bare number (any form `f64` reads, as the flags always took), or one or
/// more `NUMBER UNIT` parts (`1h30m`, `1h 30m`), each number plain decimal digits.
///
/// # Errors
/// Neither form, an unknown unit, or a result that is not finite.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    let t = s.trim();
    if let Ok(v) = t.parse::<f64>() {
        return if v.is_finite() {
            Ok(v)
        } else {
            Err(format!("{s:?} is not a finite duration ({EXAMPLES})"))
        };
    }
    let bad = || format!("{s:?} is not a duration ({EXAMPLES})");
    let mut total = 0.0_f64;
    let mut rest = t;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let n_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (num, after) = rest.split_at(n_end);
        let after = after.trim_start();
        let u_end = after
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after.len());
        let (unit, after) = after.split_at(u_end);
        // Every part has digits and a unit: `5` alone took the bare path above, and `m5` or
        // `5m-3s` is nothing.
        if num.is_empty() || !num.starts_with(|c: char| c.is_ascii_digit()) || unit.is_empty() {
            return Err(bad());
        }
        let n: f64 = num.parse().map_err(|_| bad())?;
        let mult = unit_seconds(unit).ok_or_else(|| {
            format!("{s:?}: unknown unit {unit:?} (use ms, s, m, h, d or w; {EXAMPLES})")
        })?;
        total += n * mult;
        rest = after.trim_start();
    }
    if total.is_finite() {
        Ok(total)
    } else {
        Err(format!("{s:?} is not a finite duration ({EXAMPLES})"))
    }
}

/// `s` as a duration in `(0, max]` seconds.
///
/// # Errors
/// Not a duration, not greater than zero, or above `max` seconds.
pub fn seconds_in(s: &str, max: u64) -> Result<Duration, String> {
    let v = parse_seconds(s)?;
    if v <= 0.0 {
        return Err(format!("{s:?}: the duration must be greater than 0"));
    }
    #[allow(clippy::cast_precision_loss)]
    if v > max as f64 {
        return Err(format!("{s:?}: at most {}", human(max)));
    }
    // Below a millisecond nothing can run: round up to one.
    Ok(Duration::from_secs_f64(v).max(Duration::from_millis(1)))
}

/// `--timeout`, `--per-command-timeout`: a duration in `(0, 1 day]`.
///
/// # Errors
/// See [`seconds_in`].
pub fn timeout(s: &str) -> Result<Duration, String> {
    seconds_in(s, DAY)
}

/// `collect --budget`: a duration in `(0, 7 days]`.
///
/// # Errors
/// See [`seconds_in`].
pub fn budget(s: &str) -> Result<Duration, String> {
    seconds_in(s, 7 * DAY)
}

/// A whole number of seconds in `[min, max]`, for the flags kept as integers (`--max-age`
/// takes 0: always ask); `5m` is 300, `1.5s` is refused.
///
/// # Errors
/// Not a duration, not whole seconds, or out of range.
pub fn whole_seconds(s: &str, min: u64, max: u64) -> Result<u64, String> {
    let v = parse_seconds(s)?;
    #[allow(clippy::cast_precision_loss)]
    if v < min as f64 || v > max as f64 {
        return Err(format!("{s:?}: between {} and {}", human(min), human(max)));
    }
    if v.fract() != 0.0 {
        return Err(format!("{s:?} is not a whole number of seconds"));
    }
    // In range and whole: the conversion is exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(v as u64)
}

/// `--max-age`, `--full-read-after`: whole seconds in `[0, 1 day]` (0: always ask the
/// controller, or never reuse).
///
/// # Errors
/// See [`whole_seconds`].
pub fn max_age(s: &str) -> Result<u64, String> {
    whole_seconds(s, 0, DAY)
}

/// `--wait-timeout`, `--drain-timeout`: whole seconds in `[1, 30 days]`.
///
/// # Errors
/// See [`whole_seconds`].
pub fn wait_timeout(s: &str) -> Result<u64, String> {
    whole_seconds(s, 1, 30 * DAY)
}

/// `ceph sync --window`: whole seconds in `[1 hour, 365 days]` (a failure window shorter than
/// an hour is no prediction; one beyond a year never reaches Ceph's thresholds).
///
/// # Errors
/// See [`whole_seconds`].
pub fn life_window(s: &str) -> Result<u64, String> {
    whole_seconds(s, 3600, 365 * DAY)
}

/// `--poll`, `--self-test-timeout`: whole seconds in `[1, 1 day]`.
///
/// # Errors
/// See [`whole_seconds`].
pub fn interval(s: &str) -> Result<u64, String> {
    whole_seconds(s, 1, DAY)
}

/// `collect --since`: a window of whole seconds in `[1, 3650 days]` (zero would collect
/// nothing; beyond ten years is not a window).
///
/// # Errors
/// See [`whole_seconds`].
pub fn since(s: &str) -> Result<Duration, String> {
    whole_seconds(s, 1, 3650 * DAY).map(Duration::from_secs)
}

/// `86400` → `86400 s (1d)`: bounds in messages, in the unit given and the one most use.
fn human(secs: u64) -> String {
    let short = if secs >= DAY && secs.is_multiple_of(DAY) {
        format!(" ({}d)", secs / DAY)
    } else if secs >= 3600 && secs.is_multiple_of(3600) {
        format!(" ({}h)", secs / 3600)
    } else {
        String::new()
    };
    format!("{secs} s{short}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_durations_are_refused() {
        for bad in [
            "inf", "-inf", "nan", "NaN", "1e308", "0", "-1", "0.0", "", "soon", "86401", "0s",
            "2d", "-5m", "5x", "m5", "5m-3s", ".5m", "1e400s",
        ] {
            assert!(timeout(bad).is_err(), "{bad:?}");
        }
        assert_eq!(timeout("120").unwrap(), Duration::from_secs(120));
        assert_eq!(timeout("0.5").unwrap(), Duration::from_millis(500));
        assert_eq!(timeout("1e-9").unwrap(), Duration::from_millis(1));
        assert_eq!(max_age("0").unwrap(), 0);
        assert!(max_age("-1").is_err());
        assert!(max_age("18446744073709551615").is_err());
        assert!(max_age("1.5").is_err());
        assert!(wait_timeout("0").is_err());
        assert!(interval("0").is_err());
        assert!(interval("500ms").is_err(), "not whole seconds");
        assert!(budget("604801").is_err());
        assert!(since("0d").is_err());
        assert!(since("99999999999999999999d").is_err());
        assert!(since("18446744073709551615w").is_err());
    }

    #[test]
    fn units_and_bare_seconds() {
        for (text, secs) in [
            ("30s", 30),
            ("5m", 300),
            ("12h", 43_200),
            ("1d", 86_400),
            ("90", 90),
            (" 90 ", 90),
            ("1h30m", 5400),
            ("1h 30m", 5400),
            ("2min", 120),
            ("1.5h", 5400),
            ("2M", 120),
        ] {
            assert_eq!(
                timeout(text).unwrap(),
                Duration::from_secs(secs),
                "{text:?}"
            );
            assert_eq!(max_age(text).unwrap(), secs, "{text:?}");
        }
        assert_eq!(timeout("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(since("7d").unwrap(), Duration::from_secs(604_800));
        assert_eq!(since("2w").unwrap(), Duration::from_secs(1_209_600));
        assert_eq!(wait_timeout("30d").unwrap(), 30 * DAY);
        assert!(wait_timeout("31d").is_err());
        assert_eq!(interval("10").unwrap(), 10);
        let e = max_age("2d").unwrap_err();
        assert!(e.contains("between 0 s and 86400 s (1d)"), "{e}");
        let e = timeout("5 parsecs").unwrap_err();
        assert!(e.contains("unknown unit \"parsecs\""), "{e}");
    }
}
