//! The subcommands of `sudoku`, one file each, as cargo keeps its own
//! (`src/bin/cargo/commands/`): each holds its options, an `Args` struct
//! that clap derives (its doc comment is the command's `--help` text), and
//! a `run` that does the command and returns its [`Status`].
//!
//! What several commands share is here: where records come from and how
//! they are run ([`InputArgs`], [`BatchArgs`]), the formats
//! ([`FormatArg`]), and how an approach is named on the command line
//! ([`approach_parser`], and [`Choice`] for lists of them).

pub mod check;
pub mod compare;
pub mod completions;
pub mod corpus;
pub mod count;
pub mod generate;
pub mod judge;
pub mod list;
pub mod playground;
pub mod solve;
pub mod source;
mod time_format;
pub mod trace;

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use sudoku_catalog::Approach;
use sudoku_core::Format;

use sudoku_cli::arguments::{deadline_after, parse_seconds};

use crate::batch::{self, Settings, Work};
use crate::input;
use crate::output::{diagnostic, Output, Status};

/// Where the records of `solve`, `check`, `count` and `trace` come from, and
/// how they are run.
#[derive(Args)]
pub struct InputArgs {
    /// Read every record in this format instead of detecting it.
    #[arg(long, value_enum)]
    input_format: Option<FormatArg>,
    #[command(flatten)]
    batch: BatchArgs,
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
}

impl InputArgs {
    /// The format of every record, when `--input-format` says it.
    pub fn format(&self) -> Option<Format> {
        self.input_format.map(Format::from)
    }

    /// Runs `work` on every record, for a run that starts now; refuses to
    /// start when standard output or standard error is one of the inputs:
    /// a record's answer, or its error message, would be read back as a
    /// new record, and the file would grow for ever.
    pub fn run(&self, output: &mut Output<impl Write>, work: &Work) -> io::Result<Status> {
        if input::refuse_outputs_into(&self.files) {
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
    /// timed out` (with `trace --json`, an object whose "error" is "timed
    /// out"), reading stops, and the exit status is 1.
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
pub enum FormatArg {
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
pub fn approach_parser() -> impl TypedValueParser<Value = &'static Approach> {
    PossibleValuesParser::new(sudoku_catalog::ids())
        .try_map(|id| sudoku_catalog::find(&id).ok_or_else(|| format!("no approach named {id}")))
}

/// The value of a list of approaches that stands for every one.
const ALL: &str = "all";

/// One value of a list of approaches (`--solvers` of `compare`, `--solver`
/// of `trace`): an approach, as `T` (the catalog's, or the one `sudoku
/// trace` runs), or every approach.
pub enum Choice<T: 'static> {
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
pub fn choice_parser<T: Sync + 'static>(
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
pub fn chosen<T>(choices: &[Choice<T>], find: fn(&str) -> Option<&'static T>) -> Vec<&'static T> {
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
