// A fixture for `sudoku judge`'s tests: a constant whose evaluation never
// ends, so the compiler never finishes (the lint that would stop it is
// turned off). The judge stops the build at its time limit.
#![allow(long_running_const_eval)]

const NEVER: u64 = {
    let mut count: u64 = 0;
    loop {
        count = count.wrapping_add(1);
        if count == 0 {
            break count;
        }
    }
};

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        board[0][0] = char::from(b'0' + (NEVER % 10) as u8);
    }
}
