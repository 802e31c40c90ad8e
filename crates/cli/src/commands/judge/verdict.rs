//! The verdicts that are not Accepted: whether an answer is the case's
//! solution, and what the judge prints when the run stops before every case
//! was right. As LeetCode shows a failure: how many cases passed, the last
//! executed input (as a line and as LeetCode's JSON, to paste), the
//! program's own stdout, and for a wrong board, the boards side by side.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use sudoku_catalog::screen::classic_placements;
use sudoku_core::corpus::Tier;
use sudoku_core::{grouped, verify, Board, Cell, VerifyError};

use super::cases::Case;
use super::child::{Stop, OUTPUT_LIMIT};
use super::language::Program;
use crate::commands::time_format::shown_time;
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
}

/// Whether `board` (what the program gave back, as 81 characters) is the
/// case's solution, and if not, what kind of wrong it is: not a board at
/// all, else the puzzle given back as it came, else the first given
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
    if answer == case.puzzle && answer != case.solution {
        return Err(format!(
            "your board came back unchanged: {} left, as given",
            sudoku_core::counted(81 - case.puzzle.givens(), "blank")
        ));
    }
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

/// Said under a board that came back unchanged: why that happens.
const UNCHANGED_CAUSES: &str = "  (usually: the board reassigned, as `board = solved`, where its cells must be written into; or a search that finds the solution but does not return true (`True` in Python), and so undoes every placement on its way back)";

/// The most placements counted for the classic's count under a Time Limit
/// Exceeded on the stress tier: the tier's puzzles need from ten to some
/// tens of millions, a second or so of counting.
const PLACEMENTS_COUNTED: u64 = 1_000_000_000;

impl Failure {
    /// Prints the verdict, and settles the run as failed before it does
    /// (see [`Output::settle`]).
    pub fn print(
        self,
        output: &mut Output<impl Write>,
        cases: &[Case],
        program: &Program,
        limit: Duration,
    ) -> io::Result<()> {
        if let Failure::Stopped {
            stop: Stop::Judge(_) | Stop::Interrupted(_),
            ..
        } = self
        {
            // The judge's own failures, handled before a verdict.
            return Ok(());
        }
        output.fail();
        let place = |case: usize| {
            format!(
                "case {} of {}: {} ({})",
                case + 1,
                cases.len(),
                cases[case].name,
                cases[case].group
            )
        };
        let passed = |case: usize| format!("  {case} / {} testcases passed", cases.len());
        match self {
            Failure::Wrong {
                case,
                board,
                reason,
                own_output,
            } => {
                output.line("Wrong Answer")?;
                output.line(&passed(case))?;
                output.line(&format!("  {}", place(case)))?;
                output.line(&format!("  what is wrong: {reason}"))?;
                if board == cases[case].puzzle.to_line() {
                    output.line(UNCHANGED_CAUSES)?;
                }
                output.line(&boards_side_by_side(&cases[case], &board, colour()))?;
                print_input(output, &cases[case])?;
                print_own_output(output, &own_output)?;
                output.line(&format!("  built with {}", program.description()))?;
            }
            Failure::Stopped {
                case,
                stop,
                own_output,
            } => {
                output.line(stop_verdict(&stop))?;
                output.line(&passed(case))?;
                let Some(detail) = stop_detail(&stop, limit) else {
                    return Ok(());
                };
                output.line(&format!("  {}: {detail}", place(case)))?;
                if let Stop::Runtime { stderr, .. } = &stop {
                    if let Some(summary) = super::language::sanitizer_summary(stderr) {
                        output.line(&format!("  {}", program.in_users_names(&summary)))?;
                    }
                }
                if matches!(stop, Stop::TimeLimit { .. }) && cases[case].tier == Some(Tier::Hardest)
                {
                    output.line(&stress_note(&cases[case]))?;
                }
                if let Stop::Runtime { stderr, .. } | Stop::MemoryLimit { stderr, .. } = &stop {
                    if !stderr.trim().is_empty() {
                        output.line("  its stderr (the start):")?;
                        let stderr = program.in_users_names(stderr.trim());
                        output.line(&indent(&printable(&first_lines(&stderr, 30))))?;
                    }
                }
                print_input(output, &cases[case])?;
                print_own_output(output, &own_output)?;
                output.line(&format!("  built with {}", program.description()))?;
            }
        }
        Ok(())
    }
}

/// What stopped the run, after the case's name; none for the judge's own
/// failures, which are not verdicts.
fn stop_detail(stop: &Stop, limit: Duration) -> Option<String> {
    let detail = match stop {
        Stop::TimeLimit {
            cpu,
            wall,
            backstop: false,
        } => format!(
            "still running after {} of processor time ({} on the clock); the limit is {} a case (--time-limit); stopped",
            shown_time(*cpu),
            shown_time(*wall),
            shown_time(limit)
        ),
        Stop::TimeLimit {
            cpu,
            wall,
            backstop: true,
        } => format!(
            "blocked or sleeping: still there after {} on the clock, with {} of processor time used; the limit is {} of processor time a case (--time-limit), and a program that waits is stopped at several times that on the clock; stopped",
            shown_time(*wall),
            shown_time(*cpu),
            shown_time(limit)
        ),
        Stop::MemoryLimit {
            resident: Some(resident),
            limit,
            ..
        } => format!(
            "it had {} of memory when it was stopped, over the limit of {} (--memory-limit)",
            shown_bytes(*resident),
            shown_bytes(*limit)
        ),
        Stop::MemoryLimit {
            resident: None,
            limit,
            ..
        } => format!(
            "an allocation failed: the program asked for more memory than the limit of {} leaves it (--memory-limit), and ended",
            shown_bytes(*limit)
        ),
        Stop::Runtime { ended, .. } => format!("the program {ended}"),
        Stop::OutputLimit => format!(
            "the program printed more than {} KiB of its own; stopped",
            OUTPUT_LIMIT / 1024
        ),
        Stop::Judge(_) | Stop::Interrupted(_) => return None,
    };
    Some(detail)
}

/// The verdict's first line for what stopped the run, in LeetCode's words.
fn stop_verdict(stop: &Stop) -> &'static str {
    match stop {
        Stop::TimeLimit { .. } => "Time Limit Exceeded",
        Stop::MemoryLimit { .. } => "Memory Limit Exceeded",
        Stop::Runtime { .. } => "Runtime Error",
        Stop::OutputLimit => "Output Limit Exceeded",
        // Not verdicts: `Failure::print` prints nothing for them.
        Stop::Judge(_) | Stop::Interrupted(_) => "",
    }
}

/// Under a Time Limit Exceeded on the stress tier: that LeetCode asks
/// less, and how much the case asks of a classic backtracking. Counted
/// here, only for this verdict: the corpus records no more than "over ten
/// million" for the tier, and counting takes about a second.
fn stress_note(case: &Case) -> String {
    let placements = classic_placements(&case.puzzle, PLACEMENTS_COUNTED);
    let count = if placements >= PLACEMENTS_COUNTED {
        format!("over {}", grouped(PLACEMENTS_COUNTED))
    } else {
        grouped(placements)
    };
    format!(
        "  this case is from hardest, a stress tier, far beyond LeetCode's own tests: the classic backtracking (coordinate-recursive) makes {count} placements on it; a case of the hard tier needs at most 1,000,000."
    )
}

/// The last executed input, as LeetCode shows it: as an 81-character line
/// and as LeetCode's JSON, either ready to paste into `sudoku trace` or
/// LeetCode's test case box.
fn print_input(output: &mut Output<impl Write>, case: &Case) -> io::Result<()> {
    output.line("  last executed input (for `sudoku trace`, or LeetCode's test case box):")?;
    output.line(&format!("    {}", case.puzzle.to_line()))?;
    output.line(&format!("    {}", case.puzzle.to_leetcode_json()))
}

/// The start of what the program printed of its own, beside any verdict
/// (nothing when it printed nothing).
pub fn print_own_output(output: &mut Output<impl Write>, own_output: &str) -> io::Result<()> {
    if own_output.trim().is_empty() {
        return Ok(());
    }
    output.line("  your stdout (the start):")?;
    output.line(&indent(&printable(&first_lines(own_output.trim_end(), 10))))
}

/// Memory in MiB, to the MiB: `512 MiB`, `1024 MiB`, `1031 MiB` (a
/// verdict sets what was used beside the limit, so both in one unit).
fn shown_bytes(bytes: u64) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// Whether the side-by-side boards mark differences in colour: on a
/// terminal, unless `NO_COLOR` is set.
fn colour() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// `text` with its control characters (but tabs and line ends) written
/// as escapes (`\u{1b}`), so that a program's output cannot move the
/// cursor, clear the screen or recolour the terminal the verdict is read on.
pub fn printable(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for character in text.chars() {
        // Control characters, and the invisible ones that reorder or hide
        // text on a terminal (bidirectional overrides and isolates,
        // zero-width characters, the byte order mark).
        let invisible = matches!(
            character,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        );
        if (character.is_control() && !matches!(character, '\t' | '\n')) || invisible {
            shown.extend(character.escape_default());
        } else {
            shown.push(character);
        }
    }
    shown
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

/// How many cells that cannot be shown as they are the grid lists by name.
const ESCAPES_LISTED: usize = 9;

/// The input, the expected board and the program's, row by row, with the
/// cells of the program's board that differ marked: red when `colour`,
/// else a `*` after the cell. A cell of the program's that would not show
/// as one plain character (a control character, a space, any character
/// beyond ASCII) is a `?`, listed below with its escape as the reason
/// writes it (`'\n'`), so the columns stay aligned.
fn boards_side_by_side(case: &Case, board: &str, colour: bool) -> String {
    let input: Vec<char> = case.puzzle.to_line().chars().collect();
    let expected: Vec<char> = case.solution.to_line().chars().collect();
    // A cell the program did not give back (a board too short) is blank.
    let mut escapes = Vec::new();
    let yours: Vec<char> = board
        .chars()
        .map(Some)
        .chain(std::iter::repeat(None))
        .take(81)
        .enumerate()
        .map(|(index, cell)| match cell {
            None => ' ',
            Some(cell) if cell.is_ascii_graphic() => cell,
            Some(cell) => {
                escapes.push(format!("{} is {cell:?}", Cell::new(index / 9, index % 9)));
                '?'
            }
        })
        .collect();
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
    // A row is 22 characters wide; three side by side, three spaces apart.
    let mut text = format!("  {:<25}{:<25}{}\n", "input", "expected", "your output");
    for row in 0..9 {
        if row == 3 || row == 6 {
            let line = "------+-------+-------";
            let _ = writeln!(text, "  {line}   {line}   {line}");
        }
        let line = format!(
            "  {}   {}   {}",
            row_of(&input, row, None),
            row_of(&expected, row, None),
            row_of(&yours, row, Some(&expected))
        );
        let _ = writeln!(text, "{}", line.trim_end());
    }
    if !colour {
        text.push_str("  (* marks the cells of your output that differ from the expected board)\n");
    }
    if !escapes.is_empty() {
        let more = escapes.len().saturating_sub(ESCAPES_LISTED);
        escapes.truncate(ESCAPES_LISTED);
        let _ = write!(
            text,
            "  (? is a cell of yours that cannot be shown as it is: {}",
            escapes.join(", ")
        );
        if more > 0 {
            let _ = write!(text, ", and {more} more");
        }
        text.push_str(")\n");
    }
    text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::corpus::leetcode_example;

    /// LeetCode's example, whose one solution LeetCode publishes.
    fn example() -> Case {
        let (puzzle, solution) = leetcode_example();
        Case {
            name: "leetcode-37-example".to_string(),
            group: "example".to_string(),
            tier: Some(Tier::Examples),
            puzzle,
            solution,
        }
    }

    /// The example's solution with the cell at `index` changed to `cell`.
    fn solution_with(index: usize, cell: char) -> String {
        let mut cells: Vec<char> = example().solution.to_line().chars().collect();
        cells[index] = cell;
        cells.into_iter().collect()
    }

    #[test]
    fn the_one_solution_is_right() {
        let case = example();
        assert_eq!(check(&case, &case.solution.to_line()), Ok(()));
    }

    #[test]
    fn each_kind_of_wrong_board_is_named() {
        let case = example();
        // The example's first row is 53..7.... and its solution's 534678912.
        assert_eq!(
            check(&case, &solution_with(0, '4')),
            Err("a given changed: r1c1 was 5, your board has 4".to_string())
        );
        // r9c1 is not a given either; its solution is 3.
        assert_eq!(
            check(&case, &solution_with(72, '.')),
            Err("a blank left: r9c1 (and 1 blank in all)".to_string())
        );
        // r1c3 is not a given; a 1 there is a second 1 in row 1.
        let broken = check(&case, &solution_with(2, '1')).unwrap_err();
        assert!(broken.starts_with("a rule broken: "), "{broken}");
        assert!(broken.contains("two 1s"), "{broken}");
        assert_eq!(
            check(&case, &solution_with(80, '\n')),
            Err("not a board: '\\n' is not a digit or '.'".to_string())
        );
        assert_eq!(
            check(&case, &case.solution.to_line()[..80]),
            Err("not a board: 80 cells where there should be 81".to_string())
        );
    }

    #[test]
    fn a_valid_grid_that_is_not_the_one_solution_is_wrong() {
        // The solution with its 1s and 2s swapped is a valid grid too; on
        // an empty puzzle it changes no given.
        let case = Case {
            puzzle: Board::EMPTY,
            ..example()
        };
        let swapped: String = case
            .solution
            .to_line()
            .chars()
            .map(|cell| match cell {
                '1' => '2',
                '2' => '1',
                other => other,
            })
            .collect();
        assert_eq!(
            check(&case, &swapped),
            Err("a different grid: valid, but not this puzzle's one solution".to_string())
        );
    }

    #[test]
    fn a_board_given_back_as_it_came_is_named_so() {
        let case = example();
        // The example has 30 givens.
        assert_eq!(
            check(&case, &case.puzzle.to_line()),
            Err("your board came back unchanged: 51 blanks left, as given".to_string())
        );
    }

    #[test]
    fn the_boards_stand_side_by_side_with_the_wrong_cells_marked() {
        let case = example();
        let text = boards_side_by_side(&case, &solution_with(2, '1'), false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "  input                    expected                 your output"
        );
        assert_eq!(
            lines[1],
            "  5 3 . | . 7 . | . . .    5 3 4 | 6 7 8 | 9 1 2    5 3 1*| 6 7 8 | 9 1 2"
        );
        assert_eq!(
            lines[4],
            "  ------+-------+-------   ------+-------+-------   ------+-------+-------"
        );
        assert_eq!(lines.len(), 13, "{text}");
        assert_eq!(
            lines[12],
            "  (* marks the cells of your output that differ from the expected board)"
        );
        assert_eq!(
            text.matches('*').count(),
            2,
            "one cell marked, and the note"
        );
    }

    #[test]
    fn in_colour_a_wrong_cell_is_red_and_there_is_no_star() {
        let case = example();
        let text = boards_side_by_side(&case, &solution_with(2, '1'), true);
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .ends_with("5 3 \x1b[1;31m1\x1b[0m | 6 7 8 | 9 1 2"),
            "{text}"
        );
        assert!(!text.contains('*'), "{text}");
    }

    #[test]
    fn a_cell_that_cannot_be_shown_is_a_question_mark_named_below() {
        let case = example();
        // r2c2 (index 10) a line end, r9c9 a zero-width space: the grid's
        // rows keep their width, and the escapes are the reason's.
        let mut cells: Vec<char> = case.solution.to_line().chars().collect();
        cells[10] = '\n';
        cells[80] = '\u{200b}';
        let board: String = cells.into_iter().collect();
        let text = boards_side_by_side(&case, &board, false);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[2].ends_with("6 ?*2 | 1 9 5 | 3 4 8"), "{text}");
        let bars = |line: &str| -> Vec<usize> {
            line.chars()
                .enumerate()
                .filter(|&(_, character)| character == '|')
                .map(|(column, _)| column)
                .collect()
        };
        let rows: Vec<&str> = lines[1..12]
            .iter()
            .copied()
            .filter(|line| line.contains('|'))
            .collect();
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(|row| bars(row) == bars(rows[0])), "{text}");
        assert_eq!(
            lines.last().copied(),
            Some("  (? is a cell of yours that cannot be shown as it is: r2c2 is '\\n', r9c9 is '\\u{200b}')")
        );
        assert!(check(&case, &board).unwrap_err().contains("'\\n'"));
    }

    #[test]
    fn a_short_board_leaves_its_missing_cells_blank() {
        let case = example();
        let text = boards_side_by_side(&case, &case.solution.to_line()[..79], false);
        assert!(
            text.lines()
                .nth(11)
                .unwrap()
                .ends_with("3 4 5 | 2 8 6 | 1  * *"),
            "{text}"
        );
    }

    #[test]
    fn memory_is_shown_in_mib_or_gib() {
        assert_eq!(shown_bytes(1 << 30), "1024 MiB");
        assert_eq!(shown_bytes(512 << 20), "512 MiB");
        // Over the limit by a little is over it, shown so.
        assert_eq!(shown_bytes((1 << 30) + 1), "1025 MiB");
    }

    #[test]
    fn control_characters_of_a_programs_output_are_escaped() {
        assert_eq!(printable("a\tb\nc"), "a\tb\nc");
        assert_eq!(printable("\x1b[2Jx\r"), "\\u{1b}[2Jx\\r");
    }

    /// The corpus records only "over ten million" placements for the
    /// stress tier; the note counts them.
    #[test]
    fn a_time_limit_on_the_stress_tier_gives_the_classic_placements() {
        let entry = Tier::Hardest
            .puzzles()
            .into_iter()
            .find(|entry| entry.name == "hardest-seed-5749")
            .unwrap();
        let case = Case {
            name: entry.name,
            group: "hardest".to_string(),
            tier: Some(Tier::Hardest),
            puzzle: entry.puzzle,
            solution: entry.solution.unwrap(),
        };
        let note = stress_note(&case);
        assert!(note.contains("far beyond LeetCode's own tests"), "{note}");
        let count: u64 = note
            .split(" placements on it")
            .next()
            .and_then(|start| start.rsplit(' ').next())
            .map(|count| count.replace(',', ""))
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("no count in {note}"));
        assert!(count > 10_000_000 && count < PLACEMENTS_COUNTED, "{note}");
    }
}
