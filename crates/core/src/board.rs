//! The 81-cell board and its conversions to and from LeetCode's `Vec<Vec<char>>`.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::format;

/// A 9×9 Sudoku board: 81 cells in row-major order, each 0 (empty) or a digit 1–9.
///
/// A `Board` only promises that every cell holds 0–9. Whether the givens
/// conflict is a separate question, answered by [`crate::validate()`].
///
/// ```
/// use sudoku_core::Board;
///
/// let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(board.get(0, 0), 5);
/// assert_eq!(board.get(0, 2), 0);
/// assert_eq!(board.givens(), 30);
/// assert_eq!(board.to_leetcode()[0][1], '3');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; 81],
}

impl Board {
    /// The board with every cell empty.
    pub const EMPTY: Board = Board { cells: [0; 81] };

    /// Builds a board from 81 cells, row-major, 0 for empty.
    ///
    /// # Errors
    /// [`ParseError::DigitOutOfRange`] when a cell holds more than 9.
    pub fn from_cells(cells: [u8; 81]) -> Result<Self, ParseError> {
        // The largest value first, in a pass with no branch per cell (it
        // compiles to vector instructions), since nearly every board has
        // none above 9; the cell is looked for only when there is one.
        // Looking for it in every board, a branch per cell, showed in
        // `sudoku solve`'s profile on a file of easy puzzles.
        let largest = cells.iter().fold(0, |largest, &value| largest.max(value));
        if largest > 9 {
            if let Some(index) = cells.iter().position(|&value| value > 9) {
                return Err(ParseError::DigitOutOfRange {
                    row: index / 9 + 1,
                    column: index % 9 + 1,
                    value: cells[index],
                });
            }
        }
        Ok(Board { cells })
    }

    /// For parsers that have already checked every cell is 0–9.
    pub(crate) const fn from_checked_cells(cells: [u8; 81]) -> Self {
        Board { cells }
    }

    /// The 81 cells, row-major, 0 for empty.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The cell at `row`, `column` (both 0-based): 0 for empty, else 1–9.
    ///
    /// # Panics
    /// When `row` or `column` is 9 or more.
    pub fn get(&self, row: usize, column: usize) -> u8 {
        assert!(
            row < 9 && column < 9,
            "cell ({row}, {column}) is off the board"
        );
        self.cells[row * 9 + column]
    }

    /// Sets the cell at `row`, `column` (both 0-based) to `digit` (0 empties it).
    ///
    /// # Panics
    /// When `row` or `column` is 9 or more, or `digit` is more than 9.
    pub fn set(&mut self, row: usize, column: usize, digit: u8) {
        assert!(
            row < 9 && column < 9,
            "cell ({row}, {column}) is off the board"
        );
        assert!(digit <= 9, "{digit} is not a Sudoku digit");
        self.cells[row * 9 + column] = digit;
    }

    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&value| value != 0).count()
    }

    /// True when no cell is empty (whether or not the board is valid).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&value| value != 0)
    }

    /// Reads LeetCode's board: 9 rows of 9 chars, `'1'`–`'9'` or `'.'`.
    ///
    /// # Errors
    /// The shape or character that is wrong, with its 1-based row and column.
    pub fn from_leetcode(board: &[Vec<char>]) -> Result<Self, ParseError> {
        Board::from_leetcode_cells(board, |&found: &char| Some(found))
    }

    /// A board from LeetCode's shape of rows of cells, whatever a cell is:
    /// `as_char` gives the one character a cell holds, or `None` when it is
    /// not one character (a JSON string like `"55"`). The shape is checked
    /// here, once, for every caller.
    pub(crate) fn from_leetcode_cells<T: fmt::Display>(
        board: &[Vec<T>],
        as_char: impl Fn(&T) -> Option<char>,
    ) -> Result<Self, ParseError> {
        if board.len() != 9 {
            return Err(ParseError::LeetcodeRows { found: board.len() });
        }
        let mut cells = [0; 81];
        for (row, row_cells) in board.iter().enumerate() {
            if row_cells.len() != 9 {
                return Err(ParseError::LeetcodeRowLength {
                    row: row + 1,
                    found: row_cells.len(),
                });
            }
            for (column, cell) in row_cells.iter().enumerate() {
                let value = as_char(cell).and_then(|found| match found {
                    '.' => Some(0),
                    _ => format::digit(found),
                });
                cells[row * 9 + column] = value.ok_or_else(|| ParseError::LeetcodeCell {
                    row: row + 1,
                    column: column + 1,
                    found: cell.to_string(),
                })?;
            }
        }
        Ok(Board { cells })
    }

    /// LeetCode's board: 9 rows of 9 chars, `'.'` for empty.
    pub fn to_leetcode(&self) -> Vec<Vec<char>> {
        self.cells
            .chunks(9)
            .map(|row| row.iter().map(|&digit| digit_char(digit)).collect())
            .collect()
    }

    /// The `line` format: 81 characters, `.` for empty.
    pub fn to_line(&self) -> String {
        // Room for the newline `Format::write` adds, so that it does not
        // copy the line to a larger allocation.
        let mut line = Vec::with_capacity(82);
        // Made as bytes and checked as text in one pass: pushed as chars,
        // each was encoded and its room checked on its own, a visible part
        // of `sudoku solve`'s time per puzzle. The bytes are ASCII, so the
        // check passes and keeps them where they are.
        line.extend(self.cells.iter().map(|&digit| digit_byte(digit)));
        String::from_utf8(line)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
    }

    /// The `grid` format: 11 lines (9 rows and 2 separators), each ending in a newline.
    pub fn to_grid(&self) -> String {
        format::write_grid(self)
    }

    /// The `leetcode` format: the JSON array of 9 arrays of 9 one-character strings, on one line.
    pub fn to_leetcode_json(&self) -> String {
        format::write_leetcode_json(self)
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::EMPTY
    }
}

/// `.` for an empty cell, else the digit.
pub(crate) fn digit_char(digit: u8) -> char {
    char::from(digit_byte(digit))
}

/// [`digit_char`] as an ASCII byte.
fn digit_byte(digit: u8) -> u8 {
    if digit == 0 {
        b'.'
    } else {
        b'0' + digit
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Parses the `line` format (see [`crate::format::parse_line`]).
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        format::parse_line(line)
    }
}

impl fmt::Display for Board {
    /// The `line` format; `{:#}` prints the box-separated grid instead.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if formatter.alternate() {
            formatter.write_str(&self.to_grid())
        } else {
            formatter.write_str(&self.to_line())
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The grid reads far better than 81 numbers in a failed assertion.
        write!(formatter, "Board(\n{})", self.to_grid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    use crate::test_puzzles::EXAMPLE;

    #[test]
    fn leetcode_round_trip_keeps_every_cell() {
        let board: Board = EXAMPLE.parse().unwrap();
        let leetcode = board.to_leetcode();
        assert_eq!(leetcode.len(), 9);
        assert_eq!(
            leetcode[1],
            vec!['6', '.', '.', '1', '9', '5', '.', '.', '.']
        );
        assert_eq!(Board::from_leetcode(&leetcode).unwrap(), board);
        assert_eq!(board.to_line(), EXAMPLE);
    }

    #[test]
    fn from_leetcode_names_the_bad_cell() {
        let mut leetcode = Board::EMPTY.to_leetcode();
        leetcode[2][7] = 'x';
        assert_eq!(
            Board::from_leetcode(&leetcode).unwrap_err().to_string(),
            "r3c8: \"x\" is not \"1\"-\"9\" or \".\""
        );
        leetcode[2].pop();
        assert_eq!(
            Board::from_leetcode(&leetcode).unwrap_err(),
            ParseError::LeetcodeRowLength { row: 3, found: 8 }
        );
        assert_eq!(
            Board::from_leetcode(&leetcode[..4]).unwrap_err(),
            ParseError::LeetcodeRows { found: 4 }
        );
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0; 81];
        cells[10] = 10;
        assert_eq!(
            Board::from_cells(cells).unwrap_err(),
            ParseError::DigitOutOfRange {
                row: 2,
                column: 2,
                value: 10
            }
        );
    }

    #[test]
    fn counts_givens_and_fullness() {
        let board: Board = EXAMPLE.parse().unwrap();
        assert_eq!(board.givens(), 30);
        assert!(!board.is_full());
        assert!(!Board::EMPTY.is_full());
        assert_eq!(Board::default(), Board::EMPTY);
    }
}
