
// ---- Added by `sudoku judge`, not part of your submission: reads one
// puzzle per line (and how many times to solve it, for timing), solves it
// with your Solution, and sends the board back with the time it took on the
// judge's own channel (file descriptor 3), never on your stdout. ----
fn main() {
    use std::io::{BufRead, Write};
    // The processor time this thread has run, in nanoseconds (the C
    // library's clock_gettime, with Linux's CLOCK_THREAD_CPUTIME_ID, 3).
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    fn thread_time() -> u128 {
        let mut now = Timespec { seconds: 0, nanos: 0 };
        // SAFETY: `now` is a valid timespec for the call to write.
        if unsafe { clock_gettime(3, &mut now) } != 0 {
            return 0;
        }
        now.seconds as u128 * 1_000_000_000 + now.nanos as u128
    }
    let Ok(mut answers) = std::fs::OpenOptions::new().write(true).open("/proc/self/fd/3") else {
        std::process::exit(125);
    };
    let _ = answers.write_all(b"ready\n");
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let (puzzle, repeats) = line.split_once(' ').unwrap_or((&line, "1"));
        let repeats: u32 = repeats.parse().unwrap_or(1).max(1);
        let cells: Vec<char> = puzzle.chars().collect();
        let mut board = Vec::new();
        let (cpu, wall) = (thread_time(), std::time::Instant::now());
        for _ in 0..repeats {
            board = cells.chunks(9).map(<[char]>::to_vec).collect();
            Solution::solve_sudoku(&mut board);
        }
        let cpu = thread_time().saturating_sub(cpu) / u128::from(repeats);
        let wall = wall.elapsed().as_nanos() / u128::from(repeats);
        let text: String = board.iter().flatten().collect();
        let _ = write!(answers, "{cpu} {wall} {}\n{text}\n", text.len());
        let _ = answers.flush();
    }
}
