//! `sudoku check`: LeetCode 36's rules on each board.

use std::io::{self, Write};

use sudoku_core::validate;

use super::InputArgs;
use crate::batch::{Outcome, Work};
use crate::output::{Output, Status};

/// Check each board against LeetCode 36's rules (no digit twice in a row,
/// column or box); empty cells are allowed. Prints `valid` or the conflict.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Prints `valid` for each board that keeps the rules; a board that breaks
/// one is an `error:` line naming the conflict.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let work = Work::new("check", |board| match validate(&board) {
        Ok(()) => Outcome::text("valid\n"),
        Err(conflict) => Outcome::error(conflict.to_string()),
    });
    args.input.run(output, &work)
}
