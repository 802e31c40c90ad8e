//! The writer side: the calling thread, which takes finished runs in input
//! order and writes their outcomes, until every record is written or the
//! deadline passes.

use std::collections::{HashSet, VecDeque};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Select, TryRecvError};
use sudoku_core::Board;

use super::chunk::{Chunk, ChunksInAll, Finished, Resume};
use super::progress::Progress;
use super::{Failed, Outcome, Place};
use crate::interrupt;
use crate::output::{diagnostic, write_located, Output};

/// Chunks the writer holds, waiting for their outcomes, and also chunks the
/// reader may have handed on that the writer has not taken yet.
pub const CHUNKS_AHEAD: usize = 4;

/// How long what the writer has written may wait in the output's buffer
/// before it goes out: short enough for a person at a terminal not to
/// notice.
const FLUSH_AFTER: Duration = Duration::from_millis(10);

/// How long the writer waits for outcomes at most before it looks for a
/// signal again.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// How the writer's loop ended.
pub struct Ending {
    /// Why the run stopped: a signal (even one that came after the last
    /// record was written, before the writer returned), or a deadline that
    /// cut off a record or the input; `None` when it ran to the end.
    pub stop: Option<Stop>,
    /// Whether the reader has handed on its last chunk (it has returned,
    /// or is about to) and every record in it was written.
    pub all_read: bool,
    /// Where the output stops: the line after the last record handed on,
    /// or on a signal the first record read and not written.
    pub last_read: Option<Resume>,
}

/// Why a run stops before every record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed.
    TimedOut,
    /// A signal came: the exit status it gives.
    Interrupted(u8),
}

impl Stop {
    /// The run's stop now, if it must stop: a signal, or `deadline` past.
    pub fn now(deadline: Option<Instant>) -> Option<Stop> {
        if let Some(signal) = interrupt::signalled() {
            return Some(Stop::Interrupted(signal));
        }
        deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
            .then_some(Stop::TimedOut)
    }

    /// What happened, as messages say it: `timed out`, `interrupted`.
    pub fn word(self) -> &'static str {
        match self {
            Stop::TimedOut => "timed out",
            Stop::Interrupted(_) => "interrupted",
        }
    }
}

/// Says on stderr that the run stopped (`stop`) at `at`: from there on,
/// no record was written (nor read, at the deadline).
pub fn say_where_it_stopped(stop: Stop, at: Option<&Resume>) {
    match (at, stop) {
        (Some(Resume { source, line }), Stop::TimedOut) => diagnostic!(
            "error: {source}:{line}: timed out; reading stopped here, and the rest of the input was not read"
        ),
        (Some(Resume { source, line }), Stop::Interrupted(_)) => diagnostic!(
            "error: {source}:{line}: interrupted; stopped here, and the rest of the input was not written"
        ),
        (None, _) => diagnostic!("error: {} before any record was read", stop.word()),
    }
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
    /// How many chunks the reader hands on in all, once it knows.
    in_all: &'a ChunksInAll,
    /// The chunks taken so far.
    taken: u64,
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
        self.taken += 1;
    }

    /// Whether the reader has handed on its last chunk and it was taken:
    /// the reader has said how many there are, or has gone.
    fn read_to_end(&mut self) -> bool {
        self.all_read = self.all_read || self.in_all.are(self.taken);
        self.all_read
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

    /// Waits for a chunk or a notice until `deadline`; false when the
    /// deadline came first.
    fn wait(&mut self, deadline: Instant) -> bool {
        let mut select = Select::new();
        let chunk_index = self.wants_chunks().then(|| select.recv(self.chunks));
        let notice_index = (!self.workers_gone).then(|| select.recv(self.notices));
        let Ok(operation) = select.select_deadline(deadline) else {
            return false;
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
pub struct Writer<'a, W: Write> {
    pub output: &'a mut Output<W>,
    pub progress: Progress,
    /// How the work writes a failed record on stdout.
    pub failed: Failed,
}

impl<W: Write> Writer<'_, W> {
    /// Writes chunks' outcomes in input order until every record is written,
    /// the deadline passes or a signal comes.
    pub fn write(
        mut self,
        chunks: &Receiver<Arc<Chunk>>,
        in_all: &ChunksInAll,
        notices: &Receiver<Finished>,
        deadline: Option<Instant>,
    ) -> io::Result<Ending> {
        let mut inbox = Inbox {
            chunks,
            notices,
            in_all,
            taken: 0,
            held: VecDeque::new(),
            reorder: Reorder::default(),
            last_read: None,
            all_read: false,
            workers_gone: false,
        };
        // When the first record not yet flushed was written.
        let mut unflushed_since = None;
        let stop = loop {
            let next = inbox.reorder.next;
            self.write_ready(&mut inbox, deadline)?;
            if inbox.reorder.next > next && unflushed_since.is_none() {
                unflushed_since = Some(Instant::now());
            }
            if inbox.read_to_end() && inbox.held.is_empty() {
                self.progress.finish();
                return Ok(Ending {
                    stop: None,
                    all_read: true,
                    last_read: inbox.last_read,
                });
            }
            // Workers stop early only at the deadline or on a signal (or
            // when none could be started, which `write_ready` has dealt with).
            if let Some(stop) = Stop::now(deadline) {
                break stop;
            }
            // What is written goes out once it is [`FLUSH_AFTER`] old, even
            // while more keeps coming (a pipe fed every few milliseconds),
            // so that a slow input or a slow record holds nothing back
            // (unless stdout itself blocks).
            if unflushed_since.is_some_and(|since| since.elapsed() >= FLUSH_AFTER) {
                self.output.flush()?;
                unflushed_since = None;
            }
            if inbox.collect() {
                continue;
            }
            // Nothing yet: wait on the channels until the flush is due, and
            // wake as soon as a chunk or a notice comes. (It napped 1 ms at
            // a time, so that workers would not wake it once per run; but a
            // nap that outlives the work it waits for adds to the run's
            // time, at a run's start and end and, on a small file, in
            // between.) After a while with nothing, the wait goes on; it
            // looks for a signal every so often.
            let until = |at: Instant| deadline.map_or(at, |deadline| deadline.min(at));
            let flush_at = unflushed_since.unwrap_or_else(Instant::now) + FLUSH_AFTER;
            let arrived = inbox.wait(until(flush_at));
            if !arrived && Stop::now(deadline).is_none() {
                self.output.flush()?;
                unflushed_since = None;
                inbox.wait(until(Instant::now() + LOOK_EVERY));
            }
        };
        let (unwritten, cut) = self.write_after_stop(&mut inbox, stop)?;
        Ok(Ending {
            // A deadline that passed once every record was read and done
            // stopped nothing.
            stop: cut.then_some(stop),
            all_read: inbox.all_read && unwritten.is_none(),
            last_read: unwritten.or(inbox.last_read),
        })
    }

    /// The run has stopped. At the deadline, what was read is reported,
    /// finished or not (`error: timed out`). On a signal, the records
    /// finished are written up to the first that is not: it is returned,
    /// for stderr to say that it and the rest were not written. Also
    /// returned: whether the stop counts: always for a signal, and at the
    /// deadline only when it cut off a record or the input (not when every
    /// record there was had been read and done in time).
    fn write_after_stop(
        &mut self,
        inbox: &mut Inbox,
        stop: Stop,
    ) -> io::Result<(Option<Resume>, bool)> {
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
        let mut cut = matches!(stop, Stop::Interrupted(_)) || !inbox.read_to_end();
        self.progress.finish();
        if cut {
            self.output.fail();
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
                    let index = (reorder.next - chunk.first) as usize;
                    let item = &chunk.items[index];
                    // A record that could not be read needs no time to report.
                    let message = match (&item.board, stop) {
                        (_, Stop::Interrupted(_)) => {
                            let at = Resume {
                                source: Arc::clone(&item.source),
                                line: item.line,
                            };
                            return Ok((Some(at), true));
                        }
                        (Ok(_), Stop::TimedOut) => {
                            cut = true;
                            stop.word().to_string()
                        }
                        (Err(message), Stop::TimedOut) => message.clone(),
                    };
                    self.write_record(chunk, index, &Outcome::error(message))?;
                    reorder.advance(1);
                }
            }
        }
        Ok((None, cut))
    }

    /// Writes the outcomes of every run that is next in input order and
    /// done. Once the workers are gone (none could be started), the
    /// records left are written as errors rather than waited for; but not
    /// once the run has stopped (`deadline` past, or a signal), when the
    /// workers leave too: what they left is then the stop's to write.
    fn write_ready(&mut self, inbox: &mut Inbox, deadline: Option<Instant>) -> io::Result<()> {
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
            } else if inbox.workers_gone && Stop::now(deadline).is_none() {
                let index = (reorder.next - chunk.first) as usize;
                let outcome = Outcome::error("not run: no thread could be started".to_string());
                self.write_record(chunk, index, &outcome)?;
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
        let first = (from - chunk.first) as usize;
        for (index, outcome) in (first..).zip(outcomes) {
            self.write_record(chunk, index, outcome)?;
        }
        Ok(outcomes.len())
    }

    /// Writes the outcome of record `index` of `chunk` (an index into its
    /// items).
    fn write_record(&mut self, chunk: &Chunk, index: usize, outcome: &Outcome) -> io::Result<()> {
        let puzzle = chunk.items[index].board.as_ref().ok();
        self.write_outcome(&chunk.place(index), puzzle, outcome)
    }

    /// Writes the outcome of the record at `place`, whose `puzzle` it is
    /// (none when it could not be read): its text, or the failed record as
    /// the work writes it, on stdout, and its warning or error on stderr,
    /// naming the file and line.
    pub fn write_outcome(
        &mut self,
        place: &Place,
        puzzle: Option<&Board>,
        outcome: &Outcome,
    ) -> io::Result<()> {
        let Place { source, line, .. } = *place;
        let failed = self.failed;
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
                    Err(message) => {
                        let shown = failed(place, puzzle, message);
                        output.record_failed(&shown, source, line, message)
                    }
                }
            })?;
        } else if let Ok(text) = &outcome.result {
            output.record(text)?;
        }
        self.progress.tick();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

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

    /// The first chunk of a file `in.txt` of `records` empty boards, one a
    /// line, cut into runs for one job.
    fn chunk_of_empty_boards(records: usize) -> Arc<Chunk> {
        let source: Arc<str> = Arc::from("in.txt");
        let items = (1..=records)
            .map(|line| super::super::chunk::Item {
                source: Arc::clone(&source),
                line,
                board: Ok(sudoku_core::Board::EMPTY),
            })
            .collect();
        let resume = Resume {
            source,
            line: records + 1,
        };
        Arc::new(Chunk::new(0, items, 1, resume))
    }

    /// Writes one chunk of two records, both done, with the deadline
    /// already past and the reader's side of the channels still open (its
    /// thread has not returned); `said` is whether the reader has said that
    /// this was its only chunk.
    fn write_done_chunk_past_the_deadline(said: bool) -> (Ending, String) {
        let chunk = chunk_of_empty_boards(2);
        let (to_writer, chunks) = crossbeam_channel::unbounded();
        let (finished, notices) = crossbeam_channel::unbounded();
        let in_all = ChunksInAll::new();
        if said {
            in_all.set(1);
        }
        to_writer.send(Arc::clone(&chunk)).unwrap();
        for run in 0..chunk.outcomes.len() {
            for index in chunk.run_range(run) {
                let text = format!("{index}\n");
                chunk.outcomes[run]
                    .lock()
                    .unwrap()
                    .push(Outcome::text(text));
            }
            finished.send(chunk.run_range(run).start as u64).unwrap();
        }
        let mut output = Output::new(Vec::new());
        let writer = Writer {
            output: &mut output,
            progress: Progress::new(),
            failed: super::super::error_line,
        };
        let ending = writer
            .write(&chunks, &in_all, &notices, Some(Instant::now()))
            .unwrap();
        drop((to_writer, finished));
        output.flush().unwrap();
        (ending, String::from_utf8(output.into_inner()).unwrap())
    }

    #[test]
    fn a_run_read_and_written_to_the_end_is_not_stopped_by_a_deadline_after_it() {
        // The writer knew that reading had ended only when the reader's
        // thread dropped its channel; a deadline that passed after the last
        // record was written and before that stopped the run as timed out,
        // with nothing left to say: exit status 1 and an empty stderr.
        let (ending, written) = write_done_chunk_past_the_deadline(true);
        assert_eq!(ending.stop, None);
        assert!(ending.all_read);
        assert_eq!(written, "0\n1\n");
        // Not said: the writer cannot know that no record is to come.
        let (ending, written) = write_done_chunk_past_the_deadline(false);
        assert_eq!(ending.stop, Some(Stop::TimedOut));
        assert!(!ending.all_read);
        assert_eq!(written, "0\n1\n");
    }

    #[test]
    fn workers_that_left_at_the_stop_are_not_taken_for_threads_that_never_started() {
        // Workers stop at the deadline (or on a signal) and leave; the writer
        // took that for "no thread could be started" and wrote it for every
        // record not finished, before it looked at the deadline.
        let chunk = chunk_of_empty_boards(3);
        let (_, chunks) = crossbeam_channel::unbounded();
        let (_, notices) = crossbeam_channel::unbounded();
        let in_all = ChunksInAll::new();
        let mut inbox = Inbox {
            chunks: &chunks,
            notices: &notices,
            in_all: &in_all,
            taken: 1,
            held: VecDeque::from([chunk]),
            reorder: Reorder::default(),
            last_read: None,
            all_read: true,
            workers_gone: true,
        };
        let mut output = Output::new(Vec::new());
        let mut writer = Writer {
            output: &mut output,
            progress: Progress::new(),
            failed: super::super::error_line,
        };
        writer
            .write_ready(&mut inbox, Some(Instant::now()))
            .unwrap();
        assert_eq!(inbox.reorder.next, 0, "nothing is written past the stop");
        // With no stop, the workers never started: each record says so.
        writer.write_ready(&mut inbox, None).unwrap();
        assert_eq!(inbox.reorder.next, 3);
        output.flush().unwrap();
        assert_eq!(
            String::from_utf8(output.into_inner()).unwrap(),
            "error: not run: no thread could be started\n".repeat(3)
        );
    }
}
