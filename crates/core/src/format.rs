//! The three text formats: `line`, `grid` and `leetcode`.
//!
//! - `line`: 81 characters, row-major; a blank is `.`, `0`, `_` or `-`. Anything
//!   after the 81st cell that is separated by whitespace or a comma is ignored,
//!   so `puzzle,solution` CSV files and rated lists read as puzzles.
//! - `grid`: 9 rows of 9 cells; a blank is `.`, `0` or `_`; spaces and the
//!   separators `|`, `-` and `+` are ignored, so the grid we print reads back.
//! - `leetcode`: the JSON array of 9 arrays of 9 one-character strings.

use std::fmt;
use std::str::FromStr;

use crate::board::{digit_char, Board};
use crate::error::ParseError;

/// A text format for boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// 81 characters on one line.
    Line,
    /// 9 rows of 9 cells, optionally with `|`, `-` and `+` separators.
    Grid,
    /// LeetCode's JSON array of arrays of one-character strings.
    Leetcode,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 3] = [Format::Line, Format::Grid, Format::Leetcode];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Leetcode => "leetcode",
        }
    }

    /// Writes `board` in this format, ending with a newline.
    pub fn write(self, board: &Board) -> String {
        match self {
            Format::Line => {
                let mut line = board.to_line();
                line.push('\n');
                line
            }
            Format::Grid => write_grid(board),
            Format::Leetcode => write_leetcode_json(board) + "\n",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// The name is not one of `line`, `grid`, `leetcode`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {0:?}: expected line, grid or leetcode")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| UnknownFormat(name.to_string()))
    }
}

/// Parses one `line` record: the first field (up to whitespace or a comma)
/// must be 81 cells; what follows it is ignored.
///
/// # Errors
/// [`ParseError::BadCharacter`] with the position of the first character that is
/// not a digit or blank, or [`ParseError::WrongLength`].
///
/// ```
/// use sudoku_core::format::parse_line;
///
/// let csv = format!("{}{}", "_".repeat(81), ",ignored");
/// assert_eq!(parse_line(&csv).unwrap().givens(), 0);
/// assert_eq!(parse_line("123").unwrap_err().to_string(), "expected 81 cells, found 3");
/// ```
pub fn parse_line(line: &str) -> Result<Board, ParseError> {
    let field = first_field(line);
    let mut cells = [0u8; 81];
    let mut count = 0;
    for (index, found) in field.chars().enumerate() {
        let value = line_cell(found).ok_or(ParseError::BadCharacter {
            position: index + 1,
            found,
        })?;
        if let Some(cell) = cells.get_mut(index) {
            *cell = value;
        }
        count += 1;
    }
    if count != 81 {
        let ended_by = line[field.len()..]
            .chars()
            .next()
            .map(|character| (count + 1, character));
        return Err(ParseError::WrongLength {
            found: count,
            ended_by,
        });
    }
    Ok(Board::from_checked_cells(cells))
}

/// The common case of [`parse_line`] in one pass over the bytes: exactly 81
/// digits and blanks, then the end of the line, whitespace or a comma. `None`
/// for anything else, which the full parser then reads (and explains).
pub(crate) fn parse_plain_line(line: &str) -> Option<Board> {
    let bytes = line.as_bytes();
    if bytes.get(81).is_some_and(|&after| !ends_ascii_field(after)) {
        return None;
    }
    let bytes: &[u8; 81] = bytes.get(..81)?.try_into().ok()?;
    let mut cells = [0u8; 81];
    // Comparisons and arithmetic only, and one test at the end instead of
    // a test per byte: no table and no branch. So the compiler runs the
    // loop on vectors: with the SSE2 of every x86-64, 80 bytes 16 at a time
    // and the last alone. A table lookup per byte would keep it to one byte
    // at a time.
    let mut refused = 0;
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        let (value, not_a_cell) = plain_cell(byte);
        refused |= not_a_cell;
        *cell = value;
    }
    (refused == 0).then(|| Board::from_checked_cells(cells))
}

/// [`line_cell`] of one byte, without a branch: `(value, 0)` for a digit
/// or a blank (whose value is 0), `(0, 1)` for a byte that is not a cell.
fn plain_cell(byte: u8) -> (u8, u8) {
    // `0` is a digit here: its value, 0, is a blank's.
    let digit = byte.wrapping_sub(b'0');
    let is_digit = u8::from(digit <= 9);
    let is_blank = LINE_BLANKS.iter().fold(0, |blank, &found| {
        blank | u8::from(u32::from(byte) == u32::from(found))
    });
    (digit * is_digit, 1 ^ (is_digit | is_blank))
}

/// What a `line` record may write for an empty cell.
const LINE_BLANKS: [char; 4] = ['.', '0', '_', '-'];

/// The value of one cell of a `line` record: a digit, or 0 for a blank.
fn line_cell(found: char) -> Option<u8> {
    digit(found).or(LINE_BLANKS.contains(&found).then_some(0))
}

/// The digit `found` stands for, if it is `1` to `9`: every format writes
/// givens so, and they differ only in their blanks.
pub(crate) fn digit(found: char) -> Option<u8> {
    found
        .to_digit(10)
        .filter(|&value| value != 0)
        .map(|value| value as u8)
}

/// True for the ASCII bytes that end a field: whitespace (as
/// `char::is_whitespace` has it) and the comma.
fn ends_ascii_field(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r' | b','
    )
}

/// The text up to the first whitespace or comma.
pub(crate) fn first_field(line: &str) -> &str {
    // Bytes first: puzzle files are ASCII and this runs for every line read.
    // At the first non-ASCII byte, fall back to Unicode's idea of whitespace.
    for (index, &byte) in line.as_bytes().iter().enumerate() {
        if ends_ascii_field(byte) {
            return &line[..index];
        }
        if !byte.is_ascii() {
            let end = line[index..]
                .find(|character: char| character.is_whitespace() || character == ',')
                .map_or(line.len(), |offset| index + offset);
            return &line[..end];
        }
    }
    line
}

/// The cells of one `grid` row, after dropping spaces and separators.
///
/// `row` is the 1-based row number used in errors.
///
/// # Errors
/// [`ParseError::GridBadCharacter`] for a character that is not a digit,
/// blank or separator; its position counts characters from the start of the line.
pub fn parse_grid_row(line: &str, row: usize) -> Result<Vec<u8>, ParseError> {
    let mut cells = Vec::with_capacity(9);
    for (index, found) in line.chars().enumerate() {
        if let Some(value) = digit(found) {
            cells.push(value);
            continue;
        }
        match found {
            '.' | '0' | '_' => cells.push(0),
            '|' | '-' | '+' => {}
            _ if found.is_whitespace() => {}
            _ => {
                return Err(ParseError::GridBadCharacter {
                    row,
                    position: index + 1,
                    found,
                })
            }
        }
    }
    Ok(cells)
}

/// Parses a whole `grid` record (9 rows; separator lines may stand between them).
///
/// # Errors
/// The first row with a bad character or a wrong number of cells, or a wrong number of rows.
///
/// ```
/// use sudoku_core::{format::parse_grid, Board};
///
/// let board = Board::EMPTY;
/// assert_eq!(parse_grid(&board.to_grid()).unwrap(), board);
/// ```
pub fn parse_grid(text: &str) -> Result<Board, ParseError> {
    let mut cells = [0u8; 81];
    let mut rows = 0;
    for line in text.lines() {
        if is_grid_separator(line) || line.trim().is_empty() {
            continue;
        }
        let row = parse_grid_row(line, rows + 1)?;
        if row.len() != 9 {
            return Err(ParseError::GridRowLength {
                row: rows + 1,
                found: row.len(),
            });
        }
        if rows < 9 {
            cells[rows * 9..rows * 9 + 9].copy_from_slice(&row);
        }
        rows += 1;
    }
    if rows != 9 {
        return Err(ParseError::GridRows { found: rows });
    }
    Ok(Board::from_checked_cells(cells))
}

/// True for a line made only of `-`, `+`, `|` and spaces, with at least one `-` or `+`.
pub(crate) fn is_grid_separator(line: &str) -> bool {
    line.chars()
        .all(|character| matches!(character, '-' | '+' | '|') || character.is_whitespace())
        && line.contains(['-', '+'])
}

/// Parses one `leetcode` record: `[["5","3",".",...], ...]`.
///
/// # Errors
/// [`ParseError::Json`] when it is not an array of arrays of strings, else the
/// shape or cell that is wrong.
pub fn parse_leetcode_json(text: &str) -> Result<Board, ParseError> {
    let rows: Vec<Vec<String>> = serde_json::from_str(text).map_err(|error| {
        // serde_json ends its message with where the error is, as a line and
        // a byte column; keep the line, and count the column in characters.
        let (line, byte_column) = (error.line(), error.column());
        let message = error.to_string();
        let position = format!(" at line {line} column {byte_column}");
        let message = message.strip_suffix(&position).unwrap_or(&message);
        let column = text
            .split('\n')
            .nth(line.saturating_sub(1))
            .map_or(byte_column, |on| {
                on.char_indices()
                    .take_while(|&(index, _)| index < byte_column)
                    .count()
            });
        ParseError::Json {
            message: message.to_string(),
            line,
            column,
        }
    })?;
    Board::from_leetcode_cells(&rows, |string: &String| {
        let mut chars = string.chars();
        match (chars.next(), chars.next()) {
            (Some(found), None) => Some(found),
            _ => None,
        }
    })
}

/// The box-separated grid, as `find-empty-cell`'s article prints it, with a newline after each line.
pub(crate) fn write_grid(board: &Board) -> String {
    let mut text = String::with_capacity(11 * 22);
    for (row, cells) in board.cells().chunks(9).enumerate() {
        if row == 3 || row == 6 {
            text.push_str("------+-------+------\n");
        }
        for (column, &digit) in cells.iter().enumerate() {
            if column > 0 {
                text.push_str(if column % 3 == 0 { " | " } else { " " });
            }
            text.push(digit_char(digit));
        }
        text.push('\n');
    }
    text
}

/// The LeetCode JSON array on one line, without a newline: what
/// `serde_json` writes for the board's rows of one-character strings.
pub(crate) fn write_leetcode_json(board: &Board) -> String {
    let rows: Vec<Vec<String>> = board
        .to_leetcode()
        .iter()
        .map(|row| row.iter().map(char::to_string).collect())
        .collect();
    serde_json::to_string(&rows).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    use crate::test_puzzles::EXAMPLE;

    #[test]
    fn the_one_pass_line_parser_agrees_with_the_full_one_or_declines() {
        let long = format!("{EXAMPLE}1");
        let short = &EXAMPLE[..80];
        let with_bar = format!("{}|{}", &EXAMPLE[..40], &EXAMPLE[41..]);
        let inputs = [
            EXAMPLE.to_string(),
            format!("{EXAMPLE},534678912"),
            format!("{EXAMPLE}\tname"),
            format!("{EXAMPLE}\u{2003}wide space"),
            EXAMPLE.replace('.', "0"),
            "-".repeat(81),
            long,
            short.to_string(),
            with_bar,
            format!("{}x{}", &EXAMPLE[..10], &EXAMPLE[11..]),
            format!("{}é{}", &EXAMPLE[..10], &EXAMPLE[12..]),
        ];
        let mut declined = 0;
        for input in &inputs {
            match parse_plain_line(input) {
                Some(board) => assert_eq!(Ok(board), parse_line(input), "{input}"),
                None => declined += 1,
            }
        }
        // The wide space, the long, short, barred and bad-character lines.
        assert_eq!(declined, 6);
        assert_eq!(first_field("1 2"), "1");
        assert_eq!(first_field("12\u{2003}3"), "12");
        assert_eq!(first_field("1é2,3"), "1é2");
    }

    #[test]
    fn the_one_pass_parser_reads_every_byte_as_the_full_parser_does() {
        for byte in 0..=u8::MAX {
            let expected = line_cell(char::from(byte));
            let (value, not_a_cell) = plain_cell(byte);
            let read = (not_a_cell == 0).then_some(value);
            assert_eq!(read, expected, "byte {byte}");
            // And the whole line agrees, with that byte in its middle cell.
            let line = format!("{}{}{}", &EXAMPLE[..40], char::from(byte), &EXAMPLE[41..]);
            if let Some(board) = parse_plain_line(&line) {
                assert_eq!(Ok(board), parse_line(&line), "byte {byte}");
            } else {
                assert_eq!(expected, None, "byte {byte}");
            }
        }
    }

    #[test]
    fn line_accepts_every_blank_and_ignores_trailing_fields() {
        let dotted: Board = EXAMPLE.parse().unwrap();
        for blank in ["0", "_", "-"] {
            let line = EXAMPLE.replace('.', blank);
            assert_eq!(parse_line(&line).unwrap(), dotted);
        }
        assert_eq!(parse_line(&format!("{EXAMPLE},{EXAMPLE}")).unwrap(), dotted);
        assert_eq!(
            parse_line(&format!("{EXAMPLE}\t3.4 rated")).unwrap(),
            dotted
        );
    }

    #[test]
    fn line_names_the_bad_column_and_the_length() {
        let mut bad = EXAMPLE.to_string();
        bad.replace_range(40..41, "x");
        assert_eq!(
            parse_line(&bad).unwrap_err(),
            ParseError::BadCharacter {
                position: 41,
                found: 'x'
            }
        );
        assert_eq!(
            parse_line(&EXAMPLE[..80]).unwrap_err(),
            ParseError::WrongLength {
                found: 80,
                ended_by: None
            }
        );
        assert_eq!(
            parse_line(&format!("{EXAMPLE}1")).unwrap_err(),
            ParseError::WrongLength {
                found: 82,
                ended_by: None
            }
        );
        // A stray space: the error says where the puzzle was cut.
        let split = format!("{} {}", &EXAMPLE[..5], &EXAMPLE[5..]);
        assert_eq!(
            parse_line(&split).unwrap_err().to_string(),
            "expected 81 cells, found 5 (the puzzle ends at a space in column 6)"
        );
    }

    #[test]
    fn grid_we_print_reads_back() {
        let board: Board = EXAMPLE.parse().unwrap();
        let grid = board.to_grid();
        assert_eq!(grid.lines().next().unwrap(), "5 3 . | . 7 . | . . .");
        assert_eq!(grid.lines().nth(3).unwrap(), "------+-------+------");
        assert_eq!(parse_grid(&grid).unwrap(), board);
    }

    #[test]
    fn grid_reports_short_rows_and_missing_rows() {
        assert_eq!(
            parse_grid("123456789\n12345678\n").unwrap_err(),
            ParseError::GridRowLength { row: 2, found: 8 }
        );
        assert_eq!(
            parse_grid("123456789\n").unwrap_err(),
            ParseError::GridRows { found: 1 }
        );
        assert_eq!(
            parse_grid("1234x6789\n").unwrap_err(),
            ParseError::GridBadCharacter {
                row: 1,
                position: 5,
                found: 'x'
            }
        );
    }

    #[test]
    fn leetcode_json_round_trips() {
        let board: Board = EXAMPLE.parse().unwrap();
        let json = board.to_leetcode_json();
        assert!(json.starts_with("[[\"5\",\"3\",\".\",\".\",\"7\""));
        assert_eq!(parse_leetcode_json(&json).unwrap(), board);
    }

    #[test]
    fn leetcode_json_names_what_is_wrong() {
        let json = Board::EMPTY
            .to_leetcode_json()
            .replacen("\".\"", "\"55\"", 1);
        assert_eq!(
            parse_leetcode_json(&json).unwrap_err().to_string(),
            "r1c1: \"55\" is not \"1\"-\"9\" or \".\""
        );
        assert!(matches!(
            parse_leetcode_json("[[1,2]]").unwrap_err(),
            ParseError::Json { .. }
        ));
        assert_eq!(
            parse_leetcode_json("[]").unwrap_err(),
            ParseError::LeetcodeRows { found: 0 }
        );
    }

    #[test]
    fn formats_parse_from_their_names() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>().unwrap(), format);
        }
        assert_eq!(
            "csv".parse::<Format>().unwrap_err().to_string(),
            "unknown format \"csv\": expected line, grid or leetcode"
        );
    }
}
