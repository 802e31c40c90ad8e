//! The judge's cases: the corpus tiers `--tier` names, and the puzzles of
//! `--cases`, each with its one solution.

use std::io;
use std::path::Path;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::corpus::Tier;
use sudoku_core::Board;

use crate::input::{each_record, Entry, Sink, Source};
use crate::output::Status;

/// The tiers the judge can run, in the order they run: the corpus's, but
/// `famous`, with `examples` cut down to LeetCode's own example.
pub const TIERS: [Tier; 5] = [
    Tier::Examples,
    Tier::Easy,
    Tier::Medium,
    Tier::Hard,
    Tier::Hardest,
];

/// The tiers the judge runs unless told otherwise: all of [`TIERS`] but
/// `hardest`, a stress tier (`--stress`) far beyond LeetCode's own tests,
/// where a correct classic backtracking in Python runs out of time.
pub const DEFAULT_TIERS: [Tier; 4] = [Tier::Examples, Tier::Easy, Tier::Medium, Tier::Hard];

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
            Tier::Hardest => value.help("a stress tier, far beyond LeetCode's tests (--stress)"),
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
///
/// # Errors
/// The first problem with `file`, in a sentence: it cannot be read, it is
/// not a file of puzzles, or a record of it is not a case.
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
        cases.extend(file_cases(file)?);
    }
    Ok(cases)
}

/// The most cases `--cases` may hold: more is refused, not read on.
pub const MOST_FILE_CASES: usize = 10_000;

/// The most bytes read of the `--cases` file: room for [`MOST_FILE_CASES`]
/// cases in the roomiest form, comments and all. The judge must have every
/// case before it starts, so an endless input (a pipe from `yes`) is
/// stopped here.
const MOST_FILE_BYTES: u64 = 64 << 20;

/// The cases of `--cases`, read until the first record that is not one.
fn file_cases(file: &Path) -> Result<Vec<Case>, String> {
    let group = file.display().to_string();
    readable_as_cases(file)?;
    let mut sink = FileCases {
        group: group.clone(),
        cases: Vec::new(),
        problem: None,
    };
    let status = each_record(&[file.to_path_buf()], None, &mut sink)
        .map_err(|error| format!("{group}: {error}"))?;
    if let Some(problem) = sink.problem {
        return Err(problem);
    }
    if status != Status::Success {
        return Err(format!("could not read {group}"));
    }
    Ok(sink.cases)
}

/// Refuses a `--cases` that is not a regular file or a pipe (`-` is
/// standard input, whatever it is): a directory, or a device such as
/// `/dev/zero`, which never ends.
fn readable_as_cases(file: &Path) -> Result<(), String> {
    if file.as_os_str() == "-" {
        return Ok(());
    }
    let kind = std::fs::metadata(file)
        .map_err(|error| format!("{}: {error}", file.display()))?
        .file_type();
    let what = if kind.is_file() {
        return Ok(());
    } else if kind.is_dir() {
        "a directory"
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return Ok(());
            } else if kind.is_char_device() || kind.is_block_device() {
                "a device"
            } else {
                "not a regular file"
            }
        }
        #[cfg(not(unix))]
        "not a regular file"
    };
    Err(format!(
        "{}: {what}: --cases takes a file of puzzles (or a pipe)",
        file.display()
    ))
}

/// What takes the records of `--cases`: each one a case, until the first
/// that is not (the judge reports that one and runs nothing) or one too
/// many; then it is done, and the rest is not read.
struct FileCases {
    group: String,
    cases: Vec<Case>,
    problem: Option<String>,
}

impl Sink for FileCases {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        let place = format!("{source}:{}", entry.line);
        if self.cases.len() == MOST_FILE_CASES {
            self.problem = Some(format!(
                "{place}: one case too many: --cases takes at most {}",
                sudoku_core::grouped(MOST_FILE_CASES as u64)
            ));
            return Ok(());
        }
        let found = match entry.board {
            Err(message) => Err(message),
            // Screening decides it with bitboard's search.
            Ok(puzzle) => match screen(&puzzle) {
                Screening::Unsolvable => Err("it has no solution".to_string()),
                Screening::Multiple(_) => {
                    Err("it has more than one solution (LeetCode promises exactly one)".to_string())
                }
                Screening::Unique(solution) => Ok((puzzle, solution)),
            },
        };
        match found {
            Ok((puzzle, solution)) => self.cases.push(Case {
                name: place,
                group: self.group.clone(),
                tier: None,
                puzzle,
                solution,
            }),
            Err(reason) => self.problem = Some(format!("{place}: not a case: {reason}")),
        }
        Ok(())
    }

    fn done(&self) -> bool {
        self.problem.is_some()
    }

    fn byte_limit(&self) -> Option<u64> {
        Some(MOST_FILE_BYTES)
    }
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
