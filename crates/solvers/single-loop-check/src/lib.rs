//! **single-loop-check**: the full-rescan helper with one loop that checks
//! row, column and box together.
//!
//! The published original is the second solution ("解法二") of the Chinese
//! C++ article whose first solution is `coordinate-recursive`. Its helper
//! rescans the board for the first `'.'` on every call, like `full-rescan`;
//! what differs is the validity check: a single loop `k in 0..9` looks at the
//! k-th cell of the column, of the row, and of the box (`i/3*3 + k/3`,
//! `j/3*3 + k%3`) in one pass, skipping cells that hold `'.'` before comparing.
//!
//! **Complexity.** The same search tree as the other classics, O(9^m) for m
//! empty cells in the worst case; each node rescans up to 81 cells, and each
//! check makes up to 27 comparisons plus 27 tests for `'.'` and the index
//! arithmetic for the box. Space O(m) for the recursion.
//!
//! **No solution.** Every placement is undone, so the board comes back as it
//! went in (possibly after a long search). Conflicting givens are not checked:
//! the search fills around them if it can, leaving the conflict in place, or
//! gives the board back unchanged.
//!
//! Explained at length in `notes/single-loop-check.md`.
//!
//! ```
//! use sudoku_single_loop_check::Solution;
//!
//! let mut board: Vec<Vec<char>> = [
//!     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
//!     "7...2...6", ".6....28.", "...419..5", "....8..79",
//! ]
//! .iter()
//! .map(|row| row.chars().collect())
//! .collect();
//! Solution::solve_sudoku(&mut board);
//! assert_eq!(board[6].iter().collect::<String>(), "961537284");
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
        Self::helper(board);
    }

    /// Finds the first empty cell from the top-left, tries each digit there,
    /// and recurses; true when no empty cell is left.
    fn helper(board: &mut [Vec<char>]) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::call();
        for i in 0..9 {
            for j in 0..9 {
                #[cfg(sudoku_trace)]
                crate::probe::visit((i, j));
                if board[i][j] != '.' {
                    continue;
                }
                for c in '1'..='9' {
                    if !Self::is_valid(board, i, j, c) {
                        continue;
                    }
                    board[i][j] = c;
                    #[cfg(sudoku_trace)]
                    crate::probe::place((i, j), c);
                    if Self::helper(board) {
                        return true;
                    }
                    board[i][j] = '.';
                    #[cfg(sudoku_trace)]
                    crate::probe::undo((i, j));
                }
                return false;
            }
        }
        true
    }

    /// True when `val` appears nowhere in the column, row or box of (`i`, `j`),
    /// checking the k-th cell of all three in one pass.
    fn is_valid(board: &[Vec<char>], i: usize, j: usize, val: char) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::check((i, j), val);
        let board = &board[..9];
        let this_row = &board[i][..9];
        for k in 0..9 {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if board[k][j] != '.' && board[k][j] == val {
                return false;
            }
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if this_row[k] != '.' && this_row[k] == val {
                return false;
            }
            let row = i / 3 * 3 + k / 3;
            let col = j / 3 * 3 + k % 3;
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if board[row][col] != '.' && board[row][col] == val {
                return false;
            }
        }
        true
    }
}
// LeetCode submission ends
