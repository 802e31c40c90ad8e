//! A streaming reader of boards from any [`BufRead`], in any of the three formats.
//!
//! Blank lines and lines starting with `#` are skipped; LF, CRLF and lone CR
//! line ends and a UTF-8 byte-order mark are accepted. A line longer than
//! [`MAX_LINE_BYTES`] is skipped, not stored, and becomes an error for its
//! record, so memory is bounded by the longest accepted line, but for a run
//! of grid separator lines, which a grid record still gathers without bound
//! (issue 31).
//!
//! A record that spans lines (a grid, or LeetCode JSON spread over several
//! lines) ends where the next record clearly begins: a blank line, a comment,
//! an 81-cell line, or a new `[[`. However broken a record is (a bad byte or
//! an over-long line inside it, a missing bracket), it is one error, and the
//! records after it are read as if it had been fine.

use std::borrow::Cow;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::board::Board;
use crate::error::{ParseError, RecordError};
use crate::format::{
    first_field, is_grid_separator, parse_grid, parse_grid_row, parse_leetcode_json, parse_line,
    parse_plain_line, Format,
};

// The physical lines (their ends, the byte-order mark, the length limit) are
// `line`'s; this module frames them into records.
mod line;

use line::Lines;
pub use line::MAX_LINE_BYTES;

/// The longest `leetcode` record (which may span lines) the reader keeps.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// One board read from the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The 1-based line the record starts on.
    pub line: usize,
    /// The format it was read in.
    pub format: Format,
    /// The board.
    pub board: Board,
}

/// What went wrong while reading.
#[derive(Debug, Error)]
pub enum ReadError {
    /// One record could not be read; the reader goes on with the next.
    #[error("line {line}: {error}")]
    Record {
        /// The 1-based line where the problem is.
        line: usize,
        /// What is wrong with it.
        error: RecordError,
    },
    /// The input itself failed; the reader stops.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// An iterator over the records of a [`BufRead`], each with its line number.
///
/// ```
/// use sudoku_core::{Format, Records};
///
/// let input = "# two puzzles\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\r\n\
///     \n\
///     not a puzzle at all\n";
/// let records: Vec<_> = Records::new(input.as_bytes()).collect();
/// let first = records[0].as_ref().unwrap();
/// assert_eq!((first.line, first.format), (2, Format::Line));
/// assert_eq!(
///     records[1].as_ref().unwrap_err().to_string(),
///     "line 4: column 1: 'n' is not a digit or a blank (. 0 _ -)"
/// );
/// ```
pub struct Records<R> {
    lines: Lines<R>,
    format: Option<Format>,
    /// A line read, and found to begin the next record, kept for it.
    pending: Option<RawLine>,
    stopped: bool,
}

/// One physical line: its number and its text, or why the text was not kept.
struct RawLine {
    number: usize,
    text: Result<String, RecordError>,
}

/// A line read inside a multi-line record: part of it, or where the next record begins.
enum Next {
    Part(RawLine),
    End,
}

impl<R: BufRead> Records<R> {
    /// Reads records, detecting the format of each from its first line.
    pub fn new(reader: R) -> Self {
        Records {
            lines: Lines::new(reader),
            format: None,
            pending: None,
            stopped: false,
        }
    }

    /// Reads every record in `format` instead of detecting it (`None` detects).
    #[must_use]
    pub fn with_format(mut self, format: Option<Format>) -> Self {
        self.format = format;
        self
    }

    /// How many lines the records returned so far took up, with the blank
    /// and comment lines among them: the next record starts after this line.
    pub fn lines_consumed(&self) -> usize {
        self.lines.number() - usize::from(self.pending.is_some())
    }

    /// The next physical line, without its line end (LF, CRLF or a lone
    /// CR), as a line of its own: the one kept back in `pending`, else the
    /// next [`Lines::next_line`] reads; `None` at the end of input. Every
    /// byte of the line, kept or not, goes through `scanner` when one is
    /// given.
    fn read_raw_line(
        &mut self,
        mut scanner: Option<&mut BracketScanner>,
    ) -> io::Result<Option<RawLine>> {
        if let Some(line) = self.pending.take() {
            if let (Some(scanner), Ok(text)) = (scanner, &line.text) {
                scanner.scan(text.as_bytes());
            }
            return Ok(Some(line));
        }
        let observe = |bytes: &[u8]| {
            if let Some(scanner) = scanner.as_deref_mut() {
                scanner.scan(bytes);
            }
        };
        let Some((number, kept)) = self.lines.next_line(observe)? else {
            return Ok(None);
        };
        Ok(Some(RawLine {
            number,
            text: kept.map(str::to_string),
        }))
    }

    /// The next line of a multi-line record, or [`Next::End`] when the input
    /// ends or the line begins another record (which is kept for later).
    /// `continues` says whether a readable line belongs to the record; a
    /// line that could not be read (a bad byte, too long) always does, so
    /// that a broken record is one error.
    fn next_part(
        &mut self,
        scanner: Option<&mut BracketScanner>,
        continues: impl Fn(&str) -> bool,
    ) -> io::Result<Next> {
        let Some(raw) = self.read_raw_line(scanner)? else {
            return Ok(Next::End);
        };
        match &raw.text {
            Ok(text) if !continues(text) => {
                self.pending = Some(raw);
                Ok(Next::End)
            }
            _ => Ok(Next::Part(raw)),
        }
    }

    /// The next record, or `None` at the end of input. A record that cannot
    /// be read is a [`ReadError::Record`]; an input that fails, a
    /// [`ReadError::Io`].
    fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        let forced = self.format;
        loop {
            // The line that begins the next record: one a record before it
            // kept back, or else the next of the input, looked at where it
            // lies in the line buffer. Nearly every record of a puzzle file
            // is a plain line, read in one pass and never copied.
            let (number, text) = if let Some(raw) = self.pending.take() {
                let text = raw.text.map_err(|error| record_error(raw.number, error))?;
                (raw.number, Cow::Owned(text))
            } else {
                let Some((number, kept)) = self.lines.next_line(|_| {})? else {
                    return Ok(None);
                };
                let text = kept.map_err(|error| record_error(number, error))?;
                (number, Cow::Borrowed(text))
            };
            let trimmed = text.trim();
            if is_empty_or_comment(trimmed) {
                continue;
            }
            if matches!(forced, None | Some(Format::Line)) {
                if let Some(board) = parse_plain_line(trimmed) {
                    return Ok(Some(Record {
                        line: number,
                        format: Format::Line,
                        board,
                    }));
                }
            }
            // Any other record may read more lines, so it takes its own copy.
            let text = text.into_owned();
            let trimmed = text.trim();
            let format = forced.unwrap_or_else(|| detect(trimmed));
            let board = match format {
                Format::Line => {
                    // Positions count from the start of the line as written.
                    let leading = text[..text.len() - text.trim_start().len()].chars().count();
                    parse_line(trimmed)
                        .map_err(|error| record_error(number, error.shifted(leading)))?
                }
                Format::Grid => self.read_grid(number, text)?,
                Format::Leetcode => self.read_leetcode(number, &text)?,
            };
            return Ok(Some(Record {
                line: number,
                format,
                board,
            }));
        }
    }

    /// Reads a grid that starts with `first`: up to 9 rows, with separator
    /// lines between them, ending early where another record begins.
    fn read_grid(&mut self, first_number: usize, first: String) -> Result<Board, ReadError> {
        // Gather the record's lines here; `parse_grid` then reads them, and a
        // row it complains about is mapped back to the line it came from.
        let mut text = String::new();
        let mut row_lines: Vec<usize> = Vec::with_capacity(9);
        let mut unreadable: Option<ReadError> = None;
        let mut line = RawLine {
            number: first_number,
            text: Ok(first),
        };
        let forced = self.format.is_some();
        loop {
            match line.text {
                Ok(row) => {
                    if !is_grid_separator(&row) {
                        row_lines.push(line.number);
                    }
                    text.push_str(&row);
                    text.push('\n');
                }
                Err(error) => {
                    row_lines.push(line.number);
                    unreadable.get_or_insert(record_error(line.number, error));
                }
            }
            if row_lines.len() == 9 {
                break;
            }
            match self.next_part(None, |next| {
                !is_blank_or_comment(next) && (forced || continues_grid(next.trim()))
            })? {
                Next::Part(next) => line = next,
                Next::End => break,
            }
        }
        if let Some(unreadable) = unreadable {
            return Err(unreadable);
        }
        parse_grid(&text).map_err(|error| {
            let row = match error {
                ParseError::GridBadCharacter { row, .. }
                | ParseError::GridRowLength { row, .. } => row,
                _ => 0,
            };
            let number = row.checked_sub(1).and_then(|index| row_lines.get(index));
            record_error(number.copied().unwrap_or(first_number), error)
        })
    }

    /// Reads a `leetcode` record that starts with `first`, over as many lines
    /// as it takes for its brackets to close, or until another record begins.
    fn read_leetcode(&mut self, first_number: usize, first: &str) -> Result<Board, ReadError> {
        if !first.trim_start().starts_with('[') {
            // Not JSON at all: report it on this line rather than read on for a bracket.
            return parse_leetcode_json(first).map_err(|error| record_error(first_number, error));
        }
        let mut text = String::new();
        let mut scanner = BracketScanner::default();
        scanner.scan(first.as_bytes());
        let mut too_long = false;
        let mut unreadable: Option<ReadError> = None;
        let mut line = first.to_string();
        loop {
            if !too_long {
                if text.len() + line.len() + 1 > MAX_RECORD_BYTES {
                    too_long = true;
                    text = String::new();
                } else {
                    text.push_str(&line);
                    text.push('\n');
                }
            }
            if scanner.closed() {
                break;
            }
            // The scanner sees every line, also one that turns out to begin
            // another record; the record then ends unterminated, and the
            // scanner with it.
            match self.next_part(Some(&mut scanner), |next| !begins_record(next))? {
                Next::Part(RawLine { text: Ok(next), .. }) => line = next,
                Next::Part(RawLine {
                    number,
                    text: Err(error),
                }) => {
                    unreadable.get_or_insert(record_error(number, error));
                    line.clear();
                }
                Next::End => {
                    return Err(unreadable
                        .unwrap_or(record_error(first_number, ParseError::UnterminatedJson)));
                }
            }
        }
        if let Some(unreadable) = unreadable {
            return Err(unreadable);
        }
        if too_long {
            return Err(record_error(
                first_number,
                RecordError::RecordTooLong {
                    limit: MAX_RECORD_BYTES,
                },
            ));
        }
        parse_leetcode_json(&text).map_err(|error| record_error(first_number, error))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        match self.next_record() {
            Ok(record) => record.map(Ok),
            Err(error) => {
                // An input that fails stops the reader; a bad record does not.
                self.stopped = matches!(error, ReadError::Io(_));
                Some(Err(error))
            }
        }
    }
}

fn record_error(line: usize, error: impl Into<RecordError>) -> ReadError {
    ReadError::Record {
        line,
        error: error.into(),
    }
}

/// True for a line with nothing on it but whitespace, or a `#` comment.
pub(crate) fn is_blank_or_comment(line: &str) -> bool {
    is_empty_or_comment(line.trim())
}

/// [`is_blank_or_comment`] for a line already trimmed.
fn is_empty_or_comment(trimmed: &str) -> bool {
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// True for a line that clearly starts a record of its own, and so ends a
/// LeetCode board still waiting for its closing bracket: a blank line, a
/// comment, an 81-cell line, or the `[[` of another board.
fn begins_record(line: &str) -> bool {
    let trimmed = line.trim();
    is_blank_or_comment(trimmed) || trimmed.starts_with("[[") || parse_plain_line(trimmed).is_some()
}

/// Guesses the format of a record from its first (trimmed, non-blank) line:
/// JSON from its bracket; a grid only from a line that looks like a grid's
/// (a separator, or a row of exactly nine cells); anything else, garbage
/// included, is a `line` record, whose errors say what is wrong with it.
fn detect(line: &str) -> Format {
    if line.starts_with('[') {
        return Format::Leetcode;
    }
    let nine_cells = parse_grid_row(line, 1).is_ok_and(|cells| cells.len() == 9);
    if is_grid_separator(line) || nine_cells {
        Format::Grid
    } else {
        Format::Line
    }
}

/// True when `line` can be the next line of a grid: a separator, or a row of
/// at most 9 cells before its first space (a wrong row is reported, not
/// split off). An 81-cell line or a `[` begins a record of its own.
fn continues_grid(line: &str) -> bool {
    !line.starts_with('[') && (is_grid_separator(line) || grid_field_cells(line) <= 9)
}

/// Characters in the first field of `line`, not counting `|` and `+`.
fn grid_field_cells(line: &str) -> usize {
    first_field(line)
        .chars()
        .filter(|character| !matches!(character, '|' | '+'))
        .count()
}

/// Follows JSON brackets, outside strings, to see where a `leetcode` record
/// ends. It reads bytes: the characters it looks for are ASCII, and no byte
/// of a multi-byte UTF-8 character is, so a line that is not valid UTF-8 or
/// too long to keep is followed all the same.
#[derive(Default)]
struct BracketScanner {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl BracketScanner {
    fn scan(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if self.in_string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                b']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
    }

    fn closed(&self) -> bool {
        self.opened && self.depth == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    use crate::test_puzzles::EXAMPLE;

    /// Each record as `Ok((line, format))` or `Err(message)`.
    pub(super) fn summary(
        input: &[u8],
        format: Option<Format>,
    ) -> Vec<Result<(usize, Format), String>> {
        Records::new(input)
            .with_format(format)
            .map(|record| {
                record
                    .map(|record| (record.line, record.format))
                    .map_err(|error| error.to_string())
            })
            .collect()
    }

    pub(super) fn example() -> Board {
        EXAMPLE.parse().unwrap()
    }

    #[test]
    fn detects_each_format_in_one_stream() {
        let board = example();
        let input = format!(
            "{EXAMPLE}\n{}\n{}\n# done\n",
            board.to_grid(),
            board.to_leetcode_json()
        );
        let records: Vec<Record> = Records::new(input.as_bytes()).map(Result::unwrap).collect();
        let formats: Vec<(usize, Format)> = records.iter().map(|r| (r.line, r.format)).collect();
        assert_eq!(
            formats,
            vec![(1, Format::Line), (2, Format::Grid), (14, Format::Leetcode)]
        );
        assert!(records.iter().all(|record| record.board == board));
    }

    #[test]
    fn empty_input_and_comments_only_give_no_records() {
        assert!(summary(b"", None).is_empty());
        assert!(summary(b"\n\n# nothing here\n   \n", None).is_empty());
    }

    #[test]
    fn each_bad_record_is_an_error_in_its_place() {
        let input = format!(
            "{EXAMPLE}\n{}\nnot a puzzle\n{EXAMPLE},trailing\n",
            &EXAMPLE[..70]
        );
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![
                Ok((1, Format::Line)),
                Err("line 2: expected 81 cells, found 70".to_string()),
                Err("line 3: column 1: 'n' is not a digit or a blank (. 0 _ -)".to_string()),
                Ok((4, Format::Line)),
            ]
        );
    }

    #[test]
    fn a_short_grid_ends_at_a_blank_line() {
        let grid = example().to_grid();
        let short: Vec<&str> = grid.lines().take(5).collect();
        let input = format!("{}\n\n{EXAMPLE}\n", short.join("\n"));
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![
                Err("line 1: grid has 4 rows, expected 9".to_string()),
                Ok((7, Format::Line)),
            ]
        );
    }

    #[test]
    fn a_bad_grid_row_is_reported_on_its_own_line() {
        let grid = example().to_grid().replacen("4 . .", "4 x .", 1);
        assert_eq!(
            summary(grid.as_bytes(), None),
            vec![Err("line 6: grid row 5, column 3: 'x' is not a digit, a blank (. 0 _) or a separator (| - +)".to_string())]
        );
    }

    #[test]
    fn leetcode_records_may_span_lines() {
        let json = example().to_leetcode_json().replace("],", "],\n  ");
        let input = format!("{json}\n{EXAMPLE}\n");
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![Ok((1, Format::Leetcode)), Ok((10, Format::Line))]
        );
        assert_eq!(
            summary(b"[[\"1\"]", None),
            vec![Err(
                "line 1: LeetCode board is missing its closing bracket".to_string()
            )]
        );
    }

    #[test]
    fn a_forced_format_is_used_for_every_record() {
        let input = format!("{EXAMPLE}\n");
        assert_eq!(
            summary(input.as_bytes(), Some(Format::Leetcode)),
            vec![Err(
                "line 1: not a LeetCode board: invalid number at line 1 column 4".to_string()
            )]
        );
        assert_eq!(
            summary(b"123\n", Some(Format::Line)),
            vec![Err("line 1: expected 81 cells, found 3".to_string())]
        );
    }

    #[test]
    fn eighty_one_dashes_is_an_empty_line_board() {
        let input = "-".repeat(81);
        let records: Vec<Record> = Records::new(input.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(records[0].board, Board::EMPTY);
    }

    /// The LeetCode example as JSON spread over nine lines, one row each.
    pub(super) fn json_over_nine_lines() -> String {
        example().to_leetcode_json().replace("],", "],\n")
    }

    #[test]
    fn an_unterminated_leetcode_board_ends_where_the_next_record_begins() {
        let json = example().to_leetcode_json();
        let unterminated = &json[..json.len() - 1];
        let many = format!("{EXAMPLE}\n").repeat(1_000);
        let input = format!("{unterminated}\n{many}");
        let records = summary(input.as_bytes(), None);
        assert_eq!(records.len(), 1_001);
        assert_eq!(
            records[0],
            Err("line 1: LeetCode board is missing its closing bracket".to_string())
        );
        assert!(records[1..].iter().all(Result::is_ok));
        assert_eq!(records[1_000], Ok((1_001, Format::Line)));

        // A new `[[`, a blank line and a comment also end it.
        for next in [
            json.clone(),
            format!("\n{EXAMPLE}"),
            format!("# next\n{EXAMPLE}"),
        ] {
            let input = format!("{unterminated}\n{next}\n");
            let records = summary(input.as_bytes(), None);
            assert_eq!(records.len(), 2, "{next}");
            assert!(records[0].is_err() && records[1].is_ok(), "{next}");
        }
    }

    #[test]
    fn a_bad_byte_or_long_line_inside_a_leetcode_board_is_one_error() {
        let lines: Vec<String> = json_over_nine_lines().lines().map(String::from).collect();
        let long = format!("\"{}\",", "1".repeat(MAX_LINE_BYTES));
        for (bad, message) in [
            (
                b"[\"1\",\xff\"2\"],".to_vec(),
                "line 4: byte 6 is not valid UTF-8",
            ),
            (long.into_bytes(), "line 4: line is longer than 65536 bytes"),
        ] {
            let mut input = Vec::new();
            for (index, line) in lines.iter().enumerate() {
                input.extend_from_slice(line.as_bytes());
                input.push(b'\n');
                if index == 2 {
                    input.extend_from_slice(&bad);
                    input.push(b'\n');
                }
            }
            input.extend_from_slice(format!("{EXAMPLE}\n").as_bytes());
            assert_eq!(
                summary(&input, None),
                vec![Err(message.to_string()), Ok((11, Format::Line))]
            );
        }
    }

    #[test]
    fn a_bad_byte_or_long_line_inside_a_grid_is_one_error() {
        let grid = example().to_grid();
        let rows: Vec<&str> = grid.lines().collect();
        for (bad, message) in [
            (
                b"4 . . | 8 \xff 3".to_vec(),
                "line 6: byte 11 is not valid UTF-8",
            ),
            (
                vec![b'1'; MAX_LINE_BYTES + 1],
                "line 6: line is longer than 65536 bytes",
            ),
        ] {
            let mut input = Vec::new();
            for (index, row) in rows.iter().enumerate() {
                if index == 5 {
                    input.extend_from_slice(&bad);
                } else {
                    input.extend_from_slice(row.as_bytes());
                }
                input.push(b'\n');
            }
            input.extend_from_slice(format!("{EXAMPLE}\n").as_bytes());
            assert_eq!(
                summary(&input, None),
                vec![Err(message.to_string()), Ok((12, Format::Line))]
            );
        }
    }

    #[test]
    fn a_short_line_is_not_taken_for_a_grid_row() {
        let input = format!("123\n{EXAMPLE}\n{EXAMPLE}\n");
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![
                Err("line 1: expected 81 cells, found 3".to_string()),
                Ok((2, Format::Line)),
                Ok((3, Format::Line)),
            ]
        );
        // A row of nine cells does start a grid.
        assert_eq!(
            summary(b"1 2 3 4 5 6 7 8 9\n", None),
            vec![Err("line 1: grid has 1 row, expected 9".to_string())]
        );
    }

    #[test]
    fn a_stray_space_in_a_line_record_is_reported_where_it_is() {
        let input = format!("{} {}\n", &EXAMPLE[..5], &EXAMPLE[5..]);
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![Err(
                "line 1: expected 81 cells, found 5 (the puzzle ends at a space in column 6)"
                    .to_string()
            )]
        );
    }

    #[test]
    fn columns_count_from_the_start_of_the_line_as_written() {
        let input = format!("   x{}\n", &EXAMPLE[1..]);
        assert_eq!(
            summary(input.as_bytes(), None),
            vec![Err(
                "line 1: column 4: 'x' is not a digit or a blank (. 0 _ -)".to_string()
            )]
        );
        let grid = example()
            .to_grid()
            .lines()
            .map(|row| format!("  {row}"))
            .collect::<Vec<_>>()
            .join("\n")
            .replacen("4 . .", "4 x .", 1);
        assert_eq!(
            summary(grid.as_bytes(), None),
            vec![Err("line 6: grid row 5, column 5: 'x' is not a digit, a blank (. 0 _) or a separator (| - +)".to_string())]
        );
    }

    #[test]
    fn lines_consumed_counts_the_lines_of_the_records_returned() {
        let input = format!("# head\n{}{EXAMPLE}\n", example().to_grid());
        let mut records = Records::new(input.as_bytes());
        assert_eq!(records.lines_consumed(), 0);
        records.next().unwrap().unwrap();
        assert_eq!(records.lines_consumed(), 12);
        records.next().unwrap().unwrap();
        assert_eq!(records.lines_consumed(), 13);
    }

    struct FailingReader;

    impl io::Read for FailingReader {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }

    #[test]
    fn an_io_error_stops_the_reader() {
        let mut records = Records::new(io::BufReader::new(FailingReader));
        assert!(matches!(records.next(), Some(Err(ReadError::Io(_)))));
        assert!(records.next().is_none());
    }
}
