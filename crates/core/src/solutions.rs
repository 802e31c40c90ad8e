//! A small, fast solution counter, used to screen puzzles before a slow
//! approach runs on them, and to know a puzzle's solution count.
//!
//! It keeps a bitmask of used digits per row, column and box, and always
//! branches on the empty cell with the fewest candidates, filling forced
//! cells along the way. That is enough to decide any 9×9 puzzle, including
//! ones whose givens conflict or that have no solution, in well under a
//! millisecond on typical hard puzzles, where the classic row-major
//! approaches can search for minutes before they give up.

use crate::board::Board;
use crate::validate::validate;

/// How many solutions `puzzle` has, counting no further than `limit`.
/// Conflicting givens have 0 solutions.
///
/// ```
/// use sudoku_core::{solutions::count_solutions, Board};
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(count_solutions(&puzzle, 2), 1);
/// assert_eq!(count_solutions(&Board::EMPTY, 2), 2);
/// ```
pub fn count_solutions(puzzle: &Board, limit: usize) -> usize {
    let Some(mut search) = Search::new(puzzle) else {
        return 0;
    };
    let mut count = 0;
    search.run(limit, &mut |_| count += 1);
    count
}

/// The first solution found, if there is one (conflicting givens have none).
pub fn first_solution(puzzle: &Board) -> Option<Board> {
    let mut search = Search::new(puzzle)?;
    let mut found = None;
    search.run(1, &mut |cells| found = Some(*cells));
    found.map(Board::from_checked_cells)
}

/// What a screened puzzle turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screening {
    /// Exactly one solution.
    Unique(Board),
    /// Two or more solutions; the first one found is given.
    Multiple(Board),
    /// No solution (the givens may or may not conflict; see [`crate::validate`]).
    Unsolvable,
}

/// Decides, with one search that stops at the second solution, whether
/// `puzzle` has none, one or several solutions.
pub fn screen(puzzle: &Board) -> Screening {
    let Some(mut search) = Search::new(puzzle) else {
        return Screening::Unsolvable;
    };
    let mut first = None;
    let mut count = 0;
    search.run(2, &mut |cells| {
        count += 1;
        first.get_or_insert(*cells);
    });
    match (first, count) {
        (None, _) => Screening::Unsolvable,
        (Some(cells), 1) => Screening::Unique(Board::from_checked_cells(cells)),
        (Some(cells), _) => Screening::Multiple(Board::from_checked_cells(cells)),
    }
}

const ALL_DIGITS: u16 = 0b11_1111_1110;

fn box_of(index: usize) -> usize {
    index / 27 * 3 + index % 9 / 3
}

struct Search {
    cells: [u8; 81],
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
    empties: Vec<u8>,
    found: usize,
}

impl Search {
    /// `None` when the givens already conflict.
    fn new(puzzle: &Board) -> Option<Self> {
        validate(puzzle).ok()?;
        let mut search = Search {
            cells: *puzzle.cells(),
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
            empties: Vec::with_capacity(81),
            found: 0,
        };
        for (index, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                search.empties.push(index as u8);
            } else {
                search.toggle(index, digit);
            }
        }
        Some(search)
    }

    fn toggle(&mut self, index: usize, digit: u8) {
        let bit = 1u16 << digit;
        self.rows[index / 9] ^= bit;
        self.columns[index % 9] ^= bit;
        self.boxes[box_of(index)] ^= bit;
    }

    fn candidates(&self, index: usize) -> u16 {
        !(self.rows[index / 9] | self.columns[index % 9] | self.boxes[box_of(index)]) & ALL_DIGITS
    }

    /// Depth-first search over `self.empties[depth..]`; calls `report` for each
    /// solution until `limit` have been found.
    fn run(&mut self, limit: usize, report: &mut dyn FnMut(&[u8; 81])) {
        if limit > 0 {
            self.search(0, limit, report);
        }
    }

    fn search(&mut self, depth: usize, limit: usize, report: &mut dyn FnMut(&[u8; 81])) {
        if depth == self.empties.len() {
            self.found += 1;
            report(&self.cells);
            return;
        }
        // Move the most constrained empty cell to position `depth`.
        let mut best = depth;
        let mut best_count = u32::MAX;
        for position in depth..self.empties.len() {
            let count = self
                .candidates(usize::from(self.empties[position]))
                .count_ones();
            if count < best_count {
                best = position;
                best_count = count;
                if count <= 1 {
                    break;
                }
            }
        }
        self.empties.swap(depth, best);
        let index = usize::from(self.empties[depth]);
        let mut candidates = self.candidates(index);
        while candidates != 0 {
            let digit = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.cells[index] = digit;
            self.toggle(index, digit);
            self.search(depth + 1, limit, report);
            self.toggle(index, digit);
            self.cells[index] = 0;
            if self.found >= limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::verify;

    use crate::test_puzzles::EXAMPLE;

    #[test]
    fn solves_and_screens_the_example() {
        let puzzle: Board = EXAMPLE.parse().unwrap();
        let solution = first_solution(&puzzle).unwrap();
        assert_eq!(verify(&puzzle, &solution), Ok(()));
        assert_eq!(screen(&puzzle), Screening::Unique(solution));
    }

    #[test]
    fn counts_stop_at_the_limit() {
        assert_eq!(count_solutions(&Board::EMPTY, 0), 0);
        assert_eq!(count_solutions(&Board::EMPTY, 1), 1);
        assert_eq!(count_solutions(&Board::EMPTY, 50), 50);
        assert!(matches!(screen(&Board::EMPTY), Screening::Multiple(_)));
    }

    #[test]
    fn a_full_valid_board_has_one_solution_itself() {
        let puzzle: Board = EXAMPLE.parse().unwrap();
        let solution = first_solution(&puzzle).unwrap();
        assert_eq!(count_solutions(&solution, 2), 1);
    }

    #[test]
    fn conflicting_or_dead_end_puzzles_have_none() {
        let mut conflicting = Board::EMPTY;
        conflicting.set(0, 0, 1);
        conflicting.set(0, 8, 1);
        assert_eq!(count_solutions(&conflicting, 2), 0);
        assert_eq!(screen(&conflicting), Screening::Unsolvable);

        // Valid givens, but row 1's last cell sees every digit: 1-8 in its row, 9 in its column.
        let mut dead_end: Board = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
            .parse()
            .unwrap();
        assert_eq!(validate(&dead_end), Ok(()));
        assert_eq!(count_solutions(&dead_end, 2), 0);
        assert_eq!(first_solution(&dead_end), None);
        dead_end.set(1, 8, 0);
        assert_eq!(count_solutions(&dead_end, 1), 1);
    }
}
