
// ---- Added by `sudoku judge`, not part of your submission: reads one
// puzzle per line (and how many times to solve it, for timing), solves it
// with your Solution, writes the board back with the mean time. ----
fn main() {
    use std::io::{BufRead, Write};
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let (puzzle, repeats) = line.split_once(' ').unwrap_or((&line, "1"));
        let repeats: u32 = repeats.parse().unwrap_or(1).max(1);
        let cells: Vec<char> = puzzle.chars().collect();
        let mut board = Vec::new();
        let mut nanos = 0;
        for _ in 0..repeats {
            board = cells.chunks(9).map(<[char]>::to_vec).collect();
            let started = std::time::Instant::now();
            Solution::solve_sudoku(&mut board);
            nanos += started.elapsed().as_nanos();
        }
        let nanos = nanos / u128::from(repeats);
        let text: String = board.iter().flatten().collect();
        let _ = writeln!(out, "\u{1e}ANSWER {text} {nanos}");
        let _ = out.flush();
    }
}
