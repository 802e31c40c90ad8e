//! `sudoku judge` runs the submission contained: what it prints cannot
//! forge or hide an answer, it cannot outlive the judge nor write outside
//! its sandbox, its memory and processor time are limited, and a signal to
//! the judge ends it and removes its directory. Each test is a hostile
//! submission, mostly in Python (the quickest to build); the sandbox's own
//! tests need a working bubblewrap (`.ci/run` installs it) and say so when
//! it is missing.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::{binary, sudoku};
use crate::judge::tools_present;

/// A correct classic backtracking in Python with `before` as the first
/// statement of `solveSudoku` (and `imports` at the top of the file).
fn python(imports: &str, before: &str) -> String {
    format!(
        "{imports}
class Solution:
    def solveSudoku(self, board):
        {before}
        self.fill(board, 0)

    def fill(self, board, k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        if board[r][c] != '.':
            return self.fill(board, k + 1)
        for d in '123456789':
            if all(board[r][j] != d and board[j][c] != d
                   and board[r // 3 * 3 + j // 3][c // 3 * 3 + j % 3] != d for j in range(9)):
                board[r][c] = d
                if self.fill(board, k + 1):
                    return True
                board[r][c] = '.'
        return False
"
    )
}

fn python3_present() -> bool {
    tools_present("Python", &[&["python3"]])
}

/// Whether bubblewrap works here, as the judge asks it; `.ci/run`
/// installs it, so there a missing sandbox fails the test.
fn sandbox_present() -> bool {
    let works = std::process::Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "--unshare-all", "--", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !works {
        assert!(
            std::env::var_os("SUDOKU_LAB_REQUIRE_JUDGE_TOOLS").is_none(),
            "bubblewrap does not work here"
        );
        eprintln!("bubblewrap does not work here: this test was not run");
    }
    works
}

/// Judges `source` (saved as `name` in a directory of its own) on
/// LeetCode's example, with `options`: exit status and stdout.
fn judge(name: &str, source: &str, options: &[&str]) -> (Option<i32>, String) {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join(name);
    std::fs::write(&path, source).unwrap();
    let output = sudoku()
        .args(["judge", "--tier", "example", "--no-compare"])
        .args(options)
        .arg(&path)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// The processes whose command line holds `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(command) = std::fs::read(entry.path().join("cmdline")) {
            let command = String::from_utf8_lossy(&command).replace('\0', " ");
            if command.contains(needle) {
                found.push(command);
            }
        }
    }
    found
}

#[test]
fn a_printed_answer_marker_forges_nothing() {
    if !python3_present() {
        return;
    }
    // The old protocol's marker, with the right board, then the new one's
    // `ready`: the board itself is left as it came.
    let source = "class Solution:\n    def solveSudoku(self, board):\n        print('\\x1eANSWER 534678912672195348198342567859761423426853791713924856961537284287419635345286179 1')\n        print('ready')\n";
    let (code, stdout) = judge("forge.py", source, &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Wrong Answer\n"), "{stdout}");
}

#[test]
fn an_answer_after_output_with_no_newline_is_judged() {
    if !python3_present() {
        return;
    }
    let (code, stdout) = judge("debug.py", &python("", "print('debug', end='')"), &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.starts_with("Accepted\n"), "{stdout}");
}

#[test]
fn a_program_that_closes_its_stdout_is_still_judged() {
    if !python3_present() {
        return;
    }
    let (code, stdout) = judge("closed.py", &python("import os", "os.close(1)"), &[]);
    assert_eq!(code, Some(0), "{stdout}");
}

#[test]
fn a_cell_set_to_a_newline_is_a_wrong_answer() {
    if !python3_present() {
        return;
    }
    let (code, stdout) = judge(
        "newline.py",
        &python("", "board[0][2] = '\\n'\n        return"),
        &[],
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Wrong Answer\n"), "{stdout}");
}

#[test]
fn nothing_the_program_starts_outlives_the_judge() {
    if !python3_present() {
        return;
    }
    // A child that holds stdout and sleeps, and one that leaves the
    // session; with the sandbox and without it.
    let mut modes: Vec<&[&str]> = vec![&["--no-sandbox"]];
    if sandbox_present() {
        modes.push(&[]);
    }
    for (index, options) in modes.into_iter().enumerate() {
        let seconds = format!("4242.{index}{}", std::process::id());
        let before = format!(
            "subprocess.Popen(['sleep', '{seconds}'])\n        subprocess.Popen(['sleep', '{seconds}'], start_new_session=True, stdout=subprocess.DEVNULL)"
        );
        let (code, stdout) = judge(
            "children.py",
            &python("import subprocess", &before),
            options,
        );
        assert_eq!(code, Some(0), "{options:?}: {stdout}");
        let left = processes_with(&seconds);
        assert!(left.is_empty(), "{options:?}: still running: {left:?}");
    }
}

#[test]
fn a_program_that_kills_its_parent_does_not_kill_the_judge() {
    if !python3_present() {
        return;
    }
    for options in [&["--no-sandbox"][..], &[]] {
        let (code, stdout) = judge(
            "parricide.py",
            &python("import os", "os.kill(os.getppid(), 9)"),
            options,
        );
        // The judge lives to give a verdict: the launcher above the
        // program took the signal (or, sandboxed, nothing did).
        assert!(
            matches!(code, Some(0 | 1)),
            "{options:?}: {code:?} {stdout}"
        );
        assert!(!stdout.is_empty(), "{options:?}");
    }
}

#[test]
fn a_write_outside_the_sandbox_fails() {
    if !python3_present() || !sandbox_present() {
        return;
    }
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("escaped.txt");
    // First it remounts the root writable, which root's capabilities
    // would allow in a sandbox that kept them.
    let before = format!(
        "libc = ctypes.CDLL(None, use_errno=True)\n        libc.mount(None, b'/', None, 32 | 4096, None)\n        try:\n            open({:?}, 'w').write('x')\n        except OSError:\n            pass",
        target.display().to_string()
    );
    let (code, stdout) = judge("writes.py", &python("import ctypes", &before), &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        !target.exists(),
        "the submission wrote {}",
        target.display()
    );
    // Without the sandbox it can: the README says so.
    let (code, _) = judge(
        "writes.py",
        &python("import ctypes", &before),
        &["--no-sandbox"],
    );
    assert_eq!(code, Some(0));
    assert!(target.exists());
}

#[test]
fn memory_over_the_limit_is_memory_limit_exceeded() {
    if !python3_present() {
        return;
    }
    // Allocated and never touched, and touched as it grows (a list of
    // 40 million numbers); Python's allocations fail at the address space
    // limit, and the MemoryError is the verdict's.
    for before in [
        "global big\n        big = bytearray(3 * 10**9)",
        "global big\n        big = [k for k in range(40 * 10**6)]",
    ] {
        let (code, stdout) = judge("greedy.py", &python("", before), &["--memory-limit", "256"]);
        assert_eq!(code, Some(1), "{before}: {stdout}");
        assert!(
            stdout.starts_with("Memory Limit Exceeded\n"),
            "{before}: {stdout}"
        );
    }
}

#[test]
fn a_flood_of_output_is_cut_at_the_limit() {
    if !python3_present() {
        return;
    }
    let (code, stdout) = judge(
        "flood.py",
        &python("import sys", "sys.stdout.write('x' * 10**8)"),
        &[],
    );
    assert_eq!(code, Some(1), "{}", &stdout[..stdout.len().min(400)]);
    assert!(stdout.starts_with("Output Limit Exceeded\n"));
    // What is shown of it is a few lines, not the megabyte.
    assert!(stdout.len() < 64 * 1024, "{} bytes shown", stdout.len());
}

#[test]
fn the_time_limit_is_processor_time_with_a_wall_clock_backstop() {
    if !python3_present() {
        return;
    }
    // Sleeping uses no processor time: the backstop stops it, several
    // times the limit later.
    let started = Instant::now();
    let (code, stdout) = judge(
        "sleeps.py",
        &python("import time", "time.sleep(100)"),
        &["--time-limit", "0.2"],
    );
    let took = started.elapsed();
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Time Limit Exceeded\n"), "{stdout}");
    assert!(took >= Duration::from_secs(2), "stopped after {took:?}");
    assert!(took < Duration::from_secs(60), "stopped after {took:?}");
}

/// Starts `sudoku judge` on a submission that loops forever, with TMPDIR a
/// fresh directory; once the submission runs, sends `signal`; returns the
/// judge's exit status and what is left in TMPDIR.
fn signalled(signal: &str) -> (Option<i32>, Vec<String>, Vec<String>) {
    signalled_with(signal, &[])
}

/// [`signalled`], with more options for the judge.
fn signalled_with(signal: &str, options: &[&str]) -> (Option<i32>, Vec<String>, Vec<String>) {
    let temporary = tempfile::tempdir().unwrap();
    let submission = temporary.path().join("loops.py");
    std::fs::write(
        &submission,
        python("", "while board[0][0] != '0':\n            pass"),
    )
    .unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let mut judge = std::process::Command::new(binary())
        .args(["judge", "--tier", "example", "--time-limit", "60"])
        .args(options)
        .arg(&submission)
        .env("TMPDIR", scratch.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the submission's harness runs (its command line names
    // the judge's directory inside TMPDIR): the harness itself, not the
    // launcher or bubblewrap, whose command lines name it too (before
    // `--`) while they are still setting up. A signal in that setup can
    // land before bubblewrap's sandbox has set its own death signal, which
    // no code here can close, and which is not what this test is for.
    let needle = scratch.path().display().to_string();
    let started = Instant::now();
    while processes_with(&format!("{needle}/sudoku-judge-"))
        .iter()
        .all(|command| !command.contains("harness.py") || command.contains(" -- "))
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the harness never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args([signal, &judge.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let code = loop {
        if let Some(status) = judge.try_wait().unwrap() {
            break status.code();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the judge did not stop"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let left: Vec<String> = std::fs::read_dir(scratch.path())
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    (code, left, processes_with(&needle))
}

#[test]
fn sigint_sigterm_and_sighup_end_the_program_and_remove_the_directory() {
    if !python3_present() {
        return;
    }
    for (signal, status) in [("-INT", 130), ("-TERM", 143), ("-HUP", 129)] {
        let (code, left, running) = signalled(signal);
        assert_eq!(code, Some(status), "{signal}");
        assert!(left.is_empty(), "{signal}: left in TMPDIR: {left:?}");
        assert!(running.is_empty(), "{signal}: still running: {running:?}");
    }
}

#[test]
fn accepted_sets_you_beside_every_approach_and_the_references() {
    if !python3_present() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("classic.py");
    std::fs::write(&path, python("", "pass")).unwrap();
    let output = sudoku()
        .args(["judge", "--tier", "example"])
        .arg(&path)
        .timeout(Duration::from_secs(300))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let table = stdout
        .split_once("How you compare")
        .map_or_else(|| panic!("no comparison in\n{stdout}"), |(_, table)| table);
    for name in sudoku_catalog::APPROACHES
        .iter()
        .map(|approach| approach.id)
        .chain([
            "notes/solutions/backtracking.py",
            "notes/solutions/masks.py",
        ])
    {
        let row = table
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row for {name} in\n{table}"));
        assert!(row.contains('×'), "{row}");
    }
    assert!(Path::new(&path).exists());
}

#[test]
fn a_launcher_whose_parent_has_ended_starts_nothing() {
    // `--parent` names a process that is not this launcher's parent: as
    // if the judge had been killed before the launcher set its death
    // signal, so that no signal would ever come.
    let temporary = tempfile::tempdir().unwrap();
    let marker = temporary.path().join("started");
    let output = std::process::Command::new(binary())
        .args([
            "__contain",
            "--parent",
            &u32::MAX.to_string(),
            "--",
            "touch",
        ])
        .arg(&marker)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(126), "{output:?}");
    assert!(!marker.exists());
    // With its real parent named, it runs the program.
    let output = std::process::Command::new(binary())
        .args([
            "__contain",
            "--parent",
            &std::process::id().to_string(),
            "--",
            "touch",
        ])
        .arg(&marker)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(marker.exists());
}

#[test]
fn a_judge_killed_outright_takes_the_program_with_it() {
    if !python3_present() {
        return;
    }
    let mut modes: Vec<&[&str]> = vec![&["--no-sandbox"]];
    if sandbox_present() {
        modes.push(&[]);
    }
    for options in modes {
        // SIGKILL cannot be caught: the launcher's death signal does it.
        let (_, _, running) = signalled_with("-KILL", options);
        let started = Instant::now();
        let mut running = running;
        while !running.is_empty() && started.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(50));
            running.retain(|command| !processes_with(command).is_empty());
        }
        assert!(
            running.is_empty(),
            "{options:?}: still running: {running:?}"
        );
    }
}

#[test]
fn work_in_short_lived_children_counts_against_the_time_limit() {
    if !python3_present() {
        return;
    }
    // Each child spins a few milliseconds and ends before the judge's next
    // look at the processes; together they use seconds.
    let before = "for _ in range(1500):\n            pid = os.fork()\n            if pid == 0:\n                end = time.thread_time() + 0.003\n                while time.thread_time() < end:\n                    pass\n                os._exit(0)\n            os.waitpid(pid, 0)";
    let (code, stdout) = judge(
        "forks.py",
        &python("import os, time", before),
        &["--time-limit", "1"],
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Time Limit Exceeded\n"), "{stdout}");
    assert!(!stdout.contains("blocked or sleeping"), "{stdout}");
}

#[test]
fn files_in_the_sandbox_s_tmp_are_bounded() {
    if !python3_present() || !sandbox_present() {
        return;
    }
    // 600 MiB kept in /tmp would be memory the limit does not see.
    let before =
        "for k in range(600):\n            open('/tmp/f%d' % k, 'wb').write(bytes(1 << 20))";
    let (code, stdout) = judge("hoards.py", &python("", before), &["--memory-limit", "256"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Runtime Error\n"), "{stdout}");
}

#[test]
fn the_sandbox_hides_the_host_s_unix_sockets() {
    if !python3_present() || !sandbox_present() {
        return;
    }
    // A socket where hosts keep theirs (a session bus, an agent).
    let path = Path::new("/var/tmp").join(format!("sudoku-judge-test-{}.sock", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    listener.set_nonblocking(true).unwrap();
    let before = format!(
        "s = socket.socket(socket.AF_UNIX)\n        try:\n            s.connect({:?})\n            s.send(b'x')\n        except OSError:\n            pass",
        path.display().to_string()
    );
    let (code, stdout) = judge("reaches.py", &python("import socket", &before), &[]);
    let reached = listener.accept().is_ok();
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(!reached, "the submission reached {}", path.display());
}

#[test]
fn a_compile_error_cannot_drive_the_terminal() {
    if !python3_present() {
        return;
    }
    let (code, stdout) = judge("escapes.py", "x = (\n'\x1b]0;PWNED\x07\x1b[2J'\n", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.starts_with("Compile Error\n"), "{stdout}");
    assert!(
        !stdout.contains('\x1b') && !stdout.contains('\x07'),
        "{stdout:?}"
    );
}
