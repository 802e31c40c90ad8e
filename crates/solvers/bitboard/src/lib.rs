//! **bitboard**: LeetCode 37 on bit-parallel bands, sudoku-lab's fastest solver.
//!
//! The board is cut into three bands of three rows. For every digit and every
//! band one 27-bit word says where that digit may still go (27 words in all),
//! so a whole band's worth of eliminations is one AND. Within a band, a digit
//! must take one cell in each row and one in each box: a table indexed by
//! which (row, box) pairs are still open keeps only the mini-rows that fit
//! such a one-to-one pattern, which finds locked candidates, hidden singles in
//! rows and boxes, and contradictions in one lookup. Naked singles are found
//! for a whole band at once by counting candidates with two running masks,
//! and the same pairing rule holds for the columns of a stack. Before each
//! guess the search also looks at mini-rows and mini-columns (tdoku's
//! "triads"): each holds exactly three digits, so three digits sure to be
//! in one leave no room there for any other, and three digits alone to
//! reach a mini-column are all in it. Near the end, with 25 cells open or
//! fewer (past the first node, and except in the careful search below),
//! it skips the column rule and the triads and guesses on a cell: the
//! first with two candidates, or else the first open one; so does an easy
//! search (its first guess came with 47 cells open or fewer) below its
//! first node, while it has made eight guesses or fewer in all. Otherwise,
//! when
//! nothing more follows, the search guesses how one digit lies in one
//! band or stack (its layout: which box each of the band's rows, or the
//! stack's columns, gives it), choosing much as tdoku does among bands and
//! stacks the one with the fewest ways left to lay out its digits (tdoku
//! takes the plain count of layouts, this search about their logarithm)
//! and in it the digit with the fewest layouts, and tries each layout on a
//! copy of the 27 words, depth first. A search that has made thousands of
//! guesses (no puzzle of the large public sets needs so many; sparse boards
//! can) starts again from
//! the givens and branches on a two-candidate cell or the tightest spot
//! left, a cell or a digit with the fewest options, so such a board takes
//! thousands of guesses where the layouts alone once made billions.
//!
//! On x86-64 processors with AVX2 (detected at run time), the native API
//! runs the same search compiled for AVX2, starting with a sweep that takes
//! the givens to the fixpoint of propagation and the column rule, each
//! rule applied to all 27 words at once (module `avx2`, the one place of
//! the workspace allowed `unsafe`); on Intel's processors with AVX-512
//! F, VL, BW and VPOPCNTDQ (in a build by Rust 1.89 or later), a copy
//! that also brings the changed words up to date a whole band at a time.
//! They end on the same states, so the answers and guesses are the same
//! whichever runs ([`measure::Path`], [`measure::search_with`]). The
//! LeetCode submission is the portable code alone.
//!
//! **Complexity.** Exponential in the worst case: no exact solver of
//! generalised (n²×n²) Sudoku is known to run in polynomial time, the
//! problem being NP-complete. But propagation leaves little to guess: the
//! public 17-clue puzzles mostly need none, and the hardest public sets
//! tens to a few hundred per puzzle (the guesses table of
//! `notes/bitboard.md`). Space: a state of 196 bytes per level of guessing,
//! at most 54 levels of layouts (one per band or stack and digit) plus one
//! per cell guessed.
//!
//! **No solution.** [`Solution::solve_sudoku`] leaves the board unchanged;
//! [`solve`] returns `None`, [`solve_unique`] returns `None` and
//! [`count_solutions`] returns 0. Conflicting givens are found while the
//! givens are loaded or by the first propagation, without any search.
//!
//! Explained at length, with pictures, in `notes/bitboard.md`.
//!
//! ```
//! use sudoku_bitboard::{count_solutions, solve, solve_unique};
//!
//! let mut cells = [0u8; 81];
//! for (cell, c) in cells.iter_mut().zip(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".chars(),
//! ) {
//!     *cell = c.to_digit(10).unwrap_or(0) as u8;
//! }
//! let solution = solve(&cells).unwrap();
//! assert_eq!(solution[..9], [5, 3, 4, 6, 7, 8, 9, 1, 2]);
//! assert_eq!(solve_unique(&cells), Some((solution, true)));
//! assert_eq!(count_solutions(&cells, 2), 1);
//! assert_eq!(count_solutions(&[0; 81], 3), 3);
//! ```

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

/// LeetCode declares this struct itself; the submission is the `impl` below.
pub struct Solution;

/// This file as it is: `sudoku source` cuts the LeetCode submission out of
/// it (`sudoku_catalog::Approach::submission`).
pub const SOURCE: &str = include_str!("lib.rs");

// The lines under #[cfg(sudoku_trace)] count this code's work for `sudoku
// trace`; only that build compiles them (not the judge, not this crate).
// LeetCode submission begins
impl Solution {
    /// Fills every `'.'` of `board` with a solution; leaves the board
    /// unchanged when there is none.
    #[allow(clippy::ptr_arg)] // The signature is LeetCode's.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut cells = [0u8; 81];
        for (index, cell) in cells.iter_mut().enumerate() {
            let c = board[index / 9][index % 9];
            *cell = c.to_digit(10).map_or(0, |digit| digit as u8);
        }
        if let Some(solution) = search(&cells, 1, PORTABLE, true).first {
            for (index, &digit) in solution.iter().enumerate() {
                board[index / 9][index % 9] = char::from(b'0' + digit);
            }
        }
    }
}

/// The 27 cells of a band: bit `9 * row + column`, rows 0 to 2 of the band.
const BAND: u32 = (1 << 27) - 1;

/// One row of a band.
const ROW: u32 = 0x1FF;

/// The cells of the rows of a band named by three bits (bit r for row r).
const ROWS: [u32; 8] = [
    0,
    ROW,
    ROW << 9,
    ROW | ROW << 9,
    ROW << 18,
    ROW | ROW << 18,
    ROW << 9 | ROW << 18,
    BAND,
];

/// For the nine bits of one row of a band, which of its three boxes still
/// hold a candidate: bit k for box k.
const BOXES_OF_ROW: [u32; 512] = boxes_of_row();

/// For a band's shape (bit `3 * row + box` set when that row may still take
/// the digit in that box), the cells that belong to some one-to-one pairing of
/// rows with boxes that the shape allows. Everything else is impossible: the
/// digit needs one cell in each row and one in each box of the band.
const FITTING: [u32; 512] = fitting_cells();

/// [`FITTING`] with one bit per (row, box) pair instead of three cells: bit
/// `3 * row + box` when the pair belongs to some one-to-one pairing. The same
/// rule holds for bands and columns within a stack of three columns.
const PAIRS: [u32; 512] = fitting_pairs();

const fn fitting_pairs() -> [u32; 512] {
    let mut table = [0; 512];
    let mut shape = 0;
    while shape < 512 {
        let cells = FITTING[shape];
        let mut pair = 0;
        while pair < 9 {
            if cells & (1 << (9 * (pair / 3) + 3 * (pair % 3))) != 0 {
                table[shape] |= 1 << pair;
            }
            pair += 1;
        }
        shape += 1;
    }
    table
}

/// Guesses after which the search gives up choosing layouts and starts
/// again from the givens, carefully: on a two-candidate cell, or else the
/// tightest spot left (see `State::tightest`). Turning careful where it
/// stands is not enough: the layouts chosen before may have led it into a
/// branch whose dead ends are huge whatever it does there. No public
/// puzzle needs so many guesses, counting to two (the "most" column of the
/// guesses table in `notes/bitboard.md`, which a test makes again); some
/// nearly empty boards do.
const CAREFUL_AFTER: usize = 4096;

/// Open cells at or under which a node of the search that is not careful,
/// below the first, guesses on a cell at once, with no column rule, triads
/// or layouts: where little is left under a guess the rules save few
/// splits, and leaving them out there runs about 7% fewer instructions on
/// Serg's easy puzzles and about as many on the other public sets
/// (`notes/lab/bitboard-experiments.md` has the counts).
const FEW_OPEN: u32 = 25;

/// Open cells at or under which the first guess marks a search as easy:
/// below its first node, while it has made [`EASY_GUESSES`] guesses or
/// fewer, an easy search guesses at once, as near the end (see
/// [`FEW_OPEN`]). Where a puzzle first needs a guess with this few cells
/// open, the column rule and the triads find something in a smaller share
/// of their runs than in other searches, and on Serg's public set, every
/// puzzle of which is easy so, leaving them out keeps the splits about as
/// they were; a search that goes on longer takes them up again. Few of the
/// hard sets' puzzles are easy (`notes/lab/bitboard-experiments.md` has
/// the counts and the thresholds tried).
const EASY_OPEN: u32 = 47;

/// The most guesses an easy search (see [`EASY_OPEN`]) may have made at a
/// node where it still leaves its rules out: from the ninth on, it runs
/// them again.
const EASY_GUESSES: usize = 8;

/// The first cell of every mini-row of a band: bit `9 * row + 3 * box`.
/// A word's mini-rows are kept so, one bit each; the three bands' are
/// interleaved by shifting each by its band (see [`Lines`]).
const MINI_ROW_STARTS: u32 = 0o111_111_111;

/// The [`MINI_ROW_STARTS`] bits of each row's first box, and of its last.
const FIRST_BOX_STARTS: u32 = 0o001_001_001;
const LAST_BOX_STARTS: u32 = 0o100_100_100;

/// The cells of a band's first box: three bits in each row.
const FIRST_BOX: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;

/// The cells of a band's first column: one bit in each row.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// Where the search guesses: each layout (bits of [`PAIRINGS`]) left to the
/// digit index `digit` in a band (0 to 2) or a stack (3 to 5, for stacks 0
/// to 2); every candidate of the cell `bit` of `band`; or the digit index
/// `digit` in that cell, first there and then anywhere else.
#[derive(Clone, Copy)]
enum Guess {
    Layout(usize, usize, u8),
    Cell(usize, u32),
    Digit(usize, u32, usize),
}

const fn boxes_of_row() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut column_block = 0;
        while column_block < 3 {
            if row & (0b111 << (3 * column_block)) != 0 {
                boxes |= 1 << column_block;
            }
            column_block += 1;
        }
        table[row] = boxes;
        row += 1;
    }
    table
}

/// The six ways to give each of a band's three rows its own box: entry `r`
/// of a pairing is row `r`'s box. For one digit, these are its six possible
/// layouts in a band (tdoku's "configurations").
const PAIRINGS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The cells of each layout: the three mini-rows it picks.
const LAYOUT_CELLS: [u32; 6] = layout_cells();

/// For a band's shape (as in [`FITTING`]), bit `p` when layout `p` of
/// [`PAIRINGS`] still fits it.
const LAYOUTS: [u8; 512] = layouts();

const fn layout_cells() -> [u32; 6] {
    let mut table = [0; 6];
    let mut pairing = 0;
    while pairing < 6 {
        let boxes = PAIRINGS[pairing];
        table[pairing] = (0b111 << (3 * boxes[0]))
            | (0b111 << (9 + 3 * boxes[1]))
            | (0b111 << (18 + 3 * boxes[2]));
        pairing += 1;
    }
    table
}

const fn layouts() -> [u8; 512] {
    let mut table = [0; 512];
    let mut shape: usize = 0;
    while shape < 512 {
        let mut pairing = 0;
        while pairing < 6 {
            let boxes = PAIRINGS[pairing];
            let needed = (1 << boxes[0]) | (1 << (3 + boxes[1])) | (1 << (6 + boxes[2]));
            if shape & needed == needed {
                table[shape] |= 1 << pairing;
            }
            pairing += 1;
        }
        shape += 1;
    }
    table
}

const fn fitting_cells() -> [u32; 512] {
    let mut table = [0; 512];
    let mut shape: usize = 0;
    while shape < 512 {
        let mut pairing = 0;
        while pairing < 6 {
            if LAYOUTS[shape] & (1 << pairing) != 0 {
                table[shape] |= LAYOUT_CELLS[pairing];
            }
            pairing += 1;
        }
        shape += 1;
    }
    table
}

/// Which boxes each row of a band's word still reaches: bit `3 * row + box`.
fn shape(cells: u32) -> u32 {
    BOXES_OF_ROW[(cells & ROW) as usize]
        | BOXES_OF_ROW[((cells >> 9) & ROW) as usize] << 3
        | BOXES_OF_ROW[((cells >> 18) & ROW) as usize] << 6
}

/// The weight of a digit's number of layouts in a band or stack, about
/// twice its base-2 logarithm: 0, 2, 3, 4, 5, 5 for 1 to 6 layouts. Their
/// sum over the nine digits is about twice the logarithm of the number of
/// ways left to lay them all out there, and the search guesses where that
/// is least (see `State::layout_guess`). Plain arithmetic, so that the
/// compiler runs it on several counts at once.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn layout_weight(count: u32) -> u32 {
    count - u32::from(count == 1) - u32::from(count == 6)
}

/// The columns (bits 0 to 8) where a band's word has a cell.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn columns(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// Every row's content moved up by `n` rows (1 or 2), the first rows coming
/// round to the bottom: bit `9 * row + k` of the result is bit
/// `9 * ((row + n) % 3) + k` of `x`. Rows of a band, or, for the columns
/// each band reaches (bit `9 * band + column`), bands.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn rows_on(x: u32, n: u32) -> u32 {
    ((x >> (9 * n)) | (x << (27 - 9 * n))) & BAND
}

/// A digit's number of layouts in each stack (three bits per stack), from
/// the columns it reaches in each band ([`columns`]): the pairings of the
/// stack's bands with its columns where the digit reaches all three
/// mini-columns, counted as a band's pairings of rows with boxes would be.
/// Turning the second band's columns within each stack by one place and
/// the third's by two lines up column `c + 1` and `c + 2` with column `c`,
/// so one AND of the three bands finds three pairings in each stack, and
/// the turns the other way round the other three.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn stack_layout_counts(first: u32, second: u32, third: u32) -> u32 {
    let turn_one = |columns: u32| (columns >> 1 & 0o333) | (columns << 2 & 0o444);
    let turn_two = |columns: u32| (columns >> 2 & 0o111) | (columns << 1 & 0o666);
    // The bits of each three, counted: at most 3 each.
    let count = |fits: u32| fits - (fits >> 1 & 0o333) - (fits >> 2 & 0o111);
    count(first & turn_one(second) & turn_two(third))
        + count(first & turn_two(second) & turn_one(third))
}

/// A digit's shape in `stack` as [`LAYOUTS`] reads a band's, from the
/// columns it reaches in each band (bit `9 * band + column`, as [`Lines`]
/// holds them): bit `3 * band + column` (the column within the stack) when
/// the band has the digit in that column.
fn stack_shape(columns: u32, stack: usize) -> u32 {
    (0..3).fold(0, |shape, band| {
        shape | ((columns >> (9 * band + 3 * stack)) & 0b111) << (3 * band)
    })
}

/// Of `sets`, the elements in at least one, two, three and four of them:
/// running masks, each step carrying the last one's on.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn in_at_least(sets: &[u32]) -> [u32; 4] {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    for &set in sets {
        four |= three & set;
        three |= two & set;
        two |= one & set;
        one |= set;
    }
    [one, two, three, four]
}

/// What the triads find of all digits at once (see [`State::triads`]):
/// the mini-rows three digits are sure of, the mini-columns three digits
/// are sure of, and those only three digits reach. `None` when four digits
/// are sure of one mini-row or mini-column, or fewer than three reach a
/// mini-column.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn triad_sets<K: Kernel>(lines: &Lines) -> Option<[u32; 3]> {
    let [_, _, sure_three, sure_four] = K::in_at_least(&lines.sure);
    let [_, _, reach_three, reach_four] = K::in_at_least(&lines.reach);
    let [_, _, sure_columns_three, sure_columns_four] = K::in_at_least(&lines.sure_columns);
    if sure_four | sure_columns_four != 0 || reach_three != BAND {
        return None;
    }
    Some([sure_three, sure_columns_three, reach_three & !reach_four])
}

/// What the triads take from the digit index `digit`, per band, given the
/// [`triad_sets`]: the mini-rows others are sure of in its rows, the
/// mini-columns others are sure of in its columns, and, where it is one of
/// only three digits to reach a mini-column, its column in the other bands
/// and the box's other columns in that band. `None` when it loses nothing.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn triad_drops(lines: &Lines, sets: &[u32; 3], digit: usize) -> Option<[u32; 3]> {
    let [sure_three, sure_columns_three, only_three] = *sets;
    let rows_taken = sure_three & !lines.sure[digit] & lines.rows[digit];
    let columns_taken = sure_columns_three & !lines.sure_columns[digit] & lines.reach[digit];
    let forced = only_three & lines.reach[digit] & !lines.sure_columns[digit];
    if rows_taken | columns_taken | forced == 0 {
        return None;
    }
    let forced_in = [forced & ROW, forced >> 9 & ROW, forced >> 18];
    Some(std::array::from_fn(|band| {
        let rows = (rows_taken >> band) & MINI_ROW_STARTS;
        let own = forced_in[band];
        let stack_mates = (((own | own >> 1 | own >> 2) & 0o111) * 0b111) & !own;
        let columns = (columns_taken >> (9 * band)) & ROW
            | forced_in[(band + 1) % 3]
            | forced_in[(band + 2) % 3]
            | stack_mates;
        (rows * 0b111) | (columns * COLUMN)
    }))
}

/// What the triads read, per digit (index 0 to 8): the mini-rows it
/// reaches and those it is sure of (bit `9 * row + 3 * box + band`: the
/// three bands' [`MINI_ROW_STARTS`] bits side by side), and the columns it
/// reaches in each band and those it is sure of, reaching them in no other
/// band (bit `9 * band + column`: the mini-columns). The choice of a guess
/// reads the columns too, for the layouts in stacks.
#[derive(Default)]
#[cfg_attr(test, derive(Debug, PartialEq))]
struct Lines {
    rows: [u32; 9],
    sure: [u32; 9],
    reach: [u32; 9],
    sure_columns: [u32; 9],
}

/// One digit's [`Lines`] from its words in the three bands: its mini-rows
/// reached and sure, and its columns reached and sure.
// Inlined by force: the AVX2 copy compiles what it inlines (`avx2.rs`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn digit_lines(words: [u32; 3]) -> [u32; 4] {
    let (mut reached, mut sure) = (0, 0);
    for (band, &cells) in words.iter().enumerate() {
        let rows = (cells | cells >> 1 | cells >> 2) & MINI_ROW_STARTS;
        // Each mini-row against the next and the last of its row.
        let next = (rows >> 3 & MINI_ROW_STARTS & !LAST_BOX_STARTS) | (rows << 6 & LAST_BOX_STARTS);
        let last =
            (rows >> 6 & FIRST_BOX_STARTS) | (rows << 3 & MINI_ROW_STARTS & !FIRST_BOX_STARTS);
        reached |= rows << band;
        sure |= (rows & !next & !last) << band;
    }
    let columns = columns(words[0]) | columns(words[1]) << 9 | columns(words[2]) << 18;
    let elsewhere = rows_on(columns, 1) | rows_on(columns, 2);
    [reached, sure, columns, columns & !elsewhere]
}

/// What each copy of the search does its own way: read a word's shape,
/// take cells from a band's nine words, count over nine words, apply the
/// column rule, read what the triads need and apply them, at a solution
/// look for a swap and read the digits out, and bring the changed words
/// up to date. The portable
/// copy ([`Scalar`]) uses [`shape`]'s table lookups and plain loops; the
/// native API's copies, outside this region, use a few vector or bit
/// instructions for most of them, and the AVX-512 copy also brings the
/// changed words up to date its own way (a whole band at once).
trait Kernel {
    /// The shape of the word `cells`, as [`shape`] gives it.
    fn shape(cells: u32) -> u32;

    /// Removes `cells` from each of `words`, a band's nine; returns those
    /// that lost any, bit `digit`.
    fn take(words: &mut [u32], cells: u32) -> u32;

    /// The column rule on `reach`, each digit's columns in each band as
    /// [`Lines`] holds them, as [`State::stack_pairings`] applies it.
    fn stack_pairings(state: &mut State, reach: &[u32; 9]) -> Option<bool>;

    /// Whether the solved `state` of the puzzle `givens` has a swap, as
    /// [`State::has_swap`] finds it.
    fn has_swap(state: &State, givens: &[u8; 81]) -> bool;

    /// The digits of the solved `state`, as [`State::cells`] reads them.
    fn cells(state: &State) -> [u8; 81];

    /// What the triads and the choice of a guess read of `state`, as
    /// [`State::lines`] reads it.
    fn lines(state: &State) -> Lines;

    /// Of `sets`, the elements in at least one, two, three and four of
    /// them, as [`in_at_least`] finds them.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn in_at_least(sets: &[u32]) -> [u32; 4] {
        in_at_least(sets)
    }

    /// The triads on `lines`, as [`State::triads`] applies them.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn triads(state: &mut State, lines: &Lines) -> Option<bool> {
        state.triads(lines)
    }

    /// Brings every changed word up to date, and every word that loses
    /// candidates on the way, as [`State::update_words`] does (a copy may
    /// update more words than that, since an update leaves an up-to-date
    /// word as it is); returns the words that had news, `None` on a
    /// contradiction.
    // Inlined by force into `Search::run`, like it (see `Code`): a copy
    // that keeps this default must compile the loop for its instructions.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn settle(state: &mut State) -> Option<u32>
    where
        Self: Sized,
    {
        state.update_words::<Self>()
    }
}

/// The portable copy's way: table lookups and plain loops.
struct Scalar;

impl Kernel for Scalar {
    fn shape(cells: u32) -> u32 {
        shape(cells)
    }

    // Inlined by force, as `State::take_cells` was before this came out of
    // it (see there).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn take(words: &mut [u32], cells: u32) -> u32 {
        let mut lost = 0;
        for (digit, word) in words.iter_mut().enumerate() {
            let before = *word;
            *word = before & !cells;
            lost |= u32::from(*word != before) << digit;
        }
        lost
    }

    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn stack_pairings(state: &mut State, reach: &[u32; 9]) -> Option<bool> {
        state.stack_pairings(reach)
    }

    fn has_swap(state: &State, givens: &[u8; 81]) -> bool {
        // The empty cells are value 0's (the search loaded these givens, so
        // none is above 9).
        givens_by_band(givens).is_some_and(|held| state.has_swap(&[held[0], held[10], held[20]]))
    }

    fn cells(state: &State) -> [u8; 81] {
        state.cells()
    }

    fn lines(state: &State) -> Lines {
        state.lines()
    }
}

/// The cells of `cells` by band and value: entry `10 * band + value` holds
/// the cells of the band with that value (0 for the empty ones), bit
/// `9 * row + column`; `None` when a cell holds more than 9.
#[inline]
fn givens_by_band(cells: &[u8; 81]) -> Option<[u32; 30]> {
    let mut held = [0u32; 30];
    for (index, &value) in cells.iter().enumerate() {
        if value > 9 {
            return None;
        }
        held[10 * (index / 27) + usize::from(value)] |= 1 << (index % 27);
    }
    Some(held)
}

/// The search state. Word `9 * band + digit` of `candidates` holds the cells
/// of that band where the digit (0 to 8) may still go; the nine words of a
/// band sit side by side, so work on a whole band is one short loop (on
/// x86-64 the compiler runs some such loops on vectors, `Scalar::take`'s).
#[derive(Clone, Copy)]
struct State {
    candidates: [u32; 27],
    /// Bit `word` set when that word lost candidates since it was last
    /// brought up to date.
    changed: u32,
    /// Bit `band` when a word of that band was updated since the last
    /// naked-single scan, and bit `digit` of `rescan_digits` likewise for the
    /// column rule: the scans skip what cannot have news.
    rescan_bands: u32,
    rescan_digits: u32,
    /// Per band, the cells whose digit is not fixed yet.
    unsolved: [u32; 3],
    /// Per digit, bit `3 * band + row` while the digit's place in that row is
    /// not fixed yet.
    open_rows: [u32; 9],
    /// Each word's number of layouts (the bits set in its shape's entry of
    /// [`LAYOUTS`]), written whenever the word is brought up to date (0
    /// until then: every word starts changed), so that the choice of a
    /// guess reads it rather than counting again.
    layouts: [u8; 27],
}

impl State {
    /// The state with the givens placed, or `None` when a cell holds more
    /// than 9 or two givens share a digit in one row. Other conflicts surface
    /// in the first propagation.
    fn new(cells: &[u8; 81]) -> Option<State> {
        let held = givens_by_band(cells)?;
        // All givens are applied at once, word by word: a given takes its
        // cell from the other digits, the rest of its row and its column
        // from its own digit, and fixes that row.
        let mut state = State {
            candidates: [0; 27],
            changed: (1 << 27) - 1,
            rescan_bands: 0,
            rescan_digits: 0,
            unsolved: [held[0], held[10], held[20]],
            open_rows: [0; 9],
            layouts: [0; 27],
        };
        for digit in 0..9 {
            let own: [u32; 3] = std::array::from_fn(|band| held[10 * band + digit + 1]);
            let columns = own.map(|cells| (cells | cells >> 9 | cells >> 18) & ROW);
            for (band, &mine) in own.iter().enumerate() {
                let mut word = state.unsolved[band] | mine;
                for row in 0..3 {
                    let line = (mine >> (9 * row)) & ROW;
                    if line & line.wrapping_sub(1) != 0 {
                        return None;
                    }
                    if line == 0 {
                        state.open_rows[digit] |= 1 << (3 * band + row);
                    } else {
                        word &= !(ROW << (9 * row)) | line << (9 * row);
                    }
                }
                for (other, &taken) in columns.iter().enumerate() {
                    if other != band {
                        word &= !(taken * COLUMN);
                    }
                }
                state.candidates[9 * band + digit] = word;
            }
        }
        Some(state)
    }

    /// Removes `cells` from a word, noting the word as changed if it lost any.
    fn remove(&mut self, word: usize, cells: u32) {
        let before = self.candidates[word];
        let after = before & !cells;
        self.candidates[word] = after;
        self.changed |= u32::from(after != before) << word;
    }

    /// Removes `cells` from every digit of `band` but `digit`, whose word
    /// becomes `own`: they are `digit`'s now.
    // Inlined by force: left to itself the compiler calls it, and the call
    // cost measurable time (notes/lab/bitboard-experiments.md).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn take_cells<K: Kernel>(&mut self, band: usize, digit: usize, cells: u32, own: u32) {
        let words = &mut self.candidates[9 * band..9 * band + 9];
        let lost = K::take(words, cells);
        words[digit] = own;
        self.changed |= (lost & !(1 << digit)) << (9 * band);
    }

    /// Keeps only `layout` (of [`PAIRINGS`]) for the digit index `digit` in
    /// `unit`: in a band (0 to 2), the three mini-rows it gives the rows; in
    /// a stack (3 to 5), the column it gives each band there.
    fn keep_layout(&mut self, unit: usize, digit: usize, layout: usize) {
        if unit < 3 {
            self.remove(9 * unit + digit, !LAYOUT_CELLS[layout]);
            return;
        }
        let stack = 3 * (unit - 3);
        for (band, &column) in PAIRINGS[layout].iter().enumerate() {
            let others = 0b111 << stack & !(1 << (stack + column as usize));
            self.remove(9 * band + digit, others * COLUMN);
        }
    }

    /// Keeps `bit` as the only place for `digit` in its row of `band`;
    /// propagation does the rest.
    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        let row = bit.trailing_zeros() / 9;
        self.remove(9 * band + digit, (ROW << (9 * row)) & !bit);
    }

    /// Brings one word up to date: counts the row-to-box pairings its shape
    /// still fits (its layouts) and keeps only their cells, then fixes
    /// every row left with one cell, which takes that cell from the other
    /// digits and its column from the other bands. Returns false on a
    /// contradiction.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn update<K: Kernel>(&mut self, word: usize) -> bool {
        // The word is read before its band and digit are worked out, so the
        // read does not wait for the division.
        let mut cells = self.candidates[word];
        let (band, digit) = (word / 9, word % 9);
        let shape = K::shape(cells) as usize;
        self.layouts[word] = LAYOUTS[shape].count_ones() as u8;
        cells &= FITTING[shape];
        if cells == 0 {
            return false;
        }

        let single = |line: u32| u32::from(line.is_power_of_two());
        let single_rows =
            single(cells & ROW) | single((cells >> 9) & ROW) << 1 | single(cells >> 18) << 2;
        let fixed_rows = single_rows & (self.open_rows[digit] >> (3 * band));
        if fixed_rows == 0 {
            self.candidates[word] = cells;
            return true;
        }
        self.fix::<K>(
            band,
            digit,
            fixed_rows,
            cells & ROWS[fixed_rows as usize],
            cells,
        );
        true
    }

    /// Records `digit` as placed in `cells` of `band`, one in each of the
    /// `rows` (three bits): takes those cells from the other digits and
    /// their columns from the digit's other bands. `own` is the digit's
    /// word as `update` brought it up to date, written here once, after the
    /// band's other words were read: written before, it made the read of
    /// the nine words (one vector load in the AVX2 copy) wait for it.
    // Inlined by force, like `take_cells`: it is the heart of `update`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn fix<K: Kernel>(&mut self, band: usize, digit: usize, rows: u32, cells: u32, own: u32) {
        self.open_rows[digit] &= !(rows << (3 * band));
        self.unsolved[band] &= !cells;
        #[cfg(sudoku_trace)]
        crate::probe::forced_in_band(band, digit, cells);
        self.take_cells::<K>(band, digit, cells, own);
        let columns = (cells | cells >> 9 | cells >> 18) & ROW;
        let column_cells = columns | columns << 9 | columns << 18;
        for other in 0..3 {
            if other != band {
                self.remove(9 * other + digit, column_cells);
            }
        }
    }

    /// Runs the band updates and the naked-single scan until neither finds
    /// anything new. Returns false on a contradiction.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn propagate<K: Kernel>(&mut self) -> bool {
        loop {
            #[cfg(sudoku_trace)]
            crate::probe::tick();
            // Every word updated in this round, marked for the scans below
            // at once rather than word by word.
            let Some(updated) = K::settle(self) else {
                return false;
            };
            self.rescan_digits |= (updated | updated >> 9 | updated >> 18) & ROW;
            self.rescan_bands |= u32::from(updated & ROW != 0)
                | u32::from(updated & ROW << 9 != 0) << 1
                | u32::from(updated >> 18 != 0) << 2;
            match self.naked_singles::<K>() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Updates changed words, one at a time, until none is left (an update
    /// that fixes a row changes other words); returns the words that had
    /// news, `None` on a contradiction.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn update_words<K: Kernel>(&mut self) -> Option<u32> {
        let mut updated = 0;
        while self.changed != 0 {
            updated |= self.changed;
            let word = self.changed.trailing_zeros() as usize;
            self.changed &= self.changed - 1;
            if !self.update::<K>(word) {
                return None;
            }
        }
        Some(updated)
    }

    /// Finds the unsolved cells with a single candidate left and places it.
    /// `Some(true)` when it placed any, `None` when a cell has no candidate.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn naked_singles<K: Kernel>(&mut self) -> Option<bool> {
        let mut found = false;
        let stale = self.rescan_bands;
        self.rescan_bands = 0;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 || stale & (1 << band) == 0 {
                continue;
            }
            let (once, twice, _) = self.counts::<K>(band);
            if unsolved & !once != 0 {
                return None;
            }
            let mut singles = unsolved & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // An earlier single of this loop may have taken the cell's
                // last candidate (two cells of a row left with the same digit).
                let digit = (0..9).find(|&digit| self.candidates[9 * band + digit] & bit != 0)?;
                self.place(digit, band, bit);
                found = true;
            }
        }
        Some(found)
    }

    /// The column view of the band rule: in each stack of three columns a
    /// digit takes one column in each band and one band in each column. Drops
    /// the columns that fit no such pairing from the bands' words (locked
    /// candidates along columns, and with the band rule, hidden singles in
    /// columns), for the digits with news since it last ran; `reach` is
    /// each digit's columns in each band, as [`Lines`] holds them.
    /// `Some(true)` when it removed any candidate, `None` when a digit has
    /// no pairing left in some stack.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn stack_pairings(&mut self, reach: &[u32; 9]) -> Option<bool> {
        let mut found = false;
        let stale = self.rescan_digits;
        self.rescan_digits = 0;
        for (digit, &reached) in reach.iter().enumerate() {
            if self.open_rows[digit] == 0 || stale & (1 << digit) == 0 {
                continue;
            }
            let columns = [reached & ROW, reached >> 9 & ROW, reached >> 18];
            let mut allowed = [0; 3];
            for stack in 0..3 {
                let shift = 3 * stack;
                let shape = (columns[0] >> shift) & 0b111
                    | ((columns[1] >> shift) & 0b111) << 3
                    | ((columns[2] >> shift) & 0b111) << 6;
                let pairs = PAIRS[shape as usize];
                if pairs == 0 {
                    return None;
                }
                for (band, allowed) in allowed.iter_mut().enumerate() {
                    *allowed |= ((pairs >> (3 * band)) & 0b111) << shift;
                }
            }
            for band in 0..3 {
                if allowed[band] != columns[band] {
                    let drop = columns[band] & !allowed[band];
                    self.remove(9 * band + digit, drop | drop << 9 | drop << 18);
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// The cells of a band with at least one, two and three candidates.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn counts<K: Kernel>(&self, band: usize) -> (u32, u32, u32) {
        let [once, twice, thrice, _] = K::in_at_least(&self.candidates[9 * band..9 * band + 9]);
        (once, twice, thrice)
    }

    /// What to guess on: a digit's layout in a band or a stack (`reach` is
    /// each digit's columns in each band, as [`Lines`] holds them). In a
    /// stack a digit takes one column in each band and one band in each
    /// column, so its layouts there are the six pairings of the stack's
    /// bands with its columns, as a band's are of its rows with its boxes.
    /// The search takes the band or stack where the fewest ways are left
    /// to lay out all nine digits (the least sum of [`layout_weight`];
    /// only those where some digit has two layouts or more), and in it the
    /// digit with the fewest layouts, at least two: each branch keeps one
    /// layout. `None` when every digit has one layout left everywhere.
    ///
    /// tdoku chooses among bands and stacks too, the one with the fewest
    /// layouts in all; weighing each digit's count by its logarithm makes
    /// the search split less (the counts are in
    /// `notes/lab/bitboard-experiments.md`).
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn layout_guess<K: Kernel>(&self, reach: &[u32; 9]) -> Option<Guess> {
        // Each digit's layouts, entry `9 * unit + digit` (bands 0 to 2,
        // then stacks).
        let mut counts = [0u32; 54];
        for (count, &layouts) in counts.iter_mut().zip(&self.layouts) {
            *count = u32::from(layouts);
        }
        for (digit, &columns) in reach.iter().enumerate() {
            let stacks = stack_layout_counts(columns & ROW, columns >> 9 & ROW, columns >> 18);
            for stack in 0..3 {
                counts[27 + 9 * stack + digit] = (stacks >> (3 * stack)) & 0b111;
            }
        }
        // The choices as keys whose least is the one wanted, with no branch
        // per unit or digit: the unit's weight, then the unit (three bits);
        // the digit's count, then the digit (four bits). `u32::MAX` marks
        // what may not be chosen.
        let mut weights = [0u32; 54];
        for (weight, &count) in weights.iter_mut().zip(&counts) {
            *weight = layout_weight(count);
        }
        let unit_key = |unit: usize| {
            // Counts are 1 to 6, and only a count of 1 weighs nothing: a
            // weight of 0 is a unit where every digit has one layout left.
            let weight: u32 = weights[9 * unit..9 * unit + 9].iter().sum();
            if weight > 0 {
                weight << 3 | unit as u32
            } else {
                u32::MAX
            }
        };
        let best = (0..6).map(unit_key).min().unwrap_or(u32::MAX);
        if best == u32::MAX {
            return None;
        }
        let unit = (best & 0b111) as usize;
        let choice = counts[9 * unit..9 * unit + 9]
            .iter()
            .zip(0..)
            .map(|(&count, digit)| {
                if count >= 2 {
                    count << 4 | digit
                } else {
                    u32::MAX
                }
            })
            .min()
            .filter(|&key| key != u32::MAX)
            .map(|key| (key & 0xF) as usize);
        choice.map(|digit| {
            let shape = if unit < 3 {
                K::shape(self.candidates[9 * unit + digit])
            } else {
                stack_shape(reach[digit], unit - 3)
            };
            Guess::Layout(unit, digit, LAYOUTS[shape as usize])
        })
    }

    /// Each digit's [`Lines`], one digit at a time.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn lines(&self) -> Lines {
        let mut lines = Lines::default();
        for digit in 0..9 {
            let words = [0, 9, 18].map(|band| self.candidates[band + digit]);
            [
                lines.rows[digit],
                lines.sure[digit],
                lines.reach[digit],
                lines.sure_columns[digit],
            ] = digit_lines(words);
        }
        lines
    }

    /// Triads: a mini-row (three cells of a row within a box) holds
    /// exactly three digits, and so does a mini-column (three cells of a
    /// column within a box). So when three digits are sure to be in a
    /// mini-row (their row in the band reaches that box alone) or in a
    /// mini-column (their column reaches that band alone), no other digit
    /// may be there; and when only three digits reach a mini-column, each
    /// of them is there: its column leaves the other bands, and the box's
    /// other columns leave the digit in that band. `Some(true)` when it
    /// removed any candidate, `None` when four digits are sure of one
    /// mini-row or mini-column, or fewer than three reach a mini-column.
    ///
    /// All bands at once: per digit, one word of its mini-rows (each
    /// band's [`MINI_ROW_STARTS`] bits shifted by the band) and one of its
    /// mini-columns (bit `9 * band + column`), as `lines` holds them (see
    /// [`Lines`]), then running masks over the nine digits count the digits
    /// sure of each mini-row and mini-column, and those that reach each
    /// mini-column. tdoku reasons on mini-rows and mini-columns so, both
    /// ways; the one left out here (only three digits reach a mini-row)
    /// saves few splits.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn triads(&mut self, lines: &Lines) -> Option<bool> {
        let sets = triad_sets::<Scalar>(lines)?;
        let mut found = false;
        for digit in 0..9 {
            let Some(drops) = triad_drops(lines, &sets, digit) else {
                continue;
            };
            for (band, drop) in drops.into_iter().enumerate() {
                let word = 9 * band + digit;
                if self.candidates[word] & drop != 0 {
                    self.remove(word, drop);
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// What to guess on when no digit has a choice of layouts left, at a
    /// node past the first with [`FEW_OPEN`] cells open or fewer or in an
    /// easy search that has made [`EASY_GUESSES`] guesses or fewer (see
    /// [`EASY_OPEN`]), or when the search is `careful`: the first cell with two candidates if there is one;
    /// otherwise the first open cell, or, for a careful search, the
    /// tightest spot left (see [`State::tightest`]).
    fn guess(&self, careful: bool) -> Guess {
        for band in 0..3 {
            let (_, twice, thrice) = self.counts::<Scalar>(band);
            let pairs = self.unsolved[band] & twice & !thrice;
            if pairs != 0 {
                return Guess::Cell(band, pairs & pairs.wrapping_neg());
            }
        }
        if careful {
            return self.tightest();
        }
        let band = self
            .unsolved
            .iter()
            .position(|&cells| cells != 0)
            .unwrap_or(0);
        Guess::Cell(
            band,
            self.unsolved[band] & self.unsolved[band].wrapping_neg(),
        )
    }

    /// With no cell of two candidates, for a careful search: the cell with
    /// the fewest candidates, or, when it has fewer, the digit with the
    /// fewest places left in a row, column or box, tried in the first of
    /// them.
    ///
    /// Any fixed rule can wander on a sparse board (fuzzing found one where
    /// the layouts alone made 3.9 billion guesses, and one where the first
    /// open cell made 62 million): every choice leaves much open, so the
    /// search fills most of the board over and over before each branch
    /// dies, when what rules it out is a digit with few places to go. A
    /// digit with two places is a two-way choice as good as a two-candidate
    /// cell. The careful search starts after the layouts have made
    /// [`CAREFUL_AFTER`] guesses, more than any puzzle of the large public
    /// sets needs.
    #[cold]
    #[inline(never)]
    fn tightest(&self) -> Guess {
        // (places, band, cell bit of the first place, digit), tightest so far.
        let mut digit_best: (u32, usize, u32, usize) = (u32::MAX, 0, 0, 0);
        for digit in 0..9 {
            let words: [u32; 3] =
                std::array::from_fn(|band| self.candidates[9 * band + digit] & self.unsolved[band]);
            // Rows and boxes lie within a band; a column crosses all three.
            for (band, &word) in words.iter().enumerate() {
                for unit in 0..3 {
                    for cells in [word & ROW << (9 * unit), word & FIRST_BOX << (3 * unit)] {
                        let places = cells.count_ones();
                        if places >= 2 && places < digit_best.0 {
                            digit_best = (places, band, cells & cells.wrapping_neg(), digit);
                        }
                    }
                }
            }
            for column in 0..9 {
                let cells = COLUMN << column;
                let places: u32 = words.iter().map(|word| (word & cells).count_ones()).sum();
                if places >= 2 && places < digit_best.0 {
                    let band = words.iter().position(|word| word & cells != 0).unwrap_or(0);
                    let first = words[band] & cells;
                    digit_best = (places, band, first & first.wrapping_neg(), digit);
                }
            }
        }
        // The open cell with the fewest candidates.
        let mut cell_best: (u32, usize, u32) = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = self.digits_at(band, bit).count_ones();
                if count < cell_best.0 {
                    cell_best = (count, band, bit);
                }
            }
        }
        if digit_best.0 < cell_best.0 {
            Guess::Digit(digit_best.1, digit_best.2, digit_best.3)
        } else {
            Guess::Cell(cell_best.1, cell_best.2)
        }
    }

    /// The digits that may go in the cell `bit` of `band`: bit d for digit
    /// index d.
    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for digit in 0..9 {
            if self.candidates[9 * band + digit] & bit != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// The cells not filled yet.
    fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|cells| cells.count_ones()).sum()
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The digits of a solved state, row-major.
    fn cells(&self) -> [u8; 81] {
        let mut cells = [0; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut word = self.candidates[9 * band + digit];
                while word != 0 {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    cells[27 * band + bit] = digit as u8 + 1;
                }
            }
        }
        cells
    }

    /// Whether this solved state is one of two or more: whether two digits
    /// hold each other's cells in two rows of a band, none of those four
    /// cells a given. Swapped, they give another solution: each of the two
    /// rows, each of the two columns and each box (the two rows share their
    /// boxes) keeps its digits, and every given stays. `open` is each band's
    /// cells that are not givens.
    ///
    /// Per word, one field of 10 bits for each of the band's three pairs of
    /// rows: the columns the digit takes in the two rows ([`swap_key`]),
    /// and apart a mark in the field's top bit when both of those cells are
    /// open. Two digits swap where a field is marked in one and equal in
    /// both (a field of the other that is not marked cannot be equal). The
    /// nine words of a band against themselves turned by 1 to 4 meet each
    /// pair of digits once.
    fn has_swap(&self, open: &[u32; 3]) -> bool {
        let mut found = 0;
        for (band, &open) in open.iter().enumerate() {
            let words = &self.candidates[9 * band..9 * band + 9];
            let mut keys = [(0, 0); 9];
            for (key, &cells) in keys.iter_mut().zip(words) {
                *key = swap_key(cells & open);
            }
            for turn in 1..5 {
                for (digit, &(key, valid)) in keys.iter().enumerate() {
                    let (other, _) = keys[(digit + turn) % 9];
                    found |= valid & !swap_differs(key, other);
                }
            }
        }
        found != 0
    }
}

/// What a search is after, and what it found so far.
struct Search<'a> {
    /// The puzzle searched, 0 for an empty cell.
    givens: &'a [u8; 81],
    limit: usize,
    count: usize,
    /// The first solution found, when `digits` asks for it.
    first: Option<[u8; 81]>,
    /// Whether the caller wants the first solution's digits: reading them
    /// out of the words is work that counting does not need.
    digits: bool,
    /// Branches tried: a digit guessed in a cell, or a layout of a digit in
    /// a band or stack; each counted once.
    guesses: usize,
    /// Places where the search split into branches, each counted once.
    splits: usize,
    /// Guessing on the tightest spots (see [`State::tightest`]), in the
    /// search that starts again once the layouts have made
    /// [`CAREFUL_AFTER`] guesses.
    careful: bool,
    /// Whether the first guess came with [`EASY_OPEN`] cells open or fewer.
    easy: bool,
    /// How the search goes on into a branch: [`Search::run`] itself, or a
    /// copy of it compiled for the processor (see [`Code`]).
    branch: fn(&mut Search<'_>, State),
}

/// The code a search runs: `load` builds the givens' state (or finds it
/// impossible), then `branch` goes on into it and into each branch (as
/// [`Search::branch`]). The submission runs [`PORTABLE`]; the native API,
/// where the processor allows, runs the same search compiled for its
/// vector instructions, and loads the givens a faster way (outside this
/// region).
#[derive(Clone, Copy)]
struct Code {
    load: Load,
    branch: fn(&mut Search<'_>, State),
}

/// Builds the givens' state, `None` when they cannot be a puzzle's.
type Load = fn(&[u8; 81]) -> Option<State>;

/// This code, for any processor.
const PORTABLE: Code = Code {
    load: State::new,
    branch: run_portable,
};

/// [`Search::run`] on the portable kernel, as a function that takes a
/// search of any lifetime (the method itself is bound to its `impl`'s).
fn run_portable(search: &mut Search<'_>, state: State) {
    search.run::<Scalar>(state);
}

impl Search<'_> {
    /// Propagates, then guesses depth first on copies of the state until the
    /// limit of solutions is reached or the tree is exhausted.
    // Inlined by force into each copy (see `Code`): a call would leave the
    // processor's copy running this one's instructions.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn run<K: Kernel>(&mut self, mut state: State) {
        #[cfg(sudoku_trace)]
        // For the trace: propagation goes on after the column rule or the
        // triads at the same node, which is not a new one.
        let mut same_node = false;
        loop {
            #[cfg(sudoku_trace)]
            if !std::mem::take(&mut same_node) {
                crate::probe::node();
            }
            if !state.propagate::<K>() {
                #[cfg(sudoku_trace)]
                crate::probe::dead_end();
                return;
            }
            if state.is_solved() {
                self.count += 1;
                if self.digits && self.first.is_none() {
                    self.first = Some(K::cells(&state));
                }
                // Counting to 2, a swap proves the second solution: no need
                // to search for it.
                if self.count == 1 && self.limit == 2 && K::has_swap(&state, self.givens) {
                    self.count = 2;
                }
                return;
            }
            // Not at the first node (no guess made yet): the portable
            // loader leaves the column rule to it, where the native ones
            // have applied it, and every path must reach the same state
            // before it guesses.
            let near_end = self.near_end(&state);
            let choice = if !self.careful && near_end {
                if self.gives_up() {
                    return;
                }
                state.guess(false)
            } else {
                let lines = K::lines(&state);
                // The column rule reads the columns the triads read
                // (`reach`), so it runs here, once propagation is stuck,
                // rather than in each of its rounds; the triads run when it
                // finds nothing.
                let news = match K::stack_pairings(&mut state, &lines.reach) {
                    Some(false) => {
                        if self.gives_up() {
                            return;
                        }
                        K::triads(&mut state, &lines)
                    }
                    news => news,
                };
                match news {
                    None => {
                        #[cfg(sudoku_trace)]
                        crate::probe::dead_end();
                        return;
                    }
                    Some(true) => {
                        #[cfg(sudoku_trace)]
                        {
                            same_node = true;
                        }
                        continue;
                    }
                    Some(false) => {}
                }
                if self.careful {
                    state.guess(true)
                } else {
                    state
                        .layout_guess::<K>(&lines.reach)
                        .unwrap_or_else(|| state.guess(false))
                }
            };
            let (band, bit) = match choice {
                Guess::Layout(unit, digit, layouts) => {
                    if !self.run_layouts(&mut state, unit, digit, layouts) {
                        return;
                    }
                    continue;
                }
                Guess::Cell(band, bit) => (band, bit),
                Guess::Digit(band, bit, digit) => {
                    if !self.run_digit(&mut state, band, bit, digit) {
                        return;
                    }
                    continue;
                }
            };
            // All but the last are tried on copies, the last on this state.
            let mut digits = state.digits_at(band, bit);
            if digits == 0 {
                return;
            }
            self.splits += usize::from(digits & (digits - 1) != 0);
            #[cfg(sudoku_trace)]
            crate::probe::split_in_band(band, bit, digits);
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if !self.try_on_copy(&mut state, band, bit, digit) {
                    return;
                }
            }
            self.guesses += 1;
            #[cfg(sudoku_trace)]
            crate::probe::guess_in_band(band, bit, digits.trailing_zeros() as usize);
            state.place(digits.trailing_zeros() as usize, band, bit);
        }
    }
}

impl Search<'_> {
    /// Whether a node past the first guesses at once, with no column rule,
    /// triads or layouts, unless the search is careful (which
    /// [`Search::run`] checks apart): with [`FEW_OPEN`] cells open or
    /// fewer, or in an easy search that has made [`EASY_GUESSES`] guesses
    /// or fewer (see [`EASY_OPEN`]). At the first node it notes whether
    /// the search is easy.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn near_end(&mut self, state: &State) -> bool {
        let open = state.open_cells();
        if self.guesses == 0 {
            // The last time round at the first node is its guess.
            self.easy = open <= EASY_OPEN;
            return false;
        }
        open <= FEW_OPEN || self.easy && self.guesses <= EASY_GUESSES
    }

    /// Whether a search that is not careful yet has made more than
    /// [`CAREFUL_AFTER`] guesses; if so it sets a limit of 0, which unwinds
    /// every level above at once, for the careful search to start again.
    fn gives_up(&mut self) -> bool {
        let past = !self.careful && self.guesses > CAREFUL_AFTER;
        if past {
            self.limit = 0;
        }
        past
    }

    /// Tries each of `layouts` (two or more) for the digit index `digit` in
    /// `unit` (a band, or a stack after the bands): all but the last on
    /// copies of `state`, the last on `state` itself. False when the limit
    /// is reached.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn run_layouts(&mut self, state: &mut State, unit: usize, digit: usize, layouts: u8) -> bool {
        self.splits += 1;
        #[cfg(sudoku_trace)]
        crate::probe::split_layouts(unit, digit, layouts);
        let mut left = layouts;
        while left & (left - 1) != 0 {
            let layout = left.trailing_zeros() as usize;
            left &= left - 1;
            let mut guess = *state;
            #[cfg(sudoku_trace)]
            crate::probe::guess_layout(unit, digit, PAIRINGS[layout]);
            guess.keep_layout(unit, digit, layout);
            self.guesses += 1;
            (self.branch)(self, guess);
            if self.count >= self.limit {
                return false;
            }
        }
        let layout = left.trailing_zeros() as usize;
        #[cfg(sudoku_trace)]
        crate::probe::guess_layout(unit, digit, PAIRINGS[layout]);
        self.guesses += 1;
        state.keep_layout(unit, digit, layout);
        true
    }

    /// Searches on with the digit index `digit` in the cell `bit` of `band`,
    /// on a copy of `state`, then rules that digit out there in `state`.
    /// False when the limit is reached.
    // Inlined by force into `Search::run`, like it (see `Code`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn try_on_copy(&mut self, state: &mut State, band: usize, bit: u32, digit: usize) -> bool {
        let mut guess = *state;
        #[cfg(sudoku_trace)]
        crate::probe::guess_in_band(band, bit, digit);
        guess.place(digit, band, bit);
        self.guesses += 1;
        (self.branch)(self, guess);
        if self.count >= self.limit {
            return false;
        }
        state.remove(9 * band + digit, bit);
        true
    }

    /// The careful branch on a digit: here (on a copy), then not here, in
    /// `state` itself, which counts no guess (propagation places the digit
    /// elsewhere). False when the limit is reached.
    #[cold]
    #[inline(never)]
    fn run_digit(&mut self, state: &mut State, band: usize, bit: u32, digit: usize) -> bool {
        self.splits += 1;
        #[cfg(sudoku_trace)]
        crate::probe::split_in_band(band, bit, state.digits_at(band, bit));
        if !self.try_on_copy(state, band, bit, digit) {
            return false;
        }
        #[cfg(sudoku_trace)]
        crate::probe::exclude_in_band(band, bit);
        true
    }
}

/// The fields of 10 bits of a solved word's open `cells`, for the band's
/// pairs of rows (top and middle, top and bottom, middle and bottom): the
/// columns the digit takes in the two rows, and, apart, the top bit of each
/// field set when both of those cells are open (see [`State::has_swap`]).
#[inline]
fn swap_key(cells: u32) -> (u32, u32) {
    let [top, middle, bottom] = [0, 9, 18].map(|shift| cells >> shift & ROW);
    let key = (top | middle) | (top | bottom) << 10 | (middle | bottom) << 20;
    // 1 for a row where the digit's cell is open.
    let [top, middle, bottom] = [top, middle, bottom].map(|row| (row + ROW) >> 9);
    let valid = (top & middle) << 9 | (top & bottom) << 19 | (middle & bottom) << 29;
    (key, valid)
}

/// The fields of [`swap_key`] (bits 0-8, 10-18 and 20-28).
const SWAP_FIELDS: u32 = ROW | ROW << 10 | ROW << 20;

/// The top bit of each field of [`swap_key`].
const SWAP_MARKS: u32 = 1 << 9 | 1 << 19 | 1 << 29;

/// The top bit of each field of 10 bits where the keys `one` and `other`
/// differ: a field of at most 9 bits set, plus 9 ones, reaches its top bit.
#[inline]
fn swap_differs(one: u32, other: u32) -> u32 {
    ((one ^ other) + SWAP_FIELDS) & SWAP_MARKS
}

/// Searches `cells` with `code` until `limit` solutions are found; with
/// `digits`, keeps the first solution's digits.
fn search(cells: &[u8; 81], limit: usize, code: Code, digits: bool) -> Search<'_> {
    let mut search = Search {
        givens: cells,
        limit,
        count: 0,
        first: None,
        digits,
        guesses: 0,
        splits: 0,
        careful: false,
        easy: false,
        branch: code.branch,
    };
    if limit > 0 {
        if let Some(state) = (code.load)(cells) {
            (code.branch)(&mut search, state);
            if search.limit == 0 {
                // The layouts gave up: start again from the givens, carefully.
                // What the first search counted is found again (the guesses
                // and splits keep adding up: they are the work done).
                #[cfg(sudoku_trace)]
                crate::probe::restart(search.guesses);
                search.limit = limit;
                search.count = 0;
                search.first = None;
                search.careful = true;
                (code.branch)(&mut search, state);
            }
        }
    }
    search
}

// LeetCode submission ends

// The AVX2 code: x86-64 only (other targets compile its sweep for its
// tests alone), and never in the trace build (see `avx2_code`).
#[cfg(all(not(sudoku_trace), any(target_arch = "x86_64", test)))]
mod avx2;

// How the search went rather than what it found: guesses, branch points,
// the paths side by side, random sparse boards.
pub mod measure;

/// The AVX2 code when the processor can run it; never on other targets,
/// nor in the trace build, which counts the steps of the portable code.
fn avx2_code() -> Option<Code> {
    #[cfg(all(not(sudoku_trace), target_arch = "x86_64"))]
    return avx2::code();
    #[cfg(not(all(not(sudoku_trace), target_arch = "x86_64")))]
    None
}

/// The AVX-512 code when the processor is Intel's with the features it
/// needs and the compiler could build it; never on other targets, nor in
/// the trace build.
fn avx512_code() -> Option<Code> {
    #[cfg(all(not(sudoku_trace), target_arch = "x86_64"))]
    return avx2::wide_code();
    #[cfg(not(all(not(sudoku_trace), target_arch = "x86_64")))]
    None
}

/// The code the native API runs on this machine (see
/// [`measure::Path`]): the AVX-512 copy where it is chosen, else the AVX2
/// copy, else the portable code.
fn fastest() -> Code {
    avx512_code().or_else(avx2_code).unwrap_or(PORTABLE)
}

/// A solution of `cells` (81 cells, row-major, 0 for empty), or `None` when
/// there is none, when the givens conflict, or when a cell holds more than 9.
/// Stops at the first solution found.
pub fn solve(cells: &[u8; 81]) -> Option<[u8; 81]> {
    search(cells, 1, fastest(), true).first
}

/// How many solutions `cells` has, counting no further than `limit`: the
/// search stops as soon as the limit is reached. Conflicting givens, and
/// cells above 9, have 0.
pub fn count_solutions(cells: &[u8; 81], limit: usize) -> usize {
    search(cells, limit, fastest(), false).count
}

/// A solution of `cells` and whether it is the only one (the search goes on
/// to look for a second); `None` when there is no solution.
pub fn solve_unique(cells: &[u8; 81]) -> Option<([u8; 81], bool)> {
    let search = search(cells, 2, fastest(), true);
    search.first.map(|solution| (solution, search.count == 1))
}

#[cfg(test)]
mod tests;
