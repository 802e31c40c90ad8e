//! The physical lines of the input, below the records: where a line ends
//! (LF, CRLF or a lone CR), the UTF-8 byte-order mark of the first line,
//! the longest line kept ([`MAX_LINE_BYTES`]), and a UTF-16 file told
//! from UTF-8 by its first bytes. What a line means, and where a record
//! begins or ends, is for the reader above (`reader/mod.rs`).

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

use crate::error::RecordError;

/// The longest line the reader keeps, and the longest record (a LeetCode
/// board spread over lines), in bytes without their line ends: a longer
/// one is an error for its record.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One physical line, as [`Lines::next_line`] lends it out.
pub(super) struct Line<'a> {
    /// Its number, from 1.
    pub(super) number: usize,
    /// Its text, without the line end. For a line that cannot be read, as
    /// much as tells what the line is (blank, a comment, the start of a
    /// record): a bad byte stands as U+FFFD, and a line too long is cut
    /// after [`MAX_LINE_BYTES`].
    pub(super) text: Cow<'a, str>,
    /// Why the text cannot be read as a record, for a line that cannot.
    pub(super) unreadable: Option<RecordError>,
}

/// The order of the two bytes of a UTF-16 code unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ByteOrder {
    Little,
    Big,
}

/// The physical lines of a [`BufRead`], numbered from 1, each read into one
/// buffer that is reused, and never longer than [`MAX_LINE_BYTES`].
pub(super) struct Lines<R> {
    /// The input, behind the few bytes read ahead from its start to tell
    /// its encoding (handed on as if never read).
    reader: io::Chain<io::Cursor<Vec<u8>>, R>,
    /// The encoding has been looked at (on the first read).
    sniffed: bool,
    /// `Some` for a UTF-16 file: its lines are decoded, to be framed as the
    /// same file in UTF-8 would be, and each record is an error.
    utf16: Option<ByteOrder>,
    /// How many lines have been read: the number of the last one.
    number: usize,
    buffer: Vec<u8>,
    /// The last line ended with a CR: a LF right after it belongs to that line end.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines {
            reader: io::Cursor::new(Vec::new()).chain(reader),
            sniffed: false,
            utf16: None,
            number: 0,
            buffer: Vec::new(),
            after_cr: false,
        }
    }

    /// How many lines have been read: the number of the last one, 0 before the first.
    pub(super) fn number(&self) -> usize {
        self.number
    }

    /// True when the input looks like UTF-16 (known once a line has been read).
    pub(super) fn is_utf16(&self) -> bool {
        self.utf16.is_some()
    }

    /// The next physical line, without its line end, its text lent out of
    /// `self.buffer` rather than copied; `None` at the end of input. Every
    /// byte of the line, kept or not, goes through `observe`, in order, a
    /// piece at a time (a caller that follows brackets across lines sees a
    /// line too long to keep all the same).
    ///
    /// Not `BufRead::read_until` over `Read::take` (with `skip_until` for
    /// the rest of a long line): those split on one byte, and a lone CR
    /// ends a line too. A file with CR line ends would be a single line to
    /// them, cut at the limit, and every record after the first 64 KiB
    /// lost; so this loop looks for either byte in what `fill_buf` holds.
    pub(super) fn next_line(
        &mut self,
        mut observe: impl FnMut(&[u8]),
    ) -> io::Result<Option<Line<'_>>> {
        if !self.sniffed {
            self.sniffed = true;
            self.utf16 = self.sniff_utf16()?;
        }
        self.buffer.clear();
        let read = match self.utf16 {
            None => self.read_utf8_line(&mut observe)?,
            Some(order) => {
                let read = self.read_utf16_line(order)?;
                observe(&self.buffer);
                read
            }
        };
        let Some(too_long) = read else {
            return Ok(None);
        };
        self.number += 1;
        let mut bytes = self.buffer.as_slice();
        if self.number == 1 {
            if let Some(stripped) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
                bytes = stripped;
            }
        }
        let (text, unreadable) = match std::str::from_utf8(bytes) {
            Ok(text) => (Cow::Borrowed(text), None),
            Err(error) => (
                String::from_utf8_lossy(bytes),
                Some(RecordError::NotUtf8 {
                    byte: error.valid_up_to() + 1,
                }),
            ),
        };
        // Too long comes first: a bad byte may be only where the line was cut.
        let unreadable = if too_long {
            Some(RecordError::LineTooLong {
                limit: MAX_LINE_BYTES,
            })
        } else {
            unreadable
        };
        Ok(Some(Line {
            number: self.number,
            text,
            unreadable,
        }))
    }

    /// Reads one UTF-8 line into `self.buffer` (at most [`MAX_LINE_BYTES`]
    /// of it): `Some(true)` when it was longer, `None` at the end of input.
    fn read_utf8_line(&mut self, observe: &mut impl FnMut(&[u8])) -> io::Result<Option<bool>> {
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
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            read_any = true;
            let end = memchr::memchr2(b'\n', b'\r', available);
            let (chunk, used) = match end {
                Some(end) => {
                    self.after_cr = available[end] == b'\r';
                    (&available[..end], end + 1)
                }
                None => (available, available.len()),
            };
            observe(chunk);
            // Keep the first MAX_LINE_BYTES of a longer line, and no more:
            // enough to tell a comment from a record.
            let room = MAX_LINE_BYTES - self.buffer.len();
            if chunk.len() > room {
                too_long = true;
            }
            self.buffer
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.reader.consume(used);
            if end.is_some() {
                break;
            }
        }
        Ok(read_any.then_some(too_long))
    }

    /// Reads one UTF-16 line, decoded, into `self.buffer` as UTF-8, as
    /// [`Lines::read_utf8_line`] does. A unit at a time: a UTF-16 file is
    /// only read to count its records, each of which is an error.
    fn read_utf16_line(&mut self, order: ByteOrder) -> io::Result<Option<bool>> {
        let mut units = Vec::new();
        let mut read_any = false;
        let mut too_long = false;
        loop {
            let mut pair = [0u8; 2];
            match self.reader.read_exact(&mut pair) {
                Ok(()) => {}
                // The end, or an odd byte before it, which no unit holds.
                Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => break,
                Err(error) => return Err(error),
            }
            let unit = match order {
                ByteOrder::Little => u16::from_le_bytes(pair),
                ByteOrder::Big => u16::from_be_bytes(pair),
            };
            if std::mem::take(&mut self.after_cr) && unit == u16::from(b'\n') {
                continue;
            }
            read_any = true;
            if unit == u16::from(b'\n') || unit == u16::from(b'\r') {
                self.after_cr = unit == u16::from(b'\r');
                break;
            }
            if units.len() < MAX_LINE_BYTES / 2 {
                units.push(unit);
            } else {
                too_long = true;
            }
        }
        self.buffer
            .extend_from_slice(String::from_utf16_lossy(&units).as_bytes());
        Ok(read_any.then_some(too_long))
    }

    /// Reads the first bytes of the input (handing them on to be read
    /// again) to tell a UTF-16 file: by its byte-order mark, or by a NUL
    /// in every other byte, which no text file in UTF-8 has.
    fn sniff_utf16(&mut self) -> io::Result<Option<ByteOrder>> {
        let mut head = [0u8; 4];
        let mut filled = 0;
        let (_, input) = self.reader.get_mut();
        while filled < head.len() {
            match input.read(&mut head[filled..]) {
                Ok(0) => break,
                Ok(read) => filled += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        let head = &head[..filled];
        *self.reader.get_mut().0 = io::Cursor::new(head.to_vec());
        let order = match head {
            [0xFF, 0xFE, ..] => Some(ByteOrder::Little),
            [0xFE, 0xFF, ..] => Some(ByteOrder::Big),
            [a, 0, b, 0] if *a != 0 && *b != 0 => Some(ByteOrder::Little),
            [0, a, 0, b] if *a != 0 && *b != 0 => Some(ByteOrder::Big),
            _ => None,
        };
        Ok(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    use crate::format::Format;
    use crate::reader::tests::{example, json_over_nine_lines, summary};
    use crate::reader::{Record, Records};
    use crate::test_puzzles::EXAMPLE;

    /// Each line of `input` as `(number, text)`, or the error's message for
    /// a line not kept, read through a buffer of `capacity` bytes.
    fn lines(input: &[u8], capacity: usize) -> Vec<(usize, Result<String, String>)> {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, input));
        let mut read = Vec::new();
        while let Some(line) = lines.next_line(|_| {}).unwrap() {
            let text = match line.unreadable {
                None => Ok(line.text.into_owned()),
                Some(error) => Err(error.to_string()),
            };
            read.push((line.number, text));
        }
        read
    }

    #[test]
    fn each_line_end_ends_one_line_wherever_the_buffer_is_cut() {
        let input = b"\xEF\xBB\xBFone\r\ntwo\rthree\n\r\n\xEF\xBB\xBFfour";
        let expected: Vec<(usize, Result<String, String>)> = vec![
            (1, Ok("one".to_string())),
            (2, Ok("two".to_string())),
            (3, Ok("three".to_string())),
            (4, Ok(String::new())),
            // Only the first line's byte-order mark is one.
            (5, Ok("\u{feff}four".to_string())),
        ];
        for capacity in [1, 2, 3, 8192] {
            assert_eq!(lines(input, capacity), expected, "capacity {capacity}");
        }
    }

    #[test]
    fn accepts_crlf_and_a_byte_order_mark() {
        let input = format!("\u{feff}{EXAMPLE}\r\n{EXAMPLE}\r\n");
        let records: Vec<Record> = Records::new(input.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|record| record.board == example()));
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
        assert!(records.lines.buffer.capacity() <= MAX_LINE_BYTES);
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

    /// Each record as `Ok((line, format))` or `Err(message)`, read through a
    /// one-byte buffer so that every line end falls across a buffer boundary.
    fn summary_byte_by_byte(input: &[u8]) -> Vec<Result<(usize, Format), String>> {
        let reader = io::BufReader::with_capacity(1, input);
        Records::new(reader)
            .map(|record| {
                record
                    .map(|record| (record.line, record.format))
                    .map_err(|error| error.to_string())
            })
            .collect()
    }

    #[test]
    fn a_lone_cr_ends_a_line_as_lf_and_crlf_do() {
        let input = format!("{EXAMPLE}\r").repeat(10);
        assert_eq!(summary(input.as_bytes(), None).len(), 10);
        let mixed = format!("{EXAMPLE}\r{EXAMPLE}\r\n{EXAMPLE}\n\r\r\n{EXAMPLE}\r");
        let expected = vec![
            Ok((1, Format::Line)),
            Ok((2, Format::Line)),
            Ok((3, Format::Line)),
            Ok((6, Format::Line)),
        ];
        assert_eq!(summary(mixed.as_bytes(), None), expected);
        assert_eq!(summary_byte_by_byte(mixed.as_bytes()), expected);
        // A grid and a JSON board with CR line ends.
        let cr = |text: String| text.replace('\n', "\r");
        let input = format!(
            "{}\r{}\r",
            cr(example().to_grid()),
            cr(json_over_nine_lines())
        );
        assert_eq!(
            summary_byte_by_byte(input.as_bytes()),
            vec![Ok((1, Format::Grid)), Ok((13, Format::Leetcode))]
        );
    }
}
