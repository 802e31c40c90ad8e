//! Exact counts of the work each approach does, and the events of its search
//! in order, recorded by the very code of its LeetCode region.
//!
//! Each solver's `lib.rs` is compiled a second time here, as a module of this
//! crate, with the `sudoku_trace` cfg set by this crate's build script. Only
//! then do the probe lines inside its region exist: one short statement each,
//! such as `#[cfg(sudoku_trace)] crate::probe::place((i, j), c);`, calling
//! into [`probe`]. The solver crates never set the cfg, so the `sudoku`
//! binary's solvers, the benchmarks and a region pasted into LeetCode have no
//! probe at all, and no Cargo feature can turn one on.
//!
//! [`trace`] runs one approach's LeetCode entry point on a puzzle and returns
//! its [`Counts`] (what each [`Counter`] counts is defined once, in words,
//! by [`Counter::definition`]), the first events of its search (`sudoku
//! trace --steps` prints them), and the board it left; [`trace_window`]
//! keeps the events of a window that begins at any step or placement, and
//! can stop the search or hand it over a window at a time (the replay page
//! asks for its steps so). The counts do not depend on the machine: the
//! same puzzle gives the same counts everywhere.
//!
//! `examples/count_one_search.rs`, which the test `the_crate_example_holds`
//! (tests/invariants.rs) runs:
//!
//! ```
#![doc = include_str!("../examples/count_one_search.rs")]
//! ```
//!
//! (It is shown from that file rather than run as a doc test: the solvers'
//! own doc examples are compiled into this crate too, and they name crates
//! that this one does not depend on; they run in those crates.)

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

use std::fmt;

use sudoku_core::{Board, Cell, ParseError};

pub mod probe;

// The solvers, compiled again with their probe lines. Only their LeetCode
// entry points are traced; the rest of each file (native APIs, tests) is
// compiled along, unused here or tested as in its own crate.
#[allow(dead_code)]
#[path = "../../solvers/bitboard/src/lib.rs"]
mod bitboard;
#[allow(dead_code)]
#[path = "../../solvers/bitmask/src/lib.rs"]
mod bitmask;
#[allow(dead_code)]
#[path = "../../solvers/constraint-propagation/src/lib.rs"]
mod constraint_propagation;
#[allow(dead_code)]
#[path = "../../solvers/coordinate-recursive/src/lib.rs"]
mod coordinate_recursive;
#[allow(dead_code)]
#[path = "../../solvers/dancing-links/src/lib.rs"]
mod dancing_links;
#[allow(dead_code)]
#[path = "../../solvers/find-empty-cell/src/lib.rs"]
mod find_empty_cell;
#[allow(dead_code)]
#[path = "../../solvers/full-rescan/src/lib.rs"]
mod full_rescan;
#[allow(dead_code)]
#[path = "../../solvers/java-style/src/lib.rs"]
mod java_style;
#[allow(dead_code)]
#[path = "../../solvers/single-loop-check/src/lib.rs"]
mod single_loop_check;

/// One kind of work an approach does, counted exactly. What each one counts
/// is said once, by [`Counter::definition`]; the notes, `sudoku trace` and
/// the replay page use these names and words. A counter's number
/// (`counter as usize`) is its place in [`Counter::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // Each variant is defined once, by `definition`.
pub enum Counter {
    Calls,
    Visits,
    Tries,
    Compares,
    Placements,
    Undos,
    CellsFilled,
    Nodes,
    BranchPoints,
    Guesses,
    Forced,
    DeadEnds,
    ColumnsCovered,
    Passes,
}

impl Counter {
    /// How many counters there are: the last one's number, plus one.
    const COUNT: usize = Counter::Passes as usize + 1;

    /// Every counter, in the order tables show them: their numbers' order.
    pub const ALL: [Counter; Counter::COUNT] = [
        Counter::Calls,
        Counter::Visits,
        Counter::Tries,
        Counter::Compares,
        Counter::Placements,
        Counter::Undos,
        Counter::CellsFilled,
        Counter::Nodes,
        Counter::BranchPoints,
        Counter::Guesses,
        Counter::Forced,
        Counter::DeadEnds,
        Counter::ColumnsCovered,
        Counter::Passes,
    ];

    /// The counters the classics report.
    pub const CLASSIC: [Counter; 7] = [
        Counter::Calls,
        Counter::Visits,
        Counter::Tries,
        Counter::Compares,
        Counter::Placements,
        Counter::Undos,
        Counter::CellsFilled,
    ];

    /// The counters every approach reports: they mean the same thing for
    /// each, so a table or a replay can set any two side by side on them.
    pub const SHARED: [Counter; 3] = [Counter::Placements, Counter::Undos, Counter::CellsFilled];

    /// What this counter counts, in words: the one definition of it.
    pub fn definition(self) -> &'static str {
        match self {
            Counter::Calls => {
                "calls of the recursive function (helper, backtracking, solve or \
                 solve_int_grid): one per step of the classic search, the first call included"
            }
            Counter::Visits => {
                "cells looked at while looking for the next empty cell: each read of a \
                 cell that asks \"is it empty?\""
            }
            Counter::Tries => {
                "digits tried: validity checks made, one for each digit offered to an empty cell"
            }
            Counter::Compares => {
                "cells compared with the digit inside the validity checks; a check stops \
                 at the first clash, so it compares from 1 to 27 cells"
            }
            Counter::Placements => {
                "digits written into the board by the search, whether tried, guessed or \
                 forced (every approach counts them)"
            }
            Counter::Undos => {
                "digits the search had written and erased again on its way back, or \
                 dropped with a copy of its state; a digit the check rejects is never \
                 placed, so it is not an undo (every approach counts them)"
            }
            Counter::CellsFilled => {
                "cells the search has filled and not taken back: placements minus undos \
                 (at the end of a solved puzzle, its empty cells; during the search, how \
                 deep it is)"
            }
            Counter::Nodes => {
                "nodes of the search: the states in which it looks for where to go next \
                 (a cell or column to fill, or, after propagation, what is left)"
            }
            Counter::BranchPoints => {
                "nodes where the search must guess: the cell or column it chose has two \
                 or more options (bitboard: or the digit whose layouts in a band or stack it chose)"
            }
            Counter::Guesses => "digits tried at branch points (bitboard: or layouts tried)",
            Counter::Forced => {
                "digits placed without a choice: by propagation, or because the cell or \
                 column chosen had one option left"
            }
            Counter::DeadEnds => {
                "nodes where the search met a contradiction (a cell, digit or column with \
                 no option left) and went back"
            }
            Counter::ColumnsCovered => {
                "dancing links: columns taken out of the matrix by cover (a given or a \
                 chosen row covers four)"
            }
            Counter::Passes => {
                "bitboard: rounds of its propagation loop (band updates and naked \
                 singles)"
            }
        }
    }

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Counter::Calls => "calls",
            Counter::Visits => "visits",
            Counter::Tries => "tries",
            Counter::Compares => "compares",
            Counter::Placements => "placements",
            Counter::Undos => "undos",
            Counter::CellsFilled => "cells_filled",
            Counter::Nodes => "nodes",
            Counter::BranchPoints => "branch_points",
            Counter::Guesses => "guesses",
            Counter::Forced => "forced",
            Counter::DeadEnds => "dead_ends",
            Counter::ColumnsCovered => "columns_covered",
            Counter::Passes => "passes",
        }
    }
}

// Each counter's number is its place in `ALL` (`Counts` is indexed by it),
// checked as the crate compiles.
const _: () = {
    let mut place = 0;
    while place < Counter::COUNT {
        assert!(Counter::ALL[place] as usize == place);
        place += 1;
    }
};

impl fmt::Display for Counter {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// A value for each [`Counter`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts([u64; Counter::COUNT]);

impl Counts {
    /// The value of `counter`.
    pub fn get(&self, counter: Counter) -> u64 {
        self.0[counter as usize]
    }

    fn add(&mut self, counter: Counter, amount: u64) {
        self.0[counter as usize] += amount;
    }

    fn take(&mut self, counter: Counter, amount: u64) {
        self.0[counter as usize] -= amount;
    }
}

/// What happened at one step of a search. A kind's number
/// ([`EventKind::number`]) is its place in [`EventKind::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum EventKind {
    /// The recursive function was called.
    Call,
    /// A cell was looked at, looking for the next empty one.
    Visit,
    /// A digit was tried in a cell (its validity check).
    Try,
    /// The search placed a digit.
    Place,
    /// The search erased a digit it had placed.
    Undo,
    /// The search is at a new node.
    Node,
    /// The search must guess in a cell (its candidates given) or in a
    /// column (its number of rows given).
    Branch,
    /// A digit tried at a branch point, placed.
    Guess,
    /// A digit placed without a choice.
    Forced,
    /// A cell cleared because a copying search went back to an earlier
    /// state (not an undo: nothing was erased, a copy was dropped).
    Restore,
    /// A contradiction: the search goes back.
    DeadEnd,
    /// Bitboard must guess how a digit lies in a band: which box each of
    /// the band's three rows gives it; or in a stack: which box each of
    /// the stack's three columns gives it (its layouts left given). `value`
    /// is the digit, plus 10 times the unit (0 to 2 for the bands, 3 to 5
    /// for the stacks), plus 100 times the number of layouts.
    Layouts,
    /// A layout tried at such a branch point: `value` is the digit, plus 10
    /// times the unit, plus 100 times the boxes of its rows (or columns)
    /// within the band (or stack), three digits 1 to 3, the first row's
    /// (or column's) first: 213 for the second box, the first, the third.
    /// Nothing is placed; propagation does that.
    Layout,
    /// Bitboard gave up on its layouts after `value` guesses and starts
    /// again from the givens, guessing where the fewest options are; the
    /// restores that follow clear what the search had filled.
    Restart,
}

impl EventKind {
    /// The counter an event of this kind adds one to, if any. The shared
    /// counters are not among them: they follow the board, whatever the
    /// kind ([`Event::placed`], [`Event::taken_back`]).
    pub fn counter(self) -> Option<Counter> {
        match self {
            EventKind::Call => Some(Counter::Calls),
            EventKind::Visit => Some(Counter::Visits),
            EventKind::Try => Some(Counter::Tries),
            EventKind::Node => Some(Counter::Nodes),
            EventKind::Branch | EventKind::Layouts => Some(Counter::BranchPoints),
            EventKind::Guess | EventKind::Layout => Some(Counter::Guesses),
            EventKind::Forced => Some(Counter::Forced),
            EventKind::DeadEnd => Some(Counter::DeadEnds),
            // The shared counters follow the board instead.
            EventKind::Place | EventKind::Undo | EventKind::Restore | EventKind::Restart => None,
        }
    }
}

/// A cell number for events that concern no single cell.
pub const NO_CELL: u8 = u8::MAX;

/// How a try that the check rejected reads: `{clash}` is the cell holding
/// the digit, where the check stopped.
pub const REJECTED_TRY: &str = "try {at} = {value}: {clash} has {value}";

/// One step of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// 0..81, row-major, or [`NO_CELL`].
    pub cell: u8,
    /// The digit (try, place, guess, forced, restore: 0 for empty); for a
    /// branch, the candidates (bit d for digit d) or a column's row count.
    pub value: u16,
    /// The bulk work counted since the previous event ([`Approach::ticks`]).
    pub work: u32,
    /// For an event that writes or clears a cell, the digit the cell held
    /// before it (0 for none): what an undo takes back.
    pub before: u8,
    /// For a try that the check rejected, the cell holding the digit that
    /// the check stopped at; [`NO_CELL`] otherwise.
    pub clash: u8,
}

impl Event {
    /// True when this event writes a digit into an empty cell: a
    /// placement, for every approach ([`Counter::Placements`]).
    pub fn placed(&self) -> bool {
        self.kind.changes_board() && self.before == 0 && self.value != 0
    }

    /// True when this event clears a cell that held a digit the search
    /// wrote: an undo, for every approach ([`Counter::Undos`]).
    pub fn taken_back(&self) -> bool {
        self.kind.changes_board() && self.before != 0 && self.value == 0
    }
}

impl Event {
    /// The event in words: `place r4c7 = 5`, `undo r4c7 (takes back 5)`,
    /// `try r1c4 = 1: r1c2 has 1` (a try the check rejected),
    /// `guess r2c3 in {4,7}`, `guess 5 in rows 4-6 is in boxes 5,4,6`.
    pub fn describe(&self) -> String {
        let at = if self.cell == NO_CELL {
            String::new()
        } else {
            Cell::from_index(usize::from(self.cell)).to_string()
        };
        let digits: Vec<String> = (1..=9)
            .filter(|digit| self.value & (1 << digit) != 0)
            .map(|digit| digit.to_string())
            .collect();
        let clash = if self.clash == NO_CELL {
            String::new()
        } else {
            Cell::from_index(usize::from(self.clash)).to_string()
        };
        let phrase = match (self.kind, self.clash != NO_CELL) {
            (EventKind::Try, true) => REJECTED_TRY,
            _ => self.kind.phrase(self.cell != NO_CELL),
        };
        let text = phrase
            .replace("{at}", &at)
            .replace("{clash}", &clash)
            .replace("{before}", &self.before.to_string())
            .replace("{digits}", &digits.join(","))
            .replace("{value}", &self.value.to_string())
            .replace("{digit}", &(self.value % 10).to_string())
            .replace("{lines}", unit_lines(self.value))
            .replace("{n}", &(self.value / 100).to_string());
        // Only a layout's value holds boxes.
        if text.contains("{boxes}") {
            text.replace("{boxes}", &unit_boxes(self.value))
        } else {
            text
        }
    }
}

/// The `value` of a layout event ([`EventKind::Layouts`], [`EventKind::Layout`])
/// for digit index `digit` (0 for 1) in `unit` (a band, 0 to 2, or a stack,
/// 3 to 5): the digit, plus 10 times the unit, plus 100 times `extra` (the
/// number of layouts, or the boxes code). [`unit_lines`] and [`unit_boxes`]
/// read it back, as the replay page does.
pub(crate) fn layout_value(unit: usize, digit: usize, extra: u16) -> u16 {
    (digit + 1 + 10 * unit) as u16 + 100 * extra
}

/// The rows of the band or the columns of the stack a layout event's
/// `value` names: `rows 4-6`, `columns 1-3`.
fn unit_lines(value: u16) -> &'static str {
    [
        "rows 1-3",
        "rows 4-6",
        "rows 7-9",
        "columns 1-3",
        "columns 4-6",
        "columns 7-9",
    ][usize::from(value / 10 % 10 % 6)]
}

/// The boxes a [`EventKind::Layout`] event's `value` gives the rows of its
/// band, or the columns of its stack, numbered 1 to 9 across the board:
/// `5,4,6`.
fn unit_boxes(value: u16) -> String {
    let unit = value / 10 % 10 % 6;
    (value / 100)
        .to_string()
        .chars()
        .filter_map(|k| k.to_digit(10))
        .map(|k| k as u16)
        .map(|k| {
            if unit < 3 {
                3 * unit + k
            } else {
                3 * (k - 1) + unit - 2
            }
        })
        .map(|board_box| board_box.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl EventKind {
    /// How many kinds there are: the last one's number, plus one.
    const COUNT: usize = EventKind::Restart as usize + 1;

    /// Every kind, numbered by its position (the replay page's numbering).
    pub const ALL: [EventKind; EventKind::COUNT] = [
        EventKind::Call,
        EventKind::Visit,
        EventKind::Try,
        EventKind::Place,
        EventKind::Undo,
        EventKind::Node,
        EventKind::Branch,
        EventKind::Guess,
        EventKind::Forced,
        EventKind::Restore,
        EventKind::DeadEnd,
        EventKind::Layouts,
        EventKind::Layout,
        EventKind::Restart,
    ];

    /// How an event of this kind reads, about a cell or not: `{at}` is the
    /// cell (`r4c7`), `{value}` the digit or row count, `{before}` the digit
    /// the cell held, `{digits}` the candidates; for a layout, `{digit}`,
    /// `{lines}`, `{n}` and `{boxes}` are read off the value. A try the check
    /// rejected reads [`REJECTED_TRY`] instead. The replay page fills in the
    /// same phrases.
    pub fn phrase(self, about_a_cell: bool) -> &'static str {
        match (self, about_a_cell) {
            (EventKind::Call, _) => "call",
            (EventKind::Visit, _) => "look at {at}",
            (EventKind::Try, _) => "try {at} = {value}",
            (EventKind::Place, _) => "place {at} = {value}",
            (EventKind::Undo, _) => "undo {at} (takes back {before})",
            (EventKind::Node, _) => "node",
            (EventKind::Branch, true) => "guess {at} in {{digits}}",
            (EventKind::Branch, false) => "guess among {value} rows of a column",
            (EventKind::Guess, _) => "guess {at} = {value}",
            (EventKind::Forced, _) => "forced {at} = {value}",
            (EventKind::Restore, _) => "back to an earlier state: clear {at} (was {before})",
            (EventKind::DeadEnd, true) => "dead end at {at}",
            (EventKind::DeadEnd, false) => "dead end",
            (EventKind::Layouts, _) => "guess where {digit} goes in {lines}: {n} layouts",
            (EventKind::Layout, _) => "guess {digit} in {lines} is in boxes {boxes}",
            (EventKind::Restart, _) => {
                "{value} guesses: start again from the givens, guessing where the fewest options are"
            }
        }
    }

    /// The number of this kind: its place in [`EventKind::ALL`].
    pub fn number(self) -> u8 {
        self as u8
    }
}

// Each kind's number is its place in `ALL` (the replay page reads the
// kinds in that order), checked as the crate compiles.
const _: () = {
    let mut place = 0;
    while place < EventKind::COUNT {
        assert!(EventKind::ALL[place] as usize == place);
        place += 1;
    }
};

/// An approach that can be traced.
#[derive(Debug, Clone, Copy)]
pub struct Approach {
    /// The catalog id.
    pub id: &'static str,
    /// The counters it reports, in [`Counter::ALL`]'s order: the shared
    /// ones and its own.
    pub counters: &'static [Counter],
    /// The counter kept in bulk between events (each event carries the
    /// amount since the one before), if any.
    pub ticks: Option<Counter>,
    /// For a classic, the order in which its validity check compares cells
    /// (so the cell a rejected try clashed with can be named).
    pub check: Option<CheckOrder>,
    solve_sudoku: fn(&mut Vec<Vec<char>>),
}

/// The order in which a classic's validity check compares the 27 cells of
/// a cell's row, column and box with the digit tried; it stops at the first
/// that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckOrder {
    /// The column top to bottom, then the row left to right, then the box
    /// row by row.
    ColumnRowBox,
    /// The row, then the column, then the box.
    RowColumnBox,
    /// The k-th cell of the column, of the row and of the box, for k from
    /// 1 to 9, in one loop.
    Interleaved,
}

impl CheckOrder {
    /// The cell that a check for `cell` compares at its compare number
    /// `compare` (0 to 26), as an index 0..81.
    pub fn compared(self, cell: u8, compare: u64) -> u8 {
        let (row, col) = (cell / 9, cell % 9);
        let nth = |line: u64, k: u8| match line {
            0 => 9 * k + col,
            1 => 9 * row + k,
            _ => 9 * (row / 3 * 3 + k / 3) + col / 3 * 3 + k % 3,
        };
        let (line, k) = match self {
            CheckOrder::ColumnRowBox => (compare / 9, compare % 9),
            CheckOrder::RowColumnBox => ([1, 0, 2][(compare / 9 % 3) as usize], compare % 9),
            CheckOrder::Interleaved => (compare % 3, compare / 3),
        };
        nth(line, (k % 9) as u8)
    }
}

/// A classic approach: it reports the classic counters, with the cells
/// compared counted in bulk, and its check compares in `check` order.
const fn classic(
    id: &'static str,
    check: CheckOrder,
    solve_sudoku: fn(&mut Vec<Vec<char>>),
) -> Approach {
    Approach {
        id,
        counters: &Counter::CLASSIC,
        ticks: Some(Counter::Compares),
        check: Some(check),
        solve_sudoku,
    }
}

/// Every approach, in catalog order, with its region compiled with probes.
pub const APPROACHES: &[Approach] = &[
    classic(
        "coordinate-recursive",
        CheckOrder::ColumnRowBox,
        coordinate_recursive::Solution::solve_sudoku,
    ),
    classic(
        "full-rescan",
        CheckOrder::RowColumnBox,
        full_rescan::Solution::solve_sudoku,
    ),
    classic(
        "single-loop-check",
        CheckOrder::Interleaved,
        single_loop_check::Solution::solve_sudoku,
    ),
    classic(
        "java-style",
        CheckOrder::RowColumnBox,
        java_style::Solution::solve_sudoku,
    ),
    classic(
        "find-empty-cell",
        CheckOrder::RowColumnBox,
        find_empty_cell::Solution::solve_sudoku,
    ),
    Approach {
        id: "bitmask",
        counters: &[
            Counter::Placements,
            Counter::Undos,
            Counter::CellsFilled,
            Counter::Nodes,
            Counter::BranchPoints,
            Counter::Guesses,
            Counter::Forced,
            Counter::DeadEnds,
        ],
        ticks: None,
        check: None,
        solve_sudoku: bitmask::Solution::solve_sudoku,
    },
    Approach {
        id: "constraint-propagation",
        counters: &[
            Counter::Placements,
            Counter::Undos,
            Counter::CellsFilled,
            Counter::Nodes,
            Counter::BranchPoints,
            Counter::Guesses,
            Counter::Forced,
            Counter::DeadEnds,
        ],
        ticks: None,
        check: None,
        solve_sudoku: constraint_propagation::Solution::solve_sudoku,
    },
    Approach {
        id: "dancing-links",
        counters: &[
            Counter::Placements,
            Counter::Undos,
            Counter::CellsFilled,
            Counter::Nodes,
            Counter::BranchPoints,
            Counter::Guesses,
            Counter::Forced,
            Counter::DeadEnds,
            Counter::ColumnsCovered,
        ],
        ticks: Some(Counter::ColumnsCovered),
        check: None,
        solve_sudoku: dancing_links::Solution::solve_sudoku,
    },
    Approach {
        id: "bitboard",
        counters: &[
            Counter::Placements,
            Counter::Undos,
            Counter::CellsFilled,
            Counter::Nodes,
            Counter::BranchPoints,
            Counter::Guesses,
            Counter::Forced,
            Counter::DeadEnds,
            Counter::Passes,
        ],
        ticks: Some(Counter::Passes),
        check: None,
        solve_sudoku: bitboard::Solution::solve_sudoku,
    },
];

/// The counters that any of `approaches` reports, in [`Counter::ALL`]'s
/// order whatever the order of `approaches`: the columns of a table of them.
pub fn counters_of(approaches: &[&Approach]) -> Vec<Counter> {
    Counter::ALL
        .into_iter()
        .filter(|counter| {
            approaches
                .iter()
                .any(|approach| approach.counters.contains(counter))
        })
        .collect()
}

/// The approach with this id.
pub fn find(id: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.id == id)
}

/// What one traced run recorded.
#[derive(Debug, Clone)]
pub struct Trace {
    /// The approach traced.
    pub approach: &'static Approach,
    /// Every counter: complete, whatever the number of events kept, unless
    /// the run was stopped at the end of its window ([`Trace::complete`]).
    pub counts: Counts,
    /// The events kept, in order: from [`Trace::start`] on.
    pub events: Vec<Event>,
    /// How many events there were in all (more than `events.len()` when
    /// only some were kept).
    pub total_events: u64,
    /// The state of the search just before the first event kept.
    pub start: Snapshot,
    /// The number of events after which the board was full, if it was.
    pub solved_at: Option<u64>,
    /// The whole search, sampled at regular steps (see [`Window::samples`]).
    pub samples: Vec<Sample>,
    /// False when the run was stopped at the end of its window.
    pub complete: bool,
    /// The board the approach left: its solution, or the puzzle unchanged;
    /// for a run stopped early, the board as the events left it.
    pub board: Result<Board, ParseError>,
}

/// The state of a search after some of its events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// How many events came before this state.
    pub step: u64,
    /// The board: 0 for an empty cell.
    pub board: [u8; 81],
    /// For each cell the search filled, the number of the kind of the event
    /// that wrote it ([`EventKind::number`]); [`NO_KIND`] for a given or an
    /// empty cell.
    pub kinds: [u8; 81],
    /// Every counter so far.
    pub counts: Counts,
}

/// The kind number of a cell the search has not filled.
pub const NO_KIND: u8 = u8::MAX;

/// One sample of a whole search: where it was at one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// How many events came before.
    pub step: u64,
    /// Placements so far.
    pub placements: u64,
    /// Cells filled at this step (how deep the search is).
    pub filled: u8,
    /// The fewest and the most cells filled since the sample before.
    pub least: u8,
    /// See `least`.
    pub most: u8,
}

/// Which events a trace keeps, and what else it records.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// Where the events kept begin.
    pub from: Start,
    /// How many events to keep.
    pub steps: usize,
    /// Called with the trace so far once the window is full and the next
    /// event comes: for a caller that needs no more, and does not return
    /// (the page's WebAssembly ends the call there), or for one that takes
    /// the search a window at a time: when it returns, the search goes on
    /// and keeps its next `steps` events, a new window that begins at that
    /// event (with its own `start`), and so on to the end. `None` runs the
    /// search to its end and counts everything.
    pub stop: Option<fn(Trace)>,
    /// How many samples of the whole search to keep, at most (0 for none):
    /// one every 2^k events, k as small as the room allows.
    pub samples: usize,
}

/// Where the events a trace keeps begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// After this many events.
    Step(u64),
    /// Just after the event that made this many placements (0: at the
    /// start); at the end when the search makes fewer.
    Placement(u64),
}

/// Runs `approach`'s LeetCode entry point on `puzzle`, recording its counts
/// and its first `max_events` events. Runs as long as the approach does: a
/// classic approach on a puzzle without a solution can take very long.
pub fn trace(approach: &'static Approach, puzzle: &Board, max_events: usize) -> Trace {
    trace_window(
        approach,
        puzzle,
        Window {
            from: Start::Step(0),
            steps: max_events,
            stop: None,
            samples: 0,
        },
    )
}

/// Runs `approach`'s LeetCode entry point on `puzzle`, keeping the events
/// of `window` (and stopping after them if it says so).
pub fn trace_window(approach: &'static Approach, puzzle: &Board, window: Window) -> Trace {
    probe::start(approach, puzzle, window);
    let mut board = puzzle.to_leetcode();
    (approach.solve_sudoku)(&mut board);
    let board = Board::from_leetcode(&board);
    match probe::finish() {
        Some(recorder) => recorder.into_trace(board),
        // Only when a probe stopped the recording without stopping the run,
        // which none does.
        None => Trace {
            approach,
            counts: Counts::default(),
            events: Vec::new(),
            total_events: 0,
            start: Snapshot {
                step: 0,
                board: *puzzle.cells(),
                kinds: [NO_KIND; 81],
                counts: Counts::default(),
            },
            solved_at: None,
            samples: Vec::new(),
            complete: true,
            board,
        },
    }
}

/// The board after the events, applied to `puzzle` in order: what a replay
/// shows at the end.
pub fn replay(puzzle: &Board, events: &[Event]) -> [u8; 81] {
    let mut cells = *puzzle.cells();
    for event in events {
        if let (Some(cell), true) = (
            cells.get_mut(usize::from(event.cell)),
            event.kind.changes_board(),
        ) {
            *cell = event.value as u8;
        }
    }
    cells
}

impl EventKind {
    /// True for the events that write or clear a cell (their `value` is
    /// what the cell then holds).
    pub fn changes_board(self) -> bool {
        matches!(
            self,
            EventKind::Place
                | EventKind::Undo
                | EventKind::Guess
                | EventKind::Forced
                | EventKind::Restore
        )
    }
}
