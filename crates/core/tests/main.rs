//! sudoku-core's integration tests, linked into one binary as in the other
//! packages: each file of tests/ is a module of it, named after the file.
//! tests/generated/ makes the mixed files tests/records.rs reads (and the
//! CLI's tests too).

mod generated;
mod records;
mod round_trips;
