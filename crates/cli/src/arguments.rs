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
        return Err("the timeout must be more than 0 seconds".to_string());
    }
    match Duration::try_from_secs_f64(seconds) {
        // Found by fuzzing: `1e-19` rounded to a timeout of zero.
        Ok(duration) if duration.is_zero() => Err(format!(
            "{text:?} seconds is less than a nanosecond, the shortest timeout"
        )),
        Ok(duration) => Ok(duration),
        Err(_) => Ok(Duration::MAX),
    }
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
}
