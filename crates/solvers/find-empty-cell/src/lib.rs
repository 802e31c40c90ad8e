//! **find-empty-cell**: LeetCode 37 on an integer grid, with small named
//! helpers for every question the search asks.
//!
//! The published original is the C++ solution of a Vietnamese article. It
//! works on an integer grid, 0 for empty: `find_empty_place` returns the first
//! empty cell in row-major order (none left means solved), `is_valid_place`
//! asks `is_present_in_row`, `is_present_in_col` and `is_present_in_box` in
//! that order, and `solve_int_grid` tries 1 to 9 in that cell, recursing and
//! resetting to 0 on failure. The article prints the result with box
//! separators, which [`format_grid`] does here.
//!
//! The LeetCode entry point converts the `char` board to the grid, solves it,
//! and writes the digits back.
//!
//! **Complexity.** The same search tree as the other classics, O(9^m) in the
//! worst case for m empty cells; each node looks for the first empty cell from
//! the top-left (up to 81 cells) and each check reads up to 27 cells. Space
//! O(m) for the recursion plus the 81-byte grid.
//!
//! **No solution.** Every placement is reset to 0, so the grid, and the board,
//! come back as they went in (possibly after a long search); `solve_int_grid`
//! returns false. Conflicting givens are not checked: the search fills around
//! them if it can, leaving the conflict in place, or gives the board back
//! unchanged.
//!
//! Explained at length in `notes/find-empty-cell.md`.
//!
//! ```
//! use sudoku_find_empty_cell::{format_grid, solve_int_grid};
//!
//! // The article's own example.
//! let mut grid = [
//!     [3, 0, 6, 5, 0, 8, 4, 0, 0],
//!     [5, 2, 0, 0, 0, 0, 0, 0, 0],
//!     [0, 8, 7, 0, 0, 0, 0, 3, 1],
//!     [0, 0, 3, 0, 1, 0, 0, 8, 0],
//!     [9, 0, 0, 8, 6, 3, 0, 0, 5],
//!     [0, 5, 0, 0, 9, 0, 6, 0, 0],
//!     [1, 3, 0, 0, 0, 0, 2, 5, 0],
//!     [0, 0, 0, 0, 0, 0, 0, 7, 4],
//!     [0, 0, 5, 2, 0, 6, 3, 0, 0],
//! ];
//! assert!(solve_int_grid(&mut grid));
//! assert_eq!(format_grid(&grid).lines().next(), Some("3 1 6 | 5 7 8 | 4 9 2"));
//! ```

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

/// LeetCode declares this struct itself; the submission is the `impl` below.
pub struct Solution;

/// This file as it is: `sudoku source` cuts the LeetCode submission out of
/// it (`sudoku_catalog::Approach::submission`).
pub const SOURCE: &str = include_str!("lib.rs");

// The lines under #[cfg(sudoku_trace)] count this code's work for `sudoku
// trace`; only that build compiles them (not the judge, not this crate).
// LeetCode submission begins
/// The integer grid: `grid[row][col]` is 0 for empty, else 1 to 9.
pub type Grid = [[u8; 9]; 9];

impl Solution {
    /// Fills every `'.'` of `board` with the first solution in row-major, 1-to-9 order.
    #[allow(clippy::ptr_arg)] // The signature is LeetCode's.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut grid: Grid = [[0; 9]; 9];
        for (row, chars) in board.iter().enumerate().take(9) {
            for (col, &c) in chars.iter().enumerate().take(9) {
                grid[row][col] = c.to_digit(10).map_or(0, |digit| digit as u8);
            }
        }
        solve_int_grid(&mut grid);
        for (row, chars) in board.iter_mut().enumerate().take(9) {
            for (col, c) in chars.iter_mut().enumerate().take(9) {
                let digit = grid[row][col];
                *c = if digit == 0 {
                    '.'
                } else {
                    char::from(b'0' + digit)
                };
            }
        }
    }
}

/// True when `num` is already in column `col`.
fn is_present_in_col(grid: &Grid, col: usize, num: u8) -> bool {
    grid.iter().any(|cells| {
        #[cfg(sudoku_trace)]
        crate::probe::tick();
        cells[col] == num
    })
}

/// True when `num` is already in row `row`.
// Not `contains`: for bytes it calls into memchr, which costs more than the
// comparisons on a 9-cell row (notes/lab/classics-experiments.md).
#[allow(clippy::manual_contains)]
fn is_present_in_row(grid: &Grid, row: usize, num: u8) -> bool {
    grid[row].iter().any(|&value| {
        #[cfg(sudoku_trace)]
        crate::probe::tick();
        value == num
    })
}

/// True when `num` is already in the box whose top-left cell is (`box_start_row`, `box_start_col`).
#[allow(clippy::manual_contains)] // As in `is_present_in_row`: a loop beats memchr on 3 cells.
fn is_present_in_box(grid: &Grid, box_start_row: usize, box_start_col: usize, num: u8) -> bool {
    grid[box_start_row..box_start_row + 3].iter().any(|cells| {
        cells[box_start_col..box_start_col + 3]
            .iter()
            .any(|&value| {
                #[cfg(sudoku_trace)]
                crate::probe::tick();
                value == num
            })
    })
}

/// The first cell holding 0, in row-major order.
fn find_empty_place(grid: &Grid) -> Option<(usize, usize)> {
    for (row, cells) in grid.iter().enumerate() {
        for (col, &value) in cells.iter().enumerate() {
            #[cfg(sudoku_trace)]
            crate::probe::visit((row, col));
            if value == 0 {
                return Some((row, col));
            }
        }
    }
    None
}

/// True when `num` is in neither the row, the column, nor the box of (`row`, `col`).
fn is_valid_place(grid: &Grid, row: usize, col: usize, num: u8) -> bool {
    #[cfg(sudoku_trace)]
    crate::probe::check((row, col), num);
    !is_present_in_row(grid, row, num)
        && !is_present_in_col(grid, col, num)
        && !is_present_in_box(grid, row - row % 3, col - col % 3, num)
}

/// Solves `grid` in place by backtracking; false (with `grid` unchanged) when it has no solution.
pub fn solve_int_grid(grid: &mut Grid) -> bool {
    #[cfg(sudoku_trace)]
    crate::probe::call();
    let Some((row, col)) = find_empty_place(grid) else {
        return true;
    };
    for num in 1..=9 {
        if is_valid_place(grid, row, col, num) {
            grid[row][col] = num;
            #[cfg(sudoku_trace)]
            crate::probe::place((row, col), num);
            if solve_int_grid(grid) {
                return true;
            }
            grid[row][col] = 0;
            #[cfg(sudoku_trace)]
            crate::probe::undo((row, col));
        }
    }
    false
}

/// The grid as the article prints it: digits separated by spaces, `|`
/// between boxes, a line of dashes between bands, 0 printed as `.`.
pub fn format_grid(grid: &Grid) -> String {
    let mut text = String::new();
    for (row, cells) in grid.iter().enumerate() {
        if row == 3 || row == 6 {
            text.push_str("---------------------\n");
        }
        for (col, &value) in cells.iter().enumerate() {
            if col == 3 || col == 6 {
                text.push_str(" |");
            }
            if col > 0 {
                text.push(' ');
            }
            text.push(if value == 0 {
                '.'
            } else {
                char::from(b'0' + value)
            });
        }
        text.push('\n');
    }
    text
}
// LeetCode submission ends

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsolvable_grid_is_left_as_it_was() {
        let mut grid: Grid = [[0; 9]; 9];
        grid[0] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        grid[1][8] = 9;
        let before = grid;
        assert!(!solve_int_grid(&mut grid));
        assert_eq!(grid, before);
    }

    #[test]
    fn format_grid_separates_boxes_and_bands() {
        let mut grid: Grid = [[0; 9]; 9];
        grid[0][0] = 7;
        let text = format_grid(&grid);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "7 . . | . . . | . . .");
        assert_eq!(lines[3], "---------------------");
    }
}
