//! Proves that every approach's `lib.rs` pastes into the LeetCode judge as it is.
//!
//! The judge declares `struct Solution;` itself and takes everything else from
//! the submission. So for each approach in the catalog this test cuts out the
//! region between `// LeetCode submission begins` and `// LeetCode submission
//! ends`, puts `struct Solution;` in front of it, adds a `main` that solves
//! LeetCode's example, compiles the file on its own with `rustc --edition 2021`
//! (no crates, nothing from the workspace), runs it and checks the answer.

use std::path::Path;
use std::process::Command;

const BEGIN: &str = "// LeetCode submission begins";
const END: &str = "// LeetCode submission ends";

const MAIN: &str = r#"
fn main() {
    let rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
                "7...2...6", ".6....28.", "...419..5", "....8..79"];
    let mut board: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
    Solution::solve_sudoku(&mut board);
    let solved: String = board.iter().flatten().collect();
    print!("{solved}");
}
"#;

const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The text between the two markers, which must each appear exactly once, in order.
fn submission(source: &str, id: &str) -> String {
    assert_eq!(source.matches(BEGIN).count(), 1, "{id}: one `{BEGIN}` line");
    assert_eq!(source.matches(END).count(), 1, "{id}: one `{END}` line");
    let start = source.find(BEGIN).unwrap() + BEGIN.len();
    let end = source.find(END).unwrap();
    assert!(start < end, "{id}: the markers are out of order");
    let region = &source[start..end];
    assert!(
        region.contains("impl Solution"),
        "{id}: the region holds no `impl Solution`"
    );
    assert!(
        !region.contains("use sudoku"),
        "{id}: the region uses a workspace crate"
    );
    region.to_string()
}

#[test]
fn every_approach_pastes_into_leetcode_and_solves_the_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    for approach in sudoku_catalog::APPROACHES {
        let lib = root
            .join("crates/solvers")
            .join(approach.id)
            .join("src/lib.rs");
        let source = std::fs::read_to_string(&lib).unwrap();
        let program = format!(
            "struct Solution;\n{}\n{MAIN}",
            submission(&source, approach.id)
        );
        let file = work
            .path()
            .join(format!("{}.rs", approach.id.replace('-', "_")));
        let binary = work.path().join(approach.id);
        std::fs::write(&file, program).unwrap();

        let compiled = Command::new(&rustc)
            .args(["--edition", "2021", "-O", "--crate-type", "bin", "-o"])
            .arg(&binary)
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            compiled.status.success(),
            "{}: the submission does not compile on its own:\n{}",
            approach.id,
            String::from_utf8_lossy(&compiled.stderr)
        );

        let ran = Command::new(&binary).output().unwrap();
        assert!(
            ran.status.success(),
            "{}: the submission crashed",
            approach.id
        );
        assert_eq!(
            String::from_utf8_lossy(&ran.stdout),
            LEETCODE_SOLUTION,
            "{}: wrong answer on LeetCode's example",
            approach.id
        );
    }
}

#[test]
fn a_region_without_markers_is_refused() {
    let result = std::panic::catch_unwind(|| submission("impl Solution {}", "none"));
    assert!(result.is_err());
}
