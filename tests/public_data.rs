//! Every puzzle of every public benchmark file, solved and verified by the
//! bitboard approach, with the number of solutions the data's README gives.
//! The files are not in the repository: the test reads them from the
//! directory named by `SUDOKU_LAB_DATA`, so it only runs when asked (`cargo
//! test --test main -- --ignored public_data::`; `.ci/run` does it when
//! `../shared/data` exists).

use std::fmt::Write as _;
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

/// Files whose puzzles have several solutions, as the data's README says;
/// every other file's puzzles have exactly one.
const NOT_UNIQUE: [&str; 2] = ["puzzles7_serg_benchmark", "norvig_hard1.txt"];

#[test]
#[ignore = "reads the public data: set SUDOKU_LAB_DATA and pass --ignored"]
fn bitboard_solves_and_verifies_every_public_puzzle() {
    let directory = std::env::var_os("SUDOKU_LAB_DATA")
        .expect("SUDOKU_LAB_DATA must name the directory of the public puzzle files");
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
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        let expected_unique = if NOT_UNIQUE.contains(&name) {
            0
        } else {
            puzzles
        };
        assert_eq!(
            unique,
            expected_unique,
            "{}: puzzles with one solution",
            path.display()
        );
        eprintln!(
            "{}: {puzzles} puzzles solved and verified, {unique} with one solution",
            path.display()
        );
    }
}

#[test]
#[cfg(target_arch = "x86_64")]
#[ignore = "reads the public data: set SUDOKU_LAB_DATA and pass --ignored"]
fn bitboard_native_and_portable_paths_agree_on_every_public_puzzle() {
    use sudoku_bitboard::measure::{search_with, Path as SearchPath};

    let directory = std::env::var_os("SUDOKU_LAB_DATA")
        .expect("SUDOKU_LAB_DATA must name the directory of the public puzzle files");
    // Every native path this machine runs (the AVX-512 one where it is
    // chosen: an Intel processor with its features, Rust 1.89 or later),
    // each against the portable one.
    let native: Vec<SearchPath> = [SearchPath::Avx2, SearchPath::Avx512]
        .into_iter()
        .filter(|&path| search_with(&[0; 81], 1, path).is_some())
        .collect();
    assert!(
        native.contains(&SearchPath::Avx2),
        "this processor has no AVX2: the native paths cannot be compared here"
    );
    for path in public_files(Path::new(&directory)) {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        for (number, line) in text.lines().enumerate() {
            let place = format!("{}:{}", path.display(), number + 1);
            let puzzle: Board = line
                .parse()
                .unwrap_or_else(|error| panic!("{place}: {error}"));
            for limit in [1, 2] {
                let portable = search_with(puzzle.cells(), limit, SearchPath::Portable);
                assert!(portable.is_some(), "{place}");
                for &native in &native {
                    let outcome = search_with(puzzle.cells(), limit, native);
                    assert_eq!(outcome, portable, "{place}, limit {limit}, {native:?}");
                }
            }
        }
    }
}

/// The guesses table of notes/bitboard.md (and its Chinese twin), between
/// `<!-- guesses -->` and `<!-- end of guesses -->`, made again from
/// `sudoku_bitboard::measure::count_guesses` on every public file: the
/// counts are exact, so any difference means the solver or the note
/// changed. The failure message prints the table to paste; with
/// `SUDOKU_LAB_BLESS=1` the test writes it into both notes instead.
#[test]
#[ignore = "reads the public data: set SUDOKU_LAB_DATA and pass --ignored"]
fn the_guesses_table_of_the_bitboard_note_is_what_the_solver_does() {
    let directory = std::env::var_os("SUDOKU_LAB_DATA")
        .expect("SUDOKU_LAB_DATA must name the directory of the public puzzle files");
    let mut table = String::from(
        "| file | puzzles | no guess | guesses per puzzle, first solution \
         | guesses per puzzle, count to 2 | most, count to 2 |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for path in public_files(Path::new(&directory)) {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let (mut puzzles, mut none, mut first, mut counting, mut most) = (0usize, 0, 0, 0, 0);
        for line in text.lines() {
            let puzzle: Board = line.parse().expect("a public puzzle");
            let to_first = sudoku_bitboard::measure::count_guesses(puzzle.cells(), 1);
            let to_two = sudoku_bitboard::measure::count_guesses(puzzle.cells(), 2);
            puzzles += 1;
            none += usize::from(to_first == 0);
            first += to_first;
            counting += to_two;
            most = most.max(to_two);
        }
        // Counts of puzzles and guesses, far below 2^52.
        #[allow(clippy::cast_precision_loss)]
        let mean = |total: usize| format!("{:.1}", total as f64 / puzzles as f64);
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        let _ = writeln!(
            table,
            "| {name} | {puzzles} | {none} | {} | {} | {most} |",
            mean(first),
            mean(counting)
        );
    }
    for note in ["notes/bitboard.md", "notes/zh/bitboard.md"] {
        crate::common::bless::check_block(
            note,
            "<!-- guesses -->",
            "<!-- end of guesses -->",
            &table,
            "the guesses table",
            "what the solver does now",
        );
    }
}
