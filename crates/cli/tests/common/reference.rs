//! Independent references for what `sudoku trace` counts, written for the
//! tests and sharing no code with the solvers, sudoku-trace or the catalog:
//! the expected counts come from here, not from the code under test.

use sudoku_core::Board;

/// The work of the search every classic approach makes: cells in row-major
/// order, digits 1 to 9 in each, the first digit that clashes with nothing
/// is kept and the search moves on; a digit that leads nowhere is erased.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassicWork {
    /// Digits offered to an empty cell (each one is a validity check).
    pub tries: u64,
    /// Digits written into the board.
    pub placements: u64,
    /// Digits written and erased again on the way back.
    pub undos: u64,
}

/// Runs that search on `puzzle`, whose givens must not clash, and counts
/// its work until it solves it (or, without a solution, gives up).
///
/// Each row, column and box keeps a table of the digits it holds, so this
/// checks a digit in three lookups where the classics read 27 cells: the
/// same search, reached another way.
pub fn classic_work(puzzle: &Board) -> ClassicWork {
    struct Search {
        cells: [u8; 81],
        used: [[[bool; 10]; 9]; 3],
        work: ClassicWork,
    }
    fn units(index: usize) -> [usize; 3] {
        [index / 9, index % 9, index / 27 * 3 + index % 9 / 3]
    }
    impl Search {
        fn set(&mut self, index: usize, digit: u8, present: bool) {
            self.cells[index] = if present { digit } else { 0 };
            for (kind, unit) in units(index).into_iter().enumerate() {
                self.used[kind][unit][usize::from(digit)] = present;
            }
        }
        fn free(&self, index: usize, digit: u8) -> bool {
            let [row, column, boxed] = units(index);
            let digit = usize::from(digit);
            !self.used[0][row][digit] && !self.used[1][column][digit] && !self.used[2][boxed][digit]
        }
        /// True once every cell from `index` on is filled.
        fn fill(&mut self, index: usize) -> bool {
            if index == 81 {
                return true;
            }
            if self.cells[index] != 0 {
                return self.fill(index + 1);
            }
            for digit in 1..=9 {
                self.work.tries += 1;
                if !self.free(index, digit) {
                    continue;
                }
                self.set(index, digit, true);
                self.work.placements += 1;
                if self.fill(index + 1) {
                    return true;
                }
                self.set(index, digit, false);
                self.work.undos += 1;
            }
            false
        }
    }
    let mut search = Search {
        cells: [0; 81],
        used: [[[false; 10]; 9]; 3],
        work: ClassicWork::default(),
    };
    for (index, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            assert!(search.free(index, digit), "the givens of {puzzle} clash");
            search.set(index, digit, true);
        }
    }
    search.fill(0);
    search.work
}

/// True when `puzzle` is solved by naked singles alone: again and again,
/// some empty cell has exactly one digit left, and writing it there leads
/// to a full board.
///
/// On such a puzzle a search that always takes the most constrained cell
/// (the fewest digits left) never has to guess: at every step that cell has
/// one digit. And on a puzzle with one solution, once no cell has a single
/// digit left, whichever single was written first, such a search must guess.
pub fn solved_by_singles(puzzle: &Board) -> bool {
    let mut cells = *puzzle.cells();
    loop {
        let mut single = None;
        let mut any_empty = false;
        for index in (0..81).filter(|&index| cells[index] == 0) {
            any_empty = true;
            let (row, column) = (index / 9, index % 9);
            let seen = |digit: u8| {
                (0..9).any(|k| {
                    cells[row * 9 + k] == digit
                        || cells[k * 9 + column] == digit
                        || cells[(row / 3 * 3 + k / 3) * 9 + column / 3 * 3 + k % 3] == digit
                })
            };
            let left: Vec<u8> = (1..=9).filter(|&digit| !seen(digit)).collect();
            if let [digit] = left[..] {
                single = Some((index, digit));
                break;
            }
        }
        match single {
            Some((index, digit)) => cells[index] = digit,
            None => return !any_empty,
        }
    }
}
