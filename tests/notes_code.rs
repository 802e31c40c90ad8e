//! The Rust solutions written out in notes/valid-sudoku.md are real
//! LeetCode 36 submissions: each `rust` block of the note is compiled on its
//! own (with `struct Solution;` in front, as the judge adds it) and must
//! answer as `sudoku_core::validate` does on every board of the corpus and on
//! random boards, many of them with a clash in a row, a column or a box.

use std::path::Path;
use std::process::Command;

use sudoku_core::corpus::{self, Kind};
use sudoku_core::{validate, Board};

use crate::common::{self, bless, leetcode, markdown};

/// Reads one board of 81 characters per line and prints 1 (valid) or 0.
const MAIN: &str = r#"
fn main() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let cells: Vec<char> = line.chars().collect();
        let board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
        println!("{}", u8::from(Solution::is_valid_sudoku(board)));
    }
}
"#;

/// Boards with a few digits in random cells: with 2 to 24 digits, clashes
/// of every kind are common, and so are valid boards.
fn random_boards(count: usize) -> Vec<Board> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |bound: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    (0..count)
        .map(|_| {
            let mut board = Board::EMPTY;
            for _ in 0..2 + next(23) {
                let cell = usize::try_from(next(81)).unwrap();
                let digit = u8::try_from(1 + next(9)).unwrap();
                board.set(cell / 9, cell % 9, digit);
            }
            board
        })
        .collect()
}

#[test]
fn each_rust_solution_in_the_leetcode_36_note_judges_as_validate_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let note = std::fs::read_to_string(root.join("notes/valid-sudoku.md")).unwrap();
    let solutions: Vec<String> = markdown::code_blocks(&note)
        .into_iter()
        .filter(|block| block.info == "rust")
        .map(|block| block.body)
        .collect();
    assert_eq!(solutions.len(), 3, "the note gives three solutions");

    let mut boards: Vec<Board> = corpus::all()
        .into_iter()
        .flat_map(|entry| [Some(entry.puzzle), entry.solution])
        .flatten()
        .collect();
    for kind in Kind::ALL {
        boards.extend(kind.puzzles().into_iter().map(|example| example.puzzle));
    }
    boards.extend(random_boards(3000));
    let expected: String = boards
        .iter()
        .map(|board| {
            if validate(board).is_ok() {
                "1\n"
            } else {
                "0\n"
            }
        })
        .collect();
    let invalid = expected.matches('0').count();
    assert!(
        invalid > 500 && boards.len() - invalid > 500,
        "the boards mix valid ({}) and invalid ({invalid}) ones",
        boards.len() - invalid
    );
    let input: String = boards.iter().map(|board| board.to_line() + "\n").collect();

    let compiler = [std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())];
    let work = tempfile::tempdir().unwrap();
    let input_file = work.path().join("boards.txt");
    std::fs::write(&input_file, &input).unwrap();
    for (number, solution) in solutions.iter().enumerate() {
        let number = number + 1;
        let program = format!("struct Solution;\n{solution}\n{MAIN}");
        let name = format!("solution{number}");
        let binary = leetcode::build_alone(&compiler, "2021", work.path(), &name, &program)
            .unwrap_or_else(|messages| {
                panic!("solution {number} of the note does not compile on its own:\n{messages}")
            });
        let ran = Command::new(&binary)
            .stdin(std::fs::File::open(&input_file).unwrap())
            .output()
            .unwrap();
        assert!(ran.status.success(), "solution {number} crashed");
        let answers = String::from_utf8(ran.stdout).unwrap();
        for ((board, got), want) in boards.iter().zip(answers.lines()).zip(expected.lines()) {
            assert_eq!(
                got,
                want,
                "solution {number} of notes/valid-sudoku.md on {} (1 means valid)",
                board.to_line()
            );
        }
        assert_eq!(
            answers.lines().count(),
            boards.len(),
            "solution {number}: one answer per board"
        );
    }
}

/// The reference solutions that notes/practice.md shows, in its order:
/// the file each code block must equal, byte for byte.
const PRACTICE_SOLUTIONS: [&str; 6] = [
    "backtracking.py",
    "backtracking.java",
    "backtracking.cpp",
    "masks.py",
    "masks.java",
    "masks.cpp",
];

/// The code blocks of `note` (a path from the root) that show a reference
/// solution.
fn solutions_shown(note: &str) -> Vec<markdown::CodeBlock> {
    markdown::code_blocks(&common::read(&common::root().join(note)))
        .into_iter()
        .filter(|block| ["python", "java", "cpp"].contains(&block.info.as_str()))
        .collect()
}

#[test]
fn the_practice_note_shows_the_reference_solutions_as_they_are_judged() {
    // crates/cli/tests/judge.rs judges the files; the note must show those
    // files and not a copy that drifted.
    let shown = solutions_shown("notes/practice.md");
    assert_eq!(
        shown.len(),
        PRACTICE_SOLUTIONS.len(),
        "notes/practice.md shows each reference solution once"
    );
    for (index, (block, file)) in shown.iter().zip(PRACTICE_SOLUTIONS).enumerate() {
        let source = common::read(&common::root().join("notes/solutions").join(file));
        if block.body != source && bless::blessing() {
            // Into the note and its Chinese twin, which shows the same code
            // (tests/notes_sync.rs).
            for note in ["notes/practice.md", "notes/zh/practice.md"] {
                let old = &solutions_shown(note)[index];
                let fence = format!("```{}\n", old.info);
                bless::replace_once(
                    note,
                    &format!("{fence}{}```", old.body),
                    &format!("{fence}{source}```"),
                );
            }
            eprintln!("notes/practice.md: notes/solutions/{file} copied in (SUDOKU_LAB_BLESS)");
            continue;
        }
        assert!(
            block.body == source,
            "notes/practice.md shows a copy of notes/solutions/{file} that differs from the file \
             (run with SUDOKU_LAB_BLESS=1 to copy the file into the note and its twin)"
        );
    }
}
