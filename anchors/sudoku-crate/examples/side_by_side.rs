//! `bitboard` against the `sudoku` crate and tdoku, timed in turns: the
//! goal table's comparison without the drift between solvers that
//! criterion times minutes apart.
//!
//! `side_by_side ROUNDS FILE...` takes the bench's sample of each file
//! (evenly spaced puzzles, at most 1,000) and, in each of ROUNDS rounds, times
//! each solver on the same number of passes over it, one solver right after
//! the other, the order turning from round to round. A round's ratio is
//! `bitboard`'s time over the faster of the others' in that round; it prints
//! the median of those ratios with their quartiles, in both of the bench's
//! modes (the first solution, and counting to 2). tdoku takes part when the
//! project was built with `TDOKU_SRC` (see build.rs).
//!
//! Before timing a file it checks that the solvers agree on every puzzle of
//! the sample: the same count up to 2, and first solutions that are
//! solutions of the puzzle.

use std::time::{Duration, Instant};

mod solvers;

use solvers::{pass, read, Set, SOLVERS};

/// The least time of one turn: enough passes over the sample to fill it.
const TURN: Duration = Duration::from_millis(20);

/// The lower quartile, median and upper quartile of `values` (sorted
/// here), each the value nearest its rank: with an even count, the upper
/// of the two middle values is the median.
fn quartiles(values: &mut [f64]) -> [f64; 3] {
    values.sort_by(f64::total_cmp);
    let at = |share: f64| values[((values.len() - 1) as f64 * share).round() as usize];
    [at(0.25), at(0.5), at(0.75)]
}

/// The goal's verdict on a median ratio: met at 0.95 or below, and only
/// with tdoku in the comparison.
fn verdict(median: f64) -> &'static str {
    if cfg!(not(tdoku)) {
        "(without tdoku)"
    } else if median <= 0.95 {
        "**met**"
    } else {
        "not met"
    }
}

fn main() {
    // Files by their paths as given, UTF-8 or not.
    let arguments: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let Some((rounds, files)) = arguments
        .split_first()
        .and_then(|(rounds, files)| Some((rounds.to_str()?.parse::<usize>().ok()?, files)))
        .filter(|(rounds, files)| *rounds > 0 && !files.is_empty())
    else {
        eprintln!("usage: side_by_side ROUNDS FILE...");
        std::process::exit(2);
    };
    // Every file read and checked before anything is timed or printed.
    let sets: Vec<(String, Set)> = files.iter().map(|file| read(file.as_ref())).collect();
    #[cfg(not(tdoku))]
    eprintln!("built without TDOKU_SRC: tdoku is left out, so no cell can be called met");
    println!(
        "| set | mode | {} | ratio (median) | quartiles | met (at most 0.95) |",
        SOLVERS
            .iter()
            .map(|(_, name)| format!("{name} µs"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|---|{}---:|---|---|", "---:|".repeat(SOLVERS.len()));
    for (name, set) in &sets {
        for (mode, limit) in [("first-solution", 1), ("count-to-2", 2)] {
            // Passes enough that every turn takes at least TURN, the fastest
            // solver's too.
            let mut passes = 1;
            for &(solver, _) in SOLVERS {
                let start = Instant::now();
                let mut done = 0;
                while start.elapsed() < TURN {
                    pass(solver, set, limit);
                    done += 1;
                }
                passes = passes.max(done);
            }
            let mut times = vec![Vec::with_capacity(rounds); SOLVERS.len()];
            let mut ratios = Vec::with_capacity(rounds);
            for round in 0..rounds {
                let mut took = vec![0.0; SOLVERS.len()];
                for turn in 0..SOLVERS.len() {
                    let which = (round + turn) % SOLVERS.len();
                    let start = Instant::now();
                    for _ in 0..passes {
                        pass(SOLVERS[which].0, set, limit);
                    }
                    took[which] = start.elapsed().as_secs_f64();
                }
                let fastest_other = took[1..].iter().copied().fold(f64::INFINITY, f64::min);
                ratios.push(took[0] / fastest_other);
                for (times, took) in times.iter_mut().zip(&took) {
                    times.push(took * 1e6 / (passes * set.cells.len()) as f64);
                }
            }
            let per_puzzle: Vec<String> = times
                .iter_mut()
                .map(|times| format!("{:.2}", quartiles(times)[1]))
                .collect();
            let [low, median, high] = quartiles(&mut ratios);
            println!(
                "| {name} | {mode} | {} | {median:.3} | {low:.3}–{high:.3} | {} |",
                per_puzzle.join(" | "),
                verdict(median)
            );
        }
    }
}
