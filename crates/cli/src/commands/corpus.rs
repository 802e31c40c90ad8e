//! `sudoku corpus`: the puzzles that ship inside the binary, listed, or
//! printed by name, tier or kind, so that every example in the docs runs
//! without a file (`sudoku corpus leetcode-37-example | sudoku trace`).
//!
//! The puzzles are `sudoku_core::corpus`'s: the tiers, easiest first, then
//! the kinds of puzzle that are not proper LeetCode 37 puzzles. Their names
//! are unique across both, and no puzzle is named like a tier or a kind.

use std::io::{self, Write};

use sudoku_core::corpus::{Kind, Tier};
use sudoku_core::{Board, Format};

use super::FormatArg;
use crate::output::{diagnostic, Output, Status};

/// List the puzzles that ship inside `sudoku`, or print them by name,
/// tier or kind, ready to pipe into another command.
///
/// With no NAME: one line per puzzle, with its name, its tier
/// (examples, famous, easy, medium, hard, hardest) or kind (conflicting,
/// unsolvable, multiple: puzzles that are not proper LeetCode 37 ones),
/// and its number of clues. With names of puzzles, tiers or kinds, in
/// any mix: their puzzles in the order given, one record each.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// A puzzle's name, a tier or a kind; several in any order.
    #[arg(value_name = "NAME|TIER|KIND")]
    names: Vec<String>,
    /// Write the puzzles in this format, as `sudoku solve` writes
    /// solutions.
    #[arg(long, value_enum, default_value_t = FormatArg::Line, requires = "names")]
    output_format: FormatArg,
}

/// Under `sudoku corpus --help`: the commands every example runs as.
const EXAMPLES: &str = "\
Examples:
  sudoku corpus leetcode-37-example | sudoku trace
  sudoku corpus leetcode-37-example inkala-2012 hard-seed-20 |
    sudoku trace --solver bitboard
  sudoku corpus hard | sudoku solve --solver bitmask --output-format grid
  sudoku corpus unsolvable | sudoku solve";

/// One embedded puzzle.
pub struct Entry {
    /// Its name, unique across the corpus.
    pub name: String,
    /// The tier or kind it belongs to.
    pub group: &'static str,
    /// The puzzle.
    pub puzzle: Board,
}

/// Every embedded puzzle: the tiers easiest first, then the kinds, each in
/// file order.
pub fn entries() -> Vec<Entry> {
    let tiers = Tier::ALL.into_iter().flat_map(|tier| {
        tier.puzzles().into_iter().map(move |entry| Entry {
            name: entry.name,
            group: tier.name(),
            puzzle: entry.puzzle,
        })
    });
    let kinds = Kind::ALL.into_iter().flat_map(|kind| {
        kind.puzzles().into_iter().map(move |example| Entry {
            name: example.name,
            group: kind.name(),
            puzzle: example.puzzle,
        })
    });
    tiers.chain(kinds).collect()
}

/// The puzzles that `names` select, in the order given: a tier or kind
/// selects each of its puzzles, a puzzle name that puzzle. The first name
/// that is none of these is the error.
pub fn select<'a, 'n>(
    entries: &'a [Entry],
    names: &'n [String],
) -> Result<Vec<&'a Entry>, &'n str> {
    let mut selected = Vec::new();
    for name in names {
        let before = selected.len();
        selected.extend(
            entries
                .iter()
                .filter(|entry| entry.group == name || entry.name == *name),
        );
        if selected.len() == before {
            return Err(name);
        }
    }
    Ok(selected)
}

/// With no names, lists every puzzle; otherwise prints the puzzles they
/// select in the chosen format, one record each, or says which name is
/// unknown.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let (names, format) = (&args.names, Format::from(args.output_format));
    let entries = entries();
    if names.is_empty() {
        return list(output, &entries);
    }
    let selected = match select(&entries, names) {
        Ok(selected) => selected,
        Err(unknown) => {
            // A name is short; a longer argument is shown cut.
            let shown: String = unknown.chars().take(80).collect();
            let cut = if shown.len() < unknown.len() {
                "..."
            } else {
                ""
            };
            diagnostic!(
                "error: no puzzle, tier or kind is named {shown:?}{cut}; `sudoku corpus` lists them all"
            );
            return Ok(Status::UsageOrIo);
        }
    };
    // As `sudoku solve` writes them: grids stand apart.
    output.separate_records(format == Format::Grid);
    for entry in selected {
        output.record(&format.write(&entry.puzzle))?;
    }
    Ok(Status::Success)
}

/// One line per puzzle under a header: name, tier or kind, clues.
fn list(output: &mut Output<impl Write>, entries: &[Entry]) -> io::Result<Status> {
    const NAME: &str = "name";
    const GROUP: &str = "tier/kind";
    const CLUES: &str = "clues";
    // A column is as wide as its header or its widest field.
    let width = |header: &str, field: fn(&Entry) -> &str| {
        entries
            .iter()
            .map(|entry| field(entry).len())
            .fold(header.len(), usize::max)
    };
    let name_width = width(NAME, |entry| &entry.name);
    let group_width = width(GROUP, |entry| entry.group);
    let clues_width = CLUES.len();
    output.line(&format!(
        "{NAME:name_width$}  {GROUP:group_width$}  {CLUES:>clues_width$}"
    ))?;
    for entry in entries {
        output.line(&format!(
            "{:name_width$}  {:group_width$}  {:>clues_width$}",
            entry.name,
            entry.group,
            entry.puzzle.givens()
        ))?;
    }
    Ok(Status::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_name_means_one_thing_only() {
        let entries = entries();
        let mut seen = HashSet::new();
        for entry in &entries {
            assert!(seen.insert(entry.name.as_str()), "{} twice", entry.name);
        }
        let groups = Tier::ALL
            .map(Tier::name)
            .into_iter()
            .chain(Kind::ALL.map(Kind::name));
        for group in groups {
            assert!(!seen.contains(group), "a puzzle is named like {group}");
            assert!(entries.iter().any(|entry| entry.group == group), "{group}");
        }
    }

    #[test]
    fn select_keeps_the_order_given_and_names_the_first_unknown() {
        let entries = entries();
        let names = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let chosen = select(&entries, &names(&["inkala-2012", "examples", "empty"])).unwrap();
        let chosen: Vec<&str> = chosen.iter().map(|entry| entry.name.as_str()).collect();
        assert_eq!(
            chosen,
            [
                "inkala-2012",
                "leetcode-37-example",
                "article-003-example",
                "empty"
            ]
        );
        let asked = names(&["easy", "no-such-puzzle", "other"]);
        assert_eq!(select(&entries, &asked).err(), Some("no-such-puzzle"));
    }
}
