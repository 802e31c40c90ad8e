//! `sudoku compare`: every chosen approach on the same puzzles, timed side by side.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudoku_catalog::{Approach, Family};
use sudoku_core::corpus::Tier;
use sudoku_core::solutions::{screen, Screening};
use sudoku_core::{verify, Board};

use crate::input::each_record;
use crate::output::{Output, Status};

/// A set is solved again, pass after pass, until one approach has spent this
/// long on it, so that fast puzzles are not lost in the clock's resolution.
/// Whole passes (rather than one puzzle many times in a row) keep the branch
/// predictor from learning a single puzzle, as a one-pass timing would not.
const MIN_TIME_PER_SET: Duration = Duration::from_millis(200);

/// No more passes than this, however fast the set.
const MAX_PASSES: u32 = 10_000;

/// A named list of puzzles to time.
struct PuzzleSet {
    name: String,
    puzzles: Vec<Board>,
    /// Only the fast (follow-up) approaches run on it: see `Tier::fast_only`.
    fast_only: bool,
}

/// One approach's times on one set, in microseconds per puzzle.
struct Timing {
    solved: usize,
    micros: Vec<f64>,
}

pub fn run(
    output: &mut Output<impl Write>,
    solvers: &[String],
    corpus: &str,
) -> io::Result<Status> {
    let approaches: Vec<&Approach> = if solvers.is_empty() {
        sudoku_catalog::APPROACHES.iter().collect()
    } else {
        // clap has already checked every id against the catalog.
        solvers
            .iter()
            .filter_map(|id| sudoku_catalog::find(id))
            .collect()
    };
    let sets = match corpus_sets(corpus) {
        Ok(sets) => sets,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; time it with `cargo run --release`");
    }

    let mut all_timings: Vec<Timing> = approaches
        .iter()
        .map(|_| Timing {
            solved: 0,
            micros: Vec::new(),
        })
        .collect();
    let mut all_count = 0;
    let mut every_one_solved = true;
    for set in &sets {
        let (running, skipped): (Vec<&Approach>, Vec<&Approach>) = approaches
            .iter()
            .partition(|approach| !(set.fast_only && approach.family == Family::Published));
        let timings: Vec<Timing> = running
            .iter()
            .map(|approach| time_approach(approach, &set.puzzles))
            .collect();
        every_one_solved &= timings
            .iter()
            .all(|timing| timing.solved == set.puzzles.len());
        print_table(
            output,
            &format!("{} ({} puzzles)", set.name, set.puzzles.len()),
            &running,
            &timings,
            set.puzzles.len(),
        )?;
        if !skipped.is_empty() {
            let ids: Vec<&str> = skipped.iter().map(|approach| approach.id).collect();
            output.line(&format!(
                "skipped here, a classic approach needs over a second per puzzle: {}",
                ids.join(", ")
            ))?;
            output.line("")?;
            continue;
        }
        for (total, timing) in all_timings.iter_mut().zip(timings) {
            total.solved += timing.solved;
            total.micros.extend(timing.micros);
        }
        all_count += set.puzzles.len();
    }
    let full_sets = sets.iter().filter(|set| !set.fast_only).count();
    if full_sets > 1 {
        print_table(
            output,
            &format!("all tiers that every approach runs ({all_count} puzzles)"),
            &approaches,
            &all_timings,
            all_count,
        )?;
    }
    Ok(if every_one_solved {
        Status::Success
    } else {
        Status::RecordFailed
    })
}

/// The embedded tiers named by `corpus`, or the solvable puzzles of the file it names.
fn corpus_sets(corpus: &str) -> Result<Vec<PuzzleSet>, String> {
    let tier_set = |tier: Tier| PuzzleSet {
        name: format!("tier {tier}"),
        puzzles: tier
            .puzzles()
            .into_iter()
            .map(|entry| entry.puzzle)
            .collect(),
        fast_only: tier.fast_only(),
    };
    if corpus == "all" {
        return Ok(Tier::ALL.into_iter().map(tier_set).collect());
    }
    if let Ok(tier) = corpus.parse::<Tier>() {
        return Ok(vec![tier_set(tier)]);
    }
    let path = Path::new(corpus);
    if !path.is_file() {
        return Err(format!(
            "--corpus {corpus:?} is neither a tier (examples, famous, easy, medium, hard, hardest, all) nor a file"
        ));
    }
    let mut puzzles = Vec::new();
    let mut skipped = 0;
    let status = each_record(&[PathBuf::from(path)], None, |source, line, record| {
        let reason = match record {
            Err(message) => message,
            Ok(board) => match screen(&board) {
                Screening::Unique(_) | Screening::Multiple(_) => {
                    puzzles.push(board);
                    return Ok(());
                }
                Screening::Unsolvable => "no solution (or conflicting givens)".to_string(),
            },
        };
        skipped += 1;
        eprintln!("warning: {source}:{line}: skipped: {reason}");
        Ok(())
    })
    .map_err(|error| format!("{corpus}: {error}"))?;
    if status != Status::Success {
        return Err(format!("could not read {corpus}"));
    }
    if skipped > 0 {
        eprintln!(
            "warning: {corpus}: {skipped} records skipped, {} used",
            puzzles.len()
        );
    }
    Ok(vec![PuzzleSet {
        name: format!("file {corpus}"),
        puzzles,
        fast_only: false,
    }])
}

fn time_approach(approach: &Approach, puzzles: &[Board]) -> Timing {
    let boards: Vec<Vec<Vec<char>>> = puzzles.iter().map(Board::to_leetcode).collect();
    let mut elapsed = vec![Duration::ZERO; boards.len()];
    let mut solved = 0;
    let mut passes = 0u32;
    while passes == 0
        || (elapsed.iter().sum::<Duration>() < MIN_TIME_PER_SET && passes < MAX_PASSES)
    {
        for ((board, puzzle), time) in boards.iter().zip(puzzles).zip(&mut elapsed) {
            let mut attempt = board.clone();
            let start = Instant::now();
            (approach.solve_sudoku)(&mut attempt);
            *time += start.elapsed();
            if passes == 0
                && Board::from_leetcode(&attempt)
                    .is_ok_and(|solution| verify(puzzle, &solution).is_ok())
            {
                solved += 1;
            }
        }
        passes += 1;
    }
    Timing {
        solved,
        micros: elapsed
            .iter()
            .map(|time| time.as_secs_f64() * 1e6 / f64::from(passes))
            .collect(),
    }
}

fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 0 {
        f64::midpoint(sorted[middle - 1], sorted[middle])
    } else {
        sorted[middle]
    }
}

#[allow(clippy::cast_precision_loss)] // Puzzle counts stay far below 2^52.
fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

fn print_table(
    output: &mut Output<impl Write>,
    title: &str,
    approaches: &[&Approach],
    timings: &[Timing],
    count: usize,
) -> io::Result<()> {
    let width = approaches
        .iter()
        .map(|approach| approach.id.len())
        .max()
        .unwrap_or(0)
        .max("approach".len());
    let fastest = timings
        .iter()
        .map(|timing| mean(&timing.micros))
        .fold(f64::INFINITY, f64::min);
    output.line(title)?;
    output.line(&format!(
        "{:width$}  {:>9}  {:>12}  {:>12}  {:>10}",
        "approach", "solved", "median µs", "mean µs", "× fastest"
    ))?;
    for (approach, timing) in approaches.iter().zip(timings) {
        let average = mean(&timing.micros);
        let ratio = if fastest > 0.0 {
            average / fastest
        } else {
            1.0
        };
        output.line(&format!(
            "{:width$}  {:>9}  {:>12.2}  {:>12.2}  {:>10.2}",
            approach.id,
            format!("{}/{count}", timing.solved),
            median(&timing.micros),
            average,
            ratio
        ))?;
    }
    output.line("")
}
