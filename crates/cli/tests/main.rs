//! The `sudoku` binary's tests, linked into one binary: each file of tests/
//! is a module of it, named after the file, so `cargo test -p sudoku-cli
//! --test main -- judge::` runs the tests of tests/judge.rs alone. The
//! helpers of tests/common/ are one module they all share; tests/judge/
//! holds the judge's fixtures, not code. With `SUDOKU_LAB_BLESS=1`,
//! `doc_examples` rewrites a `console` example whose output changed instead
//! of failing.

mod common;

mod cli;
mod doc_examples;
mod judge;
mod judge_contained;
mod measuring_scripts;
mod records;
mod robustness;
mod trace;
