//! The catalog's difficulty measure, `sudoku_catalog::screen::classic_placements`,
//! against what it claims to measure: the placements the classics make.
//!
//! The corpus tiers are cut by that measure, and the judge, `sudoku compare`
//! and the benches keep the classics off a puzzle by it; a measure that
//! drifted from the classics' search would put puzzles in the wrong tier or
//! run a classic for minutes, and no other test would notice. Here it is
//! checked against the traced classics (the code of their LeetCode regions,
//! with probes) and against the `placements=` that each generated tier's
//! file records.

use pretty_assertions::assert_eq;
use sudoku_catalog::screen::classic_placements_within_limit;
use sudoku_catalog::Family;
use sudoku_core::corpus::Tier;
use sudoku_trace::{trace, Approach, Counter};

/// The published classics, from the catalog, as sudoku-trace compiles them.
fn classics() -> Vec<&'static Approach> {
    let classics: Vec<&'static Approach> = sudoku_catalog::APPROACHES
        .iter()
        .filter(|approach| approach.family == Family::Published)
        .map(|approach| sudoku_trace::find(approach.id).unwrap())
        .collect();
    assert_eq!(classics.len(), 5, "the five published classics");
    classics
}

/// The file of a generated tier, as it ships.
fn tier_file(tier: Tier) -> &'static str {
    match tier {
        Tier::Easy => include_str!("../../core/corpus/easy.txt"),
        Tier::Medium => include_str!("../../core/corpus/medium.txt"),
        Tier::Hard => include_str!("../../core/corpus/hard.txt"),
        Tier::Hardest => include_str!("../../core/corpus/hardest.txt"),
        Tier::Examples | Tier::Famous => panic!("{tier} records no placements"),
    }
}

/// What each line of a generated tier's file records as its `placements=`,
/// with the puzzle's name, in file order.
fn recorded_placements(tier: Tier) -> Vec<(String, String)> {
    tier_file(tier)
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let recorded = fields
                .iter()
                .find_map(|field| field.strip_prefix("placements="))
                .unwrap_or_else(|| panic!("{tier}.txt: no placements= in {line}"));
            (fields[2].to_string(), recorded.to_string())
        })
        .collect()
}

#[test]
fn the_measure_is_what_every_classic_places_and_what_the_tier_files_record() {
    let classics = classics();
    let tiers: Vec<Tier> = Tier::ALL
        .into_iter()
        .filter(|tier| !tier.fast_only())
        .collect();
    assert_eq!(
        tiers,
        [
            Tier::Examples,
            Tier::Famous,
            Tier::Easy,
            Tier::Medium,
            Tier::Hard
        ]
    );
    let mut puzzles = 0;
    for tier in tiers {
        let entries = tier.puzzles();
        let recorded = match tier {
            Tier::Easy | Tier::Medium | Tier::Hard => Some(recorded_placements(tier)),
            _ => None,
        };
        if let Some(recorded) = &recorded {
            let names: Vec<&str> = recorded.iter().map(|(name, _)| name.as_str()).collect();
            let expected: Vec<&str> = entries.iter().map(|entry| entry.name.as_str()).collect();
            assert_eq!(names, expected, "{tier}.txt");
        }
        for (number, entry) in entries.iter().enumerate() {
            let measured = classic_placements_within_limit(&entry.puzzle)
                .unwrap_or_else(|too_hard| panic!("{}: {too_hard:?}", entry.name));
            for &classic in &classics {
                assert_eq!(
                    measured,
                    trace(classic, &entry.puzzle, 0)
                        .counts
                        .get(Counter::Placements),
                    "classic_placements and {} on {}",
                    classic.id,
                    entry.name
                );
            }
            if let Some(recorded) = &recorded {
                assert_eq!(
                    measured.to_string(),
                    recorded[number].1,
                    "classic_placements and {tier}.txt on {}",
                    entry.name
                );
            }
            puzzles += 1;
        }
    }
    assert!(puzzles >= 40, "{puzzles}");
}

#[test]
fn the_hardest_tier_reaches_the_cap_its_file_records() {
    let recorded = recorded_placements(Tier::Hardest);
    let entries = Tier::Hardest.puzzles();
    assert_eq!(recorded.len(), entries.len());
    for ((name, placements), entry) in recorded.iter().zip(&entries) {
        assert_eq!(*name, entry.name);
        let too_hard = classic_placements_within_limit(&entry.puzzle).unwrap_err();
        assert_eq!(*placements, format!("{}+", too_hard.placements), "{name}");
    }
}
