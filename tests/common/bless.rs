//! Blocks of the docs that a test makes again, and the bless mode that
//! rewrites them.
//!
//! A test that makes a block of a note again (a table of counts, the copy
//! of a file) compares it with the block the note holds and, when they
//! differ, fails (most of them printing the block as it is now). With `SUDOKU_LAB_BLESS=1` in
//! the environment it writes that block into the note instead and passes:
//! run it, then read `git diff`.

pub use super::bless_mode::blessing;
use super::bless_mode::write;
use super::{read, root};

/// Fails unless the lines of `file` (a path from the repository's root)
/// between the line `begin` and the next `end` marker are `made`; blessing,
/// writes `made` there instead. The messages name the block `what` (`the
/// guesses table`) and what made it `maker` (`what the solver does now`).
#[track_caller]
pub fn check_block(file: &str, begin: &str, end: &str, made: &str, what: &str, maker: &str) {
    let path = root().join(file);
    let text = read(&path);
    let begin = format!("{begin}\n");
    let start = text
        .find(&begin)
        .unwrap_or_else(|| panic!("{file} has no `{}` line", begin.trim()))
        + begin.len();
    let stop = start
        + text[start..]
            .find(end)
            .unwrap_or_else(|| panic!("{file}: {what} does not end"));
    if text[start..stop] == *made {
        return;
    }
    if blessing() {
        write(&path, &format!("{}{made}{}", &text[..start], &text[stop..]));
        eprintln!("{file}: {what} rewritten (SUDOKU_LAB_BLESS)");
        return;
    }
    panic!(
        "{file}: {what} differs from {maker} (run with SUDOKU_LAB_BLESS=1 to rewrite it); \
         it is now:\n\n{made}"
    );
}

/// Rewrites `file` (a path from the repository's root) with `new` in place
/// of `old`, which it must hold exactly once.
pub fn replace_once(file: &str, old: &str, new: &str) {
    let path = root().join(file);
    let text = read(&path);
    let found = text.matches(old).count();
    assert!(
        found == 1,
        "{file}: cannot rewrite a text it holds {found} times:\n{old}"
    );
    write(&path, &text.replacen(old, new, 1));
}
