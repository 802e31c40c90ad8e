//! `sudoku judge`: a local LeetCode judge for a solution of your own, in
//! Rust, C++, Java or Python 3.
//!
//! The submission is what you would paste into LeetCode. The judge adds what
//! LeetCode adds around it, builds it as LeetCode builds it where the
//! compilers here allow (in a temporary directory, removed afterwards; your
//! file is only read), and runs it contained (`contain`) in one process
//! over every case through a small harness (`harness/`), so that start-up
//! is paid once. Each case gets a verdict in LeetCode's words, checked
//! against the case's one solution; the run stops at the first case that
//! is not right. After Accepted it times the submission, the catalog's
//! approaches and the reference solutions in its language the same way,
//! each in a process of its own (`rounds`).
//!
//! Here: the options, the build and the run; the cases are made in
//! `cases`, built in `language`, run in `child`, judged and reported in
//! `verdict`, and an accepted run is set beside the others in `accepted`.

mod accepted;
mod cases;
mod child;
pub mod contain;
mod language;
pub mod reference;
mod rounds;
mod verdict;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudoku_core::corpus::Tier;

use sudoku_cli::arguments::parse_time_limit;

use self::cases::{cases, tier_parser, Case, DEFAULT_TIERS};
use self::child::{Session, Stop};
use self::language::{BuildError, Language, Program};
use self::verdict::{check, indent, Failure};
use crate::input;
use crate::output::{diagnostic, Output, Status};

/// Judge your own solution of LeetCode 37 as LeetCode would: the
/// example, then the easy, medium and hard tiers, one verdict in LeetCode's words.
///
/// The submission is what you would paste into LeetCode (`.rs`, `.cpp`
/// or `.cc`, `.java`, `.py`). It is built as LeetCode builds it, as far as
/// the compilers on PATH allow, in a temporary directory, and run in one
/// process over every case, contained (in bubblewrap where it works), with
/// a limit per case in processor time and a memory limit. After Accepted,
/// your time is set beside each of the catalog's approaches (and, in Python
/// and Java, the reference solutions in your language), timed the same
/// way on the same cases. Exit status 0 only for Accepted; 130 or 143 after
/// SIGINT or SIGTERM.
#[derive(clap::Args)]
pub struct Args {
    /// Your submission: a .rs, .cpp (or .cc), .java or .py file.
    #[arg(required_unless_present = "template")]
    submission: Option<PathBuf>,
    /// Print an empty submission in LANG to start from, and nothing else.
    #[arg(long, value_enum, value_name = "LANG", conflicts_with_all = ["submission", "tier", "stress", "cases"])]
    template: Option<Language>,
    /// The corpus tiers to run, separated by commas; they run easiest
    /// first [default: example,easy,medium,hard].
    #[arg(long, value_delimiter = ',', value_parser = tier_parser())]
    tier: Vec<Tier>,
    /// Add the stress tier, `hardest`, to the tiers: puzzles that need over
    /// ten million placements of a classic backtracking, far beyond what
    /// LeetCode's tests ask.
    #[arg(long)]
    stress: bool,
    /// How long one case may run, in seconds of processor time (decimals
    /// allowed; at most a day).
    #[arg(long, value_name = "SECS", value_parser = parse_time_limit, default_value = "2")]
    time_limit: Duration,
    /// How long building may take, in seconds of wall-clock time; past it
    /// the verdict is Compile Error.
    #[arg(long, value_name = "SECS", value_parser = parse_time_limit, default_value = "60")]
    build_time_limit: Duration,
    /// More cases, from a puzzle file; each puzzle must have exactly one
    /// solution, as LeetCode promises.
    #[arg(long, value_name = "FILE")]
    cases: Option<PathBuf>,
    /// How much memory the program may use, in MiB; past it the verdict is
    /// Memory Limit Exceeded.
    #[arg(long, value_name = "MIB", default_value = "1024", value_parser = clap::value_parser!(u64).range(16..=65_536))]
    memory_limit: u64,
    /// Give the verdict only: do not time your solution beside the
    /// catalog's approaches after Accepted.
    #[arg(long)]
    no_compare: bool,
    /// Run the program without bubblewrap even where it works: in a session
    /// of its own, killed with all it started at the end, but able to read
    /// and write your files, use the network and signal your processes.
    #[arg(long)]
    no_sandbox: bool,
}

/// Prints the empty submission for `--template`, or judges the submission.
pub fn run(output: &mut Output<impl Write>, args: &Args) -> io::Result<Status> {
    if let Some(language) = args.template {
        output.record(language.template())?;
        return Ok(Status::Success);
    }
    // clap requires the submission when there is no --template.
    let submission = args.submission.as_deref().unwrap_or(Path::new(""));
    let mut tiers = if args.tier.is_empty() {
        DEFAULT_TIERS.to_vec()
    } else {
        args.tier.clone()
    };
    if args.stress {
        tiers.push(Tier::Hardest);
    }
    judge(output, submission, &tiers, args)
}

/// Judges the submission in `path` on the cases of `tiers` and `--cases`.
fn judge(
    output: &mut Output<impl Write>,
    path: &Path,
    tiers: &[Tier],
    args: &Args,
) -> io::Result<Status> {
    contain::Sandbox::allow(!args.no_sandbox);
    // The verdict must not land in the submission or the cases it judges.
    let inputs: Vec<PathBuf> = std::iter::once(path.to_path_buf())
        .chain(args.cases.clone())
        .collect();
    if input::refuse_outputs_into(&inputs) {
        return Ok(Status::UsageOrIo);
    }
    let memory_limit = args.memory_limit << 20;
    let Some(language) = Language::of(path) else {
        diagnostic!(
            "error: {}: cannot tell the language: name the file .rs, .cpp (or .cc), .java or .py",
            path.display()
        );
        return Ok(Status::UsageOrIo);
    };
    let source = match language::read_submission(path) {
        Ok(source) => source,
        Err(message) => {
            diagnostic!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
    };
    let cases = match cases(tiers, args.cases.as_deref()) {
        Ok(cases) => cases,
        Err(message) => {
            diagnostic!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
    };
    if cases.is_empty() {
        diagnostic!("error: no cases to run");
        return Ok(Status::UsageOrIo);
    }
    // From here on SIGINT and SIGTERM stop what the judge runs and remove
    // its directory before it exits (130, 143); until here they end it as
    // they end any program (there is nothing to clean up).
    contain::Interrupt::catch();
    let shown = path.display().to_string();
    let limits = language::Limits {
        memory: memory_limit,
        build_time: args.build_time_limit,
    };
    let program = match language.build(&source, &shown, limits) {
        Ok(program) => program,
        Err(BuildError::Setup(message)) => {
            diagnostic!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
        // The build's directory is gone by now.
        Err(BuildError::Interrupted(status)) => return Ok(Status::Signal(status)),
        Err(BuildError::Io(error)) => {
            diagnostic!("error: building {shown}: {error}");
            return Ok(Status::UsageOrIo);
        }
        Err(BuildError::Compile(message)) => {
            output.fail();
            output.line("Compile Error")?;
            // A compiler echoes the source line: escape what the terminal
            // would act on.
            output.line(&indent(&verdict::printable(&message)))?;
            return Ok(Status::RecordFailed);
        }
    };
    let started = Instant::now();
    let run = run_cases(&program, &cases, args.time_limit, memory_limit);
    let wall = started.elapsed();
    match run {
        Ok(times) => accepted::print(
            output,
            &accepted::Run {
                language,
                program: &program,
                cases: &cases,
                times: &times,
                wall,
                limits,
                compare: !args.no_compare,
                time_limit: args.time_limit,
            },
        ),
        Err(Failure::Stopped {
            stop: Stop::Interrupted(status),
            ..
        }) => Ok(Status::Signal(status)),
        Err(Failure::Stopped {
            stop: Stop::Judge(message),
            ..
        }) => {
            diagnostic!("error: running {shown}: {message}");
            Ok(Status::UsageOrIo)
        }
        Err(failure) => {
            failure.print(output, &cases, &program, args.time_limit)?;
            Ok(Status::RecordFailed)
        }
    }
}

/// The times of an accepted run.
pub struct Times {
    /// Each case's processor time, as the kernel counts it for the
    /// program, from the case handed over to its answer.
    judged: Vec<Duration>,
}

/// Runs every case in one contained process, stopping at the first that is
/// not right.
fn run_cases(
    program: &Program,
    cases: &[Case],
    limit: Duration,
    memory_limit: u64,
) -> Result<Times, Failure> {
    let mut session =
        Session::start(&program.launch(), memory_limit, cases.len(), limit).map_err(|stop| {
            Failure::Stopped {
                case: 0,
                stop,
                own_output: String::new(),
            }
        })?;
    let mut judged = Vec::with_capacity(cases.len());
    for (index, case) in cases.iter().enumerate() {
        let answer = session
            .solve(&case.puzzle.to_line(), 1, limit)
            .map_err(|stop| Failure::Stopped {
                case: index,
                stop,
                own_output: session.own_output(),
            })?;
        if let Err(reason) = check(case, &answer.board) {
            return Err(Failure::Wrong {
                case: index,
                board: answer.board,
                reason,
                own_output: session.own_output(),
            });
        }
        judged.push(answer.cpu);
    }
    Ok(Times { judged })
}
