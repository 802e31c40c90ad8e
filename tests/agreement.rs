//! Properties: on random puzzles every approach agrees with a reference
//! counter written for the tests, and the five classics with each other.
//!
//! A random puzzle is a random solved grid with a random number of clues
//! taken away (so it may have one solution or many), sometimes with one
//! clue changed to clash with another (so it has none).

use crate::common::reference_count;
use proptest::prelude::*;
use sudoku_catalog::screen::classic_placements;
use sudoku_catalog::{counters, Family, APPROACHES};
use sudoku_core::{verify, Board};
use sudoku_generate::{solved_grid, SplitMix64};

/// A random puzzle: a solved grid from `seed`, the cells with `mask`'s bit
/// (of 81) cleared, and with `clash` a clue turned into a copy of another
/// clue of its row.
fn puzzle(seed: u64, keep: &[bool], clash: bool) -> Board {
    let grid = solved_grid(&mut SplitMix64::new(seed));
    let mut cells = *grid.cells();
    for (cell, &kept) in cells.iter_mut().zip(keep) {
        if !kept {
            *cell = 0;
        }
    }
    if clash {
        // Two clues of one row made equal: no solution.
        let row = (seed % 9) as usize;
        let clues: Vec<usize> = (0..9).filter(|&k| cells[row * 9 + k] != 0).collect();
        if let [first, second, ..] = clues[..] {
            cells[row * 9 + second] = cells[row * 9 + first];
        }
    }
    Board::from_cells(cells).unwrap()
}

/// Seeds, which clues to keep (from about a fifth to nine tenths of them),
/// and whether to make a clash.
fn puzzles() -> impl Strategy<Value = Board> {
    (
        any::<u64>(),
        (18u32..=72).prop_flat_map(|kept| {
            prop::collection::vec(prop::bool::weighted(f64::from(kept) / 81.0), 81)
        }),
        prop::bool::weighted(0.15),
    )
        .prop_map(|(seed, keep, clash)| puzzle(seed, &keep, clash))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_counter_agrees_with_the_reference(puzzle in puzzles()) {
        for limit in [1, 2, 5] {
            let expected = reference_count(&puzzle, limit);
            for (approach, native) in counters() {
                prop_assert_eq!(
                    (native.count_solutions)(puzzle.cells(), limit),
                    expected,
                    "{} with limit {} on {}", approach.id, limit, puzzle
                );
            }
        }
    }

    #[test]
    fn every_native_solve_finds_a_solution_exactly_when_there_is_one(puzzle in puzzles()) {
        let solvable = reference_count(&puzzle, 1) == 1;
        for (approach, native) in counters() {
            let before = *puzzle.cells();
            match (native.solve)(&before) {
                Some(cells) => {
                    prop_assert!(solvable, "{} solved an unsolvable {}", approach.id, puzzle);
                    let solution = Board::from_cells(cells).unwrap();
                    prop_assert_eq!(verify(&puzzle, &solution), Ok(()), "{}", approach.id);
                }
                None => prop_assert!(!solvable, "{} found nothing in {}", approach.id, puzzle),
            }
            // The LeetCode entry point leaves a board without a solution as it was.
            let through_leetcode = approach.solve(&puzzle).unwrap();
            if solvable {
                prop_assert_eq!(verify(&puzzle, &through_leetcode), Ok(()), "{}", approach.id);
            } else {
                prop_assert_eq!(through_leetcode, puzzle, "{} changed {}", approach.id, puzzle);
            }
        }
    }

    #[test]
    fn the_classics_agree_with_each_other_on_puzzles_they_finish_quickly(puzzle in puzzles()) {
        // Only puzzles the classic search settles within a few thousand
        // placements: the others would take it seconds or hours.
        const FEW: u64 = 20_000;
        prop_assume!(classic_placements(&puzzle, FEW) < FEW);
        let classics: Vec<_> = APPROACHES.iter().filter(|approach| approach.family == Family::Published).collect();
        let first = classics[0].solve(&puzzle).unwrap();
        let solvable = reference_count(&puzzle, 1) == 1;
        if solvable {
            prop_assert_eq!(verify(&puzzle, &first), Ok(()), "{}", classics[0].id);
        }
        for classic in &classics[1..] {
            // The same cell order, digit order and checks: the same board.
            prop_assert_eq!(classic.solve(&puzzle).unwrap(), first, "{} on {}", classic.id, puzzle);
        }
    }
}

#[test]
fn the_random_puzzles_have_none_one_and_many_solutions() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut none, mut one, mut many, mut quick) = (0, 0, 0, 0);
    for _ in 0..300 {
        let puzzle = puzzles().new_tree(&mut runner).unwrap().current();
        match reference_count(&puzzle, 2) {
            0 => none += 1,
            1 => one += 1,
            _ => many += 1,
        }
        quick += usize::from(classic_placements(&puzzle, 20_000) < 20_000);
    }
    // Each kind, and puzzles the classics settle quickly, come up often
    // enough for the properties above to test them.
    assert!(none >= 20 && one >= 20 && many >= 20, "{none} {one} {many}");
    assert!(quick >= 50, "{quick}");
}
