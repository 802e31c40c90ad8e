//! The parts of the `sudoku` command that other code can use too: its
//! argument parsers (the fuzz targets call them). The command itself is
//! `src/main.rs`.

pub mod arguments;
