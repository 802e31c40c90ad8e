//! A streaming reader of boards from any [`BufRead`], in any of the three formats.
//!
//! Blank lines and lines starting with `#` are skipped, whatever they hold
//! (a bad byte, any length); LF, CRLF and lone CR line ends and a UTF-8
//! byte-order mark are accepted. No line is kept past [`MAX_LINE_BYTES`],
//! and a longer one is an error for its record; a record keeps at most nine
//! grid rows or [`MAX_LINE_BYTES`] of JSON, so memory is bounded by the
//! longest line allowed, whatever the input. A UTF-16 file is told by its
//! first bytes: each of its records is an error, the first saying to save it
//! as UTF-8.
//!
//! A record that spans lines ends where it is complete, or where the next
//! record clearly begins:
//! - LeetCode JSON spread over lines ends at its closing bracket, or before
//!   a line that cannot go on with it: one that does not start with `[`,
//!   `]`, `,` or `"` (an 81-cell line, a grid row), or a `[` where no row of
//!   the board can open (a new board, its `[[` on one line or its `[`
//!   alone). Blank lines and comments inside it are skipped; they end it
//!   only before a line that cannot be the rest of it.
//! - A grid ends after its ninth row, or, where box separator lines mark its
//!   bands, after the third band (with a bottom border line, if it has one).
//!   It ends early before a blank line, a comment, a `[`, or a line that is
//!   not a grid row (an 81-cell line). Rows of another width than nine stay
//!   with the grid that has them, so a 10×10 grid is one record, its cells
//!   spaced or written solid (`5300700001`), and so is a grid written with
//!   `-` for blanks (`53--7----`, whose `-` a grid takes for a separator;
//!   after a grid's ninth row, such a row begins the next grid). A field
//!   of more than eleven cells is no grid row.
//!
//! However broken a record is (a bad byte or an over-long line inside it, a
//! missing bracket, a missing row), it is one error, and the records after it
//! are read as if it had been fine; with one exception no reader can avoid.
//! Grids back to back with no blank line or border between them are told
//! apart only by counting rows, so a row missing from one shifts the grids
//! after it; where none has separator lines, the error where the count comes
//! out wrong says so. Where separator lines mark the bands, only a row
//! missing from the third band shifts them: the grid takes the next one's
//! first row, that one is read a row short, and no error says why.

use std::borrow::Cow;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::board::Board;
use crate::error::{ParseError, RecordError};
use crate::format::{
    is_grid_separator, parse_grid_row, parse_leetcode_json, parse_line, parse_plain_line, Format,
};

// The physical lines (their ends, the byte-order mark, the length limit,
// the encoding) are `line`'s; this module frames them into records.
mod line;

pub use line::MAX_LINE_BYTES;
use line::{Line, Lines};

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
    /// How many grids were just read back to back with nothing between
    /// them to mark where each ends (no blank line, no separator line).
    unmarked_grids: usize,
    /// A record of a UTF-16 file has been reported (the first says why).
    utf16_reported: bool,
}

/// One physical line, owned: [`Line`] once it must outlive the next read.
struct RawLine {
    number: usize,
    text: String,
    unreadable: Option<RecordError>,
}

impl From<Line<'_>> for RawLine {
    fn from(line: Line<'_>) -> Self {
        RawLine {
            number: line.number,
            text: line.text.into_owned(),
            unreadable: line.unreadable,
        }
    }
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
            unmarked_grids: 0,
            utf16_reported: false,
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

    /// The next physical line, as a line of its own: the one kept back in
    /// `pending`, else the next [`Lines::next_line`] reads; `None` at the
    /// end of input. Every byte of the line, kept or not, goes through
    /// `scanner` when one is given.
    fn read_raw_line(
        &mut self,
        mut scanner: Option<&mut BracketScanner>,
    ) -> io::Result<Option<RawLine>> {
        if let Some(line) = self.pending.take() {
            if let Some(scanner) = scanner {
                scanner.scan(line.text.as_bytes());
            }
            return Ok(Some(line));
        }
        let observe = |bytes: &[u8]| {
            if let Some(scanner) = scanner.as_deref_mut() {
                scanner.scan(bytes);
            }
        };
        Ok(self.lines.next_line(observe)?.map(RawLine::from))
    }

    /// The next line of a grid, or [`Next::End`] when the input ends or the
    /// line begins another record (which is kept for later): a blank line
    /// or a comment always does, any other line when `continues` says it
    /// is not part of the record.
    fn next_part(&mut self, continues: impl Fn(&RawLine) -> bool) -> io::Result<Next> {
        let Some(line) = self.read_raw_line(None)? else {
            return Ok(Next::End);
        };
        if is_blank_or_comment(&line.text) || !continues(&line) {
            self.pending = Some(line);
            return Ok(Next::End);
        }
        Ok(Next::Part(line))
    }

    /// The next line of a LeetCode board still open, or [`Next::End`] before
    /// a line that cannot go on with it ([`continues_json`]). Blank lines
    /// and comments are skipped, as everywhere, and unseen by `scanner`
    /// (brackets in a comment count for nothing): they end the board only
    /// where the line after them does not go on with it. JSON allows blank
    /// lines, a person may annotate a board, and the rows after either
    /// were each an error of its own. After them a `[` alone begins a
    /// record: only a line that can be nothing but the rest of a board goes
    /// on with it (a row with its first cell, or a `]`, `,` or `"`).
    fn next_json_part(
        &mut self,
        scanner: &mut BracketScanner,
        row_can_open: bool,
    ) -> io::Result<Next> {
        let mut row_can_open = row_can_open;
        loop {
            let before = *scanner;
            let Some(line) = self.read_raw_line(Some(scanner))? else {
                return Ok(Next::End);
            };
            if is_blank_or_comment(&line.text) {
                *scanner = before;
                row_can_open = false;
                continue;
            }
            if continues_json(&line.text, row_can_open) {
                return Ok(Next::Part(line));
            }
            self.pending = Some(line);
            return Ok(Next::End);
        }
    }

    /// The format of the record that begins with `trimmed`.
    fn format_of(&self, trimmed: &str) -> Format {
        self.format.unwrap_or_else(|| detect(trimmed))
    }

    /// The next record, or `None` at the end of input. A record that cannot
    /// be read is a [`ReadError::Record`]; an input that fails, a
    /// [`ReadError::Io`].
    fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        loop {
            // The line that begins the next record: one a record before it
            // kept back, or else the next of the input, looked at where it
            // lies in the line buffer. Nearly every record of a puzzle file
            // is a plain line, read in one pass and never copied.
            let line = match self.pending.take() {
                Some(raw) => Line {
                    number: raw.number,
                    text: Cow::Owned(raw.text),
                    unreadable: raw.unreadable,
                },
                None => match self.lines.next_line(|_| {})? {
                    Some(line) => line,
                    None => return Ok(None),
                },
            };
            let number = line.number;
            let trimmed = line.text.trim();
            if is_empty_or_comment(trimmed) {
                continue;
            }
            let forced = self.format;
            if line.unreadable.is_none() && matches!(forced, None | Some(Format::Line)) {
                if let Some(board) = parse_plain_line(trimmed) {
                    return Ok(Some(Record {
                        line: number,
                        format: Format::Line,
                        board,
                    }));
                }
            }
            let format = forced.unwrap_or_else(|| match line.unreadable {
                // A bad byte (U+FFFD here) stands where a cell could be: a
                // grid's first row with one is still a grid's. So is a row
                // too long to keep (cut, perhaps inside a character): its
                // first MAX_LINE_BYTES tell what it begins as well.
                Some(_) => detect(&trimmed.replace('\u{FFFD}', ".")),
                None => detect(trimmed),
            });
            let board = match (format, line.unreadable) {
                (Format::Line, Some(error)) => return Err(record_error(number, error)),
                (Format::Line, None) => {
                    // Positions count from the start of the line as written.
                    let text = &line.text;
                    let leading = text[..text.len() - text.trim_start().len()].chars().count();
                    parse_line(trimmed)
                        .map_err(|error| record_error(number, error.shifted(leading)))?
                }
                (Format::Grid | Format::Leetcode, unreadable) => {
                    let first = RawLine {
                        number,
                        text: line.text.into_owned(),
                        unreadable,
                    };
                    if format == Format::Grid {
                        self.read_grid(first)?
                    } else {
                        self.read_leetcode(first)?
                    }
                }
            };
            return Ok(Some(Record {
                line: number,
                format,
                board,
            }));
        }
    }

    /// Reads a grid that starts with `first`, up to where it is complete or
    /// the next record begins (see the module doc).
    fn read_grid(&mut self, first: RawLine) -> Result<Board, ReadError> {
        let grids_before = std::mem::take(&mut self.unmarked_grids);
        let forced = self.format.is_some();
        let mut grid = GridReading::new(first.number);
        let mut line = first;
        loop {
            grid.take(line);
            match self.next_part(|next| grid.goes_on_with(next, forced))? {
                Next::Part(next) => line = next,
                Next::End => break,
            }
        }
        // Another grid right after this one, with nothing to mark the bound
        // but the count of rows: a row missing before shifts the rest.
        let next_is_grid = self.pending.as_ref().is_some_and(|next| {
            !is_blank_or_comment(&next.text) && self.format_of(next.text.trim()) == Format::Grid
        });
        if next_is_grid && !grid.separated && grid.rows == 9 {
            self.unmarked_grids = grids_before + 1;
        }
        grid.finish(grids_before)
    }

    /// Reads a `leetcode` record that starts with `first`, over as many lines
    /// as it takes for its brackets to close, or until a line that cannot
    /// go on with it.
    fn read_leetcode(&mut self, first: RawLine) -> Result<Board, ReadError> {
        let first_number = first.number;
        if !first.text.trim_start().starts_with('[') {
            // Not JSON at all: report it on this line rather than read on for a bracket.
            if let Some(error) = first.unreadable {
                return Err(record_error(first_number, error));
            }
            return parse_leetcode_json(&first.text)
                .map_err(|error| json_error(&[first_number], error));
        }
        let mut scanner = BracketScanner::default();
        scanner.scan(first.text.as_bytes());
        // Of a first line too long to keep, the scanner saw the start only
        // (the lines after it it sees whole): where a row can open is not known.
        let first_cut = matches!(first.unreadable, Some(RecordError::LineTooLong { .. }));
        // The record's lines, each ended with `\n`, while they fit in
        // MAX_LINE_BYTES (counted without their line ends, as a line is),
        // and the line of the file each is (blank lines and comments
        // between them are not in `text`).
        let mut text = String::new();
        let mut numbers = Vec::new();
        let mut bytes = 0;
        let mut unreadable: Option<ReadError> = None;
        let mut line = first;
        loop {
            if let Some(error) = line.unreadable {
                unreadable.get_or_insert(record_error(line.number, error));
            }
            bytes += line.text.len();
            if bytes <= MAX_LINE_BYTES {
                text.push_str(&line.text);
                text.push('\n');
                numbers.push(line.number);
            }
            if scanner.closed() {
                break;
            }
            // The scanner sees every line, also one that turns out to begin
            // another record; the record then ends unterminated, and the
            // scanner with it. So where a row can open is asked before.
            let row_can_open = first_cut || scanner.row_can_open();
            match self.next_json_part(&mut scanner, row_can_open)? {
                Next::Part(next) => line = next,
                Next::End => {
                    return Err(unreadable.unwrap_or_else(|| unterminated(&numbers, &text, bytes)));
                }
            }
        }
        if let Some(unreadable) = unreadable {
            return Err(unreadable);
        }
        if bytes > MAX_LINE_BYTES {
            return Err(record_error(
                first_number,
                RecordError::RecordTooLong {
                    limit: MAX_LINE_BYTES,
                },
            ));
        }
        parse_leetcode_json(&text).map_err(|error| json_error(&numbers, error))
    }

    /// What to return for `read` in a UTF-16 file: every record an error,
    /// the first one saying why.
    fn in_utf16_file(
        &mut self,
        read: Option<Result<Record, ReadError>>,
    ) -> Option<Result<Record, ReadError>> {
        let line = match read? {
            Ok(record) => record.line,
            Err(ReadError::Record { line, .. }) => line,
            Err(error) => return Some(Err(error)),
        };
        let first = !std::mem::replace(&mut self.utf16_reported, true);
        Some(Err(record_error(line, RecordError::Utf16 { first })))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let read = self.next_record().transpose();
        // An input that fails stops the reader; a bad record does not.
        self.stopped = matches!(read, Some(Err(ReadError::Io(_))));
        if self.lines.is_utf16() {
            return self.in_utf16_file(read);
        }
        read
    }
}

fn record_error(line: usize, error: impl Into<RecordError>) -> ReadError {
    ReadError::Record {
        line,
        error: error.into(),
    }
}

/// The error of a `leetcode` record whose lines of JSON are the lines
/// `numbers` of the file (the first is the record's), naming the line of
/// the file the JSON error is on, and its column there.
fn json_error(numbers: &[usize], error: ParseError) -> ReadError {
    // The first line is always kept: it fits in MAX_LINE_BYTES.
    let first_number = numbers.first().copied().unwrap_or_default();
    match error {
        ParseError::Json {
            message,
            line,
            column,
        } if line > 1 => record_error(
            numbers.get(line - 1).copied().unwrap_or(first_number),
            ParseError::Json {
                message,
                line: 1,
                column,
            },
        ),
        other => record_error(first_number, other),
    }
}

/// The error of a LeetCode board whose brackets never closed (its lines
/// `text`, `bytes` long without line ends, the lines `numbers` of the file). JSON
/// that is only cut short is missing its closing bracket; JSON that goes
/// wrong before its end (a lost `"`, which leaves the brackets after it
/// inside a string) is reported where it goes wrong.
fn unterminated(numbers: &[usize], text: &str, bytes: usize) -> ReadError {
    if bytes <= MAX_LINE_BYTES {
        if let Err(error) = serde_json::from_str::<serde_json::Value>(text) {
            if !error.is_eof() {
                if let Err(error) = parse_leetcode_json(text) {
                    return json_error(numbers, error);
                }
            }
        }
    }
    record_error(
        numbers.first().copied().unwrap_or_default(),
        ParseError::UnterminatedJson,
    )
}

/// True for a line with nothing on it but whitespace, or a `#` comment.
pub(crate) fn is_blank_or_comment(line: &str) -> bool {
    is_empty_or_comment(line.trim())
}

/// [`is_blank_or_comment`] for a line already trimmed.
fn is_empty_or_comment(trimmed: &str) -> bool {
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// True for a line that can go on with LeetCode JSON spread over lines:
/// it starts with `]`, `,` or `"`, or with a row: a `[` and its first
/// cell's `"` (no board begins so), or a `[` alone where the board read so
/// far can open a row (`row_can_open`), but not with the `[[` of a new
/// board. Any other line (a blank line, a comment, an 81-cell line, a grid
/// row, a stray word, a new board however it is laid out) begins a record
/// of its own. A row that begins with its first cell goes on with the board
/// even where the brackets are miscounted: a lost `"` before it puts them
/// inside a string, and the rows after it would each be an error.
fn continues_json(line: &str, row_can_open: bool) -> bool {
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix('[') {
        return rest.trim_start().starts_with('"') || (row_can_open && !rest.starts_with('['));
    }
    trimmed.starts_with([']', ',', '"'])
}

/// Guesses the format of a record from its first (trimmed, non-blank) line:
/// JSON from its bracket; a grid only from a line that looks like a grid's
/// (a separator, or a row of exactly nine cells, or of cells and spaces
/// that parse, or have `|` between them); anything else, garbage included,
/// is a `line` record, whose errors say what is wrong with it.
fn detect(line: &str) -> Format {
    if line.starts_with('[') {
        return Format::Leetcode;
    }
    let grid_row = match grid_line(line) {
        GridLine::Separator => true,
        GridLine::Row { cells } => {
            let several_fields = line.split_whitespace().nth(1).is_some();
            // About a row's width: nine cells give or take two, or nine
            // with `-` for blanks.
            let about_a_row = (7..=11).contains(&cells) || nine_with_dashes(line);
            (about_a_row || several_fields)
                && (parse_grid_row(line, 1).is_ok() || line.contains('|'))
        }
        GridLine::Other => false,
    };
    if grid_row {
        Format::Grid
    } else {
        Format::Line
    }
}

/// True for a row of nine cells with `-` for blanks (`53--7----`), which
/// a grid reads as fewer cells: it takes `-` for a separator.
fn nine_with_dashes(line: &str) -> bool {
    line.chars().filter(|&character| character != '|').count() == 9
}

/// What a line can be in a grid.
enum GridLine {
    /// A box separator line, or a border.
    Separator,
    /// A row, of this many cells (it may hold characters that are not cells).
    Row { cells: usize },
    /// No line of a grid: a `[`, or a field longer than a row (an 81-cell line).
    Other,
}

/// The most cells in a field (up to a space) of a grid row: a row two
/// cells too wide is still read as a (wrong) row of its grid; an 81-cell
/// line is no row.
const MOST_ROW_CELLS: usize = 11;

/// What `line` (trimmed) can be in a grid: a row has no field (up to a
/// space) of more than [`MOST_ROW_CELLS`] cells, so an 81-cell line is none.
fn grid_line(line: &str) -> GridLine {
    let not_a_cell =
        |character: char| character.is_whitespace() || matches!(character, '|' | '-' | '+');
    if is_grid_separator(line) {
        GridLine::Separator
    } else if line.starts_with('[')
        || line.split_whitespace().any(|field| {
            field
                .chars()
                .filter(|&character| !not_a_cell(character))
                .count()
                > MOST_ROW_CELLS
        })
    {
        GridLine::Other
    } else {
        GridLine::Row {
            cells: line
                .chars()
                .filter(|&character| !not_a_cell(character))
                .count(),
        }
    }
}

/// A grid record as it is read, a line at a time: its cells, how far it has
/// got, and the first thing wrong with it. It holds nine rows at most, and
/// counts separator lines rather than keeping them.
struct GridReading {
    first_line: usize,
    cells: [u8; 81],
    rows: usize,
    /// Separator lines that follow a row: the bounds between bands, and
    /// (the third) a bottom border. A separator after another, or before
    /// the first row, is a border and counts for nothing.
    band_separators: usize,
    rows_in_band: usize,
    /// The grid has a separator line at all.
    separated: bool,
    /// The last line taken was a separator.
    last_was_separator: bool,
    /// A row of other than nine cells was seen: more such rows after the
    /// ninth are this broken grid's too (a 10×10 grid), as no grid can
    /// begin with one (but for a row of nine with `-` for blanks).
    wrong_width: bool,
    /// The first thing wrong, in line order.
    error: Option<ReadError>,
}

impl GridReading {
    fn new(first_line: usize) -> Self {
        GridReading {
            first_line,
            cells: [0; 81],
            rows: 0,
            band_separators: 0,
            rows_in_band: 0,
            separated: false,
            last_was_separator: false,
            wrong_width: false,
            error: None,
        }
    }

    /// Takes `line` into the grid.
    fn take(&mut self, line: RawLine) {
        self.last_was_separator = line.unreadable.is_none() && is_grid_separator(&line.text);
        if self.last_was_separator {
            self.separated = true;
            if self.rows_in_band > 0 {
                self.band_separators += 1;
            }
            self.rows_in_band = 0;
            return;
        }
        self.rows += 1;
        self.rows_in_band += 1;
        let row = self.rows;
        if let Some(error) = line.unreadable {
            self.error.get_or_insert(record_error(line.number, error));
            return;
        }
        let error = match parse_grid_row(&line.text, row) {
            Ok(cells) if cells.len() == 9 => {
                if let Some(slot) = self.cells.get_mut((row - 1) * 9..row * 9) {
                    slot.copy_from_slice(&cells);
                }
                return;
            }
            Ok(cells) => {
                self.wrong_width = true;
                ParseError::GridRowLength {
                    row,
                    found: cells.len(),
                }
            }
            Err(error) => error,
        };
        self.error.get_or_insert(record_error(line.number, error));
    }

    /// The grid has all the rows it can have: nine, or where separators
    /// mark its bands, the third band's three (or up to its bottom border).
    fn complete(&self) -> bool {
        match self.band_separators {
            0 | 1 => self.rows >= 9,
            2 => self.rows_in_band >= 3,
            _ => true,
        }
    }

    /// True when `next` (not blank, not a comment) belongs to this grid.
    /// Until the grid is complete, any line that can be a grid's does, and
    /// one that cannot be read (it is reported as this grid's error); with
    /// the format forced, any line. After: a bottom border, or a row this
    /// broken grid is too wide or too narrow for, unless it is nine cells
    /// with `-` for blanks: that begins a grid of its own.
    fn goes_on_with(&self, next: &RawLine, forced: bool) -> bool {
        let shape = grid_line(next.text.trim());
        if !self.complete() {
            return forced || next.unreadable.is_some() || !matches!(shape, GridLine::Other);
        }
        if next.unreadable.is_some() || self.last_was_separator {
            return false;
        }
        match shape {
            GridLine::Separator => true,
            GridLine::Row { cells } => {
                self.wrong_width && cells != 9 && !nine_with_dashes(next.text.trim())
            }
            GridLine::Other => false,
        }
    }

    /// The board, or the grid's first error; a wrong count of rows after
    /// `grids_before` unmarked grids says they may have been misread.
    fn finish(self, grids_before: usize) -> Result<Board, ReadError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if self.rows != 9 {
            let error = ParseError::GridRows { found: self.rows };
            if grids_before > 0 && !self.separated {
                return Err(record_error(
                    self.first_line,
                    RecordError::ShiftedGrids {
                        error,
                        grids: grids_before,
                    },
                ));
            }
            return Err(record_error(self.first_line, error));
        }
        Ok(Board::from_checked_cells(self.cells))
    }
}

/// Follows JSON brackets, outside strings, to see where a `leetcode` record
/// ends. It reads bytes: the characters it looks for are ASCII, and no byte
/// of a multi-byte UTF-8 character is, so a line that is not valid UTF-8 or
/// too long to keep is followed all the same.
#[derive(Default, Clone, Copy)]
struct BracketScanner {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
    /// The last byte outside strings that is not whitespace (`"` for a
    /// string), 0 before the first.
    last: u8,
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
            if !byte.is_ascii_whitespace() {
                self.last = byte;
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

    /// A `[` here can open a row of the board: it comes right after the
    /// board's own `[`, or after a comma between rows. After a row with no
    /// comma, or inside a row, a `[` is no part of this board.
    fn row_can_open(&self) -> bool {
        self.depth == 1 && matches!(self.last, b'[' | b',')
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
                "line 1: not a LeetCode board: invalid number at column 4".to_string()
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
