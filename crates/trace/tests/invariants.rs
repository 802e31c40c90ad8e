//! Invariants of the traced counts and events: facts about the searches that
//! hold on every puzzle, so they cannot be tuned to one.

use pretty_assertions::assert_eq;
use sudoku_catalog::Family;
use sudoku_core::corpus::{self, CorpusPuzzle};
use sudoku_core::Board;
use sudoku_trace::{replay, trace, Counter, EventKind, APPROACHES};

/// The puzzles a classic approach runs on in reasonable time: every corpus
/// puzzle but the `hardest` tier's.
fn classic_puzzles() -> Vec<CorpusPuzzle> {
    corpus::all()
        .into_iter()
        .filter(|entry| !entry.tier.fast_only())
        .collect()
}

fn classic(id: &str) -> &'static sudoku_trace::Approach {
    sudoku_trace::find(id).unwrap()
}

/// The traced approaches of one family of the catalog, in catalog order.
fn of_family(family: Family) -> Vec<&'static sudoku_trace::Approach> {
    APPROACHES
        .iter()
        .filter(|approach| sudoku_catalog::find(approach.id).unwrap().family == family)
        .collect()
}

#[test]
fn every_catalog_approach_can_be_traced_in_catalog_order() {
    let traced: Vec<&str> = APPROACHES.iter().map(|approach| approach.id).collect();
    let catalog: Vec<&str> = sudoku_catalog::ids().collect();
    assert_eq!(traced, catalog);
}

#[test]
fn the_five_classics_explore_the_same_tree() {
    for entry in classic_puzzles() {
        let empty = 81 - entry.puzzle.givens() as u64;
        let traces: Vec<_> = of_family(Family::Published)
            .into_iter()
            .map(|approach| trace(approach, &entry.puzzle, 0))
            .collect();
        assert_eq!(traces.len(), 5, "the five classics");
        for traced in &traces {
            let id = traced.approach.id;
            // The same placements, undos and digits tried as the first one.
            for counter in [Counter::Placements, Counter::Undos, Counter::Tries] {
                assert_eq!(
                    traced.counts.get(counter),
                    traces[0].counts.get(counter),
                    "{id} on {}: {counter}",
                    entry.name
                );
            }
            // Every empty cell ends filled: each placement not undone stayed.
            assert_eq!(
                traced.counts.get(Counter::Placements) - traced.counts.get(Counter::Undos),
                empty,
                "{id} on {}",
                entry.name
            );
        }
    }
}

#[test]
fn the_classics_differ_where_their_notes_say() {
    for entry in classic_puzzles() {
        let counts = |id| trace(classic(id), &entry.puzzle, 0).counts;
        let (coordinate, rescan, single) = (
            counts("coordinate-recursive"),
            counts("full-rescan"),
            counts("single-loop-check"),
        );
        // Rescanning from the top-left looks at more cells than being handed
        // the next one.
        assert!(
            rescan.get(Counter::Visits) > coordinate.get(Counter::Visits),
            "{}",
            entry.name
        );
        // The single loop finds a clash later than the three loops of the same
        // search, on these puzzles, so it compares at least as many cells.
        assert!(
            single.get(Counter::Compares) >= rescan.get(Counter::Compares),
            "{}",
            entry.name
        );
        // A check compares at least one cell and at most 27.
        let tries = rescan.get(Counter::Tries);
        assert!(rescan.get(Counter::Compares) >= tries);
        assert!(rescan.get(Counter::Compares) <= 27 * tries);
    }
}

#[test]
fn replaying_the_events_gives_the_board_each_approach_returns() {
    // Small enough for every event of a classic to be kept.
    const ROOM: usize = 3_000_000;
    let mut checked = 0;
    for entry in corpus::all() {
        for approach in APPROACHES {
            let is_classic = approach.counters == Counter::CLASSIC;
            if is_classic && !matches!(entry.tier.name(), "examples" | "easy" | "medium") {
                continue;
            }
            let traced = trace(approach, &entry.puzzle, ROOM);
            assert_eq!(
                traced.total_events,
                traced.events.len() as u64,
                "{} on {}",
                approach.id,
                entry.name
            );
            let solution = traced.board.clone().unwrap();
            assert_eq!(
                replay(&entry.puzzle, &traced.events),
                *solution.cells(),
                "{} on {}",
                approach.id,
                entry.name
            );
            if let Some(published) = entry.solution {
                assert_eq!(solution, published, "{} on {}", approach.id, entry.name);
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn counts_are_the_same_run_to_run_on_any_thread_and_whatever_is_kept() {
    let puzzle = corpus::Tier::Medium.puzzles()[3].puzzle;
    for approach in APPROACHES {
        let first = trace(approach, &puzzle, 1_000);
        let again = trace(approach, &puzzle, 1_000);
        assert_eq!(first.counts, again.counts, "{}", approach.id);
        assert_eq!(first.events, again.events, "{}", approach.id);
        let elsewhere = std::thread::spawn(move || trace(approach, &puzzle, 0).counts)
            .join()
            .unwrap();
        assert_eq!(first.counts, elsewhere, "{}", approach.id);
        let kept = first.events.len() as u64;
        assert_eq!(kept, first.total_events.min(1_000), "{}", approach.id);
    }
}

#[test]
fn the_follow_ups_count_their_own_kind_of_work() {
    // The hardest tier, where every follow-up has to guess somewhere.
    for approach in of_family(Family::FollowUp) {
        let mut branch_points = 0;
        for entry in corpus::Tier::Hardest.puzzles() {
            let traced = trace(approach, &entry.puzzle, 0);
            let count = |counter| traced.counts.get(counter);
            let empty = 81 - entry.puzzle.givens() as u64;
            branch_points += count(Counter::BranchPoints);
            assert!(count(Counter::Nodes) > 0, "{}", approach.id);
            // At least two digits are tried at a branch point, unless the
            // first one already leads to the solution.
            assert!(count(Counter::Guesses) >= count(Counter::BranchPoints));
            // Every empty cell is filled by a guess or without a choice, at
            // least once; what the search takes back (an undo, or a copy of
            // its state dropped) it fills again.
            assert!(count(Counter::Guesses) + count(Counter::Forced) >= empty);
            assert_eq!(
                count(Counter::Placements) - count(Counter::Undos),
                empty,
                "{} on {}",
                approach.id,
                entry.name
            );
            assert_eq!(count(Counter::CellsFilled), empty, "{}", approach.id);
            // A digit written is a guess or forced, but for bitboard, whose
            // guesses include layouts of a band, which write nothing.
            if approach.id != "bitboard" {
                assert_eq!(
                    count(Counter::Placements),
                    count(Counter::Guesses) + count(Counter::Forced),
                    "{} on {}",
                    approach.id,
                    entry.name
                );
            }
            if let Some(ticks) = approach.ticks {
                assert!(count(ticks) > 0, "{}", approach.id);
            }
            // Every counter the approach does not report stays at zero.
            for counter in Counter::ALL {
                if !approach.counters.contains(&counter) {
                    assert_eq!(count(counter), 0, "{}: {counter}", approach.id);
                }
            }
        }
        assert!(branch_points > 0, "{} never guessed", approach.id);
    }
}

#[test]
fn events_read_as_steps() {
    let puzzle: Board = corpus::Tier::Examples.puzzles()[0].puzzle;
    let traced = trace(classic("coordinate-recursive"), &puzzle, 200);
    let described: Vec<String> = traced.events[..6]
        .iter()
        .map(sudoku_trace::Event::describe)
        .collect();
    assert_eq!(
        described,
        [
            "call",
            "look at r1c1",
            "call",
            "look at r1c2",
            "call",
            "look at r1c3"
        ]
    );
    let place = traced
        .events
        .iter()
        .find(|event| event.kind == EventKind::Place)
        .unwrap();
    assert_eq!(place.describe(), "place r1c3 = 1");
    let undo = traced
        .events
        .iter()
        .find(|event| event.kind == EventKind::Undo)
        .unwrap();
    assert!(undo.describe().starts_with("undo r"), "{}", undo.describe());
}

/// The crate doc's example, which src/lib.rs shows from its file.
mod crate_example {
    include!("../examples/count_one_search.rs");

    pub fn run() {
        main();
    }
}

#[test]
fn the_crate_example_holds() {
    crate_example::run();
}

#[test]
fn bitboard_layout_branches_read_as_steps() {
    // Arto Inkala's 2012 puzzle: bitboard's first guess is on a layout.
    let inkala = corpus::Tier::Famous
        .puzzles()
        .into_iter()
        .find(|entry| entry.name == "inkala-2012")
        .expect("the famous tier has Inkala's puzzle");
    let traced = trace(classic("bitboard"), &inkala.puzzle, 200);
    let described: Vec<String> = traced.events[..4]
        .iter()
        .map(sudoku_trace::Event::describe)
        .collect();
    assert_eq!(
        described,
        [
            "node",
            "guess where 4 goes in rows 7-9: 2 layouts",
            "guess 4 in rows 7-9 is in boxes 7,8,9",
            "node",
        ]
    );
    // Every layout tried names the digit and rows of its branch point, and
    // boxes of those rows, one per row.
    let mut open = Vec::new();
    for event in &traced.events {
        match event.kind {
            EventKind::Layouts => open.push(event.value % 100),
            EventKind::Layout => {
                assert!(open.contains(&(event.value % 100)), "{}", event.describe());
                let unit = event.value / 10 % 10;
                let boxes = event.describe();
                let boxes = boxes.rsplit(' ').next().unwrap();
                let mut seen: Vec<u16> = boxes.split(',').map(|b| b.parse().unwrap()).collect();
                seen.sort_unstable();
                // A band's three boxes, or a stack's.
                let expected = if unit < 3 {
                    [3 * unit + 1, 3 * unit + 2, 3 * unit + 3]
                } else {
                    [unit - 2, unit + 1, unit + 4]
                };
                assert_eq!(seen, expected, "{boxes}");
            }
            _ => {}
        }
    }
    assert!(!open.is_empty());
}
