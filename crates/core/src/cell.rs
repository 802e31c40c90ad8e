//! Where a cell is, and how every message names it.

use std::fmt;

/// A cell's place on the board. It displays as the sudoku community writes
/// it, row then column, counted from 1: `r1c2` is the second cell of the top
/// row. Every message of sudoku-lab that names one cell names it so.
///
/// ```
/// use sudoku_core::Cell;
///
/// assert_eq!(Cell::new(0, 1).to_string(), "r1c2");
/// assert_eq!(Cell::from_index(80).to_string(), "r9c9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row, 0–8 from the top.
    pub row: usize,
    /// The column, 0–8 from the left.
    pub column: usize,
}

impl Cell {
    /// The cell in `row` and `column`, both 0-based.
    pub const fn new(row: usize, column: usize) -> Self {
        Cell { row, column }
    }

    /// The cell at `index` of the 81 cells in row-major order (0-based), as
    /// [`Board::cells`](crate::Board::cells) holds them.
    pub const fn from_index(index: usize) -> Self {
        Cell::new(index / 9, index % 9)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "r{}c{}", self.row + 1, self.column + 1)
    }
}
