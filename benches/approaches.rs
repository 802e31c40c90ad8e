//! Every approach in the catalog, side by side, with criterion.
//!
//! One `benchmark_group` per corpus tier (the same tiers as `sudoku compare`,
//! from `sudoku_core::corpus`), one `BenchmarkId` per catalog approach, so
//! criterion's HTML report (`target/criterion/report/index.html`) draws the
//! approaches of a tier side by side. Each iteration solves the next puzzle
//! of the tier, round-robin, on a fresh copy made outside the timing
//! (`iter_batched`), so the reported time is µs per puzzle averaged over the
//! tier and the throughput is puzzles per second.
//!
//! When `SUDOKU_LAB_DATA` names a directory holding the public benchmark
//! files (one 81-character puzzle per line), one more group per file present
//! times the fast approaches on it, on an evenly spaced sample of at most
//! `SAMPLE` puzzles when the file is larger.
//!
//! The classic approaches are left out where a puzzle needs more than ten
//! million placements of their search, and the bench prints which: on the
//! hardest tier, and on any public file where some sampled puzzle does.
//!
//! `cargo bench --bench approaches` runs everything; `cargo bench --bench
//! approaches -- medium/` runs one tier.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use sudoku_catalog::screen::classics_fit;
use sudoku_catalog::{Approach, Family, APPROACHES};
use sudoku_core::corpus::Tier;
use sudoku_core::Board;

/// The most puzzles taken from one public file.
const SAMPLE: usize = 1_000;

/// The public files the throughput groups look for in `SUDOKU_LAB_DATA`.
const PUBLIC_FILES: [&str; 9] = [
    "hardest.txt",
    "top95.txt",
    "plb_sudoku_hard20.txt",
    "wikipedia_brute_force_resistant.txt",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// Times every approach that runs on `puzzles` in one group named `name`.
fn bench_set(criterion: &mut Criterion, name: &str, puzzles: &[Board], fast_only: bool) {
    let boards: Vec<Vec<Vec<char>>> = puzzles.iter().map(Board::to_leetcode).collect();
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.sample_size(20);
    let (running, skipped): (Vec<&Approach>, Vec<&Approach>) = APPROACHES
        .iter()
        .partition(|approach| !(fast_only && approach.family == Family::Published));
    if !skipped.is_empty() {
        let ids: Vec<&str> = skipped.iter().map(|approach| approach.id).collect();
        println!(
            "{name}: left out, a classic approach needs over ten million placements per puzzle here: {}",
            ids.join(", ")
        );
    }
    for approach in running {
        let mut next = 0;
        group.bench_function(BenchmarkId::from_parameter(approach.id), |bencher| {
            bencher.iter_batched(
                || {
                    next = (next + 1) % boards.len();
                    boards[next].clone()
                },
                |mut board| {
                    (approach.solve_sudoku)(&mut board);
                    black_box(board)
                },
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

fn embedded_tiers(criterion: &mut Criterion) {
    for tier in Tier::ALL {
        let puzzles: Vec<Board> = tier
            .puzzles()
            .into_iter()
            .map(|entry| entry.puzzle)
            .collect();
        bench_set(criterion, tier.name(), &puzzles, tier.fast_only());
    }
}

/// An evenly spaced sample of at most `SAMPLE` puzzles of the file.
fn read_sample(path: &Path) -> Option<(Vec<Board>, usize)> {
    let text = std::fs::read_to_string(path).ok()?;
    let all: Vec<Board> = text.lines().filter_map(|line| line.parse().ok()).collect();
    let total = all.len();
    let step = total.div_ceil(SAMPLE).max(1);
    Some((all.into_iter().step_by(step).collect(), total))
}

fn public_files(criterion: &mut Criterion) {
    let Some(directory) = std::env::var_os("SUDOKU_LAB_DATA") else {
        println!("SUDOKU_LAB_DATA is not set: only the embedded tiers are benchmarked");
        return;
    };
    for file in PUBLIC_FILES {
        let path = Path::new(&directory).join(file);
        let Some((sample, total)) = read_sample(&path) else {
            println!("{}: not found or unreadable, skipped", path.display());
            continue;
        };
        if sample.is_empty() {
            println!("{}: no puzzles, skipped", path.display());
            continue;
        }
        println!("{file}: {} of {total} puzzles used", sample.len());
        let fast_only = classics_fit(&sample).is_err();
        bench_set(criterion, &format!("data/{file}"), &sample, fast_only);
    }
}

criterion_group!(benches, embedded_tiers, public_files);
criterion_main!(benches);
