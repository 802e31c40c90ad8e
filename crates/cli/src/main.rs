//! `sudoku`: solve, check and compare LeetCode 37 approaches on puzzle files.
//!
//! Every subcommand writes one output record per input record, in input
//! order; a record that fails prints a line starting with `error:` in its
//! place, and stderr names the file and line. Exit status: 0 when every
//! record succeeded, 1 when any failed, 2 for a usage or I/O error.

mod compare;
mod input;
mod output;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand, ValueEnum};
use sudoku_core::solutions::{screen, Screening};
use sudoku_core::{validate, verify, Format};

use crate::input::{each_record, Source};
use crate::output::{Output, Status};

#[derive(Parser)]
#[command(name = "sudoku", version, about, long_about = None)]
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
        #[arg(long, default_value = "coordinate-recursive", value_parser = solver_ids())]
        solver: String,
        /// Read every record in this format instead of detecting it.
        #[arg(long, value_enum)]
        input_format: Option<FormatArg>,
        /// Write solutions in this format.
        #[arg(long, value_enum, default_value_t = FormatArg::Line)]
        output_format: FormatArg,
        /// Puzzle files; `-` or none reads standard input.
        files: Vec<PathBuf>,
    },
    /// Check each board against LeetCode 36's rules (no digit twice in a row,
    /// column or box); empty cells are allowed. Prints `valid` or the conflict.
    Check {
        /// Read every record in this format instead of detecting it.
        #[arg(long, value_enum)]
        input_format: Option<FormatArg>,
        /// Board files; `-` or none reads standard input.
        files: Vec<PathBuf>,
    },
    /// Count the solutions of each puzzle, up to a limit.
    ///
    /// Prints one number per record. Conflicting givens count 0, with the
    /// conflict on stderr.
    Count {
        /// The approach whose counter to use (those with a native API).
        #[arg(long, default_value = DEFAULT_COUNTER, value_parser = counter_ids())]
        solver: String,
        /// Count no further than N: a printed N means "N or more".
        #[arg(long, default_value_t = 2, value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..))]
        limit: u32,
        /// Read every record in this format instead of detecting it.
        #[arg(long, value_enum)]
        input_format: Option<FormatArg>,
        /// Puzzle files; `-` or none reads standard input.
        files: Vec<PathBuf>,
    },
    /// Generate puzzles with exactly one solution, one per line.
    ///
    /// Each puzzle is minimal (no clue can go without losing uniqueness)
    /// unless --clues stops removal earlier. The same seed, count and options
    /// print the same puzzles on every run and machine; without --seed a
    /// seed is picked from the clock and printed on stderr.
    Generate {
        /// How many puzzles to print.
        #[arg(long, default_value_t = 1, value_name = "N")]
        count: u64,
        /// The seed of the first puzzle; puzzle k uses seed S + k.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Stop removing clues at K (best effort: a puzzle that becomes
        /// minimal above K keeps more, and stderr says so).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(17..=81))]
        clues: Option<u64>,
        /// Make the pattern of clues symmetric under a half turn.
        #[arg(long)]
        symmetric: bool,
    },
    /// Time approaches side by side on a corpus and print a table.
    ///
    /// Each approach solves every puzzle of a set, in passes over the whole
    /// set until it has spent at least 200 ms on it; the table gives
    /// the puzzles solved, the median and mean microseconds per puzzle, and the
    /// mean relative to the fastest approach. Build with `--release`.
    Compare {
        /// Approaches to compare, separated by commas (default: all).
        #[arg(long, value_delimiter = ',', value_parser = solver_ids())]
        solvers: Vec<String>,
        /// An embedded tier (examples, famous, easy, medium, hard, hardest),
        /// `all` for every tier, or a puzzle file. On `hardest` only the fast
        /// approaches run: a classic one needs over a second per puzzle there.
        #[arg(long, default_value = "all")]
        corpus: String,
    },
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

fn solver_ids() -> PossibleValuesParser {
    PossibleValuesParser::new(sudoku_catalog::ids())
}

fn counter_ids() -> PossibleValuesParser {
    PossibleValuesParser::new(sudoku_catalog::counters().map(|(approach, _)| approach.id))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut output = Output::new(io::stdout().lock());
    let result = match cli.command {
        Command::List => list(&mut output),
        Command::Solve {
            solver,
            input_format,
            output_format,
            files,
        } => solve(
            &mut output,
            &solver,
            input_format.map(Format::from),
            output_format.into(),
            &files,
        ),
        Command::Check {
            input_format,
            files,
        } => check(&mut output, input_format.map(Format::from), &files),
        Command::Count {
            solver,
            limit,
            input_format,
            files,
        } => count(
            &mut output,
            &solver,
            limit,
            input_format.map(Format::from),
            &files,
        ),
        Command::Generate {
            count,
            seed,
            clues,
            symmetric,
        } => generate(&mut output, count, seed, clues, symmetric),
        Command::Compare { solvers, corpus } => compare::run(&mut output, &solvers, &corpus),
    };
    let status = match result.and_then(|status| output.flush().map(|()| status)) {
        Ok(status) => status,
        // A reader that stopped early (`sudoku solve | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Status::Success,
        Err(error) => {
            eprintln!("error: writing output: {error}");
            Status::UsageOrIo
        }
    };
    status.into()
}

fn list(output: &mut Output<impl Write>) -> io::Result<Status> {
    let id_width = sudoku_catalog::ids().map(str::len).max().unwrap_or(0);
    let note_width = sudoku_catalog::APPROACHES
        .iter()
        .map(|approach| approach.note.len())
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
            approach.note,
            approach.origin
        ))?;
    }
    Ok(Status::Success)
}

fn solve(
    output: &mut Output<impl Write>,
    solver: &str,
    input_format: Option<Format>,
    output_format: Format,
    files: &[PathBuf],
) -> io::Result<Status> {
    let Some(approach) = sudoku_catalog::find(solver) else {
        // clap has already checked the id against the catalog.
        eprintln!("error: unknown solver {solver:?}");
        return Ok(Status::UsageOrIo);
    };
    let separate = output_format == Format::Grid;
    let mut first = true;
    each_record(files, input_format, |source: &Source, line, record| {
        if separate && !first {
            output.line("")?;
        }
        first = false;
        let puzzle = match record {
            Ok(board) => board,
            Err(message) => return output.record_error(source, line, &message),
        };
        if let Err(conflict) = validate(&puzzle) {
            return output.record_error(source, line, &format!("the givens conflict: {conflict}"));
        }
        match screen(&puzzle) {
            Screening::Unsolvable => {
                return output.record_error(source, line, "the puzzle has no solution");
            }
            Screening::Multiple(_) => eprintln!(
                "warning: {source}:{line}: the puzzle has more than one solution; \
                 printing the first one {} finds",
                approach.id
            ),
            Screening::Unique(_) => {}
        }
        let checked = approach
            .solve(&puzzle)
            .map_err(|error| error.to_string())
            .and_then(|solution| {
                verify(&puzzle, &solution)
                    .map(|()| solution)
                    .map_err(|error| error.to_string())
            });
        match checked {
            Ok(solution) => output.record(&output_format.write(&solution)),
            Err(message) => output.record_error(
                source,
                line,
                &format!(
                    "{} returned a board that is not a solution: {message}",
                    approach.id
                ),
            ),
        }
    })
    .map(|status| status.max(output.status()))
}

/// The approach whose native counter `sudoku count` uses by default.
/// Counting to 2 on hard puzzles it was the fastest of the catalog's counters
/// when measured (17-clue puzzles: 44 µs against 1,760 µs for bitmask, which
/// only wins on easy ones); see notes/constraint-propagation.md.
const DEFAULT_COUNTER: &str = "constraint-propagation";

fn count(
    output: &mut Output<impl Write>,
    solver: &str,
    limit: u32,
    input_format: Option<Format>,
    files: &[PathBuf],
) -> io::Result<Status> {
    let Some(native) = sudoku_catalog::find(solver).and_then(|approach| approach.native) else {
        // clap has already checked the id against the catalog's counters.
        eprintln!("error: the catalog has no counter named {solver}");
        return Ok(Status::UsageOrIo);
    };
    let limit = limit as usize;
    each_record(files, input_format, |source: &Source, line, record| {
        let puzzle = match record {
            Ok(board) => board,
            Err(message) => return output.record_error(source, line, &message),
        };
        if let Err(conflict) = validate(&puzzle) {
            eprintln!("warning: {source}:{line}: the givens conflict: {conflict}");
            return output.record("0\n");
        }
        let found = (native.count_solutions)(puzzle.cells(), limit);
        output.record(&format!("{found}\n"))
    })
    .map(|status| status.max(output.status()))
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
        eprintln!("seed: {seed}");
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
            eprintln!(
                "note: puzzle {} (seed {}) became minimal at {givens} clues, above the target {target}",
                k + 1,
                seed.wrapping_add(k)
            );
        }
        output.record(&Format::Line.write(&generated.puzzle))?;
    }
    Ok(Status::Success)
}

fn check(
    output: &mut Output<impl Write>,
    input_format: Option<Format>,
    files: &[PathBuf],
) -> io::Result<Status> {
    each_record(
        files,
        input_format,
        |source: &Source, line, record| match record
            .map(|board| validate(&board).map_err(|conflict| conflict.to_string()))
        {
            Ok(Ok(())) => output.record("valid\n"),
            Ok(Err(message)) | Err(message) => output.record_error(source, line, &message),
        },
    )
    .map(|status| status.max(output.status()))
}
