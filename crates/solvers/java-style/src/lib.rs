//! **java-style**: LeetCode 37 as published in Java, with a boolean `solve`
//! and an explicit reset in an `else` branch.
//!
//! The published original is the Java solution of a Chinese LeetCode 37
//! article. `solve(board)` scans rows and columns for the first `'.'`; there
//! it tries `'1'` to `'9'`, places a digit that `is_valid` accepts, and
//! recurses; when the recursion fails the `else` branch puts `'.'` back.
//! After all nine digits it returns false; a scan that finds no `'.'` means
//! the board is solved. `is_valid` checks the row, the column, then the box
//! through a start row and start column plus offsets 0 to 2.
//!
//! **Complexity.** The same search tree and O(9^m) worst case as the other
//! classics for m empty cells; like `full-rescan`, each node rescans the board
//! from the top-left. Space O(m) for the recursion.
//!
//! **No solution.** Every placement is undone, so the board comes back as it
//! went in (possibly after a long search). Conflicting givens are not checked:
//! the search fills around them if it can, leaving the conflict in place, or
//! gives the board back unchanged.
//!
//! Explained at length in `notes/java-style.md`.
//!
//! ```
//! use sudoku_java_style::Solution;
//!
//! let mut board: Vec<Vec<char>> = [
//!     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
//!     "7...2...6", ".6....28.", "...419..5", "....8..79",
//! ]
//! .iter()
//! .map(|row| row.chars().collect())
//! .collect();
//! Solution::solve_sudoku(&mut board);
//! assert_eq!(board[2].iter().collect::<String>(), "198342567");
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
impl Solution {
    /// Fills every `'.'` of `board` with the first solution in row-major, `'1'`-to-`'9'` order.
    #[allow(clippy::ptr_arg)] // The signature is LeetCode's.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve(board);
    }

    /// True once every cell is filled; false when the first empty cell takes no digit.
    // The published Java resets in an `else` after `return true`; kept so the port reads like it.
    #[allow(clippy::redundant_else)]
    fn solve(board: &mut [Vec<char>]) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::call();
        for row in 0..9 {
            for col in 0..9 {
                #[cfg(sudoku_trace)]
                crate::probe::visit((row, col));
                if board[row][col] == '.' {
                    for num in '1'..='9' {
                        if Self::is_valid(board, row, col, num) {
                            board[row][col] = num;
                            #[cfg(sudoku_trace)]
                            crate::probe::place((row, col), num);
                            if Self::solve(board) {
                                return true;
                            } else {
                                board[row][col] = '.'; // backtrack
                                #[cfg(sudoku_trace)]
                                crate::probe::undo((row, col));
                            }
                        }
                    }
                    return false;
                }
            }
        }
        true
    }

    /// True when `num` appears nowhere in the row, the column, or the box of (`row`, `col`).
    fn is_valid(board: &[Vec<char>], row: usize, col: usize, num: char) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::check((row, col), num);
        for &cell in &board[row][..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if cell == num {
                return false;
            }
        }
        for cells in &board[..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if cells[col] == num {
                return false;
            }
        }
        let start_row = (row / 3) * 3;
        let start_col = (col / 3) * 3;
        for i in 0..3 {
            let cells = &board[start_row + i][start_col..start_col + 3];
            for &cell in cells {
                #[cfg(sudoku_trace)]
                crate::probe::tick();
                if cell == num {
                    return false;
                }
            }
        }
        true
    }
}
// LeetCode submission ends
