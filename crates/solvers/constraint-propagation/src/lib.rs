//! **constraint-propagation**: LeetCode 37 the way Peter Norvig's essay
//! "Solving Every Sudoku Puzzle" does it: candidate sets, propagation, and
//! search on the most constrained cell.
//!
//! Every cell keeps the set of digits it may still take (a 9-bit mask).
//! Assigning a digit to a cell means eliminating every other digit from it,
//! and each elimination propagates by two rules: a cell left with one
//! candidate has that digit eliminated from its 20 peers (the other cells of
//! its row, column and box), and a digit left with one place in a unit is
//! assigned there. Many published puzzles are solved by propagating the
//! givens alone. When propagation stalls, the search picks the unfilled cell
//! with the fewest candidates and tries each of them on a copy of the state.
//!
//! **Complexity.** Exponential in the worst case (no exact algorithm for
//! generalised Sudoku is known to be polynomial: the problem is
//! NP-complete), but propagation prunes so hard that even the hardest
//! published puzzles take guesses by the hundred or the thousand, where the
//! classics take placements by the ten thousand to the ten million or more. One state is 81 masks
//! (162 bytes), copied once per guess; recursion depth is at most the number
//! of guesses on the current path.
//!
//! **No solution.** [`Solution::solve_sudoku`] leaves the board unchanged;
//! [`solve`] returns `None` and [`count_solutions`] returns 0. Conflicting
//! givens are a contradiction found while the givens are assigned, before
//! any search.
//!
//! Explained at length in `notes/constraint-propagation.md`.
//!
//! ```
//! use sudoku_constraint_propagation::{count_solutions, solve};
//!
//! let mut cells = [0u8; 81];
//! for (cell, c) in cells.iter_mut().zip(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".chars(),
//! ) {
//!     *cell = c.to_digit(10).unwrap_or(0) as u8;
//! }
//! let solution = solve(&cells).unwrap();
//! assert_eq!(solution[..9], [8, 1, 2, 7, 5, 3, 6, 4, 9]);
//! assert_eq!(count_solutions(&cells, 2), 1);
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

/// The bits for digits 1 to 9 (bit d stands for digit d).
const ALL_DIGITS: u16 = 0b11_1111_1110;

/// The 27 units (9 rows, 9 columns, 9 boxes), each as its 9 cell indices.
const UNITS: [[u8; 9]; 27] = build_units();

/// The 3 units (row, column, box) of each cell, as indices into `UNITS`.
const UNITS_OF: [[u8; 3]; 81] = build_units_of();

/// The 20 peers of each cell: the other cells of its row, column and box.
const PEERS: [[u8; 20]; 81] = build_peers();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            units[i][k] = (i * 9 + k) as u8;
            units[9 + i][k] = (k * 9 + i) as u8;
            units[18 + i][k] = ((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3) as u8;
            k += 1;
        }
        i += 1;
    }
    units
}

const fn build_units_of() -> [[u8; 3]; 81] {
    let mut units_of = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        units_of[cell] = [
            row as u8,
            (9 + column) as u8,
            (18 + row / 3 * 3 + column / 3) as u8,
        ];
        cell += 1;
    }
    units_of
}

const fn build_peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut count = 0;
        let mut other = 0;
        while other < 81 {
            let same_row = other / 9 == cell / 9;
            let same_column = other % 9 == cell % 9;
            let same_box = other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3;
            if other != cell && (same_row || same_column || same_box) {
                peers[cell][count] = other as u8;
                count += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// The candidates of every cell; a cell with one candidate is filled.
#[derive(Clone, Copy)]
struct Candidates([u16; 81]);

impl Candidates {
    /// Eliminates every digit but `digit` from `cell`; false on a contradiction.
    fn assign(&mut self, cell: usize, digit: u32) -> bool {
        let mut others = self.0[cell] & !(1 << digit);
        while others != 0 {
            let other = others.trailing_zeros();
            others &= others - 1;
            if !self.eliminate(cell, other) {
                return false;
            }
        }
        true
    }

    /// Eliminates `digit` from `cell` and propagates; false on a contradiction.
    fn eliminate(&mut self, cell: usize, digit: u32) -> bool {
        let bit = 1 << digit;
        if self.0[cell] & bit == 0 {
            return true;
        }
        self.0[cell] &= !bit;
        let remaining = self.0[cell];
        if remaining == 0 {
            #[cfg(sudoku_trace)]
            crate::probe::dead_end();
            return false;
        }
        // Rule 1: a cell down to one digit removes that digit from its peers.
        if remaining.is_power_of_two() {
            let last = remaining.trailing_zeros();
            #[cfg(sudoku_trace)]
            crate::probe::forced(cell, last);
            for &peer in &PEERS[cell] {
                if !self.eliminate(usize::from(peer), last) {
                    return false;
                }
            }
        }
        // Rule 2: a digit left with one place in a unit goes there.
        for &unit in &UNITS_OF[cell] {
            let mut places = UNITS[usize::from(unit)]
                .iter()
                .filter(|&&other| self.0[usize::from(other)] & bit != 0);
            match (places.next(), places.next()) {
                (None, _) => {
                    #[cfg(sudoku_trace)]
                    crate::probe::dead_end();
                    return false;
                }
                (Some(&only), None) if !self.assign(usize::from(only), digit) => return false,
                _ => {}
            }
        }
        true
    }

    /// The cells as digits; only meaningful once every cell has one candidate.
    fn digits(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (cell, &mask) in cells.iter_mut().zip(&self.0) {
            *cell = mask.trailing_zeros() as u8;
        }
        cells
    }
}

/// Propagates the givens of `cells`; `None` on a contradiction (conflicting
/// givens among them) or a cell above 9.
fn propagate_givens(cells: &[u8; 81]) -> Option<Candidates> {
    let mut candidates = Candidates([ALL_DIGITS; 81]);
    for (cell, &digit) in cells.iter().enumerate() {
        if digit > 9 {
            return None;
        }
        if digit != 0 && !candidates.assign(cell, u32::from(digit)) {
            return None;
        }
    }
    Some(candidates)
}

/// Depth-first search from `candidates`; calls `found` on each solution and
/// stops as soon as it returns true.
fn search(candidates: &Candidates, found: &mut dyn FnMut(&Candidates) -> bool) -> bool {
    #[cfg(sudoku_trace)]
    crate::probe::node();
    // The unfilled cell with the fewest candidates.
    let mut best: Option<usize> = None;
    let mut fewest = u32::MAX;
    for (cell, &mask) in candidates.0.iter().enumerate() {
        let count = mask.count_ones();
        if count > 1 && count < fewest {
            best = Some(cell);
            fewest = count;
            if count == 2 {
                break;
            }
        }
    }
    let Some(cell) = best else {
        return found(candidates);
    };
    #[cfg(sudoku_trace)]
    crate::probe::split(cell, candidates.0[cell]);
    let mut digits = candidates.0[cell];
    while digits != 0 {
        let digit = digits.trailing_zeros();
        digits &= digits - 1;
        let mut guess = *candidates;
        #[cfg(sudoku_trace)]
        crate::probe::guess(cell, digit);
        if guess.assign(cell, digit) && search(&guess, found) {
            return true;
        }
    }
    false
}

/// A solution of `cells` (81 cells, row-major, 0 for empty); `None` when
/// there is none, when the givens conflict, or when a cell holds more than 9.
pub fn solve(cells: &[u8; 81]) -> Option<[u8; 81]> {
    let candidates = propagate_givens(cells)?;
    let mut solution = None;
    search(&candidates, &mut |solved| {
        solution = Some(solved.digits());
        true
    });
    solution
}

/// How many solutions `cells` has, counting no further than `limit`: the
/// search stops as soon as the limit is reached. Conflicting givens, and
/// cells above 9, have 0.
pub fn count_solutions(cells: &[u8; 81], limit: usize) -> usize {
    let Some(candidates) = propagate_givens(cells) else {
        return 0;
    };
    let mut count = 0;
    if limit > 0 {
        search(&candidates, &mut |_| {
            count += 1;
            count >= limit
        });
    }
    count
}
// LeetCode submission ends
