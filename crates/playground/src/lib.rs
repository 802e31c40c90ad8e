//! The approaches of sudoku-lab in WebAssembly, for the live replay page.
//!
//! The page of `sudoku playground` and `sudoku trace --html` runs the
//! approaches itself: this crate, built for `wasm32-unknown-unknown`, is the
//! same probed code that `sudoku trace` runs (`sudoku-trace`, which compiles
//! each approach's LeetCode region with its probe lines), behind a few plain
//! exported functions over buffers in the module's memory. No JavaScript
//! glue is generated: the page's script calls them directly.
//!
//! A search is never held whole: the page asks for a window of steps (from a
//! step, or from a placement), and the module runs the search from the
//! start, keeps that window and the state where it begins, and either
//! stops the search once the window is full (a WebAssembly trap ends the
//! call; the page then reads the results and drops the instance) or hands
//! the window to the page and goes on with the next one (a stream, for a
//! page that plays on: one run, however long the search). Searches are
//! deterministic, so every run of the same puzzle and approach makes the
//! same steps, and a window of any step of a search of any length costs one
//! run up to it.
//!
//! What the functions hand back:
//! - [`about`]: the approaches, their counters and what each kind of step
//!   is called, as JSON.
//! - [`read`]: a puzzle typed into the page (81 characters, a grid or
//!   LeetCode's JSON; the first record of the text), screened as the
//!   `sudoku` command screens it, as JSON.
//! - [`run`]: a window of a search, as JSON ([`Run::json`]) and its steps
//!   as three numbers each ([`Run::steps`]).

// A library never prints or exits.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

use serde_json::{json, Map, Value};
use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::{validate, Board, Records};
use sudoku_trace::{
    Counter, Counts, Event, EventKind, Snapshot, Start, Trace, Window, APPROACHES, NO_CELL,
    REJECTED_TRY,
};

pub mod exports;

/// The approaches, the counters and the kinds of step (each with its name,
/// in [`EventKind::ALL`]'s order), as the page shows them: one JSON object.
pub fn about() -> String {
    let approaches: Vec<Value> = APPROACHES
        .iter()
        .map(|approach| {
            json!({
                "id": approach.id,
                "counters": approach.counters.iter().map(|&counter| counter.name()).collect::<Vec<_>>(),
                "ticks": approach.ticks.map(Counter::name),
                "chooses_by_candidates": approach.check.is_none(),
            })
        })
        .collect();
    let counters: Map<String, Value> = Counter::ALL
        .iter()
        .map(|counter| (counter.name().to_string(), counter.definition().into()))
        .collect();
    let kinds: Vec<Value> = EventKind::ALL
        .iter()
        .map(|&kind| {
            json!({
                // The page tells the kinds apart by these names (`Try`,
                // `Undo`, `Branch`, ...): the variants' own.
                "name": format!("{kind:?}"),
                "phrases": [kind.phrase(true), kind.phrase(false)],
                "counter": kind.counter().map(Counter::name),
                "changes_board": kind.changes_board(),
            })
        })
        .collect();
    json!({
        "approaches": approaches,
        "counters": counters,
        "kinds": kinds,
        "rejected_try": REJECTED_TRY,
        "no_cell": NO_CELL,
    })
    .to_string()
}

/// The first puzzle of `text`, screened: JSON with `puzzle` (81
/// characters) and `screening` (`unique`, `multiple` or `unsolvable`, with
/// `error` saying why for the last), or only `error` when the text holds no
/// readable puzzle. `note` says when the text held more than one.
pub fn read(text: &str) -> String {
    let mut records = Records::new(text.as_bytes());
    let first = match records.next() {
        None => return json!({ "error": "no puzzle in the text" }).to_string(),
        Some(Err(error)) => return json!({ "error": error.to_string() }).to_string(),
        Some(Ok(record)) => record,
    };
    let puzzle = first.board;
    let mut answer = json!({ "puzzle": puzzle.to_line() });
    if records.next().is_some() {
        answer["note"] = "the text holds more than one puzzle: the first is loaded".into();
    }
    match screen(&puzzle) {
        Screening::Unique(_) => answer["screening"] = "unique".into(),
        Screening::Multiple(_) => {
            answer["screening"] = "multiple".into();
            answer["note"] =
                "the puzzle has more than one solution; each approach runs to the first it finds"
                    .into();
        }
        Screening::Unsolvable => {
            answer["screening"] = "unsolvable".into();
            answer["error"] = match validate(&puzzle) {
                Err(conflict) => format!("the givens conflict: {conflict}"),
                Ok(()) => "the puzzle has no solution".to_string(),
            }
            .into();
        }
    }
    answer.to_string()
}

/// What one run hands back.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Everything but the steps, as JSON: `complete` (false when the run
    /// stopped after its window), `total` (steps so far, or in all),
    /// `solved_at`, `counts` (so far, or in all), `start` (the state where
    /// the window begins: `step`, `board`, `kinds`, `counts`), `samples`
    /// (`[step, placements, cells filled, fewest, most]`) and `board`.
    pub json: String,
    /// The window's steps, three numbers each: the kind, the cell, the
    /// digit the cell held before and the clash (a byte each, the kind's
    /// the lowest); the value; the work since the step before.
    pub steps: Vec<u32>,
}

/// What a run of the page asks for.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// The approach's place in [`APPROACHES`].
    pub approach: usize,
    /// Where the window begins.
    pub from: Start,
    /// How many steps it holds.
    pub steps: usize,
    /// Whether to call the `stop` given to [`run`] once the window is full
    /// (and at each window after it, if that returns).
    pub stop: bool,
    /// How many samples of the whole search to keep (0 for none).
    pub samples: usize,
}

/// Runs the approach `request` names on `puzzle`. With `request.stop`,
/// `stop` is called with what was recorded when the window is full: it
/// ends the call there (the page's module keeps it and traps), or hands it
/// over and returns, and the search goes on with the next window.
///
/// # Panics
/// When `request.approach` is not a place in [`APPROACHES`].
pub fn run(puzzle: &Board, request: Request, stop: fn(Trace)) -> Run {
    let window = Window {
        from: request.from,
        steps: request.steps,
        stop: request.stop.then_some(stop),
        samples: request.samples,
    };
    encode(&sudoku_trace::trace_window(
        &APPROACHES[request.approach],
        puzzle,
        window,
    ))
}

/// A trace, as the page reads it.
pub fn encode(traced: &Trace) -> Run {
    let counts = |counts: &Counts| -> Map<String, Value> {
        traced
            .approach
            .counters
            .iter()
            .map(|&counter| (counter.name().to_string(), counts.get(counter).into()))
            .collect()
    };
    let Snapshot {
        step,
        board,
        kinds,
        counts: start_counts,
    } = traced.start;
    let samples: Vec<[u64; 5]> = traced
        .samples
        .iter()
        .map(|sample| {
            [
                sample.step,
                sample.placements,
                sample.filled.into(),
                sample.least.into(),
                sample.most.into(),
            ]
        })
        .collect();
    let json = json!({
        "approach": traced.approach.id,
        "complete": traced.complete,
        "total": traced.total_events,
        "solved_at": traced.solved_at,
        "counts": counts(&traced.counts),
        "start": {
            "step": step,
            "board": board.to_vec(),
            "kinds": kinds.to_vec(),
            "counts": counts(&start_counts),
        },
        "samples": samples,
        "board": traced.board.as_ref().map(Board::to_line).ok(),
    })
    .to_string();
    let steps = traced.events.iter().flat_map(step_numbers).collect();
    Run { json, steps }
}

/// One step as three numbers: the kind, the cell, the digit before and the
/// clash in the bytes of the first; the value; the work.
fn step_numbers(event: &Event) -> [u32; 3] {
    [
        u32::from(event.kind.number())
            | u32::from(event.cell) << 8
            | u32::from(event.before) << 16
            | u32::from(event.clash) << 24,
        u32::from(event.value),
        event.work,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use sudoku_core::corpus::Tier;

    fn no_stop(_: Trace) {
        unreachable!("these runs do not stop");
    }

    #[test]
    fn a_run_hands_back_what_the_trace_recorded() {
        let puzzle = Tier::Examples.puzzles()[0].puzzle;
        for (place, approach) in APPROACHES.iter().enumerate() {
            let request = Request {
                approach: place,
                from: Start::Step(5),
                steps: 10,
                stop: false,
                samples: 16,
            };
            let traced = sudoku_trace::trace_window(
                approach,
                &puzzle,
                Window {
                    from: request.from,
                    steps: request.steps,
                    stop: None,
                    samples: request.samples,
                },
            );
            let ran = run(&puzzle, request, no_stop);
            assert_eq!(ran.steps.len(), 3 * traced.events.len());
            for (numbers, event) in ran.steps.chunks(3).zip(&traced.events) {
                assert_eq!(numbers[0] & 0xff, u32::from(event.kind.number()));
                assert_eq!(numbers[0] >> 8 & 0xff, u32::from(event.cell));
                assert_eq!(numbers[0] >> 16 & 0xff, u32::from(event.before));
                assert_eq!(numbers[0] >> 24, u32::from(event.clash));
                assert_eq!(numbers[1], u32::from(event.value));
                assert_eq!(numbers[2], event.work);
            }
            let json: Value = serde_json::from_str(&ran.json).unwrap();
            assert_eq!(json["approach"], approach.id);
            assert_eq!(json["total"], traced.total_events);
            assert_eq!(json["start"]["step"], 5);
            for &counter in approach.counters {
                assert_eq!(
                    json["counts"][counter.name()],
                    traced.counts.get(counter),
                    "{}",
                    approach.id
                );
            }
            assert_eq!(json["board"], traced.board.unwrap().to_line());
        }
    }

    #[test]
    fn read_takes_the_first_puzzle_in_any_format_and_screens_it() {
        let example = Tier::Examples.puzzles()[0].puzzle;
        let line = example.to_line();
        for text in [
            line.clone(),
            example.to_grid(),
            example.to_leetcode_json(),
            format!("{line}\n{line}\n"),
        ] {
            let read: Value = serde_json::from_str(&read(&text)).unwrap();
            assert_eq!(read["puzzle"], line.as_str(), "{text}");
            assert_eq!(read["screening"], "unique");
        }
        let read_back = |text: &str| -> Value { serde_json::from_str(&read(text)).unwrap() };
        assert_eq!(read_back("")["error"], "no puzzle in the text");
        assert!(read_back("12x")["error"]
            .as_str()
            .unwrap()
            .contains("line 1"));
        let conflict = format!("55{}", &line[2..]);
        let read = read_back(&conflict);
        assert_eq!(read["screening"], "unsolvable");
        assert!(read["error"]
            .as_str()
            .unwrap()
            .starts_with("the givens conflict"));
        assert_eq!(read_back(&".".repeat(81))["screening"], "multiple");
    }

    #[test]
    fn about_names_every_approach_and_kind() {
        let about: Value = serde_json::from_str(&about()).unwrap();
        assert_eq!(about["approaches"].as_array().unwrap().len(), 9);
        assert_eq!(
            about["kinds"].as_array().unwrap().len(),
            EventKind::ALL.len()
        );
        assert_eq!(
            about["counters"]["cells_filled"],
            Counter::CellsFilled.definition()
        );
        assert_eq!(
            about["kinds"][usize::from(EventKind::Try.number())]["name"],
            "Try"
        );
    }
}
