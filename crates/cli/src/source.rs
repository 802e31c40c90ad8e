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

use crate::output::{diagnostic, Output, Status};

/// Prints `approach`'s submission.
pub fn run(output: &mut Output<impl Write>, approach: &Approach) -> io::Result<Status> {
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
