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
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{file}: {error}");
                return ExitCode::from(2);
            }
        };
        let puzzles: Vec<[u8; 81]> = text.lines().filter_map(puzzle).collect();
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

/// The puzzle in the first 81 characters of `line`, if it has that many.
fn puzzle(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes().get(..81)?;
    let mut cells = [0; 81];
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        *cell = if (b'1'..=b'9').contains(&byte) {
            byte - b'0'
        } else {
            0
        };
    }
    Some(cells)
}
