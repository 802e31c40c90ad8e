//! `sudoku source`: an approach's LeetCode submission, as a learner pastes
//! it into LeetCode.
//!
//! The text is the catalog's ([`Approach::submission`]): the region between
//! the markers of the approach's `lib.rs`, without the probe lines that only
//! `sudoku trace`'s build compiles. The paste test
//! (`tests/leetcode_submission.rs`) compiles that same text on its own with
//! LeetCode's compilers, so what this prints is what is proven to paste.

use std::io::{self, Write};

use sudoku_catalog::Approach;

use super::approach_parser;
use crate::output::{diagnostic, Output, Status};

/// Print an approach's LeetCode submission, ready to paste.
///
/// The code between the markers of the approach's lib.rs, without the
/// probe lines that only `sudoku trace` compiles: paste it into LeetCode
/// 37 as it is (LeetCode declares `struct Solution;` itself). The
/// project's tests compile exactly this text on its own with rustc
/// 1.74.1 (edition 2021) and with current stable (edition 2024).
#[derive(clap::Args)]
pub struct Args {
    /// The approach (see `sudoku list`).
    #[arg(value_name = "ID", value_parser = approach_parser())]
    approach: &'static Approach,
}

/// Prints the chosen approach's submission.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let approach = args.approach;
    match approach.submission() {
        Ok(text) => {
            output.record(&text)?;
            Ok(Status::Success)
        }
        // Only a lib.rs edited by hand can get here: the catalog's tests cut
        // every approach's.
        Err(error) => {
            diagnostic!(
                "error: cannot cut {}'s submission out of its lib.rs: {error}",
                approach.id
            );
            Ok(Status::UsageOrIo)
        }
    }
}
