//! Parsers for the values of the `sudoku` command's options.

use std::time::{Duration, Instant};

/// The instant `timeout` from now; none when there is no timeout, or when it
/// is too far away for the clock to hold (it would never come anyway).
pub fn deadline_after(timeout: Option<Duration>) -> Option<Instant> {
    Instant::now().checked_add(timeout?)
}

/// A positive number of seconds, such as `30` or `0.5`. A number too large
/// for a `Duration` (`1e30`, `inf`) means no time limit at all.
///
/// # Errors
/// When `text` is not a number, or not more than 0.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds.is_nan() {
        return Err(format!("{text:?} is not a number of seconds"));
    }
    if seconds <= 0.0 {
        return Err(format!("{text:?}: it must be more than 0 seconds"));
    }
    match Duration::try_from_secs_f64(seconds) {
        // Found by fuzzing: `1e-19` rounded to a timeout of zero.
        Ok(duration) if duration.is_zero() => Err(format!(
            "{text:?} seconds is less than a nanosecond, the shortest time there is"
        )),
        Ok(duration) => Ok(duration),
        Err(_) => Ok(Duration::MAX),
    }
}

/// The longest time limit a case of `sudoku judge` may have: a day. Longer
/// is surely a slip, and the judge adds to the limit and multiplies it
/// (the wall-clock backstop is several times it), which a limit near
/// `Duration::MAX` would overflow.
pub const LONGEST_TIME_LIMIT: Duration = Duration::from_secs(24 * 60 * 60);

/// A time limit: a number of seconds as [`parse_seconds`] reads it, but no
/// more than [`LONGEST_TIME_LIMIT`]. Unlike a timeout, where "too large"
/// means none, a limit is always there.
///
/// # Errors
/// As [`parse_seconds`], and when the limit is over a day (`inf`, `1e19`).
pub fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds(text)?;
    if limit > LONGEST_TIME_LIMIT {
        return Err(format!(
            "{text:?} seconds is more than a day ({} s), the longest time limit",
            LONGEST_TIME_LIMIT.as_secs()
        ));
    }
    Ok(limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_parse_as_a_duration_and_too_many_mean_no_limit() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(
            parse_seconds("1e19"),
            Ok(Duration::from_secs(10_000_000_000_000_000_000))
        );
        assert_eq!(parse_seconds("1e300"), Ok(Duration::MAX));
        assert_eq!(parse_seconds("inf"), Ok(Duration::MAX));
        assert_eq!(parse_seconds("1e-9"), Ok(Duration::from_nanos(1)));
        for nonsense in ["0", "-3", "-inf", "NaN", "soon", "", "1e-19"] {
            assert!(parse_seconds(nonsense).is_err(), "{nonsense:?}");
        }
        // Beyond what the clock can hold: no deadline, rather than a panic.
        assert_eq!(deadline_after(Some(Duration::MAX)), None);
        assert!(deadline_after(Some(Duration::from_secs(1))).is_some());
        assert_eq!(deadline_after(None), None);
    }

    #[test]
    fn a_time_limit_is_at_most_a_day_and_inf_is_refused_not_a_panic() {
        assert_eq!(parse_time_limit("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_time_limit("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_time_limit("86400"), Ok(LONGEST_TIME_LIMIT));
        for too_long in ["86400.5", "1e6", "9.3e18", "1e300", "inf"] {
            let error = parse_time_limit(too_long).unwrap_err();
            assert!(error.contains("more than a day"), "{too_long}: {error}");
        }
        for nonsense in ["0", "-1", "NaN", "soon", ""] {
            assert!(parse_time_limit(nonsense).is_err(), "{nonsense:?}");
        }
        // What the judge does with a limit must not overflow at the longest.
        assert!(LONGEST_TIME_LIMIT.checked_mul(1000).is_some());
    }
}
