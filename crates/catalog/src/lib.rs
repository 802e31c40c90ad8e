//! The one list of sudoku-lab's approaches to LeetCode 37.
//!
//! Tests, benches and the `sudoku` CLI take every approach from [`APPROACHES`],
//! so none of them changes when one is added. Adding one still takes more
//! than an entry here: its crate under `crates/solvers/`, a line in the
//! workspace's and this crate's `Cargo.toml`, its module and entry in the
//! trace crate, and its note with a Chinese twin (ARCHITECTURE.md, "Adding
//! an approach", lists each step).
//!
//! What needs an approach but is not one lives here too: [`screen`] decides
//! whether a puzzle has no solution, one or several, and measures how hard
//! it is for the classics; [`Approach::submission`] gives an approach's
//! LeetCode submission, ready to paste.
//!
//! ```
//! use sudoku_catalog::{find, Family};
//! use sudoku_core::{verify, Board};
//!
//! let approach = find("java-style").unwrap();
//! assert_eq!(approach.family, Family::Published);
//!
//! let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let solution = approach.solve(&puzzle).unwrap();
//! assert!(verify(&puzzle, &solution).is_ok());
//! ```

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

use std::fmt;

use sudoku_core::{Board, ParseError};

pub mod screen;
pub mod submission;

pub use submission::SubmissionError;

/// Where an approach comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// A classic published for LeetCode 37, ported faithfully.
    Published,
    /// An answer to what an interviewer asks next.
    FollowUp,
}

impl Family {
    /// The name `sudoku list` prints.
    pub fn name(self) -> &'static str {
        match self {
            Family::Published => "published",
            Family::FollowUp => "follow-up",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// One approach to LeetCode 37.
#[derive(Clone, Copy)]
pub struct Approach {
    /// The id used on the command line and in bench names, e.g. `full-rescan`.
    pub id: &'static str,
    /// A one-line title.
    pub title: &'static str,
    /// Published classic or follow-up.
    pub family: Family,
    /// Where it was published (for a follow-up, what it answers).
    pub origin: &'static str,
    /// The approach's LeetCode entry point.
    pub solve_sudoku: fn(&mut Vec<Vec<char>>),
    /// The native API on a plain 81-cell array, for approaches that have one.
    pub native: Option<Native>,
    /// The text of the approach's `lib.rs`, which holds its LeetCode
    /// submission between two marker lines (see [`Approach::submission`]).
    pub source: &'static str,
}

/// An approach's API on a plain 81-cell array (row-major, 0 for empty).
#[derive(Debug, Clone, Copy)]
pub struct Native {
    /// A solution, or `None` when there is none (conflicting givens included).
    pub solve: fn(&[u8; 81]) -> Option<[u8; 81]>,
    /// The number of solutions, counting no further than the limit.
    pub count_solutions: fn(&[u8; 81], usize) -> usize,
}

impl Approach {
    /// The note that explains it, relative to the repository root:
    /// `notes/<id>.md` (its Chinese twin is `notes/zh/<id>.md`).
    pub fn note(&self) -> String {
        format!("notes/{}.md", self.id)
    }

    /// Runs the approach on a copy of `puzzle` and reads back what it left.
    ///
    /// The result is whatever the approach produced; check it with
    /// [`sudoku_core::verify`]. Classic approaches can search for a very long
    /// time on puzzles without a solution: screen those out first.
    ///
    /// # Errors
    /// When the approach leaves something that is not a board of digits and `'.'`.
    pub fn solve(&self, puzzle: &Board) -> Result<Board, ParseError> {
        let mut board = puzzle.to_leetcode();
        (self.solve_sudoku)(&mut board);
        Board::from_leetcode(&board)
    }
}

impl Approach {
    /// The approach's LeetCode submission, ready to paste: the code between
    /// the markers of its `lib.rs`, without the probe lines that only
    /// `sudoku trace`'s build compiles (see [`submission::from_source`]).
    /// It starts with the code (LeetCode declares `struct Solution;`
    /// itself) and ends with a newline.
    ///
    /// ```
    /// let text = sudoku_catalog::find("bitmask").unwrap().submission().unwrap();
    /// assert!(text.starts_with("impl Solution {"));
    /// assert!(!text.contains("sudoku_trace"));
    /// ```
    ///
    /// # Errors
    /// Only for a `lib.rs` whose markers or probes are broken; this crate's
    /// tests cut every approach's.
    pub fn submission(&self) -> Result<String, SubmissionError> {
        submission::from_source(self.source)
    }
}

impl fmt::Debug for Approach {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Approach")
            .field("id", &self.id)
            .field("family", &self.family)
            .finish_non_exhaustive()
    }
}

/// Every approach, published classics first, in the order tables list them.
pub const APPROACHES: &[Approach] = &[
    Approach {
        id: "coordinate-recursive",
        title: "Backtracking with a helper that carries the cell's coordinates",
        family: Family::Published,
        origin: "C++ article on LeetCode 37 (Chinese), solution 1 (解法一)",
        solve_sudoku: sudoku_coordinate_recursive::Solution::solve_sudoku,
        native: None,
        source: sudoku_coordinate_recursive::SOURCE,
    },
    Approach {
        id: "full-rescan",
        title: "Backtracking that rescans from the top-left for every cell",
        family: Family::Published,
        origin: "C++ article \"backtracking in three steps\" (Chinese)",
        solve_sudoku: sudoku_full_rescan::Solution::solve_sudoku,
        native: None,
        source: sudoku_full_rescan::SOURCE,
    },
    Approach {
        id: "single-loop-check",
        title: "Full rescan with one loop checking row, column and box together",
        family: Family::Published,
        origin: "C++ article on LeetCode 37 (Chinese), solution 2 (解法二)",
        solve_sudoku: sudoku_single_loop_check::Solution::solve_sudoku,
        native: None,
        source: sudoku_single_loop_check::SOURCE,
    },
    Approach {
        id: "java-style",
        title: "The Java solve(board) with an explicit reset in an else branch",
        family: Family::Published,
        origin: "Java article on LeetCode 37 (Chinese)",
        solve_sudoku: sudoku_java_style::Solution::solve_sudoku,
        native: None,
        source: sudoku_java_style::SOURCE,
    },
    Approach {
        id: "find-empty-cell",
        title: "Integer grid with find-empty-place and is-present helpers",
        family: Family::Published,
        origin: "C++ article \"Sudoku Solver trong C++\" (Vietnamese)",
        solve_sudoku: sudoku_find_empty_cell::Solution::solve_sudoku,
        native: None,
        source: sudoku_find_empty_cell::SOURCE,
    },
    Approach {
        id: "bitmask",
        title: "Backtracking with row, column and box bitmasks: O(1) checks",
        family: Family::FollowUp,
        origin: "follow-up: can you make the validity check O(1)?",
        solve_sudoku: sudoku_bitmask::Solution::solve_sudoku,
        native: Some(Native {
            solve: sudoku_bitmask::solve,
            count_solutions: sudoku_bitmask::count_solutions,
        }),
        source: sudoku_bitmask::SOURCE,
    },
    Approach {
        id: "constraint-propagation",
        title: "Candidate sets, propagation, and search on the fewest candidates",
        family: Family::FollowUp,
        origin: "follow-up: choose the cell better (Norvig, \"Solving Every Sudoku Puzzle\")",
        solve_sudoku: sudoku_constraint_propagation::Solution::solve_sudoku,
        native: Some(Native {
            solve: sudoku_constraint_propagation::solve,
            count_solutions: sudoku_constraint_propagation::count_solutions,
        }),
        source: sudoku_constraint_propagation::SOURCE,
    },
    Approach {
        id: "dancing-links",
        title: "Exact cover by Knuth's Algorithm X with dancing links",
        family: Family::FollowUp,
        origin: "follow-up: model it as exact cover (Knuth, \"Dancing Links\", 2000)",
        solve_sudoku: sudoku_dancing_links::Solution::solve_sudoku,
        native: Some(Native {
            solve: sudoku_dancing_links::solve,
            count_solutions: sudoku_dancing_links::count_solutions,
        }),
        source: sudoku_dancing_links::SOURCE,
    },
    Approach {
        id: "bitboard",
        title: "Bit-parallel bands: singles and locked candidates for all cells at once",
        family: Family::FollowUp,
        origin: "follow-up: how fast can it go? (band bitboards, as in JCZSolve and tdoku)",
        solve_sudoku: sudoku_bitboard::Solution::solve_sudoku,
        native: Some(Native {
            solve: sudoku_bitboard::solve,
            count_solutions: sudoku_bitboard::count_solutions,
        }),
        source: sudoku_bitboard::SOURCE,
    },
];

/// The approach with this id.
pub fn find(id: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.id == id)
}

/// Every approach with a native counter, in catalog order.
pub fn counters() -> impl Iterator<Item = (&'static Approach, Native)> {
    APPROACHES
        .iter()
        .filter_map(|approach| approach.native.map(|native| (approach, native)))
}

/// Every id, in catalog order.
pub fn ids() -> impl Iterator<Item = &'static str> {
    APPROACHES.iter().map(|approach| approach.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_lowercase_words_with_dashes() {
        let mut seen = HashSet::new();
        for id in ids() {
            assert!(seen.insert(id), "{id} is listed twice");
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{id} is not lowercase-with-dashes"
            );
        }
    }

    #[test]
    fn follow_ups_have_a_native_api_and_classics_do_not() {
        for approach in APPROACHES {
            assert_eq!(
                approach.native.is_some(),
                approach.family == Family::FollowUp,
                "{}",
                approach.id
            );
        }
        assert_eq!(counters().count(), 4);
    }

    #[test]
    fn find_knows_every_id_and_nothing_else() {
        for id in ids() {
            assert_eq!(find(id).unwrap().id, id);
        }
        assert!(find("bogosort").is_none());
    }
}
