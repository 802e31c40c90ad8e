//! What can be wrong with one record of input.

use thiserror::Error;

use crate::cell::Cell;

/// Why some text is not a board. Everything counts from 1, as a person
/// does: `row` and `column` are the board's, `position` counts characters
/// from the start of the line as written (the messages call it a column, as
/// an editor does).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A `line` record whose puzzle field is not 81 characters long. When
    /// something on the line came after the field, `ended_by` says what
    /// ended it and at which position (a stray space in a puzzle shows up
    /// here).
    #[error("expected 81 cells, found {found}{}", field_end(*ended_by))]
    WrongLength {
        /// How many characters the puzzle field has.
        found: usize,
        /// The position and the character that ended the field, if any did.
        ended_by: Option<(usize, char)>,
    },
    /// A `line` record with a character that is neither a digit nor a blank.
    #[error("column {position}: {found:?} is not a digit or a blank (. 0 _ -)")]
    BadCharacter {
        /// Where the character is on the line.
        position: usize,
        /// The character.
        found: char,
    },
    /// A `grid` row with a character that is neither a digit, a blank nor a separator.
    #[error("grid row {row}, column {position}: {found:?} is not a digit, a blank (. 0 _) or a separator (| - +)")]
    GridBadCharacter {
        /// The grid row, not counting separator lines.
        row: usize,
        /// Where the character is on the row's line.
        position: usize,
        /// The character.
        found: char,
    },
    /// A `grid` row with other than 9 cells.
    #[error("grid row {row} has {}, expected 9", counted(*found, "cell"))]
    GridRowLength {
        /// The grid row, not counting separator lines.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A `grid` record that ended before its ninth row.
    #[error("grid has {}, expected 9", counted(*found, "row"))]
    GridRows {
        /// How many rows it has.
        found: usize,
    },
    /// A `leetcode` record that is not JSON of the expected shape.
    #[error("not a LeetCode board: {message}{}", json_position(*line, *column))]
    Json {
        /// What the JSON parser says is wrong.
        message: String,
        /// The line of the text it is on, from 1 (0 when none is known);
        /// the message names it only when it is not the first.
        line: usize,
        /// Where on that line, in characters from 1.
        column: usize,
    },
    /// A `leetcode` record that ended before its brackets closed.
    #[error("LeetCode board is missing its closing bracket")]
    UnterminatedJson,
    /// A LeetCode board with other than 9 rows.
    #[error("LeetCode board has {}, expected 9", counted(*found, "row"))]
    LeetcodeRows {
        /// How many rows it has.
        found: usize,
    },
    /// A LeetCode row with other than 9 cells.
    #[error("LeetCode row {row} has {}, expected 9", counted(*found, "cell"))]
    LeetcodeRowLength {
        /// The row.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A LeetCode cell that is not `"1"`–`"9"` or `"."`.
    #[error("{}: {found:?} is not \"1\"-\"9\" or \".\"", cell(*row, *column))]
    LeetcodeCell {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        column: usize,
        /// What the cell holds.
        found: String,
    },
    /// A cell value above 9 handed to [`crate::Board::from_cells`].
    #[error("{}: {value} is not a Sudoku digit", cell(*row, *column))]
    DigitOutOfRange {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        column: usize,
        /// The value it holds.
        value: u8,
    },
}

/// Why one record of the input could not be read: its text is not a
/// board, or the reader could not take the text itself.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text was read, and is not a board.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A line longer than the reader accepts; the rest of it was skipped.
    #[error("line is longer than {limit} bytes")]
    LineTooLong {
        /// The longest line accepted, in bytes.
        limit: usize,
    },
    /// A record longer than the reader accepts (a `leetcode` record spread over many lines).
    #[error("record is longer than {limit} bytes")]
    RecordTooLong {
        /// The longest record accepted, in bytes without its line ends.
        limit: usize,
    },
    /// A grid with the wrong number of rows right after grids with nothing
    /// between them to mark where each ends: a row missing from one of
    /// those would have shifted the rest, so they may have been misread.
    #[error("{error}; the {} before it had no blank or separator line between them, so a row missing there would shift them: they may be misread", counted(*grids, "grid"))]
    ShiftedGrids {
        /// The grid's own error: its count of rows.
        error: ParseError,
        /// How many grids came just before it, back to back.
        grids: usize,
    },
    /// A record of a file that looks like UTF-16. The first record of the
    /// file says what to do; the others only that they were not read.
    #[error("{}", if *first { "the file looks like UTF-16; save it as UTF-8" } else { "not read: the file looks like UTF-16 (see its first record)" })]
    Utf16 {
        /// This is the first record of the file.
        first: bool,
    },
    /// A line that is not valid UTF-8: `byte` counts bytes from 1.
    #[error("byte {byte} is not valid UTF-8")]
    NotUtf8 {
        /// Where the first invalid byte is, in bytes from the start of the
        /// line (after the byte-order mark of a first line).
        byte: usize,
    },
}

impl ParseError {
    /// The same error with its position moved `by` characters to the right:
    /// for text that was parsed after leading whitespace was cut off, so
    /// that the position counts from the start of the line as written.
    #[must_use]
    pub(crate) fn shifted(self, by: usize) -> Self {
        match self {
            ParseError::BadCharacter { position, found } => ParseError::BadCharacter {
                position: position + by,
                found,
            },
            ParseError::WrongLength { found, ended_by } => ParseError::WrongLength {
                found,
                ended_by: ended_by.map(|(position, character)| (position + by, character)),
            },
            other => other,
        }
    }
}

/// `1 row`, `2 rows`: a count with its noun in the right number.
pub fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `1234567` as `1,234,567`: a count grouped by thousands, for people.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The [`Cell`] at a 1-based `row` and `column`, as the errors above hold them.
fn cell(row: usize, column: usize) -> Cell {
    Cell::new(row.saturating_sub(1), column.saturating_sub(1))
}

/// Where a JSON error is, for its message: nothing when unknown, the
/// column on a first line, else the line and the column.
fn json_position(line: usize, column: usize) -> String {
    match line {
        0 => String::new(),
        1 => format!(" at column {column}"),
        _ => format!(" at line {line} column {column}"),
    }
}

/// Where a `line` record's puzzle field ended early, for its error message.
fn field_end(ended_by: Option<(usize, char)>) -> String {
    let Some((position, character)) = ended_by else {
        return String::new();
    };
    let what = match character {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        ',' => "a comma".to_string(),
        other => format!("{other:?}"),
    };
    format!(" (the puzzle ends at {what} in column {position})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(
            ParseError::GridRows { found: 1 }.to_string(),
            "grid has 1 row, expected 9"
        );
        assert_eq!(
            ParseError::GridRowLength { row: 2, found: 1 }.to_string(),
            "grid row 2 has 1 cell, expected 9"
        );
        assert_eq!(
            ParseError::LeetcodeRows { found: 1 }.to_string(),
            "LeetCode board has 1 row, expected 9"
        );
        assert_eq!(counted(0, "puzzle"), "0 puzzles");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(72_824_478), "72,824,478");
        assert_eq!(counted(3, "record"), "3 records");
    }
}
