//! Running one function over every record, on several threads, with results
//! written in input order.
//!
//! Three kinds of thread share the work, joined by channels:
//!
//! - the **reader** parses records into chunks. It hands a chunk on once it
//!   is full and the next record comes, whenever reading is about to wait
//!   for input, and when reading ends, so a record that has been read is
//!   never held back by records not yet written (a slow pipe, a person
//!   typing). Each chunk goes to the writer, in order, and its records, cut
//!   into runs, to the workers;
//! - **workers** (`--jobs` of them at most, started only as runs arrive)
//!   take runs from one shared channel. A worker puts each outcome in its
//!   run's slot in the chunk as soon as it has it, and when the run is done
//!   it says so on a channel back to the writer, with the sequence number of
//!   the run's first record;
//! - the **writer** (the calling thread) takes finished runs in input order
//!   and writes their outcomes, which go out to stdout about 10 ms after
//!   they are written at the latest, however fast more come (unless stdout
//!   itself blocks). It holds at most [`CHUNKS_AHEAD`] chunks,
//!   and the reader cannot get further ahead than the channel between them
//!   holds, so memory stays flat however long the input is.
//!
//! With `--timeout`, the writer waits only until the deadline. Then it
//! writes every outcome already in a slot, finished run or not, and every
//! other record read is `error: timed out`; reading stops (the message says
//! where), and the run ends at once: a solve still running, or a read still
//! waiting for input, is abandoned with the process. A deadline that passes
//! once every record is done and the reader has said that reading has
//! ended stops nothing. It says how many chunks there are as soon as it
//! meets the end, before its last chunk when that chunk still holds
//! records, so the writer need not wait for the reader's thread.
//!
//! A signal (SIGINT, SIGTERM, SIGHUP) stops the run too, but no record is
//! written as an error: the outcomes are written in order up to the first
//! record not finished, stderr names that record's line (`interrupted;
//! stopped here`), or says that every record was written, and the exit
//! status is 130, 143 or 129.
//!
//! Even with one job the work is on a thread of its own: a signal that
//! comes during a long record (`count` on a nearly empty grid) must find
//! the writer free to write the records finished before it. Only where no
//! thread can be started does everything run on the calling thread, and
//! a deadline or a signal is then looked at between records.
//!
//! The chunks that pass between them are in `chunk`; the reader and the
//! workers in `dispatch`; the writer, which puts outcomes back in input
//! order, in `writer`; and its progress bar in `progress`.

mod chunk;
mod dispatch;
mod progress;
mod writer;

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use sudoku_core::{Board, Format};

use self::chunk::ChunksInAll;
use self::dispatch::{Dispatcher, Workers};
use self::progress::Progress;
use self::writer::{say_where_it_stopped, Stop, Writer, CHUNKS_AHEAD};
use crate::input::{each_record, Entry, Sink, Source};
use crate::output::{diagnostic, Output, Status};
use crate::{guard, interrupt};

/// What one record produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The text for stdout (ending in a newline), or the message of an
    /// error, written in the record's place as its [`Work`] writes a
    /// failed record (`error: <message>` unless it says otherwise). Text
    /// that many records share (a count below 10, `valid`) is borrowed: such
    /// a record allocates no text for its outcome.
    pub result: Result<Cow<'static, str>, String>,
    /// A note for stderr that does not make the record fail. Shared, so that
    /// a note many records carry (a file of puzzles with several solutions
    /// each) is made once per run, not once per record.
    pub warning: Option<Arc<str>>,
}

impl Outcome {
    /// A successful record.
    pub fn text(text: impl Into<Cow<'static, str>>) -> Self {
        Outcome {
            result: Ok(text.into()),
            warning: None,
        }
    }

    /// A failed record.
    pub fn error(message: String) -> Self {
        Outcome {
            result: Err(message),
            warning: None,
        }
    }

    /// The same outcome with a warning for stderr.
    pub fn warn(mut self, warning: impl Into<Arc<str>>) -> Self {
        self.warning = Some(warning.into());
        self
    }
}

/// How the records are run.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Threads that work on records, at most.
    pub jobs: usize,
    /// When the run gives up on the records not finished yet.
    pub deadline: Option<Instant>,
}

/// Where a record is in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place<'a> {
    /// Its number among the records of the whole input, every file in
    /// turn, from 1: also the number of its record in the output, which
    /// has one record for each.
    pub number: u64,
    /// Its file, as messages name it (`<stdin>` for standard input).
    pub source: &'a str,
    /// The line it starts on.
    pub line: usize,
}

/// What a work does with one record: its board and where it is.
type Function = dyn Fn(Board, &Place) -> Outcome + Send + Sync;

/// How a work writes a failed record on stdout, in the record's place:
/// from where the record is, its puzzle (none when it could not be read)
/// and the error's message, the text to write, ending in a newline.
pub type Failed = fn(&Place, Option<&Board>, &str) -> String;

/// The work done on each record: a plain function of its board (and of
/// where the record is, for a work that writes that down), so that it can
/// run on any thread and outlive a timed-out run; the name a panic inside
/// it is reported under (`internal error in <name>`); and how a failed
/// record is written on stdout.
#[derive(Clone)]
pub struct Work {
    name: &'static str,
    function: Arc<Function>,
    failed: Failed,
}

impl Work {
    /// A work on each record's board alone.
    pub fn new(
        name: &'static str,
        function: impl Fn(Board) -> Outcome + Send + Sync + 'static,
    ) -> Self {
        Work::placed(name, move |board, _| function(board))
    }

    /// A work on each record's board and where the record is.
    pub fn placed(
        name: &'static str,
        function: impl Fn(Board, &Place) -> Outcome + Send + Sync + 'static,
    ) -> Self {
        Work {
            name,
            function: Arc::new(function),
            failed: error_line,
        }
    }

    /// The same work, with each failed record written on stdout by
    /// `failed` instead of as `error: <message>`. Every failure goes
    /// there: the work's own errors, a record that could not be read, one
    /// timed out or not run. Stderr still names each one's file and line.
    pub fn failed_records_as(mut self, failed: Failed) -> Self {
        self.failed = failed;
        self
    }

    /// The outcome of one record: the work's, or the reason the record has
    /// no board. A panic in the work becomes this record's error.
    fn outcome(&self, place: &Place, board: &Result<Board, String>) -> Outcome {
        match board {
            Ok(board) => {
                guard::catch(|| (self.function)(*board, place)).unwrap_or_else(|message| {
                    Outcome::error(format!("internal error in {}: {message}", self.name))
                })
            }
            Err(message) => Outcome::error(message.clone()),
        }
    }
}

/// A failed record as most commands write it: `error: <message>`.
fn error_line(_: &Place, _: Option<&Board>, message: &str) -> String {
    format!("error: {message}\n")
}

/// Reads every record of `files`, runs `work` on each with up to
/// `settings.jobs` threads, and writes the outcomes in input order.
///
/// # Errors
/// When writing stdout fails.
pub fn run(
    output: &mut Output<impl Write>,
    files: &[PathBuf],
    format: Option<Format>,
    work: &Work,
    settings: Settings,
) -> io::Result<Status> {
    // Written out at each flush of stdout, and when this returns.
    let _held = output.hold_diagnostics();
    interrupt::watch(settings.deadline);
    let (to_writer, chunks) = crossbeam_channel::bounded(CHUNKS_AHEAD);
    let (to_workers, runs) = crossbeam_channel::unbounded();
    let (finished, results) = crossbeam_channel::unbounded();
    let workers = Workers {
        started: 0,
        limit: settings.jobs,
        runs,
        finished,
        work: work.clone(),
        deadline: settings.deadline,
        spawn: dispatch::spawn,
    };
    let in_all = ChunksInAll::new();
    let dispatcher = Dispatcher::new(to_writer, in_all.clone(), to_workers, workers);
    let files_again = files;
    let files = files.to_vec();
    let spawned = thread::Builder::new()
        .name("sudoku-reader".into())
        .spawn(move || dispatch::read(&files, format, dispatcher));
    let reader = match spawned {
        Ok(reader) => reader,
        Err(error) => {
            diagnostic!(
                "note: cannot start a thread to read with ({error}); working on one thread"
            );
            return run_here(output, files_again, format, work, settings.deadline);
        }
    };
    let writer = Writer {
        output,
        progress: Progress::new(),
        failed: work.failed,
    };
    let ending = writer.write(&chunks, &in_all, &results, settings.deadline)?;
    // The reader's status, once it has returned: not while it may still be
    // waiting for input that never comes (it is left behind then).
    let read = if ending.all_read {
        reader.join().unwrap_or(Status::UsageOrIo)
    } else {
        Status::Success
    };
    let stop = match (ending.stop, read) {
        (Some(stop), _) => Some(stop),
        (None, Status::Signal(signal)) => Some(Stop::Interrupted(signal)),
        (None, _) => None,
    };
    let Some(stop) = stop else {
        return Ok(read.max(output.status()));
    };
    // Stopped before the end, unless every record there was is written.
    if !ending.all_read || matches!(read, Status::Signal(_)) {
        output.before_diagnostic()?;
        say_where_it_stopped(stop, ending.last_read.as_ref());
    } else if let Stop::Interrupted(_) = stop {
        // The signal came as the last record was written: the status
        // still says so, and so does stderr, with no line to name.
        output.before_diagnostic()?;
        diagnostic!("error: interrupted after every record was written");
    }
    let stopped = match stop {
        Stop::TimedOut => Status::RecordFailed,
        Stop::Interrupted(signal) => Status::Signal(signal),
    };
    Ok(read.max(output.status()).max(stopped))
}

/// Where no thread can be started: every record read, worked on and
/// written in turn on this thread. The deadline and a signal are looked at
/// between records only: a long solve, or a read that waits, cannot be
/// left behind (the watchdog ends the run then, if it could be started).
fn run_here(
    output: &mut Output<impl Write>,
    files: &[PathBuf],
    format: Option<Format>,
    work: &Work,
    deadline: Option<Instant>,
) -> io::Result<Status> {
    let mut here = Here {
        work,
        writer: Writer {
            output,
            progress: Progress::new(),
            failed: work.failed,
        },
        records: 0,
        flush_error: None,
        deadline,
        timed_out_at: None,
    };
    let status = each_record(files, format, &mut here)?;
    let writer = here.writer;
    writer.progress.finish();
    if let Some(at) = here.timed_out_at {
        writer.output.before_diagnostic()?;
        say_where_it_stopped(Stop::TimedOut, Some(&at));
        writer.output.fail();
    }
    Ok(status.max(writer.output.status()))
}

/// The sink of [`run_here`]: works on each record as it is read, and writes
/// its outcome.
struct Here<'a, W: Write> {
    work: &'a Work,
    writer: Writer<'a, W>,
    /// The records read so far.
    records: u64,
    /// A failed flush (the reader of the output left), for the next record
    /// to report.
    flush_error: Option<io::Error>,
    deadline: Option<Instant>,
    /// The record that was read past the deadline, not worked on: reading
    /// stopped there.
    timed_out_at: Option<chunk::Resume>,
}

impl<W: Write> Sink for Here<'_, W> {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        if let Some(error) = self.flush_error.take() {
            return Err(error);
        }
        if Stop::now(self.deadline) == Some(Stop::TimedOut) {
            self.timed_out_at = Some(chunk::Resume {
                source: Arc::clone(source.name()),
                line: entry.line,
            });
            return Ok(());
        }
        self.records += 1;
        let place = Place {
            number: self.records,
            source: source.name(),
            line: entry.line,
        };
        let outcome = self.work.outcome(&place, &entry.board);
        self.writer
            .write_outcome(&place, entry.board.as_ref().ok(), &outcome)
    }

    /// What has been written reaches the reader before the input is waited
    /// for.
    fn before_wait(&mut self) {
        if let Err(error) = self.writer.output.flush() {
            self.flush_error.get_or_insert(error);
        }
    }

    fn done(&self) -> bool {
        self.timed_out_at.is_some()
    }

    /// Every record read has been written: where reading stopped follows.
    fn interrupted(&mut self, source: &Source, line: usize) {
        if let Err(error) = self.writer.output.before_diagnostic() {
            self.flush_error.get_or_insert(error);
        }
        let at = chunk::Resume {
            source: Arc::clone(source.name()),
            line,
        };
        if let Some(signal) = interrupt::signalled() {
            say_where_it_stopped(Stop::Interrupted(signal), Some(&at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::time::Duration;

    const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn file_with(contents: &str) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(contents.as_bytes()).unwrap();
        file
    }

    /// Runs `work` over `input` and returns stdout and the exit status.
    fn run_on(input: &str, work: &Work, settings: Settings) -> (String, Status) {
        let file = file_with(input);
        let mut output = Output::new(Vec::new());
        let status = run(
            &mut output,
            &[file.path().to_path_buf()],
            None,
            work,
            settings,
        )
        .unwrap();
        (String::from_utf8(output.into_inner()).unwrap(), status)
    }

    fn settings(jobs: usize, deadline: Option<Instant>) -> Settings {
        Settings { jobs, deadline }
    }

    /// Echoes a board's first cell; panics on a board whose first cell is 9.
    fn first_cell_or_panic() -> Work {
        Work::new("test-approach", |board: Board| {
            let first = board.cells()[0];
            assert!(first != 9, "nine is not allowed here");
            Outcome::text(format!("{first}\n"))
        })
    }

    #[test]
    fn a_panic_in_the_work_fails_its_record_and_the_others_go_on() {
        let mut input = String::new();
        for index in 0..500 {
            let first = if index % 100 == 7 { '9' } else { '1' };
            input.push(first);
            input.push_str(&EXAMPLE[1..]);
            input.push('\n');
        }
        for jobs in [1, 2, 3] {
            for deadline in [None, Instant::now().checked_add(Duration::from_secs(600))] {
                let (stdout, status) =
                    run_on(&input, &first_cell_or_panic(), settings(jobs, deadline));
                let lines: Vec<&str> = stdout.lines().collect();
                assert_eq!(lines.len(), 500, "jobs {jobs}");
                assert_eq!(status, Status::RecordFailed, "jobs {jobs}");
                for (index, line) in lines.iter().enumerate() {
                    if index % 100 == 7 {
                        assert!(
                            line.starts_with(
                                "error: internal error in test-approach: nine is not allowed here (at "
                            ),
                            "jobs {jobs}: {line}"
                        );
                    } else {
                        assert_eq!(*line, "1", "jobs {jobs}, record {index}");
                    }
                }
            }
        }
    }

    #[test]
    fn outcomes_come_out_in_input_order_when_work_finishes_out_of_order() {
        // Early records take longest, so later runs come back first.
        let work = Work::new("sleepy", |board: Board| {
            let first = board.cells()[0];
            thread::sleep(Duration::from_millis(u64::from(9 - first)));
            Outcome::text(format!("{first}\n"))
        });
        let mut input = String::new();
        let mut expected = String::new();
        for index in 0..60u8 {
            let first = char::from(b'1' + index % 9);
            input.push(first);
            input.push_str(&EXAMPLE[1..]);
            input.push('\n');
            expected.push(first);
            expected.push('\n');
        }
        for jobs in [2, 4] {
            assert_eq!(
                run_on(&input, &work, settings(jobs, None)),
                (expected.clone(), Status::Success)
            );
        }
    }

    #[test]
    fn where_no_thread_can_start_the_deadline_still_stops_the_reading() {
        // Where the limit on processes left no thread for the reader, the
        // run went on with no deadline at all (40 s for a `--timeout 0.5`).
        let file = file_with(&format!("{EXAMPLE}\n{EXAMPLE}\n"));
        let work = first_cell_or_panic();
        let mut output = Output::new(Vec::new());
        let files = [file.path().to_path_buf()];
        let status = run_here(&mut output, &files, None, &work, Some(Instant::now())).unwrap();
        assert_eq!(status, Status::RecordFailed);
        assert_eq!(String::from_utf8(output.into_inner()).unwrap(), "");
        let mut output = Output::new(Vec::new());
        let status = run_here(&mut output, &files, None, &work, None).unwrap();
        assert_eq!(status, Status::Success);
        assert_eq!(String::from_utf8(output.into_inner()).unwrap(), "5\n5\n");
    }

    #[test]
    fn the_deadline_times_out_what_was_read_and_not_finished() {
        let work = Work::new("slow", |board: Board| {
            if board.cells()[0] == 9 {
                thread::sleep(Duration::from_secs(30));
            }
            Outcome::text("done\n".to_string())
        });
        let input = format!("1{rest}\n9{rest}\n1{rest}\n", rest = &EXAMPLE[1..]);
        let started = Instant::now();
        let deadline = started + Duration::from_millis(300);
        let (stdout, status) = run_on(&input, &work, settings(1, Some(deadline)));
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(stdout, "done\nerror: timed out\nerror: timed out\n");
        assert_eq!(status, Status::RecordFailed);
        // A work that writes its failed records its own way writes these too.
        let work = work.failed_records_as(|place, puzzle, message| {
            let first = puzzle.map(|puzzle| puzzle.cells()[0]);
            format!(
                "{} line {} {first:?}: {message}\n",
                place.number, place.line
            )
        });
        let deadline = Instant::now() + Duration::from_millis(300);
        let (stdout, _) = run_on(&input, &work, settings(1, Some(deadline)));
        assert_eq!(
            stdout,
            "done\n2 line 2 Some(9): timed out\n3 line 3 Some(1): timed out\n"
        );
    }

    /// Writes where each record is; fails a board whose first cell is 9,
    /// and writes a failed record with its place and first cell.
    fn where_it_is() -> Work {
        Work::placed("where", |board: Board, place: &Place| {
            if board.cells()[0] == 9 {
                return Outcome::error("nine".to_string());
            }
            Outcome::text(format!(
                "{} {}:{}\n",
                place.number, place.source, place.line
            ))
        })
        .failed_records_as(|place, puzzle, message| {
            let first = puzzle.map(|puzzle| puzzle.cells()[0]);
            format!(
                "failed {} {}:{} {first:?}: {message}\n",
                place.number, place.source, place.line
            )
        })
    }

    #[test]
    fn records_are_numbered_across_files_in_input_order_with_any_jobs() {
        let rest = &EXAMPLE[1..];
        let one = file_with(&format!("5{rest}\n\nnot a puzzle\n9{rest}\n"));
        let two = file_with(&format!("# a comment\n5{rest}\n"));
        let (one_name, two_name) = (one.path().display(), two.path().display());
        let expected = format!(
            "1 {one_name}:1\n\
             failed 2 {one_name}:3 None: column 1: 'n' is not a digit or a blank (. 0 _ -)\n\
             failed 3 {one_name}:4 Some(9): nine\n\
             4 {two_name}:2\n"
        );
        let files = [one.path().to_path_buf(), two.path().to_path_buf()];
        for jobs in [1, 2, 3] {
            let mut output = Output::new(Vec::new());
            let status = run(
                &mut output,
                &files,
                None,
                &where_it_is(),
                settings(jobs, None),
            );
            assert_eq!(status.unwrap(), Status::RecordFailed);
            assert_eq!(String::from_utf8(output.into_inner()).unwrap(), expected);
        }
        // And where no thread can be started.
        let mut output = Output::new(Vec::new());
        let status = run_here(&mut output, &files, None, &where_it_is(), None).unwrap();
        assert_eq!(status, Status::RecordFailed);
        assert_eq!(String::from_utf8(output.into_inner()).unwrap(), expected);
    }
}
