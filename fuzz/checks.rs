//! What each fuzz target checks of one input. The fuzz targets (nightly,
//! libFuzzer) and `tests/fuzz_regressions.rs` (stable, every input that
//! ever failed and the seeds) run the same checks, from this one file.

use std::time::Duration;

use sudoku_catalog::counters;
use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::{validate, verify, Board, Format, ReadError, Records};

/// The reader on any bytes, detecting formats and with each format forced:
/// it never panics, it gives at most one record per line, and the line
/// numbers of its records never go back.
pub fn reader(data: &[u8]) {
    // Line ends: LF, CRLF (one), and a lone CR.
    let mut lines = 0;
    let mut previous = 0u8;
    for &byte in data {
        if byte == b'\r' || (byte == b'\n' && previous != b'\r') {
            lines += 1;
        }
        previous = byte;
    }
    let lines = lines + 1;
    for format in [
        None,
        Some(Format::Line),
        Some(Format::Grid),
        Some(Format::Leetcode),
    ] {
        let mut records = 0;
        let mut last_line = 0;
        for record in Records::new(data).with_format(format) {
            records += 1;
            let line = match record {
                Ok(record) => record.line,
                Err(ReadError::Record { line, .. }) => line,
                Err(ReadError::Io(error)) => panic!("reading from memory failed: {error}"),
            };
            assert!(
                line >= 1 && line >= last_line,
                "line {line} after {last_line}"
            );
            last_line = line;
        }
        assert!(
            records <= lines,
            "{records} records from {lines} lines ({format:?})"
        );
    }
}

/// Every approach with a native API on any 81 cells (bytes taken modulo 11,
/// so a cell above 9 comes up too): none panics, a solution is verified, and
/// they all count the same number of solutions, up to 2.
///
/// Approaches are left out where they are known to search for seconds to
/// hours, all found by this target. On a dead end whose givens do not
/// conflict, which they prove only by exhausting the tree (the CLI screens
/// those before any approach runs): `bitmask` (no propagation),
/// `constraint-propagation` (Norvig's) and `dancing-links` (exact cover)
/// (notes/bitmask.md, notes/constraint-propagation.md and
/// notes/dancing-links.md, "With no solution"). On a board with fewer than
/// 17 givens, fewer than any puzzle with one solution has: `bitmask` and
/// `constraint-propagation` (notes/bitmask.md, "Where it wanders";
/// notes/constraint-propagation.md, "With no solution"). A dead end is thus
/// counted by `bitboard` alone here; tests/counting.rs counts one (row 1's
/// last cell sees every digit) with every native counter.
pub fn solvers(data: &[u8]) {
    let Some(bytes) = data.get(..81) else {
        return;
    };
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        *cell = byte % 11;
    }
    let puzzle = Board::from_cells(cells);
    let givens = cells.iter().filter(|&&cell| cell != 0).count();
    let dead_end = puzzle
        .as_ref()
        .is_ok_and(|board| validate(board).is_ok() && screen(board) == Screening::Unsolvable);
    let mut counts = Vec::new();
    for (approach, native) in counters() {
        let wanders = match approach.id {
            "bitmask" | "constraint-propagation" => dead_end || givens < MIN_GIVENS_FOR_SEARCHES,
            "dancing-links" => dead_end,
            _ => false,
        };
        if wanders {
            continue;
        }
        let count = (native.count_solutions)(&cells, 2);
        match (native.solve)(&cells) {
            Some(solution) => {
                let puzzle = puzzle.as_ref().expect("a solution for cells above 9");
                let solution = Board::from_cells(solution).expect("a solution of digits");
                assert_eq!(verify(puzzle, &solution), Ok(()), "{}", approach.id);
                assert!(count >= 1, "{} solved it and counted {count}", approach.id);
            }
            None => assert_eq!(count, 0, "{} found none and counted {count}", approach.id),
        }
        counts.push((approach.id, count));
    }
    assert!(
        counts.windows(2).all(|pair| pair[0].1 == pair[1].1),
        "the counters disagree: {counts:?}"
    );
}

/// The fewest givens on which the solvers check runs `bitmask` and
/// `constraint-propagation`: no puzzle with fewer has a single solution.
const MIN_GIVENS_FOR_SEARCHES: usize = 17;

/// `--timeout`'s parser on any text: never panics, and what it accepts is
/// more than zero and makes a deadline without overflowing.
pub fn seconds(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(duration) = sudoku_cli::arguments::parse_seconds(text) {
        assert!(duration > Duration::ZERO, "{text:?} gave {duration:?}");
        let _ = sudoku_cli::arguments::deadline_after(Some(duration));
    }
}
