//! The native counters of the follow-up approaches, against a reference
//! counter written for this test, on puzzles with 0, 1 and many solutions.

use crate::common::reference_count;
use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku_catalog::{counters, Family, APPROACHES};
use sudoku_core::corpus::{self, Kind, Tier};
use sudoku_core::{verify, Board};

/// Valid givens, no solution: row 1's last cell sees every digit.
fn dead_end() -> Board {
    Kind::Unsolvable.puzzle("row-1-last-cell-sees-every-digit")
}

/// Two 1s in column 1.
fn conflicting() -> Board {
    Kind::Conflicting.puzzle("two-1s-in-column-1")
}

/// The LeetCode example with givens removed until it has many solutions.
fn loosened() -> Board {
    let mut board = Tier::Examples.puzzles()[0].puzzle;
    for column in 0..9 {
        board.set(0, column, 0);
        board.set(1, column, 0);
    }
    board
}

#[rstest]
#[case::empty_board(Board::EMPTY)]
#[case::dead_end(dead_end())]
#[case::conflicting_givens(conflicting())]
#[case::loosened_example(loosened())]
fn counts_agree_on_zero_one_and_many_solutions(#[case] board: Board) {
    counts_agree(&[("case".into(), board)]);
}

#[test]
fn counts_agree_on_every_corpus_puzzle() {
    let cases: Vec<(String, Board)> = corpus::all()
        .into_iter()
        .map(|entry| (entry.name, entry.puzzle))
        .collect();
    counts_agree(&cases);
}

/// Every counter gives the reference count on each of `cases`, at several
/// limits.
fn counts_agree(cases: &[(String, Board)]) {
    for (name, board) in cases {
        for limit in [0, 1, 2, 5, 40] {
            let expected = reference_count(board, limit);
            for (approach, native) in counters() {
                assert_eq!(
                    (native.count_solutions)(board.cells(), limit),
                    expected,
                    "{} on {name} with limit {limit}",
                    approach.id
                );
            }
        }
    }
}

#[test]
fn the_cases_cover_zero_one_and_many_solutions() {
    assert_eq!(reference_count(&dead_end(), 2), 0);
    assert_eq!(reference_count(&conflicting(), 2), 0);
    assert_eq!(reference_count(&Tier::Hard.puzzles()[0].puzzle, 2), 1);
    assert_eq!(reference_count(&loosened(), 40), 40);
    assert_eq!(reference_count(&Board::EMPTY, 40), 40);
}

#[test]
fn native_solve_agrees_with_the_corpus_and_refuses_what_has_no_solution() {
    for (approach, native) in counters() {
        for entry in corpus::all() {
            let solved = (native.solve)(entry.puzzle.cells())
                .unwrap_or_else(|| panic!("{} found no solution to {}", approach.id, entry.name));
            let solved = Board::from_cells(solved).unwrap();
            assert_eq!(
                verify(&entry.puzzle, &solved),
                Ok(()),
                "{} on {}",
                approach.id,
                entry.name
            );
        }
        assert_eq!((native.solve)(dead_end().cells()), None, "{}", approach.id);
        assert_eq!(
            (native.solve)(conflicting().cells()),
            None,
            "{}",
            approach.id
        );
        let mut out_of_range = [0u8; 81];
        out_of_range[40] = 10;
        assert_eq!((native.solve)(&out_of_range), None, "{}", approach.id);
        assert_eq!(
            (native.count_solutions)(&out_of_range, 2),
            0,
            "{}",
            approach.id
        );
    }
}

#[rstest]
#[case::dead_end(dead_end())]
#[case::conflicting_givens(conflicting())]
fn follow_ups_leave_boards_without_a_solution_unchanged(#[case] board: Board) {
    for approach in APPROACHES.iter().filter(|a| a.family == Family::FollowUp) {
        assert_eq!(approach.solve(&board).unwrap(), board, "{}", approach.id);
    }
}

/// Every follow-up counts at least two solutions for each puzzle of Serg's
/// benchmark, whose puzzles all have two or more (as the data's README
/// says). It reads the public file from the directory `SUDOKU_LAB_DATA`
/// names, so it only runs when asked: `.ci/run` runs it when the data is
/// there (`cargo test --test main -- --ignored counting::`).
#[test]
#[ignore = "reads the public data: set SUDOKU_LAB_DATA and pass --ignored"]
fn every_puzzle_of_sergs_benchmark_counts_two() {
    let directory = std::env::var_os("SUDOKU_LAB_DATA")
        .expect("SUDOKU_LAB_DATA must name the directory of the public puzzle files");
    let path = std::path::Path::new(&directory).join("puzzles7_serg_benchmark");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let mut puzzles = 0;
    for (number, line) in text.lines().enumerate() {
        let board: Board = line
            .parse()
            .unwrap_or_else(|error| panic!("line {}: {error}", number + 1));
        for (approach, native) in counters() {
            assert_eq!(
                (native.count_solutions)(board.cells(), 2),
                2,
                "{} on line {}",
                approach.id,
                number + 1
            );
        }
        puzzles += 1;
    }
    assert_eq!(puzzles, 10_000);
}

/// `sudoku solve --solver bitboard` prints the screening's first solution
/// instead of solving again: that is only right if the screening engine's
/// own solve finds that same solution, on puzzles with several solutions
/// as on those with one.
#[test]
fn screening_gives_the_first_solution_its_engine_finds() {
    use sudoku_catalog::screen::{screen, Screening, ENGINE};
    let engine = sudoku_catalog::find(ENGINE).expect("the screening engine is in the catalog");
    let mut cases = vec![Board::EMPTY, loosened()];
    cases.extend(corpus::all().into_iter().map(|entry| entry.puzzle));
    for board in cases {
        let first = match screen(&board) {
            Screening::Unique(first) | Screening::Multiple(first) => first,
            Screening::Unsolvable => panic!("{board} has a solution"),
        };
        assert_eq!(engine.solve(&board), Ok(first), "{board}");
    }
}
