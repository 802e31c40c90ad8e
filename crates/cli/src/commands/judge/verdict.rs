//! The verdicts that are not Accepted: whether an answer is the case's
//! solution, and what the judge prints when the run stops before every case
//! was right.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use sudoku_core::{verify, Board, Cell, VerifyError};

use super::cases::Case;
use super::child::{Stop, OUTPUT_LIMIT};
use super::language::Program;
use crate::output::Output;

/// Why the run stopped before every case was right.
pub enum Failure {
    /// Case `case` got a wrong board.
    Wrong {
        case: usize,
        board: String,
        reason: String,
        own_output: String,
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

/// Whether `board` (what the program gave back, as 81 characters) is the
/// case's solution, and if not, what kind of wrong it is: the first given
/// changed, else the first blank left, else the first rule broken, as
/// [`verify`] finds them, else a grid that is not the case's one solution.
pub fn check(case: &Case, board: &str) -> Result<(), String> {
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
    let mut digits = [0u8; 81];
    for (digit, cell) in digits.iter_mut().zip(&cells) {
        *digit = cell.to_digit(10).map_or(0, |digit| digit as u8);
    }
    let answer = Board::from_cells(digits).map_err(|error| error.to_string())?;
    match verify(&case.puzzle, &answer) {
        Ok(()) if answer == case.solution => Ok(()),
        Ok(()) => Err("a different grid: valid, but not this puzzle's one solution".to_string()),
        Err(VerifyError::ChangedGiven {
            row, column, given, ..
        }) => Err(format!(
            "a given changed: {} was {given}, your board has {}",
            Cell::new(row, column),
            cells[row * 9 + column]
        )),
        Err(VerifyError::Incomplete { row, column }) => {
            let left = cells.iter().filter(|&&cell| cell == '.').count();
            Err(format!(
                "a blank left: {} (and {} in all)",
                Cell::new(row, column),
                sudoku_core::counted(left, "blank")
            ))
        }
        Err(VerifyError::Conflict(conflict)) => Err(format!("a rule broken: {conflict}")),
    }
}

impl Failure {
    pub fn print(
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
                own_output: _,
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
                    Stop::TimeLimit { cpu, .. } => {
                        output.line("Time Limit Exceeded")?;
                        output.line(&format!(
                            "  {}: still running after {:.2} s (the limit is {:.2} s a case, --time-limit); stopped",
                            place(case),
                            cpu.as_secs_f64(),
                            limit.as_secs_f64()
                        ))?;
                    }
                    Stop::MemoryLimit { limit, .. } => {
                        output.line("Memory Limit Exceeded")?;
                        output.line(&format!(
                            "  {}: the program used more than {} MiB (--memory-limit); stopped",
                            place(case),
                            limit >> 20
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
                    // The judge's own failures, handled before a verdict.
                    Stop::Judge(_) | Stop::Interrupted(_) => {}
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
pub fn indent(text: &str) -> String {
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
