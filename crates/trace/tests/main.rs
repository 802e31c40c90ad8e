//! sudoku-trace's tests, linked into one binary: each file of tests/ is a
//! module of it, named after the file (`cargo test -p sudoku-trace --test
//! main -- invariants::` runs tests/invariants.rs alone).

mod classic_placements;
mod invariants;
mod windows;
