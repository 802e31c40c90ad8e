//! The unit of work handed between the threads: a chunk of records read
//! together, cut into runs that workers take one at a time.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use sudoku_core::Board;

use super::{Outcome, Place};

/// Records in a full chunk. Large enough that handing a chunk between
/// threads costs nothing next to its records, small enough that the chunks
/// in flight take a few megabytes.
pub const CHUNK: usize = 4096;

/// Records in the first chunk; chunks then double up to [`CHUNK`], so that
/// the workers start at once.
pub const FIRST_CHUNK: usize = 128;

/// The most records in one run, the unit a worker takes and reports back.
const RUN: usize = 256;

/// The records of a chunk of `records` are cut into runs of this length:
/// at most [`RUN`], and short enough that each of `jobs` workers gets
/// several runs even from a small chunk, so that a few slow puzzles (a
/// classic approach on hard ones) do not all land on one thread.
fn run_length(records: usize, jobs: usize) -> usize {
    (records / (4 * jobs.max(1))).clamp(1, RUN)
}

/// How many chunks the reader hands the writer in all, once it knows. The
/// reader says so as soon as reading has ended: before it hands on the
/// records left, or, when none are left, just after its last chunk. So the
/// writer that has taken that many knows that reading has ended at once,
/// not only when the reader's thread has returned: a deadline that passed
/// in between would stop a run whose every record was read and written.
#[derive(Clone)]
pub struct ChunksInAll(Arc<AtomicU64>);

impl ChunksInAll {
    /// Not known yet.
    pub fn new() -> Self {
        ChunksInAll(Arc::new(AtomicU64::new(u64::MAX)))
    }

    /// The reader hands on `chunks` in all: said once reading has ended,
    /// before the last is sent if one is still to be sent.
    pub fn set(&self, chunks: u64) {
        self.0.store(chunks, Ordering::Release);
    }

    /// Whether `taken` chunks are every chunk there is.
    pub fn are(&self, taken: u64) -> bool {
        self.0.load(Ordering::Acquire) == taken
    }
}

/// One record as read: where it is, and its board or why it has none.
pub struct Item {
    pub source: Arc<str>,
    pub line: usize,
    pub board: Result<Board, String>,
}

/// Where reading goes on after a chunk: its last record's file, and the
/// line after that record.
#[derive(Clone)]
pub struct Resume {
    pub source: Arc<str>,
    pub line: usize,
}

/// Records read together, numbered from `first` in the whole input, and cut
/// into runs of `run_length` records (the last may be shorter).
pub struct Chunk {
    pub first: u64,
    pub items: Vec<Item>,
    run_length: usize,
    /// The outcomes of each run so far, in order, put there by the worker
    /// that has the run and taken by the writer.
    pub outcomes: Vec<Mutex<Vec<Outcome>>>,
    pub resume: Resume,
}

impl Chunk {
    pub fn new(first: u64, items: Vec<Item>, jobs: usize, resume: Resume) -> Self {
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

    /// Where record `index` of the chunk (an index into `items`) is in
    /// the input.
    pub fn place(&self, index: usize) -> Place<'_> {
        let item = &self.items[index];
        Place {
            number: self.first + index as u64 + 1,
            source: &item.source,
            line: item.line,
        }
    }

    /// The sequence number after its last record.
    pub fn end(&self) -> u64 {
        self.first + self.items.len() as u64
    }

    /// The records of run `run`, as indices into `items`.
    pub fn run_range(&self, run: usize) -> Range<usize> {
        let start = run * self.run_length;
        start..(start + self.run_length).min(self.items.len())
    }

    /// The run that record `sequence` (of this chunk) belongs to.
    pub fn run_of(&self, sequence: u64) -> usize {
        (sequence - self.first) as usize / self.run_length
    }

    /// The outcomes of run `run` that are there now; they are the writer's
    /// from here on.
    pub fn take_outcomes(&self, run: usize) -> Vec<Outcome> {
        std::mem::take(
            &mut *self.outcomes[run]
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }
}

/// A run of a chunk's records, for one worker: the chunk and the run's index.
pub type Run = (Arc<Chunk>, usize);

/// A worker is done with a run (or stopped in it at the deadline): the
/// sequence number of the run's first record.
pub type Finished = u64;

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

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
}
