//! What a trace keeps besides the counts: the cell a rejected try clashed
//! with, the digit an undo takes back, windows of events that begin
//! anywhere (and can stop the search there), and samples of a whole search.

use std::panic::{self, AssertUnwindSafe};

use pretty_assertions::assert_eq;
use sudoku_core::corpus::{self, Tier};
use sudoku_core::Board;
use sudoku_trace::{
    replay, trace, trace_window, Counter, Event, EventKind, Start, Trace, Window, APPROACHES,
    NO_CELL,
};

/// Small enough for every event of a classic to be kept.
const ROOM: usize = 3_000_000;

/// Puzzles every approach traces in full in a moment.
fn small_puzzles() -> Vec<Board> {
    [Tier::Examples, Tier::Easy]
        .into_iter()
        .flat_map(Tier::puzzles)
        .map(|entry| entry.puzzle)
        .collect()
}

#[test]
fn a_rejected_try_names_the_first_cell_its_check_met_holding_the_digit() {
    let mut rejected = 0;
    for approach in APPROACHES
        .iter()
        .filter(|approach| approach.check.is_some())
    {
        let order = approach.check.unwrap();
        for puzzle in small_puzzles() {
            let traced = trace(approach, &puzzle, ROOM);
            assert_eq!(traced.total_events, traced.events.len() as u64);
            let mut board = *puzzle.cells();
            for (index, event) in traced.events.iter().enumerate() {
                if event.kind == EventKind::Try {
                    let next = traced.events.get(index + 1);
                    let accepted = next.is_some_and(|next| {
                        next.kind == EventKind::Place && next.cell == event.cell
                    });
                    let digit = event.value as u8;
                    if accepted {
                        assert_eq!(event.clash, NO_CELL, "{}: {event:?}", approach.id);
                    } else {
                        rejected += 1;
                        // The check compared cells one by one and stopped at
                        // the clash: the first in its order holding the digit.
                        let compares = next.map_or(0, |next| u64::from(next.work));
                        let met: Vec<u8> = (0..compares)
                            .map(|compare| order.compared(event.cell, compare))
                            .collect();
                        assert_eq!(met.last(), Some(&event.clash), "{}", approach.id);
                        assert_eq!(board[usize::from(event.clash)], digit, "{}", approach.id);
                        assert!(
                            met[..met.len() - 1]
                                .iter()
                                .all(|&cell| board[usize::from(cell)] != digit),
                            "{}",
                            approach.id
                        );
                        assert_eq!(
                            event.describe(),
                            format!(
                                "try {} = {digit}: {} has {digit}",
                                at(event.cell),
                                at(event.clash)
                            )
                        );
                    }
                }
                if event.kind.changes_board() {
                    assert_eq!(event.before, board[usize::from(event.cell)], "{event:?}");
                    board[usize::from(event.cell)] = event.value as u8;
                }
            }
        }
    }
    assert!(rejected > 1000, "{rejected} rejected tries");
}

fn at(cell: u8) -> String {
    sudoku_core::Cell::from_index(usize::from(cell)).to_string()
}

#[test]
fn an_undo_says_the_digit_it_takes_back() {
    let puzzle = Tier::Examples.puzzles()[0].puzzle;
    let traced = trace(sudoku_trace::find("java-style").unwrap(), &puzzle, ROOM);
    let undo = traced
        .events
        .iter()
        .find(|event| event.kind == EventKind::Undo)
        .unwrap();
    assert!(undo.taken_back() && undo.before != 0);
    assert_eq!(
        undo.describe(),
        format!("undo {} (takes back {})", at(undo.cell), undo.before)
    );
}

/// Traces with `window`, catching the stop: what the stop was handed.
fn stopped(approach: &'static sudoku_trace::Approach, puzzle: &Board, window: Window) -> Trace {
    fn stop(traced: Trace) {
        panic::resume_unwind(Box::new(traced))
    }
    let window = Window {
        stop: Some(stop),
        ..window
    };
    match panic::catch_unwind(AssertUnwindSafe(|| trace_window(approach, puzzle, window))) {
        Ok(traced) => traced,
        Err(payload) => *payload.downcast::<Trace>().expect("the stop's trace"),
    }
}

/// The counts after the first `step` events of a whole trace, the shared
/// ones counted off the events themselves.
fn placements_before(events: &[Event]) -> u64 {
    events.iter().filter(|event| event.placed()).count() as u64
}

#[test]
fn a_window_anywhere_keeps_the_same_events_and_starts_from_the_same_state() {
    let puzzle = Tier::Examples.puzzles()[0].puzzle;
    for approach in APPROACHES {
        let whole = trace(approach, &puzzle, ROOM);
        let total = whole.events.len();
        assert!(total > 10, "{}", approach.id);
        for from in [0, 1, total / 3, total - 5, total] {
            let steps = 7;
            let window = Window {
                from: Start::Step(from as u64),
                steps,
                stop: None,
                samples: 0,
            };
            let kept = trace_window(approach, &puzzle, window);
            let end = (from + steps).min(total);
            assert_eq!(kept.events, whole.events[from..end], "{}", approach.id);
            assert_eq!(kept.counts, whole.counts, "{}", approach.id);
            assert!(kept.complete);
            assert_eq!(kept.start.step, from as u64);
            assert_eq!(kept.start.board, replay(&puzzle, &whole.events[..from]));
            assert_eq!(
                kept.start.counts.get(Counter::Placements),
                placements_before(&whole.events[..from])
            );
            // Stopped at the end of the window: the same events, and the
            // counts of the events up to there.
            let cut = stopped(approach, &puzzle, window);
            assert_eq!(cut.events, kept.events, "{}", approach.id);
            assert_eq!(cut.start, kept.start, "{}", approach.id);
            assert_eq!(cut.complete, end == total, "{} from {from}", approach.id);
            assert_eq!(cut.total_events, end as u64, "{} from {from}", approach.id);
            assert_eq!(
                cut.counts.get(Counter::Placements),
                placements_before(&whole.events[..end])
            );
        }
    }
}

#[test]
fn a_window_can_begin_at_a_placement() {
    let puzzle = Tier::Examples.puzzles()[0].puzzle;
    for approach in APPROACHES {
        let whole = trace(approach, &puzzle, ROOM);
        let placements = whole.counts.get(Counter::Placements);
        for target in [0, 1, placements / 2, placements] {
            let window = Window {
                from: Start::Placement(target),
                steps: 0,
                stop: None,
                samples: 0,
            };
            let start = stopped(approach, &puzzle, window).start;
            assert_eq!(start.counts.get(Counter::Placements), target);
            let step = usize::try_from(start.step).unwrap();
            if target > 0 {
                assert!(whole.events[step - 1].placed(), "{}", approach.id);
            } else {
                assert_eq!(step, 0);
            }
        }
        // Past the last placement: the end.
        let window = Window {
            from: Start::Placement(placements + 1),
            steps: 0,
            stop: None,
            samples: 0,
        };
        assert_eq!(
            stopped(approach, &puzzle, window).start.step,
            whole.total_events
        );
    }
}

#[test]
fn samples_follow_the_whole_search_and_end_where_it_ends() {
    for entry in corpus::all()
        .into_iter()
        .filter(|entry| entry.tier == Tier::Medium)
    {
        for approach in APPROACHES {
            let whole = trace(approach, &entry.puzzle, ROOM);
            let window = Window {
                from: Start::Step(0),
                steps: 0,
                stop: None,
                samples: 64,
            };
            let run = trace_window(approach, &entry.puzzle, window);
            let samples = &run.samples;
            assert!(samples.len() <= 65, "{}", samples.len());
            assert_eq!(samples[0].step, 0);
            assert_eq!(samples.last().unwrap().step, whole.total_events);
            let mut filled: i64 = 0;
            let mut events = whole.events.iter();
            let mut step = 0;
            for sample in samples {
                let (mut least, mut most) = (filled, filled);
                while step < sample.step {
                    let event = events.next().unwrap();
                    filled += i64::from(event.placed()) - i64::from(event.taken_back());
                    least = least.min(filled);
                    most = most.max(filled);
                    step += 1;
                }
                assert_eq!(i64::from(sample.filled), filled, "{}", approach.id);
                if sample.step > 0 {
                    assert_eq!(i64::from(sample.least), least, "{}", approach.id);
                    assert_eq!(i64::from(sample.most), most, "{}", approach.id);
                }
            }
            assert!(run.solved_at.is_some_and(|step| step <= whole.total_events));
        }
    }
}

thread_local! {
    /// The windows a stop that goes on was handed, in order.
    static HANDED: std::cell::RefCell<Vec<Trace>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[test]
fn a_stop_that_returns_lets_the_search_go_on_a_window_at_a_time() {
    // The page streams a long search: one run hands over its events a
    // window at a time, instead of a run from the start for each window.
    fn hand_over(traced: Trace) {
        HANDED.with_borrow_mut(|handed| handed.push(traced));
    }
    let puzzle = Tier::Examples.puzzles()[0].puzzle;
    for approach in APPROACHES {
        let whole = trace(approach, &puzzle, ROOM);
        let from = whole.total_events / 5;
        let window = Window {
            from: Start::Step(from),
            steps: 10,
            stop: Some(hand_over),
            samples: 8,
        };
        HANDED.with_borrow_mut(Vec::clear);
        let last = trace_window(approach, &puzzle, window);
        let mut windows = HANDED.with_borrow_mut(std::mem::take);
        assert!(windows.len() > 2, "{}", approach.id);
        assert!(windows.iter().all(|traced| !traced.complete));
        windows.push(last);
        // Each window begins where the one before it ended, in the state
        // the whole search was in there; together they hold every event
        // from `from` on.
        let mut step = from;
        let mut events = Vec::new();
        for traced in &windows {
            assert_eq!(traced.start.step, step, "{}", approach.id);
            let at = usize::try_from(step).unwrap();
            assert_eq!(
                traced.start.board,
                replay(&puzzle, &whole.events[..at]),
                "{}",
                approach.id
            );
            assert_eq!(
                traced.start.counts.get(Counter::Placements),
                placements_before(&whole.events[..at])
            );
            step += traced.events.len() as u64;
            assert_eq!(traced.total_events, step, "{}", approach.id);
            events.extend_from_slice(&traced.events);
        }
        assert_eq!(events, whole.events[usize::try_from(from).unwrap()..]);
        // The last is the whole search's end, with its samples.
        let last = windows.last().unwrap();
        assert!(last.complete);
        assert_eq!(last.counts, whole.counts, "{}", approach.id);
        assert_eq!(last.samples.last().unwrap().step, whole.total_events);
    }
}
