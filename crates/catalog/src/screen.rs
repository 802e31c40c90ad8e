//! What a puzzle is before a slow approach runs on it: whether it has no
//! solution, one or several ([`screen`], [`count_solutions`]), and how hard
//! it is for the classic approaches ([`classic_placements`]).
//!
//! The counting is done by the `bitboard` approach (`sudoku-bitboard`), the
//! fastest in the workspace: it decides a puzzle, including one whose
//! givens conflict or that has no solution, in microseconds (milliseconds
//! for the worst sparse boards fuzzing has found), where the classic
//! row-major approaches can search for minutes before they give up. The
//! CLI screens every puzzle with it; the corpus tiers are cut by
//! [`classic_placements`], and `sudoku compare`, the judge, the benches and
//! the tests ask [`classics_fit`] whether the classic approaches may run on
//! a set of puzzles.
//!
//! This lives in the catalog, where the approaches are known, and not in
//! `sudoku-core`: core is the ground every crate stands on, and knows no
//! approach.

use sudoku_core::Board;

/// The id of the approach whose search does the work here. The first
/// solution that [`screen`] gives is the one that approach's own solve
/// finds, so a caller about to solve with it can take that one instead.
pub const ENGINE: &str = "bitboard";

/// How many solutions `puzzle` has, counting no further than `limit`.
/// Conflicting givens have 0 solutions.
///
/// ```
/// use sudoku_core::Board;
/// use sudoku_catalog::screen::count_solutions;
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
    sudoku_bitboard::solve(puzzle.cells()).map(solved)
}

/// What a screened puzzle turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screening {
    /// Exactly one solution.
    Unique(Board),
    /// Two or more solutions; the first one found is given.
    Multiple(Board),
    /// No solution (the givens may or may not conflict; see
    /// [`sudoku_core::validate`]).
    Unsolvable,
}

/// Decides, with one search that stops at the second solution, whether
/// `puzzle` has none, one or several solutions.
pub fn screen(puzzle: &Board) -> Screening {
    match sudoku_bitboard::solve_unique(puzzle.cells()) {
        None => Screening::Unsolvable,
        Some((cells, true)) => Screening::Unique(solved(cells)),
        Some((cells, false)) => Screening::Multiple(solved(cells)),
    }
}

/// A solution bitboard found, as a board: its cells are digits 1 to 9.
fn solved(cells: [u8; 81]) -> Board {
    Board::from_cells(cells).expect("a solution holds only digits 1 to 9")
}

/// Placements of the classic search past which the classic approaches are
/// not run: a solve that long keeps a comparison or a bench waiting (what
/// one placement costs is in notes/benchmarks.md). The `hardest` tier
/// starts here, and [`classics_fit`] keeps the classic approaches off a set
/// with a puzzle past it. Private: [`classics_fit`] decides for any set
/// of puzzles, and `Tier::fast_only` for an embedded tier (a test below
/// holds the two to each other).
const CLASSIC_PLACEMENT_LIMIT: u64 = 10_000_000;

/// A puzzle the classic approaches are not run on: their search makes at
/// least [`placements`](TooHard::placements) placements on it, the most
/// they are run to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooHard {
    /// Where the puzzle is among those asked about, counting from 0.
    pub index: usize,
    /// The placements at which its search was stopped: the limit, ten
    /// million, which a message can name.
    pub placements: u64,
}

/// How hard `puzzle` is for the classic approaches, as far as they are run
/// on it: the placements of [`classic_placements`] below the limit.
///
/// # Errors
/// [`TooHard`] (with index 0) when the search reaches the limit.
///
/// ```
/// use sudoku_core::Board;
/// use sudoku_catalog::screen::classic_placements_within_limit;
///
/// let solved: Board = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
///     .parse()
///     .unwrap();
/// assert_eq!(classic_placements_within_limit(&solved), Ok(0));
/// ```
pub fn classic_placements_within_limit(puzzle: &Board) -> Result<u64, TooHard> {
    let placements = classic_placements(puzzle, CLASSIC_PLACEMENT_LIMIT);
    if placements < CLASSIC_PLACEMENT_LIMIT {
        Ok(placements)
    } else {
        Err(TooHard {
            index: 0,
            placements,
        })
    }
}

/// Whether the classic approaches may run on every one of `puzzles`: the
/// one rule for which approaches run on which puzzles, that `sudoku
/// compare`, the judge, the benches and the tests share. It measures each
/// puzzle in turn with [`classic_placements_within_limit`] and stops at the
/// first one past the limit. (An embedded tier is known in advance:
/// [`Tier::fast_only`](sudoku_core::corpus::Tier::fast_only) is this
/// answer for it, made when the tiers were cut; this module's tests check
/// that the two agree on every tier.)
///
/// # Errors
/// [`TooHard`] for the first puzzle past the limit, by its index.
pub fn classics_fit<'a>(puzzles: impl IntoIterator<Item = &'a Board>) -> Result<(), TooHard> {
    for (index, puzzle) in puzzles.into_iter().enumerate() {
        classic_placements_within_limit(puzzle)
            .map_err(|too_hard| TooHard { index, ..too_hard })?;
    }
    Ok(())
}

/// How hard `puzzle` is for the classic approaches: the placements a
/// row-major, digits-1-to-9 backtracking search makes until it solves it (all
/// five published approaches make exactly these: sudoku-trace's
/// `tests/classic_placements.rs` checks it on the corpus against their traced
/// regions), or `cap` if it would make more. The corpus tiers are cut by this count, and [`classics_fit`] uses it to
/// leave a classic approach out of a set where it would take too long.
pub fn classic_placements(puzzle: &Board, cap: u64) -> u64 {
    fn search(cells: &mut [u8; 81], from: usize, placements: &mut u64, cap: u64) -> bool {
        let Some(index) = (from..81).find(|&index| cells[index] == 0) else {
            return true;
        };
        let (row, column) = (index / 9, index % 9);
        for digit in 1..=9 {
            let clashes = (0..9).any(|k| {
                cells[row * 9 + k] == digit
                    || cells[k * 9 + column] == digit
                    || cells[(row / 3 * 3 + k / 3) * 9 + column / 3 * 3 + k % 3] == digit
            });
            if clashes {
                continue;
            }
            *placements += 1;
            if *placements >= cap {
                return true;
            }
            cells[index] = digit;
            if search(cells, index + 1, placements, cap) {
                return true;
            }
            cells[index] = 0;
        }
        false
    }
    let mut cells = *puzzle.cells();
    let mut placements = 0;
    search(&mut cells, 0, &mut placements, cap);
    placements.min(cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use sudoku_core::corpus::{self, Kind};
    use sudoku_core::{validate, verify};

    /// LeetCode 37's example puzzle.
    const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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
    fn the_example_files_screen_as_their_kind_and_a_dead_end_has_none() {
        for kind in [Kind::Conflicting, Kind::Unsolvable] {
            for example in kind.puzzles() {
                assert_eq!(count_solutions(&example.puzzle, 2), 0, "{}", example.name);
                assert_eq!(
                    screen(&example.puzzle),
                    Screening::Unsolvable,
                    "{}",
                    example.name
                );
            }
        }
        for example in Kind::Multiple.puzzles() {
            assert!(
                matches!(screen(&example.puzzle), Screening::Multiple(_)),
                "{}",
                example.name
            );
        }

        // Row 1's last cell sees every digit: 1-8 in its row, 9 in its column.
        let mut dead_end = Kind::Unsolvable.puzzle("row-1-last-cell-sees-every-digit");
        assert_eq!(validate(&dead_end), Ok(()));
        assert_eq!(count_solutions(&dead_end, 2), 0);
        assert_eq!(first_solution(&dead_end), None);
        dead_end.set(1, 8, 0);
        assert_eq!(count_solutions(&dead_end, 1), 1);
    }

    #[test]
    fn every_puzzle_has_exactly_one_solution_and_it_is_the_recorded_one() {
        for entry in corpus::all() {
            assert_eq!(count_solutions(&entry.puzzle, 2), 1, "{}", entry.name);
            let found = first_solution(&entry.puzzle).unwrap();
            if let Some(solution) = entry.solution {
                assert_eq!(verify(&entry.puzzle, &solution), Ok(()), "{}", entry.name);
                assert_eq!(found, solution, "{}", entry.name);
            }
        }
    }

    #[test]
    fn classic_placements_count_the_row_major_search_and_stop_at_the_cap() {
        let puzzle: Board = EXAMPLE.parse().unwrap();
        // A full board needs no placement; the example needs more than its
        // 51 empty cells (some placements are undone) and fewer than a cap.
        let solution = first_solution(&puzzle).unwrap();
        assert_eq!(classic_placements(&solution, 100), 0);
        let placements = classic_placements(&puzzle, CLASSIC_PLACEMENT_LIMIT);
        assert!(
            placements > 51 && placements < CLASSIC_PLACEMENT_LIMIT,
            "{placements}"
        );
        assert_eq!(classic_placements(&puzzle, 10), 10);
        // The corpus tiers are cut by this count (their docs give the ranges).
        for (tier, range) in [
            (corpus::Tier::Easy, 0..1_000),
            (corpus::Tier::Medium, 1_000..50_000),
            (corpus::Tier::Hard, 50_000..1_000_001),
            (
                corpus::Tier::Hardest,
                CLASSIC_PLACEMENT_LIMIT..CLASSIC_PLACEMENT_LIMIT + 1,
            ),
        ] {
            for entry in tier.puzzles() {
                let placements = classic_placements(&entry.puzzle, CLASSIC_PLACEMENT_LIMIT);
                assert!(range.contains(&placements), "{}: {placements}", entry.name);
            }
        }
    }

    #[test]
    fn the_classics_fit_every_tier_but_the_fast_only_one_and_the_first_too_hard_puzzle_is_named() {
        for tier in corpus::Tier::ALL {
            let puzzles: Vec<Board> = tier.puzzles().iter().map(|entry| entry.puzzle).collect();
            let fit = classics_fit(&puzzles);
            assert_eq!(fit.is_err(), tier.fast_only(), "{tier}");
        }
        let easy = corpus::Tier::Easy.puzzles()[0].puzzle;
        let hardest = corpus::Tier::Hardest.puzzles()[0].puzzle;
        assert_eq!(
            classics_fit([&easy, &easy, &hardest, &easy]),
            Err(TooHard {
                index: 2,
                placements: CLASSIC_PLACEMENT_LIMIT
            })
        );
        assert_eq!(classics_fit([]), Ok(()));
        assert_eq!(
            classic_placements_within_limit(&easy),
            Ok(classic_placements(&easy, CLASSIC_PLACEMENT_LIMIT))
        );
        assert_eq!(
            classic_placements_within_limit(&hardest),
            Err(TooHard {
                index: 0,
                placements: CLASSIC_PLACEMENT_LIMIT
            })
        );
    }
}
