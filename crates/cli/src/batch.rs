//! Running one function over every record, on several threads, with results
//! written in input order.
//!
//! Three kinds of thread share the work, joined by channels:
//!
//! - the **reader** parses records into chunks. It hands a chunk on when it
//!   is full, and also whenever reading is about to wait for input, so a
//!   record that has been read is never held back by records not yet written
//!   (a slow pipe, a person typing). Each chunk goes to the writer, in order,
//!   and its records, cut into runs, to the workers;
//! - **workers** (`--jobs` of them at most, started only as runs arrive)
//!   take runs from one shared channel. A worker puts each outcome in its
//!   run's slot in the chunk as soon as it has it, and when the run is done
//!   it says so on a channel back to the writer, with the sequence number of
//!   the run's first record;
//! - the **writer** (the calling thread) takes finished runs in input order
//!   and writes their outcomes. It holds at most [`CHUNKS_AHEAD`] chunks,
//!   and the reader cannot get further ahead than the channel between them
//!   holds, so memory stays flat however long the input is.
//!
//! With `--timeout`, the writer waits only until the deadline. Then it
//! writes every outcome already in a slot, finished run or not, and every
//! other record read is `error: timed out`; reading stops (the message says
//! where), and the run ends at once: a solve still running, or a read still
//! waiting for input, is abandoned with the process.
//!
//! With one job and no timeout there is nothing to overlap or abandon, and
//! everything runs on the calling thread.

use std::cell::{Cell, RefCell};
use std::collections::{HashSet, VecDeque};
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Select, Sender, TryRecvError};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku_core::{Board, Format};

use crate::guard;
use crate::input::{each_record, Entry, Source};
use crate::output::{diagnostic, write_located, Output, Status};

/// What one record produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The text for stdout (ending in a newline), or the message of an
    /// error, written as `error: <message>` in the record's place.
    pub result: Result<String, String>,
    /// A note for stderr that does not make the record fail. Shared, so that
    /// a note many records carry (a file of puzzles with several solutions
    /// each) is made once per run, not once per record.
    pub warning: Option<Arc<str>>,
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

/// The work done on each record: a plain function of its board, so that it
/// can run on any thread and outlive a timed-out run, and the name a panic
/// inside it is reported under (`internal error in <name>`).
#[derive(Clone)]
pub struct Work {
    name: &'static str,
    function: Arc<dyn Fn(Board) -> Outcome + Send + Sync>,
}

impl Work {
    pub fn new(
        name: &'static str,
        function: impl Fn(Board) -> Outcome + Send + Sync + 'static,
    ) -> Self {
        Work {
            name,
            function: Arc::new(function),
        }
    }

    /// The outcome of one record: the work's, or the reason the record has
    /// no board. A panic in the work becomes this record's error.
    fn outcome(&self, board: &Result<Board, String>) -> Outcome {
        match board {
            Ok(board) => guard::catch(|| (self.function)(*board)).unwrap_or_else(|message| {
                Outcome::error(format!("internal error in {}: {message}", self.name))
            }),
            Err(message) => Outcome::error(message.clone()),
        }
    }
}

/// Records in a full chunk. Large enough that handing a chunk between
/// threads costs nothing next to its records, small enough that the chunks
/// in flight take a few megabytes.
const CHUNK: usize = 4096;

/// Records in the first chunk; chunks then double up to [`CHUNK`], so that
/// the workers start at once.
const FIRST_CHUNK: usize = 128;

/// The most records in one run, the unit a worker takes and reports back.
const RUN: usize = 256;

/// Chunks the writer holds, waiting for their outcomes, and also chunks the
/// reader may have handed on that the writer has not taken yet.
const CHUNKS_AHEAD: usize = 4;

/// How long the writer waits for more outcomes before it flushes what it
/// has written: short enough for a person at a terminal not to notice.
const FLUSH_AFTER: Duration = Duration::from_millis(10);

/// The writer's nap while it waits for outcomes in a busy run.
const NAP: Duration = Duration::from_millis(1);

/// A run longer than this shows a progress bar (on a terminal).
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The records of a chunk of `records` are cut into runs of this length:
/// at most [`RUN`], and short enough that each of `jobs` workers gets
/// several runs even from a small chunk, so that a few slow puzzles (a
/// classic approach on hard ones) do not all land on one thread.
fn run_length(records: usize, jobs: usize) -> usize {
    (records / (4 * jobs.max(1))).clamp(1, RUN)
}

/// One record as read: where it is, and its board or why it has none.
struct Item {
    source: Arc<str>,
    line: usize,
    board: Result<Board, String>,
}

/// Where reading goes on after a chunk: its last record's file, and the
/// line after that record.
#[derive(Clone)]
struct Resume {
    source: Arc<str>,
    line: usize,
}

/// Records read together, numbered from `first` in the whole input, and cut
/// into runs of `run_length` records (the last may be shorter).
struct Chunk {
    first: u64,
    items: Vec<Item>,
    run_length: usize,
    /// The outcomes of each run so far, in order, put there by the worker
    /// that has the run and taken by the writer.
    outcomes: Vec<Mutex<Vec<Outcome>>>,
    resume: Resume,
}

impl Chunk {
    fn new(first: u64, items: Vec<Item>, jobs: usize, resume: Resume) -> Self {
        let run_length = run_length(items.len(), jobs);
        let runs = items.len().div_ceil(run_length);
        Chunk {
            first,
            items,
            run_length,
            outcomes: (0..runs).map(|_| Mutex::default()).collect(),
            resume,
        }
    }

    /// The sequence number after its last record.
    fn end(&self) -> u64 {
        self.first + self.items.len() as u64
    }

    /// The records of run `run`, as indices into `items`.
    fn run_range(&self, run: usize) -> Range<usize> {
        let start = run * self.run_length;
        start..(start + self.run_length).min(self.items.len())
    }

    /// The run that record `sequence` (of this chunk) belongs to.
    fn run_of(&self, sequence: u64) -> usize {
        (sequence - self.first) as usize / self.run_length
    }

    /// The outcomes of run `run` that are there now; they are the writer's
    /// from here on.
    fn take_outcomes(&self, run: usize) -> Vec<Outcome> {
        std::mem::take(
            &mut *self.outcomes[run]
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }
}

/// A run of a chunk's records, for one worker: the chunk and the run's index.
type Run = (Arc<Chunk>, usize);

/// A worker is done with a run (or stopped in it at the deadline): the
/// sequence number of the run's first record.
type Finished = u64;

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
    if settings.jobs == 1 && settings.deadline.is_none() {
        return run_here(output, files, format, work);
    }
    let (to_writer, chunks) = crossbeam_channel::bounded(CHUNKS_AHEAD);
    let (to_workers, runs) = crossbeam_channel::unbounded();
    let (finished, results) = crossbeam_channel::unbounded();
    let mut dispatcher = Dispatcher {
        to_writer,
        to_workers,
        workers: Workers {
            started: 0,
            limit: settings.jobs,
            runs,
            finished,
            work: work.clone(),
            deadline: settings.deadline,
        },
        next_sequence: 0,
        runs_sent: 0,
        stopped: false,
    };
    let files = files.to_vec();
    let spawned = thread::Builder::new()
        .name("sudoku-reader".into())
        .spawn(move || read(&files, format, &mut dispatcher));
    let reader = match spawned {
        Ok(reader) => reader,
        Err(error) => {
            diagnostic!("error: cannot start a thread to read with: {error}");
            return Ok(Status::UsageOrIo);
        }
    };
    let writer = Writer {
        output,
        progress: Progress::new(),
    };
    let ending = writer.write(&chunks, &results, settings.deadline)?;
    match ending {
        // Everything was read: the reader has returned its status, or is
        // about to.
        Ending::AllRead => Ok(reader
            .join()
            .unwrap_or(Status::UsageOrIo)
            .max(output.status())),
        // The reader may be waiting for input that never comes: leave it.
        Ending::TimedOut => Ok(output.status().max(Status::RecordFailed)),
    }
}

/// One job and no deadline: every record read, worked on and written in
/// turn on this thread, with no thread to hand anything to. (A deadline needs
/// the work on another thread, so that a long solve can be left behind.)
fn run_here(
    output: &mut Output<impl Write>,
    files: &[PathBuf],
    format: Option<Format>,
    work: &Work,
) -> io::Result<Status> {
    let mut writer = Writer {
        output,
        progress: Progress::new(),
    };
    // A failed flush (the reader of the output left), for the next record to report.
    let flush_error: RefCell<Option<io::Error>> = RefCell::new(None);
    let writer_cell = RefCell::new(&mut writer);
    // What has been written reaches the reader before the input is waited for.
    let before_wait = || {
        if let Err(error) = writer_cell.borrow_mut().output.flush() {
            flush_error.borrow_mut().get_or_insert(error);
        }
    };
    let status = each_record(
        files,
        format,
        &before_wait,
        |source: &Source, entry: Entry| {
            if let Some(error) = flush_error.borrow_mut().take() {
                return Err(error);
            }
            let outcome = work.outcome(&entry.board);
            writer_cell
                .borrow_mut()
                .write_outcome(source.name(), entry.line, &outcome)
        },
    );
    writer.progress.finish();
    status.map(|status| status.max(writer.output.status()))
}

/// Hands chunks to the writer and their runs to the workers, from the
/// reader thread.
struct Dispatcher {
    to_writer: Sender<Arc<Chunk>>,
    to_workers: Sender<Run>,
    workers: Workers,
    next_sequence: u64,
    runs_sent: usize,
    /// The writer has stopped (output closed, or the deadline passed), or no
    /// worker could be started: reading stops.
    stopped: bool,
}

impl Dispatcher {
    /// Hands on `items`; false once nobody is left to take them.
    fn send(&mut self, items: Vec<Item>, resume: Resume) -> bool {
        if self.stopped || items.is_empty() {
            return !self.stopped;
        }
        let chunk = Arc::new(Chunk::new(
            self.next_sequence,
            items,
            self.workers.limit,
            resume,
        ));
        self.next_sequence = chunk.end();
        // The writer first, so that it knows every record a worker reports on.
        if self.to_writer.send(Arc::clone(&chunk)).is_err() {
            self.stopped = true;
            return false;
        }
        for run in 0..chunk.outcomes.len() {
            self.runs_sent += 1;
            if !self.workers.start_for(self.runs_sent) {
                self.stopped = true;
                return false;
            }
            // Fails only when no worker is left, which `start_for` rules out.
            let _ = self.to_workers.send((Arc::clone(&chunk), run));
        }
        true
    }
}

/// The worker threads, started one by one as runs come, up to the limit:
/// never more threads than runs to work on.
struct Workers {
    started: usize,
    limit: usize,
    runs: Receiver<Run>,
    finished: Sender<Finished>,
    work: Work,
    deadline: Option<Instant>,
}

impl Workers {
    /// Starts a worker when there are fewer than `runs` and than the
    /// limit; false when none is running and none can be started.
    fn start_for(&mut self, runs: usize) -> bool {
        if self.started >= self.limit || self.started >= runs {
            return true;
        }
        let (runs, finished) = (self.runs.clone(), self.finished.clone());
        let (work, deadline) = (self.work.clone(), self.deadline);
        let spawned = thread::Builder::new()
            .name(format!("sudoku-job-{}", self.started))
            .spawn(move || work_on_runs(&runs, &finished, &work, deadline));
        match spawned {
            Ok(_) => {
                self.started += 1;
                true
            }
            Err(error) => {
                // Go on with the workers there are; stop when there are none.
                self.limit = self.started;
                if self.started == 0 {
                    diagnostic!("error: cannot start a thread to work on: {error}");
                }
                self.started > 0
            }
        }
    }
}

/// A worker: takes runs until there are none, puts each outcome in its
/// run's slot as soon as it has it (where the writer finds it even if the
/// deadline comes while a slow record after it is still running), and says
/// when a run is done. It starts no record after the deadline.
fn work_on_runs(
    runs: &Receiver<Run>,
    finished: &Sender<Finished>,
    work: &Work,
    deadline: Option<Instant>,
) {
    for (chunk, run) in runs {
        let range = chunk.run_range(run);
        let first = chunk.first + range.start as u64;
        for item in &chunk.items[range] {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                break;
            }
            let outcome = work.outcome(&item.board);
            chunk.outcomes[run]
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(outcome);
        }
        if finished.send(first).is_err() {
            return;
        }
    }
}

/// The reader thread: parses records into chunks and hands each on when it
/// is full or when reading is about to wait.
fn read(files: &[PathBuf], format: Option<Format>, dispatcher: &mut Dispatcher) -> Status {
    let pending: RefCell<Vec<Item>> = RefCell::new(Vec::with_capacity(FIRST_CHUNK));
    let resume: RefCell<Option<Resume>> = RefCell::new(None);
    let chunk_size = Cell::new(FIRST_CHUNK);
    let dispatcher = RefCell::new(dispatcher);
    let hand_on = || {
        let items = std::mem::take(&mut *pending.borrow_mut());
        if let (false, Some(resume)) = (items.is_empty(), resume.borrow().clone()) {
            chunk_size.set((chunk_size.get() * 2).min(CHUNK));
            dispatcher.borrow_mut().send(items, resume);
        }
    };
    let status = each_record(files, format, &hand_on, |source: &Source, entry: Entry| {
        if dispatcher.borrow().stopped {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "nobody takes records",
            ));
        }
        // Every record of a file shares one copy of its name.
        let source = Arc::clone(source.name());
        *resume.borrow_mut() = Some(Resume {
            source: Arc::clone(&source),
            line: entry.next_line,
        });
        let full = {
            let mut pending = pending.borrow_mut();
            pending.push(Item {
                source,
                line: entry.line,
                board: entry.board,
            });
            pending.len() >= chunk_size.get()
        };
        if full {
            hand_on();
        }
        Ok(())
    });
    hand_on();
    // An error here means the writer stopped, which it reports itself.
    status.unwrap_or(Status::Success)
}

/// How the writer's loop ended.
enum Ending {
    /// Every record of the input was read and written.
    AllRead,
    /// The deadline passed first.
    TimedOut,
}

/// Which runs are done, in whatever order workers finish them, and which
/// record is the next to write: the writer goes on only when the run that
/// holds the next record is done.
#[derive(Default)]
struct Reorder {
    /// The first record of each run that is done and not yet written.
    finished: HashSet<u64>,
    /// The sequence number of the next record to write.
    next: u64,
}

impl Reorder {
    fn insert(&mut self, first: Finished) {
        self.finished.insert(first);
    }

    /// True, once, when the run that starts at the next record is done.
    fn take_next(&mut self) -> bool {
        self.finished.remove(&self.next)
    }

    /// Moves past `records` written records.
    fn advance(&mut self, records: usize) {
        self.next += records as u64;
    }
}

/// What the writer has been handed: the chunks it holds, in input order,
/// and which of their runs are done.
struct Inbox<'a> {
    chunks: &'a Receiver<Arc<Chunk>>,
    notices: &'a Receiver<Finished>,
    held: VecDeque<Arc<Chunk>>,
    reorder: Reorder,
    /// Where reading goes on after the last chunk received.
    last_read: Option<Resume>,
    /// The reader has handed on its last chunk.
    all_read: bool,
    /// No worker is left to finish a run.
    workers_gone: bool,
}

impl Inbox<'_> {
    fn take_chunk(&mut self, chunk: Arc<Chunk>) {
        self.last_read = Some(chunk.resume.clone());
        self.held.push_back(chunk);
    }

    /// True while it may take another chunk: it holds at most [`CHUNKS_AHEAD`].
    fn wants_chunks(&self) -> bool {
        !self.all_read && self.held.len() < CHUNKS_AHEAD
    }

    /// Takes every chunk and notice that is there, without waiting; true
    /// when there was any.
    fn collect(&mut self) -> bool {
        let mut any = false;
        while self.wants_chunks() {
            match self.chunks.try_recv() {
                Ok(chunk) => self.take_chunk(chunk),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.all_read = true,
            }
            any = true;
        }
        while !self.workers_gone {
            match self.notices.try_recv() {
                Ok(first) => self.reorder.insert(first),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.workers_gone = true,
            }
            any = true;
        }
        any
    }

    /// Waits for a chunk or a notice until `deadline` (forever without one);
    /// false when the deadline came first.
    fn wait(&mut self, deadline: Option<Instant>) -> bool {
        let mut select = Select::new();
        let chunk_index = self.wants_chunks().then(|| select.recv(self.chunks));
        let notice_index = (!self.workers_gone).then(|| select.recv(self.notices));
        let operation = match deadline {
            Some(deadline) => match select.select_deadline(deadline) {
                Ok(operation) => operation,
                Err(_) => return false,
            },
            None => select.select(),
        };
        let index = Some(operation.index());
        if index == chunk_index {
            match operation.recv(self.chunks) {
                Ok(chunk) => self.take_chunk(chunk),
                Err(_) => self.all_read = true,
            }
        } else if index == notice_index {
            match operation.recv(self.notices) {
                Ok(first) => self.reorder.insert(first),
                Err(_) => self.workers_gone = true,
            }
        }
        true
    }
}

/// Writes outcomes to stdout, and their messages to stderr.
struct Writer<'a, W: Write> {
    output: &'a mut Output<W>,
    progress: Progress,
}

impl<W: Write> Writer<'_, W> {
    /// Writes chunks' outcomes in input order until every record is written
    /// or the deadline passes.
    fn write(
        mut self,
        chunks: &Receiver<Arc<Chunk>>,
        notices: &Receiver<Finished>,
        deadline: Option<Instant>,
    ) -> io::Result<Ending> {
        let mut inbox = Inbox {
            chunks,
            notices,
            held: VecDeque::new(),
            reorder: Reorder::default(),
            last_read: None,
            all_read: false,
            workers_gone: false,
        };
        let past = |deadline: Option<Instant>| deadline.is_some_and(|at| Instant::now() >= at);
        loop {
            self.write_ready(&mut inbox)?;
            if inbox.all_read && inbox.held.is_empty() {
                self.progress.finish();
                return Ok(Ending::AllRead);
            }
            // Workers stop early only at the deadline (or when none could
            // be started, which `write_ready` has dealt with).
            if past(deadline) {
                break;
            }
            if inbox.collect() {
                continue;
            }
            // Nothing yet. Nap rather than be woken by every notice: in a
            // long run several runs finish in a nap and are written together,
            // into full buffers. After a while with nothing, what is written
            // goes out, and the wait goes on without naps, so that a slow
            // input or a slow record holds nothing back.
            let idle_since = Instant::now();
            let mut arrived = false;
            while !arrived && idle_since.elapsed() < FLUSH_AFTER && !past(deadline) {
                thread::sleep(NAP);
                arrived = inbox.collect();
            }
            if !arrived && !past(deadline) {
                self.output.flush()?;
                if !inbox.wait(deadline) {
                    break;
                }
            }
        }
        self.write_after_deadline(&mut inbox)?;
        Ok(Ending::TimedOut)
    }

    /// The deadline has passed. What was read is reported, finished or not;
    /// what was not read is not, and stderr says where reading stopped.
    fn write_after_deadline(&mut self, inbox: &mut Inbox) -> io::Result<()> {
        loop {
            match inbox.chunks.try_recv() {
                Ok(chunk) => inbox.take_chunk(chunk),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    inbox.all_read = true;
                    break;
                }
            }
        }
        let reorder = &mut inbox.reorder;
        for chunk in &inbox.held {
            while reorder.next < chunk.end() {
                let run = chunk.run_of(reorder.next);
                // Whatever the run's worker has finished, then the rest.
                let written = self.write_run(chunk, reorder.next, &chunk.take_outcomes(run))?;
                reorder.advance(written);
                let end = chunk.first + chunk.run_range(run).end as u64;
                while reorder.next < end {
                    let item = &chunk.items[(reorder.next - chunk.first) as usize];
                    // A record that could not be read needs no time to report.
                    let message = match &item.board {
                        Ok(_) => "timed out".to_string(),
                        Err(message) => message.clone(),
                    };
                    self.write_outcome(&item.source, item.line, &Outcome::error(message))?;
                    reorder.advance(1);
                }
            }
        }
        self.progress.finish();
        self.output.fail();
        if !inbox.all_read {
            match &inbox.last_read {
                Some(Resume { source, line }) => diagnostic!(
                    "error: {source}:{line}: timed out; reading stopped here, and the rest of the input was not read"
                ),
                None => diagnostic!("error: timed out before any record was read"),
            }
        }
        Ok(())
    }

    /// Writes the outcomes of every run that is next in input order and
    /// done. Once the workers are gone (none could be started), the
    /// records left are written as errors rather than waited for.
    fn write_ready(&mut self, inbox: &mut Inbox) -> io::Result<()> {
        while let Some(chunk) = inbox.held.front() {
            let reorder = &mut inbox.reorder;
            if reorder.next >= chunk.end() {
                inbox.held.pop_front();
                continue;
            }
            if reorder.take_next() {
                let run = chunk.run_of(reorder.next);
                let written = self.write_run(chunk, reorder.next, &chunk.take_outcomes(run))?;
                reorder.advance(written);
            } else if inbox.workers_gone {
                let item = &chunk.items[(reorder.next - chunk.first) as usize];
                let outcome = Outcome::error("not run: no thread could be started".to_string());
                self.write_outcome(&item.source, item.line, &outcome)?;
                reorder.advance(1);
            } else {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Writes `outcomes`, those of the records of `chunk` from sequence
    /// number `from` on, and returns how many there were.
    fn write_run(&mut self, chunk: &Chunk, from: u64, outcomes: &[Outcome]) -> io::Result<usize> {
        let items = &chunk.items[(from - chunk.first) as usize..];
        for (item, outcome) in items.iter().zip(outcomes) {
            self.write_outcome(&item.source, item.line, outcome)?;
        }
        Ok(outcomes.len())
    }

    /// Writes one record's outcome: its text or `error:` line on stdout, and
    /// its warning or error on stderr, naming the file and line.
    fn write_outcome(&mut self, source: &str, line: usize, outcome: &Outcome) -> io::Result<()> {
        let output = &mut *self.output;
        // Only what goes to stderr needs the bar out of the way (stdout is not
        // the terminal when there is a bar); clearing it for every record would
        // redraw it for every record.
        if outcome.warning.is_some() || outcome.result.is_err() {
            self.progress.suspend(|| -> io::Result<()> {
                if let Some(warning) = &outcome.warning {
                    output.before_diagnostic()?;
                    write_located("warning", source, line, warning);
                }
                match &outcome.result {
                    Ok(text) => output.record(text),
                    Err(message) => output.record_error(source, line, message),
                }
            })?;
        } else if let Ok(text) = &outcome.result {
            output.record(text)?;
        }
        self.progress.tick();
        Ok(())
    }
}

/// Whether a run may show a progress bar: only when stderr is a terminal to
/// draw it on, and stdout is not (on a terminal the output itself shows
/// progress, and would be drawn over by the bar).
fn progress_wanted(stderr_is_terminal: bool, stdout_is_terminal: bool) -> bool {
    stderr_is_terminal && !stdout_is_terminal
}

/// A count of records written, drawn on stderr when [`progress_wanted`]
/// says so and the run has lasted [`PROGRESS_AFTER`].
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: Cell<bool>,
}

impl Progress {
    fn new() -> Self {
        let wanted = progress_wanted(io::stderr().is_terminal(), io::stdout().is_terminal());
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
            shown: Cell::new(false),
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

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn runs_are_short_enough_to_share_and_never_longer_than_run() {
        assert_eq!(run_length(1, 2), 1);
        assert_eq!(run_length(12, 2), 1);
        assert_eq!(run_length(128, 2), 16);
        assert_eq!(run_length(4096, 2), RUN);
        assert_eq!(run_length(4096, 100), 10);
        assert_eq!(run_length(5, 0), 1);
    }

    #[test]
    fn reorder_waits_for_the_run_that_holds_the_next_record() {
        let mut reorder = Reorder::default();
        reorder.insert(3);
        assert!(!reorder.take_next());
        reorder.insert(2);
        reorder.insert(0);
        assert!(reorder.take_next());
        reorder.advance(2);
        assert!(reorder.take_next());
        reorder.advance(1);
        assert!(reorder.take_next());
        reorder.advance(2);
        assert_eq!(reorder.next, 5);
        assert!(!reorder.take_next());
        assert!(reorder.finished.is_empty());
    }

    #[test]
    fn a_chunk_cuts_its_records_into_runs_that_cover_each_once() {
        let items = |count: usize| -> Vec<Item> {
            (0..count)
                .map(|line| Item {
                    source: Arc::from("test"),
                    line,
                    board: Ok(Board::EMPTY),
                })
                .collect()
        };
        let resume = Resume {
            source: Arc::from("test"),
            line: 1,
        };
        for (records, jobs) in [(1, 2), (12, 2), (130, 2), (4096, 2), (4095, 3)] {
            let chunk = Chunk::new(1_000, items(records), jobs, resume.clone());
            let mut covered = 0;
            for run in 0..chunk.outcomes.len() {
                let range = chunk.run_range(run);
                assert_eq!(range.start, covered, "{records} records, {jobs} jobs");
                assert!(!range.is_empty() && range.len() <= RUN);
                for index in range.clone() {
                    assert_eq!(chunk.run_of(1_000 + index as u64), run);
                }
                covered = range.end;
            }
            assert_eq!(covered, records);
        }
    }

    #[test]
    fn a_terminal_stderr_with_redirected_stdout_is_the_only_place_for_a_bar() {
        assert!(progress_wanted(true, false));
        assert!(!progress_wanted(true, true));
        assert!(!progress_wanted(false, false));
        assert!(!progress_wanted(false, true));
    }

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
    }

    #[test]
    fn workers_start_only_as_runs_come() {
        let (to_workers, runs) = crossbeam_channel::unbounded::<Run>();
        let (finished, _results) = crossbeam_channel::unbounded();
        let mut workers = Workers {
            started: 0,
            limit: 100_000,
            runs,
            finished,
            work: first_cell_or_panic(),
            deadline: None,
        };
        for runs in 1..=3 {
            assert!(workers.start_for(runs));
        }
        assert!(workers.start_for(3));
        assert_eq!(workers.started, 3);
        drop(to_workers);
    }
}
