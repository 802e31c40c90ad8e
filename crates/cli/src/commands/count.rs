//! `sudoku count`: the number of solutions of each puzzle, up to a limit,
//! by an approach's native counter.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use sudoku_catalog::screen::{screen, Screening, ENGINE};
use sudoku_catalog::Native;
use sudoku_core::validate;

use super::InputArgs;
use crate::batch::{Outcome, Work};
use crate::output::{Output, Status};

/// Count the solutions of each puzzle, up to a limit.
///
/// Prints one number per record. Conflicting givens count 0, with the
/// conflict on stderr.
#[derive(clap::Args)]
pub struct Args {
    /// The approach whose counter to use (those with a native API).
    #[arg(long, default_value = DEFAULT_COUNTER, value_parser = counter_parser())]
    solver: Counter,
    /// Count no further than N: a printed N means "N or more".
    #[arg(long, default_value_t = 2, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    limit: u32,
    #[command(flatten)]
    input: InputArgs,
}

/// The approach whose native counter `sudoku count` uses by default: the
/// fastest counter in the catalog on every public set (the counting table
/// of notes/benchmarks.md, "Against the fastest published solvers").
const DEFAULT_COUNTER: &str = "bitboard";

/// An approach with a native counter, as `count --solver` takes it.
#[derive(Clone, Copy)]
struct Counter {
    id: &'static str,
    native: Native,
}

fn counter_parser() -> impl TypedValueParser<Value = Counter> {
    PossibleValuesParser::new(sudoku_catalog::counters().map(|(approach, _)| approach.id)).try_map(
        |id| {
            sudoku_catalog::counters()
                .find(|(approach, _)| approach.id == id)
                .map(|(approach, native)| Counter {
                    id: approach.id,
                    native,
                })
                .ok_or_else(|| format!("no counter named {id}"))
        },
    )
}

/// A count's output line. Counts below 10 (every count up to the default
/// limit, 2) come from a table, so that such a record allocates no output
/// line: on a file of easy puzzles, a string made for each record was a
/// part of the whole run's time that the A/B could see
/// (notes/lab/bitboard-experiments.md, 2026-12-04, evening).
fn count_line(found: usize) -> Cow<'static, str> {
    const LINES: [&str; 10] = [
        "0\n", "1\n", "2\n", "3\n", "4\n", "5\n", "6\n", "7\n", "8\n", "9\n",
    ];
    match LINES.get(found) {
        Some(&line) => Cow::Borrowed(line),
        None => Cow::Owned(format!("{found}\n")),
    }
}

/// Prints the number of solutions of each puzzle, no further than the limit.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let Counter { id, native } = args.solver;
    let limit = args.limit as usize;
    let work = Work::new(id, move |puzzle| {
        // Screen first, as `solve` does: a puzzle with no solution counts 0
        // without running the chosen counter, because proving there is none
        // can take a counter without propagation hours (found by fuzzing:
        // `bitmask` on a sparse dead end, notes/bitmask.md). The screening
        // engine's own count is the screening, so it is not run twice.
        let screened_unsolvable = id != ENGINE && screen(&puzzle) == Screening::Unsolvable;
        let found = if screened_unsolvable {
            0
        } else {
            (native.count_solutions)(puzzle.cells(), limit)
        };
        let outcome = Outcome::text(count_line(found));
        // Conflicting givens are one way to count 0; say which.
        if found == 0 {
            if let Err(conflict) = validate(&puzzle) {
                return outcome.warn(format!("the givens conflict: {conflict}"));
            }
        }
        outcome
    });
    args.input.run(output, &work)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_count_line_is_the_count_and_a_newline_from_the_table_or_not() {
        for found in [0, 1, 2, 7, 9, 10, 11, 99, 12_345, usize::MAX] {
            let line = count_line(found);
            assert_eq!(line, format!("{found}\n"));
            assert_eq!(matches!(line, Cow::Borrowed(_)), found < 10, "{found}");
        }
    }
}
