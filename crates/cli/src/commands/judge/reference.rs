//! `sudoku __harness ID`: one of the catalog's approaches behind the same
//! harness as a submission (the protocol of `child`, the same board built
//! for each solve, the same clock), so that "how you compare" times yours
//! and the approaches' in processes of the same shape.

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The harness's first argument; `main` hands it here before it parses a
/// command (it is not a command of users).
pub const HARNESS: &str = "__harness";

/// The command that runs `approach` behind the harness.
pub fn argv(approach: &str) -> std::io::Result<Vec<OsString>> {
    Ok(vec![
        std::env::current_exe()?.into(),
        HARNESS.into(),
        approach.into(),
    ])
}

/// Serves the approach named by the second argument on stdin and file
/// descriptor 3, as the harness of a Rust submission does.
pub fn serve() -> ExitCode {
    let id = std::env::args().nth(2).unwrap_or_default();
    let Some(approach) = sudoku_catalog::APPROACHES
        .iter()
        .find(|approach| approach.id == id)
    else {
        return ExitCode::from(2);
    };
    let Ok(mut answers) = std::fs::OpenOptions::new()
        .write(true)
        .open("/proc/self/fd/3")
    else {
        return ExitCode::from(2);
    };
    if answers.write_all(b"ready\n").is_err() {
        return ExitCode::from(2);
    }
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let (puzzle, repeats) = line.split_once(' ').unwrap_or((&line, "1"));
        let repeats: u32 = repeats.parse().unwrap_or(1).max(1);
        let cells: Vec<char> = puzzle.chars().collect();
        let mut board = Vec::new();
        let (cpu, wall) = (thread_time(), std::time::Instant::now());
        for _ in 0..repeats {
            board = cells.chunks(9).map(<[char]>::to_vec).collect();
            (approach.solve_sudoku)(&mut board);
        }
        let cpu = thread_time().saturating_sub(cpu) / u128::from(repeats);
        let wall = wall.elapsed().as_nanos() / u128::from(repeats);
        let text: String = board.iter().flatten().collect();
        let frame = format!("{cpu} {wall} {}\n{text}\n", text.len());
        if answers.write_all(frame.as_bytes()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// The processor time this thread has run, in nanoseconds (the clock the
/// harnesses of every language read).
fn thread_time() -> u128 {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    u128::try_from(now.tv_sec).unwrap_or(0) * 1_000_000_000
        + u128::try_from(now.tv_nsec).unwrap_or(0)
}
