//! Proves that every approach's `lib.rs` pastes into the LeetCode judge as it is.
//!
//! The judge declares `struct Solution;` itself and takes everything else from
//! the submission. So for each approach in the catalog this test cuts out the
//! region between `// LeetCode submission begins` and `// LeetCode submission
//! ends`, puts `struct Solution;` in front of it, adds a `main` that solves
//! LeetCode's example, compiles the file on its own with `--edition 2021` (no
//! crates, nothing from the workspace), runs it and checks the answer.
//!
//! It does so twice: with the compiler running these tests, and with rustc
//! 1.74.1, the version LeetCode's help center listed for its judge in 2024,
//! which is older than the workspace's own minimum. The second needs that
//! toolchain installed (`rustup toolchain install 1.74.1 --profile minimal`;
//! `.ci/run` does it).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::leetcode;

const BEGIN: &str = "// LeetCode submission begins";
const END: &str = "// LeetCode submission ends";

/// The rustup toolchain of LeetCode's judge.
const JUDGE_TOOLCHAIN: &str = "1.74.1";

const MAIN: &str = r#"
fn main() {
    let rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
                "7...2...6", ".6....28.", "...419..5", "....8..79"];
    let mut board: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
    Solution::solve_sudoku(&mut board);
    let solved: String = board.iter().flatten().collect();
    print!("{}", solved);
}
"#;

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

/// A compiler to try the regions with: how to run it, and its name in messages.
struct Compiler {
    command: Vec<String>,
    name: String,
}

impl Compiler {
    /// The compiler Cargo uses for these tests.
    fn current() -> Self {
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        Compiler {
            name: format!("the current compiler ({rustc})"),
            command: vec![rustc],
        }
    }

    /// rustc of the judge's version, through rustup.
    fn judge() -> Self {
        Compiler {
            command: ["rustup", "run", JUDGE_TOOLCHAIN, "rustc"]
                .map(String::from)
                .to_vec(),
            name: format!("rustc {JUDGE_TOOLCHAIN}, the LeetCode judge's"),
        }
    }

    /// Its version line, or a message saying how to install it.
    fn version(&self) -> String {
        let output = Command::new(&self.command[0])
            .args(&self.command[1..])
            .arg("--version")
            .output();
        match output {
            Ok(output) if output.status.success() => {
                String::from_utf8_lossy(&output.stdout).trim().to_string()
            }
            _ => panic!(
                "{} cannot be run; install it with \
                 `rustup toolchain install {JUDGE_TOOLCHAIN} --profile minimal`",
                self.name
            ),
        }
    }
}

/// Compiles each catalog approach's region on its own with `compiler`, runs
/// it on LeetCode's example, and checks the answer.
fn every_region_compiles_and_solves_the_example(compiler: &Compiler) {
    let version = compiler.version();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    for approach in sudoku_catalog::APPROACHES {
        let lib: PathBuf = root
            .join("crates/solvers")
            .join(approach.id)
            .join("src/lib.rs");
        let source = std::fs::read_to_string(&lib).unwrap();
        let program = format!(
            "struct Solution;\n{}\n{MAIN}",
            submission(&source, approach.id)
        );
        let binary = leetcode::build_alone(
            &compiler.command,
            work.path(),
            &approach.id.replace('-', "_"),
            &program,
        )
        .unwrap_or_else(|messages| {
            panic!(
                "{}: the submission does not compile on its own with {} ({version}):\n{messages}",
                approach.id, compiler.name
            )
        });

        let ran = Command::new(&binary).output().unwrap();
        assert!(
            ran.status.success(),
            "{}: the submission built by {} crashed",
            approach.id,
            compiler.name
        );
        assert_eq!(
            String::from_utf8_lossy(&ran.stdout),
            sudoku_core::corpus::leetcode_example().1.to_line(),
            "{}: wrong answer on LeetCode's example, built by {}",
            approach.id,
            compiler.name
        );
    }
}

#[test]
fn every_approach_pastes_into_leetcode_with_the_current_compiler() {
    every_region_compiles_and_solves_the_example(&Compiler::current());
}

#[test]
fn every_approach_pastes_into_leetcode_with_the_judges_rustc_1_74_1() {
    every_region_compiles_and_solves_the_example(&Compiler::judge());
}

#[test]
fn a_region_without_markers_is_refused() {
    let result = std::panic::catch_unwind(|| submission("impl Solution {}", "none"));
    assert!(result.is_err());
}
