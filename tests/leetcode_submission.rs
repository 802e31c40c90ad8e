//! Proves that what `sudoku source ID` prints pastes into the LeetCode judge
//! as it is.
//!
//! The judge declares `struct Solution;` itself and takes everything else from
//! the submission. So for each approach in the catalog this test takes the
//! text `sudoku source` prints (`Approach::submission`: the region between
//! `// LeetCode submission begins` and `// LeetCode submission ends`,
//! without the probe lines), puts `struct Solution;` in front of it, adds a
//! `main` that solves LeetCode's example, compiles the file on its own (no
//! crates, nothing from the workspace), runs it and checks the answer.
//!
//! It does so with both compilers LeetCode is known to have judged Rust
//! with: rustc 1.74.1 with edition 2021, which its help center listed in
//! 2024 and which is older than the workspace's own minimum, and the
//! current stable with edition 2024, as LeetCode's Rust of 2025 (1.88,
//! edition 2024) builds: rustup's stable toolchain, whichever toolchain
//! runs the tests (the rustc Cargo uses where there is no rustup). Both
//! need their toolchain installed (`rustup toolchain install 1.74.1
//! --profile minimal`; `.ci/run` does it).

use std::process::Command;

use crate::common::leetcode;

/// The rustup toolchain of LeetCode's judge of 2024.
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

/// What `sudoku source` prints for `approach`, with what it must not hold
/// checked: a probe, or anything from the workspace.
fn pasted(approach: &sudoku_catalog::Approach) -> String {
    let id = approach.id;
    let text = approach
        .submission()
        .unwrap_or_else(|error| panic!("{id}: no submission: {error}"));
    assert!(text.contains("impl Solution"), "{id}: no `impl Solution`");
    assert!(
        !text.contains("sudoku_trace"),
        "{id}: a probe's cfg is left"
    );
    assert!(!text.contains("probe::"), "{id}: a probe call is left");
    assert!(
        !text.contains("use sudoku"),
        "{id}: it uses a workspace crate"
    );
    text
}

/// A compiler to try the submissions with: how to run it, the edition it
/// builds them in, its name in messages, and how to install it.
struct Compiler {
    command: Vec<String>,
    edition: &'static str,
    name: String,
    install: &'static str,
}

impl Compiler {
    /// The current stable Rust, with edition 2024: through rustup, whatever
    /// toolchain Cargo runs these tests with (an older one, or nightly);
    /// without rustup, the rustc Cargo uses.
    fn stable() -> Self {
        let rustup = Command::new("rustup")
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success());
        let command = if rustup {
            ["rustup", "run", "stable", "rustc"]
                .map(String::from)
                .to_vec()
        } else {
            vec![std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())]
        };
        Compiler {
            name: format!("the stable compiler ({}), edition 2024", command.join(" ")),
            command,
            edition: "2024",
            install: "rustup toolchain install stable --profile minimal",
        }
    }

    /// rustc of the 2024 judge's version, through rustup, with edition 2021.
    fn judge() -> Self {
        Compiler {
            command: ["rustup", "run", JUDGE_TOOLCHAIN, "rustc"]
                .map(String::from)
                .to_vec(),
            edition: "2021",
            name: format!("rustc {JUDGE_TOOLCHAIN}, the LeetCode judge's of 2024, edition 2021"),
            install: "rustup toolchain install 1.74.1 --profile minimal",
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
                "{} cannot be run; install it with `{}`",
                self.name, self.install
            ),
        }
    }
}

/// Compiles what `sudoku source` prints for each catalog approach on its
/// own with `compiler`, runs it on LeetCode's example, and checks the answer.
fn every_submission_compiles_and_solves_the_example(compiler: &Compiler) {
    let version = compiler.version();
    let work = tempfile::tempdir().unwrap();
    for approach in sudoku_catalog::APPROACHES {
        let program = format!("struct Solution;\n{}{MAIN}", pasted(approach));
        let binary = leetcode::build_alone(
            &compiler.command,
            compiler.edition,
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
fn every_approach_pastes_into_leetcode_with_stable_rust_and_edition_2024() {
    every_submission_compiles_and_solves_the_example(&Compiler::stable());
}

#[test]
fn every_approach_pastes_into_leetcode_with_the_judges_rustc_1_74_1_and_edition_2021() {
    every_submission_compiles_and_solves_the_example(&Compiler::judge());
}
