//! `sudoku solve`: each puzzle solved by one approach, screened first and
//! checked after.

use std::io::{self, Write};
use std::sync::Arc;

use sudoku_catalog::screen::{screen, Screening, ENGINE};
use sudoku_catalog::Approach;
use sudoku_core::{validate, verify, Board, Format};

use super::{approach_parser, FormatArg, InputArgs};
use crate::batch::{Outcome, Work};
use crate::output::{Output, Status};

/// Solve each puzzle with one approach.
///
/// A puzzle whose givens conflict, or that has no solution, is reported as
/// an error without running the approach on it; a puzzle with several
/// solutions is solved (the first solution the approach finds) with a
/// warning on stderr.
#[derive(clap::Args)]
pub struct Args {
    /// The approach to use (see `sudoku list`).
    #[arg(long, default_value = "coordinate-recursive", value_parser = approach_parser())]
    solver: &'static Approach,
    /// Write solutions in this format.
    #[arg(long, value_enum, default_value_t = FormatArg::Line)]
    output_format: FormatArg,
    #[command(flatten)]
    input: InputArgs,
}

/// Prints each puzzle's solution in the chosen format, or its `error:` line.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let output_format = args.output_format.into();
    let work = work(args.solver, output_format);
    // Grids of several lines each read better with a blank line between.
    output.separate_records(output_format == Format::Grid);
    args.input.run(output, &work)
}

/// `sudoku solve`'s work for each record: [`solve_one`] with `approach`.
pub fn work(approach: &'static Approach, output_format: Format) -> Work {
    // The same for every record that has it: made once, shared.
    let several: Arc<str> = Arc::from(format!(
        "the puzzle has more than one solution; printing the first one {} finds",
        approach.id
    ));
    Work::new(approach.id, move |puzzle| {
        solve_one(approach, &puzzle, output_format, &several)
    })
}

/// Screens `puzzle`, then solves it with `approach` and checks the result;
/// `several` is the warning for a puzzle with more than one solution.
fn solve_one(
    approach: &Approach,
    puzzle: &Board,
    output_format: Format,
    several: &Arc<str>,
) -> Outcome {
    let (screened, warning) = match screen(puzzle) {
        // Conflicting givens are one way to have no solution; say which.
        Screening::Unsolvable => {
            return Outcome::error(match validate(puzzle) {
                Err(conflict) => format!("the givens conflict: {conflict}"),
                Ok(()) => "the puzzle has no solution".to_string(),
            });
        }
        Screening::Multiple(first) => (first, Some(Arc::clone(several))),
        Screening::Unique(solution) => (solution, None),
    };
    // The screening has just run this approach's own search, whose first
    // solution is the one its solve would find: no need to search again.
    let solved = if approach.id == ENGINE {
        Ok(screened)
    } else {
        approach.solve(puzzle)
    };
    let checked = solved
        .map_err(|error| error.to_string())
        .and_then(|solution| {
            verify(puzzle, &solution)
                .map(|()| solution)
                .map_err(|error| error.to_string())
        });
    let outcome = match checked {
        Ok(solution) => Outcome::text(output_format.write(&solution)),
        Err(message) => Outcome::error(format!(
            "{} returned a board that is not a solution: {message}",
            approach.id
        )),
    };
    match warning {
        Some(warning) => outcome.warn(warning),
        None => outcome,
    }
}
