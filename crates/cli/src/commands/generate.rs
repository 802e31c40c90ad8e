//! `sudoku generate`: puzzles with exactly one solution, from a seed.

use std::io::{self, Write};

use sudoku_core::Format;

use crate::output::{diagnostic, Output, Status};

/// Generate puzzles with exactly one solution, one per line.
///
/// Each puzzle is minimal (no clue can go without losing uniqueness)
/// unless --clues stops removal earlier; with --symmetric, minimal among
/// symmetric puzzles (no pair of clues can go, though a single clue
/// often could). The same seed, count and options
/// print the same puzzles on every run and machine; without --seed a
/// seed is picked from the clock and printed on stderr.
#[derive(clap::Args)]
pub struct Args {
    /// How many puzzles to print.
    #[arg(long, default_value_t = 1, value_name = "N")]
    count: u64,
    /// The seed of the first puzzle; puzzle k uses seed S + k.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Stop removing clues at K, and never go below it (best effort: a
    /// puzzle that becomes minimal above K keeps more, and stderr says so).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(17..=81))]
    clues: Option<u64>,
    /// Make the pattern of clues symmetric under a half turn: clues are
    /// removed in pairs opposite each other through the centre.
    #[arg(long)]
    symmetric: bool,
}

/// Prints `--count` puzzles, one line each.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        diagnostic!("seed: {seed}");
        seed
    });
    let options = sudoku_generate::Options {
        clues: args.clues.map(|clues| clues as usize),
        symmetric: args.symmetric,
    };
    for k in 0..args.count {
        let generated = sudoku_generate::generate_with(seed.wrapping_add(k), options);
        let givens = generated.puzzle.givens() as u64;
        if let Some(target) = args.clues.filter(|&target| givens > target) {
            diagnostic!(
                "note: puzzle {} (seed {}) became minimal at {givens} clues, above the target {target}",
                k + 1,
                seed.wrapping_add(k)
            );
        }
        output.record(&Format::Line.write(&generated.puzzle))?;
    }
    Ok(Status::Success)
}
