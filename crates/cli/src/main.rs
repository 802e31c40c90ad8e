//! `sudoku`: solve, check and compare LeetCode 37 approaches on puzzle files.
//!
//! Every subcommand that reads records (`solve`, `check`, `count`,
//! `trace`) writes one output record per input record, in input order; a record that fails prints a line starting with `error:` in its
//! place, and stderr names the file and line. Exit status: 0 when every
//! record succeeded, 1 when any failed, 2 for a usage or I/O error.
//!
//! Here: the command line, which command runs, and the exit status. Each
//! command is a file of `commands/`; the records go through `input` (the
//! reader), `batch` (the threads) and `output` (stdout, stderr, status).

// Only `output` writes to stdout and stderr: a `println!` anywhere else
// would bypass its ordering, its exit status and its quiet end on a closed
// pipe (tests/architecture.rs checks that this line is here).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]

mod batch;
mod commands;
#[cfg(test)]
mod framing_tests;
mod guard;
mod input;
#[allow(clippy::print_stderr)] // The one writer of diagnostics.
mod output;
mod replay_page;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::commands::{
    check, compare, completions, corpus, count, generate, judge, list, solve, source, trace,
};
use crate::output::{diagnostic, Output, Status};

#[derive(Parser)]
#[command(name = "sudoku", version, about, long_about = None, after_help = START_HERE)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// The subcommands, in the order `--help` lists them. Each one's help is the
// doc comment of its `Args` (a doc comment here would be the help of `sudoku`
// itself).
#[derive(Subcommand)]
enum Command {
    List(list::Args),
    Solve(solve::Args),
    Check(check::Args),
    Count(count::Args),
    Generate(generate::Args),
    Trace(trace::Args),
    Judge(judge::Args),
    Compare(compare::Args),
    Corpus(corpus::Args),
    Source(source::Args),
    Completions(completions::Args),
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

fn main() -> ExitCode {
    // The judge's launcher, `sudoku __contain`: not a command of users, so
    // not in `--help`, the man page or the completions.
    // So is `sudoku __harness`, an approach behind the judge's harness.
    match std::env::args_os().nth(1) {
        Some(first) if first == judge::contain::LAUNCHER => return judge::contain::launch(),
        Some(first) if first == judge::reference::HARNESS => return judge::reference::serve(),
        _ => {}
    }
    let cli = Cli::parse();
    let mut output = Output::new(io::stdout().lock()).ordered(output::streams_meet());
    let result = match &cli.command {
        Command::List(args) => list::run(&mut output, args),
        Command::Solve(args) => solve::run(&mut output, args),
        Command::Check(args) => check::run(&mut output, args),
        Command::Count(args) => count::run(&mut output, args),
        Command::Generate(args) => generate::run(&mut output, args),
        Command::Trace(args) => trace::run(&mut output, args),
        Command::Judge(args) => judge::run(&mut output, args),
        Command::Compare(args) => compare::run(&mut output, args),
        Command::Corpus(args) => corpus::run(&mut output, args),
        Command::Source(args) => source::run(&mut output, args),
        Command::Completions(args) => completions::run(&mut output, args, Cli::command()),
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
