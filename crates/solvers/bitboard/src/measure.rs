//! Measuring bitboard's search rather than using it: how many guesses and
//! branch points it makes ([`count_guesses`], [`count_branch_points`]),
//! which code runs it on this machine ([`path`]) and each path's results
//! side by side ([`search_with`]), and the random sparse boards where a
//! fixed guessing rule can wander ([`random_sparse_board`]). The guesses
//! table of `notes/bitboard.md`, the crate's examples and tests, the
//! public-data tests, `sudoku trace`'s own tests and the anchor's bench
//! (`anchors/sudoku-crate`) use them; a solver needs only the
//! crate root's [`solve`](super::solve),
//! [`count_solutions`](super::count_solutions) and
//! [`solve_unique`](super::solve_unique).

use super::{avx2_code, avx512_code, fastest, search, PORTABLE};

/// Which code the search runs. All end on the same states, so they give
/// the same answers after the same guesses; only the time differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// The LeetCode submission's code, for any processor.
    Portable,
    /// The same search compiled for AVX2 (and the bit instructions that come
    /// with it, one of which, where it is fast, reads a word's shape in one
    /// step), taking a placed digit's cell from eight of its band's words
    /// in one vector, and loading the givens with a sweep that takes them
    /// to the fixpoint of propagation and the column rule with each rule
    /// applied to all 27 words at once; x86-64 processors that have them,
    /// detected at run time.
    Avx2,
    /// The AVX2 path (with `pext`) compiled for AVX-512 too (F, VL, BW and
    /// VPOPCNTDQ), where the words with news are brought up to date a whole
    /// band at a time, in vector registers, rather than one word at a
    /// time; Intel's x86-64 processors that have those features, detected
    /// at run time, and only in a build by Rust 1.89 or later.
    Avx512,
}

/// The path [`solve`](super::solve),
/// [`count_solutions`](super::count_solutions) and
/// [`solve_unique`](super::solve_unique) take on this machine:
/// [`Path::Avx512`] where the processor is Intel's with those AVX-512
/// features and the build could compile it, [`Path::Avx2`] where it has
/// AVX2, [`Path::Portable`] otherwise.
pub fn path() -> Path {
    if avx512_code().is_some() {
        Path::Avx512
    } else if avx2_code().is_some() {
        Path::Avx2
    } else {
        Path::Portable
    }
}

/// What [`search_with`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: usize,
    /// The first solution found.
    pub first: Option<[u8; 81]>,
    /// Branches tried, as [`count_guesses`] counts them.
    pub guesses: usize,
}

/// [`count_solutions`](super::count_solutions) on `path`, with the first
/// solution and the guesses; `None` when this machine cannot run that path.
/// For holding the paths to the same results (a test does, on every
/// public puzzle).
pub fn search_with(cells: &[u8; 81], limit: usize, path: Path) -> Option<Outcome> {
    let code = match path {
        Path::Portable => PORTABLE,
        Path::Avx2 => avx2_code()?,
        Path::Avx512 => avx512_code()?,
    };
    let search = search(cells, limit, code, true);
    Some(Outcome {
        count: search.count,
        first: search.first,
        guesses: search.guesses,
    })
}

/// How many guesses the search makes on `cells` when it stops at `limit`
/// solutions (each branch tried counts once; 0 when propagation alone
/// decides). For measuring, so it stays out of the LeetCode region: the
/// guesses table of `notes/bitboard.md` is made with it.
pub fn count_guesses(cells: &[u8; 81], limit: usize) -> usize {
    search(cells, limit, fastest(), false).guesses
}

/// How many times the search splits into branches on `cells` when it stops
/// at `limit` solutions: each split counts once, whatever its number of
/// branches (tdoku, which counts its guesses so, always splits two ways:
/// one layout, or the others). For measuring, like [`count_guesses`].
pub fn count_branch_points(cells: &[u8; 81], limit: usize) -> usize {
    search(cells, limit, fastest(), false).splits
}

/// A random sparse board: 5 to 24 tries, each writing a random digit in a
/// random cell unless that digit is already in the cell's row, column or
/// box, so the givens never conflict (though the board may have no
/// solution); a try may overwrite an earlier given, so a board has at most
/// 24 givens, often fewer. `seed` is a xorshift state (not 0), advanced by
/// each call. Sparse boards like these are where a fixed guessing rule can
/// wander; for measuring, like [`count_guesses`] (`--example sparse`, and a
/// test).
pub fn random_sparse_board(seed: &mut u64) -> [u8; 81] {
    let mut random = |below: usize| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % below as u64) as usize
    };
    let mut board = [0u8; 81];
    for _ in 0..5 + random(20) {
        let (cell, digit) = (random(81), 1 + random(9) as u8);
        let (row, column) = (cell / 9, cell % 9);
        let corner = 27 * (row / 3) + 3 * (column / 3);
        let taken = (0..9).any(|k| {
            board[9 * row + k] == digit
                || board[9 * k + column] == digit
                || board[corner + 9 * (k / 3) + k % 3] == digit
        });
        if !taken {
            board[cell] = digit;
        }
    }
    board
}
