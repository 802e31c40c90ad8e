//! What the probe lines inside the LeetCode regions call.
//!
//! A probe line is one statement under `#[cfg(sudoku_trace)]`, such as
//! `crate::probe::place((i, j), c);`. Only this crate's build sets that cfg,
//! so only here does `crate::probe` mean this module; everywhere else the
//! line is not compiled at all.
//!
//! Each probe adds to the counts of the trace being recorded on this thread
//! (see [`crate::Counter`] for what each count means) and, inside the window
//! of events the trace keeps ([`crate::Window`]), appends an [`Event`]. With no trace being recorded (the solvers' own unit
//! tests, compiled here with the probes in), a probe does nothing.

use std::cell::{Cell, RefCell};

use sudoku_core::{Board, ParseError};

use crate::{
    Approach, Counter, Counts, Event, EventKind, Sample, Snapshot, Start, Trace, Window, NO_CELL,
    NO_KIND,
};

thread_local! {
    /// Work counted in bulk since the last event: cells compared, columns
    /// covered or propagation passes, whichever the approach counts so.
    /// A plain cell, because it is bumped far more often than anything else.
    static TICKS: Cell<u64> = const { Cell::new(0) };
    static RECORDER: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

/// A cell as the regions name it: `(row, column)` from the classics, an
/// index 0..81 from the follow-ups.
pub trait Place {
    /// The cell's index, 0..81, row-major.
    fn index(self) -> u8;
}

impl Place for (usize, usize) {
    fn index(self) -> u8 {
        (self.0 * 9 + self.1) as u8
    }
}

impl Place for usize {
    fn index(self) -> u8 {
        self as u8
    }
}

impl Place for u8 {
    fn index(self) -> u8 {
        self
    }
}

/// A digit as the regions hold it: `'1'`-`'9'` or 1-9.
pub trait Digit {
    /// The digit, 1 to 9, or 0 for an empty cell (`'.'`).
    fn value(self) -> u8;
}

impl Digit for char {
    fn value(self) -> u8 {
        self.to_digit(10).map_or(0, |digit| digit as u8)
    }
}

impl Digit for u8 {
    fn value(self) -> u8 {
        self
    }
}

impl Digit for u32 {
    fn value(self) -> u8 {
        self as u8
    }
}

/// What is being recorded on this thread.
pub(crate) struct Recorder {
    approach: &'static Approach,
    window: Window,
    counts: Counts,
    events: Vec<Event>,
    total_events: u64,
    /// The state where the window of kept events begins, once reached.
    start: Option<Snapshot>,
    /// The counter that the bulk ticks belong to.
    ticks_count: Counter,
    /// The board as the events have left it, so that a guess on a copy of an
    /// earlier state can clear what that state did not have.
    board: [u8; 81],
    /// The kind of the event that wrote each cell the search filled.
    kinds: [u8; 81],
    /// The puzzle, for a search that starts again.
    givens: [u8; 81],
    /// How many cells the puzzle leaves empty.
    empty: u64,
    /// The board at each open split of a copying search, with the split's cell.
    splits: Vec<(u8, [u8; 81])>,
    /// How many options the cell had when the search last chose it.
    options: [u8; 81],
    /// The last try, while its outcome is unknown: its cell, its digit, and
    /// its place among the events kept, if it was kept.
    trying: Option<(u8, u8, Option<usize>)>,
    /// The number of events after which the board was full.
    solved_at: Option<u64>,
    /// The search has found its solution: what follows is unwinding.
    solved: bool,
    /// The samples of the whole search, one every `stride` events, and the
    /// fewest and most cells filled since the last one.
    samples: Vec<Sample>,
    stride: u64,
    least: u8,
    most: u8,
}

impl Recorder {
    fn filled(&self) -> u8 {
        u8::try_from(self.counts.get(Counter::CellsFilled)).unwrap_or(u8::MAX)
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            step: self.total_events,
            board: self.board,
            kinds: self.kinds,
            counts: self.counts,
        }
    }

    /// True once the window's first event is the next one.
    fn window_begins(&self) -> bool {
        match self.window.from {
            Start::Step(step) => self.total_events >= step,
            Start::Placement(placements) => self.counts.get(Counter::Placements) >= placements,
        }
    }

    /// A try is followed by this event (or, with `None`, by none): when
    /// the check did not accept the digit, the cell it stopped at, its
    /// `compares`-th, is the clash.
    fn settle_try(&mut self, next: Option<(EventKind, u8, u16)>, compares: u64) {
        let Some((cell, digit, kept)) = self.trying.take() else {
            return;
        };
        let accepted = next.is_some_and(|(kind, at, value)| {
            kind.changes_board() && at == cell && value == u16::from(digit)
        });
        if let (false, Some(order), Some(index), Some(compare)) =
            (accepted, self.approach.check, kept, compares.checked_sub(1))
        {
            self.events[index].clash = order.compared(cell, compare);
        }
    }

    fn event(&mut self, kind: EventKind, cell: u8, value: u16, before: u8) {
        let ticks = TICKS.replace(0);
        if self.start.is_none() && self.window_begins() {
            self.start = Some(self.snapshot());
        }
        self.settle_try(Some((kind, cell, value)), ticks);
        if let (Some(stop), Some(_)) = (self.window.stop, self.start) {
            if self.events.len() >= self.window.steps {
                stop(self.trace_so_far());
                // It returned: the next window begins at this event.
                self.start = Some(self.snapshot());
            }
        }
        self.counts.add(self.ticks_count, ticks);
        if let Some(counter) = kind.counter() {
            self.counts.add(counter, 1);
        }
        if kind.changes_board() {
            if before == 0 && value != 0 {
                self.counts.add(Counter::Placements, 1);
                self.counts.add(Counter::CellsFilled, 1);
            } else if before != 0 && value == 0 {
                self.counts.add(Counter::Undos, 1);
                self.counts.take(Counter::CellsFilled, 1);
            }
        }
        self.total_events += 1;
        let kept = (self.start.is_some() && self.events.len() < self.window.steps).then(|| {
            self.events.push(Event {
                kind,
                cell,
                value,
                work: u32::try_from(ticks).unwrap_or(u32::MAX),
                before,
                clash: NO_CELL,
            });
            self.events.len() - 1
        });
        if kind == EventKind::Try {
            self.trying = Some((cell, value as u8, kept));
        }
        if self.solved_at.is_none() && self.counts.get(Counter::CellsFilled) == self.empty {
            self.solved_at = Some(self.total_events);
        }
        self.sample();
    }

    /// Keeps a sample every `stride` events, halving the samples (and
    /// doubling the stride) when they fill their room.
    fn sample(&mut self) {
        if self.window.samples == 0 {
            return;
        }
        let filled = self.filled();
        self.least = self.least.min(filled);
        self.most = self.most.max(filled);
        if self.total_events % self.stride != 0 {
            return;
        }
        self.samples.push(Sample {
            step: self.total_events,
            placements: self.counts.get(Counter::Placements),
            filled,
            least: self.least,
            most: self.most,
        });
        (self.least, self.most) = (filled, filled);
        if self.samples.len() > self.window.samples {
            let stride = 2 * self.stride;
            let mut carried: Option<(u8, u8)> = None;
            let mut kept = Vec::with_capacity(self.samples.len() / 2 + 1);
            for mut sample in self.samples.drain(..) {
                if let Some((least, most)) = carried.take() {
                    sample.least = sample.least.min(least);
                    sample.most = sample.most.max(most);
                }
                if sample.step % stride == 0 {
                    kept.push(sample);
                } else {
                    carried = Some((sample.least, sample.most));
                }
            }
            if let Some((least, most)) = carried {
                self.least = self.least.min(least);
                self.most = self.most.max(most);
            }
            self.samples = kept;
            self.stride = stride;
        }
    }

    /// An event that writes no cell.
    fn event_at(&mut self, kind: EventKind, cell: u8, value: u16) {
        self.event(kind, cell, value, 0);
    }

    fn set(&mut self, kind: EventKind, cell: u8, digit: u8) {
        let at = usize::from(cell);
        self.event(kind, cell, u16::from(digit), self.board[at]);
        self.board[at] = digit;
        self.kinds[at] = if digit == 0 { NO_KIND } else { kind.number() };
    }

    /// The trace as it stands, for a run that stops here or goes on with
    /// a new window: the events kept are handed over, the samples copied.
    fn trace_so_far(&mut self) -> Trace {
        let board = Board::from_cells(self.board);
        self.trace(board, false)
    }

    fn trace(&mut self, board: Result<Board, ParseError>, complete: bool) -> Trace {
        let end = self.snapshot();
        let mut samples = if complete {
            std::mem::take(&mut self.samples)
        } else {
            self.samples.clone()
        };
        if self.window.samples > 0 && samples.last().is_none_or(|last| last.step != end.step) {
            samples.push(Sample {
                step: end.step,
                placements: end.counts.get(Counter::Placements),
                filled: self.filled(),
                least: self.least,
                most: self.most,
            });
        }
        Trace {
            approach: self.approach,
            counts: self.counts,
            events: std::mem::take(&mut self.events),
            total_events: self.total_events,
            start: self.start.unwrap_or(end),
            solved_at: self.solved_at,
            samples,
            complete,
            board,
        }
    }

    /// The trace of a run that has ended, having left `board`.
    pub(crate) fn into_trace(mut self, board: Result<Board, ParseError>) -> Trace {
        self.trace(board, true)
    }
}

/// Starts recording a trace of `approach` on this thread, on `puzzle`,
/// keeping the events `window` names.
pub(crate) fn start(approach: &'static Approach, puzzle: &Board, window: Window) {
    TICKS.set(0);
    let givens = *puzzle.cells();
    let mut recorder = Recorder {
        approach,
        window,
        counts: Counts::default(),
        events: Vec::new(),
        total_events: 0,
        start: None,
        ticks_count: approach.ticks.unwrap_or(Counter::Compares),
        board: givens,
        kinds: [NO_KIND; 81],
        givens,
        empty: 81 - puzzle.givens() as u64,
        splits: Vec::new(),
        options: [0; 81],
        trying: None,
        solved_at: None,
        solved: false,
        samples: Vec::new(),
        stride: 1,
        least: 0,
        most: 0,
    };
    if window.samples > 0 {
        recorder.samples.push(Sample {
            step: 0,
            placements: 0,
            filled: 0,
            least: 0,
            most: 0,
        });
    }
    if recorder.empty == 0 {
        recorder.solved_at = Some(0);
    }
    RECORDER.with_borrow_mut(|slot| *slot = Some(recorder));
}

/// Stops recording and hands back what was recorded.
pub(crate) fn finish() -> Option<Recorder> {
    let ticks = TICKS.replace(0);
    RECORDER.with_borrow_mut(Option::take).map(|mut recorder| {
        if !recorder.solved {
            recorder.settle_try(None, ticks);
            recorder.counts.add(recorder.ticks_count, ticks);
        }
        if recorder.start.is_none() {
            recorder.start = Some(recorder.snapshot());
        }
        recorder
    })
}

/// Runs `record` on this thread's recorder, if a trace is being recorded
/// and the search has not found its solution yet.
fn with(record: impl FnOnce(&mut Recorder)) {
    RECORDER.with_borrow_mut(|recorder| {
        if let Some(recorder) = recorder.as_mut().filter(|recorder| !recorder.solved) {
            record(recorder);
        }
    });
}

/// The recursive function was called.
pub fn call() {
    with(|recorder| recorder.event_at(EventKind::Call, NO_CELL, 0));
}

/// A cell was looked at while looking for the next empty one.
pub fn visit(cell: impl Place) {
    with(|recorder| recorder.event_at(EventKind::Visit, cell.index(), 0));
}

/// A digit is being tried in a cell: the validity check starts.
pub fn check(cell: impl Place, digit: impl Digit) {
    with(|recorder| recorder.event_at(EventKind::Try, cell.index(), u16::from(digit.value())));
}

/// One unit of bulk work: a cell compared inside a validity check, a column
/// covered, a propagation pass.
pub fn tick() {
    TICKS.set(TICKS.get() + 1);
}

/// The search wrote a digit in a cell.
pub fn place(cell: impl Place, digit: impl Digit) {
    with(|recorder| recorder.set(EventKind::Place, cell.index(), digit.value()));
}

/// The search erased the digit it had placed in a cell.
pub fn undo(cell: impl Place) {
    with(|recorder| recorder.set(EventKind::Undo, cell.index(), 0));
}

/// The search is at a new node.
pub fn node() {
    with(|recorder| recorder.event_at(EventKind::Node, NO_CELL, 0));
}

/// The search chose this cell to fill next; bit d of `candidates` is set
/// when digit d fits there. No candidate is a dead end; two or more make a
/// branch point.
pub fn branch(cell: impl Place, candidates: u16) {
    let cell = cell.index();
    with(|recorder| {
        let options = candidates.count_ones() as u8;
        recorder.options[usize::from(cell)] = options;
        match options {
            0 => recorder.event_at(EventKind::DeadEnd, cell, 0),
            1 => {}
            _ => recorder.event_at(EventKind::Branch, cell, candidates),
        }
    });
}

/// The search wrote `digit` in the cell it chose last: a guess if the cell
/// had several candidates then, forced if it had one.
pub fn pick(cell: impl Place, digit: impl Digit) {
    let cell = cell.index();
    with(|recorder| {
        let kind = if recorder.options[usize::from(cell)] > 1 {
            EventKind::Guess
        } else {
            EventKind::Forced
        };
        recorder.set(kind, cell, digit.value());
    });
}

/// Dancing links chose a column with `options` rows left: no row is a dead
/// end; two or more make a branch point.
pub fn column(options: u16) {
    with(|recorder| match options {
        0 => recorder.event_at(EventKind::DeadEnd, NO_CELL, 0),
        1 => {}
        _ => recorder.event_at(EventKind::Branch, NO_CELL, options),
    });
}

/// Dancing links chose row `candidate` (`cell * 9 + digit - 1`) of a column
/// with `options` rows: a guess if there were several, forced if one.
pub fn choose_row(candidate: u16, options: u16) {
    let (cell, digit) = ((candidate / 9) as u8, (candidate % 9) as u8 + 1);
    with(|recorder| {
        let kind = if options > 1 {
            EventKind::Guess
        } else {
            EventKind::Forced
        };
        recorder.set(kind, cell, digit);
    });
}

/// Dancing links gave back row `candidate`.
pub fn drop_row(candidate: u16) {
    undo((candidate / 9) as u8);
}

/// A search that copies its state chose this cell to guess on; each digit
/// tried there starts from a copy of the state as it is now.
pub fn split(cell: impl Place, candidates: u16) {
    let cell = cell.index();
    with(|recorder| {
        recorder.splits.push((cell, recorder.board));
        recorder.event_at(EventKind::Branch, cell, candidates);
    });
}

/// A copying search tries `digit` at the cell of one of its open splits.
/// The state is the split's again: cells filled since are cleared (in the
/// events too, so that a replay shows the board the search is on).
pub fn guess(cell: impl Place, digit: impl Digit) {
    let cell = cell.index();
    with(|recorder| {
        back_to_split(recorder, cell);
        recorder.set(EventKind::Guess, cell, digit.value());
    });
}

/// Brings the board back to the open split at `key` (a cell, or
/// [`layout_key`]): splits opened deeper belong to branches already given
/// up, and the cells filled since are cleared (in the events too).
fn back_to_split(recorder: &mut Recorder, key: u8) {
    while recorder
        .splits
        .last()
        .is_some_and(|&(split, _)| split != key)
    {
        recorder.splits.pop();
    }
    if let Some(&(_, before)) = recorder.splits.last() {
        restore(recorder, &before);
    }
}

/// Brings the board back to `before`, clearing (or restoring) each cell
/// that differs, in the events too.
fn restore(recorder: &mut Recorder, before: &[u8; 81]) {
    for index in 0..81u8 {
        let earlier = before[usize::from(index)];
        if recorder.board[usize::from(index)] != earlier {
            recorder.set(EventKind::Restore, index, earlier);
        }
    }
}

/// Bitboard gave up on its layouts after `guesses` guesses and searches
/// again from the givens: every split is closed and the board is the
/// puzzle's again.
pub fn restart(guesses: usize) {
    with(|recorder| {
        recorder.splits.clear();
        let value = u16::try_from(guesses).unwrap_or(u16::MAX);
        recorder.event_at(EventKind::Restart, NO_CELL, value);
        let givens = recorder.givens;
        restore(recorder, &givens);
    });
}

/// The split key of a branch on the layouts of digit index `digit` in
/// `unit`: above the 81 cells, so that it never meets a cell's.
fn layout_key(unit: usize, digit: usize) -> u8 {
    (81 + 9 * unit + digit) as u8
}

/// Bitboard chose to guess how digit index `digit` (0 for 1) lies in
/// `unit` (a band, 0 to 2, or a stack, 3 to 5); bit p of `layouts` is set
/// for each layout left (two or more). Each layout tried starts from a
/// copy of the state as it is now.
pub fn split_layouts(unit: usize, digit: usize, layouts: u8) {
    let value = crate::layout_value(unit, digit, layouts.count_ones() as u16);
    with(|recorder| {
        recorder
            .splits
            .push((layout_key(unit, digit), recorder.board));
        recorder.event_at(EventKind::Layouts, NO_CELL, value);
    });
}

/// Bitboard tries a layout for digit index `digit` in `unit`: `pairing`
/// gives, in a band, each row (the first's first) its box within the band;
/// in a stack, each band its column within the stack. The event names, in
/// a stack, each column's box (the band it gives the column).
pub fn guess_layout(unit: usize, digit: usize, pairing: [u32; 3]) {
    let boxes = if unit < 3 {
        pairing
    } else {
        std::array::from_fn(|column| {
            (0..3)
                .find(|&band| pairing[band as usize] == column as u32)
                .unwrap_or(0)
        })
    };
    let code = boxes.iter().fold(0, |code, &k| 10 * code + k as u16 + 1);
    let value = crate::layout_value(unit, digit, code);
    with(|recorder| {
        back_to_split(recorder, layout_key(unit, digit));
        recorder.event_at(EventKind::Layout, NO_CELL, value);
    });
}

/// Propagation fixed `digit` in a cell (no event when it already holds it:
/// a given, or the digit just guessed there).
pub fn forced(cell: impl Place, digit: impl Digit) {
    let (cell, digit) = (cell.index(), digit.value());
    with(|recorder| {
        if recorder.board[usize::from(cell)] != digit {
            recorder.set(EventKind::Forced, cell, digit);
        }
    });
}

/// Bitboard's propagation fixed digit index `digit` (0 for 1) in the cells
/// of `band` whose bits `cells` holds (bit `9 * row + column` of the band).
pub fn forced_in_band(band: usize, digit: usize, mut cells: u32) {
    while cells != 0 {
        let bit = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        forced(27 * band + bit, digit as u8 + 1);
    }
}

/// Bitboard chose the cell `bit` of `band` to guess on; bit d of `digits`
/// is set when digit index d (0 for 1) may go there.
pub fn split_in_band(band: usize, bit: u32, digits: u32) {
    split(
        27 * band + bit.trailing_zeros() as usize,
        (digits << 1) as u16,
    );
}

/// Bitboard tries digit index `digit` (0 for 1) in the cell `bit` of `band`.
pub fn guess_in_band(band: usize, bit: u32, digit: usize) {
    guess(27 * band + bit.trailing_zeros() as usize, digit as u8 + 1);
}

/// Bitboard, having tried a digit in the cell `bit` of `band` on a copy,
/// goes on from the state before it with that digit ruled out there: the
/// board is the split's again, and nothing is placed (so nothing counted).
pub fn exclude_in_band(band: usize, bit: u32) {
    let cell = (27 * band + bit.trailing_zeros() as usize) as u8;
    with(|recorder| back_to_split(recorder, cell));
}

/// The search met a contradiction here and goes back.
pub fn dead_end() {
    with(|recorder| recorder.event_at(EventKind::DeadEnd, NO_CELL, 0));
}

/// The search has its solution; what it does from here on is unwinding,
/// and is not recorded.
pub fn solved() {
    with(|recorder| {
        let ticks = TICKS.replace(0);
        recorder.counts.add(recorder.ticks_count, ticks);
        recorder.solved = true;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bitboard branches on a digit ("here, or not here") only in its
    /// careful search, which starts again from the givens after 4,096
    /// guesses (no public puzzle needs so many), so `sudoku trace` rarely
    /// shows it; its probes are checked here on a sparse board that needs
    /// it (the one that `--example sparse -- 1000000 3` of the bitboard
    /// crate lists). The guesses recorded are the search's own, the restart is
    /// recorded once, and no event writes a digit over another: after each
    /// branch, and at the restart, the events clear what was filled.
    #[test]
    fn bitboard_digit_branches_record_a_board_that_stays_consistent() {
        let mut cells = [0u8; 81];
        let sparse =
            ".9.......7.......8...............1.....1...6.............6...19.................7";
        for (cell, c) in cells.iter_mut().zip(sparse.chars()) {
            *cell = c.to_digit(10).map_or(0, |digit| digit as u8);
        }
        let bitboard = crate::find("bitboard").expect("bitboard is traced");
        let window = Window {
            from: Start::Step(0),
            steps: usize::MAX,
            stop: None,
            samples: 0,
        };
        start(
            bitboard,
            &Board::from_cells(cells).expect("a board"),
            window,
        );
        let count = crate::bitboard::count_solutions(&cells, 2);
        let recorded = finish().expect("a recorder was started");
        assert_eq!(count, 2);
        let guesses = crate::bitboard::measure::count_guesses(&cells, 2);
        // Past the point where the search starts again, carefully, and
        // branches on digits.
        assert!(guesses > 4096, "{guesses} guesses");
        assert_eq!(recorded.counts.get(Counter::Guesses), guesses as u64);
        let restarts: Vec<&Event> = recorded
            .events
            .iter()
            .filter(|event| event.kind == EventKind::Restart)
            .collect();
        assert_eq!(restarts.len(), 1);
        // The step names the guesses made before it, past the threshold.
        assert!(restarts[0].value > 4096);
        assert_eq!(
            restarts[0].describe(),
            format!(
                "{} guesses: start again from the givens, guessing where the fewest options are",
                restarts[0].value
            )
        );
        let mut board = cells;
        let mut restarted = None;
        for (step, event) in recorded.events.iter().enumerate() {
            let cell = &mut board[usize::from(event.cell.min(80))];
            match event.kind {
                EventKind::Guess | EventKind::Forced => {
                    assert_eq!(*cell, 0, "event {step}: {event:?} over a digit");
                    *cell = event.value as u8;
                }
                EventKind::Restore => *cell = event.value as u8,
                EventKind::Restart => restarted = Some(step),
                _ => {}
            }
            // Once the restores after the restart are done, the board is the
            // puzzle again.
            if restarted.is_some_and(|at| step > at)
                && recorded.events.get(step + 1).map(|next| next.kind) != Some(EventKind::Restore)
            {
                assert_eq!(board, cells, "event {step}: the restart left digits");
                restarted = None;
            }
        }
        assert_eq!(
            restarted, None,
            "the restores after the restart never ended"
        );
    }
}
