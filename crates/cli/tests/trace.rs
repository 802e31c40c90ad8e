//! `sudoku trace` end to end: the CLI's contract (one record per input
//! record, errors in place, exit status), the counts, the steps, and
//! `--html` (the replay page itself is tested in trace/page.rs, in a real
//! browser when one is there).

mod page;

use std::process::Output;
use std::time::Duration;

use crate::common::reference::{classic_work, solved_by_singles};
use crate::common::{conflicting, fifo_in, file_with, sudoku, unsolvable, EXAMPLE};
use pretty_assertions::assert_eq;
use sudoku_core::Board;

fn run(command: &mut assert_cmd::Command) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().unwrap();
    (
        status.code(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

#[test]
fn trace_prints_a_table_per_record_and_errors_in_place() {
    let input = file_with(&format!(
        "{EXAMPLE}\n{}\nnot a puzzle\n{EXAMPLE}\n",
        conflicting()
    ));
    let (code, stdout, stderr) = run(sudoku().arg("trace").arg(input.path()));
    assert_eq!(code, Some(1), "{stderr}");
    let blocks: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{stdout}");
    assert_eq!(blocks[0], blocks[3].trim_end());
    let lines: Vec<&str> = blocks[0].lines().collect();
    assert_eq!(lines[0], format!("puzzle {EXAMPLE}"));
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "approach",
            "calls",
            "visits",
            "tries",
            "compares",
            "placements",
            "undos",
            "cells_filled"
        ]
    );
    // The five classics, each making the search of the reference: its
    // tries, placements and undos in every row, and every empty cell
    // filled at the end.
    let work = classic_work(&EXAMPLE.parse().unwrap());
    let empty = 81 - EXAMPLE.parse::<Board>().unwrap().givens();
    let expected =
        [work.tries, work.placements, work.undos, empty as u64].map(|count| count.to_string());
    assert_eq!(lines.len(), 7);
    for row in &lines[2..] {
        let fields: Vec<&str> = row.split_whitespace().collect();
        let shown = ["tries", "placements", "undos", "cells_filled"]
            .map(|name| fields[header.iter().position(|&column| column == name).unwrap()]);
        assert_eq!(shown, expected, "{row}");
    }
    assert_eq!(
        blocks[1],
        "error: the givens conflict: row 1 has two 5s (columns 1 and 2)"
    );
    assert_eq!(
        blocks[2],
        "error: column 1: 'n' is not a digit or a blank (. 0 _ -)"
    );
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
}

#[test]
fn classics_and_follow_ups_share_the_columns_that_mean_the_same() {
    // A classic and a follow-up in one table had no column in common: the
    // follow-ups reported no placements, and undos only for some.
    let inkala = sudoku_core::corpus::all()
        .into_iter()
        .find(|entry| entry.name == "inkala-2012")
        .unwrap()
        .puzzle;
    let (code, stdout, stderr) = run(sudoku()
        .args(["trace", "--solver", "bitmask,coordinate-recursive,bitboard"])
        .arg(file_with(&format!("{}\n", inkala.to_line())).path()));
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    let column = |name: &str| header.iter().position(|&column| column == name).unwrap();
    let empty = 81 - inkala.givens() as u64;
    let mut undos_seen = 0;
    for row in &lines[2..] {
        let fields: Vec<&str> = row.split_whitespace().collect();
        let count = |name: &str| -> u64 {
            fields[column(name)]
                .parse()
                .unwrap_or_else(|_| panic!("no {name} in {row}"))
        };
        // Each search ends with every empty cell filled: its placements
        // less its undos.
        assert_eq!(count("cells_filled"), empty, "{row}");
        assert_eq!(count("placements") - count("undos"), empty, "{row}");
        undos_seen += count("undos");
    }
    assert_eq!(lines.len(), 5, "{stdout}");
    // Every one of them has to go back on this puzzle.
    assert!(undos_seen > 0);
    // The classic makes the search of the reference.
    let work = classic_work(&inkala);
    let classic: Vec<&str> = lines[3].split_whitespace().collect();
    assert_eq!(classic[0], "coordinate-recursive");
    assert_eq!(classic[column("placements")], work.placements.to_string());
    assert_eq!(classic[column("undos")], work.undos.to_string());
}

#[test]
fn trace_json_is_one_line_per_record_and_approach_the_same_with_any_job_count() {
    let puzzles: Vec<Board> = sudoku_core::corpus::all()
        .into_iter()
        .take(20)
        .map(|entry| entry.puzzle)
        .collect();
    let text: String = puzzles
        .iter()
        .map(|puzzle| puzzle.to_line() + "\n")
        .collect();
    let input = file_with(&text);
    let json = |jobs: &str| {
        run(sudoku()
            .args([
                "trace",
                "--json",
                "--solver",
                "bitmask,full-rescan",
                "--jobs",
                jobs,
            ])
            .arg(input.path()))
    };
    let (code, one, _) = json("1");
    assert_eq!(code, Some(0));
    assert_eq!(one.lines().count(), 40);
    assert_eq!(json("2").1, one);
    let records: Vec<serde_json::Value> = one
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (mut by_singles, mut with_guesses) = (0, 0);
    for (puzzle, pair) in puzzles.iter().zip(records.chunks(2)) {
        let (bitmask, rescan) = (&pair[0], &pair[1]);
        assert_eq!(bitmask["approach"], "bitmask");
        assert_eq!(rescan["approach"], "full-rescan");
        // full-rescan makes the search of the reference.
        let work = classic_work(puzzle);
        assert_eq!(rescan["counts"]["placements"], work.placements, "{puzzle}");
        assert_eq!(rescan["counts"]["undos"], work.undos, "{puzzle}");
        assert!(rescan.get("steps").is_none());
        // bitmask always takes the most constrained cell: where singles
        // alone solve the puzzle, it fills every empty cell without a
        // choice; where they do not, it has to guess.
        let guesses = bitmask["counts"]["guesses"].as_u64().unwrap();
        if solved_by_singles(puzzle) {
            let empty = 81 - puzzle.givens();
            assert_eq!(bitmask["counts"]["forced"], empty, "{puzzle}");
            assert_eq!(guesses, 0, "{puzzle}");
            by_singles += 1;
        } else {
            assert!(guesses > 0, "{puzzle}");
            with_guesses += 1;
        }
    }
    // The LeetCode example is solved by singles; both cases are checked.
    assert!(solved_by_singles(&EXAMPLE.parse().unwrap()));
    assert_eq!(puzzles[0].to_line(), EXAMPLE);
    assert!(
        by_singles > 0 && with_guesses > 0,
        "{by_singles} {with_guesses}"
    );
}

/// The keys of a JSON object, in the order they were written.
fn keys(object: &serde_json::Value) -> Vec<&str> {
    object
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn trace_json_writes_every_record_as_an_object_with_its_place_errors_too() {
    // Errors were plain `error:` lines in the JSON stream, and no object
    // said which record it was about.
    let first = file_with(&format!("{EXAMPLE}\nnot a puzzle\n\n{}\n", conflicting()));
    let second = file_with(&format!("{}\n", unsolvable()));
    let first_name = first.path().display().to_string();
    let second_name = second.path().display().to_string();
    let json = |jobs: &str| {
        run(sudoku()
            .args(["trace", "--json", "--steps", "2", "--jobs", jobs])
            .args(["--solver", "full-rescan,bitmask"])
            .arg(first.path())
            .arg("-")
            .arg(second.path())
            .write_stdin(format!("# a comment\n{EXAMPLE}\n")))
    };
    let (code, stdout, stderr) = json("1");
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(json("3").1, stdout);
    // stderr is as it was: each failed record named by its file and line.
    assert_eq!(
        stderr,
        format!(
            "error: {first_name}:2: column 1: 'n' is not a digit or a blank (. 0 _ -)\n\
             error: {first_name}:4: the givens conflict: row 1 has two 5s (columns 1 and 2)\n\
             error: {second_name}:1: the puzzle has no solution\n"
        )
    );
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let place = |object: &serde_json::Value| {
        (
            object["record"].as_u64().unwrap(),
            object["file"].as_str().unwrap().to_string(),
            object["line"].as_u64().unwrap(),
        )
    };
    let places: Vec<(u64, String, u64)> = objects.iter().map(place).collect();
    let at = |record: u64, file: &str, line: u64| (record, file.to_string(), line);
    assert_eq!(
        places,
        [
            at(1, &first_name, 1),
            at(1, &first_name, 1),
            at(2, &first_name, 2),
            at(3, &first_name, 4),
            at(4, "<stdin>", 2),
            at(4, "<stdin>", 2),
            at(5, &second_name, 1),
        ]
    );
    // A traced approach: its place, its puzzle, then what it did.
    let traced = [
        "record",
        "file",
        "line",
        "puzzle",
        "approach",
        "counts",
        "steps_total",
        "steps",
    ];
    let failed = ["record", "file", "line", "puzzle", "error"];
    for (index, object) in objects.iter().enumerate() {
        let expected: &[&str] = if [2, 3, 6].contains(&index) {
            &failed
        } else {
            &traced
        };
        assert_eq!(keys(object), expected, "{object}");
    }
    assert_eq!(objects[0]["puzzle"], EXAMPLE);
    assert_eq!(objects[0]["approach"], "full-rescan");
    assert_eq!(objects[1]["approach"], "bitmask");
    assert_eq!(objects[5]["puzzle"], EXAMPLE);
    // The record that could not be read has no puzzle; the others keep theirs.
    assert_eq!(objects[2]["puzzle"], serde_json::Value::Null);
    assert_eq!(
        objects[2]["error"],
        "column 1: 'n' is not a digit or a blank (. 0 _ -)"
    );
    assert_eq!(objects[3]["puzzle"], conflicting());
    assert_eq!(
        objects[3]["error"],
        "the givens conflict: row 1 has two 5s (columns 1 and 2)"
    );
    assert_eq!(objects[6]["puzzle"], unsolvable());
    assert_eq!(objects[6]["error"], "the puzzle has no solution");
}

#[test]
fn trace_json_counts_follow_one_order_whatever_the_order_of_solver() {
    // The counts of each approach in Counter::ALL's order, not its own.
    let (code, stdout, stderr) = run(sudoku()
        .args([
            "trace",
            "--json",
            "--solver",
            "bitboard,java-style,dancing-links",
        ])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(0), "{stderr}");
    for line in stdout.lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let approach = sudoku_trace::find(object["approach"].as_str().unwrap()).unwrap();
        let expected: Vec<&str> = sudoku_trace::Counter::ALL
            .into_iter()
            .filter(|counter| approach.counters.contains(counter))
            .map(sudoku_trace::Counter::name)
            .collect();
        assert_eq!(keys(&object["counts"]), expected, "{line}");
        // Every approach reports the counters they share.
        for shared in sudoku_trace::Counter::SHARED {
            assert!(expected.contains(&shared.name()), "{line}");
        }
    }
}

/// `sudoku trace --json --solver coordinate-recursive` on the LeetCode
/// example: its total of steps, checked to be one per call, cell looked
/// at, digit tried, placement and undo, with the tries, placements and
/// undos those of the reference.
fn coordinate_recursive_steps_on_the_example() -> u64 {
    let (code, json, stderr) = run(sudoku()
        .args(["trace", "--json", "--solver", "coordinate-recursive"])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(0), "{stderr}");
    let traced: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
    let count = |name: &str| traced["counts"][name].as_u64().unwrap();
    let work = classic_work(&EXAMPLE.parse().unwrap());
    assert_eq!(
        [count("tries"), count("placements"), count("undos")],
        [work.tries, work.placements, work.undos]
    );
    let steps = ["calls", "visits", "tries", "placements", "undos"]
        .into_iter()
        .map(count)
        .sum();
    assert_eq!(traced["steps_total"], steps);
    steps
}

#[test]
fn trace_steps_prints_the_first_steps_in_words() {
    let (code, stdout, _) = run(sudoku()
        .args(["trace", "--solver", "coordinate-recursive", "--steps", "4"])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(0));
    let steps: Vec<&str> = stdout.lines().skip(3).collect();
    let total = coordinate_recursive_steps_on_the_example();
    assert_eq!(
        steps,
        [
            &format!("coordinate-recursive: the first 4 of {total} steps"),
            "       1  call",
            "       2  look at r1c1",
            "       3  call",
            "       4  look at r1c2",
        ]
    );
}

#[test]
fn trace_steps_says_step_when_there_is_one() {
    // The example's solution, every cell a given: bitboard looks at one
    // node and is done.
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let (code, stdout, _) = run(sudoku()
        .args(["trace", "--solver", "bitboard", "--steps", "3"])
        .arg(file_with(&format!("{solved}\n")).path()));
    assert_eq!(code, Some(0));
    let steps: Vec<&str> = stdout.lines().skip(3).collect();
    assert_eq!(steps, ["bitboard: the first 1 of 1 step", "       1  node"]);
}

/// A cell as the trace names it, `r4c7`, as an index 0..81.
fn cell_index(name: &str) -> usize {
    let (row, column) = name.strip_prefix('r').unwrap().split_once('c').unwrap();
    let (row, column): (usize, usize) = (row.parse().unwrap(), column.parse().unwrap());
    (row - 1) * 9 + column - 1
}

/// Whether two cells share a row, a column or a box.
fn see_each_other(one: usize, other: usize) -> bool {
    let (row, column) = (one / 9, one % 9);
    let (other_row, other_column) = (other / 9, other % 9);
    row == other_row
        || column == other_column
        || (row / 3 == other_row / 3 && column / 3 == other_column / 3)
}

/// A cell and a digit as the trace writes them: `r4c7 = 5`.
fn cell_and_digit(text: &str) -> (usize, u8) {
    let (cell, digit) = text.split_once(" = ").unwrap();
    (cell_index(cell), digit.parse().unwrap())
}

#[test]
fn trace_steps_say_what_a_rejected_try_clashed_with_and_what_an_undo_takes_back() {
    // `--steps` printed `try r1c4 = 1` without a word of why it failed,
    // and `undo r1c8` without the digit it took back. Each step is checked
    // here against the board, replayed from the places and undos printed.
    let input = file_with(&format!("{EXAMPLE}\n"));
    for solver in TABLE_CLASSICS {
        let (code, stdout, stderr) = run(sudoku()
            .args(["trace", "--solver", solver, "--steps", "3000"])
            .arg(input.path()));
        assert_eq!(code, Some(0), "{stderr}");
        let mut board: Vec<u8> = EXAMPLE
            .bytes()
            .map(|cell| if cell == b'.' { 0 } else { cell - b'0' })
            .collect();
        let (mut rejected, mut accepted, mut undone) = (0, 0, 0);
        let steps: Vec<&str> = stdout
            .lines()
            .skip(4)
            .map(|line| line.trim_start().split_once("  ").unwrap().1)
            .collect();
        assert_eq!(steps.len(), 3000, "{solver}");
        for step in &steps {
            if let Some(tried) = step.strip_prefix("try ") {
                if let Some((tried, clash)) = tried.split_once(": ") {
                    let (cell, digit) = cell_and_digit(tried);
                    let (other, held) = clash.split_once(" has ").unwrap();
                    let other = cell_index(other);
                    assert_eq!(held, digit.to_string(), "{solver}: {step}");
                    assert_eq!(board[other], digit, "{solver}: {step}");
                    assert!(other != cell && see_each_other(cell, other), "{step}");
                    rejected += 1;
                } else {
                    let (cell, digit) = cell_and_digit(tried);
                    let clash = (0..81).find(|&other| {
                        other != cell && see_each_other(cell, other) && board[other] == digit
                    });
                    assert_eq!(clash, None, "{solver}: {step} clashes, and says nothing");
                    accepted += 1;
                }
            } else if let Some(placed) = step.strip_prefix("place ") {
                let (cell, digit) = cell_and_digit(placed);
                assert_eq!(board[cell], 0, "{solver}: {step}");
                board[cell] = digit;
            } else if let Some(undo) = step.strip_prefix("undo ") {
                let (cell, taken) = undo
                    .strip_suffix(')')
                    .unwrap()
                    .split_once(" (takes back ")
                    .unwrap();
                let cell = cell_index(cell);
                assert_eq!(board[cell].to_string(), taken, "{solver}: {step}");
                board[cell] = 0;
                undone += 1;
            }
        }
        assert!(
            rejected > 0 && accepted > 0 && undone > 0,
            "{solver}: {rejected} {accepted} {undone}"
        );
        // The JSON holds the same steps.
        let (_, json, _) = run(sudoku()
            .args(["trace", "--json", "--solver", solver, "--steps", "3000"])
            .arg(input.path()));
        let object: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
        assert_eq!(object["steps"], serde_json::json!(steps), "{solver}");
    }
}

/// The classics, which `trace` traces when no approach is named.
const TABLE_CLASSICS: [&str; 5] = [
    "coordinate-recursive",
    "full-rescan",
    "single-loop-check",
    "java-style",
    "find-empty-cell",
];

#[test]
fn trace_does_not_run_an_approach_on_a_puzzle_without_a_solution() {
    // Valid givens, no solution: row 1's last cell sees every digit. A classic
    // approach would search a long time to find that out.
    let (code, stdout, _) = run(sudoku()
        .arg("trace")
        .arg(file_with(&format!("{}\n", unsolvable())).path()));
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "error: the puzzle has no solution\n");
}

#[test]
fn the_replay_page_shows_one_approach_or_two() {
    // Three do not fit side by side.
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("replay.html");
    let (code, _, stderr) = run(sudoku()
        .args([
            "trace",
            "--solver",
            "bitmask,bitboard,dancing-links",
            "--html",
        ])
        .arg(&page)
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("one approach or two"), "{stderr}");
    assert!(!page.exists());
}

#[test]
fn trace_solver_all_traces_every_approach_in_catalog_order() {
    let (code, all, stderr) = run(sudoku()
        .args(["trace", "--solver", "all"])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(0), "{stderr}");
    let ids: Vec<&str> = sudoku_catalog::ids().collect();
    assert_eq!(ids.len(), 9);
    let rows: Vec<&str> = all
        .lines()
        .skip(2)
        .map(|row| row.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(rows, ids);
    // The same as naming each one.
    let (_, named, _) = run(sudoku()
        .args(["trace", "--solver", &ids.join(",")])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(all, named);
    // `all` where it stands in a list.
    let (code, mixed, _) = run(sudoku()
        .args(["trace", "--solver", "bitboard,all"])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(code, Some(0));
    let rows: Vec<&str> = mixed
        .lines()
        .skip(2)
        .map(|row| row.split_whitespace().next().unwrap())
        .collect();
    // Each approach once, where it was first named: bitboard is not traced
    // (or, in compare, timed against itself) a second time.
    assert_eq!(rows.len(), 9, "{mixed}");
    assert_eq!(rows[..2], ["bitboard", "coordinate-recursive"]);
    let (_, twice, _) = run(sudoku()
        .args(["trace", "--solver", "all,all"])
        .arg(file_with(&format!("{EXAMPLE}\n")).path()));
    assert_eq!(twice, all);
}

#[test]
fn all_is_offered_wherever_a_list_of_approaches_is_taken() {
    for (command, option) in [("trace", "--solver"), ("compare", "--solvers")] {
        let (code, help, _) = run(sudoku().args([command, "--help"]));
        assert_eq!(code, Some(0));
        let possible = help
            .lines()
            .find(|line| line.contains("[possible values: coordinate-recursive"))
            .unwrap_or_else(|| panic!("{command} --help lists no approaches"));
        assert!(possible.contains(", bitboard, all]"), "{possible}");
        let (code, _, error) = run(sudoku().args([command, option, "bogosort"]));
        assert_eq!(code, Some(2));
        assert!(error.contains(", bitboard, all]"), "{error}");
    }
}

// ---- The replay page under hostile conditions (issue 31) ----

/// A puzzle of the embedded `hardest` tier: a classic search on it takes
/// minutes in a debug build (and seconds in a release build).
fn hardest_puzzle() -> String {
    sudoku_core::corpus::Tier::Hardest.puzzles()[0]
        .puzzle
        .to_line()
}

/// `command`'s exit code, stdout and stderr; it fails the test when the
/// command is still running after `limit` (a hang, not a slow machine:
/// the limits are many times what the command needs).
fn run_within(
    command: &mut assert_cmd::Command,
    limit: std::time::Duration,
) -> (Option<i32>, String, String) {
    let output = command.timeout(limit).output().unwrap();
    assert!(
        output.status.code().is_some(),
        "{command:?}: still running after {limit:?}"
    );
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_record_that_times_out_is_a_json_object_too() {
    let hardest = hardest_puzzle();
    let (code, stdout, stderr) = run_within(
        sudoku()
            .args(["trace", "--json", "--solver", "coordinate-recursive"])
            .args(["--timeout", "0.5"])
            .arg(file_with(&format!("{hardest}\n")).path()),
        std::time::Duration::from_secs(30),
    );
    assert_eq!(code, Some(1), "{stderr}");
    let object: serde_json::Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(object["record"], 1);
    assert_eq!(object["line"], 1);
    assert_eq!(object["puzzle"], hardest);
    assert_eq!(object["error"], "timed out");
}

/// A FIFO in `directory`, named `name`.
#[test]
fn a_replay_page_keeps_its_timeout_while_reading_or_tracing() {
    // `--timeout 1` traced a hardest puzzle to the end (minutes), and a FIFO
    // with no writer kept it waiting for ever.
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("replay.html");
    let hardest = file_with(&format!("{}\n", hardest_puzzle()));
    let fifo = fifo_in(directory.path(), "puzzles");
    for (input, doing) in [
        (hardest.path(), "tracing the puzzle on"),
        (fifo.as_path(), "reading the first record"),
    ] {
        let (code, stdout, stderr) = run_within(
            sudoku()
                .args(["trace", "--timeout", "1", "--html"])
                .arg(&page)
                .arg(input),
            std::time::Duration::from_secs(30),
        );
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(stdout, "");
        assert!(
            stderr.contains(&format!("error: timed out {doing}"))
                && stderr.contains("no page written"),
            "{stderr}"
        );
        assert!(!page.exists(), "a page was left behind");
    }
}

#[test]
fn a_replay_page_reads_only_the_first_record() {
    // `yes PUZZLE | sudoku trace --html p.html` read for ever.
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("replay.html");
    let mut child = std::process::Command::new(crate::common::binary())
        .args(["trace", "--html"])
        .arg(&page)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let endless = std::thread::spawn(move || {
        use std::io::Write;
        let line = format!("{EXAMPLE}\n");
        // Until the command leaves: then the pipe breaks.
        while stdin.write_all(line.as_bytes()).is_ok() {}
    });
    let status =
        wait_timeout::ChildExt::wait_timeout(&mut child, std::time::Duration::from_secs(30))
            .unwrap();
    let Some(status) = status else {
        let _ = child.kill();
        panic!("still reading an endless input after 30 s");
    };
    endless.join().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
}

#[test]
fn a_replay_page_that_cannot_be_written_fails_before_any_work() {
    // The whole trace ran first, then writing the page failed.
    let directory = tempfile::tempdir().unwrap();
    let hardest = file_with(&format!("{}\n", hardest_puzzle()));
    let fifo = fifo_in(directory.path(), "puzzles");
    for page in [
        directory.path().join("no such folder").join("replay.html"),
        directory.path().to_path_buf(),
    ] {
        for input in [hardest.path(), fifo.as_path()] {
            let (code, stdout, stderr) = run_within(
                sudoku().arg("trace").arg("--html").arg(&page).arg(input),
                std::time::Duration::from_secs(30),
            );
            assert_eq!(code, Some(2), "{stderr}");
            assert_eq!(stdout, "");
            assert!(
                stderr.starts_with(&format!("error: {}: ", page.display())),
                "{stderr}"
            );
        }
    }
}

#[test]
fn a_page_that_cannot_be_written_says_why_in_the_words_of_the_system() {
    // `--html /dev/full` said "failed to write output: I/O error during
    // rendering", the template engine's stage, and lost the cause.
    let input = file_with(&format!("{EXAMPLE}\n"));
    let (code, stdout, stderr) = run(sudoku()
        .args(["trace", "--html", "/dev/full"])
        .arg(input.path()));
    assert_eq!((code, stdout.as_str()), (Some(2), ""), "{stderr}");
    assert!(
        stderr.contains("/dev/full: No space left on device"),
        "{stderr}"
    );
}

#[test]
fn a_replay_page_never_shares_standard_output_with_the_table() {
    // `--html /dev/stdout` wrote the page, then the table over its start.
    let directory = tempfile::tempdir().unwrap();
    let input = file_with(&format!("{EXAMPLE}\n"));
    for page in ["/dev/stdout", "/proc/self/fd/1", "-"] {
        let (code, stdout, stderr) = run(sudoku()
            .args(["trace", "--html", page])
            .arg(input.path())
            .current_dir(directory.path()));
        assert_eq!(code, Some(2), "{page}: {stderr}");
        assert_eq!(stdout, "", "{page}");
        assert!(stderr.contains("standard output"), "{page}: {stderr}");
    }
    // Nor the file standard output is redirected to.
    let page = directory.path().join("replay.html");
    let (code, _, stderr) = run(assert_cmd::Command::new("sh")
        .args([
            "-c",
            &format!(
                "'{}' trace --html \"$1\" \"$2\" > \"$1\"",
                crate::common::binary().display()
            ),
            "sh",
        ])
        .arg(&page)
        .arg(input.path()));
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "");
    assert!(!directory.path().join("-").exists());
}

#[test]
fn a_page_that_is_standard_input_or_appends_to_an_input_is_refused() {
    // `cat puzzles | sudoku trace --html /dev/stdin` (and `sudoku playground
    // /dev/stdin` on a pipe) wrote the page into the pipe it reads, and
    // waited for ever; `--html p.html in.txt >> in.txt` appended the counts
    // table to the puzzles.
    let directory = tempfile::tempdir().unwrap();
    let binary = crate::common::binary();
    for command in [
        format!(
            "printf '%s\\n' {EXAMPLE} | '{}' trace --html /dev/stdin",
            binary.display()
        ),
        format!(
            "printf '%s\\n' {EXAMPLE} | '{}' trace --html /dev/stdin -",
            binary.display()
        ),
        format!(
            "printf '%s\\n' {EXAMPLE} | '{}' playground /dev/stdin",
            binary.display()
        ),
    ] {
        let mut child = std::process::Command::new("sh")
            .args(["-c", &command])
            .current_dir(directory.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let status = wait_timeout::ChildExt::wait_timeout(&mut child, Duration::from_secs(20))
            .unwrap()
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("{command}: still running after 20 s");
            });
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("standard input"), "{command}: {stderr}");
        assert!(output.stdout.is_empty(), "{command}");
    }
    let input = directory.path().join("puzzles.txt");
    std::fs::write(&input, format!("{EXAMPLE}\n")).unwrap();
    let (code, _, stderr) = run(assert_cmd::Command::new("sh")
        .args([
            "-c",
            &format!(
                "'{}' trace --html page.html \"$1\" >> \"$1\"",
                binary.display()
            ),
            "sh",
        ])
        .arg(&input)
        .current_dir(directory.path()));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is also an input"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        format!("{EXAMPLE}\n")
    );
    assert!(!directory.path().join("page.html").exists());
}

#[test]
fn step_counts_past_what_is_held_are_refused_with_the_reason() {
    // `--steps 10000000` held 298 MB.
    let (code, stdout, stderr) = run(sudoku()
        .args(["trace", "--steps", "100001"])
        .write_stdin(format!("{EXAMPLE}\n")));
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("at most 100,000 steps of each search are printed"),
        "{stderr}"
    );
}
