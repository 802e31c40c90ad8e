//! The counts the notes quote are what `sudoku trace` counts: every table
//! between a `<!-- counts: NAME -->` line and `<!-- end of counts -->` in
//! notes/ and notes/zh/ is made again here from `sudoku_trace` and compared. The counts do
//! not depend on the machine, so any difference means the notes or the code
//! changed; the failure message prints the table to paste, and with
//! `SUDOKU_LAB_BLESS=1` the test writes it into the notes instead.

use std::fmt::Write as _;

use sudoku_catalog::Family;
use sudoku_core::{corpus, grouped};
use sudoku_trace::{Approach, Counter};

use crate::common::bless::check_block;

/// The puzzles of the all-approaches table in notes/README.md: the LeetCode
/// example, a famous puzzle on which every follow-up has to guess, and the
/// hard tier's puzzle with the most classic placements.
const PUZZLES: [&str; 3] = ["leetcode-37-example", "inkala-2012", "hard-seed-20"];

/// The puzzles of each classic's own "Counted" section.
const CLASSIC_PUZZLES: [&str; 2] = ["leetcode-37-example", "hard-seed-20"];

/// A markdown table of `counters` for `approaches` on `puzzles`, a row per
/// puzzle and approach; `-` where an approach does not report a counter.
fn table(approaches: &[&'static Approach], puzzles: &[&str], counters: &[Counter]) -> String {
    let all = corpus::all();
    let mut text = String::from("| puzzle | approach |");
    for counter in counters {
        let _ = write!(text, " {} |", counter.name().replace('_', " "));
    }
    text.push_str("\n|---|---|");
    text.push_str(&"---:|".repeat(counters.len()));
    text.push('\n');
    for name in puzzles {
        let entry = all
            .iter()
            .find(|entry| entry.name == *name)
            .unwrap_or_else(|| panic!("{name} is not in the corpus"));
        for &approach in approaches {
            let traced = sudoku_trace::trace(approach, &entry.puzzle, 0);
            let _ = write!(text, "| {name} | `{}` |", approach.id);
            for counter in counters {
                let cell = if approach.counters.contains(counter) {
                    grouped(traced.counts.get(*counter))
                } else {
                    "-".to_string()
                };
                let _ = write!(text, " {cell} |");
            }
            text.push('\n');
        }
    }
    text
}

/// Fails unless the block named `name` in `note` is `expected` (blessing,
/// writes it there).
fn check(note: &str, name: &str, expected: &str) {
    check_block(
        note,
        &format!("<!-- counts: {name} -->"),
        "<!-- end of counts -->",
        expected,
        &format!("the {name} counts block"),
        "sudoku trace's counts",
    );
}

#[test]
fn the_counts_in_the_notes_are_what_trace_counts() {
    let of_family = |family| -> Vec<&'static Approach> {
        sudoku_trace::APPROACHES
            .iter()
            .filter(|approach| sudoku_catalog::find(approach.id).unwrap().family == family)
            .collect()
    };
    let classics = of_family(Family::Published);
    let follow_ups = of_family(Family::FollowUp);
    let all_classics = table(&classics, &PUZZLES, &Counter::CLASSIC);
    let all_follow_ups = table(
        &follow_ups,
        &PUZZLES,
        &sudoku_trace::counters_of(&follow_ups),
    );
    for note in ["notes/README.md", "notes/zh/README.md"] {
        check(note, "classics", &all_classics);
        check(note, "follow-ups", &all_follow_ups);
    }
    for &classic in &classics {
        let expected = table(&[classic], &CLASSIC_PUZZLES, &Counter::CLASSIC);
        for note in [
            format!("notes/{}.md", classic.id),
            format!("notes/zh/{}.md", classic.id),
        ] {
            check(&note, classic.id, &expected);
        }
    }
}
