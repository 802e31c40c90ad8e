//! The bless mode itself: whether it is on, and how a blessed file is
//! written. One file for both packages whose tests bless (this one's
//! tests/common/bless.rs, and sudoku-cli's doc examples, which include it
//! by `#[path]`), so the variable means the same in both.

use std::path::Path;

/// Whether `SUDOKU_LAB_BLESS` asks the tests to rewrite what they make
/// again rather than fail (set, and neither empty nor `0`).
pub fn blessing() -> bool {
    std::env::var_os("SUDOKU_LAB_BLESS").is_some_and(|value| !value.is_empty() && value != "0")
}

/// Writes `text` to `path` whole: into a file beside it, then renamed over
/// it, so that the other tests, reading the docs meanwhile, never see half
/// of it.
pub fn write(path: &Path, text: &str) {
    let fail = |error: std::io::Error| panic!("{}: {error}", path.display());
    let mut beside = path.as_os_str().to_owned();
    beside.push(".blessing");
    std::fs::write(&beside, text).unwrap_or_else(fail);
    std::fs::rename(&beside, path).unwrap_or_else(fail);
}
