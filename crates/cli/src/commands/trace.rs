//! `sudoku trace`: the exact work of each approach on each puzzle, its first
//! steps, and a page that replays its search.
//!
//! The counts come from `sudoku-trace`, which runs each approach's LeetCode
//! region with its probe lines compiled in; what each count means is defined
//! once, on `sudoku_trace::Counter`.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use sudoku_catalog::screen::{screen, Screening};
use sudoku_core::{validate, Board, Format};
use sudoku_trace::{Approach, Counter, Trace};

use super::{choice_parser, chosen, Choice, InputArgs};
use crate::batch::{Outcome, Work};
use crate::input::{self, each_record, OnRecord};
use crate::output::{diagnostic, Output, Status};
use crate::replay_page;

/// Count the work each approach does on each puzzle, exactly, and show
/// its first steps or a page that replays its search.
///
/// The counts come from the code of each approach's LeetCode region, run
/// with its probe lines compiled in; they are the same on every machine.
/// A puzzle whose givens conflict, or that has no solution, is reported
/// without running any approach on it, as `solve` does.
#[derive(clap::Args)]
pub struct Args {
    /// Approaches to trace, separated by commas; `all` is every approach in
    /// catalog order [default: the five classics; with --html,
    /// coordinate-recursive].
    #[arg(long, value_delimiter = ',', value_parser = choice_parser(sudoku_trace::find))]
    solver: Vec<Choice<sudoku_trace::Approach>>,
    /// One JSON object per record and approach, one per line, instead of a
    /// table.
    #[arg(long)]
    json: bool,
    /// Also print the first N steps of each search (at most a million: each
    /// step is kept in memory until it is printed).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(..=i64::from(MOST_STEPS)))]
    steps: u32,
    /// Write a page that replays the search on the first puzzle of the
    /// input, for one approach or two side by side, to PAGE: one HTML file
    /// with nothing else to fetch.
    #[arg(long, value_name = "PAGE", conflicts_with_all = ["json", "steps"])]
    html: Option<PathBuf>,
    /// The most steps the page holds of each search, at most a million (the
    /// counts are always complete).
    #[arg(long, value_name = "N", default_value_t = 200_000, requires = "html",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MOST_STEPS)))]
    max_steps: u32,
    #[command(flatten)]
    input: InputArgs,
}

/// The most steps `trace --steps` prints and `trace --html` holds of one
/// search: every step is kept in memory (tens of bytes each), and a search
/// can take hundreds of millions, so an unbounded value could exhaust the
/// memory and abort the program.
const MOST_STEPS: u32 = 1_000_000;

/// Prints each record's counts (and steps), or with `--html` writes the
/// replay page of the first.
pub fn run(output: &mut Output<impl io::Write>, args: &Args) -> io::Result<Status> {
    let named = chosen(&args.solver, sudoku_trace::find);
    if let Some(page) = &args.html {
        if page.as_os_str() == "-" {
            diagnostic!("error: --html takes the path of the page to write, not `-`");
            return Ok(Status::UsageOrIo);
        }
        if let Some(input) = input::input_written_to(&args.input.files, page) {
            diagnostic!(
                "error: the page {} is also an input ({input}): write it to another file",
                page.display()
            );
            return Ok(Status::UsageOrIo);
        }
        let chosen = approaches_or(&named, PAGE_APPROACHES);
        return write_page(
            output,
            page,
            &chosen,
            &args.input.files,
            args.input.format(),
            args.max_steps as usize,
        );
    }
    let print = Print {
        json: args.json,
        steps: args.steps as usize,
    };
    let work = work(approaches_or(&named, TABLE_APPROACHES), print);
    // A table per record, so a blank line between them; JSON is one line each.
    output.separate_records(!args.json);
    args.input.run(output, &work)
}

/// The approaches traced in tables when none are named: the five classics.
const TABLE_APPROACHES: &[&str] = &[
    "coordinate-recursive",
    "full-rescan",
    "single-loop-check",
    "java-style",
    "find-empty-cell",
];

/// The approach a replay page shows when none is named.
const PAGE_APPROACHES: &[&str] = &["coordinate-recursive"];

/// What to print for each record.
#[derive(Clone, Copy)]
struct Print {
    /// One JSON object per record and approach, instead of a table.
    json: bool,
    /// How many steps of each search to print.
    steps: usize,
}

/// The approaches named on the command line, or the `default` ones.
fn approaches_or(named: &[&'static Approach], default: &[&str]) -> Vec<&'static Approach> {
    if named.is_empty() {
        default
            .iter()
            .filter_map(|id| sudoku_trace::find(id))
            .collect()
    } else {
        named.to_vec()
    }
}

/// The work for one record: screen the puzzle as `solve` does, then trace
/// every approach on it and print the counts (and steps).
fn work(approaches: Vec<&'static Approach>, print: Print) -> Work {
    Work::new("trace", move |puzzle| {
        let warning = match screen(&puzzle) {
            Screening::Unsolvable => return unsolvable(&puzzle),
            Screening::Multiple(_) => Some(
                "the puzzle has more than one solution; each approach is traced to the first it finds",
            ),
            Screening::Unique(_) => None,
        };
        let traces: Vec<Trace> = approaches
            .iter()
            .map(|approach| sudoku_trace::trace(approach, &puzzle, print.steps))
            .collect();
        let text = if print.json {
            json_lines(&traces, print.steps)
        } else {
            table(&puzzle, &traces, print.steps)
        };
        let outcome = Outcome::text(text);
        match warning {
            Some(warning) => outcome.warn(warning),
            None => outcome,
        }
    })
}

/// The error for a puzzle that screening found without a solution.
fn unsolvable(puzzle: &Board) -> Outcome {
    Outcome::error(match validate(puzzle) {
        Err(conflict) => format!("the givens conflict: {conflict}"),
        Ok(()) => "the puzzle has no solution".to_string(),
    })
}

/// The puzzle, a row of counts per approach, and the first steps.
fn table(puzzle: &Board, traces: &[Trace], steps: usize) -> String {
    let approaches: Vec<&Approach> = traces.iter().map(|traced| traced.approach).collect();
    let columns = sudoku_trace::counters_of(&approaches);
    let id_width = traces
        .iter()
        .map(|traced| traced.approach.id.len())
        .chain(["approach".len()])
        .max()
        .unwrap_or(0);
    let cell = |counter: Counter, traced: &Trace| {
        if traced.approach.counters.contains(&counter) {
            traced.counts.get(counter).to_string()
        } else {
            "-".to_string()
        }
    };
    let widths: Vec<usize> = columns
        .iter()
        .map(|&counter| {
            traces
                .iter()
                .map(|traced| cell(counter, traced).len())
                .chain([counter.name().len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = format!("puzzle {}\n{:id_width$}", puzzle.to_line(), "approach");
    for (counter, width) in columns.iter().zip(&widths) {
        let _ = write!(text, "  {:>width$}", counter.name());
    }
    text.push('\n');
    for traced in traces {
        let _ = write!(text, "{:id_width$}", traced.approach.id);
        for (&counter, width) in columns.iter().zip(&widths) {
            let _ = write!(text, "  {:>width$}", cell(counter, traced));
        }
        text.push('\n');
    }
    if steps > 0 {
        for traced in traces {
            let _ = writeln!(
                text,
                "{}: the first {} of {} steps",
                traced.approach.id,
                traced.events.len(),
                traced.total_events
            );
            for (number, event) in traced.events.iter().enumerate() {
                let _ = writeln!(text, "{:>8}  {}", number + 1, event.describe());
            }
        }
    }
    text
}

/// One traced approach as JSON.
#[derive(Serialize)]
struct TraceJson<'a> {
    approach: &'a str,
    counts: serde_json::Map<String, serde_json::Value>,
    steps_total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<String>>,
}

/// One line of JSON per approach.
fn json_lines(traces: &[Trace], steps: usize) -> String {
    let mut text = String::new();
    for traced in traces {
        let counts = traced
            .approach
            .counters
            .iter()
            .map(|&counter| {
                (
                    counter.name().to_string(),
                    traced.counts.get(counter).into(),
                )
            })
            .collect();
        let line = TraceJson {
            approach: traced.approach.id,
            counts,
            steps_total: traced.total_events,
            steps: (steps > 0).then(|| {
                traced
                    .events
                    .iter()
                    .map(sudoku_trace::Event::describe)
                    .collect()
            }),
        };
        // A map of strings and numbers always serialises.
        text.push_str(&serde_json::to_string(&line).unwrap_or_default());
        text.push('\n');
    }
    text
}

/// `sudoku trace --html PAGE`: replays the search on the first puzzle of
/// `files`, of one approach or two side by side, in one self-contained page,
/// and prints the counts table for it.
fn write_page(
    output: &mut Output<impl io::Write>,
    page: &Path,
    approaches: &[&'static Approach],
    files: &[PathBuf],
    format: Option<Format>,
    max_steps: usize,
) -> io::Result<Status> {
    if approaches.len() > 2 {
        diagnostic!(
            "error: the replay page shows one approach or two side by side, not {}",
            approaches.len()
        );
        return Ok(Status::UsageOrIo);
    }
    // The first record, and how many came after it.
    let mut first: Option<(String, usize, Result<Board, String>)> = None;
    let mut more = 0;
    let read = each_record(
        files,
        format,
        &mut OnRecord(|source, entry| {
            if first.is_none() {
                first = Some((source.to_string(), entry.line, entry.board));
            } else {
                more += 1;
            }
            Ok(())
        }),
    )?;
    if let Status::Signal(_) = read {
        return Ok(read);
    }
    let Some((source, line, board)) = first else {
        diagnostic!("error: no puzzle to replay in the input");
        return Ok(read.max(Status::UsageOrIo));
    };
    if more > 0 {
        diagnostic!(
            "note: the page replays the puzzle on {source}:{line}; {} after it not traced",
            sudoku_core::counted(more, "record")
        );
    }
    let puzzle = match board {
        Ok(puzzle) => puzzle,
        Err(message) => {
            output.record_error(&source, line, &message)?;
            return Ok(Status::RecordFailed);
        }
    };
    match screen(&puzzle) {
        Screening::Unsolvable => {
            if let Err(message) = unsolvable(&puzzle).result {
                output.record_error(&source, line, &message)?;
            }
            return Ok(Status::RecordFailed);
        }
        Screening::Multiple(_) => diagnostic!(
            "warning: {source}:{line}: the puzzle has more than one solution; each approach is traced to the first it finds"
        ),
        Screening::Unique(_) => {}
    }
    let traces: Vec<Trace> = approaches
        .iter()
        .map(|approach| sudoku_trace::trace(approach, &puzzle, max_steps))
        .collect();
    let html = match replay_page::render(&puzzle, &traces) {
        Ok(html) => html,
        Err(error) => {
            diagnostic!("error: cannot write the replay page: {error}");
            return Ok(Status::UsageOrIo);
        }
    };
    if let Err(error) = std::fs::write(page, html) {
        diagnostic!("error: {}: {error}", page.display());
        return Ok(Status::UsageOrIo);
    }
    for traced in &traces {
        let kept = traced.events.len() as u64;
        let held = if kept == traced.total_events {
            format!("all {kept} steps")
        } else {
            format!(
                "the first {kept} of {} steps (the counts are complete)",
                traced.total_events
            )
        };
        diagnostic!("{}: {}: {held}", page.display(), traced.approach.id);
    }
    output.record(&table(&puzzle, &traces, 0))?;
    Ok(read.max(output.status()))
}
