//! **coordinate-recursive**: LeetCode 37 by backtracking, with a helper that
//! carries the coordinates of the cell it is on.
//!
//! The published original is the first solution ("解法一") of a Chinese C++
//! article on LeetCode 37. `helper(board, i, j)` walks the cells in row-major
//! order: past the last column it moves to the next row, a filled cell passes
//! straight to its right neighbour, and an empty cell tries `'1'` to `'9'`,
//! keeping the first digit that clashes with nothing in its column, row and
//! box (checked in that order by three loops) and recursing to the right.
//! A digit that leads nowhere is reset to `'.'`.
//!
//! **Complexity.** Time O(9^m · 27) in the worst case for m empty cells: up
//! to 9^m nodes, and each digit tried costs one check of up to 27 cells.
//! What dominates in practice is the size of the search tree, which the
//! row-major order makes huge on puzzles whose top rows are nearly empty.
//! Space O(81) for the recursion: one frame per cell of the board, givens
//! included, plus one per row end and one at the end, at most 91.
//!
//! **No solution.** Every placement is undone on the way back, so a board with
//! no solution comes back exactly as it went in; the search may take very long
//! to prove that. Givens that already conflict are not checked: the search
//! fills the board around them if it can, leaving the conflict in place, or
//! gives the board back unchanged.
//!
//! Explained at length in `notes/coordinate-recursive.md`.
//!
//! ```
//! use sudoku_coordinate_recursive::Solution;
//!
//! let mut board: Vec<Vec<char>> = [
//!     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
//!     "7...2...6", ".6....28.", "...419..5", "....8..79",
//! ]
//! .iter()
//! .map(|row| row.chars().collect())
//! .collect();
//! Solution::solve_sudoku(&mut board);
//! assert_eq!(board[0].iter().collect::<String>(), "534678912");
//! assert_eq!(board[8].iter().collect::<String>(), "345286179");
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
        Self::helper(board, 0, 0);
    }

    /// Solves from cell (`i`, `j`) onwards; true once every later cell is filled.
    fn helper(board: &mut [Vec<char>], i: usize, j: usize) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::call();
        if i == 9 {
            return true;
        }
        if j >= 9 {
            return Self::helper(board, i + 1, 0);
        }
        #[cfg(sudoku_trace)]
        crate::probe::visit((i, j));
        if board[i][j] != '.' {
            return Self::helper(board, i, j + 1);
        }
        for c in '1'..='9' {
            if !Self::is_valid(board, i, j, c) {
                continue;
            }
            board[i][j] = c;
            #[cfg(sudoku_trace)]
            crate::probe::place((i, j), c);
            if Self::helper(board, i, j + 1) {
                return true;
            }
            board[i][j] = '.';
            #[cfg(sudoku_trace)]
            crate::probe::undo((i, j));
        }
        false
    }

    /// True when `val` appears nowhere in column `j`, row `i`, or the box of (`i`, `j`).
    // Inlined into the digit loop, the check measured faster (notes/lab/classics-experiments.md).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn is_valid(board: &[Vec<char>], i: usize, j: usize, val: char) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::check((i, j), val);
        // Slicing to 9 up front lets the compiler drop the bounds checks of the
        // row and box loops (the column loop still checks `row[j]`).
        for row in &board[..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if row[j] == val {
                return false;
            }
        }
        for &cell in &board[i][..9] {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            if cell == val {
                return false;
            }
        }
        let (row, col) = (i - i % 3, j - j % 3);
        for cells in &board[row..row + 3] {
            for &cell in &cells[col..col + 3] {
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
