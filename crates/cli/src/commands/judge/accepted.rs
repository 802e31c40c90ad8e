//! After Accepted: the cases, the time, the slowest case, and the
//! submission's time set beside each of the catalog's approaches (and the
//! reference solutions in its language) on the same cases, timed the same
//! way (`rounds`).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Duration;

use sudoku_catalog::screen::classics_fit;
use sudoku_core::Board;

use super::cases::Case;
use super::child::Launch;
use super::contain::Sandbox;
use super::language::{self, BuildError, Language, Program};
use super::reference;
use super::rounds::{self, median_and_spread, Comparison, Subject, Timed, WIDE, WINDOW};
use super::Times;
use crate::commands::time_format::{shown_micros, shown_ratio, shown_time};
use crate::output::{diagnostic, Output, Status};

/// What an accepted run needs to set the submission beside the others.
pub struct Run<'a> {
    pub language: Language,
    pub program: &'a Program,
    pub cases: &'a [Case],
    pub times: &'a Times,
    pub wall: Duration,
    pub limits: language::Limits,
    pub time_limit: Duration,
    /// Whether to time it beside the others (not with `--no-compare`).
    pub compare: bool,
}

/// Accepted: the cases, the time, the slowest case, and how the time
/// compares with the catalog's approaches on the same cases.
pub fn print(output: &mut Output<impl Write>, run: &Run) -> io::Result<Status> {
    let Run {
        language,
        program,
        cases,
        times,
        ..
    } = run;
    let total: Duration = times.judged.iter().sum();
    let (slowest, slowest_time) = times
        .judged
        .iter()
        .enumerate()
        .max_by_key(|(_, time)| **time)
        .map_or((0, Duration::ZERO), |(index, time)| (index, *time));
    output.line("Accepted")?;
    output.line(&format!(
        "  {} passed in {} of processor time; the slowest: {} ({})",
        sudoku_core::counted(cases.len(), "case"),
        shown_time(total),
        cases[slowest].name,
        shown_time(slowest_time)
    ))?;
    output.line(&format!(
        "  built in {}: {}; the run took {} of wall-clock time, starting {language} included; it ran {}",
        shown_time(program.build_time),
        program.description(),
        shown_time(run.wall),
        Sandbox::here().describe()
    ))?;
    if !run.compare {
        return Ok(Status::Success);
    }
    output.line("")?;
    output.flush()?;
    let comparison = match time_subjects(run) {
        Ok(comparison) => comparison,
        Err(Interrupted(status)) => return Ok(Status::Signal(status)),
    };
    print_comparison(output, &comparison.0, &comparison.1, program.sanitized())?;
    Ok(Status::Success)
}

/// A signal stopped the comparison: the judge ends with this status.
struct Interrupted(u8);

/// Builds the reference solutions, starts every subject and times them.
fn time_subjects(run: &Run) -> Result<(Comparison, Vec<String>), Interrupted> {
    let directory = run.program.launch().directory.to_path_buf();
    let too_hard = too_hard_groups(run.cases);
    let argvs: Vec<Vec<std::ffi::OsString>> = sudoku_catalog::APPROACHES
        .iter()
        .map(|approach| reference::argv(approach.id).unwrap_or_default())
        .collect();
    let references = references(run)?;
    let mut subjects = vec![Subject {
        name: "you".to_string(),
        launch: run.program.launch(),
        runs_on: Box::new(|_: &str| true),
    }];
    for (name, program) in &references {
        let launch: Launch = program.launch();
        subjects.push(Subject {
            name: name.clone(),
            launch,
            runs_on: Box::new(|_: &str| true),
        });
    }
    subjects.extend(rounds::approaches(&argvs, &directory, &too_hard));
    let names = subjects
        .iter()
        .map(|subject| subject.name.clone())
        .collect();
    rounds::compare(&subjects, run.cases, run.limits.memory, run.time_limit)
        .map(|comparison| (comparison, names))
        .map_err(Interrupted)
}

/// The reference solutions of notes/solutions/ in the submission's
/// language (Python and Java), built; one that does not build is left out.
fn references(run: &Run) -> Result<Vec<(String, Program)>, Interrupted> {
    let sources: &[(&str, &str)] = match run.language {
        Language::Python => &[
            (
                "backtracking.py",
                include_str!("../../../../../notes/solutions/backtracking.py"),
            ),
            (
                "masks.py",
                include_str!("../../../../../notes/solutions/masks.py"),
            ),
        ],
        Language::Java => &[
            (
                "backtracking.java",
                include_str!("../../../../../notes/solutions/backtracking.java"),
            ),
            (
                "masks.java",
                include_str!("../../../../../notes/solutions/masks.java"),
            ),
        ],
        Language::Rust | Language::Cpp => &[],
    };
    let mut built = Vec::new();
    for (name, source) in sources {
        let shown = format!("notes/solutions/{name}");
        match run.language.build(source, &shown, run.limits) {
            Ok(program) => built.push((shown, program)),
            Err(BuildError::Interrupted(status)) => return Err(Interrupted(status)),
            Err(_) => {
                diagnostic!(
                    "warning: {shown} did not build here: it is left out of the comparison"
                );
            }
        }
    }
    Ok(built)
}

/// The groups whose cases the classics cannot finish in reasonable time.
/// An embedded tier is known without measuring it: only a fast-only one
/// does not fit (the catalog's tests hold `fast_only` to `classics_fit` on
/// every tier); the `--cases` file is measured.
fn too_hard_groups(cases: &[Case]) -> Vec<String> {
    let mut groups: Vec<String> = Vec::new();
    for case in cases {
        if groups.contains(&case.group) {
            continue;
        }
        let too_hard = case.tier.map_or_else(
            || {
                let puzzles: Vec<Board> = cases
                    .iter()
                    .filter(|other| other.group == case.group)
                    .map(|other| other.puzzle)
                    .collect();
                classics_fit(&puzzles).is_err()
            },
            sudoku_core::corpus::Tier::fast_only,
        );
        if too_hard {
            groups.push(case.group.clone());
        }
    }
    groups
}

/// The table: a row per subject, a column per group; the first row is the
/// submission's time per solve, the others its time over theirs.
fn print_comparison(
    output: &mut Output<impl Write>,
    comparison: &Comparison,
    names: &[String],
    sanitized: bool,
) -> io::Result<()> {
    output.line(&format!(
        "How you compare: your processor time per solve, and your time over each one's (above 1× you are slower), the median of {} rounds (lowest–highest)",
        comparison.rounds
    ))?;
    let mut wide = false;
    let mut skipped: Vec<String> = Vec::new();
    let mut rows: Vec<Vec<String>> = vec![std::iter::once(String::new())
        .chain(comparison.groups.iter().cloned())
        .collect()];
    for (index, name) in names.iter().enumerate() {
        let mut row = vec![name.clone()];
        for (group, timed) in comparison.timed[index].iter().enumerate() {
            let cell = match (timed, &comparison.timed[0][group]) {
                (Timed::Rounds(mine), _) if index == 0 => {
                    let micros: Vec<f64> =
                        mine.iter().map(|time| time.as_secs_f64() * 1e6).collect();
                    shown_micros(median_and_spread(&micros).0)
                }
                (Timed::Rounds(theirs), Timed::Rounds(mine)) => {
                    let (cell, too_wide) = ratio_cell(mine, theirs);
                    wide |= too_wide;
                    cell
                }
                (Timed::Skipped(why), _) => {
                    let why = if index == 0 {
                        format!("yours: {why}")
                    } else {
                        why.clone()
                    };
                    if !skipped.contains(&why) {
                        skipped.push(why);
                    }
                    "-".to_string()
                }
                (Timed::Rounds(_), Timed::Skipped(_)) => "-".to_string(),
            };
            row.push(cell);
        }
        rows.push(row);
    }
    print_table(output, &rows)?;
    if !skipped.is_empty() {
        output.line(&format!("  (- not timed there: {})", skipped.join("; ")))?;
    }
    output.line(&format!(
        "  Each one runs all the cases in a process of its own behind the same harness; each case is solved again and again for about {} ms a round (once, if one solve takes longer). The time is the processor time of the thread that calls the solve function: start-up and a busy machine's waiting are not in it.",
        WINDOW.as_millis()
    ))?;
    if sanitized {
        output.line("  Your C++ runs under AddressSanitizer, as on LeetCode: its checks slow it down, so the ratios include a cost the approaches here do not pay.")?;
    }
    if wide {
        output.line(&format!(
            "  warning: the ratios marked ! moved by more than {:.0}% between rounds (a busy machine, or a runtime still warming up): read them with care",
            WIDE * 100.0
        ))?;
    }
    let own = comparison.own_total.as_secs_f64();
    let kernel = comparison.kernel_total.as_secs_f64();
    if kernel > 0.05 && own < kernel / 2.0 {
        output.line(&format!(
            "  warning: your program's own measure ({}) is under half of what the kernel counted for it ({}): threads or processes of its own work outside the solve function's thread",
            shown_time(comparison.own_total),
            shown_time(comparison.kernel_total)
        ))?;
    }
    Ok(())
}

/// One subject's cell: the median of the rounds' ratios of `mine` over
/// `theirs`, with the lowest and highest, marked `!` when they spread wider
/// than [`WIDE`]; and whether they did.
fn ratio_cell(mine: &[Duration], theirs: &[Duration]) -> (String, bool) {
    let ratios: Vec<f64> = mine
        .iter()
        .zip(theirs)
        .map(|(mine, theirs)| mine.as_secs_f64() / theirs.as_secs_f64())
        .collect();
    let (median, spread) = median_and_spread(&ratios);
    let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = ratios.iter().copied().fold(0.0, f64::max);
    let wide = spread > WIDE;
    let cell = format!(
        "{}× ({}–{}){}",
        shown_ratio(median),
        shown_ratio(lowest),
        shown_ratio(highest),
        if wide { "!" } else { "" }
    );
    (cell, wide)
}

/// `rows` as a table: each column as wide as its widest cell, two spaces
/// apart, indented by two.
fn print_table(output: &mut Output<impl Write>, rows: &[Vec<String>]) -> io::Result<()> {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            rows.iter()
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::from(" ");
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(line, " {cell:width$} ");
        }
        output.line(line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ratio_cell_is_the_median_with_its_range_marked_when_wide() {
        let ms = Duration::from_millis;
        let (cell, wide) = ratio_cell(&[ms(2), ms(2), ms(2)], &[ms(1), ms(1), ms(1)]);
        assert_eq!((cell.as_str(), wide), ("2.0× (2.0–2.0)", false));
        let (cell, wide) = ratio_cell(&[ms(1), ms(2), ms(3)], &[ms(1), ms(1), ms(1)]);
        assert_eq!((cell.as_str(), wide), ("2.0× (1.0–3.0)!", true));
    }

    #[test]
    fn every_column_is_as_wide_as_its_widest_cell() {
        let rows: Vec<Vec<String>> = [
            ["", "easy"],
            ["you", "0.0100× (0.0079–0.018)!"],
            ["bitboard", "-"],
        ]
        .iter()
        .map(|row| row.iter().map(ToString::to_string).collect())
        .collect();
        let mut output = Output::new(Vec::new());
        print_table(&mut output, &rows).unwrap();
        let text = String::from_utf8(output.into_inner()).unwrap();
        assert_eq!(
            text,
            "            easy\n  you       0.0100× (0.0079–0.018)!\n  bitboard  -\n"
        );
    }
}
