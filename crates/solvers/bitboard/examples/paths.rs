//! The AVX-512 path's time over the AVX2 path's, counting to two on every
//! puzzle of each file: the A/B that issue 33's second item asks for, on
//! whichever machine runs it. It needs a processor and a build that can run
//! both paths (`sudoku_bitboard::measure::path` says which this one takes).
//!
//! ```sh
//! cargo run --release -p sudoku-bitboard --example paths -- ROUNDS FILE...
//! ```
//!
//! Each round is a process of its own (the example runs itself again): it
//! times one pass over each file on each path, the two in turns, with no
//! pass before them to warm up, and the order turning from round to round
//! (the AVX2 path first in the first round, so an even ROUNDS balances the
//! order). A fresh process each round matters: on an Intel Xeon (model
//! 167), some sets' ratios stayed on one side of 1 through a process and
//! moved from one process to the next (notes/lab/bitboard-experiments.md,
//! 2026-12-03), so rounds in one process would repeat that process's bias.
//! The table gives, per file, the median of the rounds' ratios (the lower
//! of the two middle ones when ROUNDS is even), their quartiles (taken the
//! same way) and how many rounds came out above 1 (below 1: the AVX-512
//! path took less time).
//!
//! Both paths run through `measure::search_with`, which also keeps the
//! first solution's digits (as `solve_unique` does, and `count_solutions`
//! does not), so the time is that of a search to two solutions that reads
//! the first. Each line's first 81 characters are read as a puzzle (`1`-`9`
//! givens, anything else blank); shorter lines are skipped. Before timing,
//! it checks that both paths give the same outcome on every puzzle of every
//! file.

use std::hint::black_box;
use std::process::{Command, ExitCode};
use std::time::Instant;

use sudoku_bitboard::measure::{search_with, Outcome, Path};

mod puzzle_file;

/// The first argument of a round's own process.
const ROUND: &str = "--round";

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: paths ROUNDS FILE... (ROUNDS a whole number from 1)";
    let Some((first, files)) = arguments.split_first() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    if first == ROUND {
        return round(files);
    }
    let rounds = match first.parse::<usize>() {
        Ok(rounds) if rounds > 0 && !files.is_empty() => rounds,
        _ => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let empty = [0; 81];
    if search_with(&empty, 2, Path::Avx2).is_none()
        || search_with(&empty, 2, Path::Avx512).is_none()
    {
        eprintln!(
            "paths: this machine or build cannot run both the AVX2 and the AVX-512 path (it takes {:?})",
            sudoku_bitboard::measure::path()
        );
        return ExitCode::from(2);
    }
    // Every file is read and checked before the table starts, so that an
    // error never leaves half a table behind it.
    let mut sizes = Vec::new();
    for file in files {
        let Some(puzzles) = puzzle_file::read(file) else {
            return ExitCode::from(2);
        };
        if puzzles.is_empty() {
            eprintln!("{file}: no line of 81 characters or more");
            return ExitCode::from(2);
        }
        if let Some(cells) = differing(&puzzles) {
            let cells: String = cells
                .iter()
                .map(|&digit| char::from(b'0' + digit))
                .collect();
            eprintln!("{file}: the two paths differ on {cells}");
            return ExitCode::FAILURE;
        }
        sizes.push(puzzles.len());
    }
    let mut ratios = vec![Vec::with_capacity(rounds); files.len()];
    for number in 0..rounds {
        match run_round(number, files) {
            Ok(round) => {
                for (ratios, ratio) in ratios.iter_mut().zip(round) {
                    ratios.push(ratio);
                }
            }
            Err(error) => {
                eprintln!("paths: round {}: {error}", number + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    println!("| file | puzzles | AVX-512 ÷ AVX2 (median) | quartiles | rounds above 1 |");
    println!("|---|---:|---:|---|---:|");
    for ((file, size), ratios) in files.iter().zip(sizes).zip(&mut ratios) {
        ratios.sort_by(f64::total_cmp);
        let above = ratios.iter().filter(|&&ratio| ratio > 1.0).count();
        println!(
            "| {} | {size} | {:.3} | {:.3}–{:.3} | {above} of {rounds} |",
            file.rsplit('/').next().unwrap_or(file),
            quantile(ratios, 2),
            quantile(ratios, 1),
            quantile(ratios, 3),
        );
    }
    ExitCode::SUCCESS
}

/// Round `number` in a process of its own: each file's ratio, AVX-512 time
/// over AVX2 time.
fn run_round(number: usize, files: &[String]) -> Result<Vec<f64>, String> {
    let program = std::env::current_exe().map_err(|error| error.to_string())?;
    let output = Command::new(program)
        .arg(ROUND)
        .arg(if number % 2 == 0 { "avx2" } else { "avx512" })
        .args(files)
        .output()
        .map_err(|error| error.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!(
            "{} {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let ratios: Vec<f64> = text.lines().filter_map(|line| line.parse().ok()).collect();
    if ratios.len() == files.len() {
        Ok(ratios)
    } else {
        Err(format!("expected {} ratios, read: {text:?}", files.len()))
    }
}

/// A round's own process (`--round FIRST FILE...`, FIRST the path timed
/// first, `avx2` or `avx512`): prints each file's ratio on a line.
fn round(arguments: &[String]) -> ExitCode {
    let wide_first = match arguments.split_first() {
        Some((first, _)) if first == "avx2" => false,
        Some((first, _)) if first == "avx512" => true,
        _ => {
            eprintln!("usage: paths {ROUND} avx2|avx512 FILE...");
            return ExitCode::from(2);
        }
    };
    let files = &arguments[1..];
    for file in files {
        let Some(puzzles) = puzzle_file::read(file) else {
            return ExitCode::from(2);
        };
        let (wide, narrow) = if wide_first {
            let wide = pass(&puzzles, Path::Avx512);
            (wide, pass(&puzzles, Path::Avx2))
        } else {
            let narrow = pass(&puzzles, Path::Avx2);
            (pass(&puzzles, Path::Avx512), narrow)
        };
        println!("{}", wide / narrow);
    }
    ExitCode::SUCCESS
}

/// The first puzzle on which the two paths' outcomes differ, if any.
fn differing(puzzles: &[[u8; 81]]) -> Option<&[u8; 81]> {
    let outcome = |cells: &[u8; 81], path| -> Option<Outcome> { search_with(cells, 2, path) };
    puzzles
        .iter()
        .find(|cells| outcome(cells, Path::Avx2) != outcome(cells, Path::Avx512))
}

/// Seconds for one pass over `puzzles` on `path`, counting to two.
fn pass(puzzles: &[[u8; 81]], path: Path) -> f64 {
    let start = Instant::now();
    for cells in puzzles {
        black_box(search_with(black_box(cells), 2, path));
    }
    start.elapsed().as_secs_f64()
}

/// The `quarter`th quartile of the sorted, non-empty `values` (2: the
/// median), taken at the nearest rank below.
fn quantile(values: &[f64], quarter: usize) -> f64 {
    values[(values.len() - 1) * quarter / 4]
}
