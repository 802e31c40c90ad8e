//! `sudoku trace`: the exact work of each approach on each puzzle, its first
//! steps, and a page that replays its search.
//!
//! The counts come from `sudoku-trace`, which runs each approach's LeetCode
//! region with its probe lines compiled in; what each count means is defined
//! once, on `sudoku_trace::Counter`.

use std::fmt::Write as _;
use std::io;
use std::num::IntErrorKind;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender};

use serde::Serialize;
use sudoku_catalog::screen::{screen, Screening};
use sudoku_cli::arguments::deadline_after;
use sudoku_core::{grouped, validate, Board, Format};
use sudoku_trace::{Approach, Counter, Trace};

use super::{choice_parser, chosen, Choice, InputArgs};
use crate::batch::{Outcome, Place, Work};
use crate::input::{self, each_record, Entry, Sink, Source};
use crate::interrupt::{self, Stopped};
use crate::output::{diagnostic, Output, Status};
use crate::replay_page::{self, Opening, PageFile};

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
    /// One JSON object per line instead of a table: for each record and
    /// approach, the record's number, file, line and puzzle, then the
    /// approach's counts (and steps); a record that failed is one object
    /// with its error (and a null puzzle when it could not be read).
    #[arg(long)]
    json: bool,
    /// Also print the first N steps of each search, in words, at most
    /// 100,000 (each step printed is held in memory until its record is
    /// written). A try the check rejected names the cell holding its digit
    /// (`try r1c4 = 1: r2c4 has 1`); an undo, the digit it takes back.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = printed_steps)]
    steps: u32,
    /// Write the replay page to PAGE, opened on the first puzzle of the
    /// input (the rest is not read) and on one approach or two side by side
    /// (two aligned by placements): the page of `sudoku playground`, one
    /// HTML file with nothing else to fetch, that runs the approaches
    /// itself (in WebAssembly), so it replays every step, however long the
    /// search. The counts table goes to standard output, so PAGE is never
    /// standard output. --timeout covers reading the first record, tracing
    /// it for the table and writing the page; stderr says what became of
    /// PAGE when time runs out.
    #[arg(long, value_name = "PAGE", conflicts_with_all = ["json", "steps"])]
    html: Option<PathBuf>,
    /// Gone: the page held at most this many steps; it runs the searches
    /// itself now. Accepted only to say so.
    #[arg(long, value_name = "N", hide = true)]
    max_steps: Option<String>,
    #[command(flatten)]
    input: InputArgs,
}

/// The most steps `trace --steps` prints of one search. Every step printed
/// is held in memory (as text, a few tens of bytes) until its record is
/// written, for every approach traced; a search can take hundreds of
/// millions of steps, far more than anyone reads.
const MOST_PRINTED_STEPS: u32 = 100_000;

/// `--steps N`: from 0 to [`MOST_PRINTED_STEPS`].
fn printed_steps(text: &str) -> Result<u32, String> {
    let steps = number_of_steps(text)?;
    if steps > MOST_PRINTED_STEPS {
        return Err(format!(
            "at most {} steps of each search are printed: each one is held in memory until its record is written",
            grouped(MOST_PRINTED_STEPS.into())
        ));
    }
    Ok(steps)
}

/// A number of steps, however large (past `u32::MAX`, `u32::MAX`: the
/// limits above refuse it by name).
fn number_of_steps(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(steps) => Ok(steps),
        Err(error) if *error.kind() == IntErrorKind::PosOverflow => Ok(u32::MAX),
        Err(_) => Err(format!("{text:?} is not a number of steps")),
    }
}

/// Prints each record's counts (and steps), or with `--html` writes the
/// replay page opened on the first.
pub fn run(output: &mut Output<impl io::Write>, args: &Args) -> io::Result<Status> {
    if args.max_steps.is_some() {
        diagnostic!(
            "error: --max-steps is gone: the replay page runs the approaches itself, \
             with no cap on steps; leave the option out"
        );
        return Ok(Status::UsageOrIo);
    }
    let named = chosen(&args.solver, sudoku_trace::find);
    if let Some(page) = &args.html {
        let job = PageJob {
            approaches: approaches_or(&named, PAGE_APPROACHES),
            files: args.input.files.clone(),
            format: args.input.format(),
        };
        return write_page(output, page, job, deadline_after(args.input.batch.timeout));
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
/// every approach on it and print the counts (and steps). In JSON a failed
/// record is an object too.
fn work(approaches: Vec<&'static Approach>, print: Print) -> Work {
    let work = Work::placed("trace", move |puzzle, place| {
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
            json_lines(place, &puzzle, &traces, print.steps)
        } else {
            table(&puzzle, &traces, print.steps)
        };
        let outcome = Outcome::text(text);
        match warning {
            Some(warning) => outcome.warn(warning),
            None => outcome,
        }
    });
    if print.json {
        work.failed_records_as(failed_json)
    } else {
        work
    }
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
            let total = traced.total_events;
            let _ = writeln!(
                text,
                "{}: the first {} of {} {}",
                traced.approach.id,
                traced.events.len(),
                total,
                if total == 1 { "step" } else { "steps" }
            );
            for (number, event) in traced.events.iter().enumerate() {
                let _ = writeln!(text, "{:>8}  {}", number + 1, event.describe());
            }
        }
    }
    text
}

/// What every JSON object says first: which record it is about. The
/// fields are written in the order they are declared, here and below.
#[derive(Serialize)]
struct RecordJson<'a> {
    /// The record's number in the whole input, from 1.
    record: u64,
    file: &'a str,
    line: usize,
    /// The 81-character line; `null` for a record that could not be read.
    puzzle: Option<String>,
}

impl<'a> RecordJson<'a> {
    fn new(place: &Place<'a>, puzzle: Option<&Board>) -> Self {
        RecordJson {
            record: place.number,
            file: place.source,
            line: place.line,
            puzzle: puzzle.map(Board::to_line),
        }
    }
}

/// One traced approach as JSON.
#[derive(Serialize)]
struct TraceJson<'a> {
    #[serde(flatten)]
    record: RecordJson<'a>,
    approach: &'a str,
    /// In [`Counter::ALL`]'s order (`serde_json` keeps the order keys are
    /// put in: the workspace turns on its `preserve_order`).
    counts: serde_json::Map<String, serde_json::Value>,
    steps_total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<String>>,
}

/// A record that failed, as JSON.
#[derive(Serialize)]
struct FailedJson<'a> {
    #[serde(flatten)]
    record: RecordJson<'a>,
    error: &'a str,
}

/// A failed record in `--json`: one object, with its error.
fn failed_json(place: &Place, puzzle: Option<&Board>, message: &str) -> String {
    let failed = FailedJson {
        record: RecordJson::new(place, puzzle),
        error: message,
    };
    // Strings and numbers always serialise.
    serde_json::to_string(&failed).unwrap_or_default() + "\n"
}

/// One line of JSON per approach traced on the record at `place`.
fn json_lines(place: &Place, puzzle: &Board, traces: &[Trace], steps: usize) -> String {
    let mut text = String::new();
    for traced in traces {
        let counts = Counter::ALL
            .into_iter()
            .filter(|counter| traced.approach.counters.contains(counter))
            .map(|counter| {
                (
                    counter.name().to_string(),
                    traced.counts.get(counter).into(),
                )
            })
            .collect();
        let line = TraceJson {
            record: RecordJson::new(place, Some(puzzle)),
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

/// `sudoku trace --html PAGE`: writes the replay page opened on the first
/// puzzle of the input, with one approach or two side by side, and prints
/// the counts table for it.
///
/// Everything that can refuse the page is checked first, the page is
/// opened before any work (a page that cannot be written is known before
/// a record is read), and then a thread of its own reads the first record,
/// traces it and writes the page, while this one keeps the deadline: at
/// the deadline the run ends, whether the thread is reading or tracing.
fn write_page(
    output: &mut Output<impl io::Write>,
    page: &Path,
    job: PageJob,
    deadline: Option<Instant>,
) -> io::Result<Status> {
    // The counts table goes to standard output: not into a puzzle file.
    if input::refuse_outputs_into(&job.files) {
        return Ok(Status::UsageOrIo);
    }
    if let Some(refusal) = refusal(page, &job) {
        diagnostic!("error: {refusal}");
        return Ok(Status::UsageOrIo);
    }
    let file = match PageFile::open(page) {
        Ok(file) => file,
        Err(error) => {
            diagnostic!(
                "error: {}: {}",
                page.display(),
                replay_page::page_error(&error)
            );
            return Ok(Status::UsageOrIo);
        }
    };
    let created = file.created;
    // At the deadline the run ends, also when a reader of the table has
    // stopped reading and the write waits for it.
    interrupt::watch(deadline);
    let (progress, received) = crossbeam_channel::unbounded();
    thread::Builder::new()
        .name("sudoku-trace-page".into())
        .spawn(move || job.run(&file, &progress))?;
    let end = wait_for_page(&received, deadline, created);
    match end {
        PageEnd::Written {
            puzzle,
            traces,
            read,
        } => {
            output.record(&table(&puzzle, &traces, 0))?;
            Ok(read.max(output.status()))
        }
        PageEnd::RecordFailed { at, line, message } => {
            PageFile::discard(page, created);
            output.record_error(&at, line, &message)?;
            Ok(Status::RecordFailed)
        }
        PageEnd::Failed(status) => {
            PageFile::discard(page, created);
            Ok(status)
        }
    }
}

/// How the page's thread ended, or [`PageEnd::Failed`] at the deadline or
/// on a signal (the thread is abandoned with the process, reading, tracing
/// or writing). A page file this run `created` is removed then; one that
/// was there before is left as far as it was written, and the message says
/// so when writing had begun.
fn wait_for_page(
    received: &Receiver<Progress>,
    deadline: Option<Instant>,
    created: bool,
) -> PageEnd {
    let mut doing = "reading the first record".to_string();
    let mut writing = false;
    loop {
        let stop = match interrupt::receive(received, deadline) {
            Ok(Progress::Tracing(at)) => {
                doing = format!("tracing the puzzle on {at}");
                continue;
            }
            Ok(Progress::Writing) => {
                doing = "writing the page".to_string();
                writing = true;
                continue;
            }
            Ok(Progress::Done(end)) => break end,
            Err(Stopped::TimedOut) => ("timed out", Status::RecordFailed),
            Err(Stopped::Signal(status)) => ("interrupted", Status::Signal(status)),
            Err(Stopped::Disconnected) => {
                diagnostic!("error: internal error: the page's thread stopped {doing}");
                break PageEnd::Failed(Status::UsageOrIo);
            }
        };
        let (why, status) = stop;
        diagnostic!("error: {}", stopped_while(why, &doing, writing && !created));
        break PageEnd::Failed(status);
    }
}

/// What the run says when it stopped (`why`: timed out, interrupted) while
/// `doing`; `cut_short` when a page that was there before had begun to be
/// written over.
fn stopped_while(why: &str, doing: &str, cut_short: bool) -> String {
    let left = if cut_short {
        "the page is incomplete"
    } else {
        "no page written"
    };
    format!("{why} {doing}; {left}")
}

/// Why the page cannot be written to `page`, if it cannot: checked before
/// anything is opened, read or traced.
fn refusal(page: &Path, job: &PageJob) -> Option<String> {
    if job.approaches.len() > 2 {
        return Some(format!(
            "the replay page shows one approach or two side by side, not {}",
            job.approaches.len()
        ));
    }
    // The counts table goes to standard output: the page there would be
    // overwritten by it, or mixed with it.
    if let Some(refusal) =
        replay_page::standard_output_refusal("--html ", page, "where the counts table goes")
    {
        return Some(refusal);
    }
    if let Some(input) = input::input_written_to(&job.files, page) {
        return Some(format!(
            "the page {} is also an input ({input}): write it to another file",
            page.display()
        ));
    }
    None
}

/// What the page shows, and of what.
struct PageJob {
    approaches: Vec<&'static Approach>,
    files: Vec<PathBuf>,
    format: Option<Format>,
}

/// What the page's thread says as it goes.
enum Progress {
    /// The first record is read, and its puzzle (at this `file:line`) is
    /// being traced.
    Tracing(String),
    /// The searches are traced; the page is being written.
    Writing,
    /// The thread is done.
    Done(PageEnd),
}

/// How the page's thread ended.
enum PageEnd {
    /// The page is written: the table is printed from `traces`. `read` is
    /// the status of reading the input.
    Written {
        puzzle: Board,
        traces: Vec<Trace>,
        read: Status,
    },
    /// The first record is not a puzzle that can be traced: the error goes
    /// in its place on standard output.
    RecordFailed {
        at: String,
        line: usize,
        message: String,
    },
    /// Nothing written, with this status; the thread has said why on stderr.
    Failed(Status),
}

impl PageJob {
    /// Reads the first record (only: the rest of the input is not read),
    /// traces it and writes the page into `file`, saying how far it got on
    /// `progress`.
    fn run(self, file: &PageFile, progress: &Sender<Progress>) {
        let end = self.replay(file, progress).unwrap_or_else(|error| {
            diagnostic!("error: {error}");
            PageEnd::Failed(Status::UsageOrIo)
        });
        // The receiver is gone only when the run has ended.
        let _ = progress.send(Progress::Done(end));
    }

    fn replay(self, file: &PageFile, progress: &Sender<Progress>) -> io::Result<PageEnd> {
        let mut first: Option<(String, usize, Result<Board, String>)> = None;
        let read = each_record(&self.files, self.format, &mut FirstRecord(&mut first))?;
        if let Status::Signal(_) = read {
            // Reading said where it stopped.
            return Ok(PageEnd::Failed(read));
        }
        let Some((at, line, board)) = first else {
            diagnostic!("error: no puzzle to replay in the input");
            return Ok(PageEnd::Failed(read.max(Status::UsageOrIo)));
        };
        let failed = |message| PageEnd::RecordFailed {
            at: at.clone(),
            line,
            message,
        };
        let puzzle = match board {
            Ok(puzzle) => puzzle,
            Err(message) => return Ok(failed(message)),
        };
        match screen(&puzzle) {
            Screening::Unsolvable => {
                let message = unsolvable(&puzzle).result.err().unwrap_or_default();
                return Ok(failed(message));
            }
            Screening::Multiple(_) => diagnostic!(
                "warning: {at}:{line}: the puzzle has more than one solution; each approach is traced to the first it finds"
            ),
            Screening::Unique(_) => {}
        }
        // The receiver is gone only when the run has ended.
        let _ = progress.send(Progress::Tracing(format!("{at}:{line}")));
        // For the table: the page runs the searches itself.
        let traces: Vec<Trace> = self
            .approaches
            .iter()
            .map(|approach| sudoku_trace::trace(approach, &puzzle, 0))
            .collect();
        let _ = progress.send(Progress::Writing);
        let ids = self.approaches.iter().map(|approach| approach.id).collect();
        if let Err(error) = file.write(&Opening::new(&puzzle, ids)) {
            diagnostic!("error: {}: {error}", file.path.display());
            return Ok(PageEnd::Failed(Status::UsageOrIo));
        }
        Ok(PageEnd::Written {
            puzzle,
            traces,
            read,
        })
    }
}

/// A sink that keeps the first record and stops the reading there.
struct FirstRecord<'a>(&'a mut Option<(String, usize, Result<Board, String>)>);

impl Sink for FirstRecord<'_> {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        *self.0 = Some((source.to_string(), entry.line, entry.board));
        Ok(())
    }

    fn done(&self) -> bool {
        self.0.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_page_stopped_while_written_over_is_said_to_be_incomplete() {
        // At the deadline while writing over a page that was there, the
        // message said "no page written" of a file already cut to part of
        // a page.
        let (progress, received) = crossbeam_channel::unbounded();
        progress.send(Progress::Writing).unwrap();
        let end = wait_for_page(&received, Some(Instant::now()), false);
        assert!(matches!(end, PageEnd::Failed(Status::RecordFailed)));
        assert_eq!(
            stopped_while("timed out", "writing the page", true),
            "timed out writing the page; the page is incomplete"
        );
        assert_eq!(
            stopped_while("interrupted", "tracing the puzzle on a.txt:3", false),
            "interrupted tracing the puzzle on a.txt:3; no page written"
        );
    }
}
