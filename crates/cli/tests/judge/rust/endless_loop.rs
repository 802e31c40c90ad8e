// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        while board[0][0] != '0' {}
    }
}
