//! The comparison lives in `benches/`. This library holds only what the
//! bench and the examples (`side_by_side`, `instructions`) share: tdoku's
//! C entry point, when build.rs built tdoku from the folder `TDOKU_SRC`
//! names (a library, because that is where Cargo links a build script's
//! native library), and the rule that samples a public file.

/// The most puzzles taken from one public file.
pub const SAMPLE: usize = 1_000;

/// The puzzles of a public file that the bench times: all of them, or, in a
/// longer file, every `n`th from the first, `n` the least step that leaves at
/// most [`SAMPLE`].
pub fn sample<T>(all: Vec<T>) -> Vec<T> {
    let step = all.len().div_ceil(SAMPLE).max(1);
    all.into_iter().step_by(step).collect()
}

/// tdoku, through `TdokuSolverDpllTriadSimd` (BSD-2-Clause, built by
/// build.rs from the folder `TDOKU_SRC` names).
#[cfg(tdoku)]
pub mod tdoku {
    use std::ffi::c_char;

    extern "C" {
        fn TdokuSolverDpllTriadSimd(
            input: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }

    /// A puzzle as tdoku reads it: 81 characters, `.` for a blank, then a
    /// NUL (anything below `.` there tells it the puzzle is not pencilmark).
    pub fn puzzle(cells: &[u8; 81]) -> [u8; 82] {
        let mut text = [0u8; 82];
        for (character, &cell) in text.iter_mut().zip(cells) {
            *character = if cell == 0 { b'.' } else { b'0' + cell };
        }
        text
    }

    /// Solutions of `puzzle` up to `limit`; with a limit of 1, tdoku writes
    /// the solution into `solution`.
    pub fn solve(puzzle: &[u8; 82], limit: usize, solution: &mut [u8; 81]) -> usize {
        solve_counting_guesses(puzzle, limit, solution).0
    }

    /// As [`solve`], with the number of guesses tdoku made: one per branch
    /// point (its two branches count once).
    pub fn solve_counting_guesses(
        puzzle: &[u8; 82],
        limit: usize,
        solution: &mut [u8; 81],
    ) -> (usize, usize) {
        let mut guesses = 0;
        // SAFETY: tdoku reads the 81 characters of `puzzle` and the byte
        // after them (a NUL), writes at most 81 bytes to `solution`, which
        // has 81, and one usize to `guesses`; it keeps no pointer after it
        // returns.
        let count = unsafe {
            TdokuSolverDpllTriadSimd(
                puzzle.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        (count, guesses)
    }
}
