//! `sudoku compare`: every chosen approach on the same puzzles, timed side by side.
//!
//! The timing runs on a thread of its own and reports each approach's times
//! as it finishes them; this thread prints a set's table once every approach
//! has run on it. With `--timeout`, it stops waiting at the deadline, prints
//! what finished (the approach still running shows `timed out`), and the
//! solve still running is abandoned with the process.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use sudoku_catalog::screen::{classics_fit, screen, Screening};
use sudoku_catalog::{Approach, Family};
use sudoku_core::corpus::Tier;
use sudoku_core::{counted, grouped, verify, Board};

use sudoku_cli::arguments::{deadline_after, parse_seconds};

use super::time_format::{shown_micros, shown_ratio};
use super::{choice_parser, chosen, Choice};
use crate::guard;
use crate::input::{self, each_record, Entry, Sink, Source};
use crate::interrupt::{self, Stopped};
use crate::output::{diagnostic, Output, Status};

/// Time approaches side by side on a corpus and print a table.
///
/// Each approach solves every puzzle of a set, in passes over the whole
/// set until it has spent at least 200 ms on it; the table gives
/// the puzzles solved, the median and mean time per puzzle, and the
/// mean relative to the fastest approach. Build with `--release`.
#[derive(clap::Args)]
pub struct Args {
    /// Approaches to compare, separated by commas; `all`, the default,
    /// is every approach in catalog order.
    #[arg(long, value_delimiter = ',', value_parser = choice_parser(sudoku_catalog::find))]
    solvers: Vec<Choice<Approach>>,
    /// An embedded tier (examples, famous, easy, medium, hard, hardest),
    /// `all` for every tier, or a puzzle file (of which at most the first
    /// 100,000 puzzles are timed). Only the fast approaches run on
    /// `hardest`, and on a file with a puzzle that needs over ten million
    /// placements of the classic search, where a classic approach would
    /// keep the run waiting.
    #[arg(long, default_value = "all")]
    corpus: String,
    /// Stop after SECS seconds (decimals allowed), reading the file
    /// included: the tables finished by then are printed, the approach
    /// still running shows `timed out`, and the exit status is 1.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
}

/// A set is solved again, pass after pass, until one approach has spent this
/// long on it, so that fast puzzles are not lost in the clock's resolution.
/// Whole passes (rather than one puzzle many times in a row) keep the branch
/// predictor from learning a single puzzle, as a one-pass timing would not.
const MIN_TIME_PER_SET: Duration = Duration::from_millis(200);

/// No more passes than this, however fast the set.
const MAX_PASSES: u32 = 10_000;

/// A named list of puzzles to time.
struct PuzzleSet {
    name: String,
    puzzles: Vec<Board>,
    /// The line of each puzzle in its file (empty for a tier).
    lines: Vec<usize>,
    /// The embedded tier it is, if it is one.
    tier: Option<Tier>,
    /// Records of the file left out: not puzzles, or without a solution.
    skipped: usize,
}

/// The most puzzles of a file that are timed: each is held, with its
/// times, until the tables are printed (about 200 bytes with every
/// approach), and each approach solves every one at least once. The rest
/// of the file is not read.
const MOST_FILE_PUZZLES: usize = 100_000;

/// What `--corpus` names.
enum Corpus {
    Tiers(Vec<Tier>),
    File(PathBuf),
}

/// The sets read, as the tables need them.
struct Read {
    /// Each set's name and number of puzzles.
    titles: Vec<(String, usize)>,
    /// How many sets every approach runs on.
    full_sets: usize,
    /// Whether records of the file were skipped.
    skipped: bool,
}

/// One approach's times on one set, in microseconds per puzzle, or why it
/// has none.
pub(crate) struct Timing {
    pub(crate) solved: usize,
    pub(crate) micros: Vec<f64>,
    /// Said in place of the times when there are none.
    failure: Option<&'static str>,
}

impl Timing {
    /// No times yet.
    fn none() -> Self {
        Timing {
            solved: 0,
            micros: Vec::new(),
            failure: None,
        }
    }

    fn failed(failure: &'static str) -> Self {
        Timing {
            solved: 0,
            micros: Vec::new(),
            failure: Some(failure),
        }
    }
}

/// Which approaches run on a set, and which do not and why.
struct Plan {
    set: usize,
    running: Vec<&'static Approach>,
    skipped: Vec<&'static Approach>,
    reason: String,
}

/// What the timing thread reports.
enum Event {
    /// The next set, and which approaches run on it.
    Plan(Plan),
    /// The next running approach of the set has its times.
    Timed(Timing),
}

/// Times the chosen approaches on each set of the corpus and prints a
/// table per set, then one over the sets every approach ran on.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    let deadline = deadline_after(args.timeout);
    let solvers = chosen(&args.solvers, sudoku_catalog::find);
    let approaches: Vec<&'static Approach> = if solvers.is_empty() {
        sudoku_catalog::APPROACHES.iter().collect()
    } else {
        solvers
    };
    let corpus = match Corpus::named(&args.corpus) {
        Ok(corpus) => corpus,
        Err(message) => {
            diagnostic!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
    };
    if let Corpus::File(path) = &corpus {
        if input::refuse_outputs_into(std::slice::from_ref(path)) {
            return Ok(Status::UsageOrIo);
        }
    }
    if cfg!(debug_assertions) {
        diagnostic!("warning: this is a debug build; time it with `cargo run --release`");
    }
    // At the deadline the run ends, also when a reader of the tables has
    // stopped reading and a write waits for it.
    interrupt::watch(deadline);
    // The timing thread reads the corpus first (a big file takes a while),
    // says what it read, then times; this thread keeps the deadline all along.
    let (read, read_received) = crossbeam_channel::bounded(1);
    let (events, received) = crossbeam_channel::unbounded();
    {
        let approaches = approaches.clone();
        thread::Builder::new()
            .name("sudoku-compare".into())
            .spawn(move || {
                if let Some(sets) = corpus.read(&read) {
                    time_sets(&sets, &approaches, &events);
                }
            })?;
    }
    let Read {
        titles,
        full_sets,
        skipped,
    } = match wait_for_corpus(&read_received, deadline, &args.corpus) {
        Ok(read) => read,
        Err(status) => return Ok(status),
    };
    if skipped {
        output.fail();
    }
    let totals = match print_sets(output, &received, deadline, &titles, approaches.len())? {
        Ok(totals) => totals,
        Err(status) => return Ok(status),
    };
    if full_sets > 1 {
        print_table(
            output,
            &format!(
                "all tiers that every approach runs ({})",
                counted(totals.puzzles, "puzzle")
            ),
            &approaches,
            &totals.timings,
            totals.puzzles,
        )?;
    }
    Ok(if totals.every_one_solved {
        Status::Success
    } else {
        Status::RecordFailed
    })
}

/// What the timing thread read of `corpus`, or the status the run ends with
/// (the reason said on stderr): it could not be read, it holds nothing to
/// time, or the deadline came first.
fn wait_for_corpus(
    received: &Receiver<Result<Read, Status>>,
    deadline: Option<Instant>,
    corpus: &str,
) -> Result<Read, Status> {
    match interrupt::receive(received, deadline) {
        Ok(read) => read,
        Err(Stopped::TimedOut) => {
            diagnostic!("error: timed out reading {corpus}; nothing timed");
            Err(Status::RecordFailed)
        }
        Err(Stopped::Signal(status)) => {
            diagnostic!("error: interrupted reading {corpus}; nothing timed");
            Err(Status::Signal(status))
        }
        Err(Stopped::Disconnected) => {
            diagnostic!("error: internal error: {corpus} was not read");
            Err(Status::UsageOrIo)
        }
    }
}

/// The times of every approach over the sets that all of them ran on.
struct Totals {
    timings: Vec<Timing>,
    puzzles: usize,
    every_one_solved: bool,
}

/// Prints each set's table as the timing thread's events complete it, until
/// the thread is done (the totals), or the deadline passes or a signal comes
/// (the status the run ends with).
fn print_sets(
    output: &mut Output<impl Write>,
    received: &Receiver<Event>,
    deadline: Option<Instant>,
    titles: &[(String, usize)],
    approaches: usize,
) -> io::Result<Result<Totals, Status>> {
    let mut totals = Totals {
        timings: (0..approaches).map(|_| Timing::none()).collect(),
        puzzles: 0,
        every_one_solved: true,
    };
    let mut current: Option<Plan> = None;
    let mut timings: Vec<Timing> = Vec::new();
    loop {
        match interrupt::receive(received, deadline) {
            Ok(Event::Plan(plan)) => {
                current = Some(plan);
                timings.clear();
            }
            Ok(Event::Timed(timing)) => timings.push(timing),
            Err(Stopped::Disconnected) => return Ok(Ok(totals)),
            Err(stopped) => {
                let (why, status) = match stopped {
                    Stopped::Signal(status) => ("interrupted", Status::Signal(status)),
                    _ => ("timed out", Status::RecordFailed),
                };
                let Some(plan) = &current else {
                    diagnostic!("error: {why} before any approach was timed");
                    return Ok(Err(status));
                };
                let stopped_in = plan
                    .running
                    .get(timings.len())
                    .map_or("", |approach| approach.id);
                diagnostic!(
                    "error: {why}: {stopped_in} did not finish {}; {} not run",
                    titles[plan.set].0,
                    counted(titles.len() - plan.set - 1, "more set")
                );
                timings.resize_with(plan.running.len(), || Timing::failed(why));
                output.fail();
                print_set(output, &titles[plan.set], &plan.running, &timings)?;
                return Ok(Err(status));
            }
        }
        let Some(plan) = current.take_if(|plan| timings.len() == plan.running.len()) else {
            continue;
        };
        // Every approach has run on this set.
        let count = titles[plan.set].1;
        let every_one_solved = timings.iter().all(|timing| timing.solved == count);
        if !every_one_solved {
            output.fail();
        }
        print_set(output, &titles[plan.set], &plan.running, &timings)?;
        totals.every_one_solved &= every_one_solved;
        if plan.skipped.is_empty() {
            for (total, timing) in totals.timings.iter_mut().zip(timings.drain(..)) {
                total.solved += timing.solved;
                total.micros.extend(timing.micros);
                total.failure = total.failure.or(timing.failure);
            }
            totals.puzzles += count;
        } else {
            let ids: Vec<&str> = plan.skipped.iter().map(|approach| approach.id).collect();
            output.line(&format!(
                "skipped here, {}: {}",
                plan.reason,
                ids.join(", ")
            ))?;
            output.line("")?;
        }
    }
}

/// Prints the table of the set with this name and number of puzzles.
fn print_set(
    output: &mut Output<impl Write>,
    (name, count): &(String, usize),
    running: &[&Approach],
    timings: &[Timing],
) -> io::Result<()> {
    print_table(
        output,
        &format!("{name} ({})", counted(*count, "puzzle")),
        running,
        timings,
        *count,
    )
}

/// The timing thread: for each set, which approaches run on it, then each
/// running approach's times, as events.
fn time_sets(sets: &[PuzzleSet], approaches: &[&'static Approach], events: &Sender<Event>) {
    for (index, set) in sets.iter().enumerate() {
        let (skipped, reason) = classics_to_skip(set, approaches);
        let running: Vec<&'static Approach> = approaches
            .iter()
            .copied()
            .filter(|approach| !skipped.iter().any(|skip| skip.id == approach.id))
            .collect();
        let plan = Plan {
            set: index,
            running: running.clone(),
            skipped,
            reason,
        };
        if events.send(Event::Plan(plan)).is_err() {
            return;
        }
        for approach in running {
            let timing = guard::catch(|| time_approach(approach, &set.puzzles, MIN_TIME_PER_SET))
                .unwrap_or_else(|message| {
                    diagnostic!("error: internal error in {}: {message}", approach.id);
                    Timing::failed("internal error")
                });
            if events.send(Event::Timed(timing)).is_err() {
                return;
            }
        }
    }
}

/// The classic approaches among `approaches` that are left out of `set`,
/// and why: on the `hardest` tier, and on a file with a puzzle too hard
/// for them by [`classics_fit`] (the rule the judge, the benches and the
/// tests share).
fn classics_to_skip(
    set: &PuzzleSet,
    approaches: &[&'static Approach],
) -> (Vec<&'static Approach>, String) {
    let classics: Vec<&'static Approach> = approaches
        .iter()
        .copied()
        .filter(|approach| approach.family == Family::Published)
        .collect();
    if classics.is_empty() {
        return (Vec::new(), String::new());
    }
    if let Some(tier) = set.tier {
        return if tier.fast_only() {
            (
                classics,
                "a classic approach needs over ten million placements per puzzle".to_string(),
            )
        } else {
            (Vec::new(), String::new())
        };
    }
    match classics_fit(&set.puzzles) {
        Err(too_hard) => (
            classics,
            format!(
                "the puzzle on line {} needs over {} placements of the classic search, more than the classic approaches are run on",
                set.lines[too_hard.index], too_hard.placements
            ),
        ),
        Ok(()) => (Vec::new(), String::new()),
    }
}

impl Corpus {
    /// The embedded tiers that `corpus` names, or the file.
    fn named(corpus: &str) -> Result<Corpus, String> {
        if corpus == "all" {
            return Ok(Corpus::Tiers(Tier::ALL.to_vec()));
        }
        if let Ok(tier) = corpus.parse::<Tier>() {
            return Ok(Corpus::Tiers(vec![tier]));
        }
        // A file, or what reads as one: a FIFO, `/dev/stdin`, the `<(...)`
        // of a shell.
        let path = Path::new(corpus);
        if !path.exists() || path.is_dir() {
            return Err(format!(
                "--corpus {corpus:?} is neither a tier (examples, famous, easy, medium, hard, hardest, all) nor a file"
            ));
        }
        Ok(Corpus::File(path.to_path_buf()))
    }

    /// The sets to time, after saying on `read` what they are; or `None`,
    /// after saying with which status the run ends (the reason is on
    /// stderr): the file could not be read, or holds nothing to time.
    fn read(self, read: &Sender<Result<Read, Status>>) -> Option<Vec<PuzzleSet>> {
        let sets = match self {
            Corpus::Tiers(tiers) => Ok(tiers.into_iter().map(tier_set).collect()),
            Corpus::File(path) => file_set(&path).map(|set| vec![set]),
        };
        let said = sets.as_ref().map(|sets: &Vec<PuzzleSet>| Read {
            titles: sets
                .iter()
                .map(|set| (set.name.clone(), set.puzzles.len()))
                .collect(),
            full_sets: sets
                .iter()
                .filter(|set| !set.tier.is_some_and(Tier::fast_only))
                .count(),
            skipped: sets.iter().any(|set| set.skipped > 0),
        });
        // The receiver is gone only when the run has ended.
        let _ = read.send(said.map_err(|status| *status));
        sets.ok()
    }
}

/// The puzzles of an embedded tier.
fn tier_set(tier: Tier) -> PuzzleSet {
    PuzzleSet {
        name: format!("tier {tier}"),
        puzzles: tier
            .puzzles()
            .into_iter()
            .map(|entry| entry.puzzle)
            .collect(),
        lines: Vec::new(),
        tier: Some(tier),
        skipped: 0,
    }
}

/// The puzzles of the file at `path` that have a solution, at most
/// [`MOST_FILE_PUZZLES`] of them; or the status the run ends with, after
/// saying why on stderr.
fn file_set(path: &Path) -> Result<PuzzleSet, Status> {
    let name = path.display().to_string();
    let mut set = FileSet {
        set: PuzzleSet {
            name: format!("file {name}"),
            puzzles: Vec::new(),
            lines: Vec::new(),
            tier: None,
            skipped: 0,
        },
        more_after: None,
    };
    let status = match each_record(&[path.to_path_buf()], None, &mut set) {
        Ok(status) => status,
        Err(error) => {
            diagnostic!("error: {name}: {error}");
            Status::UsageOrIo
        }
    };
    let FileSet { set, more_after } = set;
    if let Status::Signal(_) = status {
        // Reading said where it stopped.
        return Err(status);
    }
    if status != Status::Success {
        diagnostic!("error: could not read {name}");
        return Err(Status::UsageOrIo);
    }
    if set.skipped > 0 {
        diagnostic!(
            "warning: {name}: {} skipped, {} used",
            counted(set.skipped, "record"),
            set.puzzles.len()
        );
    }
    if let Some(line) = more_after {
        diagnostic!(
            "note: {name}: its first {} puzzles are timed, the most compare holds; the rest, from line {line}, is not read",
            grouped(MOST_FILE_PUZZLES as u64)
        );
    }
    if set.puzzles.is_empty() {
        diagnostic!("error: {name}: nothing to time: no record is a puzzle with a solution");
        return Err(Status::RecordFailed);
    }
    Ok(set)
}

/// A sink that keeps the puzzles of a file with a solution (and says on
/// stderr why each other record is left out), up to [`MOST_FILE_PUZZLES`].
struct FileSet {
    set: PuzzleSet,
    /// The line of the first record not kept for want of room, once there
    /// is one: reading stops there.
    more_after: Option<usize>,
}

impl Sink for FileSet {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        if self.set.puzzles.len() == MOST_FILE_PUZZLES {
            self.more_after = Some(entry.line);
            return Ok(());
        }
        let reason = match entry.board {
            Err(message) => message,
            Ok(board) => match screen(&board) {
                Screening::Unique(_) | Screening::Multiple(_) => {
                    self.set.puzzles.push(board);
                    self.set.lines.push(entry.line);
                    return Ok(());
                }
                Screening::Unsolvable => "no solution (or conflicting givens)".to_string(),
            },
        };
        self.set.skipped += 1;
        diagnostic!("warning: {source}:{}: skipped: {reason}", entry.line);
        Ok(())
    }

    fn done(&self) -> bool {
        self.more_after.is_some()
    }
}

/// Times `approach` on `puzzles`, pass after pass over all of them, until it
/// has spent `min_time` (or [`MAX_PASSES`] passes).
pub(crate) fn time_approach(approach: &Approach, puzzles: &[Board], min_time: Duration) -> Timing {
    let mut elapsed = vec![Duration::ZERO; puzzles.len()];
    let mut solved = 0;
    let mut passes = 0u32;
    while passes == 0 || (elapsed.iter().sum::<Duration>() < min_time && passes < MAX_PASSES) {
        for (puzzle, time) in puzzles.iter().zip(&mut elapsed) {
            // Made afresh for each attempt, outside the clock, rather than
            // copied from a LeetCode board held for each puzzle (ten times
            // the size of the puzzle).
            let mut attempt = puzzle.to_leetcode();
            let start = Instant::now();
            (approach.solve_sudoku)(&mut attempt);
            *time += start.elapsed();
            if passes == 0
                && Board::from_leetcode(&attempt)
                    .is_ok_and(|solution| verify(puzzle, &solution).is_ok())
            {
                solved += 1;
            }
        }
        passes += 1;
    }
    Timing {
        solved,
        micros: elapsed
            .iter()
            .map(|time| time.as_secs_f64() * 1e6 / f64::from(passes))
            .collect(),
        failure: None,
    }
}

fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 0 {
        f64::midpoint(sorted[middle - 1], sorted[middle])
    } else {
        sorted[middle]
    }
}

#[allow(clippy::cast_precision_loss)] // Puzzle counts stay far below 2^52.
pub(crate) fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

fn print_table(
    output: &mut Output<impl Write>,
    title: &str,
    approaches: &[&Approach],
    timings: &[Timing],
    count: usize,
) -> io::Result<()> {
    let width = approaches
        .iter()
        .map(|approach| approach.id.len())
        .max()
        .unwrap_or(0)
        .max("approach".len());
    let fastest = timings
        .iter()
        .filter(|timing| timing.failure.is_none())
        .map(|timing| mean(&timing.micros))
        .fold(f64::INFINITY, f64::min);
    // Wide enough for `count/count`, the widest a set's count allows.
    let solved_width = format!("{count}/{count}").len().max(9);
    output.line(title)?;
    output.line(&format!(
        "{:width$}  {:>solved_width$}  {:>12}  {:>12}  {:>10}",
        "approach", "solved", "median", "mean", "× fastest"
    ))?;
    for (approach, timing) in approaches.iter().zip(timings) {
        let solved = format!("{}/{count}", timing.solved);
        if let Some(failure) = timing.failure {
            output.line(&format!(
                "{:width$}  {solved:>solved_width$}  {failure}",
                approach.id
            ))?;
            continue;
        }
        let average = mean(&timing.micros);
        let ratio = if fastest > 0.0 {
            average / fastest
        } else {
            1.0
        };
        output.line(&format!(
            "{:width$}  {solved:>solved_width$}  {:>12}  {:>12}  {:>10}",
            approach.id,
            shown_micros(median(&timing.micros)),
            shown_micros(average),
            shown_ratio(ratio)
        ))?;
    }
    output.line("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_solved_column_is_as_wide_as_a_set_of_a_hundred_thousand_needs() {
        // `bitboard  100000/100000` ran past the column's header.
        let approaches = [sudoku_catalog::find("bitboard").unwrap()];
        let timings = [Timing {
            solved: 100_000,
            micros: vec![1.5],
            failure: None,
        }];
        let mut output = Output::new(Vec::new());
        print_table(
            &mut output,
            "file f (100000 puzzles)",
            &approaches,
            &timings,
            100_000,
        )
        .unwrap();
        output.flush().unwrap();
        let text = String::from_utf8(output.into_inner()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let column_end = |line: &str, word: &str| line.find(word).unwrap() + word.len();
        assert_eq!(
            column_end(lines[1], "solved"),
            column_end(lines[2], "100000/100000"),
            "{text}"
        );
    }
}
