//! What the CLI's test files share: the LeetCode example, its solution,
//! puzzle files written for a test, and independent references for the
//! counts `sudoku trace` prints.

pub mod reference;

use std::io::Write;

use sudoku_core::corpus::Kind;

/// LeetCode 37's example puzzle.
pub const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its published solution.
pub const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A puzzle with conflicting givens (two 5s in row 1), from the corpus's
/// example files, as a line.
pub fn conflicting() -> String {
    Kind::Conflicting
        .puzzle("leetcode-37-example-two-5s-in-row-1")
        .to_line()
}

/// A puzzle with valid givens and no solution (row 1's last cell sees every
/// digit), from the corpus's example files, as a line.
pub fn unsolvable() -> String {
    Kind::Unsolvable
        .puzzle("row-1-last-cell-sees-every-digit")
        .to_line()
}

/// A temporary file holding `contents`, removed when it is dropped.
pub fn file_with(contents: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(contents.as_bytes()).unwrap();
    file
}
