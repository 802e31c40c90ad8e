//! The judge's cases: the corpus tiers `--tier` names, and the puzzles of
//! `--cases`, each with its one solution.

use std::path::Path;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::corpus::Tier;
use sudoku_core::Board;

use crate::input::{each_record, OnRecord};
use crate::output::Status;

/// The tiers the judge runs, in the order they run: the corpus's, but
/// `famous`, with `examples` cut down to LeetCode's own example.
pub const TIERS: [Tier; 5] = [
    Tier::Examples,
    Tier::Easy,
    Tier::Medium,
    Tier::Hard,
    Tier::Hardest,
];

/// The puzzle of [`Tier::Examples`] that the judge runs: LeetCode's own.
const LEETCODE_EXAMPLE: &str = "leetcode-37-example";

/// A tier's name in the judge (`--tier`, and its cases' group): `example`
/// for the one example it runs, the corpus's name for the others.
pub fn tier_name(tier: Tier) -> &'static str {
    match tier {
        Tier::Examples => "example",
        _ => tier.name(),
    }
}

/// `--tier`'s values: the names of [`TIERS`], which clap lists in `--help`
/// and in its error for any other value.
pub fn tier_parser() -> impl TypedValueParser<Value = Tier> {
    let values = TIERS.map(|tier| {
        let value = PossibleValue::new(tier_name(tier));
        match tier {
            Tier::Examples => value.help("LeetCode's own example"),
            _ => value,
        }
    });
    PossibleValuesParser::new(values).try_map(|name| {
        TIERS
            .into_iter()
            .find(|&tier| tier_name(tier) == name)
            .ok_or_else(|| format!("no tier named {name}"))
    })
}

/// One case: a puzzle with exactly one solution.
pub struct Case {
    pub name: String,
    /// What it is reported under: the tier's name, or the file's.
    pub group: String,
    /// The tier it comes from; none for a case of `--cases`.
    pub tier: Option<Tier>,
    pub puzzle: Board,
    pub solution: Board,
}

/// The cases: LeetCode's example, the chosen `tiers` in rising difficulty,
/// then those of `file`, each with its one solution.
pub fn cases(tiers: &[Tier], file: Option<&Path>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for tier in TIERS {
        if !tiers.contains(&tier) {
            continue;
        }
        let entries = tier
            .puzzles()
            .into_iter()
            .filter(|entry| tier != Tier::Examples || entry.name == LEETCODE_EXAMPLE);
        for entry in entries {
            let solution = entry
                .solution
                .ok_or_else(|| format!("the corpus has no solution for {}", entry.name))?;
            cases.push(Case {
                name: entry.name,
                group: tier_name(tier).to_string(),
                tier: Some(tier),
                puzzle: entry.puzzle,
                solution,
            });
        }
    }
    if let Some(file) = file {
        let group = file.display().to_string();
        let mut problem: Option<String> = None;
        let status = each_record(
            &[file.to_path_buf()],
            None,
            &mut OnRecord(|source, entry| {
                let place = format!("{source}:{}", entry.line);
                let found = match entry.board {
                    Err(message) => Err(message),
                    // Screening decides it with bitboard's search.
                    Ok(puzzle) => match screen(&puzzle) {
                        Screening::Unsolvable => Err("it has no solution".to_string()),
                        Screening::Multiple(_) => Err(
                            "it has more than one solution (LeetCode promises exactly one)"
                                .to_string(),
                        ),
                        Screening::Unique(solution) => Ok((puzzle, solution)),
                    },
                };
                match found {
                    Ok((puzzle, solution)) => cases.push(Case {
                        name: place,
                        group: group.clone(),
                        tier: None,
                        puzzle,
                        solution,
                    }),
                    Err(reason) => {
                        problem.get_or_insert(format!("{place}: not a case: {reason}"));
                    }
                }
                Ok(())
            }),
        )
        .map_err(|error| format!("{group}: {error}"))?;
        if let Some(problem) = problem {
            return Err(problem);
        }
        if status != Status::Success {
            return Err(format!("could not read {group}"));
        }
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge names a case in its verdicts (`case 3 of 37: NAME
    /// (easy)`, `the slowest: NAME`): `sudoku corpus NAME` must print that
    /// very puzzle, so a learner can run it again alone.
    #[test]
    fn every_case_name_the_judge_prints_is_one_sudoku_corpus_takes() {
        let cases = cases(&TIERS, None).unwrap();
        assert!(cases.len() > TIERS.len());
        let entries = crate::commands::corpus::entries();
        for case in &cases {
            let names = [case.name.clone()];
            let selected = crate::commands::corpus::select(&entries, &names)
                .unwrap_or_else(|_| panic!("sudoku corpus does not know {}", case.name));
            assert_eq!(selected.len(), 1, "{}", case.name);
            assert_eq!(selected[0].puzzle, case.puzzle, "{}", case.name);
        }
    }
}
