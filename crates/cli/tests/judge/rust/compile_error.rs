// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let digits: u32 = "nine";
        board[0][0] = char::from(digits as u8);
    }
}
