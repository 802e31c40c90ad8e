//! The crate's unit tests: the search's tables and rules, its answers, and
//! the paths held to the same results.

use super::measure::*;
use super::*;

const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn cells(line: &str) -> [u8; 81] {
    let mut cells = [0; 81];
    for (cell, c) in cells.iter_mut().zip(line.chars()) {
        *cell = c.to_digit(10).map_or(0, |digit| digit as u8);
    }
    cells
}

/// Asserts that each native path this machine runs finds on `board`, to
/// `limit`, what the portable search found there: `portable`, its count,
/// first solution and guesses.
fn assert_native_paths_find(
    board: &[u8; 81],
    limit: usize,
    portable: (usize, Option<[u8; 81]>, usize),
) {
    for path in [Path::Avx2, Path::Avx512] {
        if let Some(native) = search_with(board, limit, path) {
            assert_eq!(
                (native.count, native.first, native.guesses),
                portable,
                "{path:?}, limit {limit}, {board:?}"
            );
        }
    }
}

/// True when `solution` is a full valid grid that keeps every given.
fn solves(puzzle: &[u8; 81], solution: &[u8; 81]) -> bool {
    let keeps_givens = puzzle
        .iter()
        .zip(solution)
        .all(|(&given, &digit)| given == 0 || given == digit);
    let units_full = (0..9).all(|unit| {
        let (mut row, mut column, mut boxed) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            row |= 1 << solution[9 * unit + k];
            column |= 1 << solution[9 * k + unit];
            boxed |= 1 << solution[27 * (unit / 3) + 3 * (unit % 3) + 9 * (k / 3) + k % 3];
        }
        row == 0x3FE && column == 0x3FE && boxed == 0x3FE
    });
    keeps_givens && units_full
}

#[test]
fn a_guess_copies_a_state_of_196_bytes() {
    // The crate doc and notes/bitboard.md give this size.
    assert_eq!(std::mem::size_of::<State>(), 196);
}

/// The cells of a band's first mini-row: its first row's first three.
const MINI_ROW: u32 = 0b111;

/// For a set of mini-rows (bit `3 * row + box`), their cells in the band.
const MINI_ROW_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut set = 0;
    while set < 512 {
        let mut mini_row = 0;
        while mini_row < 9 {
            if set & (1 << mini_row) != 0 {
                table[set] |= 0b111 << (9 * (mini_row / 3) + 3 * (mini_row % 3));
            }
            mini_row += 1;
        }
        set += 1;
    }
    table
};

#[test]
fn layouts_in_a_stack_are_counted_as_the_table_of_layouts_lists_them() {
    for shape in 0..512u32 {
        // Digit 1 reaches, in each band, the columns of stack 1 (columns 3
        // to 5) that the shape gives that band, in the band's middle row.
        let mut candidates = [0u32; 27];
        for band in 0..3 {
            candidates[9 * band] = ((shape >> (3 * band)) & 0b111) << 3 << 9;
        }
        let [first, second, third] = [0, 9, 18].map(|word| columns(candidates[word]));
        assert_eq!(stack_shape(first | second << 9 | third << 18, 1), shape);
        let counts = stack_layout_counts(first, second, third);
        let expected = LAYOUTS[shape as usize].count_ones();
        assert_eq!((counts >> 3) & 0b111, expected, "shape {shape:09b}");
        assert_eq!(counts & !(0b111 << 3), 0, "shape {shape:09b}");
    }
}

#[test]
fn a_layout_in_a_stack_keeps_one_column_of_the_stack_in_each_band() {
    let mut state = State::new(&[0; 81]).unwrap();
    // Stack 2 (columns 7 to 9), the layout giving bands 1, 2, 3 the
    // stack's columns 2, 1, 3: columns 8, 7, 9.
    let layout = PAIRINGS.iter().position(|&p| p == [1, 0, 2]).unwrap();
    state.keep_layout(5, 4, layout);
    for (band, column) in [(0, 7), (1, 6), (2, 8)] {
        let stack = 0b111 << 6;
        let kept = columns(state.candidates[9 * band + 4]);
        assert_eq!(kept & stack, 1 << column, "band {band}");
        assert_eq!(kept & !stack, ROW & !stack, "band {band}");
        // The other digits keep everything.
        assert_eq!(state.candidates[9 * band + 3], BAND);
    }
}

/// One step of a xorshift generator on `seed`, taken below `below`: random
/// enough for the tests, and the same on every machine.
fn next_below(seed: &mut u64, below: u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed % below
}

/// The state of a random sparse board (from `seeds.0`), propagated when
/// `propagated`, with up to `takes` candidates then taken at random (from
/// `seeds.1`), so that every kind of word comes. `None` when the board
/// is dead before that.
fn random_state(seeds: &mut (u64, u64), takes: u64, propagated: bool) -> Option<State> {
    let mut state = State::new(&random_sparse_board(&mut seeds.0))?;
    if propagated && !state.propagate::<Scalar>() {
        return None;
    }
    for _ in 0..next_below(&mut seeds.1, takes) {
        let word = next_below(&mut seeds.1, 27) as usize;
        state.candidates[word] &= !(1 << next_below(&mut seeds.1, 27));
    }
    Some(state)
}

#[cfg(not(sudoku_trace))]
#[test]
fn the_lines_read_on_vectors_are_those_read_one_digit_at_a_time() {
    let mut seeds = (3, 7);
    for _ in 0..2_000 {
        let Some(state) = random_state(&mut seeds, 60, false) else {
            continue;
        };
        let Some(vectors) = avx2::vector_lines(&state) else {
            return;
        };
        assert_eq!(vectors, state.lines(), "{:?}", state.candidates);
    }
}

#[cfg(not(sudoku_trace))]
#[test]
fn the_triads_and_counts_on_vectors_are_the_portable_ones() {
    let mut seeds = (5, 11);
    let (mut found, mut dead) = (0, 0);
    for _ in 0..4_000 {
        // From a node's state (propagated), with candidates then taken at
        // random, so that every outcome comes.
        let Some(state) = random_state(&mut seeds, 120, true) else {
            continue;
        };
        let lines = state.lines();
        let mut portable = state;
        let expected = portable.triads(&lines);
        // Sets as random as the words: any of the lines, or a band's words.
        let sets: [u32; 9] = std::array::from_fn(|_| next_below(&mut seeds.1, 1 << 27) as u32);
        let mut vectors = state;
        // Without AVX2 the vector code never runs: nothing to compare.
        let Some((got, counts)) = avx2::vector_triads(&mut vectors, &lines, &sets) else {
            return;
        };
        assert_eq!(got, expected, "{:?}", state.candidates);
        if expected.is_some() {
            assert_eq!(
                vectors.candidates, portable.candidates,
                "{:?}",
                state.candidates
            );
            assert_eq!(vectors.changed, portable.changed, "{:?}", state.candidates);
        }
        assert_eq!(counts, in_at_least(&sets), "{sets:?}");
        found += usize::from(expected == Some(true));
        dead += usize::from(expected.is_none());
    }
    assert!(found > 100 && dead > 50, "{found} found, {dead} dead");
}

#[test]
fn three_digits_sure_of_a_mini_column_leave_no_room_there_for_others() {
    let mut state = State::new(&[0; 81]).unwrap();
    for digit in 0..3 {
        // Column 1 keeps the digit in band 1 alone.
        state.candidates[9 + digit] &= !COLUMN;
        state.candidates[18 + digit] &= !COLUMN;
    }
    assert_eq!(state.triads(&state.lines()), Some(true));
    for digit in 3..9 {
        assert_eq!(state.candidates[digit] & COLUMN, 0, "digit {}", digit + 1);
        assert_eq!(state.candidates[9 + digit] & COLUMN, COLUMN);
    }
    for digit in 0..3 {
        assert_eq!(state.candidates[digit] & COLUMN, COLUMN);
    }
    // A fourth is a contradiction.
    state.candidates[9 + 3] &= !COLUMN;
    state.candidates[18 + 3] &= !COLUMN;
    state.candidates[3] |= COLUMN;
    assert_eq!(state.triads(&state.lines()), None);
}

#[test]
fn three_digits_alone_to_reach_a_mini_column_are_all_there() {
    let mut state = State::new(&[0; 81]).unwrap();
    for digit in 3..9 {
        // Only 1, 2 and 3 may go in column 1 of band 1.
        state.candidates[digit] &= !COLUMN;
    }
    assert_eq!(state.triads(&state.lines()), Some(true));
    for digit in 0..3 {
        // Column 1 leaves the other bands, and columns 2 and 3 this band.
        assert_eq!(state.candidates[9 + digit] & COLUMN, 0);
        assert_eq!(state.candidates[18 + digit] & COLUMN, 0);
        assert_eq!(state.candidates[digit] & (COLUMN << 1 | COLUMN << 2), 0);
        assert_eq!(state.candidates[digit] & COLUMN, COLUMN);
        assert_eq!(state.candidates[digit] & COLUMN << 3, COLUMN << 3);
    }
    // Two that reach it are a contradiction.
    let mut state = State::new(&[0; 81]).unwrap();
    for digit in 2..9 {
        state.candidates[digit] &= !COLUMN;
    }
    assert_eq!(state.triads(&state.lines()), None);
}

#[test]
// The loader's count, in the native module, which the trace's build leaves
// out.
#[cfg(not(sudoku_trace))]
fn layouts_are_counted_as_the_table_of_layouts_lists_them() {
    for shape in 0..512 {
        let expected = LAYOUTS[shape].count_ones();
        let mini_rows = MINI_ROW_CELLS[shape];
        // Whole mini-rows, and one cell of each (first, middle, last).
        for cells in [
            mini_rows,
            mini_rows & 0o111_111_111,
            mini_rows & 0o222_222_222,
            mini_rows & 0o444_444_444,
        ] {
            assert_eq!(
                avx2::layout_count(cells),
                expected,
                "shape {shape:09b}, cells {cells:027b}"
            );
        }
    }
}

#[test]
fn the_fitting_table_keeps_exactly_the_pairings() {
    // All nine (row, box) pairs open: every cell fits.
    assert_eq!(FITTING[0x1FF], BAND);
    // Row 0 only in box 0, rows 1 and 2 anywhere: box 0 is row 0's, and
    // rows 1 and 2 share boxes 1 and 2.
    assert_eq!(
        FITTING[0b111_111_001],
        0b111 | 0b111_111_000 << 9 | 0b111_111_000 << 18
    );
    // Rows 0 and 1 both only in box 0: no pairing at all.
    assert_eq!(FITTING[0b111_001_001], 0);
    assert_eq!(PAIRS[0b100_010_001], 0b100_010_001);
}

#[test]
fn solves_the_leetcode_example_through_its_signature() {
    let mut board: Vec<Vec<char>> = EXAMPLE
        .as_bytes()
        .chunks(9)
        .map(|row| row.iter().map(|&b| char::from(b)).collect())
        .collect();
    Solution::solve_sudoku(&mut board);
    assert_eq!(board[0], "534678912".chars().collect::<Vec<_>>());
    assert_eq!(board[8], "345286179".chars().collect::<Vec<_>>());
}

#[test]
fn a_full_valid_grid_is_its_own_unique_solution() {
    let solution = solve(&cells(EXAMPLE)).unwrap();
    assert!(solves(&cells(EXAMPLE), &solution));
    assert_eq!(solve_unique(&solution), Some((solution, true)));
}

#[test]
fn solve_unique_says_when_there_are_several() {
    let (solution, unique) = solve_unique(&[0; 81]).unwrap();
    assert!(!unique);
    assert!(solves(&[0; 81], &solution));
    // Emptying one box of a solved grid leaves one solution; emptying a
    // whole band leaves several (its rows can be permuted).
    let full = solve(&cells(EXAMPLE)).unwrap();
    let mut puzzle = full;
    for index in [0, 1, 2, 9, 10, 11, 18, 19, 20] {
        puzzle[index] = 0;
    }
    assert_eq!(solve_unique(&puzzle), Some((full, true)));
    for cell in &mut puzzle[..27] {
        *cell = 0;
    }
    let (found, unique) = solve_unique(&puzzle).unwrap();
    assert!(!unique);
    assert!(solves(&puzzle, &found));
    assert_eq!(
        count_solutions(&puzzle, 1_000),
        count_solutions(&puzzle, 10_000)
    );
    assert!(count_solutions(&puzzle, 1_000) > 2);
}

/// The cells of a rectangle in two rows of one band of `grid` whose two
/// digits hold each other's corners, the first found.
fn rectangle_in_a_band(grid: &[u8; 81]) -> [usize; 4] {
    for first in 0..8 {
        for second in first + 1..9 {
            for top in 0..9 {
                for bottom in top + 1..9 {
                    let corners = [9 * top + first, 9 * top + second];
                    let [a, b] = corners;
                    let [c, d] = corners.map(|cell| cell + 9 * (bottom - top));
                    if top / 3 == bottom / 3 && grid[a] == grid[d] && grid[b] == grid[c] {
                        return [a, b, c, d];
                    }
                }
            }
        }
    }
    panic!("no rectangle in {grid:?}");
}

#[test]
fn a_second_solution_one_swap_away_is_found_without_searching_for_it() {
    let full = solve(&cells(EXAMPLE)).unwrap();
    let corners = rectangle_in_a_band(&full);
    // The rectangle's four cells empty: its two digits go either way,
    // and nothing else is open.
    let mut puzzle = full;
    for cell in corners {
        puzzle[cell] = 0;
    }
    let paths = [Path::Portable, Path::Avx2, Path::Avx512];
    for outcome in paths
        .iter()
        .filter_map(|&path| search_with(&puzzle, 2, path))
    {
        assert_eq!(outcome.count, 2);
        assert!(solves(&puzzle, &outcome.first.unwrap()));
        // One guess, where the search would have tried the second digit.
        assert_eq!(outcome.guesses, 1);
    }
    // Counting further goes on searching, and finds no third.
    for outcome in paths
        .iter()
        .filter_map(|&path| search_with(&puzzle, 3, path))
    {
        assert_eq!((outcome.count, outcome.guesses), (2, 2));
    }
    // With any corner a given, the swap would change it: one solution.
    for given in corners {
        let mut puzzle = puzzle;
        puzzle[given] = full[given];
        for outcome in paths
            .iter()
            .filter_map(|&path| search_with(&puzzle, 2, path))
        {
            assert_eq!(outcome.count, 1, "corner {given} given");
        }
    }
}

#[test]
fn counting_to_two_agrees_with_counting_further() {
    // Boards with one solution and with several, some of them one swap
    // from a second: the shortcut counting to 2 takes never counts a
    // solution that a search to 3 does not find.
    let full = solve(&cells(EXAMPLE)).unwrap();
    let mut seed = 7u64;
    let mut several = 0;
    for _ in 0..2_000 {
        let mut puzzle = full;
        for cell in &mut puzzle {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            if seed >> 61 < 5 {
                *cell = 0;
            }
        }
        for path in [Path::Portable, Path::Avx2, Path::Avx512] {
            let (Some(two), Some(three)) =
                (search_with(&puzzle, 2, path), search_with(&puzzle, 3, path))
            else {
                continue;
            };
            assert_eq!(two.count, three.count.min(2), "{puzzle:?} on {path:?}");
            assert_eq!(two.first, three.first);
            several += usize::from(two.count == 2);
        }
    }
    assert!(several > 100, "{several} boards with several solutions");
}

#[test]
fn conflicts_anywhere_mean_no_solution() {
    // Same digit twice in a row (refused while loading), a column across
    // bands, and a box (both found by the first propagation).
    for (first, second) in [(0, 8), (0, 72), (0, 20)] {
        let mut puzzle = [0; 81];
        puzzle[first] = 4;
        puzzle[second] = 4;
        assert_eq!(solve(&puzzle), None, "cells {first} and {second}");
        assert_eq!(solve_unique(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 2), 0);
    }
}

#[test]
fn cells_above_nine_are_refused_and_limit_zero_counts_nothing() {
    let mut puzzle = [0; 81];
    puzzle[40] = 10;
    assert_eq!(solve(&puzzle), None);
    assert_eq!(count_solutions(&puzzle, 2), 0);
    assert_eq!(count_solutions(&cells(EXAMPLE), 0), 0);
}

#[test]
#[cfg(not(sudoku_trace))]
fn every_loader_refuses_a_cell_above_nine_anywhere() {
    // The AVX2 loader reads the board in three overlapping pieces.
    let loaders: Vec<Load> = [PORTABLE.load, avx2::portable_load]
        .into_iter()
        .chain(avx2::code().map(|code| code.load))
        .collect();
    for index in 0..81 {
        for value in [10, 128, 255] {
            let mut board = cells(EXAMPLE);
            board[index] = value;
            for load in &loaders {
                assert!(load(&board).is_none(), "{value} in cell {index}");
            }
        }
    }
}

#[test]
fn a_dead_end_without_conflicting_givens_has_no_solution() {
    // Row 0's last cell sees 1-8 in its row and 9 in its column.
    let mut puzzle = cells("12345678.");
    puzzle[17] = 9;
    assert_eq!(solve(&puzzle), None);
    assert_eq!(count_solutions(&puzzle, 5), 0);
}

#[test]
fn three_digits_sure_of_a_mini_row_leave_no_room_there_for_others() {
    // Rows 2 and 3 give 1, 2 and 3 boxes 2 and 3, so in row 1 each of
    // them can only be in box 1: they fill row 1's first three cells.
    let rows = concat!(".........", "...123...", "......123");
    let mut state = State::new(&cells(rows)).unwrap();
    assert!(state.propagate::<Scalar>());
    let first_three = MINI_ROW;
    // Propagation alone leaves 4 there.
    assert_eq!(state.candidates[3] & first_three, first_three);
    assert_eq!(state.triads(&state.lines()), Some(true));
    for digit in 3..9 {
        assert_eq!(
            state.candidates[digit] & first_three,
            0,
            "digit {}",
            digit + 1
        );
    }
    for digit in 0..3 {
        assert_eq!(state.candidates[digit] & first_three, first_three);
    }
    // Nothing more to find there.
    assert!(state.propagate::<Scalar>());
    assert_eq!(state.triads(&state.lines()), Some(false));
}

#[test]
fn four_digits_sure_of_one_mini_row_are_a_contradiction() {
    let mut state = State::new(&[0; 81]).unwrap();
    for digit in 0..4 {
        // Row 1 of band 1 keeps only box 1 for the digit.
        state.candidates[digit] &= !(ROW & !MINI_ROW);
    }
    assert_eq!(state.triads(&state.lines()), None);
}

#[test]
fn a_sparse_board_makes_the_search_start_again_carefully_and_end_soon() {
    // From `--example sparse -- 1000000 3`: the one board of those on
    // which the search makes more than 4,096 guesses before it gives up;
    // the careful search from the givens then needs a few dozen more.
    let line = ".9.......7.......8...............1.....1...6.............6...19.................7";
    let guesses = guesses_counting_to_two(line);
    assert!(
        guesses > CAREFUL_AFTER && guesses < CAREFUL_AFTER + 100,
        "{guesses} guesses on {line}"
    );
}

/// The guesses made counting the solutions of `line` to two, which it
/// must have.
fn guesses_counting_to_two(line: &str) -> usize {
    let board = cells(line);
    assert_eq!(count_solutions(&board, 2), 2, "{line}");
    count_guesses(&board, 2)
}

#[test]
fn the_sparse_boards_fuzzing_found_end_soon() {
    // fuzz/regressions/solvers. On the first, the layouts alone made 3.9
    // billion guesses (8 minutes) counting to 2, wandering in branches
    // with no solution; on the second, a search that turned careful in
    // place, inside the branches the layouts had chosen, made 14 million.
    for line in [
        "5...6.....1..............5...............4........31...........................91",
        "...............4.3.......5...............4........3...............2............91",
    ] {
        let guesses = guesses_counting_to_two(line);
        assert!(guesses < 2 * CAREFUL_AFTER, "{guesses} guesses on {line}");
    }
}

#[test]
fn no_random_sparse_board_needs_many_more_guesses_than_the_layouts_may_make() {
    // The example's 30,000 boards. When the search had only the layouts
    // and the triads, seven of them reached the restart, and a search that
    // turned careful in place took up to 49,826 guesses on them; with the
    // layouts alone, up to 132 million (notes/lab/bitboard-experiments.md).
    // Since the column rule, none of them reaches the restart.
    let mut seed = 1;
    for _ in 0..30_000 {
        let board = random_sparse_board(&mut seed);
        let guesses = count_guesses(&board, 2);
        assert!(
            guesses < 2 * CAREFUL_AFTER,
            "{guesses} guesses on {board:?}"
        );
    }
}

/// Asserts that `got` is `expected`: both `None` (a dead end), or the
/// same in every field the search reads afterwards, with nothing left
/// for the search's own propagation to do. Returns whether it was alive.
#[cfg(not(sudoku_trace))]
fn assert_same_fixpoint(got: Option<State>, expected: Option<State>, what: &str) -> bool {
    assert_eq!(got.is_some(), expected.is_some(), "{what}");
    let (Some(got), Some(expected)) = (got, expected) else {
        return false;
    };
    assert_eq!(got.candidates, expected.candidates, "{what}");
    assert_eq!(got.unsolved, expected.unsolved, "{what}");
    assert_eq!(got.open_rows, expected.open_rows, "{what}");
    assert_eq!(got.layouts, expected.layouts, "{what}");
    assert_eq!(got.changed, 0, "{what}");
    let mut again = got;
    assert!(again.propagate::<Scalar>(), "{what}");
    assert_eq!(again.candidates, got.candidates, "{what}");
    true
}

/// `state` after the search's own propagation, or `None` at a dead end.
fn propagated(mut state: State) -> Option<State> {
    if state.propagate::<Scalar>() {
        Some(state)
    } else {
        None
    }
}

/// `state` after propagation and the column rule, as the search runs them
/// at a node before the triads, or `None` at a dead end: where the
/// loader's sweep ends.
fn settled(mut state: State) -> Option<State> {
    loop {
        state = propagated(state)?;
        let lines = state.lines();
        if !state.stack_pairings(&lines.reach)? {
            return Some(state);
        }
    }
}

#[test]
#[cfg(not(sudoku_trace))]
fn the_sweep_ends_where_propagation_and_the_column_rule_end() {
    // Random sparse boards (some with no solution); puzzles made from
    // their solutions by keeping about a third of the cells, and the
    // same with a random digit written in a random cell (which may
    // clash); and the state after each one's first guess, every branch.
    // Loading through the sweep, compiled for the baseline and (where
    // the processor has it) for AVX2, must end where loading and then
    // propagating word by word, with the column rule, does; and the
    // sweep after a guess where those do. The AVX-512 copy's band steps
    // (where it is chosen) must end where propagation alone does, from
    // the givens and after a guess.
    let loaders: Vec<Load> = std::iter::once(avx2::portable_load as Load)
        .chain(avx2::code().map(|code| code.load))
        .collect();
    let (mut board_seed, mut seed) = (7, 11);
    let mut random = |below: u64| next_below(&mut seed, below) as usize;
    let (mut alive, mut dead) = (0, 0);
    for board_number in 0..20_000 {
        let board = random_sparse_board(&mut board_seed);
        let mut boards = vec![board];
        if let Some(solution) = solve(&board) {
            let mut puzzle = solution;
            for cell in &mut puzzle {
                if random(3) != 0 {
                    *cell = 0;
                }
            }
            boards.push(puzzle);
            puzzle[random(81)] = 1 + random(9) as u8;
            boards.push(puzzle);
        }
        for board in boards {
            let what = format!("board {board_number}: {board:?}");
            let expected = State::new(&board).and_then(settled);
            for load in &loaders {
                assert_same_fixpoint(load(&board), expected, &what);
            }
            // The AVX-512 copy's band steps, from the givens with every
            // word changed.
            if let Some((wide, fits)) = State::new(&board).and_then(avx2::wide_propagated) {
                let what = format!("{what}, band steps");
                let expected = State::new(&board).and_then(propagated);
                assert_same_fixpoint(fits.then_some(wide), expected, &what);
            }
            let Some(state) = expected else {
                dead += 1;
                continue;
            };
            alive += 1;
            if state.is_solved() {
                continue;
            }
            let mut branches = Vec::new();
            match state
                .layout_guess::<Scalar>(&state.lines().reach)
                .unwrap_or_else(|| state.guess(false))
            {
                Guess::Layout(unit, digit, layouts) => {
                    for layout in (0..6).filter(|layout| layouts & 1 << layout != 0) {
                        let mut branch = state;
                        branch.keep_layout(unit, digit, layout);
                        branches.push(branch);
                    }
                }
                Guess::Cell(band, bit) | Guess::Digit(band, bit, _) => {
                    let digits = state.digits_at(band, bit);
                    for digit in (0..9).filter(|digit| digits & 1 << digit != 0) {
                        let mut branch = state;
                        branch.place(digit, band, bit);
                        branches.push(branch);
                    }
                }
            }
            for branch in branches {
                // And after a guess, with one word changed, or three.
                if let Some((wide, fits)) = avx2::wide_propagated(branch) {
                    let what = format!("{what}, band steps after a guess");
                    assert_same_fixpoint(fits.then_some(wide), propagated(branch), &what);
                }
                let mut swept = branch;
                let swept = avx2::portable_sweep(&mut swept).then_some(swept);
                let what = format!("{what}, after a guess");
                if assert_same_fixpoint(swept, settled(branch), &what) {
                    alive += 1;
                } else {
                    dead += 1;
                }
            }
        }
    }
    // Both outcomes are well represented.
    assert!(alive > 10_000 && dead > 1_000, "{alive} alive, {dead} dead");
}

#[test]
#[cfg(not(sudoku_trace))]
fn every_path_gives_the_same_answers_after_the_same_guesses() {
    let puzzles = [
        EXAMPLE,
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ".......1...................................4...........9..........57.............",
    ];
    let mut seed = 3;
    let boards = puzzles
        .iter()
        .map(|line| cells(line))
        .chain((0..2_000).map(|_| random_sparse_board(&mut seed)));
    // What each search found, and after how many guesses.
    let found = |search: Search| (search.count, search.first, search.guesses);
    // Both AVX2 copies (with `pext` and with the table lookups), where
    // the processor has AVX2, and the AVX-512 copy where it is chosen.
    let copies: Vec<Code> = avx2::both_avx2_codes()
        .into_iter()
        .chain(avx2::wide_code())
        .collect();
    for board in boards {
        for limit in [1, 2, 3] {
            let portable = found(search(&board, limit, PORTABLE, true));
            for (which, &code) in copies.iter().enumerate() {
                let copy = found(search(&board, limit, code, true));
                assert_eq!(copy, portable, "copy {which}, {board:?}, limit {limit}");
            }
            assert_native_paths_find(&board, limit, portable);
        }
    }
    let expected = if avx2::wide_code().is_some() {
        Path::Avx512
    } else if avx2::code().is_some() {
        Path::Avx2
    } else {
        Path::Portable
    };
    assert_eq!(path(), expected);
}

#[test]
fn a_split_counts_once_and_each_branch_it_tries_as_a_guess() {
    assert_eq!(count_branch_points(&cells(EXAMPLE), 2), 0);
    // Arto Inkala's 2012 puzzle: propagation alone does not solve it.
    let inkala =
        cells("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    for limit in [1, 2] {
        let (splits, guesses) = (
            count_branch_points(&inkala, limit),
            count_guesses(&inkala, limit),
        );
        // A split tries at least one branch and at most nine.
        assert!(splits > 0, "limit {limit}");
        assert!(
            (splits..=9 * splits).contains(&guesses),
            "limit {limit}: {splits} splits, {guesses} guesses"
        );
    }
    // Counting to two on a puzzle with one solution tries every branch
    // of every split: at least two each.
    assert!(count_guesses(&inkala, 2) >= 2 * count_branch_points(&inkala, 2));
}

#[test]
fn the_search_gives_up_only_where_the_column_rule_has_nothing_left_or_does_not_run() {
    // At a node with more than `FEW_OPEN` cells open (but not in an easy
    // search that has made `EASY_GUESSES` guesses or fewer), the column
    // rule runs
    // after propagation, and the check that gives up after `CAREFUL_AFTER`
    // guesses comes after it, so a node the rule closes is closed before
    // the search can give up there (near the end, where the rule does not
    // run, the check comes before the guess). On this
    // board, searched to 3,000 solutions, the layouts give up and the
    // careful search starts again; with the check before the rule it makes
    // one guess fewer (a pass over random sparse boards found it).
    let board =
        cells("3.8..2....7....3.......6......8..7.........54....4.9..4.......3.........8...7.1..");
    let found = search(&board, 3000, PORTABLE, true);
    assert_eq!(
        (found.count, found.guesses, found.careful),
        (3000, 10183, true)
    );
}

#[test]
fn the_paths_agree_where_the_first_node_is_near_the_end() {
    // The search leaves its rules out near the end, but not at the first
    // node, where the portable loader has not yet applied the column rule
    // that the native loaders' sweep has. With the shortcut there too, the
    // portable path guessed on other cells on these boards (a hostile pass
    // found them): the first of the public file hardest.txt, and one with
    // 25 cells open, where it found another first solution.
    for line in [
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        ".45...3916879.1542.93...678.59...213.164..987.723..456.38.64725.64.28139.21.93864",
    ] {
        let board = cells(line);
        for limit in [1, 2] {
            let portable = search_with(&board, limit, Path::Portable).unwrap();
            let portable = (portable.count, portable.first, portable.guesses);
            assert_native_paths_find(&board, limit, portable);
        }
    }
}

#[test]
fn an_easy_search_guesses_on_cells_while_it_has_made_few_guesses() {
    // A board made for this test (a solved grid, its digits renamed, with
    // 48 cells emptied at random): its first guess comes with `EASY_OPEN`
    // cells open or fewer, so below the first node the search guesses on
    // cells at once. With the column rule, the triads and the layouts at
    // those nodes (the search before easy searches) it made 10 guesses at
    // 8 branch points to its first solution.
    let board =
        cells(".1.8.....76.41.8.......5..2.41...65..7..41.38.8.57.2..12493.....57....89.....7.2.");
    let found = search(&board, 1, PORTABLE, true);
    assert!(found.easy);
    assert_eq!((found.count, found.guesses, found.splits), (1, 4, 3));
    assert!(solves(&board, &found.first.unwrap()));
    assert_native_paths_find(&board, 1, (found.count, found.first, found.guesses));
    // A board that needs its first guess with more cells open is not easy.
    let inkala =
        cells("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    assert!(!search(&inkala, 1, PORTABLE, true).easy);
}
