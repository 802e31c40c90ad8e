//! **dancing-links**: LeetCode 37 as an exact cover problem, solved by
//! Knuth's Algorithm X with dancing links.
//!
//! A filled grid is a choice of 81 of the 729 candidates "digit d in cell
//! (r, c)" such that each of 324 constraints is met exactly once: every cell
//! holds one digit, and every row, column and box holds each digit once. In
//! the exact cover matrix each candidate is a row with four 1s, one per
//! constraint it meets. Algorithm X repeatedly picks the constraint (column)
//! with the fewest remaining candidates, tries each of them, and removes
//! ("covers") every column that candidate meets and every row that clashes
//! with it. Dancing links (Knuth, 2000) stores the matrix as circular doubly
//! linked lists, so that covering and uncovering are a few pointer swaps and
//! backtracking restores the matrix exactly.
//!
//! **Complexity.** Exponential in the worst case, but choosing the column
//! with the fewest rows is the most-constrained-first rule in matrix form
//! (it covers both "a cell with one candidate" and "a digit with one place"),
//! so real puzzles need few guesses. Building the matrix is 2,916 nodes,
//! done once per call; space is those nodes plus the recursion, one frame
//! per choice and one more.
//!
//! **No solution.** [`Solution::solve_sudoku`] leaves the board unchanged;
//! [`solve`] returns `None` and [`count_solutions`] returns 0. Givens are
//! selected before the search; a given whose constraints another given has
//! already met is a conflict and means no solution at once.
//!
//! Explained at length in `notes/dancing-links.md`.
//!
//! ```
//! use sudoku_dancing_links::{count_solutions, solve};
//!
//! let mut cells = [0u8; 81];
//! for (cell, c) in cells.iter_mut().zip(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".chars(),
//! ) {
//!     *cell = c.to_digit(10).unwrap_or(0) as u8;
//! }
//! assert_eq!(solve(&cells).unwrap()[..9], [5, 3, 4, 6, 7, 8, 9, 1, 2]);
//! assert_eq!(count_solutions(&cells, 2), 1);
//! assert_eq!(count_solutions(&[0; 81], 2), 2);
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
    /// Fills every `'.'` of `board` with a solution; leaves the board unchanged when there is none.
    #[allow(clippy::ptr_arg)] // The signature is LeetCode's.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut cells = [0u8; 81];
        for (index, cell) in cells.iter_mut().enumerate() {
            let c = board[index / 9][index % 9];
            *cell = c.to_digit(10).map_or(0, |digit| digit as u8);
        }
        if let Some(solution) = solve(&cells) {
            for (index, &digit) in solution.iter().enumerate() {
                board[index / 9][index % 9] = char::from(b'0' + digit);
            }
        }
    }
}

/// The root of the header list; headers are 1 to 324, data nodes follow.
const ROOT: usize = 0;
/// Columns of the exact cover matrix: 81 cells, then 81 row-digit, 81
/// column-digit and 81 box-digit constraints.
const COLUMNS: usize = 324;

/// The exact cover matrix as dancing links.
struct Links {
    left: Vec<u16>,
    right: Vec<u16>,
    up: Vec<u16>,
    down: Vec<u16>,
    /// The column header of each node (headers point to themselves).
    column: Vec<u16>,
    /// The candidate of each data node: `cell * 9 + digit - 1`.
    candidate: Vec<u16>,
    /// How many rows each column still has.
    size: [u16; COLUMNS + 1],
    /// The first node of each candidate's row, to select givens.
    first_node: [u16; 729],
    /// Whether each column is covered (met by a chosen candidate).
    covered: [bool; COLUMNS + 1],
}

impl Links {
    /// The full matrix: 729 candidates, 4 nodes each.
    fn new() -> Links {
        let nodes = 1 + COLUMNS + 729 * 4;
        let mut links = Links {
            left: Vec::with_capacity(nodes),
            right: Vec::with_capacity(nodes),
            up: Vec::with_capacity(nodes),
            down: Vec::with_capacity(nodes),
            column: Vec::with_capacity(nodes),
            candidate: Vec::with_capacity(nodes),
            size: [0; COLUMNS + 1],
            first_node: [0; 729],
            covered: [false; COLUMNS + 1],
        };
        for header in 0..=COLUMNS {
            let header = header as u16;
            links.left.push(if header == 0 {
                COLUMNS as u16
            } else {
                header - 1
            });
            links.right.push(if usize::from(header) == COLUMNS {
                0
            } else {
                header + 1
            });
            links.up.push(header);
            links.down.push(header);
            links.column.push(header);
            links.candidate.push(0);
        }
        for candidate in 0..729 {
            let (cell, digit) = (candidate / 9, candidate % 9);
            let (row, col) = (cell / 9, cell % 9);
            let boxed = row / 3 * 3 + col / 3;
            let columns = [
                1 + cell,
                1 + 81 + row * 9 + digit,
                1 + 162 + col * 9 + digit,
                1 + 243 + boxed * 9 + digit,
            ];
            let first = links.left.len();
            links.first_node[candidate] = first as u16;
            for (k, &header) in columns.iter().enumerate() {
                let node = (first + k) as u16;
                let header = header as u16;
                // Horizontally: a ring of the candidate's 4 nodes.
                links.left.push(if k == 0 { node + 3 } else { node - 1 });
                links.right.push(if k == 3 { node - 3 } else { node + 1 });
                // Vertically: appended at the bottom of its column.
                let bottom = links.up[usize::from(header)];
                links.up.push(bottom);
                links.down.push(header);
                links.down[usize::from(bottom)] = node;
                links.up[usize::from(header)] = node;
                links.column.push(header);
                links.candidate.push(candidate as u16);
                links.size[usize::from(header)] += 1;
            }
        }
        links
    }

    /// Removes column `header` and every row that meets it from the matrix.
    fn cover(&mut self, header: usize) {
        #[cfg(sudoku_trace)]
        crate::probe::tick();
        self.covered[header] = true;
        let (left, right) = (self.left[header], self.right[header]);
        self.right[usize::from(left)] = right;
        self.left[usize::from(right)] = left;
        let mut row = usize::from(self.down[header]);
        while row != header {
            let mut node = usize::from(self.right[row]);
            while node != row {
                let (up, down) = (self.up[node], self.down[node]);
                self.down[usize::from(up)] = down;
                self.up[usize::from(down)] = up;
                self.size[usize::from(self.column[node])] -= 1;
                node = usize::from(self.right[node]);
            }
            row = usize::from(self.down[row]);
        }
    }

    /// Puts back what `cover(header)` removed, in exactly the reverse order.
    fn uncover(&mut self, header: usize) {
        let mut row = usize::from(self.up[header]);
        while row != header {
            let mut node = usize::from(self.left[row]);
            while node != row {
                self.size[usize::from(self.column[node])] += 1;
                let node16 = node as u16;
                self.down[usize::from(self.up[node])] = node16;
                self.up[usize::from(self.down[node])] = node16;
                node = usize::from(self.left[node]);
            }
            row = usize::from(self.up[row]);
        }
        let header16 = header as u16;
        self.right[usize::from(self.left[header])] = header16;
        self.left[usize::from(self.right[header])] = header16;
        self.covered[header] = false;
    }

    /// Chooses `candidate` for good (a given); false if one of its columns is
    /// already met, that is, if it conflicts with an earlier given.
    fn select(&mut self, candidate: usize) -> bool {
        let first = usize::from(self.first_node[candidate]);
        let mut node = first;
        loop {
            if self.covered[usize::from(self.column[node])] {
                return false;
            }
            node = usize::from(self.right[node]);
            if node == first {
                break;
            }
        }
        loop {
            self.cover(usize::from(self.column[node]));
            node = usize::from(self.right[node]);
            if node == first {
                return true;
            }
        }
    }

    /// Algorithm X: calls `found` with the chosen candidates of each exact
    /// cover, and stops as soon as it returns true.
    fn search(&mut self, chosen: &mut Vec<u16>, found: &mut dyn FnMut(&[u16]) -> bool) -> bool {
        #[cfg(sudoku_trace)]
        crate::probe::node();
        if usize::from(self.right[ROOT]) == ROOT {
            #[cfg(sudoku_trace)]
            crate::probe::solved();
            return found(chosen);
        }
        // The column with the fewest rows left.
        let mut header = usize::from(self.right[ROOT]);
        let mut best = header;
        while header != ROOT {
            if self.size[header] < self.size[best] {
                best = header;
                if self.size[best] <= 1 {
                    break;
                }
            }
            header = usize::from(self.right[header]);
        }
        #[cfg(sudoku_trace)]
        crate::probe::column(self.size[best]);
        if self.size[best] == 0 {
            return false;
        }
        self.cover(best);
        let mut row = usize::from(self.down[best]);
        let mut stop = false;
        while row != best && !stop {
            chosen.push(self.candidate[row]);
            #[cfg(sudoku_trace)]
            crate::probe::choose_row(self.candidate[row], self.size[best]);
            let mut node = usize::from(self.right[row]);
            while node != row {
                self.cover(usize::from(self.column[node]));
                node = usize::from(self.right[node]);
            }
            stop = self.search(chosen, found);
            let mut node = usize::from(self.left[row]);
            while node != row {
                self.uncover(usize::from(self.column[node]));
                node = usize::from(self.left[node]);
            }
            chosen.pop();
            #[cfg(sudoku_trace)]
            crate::probe::drop_row(self.candidate[row]);
            row = usize::from(self.down[row]);
        }
        self.uncover(best);
        stop
    }
}

/// The matrix with the givens of `cells` selected; `None` when givens
/// conflict or a cell holds more than 9.
fn links_for(cells: &[u8; 81]) -> Option<Links> {
    let mut links = Links::new();
    for (cell, &digit) in cells.iter().enumerate() {
        if digit > 9 {
            return None;
        }
        if digit != 0 && !links.select(cell * 9 + usize::from(digit) - 1) {
            return None;
        }
    }
    Some(links)
}

/// A solution of `cells` (81 cells, row-major, 0 for empty); `None` when
/// there is none, when the givens conflict, or when a cell holds more than 9.
pub fn solve(cells: &[u8; 81]) -> Option<[u8; 81]> {
    let mut links = links_for(cells)?;
    let mut solution = None;
    let mut chosen = Vec::with_capacity(81);
    links.search(&mut chosen, &mut |candidates| {
        let mut solved = *cells;
        for &candidate in candidates {
            let candidate = usize::from(candidate);
            solved[candidate / 9] = (candidate % 9) as u8 + 1;
        }
        solution = Some(solved);
        true
    });
    solution
}

/// How many solutions `cells` has, counting no further than `limit`: the
/// search stops as soon as the limit is reached. Conflicting givens, and
/// cells above 9, have 0.
pub fn count_solutions(cells: &[u8; 81], limit: usize) -> usize {
    let Some(mut links) = links_for(cells) else {
        return 0;
    };
    let mut count = 0;
    if limit > 0 {
        let mut chosen = Vec::with_capacity(81);
        links.search(&mut chosen, &mut |_| {
            count += 1;
            count >= limit
        });
    }
    count
}
// LeetCode submission ends
