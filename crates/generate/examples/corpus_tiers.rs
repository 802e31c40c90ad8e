//! Makes the generated tiers of the embedded corpus (`crates/core/corpus/`).
//!
//! For seeds 1, 2, 3, ... it generates a minimal puzzle and measures how hard
//! it is for the classic approaches: the number of placements a row-major,
//! digits-1-to-9 backtracking search makes before it finds the solution. All
//! five published approaches make exactly these placements, so the count ranks
//! puzzles for all of them at once. Each puzzle goes to the tier its count
//! falls in, until every tier has its number of puzzles. Placements are
//! counted no further than 10 million: past that a puzzle is "hardest".
//!
//! Run: `cargo run --release -p sudoku-generate --example corpus_tiers`

use sudoku_catalog::screen::classic_placements_within_limit;
use sudoku_generate::generate;

/// (name, fewest placements, most placements, how many puzzles) of each tier.
/// "hardest" is for the fast approaches only: a classic approach needs
/// over ten million placements per puzzle there.
const TIERS: [(&str, u64, u64, usize); 4] = [
    ("easy", 0, 999, 12),
    ("medium", 1_000, 49_999, 12),
    ("hard", 50_000, 1_000_000, 12),
    ("hardest", PAST_THE_LIMIT, PAST_THE_LIMIT, 6),
];

/// Where a puzzle past the classic approaches' limit (ten million
/// placements, where counting stops) falls in `TIERS`.
const PAST_THE_LIMIT: u64 = u64::MAX;

fn main() {
    let mut tiers: Vec<Vec<String>> = vec![Vec::new(); TIERS.len()];
    let mut seed = 0u64;
    while tiers
        .iter()
        .zip(&TIERS)
        .any(|(tier, &(_, _, _, wanted))| tier.len() < wanted)
    {
        seed += 1;
        let generated = generate(seed);
        // Counting stops at the classics' limit, the hardest tier's floor: that
        // is all it needs to know.
        let (placements, shown) = match classic_placements_within_limit(&generated.puzzle) {
            Ok(placements) => (placements, placements.to_string()),
            Err(too_hard) => (PAST_THE_LIMIT, format!("{}+", too_hard.placements)),
        };
        for (tier, &(name, low, high, wanted)) in tiers.iter_mut().zip(&TIERS) {
            if (low..=high).contains(&placements) && tier.len() < wanted {
                tier.push(format!(
                    "{} {} {name}-seed-{seed} clues={} placements={shown}",
                    generated.puzzle,
                    generated.solution,
                    generated.puzzle.givens()
                ));
            }
        }
    }
    for (tier, (name, _, _, _)) in tiers.iter().zip(&TIERS) {
        println!("== {name}");
        for line in tier {
            println!("{line}");
        }
    }
}
