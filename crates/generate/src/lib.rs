//! Seeded generation of minimal Sudoku puzzles with exactly one solution.
//!
//! A puzzle is made in two steps: a random solved grid, then the clues of that
//! grid removed one at a time in random order, each removal kept only while
//! the puzzle still has exactly one solution. After one pass over all 81
//! cells no clue can be removed any more (a clue that was needed once stays
//! needed as others go), so the puzzle is minimal.
//!
//! The random numbers come from our own [`SplitMix64`], so a seed gives the
//! same puzzles on every run, machine and version of the dependencies.
//!
//! ```
//! use sudoku_core::{solutions::count_solutions, verify};
//! use sudoku_generate::generate;
//!
//! let generated = generate(7);
//! assert_eq!(count_solutions(&generated.puzzle, 2), 1);
//! assert!(verify(&generated.puzzle, &generated.solution).is_ok());
//! assert_eq!(generate(7), generated);
//! ```

use sudoku_core::solutions::{count_solutions, first_solution};
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
    // Diagonal boxes never conflict, so a solution always exists.
    let completed = first_solution(&board).unwrap_or(board);
    let mut cells = *completed.cells();
    for cell in &mut cells {
        *cell = relabel[usize::from(*cell)];
    }
    Board::from_cells(cells).unwrap_or(completed)
}

/// Removes the clues of `solution` in random order while the puzzle keeps
/// exactly one solution; the result is minimal.
pub fn minimal_puzzle(solution: &Board, rng: &mut SplitMix64) -> Board {
    let mut order: [usize; 81] = std::array::from_fn(|index| index);
    rng.shuffle(&mut order);
    let mut puzzle = *solution;
    for index in order {
        let (row, column) = (index / 9, index % 9);
        let digit = puzzle.get(row, column);
        puzzle.set(row, column, 0);
        if count_solutions(&puzzle, 2) != 1 {
            puzzle.set(row, column, digit);
        }
    }
    puzzle
}

/// The minimal puzzle for `seed`: the same seed gives the same puzzle everywhere.
pub fn generate(seed: u64) -> Generated {
    let mut rng = SplitMix64::new(seed);
    let solution = solved_grid(&mut rng);
    let puzzle = minimal_puzzle(&solution, &mut rng);
    Generated { puzzle, solution }
}

#[cfg(test)]
mod tests {
    use super::*;
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
