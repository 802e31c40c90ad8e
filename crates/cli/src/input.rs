//! Reading records from the files named on the command line, or standard input.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sudoku_core::{Board, Format, ReadError, Records};

use crate::interrupt;
use crate::output::{diagnostic, escaped_name, same_target, Status};

/// Bytes asked of the operating system at a time.
const READ_BUFFER: usize = 64 * 1024;

/// Where records come from, as messages name it: `<stdin>`, or the file's
/// path. The name is made once per file and shared: a file where every
/// record has a warning names itself in each, and making the name again
/// for each (the path's bytes checked as UTF-8 every time) was a visible
/// part of `sudoku solve`'s time on such a file.
pub struct Source {
    name: Arc<str>,
}

impl Source {
    fn stdin() -> Source {
        Source {
            name: Arc::from("<stdin>"),
        }
    }

    fn file(path: &Path) -> Source {
        Source {
            name: Arc::from(escaped_name(path)),
        }
    }

    /// The name, shared.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }
}

impl fmt::Display for Source {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.name)
    }
}

/// One record as read.
pub struct Entry {
    /// The line it starts on.
    pub line: usize,
    /// The first line after it: where reading goes on.
    pub next_line: usize,
    /// The board, or why there is none.
    pub board: Result<Board, String>,
}

/// What [`each_record`] hands what it reads to, one method per event, as
/// ripgrep's searcher hands its matches to a `Sink`.
pub trait Sink {
    /// Takes one record, read from `source`.
    ///
    /// # Errors
    /// One that should stop the reading (writing the output failed); it is
    /// what [`each_record`] returns.
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()>;

    /// Reading is about to ask the operating system for more bytes, which
    /// may block (a pipe whose writer is slow, a person typing): the time
    /// to hand on what is held back, so that records already read never
    /// wait for records not yet written. By default, nothing.
    fn before_wait(&mut self) {}

    /// Reading is about to open `source` (and read it), which may keep it
    /// waiting: a FIFO, a pipe, a terminal, anything but a regular file.
    /// Opening a FIFO waits for a writer. The time to hand on what is held
    /// back, as in [`Sink::before_wait`], and to note where reading is. By
    /// default, [`Sink::before_wait`].
    fn before_waiting_source(&mut self, _source: &Source) {
        self.before_wait();
    }

    /// Reading stopped on a signal (see [`interrupt`]), before the line
    /// `line` of `source`: by default, says so on stderr. A sink that
    /// writes its records later says it itself, after them.
    fn interrupted(&mut self, source: &Source, line: usize) {
        diagnostic!(
            "error: {source}:{line}: interrupted; reading stopped here, and the rest of the input was not read"
        );
    }

    /// Whether the sink has had all it wants: then reading stops, and
    /// the rest of the input (every later file too) is not read. A sink
    /// that keeps only the first problem need not read on to the end of
    /// a huge or endless input. By default, never.
    fn done(&self) -> bool {
        false
    }

    /// The most bytes to read of one input, if there is a limit: past it,
    /// reading the input fails with an I/O error that names the limit
    /// (reported like any error reading it). For a reader that must have
    /// the whole input before it can start, as the judge's `--cases`:
    /// with no limit, an endless input (a pipe from `yes`, say) would
    /// keep it reading for ever. By default, none.
    fn byte_limit(&self) -> Option<u64> {
        None
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        (**self).record(source, entry)
    }

    fn before_wait(&mut self) {
        (**self).before_wait();
    }

    fn before_waiting_source(&mut self, source: &Source) {
        (**self).before_waiting_source(source);
    }

    fn interrupted(&mut self, source: &Source, line: usize) {
        (**self).interrupted(source, line);
    }

    fn done(&self) -> bool {
        (**self).done()
    }

    fn byte_limit(&self) -> Option<u64> {
        (**self).byte_limit()
    }
}

/// A reader that tells the sink every time it is about to ask the operating
/// system for more bytes ([`Sink::before_wait`]) when that may wait (not
/// for a regular file, where telling it before every read of every file
/// cost more than the work on 20,000 files of one record), and fails once
/// it has read more than the sink's [`Sink::byte_limit`].
///
/// The sink is reached from two places: from here, inside the reader of
/// records, and from [`each_record`]'s loop, which gives it the records. The
/// two never overlap (a record is handed on between reads, not during
/// one), which the `RefCell` checks.
struct Announcing<'a, R, S> {
    inner: R,
    sink: &'a RefCell<S>,
    /// The bytes read so far.
    read: u64,
    limit: Option<u64>,
    /// Whether a read may wait: see [`may_wait`].
    may_wait: bool,
}

impl<R: Read, S: Sink> Read for Announcing<'_, R, S> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if let Some(limit) = self.limit.filter(|&limit| self.read > limit) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("more than {} MiB, the most that is read of it", limit >> 20),
            ));
        }
        if self.may_wait {
            self.sink.borrow_mut().before_wait();
        }
        let read = self.inner.read(buffer)?;
        self.read += read as u64;
        Ok(read)
    }
}

/// The inputs `files` names: standard input (`-`) when it names none.
fn inputs(files: &[PathBuf]) -> Cow<'_, [PathBuf]> {
    if files.is_empty() {
        Cow::Owned(vec![PathBuf::from("-")])
    } else {
        Cow::Borrowed(files)
    }
}

/// The input among `files` (standard input when there are none, or for
/// `-`) that is the same file as `output`, if any: writing there while
/// reading it would feed the command its own output (a file appended to
/// itself grows for ever) or destroy the input. Only regular files are
/// compared: a terminal or a pipe cannot be both.
pub fn input_written_to(files: &[PathBuf], output: &Path) -> Option<String> {
    if !std::fs::metadata(output).ok()?.is_file() {
        return None;
    }
    let files = inputs(files);
    files.iter().find_map(|path| {
        let (name, path) = if path.as_os_str() == "-" {
            ("standard input".to_string(), Path::new("/dev/stdin"))
        } else {
            (escaped_name(path), path.as_path())
        };
        (same_target(path, output) == Some(true)).then_some(name)
    })
}

/// True, after saying so on stderr, when standard output or standard error
/// is one of the inputs `files` (standard input when there are none): a
/// record's answer, or its error message, would be read back as a new
/// record, and the file would grow for ever; a table or a verdict would
/// land in the puzzles or the submission it was made from. Every command
/// that reads a file refuses to start then.
pub fn refuse_outputs_into(files: &[PathBuf]) -> bool {
    for (stream, path) in [("output", "/dev/stdout"), ("error output", "/dev/stderr")] {
        if let Some(input) = input_written_to(files, Path::new(path)) {
            diagnostic!("error: the {stream} is also an input ({input}): write it to another file");
            return true;
        }
    }
    false
}

/// Whether reading `path` (`-`: standard input) may wait, to open it or to
/// read it: true for anything but a regular file (a FIFO, a pipe, a
/// terminal, a device), and for what cannot be looked at.
fn may_wait(path: &Path) -> bool {
    let path = if path.as_os_str() == "-" {
        Path::new("/dev/stdin")
    } else {
        path
    };
    !std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file())
}

/// Gives `sink` every record of every input, in order: its source, and the
/// record with its lines and its board or the reason it has none; and tells
/// it whenever reading is about to wait for input.
///
/// A file that cannot be opened or read is reported on stderr and gives
/// [`Status::UsageOrIo`]; the other files are still read. An error from
/// the sink (writing the output) stops everything, and so does a sink that
/// is [done](Sink::done). So does a signal, where they are caught
/// ([`interrupt::watch`]): reading stops
/// after the record it came during, the sink says where
/// ([`Sink::interrupted`]), and the status is [`Status::Signal`].
pub fn each_record(
    files: &[PathBuf],
    format: Option<Format>,
    sink: &mut impl Sink,
) -> io::Result<Status> {
    let sink = RefCell::new(sink);
    let files = inputs(files);
    let mut status = Status::Success;
    for path in files.iter() {
        let source = if path.as_os_str() == "-" {
            Source::stdin()
        } else {
            Source::file(path)
        };
        if let Some(signal) = interrupt::signalled() {
            sink.borrow_mut().interrupted(&source, 1);
            return Ok(Status::Signal(signal));
        }
        let may_wait = may_wait(path);
        if may_wait {
            sink.borrow_mut().before_waiting_source(&source);
        }
        let reader: Box<dyn Read> = if path.as_os_str() == "-" {
            Box::new(io::stdin().lock())
        } else {
            match File::open(path) {
                Ok(file) => Box::new(file),
                Err(error) => {
                    diagnostic!("error: {source}: {error}");
                    status = Status::UsageOrIo;
                    continue;
                }
            }
        };
        let limit = sink.borrow().byte_limit();
        let reader = BufReader::with_capacity(
            READ_BUFFER,
            Announcing {
                inner: reader,
                sink: &sink,
                read: 0,
                limit,
                may_wait,
            },
        );
        let mut records = Records::new(reader).with_format(format);
        while let Some(record) = records.next() {
            let (line, board) = match record {
                Ok(record) => (record.line, Ok(record.board)),
                Err(ReadError::Record { line, error }) => (line, Err(error.to_string())),
                Err(ReadError::Io(error)) => {
                    diagnostic!("error: {source}: {error}");
                    status = Status::UsageOrIo;
                    continue;
                }
            };
            let next_line = records.lines_consumed() + 1;
            sink.borrow_mut().record(
                &source,
                Entry {
                    line,
                    next_line,
                    board,
                },
            )?;
            if sink.borrow().done() {
                return Ok(status);
            }
            if let Some(signal) = interrupt::signalled() {
                sink.borrow_mut().interrupted(&source, next_line);
                return Ok(Status::Signal(signal));
            }
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts what reading tells it.
    #[derive(Default)]
    struct Counting {
        records: usize,
        waits: usize,
    }

    impl Sink for Counting {
        fn record(&mut self, _: &Source, _: Entry) -> io::Result<()> {
            self.records += 1;
            Ok(())
        }

        fn before_wait(&mut self) {
            self.waits += 1;
        }
    }

    #[test]
    fn regular_files_never_announce_a_wait_but_a_fifo_does() {
        // Announcing every read of 20,000 one-record files handed each
        // record on alone: 4.7 s on many threads against 0.18 s on one.
        let folder = tempfile::tempdir().unwrap();
        let files: Vec<PathBuf> = (0..3)
            .map(|index| {
                let path = folder.path().join(format!("{index}.txt"));
                std::fs::write(&path, format!("{}\n", ".".repeat(81))).unwrap();
                path
            })
            .collect();
        let mut sink = Counting::default();
        assert_eq!(
            each_record(&files, None, &mut sink).unwrap(),
            Status::Success
        );
        assert_eq!((sink.records, sink.waits), (3, 0));
        assert!(!may_wait(&files[0]));
        assert!(may_wait(Path::new("/dev/null")));
        assert!(may_wait(&folder.path().join("missing")));
    }
}
