//! Mean guesses per puzzle of the bitboard solver on puzzle files, when it
//! stops at the first solution and when it counts to two, the most any one
//! puzzle needs counting to two, and how many puzzles need no guess to their
//! first solution. The table of `notes/bitboard.md` has these columns
//! (`tests/public_data.rs` makes it again on the public files).
//!
//! ```sh
//! cargo run --release -p sudoku-bitboard --example guesses -- FILE...
//! ```
//!
//! Each line's first 81 characters are read as a puzzle (`1`-`9` givens,
//! anything else blank); shorter lines are skipped.

use std::process::ExitCode;

mod puzzle_file;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: guesses FILE...");
        return ExitCode::from(2);
    }
    println!(
        "| file | puzzles | no guess | guesses per puzzle, first solution | guesses per puzzle, count to 2 | most, count to 2 |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for file in &files {
        let Some(puzzles) = puzzle_file::read(file) else {
            return ExitCode::from(2);
        };
        let (mut first, mut counting, mut none, mut most) = (0, 0, 0, 0);
        for cells in &puzzles {
            let guesses = sudoku_bitboard::measure::count_guesses(cells, 1);
            first += guesses;
            none += usize::from(guesses == 0);
            let to_two = sudoku_bitboard::measure::count_guesses(cells, 2);
            counting += to_two;
            most = most.max(to_two);
        }
        let name = file.rsplit('/').next().unwrap_or(file);
        println!(
            "| {name} | {} | {none} | {:.1} | {:.1} | {most} |",
            puzzles.len(),
            ratio(first, puzzles.len()),
            ratio(counting, puzzles.len())
        );
    }
    ExitCode::SUCCESS
}

/// `part / whole`, 0 for an empty file.
#[allow(clippy::cast_precision_loss)] // Counts of puzzles and guesses, far below 2^52.
fn ratio(part: usize, whole: usize) -> f64 {
    part as f64 / whole.max(1) as f64
}
