//! Validity (LeetCode 36) and verifying a solution against its puzzle.

use std::fmt;

use thiserror::Error;

use crate::board::Board;
use crate::cell::Cell;

/// A row, column or box, 0-based; displayed 1-based. Boxes count row-major from the top left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, 0–8 from the top.
    Row(usize),
    /// A column, 0–8 from the left.
    Column(usize),
    /// A 3×3 box, 0–8 row-major from the top left.
    Box(usize),
}

impl Unit {
    /// The 9 cells of the unit as (row, column) pairs, in reading order.
    pub fn cells(self) -> [(usize, usize); 9] {
        std::array::from_fn(|k| match self {
            Unit::Row(row) => (row, k),
            Unit::Column(column) => (k, column),
            Unit::Box(index) => (index / 3 * 3 + k / 3, index % 3 * 3 + k % 3),
        })
    }

    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Column))
            .chain((0..9).map(Unit::Box))
    }
}

/// Two cells of one unit holding the same digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The unit where it repeats.
    pub unit: Unit,
    /// The first of the two cells, (row, column), 0-based.
    pub first: (usize, usize),
    /// The second of the two cells, (row, column), 0-based.
    pub second: (usize, usize),
}

impl fmt::Display for Conflict {
    /// For example `row 3 has two 5s (columns 2 and 8)`, or
    /// `box 5 has two 2s (r4c4 and r6c6)`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (digit, first, second) = (self.digit, self.first, self.second);
        match self.unit {
            Unit::Row(row) => write!(
                formatter,
                "row {} has two {digit}s (columns {} and {})",
                row + 1,
                first.1 + 1,
                second.1 + 1
            ),
            Unit::Column(column) => write!(
                formatter,
                "column {} has two {digit}s (rows {} and {})",
                column + 1,
                first.0 + 1,
                second.0 + 1
            ),
            Unit::Box(index) => write!(
                formatter,
                "box {} has two {digit}s ({} and {})",
                index + 1,
                Cell::new(first.0, first.1),
                Cell::new(second.0, second.1)
            ),
        }
    }
}

/// Checks LeetCode 36's rules: no digit twice in a row, column or box.
/// Empty cells are allowed.
///
/// # Errors
/// The first [`Conflict`], searching rows, then columns, then boxes, each in reading order.
///
/// ```
/// use sudoku_core::{validate, Board};
///
/// let mut board = Board::EMPTY;
/// board.set(2, 1, 5);
/// board.set(2, 7, 5);
/// assert_eq!(validate(&board).unwrap_err().to_string(), "row 3 has two 5s (columns 2 and 8)");
/// ```
pub fn validate(board: &Board) -> Result<(), Conflict> {
    // Most boards checked are valid (every answer `sudoku solve` prints is
    // checked), so first one pass with a mask of digits per unit, which
    // only says whether some unit repeats a digit; the search below, which
    // says where, runs only when one does.
    if !repeats_a_digit(board) {
        return Ok(());
    }
    first_conflict(board)
}

/// The first [`Conflict`], searching rows, then columns, then boxes.
fn first_conflict(board: &Board) -> Result<(), Conflict> {
    for unit in Unit::all() {
        let mut seen: [Option<(usize, usize)>; 10] = [None; 10];
        for (row, column) in unit.cells() {
            let digit = board.get(row, column);
            if digit == 0 {
                continue;
            }
            if let Some(first) = seen[usize::from(digit)] {
                return Err(Conflict {
                    digit,
                    unit,
                    first,
                    second: (row, column),
                });
            }
            seen[usize::from(digit)] = Some((row, column));
        }
    }
    Ok(())
}

/// Whether some row, column or box holds a digit twice: one pass over the
/// cells, a bit per digit in each unit's mask.
fn repeats_a_digit(board: &Board) -> bool {
    let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (index, &digit) in board.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let bit = 1u16 << digit;
        let (row, column) = (index / 9, index % 9);
        let box_index = row / 3 * 3 + column / 3;
        if (rows[row] | columns[column] | boxes[box_index]) & bit != 0 {
            return true;
        }
        rows[row] |= bit;
        columns[column] |= bit;
        boxes[box_index] |= bit;
    }
    false
}

/// Whether every given of `puzzle` is in `solution`, without a branch per
/// cell.
// `&` and `|` on purpose: lazy operators would branch on every cell.
#[allow(clippy::needless_bitwise_bool)]
fn keeps_givens(puzzle: &Board, solution: &Board) -> bool {
    puzzle
        .cells()
        .iter()
        .zip(solution.cells())
        .fold(true, |kept, (&given, &found)| {
            kept & ((given == 0) | (given == found))
        })
}

/// Whether every row, column and box of `board` holds the digits 1 to 9:
/// each cell's digit as a bit, OR-ed a row at a time into the nine columns'
/// masks (on x86-64, eight of the nine on vectors), and by mini-rows into
/// the row's mask and the boxes' masks, with no branch per cell. An empty
/// cell sets bit 0, which no complete unit's mask has.
fn is_solved_grid(board: &Board) -> bool {
    const ALL: u16 = 0b11_1111_1110;
    let bits = board.cells().map(|digit| 1u16 << digit);
    let mut rows_complete = true;
    let mut columns = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (row, line) in bits.chunks_exact(9).enumerate() {
        for (seen, &bit) in columns.iter_mut().zip(line) {
            *seen |= bit;
        }
        // The row's three mini-rows, each going into its box.
        let mut mask = 0;
        for (third, mini_row) in line.chunks_exact(3).enumerate() {
            let part = mini_row[0] | mini_row[1] | mini_row[2];
            boxes[row / 3 * 3 + third] |= part;
            mask |= part;
        }
        rows_complete &= mask == ALL;
    }
    rows_complete && columns.iter().chain(&boxes).all(|&mask| mask == ALL)
}

/// Why a board is not a solution of its puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// A given of the puzzle was changed or erased.
    #[error("{}: the given {given} became {}", Cell::new(*.row, *.column), if *.found == 0 { "empty".to_string() } else { .found.to_string() })]
    ChangedGiven {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The puzzle's digit.
        given: u8,
        /// What the solution holds there (0 for empty).
        found: u8,
    },
    /// A cell is still empty.
    #[error("{} is still empty", Cell::new(*.row, *.column))]
    Incomplete {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
    /// The filled board breaks a rule.
    #[error("{0}")]
    Conflict(#[from] Conflict),
}

/// Checks that `solution` is complete, valid, and keeps every given of `puzzle`.
///
/// # Errors
/// The first given changed, else the first empty cell, else the first [`Conflict`].
///
/// ```
/// use sudoku_core::{verify, Board};
///
/// let puzzle = Board::EMPTY;
/// assert_eq!(verify(&puzzle, &puzzle).unwrap_err().to_string(), "r1c1 is still empty");
/// ```
pub fn verify(puzzle: &Board, solution: &Board) -> Result<(), VerifyError> {
    // Nearly every board checked is a solution (every answer `sudoku solve`
    // prints is checked): first a pass with no branch per cell that only
    // says whether it is; the passes below, which say what is wrong, run
    // only when it is not.
    if keeps_givens(puzzle, solution) && is_solved_grid(solution) {
        return Ok(());
    }
    let pairs = puzzle.cells().iter().zip(solution.cells()).enumerate();
    for (index, (&given, &found)) in pairs.clone() {
        if given != 0 && given != found {
            return Err(VerifyError::ChangedGiven {
                row: index / 9,
                column: index % 9,
                given,
                found,
            });
        }
    }
    if let Some((index, _)) = pairs.clone().find(|(_, (_, &found))| found == 0) {
        return Err(VerifyError::Incomplete {
            row: index / 9,
            column: index % 9,
        });
    }
    validate(solution)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    use crate::test_puzzles::EXAMPLE;
    use crate::test_puzzles::SOLUTION;

    #[test]
    fn the_quick_pass_finds_a_repeat_exactly_when_the_search_finds_a_conflict() {
        // Random boards of 2 to 30 digits: many repeat a digit in a row, a
        // column or a box, many do not.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let (mut valid, mut invalid) = (0, 0);
        for _ in 0..20_000 {
            let mut board = Board::EMPTY;
            for _ in 0..2 + next(29) {
                let cell = usize::try_from(next(81)).unwrap();
                board.set(cell / 9, cell % 9, u8::try_from(1 + next(9)).unwrap());
            }
            let repeats = repeats_a_digit(&board);
            assert_eq!(repeats, first_conflict(&board).is_err(), "{board:?}");
            if repeats {
                invalid += 1;
            } else {
                valid += 1;
            }
        }
        assert!(
            valid > 1_000 && invalid > 1_000,
            "{valid} valid, {invalid} not"
        );
    }

    #[test]
    fn the_quick_check_sees_boxes_that_rows_and_columns_do_not() {
        // Rows swapped within a band stay a solution; swapped across bands,
        // every row and column stays complete and only the boxes break.
        let solution: Board = SOLUTION.parse().unwrap();
        let swapped = |one: usize, other: usize| {
            let mut board = solution;
            for column in 0..9 {
                board.set(one, column, solution.get(other, column));
                board.set(other, column, solution.get(one, column));
            }
            board
        };
        assert!(is_solved_grid(&solution));
        assert!(is_solved_grid(&swapped(0, 2)));
        assert!(!is_solved_grid(&swapped(0, 3)));
        assert!(!is_solved_grid(&swapped(4, 8)));
        // The same with columns: a board and its transpose.
        let across = swapped(2, 6);
        let mut transposed = across;
        for row in 0..9 {
            for column in 0..9 {
                transposed.set(row, column, across.get(column, row));
            }
        }
        assert!(!is_solved_grid(&transposed));
        assert!(validate(&swapped(0, 3)).is_err());
    }

    #[test]
    fn the_quick_check_of_a_solution_agrees_with_the_passes_that_name_the_fault() {
        // The example's solution, and copies with one or two cells changed
        // at random (to any value, 0 included): some keep the givens and
        // stay valid (a cell changed to its own digit), most do not.
        let puzzle: Board = EXAMPLE.parse().unwrap();
        let solution: Board = SOLUTION.parse().unwrap();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % bound).unwrap()
        };
        let (mut good, mut bad) = (0, 0);
        for _ in 0..20_000 {
            let mut board = solution;
            for _ in 0..=next(2) {
                let cell = next(81);
                board.set(cell / 9, cell % 9, u8::try_from(next(10)).unwrap());
            }
            for puzzle in [puzzle, Board::EMPTY] {
                let quick = keeps_givens(&puzzle, &board) && is_solved_grid(&board);
                // The slow passes alone: what `verify` did before the quick one.
                let slow = puzzle
                    .cells()
                    .iter()
                    .zip(board.cells())
                    .all(|(&given, &found)| given == 0 || given == found)
                    && board.cells().iter().all(|&found| found != 0)
                    && validate(&board).is_ok();
                assert_eq!(quick, slow, "{board:?}");
                assert_eq!(verify(&puzzle, &board).is_ok(), slow, "{board:?}");
                if slow {
                    good += 1;
                } else {
                    bad += 1;
                }
            }
        }
        assert!(good > 1_000 && bad > 1_000, "{good} good, {bad} bad");
    }

    #[test]
    fn the_leetcode_example_and_its_solution_are_valid() {
        let puzzle: Board = EXAMPLE.parse().unwrap();
        let solution: Board = SOLUTION.parse().unwrap();
        assert_eq!(validate(&puzzle), Ok(()));
        assert_eq!(verify(&puzzle, &solution), Ok(()));
        assert_eq!(validate(&Board::EMPTY), Ok(()));
    }

    #[test]
    fn column_and_box_conflicts_name_both_cells() {
        let mut board = Board::EMPTY;
        board.set(0, 4, 7);
        board.set(6, 4, 7);
        assert_eq!(
            validate(&board).unwrap_err().to_string(),
            "column 5 has two 7s (rows 1 and 7)"
        );
        let mut board = Board::EMPTY;
        board.set(3, 3, 2);
        board.set(5, 5, 2);
        let conflict = validate(&board).unwrap_err();
        assert_eq!(conflict.unit, Unit::Box(4));
        assert_eq!(conflict.to_string(), "box 5 has two 2s (r4c4 and r6c6)");
    }

    #[test]
    fn verify_catches_changed_givens_holes_and_conflicts() {
        let puzzle: Board = EXAMPLE.parse().unwrap();
        let solution: Board = SOLUTION.parse().unwrap();

        let mut changed = solution;
        changed.set(0, 0, 1);
        assert_eq!(
            verify(&puzzle, &changed).unwrap_err().to_string(),
            "r1c1: the given 5 became 1"
        );

        let mut erased = solution;
        erased.set(0, 1, 0);
        assert_eq!(
            verify(&puzzle, &erased).unwrap_err().to_string(),
            "r1c2: the given 3 became empty"
        );

        let mut holed = solution;
        holed.set(0, 2, 0);
        assert_eq!(
            verify(&puzzle, &holed),
            Err(VerifyError::Incomplete { row: 0, column: 2 })
        );

        // Swapping two non-given cells of a row keeps the row valid but breaks columns.
        let mut swapped = solution;
        swapped.set(0, 2, 6);
        swapped.set(0, 3, 4);
        assert!(matches!(
            verify(&puzzle, &swapped),
            Err(VerifyError::Conflict(Conflict {
                unit: Unit::Column(2),
                ..
            }))
        ));
    }
}
