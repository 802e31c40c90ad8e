//! What the CLI's test files share: the `sudoku` binary to run, the
//! LeetCode example, its solution, puzzle files written for a test, and
//! independent references for the counts `sudoku trace` prints.

pub mod reference;

use std::io::Write;
use std::path::Path;

use sudoku_core::corpus::Kind;

/// The `sudoku` binary Cargo built for these tests.
pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_sudoku"))
}

/// `sudoku`, ready for its arguments: `assert_cmd::Command`, which
/// collects both streams, writes stdin from a buffer (`write_stdin`; the
/// input is empty without one) and, given a `timeout`, kills a run that
/// hangs. A test that must hold the running child itself (to keep its
/// input open, or leave its output) starts
/// `std::process::Command::new(binary())`.
pub fn sudoku() -> assert_cmd::Command {
    assert_cmd::Command::new(binary())
}

/// The bless mode, `SUDOKU_LAB_BLESS`, as the root package's tests read
/// it: one file for both.
#[path = "../../../../tests/common/bless_mode.rs"]
pub mod bless_mode;

/// LeetCode 37's example puzzle.
pub const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its published solution.
pub const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A puzzle with conflicting givens (two 5s in row 1), from the corpus's
/// example files, as a line.
pub fn conflicting() -> String {
    Kind::Conflicting
        .puzzle("leetcode-37-example-two-5s-in-row-1")
        .to_line()
}

/// A puzzle with valid givens and no solution (row 1's last cell sees every
/// digit), from the corpus's example files, as a line.
pub fn unsolvable() -> String {
    Kind::Unsolvable
        .puzzle("row-1-last-cell-sees-every-digit")
        .to_line()
}

/// A temporary file holding `contents`, removed when it is dropped.
pub fn file_with(contents: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(contents.as_bytes()).unwrap();
    file
}

/// A FIFO named `name` made in `directory`: opening it waits for the
/// other end.
pub fn fifo_in(directory: &Path, name: &str) -> std::path::PathBuf {
    let path = directory.join(name);
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    path
}

/// The exit status of `sudoku ARGS` with its stdout a pipe whose reader
/// has left, as in `sudoku ARGS | true`: every write to it fails.
pub fn status_with_stdout_closed(args: &[&str]) -> Option<i32> {
    let mut child = std::process::Command::new(binary())
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The reader leaves before anything is written.
    drop(child.stdout.take());
    child.wait().unwrap().code()
}
