//! The physical lines of the input, below the records: where a line ends
//! (LF, CRLF or a lone CR), the UTF-8 byte-order mark of the first line,
//! and the longest line kept ([`MAX_LINE_BYTES`]). What a line means, and
//! where a record begins or ends, is for the reader above (`reader/mod.rs`).

use std::io::{self, BufRead};

use crate::error::RecordError;

/// The longest line the reader keeps; a longer line is an error for its record.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The physical lines of a [`BufRead`], numbered from 1, each read into one
/// buffer that is reused, and never longer than [`MAX_LINE_BYTES`].
pub(super) struct Lines<R> {
    reader: R,
    /// How many lines have been read: the number of the last one.
    number: usize,
    buffer: Vec<u8>,
    /// The last line ended with a CR: a LF right after it belongs to that line end.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines {
            reader,
            number: 0,
            buffer: Vec::new(),
            after_cr: false,
        }
    }

    /// How many lines have been read: the number of the last one, 0 before the first.
    pub(super) fn number(&self) -> usize {
        self.number
    }

    /// The next physical line of the input, without its line end, with its
    /// number, and its text lent out of `self.buffer` rather than copied;
    /// `None` at the end of input. Every byte of the line, kept or not,
    /// goes through `observe`, in order, a piece at a time (a caller that
    /// follows brackets across lines sees a line too long to keep all the
    /// same).
    ///
    /// Not `BufRead::read_until` over `Read::take` (with `skip_until` for
    /// the rest of a long line): those split on one byte, and a lone CR
    /// ends a line too. A file with CR line ends would be a single line to
    /// them, cut at the limit, and every record after the first 64 KiB
    /// lost; so this loop looks for either byte in what `fill_buf` holds.
    pub(super) fn next_line(
        &mut self,
        mut observe: impl FnMut(&[u8]),
    ) -> io::Result<Option<(usize, Result<&str, RecordError>)>> {
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
            if end.is_some() {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        self.number += 1;
        let number = self.number;
        if too_long {
            return Ok(Some((
                number,
                Err(RecordError::LineTooLong {
                    limit: MAX_LINE_BYTES,
                }),
            )));
        }
        let mut bytes = self.buffer.as_slice();
        if self.number == 1 {
            if let Some(stripped) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
                bytes = stripped;
            }
        }
        let text = std::str::from_utf8(bytes).map_err(|error| RecordError::NotUtf8 {
            byte: error.valid_up_to() + 1,
        });
        Ok(Some((number, text)))
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
        while let Some((number, text)) = lines.next_line(|_| {}).unwrap() {
            let text = text.map(str::to_string).map_err(|error| error.to_string());
            read.push((number, text));
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
