//! sudoku-core's integration tests, linked into one binary as in the other
//! packages: each file of tests/ is a module of it, named after the file.

mod round_trips;
