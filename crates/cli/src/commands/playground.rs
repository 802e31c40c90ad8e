//! `sudoku playground PAGE`: writes the replay page, opened on the LeetCode
//! example, for a learner to type in puzzles and watch the approaches
//! search them. The page is the one of `sudoku trace --html`
//! (`replay_page`), which runs the approaches itself.

use std::path::PathBuf;

use sudoku_core::corpus::Tier;

use crate::output::{diagnostic, Status};
use crate::replay_page::{self, Opening, PageFile};

/// Write the replay page: watch the approaches search any puzzle, live.
///
/// One HTML file with nothing else to fetch and nothing to install: it
/// runs the nine approaches itself, compiled to WebAssembly from the same
/// probed code as `sudoku trace`, so its counts are the command's. Type or
/// paste a puzzle (81 characters, a grid or LeetCode's JSON), pick one
/// approach or two, and play, step through or scrub their search; the
/// link holds what the page shows (#puzzle=...&solvers=...&step=...&align=...).
///
/// It opens on the LeetCode example with coordinate-recursive, the search
/// every published classic makes, beside bitmask, the first follow-up,
/// which fills the cell with the fewest candidates first. They are aligned
/// by placements (digits written), the work every approach shares: the
/// classic guesses, fails and takes digits back thousands of times, while
/// bitmask fills every empty cell of the example without a wrong guess.
#[derive(clap::Args)]
pub struct Args {
    /// The file to write (never standard output: a page is a file a
    /// browser opens).
    #[arg(value_name = "PAGE")]
    page: PathBuf,
}

/// The approaches the page opens on.
const OPENING_SOLVERS: [&str; 2] = ["coordinate-recursive", "bitmask"];

/// Writes the page; nothing goes to standard output.
pub fn run(args: &Args) -> Status {
    let page = &args.page;
    if let Some(refusal) =
        replay_page::standard_output_refusal("", page, "a page is a file a browser opens")
    {
        diagnostic!("error: {refusal}");
        return Status::UsageOrIo;
    }
    let example = Tier::Examples.puzzles()[0].puzzle;
    let opening = Opening::new(&example, OPENING_SOLVERS.to_vec());
    let written = PageFile::open(page).and_then(|file| {
        file.write(&opening)
            .inspect_err(|_| PageFile::discard(page, file.created))
    });
    match written {
        Ok(()) => Status::Success,
        Err(error) => {
            diagnostic!(
                "error: {}: {}",
                page.display(),
                replay_page::page_error(&error)
            );
            Status::UsageOrIo
        }
    }
}
