//! Every approach in the catalog against the one shared corpus.
//!
//! The cases come from `sudoku_catalog::APPROACHES` and the corpus tiers, so a
//! new approach is tested here as soon as it has a catalog entry.

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_catalog::screen::classics_fit;
use sudoku_catalog::{Approach, Family, APPROACHES};
use sudoku_core::corpus::Tier;
use sudoku_core::{validate, verify, Board};

/// LeetCode's example's published solution, from the corpus.
fn leetcode_solution() -> Board {
    sudoku_core::corpus::leetcode_example().1
}

fn published() -> impl Iterator<Item = &'static Approach> {
    APPROACHES
        .iter()
        .filter(|approach| approach.family == Family::Published)
}

#[rstest]
fn every_approach_solves_every_puzzle_of_the_tier(
    #[values(
        Tier::Examples,
        Tier::Famous,
        Tier::Easy,
        Tier::Medium,
        Tier::Hard,
        Tier::Hardest
    )]
    tier: Tier,
) {
    let puzzles = tier.puzzles();
    assert!(!puzzles.is_empty());
    let classics_run = classics_fit(puzzles.iter().map(|entry| &entry.puzzle)).is_ok();
    let runs_here = |approach: &&Approach| classics_run || approach.family != Family::Published;
    for approach in APPROACHES.iter().filter(runs_here) {
        for entry in &puzzles {
            let solved = approach
                .solve(&entry.puzzle)
                .unwrap_or_else(|error| panic!("{} on {}: {error}", approach.id, entry.name));
            if let Err(error) = verify(&entry.puzzle, &solved) {
                panic!("{} on {}: {error}\n{solved:?}", approach.id, entry.name);
            }
            if let Some(expected) = entry.solution {
                assert_eq!(solved, expected, "{} on {}", approach.id, entry.name);
            }
        }
    }
}

#[test]
fn every_tier_is_tested_above() {
    // The rstest list above is written out by hand; this fails when a tier is added without it.
    assert_eq!(Tier::ALL.len(), 6);
}

#[test]
fn the_leetcode_example_gives_the_published_solution_in_place() {
    let (puzzle, solution) = sudoku_core::corpus::leetcode_example();
    for approach in APPROACHES {
        let mut board = puzzle.to_leetcode();
        (approach.solve_sudoku)(&mut board);
        assert_eq!(board, solution.to_leetcode(), "{}", approach.id);
    }
}

#[test]
fn published_approaches_agree_on_the_first_of_many_solutions() {
    // With several solutions, the same cell order and digit order must find the same one:
    // the row-major, smallest-digit-first completion.
    let mut few_givens = Board::EMPTY;
    few_givens.set(0, 0, 9);
    few_givens.set(4, 4, 1);
    let expected_first_row = "912345678";
    let mut results = Vec::new();
    for approach in published() {
        let solved = approach.solve(&few_givens).unwrap();
        assert_eq!(verify(&few_givens, &solved), Ok(()), "{}", approach.id);
        assert_eq!(
            &solved.to_line()[..9],
            expected_first_row,
            "{}",
            approach.id
        );
        results.push((approach.id, solved));
    }
    for (id, solved) in &results {
        assert_eq!(solved, &results[0].1, "{id} differs from {}", results[0].0);
    }
}

/// The first easy puzzle with a wrong, but not conflicting, digit in its last empty cell:
/// valid givens, no solution, and refuted by the classic search in well under a second.
fn unsolvable_puzzle() -> Board {
    let entry = &Tier::Easy.puzzles()[0];
    let solution = entry.solution.unwrap();
    let index = (0..81)
        .rev()
        .find(|&index| entry.puzzle.cells()[index] == 0)
        .unwrap();
    (1..=9)
        .filter(|&digit| digit != solution.cells()[index])
        .map(|digit| {
            let mut puzzle = entry.puzzle;
            puzzle.set(index / 9, index % 9, digit);
            puzzle
        })
        .find(|puzzle| validate(puzzle).is_ok())
        .unwrap()
}

#[test]
fn published_approaches_leave_an_unsolvable_board_unchanged() {
    let puzzle = unsolvable_puzzle();
    assert_eq!(sudoku_catalog::screen::count_solutions(&puzzle, 1), 0);
    for approach in published() {
        assert_eq!(approach.solve(&puzzle).unwrap(), puzzle, "{}", approach.id);
    }
}

#[test]
fn published_approaches_fill_around_conflicting_givens_and_keep_the_conflict() {
    // The LeetCode solution with two cells of column 1 swapped (so rows 1 and 2
    // each hold a digit twice) and the bottom-right 2x2 block emptied.
    let mut puzzle = leetcode_solution();
    puzzle.set(0, 0, 6);
    puzzle.set(1, 0, 5);
    for (row, column) in [(7, 7), (7, 8), (8, 7), (8, 8)] {
        puzzle.set(row, column, 0);
    }
    let conflict = validate(&puzzle).unwrap_err().to_string();
    assert_eq!(conflict, "row 1 has two 6s (columns 1 and 4)");
    for approach in published() {
        let solved = approach.solve(&puzzle).unwrap();
        assert!(solved.is_full(), "{} left cells empty", approach.id);
        for index in [70, 71, 79, 80] {
            let expected = leetcode_solution().cells()[index];
            assert_eq!(
                solved.cells()[index],
                expected,
                "{} at cell {index}",
                approach.id
            );
        }
        assert_eq!(
            validate(&solved).unwrap_err().to_string(),
            conflict,
            "{}",
            approach.id
        );
    }
}

#[test]
fn published_approaches_give_back_a_conflicting_board_they_cannot_fill() {
    // Conflicting givens whose empty last row cannot be completed: nothing changes.
    let mut puzzle = leetcode_solution();
    puzzle.set(0, 0, 3);
    for column in 0..9 {
        puzzle.set(8, column, 0);
    }
    assert!(validate(&puzzle).is_err());
    for approach in published() {
        assert_eq!(approach.solve(&puzzle).unwrap(), puzzle, "{}", approach.id);
    }
}

#[test]
fn every_solver_crate_is_in_the_catalog() {
    let solvers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/solvers");
    let mut crates: Vec<String> = std::fs::read_dir(solvers)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    crates.sort();
    let mut listed: Vec<String> = sudoku_catalog::ids().map(String::from).collect();
    listed.sort();
    assert_eq!(crates, listed);
}

#[test]
fn every_note_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for approach in APPROACHES {
        assert!(
            root.join(approach.note()).is_file(),
            "{} is missing",
            approach.note()
        );
    }
}
