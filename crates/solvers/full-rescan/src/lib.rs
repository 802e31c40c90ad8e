//! **full-rescan**: LeetCode 37 by backtracking, where every call looks for
//! the first empty cell again from the top-left corner.
//!
//! The published original is the C++ solution of a Chinese "backtracking in
//! three steps" article. `backtracking(board)` takes no coordinates: two
//! nested loops find the first `'.'` in row-major order, try `'1'` to `'9'`
//! there (each checked against the row, then the column, then the box), and
//! recurse on the whole board. When all nine digits fail it returns false at
//! once, which is what stops the recursion on a dead end; when the loops find
//! no `'.'` at all, the board is solved.
//!
//! **Complexity.** The same search tree as `coordinate-recursive`, so the same
//! O(9^m) worst case for m empty cells, plus a rescan of up to 81 cells at
//! every node to find where to continue. Space O(m) for the recursion.
//!
//! **No solution.** Every placement is undone, so the board comes back as it
//! went in (possibly after a long search). Conflicting givens are not checked:
//! the search fills around them if it can, leaving the conflict in place, or
//! gives the board back unchanged.
//!
//! Explained at length in `notes/full-rescan.md`.
//!
//! ```
//! use sudoku_full_rescan::Solution;
//!
//! let mut board: Vec<Vec<char>> = [
//!     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
//!     "7...2...6", ".6....28.", "...419..5", "....8..79",
//! ]
//! .iter()
//! .map(|row| row.chars().collect())
//! .collect();
//! Solution::solve_sudoku(&mut board);
//! assert_eq!(board[4].iter().collect::<String>(), "426853791");
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
        Self::backtracking(board);
    }

    /// Finds the first empty cell from the top-left, tries each digit there,
    /// and recurses; true when no empty cell is left.
    fn backtracking(board: &mut [Vec<char>]) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::call();
        // The original loops to `board.size()` and `board[0].size()`, which are
        // always 9 here; the constant visits the same cells and measured faster
        // (notes/lab/classics-experiments.md).
        for i in 0..9 {
            for j in 0..9 {
                #[cfg(sudoku_trace)]
                crate::probe::visit((i, j));
                if board[i][j] != '.' {
                    continue;
                }
                for k in '1'..='9' {
                    if Self::is_valid(i, j, k, board) {
                        board[i][j] = k;
                        #[cfg(sudoku_trace)]
                        crate::probe::place((i, j), k);
                        if Self::backtracking(board) {
                            return true;
                        }
                        board[i][j] = '.';
                        #[cfg(sudoku_trace)]
                        crate::probe::undo((i, j));
                    }
                }
                return false;
            }
        }
        true
    }

    /// True when `val` appears nowhere in row `row`, column `col`, or their box.
    fn is_valid(row: usize, col: usize, val: char, board: &[Vec<char>]) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::check((row, col), val);
        for &cell in &board[row][..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if cell == val {
                return false;
            }
        }
        for cells in &board[..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if cells[col] == val {
                return false;
            }
        }
        let start_row = (row / 3) * 3;
        let start_col = (col / 3) * 3;
        for cells in &board[start_row..start_row + 3] {
            for &cell in &cells[start_col..start_col + 3] {
                #[cfg(sudoku_trace)]
                crate::probe::tick();
                if cell == val {
                    return false;
                }
            }
        }
        true
    }
}
// LeetCode submission ends
