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

    /// True for a tier where one solve by a classic (published) approach
    /// takes more than about a second: tests, `sudoku compare` and the
    /// benches run only the fast approaches there, and say so.
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
        self.text()
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
            .map(|(number, line)| {
                let mut fields = line.split_whitespace();
                let mut field = |what: &str| {
                    fields.next().unwrap_or_else(|| {
                        panic!("corpus {}.txt:{}: no {what}", self.name(), number + 1)
                    })
                };
                let parse = |text: &str| {
                    parse_line(text).unwrap_or_else(|error| {
                        panic!("corpus {}.txt:{}: {error}", self.name(), number + 1)
                    })
                };
                let puzzle = parse(field("puzzle"));
                let solution = match field("solution") {
                    "-" => None,
                    text => Some(parse(text)),
                };
                CorpusPuzzle {
                    tier: self,
                    name: field("name").to_string(),
                    puzzle,
                    solution,
                }
            })
            .collect()
    }
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
    fn tiers_parse_from_their_names() {
        for tier in Tier::ALL {
            assert_eq!(tier.name().parse::<Tier>(), Ok(tier));
        }
        assert!("impossible".parse::<Tier>().is_err());
    }
}
