//! The peer of `sudoku solve` and `sudoku count --limit 2` built on the
//! crates.io `sudoku` crate, for whole-process comparisons
//! (`scripts/versus-crate`): it reads puzzles, one per line (81 cells, `.`
//! or `0` for a blank), and writes one line per puzzle.
//!
//! - `crate_cli solve FILE`: the first solution, found by the same search
//!   that looks for a second one (the crate's `solutions_up_to(2)`), with a
//!   warning on stderr when there is a second, or an error line when there
//!   is none: what `sudoku solve --solver bitboard` does;
//! - `crate_cli count FILE`: the number of solutions, up to 2.

use std::io::{BufRead, BufWriter, Write};

use sudoku::Sudoku;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let [mode, file] = arguments.as_slice() else {
        eprintln!("usage: crate_cli solve|count FILE");
        std::process::exit(2);
    };
    let input = std::io::BufReader::new(std::fs::File::open(file).unwrap_or_else(|error| {
        eprintln!("{file}: {error}");
        std::process::exit(2);
    }));
    let mut output = BufWriter::new(std::io::stdout().lock());
    let mut several = 0usize;
    for line in input.lines() {
        let line = line.expect("the file is text");
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = line
            .get(..81)
            .and_then(|cells| Sudoku::from_str_line(cells).ok());
        let written = match puzzle {
            None => writeln!(output, "error: not a puzzle"),
            Some(puzzle) if mode == "count" => {
                writeln!(output, "{}", puzzle.solutions_count_up_to(2))
            }
            Some(puzzle) => match puzzle.solutions_up_to(2).as_slice() {
                [] => writeln!(output, "error: no solution"),
                [first, rest @ ..] => {
                    several += usize::from(!rest.is_empty());
                    writeln!(output, "{}", first.to_str_line())
                }
            },
        };
        if written.is_err() {
            std::process::exit(1);
        }
    }
    if output.flush().is_err() {
        std::process::exit(1);
    }
    if several > 0 {
        eprintln!("warning: {several} puzzles have more than one solution");
    }
}
