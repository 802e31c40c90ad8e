//! How times and ratios of times are written, the same in `sudoku
//! compare`'s tables and in the judge's verdicts: a time in the unit that
//! keeps it short (`85.3 µs`, `1.24 ms`, `2.00 s`), a ratio with two
//! significant digits at least (`0.0021`, `1.3`, `450`).

use std::time::Duration;

/// A time in the unit that keeps it short: see [`shown_micros`].
pub fn shown_time(time: Duration) -> String {
    shown_micros(time.as_secs_f64() * 1e6)
}

/// `micros` microseconds in the unit that keeps it short: seconds from
/// one second up, milliseconds from one millisecond, else microseconds;
/// with two decimals (one for microseconds, finer than a clock reads).
pub fn shown_micros(micros: f64) -> String {
    if micros >= 1e6 {
        format!("{:.2} s", micros / 1e6)
    } else if micros >= 1e3 {
        format!("{:.2} ms", micros / 1e3)
    } else {
        format!("{micros:.1} µs")
    }
}

/// A ratio with two significant digits at least: `1.3`, `0.0021`, `450`;
/// `?` for one that cannot be a ratio of two times (zero, negative, not
/// finite: a time too short to measure).
pub fn shown_ratio(ratio: f64) -> String {
    if !ratio.is_finite() || ratio <= 0.0 {
        return "?".to_string();
    }
    if ratio >= 10.0 {
        return format!("{ratio:.0}");
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Small, positive.
    let decimals = (1.0 - ratio.log10().floor()).max(1.0) as usize;
    format!("{ratio:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_written_in_the_unit_that_keeps_it_short() {
        assert_eq!(shown_time(Duration::from_nanos(85_300)), "85.3 µs");
        assert_eq!(shown_time(Duration::from_nanos(400)), "0.4 µs");
        assert_eq!(shown_time(Duration::from_micros(1_240)), "1.24 ms");
        assert_eq!(shown_time(Duration::from_millis(999)), "999.00 ms");
        assert_eq!(shown_time(Duration::from_secs(2)), "2.00 s");
        assert_eq!(shown_micros(1_500_000.0), "1.50 s");
        assert_eq!(shown_micros(0.0), "0.0 µs");
    }

    #[test]
    fn a_ratio_keeps_two_significant_digits_at_least() {
        assert_eq!(shown_ratio(1.0), "1.0");
        assert_eq!(shown_ratio(1.34), "1.3");
        assert_eq!(shown_ratio(9.94), "9.9");
        assert_eq!(shown_ratio(0.5), "0.50");
        assert_eq!(shown_ratio(0.0021), "0.0021");
        assert_eq!(shown_ratio(12.4), "12");
        assert_eq!(shown_ratio(450.2), "450");
        for nonsense in [0.0, -1.0, f64::INFINITY, f64::NAN] {
            assert_eq!(shown_ratio(nonsense), "?", "{nonsense}");
        }
    }
}
