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

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoku_core::Board;
use sudoku_lab_anchor_sudoku_crate::sample;
#[cfg(tdoku)]
use sudoku_lab_anchor_sudoku_crate::tdoku;

/// The least time of one turn: enough passes over the sample to fill it.
const TURN: Duration = Duration::from_millis(20);

/// One set's puzzles, as each solver takes them.
struct Set {
    cells: Vec<[u8; 81]>,
    theirs: Vec<Sudoku>,
    #[cfg(tdoku)]
    texts: Vec<[u8; 82]>,
}

/// The solvers, `bitboard` first.
#[derive(Clone, Copy)]
enum Solver {
    Bitboard,
    Crate,
    #[cfg(tdoku)]
    Tdoku,
}

const SOLVERS: &[(Solver, &str)] = &[
    (Solver::Bitboard, "bitboard"),
    (Solver::Crate, "sudoku crate"),
    #[cfg(tdoku)]
    (Solver::Tdoku, "tdoku"),
];

/// One pass of `solver` over `set`, for the first solution (`limit` 1) or
/// counting to `limit`.
fn pass(solver: Solver, set: &Set, limit: usize) {
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

/// The lower quartile, median and upper quartile of `values` (sorted
/// here), each the value nearest its rank: with an even count, the upper
/// of the two middle values is the median.
fn quartiles(values: &mut [f64]) -> [f64; 3] {
    values.sort_by(f64::total_cmp);
    let at = |share: f64| values[((values.len() - 1) as f64 * share).round() as usize];
    [at(0.25), at(0.5), at(0.75)]
}

/// The bench's sample of the puzzles in `file`, checked ([`check`]), with
/// the file's name; exits with a message when it cannot be read or holds
/// no puzzle.
fn read(file: &str) -> (String, Set) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|error| {
        eprintln!("{file}: {error}");
        std::process::exit(2);
    });
    let all: Vec<[u8; 81]> = text
        .lines()
        .filter_map(|line| line.parse::<Board>().ok())
        .map(|board| *board.cells())
        .collect();
    if all.is_empty() {
        eprintln!("{file}: no puzzle read");
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
    let name = std::path::Path::new(file)
        .file_name()
        .map_or(file.to_string(), |name| name.to_string_lossy().into_owned());
    check(&name, &set);
    (name, set)
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
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let Some((rounds, files)) = arguments
        .split_first()
        .and_then(|(rounds, files)| Some((rounds.parse::<usize>().ok()?, files)))
        .filter(|(rounds, files)| *rounds > 0 && !files.is_empty())
    else {
        eprintln!("usage: side_by_side ROUNDS FILE...");
        std::process::exit(2);
    };
    // Every file read and checked before anything is timed or printed.
    let sets: Vec<(String, Set)> = files.iter().map(|file| read(file)).collect();
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
