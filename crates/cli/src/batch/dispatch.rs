//! The reader side: the reader thread, which parses records into chunks and
//! hands them on, and the workers it starts, which take the chunks' runs.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, PoisonError};
use std::thread;
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender};
use sudoku_core::Format;

use super::chunk::{Chunk, ChunksInAll, Finished, Item, Resume, Run, CHUNK, FIRST_CHUNK};
use super::writer::Stop;
use super::Work;
use crate::input::{each_record, Entry, Sink, Source};
use crate::output::{diagnostic, Status};

/// Hands chunks to the writer and their runs to the workers, from the
/// reader thread: the sink that reading gives its records to. It gathers
/// them into a chunk, and hands the chunk on once it is full and the next
/// record comes, whenever reading is about to wait for input, and when
/// reading ends.
pub struct Dispatcher {
    to_writer: Sender<Arc<Chunk>>,
    /// The chunks handed to the writer so far.
    handed: u64,
    /// Where the reader says how many chunks there are in all.
    in_all: ChunksInAll,
    to_workers: Sender<Run>,
    workers: Workers,
    next_sequence: u64,
    runs_sent: usize,
    /// The writer has stopped (output closed, the deadline passed, a
    /// signal came): reading stops.
    stopped: bool,
    /// The records read and not handed on yet.
    pending: Vec<Item>,
    /// Where reading goes on after the last record read.
    resume: Option<Resume>,
    /// Records in the next chunk: [`FIRST_CHUNK`], doubling up to [`CHUNK`].
    chunk_size: usize,
}

impl Dispatcher {
    /// A dispatcher that sends chunks `to_writer` and their runs
    /// `to_workers`, whom `workers` starts as runs come; when reading has
    /// ended, it says in `in_all` how many chunks it sent.
    pub fn new(
        to_writer: Sender<Arc<Chunk>>,
        in_all: ChunksInAll,
        to_workers: Sender<Run>,
        workers: Workers,
    ) -> Self {
        Dispatcher {
            to_writer,
            handed: 0,
            in_all,
            to_workers,
            workers,
            next_sequence: 0,
            runs_sent: 0,
            stopped: false,
            pending: Vec::with_capacity(FIRST_CHUNK),
            resume: None,
            chunk_size: FIRST_CHUNK,
        }
    }

    /// Hands on the records read so far, if there are any.
    fn hand_on(&mut self) {
        let items = std::mem::take(&mut self.pending);
        if let (false, Some(resume)) = (items.is_empty(), self.resume.clone()) {
            self.chunk_size = (self.chunk_size * 2).min(CHUNK);
            self.send(items, resume);
        }
    }

    /// Reading has ended: says how many chunks there are in all, then hands
    /// on the records left.
    fn finish(&mut self) {
        let left = u64::from(!self.pending.is_empty() && self.resume.is_some());
        self.in_all.set(self.handed + left);
        self.hand_on();
    }

    /// Hands `chunk` to the writer; false once the writer has stopped.
    fn hand_to_writer(&mut self, chunk: Arc<Chunk>) -> bool {
        if !self.stopped {
            self.stopped = self.to_writer.send(chunk).is_err();
            self.handed += 1;
        }
        !self.stopped
    }

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
        if !self.hand_to_writer(Arc::clone(&chunk)) {
            return false;
        }
        for run in 0..chunk.outcomes.len() {
            self.runs_sent += 1;
            if self.workers.start_for(self.runs_sent) {
                // Fails only when no worker is left, which `start_for` rules out.
                let _ = self.to_workers.send((Arc::clone(&chunk), run));
            } else {
                // No thread could be started: the work is done here.
                work_on_run(&chunk, run, &self.workers.work, self.workers.deadline);
                if self
                    .workers
                    .finished
                    .send(chunk.first + chunk.run_range(run).start as u64)
                    .is_err()
                {
                    self.stopped = true;
                    return false;
                }
            }
        }
        true
    }

    /// Hands the writer a chunk of no records that says where reading is
    /// now (`source`, from its first line): about to open an input that may
    /// keep it waiting, a FIFO with no writer say, where a deadline or a
    /// signal must say reading stopped.
    fn mark(&mut self, source: &Source) {
        let resume = Resume {
            source: Arc::clone(source.name()),
            line: 1,
        };
        let chunk = Chunk::new(self.next_sequence, Vec::new(), self.workers.limit, resume);
        self.hand_to_writer(Arc::new(chunk));
    }
}

impl Sink for Dispatcher {
    fn record(&mut self, source: &Source, entry: Entry) -> io::Result<()> {
        if self.stopped {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "nobody takes records",
            ));
        }
        // A full chunk goes on when the next record comes, when reading is
        // about to wait (an input that is not a regular file), or when
        // reading ends. So when the input ends with a regular file, the
        // reader meets the end while it still holds its last chunk, and
        // says how many chunks there are before it hands that chunk on.
        if self.pending.len() >= self.chunk_size {
            self.hand_on();
        }
        // Every record of a file shares one copy of its name.
        let source = Arc::clone(source.name());
        self.resume = Some(Resume {
            source: Arc::clone(&source),
            line: entry.next_line,
        });
        self.pending.push(Item {
            source,
            line: entry.line,
            board: entry.board,
        });
        Ok(())
    }

    fn before_wait(&mut self) {
        self.hand_on();
    }

    fn before_waiting_source(&mut self, source: &Source) {
        self.hand_on();
        self.mark(source);
    }

    /// The writer says where reading stopped, after the records before it.
    fn interrupted(&mut self, _source: &Source, _line: usize) {}
}

/// Starts a thread named `name` that runs `body`: [`thread::Builder::spawn`],
/// or, in tests, a start that fails as it does where the limit on processes
/// (`ulimit -u`) is reached.
pub type Spawn = fn(String, Box<dyn FnOnce() + Send>) -> io::Result<()>;

/// Starts a thread, as [`Spawn`] says.
pub fn spawn(name: String, body: Box<dyn FnOnce() + Send>) -> io::Result<()> {
    thread::Builder::new().name(name).spawn(body).map(drop)
}

/// The worker threads, started one by one as runs come, up to the limit:
/// never more threads than runs to work on.
pub struct Workers {
    pub started: usize,
    pub limit: usize,
    pub runs: Receiver<Run>,
    pub finished: Sender<Finished>,
    pub work: Work,
    pub deadline: Option<Instant>,
    pub spawn: Spawn,
}

impl Workers {
    /// Starts a worker when there are fewer than `runs` and than the
    /// limit; false when none is running and none can be started (the
    /// reader's thread then does the work itself).
    fn start_for(&mut self, runs: usize) -> bool {
        if self.started >= self.limit || self.started >= runs {
            return self.started > 0;
        }
        let (runs, finished) = (self.runs.clone(), self.finished.clone());
        let (work, deadline) = (self.work.clone(), self.deadline);
        let body = Box::new(move || work_on_runs(&runs, &finished, &work, deadline));
        match (self.spawn)(format!("sudoku-job-{}", self.started), body) {
            Ok(()) => {
                self.started += 1;
                true
            }
            Err(error) => {
                // Go on with the workers there are, or with none.
                if self.limit > 0 && self.started == 0 {
                    diagnostic!(
                        "note: cannot start a thread to work on records ({error}); working on one thread"
                    );
                }
                self.limit = self.started;
                self.started > 0
            }
        }
    }
}

/// A worker: takes runs until there are none, works on each, and says when
/// a run is done.
fn work_on_runs(
    runs: &Receiver<Run>,
    finished: &Sender<Finished>,
    work: &Work,
    deadline: Option<Instant>,
) {
    for (chunk, run) in runs {
        work_on_run(&chunk, run, work, deadline);
        let first = chunk.first + chunk.run_range(run).start as u64;
        if finished.send(first).is_err() {
            return;
        }
    }
}

/// Works on the records of run `run` of `chunk`, and puts each outcome in
/// the run's slot as soon as it has it (where the writer finds it even if
/// the run stops while a slow record after it is still running). It starts
/// no record after the deadline, or once a signal has come.
fn work_on_run(chunk: &Chunk, run: usize, work: &Work, deadline: Option<Instant>) {
    for index in chunk.run_range(run) {
        if Stop::now(deadline).is_some() {
            break;
        }
        let outcome = work.outcome(&chunk.place(index), &chunk.items[index].board);
        chunk.outcomes[run]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(outcome);
    }
}

/// The reader thread: parses records into chunks and hands each on once it
/// is full and the next record comes, when reading is about to wait, and
/// when reading ends.
pub fn read(files: &[PathBuf], format: Option<Format>, mut dispatcher: Dispatcher) -> Status {
    let status = each_record(files, format, &mut dispatcher);
    dispatcher.finish();
    // An error here means the writer stopped, which it reports itself.
    status.unwrap_or(Status::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Outcome;
    use pretty_assertions::assert_eq;

    /// Up to `limit` workers on `work`, none started yet, started by
    /// `spawn`, with no deadline; and the channels to send them runs and
    /// to hear that runs are done.
    fn idle_workers(
        limit: usize,
        work: Work,
        spawn: Spawn,
    ) -> (Workers, Sender<Run>, Receiver<Finished>) {
        let (to_workers, runs) = crossbeam_channel::unbounded::<Run>();
        let (finished, notices) = crossbeam_channel::unbounded();
        let workers = Workers {
            started: 0,
            limit,
            runs,
            finished,
            work,
            deadline: None,
            spawn,
        };
        (workers, to_workers, notices)
    }

    #[test]
    fn workers_start_only_as_runs_come() {
        let (mut workers, to_workers, _results) = idle_workers(
            100_000,
            Work::new("test-approach", |_| Outcome::text(String::new())),
            spawn,
        );
        for runs in 1..=3 {
            assert!(workers.start_for(runs));
        }
        assert!(workers.start_for(3));
        assert_eq!(workers.started, 3);
        drop(to_workers);
    }

    #[test]
    fn a_file_that_fills_its_last_chunk_is_counted_before_that_chunk_goes() {
        // The reader handed on a full chunk at once, and met the end of
        // the file only after: a deadline in between stopped a run whose
        // every record was read, and said reading stopped at a line past
        // the end.
        let (to_writer, chunks) = crossbeam_channel::bounded(0);
        let (workers, to_workers, _notices) =
            idle_workers(1, Work::new("test-approach", |_| Outcome::text("")), spawn);
        let file = tempfile::NamedTempFile::new().unwrap();
        let puzzle = format!("7{}\n", ".".repeat(80));
        std::fs::write(file.path(), puzzle.repeat(FIRST_CHUNK)).unwrap();
        let in_all = ChunksInAll::new();
        let dispatcher = Dispatcher::new(to_writer, in_all.clone(), to_workers, workers);
        let path = file.path().to_path_buf();
        let reader = thread::spawn(move || read(&[path], None, dispatcher));
        // The channel holds nothing: until the chunk is taken here, the
        // reader is stuck in its send, so the count must be said by then.
        let said = (0..1000).any(|_| {
            let said = in_all.are(1);
            if !said {
                thread::sleep(std::time::Duration::from_millis(1));
            }
            said
        });
        assert!(said, "the count comes before the last chunk");
        let chunk = chunks.recv().unwrap();
        assert_eq!(chunk.items.len(), FIRST_CHUNK);
        assert!(chunks.recv().is_err(), "one chunk in all");
        assert_eq!(reader.join().unwrap(), Status::Success);
    }

    /// A start that fails as it does at the limit on processes.
    fn no_thread(_: String, _: Box<dyn FnOnce() + Send>) -> io::Result<()> {
        Err(io::Error::from(io::ErrorKind::WouldBlock))
    }

    #[test]
    fn where_no_thread_can_start_the_reader_does_the_work() {
        // Under `ulimit -u`, every record failed with "not run: no thread
        // could be started"; the run goes on, on one thread.
        let (to_writer, chunks) = crossbeam_channel::unbounded();
        let work = Work::new("test-approach", |board| {
            Outcome::text(format!("{}\n", board.cells()[0]))
        });
        let (workers, to_workers, notices) = idle_workers(4, work, no_thread);
        let file = tempfile::NamedTempFile::new().unwrap();
        let puzzle = format!("7{}\n", ".".repeat(80));
        std::fs::write(file.path(), puzzle.repeat(300)).unwrap();
        let in_all = ChunksInAll::new();
        let dispatcher = Dispatcher::new(to_writer, in_all.clone(), to_workers, workers);
        assert_eq!(
            read(&[file.path().to_path_buf()], None, dispatcher),
            Status::Success
        );
        let (mut outcomes, mut runs) = (0, 0);
        let mut chunk_count = 0;
        for chunk in chunks.try_iter() {
            chunk_count += 1;
            runs += chunk.outcomes.len();
            for run in 0..chunk.outcomes.len() {
                let taken = chunk.take_outcomes(run);
                assert_eq!(taken.len(), chunk.run_range(run).len());
                assert!(taken
                    .iter()
                    .all(|outcome| outcome.result.as_deref() == Ok("7\n")));
                outcomes += taken.len();
            }
        }
        assert_eq!(outcomes, 300);
        // The writer learns from the reader that these were every chunk.
        assert!(in_all.are(chunk_count));
        // Every run is reported done, for the writer to write.
        assert_eq!(notices.try_iter().count(), runs);
    }
}
