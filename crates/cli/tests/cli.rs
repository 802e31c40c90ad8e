//! The `sudoku` binary end to end: outputs, alignment, exit codes and messages.
//!
//! These live in the CLI's own package (not the root `tests/`) because Cargo
//! hands the path of a binary only to the integration tests of its package.

use std::fmt::Write as _;

use crate::common::{
    binary, conflicting, file_with, status_with_stdout_closed, sudoku, unsolvable, EXAMPLE,
    SOLUTION,
};
use predicates::prelude::*;
use pretty_assertions::assert_eq;
use sudoku_core::corpus::Kind;

#[test]
fn the_shared_example_and_solution_are_the_corpus_ones() {
    let (puzzle, solution) = sudoku_core::corpus::leetcode_example();
    assert_eq!(
        (EXAMPLE, SOLUTION),
        (&*puzzle.to_line(), &*solution.to_line())
    );
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn list_shows_every_catalog_approach_with_its_family_and_note() {
    let output = sudoku().arg("list").output().unwrap();
    assert!(output.status.success());
    let text = stdout_of(&output);
    assert_eq!(text.lines().count(), sudoku_catalog::APPROACHES.len() + 1);
    for approach in sudoku_catalog::APPROACHES {
        let row = text
            .lines()
            .find(|line| line.starts_with(&format!("{} ", approach.id)))
            .unwrap_or_else(|| panic!("{} is not listed", approach.id));
        assert!(row.contains(approach.family.name()) && row.contains(&approach.note()));
        assert!(row.ends_with(approach.origin));
    }
}

#[test]
fn solve_prints_the_solution_with_every_solver() {
    for solver in sudoku_catalog::ids() {
        sudoku()
            .args(["solve", "--solver", solver])
            .write_stdin(format!("{EXAMPLE}\n"))
            .assert()
            .success()
            .stdout(format!("{SOLUTION}\n"))
            .stderr("");
    }
}

#[test]
fn solve_keeps_one_output_record_per_input_record() {
    let input = file_with(&format!(
        "# a comment, then five records\n{EXAMPLE}\n{}\n\n{}\nnot a puzzle\n{EXAMPLE},with,trailing,fields\n",
        conflicting(),
        unsolvable()
    ));
    let output = sudoku().arg("solve").arg(input.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout_of(&output),
        format!(
            "{SOLUTION}\n\
             error: the givens conflict: row 1 has two 5s (columns 1 and 2)\n\
             error: the puzzle has no solution\n\
             error: column 1: 'n' is not a digit or a blank (. 0 _ -)\n\
             {SOLUTION}\n"
        )
    );
    let path = input.path().display();
    assert_eq!(
        stderr_of(&output),
        format!(
            "error: {path}:3: the givens conflict: row 1 has two 5s (columns 1 and 2)\n\
             error: {path}:5: the puzzle has no solution\n\
             error: {path}:6: column 1: 'n' is not a digit or a blank (. 0 _ -)\n"
        )
    );
}

#[test]
fn solve_warns_about_several_solutions_and_prints_the_first() {
    let empty = ".".repeat(81);
    let output = sudoku().arg("solve").write_stdin(empty).output().unwrap();
    assert!(output.status.success());
    assert!(stdout_of(&output).starts_with("123456789456789123789123456"));
    assert_eq!(
        stderr_of(&output),
        "warning: <stdin>:1: the puzzle has more than one solution; \
         printing the first one coordinate-recursive finds\n"
    );
}

/// Warnings are held back and written together when stderr is a file or
/// pipe apart from stdout: none may be lost, repeated or reordered, however
/// many there are (more than the few kilobytes held at a time) and however
/// many threads solve.
#[test]
fn a_warning_for_every_record_reaches_a_separate_stderr_in_input_order() {
    let records = 2000;
    let input = file_with(&format!("{}\n", ".".repeat(81)).repeat(records));
    let path = input.path().display().to_string();
    let mut expected = String::new();
    for line in 1..=records {
        writeln!(
            expected,
            "warning: {path}:{line}: the puzzle has more than one solution; \
             printing the first one bitboard finds"
        )
        .unwrap();
    }
    for jobs in ["1", "2"] {
        let output = sudoku()
            .args(["solve", "--solver", "bitboard", "--jobs", jobs])
            .arg(input.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "--jobs {jobs}");
        assert_eq!(stdout_of(&output).lines().count(), records, "--jobs {jobs}");
        assert!(
            stderr_of(&output) == expected,
            "--jobs {jobs}: the warnings differ"
        );
    }
}

/// Where the two streams meet (`> out 2>&1`), each warning comes before its
/// record's line and after the one before: nothing is held back.
#[test]
fn where_stdout_and_stderr_meet_each_warning_precedes_its_record() {
    let records = 300;
    let input = file_with(&format!("{}\n", ".".repeat(81)).repeat(records));
    let both = tempfile::NamedTempFile::new().unwrap();
    // One open file for both, sharing its offset, as `2>&1` gives.
    let file = both.reopen().unwrap();
    let status = std::process::Command::new(binary())
        .args(["solve", "--solver", "bitboard", "--jobs", "2"])
        .arg(input.path())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(both.path()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * records);
    for (record, pair) in lines.chunks(2).enumerate() {
        assert!(
            pair[0].starts_with("warning: ") && pair[0].contains(&format!(":{}: ", record + 1)),
            "line {}: {}",
            2 * record + 1,
            pair[0]
        );
        assert_eq!(pair[1].len(), 81, "line {}: {}", 2 * record + 2, pair[1]);
    }
}

#[test]
fn solve_writes_grid_and_leetcode_that_read_back() {
    let grid = sudoku()
        .args(["solve", "--output-format", "grid"])
        .write_stdin(format!("{EXAMPLE}\n{EXAMPLE}\n"))
        .output()
        .unwrap();
    assert!(grid.status.success());
    let grid_text = stdout_of(&grid);
    assert!(grid_text.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"));
    assert_eq!(grid_text.matches("------+-------+------").count(), 4);

    let json = sudoku()
        .args(["solve", "--output-format", "leetcode"])
        .write_stdin(grid_text)
        .output()
        .unwrap();
    assert!(json.status.success());
    let json_text = stdout_of(&json);
    assert_eq!(json_text.lines().count(), 2);
    assert!(json_text.starts_with("[[\"5\",\"3\",\"4\",\"6\""));

    sudoku()
        .args(["solve", "--input-format", "leetcode"])
        .write_stdin(json_text)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn a_forced_input_format_applies_to_every_record() {
    sudoku()
        .args(["solve", "--input-format", "grid"])
        .write_stdin(format!("{EXAMPLE}\n"))
        .assert()
        .code(1)
        .stdout("error: grid row 1 has 81 cells, expected 9\n");
}

#[test]
fn crlf_and_a_byte_order_mark_are_accepted() {
    sudoku()
        .arg("solve")
        .write_stdin(format!("\u{feff}{EXAMPLE}\r\n{EXAMPLE}\r\n"))
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn a_very_long_line_fails_alone() {
    let input = format!("{}\n{EXAMPLE}\n", "1".repeat(3 * 1024 * 1024));
    sudoku()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!(
            "error: line is longer than 65536 bytes\n{SOLUTION}\n"
        ))
        .stderr("error: <stdin>:1: line is longer than 65536 bytes\n");
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    sudoku()
        .arg("solve")
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    sudoku()
        .arg("check")
        .write_stdin("\n# only a comment\n")
        .assert()
        .success()
        .stdout("");
}

#[test]
fn a_missing_file_is_an_io_error_but_other_files_are_still_read() {
    let input = file_with(&format!("{EXAMPLE}\n"));
    sudoku()
        .arg("solve")
        .arg("no-such-file.txt")
        .arg(input.path())
        .assert()
        .code(2)
        .stdout(format!("{SOLUTION}\n"))
        .stderr(predicate::str::starts_with("error: no-such-file.txt: "));
}

#[test]
fn usage_errors_exit_with_two() {
    sudoku()
        .args(["solve", "--solver", "bogosort"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("coordinate-recursive"));
    sudoku().args(["frobnicate"]).assert().code(2);
    sudoku()
        .args(["compare", "--corpus", "no-such-tier-or-file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("neither a tier"));
    // A folder is not a file of puzzles either.
    sudoku()
        .args(["compare", "--corpus", "/"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("neither a tier"));
}

#[test]
fn compare_reads_a_corpus_that_is_a_pipe() {
    // `--corpus <(sudoku generate ...)`, or `/dev/stdin`, was refused as
    // "neither a tier nor a file".
    let output = sudoku()
        .args(["compare", "--solvers", "bitmask", "--corpus", "/dev/stdin"])
        .write_stdin(format!("{EXAMPLE}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(stdout_of(&output).contains("(1 puzzle)"), "{output:?}");
}

#[test]
fn check_reports_each_conflict_in_place() {
    let input = file_with(&format!("{EXAMPLE}\n{}\n{}\n", conflicting(), unsolvable()));
    let output = sudoku().arg("check").arg(input.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout_of(&output),
        "valid\nerror: row 1 has two 5s (columns 1 and 2)\nvalid\n"
    );
    assert_eq!(
        stderr_of(&output),
        format!(
            "error: {}:2: row 1 has two 5s (columns 1 and 2)\n",
            input.path().display()
        )
    );
    sudoku()
        .arg("check")
        .write_stdin(format!("{EXAMPLE}\n"))
        .assert()
        .success()
        .stdout("valid\n");
}

#[test]
fn compare_prints_one_aligned_row_per_chosen_solver() {
    let output = sudoku()
        .args([
            "compare",
            "--corpus",
            "examples",
            "--solvers",
            "java-style,full-rescan",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "tier examples (2 puzzles)");
    assert!(lines[1].starts_with("approach") && lines[1].ends_with("× fastest"));
    assert!(lines[2].starts_with("java-style ") && lines[2].contains(" 2/2 "));
    assert!(lines[3].starts_with("full-rescan ") && lines[3].contains(" 2/2 "));
    assert_eq!(lines[1].chars().count(), lines[2].chars().count());
    assert_eq!(lines.len(), 5);
}

#[test]
fn compare_on_a_file_skips_what_cannot_be_solved() {
    let input = file_with(&format!("{EXAMPLE}\n{}\ngarbage\n", conflicting()));
    let output = sudoku()
        .args(["compare", "--solvers", "find-empty-cell", "--corpus"])
        .arg(input.path())
        .output()
        .unwrap();
    // The skipped records make the status 1, as in every command.
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout_of(&output).contains(" 1/1 "));
    let errors = stderr_of(&output);
    assert!(errors.contains(":2: skipped: no solution (or conflicting givens)"));
    assert!(errors.contains(":3: skipped: column 1: 'g' is not a digit or a blank"));
    assert!(errors.contains("2 records skipped, 1 used"));
}

#[test]
fn count_prints_one_number_per_record_up_to_the_limit() {
    let empty = ".".repeat(81);
    let input = file_with(&format!(
        "{EXAMPLE}\n{empty}\n{}\n{}\nbad\n",
        conflicting(),
        unsolvable()
    ));
    let output = sudoku().arg("count").arg(input.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout_of(&output),
        "1\n2\n0\n0\nerror: column 1: 'b' is not a digit or a blank (. 0 _ -)\n"
    );
    let path = input.path().display();
    assert_eq!(
        stderr_of(&output),
        format!(
            "warning: {path}:3: the givens conflict: row 1 has two 5s (columns 1 and 2)\n\
             error: {path}:5: column 1: 'b' is not a digit or a blank (. 0 _ -)\n"
        )
    );
    for (approach, _) in sudoku_catalog::counters() {
        sudoku()
            .args(["count", "--limit", "7", "--solver", approach.id])
            .write_stdin(format!("{empty}\n{EXAMPLE}\n"))
            .assert()
            .success()
            .stdout("7\n1\n");
    }
    sudoku()
        .args(["count", "--solver", "java-style"])
        .assert()
        .code(2);
}

/// Every puzzle with no solution in the corpus's example file, two of them
/// found by fuzzing: sparse, with no conflicting givens, and searched for
/// hours by `bitmask` and for seconds by `constraint-propagation`. `count`
/// screens them first, so every counter answers 0 at once; the timeout turns
/// a regression into a failure rather than a hang.
#[test]
fn count_answers_a_sparse_dead_end_without_searching_it() {
    let unsolvable = file_with(Kind::Unsolvable.text());
    let zeros = "0\n".repeat(Kind::Unsolvable.puzzles().len());
    for (approach, _) in sudoku_catalog::counters() {
        sudoku()
            .args(["count", "--timeout", "10", "--solver", approach.id])
            .arg(unsolvable.path())
            .assert()
            .success()
            .stdout(zeros.clone())
            .stderr("");
    }
}

#[test]
fn count_refuses_a_zero_limit_and_explains_n_or_more() {
    sudoku().args(["count", "--limit", "0"]).assert().code(2);
    sudoku()
        .args(["count", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("N or more"));
}

fn generated(args: &[&str]) -> (Vec<sudoku_core::Board>, String) {
    let output = sudoku().arg("generate").args(args).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let boards = stdout_of(&output)
        .lines()
        .map(|line| {
            assert_eq!(line.len(), 81);
            line.parse().unwrap()
        })
        .collect();
    (boards, stderr_of(&output))
}

#[test]
fn generate_prints_puzzles_with_one_solution_counted_by_two_approaches() {
    let (boards, errors) = generated(&["--count", "25", "--seed", "2026"]);
    assert_eq!(boards.len(), 25);
    assert_eq!(errors, "");
    let counters: Vec<_> = sudoku_catalog::counters().collect();
    assert!(counters.len() >= 2);
    for board in &boards {
        for (approach, native) in &counters[..2] {
            assert_eq!(
                (native.count_solutions)(board.cells(), 2),
                1,
                "{} on {board}",
                approach.id
            );
        }
    }
    // Same seed, same puzzles.
    assert_eq!(generated(&["--count", "25", "--seed", "2026"]).0, boards);
    // Puzzle k uses seed S + k.
    assert_eq!(
        generated(&["--count", "1", "--seed", "2030"]).0[0],
        boards[4]
    );
}

#[test]
fn generate_honours_symmetry_and_the_clue_target() {
    let (boards, _) = generated(&["--count", "5", "--seed", "9", "--symmetric"]);
    for board in &boards {
        for index in 0..81 {
            assert_eq!(board.cells()[index] == 0, board.cells()[80 - index] == 0);
        }
    }
    let (boards, errors) = generated(&["--count", "3", "--seed", "9", "--clues", "40"]);
    assert!(boards.iter().all(|board| board.givens() == 40));
    assert_eq!(errors, "");
    let (boards, errors) = generated(&["--count", "2", "--seed", "9", "--clues", "17"]);
    assert_eq!(errors.lines().count(), 2, "{errors}");
    assert!(errors.contains("became minimal at"));
    assert!(boards.iter().all(|board| board.givens() > 17));
}

#[test]
fn generate_without_a_seed_says_which_seed_it_used() {
    let (boards, errors) = generated(&[]);
    assert_eq!(boards.len(), 1);
    let seed: u64 = errors
        .trim()
        .strip_prefix("seed: ")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(generated(&["--seed", &seed.to_string()]).0, boards);
}

#[test]
fn compare_leaves_the_classics_out_of_the_hardest_tier_and_says_so() {
    let output = sudoku()
        .args([
            "compare",
            "--corpus",
            "hardest",
            "--solvers",
            "java-style,bitmask",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = stdout_of(&output);
    assert!(text.contains("\nbitmask "), "{text}");
    assert!(!text.contains("\njava-style "), "{text}");
    assert!(text.contains(
        "skipped here, a classic approach needs over ten million placements per puzzle: java-style"
    ));
}

/// Many records of every kind: solvable, several solutions, conflicting,
/// unsolvable and unreadable, repeated so that several chunks are in flight.
fn mixed_records(copies: usize) -> String {
    let corpus: Vec<String> = sudoku_core::corpus::all()
        .iter()
        .filter(|entry| !entry.tier.fast_only())
        .map(|entry| entry.puzzle.to_line())
        .collect();
    let mut text = String::new();
    for copy in 0..copies {
        text.push_str(&corpus[copy % corpus.len()]);
        text.push('\n');
        match copy % 7 {
            0 => text.push_str(&conflicting()),
            1 => text.push_str(&unsolvable()),
            2 => text.push_str("not a puzzle"),
            3 => text.push_str(&".".repeat(81)),
            _ => text.push_str(EXAMPLE),
        }
        text.push('\n');
    }
    text
}

#[test]
fn every_job_count_gives_the_same_records_in_input_order() {
    let file = file_with(&mixed_records(1_500));
    let path = file.path().to_str().unwrap();
    for command in [
        &["solve", "--solver", "bitboard"][..],
        &["count", "--limit", "3"],
        &["check"],
    ] {
        let run = |jobs: &str| {
            let output = sudoku()
                .args(command)
                .args(["--jobs", jobs, path])
                .output()
                .unwrap();
            (output.status.code(), stdout_of(&output), stderr_of(&output))
        };
        let one = run("1");
        assert_eq!(one.1.lines().count(), 3_000, "{command:?}");
        // Records fail on purpose, so every command exits 1.
        assert_eq!(one.0, Some(1), "{command:?}");
        for jobs in ["2", "3"] {
            // Same stdout and the same stderr lines in the same order: the
            // writer reports each record's messages as it writes the record.
            assert_eq!(run(jobs), one, "{command:?} with --jobs {jobs}");
        }
    }
}

#[test]
fn timeout_writes_what_finished_and_times_out_the_rest() {
    // Each of these puzzles needs over ten million placements of the
    // classic approach, so the twelve would far outlast the timeout.
    let hardest: Vec<String> = sudoku_core::corpus::Tier::Hardest
        .puzzles()
        .iter()
        .map(|entry| entry.puzzle.to_line())
        .collect();
    let mut text = format!("{EXAMPLE}\n");
    for _ in 0..2 {
        text.push_str(&hardest.join("\n"));
        text.push('\n');
    }
    text.push_str(EXAMPLE);
    text.push_str("\nnot a puzzle\n");
    let records = 2 * hardest.len() + 3;
    let file = file_with(&text);
    for jobs in ["1", "2"] {
        let started = std::time::Instant::now();
        let output = sudoku()
            .args([
                "solve",
                "--solver",
                "coordinate-recursive",
                "--timeout",
                "0.5",
            ])
            .args(["--jobs", jobs])
            .arg(file.path())
            .output()
            .unwrap();
        let elapsed = started.elapsed();
        assert!(elapsed.as_secs() < 8, "took {elapsed:?} with --jobs {jobs}");
        assert_eq!(output.status.code(), Some(1));
        let stdout = stdout_of(&output);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), records, "one line per record: {stdout}");
        assert_eq!(lines[0], SOLUTION);
        assert_eq!(lines[records - 2], "error: timed out");
        // A record that could not be read says why, timeout or not.
        assert_eq!(
            lines[records - 1],
            "error: column 1: 'n' is not a digit or a blank (. 0 _ -)"
        );
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(&format!(":{}: timed out", records - 1)),
            "{stderr}"
        );
        // The whole file was read: nothing is said about reading stopping.
        assert!(!stderr.contains("reading stopped"), "{stderr}");
    }
}

#[test]
fn a_timeout_that_does_not_expire_changes_nothing() {
    let file = file_with(&mixed_records(100));
    let run = |extra: &[&str]| {
        sudoku()
            .args(["solve", "--solver", "bitmask"])
            .args(extra)
            .arg(file.path())
            .output()
            .unwrap()
    };
    let plain = run(&[]);
    let timed = run(&["--timeout", "600"]);
    assert_eq!(stdout_of(&timed), stdout_of(&plain));
    assert_eq!(stderr_of(&timed), stderr_of(&plain));
    assert_eq!(timed.status.code(), plain.status.code());
}

#[test]
fn jobs_and_timeout_refuse_nonsense() {
    for args in [
        &["count", "--jobs", "0"][..],
        &["count", "--jobs", "many"],
        &["count", "--timeout", "0"],
        &["count", "--timeout", "-3"],
        &["count", "--timeout", "soon"],
    ] {
        sudoku()
            .args(args)
            .write_stdin(format!("{EXAMPLE}\n"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(args[2]));
    }
}

#[test]
fn source_prints_each_approachs_submission_ready_to_paste() {
    for approach in sudoku_catalog::APPROACHES {
        let output = sudoku().args(["source", approach.id]).output().unwrap();
        assert!(output.status.success(), "{}", approach.id);
        let text = stdout_of(&output);
        // The text the paste test compiles (tests/leetcode_submission.rs).
        assert_eq!(text, approach.submission().unwrap(), "{}", approach.id);
        assert!(!text.contains("sudoku_trace") && !text.contains("probe::"));
        assert!(!text.starts_with(char::is_whitespace), "{}", approach.id);
        assert!(text.ends_with("}\n"), "{}", approach.id);
        assert_eq!(stderr_of(&output), "");
    }
    // The published port, as its article has it, with no probe between
    // the lines.
    let text = stdout_of(
        &sudoku()
            .args(["source", "coordinate-recursive"])
            .output()
            .unwrap(),
    );
    let code: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("//") && !line.starts_with("#["))
        .take(8)
        .collect();
    assert_eq!(
        code,
        [
            "impl Solution {",
            "pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {",
            "Self::helper(board, 0, 0);",
            "}",
            "",
            "fn helper(board: &mut [Vec<char>], i: usize, j: usize) -> bool {",
            "if i == 9 {",
            "return true;",
        ]
    );
}

#[test]
fn source_refuses_an_unknown_approach_and_lists_the_ids() {
    let output = sudoku().args(["source", "bogosort"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_of(&output), "");
    let errors = stderr_of(&output);
    assert!(errors.contains("'bogosort'"), "{errors}");
    for id in sudoku_catalog::ids() {
        assert!(errors.contains(id), "{id} is not listed: {errors}");
    }
    sudoku().arg("source").assert().code(2);
}

/// The embedded puzzles as `sudoku_core::corpus` has them: name, tier or
/// kind, puzzle.
fn embedded() -> Vec<(String, String, sudoku_core::Board)> {
    let tiers = sudoku_core::corpus::all()
        .into_iter()
        .map(|entry| (entry.name, entry.tier.name().to_string(), entry.puzzle));
    let kinds = Kind::ALL.into_iter().flat_map(|kind| {
        kind.puzzles()
            .into_iter()
            .map(move |example| (example.name, kind.name().to_string(), example.puzzle))
    });
    tiers.chain(kinds).collect()
}

#[test]
fn corpus_lists_every_embedded_puzzle_with_its_tier_or_kind_and_clues() {
    let output = sudoku().arg("corpus").output().unwrap();
    assert!(output.status.success());
    assert_eq!(stderr_of(&output), "");
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    let embedded = embedded();
    assert_eq!(lines.len(), embedded.len() + 1, "a header and a line each");
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(header, ["name", "tier/kind", "clues"]);
    // An aligned table: every line as wide as the header, clues right-aligned.
    for line in &lines {
        assert_eq!(line.len(), lines[0].len(), "{line:?}");
    }
    for ((name, group, puzzle), line) in embedded.iter().zip(&lines[1..]) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields, [name.as_str(), group, &puzzle.givens().to_string()]);
    }
    // Counted by hand in LeetCode's example: 30 clues.
    assert_eq!(EXAMPLE.chars().filter(|&cell| cell != '.').count(), 30);
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["leetcode-37-example", "examples", "30"]
    );
}

#[test]
fn corpus_prints_puzzles_tiers_and_kinds_in_the_order_given() {
    sudoku()
        .args(["corpus", "leetcode-37-example"])
        .assert()
        .success()
        .stdout(format!("{EXAMPLE}\n"))
        .stderr("");
    let unsolvable: String = Kind::Unsolvable
        .puzzles()
        .iter()
        .map(|example| example.puzzle.to_line() + "\n")
        .collect();
    let examples = sudoku_core::corpus::Tier::Examples.puzzles();
    sudoku()
        .args(["corpus", "unsolvable", "examples", "leetcode-37-example"])
        .assert()
        .success()
        .stdout(format!(
            "{unsolvable}{}\n{}\n{EXAMPLE}\n",
            examples[0].puzzle.to_line(),
            examples[1].puzzle.to_line()
        ));
}

#[test]
fn corpus_writes_grid_and_leetcode_as_solve_does() {
    let grid = stdout_of(
        &sudoku()
            .args(["corpus", "--output-format", "grid", "leetcode-37-example"])
            .args(["leetcode-37-example"])
            .output()
            .unwrap(),
    );
    let one = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    // A blank line between grids, as `solve --output-format grid` writes.
    assert_eq!(grid, format!("{one}\n{one}"));
    let solved = sudoku()
        .args(["solve", "--output-format", "grid"])
        .write_stdin(format!("{EXAMPLE}\n{EXAMPLE}\n"))
        .output()
        .unwrap();
    let solved = stdout_of(&solved);
    assert_eq!(solved.lines().count(), grid.lines().count());
    assert_eq!(solved.find("\n\n"), grid.find("\n\n"));

    let json = stdout_of(
        &sudoku()
            .args(["corpus", "--output-format", "leetcode", "examples"])
            .output()
            .unwrap(),
    );
    assert_eq!(json.lines().count(), 2);
    assert!(json.starts_with(r#"[["5","3",".",".","7",".",".",".","."],["6","#));
    sudoku()
        .args(["solve", "--input-format", "leetcode"])
        .write_stdin(json)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!("{SOLUTION}\n")));
}

#[test]
fn corpus_refuses_an_unknown_name_and_says_how_to_see_the_names() {
    for args in [
        &["corpus", "nope"][..],
        &["corpus", "examples", "nope", "easy"],
    ] {
        sudoku().args(args).assert().code(2).stdout("").stderr(
            "error: no puzzle, tier or kind is named \"nope\"; `sudoku corpus` lists them all\n",
        );
    }
    // A format is for printed puzzles: with none named, it is a usage error.
    sudoku()
        .args(["corpus", "--output-format", "grid"])
        .assert()
        .code(2)
        .stdout("");
}

/// The examples of `sudoku corpus --help`, run as a user types them.
#[test]
fn corpus_output_pipes_into_the_other_commands() {
    let corpus = |names: &[&str]| {
        let output = sudoku().arg("corpus").args(names).output().unwrap();
        assert!(output.status.success(), "{names:?}");
        stdout_of(&output)
    };
    let traced = sudoku()
        .arg("trace")
        .write_stdin(corpus(&["leetcode-37-example"]))
        .output()
        .unwrap();
    assert!(traced.status.success());
    let traced = stdout_of(&traced);
    assert!(traced.starts_with(&format!("puzzle {EXAMPLE}\napproach ")));
    assert!(traced.contains("\ncoordinate-recursive "));

    let traced = sudoku()
        .args(["trace", "--solver", "bitboard"])
        .write_stdin(corpus(&[
            "leetcode-37-example",
            "inkala-2012",
            "hard-seed-20",
        ]))
        .output()
        .unwrap();
    assert!(traced.status.success());
    assert_eq!(stdout_of(&traced).matches("\nbitboard ").count(), 3);

    let unsolvable = Kind::Unsolvable.puzzles().len();
    sudoku()
        .arg("solve")
        .write_stdin(corpus(&["unsolvable"]))
        .assert()
        .code(1)
        .stdout("error: the puzzle has no solution\n".repeat(unsolvable));
}

#[test]
fn compare_solvers_all_is_the_default_every_approach_in_catalog_order() {
    let rows = |extra: &[&str]| {
        let output = sudoku()
            .args(["compare", "--corpus", "examples"])
            .args(extra)
            .output()
            .unwrap();
        assert!(output.status.success(), "{extra:?}");
        stdout_of(&output)
            .lines()
            .skip(2)
            .filter_map(|line| line.split_whitespace().next().map(str::to_string))
            .collect::<Vec<String>>()
    };
    let ids: Vec<String> = sudoku_catalog::ids().map(str::to_string).collect();
    assert_eq!(rows(&["--solvers", "all"]), ids);
    assert_eq!(rows(&[]), ids);
}

/// Every subcommand, as a user types it.
const COMMANDS: [&str; 12] = [
    "list",
    "solve",
    "check",
    "count",
    "generate",
    "trace",
    "playground",
    "judge",
    "compare",
    "corpus",
    "source",
    "completions",
];

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|directory| directory.join(name).is_file())
    })
}

#[test]
fn completions_for_each_shell_name_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = sudoku().args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}");
        assert_eq!(stderr_of(&output), "", "{shell}");
        let script = stdout_of(&output);
        assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
        for command in COMMANDS {
            assert!(
                script.contains(command),
                "{shell} does not complete {command}"
            );
        }
    }
    // The approach ids and `all` complete after --solver.
    let bash = stdout_of(&sudoku().args(["completions", "bash"]).output().unwrap());
    assert!(bash.contains("constraint-propagation dancing-links bitboard all"));
}

/// Each script is one the shell reads without a syntax error, where the
/// shell is installed (bash nearly always is).
#[test]
fn completion_scripts_parse_in_their_shells() {
    let mut checked = 0;
    for shell in ["bash", "zsh", "fish"] {
        if !on_path(shell) {
            eprintln!("{shell} is not installed: its script was not parsed");
            continue;
        }
        let script = file_with(&stdout_of(
            &sudoku().args(["completions", shell]).output().unwrap(),
        ));
        let parsed = std::process::Command::new(shell)
            .arg("-n")
            .arg(script.path())
            .output()
            .unwrap();
        assert!(
            parsed.status.success(),
            "{shell} -n: {}",
            stderr_of(&parsed)
        );
        checked += 1;
    }
    assert!(checked > 0 || !on_path("bash"));
}

#[test]
fn the_man_page_is_one_page_for_every_command() {
    let output = sudoku().args(["completions", "man"]).output().unwrap();
    assert!(output.status.success());
    let page = stdout_of(&output);
    // The roff crate's two-line apostrophe preamble may come first; the
    // title is the first request after it.
    let title = page
        .lines()
        .find(|line| !line.starts_with(".ie ") && !line.starts_with(".el "))
        .unwrap();
    assert!(title.starts_with(".TH sudoku 1 "), "{title}");
    assert_eq!(page.matches(".TH ").count(), 1);
    assert!(page.contains("\n.SH COMMANDS\n"));
    for command in COMMANDS {
        assert!(
            page.contains(&format!("\n.SS \"sudoku {command}\"\n")),
            "no section for {command}"
        );
    }
    // Every option is there, under its command; no page it points to is missing.
    assert!(page.contains(r"\fB\-\-output\-format\fR"));
    assert!(!page.contains("(1)\n"), "a reference to another page");
    // groff reads it without a warning, where it is installed.
    if on_path("groff") {
        let mut groff = std::process::Command::new("groff")
            .args(["-man", "-Tutf8", "-z", "-ww"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut groff.stdin.take().unwrap(), page.as_bytes()).unwrap();
        let checked = groff.wait_with_output().unwrap();
        assert!(checked.status.success());
        assert_eq!(stderr_of(&checked), "", "groff's warnings");
    }
}

#[test]
fn completions_help_says_how_to_install_each_one() {
    let help = stdout_of(&sudoku().args(["completions", "--help"]).output().unwrap());
    for line in [
        "sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku",
        "sudoku completions zsh > ~/.zfunc/_sudoku",
        "sudoku completions fish > ~/.config/fish/completions/sudoku.fish",
        "sudoku completions powershell >> $PROFILE",
        "sudoku completions elvish >> ~/.config/elvish/rc.elv",
        "sudoku completions man > ~/.local/share/man/man1/sudoku.1",
    ] {
        assert!(help.contains(line), "{line}");
    }
    sudoku().args(["completions", "tcsh"]).assert().code(2);
}

/// `sudoku compare ... | true` exited 0 after a timeout: the status was
/// lost with the write that found the reader gone. So for a record error.
#[test]
fn the_exit_status_is_kept_with_stdout_closed() {
    assert_eq!(
        status_with_stdout_closed(&["compare", "--corpus", "examples", "--timeout", "0.3"]),
        Some(1)
    );
    let conflicting = file_with(&format!("{}\n", conflicting()));
    let path = conflicting.path().display().to_string();
    assert_eq!(status_with_stdout_closed(&["check", &path]), Some(1));
    assert_eq!(status_with_stdout_closed(&["solve", &path]), Some(1));
}
