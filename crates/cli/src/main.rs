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
mod interrupt;
#[allow(clippy::print_stderr)] // The one writer of diagnostics.
mod output;
mod replay_page;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::commands::{
    check, compare, completions, corpus, count, generate, judge, list, playground, solve, source,
    trace,
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
    Playground(playground::Args),
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
  sudoku playground page.html          a page to watch them search, live
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return parse_error(&error),
    };
    let stdout = match output::standard_output() {
        Ok(stdout) => stdout,
        Err(message) => {
            diagnostic!("error: {message}");
            return Status::UsageOrIo.into();
        }
    };
    let mut output = Output::new(stdout).ordered(output::streams_meet());
    // The commands that read records stop on SIGINT, SIGTERM or SIGHUP
    // once they have written what they finished; the others end at once.
    if matches!(
        cli.command,
        Command::Solve(_)
            | Command::Check(_)
            | Command::Count(_)
            | Command::Trace(_)
            | Command::Compare(_)
    ) {
        interrupt::watch(None);
    }
    let result = match &cli.command {
        Command::List(args) => list::run(&mut output, args),
        Command::Solve(args) => solve::run(&mut output, args),
        Command::Check(args) => check::run(&mut output, args),
        Command::Count(args) => count::run(&mut output, args),
        Command::Generate(args) => generate::run(&mut output, args),
        Command::Trace(args) => trace::run(&mut output, args),
        Command::Playground(args) => Ok(playground::run(args)),
        Command::Judge(args) => judge::run(&mut output, args),
        Command::Compare(args) => compare::run(&mut output, args),
        Command::Corpus(args) => corpus::run(&mut output, args),
        Command::Source(args) => source::run(&mut output, args),
        Command::Completions(args) => completions::run(&mut output, args, Cli::command()),
    };
    // The command's status is settled before the last flush: that flush is
    // where a reader that has left (`sudoku judge x.py | true`) is found,
    // and the status must not be lost with it.
    let flushed = result.and_then(|status| {
        output.settle(status);
        output.flush()
    });
    match flushed {
        Ok(()) => {}
        // A reader that stopped early (`sudoku solve | head`) is not an
        // error in itself; what failed before it left still is.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
        Err(error) => {
            diagnostic!("error: writing output: {error}");
            output.settle(Status::UsageOrIo);
        }
    }
    output.status().into()
}

/// The end of a command line clap did not parse into a command: `--help`
/// and `--version` are written to stdout here, not by clap, which takes a
/// failed write (`sudoku --help > /dev/full`) for a success; anything else
/// is a usage error, which clap writes to stderr, exiting 2.
fn parse_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        error.exit();
    }
    let rendered = error.render();
    let text = if io::stdout().is_terminal() {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    let mut output = match output::standard_output() {
        Ok(stdout) => Output::new(stdout),
        Err(message) => {
            diagnostic!("error: {message}");
            return Status::UsageOrIo.into();
        }
    };
    match output.line(text.trim_end()).and_then(|()| output.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // As for a command's output: a reader that left early is no error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            diagnostic!("error: writing output: {error}");
            Status::UsageOrIo.into()
        }
    }
}
