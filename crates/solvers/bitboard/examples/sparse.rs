//! How many guesses the bitboard solver makes counting to two on random
//! sparse boards ([`sudoku_bitboard::measure::random_sparse_board`], at
//! most 24 givens that do not conflict), the boards where a fixed guessing
//! rule can wander: how many boards, how many need more than 4,096 guesses
//! (where the search starts again carefully) and more than 100,000, the
//! mean and the most, the slowest board's time, and the first ten boards
//! that needed the restart.
//!
//! ```sh
//! cargo run --release -p sudoku-bitboard --example sparse -- [BOARDS] [SEED]
//! ```
//!
//! BOARDS defaults to 30,000 and SEED (a xorshift state, not 0) to 1, the
//! unit test's; the same arguments give the same boards on any machine.

use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| match arguments.get(index) {
        None => Ok(default),
        Some(text) => text.parse::<u64>().ok().filter(|&n| n > 0).ok_or(text),
    };
    let (boards, mut seed) = match (number(0, 30_000), number(1, 1)) {
        (Ok(boards), Ok(seed)) if arguments.len() <= 2 => (boards, seed),
        _ => {
            eprintln!("usage: sparse [BOARDS] [SEED] (whole numbers above 0)");
            return ExitCode::from(2);
        }
    };
    let (mut total, mut restarted, mut huge, mut most) = (0u64, 0u64, 0u64, 0usize);
    let mut slowest = (Duration::ZERO, [0u8; 81]);
    let mut restarting = Vec::new();
    for _ in 0..boards {
        let board = sudoku_bitboard::measure::random_sparse_board(&mut seed);
        let start = Instant::now();
        let guesses = sudoku_bitboard::measure::count_guesses(&board, 2);
        let took = start.elapsed();
        if took > slowest.0 {
            slowest = (took, board);
        }
        total += guesses as u64;
        restarted += u64::from(guesses > 4096);
        if guesses > 4096 && restarting.len() < 10 {
            restarting.push((guesses, board));
        }
        huge += u64::from(guesses > 100_000);
        most = most.max(guesses);
    }
    let line = |board: &[u8; 81]| -> String {
        board
            .iter()
            .map(|&digit| {
                if digit == 0 {
                    '.'
                } else {
                    char::from(b'0' + digit)
                }
            })
            .collect()
    };
    println!("boards {boards}, over 4,096 guesses {restarted}, over 100,000 {huge}");
    // Both far below 2^52.
    #[allow(clippy::cast_precision_loss)]
    let mean = total as f64 / boards as f64;
    println!("guesses counting to 2: mean {mean:.1}, most {most}");
    println!(
        "slowest {:.3} ms: {}",
        slowest.0.as_secs_f64() * 1e3,
        line(&slowest.1)
    );
    for (guesses, board) in &restarting {
        println!("over 4,096: {guesses} guesses: {}", line(board));
    }
    ExitCode::SUCCESS
}
