//! The measuring scripts that read `sudoku compare`'s table
//! (`scripts/compare-median`, `scripts/time-per-placement`,
//! `scripts/versus-articles`) read it through `scripts/compare-means`.
//! When compare began writing each time with its unit, the scripts went on
//! reading the unit as the number and made tables of zeros: these tests
//! feed the reader compare's real output, so a change of format fails
//! here rather than in a table.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

use crate::common::sudoku;

/// `scripts/compare-means`, from the repository's root.
fn reader() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/compare-means")
}

/// What `scripts/compare-means` prints with `table` on its stdin, and
/// whether it succeeded.
fn means_of(table: &str) -> (String, bool) {
    let mut child = Command::new("bash")
        .arg(reader())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs scripts/compare-means");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(table.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.success(),
    )
}

/// `sudoku compare` run with `args`, which must succeed, and what
/// `scripts/compare-means` reads of its table, which it must read: the
/// table and the reader's lines.
fn compare_read(args: &[&str]) -> (String, String) {
    let output = sudoku().arg("compare").args(args).output().unwrap();
    assert!(output.status.success());
    let table = String::from_utf8(output.stdout).unwrap();
    let (means, ok) = means_of(&table);
    assert!(ok, "compare-means failed on:\n{table}");
    (table, means)
}

#[test]
fn compare_means_reads_the_mean_of_every_approach_compare_timed() {
    // Twelve puzzles: a median of two would equal the mean, and a reader
    // that took the median instead would pass unseen.
    let (table, means) = compare_read(&["--corpus", "easy", "--solvers", "bitmask,bitboard"]);
    let rows: Vec<Vec<&str>> = means
        .lines()
        .map(|line| line.split('\t').collect())
        .collect();
    let named: Vec<[&str; 3]> = rows.iter().map(|row| [row[0], row[1], row[2]]).collect();
    assert_eq!(
        named,
        [["easy", "bitmask", "12/12"], ["easy", "bitboard", "12/12"]],
        "from:\n{table}"
    );
    for row in &rows {
        let micros: f64 = row[3].parse().unwrap();
        assert!(micros > 0.0, "a mean of {micros} µs read from:\n{table}");
        // The same figure as compare's own row, in whatever unit it used.
        let shown = table
            .lines()
            .find(|line| line.split_whitespace().next() == Some(row[1]))
            .unwrap();
        let fields: Vec<&str> = shown.split_whitespace().collect();
        let scale = match fields[5] {
            "µs" => 1.0,
            "ms" => 1e3,
            "s" => 1e6,
            unit => panic!("compare wrote the unit {unit}"),
        };
        let written: f64 = fields[4].parse().unwrap();
        assert!(
            (written * scale - micros).abs() < 1e-6,
            "{shown} read as {micros} µs"
        );
    }
}

#[test]
fn compare_means_reads_every_set_of_compare_all_with_the_totals_last() {
    let (table, means) = compare_read(&["--solvers", "bitboard"]);
    let sets: Vec<&str> = means
        .lines()
        .map(|line| line.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        sets,
        [
            "examples",
            "famous",
            "easy",
            "medium",
            "hard",
            "hardest",
            "all tiers that every approach runs"
        ],
        "from:\n{table}"
    );
}

#[test]
fn compare_means_turns_every_unit_into_microseconds_and_skips_rows_without_times() {
    let table = "\
tier easy (12 puzzles)
approach     solved        median          mean   × fastest
bitboard      12/12        1.5 µs        1.8 µs         1.0
bitmask       12/12       2.50 ms       1.24 ms         690
java-style     3/12     timed out
find-empty-cell 0/12  internal error
dancing-links 12/12       2.00 s        3.10 s        1700

file ../data/some dir/hard puzzles.txt (3 puzzles)
bitboard        3/3        4.0 µs        4.5 µs         1.0
";
    let (means, ok) = means_of(table);
    assert!(ok);
    assert_eq!(
        means,
        "easy\tbitboard\t12/12\t1.8\n\
         easy\tbitmask\t12/12\t1240\n\
         easy\tdancing-links\t12/12\t3100000\n\
         hard puzzles.txt\tbitboard\t3/3\t4.5\n"
    );
}

#[test]
fn compare_means_stops_on_a_time_it_cannot_read() {
    // A wrong figure in a table is worse than no table.
    for row in [
        "bitboard  12/12  1.5 µs  1.8 ns  1.0",
        "bitboard  12/12  1.5 µs  fast µs  1.0",
        // Both units new: the row must not be dropped unseen.
        "bitboard  12/12  850 ns  900 ns  1.0",
        "bitboard  12/12  dropped",
        // A title in new words would put its rows in the set before.
        "every tier all approaches run (46 puzzles)",
    ] {
        let (_, ok) = means_of(&format!("tier easy (12 puzzles)\n{row}\n"));
        assert!(!ok, "read without complaint: {row}");
    }
}
