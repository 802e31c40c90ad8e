//! Seeded generation of minimal Sudoku puzzles with exactly one solution.
//!
//! A puzzle is made in two steps: a random solved grid, then the clues of that
//! grid removed one at a time in random order, each removal kept only while
//! the puzzle still has exactly one solution. After one pass over all 81
//! cells no clue can be removed any more (a clue that was needed once stays
//! needed as others go), so the puzzle is minimal.
//!
//! [`Options`] can ask for rotational symmetry (clues removed in pairs of
//! cells opposite each other through the centre, so the pattern looks the
//! same turned half a turn), and for a target number of clues (removal stops
//! there, and never goes below it; when the puzzle becomes minimal above it,
//! the target is not met, which [`Generated::puzzle`]'s clue count shows).
//! A symmetric puzzle is minimal among symmetric puzzles: no pair can go
//! without losing uniqueness, but a single clue of a pair often can, so it
//! is usually not minimal in the plain sense.
//!
//! Uniqueness is checked by `sudoku_bitboard::count_solutions(puzzle, 2)`,
//! the fastest counter in the workspace. The random numbers come from our
//! own [`SplitMix64`], so a seed gives the same puzzles on every run, machine
//! and version of the dependencies.
//!
//! ```
//! use sudoku_core::verify;
//! use sudoku_generate::generate;
//! use sudoku_catalog::screen::count_solutions;
//!
//! let generated = generate(7);
//! assert_eq!(count_solutions(&generated.puzzle, 2), 1);
//! assert!(verify(&generated.puzzle, &generated.solution).is_ok());
//! assert_eq!(generate(7), generated);
//! ```

// A library never prints or exits: only the `sudoku` binary does.
#![deny(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::exit,
    clippy::dbg_macro
)]
#![warn(missing_docs)]

use sudoku_core::Board;

/// The `SplitMix64` generator (Steele, Lea and Flood, 2014): tiny, fast and
/// fully determined by its seed.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by Lemire's multiply-shift.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for end in (1..items.len()).rev() {
            let pick = self.below(end + 1);
            items.swap(end, pick);
        }
    }
}

/// A generated puzzle with the grid it was cut from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generated {
    /// The minimal puzzle.
    pub puzzle: Board,
    /// Its one solution.
    pub solution: Board,
}

/// A random solved grid: the three boxes on the diagonal, which never
/// constrain each other, get random permutations of 1–9, the solver completes
/// the rest, and a random relabelling of the digits spreads the result.
pub fn solved_grid(rng: &mut SplitMix64) -> Board {
    let mut board = Board::EMPTY;
    for band in 0..3 {
        let mut digits: [u8; 9] = std::array::from_fn(|k| k as u8 + 1);
        rng.shuffle(&mut digits);
        for (k, &digit) in digits.iter().enumerate() {
            board.set(band * 3 + k / 3, band * 3 + k % 3, digit);
        }
    }
    let mut relabel: [u8; 10] = std::array::from_fn(|k| k as u8);
    rng.shuffle(&mut relabel[1..]);
    // Diagonal boxes never conflict, so a solution always exists. The fill
    // is bitmask's first solution (most constrained cell first, smallest
    // digit first): which grid a seed gives depends on that search.
    let completed = sudoku_bitmask::solve(board.cells())
        .and_then(|cells| Board::from_cells(cells).ok())
        .unwrap_or(board);
    let mut cells = *completed.cells();
    for cell in &mut cells {
        *cell = relabel[usize::from(*cell)];
    }
    Board::from_cells(cells).unwrap_or(completed)
}

/// What kind of puzzle to make.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Stop removing clues once the puzzle has this many (best effort: a
    /// puzzle that becomes minimal with more clues keeps them).
    pub clues: Option<usize>,
    /// Remove clues in pairs of cells opposite through the centre, so the
    /// pattern of clues has rotational (180°) symmetry.
    pub symmetric: bool,
}

/// True when the puzzle has exactly one solution.
fn is_unique(puzzle: &Board) -> bool {
    sudoku_bitboard::count_solutions(puzzle.cells(), 2) == 1
}

/// Removes the clues of `solution` in random order while the puzzle keeps
/// exactly one solution; the result is minimal.
pub fn minimal_puzzle(solution: &Board, rng: &mut SplitMix64) -> Board {
    reduce(solution, rng, Options::default())
}

/// Removes clues of `solution` as `options` ask, in random order, keeping
/// each removal only while the puzzle keeps exactly one solution, and never
/// going below the target number of clues.
pub fn reduce(solution: &Board, rng: &mut SplitMix64, options: Options) -> Board {
    // Groups of cells removed together: single cells, or symmetric pairs
    // (the centre is its own partner).
    let mut groups: Vec<[usize; 2]> = if options.symmetric {
        (0..=40).map(|index| [index, 80 - index]).collect()
    } else {
        (0..81).map(|index| [index, index]).collect()
    };
    rng.shuffle(&mut groups);
    let target = options.clues.unwrap_or(0);
    let mut puzzle = *solution;
    for group in groups {
        if puzzle.givens() <= target {
            break;
        }
        // A pair would take the puzzle one clue below the target; the centre,
        // a group of one, may still fit later.
        let cells = if group[0] == group[1] { 1 } else { 2 };
        if puzzle.givens() - cells < target {
            continue;
        }
        let before = puzzle;
        for index in group {
            puzzle.set(index / 9, index % 9, 0);
        }
        if !is_unique(&puzzle) {
            puzzle = before;
        }
    }
    puzzle
}

/// The minimal puzzle for `seed`: the same seed gives the same puzzle everywhere.
pub fn generate(seed: u64) -> Generated {
    generate_with(seed, Options::default())
}

/// The puzzle for `seed` made as `options` ask; the same seed and options
/// give the same puzzle everywhere.
pub fn generate_with(seed: u64, options: Options) -> Generated {
    let mut rng = SplitMix64::new(seed);
    let solution = solved_grid(&mut rng);
    let puzzle = reduce(&solution, &mut rng, options);
    Generated { puzzle, solution }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_catalog::screen::count_solutions;
    use sudoku_core::{validate, verify};

    #[test]
    fn splitmix_matches_its_published_first_outputs() {
        // First outputs for seed 1234567, as in the reference implementation's test vector.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn solved_grids_are_valid_and_differ_by_seed() {
        let first = solved_grid(&mut SplitMix64::new(1));
        let second = solved_grid(&mut SplitMix64::new(2));
        assert!(first.is_full() && validate(&first).is_ok());
        assert!(second.is_full() && validate(&second).is_ok());
        assert_ne!(first, second);
    }

    #[test]
    fn the_corpus_tiers_are_what_the_generator_makes() {
        use sudoku_core::corpus::Tier;
        for tier in [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Hardest] {
            for entry in tier.puzzles() {
                let seed: u64 = entry.name.rsplit('-').next().unwrap().parse().unwrap();
                let generated = generate(seed);
                assert_eq!(generated.puzzle, entry.puzzle, "{}", entry.name);
                assert_eq!(Some(generated.solution), entry.solution, "{}", entry.name);
            }
        }
    }

    #[test]
    fn symmetric_puzzles_look_the_same_turned_half_a_turn() {
        for seed in 0..5 {
            let options = Options {
                symmetric: true,
                ..Options::default()
            };
            let generated = generate_with(seed, options);
            let cells = generated.puzzle.cells();
            for index in 0..81 {
                assert_eq!(
                    cells[index] == 0,
                    cells[80 - index] == 0,
                    "seed {seed}, cell {index}"
                );
            }
            assert_eq!(count_solutions(&generated.puzzle, 2), 1);
        }
    }

    #[test]
    fn symmetric_removal_never_goes_below_the_clue_target() {
        for seed in 0..40 {
            for clues in [28, 29, 30, 31] {
                let options = Options {
                    clues: Some(clues),
                    symmetric: true,
                };
                let generated = generate_with(seed, options);
                assert!(
                    generated.puzzle.givens() >= clues,
                    "seed {seed}: {} clues for a target of {clues}",
                    generated.puzzle.givens()
                );
                assert_eq!(count_solutions(&generated.puzzle, 2), 1);
            }
        }
    }

    #[test]
    fn a_clue_target_stops_removal_or_is_reported_by_the_clue_count() {
        let generous = generate_with(
            3,
            Options {
                clues: Some(40),
                symmetric: false,
            },
        );
        assert_eq!(generous.puzzle.givens(), 40);
        assert_eq!(count_solutions(&generous.puzzle, 2), 1);
        // No 9x9 puzzle with a unique solution has fewer than 17 clues.
        let impossible = generate_with(
            3,
            Options {
                clues: Some(10),
                symmetric: false,
            },
        );
        assert!(impossible.puzzle.givens() >= 17);
        assert_eq!(impossible, generate(3));
    }

    #[test]
    fn puzzles_are_unique_and_minimal() {
        for seed in 0..5 {
            let generated = generate(seed);
            assert_eq!(verify(&generated.puzzle, &generated.solution), Ok(()));
            assert_eq!(count_solutions(&generated.puzzle, 2), 1);
            for (index, &digit) in generated.puzzle.cells().iter().enumerate() {
                if digit != 0 {
                    let mut fewer = generated.puzzle;
                    fewer.set(index / 9, index % 9, 0);
                    assert_eq!(
                        count_solutions(&fewer, 2),
                        2,
                        "seed {seed}: clue {index} is not needed"
                    );
                }
            }
        }
    }
}
