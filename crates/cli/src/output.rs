//! Standard output, one record per input record, and the exit status.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// The exit status, ordered so that the worst of several wins with `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every record succeeded: 0.
    Success,
    /// Some record failed: 1.
    RecordFailed,
    /// A usage or I/O error: 2.
    UsageOrIo,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(match status {
            Status::Success => 0,
            Status::RecordFailed => 1,
            Status::UsageOrIo => 2,
        })
    }
}

/// Buffered standard output that remembers whether a record failed.
pub struct Output<W: Write> {
    writer: BufWriter<W>,
    failed: bool,
}

impl<W: Write> Output<W> {
    pub fn new(writer: W) -> Self {
        Output {
            writer: BufWriter::new(writer),
            failed: false,
        }
    }

    /// Writes one line of text (a newline is added).
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.writer, "{text}")
    }

    /// Writes one successful record, already ending in a newline.
    pub fn record(&mut self, text: &str) -> io::Result<()> {
        self.writer.write_all(text.as_bytes())
    }

    /// Writes `error: <message>` in the record's place and explains it on
    /// stderr with the file and line.
    pub fn record_error(
        &mut self,
        source: &impl fmt::Display,
        line: usize,
        message: &str,
    ) -> io::Result<()> {
        self.failed = true;
        // Flush first so that, on a terminal, stdout and stderr stay in order.
        writeln!(self.writer, "error: {message}")?;
        self.writer.flush()?;
        eprintln!("error: {source}:{line}: {message}");
        Ok(())
    }

    /// `RecordFailed` once any record has failed.
    pub fn status(&self) -> Status {
        if self.failed {
            Status::RecordFailed
        } else {
            Status::Success
        }
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}
