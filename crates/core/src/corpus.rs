//! The puzzle corpus that ships inside the crate (`include_str!`), in tiers.
//!
//! Every file under `crates/core/corpus/` is plain text, one puzzle per line:
//! the puzzle, its solution (or `-`), and a name; a header comment in each
//! file says where its puzzles come from. The same tiers serve the shared
//! tests, `sudoku compare` and the benches.
//!
//! ```
//! use sudoku_core::corpus::{self, Tier};
//!
//! let example = &Tier::Examples.puzzles()[0];
//! assert_eq!(example.name, "leetcode-37-example");
//! assert!(example.solution.is_some());
//! assert!(corpus::all().len() > 30);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::format::parse_line;
use crate::reader::is_blank_or_comment;

/// A tier of the embedded corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tier {
    /// The examples published with the problem and the articles.
    Examples,
    /// Well-known published puzzles, named with their source.
    Famous,
    /// Generated; under 1,000 placements for the classic approaches.
    Easy,
    /// Generated; 1,000 to 49,999 placements for the classic approaches.
    Medium,
    /// Generated; 50,000 to 1,000,000 placements for the classic approaches.
    Hard,
    /// Generated; over 10 million placements for the classic approaches, so
    /// this tier is for the fast approaches only (see [`Tier::fast_only`]).
    Hardest,
}

impl Tier {
    /// Every tier, easiest first.
    pub const ALL: [Tier; 6] = [
        Tier::Examples,
        Tier::Famous,
        Tier::Easy,
        Tier::Medium,
        Tier::Hard,
        Tier::Hardest,
    ];

    /// The tier's name, as `--corpus` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Examples => "examples",
            Tier::Famous => "famous",
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Hardest => "hardest",
        }
    }

    /// True for a tier whose puzzles need more than ten million placements
    /// of the classic (published) approaches' search: tests, `sudoku
    /// compare` and the benches run only the fast approaches there, and say
    /// so.
    pub fn fast_only(self) -> bool {
        self == Tier::Hardest
    }

    fn text(self) -> &'static str {
        match self {
            Tier::Examples => include_str!("../corpus/examples.txt"),
            Tier::Famous => include_str!("../corpus/famous.txt"),
            Tier::Easy => include_str!("../corpus/easy.txt"),
            Tier::Medium => include_str!("../corpus/medium.txt"),
            Tier::Hard => include_str!("../corpus/hard.txt"),
            Tier::Hardest => include_str!("../corpus/hardest.txt"),
        }
    }

    /// The tier's puzzles, in file order.
    ///
    /// # Panics
    /// Only if a corpus file shipped broken; a unit test reads every line.
    pub fn puzzles(self) -> Vec<CorpusPuzzle> {
        entries(self.name(), self.text())
            .into_iter()
            .map(|(puzzle, solution, name)| CorpusPuzzle {
                tier: self,
                name,
                puzzle,
                solution,
            })
            .collect()
    }
}

/// The entries of a corpus file `file` (its name, for messages): puzzle,
/// solution if recorded, and name.
fn entries(file: &str, text: &str) -> Vec<(Board, Option<Board>, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !is_blank_or_comment(line))
        .map(|(number, line)| {
            let mut fields = line.split_whitespace();
            let mut field = |what: &str| {
                fields
                    .next()
                    .unwrap_or_else(|| panic!("corpus {file}.txt:{}: no {what}", number + 1))
            };
            let parse = |text: &str| {
                parse_line(text)
                    .unwrap_or_else(|error| panic!("corpus {file}.txt:{}: {error}", number + 1))
            };
            let puzzle = parse(field("puzzle"));
            let solution = match field("solution") {
                "-" => None,
                text => Some(parse(text)),
            };
            (puzzle, solution, field("name").to_string())
        })
        .collect()
}

/// Puzzles that are not proper LeetCode 37 puzzles, by kind, kept beside
/// the tiers (`crates/core/corpus/<kind>.txt`): one home for what tests need
/// to feed the screening, the counters and the CLI's errors, and files a
/// user can try the CLI on.
///
/// ```
/// use sudoku_core::corpus::Kind;
/// use sudoku_core::validate;
///
/// for example in Kind::Conflicting.puzzles() {
///     assert!(validate(&example.puzzle).is_err(), "{}", example.name);
/// }
/// assert!(Kind::Unsolvable.text().starts_with('#'));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Givens that break LeetCode 36's rules: no solution, and `check` says why.
    Conflicting,
    /// Valid givens with no solution.
    Unsolvable,
    /// Valid givens with more than one solution.
    Multiple,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 3] = [Kind::Conflicting, Kind::Unsolvable, Kind::Multiple];

    /// The kind's name, which is also its file's.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Conflicting => "conflicting",
            Kind::Unsolvable => "unsolvable",
            Kind::Multiple => "multiple",
        }
    }

    /// The file as it ships, header comment included: a puzzle file any
    /// command reads.
    pub fn text(self) -> &'static str {
        match self {
            Kind::Conflicting => include_str!("../corpus/conflicting.txt"),
            Kind::Unsolvable => include_str!("../corpus/unsolvable.txt"),
            Kind::Multiple => include_str!("../corpus/multiple.txt"),
        }
    }

    /// The kind's puzzles, in file order.
    ///
    /// # Panics
    /// Only if a file shipped broken; a unit test reads every line.
    pub fn puzzles(self) -> Vec<Example> {
        entries(self.name(), self.text())
            .into_iter()
            .map(|(puzzle, _, name)| Example { name, puzzle })
            .collect()
    }

    /// The kind's puzzle named `name`.
    ///
    /// # Panics
    /// When the file has no puzzle of that name: for tests, which name
    /// puzzles the file holds.
    pub fn puzzle(self, name: &str) -> Board {
        self.puzzles()
            .into_iter()
            .find(|example| example.name == name)
            .unwrap_or_else(|| panic!("{}.txt has no puzzle named {name}", self.name()))
            .puzzle
    }
}

/// One puzzle of a [`Kind`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// Its name, unique in its file.
    pub name: String,
    /// The puzzle.
    pub puzzle: Board,
}

/// LeetCode 37's example, with its published solution: the first puzzle of
/// the `examples` tier.
///
/// # Panics
/// Only if the corpus shipped without it; a unit test checks it.
pub fn leetcode_example() -> (Board, Board) {
    let example = &Tier::Examples.puzzles()[0];
    (
        example.puzzle,
        example
            .solution
            .expect("the examples tier records solutions"),
    )
}

impl fmt::Display for Tier {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// The name is not a tier.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tier {0:?}: expected examples, famous, easy, medium, hard or hardest")]
pub struct UnknownTier(pub String);

impl FromStr for Tier {
    type Err = UnknownTier;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Tier::ALL
            .into_iter()
            .find(|tier| tier.name() == name)
            .ok_or_else(|| UnknownTier(name.to_string()))
    }
}

/// One puzzle of the corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusPuzzle {
    /// Its tier.
    pub tier: Tier,
    /// Its name, unique across the corpus.
    pub name: String,
    /// The puzzle.
    pub puzzle: Board,
    /// The published (or generating) solution, where the file records one.
    pub solution: Option<Board>,
}

/// Every puzzle of every tier, easiest tier first.
pub fn all() -> Vec<CorpusPuzzle> {
    Tier::ALL.into_iter().flat_map(Tier::puzzles).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_unique_and_tiers_are_the_advertised_size() {
        let all = all();
        let names: HashSet<&str> = all.iter().map(|entry| entry.name.as_str()).collect();
        assert_eq!(names.len(), all.len());
        for tier in [Tier::Easy, Tier::Medium, Tier::Hard] {
            assert_eq!(tier.puzzles().len(), 12, "{tier}");
        }
        assert_eq!(Tier::Hardest.puzzles().len(), 6);
        assert_eq!(Tier::Examples.puzzles().len(), 2);
    }

    #[test]
    fn every_kind_file_reads_and_its_puzzles_are_what_it_says() {
        for kind in Kind::ALL {
            let examples = kind.puzzles();
            assert!(examples.len() >= 2, "{}", kind.name());
            let names: HashSet<&str> = examples
                .iter()
                .map(|example| example.name.as_str())
                .collect();
            assert_eq!(names.len(), examples.len(), "{}", kind.name());
            for example in &examples {
                // Conflicts are core's to see; solution counts are the
                // catalog's (sudoku_catalog::screen tests them).
                let valid = crate::validate(&example.puzzle).is_ok();
                assert_eq!(valid, kind != Kind::Conflicting, "{}", example.name);
            }
        }
        let (puzzle, solution) = leetcode_example();
        assert_eq!(crate::verify(&puzzle, &solution), Ok(()));
    }

    #[test]
    fn tiers_parse_from_their_names() {
        for tier in Tier::ALL {
            assert_eq!(tier.name().parse::<Tier>(), Ok(tier));
        }
        assert!("impossible".parse::<Tier>().is_err());
    }
}
