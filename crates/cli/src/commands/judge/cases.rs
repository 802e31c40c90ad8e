//! The judge's cases: the corpus tiers `--tier` names, and the puzzles of
//! `--cases`, each with its one solution.

use std::path::Path;

use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::corpus::Tier;
use sudoku_core::Board;

use crate::input::{each_record, OnRecord};
use crate::output::Status;

/// The groups of cases, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CaseTier {
    /// LeetCode's own example.
    Example,
    Easy,
    Medium,
    Hard,
    Hardest,
}

impl CaseTier {
    pub const ALL: [CaseTier; 5] = [
        CaseTier::Example,
        CaseTier::Easy,
        CaseTier::Medium,
        CaseTier::Hard,
        CaseTier::Hardest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CaseTier::Example => "example",
            CaseTier::Easy => "easy",
            CaseTier::Medium => "medium",
            CaseTier::Hard => "hard",
            CaseTier::Hardest => "hardest",
        }
    }
}

/// One case: a puzzle with exactly one solution.
pub struct Case {
    pub name: String,
    /// What it is reported under: the tier's name, or the file's.
    pub group: String,
    pub puzzle: Board,
    pub solution: Board,
}

/// The cases: LeetCode's example, the chosen `tiers` in rising difficulty,
/// then those of `file`, each with its one solution.
pub fn cases(tiers: &[CaseTier], file: Option<&Path>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for tier in CaseTier::ALL {
        if !tiers.contains(&tier) {
            continue;
        }
        let entries = match tier {
            CaseTier::Example => Tier::Examples
                .puzzles()
                .into_iter()
                .filter(|entry| entry.name == "leetcode-37-example")
                .collect(),
            CaseTier::Easy => Tier::Easy.puzzles(),
            CaseTier::Medium => Tier::Medium.puzzles(),
            CaseTier::Hard => Tier::Hard.puzzles(),
            CaseTier::Hardest => Tier::Hardest.puzzles(),
        };
        for entry in entries {
            let solution = entry
                .solution
                .ok_or_else(|| format!("the corpus has no solution for {}", entry.name))?;
            cases.push(Case {
                name: entry.name,
                group: tier.name().to_string(),
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
        let cases = cases(&CaseTier::ALL, None).unwrap();
        assert!(cases.len() > CaseTier::ALL.len());
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
