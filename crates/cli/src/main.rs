//! `sudoku`: solve, check and compare LeetCode 37 approaches on puzzle files.
//!
//! Every subcommand writes one output record per input record, in input
//! order; a record that fails prints a line starting with `error:` in its
//! place, and stderr names the file and line. Exit status: 0 when every
//! record succeeded, 1 when any failed, 2 for a usage or I/O error.

mod batch;
mod compare;
mod completions;
mod corpus;
#[cfg(test)]
mod framing_tests;
mod guard;
mod input;
mod judge;
mod output;
mod replay_page;
mod source;
mod trace;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use sudoku_catalog::screen::{screen, Screening, ENGINE};
use sudoku_catalog::{Approach, Native};
use sudoku_core::{validate, verify, Board, Format};

use sudoku_cli::arguments::{deadline_after, parse_seconds};

use crate::batch::{Outcome, Settings, Work};
use crate::output::{diagnostic, Output, Status};

#[derive(Parser)]
#[command(name = "sudoku", version, about, long_about = None, after_help = START_HERE)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the approaches: id, family, origin and note.
    List,
    /// Solve each puzzle with one approach.
    ///
    /// A puzzle whose givens conflict, or that has no solution, is reported as
    /// an error without running the approach on it; a puzzle with several
    /// solutions is solved (the first solution the approach finds) with a
    /// warning on stderr.
    Solve {
        /// The approach to use (see `sudoku list`).
        #[arg(long, default_value = "coordinate-recursive", value_parser = approach_parser())]
        solver: &'static Approach,
        /// Write solutions in this format.
        #[arg(long, value_enum, default_value_t = FormatArg::Line)]
        output_format: FormatArg,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Check each board against LeetCode 36's rules (no digit twice in a row,
    /// column or box); empty cells are allowed. Prints `valid` or the conflict.
    Check {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Count the solutions of each puzzle, up to a limit.
    ///
    /// Prints one number per record. Conflicting givens count 0, with the
    /// conflict on stderr.
    Count {
        /// The approach whose counter to use (those with a native API).
        #[arg(long, default_value = DEFAULT_COUNTER, value_parser = counter_parser())]
        solver: Counter,
        /// Count no further than N: a printed N means "N or more".
        #[arg(long, default_value_t = 2, value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..))]
        limit: u32,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Generate puzzles with exactly one solution, one per line.
    ///
    /// Each puzzle is minimal (no clue can go without losing uniqueness)
    /// unless --clues stops removal earlier; with --symmetric, minimal among
    /// symmetric puzzles (no pair of clues can go, though a single clue
    /// often could). The same seed, count and options
    /// print the same puzzles on every run and machine; without --seed a
    /// seed is picked from the clock and printed on stderr.
    Generate {
        /// How many puzzles to print.
        #[arg(long, default_value_t = 1, value_name = "N")]
        count: u64,
        /// The seed of the first puzzle; puzzle k uses seed S + k.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Stop removing clues at K, and never go below it (best effort: a
        /// puzzle that becomes minimal above K keeps more, and stderr says so).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(17..=81))]
        clues: Option<u64>,
        /// Make the pattern of clues symmetric under a half turn: clues are
        /// removed in pairs opposite each other through the centre.
        #[arg(long)]
        symmetric: bool,
    },
    /// Count the work each approach does on each puzzle, exactly, and show
    /// its first steps or a page that replays its search.
    ///
    /// The counts come from the code of each approach's LeetCode region, run
    /// with its probe lines compiled in; they are the same on every machine.
    /// A puzzle whose givens conflict, or that has no solution, is reported
    /// without running any approach on it, as `solve` does.
    Trace(TraceArgs),
    /// Judge your own solution of LeetCode 37 as LeetCode would: the
    /// example, then the corpus tiers, one verdict in LeetCode's words.
    ///
    /// The submission is what you would paste into LeetCode (`.rs`, `.cpp`
    /// or `.cc`, `.java`, `.py`). It is built with the compiler on PATH in a
    /// temporary directory and run in one process over every case, with a
    /// time limit per case. After Accepted, your time is set beside each of
    /// the catalog's approaches on the same cases. Exit status 0 only for
    /// Accepted.
    Judge(JudgeArgs),
    /// Time approaches side by side on a corpus and print a table.
    ///
    /// Each approach solves every puzzle of a set, in passes over the whole
    /// set until it has spent at least 200 ms on it; the table gives
    /// the puzzles solved, the median and mean microseconds per puzzle, and the
    /// mean relative to the fastest approach. Build with `--release`.
    Compare {
        /// Approaches to compare, separated by commas; `all`, the default,
        /// is every approach in catalog order.
        #[arg(long, value_delimiter = ',', value_parser = choice_parser(sudoku_catalog::find))]
        solvers: Vec<Choice<Approach>>,
        /// An embedded tier (examples, famous, easy, medium, hard, hardest),
        /// `all` for every tier, or a puzzle file. Only the fast approaches
        /// run on `hardest`, and on a file with a puzzle that needs over ten
        /// million placements of the classic search, where a classic
        /// approach would keep the run waiting.
        #[arg(long, default_value = "all")]
        corpus: String,
        /// Stop after SECS seconds (decimals allowed): the tables finished
        /// by then are printed, the approach still running shows `timed
        /// out`, and the exit status is 1.
        #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
    },
    /// List the puzzles that ship inside `sudoku`, or print them by name,
    /// tier or kind, ready to pipe into another command.
    ///
    /// With no NAME: one line per puzzle, with its name, its tier
    /// (examples, famous, easy, medium, hard, hardest) or kind (conflicting,
    /// unsolvable, multiple: puzzles that are not proper LeetCode 37 ones),
    /// and its number of clues. With names of puzzles, tiers or kinds, in
    /// any mix: their puzzles in the order given, one record each.
    #[command(after_help = CORPUS_EXAMPLES)]
    Corpus {
        /// A puzzle's name, a tier or a kind; several in any order.
        #[arg(value_name = "NAME|TIER|KIND")]
        names: Vec<String>,
        /// Write the puzzles in this format, as `sudoku solve` writes
        /// solutions.
        #[arg(long, value_enum, default_value_t = FormatArg::Line, requires = "names")]
        output_format: FormatArg,
    },
    /// Print an approach's LeetCode submission, ready to paste.
    ///
    /// The code between the markers of the approach's lib.rs, without the
    /// probe lines that only `sudoku trace` compiles: paste it into LeetCode
    /// 37 as it is (LeetCode declares `struct Solution;` itself). The
    /// project's tests compile exactly this text on its own with rustc
    /// 1.74.1 (edition 2021) and with current stable (edition 2024).
    Source {
        /// The approach (see `sudoku list`).
        #[arg(value_name = "ID", value_parser = approach_parser())]
        approach: &'static Approach,
    },
    /// Print shell completions for `sudoku`, or its man page.
    ///
    /// The script for SHELL, or with `man` the man page (roff), goes to
    /// stdout: save it where your shell or `man` looks, as below. Both are
    /// made from the options `--help` shows, so make them again after
    /// installing a new version.
    #[command(after_help = completions::INSTALL)]
    Completions {
        /// The shell to complete in, or `man` for the man page.
        #[arg(value_enum, value_name = "SHELL")]
        shell: completions::Target,
    },
}

/// Under `sudoku --help` (and in the man page): a first run that needs no
/// file, and where to go next.
const START_HERE: &str = "\
Start here, no file needed:
  sudoku corpus                        the puzzles inside sudoku
  sudoku corpus leetcode-37-example | sudoku trace
                                       how the classics solve it
  sudoku source coordinate-recursive   code to paste into LeetCode
  sudoku completions --help            shell completions, man page
  sudoku COMMAND --help                each command's options";

/// Under `sudoku corpus --help`: the commands every example runs as.
const CORPUS_EXAMPLES: &str = "\
Examples:
  sudoku corpus leetcode-37-example | sudoku trace
  sudoku corpus leetcode-37-example inkala-2012 hard-seed-20 |
    sudoku trace --solver bitboard
  sudoku corpus hard | sudoku solve --solver bitmask --output-format grid
  sudoku corpus unsolvable | sudoku solve";

/// The options of `sudoku trace`.
#[derive(Args)]
struct TraceArgs {
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

/// The options of `sudoku judge`.
#[derive(Args)]
struct JudgeArgs {
    /// Your submission: a .rs, .cpp (or .cc), .java or .py file.
    #[arg(required_unless_present = "template")]
    submission: Option<PathBuf>,
    /// Print an empty submission in LANG to start from, and nothing else.
    #[arg(long, value_enum, value_name = "LANG", conflicts_with_all = ["submission", "tier", "cases"])]
    template: Option<judge::Language>,
    /// The corpus tiers to run, separated by commas [default: all, easiest first].
    #[arg(long, value_enum, value_delimiter = ',')]
    tier: Vec<judge::CaseTier>,
    /// How long one case may run, in seconds (decimals allowed).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, default_value = "2")]
    time_limit: Duration,
    /// More cases, from a puzzle file; each puzzle must have exactly one
    /// solution, as LeetCode promises.
    #[arg(long, value_name = "FILE")]
    cases: Option<PathBuf>,
}

/// Where the records of `solve`, `check`, `count` and `trace` come from, and
/// how they are run.
#[derive(Args)]
struct InputArgs {
    /// Read every record in this format instead of detecting it.
    #[arg(long, value_enum)]
    input_format: Option<FormatArg>,
    #[command(flatten)]
    batch: BatchArgs,
    /// Puzzle files; `-` or none reads standard input.
    files: Vec<PathBuf>,
}

impl InputArgs {
    fn format(&self) -> Option<Format> {
        self.input_format.map(Format::from)
    }

    /// Runs `work` on every record, for a run that starts now; refuses to
    /// start when standard output is one of the inputs.
    fn run(&self, output: &mut Output<impl Write>, work: &Work) -> io::Result<Status> {
        if let Some(input) = input::input_written_to(&self.files, Path::new("/dev/stdout")) {
            diagnostic!("error: the output is also an input ({input}): write it to another file");
            return Ok(Status::UsageOrIo);
        }
        batch::run(
            output,
            &self.files,
            self.format(),
            work,
            self.batch.settings(),
        )
    }
}

/// How the records are run.
#[derive(Args)]
struct BatchArgs {
    /// Threads that work on records at once [default: one per core]. Output
    /// stays in input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Stop after SECS seconds (decimals allowed) for the whole run: records
    /// finished by then are written, every other record read is `error:
    /// timed out`, reading stops, and the exit status is 1.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
}

/// At most this many threads per core: more only take turns on the cores.
const JOBS_PER_CORE: usize = 4;

impl BatchArgs {
    /// The settings for a run that starts now.
    fn settings(&self) -> Settings {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let jobs = match self.jobs {
            None => cores,
            Some(jobs) => {
                let most = JOBS_PER_CORE * cores;
                if jobs as usize > most {
                    diagnostic!(
                        "note: --jobs {jobs} is more than {JOBS_PER_CORE} per core here; using {most}"
                    );
                }
                (jobs as usize).min(most)
            }
        };
        Settings {
            jobs,
            deadline: deadline_after(self.timeout),
        }
    }
}

/// `--input-format` and `--output-format` values.
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// 81 characters on one line.
    Line,
    /// 9 rows of 9 cells with box separators.
    Grid,
    /// LeetCode's JSON array of arrays of one-character strings.
    Leetcode,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Self {
        match format {
            FormatArg::Line => Format::Line,
            FormatArg::Grid => Format::Grid,
            FormatArg::Leetcode => Format::Leetcode,
        }
    }
}

/// An approach of the catalog, by id: clap lists the ids in `--help` and in
/// its error for any other value.
fn approach_parser() -> impl TypedValueParser<Value = &'static Approach> {
    PossibleValuesParser::new(sudoku_catalog::ids())
        .try_map(|id| sudoku_catalog::find(&id).ok_or_else(|| format!("no approach named {id}")))
}

/// An approach with a native counter, as `count --solver` takes it.
#[derive(Clone, Copy)]
struct Counter {
    id: &'static str,
    native: Native,
}

fn counter_parser() -> impl TypedValueParser<Value = Counter> {
    PossibleValuesParser::new(sudoku_catalog::counters().map(|(approach, _)| approach.id)).try_map(
        |id| {
            sudoku_catalog::counters()
                .find(|(approach, _)| approach.id == id)
                .map(|(approach, native)| Counter {
                    id: approach.id,
                    native,
                })
                .ok_or_else(|| format!("no counter named {id}"))
        },
    )
}

/// The value of a list of approaches that stands for every one.
const ALL: &str = "all";

/// One value of a list of approaches (`--solvers` of `compare`, `--solver`
/// of `trace`): an approach, as `T` (the catalog's, or the one `sudoku
/// trace` runs), or every approach.
enum Choice<T: 'static> {
    /// `all`: every approach, in catalog order.
    Every,
    /// One approach, by id.
    One(&'static T),
}

// Not derived: a derive would ask `T: Clone`, and only the reference is copied.
impl<T> Clone for Choice<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Choice<T> {}

/// An id of the catalog, which `find` turns into the approach, or `all`:
/// clap lists both in `--help` and in its error for any other value.
fn choice_parser<T: Sync + 'static>(
    find: fn(&str) -> Option<&'static T>,
) -> impl TypedValueParser<Value = Choice<T>> {
    PossibleValuesParser::new(sudoku_catalog::ids().chain([ALL])).try_map(move |id| {
        if id == ALL {
            Ok(Choice::Every)
        } else {
            find(&id)
                .map(Choice::One)
                .ok_or_else(|| format!("no approach named {id} here"))
        }
    })
}

/// The approaches `choices` name, in the order given, with `all` standing
/// for `find` of every catalog id, in catalog order; each once, where it is
/// first named (`bitboard,all` puts bitboard first, and times it once).
fn chosen<T>(choices: &[Choice<T>], find: fn(&str) -> Option<&'static T>) -> Vec<&'static T> {
    let mut approaches: Vec<&'static T> = Vec::new();
    for approach in choices.iter().flat_map(|choice| match *choice {
        Choice::Every => sudoku_catalog::ids().filter_map(find).collect(),
        Choice::One(approach) => vec![approach],
    }) {
        if !approaches.iter().any(|seen| std::ptr::eq(*seen, approach)) {
            approaches.push(approach);
        }
    }
    approaches
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut output = Output::new(io::stdout().lock()).ordered(output::streams_meet());
    let result = match cli.command {
        Command::List => list(&mut output),
        Command::Solve {
            solver,
            output_format,
            input,
        } => solve(&mut output, solver, output_format.into(), &input),
        Command::Check { input } => check(&mut output, &input),
        Command::Count {
            solver,
            limit,
            input,
        } => count(&mut output, solver, limit, &input),
        Command::Generate {
            count,
            seed,
            clues,
            symmetric,
        } => generate(&mut output, count, seed, clues, symmetric),
        Command::Compare {
            solvers,
            corpus,
            timeout,
        } => compare::run(
            &mut output,
            &chosen(&solvers, sudoku_catalog::find),
            &corpus,
            deadline_after(timeout),
        ),
        Command::Trace(args) => trace(&mut output, &args),
        Command::Corpus {
            names,
            output_format,
        } => corpus::run(&mut output, &names, output_format.into()),
        Command::Source { approach } => source::run(&mut output, approach),
        Command::Completions { shell } => completions::run(&mut output, shell, Cli::command()),
        Command::Judge(args) => {
            if let Some(language) = args.template {
                judge::template(&mut output, language)
            } else {
                let options = judge::Options {
                    tiers: if args.tier.is_empty() {
                        judge::CaseTier::ALL.to_vec()
                    } else {
                        args.tier
                    },
                    time_limit: args.time_limit,
                    cases: args.cases,
                };
                // clap requires the submission when there is no --template.
                let submission = args.submission.unwrap_or_default();
                judge::judge(&mut output, &submission, &options)
            }
        }
    };
    let status = match result.and_then(|status| output.flush().map(|()| status)) {
        Ok(status) => status,
        // A reader that stopped early (`sudoku solve | head`) is not an
        // error in itself; a record that failed before it left still is.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => output.status(),
        Err(error) => {
            diagnostic!("error: writing output: {error}");
            Status::UsageOrIo
        }
    };
    status.into()
}

fn list(output: &mut Output<impl Write>) -> io::Result<Status> {
    let id_width = sudoku_catalog::ids().map(str::len).max().unwrap_or(0);
    let note_width = sudoku_catalog::APPROACHES
        .iter()
        .map(|approach| approach.note().len())
        .max()
        .unwrap_or(0);
    // The origin goes last: it holds CJK titles whose display width is not their length.
    output.line(&format!(
        "{:id_width$}  {:9}  {:note_width$}  origin",
        "id", "family", "note"
    ))?;
    for approach in sudoku_catalog::APPROACHES {
        output.line(&format!(
            "{:id_width$}  {:9}  {:note_width$}  {}",
            approach.id,
            approach.family.name(),
            approach.note(),
            approach.origin
        ))?;
    }
    Ok(Status::Success)
}

fn solve(
    output: &mut Output<impl Write>,
    approach: &'static Approach,
    output_format: Format,
    input: &InputArgs,
) -> io::Result<Status> {
    let work = solve_work(approach, output_format);
    // Grids of several lines each read better with a blank line between.
    output.separate_records(output_format == Format::Grid);
    input.run(output, &work)
}

/// `sudoku solve`'s work for each record: [`solve_one`] with `approach`.
fn solve_work(approach: &'static Approach, output_format: Format) -> Work {
    // The same for every record that has it: made once, shared.
    let several: Arc<str> = Arc::from(format!(
        "the puzzle has more than one solution; printing the first one {} finds",
        approach.id
    ));
    Work::new(approach.id, move |puzzle| {
        solve_one(approach, &puzzle, output_format, &several)
    })
}

/// Screens `puzzle`, then solves it with `approach` and checks the result;
/// `several` is the warning for a puzzle with more than one solution.
fn solve_one(
    approach: &Approach,
    puzzle: &Board,
    output_format: Format,
    several: &Arc<str>,
) -> Outcome {
    let (screened, warning) = match screen(puzzle) {
        // Conflicting givens are one way to have no solution; say which.
        Screening::Unsolvable => {
            return Outcome::error(match validate(puzzle) {
                Err(conflict) => format!("the givens conflict: {conflict}"),
                Ok(()) => "the puzzle has no solution".to_string(),
            });
        }
        Screening::Multiple(first) => (first, Some(Arc::clone(several))),
        Screening::Unique(solution) => (solution, None),
    };
    // The screening has just run this approach's own search, whose first
    // solution is the one its solve would find: no need to search again.
    let solved = if approach.id == ENGINE {
        Ok(screened)
    } else {
        approach.solve(puzzle)
    };
    let checked = solved
        .map_err(|error| error.to_string())
        .and_then(|solution| {
            verify(puzzle, &solution)
                .map(|()| solution)
                .map_err(|error| error.to_string())
        });
    let outcome = match checked {
        Ok(solution) => Outcome::text(output_format.write(&solution)),
        Err(message) => Outcome::error(format!(
            "{} returned a board that is not a solution: {message}",
            approach.id
        )),
    };
    match warning {
        Some(warning) => outcome.warn(warning),
        None => outcome,
    }
}

/// The approach whose native counter `sudoku count` uses by default: the
/// fastest counter in the catalog on every public set (the counting table
/// of notes/benchmarks.md, "Against the fastest published solvers").
const DEFAULT_COUNTER: &str = "bitboard";

fn count(
    output: &mut Output<impl Write>,
    counter: Counter,
    limit: u32,
    input: &InputArgs,
) -> io::Result<Status> {
    let Counter { id, native } = counter;
    let limit = limit as usize;
    let work = Work::new(id, move |puzzle| {
        // Screen first, as `solve` does: a puzzle with no solution counts 0
        // without running the chosen counter, because proving there is none
        // can take a counter without propagation hours (found by fuzzing:
        // `bitmask` on a sparse dead end, notes/bitmask.md). The screening
        // engine's own count is the screening, so it is not run twice.
        let screened_unsolvable = id != ENGINE && screen(&puzzle) == Screening::Unsolvable;
        let found = if screened_unsolvable {
            0
        } else {
            (native.count_solutions)(puzzle.cells(), limit)
        };
        let outcome = Outcome::text(format!("{found}\n"));
        // Conflicting givens are one way to count 0; say which.
        if found == 0 {
            if let Err(conflict) = validate(&puzzle) {
                return outcome.warn(format!("the givens conflict: {conflict}"));
            }
        }
        outcome
    });
    input.run(output, &work)
}

fn generate(
    output: &mut Output<impl Write>,
    count: u64,
    seed: Option<u64>,
    clues: Option<u64>,
    symmetric: bool,
) -> io::Result<Status> {
    let seed = seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        diagnostic!("seed: {seed}");
        seed
    });
    let options = sudoku_generate::Options {
        clues: clues.map(|clues| clues as usize),
        symmetric,
    };
    for k in 0..count {
        let generated = sudoku_generate::generate_with(seed.wrapping_add(k), options);
        let givens = generated.puzzle.givens() as u64;
        if let Some(target) = clues.filter(|&target| givens > target) {
            diagnostic!(
                "note: puzzle {} (seed {}) became minimal at {givens} clues, above the target {target}",
                k + 1,
                seed.wrapping_add(k)
            );
        }
        output.record(&Format::Line.write(&generated.puzzle))?;
    }
    Ok(Status::Success)
}

fn trace(output: &mut Output<impl Write>, args: &TraceArgs) -> io::Result<Status> {
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
        let chosen = trace::approaches_or(&named, trace::PAGE_APPROACHES);
        return trace::write_page(
            output,
            page,
            &chosen,
            &args.input.files,
            args.input.format(),
            args.max_steps as usize,
        );
    }
    let print = trace::Print {
        json: args.json,
        steps: args.steps as usize,
    };
    let work = trace::work(trace::approaches_or(&named, trace::TABLE_APPROACHES), print);
    // A table per record, so a blank line between them; JSON is one line each.
    output.separate_records(!args.json);
    args.input.run(output, &work)
}

fn check(output: &mut Output<impl Write>, input: &InputArgs) -> io::Result<Status> {
    let work = Work::new("check", |board| match validate(&board) {
        Ok(()) => Outcome::text("valid\n".to_string()),
        Err(conflict) => Outcome::error(conflict.to_string()),
    });
    input.run(output, &work)
}
