//! How fast `sudoku-generate` makes minimal puzzles, on one core.
//!
//! `cargo bench --bench generate` reports the time per puzzle and, through
//! criterion's throughput, puzzles per second. Each iteration generates the
//! puzzle for the next seed, so the benchmark averages over many different
//! puzzles rather than timing one seed again and again.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_generate::{generate_with, Options};

fn minimal_puzzles(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    for (name, options) in [
        ("minimal", Options::default()),
        (
            "minimal-symmetric",
            Options {
                symmetric: true,
                ..Options::default()
            },
        ),
    ] {
        let mut seed = 0u64;
        group.bench_function(name, |bencher| {
            bencher.iter(|| {
                seed += 1;
                black_box(generate_with(black_box(seed), options))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, minimal_puzzles);
criterion_main!(benches);
