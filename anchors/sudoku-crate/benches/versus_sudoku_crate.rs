//! sudoku-lab's fast approaches against the crates.io `sudoku` crate
//! (Emerentius/sudoku), on the same puzzles, in two modes: the first
//! solution, and counting solutions up to 2 (what proving uniqueness costs).
//!
//! Groups: `<mode>/<set>`, one `BenchmarkId` per solver, so criterion's
//! report draws them side by side. Sets: the embedded tiers of sudoku-core,
//! plus each public file found in `SUDOKU_LAB_DATA` (an evenly spaced sample
//! of at most 1,000 puzzles). Each iteration takes the next puzzle of the
//! set, round-robin, so times are per puzzle, averaged over the set.
//!
//! With `TDOKU_SRC` set at build time (see build.rs), tdoku runs in every
//! group too, on the same puzzles: one of the fastest published solvers, a
//! C++ one on SIMD vectors, called through its one C entry point.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku::Sudoku;
use sudoku_catalog::counters;
use sudoku_core::corpus::Tier;
use sudoku_core::Board;
use sudoku_lab_anchor_sudoku_crate::sample;
#[cfg(tdoku)]
use sudoku_lab_anchor_sudoku_crate::tdoku;

const PUBLIC_FILES: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

fn sets() -> Vec<(String, Vec<Board>)> {
    let mut sets: Vec<(String, Vec<Board>)> = Tier::ALL
        .into_iter()
        .map(|tier| {
            let puzzles = tier
                .puzzles()
                .into_iter()
                .map(|entry| entry.puzzle)
                .collect();
            (tier.name().to_string(), puzzles)
        })
        .collect();
    if let Some(directory) = data_directory() {
        for file in PUBLIC_FILES {
            let Ok(text) = std::fs::read_to_string(Path::new(&directory).join(file)) else {
                println!("{file}: not found in SUDOKU_LAB_DATA, skipped");
                continue;
            };
            let all: Vec<Board> = text.lines().filter_map(|line| line.parse().ok()).collect();
            let total = all.len();
            let used = sample(all);
            println!("{file}: {} of {total} puzzles used", used.len());
            sets.push((file.to_string(), used));
        }
    } else {
        println!("SUDOKU_LAB_DATA is not set: only the embedded tiers are compared");
    }
    sets
}

/// The directory `SUDOKU_LAB_DATA` names. Cargo runs this bench from the
/// anchor's own folder, so a relative path that is not found from there is
/// read from the sudoku-lab root, where the workspace's benches run: the same
/// `SUDOKU_LAB_DATA=../shared/data` then works for both.
fn data_directory() -> Option<PathBuf> {
    let given = PathBuf::from(std::env::var_os("SUDOKU_LAB_DATA")?);
    if given.is_relative() && !given.is_dir() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        if root.join(&given).is_dir() {
            println!(
                "SUDOKU_LAB_DATA: reading {} from the sudoku-lab root",
                given.display()
            );
            return Some(root.join(given));
        }
    }
    Some(given)
}

/// Before timing it, makes sure tdoku is called right: on every puzzle of
/// the set it counts as the crate does, and its first solution is one.
/// Prints how often tdoku and `bitboard` guess on the set, in both modes,
/// counted alike: once per branch point.
#[cfg(tdoku)]
fn check_tdoku(set: &str, texts: &[[u8; 82]], theirs: &[Sudoku], cells: &[[u8; 81]]) {
    let mut splits = [0usize; 4];
    for ((text, sudoku), cells) in texts.iter().zip(theirs).zip(cells) {
        let mut solution = [0u8; 81];
        for (mode, limit) in [1, 2].into_iter().enumerate() {
            splits[mode] += tdoku::solve_counting_guesses(text, limit, &mut solution).1;
            splits[2 + mode] += sudoku_bitboard::measure::count_branch_points(cells, limit);
        }
        let count = tdoku::solve(text, 2, &mut solution);
        assert_eq!(
            count,
            sudoku.solutions_count_up_to(2),
            "{set}: tdoku's count"
        );
        if tdoku::solve(text, 1, &mut solution) == 1 {
            let digits = solution.map(|character| character - b'0');
            let solved = Sudoku::from_bytes(digits).expect("tdoku writes digits");
            assert!(solved.is_solved(), "{set}: tdoku's solution is not one");
            let kept = text[..81]
                .iter()
                .zip(&solution)
                .all(|(&given, &placed)| given == b'.' || given == placed);
            assert!(kept, "{set}: tdoku's solution changes a given");
        }
    }
    let mean = |total: usize| total as f64 / texts.len() as f64;
    println!(
        "{set}: branch points per puzzle, first solution / count to 2: \
         tdoku {:.1} / {:.1}, bitboard {:.1} / {:.1}",
        mean(splits[0]),
        mean(splits[1]),
        mean(splits[2]),
        mean(splits[3])
    );
}

fn compare(criterion: &mut Criterion) {
    #[cfg(tdoku)]
    println!("TDOKU_SRC was set: tdoku is benched beside the sudoku crate");
    #[cfg(not(tdoku))]
    println!("TDOKU_SRC was not set at build time: tdoku is left out");
    for (name, puzzles) in sets() {
        let cells: Vec<[u8; 81]> = puzzles.iter().map(|board| *board.cells()).collect();
        let theirs: Vec<Sudoku> = cells
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("every cell is 0-9"))
            .collect();
        #[cfg(tdoku)]
        let texts: Vec<[u8; 82]> = cells.iter().map(tdoku::puzzle).collect();
        #[cfg(tdoku)]
        check_tdoku(&name, &texts, &theirs, &cells);
        for (mode, limit) in [("first-solution", 1), ("count-to-2", 2)] {
            let mut group = criterion.benchmark_group(format!("{mode}/{name}"));
            group.throughput(Throughput::Elements(1));
            group.warm_up_time(Duration::from_secs(1));
            group.measurement_time(Duration::from_secs(3));
            group.sample_size(20);
            let mut next = 0;
            group.bench_function(BenchmarkId::from_parameter("sudoku-crate"), |bencher| {
                bencher.iter(|| {
                    next = (next + 1) % theirs.len();
                    let sudoku = black_box(theirs[next]);
                    if limit == 1 {
                        // `some_solution` stops at the first solution, like
                        // our `solve`; `solution` would go on to prove it unique.
                        black_box(sudoku.some_solution());
                    } else {
                        black_box(sudoku.solutions_count_up_to(limit));
                    }
                });
            });
            #[cfg(tdoku)]
            {
                let mut solution = [0u8; 81];
                let mut next = 0;
                group.bench_function(BenchmarkId::from_parameter("tdoku"), |bencher| {
                    bencher.iter(|| {
                        next = (next + 1) % texts.len();
                        black_box(tdoku::solve(black_box(&texts[next]), limit, &mut solution));
                    });
                });
            }
            for (approach, native) in counters() {
                let mut next = 0;
                group.bench_function(BenchmarkId::from_parameter(approach.id), |bencher| {
                    bencher.iter(|| {
                        next = (next + 1) % cells.len();
                        let puzzle = black_box(&cells[next]);
                        if limit == 1 {
                            black_box((native.solve)(puzzle));
                        } else {
                            black_box((native.count_solutions)(puzzle, limit));
                        }
                    });
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, compare);
criterion_main!(benches);
