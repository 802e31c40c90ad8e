//! Reading records from the files named on the command line, or standard input.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use sudoku_core::{Board, Format, ReadError, Records};

use crate::output::Status;

/// Where records come from, as messages name it.
pub enum Source<'a> {
    Stdin,
    File(&'a Path),
}

impl fmt::Display for Source<'_> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => formatter.write_str("<stdin>"),
            Source::File(path) => write!(formatter, "{}", path.display()),
        }
    }
}

/// Calls `handle` with every record of every input, in order: its source,
/// its line, and the board or the reason it could not be read.
///
/// A file that cannot be opened or read is reported on stderr and gives
/// [`Status::UsageOrIo`]; the other files are still read. An error from
/// `handle` (writing the output) stops everything.
pub fn each_record<F>(
    files: &[PathBuf],
    format: Option<Format>,
    mut handle: F,
) -> io::Result<Status>
where
    F: FnMut(&Source, usize, Result<Board, String>) -> io::Result<()>,
{
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut status = Status::Success;
    for path in files {
        let (source, records) = if path.as_os_str() == "-" {
            let reader: Box<dyn io::BufRead> = Box::new(io::stdin().lock());
            (Source::Stdin, Records::new(reader))
        } else {
            match File::open(path) {
                Ok(file) => {
                    let reader: Box<dyn io::BufRead> = Box::new(BufReader::new(file));
                    (Source::File(path), Records::new(reader))
                }
                Err(error) => {
                    eprintln!("error: {}: {error}", path.display());
                    status = Status::UsageOrIo;
                    continue;
                }
            }
        };
        for record in records.with_format(format) {
            match record {
                Ok(record) => handle(&source, record.line, Ok(record.board))?,
                Err(ReadError::Record { line, error }) => {
                    handle(&source, line, Err(error.to_string()))?;
                }
                Err(ReadError::Io(error)) => {
                    eprintln!("error: {source}: {error}");
                    status = Status::UsageOrIo;
                }
            }
        }
    }
    Ok(status)
}
