//! What can be wrong with one record of input.

use thiserror::Error;

/// Why a record could not be read as a board. Rows and columns are 1-based,
/// as a person counts them; a column counts characters from the start of the line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A `line` record whose puzzle field is not 81 characters long.
    #[error("expected 81 cells, found {found}")]
    WrongLength { found: usize },
    /// A `line` record with a character that is neither a digit nor a blank.
    #[error("column {column}: {found:?} is not a digit or a blank (. 0 _ -)")]
    BadCharacter { column: usize, found: char },
    /// A `grid` row with a character that is neither a digit, a blank nor a separator.
    #[error("grid row {row}, column {column}: {found:?} is not a digit, a blank (. 0 _) or a separator (| - +)")]
    GridBadCharacter {
        row: usize,
        column: usize,
        found: char,
    },
    /// A `grid` row with other than 9 cells.
    #[error("grid row {row} has {found} cells, expected 9")]
    GridRowLength { row: usize, found: usize },
    /// A `grid` record that ended before its ninth row.
    #[error("grid has {found} rows, expected 9")]
    GridRows { found: usize },
    /// A `leetcode` record that is not JSON of the expected shape.
    #[error("not a LeetCode board: {message}")]
    Json { message: String },
    /// A `leetcode` record that ended before its brackets closed.
    #[error("LeetCode board is missing its closing bracket")]
    UnterminatedJson,
    /// A LeetCode board with other than 9 rows.
    #[error("LeetCode board has {found} rows, expected 9")]
    LeetcodeRows { found: usize },
    /// A LeetCode row with other than 9 cells.
    #[error("LeetCode row {row} has {found} cells, expected 9")]
    LeetcodeRowLength { row: usize, found: usize },
    /// A LeetCode cell that is not `"1"`–`"9"` or `"."`.
    #[error("row {row}, column {column}: {found:?} is not \"1\"-\"9\" or \".\"")]
    LeetcodeCell {
        row: usize,
        column: usize,
        found: String,
    },
    /// A cell value above 9 handed to [`crate::Board::from_cells`].
    #[error("row {row}, column {column}: {value} is not a Sudoku digit")]
    DigitOutOfRange {
        row: usize,
        column: usize,
        value: u8,
    },
    /// A line longer than the reader accepts; the rest of it was skipped.
    #[error("line is longer than {limit} bytes")]
    LineTooLong { limit: usize },
    /// A record longer than the reader accepts (a `leetcode` record spread over many lines).
    #[error("record is longer than {limit} bytes")]
    RecordTooLong { limit: usize },
    /// A line that is not valid UTF-8.
    #[error("byte {column} is not valid UTF-8")]
    NotUtf8 { column: usize },
}
