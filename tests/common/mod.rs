//! What the tests over every approach share.

pub mod bless;
pub mod bless_mode;
pub mod leetcode;
pub mod markdown;

use std::path::Path;

use sudoku_core::Board;

/// The repository's root, where the docs the tests read live.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The text of `path`, or a failure that names it.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The reference: a plain depth-first count, written for this test and
/// sharing no code with any approach (the screening counter of
/// `sudoku_catalog::screen` is `bitboard`'s, one of the counters under test).
/// Each row, column and box keeps a table of the digits it holds; the search
/// branches on the empty cell with the fewest possible digits, which keeps
/// it quick on the corpus, and stops once it has counted `limit`.
pub fn reference_count(board: &Board, limit: usize) -> usize {
    struct Search {
        cells: [u8; 81],
        used: [[[bool; 10]; 9]; 3],
        count: usize,
        limit: usize,
    }
    fn units(index: usize) -> [usize; 3] {
        [index / 9, index % 9, index / 27 * 3 + index % 9 / 3]
    }
    impl Search {
        fn free(&self, index: usize, digit: u8) -> bool {
            let [row, column, boxed] = units(index);
            let digit = usize::from(digit);
            !self.used[0][row][digit] && !self.used[1][column][digit] && !self.used[2][boxed][digit]
        }
        fn mark(&mut self, index: usize, digit: u8, value: bool) {
            for (kind, unit) in units(index).into_iter().enumerate() {
                self.used[kind][unit][usize::from(digit)] = value;
            }
        }
        fn run(&mut self) {
            let mut best: Option<(usize, usize)> = None;
            for index in (0..81).filter(|&index| self.cells[index] == 0) {
                let options = (1..=9).filter(|&digit| self.free(index, digit)).count();
                if best.is_none_or(|(_, fewest)| options < fewest) {
                    best = Some((index, options));
                }
            }
            let Some((index, _)) = best else {
                self.count += 1;
                return;
            };
            for digit in 1..=9 {
                if self.count >= self.limit {
                    return;
                }
                if self.free(index, digit) {
                    self.cells[index] = digit;
                    self.mark(index, digit, true);
                    self.run();
                    self.mark(index, digit, false);
                    self.cells[index] = 0;
                }
            }
        }
    }
    let mut search = Search {
        cells: *board.cells(),
        used: [[[false; 10]; 9]; 3],
        count: 0,
        limit,
    };
    for index in 0..81 {
        let digit = search.cells[index];
        if digit != 0 {
            if !search.free(index, digit) {
                return 0; // a given repeats in its row, column or box
            }
            search.mark(index, digit, true);
        }
    }
    if limit > 0 {
        search.run();
    }
    search.count
}
