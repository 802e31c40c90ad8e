//! `sudoku judge`: a local LeetCode judge for a solution of your own, in
//! Rust, C++, Java or Python 3.
//!
//! The submission is what you would paste into LeetCode. The judge adds what
//! LeetCode adds around it, builds it with the compiler on PATH (in a
//! temporary directory, removed afterwards; your file is only read), and
//! runs it in one child process over every case through a small harness
//! (`harness/`), so that start-up is paid once. Each case gets a verdict in
//! LeetCode's words, checked against the case's one solution; the run stops
//! at the first case that is not right. After Accepted it times the
//! catalog's approaches on the same cases in the same run, for comparison.

mod child;
mod language;

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudoku_catalog::screen::{classic_placements, screen, Screening, CLASSIC_PLACEMENT_LIMIT};
use sudoku_catalog::{Approach, Family};
use sudoku_core::corpus::Tier;
use sudoku_core::{validate, Board};

use self::child::{Session, Stop, OUTPUT_LIMIT};
pub use self::language::Language;
use self::language::{BuildError, Program};
use crate::compare::{mean, time_approach};
use crate::input::each_record;
use crate::output::{diagnostic, Output, Status};

/// The groups of cases, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CaseTier {
    /// LeetCode's own example.
    Example,
    Easy,
    Medium,
    Hard,
    Hardest,
}

impl CaseTier {
    pub const ALL: [CaseTier; 5] = [
        CaseTier::Example,
        CaseTier::Easy,
        CaseTier::Medium,
        CaseTier::Hard,
        CaseTier::Hardest,
    ];

    fn name(self) -> &'static str {
        match self {
            CaseTier::Example => "example",
            CaseTier::Easy => "easy",
            CaseTier::Medium => "medium",
            CaseTier::Hard => "hard",
            CaseTier::Hardest => "hardest",
        }
    }
}

/// How to judge.
pub struct Options {
    /// The tiers of the corpus to run (each in full).
    pub tiers: Vec<CaseTier>,
    /// How long one case may take.
    pub time_limit: Duration,
    /// More cases, from a file: each puzzle must have exactly one solution.
    pub cases: Option<PathBuf>,
}

/// One case: a puzzle with exactly one solution.
struct Case {
    name: String,
    group: String,
    puzzle: Board,
    solution: Board,
}

/// Prints the empty submission for `language`.
pub fn template(output: &mut Output<impl Write>, language: Language) -> io::Result<Status> {
    output.record(language.template())?;
    Ok(Status::Success)
}

/// Judges the submission in `path`.
pub fn judge(
    output: &mut Output<impl Write>,
    path: &Path,
    options: &Options,
) -> io::Result<Status> {
    let Some(language) = Language::of(path) else {
        diagnostic!(
            "error: {}: cannot tell the language: name the file .rs, .cpp (or .cc), .java or .py",
            path.display()
        );
        return Ok(Status::UsageOrIo);
    };
    let source = match std::fs::read_to_string(path) {
        Ok(source) => source,
        Err(error) => {
            diagnostic!("error: {}: {error}", path.display());
            return Ok(Status::UsageOrIo);
        }
    };
    let cases = match cases(options) {
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
    let shown = path.display().to_string();
    let program = match language.build(&source, &shown) {
        Ok(program) => program,
        Err(BuildError::MissingTool(message)) => {
            diagnostic!("error: {message}");
            return Ok(Status::UsageOrIo);
        }
        Err(BuildError::Io(error)) => {
            diagnostic!("error: building {shown}: {error}");
            return Ok(Status::UsageOrIo);
        }
        Err(BuildError::Compile(message)) => {
            output.line("Compile Error")?;
            output.line(&indent(&message))?;
            return Ok(Status::RecordFailed);
        }
    };
    let started = Instant::now();
    let run = run_cases(&program, &cases, options.time_limit);
    let wall = started.elapsed();
    match run {
        Ok(times) => {
            accepted(output, language, &program, &cases, &times, wall)?;
            Ok(Status::Success)
        }
        Err(failure) => {
            failure.print(output, &cases, &program, options.time_limit)?;
            Ok(Status::RecordFailed)
        }
    }
}

/// The cases: LeetCode's example, the chosen tiers in rising difficulty,
/// then the file's, each with its one solution.
fn cases(options: &Options) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for tier in CaseTier::ALL {
        if !options.tiers.contains(&tier) {
            continue;
        }
        let entries = match tier {
            CaseTier::Example => Tier::Examples
                .puzzles()
                .into_iter()
                .filter(|entry| entry.name == "leetcode-37-example")
                .collect(),
            CaseTier::Easy => Tier::Easy.puzzles(),
            CaseTier::Medium => Tier::Medium.puzzles(),
            CaseTier::Hard => Tier::Hard.puzzles(),
            CaseTier::Hardest => Tier::Hardest.puzzles(),
        };
        for entry in entries {
            let solution = entry
                .solution
                .ok_or_else(|| format!("the corpus has no solution for {}", entry.name))?;
            cases.push(Case {
                name: entry.name,
                group: tier.name().to_string(),
                puzzle: entry.puzzle,
                solution,
            });
        }
    }
    if let Some(file) = &options.cases {
        let group = file.display().to_string();
        let mut problem: Option<String> = None;
        let status = each_record(std::slice::from_ref(file), None, &|| {}, |source, entry| {
            let place = format!("{source}:{}", entry.line);
            let found = match entry.board {
                Err(message) => Err(message),
                // Screening decides it with bitboard's search.
                Ok(puzzle) => match screen(&puzzle) {
                    Screening::Unsolvable => Err("it has no solution".to_string()),
                    Screening::Multiple(_) => Err(
                        "it has more than one solution (LeetCode promises exactly one)".to_string(),
                    ),
                    Screening::Unique(solution) => Ok((puzzle, solution)),
                },
            };
            match found {
                Ok((puzzle, solution)) => cases.push(Case {
                    name: place,
                    group: group.clone(),
                    puzzle,
                    solution,
                }),
                Err(reason) => {
                    problem.get_or_insert(format!("{place}: not a case: {reason}"));
                }
            }
            Ok(())
        })
        .map_err(|error| format!("{group}: {error}"))?;
        if let Some(problem) = problem {
            return Err(problem);
        }
        if status != Status::Success {
            return Err(format!("could not read {group}"));
        }
    }
    Ok(cases)
}

/// Why the run stopped before every case was right.
enum Failure {
    /// Case `case` got a wrong board.
    Wrong {
        case: usize,
        board: String,
        reason: String,
    },
    /// Case `case` did not finish: what stopped it, and what it printed.
    Stopped {
        case: usize,
        stop: Stop,
        own_output: String,
    },
    /// The program could not be started.
    Io(io::Error),
}

/// How long the timing round solves each case, about: long enough for a
/// mean that a fast solve's first-call costs do not dominate.
const TIMING_SPAN: Duration = Duration::from_millis(5);

/// How many times the timing round solves a case whose judged solve took
/// `first`: enough for about [`TIMING_SPAN`], once at least.
fn timing_repeats(first: Duration) -> u32 {
    let repeats = TIMING_SPAN.as_nanos() / first.as_nanos().max(1);
    u32::try_from(repeats.clamp(1, 10_000)).unwrap_or(1)
}

/// The times of an accepted run.
struct Times {
    /// Each case's one solve, as judged (first calls, cold).
    judged: Vec<Duration>,
    /// Each case's mean over the timing round's solves, for comparing with
    /// the approaches' times over several passes; `None` if that round
    /// could not finish.
    warm: Option<Vec<Duration>>,
}

/// Runs every case in one process, then, if all were right, a timing round
/// on the same process; or says why the run stopped.
fn run_cases(program: &Program, cases: &[Case], limit: Duration) -> Result<Times, Failure> {
    let mut session = Session::start(program).map_err(Failure::Io)?;
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
            });
        }
        judged.push(answer.time);
    }
    let mut warm = Vec::with_capacity(cases.len());
    for (case, first) in cases.iter().zip(&judged) {
        match session.solve(&case.puzzle.to_line(), timing_repeats(*first), limit * 2) {
            Ok(answer) if check(case, &answer.board).is_ok() => warm.push(answer.time),
            _ => return Ok(Times { judged, warm: None }),
        }
    }
    Ok(Times {
        judged,
        warm: Some(warm),
    })
}

/// Whether `board` (what the program gave back, as 81 characters) is the
/// case's solution, and if not, what kind of wrong it is.
fn check(case: &Case, board: &str) -> Result<(), String> {
    let cells: Vec<char> = board.chars().collect();
    if cells.len() != 81 {
        return Err(format!(
            "not a board: {} cells where there should be 81",
            cells.len()
        ));
    }
    if let Some(bad) = cells.iter().find(|&&cell| !matches!(cell, '1'..='9' | '.')) {
        return Err(format!("not a board: {bad:?} is not a digit or '.'"));
    }
    let digits: Vec<u8> = cells
        .iter()
        .map(|&cell| cell.to_digit(10).map_or(0, |digit| digit as u8))
        .collect();
    let at = |index: usize| format!("r{}c{}", index / 9 + 1, index % 9 + 1);
    let given = case.puzzle.cells();
    if let Some(index) = (0..81).find(|&index| given[index] != 0 && digits[index] != given[index]) {
        return Err(format!(
            "a given changed: {} was {}, your board has {}",
            at(index),
            given[index],
            cells[index]
        ));
    }
    if let Some(index) = digits.iter().position(|&digit| digit == 0) {
        let left = cells.iter().filter(|&&cell| cell == '.').count();
        return Err(format!(
            "a blank left: {} (and {} in all)",
            at(index),
            sudoku_core::counted(left, "blank")
        ));
    }
    let mut array = [0u8; 81];
    array.copy_from_slice(&digits);
    let answer = Board::from_cells(array).map_err(|error| error.to_string())?;
    if let Err(conflict) = validate(&answer) {
        return Err(format!("a rule broken: {conflict}"));
    }
    if answer != case.solution {
        return Err("a different grid: valid, but not this puzzle's one solution".to_string());
    }
    Ok(())
}

impl Failure {
    fn print(
        self,
        output: &mut Output<impl Write>,
        cases: &[Case],
        program: &Program,
        limit: Duration,
    ) -> io::Result<()> {
        let place = |case: usize| {
            format!(
                "case {} of {}: {} ({})",
                case + 1,
                cases.len(),
                cases[case].name,
                cases[case].group
            )
        };
        match self {
            Failure::Wrong {
                case,
                board,
                reason,
            } => {
                output.line("Wrong Answer")?;
                output.line(&format!("  {}", place(case)))?;
                output.line(&format!("  what is wrong: {reason}"))?;
                output.line(&boards_side_by_side(&cases[case], &board))?;
            }
            Failure::Stopped {
                case,
                stop,
                own_output,
            } => {
                match stop {
                    Stop::TimeLimit(after) => {
                        output.line("Time Limit Exceeded")?;
                        output.line(&format!(
                            "  {}: still running after {:.2} s (the limit is {:.2} s a case, --time-limit); stopped",
                            place(case),
                            after.as_secs_f64(),
                            limit.as_secs_f64()
                        ))?;
                    }
                    Stop::Runtime { ended, stderr } => {
                        output.line("Runtime Error")?;
                        output.line(&format!("  {}: the program {ended}", place(case)))?;
                        if !stderr.trim().is_empty() {
                            output.line("  its stderr:")?;
                            let stderr = program.in_users_names(stderr.trim());
                            output.line(&indent(&first_lines(&stderr, 30)))?;
                        }
                    }
                    Stop::OutputLimit => {
                        output.line("Output Limit Exceeded")?;
                        output.line(&format!(
                            "  {}: the program printed more than {} KiB of its own; stopped",
                            place(case),
                            OUTPUT_LIMIT / 1024
                        ))?;
                    }
                }
                if !own_output.is_empty() {
                    output.line("  what it printed of its own (the start):")?;
                    output.line(&indent(&first_lines(own_output.trim_end(), 10)))?;
                }
            }
            Failure::Io(error) => {
                output.line("Runtime Error")?;
                output.line(&format!("  the program could not be started: {error}"))?;
            }
        }
        Ok(())
    }
}

/// The first `most` lines of `text`, and how many more there were.
fn first_lines(text: &str, most: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= most {
        return text.to_string();
    }
    format!(
        "{}\n... ({} not shown)",
        lines[..most].join("\n"),
        sudoku_core::counted(lines.len() - most, "more line")
    )
}

/// Every line of `text`, indented under a verdict.
fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The input, the expected board and the program's, row by row, with the
/// cells of the program's board that differ marked: red on a terminal, else
/// a `*` after the cell.
fn boards_side_by_side(case: &Case, board: &str) -> String {
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let input = case.puzzle.to_line();
    let expected = case.solution.to_line();
    let yours: Vec<char> = board
        .chars()
        .chain(std::iter::repeat(' '))
        .take(81)
        .collect();
    let expected_cells: Vec<char> = expected.chars().collect();
    let row_of = |cells: &[char], row: usize, marks: Option<&[char]>| {
        let mut text = String::new();
        for column in 0..9 {
            let index = row * 9 + column;
            let cell = cells[index];
            let differs = marks.is_some_and(|expected| expected[index] != cell);
            if differs && colour {
                let _ = write!(text, "\x1b[1;31m{cell}\x1b[0m");
            } else {
                text.push(cell);
            }
            text.push(if differs && !colour { '*' } else { ' ' });
            if column == 2 || column == 5 {
                text.push_str("| ");
            }
        }
        text
    };
    let input_cells: Vec<char> = input.chars().collect();
    // A row is 22 characters wide; three side by side, three spaces apart.
    let mut text = format!("  {:<25}{:<25}{}\n", "input", "expected", "your output");
    for row in 0..9 {
        if row == 3 || row == 6 {
            let line = "------+-------+-------";
            let _ = writeln!(text, "  {line}   {line}   {line}");
        }
        let line = format!(
            "  {}   {}   {}",
            row_of(&input_cells, row, None),
            row_of(&expected_cells, row, None),
            row_of(&yours, row, Some(&expected_cells))
        );
        let _ = writeln!(text, "{}", line.trim_end());
    }
    if !colour {
        text.push_str("  (* marks the cells of your output that differ from the expected board)");
    }
    text.trim_end().to_string()
}

/// Accepted: the cases, the time, the slowest case, and how the time
/// compares with the catalog's approaches on the same cases.
fn accepted(
    output: &mut Output<impl Write>,
    language: Language,
    program: &Program,
    cases: &[Case],
    times: &Times,
    wall: Duration,
) -> io::Result<()> {
    let total: Duration = times.judged.iter().sum();
    let (slowest, slowest_time) = times
        .judged
        .iter()
        .enumerate()
        .max_by_key(|(_, time)| **time)
        .map_or((0, Duration::ZERO), |(index, time)| (index, *time));
    output.line("Accepted")?;
    output.line(&format!(
        "  {} passed in {}; the slowest: {} ({})",
        sudoku_core::counted(cases.len(), "case"),
        shown_time(total),
        cases[slowest].name,
        shown_time(slowest_time)
    ))?;
    let timing: Duration = times.warm.as_ref().map_or(Duration::ZERO, |warm| {
        warm.iter()
            .zip(&times.judged)
            .map(|(&mean, &first)| mean * timing_repeats(first))
            .sum()
    });
    output.line(&format!(
        "  (building took {}; running took {} in all: your code {} judged and {} in the timing round, {} around it: starting {language}, the harness, the pipes)",
        shown_time(program.build_time),
        shown_time(wall),
        shown_time(total),
        shown_time(timing),
        shown_time(wall.saturating_sub(total + timing))
    ))?;
    output.line("")?;
    let Some(warm) = &times.warm else {
        output
            .line("How you compare: the timing round did not finish, so there is no comparison")?;
        return Ok(());
    };
    output.line("How you compare: mean time per case, yours and your time over each approach's, timed here on the same cases")?;
    let mut groups: Vec<&str> = Vec::new();
    for case in cases {
        if !groups.contains(&case.group.as_str()) {
            groups.push(&case.group);
        }
    }
    for group in groups {
        let members: Vec<usize> = (0..cases.len())
            .filter(|&index| cases[index].group == group)
            .collect();
        let puzzles: Vec<Board> = members.iter().map(|&index| cases[index].puzzle).collect();
        #[allow(clippy::cast_precision_loss)] // Case counts are small.
        let yours = members
            .iter()
            .map(|&index| warm[index].as_secs_f64() * 1e6)
            .sum::<f64>()
            / members.len() as f64;
        let classics_fit = group != CaseTier::Hardest.name()
            && puzzles.iter().all(|puzzle| {
                classic_placements(puzzle, CLASSIC_PLACEMENT_LIMIT) < CLASSIC_PLACEMENT_LIMIT
            });
        let mut line = format!(
            "  {group} ({}): you {}",
            sudoku_core::counted(members.len(), "case"),
            shown_micros(yours)
        );
        let mut ratios = Vec::new();
        for approach in sudoku_catalog::APPROACHES {
            if approach.family == Family::Published && !classics_fit {
                continue;
            }
            ratios.push(format!(
                "{}× {}",
                shown_ratio(yours / approach_micros(approach, &puzzles)),
                approach.id
            ));
        }
        let _ = write!(line, ": {}", ratios.join(", "));
        if !classics_fit {
            line.push_str(
                " (the classics are left out: over ten million placements a puzzle here)",
            );
        }
        output.line(&line)?;
    }
    output.line(&format!(
        "  Your times are measured inside your program around each call of the solve function, each case solved again and again for about {} ms and averaged, as the approaches are; so {language}'s start-up is not in them (it is in the run's total above). Above 1× you are slower than the approach.",
        TIMING_SPAN.as_millis()
    ))?;
    Ok(())
}

/// The mean µs per puzzle of `approach` on `puzzles`, timed over several passes.
fn approach_micros(approach: &Approach, puzzles: &[Board]) -> f64 {
    mean(&time_approach(approach, puzzles, Duration::from_millis(50)).micros)
}

/// A ratio with two significant digits at least: `1.3`, `0.0021`, `450`.
fn shown_ratio(ratio: f64) -> String {
    if !ratio.is_finite() || ratio <= 0.0 {
        return "?".to_string();
    }
    if ratio >= 10.0 {
        return format!("{ratio:.0}");
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Small, positive.
    let decimals = (1.0 - ratio.log10().floor()).max(1.0) as usize;
    format!("{ratio:.decimals$}")
}

fn shown_time(time: Duration) -> String {
    shown_micros(time.as_secs_f64() * 1e6)
}

fn shown_micros(micros: f64) -> String {
    if micros >= 1e6 {
        format!("{:.2} s", micros / 1e6)
    } else if micros >= 1e3 {
        format!("{:.2} ms", micros / 1e3)
    } else {
        format!("{micros:.1} µs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge names a case in its verdicts (`case 3 of 37: NAME
    /// (easy)`, `the slowest: NAME`): `sudoku corpus NAME` must print that
    /// very puzzle, so a learner can run it again alone.
    #[test]
    fn every_case_name_the_judge_prints_is_one_sudoku_corpus_takes() {
        let options = Options {
            tiers: CaseTier::ALL.to_vec(),
            time_limit: Duration::from_secs(1),
            cases: None,
        };
        let cases = cases(&options).unwrap();
        assert!(cases.len() > CaseTier::ALL.len());
        let entries = crate::corpus::entries();
        for case in &cases {
            let names = [case.name.clone()];
            let selected = crate::corpus::select(&entries, &names)
                .unwrap_or_else(|_| panic!("sudoku corpus does not know {}", case.name));
            assert_eq!(selected.len(), 1, "{}", case.name);
            assert_eq!(selected[0].puzzle, case.puzzle, "{}", case.name);
        }
    }
}
