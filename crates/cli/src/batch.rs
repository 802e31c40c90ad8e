//! Running one function over every record, on several threads, with results
//! written in input order.
//!
//! A reader thread parses records and cuts them into chunks. Each chunk's
//! records go, in runs, into a queue that the `--jobs` threads of a rayon
//! pool take from, each filling one result slot per record. The chunk also
//! goes to the calling thread, which writes the slots in input order as they
//! fill. Bounded channels keep a few chunks alive at a time, so
//! memory stays flat however long the input is. When `--timeout` expires,
//! the writer stops waiting: the slots filled so far are written and every
//! other record, read or not yet read, becomes `error: timed out`. A solve
//! still running then is abandoned with the process when `main` returns.
//!
//! With one job and no timeout there is nothing to overlap or abandon, and
//! everything runs on the calling thread.

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku_core::{Board, Format};

use crate::input::{each_record, Source};
use crate::output::{Output, Status};

/// What one record produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The text for stdout (ending in a newline), or the message of an
    /// error, written as `error: <message>` in the record's place.
    pub result: Result<String, String>,
    /// A note for stderr that does not make the record fail.
    pub warning: Option<String>,
}

impl Outcome {
    /// A successful record.
    pub fn text(text: String) -> Self {
        Outcome {
            result: Ok(text),
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
    pub fn warn(mut self, warning: String) -> Self {
        self.warning = Some(warning);
        self
    }
}

/// How the records are run.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Threads that work on records.
    pub jobs: usize,
    /// When the run gives up on the records not finished yet.
    pub deadline: Option<Instant>,
    /// Put a blank line between records (grid output).
    pub separate: bool,
}

/// The work done on each record: a plain function of its board, so that it
/// can run on any thread and outlive a timed-out run.
pub type Work = Arc<dyn Fn(Board) -> Outcome + Send + Sync>;

/// Records per chunk. Large enough that handing a chunk between threads
/// costs nothing next to solving it, small enough that the chunks in flight
/// take a few megabytes.
const CHUNK: usize = 4096;

/// Records in the first chunk; chunks then double up to [`CHUNK`].
const FIRST_CHUNK: usize = 128;

/// The most records a worker takes at once, and finishes before it tells the
/// writer: waking the writer for every record would cost as much as solving
/// an easy one.
const RUN: usize = 64;

/// Records the writer waits for once it has caught up with the workers.
const WRITE_BATCH: usize = 8 * RUN;

/// A record that took this long is announced to the writer at once.
const ANNOUNCE_AFTER: Duration = Duration::from_millis(5);

/// Chunks the reader may run ahead of the writer.
const CHUNKS_AHEAD: usize = 4;

/// A run longer than this shows a progress bar (on a terminal).
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// One record as read: where it is, and its board or why it has none.
struct Item {
    source: Arc<str>,
    line: usize,
    board: Result<Board, String>,
}

/// How far the workers are with a chunk, and how far the writer waits for.
#[derive(Default)]
struct Filling {
    filled: usize,
    wanted: usize,
}

/// A chunk of records and their result slots, shared by the three threads.
struct Chunk {
    items: Vec<Item>,
    slots: Vec<OnceLock<Outcome>>,
    progress: Mutex<Filling>,
    changed: Condvar,
}

impl Chunk {
    fn new(items: Vec<Item>) -> Self {
        let slots = items.iter().map(|_| OnceLock::new()).collect();
        Chunk {
            items,
            slots,
            progress: Mutex::new(Filling::default()),
            changed: Condvar::new(),
        }
    }

    /// Works on the run of records that starts at `start`, skipping those
    /// that would start after the deadline. The writer hears of the run's
    /// records together, not of every record, unless they are slow ones.
    fn work(&self, start: usize, end: usize, work: &Work, deadline: Option<Instant>) {
        let mut unannounced = 0;
        let mut since = Instant::now();
        for (item, slot) in self.items[start..end].iter().zip(&self.slots[start..end]) {
            if deadline.is_some_and(|deadline| since >= deadline) {
                break;
            }
            let outcome = match &item.board {
                Ok(board) => work(*board),
                Err(message) => Outcome::error(message.clone()),
            };
            let _ = slot.set(outcome);
            unannounced += 1;
            let now = Instant::now();
            if now.duration_since(since) >= ANNOUNCE_AFTER {
                self.announce(std::mem::take(&mut unannounced), true);
            }
            since = now;
        }
        self.announce(unannounced, false);
    }

    /// Tells the writer that `records` more slots are filled, if it is
    /// waiting for that many (or `urgent`: a slow record, worth writing now).
    fn announce(&self, records: usize, urgent: bool) {
        if records > 0 {
            let mut progress = self.progress.lock().unwrap_or_else(PoisonError::into_inner);
            progress.filled += records;
            if urgent || progress.filled >= progress.wanted {
                self.changed.notify_all();
            }
        }
    }

    /// The outcome of record `index`, waiting for it until the deadline;
    /// `None` once the deadline has passed without it.
    fn wait(&self, index: usize, deadline: Option<Instant>) -> Option<&Outcome> {
        if let Some(outcome) = self.slots[index].get() {
            return Some(outcome);
        }
        let mut progress = self.progress.lock().unwrap_or_else(PoisonError::into_inner);
        // Sleep until a batch of records is done rather than the next one:
        // a wake-up per record would cost more than writing it.
        progress.wanted = (progress.filled + WRITE_BATCH).min(self.items.len());
        loop {
            if let Some(outcome) = self.slots[index].get() {
                return Some(outcome);
            }
            progress = match deadline {
                None => self
                    .changed
                    .wait(progress)
                    .unwrap_or_else(PoisonError::into_inner),
                Some(deadline) => {
                    let left = deadline.checked_duration_since(Instant::now())?;
                    self.changed
                        .wait_timeout(progress, left)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                }
            };
        }
    }
}

/// Runs of records waiting for a worker, oldest first. Every worker takes
/// the next run as soon as it is free, so none waits for another to finish a
/// chunk, and nothing is handed over per record.
#[derive(Default)]
struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

#[derive(Default)]
struct QueueState {
    /// A chunk and the range of a run's records.
    runs: VecDeque<(Arc<Chunk>, Range<usize>)>,
    closed: bool,
}

impl Queue {
    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds every run of `chunk`, cut so that each of `jobs` threads gets
    /// several runs even from a small chunk: a few slow puzzles (a classic
    /// approach on hard ones) must not all land on one thread.
    fn push(&self, chunk: &Arc<Chunk>, jobs: usize) {
        let records = chunk.items.len();
        let run = (records / (4 * jobs)).clamp(1, RUN);
        let mut state = self.lock();
        for start in (0..records).step_by(run) {
            state
                .runs
                .push_back((Arc::clone(chunk), start..(start + run).min(records)));
        }
        self.ready.notify_all();
    }

    /// No more runs will come: workers stop once the queue is empty.
    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }

    /// The next run, waiting for one; `None` once closed and empty.
    fn pop(&self) -> Option<(Arc<Chunk>, Range<usize>)> {
        let mut state = self.lock();
        loop {
            if let Some(run) = state.runs.pop_front() {
                return Some(run);
            }
            if state.closed {
                return None;
            }
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Reads every record of `files`, runs `work` on each with `settings.jobs`
/// threads, and writes the outcomes in input order.
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
    if settings.jobs == 1 && settings.deadline.is_none() {
        return run_here(output, files, format, work, settings.separate);
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs)
        .thread_name(|index| format!("sudoku-job-{index}"))
        .build()
    {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start {} threads: {error}", settings.jobs);
            return Ok(Status::UsageOrIo);
        }
    };
    // Typed puzzles get their answer at once; files are read in chunks.
    let chunk_size = if files.is_empty() && io::stdin().is_terminal() {
        1
    } else {
        CHUNK
    };
    let (deadline, jobs) = (settings.deadline, settings.jobs);
    let queue = Arc::new(Queue::default());
    for _ in 0..settings.jobs {
        let (queue, work) = (Arc::clone(&queue), Arc::clone(work));
        pool.spawn(move || {
            while let Some((chunk, run)) = queue.pop() {
                chunk.work(run.start, run.end, &work, deadline);
            }
        });
    }
    let (to_writer, receiver) = mpsc::sync_channel(CHUNKS_AHEAD);
    let reader = {
        let files = files.to_vec();
        thread::Builder::new()
            .name("sudoku-reader".into())
            .spawn(move || {
                let status = read(
                    &files, format, chunk_size, &queue, jobs, &to_writer, deadline,
                );
                queue.close();
                status
            })?
    };
    let written = write(output, &receiver, settings);
    drop(receiver);
    // The reader has nothing left to send once the writer saw the last chunk;
    // if writing failed it stops at its next send.
    let read_status = reader.join().unwrap_or(Status::UsageOrIo);
    written.map(|status| status.max(read_status))
}

/// One job and no deadline: every record read, worked on and written in
/// turn on this thread, with no thread to hand anything to. (A deadline needs
/// the work on another thread, so that a long solve can be left behind.)
fn run_here(
    output: &mut Output<impl Write>,
    files: &[PathBuf],
    format: Option<Format>,
    work: &Work,
    separate: bool,
) -> io::Result<Status> {
    let progress = Progress::new();
    let mut first = true;
    let status = each_record(files, format, |source: &Source, line, board| {
        let outcome = match board {
            Ok(board) => work(board),
            Err(message) => Outcome::error(message),
        };
        write_outcome(
            output,
            &progress,
            source,
            line,
            &outcome,
            separate && !first,
        )?;
        first = false;
        Ok(())
    });
    progress.finish();
    status.map(|status| status.max(output.status()))
}

/// Writes one record's outcome: its text or `error:` line on stdout, and its
/// warning or error on stderr, naming the file and line.
fn write_outcome(
    output: &mut Output<impl Write>,
    progress: &Progress,
    source: &impl std::fmt::Display,
    line: usize,
    outcome: &Outcome,
    blank_line_before: bool,
) -> io::Result<()> {
    if blank_line_before {
        output.line("")?;
    }
    // Only what goes to stderr needs the bar out of the way (stdout is not
    // the terminal when there is a bar); clearing it for every record would
    // redraw it for every record.
    if outcome.warning.is_some() || outcome.result.is_err() {
        progress.suspend(|| -> io::Result<()> {
            if let Some(warning) = &outcome.warning {
                output.flush()?;
                eprintln!("warning: {source}:{line}: {warning}");
            }
            match &outcome.result {
                Ok(text) => output.record(text),
                Err(message) => output.record_error(source, line, message),
            }
        })?;
    } else if let Ok(text) = &outcome.result {
        output.record(text)?;
    }
    progress.tick();
    Ok(())
}

/// The reader thread: parses records into chunks, hands each to the pool
/// and then to the writer. After the deadline it still reads, so that every
/// record gets its `timed out` line, but gives the pool nothing more.
fn read(
    files: &[PathBuf],
    format: Option<Format>,
    chunk_size: usize,
    queue: &Queue,
    jobs: usize,
    to_writer: &SyncSender<Arc<Chunk>>,
    deadline: Option<Instant>,
) -> Status {
    let mut next_size = chunk_size.min(FIRST_CHUNK);
    let mut items = Vec::with_capacity(next_size);
    // Every record of a file shares one copy of its name.
    let mut source_name: Option<(Option<PathBuf>, Arc<str>)> = None;
    let send = |items: Vec<Item>| -> io::Result<()> {
        let chunk = Arc::new(Chunk::new(items));
        if deadline.is_none_or(|deadline| Instant::now() < deadline) {
            queue.push(&chunk, jobs);
        }
        to_writer
            .send(chunk)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the writer stopped"))
    };
    let status = each_record(files, format, |source: &Source, line, board| {
        let path = match source {
            Source::Stdin => None,
            Source::File(path) => Some(*path),
        };
        let source = match &source_name {
            Some((known, shared)) if known.as_deref() == path => Arc::clone(shared),
            _ => {
                let shared: Arc<str> = Arc::from(source.to_string());
                source_name = Some((path.map(Path::to_path_buf), Arc::clone(&shared)));
                shared
            }
        };
        items.push(Item {
            source,
            line,
            board,
        });
        if items.len() >= next_size {
            // Small chunks first, so that the pool starts at once.
            next_size = (next_size * 2).min(chunk_size);
            send(std::mem::replace(&mut items, Vec::with_capacity(next_size)))?;
        }
        Ok(())
    });
    let status = match status {
        Ok(status) if items.is_empty() => Ok(status),
        Ok(status) => send(items).map(|()| status),
        Err(error) => Err(error),
    };
    // A send fails only when the writer has stopped, which it reports itself.
    status.unwrap_or(Status::Success)
}

/// The writing thread: outcomes in input order, a progress bar on a
/// terminal once the run is long, and `timed out` after the deadline.
fn write(
    output: &mut Output<impl Write>,
    receiver: &Receiver<Arc<Chunk>>,
    settings: Settings,
) -> io::Result<Status> {
    let progress = Progress::new();
    let mut first = true;
    let timed_out = Outcome::error("timed out".to_string());
    for chunk in receiver {
        for (index, item) in chunk.items.iter().enumerate() {
            let outcome = chunk.wait(index, settings.deadline).unwrap_or(&timed_out);
            let blank_line_before = settings.separate && !first;
            write_outcome(
                output,
                &progress,
                &item.source,
                item.line,
                outcome,
                blank_line_before,
            )?;
            first = false;
        }
    }
    progress.finish();
    Ok(output.status())
}

/// A count of records written, drawn on stderr only when it is a terminal
/// (and stdout is not) and the run has lasted [`PROGRESS_AFTER`].
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: std::cell::Cell<bool>,
}

impl Progress {
    fn new() -> Self {
        // On a terminal the output itself shows progress, and a bar on the
        // same screen would be drawn over by it.
        let wanted = io::stderr().is_terminal() && !io::stdout().is_terminal();
        let bar = wanted.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {human_pos} records, {per_sec}, {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: std::cell::Cell::new(false),
        }
    }

    fn tick(&self) {
        let Some(bar) = &self.bar else { return };
        bar.inc(1);
        if !self.shown.get() && self.started.elapsed() >= PROGRESS_AFTER {
            self.shown.set(true);
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Runs `write` with the bar cleared, so that stderr lines do not mix
    /// with it.
    fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown.get() => bar.suspend(write),
            _ => write(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
