//! The replay page of `sudoku trace --html`: one self-contained HTML file
//! (styles, script and data inline; no network, nothing to install) that
//! replays the search of one approach, or two side by side, step by step.
//!
//! The page is `replay.html`, a minijinja template: the static parts (the
//! boards with their givens, the final counts) are rendered here, and the
//! events go in as JSON for the page's script to replay.

use std::io;

use minijinja::{context, Environment, Value};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;
use sudoku_core::{grouped, Board};
use sudoku_trace::{Counter, Event, EventKind, Trace};

const TEMPLATE: &str = include_str!("replay.html");

/// One counter of one run, as the page shows it.
#[derive(Serialize)]
struct CounterData {
    name: &'static str,
    definition: &'static str,
    total: u64,
    /// The total grouped by thousands, for people.
    shown: String,
}

/// One approach's search, as the page shows it.
#[derive(Serialize)]
struct RunSummary {
    id: &'static str,
    /// The number of steps, and of those the page holds, grouped by thousands.
    steps: String,
    kept_steps: String,
    counters: Vec<CounterData>,
    /// The counter the events' `work` adds to.
    ticks: Option<&'static str>,
    kept: usize,
    total: u64,
    /// The share of the longest run's steps, in per cent, for the bars.
    share: f64,
}

/// One approach's search, as the page's script replays it.
#[derive(Serialize)]
struct RunData<'a> {
    #[serde(flatten)]
    summary: RunSummary,
    events: Events<'a>,
}

/// A search's events, serialised as four numbers each (kind, cell, value,
/// work) straight from the trace: a page of a million steps holds no second
/// copy of them.
struct Events<'a>(&'a [Event]);

impl Serialize for Events<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut numbers = serializer.serialize_seq(Some(4 * self.0.len()))?;
        for event in self.0 {
            numbers.serialize_element(&event.kind.number())?;
            numbers.serialize_element(&event.cell)?;
            numbers.serialize_element(&event.value)?;
            numbers.serialize_element(&event.work)?;
        }
        numbers.end()
    }
}

/// What the script needs besides the runs: the puzzle and how to read events.
#[derive(Serialize)]
struct PageData<'a> {
    puzzle_digits: Vec<u8>,
    runs: &'a [RunData<'a>],
    /// Per event kind: how it reads about a cell, and about none.
    phrases: Vec<[&'static str; 2]>,
    /// Per event kind: the counter it adds one to.
    kind_counters: Vec<Option<&'static str>>,
    /// Per event kind: whether it writes or clears a cell.
    board_kinds: Vec<bool>,
    /// Per event kind: a digit placed without a choice.
    forced_kinds: Vec<bool>,
    /// Per event kind: a digit taken back (an undo, or a cell cleared
    /// because a copying search went back to an earlier state).
    taken_back_kinds: Vec<bool>,
    try_kind: u8,
}

fn run_data(traced: &Trace, longest: u64) -> RunData<'_> {
    let counters = traced
        .approach
        .counters
        .iter()
        .map(|&counter| CounterData {
            name: counter.name(),
            definition: counter.definition(),
            total: traced.counts.get(counter),
            shown: grouped(traced.counts.get(counter)),
        })
        .collect();
    #[allow(clippy::cast_precision_loss)] // Step counts far below 2^52.
    let share = if longest == 0 {
        0.0
    } else {
        100.0 * traced.total_events as f64 / longest as f64
    };
    RunData {
        summary: RunSummary {
            id: traced.approach.id,
            steps: grouped(traced.total_events),
            kept_steps: grouped(traced.events.len() as u64),
            counters,
            ticks: traced.approach.ticks.map(Counter::name),
            kept: traced.events.len(),
            total: traced.total_events,
            share,
        },
        events: Events(&traced.events),
    }
}

/// Writes the page for `traces`, all of them on `puzzle`, into `page`.
///
/// # Errors
/// When writing fails, or the template cannot be rendered (a bug here,
/// not a user's error).
pub fn render(
    puzzle: &Board,
    traces: &[Trace],
    page: &mut dyn io::Write,
) -> Result<(), minijinja::Error> {
    let longest = traces
        .iter()
        .map(|traced| traced.total_events)
        .max()
        .unwrap_or(0);
    let runs: Vec<RunData> = traces
        .iter()
        .map(|traced| run_data(traced, longest))
        .collect();
    let kinds = EventKind::ALL;
    let data = PageData {
        puzzle_digits: puzzle.cells().to_vec(),
        runs: &runs,
        phrases: kinds
            .iter()
            .map(|kind| [kind.phrase(true), kind.phrase(false)])
            .collect(),
        kind_counters: kinds
            .iter()
            .map(|kind| kind.counter().map(Counter::name))
            .collect(),
        board_kinds: kinds.iter().map(|&kind| kind.changes_board()).collect(),
        forced_kinds: kinds
            .iter()
            .map(|&kind| kind == EventKind::Forced)
            .collect(),
        taken_back_kinds: kinds
            .iter()
            .map(|&kind| matches!(kind, EventKind::Undo | EventKind::Restore))
            .collect(),
        try_kind: EventKind::Try.number(),
    };
    // JSON inside a <script> element: "</" must not end it early.
    let json = serde_json::to_string(&data)
        .map_err(|error| {
            minijinja::Error::new(minijinja::ErrorKind::BadSerialization, error.to_string())
        })?
        .replace("</", "<\\/");
    let ids: Vec<&str> = traces.iter().map(|traced| traced.approach.id).collect();
    let summaries: Vec<&RunSummary> = runs.iter().map(|run| &run.summary).collect();
    let mut environment = Environment::new();
    environment.add_template("replay.html", TEMPLATE)?;
    environment
        .get_template("replay.html")?
        .render_captured_to(
            context! {
                title => format!("Replay: {} on one puzzle", ids.join(" and ")),
                puzzle => puzzle.to_line(),
                puzzle_digits => puzzle.cells().to_vec(),
                runs => Value::from_serialize(&summaries),
                data => Value::from_safe_string(json),
            },
            page,
        )?;
    Ok(())
}
