//! After Accepted: the cases, the time, the slowest case, and the
//! submission's time set beside each of the catalog's approaches on the
//! same cases.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Duration;

use sudoku_catalog::screen::classics_fit;
use sudoku_catalog::{Approach, Family};
use sudoku_core::Board;

use super::cases::Case;
use super::language::{Language, Program};
use super::{timing_repeats, Times, TIMING_SPAN};
use crate::commands::compare::{mean, time_approach};
use crate::commands::time_format::{shown_micros, shown_ratio, shown_time};
use crate::output::Output;

/// Accepted: the cases, the time, the slowest case, and how the time
/// compares with the catalog's approaches on the same cases.
pub fn print(
    output: &mut Output<impl Write>,
    language: Language,
    program: &Program,
    cases: &[Case],
    times: &Times,
    wall: Duration,
) -> io::Result<()> {
    let total: Duration = times.judged.iter().sum();
    let (slowest, slowest_time) = times
        .judged
        .iter()
        .enumerate()
        .max_by_key(|(_, time)| **time)
        .map_or((0, Duration::ZERO), |(index, time)| (index, *time));
    output.line("Accepted")?;
    output.line(&format!(
        "  {} passed in {}; the slowest: {} ({})",
        sudoku_core::counted(cases.len(), "case"),
        shown_time(total),
        cases[slowest].name,
        shown_time(slowest_time)
    ))?;
    let timing: Duration = times.warm.as_ref().map_or(Duration::ZERO, |warm| {
        warm.iter()
            .zip(&times.judged)
            .map(|(&mean, &first)| mean * timing_repeats(first))
            .sum()
    });
    output.line(&format!(
        "  (building took {}; running took {} in all: your code {} judged and {} in the timing round, {} around it: starting {language}, the harness, the pipes)",
        shown_time(program.build_time),
        shown_time(wall),
        shown_time(total),
        shown_time(timing),
        shown_time(wall.saturating_sub(total + timing))
    ))?;
    output.line("")?;
    let Some(warm) = &times.warm else {
        output
            .line("How you compare: the timing round did not finish, so there is no comparison")?;
        return Ok(());
    };
    output.line("How you compare: mean time per case, yours and your time over each approach's, timed here on the same cases")?;
    let mut groups: Vec<&str> = Vec::new();
    for case in cases {
        if !groups.contains(&case.group.as_str()) {
            groups.push(&case.group);
        }
    }
    for group in groups {
        let members: Vec<usize> = (0..cases.len())
            .filter(|&index| cases[index].group == group)
            .collect();
        let puzzles: Vec<Board> = members.iter().map(|&index| cases[index].puzzle).collect();
        #[allow(clippy::cast_precision_loss)] // Case counts are small.
        let yours = members
            .iter()
            .map(|&index| warm[index].as_secs_f64() * 1e6)
            .sum::<f64>()
            / members.len() as f64;
        // An embedded tier is known without measuring it: only a fast-only
        // one does not fit (the catalog's tests hold `fast_only` to
        // `classics_fit` on every tier); the `--cases` file is measured.
        let classics_run = match cases[members[0]].tier {
            Some(tier) => !tier.fast_only(),
            None => classics_fit(&puzzles).is_ok(),
        };
        let mut line = format!(
            "  {group} ({}): you {}",
            sudoku_core::counted(members.len(), "case"),
            shown_micros(yours)
        );
        let mut ratios = Vec::new();
        for approach in sudoku_catalog::APPROACHES {
            if approach.family == Family::Published && !classics_run {
                continue;
            }
            ratios.push(format!(
                "{}× {}",
                shown_ratio(yours / approach_micros(approach, &puzzles)),
                approach.id
            ));
        }
        let _ = write!(line, ": {}", ratios.join(", "));
        if !classics_run {
            line.push_str(
                " (the classics are left out: over ten million placements a puzzle here)",
            );
        }
        output.line(&line)?;
    }
    output.line(&format!(
        "  Your times are measured inside your program around each call of the solve function, each case solved again and again for about {} ms and averaged, as the approaches are; so {language}'s start-up is not in them (it is in the run's total above). Above 1× you are slower than the approach.",
        TIMING_SPAN.as_millis()
    ))?;
    Ok(())
}

/// The mean µs per puzzle of `approach` on `puzzles`, timed over several passes.
fn approach_micros(approach: &Approach, puzzles: &[Board]) -> f64 {
    mean(&time_approach(approach, puzzles, Duration::from_millis(50)).micros)
}
