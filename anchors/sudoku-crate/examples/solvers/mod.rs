//! What the examples `side_by_side` and `instructions` share: the
//! bench's sample of a public file as each solver takes it, checked, and
//! one pass of a solver over it.

use std::hint::black_box;
use std::path::Path;

use sudoku::Sudoku;
use sudoku_core::Board;
use sudoku_lab_anchor_sudoku_crate::sample;
#[cfg(tdoku)]
use sudoku_lab_anchor_sudoku_crate::tdoku;

/// One set's puzzles, as each solver takes them.
pub struct Set {
    pub cells: Vec<[u8; 81]>,
    pub theirs: Vec<Sudoku>,
    #[cfg(tdoku)]
    pub texts: Vec<[u8; 82]>,
}

/// The solvers, `bitboard` first.
#[derive(Clone, Copy)]
pub enum Solver {
    Bitboard,
    Crate,
    #[cfg(tdoku)]
    Tdoku,
}

pub const SOLVERS: &[(Solver, &str)] = &[
    (Solver::Bitboard, "bitboard"),
    (Solver::Crate, "sudoku crate"),
    #[cfg(tdoku)]
    (Solver::Tdoku, "tdoku"),
];

/// One pass of `solver` over `set`, for the first solution (`limit` 1) or
/// counting to `limit`.
pub fn pass(solver: Solver, set: &Set, limit: usize) {
    match solver {
        Solver::Bitboard => {
            for cells in &set.cells {
                let cells = black_box(cells);
                if limit == 1 {
                    black_box(sudoku_bitboard::solve(cells));
                } else {
                    black_box(sudoku_bitboard::count_solutions(cells, limit));
                }
            }
        }
        Solver::Crate => {
            for sudoku in &set.theirs {
                let sudoku = black_box(*sudoku);
                if limit == 1 {
                    black_box(sudoku.some_solution());
                } else {
                    black_box(sudoku.solutions_count_up_to(limit));
                }
            }
        }
        #[cfg(tdoku)]
        Solver::Tdoku => {
            let mut solution = [0u8; 81];
            for text in &set.texts {
                black_box(tdoku::solve(black_box(text), limit, &mut solution));
            }
        }
    }
}

/// Whether `solution` solves `cells`: a full valid grid that keeps every
/// given.
fn solves(cells: &[u8; 81], solution: &[u8; 81]) -> bool {
    let kept = cells
        .iter()
        .zip(solution)
        .all(|(&given, &placed)| given == 0 || given == placed);
    kept && Sudoku::from_bytes(*solution).is_ok_and(|grid| grid.is_solved())
}

/// Panics, naming the puzzle, unless every solver counts `set`'s puzzles
/// alike up to 2 and each first solution it gives is one.
fn check(name: &str, set: &Set) {
    for (index, (cells, sudoku)) in set.cells.iter().zip(&set.theirs).enumerate() {
        let count = sudoku.solutions_count_up_to(2);
        let what = format!("{name}, puzzle {index} of the sample");
        assert_eq!(
            sudoku_bitboard::count_solutions(cells, 2),
            count,
            "{what}: bitboard's count"
        );
        if let Some(solution) = sudoku_bitboard::solve(cells) {
            assert!(solves(cells, &solution), "{what}: bitboard's solution");
        }
        if let Some(solution) = sudoku.some_solution() {
            assert!(solves(cells, &solution.to_bytes()), "{what}: the crate's");
        }
        #[cfg(tdoku)]
        {
            let mut solution = [0u8; 81];
            let text = &set.texts[index];
            assert_eq!(
                tdoku::solve(text, 2, &mut solution),
                count,
                "{what}: tdoku's count"
            );
            if tdoku::solve(text, 1, &mut solution) == 1 {
                let digits = solution.map(|character| character - b'0');
                assert!(solves(cells, &digits), "{what}: tdoku's solution");
            }
        }
    }
}

/// The bench's sample of the puzzles in `file`, checked ([`check`]), with
/// the file's name; exits with a message when it cannot be read or holds
/// no puzzle.
pub fn read(file: &Path) -> (String, Set) {
    let (name, set) = read_unchecked(file);
    check(&name, &set);
    (name, set)
}

/// [`read`] without the check. A line that is not UTF-8 is no puzzle, and
/// the others are read all the same.
pub fn read_unchecked(file: &Path) -> (String, Set) {
    let bytes = std::fs::read(file).unwrap_or_else(|error| {
        eprintln!("{}: {error}", file.display());
        std::process::exit(2);
    });
    let text = String::from_utf8_lossy(&bytes);
    let all: Vec<[u8; 81]> = text
        .lines()
        .filter_map(|line| line.parse::<Board>().ok())
        .map(|board| *board.cells())
        .collect();
    if all.is_empty() {
        eprintln!("{}: no puzzle read", file.display());
        std::process::exit(2);
    }
    let cells = sample(all);
    let set = Set {
        theirs: cells
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("every cell is 0-9"))
            .collect(),
        #[cfg(tdoku)]
        texts: cells.iter().map(tdoku::puzzle).collect(),
        cells,
    };
    let name = file.file_name().map_or_else(
        || file.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    (name, set)
}
