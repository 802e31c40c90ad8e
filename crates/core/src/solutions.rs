//! Solution counting and screening, used to decide what a puzzle is before
//! a slow approach runs on it, and to know a puzzle's solution count.
//!
//! The work is done by the `bitboard` approach (`sudoku-bitboard`), the
//! fastest in the workspace: it decides a puzzle, including one whose
//! givens conflict or that has no solution, in microseconds (milliseconds
//! for the worst sparse boards fuzzing has found), where the classic
//! row-major approaches can search for minutes before they give up.

use crate::board::Board;

/// The id of the approach whose search does the work here. The first
/// solution that [`screen`] gives is the one that approach's own solve
/// finds, so a caller about to solve with it can take that one instead.
pub const ENGINE: &str = "bitboard";

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
    sudoku_bitboard::count_solutions(puzzle.cells(), limit)
}

/// A solution, if there is one (conflicting givens have none).
pub fn first_solution(puzzle: &Board) -> Option<Board> {
    sudoku_bitboard::solve(puzzle.cells()).map(Board::from_checked_cells)
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
    match sudoku_bitboard::solve_unique(puzzle.cells()) {
        None => Screening::Unsolvable,
        Some((cells, true)) => Screening::Unique(Board::from_checked_cells(cells)),
        Some((cells, false)) => Screening::Multiple(Board::from_checked_cells(cells)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{validate, verify};

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
