//! The search compiled for AVX2, chosen at run time, and the loader it
//! starts with: the givens taken to the fixpoint of propagation and the
//! column rule by a sweep over all 27 words at once.
//!
//! **The copy.** [`run_avx2`] is `Search::run` compiled for AVX2 and the bit
//! instructions that come with it: `run` and everything it calls on the
//! way to the next branch are inlined by force, and the search's `branch`
//! brings every branch back to this copy. The compiler then runs the loops
//! over a band's 9 words or all 27 on wider vectors, and counts and finds
//! bits in one instruction each. The code is the portable code, word for
//! word, but for the operations of `Kernel` ([`Vectors`]): a word's
//! shape (which boxes each of its rows reaches), three table lookups
//! there, is BMI2's `pext` here, where the processor runs `pext` fast (see
//! [`pext_is_fast`]); taking cells from a band's nine words, a loop there,
//! is a few vector instructions here ([`take_by_vector`]); the column
//! rule, a loop over the digits with news there, is the sweep's rule on
//! all nine digits at once here ([`stack_pairings_by_vector`]); and at
//! the first solution, the search for a swap and the reading out of the
//! digits, loops there, are done a band at a time on vectors here
//! ([`has_swap_by_vector`], [`cells_by_vector`]); what the triads read of
//! each digit, and what they take from it, one digit at a time there, is
//! eight digits in the lanes of a vector here ([`lines_by_vector`],
//! [`triads_by_vector`]); and the counts over nine words that naked
//! singles and the triads take (digits left in each cell, digits sure of
//! or reaching each mini-row or mini-column), a running loop there, fold
//! eight of the words in a vector here ([`in_at_least_by_vector`]). The
//! rare choice of a guess by cell and the loader's sweep keep the loop.
//!
//! **The AVX-512 copy.** [`wide`] (compiled only by Rust 1.89 or later)
//! is this copy, with `pext`, and one more operation of `Kernel` done its
//! own way: the words with news are brought up to date a whole band at a
//! time, in vector registers, rather than one word at a time. It is
//! chosen before this one on Intel's processors with AVX-512 F, VL, BW
//! and VPOPCNTDQ.
//!
//! **The loader and its sweep.** `State::new` applies each given to its
//! words, and `State::propagate` then brings one changed word up to date at
//! a time, each update making news for others: cheap when a guess changed
//! one word, slow when every word has news, as after loading. [`load`]
//! only writes the givens into the words, and the sweep applies each rule
//! to every word in one pass of plain arithmetic (no table lookups, no
//! branch per word), the same rules in the same terms:
//!
//! 1. the band rule: each word keeps the mini-rows that belong to some
//!    pairing of the band's rows with its boxes, and a row left with one
//!    cell fixes the digit there;
//! 2. fixed cells are taken from the band's other digits, and their columns
//!    from the digit's other bands;
//! 3. naked singles: a cell with one candidate left keeps that digit alone
//!    in its row;
//! 4. the column rule: in each stack, each band keeps the columns that belong
//!    to some pairing of the stack's columns with the bands;
//!
//! and passes again until steps 2 to 4 of a pass change nothing (step 1
//! would then give the same words again). Since every rule only
//! removes candidates, the sweep ends on the state a node of the search
//! reaches before its triads, where neither propagation nor the column
//! rule finds more (or on a contradiction where it finds one); tests hold
//! the two to the same states, and the paths to the same answers, counts
//! and guesses on every public puzzle.
//!
//! Compiled for the machine's baseline, the sweep is slower than the
//! word-by-word loop; compiled for AVX2, eight words go through each step at
//! once, and on the givens it is faster. After a guess, with one word
//! changed, the loop stays faster even then, so the sweep runs only when
//! loading (the A/B for each choice is in
//! `notes/lab/bitboard-experiments.md`). The LeetCode submission (the
//! region of `lib.rs`) uses none of this module.

// The one place of the workspace with `unsafe` (tests/architecture.rs
// checks; the `wide` module inside it too): calling functions compiled for
// AVX2 and BMI2 (and AVX-512), and their intrinsics, which the processor
// must have, only after `is_x86_feature_detected!` said it has them; and
// `cpuid`, which older compilers call unsafe.
#![allow(unsafe_code)]
// Everything here is inlined by force into the AVX2 entry point (and the
// AVX-512 one), which is what compiles it for those instructions: a
// function left out would run baseline code.
#![allow(clippy::inline_always)]

// The search compiled for AVX-512 too, where a band's update is a few
// vector steps.
#[cfg(all(sudoku_avx512, target_arch = "x86_64"))]
mod wide;

use crate::{columns, in_at_least, rows_on, Code, State, BAND, MINI_ROW_STARTS, ROW};
#[cfg(target_arch = "x86_64")]
use crate::{Kernel, Lines, Search};

/// Within each group of three fields of `width` bits side by side (3 for
/// the boxes of a row, 1 for the columns of a stack), every field moved to
/// the one `n` (1 or 2) places before, coming round: field `k` of a group
/// gets its field `(k + n) % 3`.
#[inline(always)]
fn fields_on(x: u32, n: u32, width: u32) -> u32 {
    // One bit at the start of each group, and in each group the fields
    // that take a field from above; the rest take one from below.
    let groups = if width == 3 {
        0o001_001_001
    } else {
        0o111_111_111
    };
    let from_above = ((1 << ((3 - n) * width)) - 1) * groups;
    ((x >> (n * width)) & from_above) | ((x << ((3 - n) * width)) & !from_above & BAND)
}

/// Of a 3 x 3 grid of pairs, one set bit per pair that is possible (rows
/// 9 bits apart; the three columns of a row `width` bits apart: 3, or 1
/// for three grids side by side in the column rule), the pairs that belong
/// to a one-to-one pairing of rows with columns using possible pairs only.
#[inline(always)]
fn fitting_pairs(pairs: u32, width: u32) -> u32 {
    let (on, back) = pairings(pairs, width);
    on | back
}

/// The pair (r, c) of a grid as [`fitting_pairs`] reads it belongs to a
/// pairing when the other two rows can take the other two columns, one
/// way round or the other; rotating the grid lines the four pairs that
/// decide up with (r, c), so all the pairs are decided together. Returns
/// the pairs of pairings that go on to columns `c + 1` and `c + 2`
/// (coming round) in the next two rows, and those that go on to `c + 2`
/// and `c + 1`: in the first row, one bit per pairing.
#[inline(always)]
fn pairings(pairs: u32, width: u32) -> (u32, u32) {
    let next = rows_on(pairs, 1);
    let last = rows_on(pairs, 2);
    (
        pairs & fields_on(next, 1, width) & fields_on(last, 2, width),
        pairs & fields_on(next, 2, width) & fields_on(last, 1, width),
    )
}

/// The cells of the band in `columns`.
#[inline(always)]
fn column_cells(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// The cells of `cells` alone in their row.
#[inline(always)]
fn alone_in_row(cells: u32) -> u32 {
    let mut alone = 0;
    for row in 0..3 {
        let line = cells & ROW << (9 * row);
        if line & line.wrapping_sub(1) == 0 {
            alone |= line;
        }
    }
    alone
}

/// The state of the givens `held` (by band and value, as
/// `crate::givens_by_band` gives them) at the fixpoint of propagation and
/// the column rule, or
/// `None` when they contradict each other. Each word starts
/// as the band's empty cells and the digit's own givens, with a given's
/// row kept to the given alone; the sweep's first pass then fixes those
/// rows and does the rest (two givens of a digit in one row are two naked
/// singles in a row, a clash).
#[inline(always)]
fn load(held: [u32; 30]) -> Option<State> {
    let mut state = State {
        candidates: [0; 27],
        changed: 0,
        rescan_bands: 0,
        rescan_digits: 0,
        unsolved: [0; 3],
        open_rows: [0; 9],
        layouts: [0; 27],
    };
    for band in 0..3 {
        for digit in 0..9 {
            let own = held[10 * band + digit + 1];
            let mut rows = 0;
            for row in 0..3 {
                if own & ROW << (9 * row) != 0 {
                    rows |= ROW << (9 * row);
                }
            }
            state.candidates[9 * band + digit] = (held[10 * band] | own) & (!rows | own);
        }
    }
    if sweep(&mut state) {
        Some(state)
    } else {
        None
    }
}

/// A word's number of layouts: the pairings of its band's rows with boxes
/// whose three mini-rows all hold a cell, as `State::layouts` keeps it.
/// Each pairing is found once in the first row of [`pairings`]' two grids.
/// Plain arithmetic, no table, so the compiler runs it on several words
/// at once: the sweep counts all 27 at its end.
#[inline(always)]
pub(super) fn layout_count(word: u32) -> u32 {
    let (on, back) = pairings((word | word >> 1 | word >> 2) & MINI_ROW_STARTS, 3);
    // Three fields of 0 to 2, added: at most 6, no carry out of 3 bits.
    let fits = (on & ROW) + (back & ROW);
    (fits + (fits >> 3) + (fits >> 6)) & 0b111
}

/// Brings `state` to the fixpoint of propagation and the column rule by
/// sweeps over every word (see the module's documentation); false on a
/// contradiction. The other fields are left as the search's propagation
/// and column rule leave them, so the search goes on from the state as if
/// those had run.
#[inline(always)]
fn sweep(state: &mut State) -> bool {
    let (mut fixed, mut taken) = ([0u32; 27], [0u32; 3]);
    loop {
        if !fit_bands(&mut state.candidates, &mut fixed) {
            return false;
        }
        // A pass whose steps after the first change nothing ends on the
        // fixpoint: the first step would give the same words again, and
        // the rest find nothing new. So there is no pass only to see that.
        let fitted = state.candidates;
        if !take_fixed(&mut state.candidates, &fixed, &mut taken)
            || !naked_singles(&mut state.candidates, &taken)
            || !column_rule(&mut state.candidates)
        {
            return false;
        }
        let mut news = 0;
        for (after, fitted) in state.candidates.iter().zip(&fitted) {
            news |= after ^ fitted;
        }
        if news == 0 {
            break;
        }
    }
    state.unsolved = taken.map(|cells| BAND & !cells);
    state.changed = 0;
    state.rescan_bands = 0;
    state.rescan_digits = 0;
    for (digit, open_rows) in state.open_rows.iter_mut().enumerate() {
        *open_rows = 0;
        for band in 0..3 {
            let open = state.candidates[9 * band + digit] & state.unsolved[band];
            for row in 0..3 {
                if open & ROW << (9 * row) != 0 {
                    *open_rows |= 1 << (3 * band + row);
                }
            }
        }
    }
    for (layouts, &word) in state.layouts.iter_mut().zip(&state.candidates) {
        *layouts = layout_count(word) as u8;
    }
    true
}

/// Step 1: the band rule on every word. `fixed` becomes each word's fixed
/// cells, those alone in their row. False when a word has no pairing left.
#[inline(always)]
fn fit_bands(words: &mut [u32; 27], fixed: &mut [u32; 27]) -> bool {
    let mut empty = false;
    for (word, fixed) in words.iter_mut().zip(fixed.iter_mut()) {
        let reached = (*word | *word >> 1 | *word >> 2) & MINI_ROW_STARTS;
        *word &= fitting_pairs(reached, 3) * 0b111;
        empty |= *word == 0;
        *fixed = alone_in_row(*word);
    }
    !empty
}

/// Step 2: the `fixed` cells leave the band's other digits, and their
/// columns the digit's other bands. `taken` becomes each band's fixed
/// cells. False when two digits are fixed in one cell.
#[inline(always)]
fn take_fixed(words: &mut [u32; 27], fixed: &[u32; 27], taken: &mut [u32; 3]) -> bool {
    for (band, taken) in taken.iter_mut().enumerate() {
        let [once, twice, ..] = in_at_least(&fixed[9 * band..9 * band + 9]);
        if twice != 0 {
            return false;
        }
        *taken = once;
    }
    for band in 0..3 {
        for digit in 0..9 {
            words[9 * band + digit] &= !taken[band] | fixed[9 * band + digit];
        }
    }
    for digit in 0..9 {
        let first = column_cells(columns(fixed[digit]));
        let second = column_cells(columns(fixed[9 + digit]));
        let third = column_cells(columns(fixed[18 + digit]));
        words[digit] &= !(second | third);
        words[9 + digit] &= !(first | third);
        words[18 + digit] &= !(first | second);
    }
    true
}

/// Step 3: a cell not in `taken` with one candidate left keeps that digit
/// alone in its row. False when such a cell has no candidate, or two cells
/// of a row are left with the same digit alone.
#[inline(always)]
fn naked_singles(words: &mut [u32; 27], taken: &[u32; 3]) -> bool {
    words
        .chunks_exact_mut(9)
        .zip(taken)
        .all(|(band, &taken)| singles_in_band(band, BAND & !taken))
}

/// Step 3 in one band's nine `words`, for its `open` cells (those not
/// fixed yet); false on a contradiction, as [`naked_singles`].
#[inline(always)]
fn singles_in_band(words: &mut [u32], open: u32) -> bool {
    let [once, twice, ..] = in_at_least(words);
    if open & !once != 0 {
        return false;
    }
    let singles = open & !twice;
    if singles == 0 {
        return true;
    }
    let mut clash = 0;
    for word in words.iter_mut() {
        let mine = *word & singles;
        let mut keep = BAND;
        for row in 0..3 {
            let line = mine & ROW << (9 * row);
            clash |= line & line.wrapping_sub(1);
            keep &= if line == 0 {
                BAND
            } else {
                !(ROW << (9 * row)) | line
            };
        }
        *word &= keep;
    }
    clash == 0
}

/// Step 4: the column rule. Per digit, bit `9 * band + column` of
/// `reached` when the band has the digit in that column, so the three
/// columns of a stack are three bits side by side. False when a stack has
/// no pairing left for a digit.
#[inline(always)]
fn column_rule(words: &mut [u32; 27]) -> bool {
    let mut stuck = false;
    for digit in 0..9 {
        let reached = columns(words[digit])
            | columns(words[9 + digit]) << 9
            | columns(words[18 + digit]) << 18;
        let (fitting, no_pairing) = fitting_columns(reached);
        stuck |= no_pairing;
        for band in 0..3 {
            words[9 * band + digit] &= column_cells((fitting >> (9 * band)) & ROW);
        }
    }
    !stuck
}

/// Of a digit's columns in each band (`reached`, bit `9 * band + column`),
/// those that belong to a pairing of their stack's bands with its columns,
/// and whether some stack has no pairing left: the column rule for one
/// digit, as the sweep and the search's node apply it.
#[inline(always)]
fn fitting_columns(reached: u32) -> (u32, bool) {
    let fitting = fitting_pairs(reached, 1);
    // Every stack needs a pairing, seen in any band's row of bits.
    let stacks = columns(fitting);
    (
        fitting,
        (stacks | stacks >> 1 | stacks >> 2) & 0o111 != 0o111,
    )
}

/// The loader compiled for AVX2.
///
/// # Safety
/// The processor must have every feature named in `target_feature`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn load_avx2(cells: &[u8; 81]) -> Option<State> {
    load(givens_by_vector(cells)?)
}

/// `crate::givens_by_band` on vectors: the 81 cells in three AVX2 loads
/// (bytes 0, 32 and 49 on: the last overlaps the second, so that no load
/// reads past the board), and the cells holding each value read off a
/// comparison in one `movemask` per load. The portable loop instead
/// writes one bit at a time into the table, and a run of cells with the
/// same value makes each write wait for the one before.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn givens_by_vector(cells: &[u8; 81]) -> Option<[u32; 30]> {
    use std::arch::x86_64::{
        _mm256_or_si256, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_subs_epu8,
        _mm256_testz_si256,
    };
    let mut held = [0u32; 30];
    let parts = board_loads(cells);
    // SAFETY: only `load_avx2` calls this: compiled for AVX2, and only
    // called on a processor that has it (see `choose`).
    unsafe {
        // A byte above 9 is left above 0 by a saturating subtraction of 9.
        let mut above = _mm256_setzero_si256();
        for &part in &parts {
            above = _mm256_or_si256(above, _mm256_subs_epu8(part, _mm256_set1_epi8(9)));
        }
        if _mm256_testz_si256(above, above) == 0 {
            return None;
        }
    }
    for value in 0..10u8 {
        let bands = cells_holding(&parts, value);
        for (band, cells) in bands.into_iter().enumerate() {
            held[10 * band + usize::from(value)] = cells;
        }
    }
    Some(held)
}

/// The 81 cells in three AVX2 loads: bytes 0, 32 and 49 on (the last
/// overlaps the second, so that no load reads past the board).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn board_loads(cells: &[u8; 81]) -> [std::arch::x86_64::__m256i; 3] {
    use std::arch::x86_64::_mm256_loadu_si256;
    // SAFETY: only code compiled for AVX2 calls this (`load_avx2` and the
    // search's `has_swap_by_vector`), and only on a processor that has it
    // (see `choose`). Each load reads 32 bytes from byte 0, 32 or 49 of
    // the 81: all within the board.
    // Written out rather than with an array's `map`, whose closure the
    // compiler left as a function of its own, compiled without AVX2, with
    // each intrinsic in it a call.
    unsafe {
        let start = cells.as_ptr();
        [
            _mm256_loadu_si256(start.cast()),
            _mm256_loadu_si256(start.add(32).cast()),
            _mm256_loadu_si256(start.add(49).cast()),
        ]
    }
}

/// Each band's cells that hold `value`, bit `9 * row + column`, read off a
/// comparison of each of the board's loads ([`board_loads`]) in one
/// `movemask`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn cells_holding(parts: &[std::arch::x86_64::__m256i; 3], value: u8) -> [u32; 3] {
    use std::arch::x86_64::{_mm256_cmpeq_epi8, _mm256_movemask_epi8, _mm256_set1_epi8};
    // SAFETY: as `board_loads`: only code compiled for AVX2 calls this, on a
    // processor that has it. Written out, with no closure, as in
    // `board_loads`.
    let [first, second, last] = unsafe {
        let wanted = _mm256_set1_epi8(i8::from_ne_bytes([value]));
        // Bit k of each: byte k of that load holds `value`.
        [
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(parts[0], wanted)),
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(parts[1], wanted)),
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(parts[2], wanted)),
        ]
    }
    .map(|bits| u32::from_ne_bytes(bits.to_ne_bytes()));
    // Cells 0-26; 27-31 and 32-53; 54-63 and 64-80 (bits 15 on of the last
    // load, which starts at cell 49).
    [
        first & BAND,
        (first >> 27 | second << 5) & BAND,
        second >> 22 | (last >> 15) << 10,
    ]
}

/// The search compiled for AVX2, with `K`'s kernel:
/// `Search::run` is inlined here, and goes on into each branch through
/// `Search::branch`, which is this function again.
///
/// # Safety
/// The processor must have every feature named in `target_feature`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn run_avx2<K: Kernel>(search: &mut Search, state: State) {
    search.run::<K>(state);
}

/// The AVX2 copy's kernel: cells taken with vectors ([`take_by_vector`]),
/// the column rule on vectors ([`stack_pairings_by_vector`]), the triads'
/// reading of eight digits at once and what they take from them
/// ([`lines_by_vector`], [`triads_by_vector`]), counts over nine words
/// folded in a vector ([`in_at_least_by_vector`]), the swap and the
/// digits of a solution a band at a time ([`has_swap_by_vector`],
/// [`cells_by_vector`]), and a word's shape in one `pext`
/// ([`gather_shape`]) when `PEXT`, on processors that run `pext` fast, or
/// by the portable table lookups otherwise.
///
/// With `BANDS`, the AVX-512 copy's kernel: the same, but for the changed
/// words, brought up to date a whole band at a time (`wide`).
#[cfg(target_arch = "x86_64")]
struct Vectors<const PEXT: bool, const BANDS: bool = false>;

#[cfg(target_arch = "x86_64")]
impl<const PEXT: bool, const BANDS: bool> Kernel for Vectors<PEXT, BANDS> {
    #[inline(always)]
    fn shape(cells: u32) -> u32 {
        if PEXT {
            gather_shape(cells)
        } else {
            crate::shape(cells)
        }
    }

    #[inline(always)]
    fn take(words: &mut [u32], cells: u32) -> u32 {
        take_by_vector(words, cells)
    }

    #[inline(always)]
    fn stack_pairings(state: &mut State, reach: &[u32; 9]) -> Option<bool> {
        stack_pairings_by_vector(state, reach)
    }

    #[inline(always)]
    fn has_swap(state: &State, givens: &[u8; 81]) -> bool {
        has_swap_by_vector(state, givens)
    }

    #[inline(always)]
    fn cells(state: &State) -> [u8; 81] {
        cells_by_vector(state)
    }

    #[inline(always)]
    fn lines(state: &State) -> Lines {
        lines_by_vector(state)
    }

    #[inline(always)]
    fn in_at_least(sets: &[u32]) -> [u32; 4] {
        in_at_least_by_vector(sets)
    }

    #[inline(always)]
    fn triads(state: &mut State, lines: &Lines) -> Option<bool> {
        triads_by_vector::<Self>(state, lines)
    }

    #[inline(always)]
    fn settle(state: &mut State) -> Option<u32> {
        #[cfg(sudoku_avx512)]
        if BANDS {
            // SAFETY: only `wide::run_avx512` runs `Vectors<_, true>`:
            // compiled for every feature the band steps need, and called
            // only where the processor has them (see `wide::code`).
            return unsafe { wide::settle_by_bands(state) };
        }
        state.update_words::<Self>()
    }
}

/// `crate::in_at_least` on vectors, for nine sets (any other number of
/// them goes to the portable loop): the first eight in the lanes of an AVX2
/// register, folded three times (lanes 4 to 7 onto 0 to 3, then pairs of
/// lanes, then neighbours), each fold merging two groups' counts of at
/// least one to four, read from lane 0, and then the ninth set counted in.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn in_at_least_by_vector(sets: &[u32]) -> [u32; 4] {
    use std::arch::x86_64::{
        __m128i, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_loadu_si256,
        _mm_and_si128, _mm_cvtsi128_si32, _mm_or_si128, _mm_setzero_si128, _mm_shuffle_epi32,
    };
    /// Each lane's counts merged with those of the lane that `ORDER` (a
    /// shuffle's order) brings onto it: at least `k` of both groups is at
    /// least `i` of one and `k - i` of the other, for some `i`.
    #[inline(always)]
    fn fold<const ORDER: i32>(counts: [__m128i; 4]) -> [__m128i; 4] {
        let [a1, a2, a3, a4] = counts;
        // SAFETY: SSE2, which every x86_64 processor has.
        unsafe {
            let turn = |count| _mm_shuffle_epi32::<ORDER>(count);
            let [b1, b2, b3, b4] = [turn(a1), turn(a2), turn(a3), turn(a4)];
            let (or, and) = (_mm_or_si128, _mm_and_si128);
            [
                or(a1, b1),
                or(or(a2, b2), and(a1, b1)),
                or(or(a3, b3), or(and(a2, b1), and(a1, b2))),
                or(or(a4, b4), or(and(a3, b1), or(and(a2, b2), and(a1, b3)))),
            ]
        }
    }
    let [first @ .., ninth] = sets else {
        return in_at_least(sets);
    };
    if first.len() != 8 {
        return in_at_least(sets);
    }
    // SAFETY: reached only through `Vectors`, whose entry points
    // (`run_avx2`, `wide::run_avx512`, and the tests'
    // `wide::propagate_avx512`) are compiled for AVX2 and called only on a
    // processor that has it (see `choose` and `wide::code`), and from the
    // tests' `triads_avx2`, likewise compiled and called only after
    // `is_x86_feature_detected!`. The load reads the eight sets of `first`.
    let counts = unsafe {
        let eight = _mm256_loadu_si256(first.as_ptr().cast());
        let (low, high) = (
            _mm256_castsi256_si128(eight),
            _mm256_extracti128_si256::<1>(eight),
        );
        let none = _mm_setzero_si128();
        let pairs = [
            _mm_or_si128(low, high),
            _mm_and_si128(low, high),
            none,
            none,
        ];
        fold::<0xB1>(fold::<0x4E>(pairs))
    };
    // SAFETY: SSE2, which every x86_64 processor has.
    let lane = |count| u32::from_ne_bytes(unsafe { _mm_cvtsi128_si32(count) }.to_ne_bytes());
    let [one, two, three, four] = [
        lane(counts[0]),
        lane(counts[1]),
        lane(counts[2]),
        lane(counts[3]),
    ];
    [
        one | ninth,
        two | one & ninth,
        three | two & ninth,
        four | three & ninth,
    ]
}

/// `State::triads` on vectors: what digits 1 to 8 lose in each band worked
/// out in the eight lanes of AVX2 registers with no branch per digit
/// ([`eight_triad_drops`]), and their words then read one by one only in
/// a band where some lane takes a candidate; digit 9 alone, as the
/// portable code does it (`crate::triad_drops`), its words read in every
/// band when it loses anything.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn triads_by_vector<K: Kernel>(state: &mut State, lines: &Lines) -> Option<bool> {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_testz_si256,
    };
    let sets = crate::triad_sets::<K>(lines)?;
    let mut drops = [[0u32; 8]; 3];
    let mut touched = [false; 3];
    // SAFETY: reached only through `Vectors`, whose entry points
    // (`run_avx2`, `wide::run_avx512`) are compiled for AVX2 and called
    // only on a processor that has it (see `choose` and `wide::code`), and
    // from the tests' `triads_avx2`, likewise compiled and called only
    // after `is_x86_feature_detected!`. Each load reads eight of the 27
    // words, from word 0, 9 or 18; each store writes the eight words of a
    // band's `drops`.
    unsafe {
        for (band, drop) in eight_triad_drops(lines, &sets).into_iter().enumerate() {
            #[allow(clippy::cast_ptr_alignment)]
            let words: __m256i = _mm256_loadu_si256(state.candidates[9 * band..].as_ptr().cast());
            let hit = _mm256_and_si256(drop, words);
            if _mm256_testz_si256(hit, hit) == 0 {
                touched[band] = true;
                _mm256_storeu_si256(drops[band].as_mut_ptr().cast(), drop);
            }
        }
    }
    let mut found = false;
    let mut take = |word: usize, drop: u32| {
        if state.candidates[word] & drop != 0 {
            state.remove(word, drop);
            found = true;
        }
    };
    for (band, drops) in drops.iter().enumerate() {
        if touched[band] {
            for (digit, &drop) in drops.iter().enumerate() {
                take(9 * band + digit, drop);
            }
        }
    }
    if let Some(drops) = crate::triad_drops(lines, &sets, 8) {
        for (band, drop) in drops.into_iter().enumerate() {
            take(9 * band + 8, drop);
        }
    }
    Some(found)
}

/// What `crate::triad_drops` takes from digits 1 to 8 in each band, given
/// the triads' `sets`: one register per band, a digit in each lane.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn eight_triad_drops(lines: &Lines, sets: &[u32; 3]) -> [std::arch::x86_64::__m256i; 3] {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32,
    };
    let splat = |bits: u32| _mm256_set1_epi32(i32::from_ne_bytes(bits.to_ne_bytes()));
    let or = |a, b| _mm256_or_si256(a, b);
    let and = |a, b| _mm256_and_si256(a, b);
    // Each load reads the first eight of a line's nine words.
    #[allow(clippy::cast_ptr_alignment)]
    let load = |line: &[u32; 9]| -> __m256i { _mm256_loadu_si256(line.as_ptr().cast()) };
    let [sure_three, sure_columns_three, only_three] = *sets;
    let (rows, sure, reach, sure_columns) = (
        load(&lines.rows),
        load(&lines.sure),
        load(&lines.reach),
        load(&lines.sure_columns),
    );
    let rows_taken = and(_mm256_andnot_si256(sure, splat(sure_three)), rows);
    let columns_taken = and(
        _mm256_andnot_si256(sure_columns, splat(sure_columns_three)),
        reach,
    );
    let forced = _mm256_andnot_si256(sure_columns, and(splat(only_three), reach));
    let row = splat(ROW);
    let forced_in = [
        and(forced, row),
        and(_mm256_srli_epi32::<9>(forced), row),
        _mm256_srli_epi32::<18>(forced),
    ];
    // A loop, not `std::array::from_fn`: its closure would be compiled
    // apart, without AVX2, and each intrinsic in it would be a call.
    let mut drops = [row; 3];
    for (band, drop) in drops.iter_mut().enumerate() {
        // Shifts by the band: 0, 1, 2 for the mini-rows, 0, 9, 18 for the
        // columns.
        let (rows, columns) = match band {
            0 => (rows_taken, columns_taken),
            1 => (
                _mm256_srli_epi32::<1>(rows_taken),
                _mm256_srli_epi32::<9>(columns_taken),
            ),
            _ => (
                _mm256_srli_epi32::<2>(rows_taken),
                _mm256_srli_epi32::<18>(columns_taken),
            ),
        };
        let rows = and(rows, splat(MINI_ROW_STARTS));
        let own = forced_in[band];
        let boxes = and(
            or(
                own,
                or(_mm256_srli_epi32::<1>(own), _mm256_srli_epi32::<2>(own)),
            ),
            splat(0o111),
        );
        let stack_mates = _mm256_andnot_si256(
            own,
            or(
                boxes,
                or(_mm256_slli_epi32::<1>(boxes), _mm256_slli_epi32::<2>(boxes)),
            ),
        );
        let columns = or(
            or(and(columns, row), stack_mates),
            or(forced_in[(band + 1) % 3], forced_in[(band + 2) % 3]),
        );
        *drop = or(
            or(
                rows,
                or(_mm256_slli_epi32::<1>(rows), _mm256_slli_epi32::<2>(rows)),
            ),
            or(
                columns,
                or(
                    _mm256_slli_epi32::<9>(columns),
                    _mm256_slli_epi32::<18>(columns),
                ),
            ),
        );
    }
    drops
}

/// `State::lines` on vectors: digits 1 to 8 in the eight lanes of AVX2
/// registers, one register for each band's words of them, and digit 9
/// alone, as the portable code reads it (`crate::digit_lines`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lines_by_vector(state: &State) -> Lines {
    use crate::{FIRST_BOX_STARTS, LAST_BOX_STARTS};
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
    };
    let mut lines = Lines::default();
    // SAFETY: only `Vectors` (which only `run_avx2` uses) and the tests'
    // `lines_avx2` call this, both compiled for AVX2 and only called on a
    // processor that has it (`choose`, `is_x86_feature_detected!`). Each
    // load reads eight of the 27 words, from word 0, 9 or 18; each store
    // writes the first eight of a line's nine.
    unsafe {
        let splat = |bits: u32| _mm256_set1_epi32(i32::from_ne_bytes(bits.to_ne_bytes()));
        let or = |a, b| _mm256_or_si256(a, b);
        let and = |a, b| _mm256_and_si256(a, b);
        let starts = splat(MINI_ROW_STARTS);
        let (mut reached, mut sure, mut columns) = (splat(0), splat(0), splat(0));
        for band in 0..3 {
            // The load is the unaligned one: a pointer with the alignment
            // of `u32` is all it needs.
            #[allow(clippy::cast_ptr_alignment)]
            let cells: __m256i = _mm256_loadu_si256(state.candidates[9 * band..].as_ptr().cast());
            let rows = and(
                or(
                    cells,
                    or(_mm256_srli_epi32::<1>(cells), _mm256_srli_epi32::<2>(cells)),
                ),
                starts,
            );
            let next = or(
                and(
                    _mm256_srli_epi32::<3>(rows),
                    splat(MINI_ROW_STARTS & !LAST_BOX_STARTS),
                ),
                and(_mm256_slli_epi32::<6>(rows), splat(LAST_BOX_STARTS)),
            );
            let last = or(
                and(_mm256_srli_epi32::<6>(rows), splat(FIRST_BOX_STARTS)),
                and(
                    _mm256_slli_epi32::<3>(rows),
                    splat(MINI_ROW_STARTS & !FIRST_BOX_STARTS),
                ),
            );
            let alone = _mm256_andnot_si256(or(next, last), rows);
            let folded = and(
                or(
                    cells,
                    or(
                        _mm256_srli_epi32::<9>(cells),
                        _mm256_srli_epi32::<18>(cells),
                    ),
                ),
                splat(ROW),
            );
            // Shifts by the band: 0, 1, 2 for the mini-rows, 0, 9, 18 for
            // the columns.
            let (rows, alone, folded) = match band {
                0 => (rows, alone, folded),
                1 => (
                    _mm256_slli_epi32::<1>(rows),
                    _mm256_slli_epi32::<1>(alone),
                    _mm256_slli_epi32::<9>(folded),
                ),
                _ => (
                    _mm256_slli_epi32::<2>(rows),
                    _mm256_slli_epi32::<2>(alone),
                    _mm256_slli_epi32::<18>(folded),
                ),
            };
            reached = or(reached, rows);
            sure = or(sure, alone);
            columns = or(columns, folded);
        }
        // The columns reached in no other band: the bands turned by one
        // and by two.
        let turned = |n: i32| match n {
            1 => or(
                _mm256_srli_epi32::<9>(columns),
                _mm256_slli_epi32::<18>(columns),
            ),
            _ => or(
                _mm256_srli_epi32::<18>(columns),
                _mm256_slli_epi32::<9>(columns),
            ),
        };
        let elsewhere = and(or(turned(1), turned(2)), splat(BAND));
        let sure_columns = _mm256_andnot_si256(elsewhere, columns);
        #[allow(clippy::cast_ptr_alignment)]
        let store =
            |line: &mut [u32; 9], vector| _mm256_storeu_si256(line.as_mut_ptr().cast(), vector);
        store(&mut lines.rows, reached);
        store(&mut lines.sure, sure);
        store(&mut lines.reach, columns);
        store(&mut lines.sure_columns, sure_columns);
    }
    let last = [8, 17, 26].map(|word| state.candidates[word]);
    [
        lines.rows[8],
        lines.sure[8],
        lines.reach[8],
        lines.sure_columns[8],
    ] = crate::digit_lines(last);
    lines
}

/// A word's shape (`crate::shape`) in one instruction: BMI2's `pext`
/// gathers the first bit of each mini-row, once each mini-row's three bits
/// are folded into its first, into nine bits side by side.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn gather_shape(cells: u32) -> u32 {
    let reached = cells | cells >> 1 | cells >> 2;
    // SAFETY: only `Vectors::<true, _>` calls this, and only `run_avx2`
    // and `wide::run_avx512` use `Vectors`: compiled for BMI2, and only
    // called on a processor that has it (see `choose` and `wide::code`).
    unsafe { std::arch::x86_64::_pext_u32(reached, MINI_ROW_STARTS) }
}

/// `Kernel::take` on vectors: the first eight words in one AVX2 register,
/// and which of them lost cells read off a comparison in one `movemask`
/// (the loop the compiler makes of the portable code gathers those bits
/// with masks and ORs; the A/B of the two, in time, is in
/// `notes/lab/bitboard-experiments.md`); the ninth word alone.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn take_by_vector(words: &mut [u32], cells: u32) -> u32 {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
        _mm256_movemask_ps, _mm256_set1_epi32, _mm256_storeu_si256,
    };
    let (eight, ninth) = words.split_at_mut(8);
    // SAFETY: only `Vectors` calls this, and only `run_avx2` and
    // `wide::run_avx512` use it: compiled for AVX2, and only called on a
    // processor that has it (see `choose` and `wide::code`). `eight` is
    // eight `u32`s, the 32 bytes the unaligned load and store read and
    // write.
    let kept = unsafe {
        // The load and store below are the unaligned ones: a pointer with
        // the alignment of `u32` is all they need.
        #[allow(clippy::cast_ptr_alignment)]
        let vector = eight.as_mut_ptr().cast::<__m256i>();
        let before = _mm256_loadu_si256(vector);
        let after = _mm256_andnot_si256(
            _mm256_set1_epi32(i32::from_ne_bytes(cells.to_ne_bytes())),
            before,
        );
        _mm256_storeu_si256(vector, after);
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(before, after)))
    };
    let last = ninth[0];
    ninth[0] = last & !cells;
    (!u32::from_ne_bytes(kept.to_ne_bytes()) & 0xFF) | u32::from(last & cells != 0) << 8
}

/// `State::stack_pairings` on all nine digits at once: the sweep's column
/// rule ([`fitting_columns`]) worked out for every digit's columns, when any
/// has news (a digit without news is left as it is by the rule, so the
/// outcome is the same), in a loop with no branch that the compiler runs
/// on vectors; the words that lose candidates are worked on only when
/// some do.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn stack_pairings_by_vector(state: &mut State, reach: &[u32; 9]) -> Option<bool> {
    if state.rescan_digits == 0 {
        return Some(false);
    }
    state.rescan_digits = 0;
    let mut fitting = [0; 9];
    let (mut stuck, mut dropped) = (false, 0);
    for (fitting, &reached) in fitting.iter_mut().zip(reach) {
        let (fit, no_pairing) = fitting_columns(reached);
        *fitting = fit;
        stuck |= no_pairing;
        dropped |= reached & !fit;
    }
    if stuck {
        return None;
    }
    if dropped == 0 {
        return Some(false);
    }
    for (digit, (&fitting, &reached)) in fitting.iter().zip(reach).enumerate() {
        let drop = reached & !fitting;
        for band in 0..3 {
            let columns = (drop >> (9 * band)) & ROW;
            if columns != 0 {
                state.remove(9 * band + digit, column_cells(columns));
            }
        }
    }
    Some(true)
}

/// `State::has_swap` on vectors: a band's first eight words in one AVX2
/// register, their keys (`crate::swap_key`) compared with the register
/// turned by 1 to 4 lanes, which meets each pair of them, and with the
/// ninth word's key; the open cells read off the board as the loader reads
/// its givens.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_swap_by_vector(state: &State, givens: &[u8; 81]) -> bool {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setr_epi32,
        _mm256_setzero_si256, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_testz_si256,
        _mm256_xor_si256,
    };
    let open = cells_holding(&board_loads(givens), 0);
    let lanes = |value: u32| i32::from_ne_bytes(value.to_ne_bytes());
    // SAFETY: only `Vectors` calls this, and only `run_avx2` and
    // `wide::run_avx512` use it: compiled for AVX2, and only called on a
    // processor that has it (see `choose` and `wide::code`). Each load
    // reads the first eight of a band's nine words.
    unsafe {
        let row = _mm256_set1_epi32(lanes(ROW));
        let fields = _mm256_set1_epi32(lanes(crate::SWAP_FIELDS));
        let marks = _mm256_set1_epi32(lanes(crate::SWAP_MARKS));
        let differs = |one: __m256i, other: __m256i| {
            _mm256_and_si256(
                _mm256_add_epi32(_mm256_xor_si256(one, other), fields),
                marks,
            )
        };
        let mut found = _mm256_setzero_si256();
        for (band, &open) in open.iter().enumerate() {
            let words = &state.candidates[9 * band..9 * band + 9];
            let cells = _mm256_and_si256(
                _mm256_loadu_si256(words.as_ptr().cast()),
                _mm256_set1_epi32(lanes(open)),
            );
            let top = _mm256_and_si256(cells, row);
            let middle = _mm256_and_si256(_mm256_srli_epi32::<9>(cells), row);
            let bottom = _mm256_srli_epi32::<18>(cells);
            let key = _mm256_or_si256(
                _mm256_or_si256(top, middle),
                _mm256_or_si256(
                    _mm256_slli_epi32::<10>(_mm256_or_si256(top, bottom)),
                    _mm256_slli_epi32::<20>(_mm256_or_si256(middle, bottom)),
                ),
            );
            // 1 for a row where the digit's cell is open.
            let [top, middle, bottom] = [top, middle, bottom]
                .map(|cells| _mm256_srli_epi32::<9>(_mm256_add_epi32(cells, row)));
            let valid = _mm256_or_si256(
                _mm256_slli_epi32::<9>(_mm256_and_si256(top, middle)),
                _mm256_or_si256(
                    _mm256_slli_epi32::<19>(_mm256_and_si256(top, bottom)),
                    _mm256_slli_epi32::<29>(_mm256_and_si256(middle, bottom)),
                ),
            );
            for turn in 1..5 {
                let turned = _mm256_permutevar8x32_epi32(
                    key,
                    _mm256_setr_epi32(
                        turn,
                        turn + 1,
                        turn + 2,
                        turn + 3,
                        turn + 4,
                        turn + 5,
                        turn + 6,
                        turn + 7,
                    ),
                );
                found = _mm256_or_si256(found, _mm256_andnot_si256(differs(key, turned), valid));
            }
            let (ninth, _) = crate::swap_key(words[8] & open);
            let ninth = _mm256_set1_epi32(lanes(ninth));
            found = _mm256_or_si256(found, _mm256_andnot_si256(differs(key, ninth), valid));
        }
        _mm256_testz_si256(found, found) == 0
    }
}

/// `State::cells` on vectors. A solved cell holds one digit, so the four
/// bits of its value can be read off four words per band, each the OR of
/// the words of the digits whose value has that bit (1, 3, 5, 7 and 9 for
/// bit 0, and so on): each of the four spread from bits to the bytes of a
/// register and masked to its bit, and the four joined with OR. That makes
/// a band's 27 values in about two dozen vector instructions, where the
/// portable loop writes each of the 81 cells in turn.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn cells_by_vector(state: &State) -> [u8; 81] {
    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_or_si256, _mm256_set1_epi32, _mm256_set1_epi8,
        _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_storeu_si256,
    };
    // Three 32-byte stores at bytes 0, 27 and 54; the last reaches byte 85.
    let mut values = [0u8; 96];
    // SAFETY: only `Vectors` calls this, and only `run_avx2` and
    // `wide::run_avx512` use it: compiled for AVX2, and only called on a
    // processor that has it (see `choose` and `wide::code`). Each store
    // writes 32 bytes from byte 0, 27 or 54 of the 96.
    unsafe {
        // Byte k of each 16-byte half takes byte k / 8 of the word (the
        // shuffle picks within a half: the upper half's 2 and 3 are the
        // word's bytes 2 and 3), then keeps bit k % 8 of it.
        let spread = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, //
            2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
        );
        let bits = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, //
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        );
        // 0xFF in the byte of each cell of `cells`, 0 elsewhere.
        let bytes = |cells: u32| {
            let word = _mm256_set1_epi32(i32::from_ne_bytes(cells.to_ne_bytes()));
            let picked = _mm256_and_si256(_mm256_shuffle_epi8(word, spread), bits);
            _mm256_cmpeq_epi8(picked, bits)
        };
        for band in 0..3 {
            let words = &state.candidates[9 * band..9 * band + 9];
            let planes = [
                words[0] | words[2] | words[4] | words[6] | words[8],
                words[1] | words[2] | words[5] | words[6],
                words[3] | words[4] | words[5] | words[6],
                words[7] | words[8],
            ];
            let mut band_values = _mm256_and_si256(bytes(planes[0]), _mm256_set1_epi8(1));
            for (bit, &plane) in planes.iter().enumerate().skip(1) {
                let weight = _mm256_set1_epi8(1 << bit);
                band_values = _mm256_or_si256(band_values, _mm256_and_si256(bytes(plane), weight));
            }
            // In band order, so that each store's last five bytes (past the
            // band's 27) are written over by the next band's.
            _mm256_storeu_si256(values.as_mut_ptr().add(27 * band).cast(), band_values);
        }
    }
    let mut cells = [0; 81];
    cells.copy_from_slice(&values[..81]);
    cells
}

/// [`lines_by_vector`] compiled for AVX2, for the tests.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(all(test, target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn lines_avx2(state: &State) -> Lines {
    lines_by_vector(state)
}

/// [`triads_by_vector`] and [`in_at_least_by_vector`] compiled for AVX2,
/// for the tests: what the triads find on `lines`, and the counts of
/// `sets`.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(all(test, target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn triads_avx2(state: &mut State, lines: &Lines, sets: &[u32]) -> (Option<bool>, [u32; 4]) {
    (
        triads_by_vector::<Vectors<false>>(state, lines),
        in_at_least_by_vector(sets),
    )
}

/// What [`triads_by_vector`] finds on `lines` (applied to `state`) and
/// what [`in_at_least_by_vector`] counts of `sets`, where the processor
/// has AVX2.
#[cfg(test)]
pub(crate) fn vector_triads(
    state: &mut State,
    lines: &crate::Lines,
    sets: &[u32],
) -> Option<(Option<bool>, [u32; 4])> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just checked.
        return Some(unsafe { triads_avx2(state, lines, sets) });
    }
    let _ = (state, lines, sets);
    None
}

/// What [`lines_by_vector`] reads of `state`, where the processor has AVX2.
#[cfg(test)]
pub(crate) fn vector_lines(state: &State) -> Option<crate::Lines> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just checked.
        return Some(unsafe { lines_avx2(state) });
    }
    let _ = state;
    None
}

/// [`load_avx2`] behind a safe function, which only [`choose`] and
/// `wide::code` hand out.
#[cfg(target_arch = "x86_64")]
fn load_checked(cells: &[u8; 81]) -> Option<State> {
    // SAFETY: only reachable through `choose` and `wide::code`, which
    // return it after `is_x86_feature_detected!` found every feature
    // `load_avx2` is compiled for (and more, for `wide::code`).
    unsafe { load_avx2(cells) }
}

/// [`run_avx2`] behind a safe function, which only [`choose`] hands out.
#[cfg(target_arch = "x86_64")]
fn run_checked<K: Kernel>(search: &mut Search, state: State) {
    // SAFETY: only reachable through `choose`, which returns it after
    // `is_x86_feature_detected!` found every feature `run_avx2` is compiled
    // for.
    unsafe { run_avx2::<K>(search, state) }
}

/// The search compiled for AVX2, with the sweep when loading, when this
/// processor can run it: it must have AVX2 and the bit instructions that
/// come with it on x86-64-v3 processors (counting and finding bits in one
/// instruction), the features both copies above are compiled for. Chosen
/// once, on the first call.
pub(crate) fn code() -> Option<Code> {
    static CHOSEN: std::sync::OnceLock<Option<Code>> = std::sync::OnceLock::new();
    *CHOSEN.get_or_init(|| choose(pext_is_fast()))
}

/// The AVX2 code when the processor has the features, reading shapes with
/// `pext` when `gather` and with the portable table lookups otherwise.
fn choose(gather: bool) -> Option<Code> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
    {
        return Some(Code {
            load: load_checked,
            branch: if gather {
                run_checked::<Vectors<true>>
            } else {
                run_checked::<Vectors<false>>
            },
        });
    }
    let _ = gather;
    None
}

/// The AVX-512 copy ([`wide`]) where it is chosen (see `wide::code`: an
/// Intel processor with the features it needs) and this compiler can
/// build it (1.89 on).
pub(crate) fn wide_code() -> Option<Code> {
    #[cfg(all(sudoku_avx512, target_arch = "x86_64"))]
    return wide::code();
    #[cfg(not(all(sudoku_avx512, target_arch = "x86_64")))]
    None
}

/// `state` brought to the fixpoint of propagation by the AVX-512 copy,
/// and false beside it on a contradiction, where this processor and
/// compiler have that copy; for the tests.
#[cfg(test)]
pub(crate) fn wide_propagated(state: State) -> Option<(State, bool)> {
    #[cfg(all(sudoku_avx512, target_arch = "x86_64"))]
    return wide::propagated(state);
    #[cfg(not(all(sudoku_avx512, target_arch = "x86_64")))]
    {
        let _ = state;
        None
    }
}

/// Whether `pext` takes a few cycles on this processor: on Intel's, and on
/// AMD's from Zen 3 (family 0x19) on. AMD's earlier ones run it in
/// microcode, many times slower, and so may other vendors' (Hygon's are
/// Zen 1); there the AVX2 copy keeps the table lookups.
fn pext_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let (vendor, family) = vendor_and_family();
        match &vendor {
            b"GenuineIntel" => true,
            b"AuthenticAMD" => family >= 0x19,
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether this processor is Intel's, as `cpuid` names its vendor.
#[cfg(all(sudoku_avx512, target_arch = "x86_64"))]
fn is_intel() -> bool {
    &vendor_and_family().0 == b"GenuineIntel"
}

/// This processor's vendor, as `cpuid` names it (`b"GenuineIntel"`,
/// `b"AuthenticAMD"`, ...), and its family.
#[cfg(target_arch = "x86_64")]
fn vendor_and_family() -> ([u8; 12], u32) {
    use std::arch::x86_64::__cpuid;
    // SAFETY: every x86-64 processor has `cpuid`. (Compilers from 1.91
    // on declare it safe; the block keeps older ones building.)
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let mut name = [0u8; 12];
    for (bytes, word) in name
        .chunks_exact_mut(4)
        .zip([vendor.ebx, vendor.edx, vendor.ecx])
    {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    (name, family)
}

/// Both AVX2 copies, the one with `pext` and the one with the portable
/// lookups, when this processor can run them, for the tests.
#[cfg(test)]
pub(crate) fn both_avx2_codes() -> Vec<Code> {
    [true, false].into_iter().filter_map(choose).collect()
}

/// The loader compiled for the baseline, for the tests: the same
/// arithmetic on any machine.
#[cfg(test)]
pub(crate) fn portable_load(cells: &[u8; 81]) -> Option<State> {
    load(crate::givens_by_band(cells)?)
}

/// The sweep compiled for the baseline, for the tests.
#[cfg(test)]
pub(crate) fn portable_sweep(state: &mut State) -> bool {
    sweep(state)
}
