//! Every puzzle of every public benchmark file, solved and verified by the
//! bitboard approach. The files are not in the repository: the test reads
//! them from the directory named by `SUDOKU_LAB_DATA` (`.ci/run` sets it to
//! `../shared/data` when that exists) and, without it, says so and checks
//! nothing.

use std::path::{Path, PathBuf};

use sudoku_core::{verify, Board};

/// The public files: every file of the directory but its README.
fn public_files(directory: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(directory)
        .unwrap_or_else(|error| panic!("{}: {error}", directory.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file() && path.extension().is_none_or(|ext| ext != "md"))
        .collect();
    files.sort();
    files
}

#[test]
fn bitboard_solves_and_verifies_every_public_puzzle() {
    let Some(directory) = std::env::var_os("SUDOKU_LAB_DATA") else {
        eprintln!("SUDOKU_LAB_DATA is not set: the public puzzle files were not checked");
        return;
    };
    let files = public_files(Path::new(&directory));
    assert!(!files.is_empty(), "no puzzle files in {directory:?}");
    for path in files {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let (mut puzzles, mut unique) = (0, 0);
        for (number, line) in text.lines().enumerate() {
            let place = format!("{}:{}", path.display(), number + 1);
            let puzzle: Board = line
                .parse()
                .unwrap_or_else(|error| panic!("{place}: {error}"));
            let (cells, is_unique) = sudoku_bitboard::solve_unique(puzzle.cells())
                .unwrap_or_else(|| panic!("{place}: no solution found"));
            let solution = Board::from_cells(cells).expect("digits 1 to 9");
            assert_eq!(verify(&puzzle, &solution), Ok(()), "{place}");
            let first = sudoku_bitboard::solve(puzzle.cells()).expect("a solution");
            let first = Board::from_cells(first).expect("digits 1 to 9");
            assert_eq!(verify(&puzzle, &first), Ok(()), "{place}");
            let count = sudoku_bitboard::count_solutions(puzzle.cells(), 2);
            assert_eq!(count == 1, is_unique, "{place}: count {count}");
            puzzles += 1;
            unique += usize::from(is_unique);
        }
        assert!(puzzles > 0, "{}: no puzzles", path.display());
        eprintln!(
            "{}: {puzzles} puzzles solved and verified, {unique} with one solution",
            path.display()
        );
    }
}
