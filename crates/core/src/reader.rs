//! A streaming reader of boards from any [`BufRead`], in any of the three formats.
//!
//! Blank lines and lines starting with `#` are skipped; CRLF line ends and a
//! UTF-8 byte-order mark are accepted. Memory stays bounded by the longest
//! accepted line ([`MAX_LINE_BYTES`]): a longer line is skipped, not stored,
//! and becomes an error for that record.

use std::io::{self, BufRead};

use thiserror::Error;

use crate::board::Board;
use crate::error::ParseError;
use crate::format::{
    first_field, is_grid_separator, parse_grid, parse_leetcode_json, parse_line, parse_plain_line,
    Format,
};

/// The longest line the reader keeps; a longer line is an error for its record.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

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
        error: ParseError,
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
    reader: R,
    format: Option<Format>,
    line_number: usize,
    pending: Option<RawLine>,
    buffer: Vec<u8>,
    stopped: bool,
}

/// One physical line: its number and its text, or why the text was not kept.
struct RawLine {
    number: usize,
    text: Result<String, ParseError>,
}

impl<R: BufRead> Records<R> {
    /// Reads records, detecting the format of each from its first line.
    pub fn new(reader: R) -> Self {
        Records {
            reader,
            format: None,
            line_number: 0,
            pending: None,
            buffer: Vec::new(),
            stopped: false,
        }
    }

    /// Reads every record in `format` instead of detecting it (`None` detects).
    #[must_use]
    pub fn with_format(mut self, format: Option<Format>) -> Self {
        self.format = format;
        self
    }

    /// The next physical line, without its line end; `None` at the end of input.
    fn read_raw_line(&mut self) -> io::Result<Option<RawLine>> {
        if let Some(line) = self.pending.take() {
            return Ok(Some(line));
        }
        self.buffer.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let (chunk, used, ended) = match available.iter().position(|&byte| byte == b'\n') {
                Some(end) => (&available[..end], end + 1, true),
                None => (available, available.len(), false),
            };
            if !too_long {
                if self.buffer.len() + chunk.len() > MAX_LINE_BYTES {
                    // Keep reading to the end of the line, but stop storing it.
                    too_long = true;
                    self.buffer = Vec::new();
                } else {
                    self.buffer.extend_from_slice(chunk);
                }
            }
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        self.line_number += 1;
        let text = if too_long {
            Err(ParseError::LineTooLong {
                limit: MAX_LINE_BYTES,
            })
        } else {
            let mut bytes = self.buffer.as_slice();
            if let Some(stripped) = bytes.strip_suffix(b"\r") {
                bytes = stripped;
            }
            if self.line_number == 1 {
                if let Some(stripped) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
                    bytes = stripped;
                }
            }
            match std::str::from_utf8(bytes) {
                Ok(text) => Ok(text.to_string()),
                Err(error) => Err(ParseError::NotUtf8 {
                    column: error.valid_up_to() + 1,
                }),
            }
        };
        Ok(Some(RawLine {
            number: self.line_number,
            text,
        }))
    }

    fn next_record(&mut self) -> io::Result<Option<Result<Record, ReadError>>> {
        loop {
            let Some(raw) = self.read_raw_line()? else {
                return Ok(None);
            };
            let text = match raw.text {
                Ok(text) => text,
                Err(error) => return Ok(Some(Err(record_error(raw.number, error)))),
            };
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            // Nearly every record of a puzzle file is a plain line: read it
            // in one pass, before detection and the full parser.
            if matches!(self.format, None | Some(Format::Line)) {
                if let Some(board) = parse_plain_line(trimmed) {
                    return Ok(Some(Ok(Record {
                        line: raw.number,
                        format: Format::Line,
                        board,
                    })));
                }
            }
            let format = self.format.unwrap_or_else(|| detect(trimmed));
            let record = match format {
                Format::Line => parse_line(trimmed).map_err(|error| (raw.number, error)),
                Format::Grid => self.read_grid(raw.number, trimmed)?,
                Format::Leetcode => self.read_leetcode(raw.number, &text)?,
            };
            return Ok(Some(
                record
                    .map(|board| Record {
                        line: raw.number,
                        format,
                        board,
                    })
                    .map_err(|(line, error)| record_error(line, error)),
            ));
        }
    }

    /// Reads a grid that starts with `first`: up to 9 rows, with separator
    /// lines between them, ending early at a blank line or a line of another format.
    fn read_grid(
        &mut self,
        first_number: usize,
        first: &str,
    ) -> io::Result<Result<Board, (usize, ParseError)>> {
        // Gather the record's lines here; `parse_grid` then reads them, and a
        // row it complains about is mapped back to the line it came from.
        let mut text = String::new();
        let mut row_lines: Vec<usize> = Vec::with_capacity(9);
        let mut line = (first_number, first.to_string());
        loop {
            let (number, row) = &line;
            if !is_grid_separator(row) {
                row_lines.push(*number);
            }
            text.push_str(row);
            text.push('\n');
            if row_lines.len() == 9 {
                break;
            }
            let Some(raw) = self.read_raw_line()? else {
                break;
            };
            let next = match raw.text {
                Ok(ref text) if !text.trim().is_empty() && !text.trim().starts_with('#') => {
                    text.trim().to_string()
                }
                Ok(_) => break,
                Err(_) => {
                    self.pending = Some(raw);
                    break;
                }
            };
            if self.format.is_none() && !continues_grid(&next) {
                self.pending = Some(raw);
                break;
            }
            line = (raw.number, next);
        }
        Ok(parse_grid(&text).map_err(|error| {
            let row = match error {
                ParseError::GridBadCharacter { row, .. }
                | ParseError::GridRowLength { row, .. } => row,
                _ => 0,
            };
            let number = row.checked_sub(1).and_then(|index| row_lines.get(index));
            (number.copied().unwrap_or(first_number), error)
        }))
    }

    /// Reads a `leetcode` record that starts with `first`, over as many lines
    /// as it takes for its brackets to close.
    fn read_leetcode(
        &mut self,
        first_number: usize,
        first: &str,
    ) -> io::Result<Result<Board, (usize, ParseError)>> {
        if !first.trim_start().starts_with('[') {
            // Not JSON at all: report it on this line rather than read on for a bracket.
            return Ok(parse_leetcode_json(first).map_err(|error| (first_number, error)));
        }
        let mut text = String::new();
        let mut scanner = BracketScanner::default();
        let mut too_long = false;
        let mut line = first.to_string();
        loop {
            scanner.scan(&line);
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
            let Some(raw) = self.read_raw_line()? else {
                return Ok(Err((first_number, ParseError::UnterminatedJson)));
            };
            match raw.text {
                Ok(next) => line = next,
                Err(error) => return Ok(Err((raw.number, error))),
            }
        }
        if too_long {
            return Ok(Err((
                first_number,
                ParseError::RecordTooLong {
                    limit: MAX_RECORD_BYTES,
                },
            )));
        }
        Ok(parse_leetcode_json(&text).map_err(|error| (first_number, error)))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        match self.next_record() {
            Ok(record) => record,
            Err(error) => {
                self.stopped = true;
                Some(Err(ReadError::Io(error)))
            }
        }
    }
}

fn record_error(line: usize, error: ParseError) -> ReadError {
    ReadError::Record { line, error }
}

/// Guesses the format of a record from its first (trimmed, non-blank) line.
fn detect(line: &str) -> Format {
    if line.starts_with('[') {
        return Format::Leetcode;
    }
    // 81 dashes is an empty board in the `line` format, not a grid separator.
    if grid_field_cells(line) == 81 {
        return Format::Line;
    }
    let grid_characters = line.chars().all(|character| {
        character.is_ascii_digit() || "._|-+".contains(character) || character.is_whitespace()
    });
    if continues_grid(line) && grid_characters {
        Format::Grid
    } else {
        // Anything else, garbage included, is reported as a `line` record:
        // its errors name the column of the first bad character.
        Format::Line
    }
}

/// True when `line` can be the next line of a grid: a separator, or a row of
/// at most 9 cells before its first space (a wrong row is reported, not split off).
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

/// Follows JSON brackets, outside strings, to see where a `leetcode` record ends.
#[derive(Default)]
struct BracketScanner {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl BracketScanner {
    fn scan(&mut self, text: &str) {
        for character in text.chars() {
            if self.in_string {
                match character {
                    _ if self.escaped => self.escaped = false,
                    '\\' => self.escaped = true,
                    '"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match character {
                '"' => self.in_string = true,
                '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                ']' => self.depth = self.depth.saturating_sub(1),
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
    fn summary(input: &[u8], format: Option<Format>) -> Vec<Result<(usize, Format), String>> {
        Records::new(input)
            .with_format(format)
            .map(|record| {
                record
                    .map(|record| (record.line, record.format))
                    .map_err(|error| error.to_string())
            })
            .collect()
    }

    fn example() -> Board {
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
    fn accepts_crlf_and_a_byte_order_mark() {
        let input = format!("\u{feff}{EXAMPLE}\r\n{EXAMPLE}\r\n");
        let records: Vec<Record> = Records::new(input.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|record| record.board == example()));
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
    fn a_very_long_line_is_one_error_and_is_not_kept() {
        let mut input = vec![b'1'; 5 * 1024 * 1024];
        input.push(b'\n');
        input.extend_from_slice(EXAMPLE.as_bytes());
        let mut records = Records::new(input.as_slice());
        assert_eq!(
            records.next().unwrap().unwrap_err().to_string(),
            "line 1: line is longer than 65536 bytes"
        );
        assert!(records.buffer.capacity() <= MAX_LINE_BYTES);
        assert_eq!(records.next().unwrap().unwrap().board, example());
        assert!(records.next().is_none());
    }

    #[test]
    fn invalid_utf8_names_the_byte() {
        let mut input = EXAMPLE.as_bytes()[..10].to_vec();
        input.extend_from_slice(b"\xff\xfe\n");
        assert_eq!(
            summary(&input, None),
            vec![Err("line 1: byte 11 is not valid UTF-8".to_string())]
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
