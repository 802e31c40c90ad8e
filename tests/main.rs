//! The root package's tests, linked into one binary: each file of tests/ is
//! a module of it, named after the file, so `cargo test --test main --
//! docs::` runs the tests of tests/docs.rs alone (and `-- --list` shows
//! them all). One binary links once where a binary per file linked eleven
//! times, and the helpers of tests/common/ are one module they all share.
//!
//! The tests that make a block of the docs again (`notes_counts`, the
//! guesses table of `public_data`, the practice note's solutions in
//! `notes_code`) fail when the docs differ (most printing the block as it
//! is now); with `SUDOKU_LAB_BLESS=1`
//! they write it into the docs instead (tests/common/bless.rs).

mod common;

mod agreement;
mod approaches;
mod architecture;
mod counting;
mod docs;
mod fuzz_regressions;
mod leetcode_submission;
mod notes_code;
mod notes_counts;
mod notes_sync;
mod playground_module;
mod public_data;
