//! Value parsers for duration flags, shared by every command: a duration must be a finite
//! number of seconds, greater than zero (unless zero has a documented meaning) and within a
//! bound, so `--timeout inf`, `1e308`, `nan`, `0` or `-1` are refused by the command line
//! with a message instead of panicking or meaning "never" by accident.

use std::time::Duration;

/// One day, the bound of per-call timeouts and cache ages.
pub const DAY: u64 = 86_400;

/// `s` as seconds (a decimal number such as `120` or `0.5`), in `(0, max]`.
///
/// # Errors
/// Not a number, not finite, not greater than zero, or above `max` seconds.
pub fn seconds_in(s: &str, max: u64) -> Result<Duration, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !v.is_finite() {
        return Err(format!("{s:?} is not a finite number of seconds"));
    }
    if v <= 0.0 {
        return Err(format!(
            "{s:?}: the duration must be greater than 0 seconds"
        ));
    }
    #[allow(clippy::cast_precision_loss)]
    if v > max as f64 {
        return Err(format!("{s:?}: at most {max} seconds"));
    }
    // Below a millisecond nothing can run: round up to one.
    Ok(Duration::from_secs_f64(v).max(Duration::from_millis(1)))
}

/// `--timeout`, `--per-command-timeout`: seconds in `(0, 1 day]`.
///
/// # Errors
/// See [`seconds_in`].
pub fn timeout(s: &str) -> Result<Duration, String> {
    seconds_in(s, DAY)
}

/// `collect --budget`: seconds in `(0, 7 days]`.
///
/// # Errors
/// See [`seconds_in`].
pub fn budget(s: &str) -> Result<Duration, String> {
    seconds_in(s, 7 * DAY)
}

/// Whole seconds in `[min, max]`, for the integer flags (`--max-age` takes 0: always ask).
///
/// # Errors
/// Not a whole number in range.
pub fn whole_seconds(s: &str, min: u64, max: u64) -> Result<u64, String> {
    let v: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number of seconds"))?;
    if v < min || v > max {
        return Err(format!("{s:?}: between {min} and {max} seconds"));
    }
    Ok(v)
}

/// `--max-age`: whole seconds in `[0, 1 day]` (0: always ask the controller).
///
/// # Errors
/// See [`whole_seconds`].
pub fn max_age(s: &str) -> Result<u64, String> {
    whole_seconds(s, 0, DAY)
}

/// `--wait-timeout`: whole seconds in `[1, 30 days]`.
///
/// # Errors
/// See [`whole_seconds`].
pub fn wait_timeout(s: &str) -> Result<u64, String> {
    whole_seconds(s, 1, 30 * DAY)
}

/// `--poll`, `--self-test-timeout`: whole seconds in `[1, 1 day]`.
///
/// # Errors
/// See [`whole_seconds`].
pub fn interval(s: &str) -> Result<u64, String> {
    whole_seconds(s, 1, DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_durations_are_refused() {
        for bad in [
            "inf", "-inf", "nan", "NaN", "1e308", "0", "-1", "0.0", "", "soon", "86401",
        ] {
            assert!(timeout(bad).is_err(), "{bad:?}");
        }
        assert_eq!(timeout("120").unwrap(), Duration::from_secs(120));
        assert_eq!(timeout("0.5").unwrap(), Duration::from_millis(500));
        assert_eq!(timeout("1e-9").unwrap(), Duration::from_millis(1));
        assert_eq!(max_age("0").unwrap(), 0);
        assert!(max_age("-1").is_err());
        assert!(max_age("18446744073709551615").is_err());
        assert!(wait_timeout("0").is_err());
        assert!(interval("0").is_err());
        assert!(budget("604801").is_err());
    }
}
