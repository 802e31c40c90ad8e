//! The parts of the `sudoku` command that other code can use too: its
//! argument parsers (the `seconds` fuzz target calls them). The command itself is
//! `src/main.rs`.

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

pub mod arguments;
