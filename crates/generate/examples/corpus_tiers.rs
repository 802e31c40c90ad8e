//! Makes the generated tiers of the embedded corpus (`crates/core/corpus/`).
//!
//! For seeds 1, 2, 3, ... it generates a minimal puzzle and measures how hard
//! it is for the classic approaches: the number of placements a row-major,
//! digits-1-to-9 backtracking search makes before it finds the solution. All
//! five published approaches make exactly these placements, so the count ranks
//! puzzles for all of them at once. Each puzzle goes to the tier its count
//! falls in, until every tier has `PER_TIER` puzzles.
//!
//! Run: `cargo run --release -p sudoku-generate --example corpus_tiers`

use sudoku_core::Board;
use sudoku_generate::generate;

const PER_TIER: usize = 12;

/// (name, fewest placements, most placements) of each tier.
const TIERS: [(&str, u64, u64); 3] = [
    ("easy", 0, 999),
    ("medium", 1_000, 49_999),
    ("hard", 50_000, 1_000_000),
];

fn main() {
    let mut tiers: Vec<Vec<String>> = vec![Vec::new(); TIERS.len()];
    let mut seed = 0u64;
    while tiers.iter().any(|tier| tier.len() < PER_TIER) {
        seed += 1;
        let generated = generate(seed);
        let placements = classic_placements(&generated.puzzle, TIERS[2].2 + 1);
        for (tier, &(name, low, high)) in tiers.iter_mut().zip(&TIERS) {
            if (low..=high).contains(&placements) && tier.len() < PER_TIER {
                tier.push(format!(
                    "{} {} {name}-seed-{seed} clues={} placements={placements}",
                    generated.puzzle,
                    generated.solution,
                    generated.puzzle.givens()
                ));
            }
        }
    }
    for (tier, (name, _, _)) in tiers.iter().zip(&TIERS) {
        println!("== {name}");
        for line in tier {
            println!("{line}");
        }
    }
}

/// Placements a row-major, 1-to-9 backtracking search makes until it solves
/// `puzzle`, or `cap` if it would make more.
fn classic_placements(puzzle: &Board, cap: u64) -> u64 {
    fn search(cells: &mut [u8; 81], from: usize, placements: &mut u64, cap: u64) -> bool {
        let Some(index) = (from..81).find(|&index| cells[index] == 0) else {
            return true;
        };
        let (row, column) = (index / 9, index % 9);
        for digit in 1..=9 {
            let clashes = (0..9).any(|k| {
                cells[row * 9 + k] == digit
                    || cells[k * 9 + column] == digit
                    || cells[(row / 3 * 3 + k / 3) * 9 + column / 3 * 3 + k % 3] == digit
            });
            if clashes {
                continue;
            }
            *placements += 1;
            if *placements >= cap {
                return true;
            }
            cells[index] = digit;
            if search(cells, index + 1, placements, cap) {
                return true;
            }
            cells[index] = 0;
        }
        false
    }
    let mut cells = *puzzle.cells();
    let mut placements = 0;
    search(&mut cells, 0, &mut placements, cap);
    placements.min(cap)
}
