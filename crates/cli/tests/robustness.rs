//! The CLI's promises under hostile conditions: no panic (the exit status is
//! always 0, 1 or 2), no hang, and one output record for every input record.
//! Each test is named after the defect it pins down.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use wait_timeout::ChildExt;

use crate::common::{binary, fifo_in, file_with, sudoku, EXAMPLE, SOLUTION};

/// `lines` records that cannot be read.
fn bad_records(lines: usize) -> String {
    "not a puzzle\n".repeat(lines)
}

/// Waits for `child` at most `limit`; kills it and fails the test after that.
/// For a child the test talks to while it runs; `output_within` runs the
/// others.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    if let Some(status) = child.wait_timeout(limit).unwrap() {
        return status;
    }
    let _ = child.kill();
    panic!("{what}: still running after {limit:?}");
}

/// Runs `command` to the end on an empty input with its output collected,
/// but kills it and fails the test when it takes longer than `limit`: a
/// hang is a failure, not a stuck test run.
fn output_within(command: &mut assert_cmd::Command, limit: Duration) -> Output {
    let started = Instant::now();
    let output = command.timeout(limit).output().unwrap();
    // Killed at the limit, the run has no exit code.
    assert!(
        output.status.code().is_some() || started.elapsed() < limit,
        "{command:?}: still running after {limit:?}"
    );
    output
}

/// `command` started with its stdin, stdout and stderr piped to the test.
fn spawn_piped(command: &mut Command) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// All of `stream`, read on a thread of its own, so that the child never
/// waits on a full pipe while the test waits on the child.
fn read_in_background(mut stream: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).unwrap();
        bytes
    })
}

#[test]
fn a_timeout_too_large_for_the_clock_means_no_timeout() {
    let input = file_with(&format!("{EXAMPLE}\n"));
    for (command, expected) in [
        ("solve", format!("{SOLUTION}\n")),
        ("count", "1\n".to_string()),
        ("check", "valid\n".to_string()),
    ] {
        for timeout in ["1e19", "1.8e19", "1e300", "inf"] {
            let output = output_within(
                sudoku()
                    .args([command, "--timeout", timeout])
                    .arg(input.path()),
                Duration::from_secs(20),
            );
            assert_eq!(
                (
                    output.status.code(),
                    String::from_utf8_lossy(&output.stdout).into_owned()
                ),
                (Some(0), expected.clone()),
                "{command} --timeout {timeout}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_stderr_loses_no_record_and_does_not_panic() {
    let input = file_with(&format!("not a puzzle\n{EXAMPLE}\n"));
    let full = || std::fs::File::create("/dev/full").unwrap();
    for jobs in ["1", "2"] {
        let output = Command::new(binary())
            .args(["solve", "--jobs", jobs])
            .arg(input.path())
            .stderr(full())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "--jobs {jobs}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("error: column 1: 'n' is not a digit or a blank (. 0 _ -)\n{SOLUTION}\n")
        );
    }
    // Without a seed, generate says on stderr which one it picked.
    let output = Command::new(binary())
        .arg("generate")
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim().len(), 81);
}

/// The exit status of `sudoku ARGS FILE | head -1` (with `2>&1` when
/// `stderr_too`), where FILE holds `input`: the reader leaves after one line.
#[cfg(unix)]
fn exit_status_after_reading_one_line(args: &[&str], input: &str, stderr_too: bool) -> Option<i32> {
    let file = file_with(input);
    let redirect = if stderr_too { "2>&1" } else { "2>/dev/null" };
    let script = format!(
        "\"$0\" {} \"$1\" {redirect} | head -1 >/dev/null; exit ${{PIPESTATUS[0]}}",
        args.join(" ")
    );
    let mut bash = assert_cmd::Command::new("bash");
    bash.args(["-c", &script]).arg(binary()).arg(file.path());
    output_within(&mut bash, Duration::from_secs(30))
        .status
        .code()
}

#[test]
#[cfg(unix)]
fn a_broken_pipe_on_stdout_and_stderr_still_exits_with_one() {
    let input = bad_records(20_000);
    for jobs in ["1", "2"] {
        for _ in 0..3 {
            assert_eq!(
                exit_status_after_reading_one_line(&["solve", "--jobs", jobs], &input, true),
                Some(1),
                "--jobs {jobs}"
            );
        }
    }
}

#[test]
#[cfg(unix)]
fn exit_status_after_a_broken_pipe_says_records_failed() {
    let input = bad_records(20_000);
    for jobs in ["1", "2"] {
        assert_eq!(
            exit_status_after_reading_one_line(&["solve", "--jobs", jobs], &input, false),
            Some(1),
            "--jobs {jobs}"
        );
    }
}

#[test]
fn a_huge_job_count_starts_only_the_threads_the_input_can_use() {
    let input = file_with(&format!("{EXAMPLE}\n"));
    let output = output_within(
        sudoku()
            .args(["solve", "--jobs", "100000"])
            .arg(input.path()),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{SOLUTION}\n")
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("note: --jobs 100000 is more than 4 per core here; using "),
        "{stderr}"
    );
}

#[test]
fn a_timeout_answers_what_was_read_and_stops_waiting_for_input() {
    for jobs in ["1", "2"] {
        let mut command = Command::new(binary());
        command.args([
            "solve",
            "--solver",
            "bitboard",
            "--timeout",
            "1",
            "--jobs",
            jobs,
        ]);
        let mut child = spawn_piped(&mut command);
        // One puzzle at once, then the input stays open with nothing more.
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{EXAMPLE}").unwrap();
        stdin.flush().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (answer, answered) = std::sync::mpsc::channel();
        let started = Instant::now();
        thread::spawn(move || {
            let mut first = String::new();
            let _ = stdout.read_line(&mut first);
            let _ = answer.send((first, started.elapsed()));
        });
        let Ok((first, after)) = answered.recv_timeout(Duration::from_secs(5)) else {
            let _ = child.kill();
            panic!("--jobs {jobs}: no answer while the input stays open");
        };
        // Answered long before the deadline, not at it.
        assert!(after < Duration::from_millis(900), "{after:?}");
        assert_eq!(first, format!("{SOLUTION}\n"));
        let stderr = read_in_background(child.stderr.take().unwrap());
        let status = wait_at_most(&mut child, Duration::from_secs(10), "a timed-out run");
        assert_eq!(status.code(), Some(1), "--jobs {jobs}");
        assert_eq!(
            String::from_utf8(stderr.join().unwrap()).unwrap(),
            "error: <stdin>:2: timed out; reading stopped here, and the rest of the input was not read\n"
        );
        drop(stdin);
    }
}

#[test]
fn a_timeout_ends_an_endless_input() {
    let mut child = spawn_piped(Command::new(binary()).args(["solve", "--timeout", "1"]));
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let line = format!("{EXAMPLE}\n");
        // Like `yes`: until the reader goes away.
        while stdin.write_all(line.as_bytes()).is_ok() {}
    });
    let reading = read_in_background(child.stdout.take().unwrap());
    let errors = read_in_background(child.stderr.take().unwrap());
    let status = wait_at_most(&mut child, Duration::from_secs(15), "an endless input");
    assert_eq!(status.code(), Some(1));
    feeder.join().unwrap();
    let text = String::from_utf8(reading.join().unwrap()).unwrap();
    let errors = String::from_utf8(errors.join().unwrap()).unwrap();
    let solved = text.lines().filter(|line| *line == SOLUTION).count();
    let timed_out = text
        .lines()
        .filter(|line| *line == "error: timed out")
        .count();
    assert!(solved > 0, "nothing was solved in a second");
    assert_eq!(solved + timed_out, text.lines().count());
    // One stderr line per timed-out record, then where reading stopped.
    let last = errors.lines().last().unwrap();
    assert!(
        last.starts_with("error: <stdin>:")
            && last.ends_with(
                ": timed out; reading stopped here, and the rest of the input was not read"
            ),
        "{last}"
    );
    assert_eq!(errors.lines().count(), timed_out + 1);
}

/// A puzzle of the embedded `hardest` tier: over ten million placements of
/// the classic search.
fn hardest_puzzle() -> String {
    sudoku_core::corpus::Tier::Hardest.puzzles()[0]
        .puzzle
        .to_line()
}

#[test]
fn compare_leaves_classics_out_of_a_file_with_a_puzzle_too_hard_for_them() {
    let input = file_with(&format!("{EXAMPLE}\n{}\n", hardest_puzzle()));
    let output = output_within(
        sudoku()
            .args(["compare", "--solvers", "java-style,bitmask", "--corpus"])
            .arg(input.path()),
        Duration::from_secs(30),
    );
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("\nbitmask "), "{text}");
    assert!(!text.contains("\njava-style "), "{text}");
    assert!(
        text.contains(
            "skipped here, the puzzle on line 2 needs over 10000000 placements of the classic search, more than the classic approaches are run on: java-style"
        ),
        "{text}"
    );
}

#[test]
fn compare_stops_at_its_timeout() {
    let output = output_within(
        sudoku().args([
            "compare",
            "--corpus",
            "hard",
            "--solvers",
            "bitmask,single-loop-check",
            "--timeout",
            "0.3",
        ]),
        Duration::from_secs(10),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(text.starts_with("tier hard (12 puzzles)\n"), "{text}");
    assert!(
        text.contains("\nsingle-loop-check       0/12  timed out\n"),
        "{text}"
    );
    assert!(
        stderr.contains(
            "error: timed out: single-loop-check did not finish tier hard; 0 more sets not run"
        ),
        "{stderr}"
    );
}

#[test]
fn counts_in_messages_agree_with_their_nouns() {
    let input = file_with(&format!("{EXAMPLE}\nnot a puzzle\n"));
    let output = sudoku()
        .args(["compare", "--solvers", "bitmask", "--corpus"])
        .arg(input.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("(1 puzzle)\n"), "{text}");
    assert!(stderr.contains(": 1 record skipped, 1 used"), "{stderr}");
    let output = sudoku()
        .arg("solve")
        .output_with_stdin("1 2 3 4 5 6 7 8 9\n");
    assert_eq!(output, "error: grid has 1 row, expected 9\n");
}

/// Runs `sudoku args` with `input` on stdin and returns its stdout.
trait WithStdin {
    fn output_with_stdin(&mut self, input: &str) -> String;
}

impl WithStdin for assert_cmd::Command {
    fn output_with_stdin(&mut self, input: &str) -> String {
        let output = self.write_stdin(input).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    }
}

#[test]
fn broken_framing_keeps_one_output_record_per_input_record() {
    let json = sudoku_core::Board::EMPTY.to_leetcode_json();
    let unterminated = &json[..json.len() - 1];
    let cases = [
        // CR-only line ends: ten records.
        (format!("{EXAMPLE}\r").repeat(10), 10),
        // An unterminated JSON board, then records that must still be read.
        (
            format!("{unterminated}\n{}", format!("{EXAMPLE}\n").repeat(1_000)),
            1_001,
        ),
        // A short bad line is not the start of a grid.
        (format!("123\n{EXAMPLE}\n{EXAMPLE}\n"), 3),
    ];
    for (input, records) in cases {
        for jobs in ["1", "2"] {
            let output = sudoku()
                .args(["solve", "--jobs", jobs])
                .output_with_stdin(&input);
            assert_eq!(output.lines().count(), records, "--jobs {jobs}: {output}");
        }
    }
}

/// The exit status and stderr of `sudoku ARGS` whose reader leaves after
/// the first line, as `| head -1` does.
fn after_the_reader_leaves(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = read_in_background(child.stderr.take().unwrap());
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    // Dropped: the reader has left.
    let status = wait_at_most(&mut child, Duration::from_secs(30), "after the reader left");
    let stderr = String::from_utf8(stderr.join().unwrap()).unwrap();
    (status.code(), stderr)
}

/// The commands that print from the binary alone (no input records) stop
/// quietly, with status 0, when stdout closes, as the others do.
#[test]
fn a_closed_stdout_ends_the_commands_without_input_quietly() {
    // Far more than a pipe holds, so writes do fail after the reader left.
    let many: Vec<&str> = std::iter::repeat_n("hardest", 2_000).collect();
    let corpus: Vec<&str> = ["corpus"].into_iter().chain(many).collect();
    let commands = [
        &corpus[..],
        &["corpus"],
        &["source", "bitboard"],
        &["completions", "bash"],
        &["completions", "man"],
    ];
    for args in commands {
        let (code, stderr) = after_the_reader_leaves(args);
        assert_eq!(
            (code, stderr.as_str()),
            (Some(0), ""),
            "{:?}",
            &args[..2.min(args.len())]
        );
    }
}

/// A file of `copies` copies of the LeetCode example, in a folder of its own.
fn puzzle_file(copies: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("puzzles.txt");
    std::fs::write(&path, format!("{EXAMPLE}\n").repeat(copies)).unwrap();
    (folder, path)
}

#[test]
fn an_output_appended_to_its_own_input_is_refused_not_fed_back_for_ever() {
    // `sudoku solve big.txt >> big.txt` read its own answers as new records
    // and grew the file without end (7.4 GB in a minute); from stdin too.
    let (_folder, path) = puzzle_file(3);
    let binary = binary().display();
    for command in [
        format!("'{binary}' solve --solver bitboard \"$1\" >> \"$1\""),
        format!("'{binary}' solve --solver bitboard < \"$1\" >> \"$1\""),
        format!("'{binary}' check \"$1\" >> \"$1\""),
        format!("'{binary}' trace --json \"$1\" - < /dev/null >> \"$1\""),
        // A table or a verdict does not loop, but lands in the file it was
        // made from: refused too (both appended, exit 0, before).
        format!("'{binary}' compare --solvers bitmask --corpus \"$1\" >> \"$1\""),
        format!("'{binary}' judge --no-compare --cases \"$1\" none.py >> \"$1\""),
        format!("'{binary}' judge --no-compare \"$1\" >> \"$1\""),
    ] {
        let output = output_within(
            assert_cmd::Command::new("sh")
                .args(["-c", &command, "sh"])
                .arg(&path),
            Duration::from_secs(20),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("the output is also an input"), "{stderr}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{EXAMPLE}\n").repeat(3),
            "{command} changed its input"
        );
    }
    // Another file, or a pipe, is fine.
    let output = output_within(
        sudoku().args(["solve", "--solver", "bitboard"]).arg(&path),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{SOLUTION}\n").repeat(3)
    );
}

#[test]
fn a_replay_page_never_overwrites_its_input() {
    // `sudoku trace --html in.txt in.txt` replaced the puzzles by the page.
    let (folder, path) = puzzle_file(1);
    let link = folder.path().join("link.txt");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    for page in [&path, &link] {
        let output = output_within(
            sudoku().arg("trace").arg("--html").arg(page).arg(&path),
            Duration::from_secs(20),
        );
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains("is also an input"));
    }
    let from_stdin = output_within(
        assert_cmd::Command::new("sh")
            .args([
                "-c",
                &format!("'{}' trace --html \"$1\" < \"$1\"", binary().display()),
                "sh",
            ])
            .arg(&path),
        Duration::from_secs(20),
    );
    assert_eq!(from_stdin.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{EXAMPLE}\n")
    );
    // `-` is not a page to write (a file named `-` appeared before).
    let dash = output_within(
        sudoku()
            .args(["trace", "--html", "-"])
            .arg(&path)
            .current_dir(folder.path()),
        Duration::from_secs(20),
    );
    assert_eq!(dash.status.code(), Some(2));
    assert!(!folder.path().join("-").exists());
}

#[test]
fn a_huge_step_count_is_refused_before_it_can_exhaust_the_memory() {
    // `--steps 1000000000` on a hardest puzzle tried to keep a billion
    // steps and aborted on a failed allocation (exit 134, no record).
    let output = output_within(
        sudoku().args(["trace", "--steps", "1000000001"]),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(2));
    // The message names the limit (and why: see tests/trace.rs).
    assert!(String::from_utf8_lossy(&output.stderr).contains("at most"));
}

// ---- compare on files: nothing to time, skipped records, big files (issue 31) ----

#[test]
fn compare_with_nothing_to_time_says_so_and_fails() {
    // A file of unsolvable and conflicting records printed a table of
    // "(0 puzzles)" at 0.00 µs and exited 0.
    let input = file_with(&format!(
        "{}\n{}\nnot a puzzle\n",
        crate::common::unsolvable(),
        crate::common::conflicting()
    ));
    let output = output_within(
        sudoku()
            .args(["compare", "--solvers", "bitmask", "--corpus"])
            .arg(input.path()),
        Duration::from_secs(30),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert!(stderr.contains("nothing to time"), "{stderr}");
    // A record skipped among puzzles timed fails the run too.
    let input = file_with(&format!("{EXAMPLE}\nnot a puzzle\n"));
    let output = output_within(
        sudoku()
            .args(["compare", "--solvers", "bitmask", "--corpus"])
            .arg(input.path()),
        Duration::from_secs(30),
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains(" 1/1 "));
}

#[test]
fn compare_keeps_its_timeout_while_reading_a_big_file() {
    // `compare --corpus FILE` read and screened the whole file before it
    // looked at --timeout (and held all of it: 803 MB for a million).
    // A file that takes long to read however it is read: 64 GiB of zero
    // bytes with no line end, which costs no disk (a sparse file) and about
    // half a minute to read through.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("big.txt");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(64 << 30)
        .unwrap();
    let started = Instant::now();
    let output = output_within(
        sudoku()
            .args([
                "compare",
                "--solvers",
                "bitmask",
                "--timeout",
                "1",
                "--corpus",
            ])
            .arg(&path),
        Duration::from_secs(60),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: timed out"), "{stderr}");
    // Many times the second it is given, and half the time reading takes.
    assert!(started.elapsed() < Duration::from_secs(15), "{stderr}");
}

#[test]
fn compare_times_at_most_the_first_hundred_thousand_puzzles_of_a_file() {
    // A million puzzles were all held (803 MB) and all timed.
    let (_folder, path) = puzzle_file(100_001);
    let output = output_within(
        sudoku()
            .args(["compare", "--solvers", "bitboard", "--corpus"])
            .arg(&path),
        Duration::from_secs(120),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("(100000 puzzles)\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("first 100,000 puzzles are timed") && stderr.contains("from line 100001"),
        "{stderr}"
    );
}

/// Sends `signal` (`TERM`, `INT`) to `child`, as `kill -SIGNAL PID`.
fn send_signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal}");
}

#[test]
fn a_timeout_ends_the_run_even_when_nobody_reads_the_output() {
    // `solve --timeout 2 big.txt > fifo` with a reader that stopped reading
    // exited 0 after 15 s: the writes blocked, and the deadline was never
    // looked at. The test holds the pipe and never reads it.
    let (_folder, path) = puzzle_file(50_000);
    for jobs in ["1", "2"] {
        let mut child = Command::new(binary())
            .args(["solve", "--timeout", "1", "--jobs", jobs])
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = read_in_background(child.stderr.take().unwrap());
        let status = wait_at_most(&mut child, Duration::from_secs(60), "a blocked output");
        assert_eq!(status.code(), Some(1), "--jobs {jobs}");
        let stderr = String::from_utf8(stderr.join().unwrap()).unwrap();
        assert!(
            stderr
                .lines()
                .last()
                .unwrap()
                .starts_with("error: timed out, and 2 s later"),
            "--jobs {jobs}: {}",
            stderr.lines().last().unwrap()
        );
    }
}

/// The stdout, stderr and exit status of `sudoku ARGS` sent `signal` once
/// it has written `lines` lines (records read from `input`, a file).
fn after_a_signal(args: &[&str], lines: usize, signal: &str) -> (String, String, Option<i32>) {
    let mut child = spawn_piped(Command::new(binary()).args(args));
    let stderr = read_in_background(child.stderr.take().unwrap());
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    for _ in 0..lines {
        stdout.read_line(&mut text).unwrap();
    }
    send_signal(&child, signal);
    let status = wait_at_most(&mut child, Duration::from_secs(30), "after a signal");
    stdout.read_to_string(&mut text).unwrap();
    let stderr = String::from_utf8(stderr.join().unwrap()).unwrap();
    (text, stderr, status.code())
}

#[test]
fn a_signal_writes_every_finished_record_and_says_where_it_stopped() {
    // SIGINT and SIGTERM ended the process at once: of about 88 records
    // finished, 80 reached the file.
    let (_folder, path) = puzzle_file(200_000);
    let file = path.to_str().unwrap();
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        for jobs in ["1", "2"] {
            let args = ["solve", "--jobs", jobs, file, file];
            let (stdout, stderr, status) = after_a_signal(&args, 50, signal);
            let what = format!("SIG{signal}, --jobs {jobs}");
            assert_eq!(status, Some(code), "{what}: {stderr}");
            let written = stdout.lines().count();
            assert!(written >= 50, "{what}");
            let wrong = stdout.lines().find(|line| *line != SOLUTION);
            assert_eq!(wrong, None, "{what}: {stderr}");
            // Every record before the line named was written, and none after.
            let (line, message) = (written % 200_000 + 1, ": interrupted; stopped here");
            assert_eq!(
                stderr,
                format!(
                    "error: {file}:{line}{message}, and the rest of the input was not written\n"
                ),
                "{what}"
            );
        }
    }
}

#[test]
fn a_signal_answers_while_reading_waits_for_input() {
    for jobs in ["1", "2"] {
        let mut child = spawn_piped(Command::new(binary()).args(["solve", "--jobs", jobs]));
        let mut stdin = child.stdin.take().unwrap();
        write!(stdin, "{}", format!("{EXAMPLE}\n").repeat(88)).unwrap();
        stdin.flush().unwrap();
        let stderr = read_in_background(child.stderr.take().unwrap());
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut text = String::new();
        for _ in 0..88 {
            stdout.read_line(&mut text).unwrap();
        }
        // The input stays open: reading waits for more.
        send_signal(&child, "INT");
        let status = wait_at_most(
            &mut child,
            Duration::from_secs(30),
            "a signal while reading",
        );
        assert_eq!(status.code(), Some(130), "--jobs {jobs}");
        stdout.read_to_string(&mut text).unwrap();
        assert_eq!(text, format!("{SOLUTION}\n").repeat(88));
        assert_eq!(
            String::from_utf8(stderr.join().unwrap()).unwrap(),
            "error: <stdin>:89: interrupted; stopped here, and the rest of the input was not written\n"
        );
        drop(stdin);
    }
}

#[test]
fn an_error_output_appended_to_its_own_input_is_refused_too() {
    // `sudoku solve f.txt 2>> f.txt` read its own error messages back as
    // new records (each an error, with a message) and grew without end.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("bad.txt");
    let binary = binary().display();
    for command in ["solve --jobs 1", "solve", "check", "count --jobs 4"] {
        std::fs::write(&path, "not a puzzle\n".repeat(300)).unwrap();
        let output = output_within(
            assert_cmd::Command::new("sh")
                .args([
                    "-c",
                    &format!("exec '{binary}' {command} \"$1\" 2>> \"$1\""),
                    "sh",
                ])
                .arg(&path),
            Duration::from_secs(20),
        );
        assert_eq!(output.status.code(), Some(2), "{command}");
        let text = std::fs::read_to_string(&path).unwrap();
        // The input, and the one line that says why nothing was read.
        assert_eq!(text.lines().count(), 301, "{command}");
        let refusal = format!(
            "error: the error output is also an input ({}): write it to another file\n",
            path.display()
        );
        assert!(text.ends_with(&refusal), "{command}: {text}");
    }
}

#[test]
fn help_version_and_records_into_a_closed_or_full_output_are_errors() {
    // `--help > /dev/full` and `solve ... >&-` exited 0 having written nothing.
    let input = file_with(&format!("{EXAMPLE}\n"));
    let binary = binary().display();
    let file = input.path().display();
    for (command, message) in [
        (
            format!("'{binary}' --help > /dev/full"),
            "No space left on device",
        ),
        (
            format!("'{binary}' --version > /dev/full"),
            "No space left on device",
        ),
        (
            format!("'{binary}' solve --help >&-"),
            "standard output is closed",
        ),
        (
            format!("'{binary}' solve '{file}' >&-"),
            "standard output is closed",
        ),
        (
            format!("'{binary}' solve '{file}' > /dev/full"),
            "No space left on device",
        ),
        // Open for reading only: every write fails (EBADF).
        (
            format!("'{binary}' solve '{file}' 1< /dev/null"),
            "Bad file descriptor",
        ),
    ] {
        let output = output_within(
            assert_cmd::Command::new("sh").args(["-c", &command]),
            Duration::from_secs(20),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(message),
            "{command}: {stderr}"
        );
    }
    // Help still reaches a reader, and one that leaves early is no error.
    let output = output_within(sudoku().arg("--version"), Duration::from_secs(20));
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("sudoku "));
}

#[test]
fn a_timeout_names_the_fifo_whose_opening_it_stopped_at() {
    // `solve --timeout 1 ok.txt fifo ok.txt` said reading stopped at
    // `ok.txt:2`: opening a FIFO with no writer waits, and no record of it
    // had been read to say so.
    let folder = tempfile::tempdir().unwrap();
    let ok = folder.path().join("ok.txt");
    std::fs::write(&ok, format!("{EXAMPLE}\n")).unwrap();
    let fifo = fifo_in(folder.path(), "fifo");
    for jobs in ["1", "2"] {
        let output = output_within(
            sudoku()
                .args(["solve", "--timeout", "1", "--jobs", jobs])
                .args([&ok, &fifo, &ok]),
            Duration::from_secs(30),
        );
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("{SOLUTION}\n")
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!(
                "error: {}:1: timed out; reading stopped here, and the rest of the input was not read\n",
                fifo.display()
            )
        );
    }
}

#[test]
fn a_file_name_with_a_line_end_cannot_forge_a_diagnostic() {
    let folder = tempfile::tempdir().unwrap();
    let bad = folder.path().join("bad\nerror: forged.txt:1: fake");
    std::fs::write(&bad, "not a puzzle\n").unwrap();
    let missing = folder.path().join("missing\u{1b}[2J.txt");
    let output = output_within(
        sudoku()
            .args(["check", "--jobs", "1"])
            .arg(&bad)
            .arg(&missing),
        Duration::from_secs(20),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(
        stderr.contains("bad\\nerror: forged.txt:1: fake:1: column 1"),
        "{stderr}"
    );
    assert!(stderr.contains("missing\\u{1b}[2J.txt: "), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

#[test]
fn a_signal_ignored_when_the_run_started_stays_ignored() {
    // Under `nohup` (SIGHUP ignored), or as `command &` in a script (SIGINT
    // ignored), the run still stopped on that signal: a closed terminal, or
    // a Ctrl-C meant for the program in the foreground, ended it with 129
    // or 130.
    for signal in ["HUP", "INT"] {
        let mut child = spawn_piped(Command::new("sh").args([
            "-c",
            &format!("trap '' {signal}; exec \"$0\" solve --jobs 1"),
            binary().to_str().unwrap(),
        ]));
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{EXAMPLE}").unwrap();
        stdin.flush().unwrap();
        let stderr = read_in_background(child.stderr.take().unwrap());
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut text = String::new();
        // Once a record is answered, the run has set up its signals.
        stdout.read_line(&mut text).unwrap();
        send_signal(&child, signal);
        writeln!(stdin, "{EXAMPLE}").unwrap();
        drop(stdin);
        let status = wait_at_most(&mut child, Duration::from_secs(30), "an ignored signal");
        stdout.read_to_string(&mut text).unwrap();
        let stderr = String::from_utf8(stderr.join().unwrap()).unwrap();
        assert_eq!(status.code(), Some(0), "SIG{signal}: {stderr}");
        assert_eq!(text, format!("{SOLUTION}\n").repeat(2), "SIG{signal}");
    }
}

/// Reads `child`'s /proc/PID/`file` every 5 ms until `ready` says yes of
/// its text; fails with `what` once `limit` has passed.
fn wait_on_proc(
    child: &Child,
    file: &str,
    limit: Duration,
    what: &str,
    ready: impl Fn(&str) -> bool,
) {
    let path = format!("/proc/{}/{file}", child.id());
    let started = Instant::now();
    while !ready(&std::fs::read_to_string(&path).unwrap_or_default()) {
        assert!(started.elapsed() < limit, "{what}");
        thread::sleep(Duration::from_millis(5));
    }
}

/// Waits until `child` catches SIGINT, as its status in /proc says: a
/// signal sent before would end it as if it caught none.
fn wait_until_it_catches_signals(child: &Child) {
    let limit = Duration::from_secs(30);
    wait_on_proc(child, "status", limit, "SIGINT never caught", |status| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            // SIGINT is signal 2: bit 1.
            .is_some_and(|mask| mask & 2 != 0)
    });
}

/// Waits until `child` has used `ticks` clock ticks (hundredths of a second
/// on Linux) of processor time, as fields 14 and 15 of /proc/PID/stat say.
fn wait_until_it_has_run(child: &Child, ticks: u64) {
    let what = format!("not {ticks} ticks of processor time in a minute");
    wait_on_proc(child, "stat", Duration::from_secs(60), &what, |stat| {
        // The name in parentheses may hold spaces: count fields after it,
        // where the state is field 3.
        let used: u64 = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.split_whitespace().skip(11).take(2))
            .into_iter()
            .flatten()
            .filter_map(|field| field.parse::<u64>().ok())
            .sum();
        used >= ticks
    });
}

#[test]
fn a_signal_during_a_long_record_on_one_job_writes_the_records_before_it() {
    // With `--jobs 1` on a regular file, every record ran on the writing
    // thread: a signal during a long one (counting the solutions of an
    // empty grid) found nobody to write the records finished before it,
    // and the watchdog ended the run 2 s later with all of them lost.
    let file = file_with(&format!(
        "{EXAMPLE}\n{EXAMPLE}\n{EXAMPLE}\n{}\n",
        ".".repeat(81)
    ));
    let mut child = spawn_piped(
        Command::new(binary())
            .args(["count", "--jobs", "1", "--limit", "4000000000"])
            .arg(file.path()),
    );
    let stderr = read_in_background(child.stderr.take().unwrap());
    let stdout = read_in_background(child.stdout.take().unwrap());
    wait_until_it_catches_signals(&child);
    // Signals are caught before reading starts, so a signal sent as soon
    // as they were caught could stop the run before it read a record
    // ("interrupted before any record was read"), and on a loaded machine
    // the test failed so. The three short records take microseconds; three
    // tenths of a second of processor time means the long one is under way.
    wait_until_it_has_run(&child, 30);
    send_signal(&child, "INT");
    let status = wait_at_most(&mut child, Duration::from_secs(30), "a long record");
    let stdout = String::from_utf8(stdout.join().unwrap()).unwrap();
    let stderr = String::from_utf8(stderr.join().unwrap()).unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    // The three records before the one the signal came in, and where it
    // stopped: line 4.
    assert_eq!(stdout, "1\n".repeat(3));
    assert_eq!(
        stderr,
        format!(
            "error: {}:4: interrupted; stopped here, and the rest of the input was not written\n",
            file.path().display(),
        )
    );
}

#[test]
fn answers_go_out_while_input_keeps_coming_every_few_milliseconds() {
    // The writer flushed only after 10 ms with nothing new: a pipe that fed
    // a record every 2 ms had every answer held back until the input
    // paused or 8 KiB of answers had piled up.
    for jobs in ["1", "2"] {
        let mut child = spawn_piped(Command::new(binary()).args(["count", "--jobs", jobs]));
        let mut stdin = child.stdin.take().unwrap();
        let (first_answer, answered) = std::sync::mpsc::channel();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let reader = thread::spawn(move || {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            let _ = first_answer.send(());
            let mut rest = String::new();
            stdout.read_to_string(&mut rest).unwrap();
            line + &rest
        });
        let feeding_for = Duration::from_secs(5);
        let started = Instant::now();
        let mut fed = 0;
        while started.elapsed() < feeding_for && answered.try_recv().is_err() {
            writeln!(stdin, "{EXAMPLE}").unwrap();
            stdin.flush().unwrap();
            fed += 1;
            thread::sleep(Duration::from_millis(2));
        }
        let waited = started.elapsed();
        drop(stdin);
        let status = wait_at_most(&mut child, Duration::from_secs(30), "a fed pipe");
        assert_eq!(status.code(), Some(0), "--jobs {jobs}");
        assert_eq!(reader.join().unwrap(), "1\n".repeat(fed), "--jobs {jobs}");
        assert!(
            waited < feeding_for,
            "--jobs {jobs}: no answer in {waited:?} of input every 2 ms ({fed} records)"
        );
    }
}
