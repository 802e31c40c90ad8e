//! One output line per input record, as `sudoku check` sees files mixing
//! every format with every kind of broken record (issue 31): the reader's
//! property (crates/core/tests/records.rs) run through the whole program,
//! on a few generated files. And the reader's memory on a run of grid
//! separator lines, under a limit.

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::prelude::*;

use crate::common::binary;

/// The generator of mixed files, sudoku-core's.
#[path = "../../core/tests/generated/mod.rs"]
mod generated;

use generated::{files, frame, puzzles};

proptest! {
    // Each case runs the binary: few cases, so the suite stays quick (the
    // reader's own test runs hundreds).
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn check_writes_one_line_for_each_record_of_a_mixed_file((records, end) in files(1..40)) {
        let puzzles = puzzles();
        let (input, expected) = frame(&records, &puzzles, end);
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(&input).unwrap();
        let output = Command::new(binary())
            .arg("check")
            .arg(file.path())
            .stderr(Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        prop_assert_eq!(lines.len(), expected.len(), "{:?}", records);
        for ((line, (_, board)), (piece, _)) in lines.iter().zip(&expected).zip(&records) {
            prop_assert_eq!(line.starts_with("error: "), board.is_none(), "{:?}: {}", piece, line);
        }
    }
}

#[test]
fn grid_separator_lines_are_not_held_in_memory() {
    // 2,000,000 separator lines (44 MB) under a 32 MiB data limit: the
    // reader once kept every one, and the process aborted.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -d 32768 && exec \"$0\" check --jobs 1")
        .arg(binary())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = "------+-------+------\n".repeat(10_000);
        for _ in 0..200 {
            if stdin.write_all(block.as_bytes()).is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "error: grid has 0 rows, expected 9\n"
    );
    assert_eq!(output.status.code(), Some(1));
}
