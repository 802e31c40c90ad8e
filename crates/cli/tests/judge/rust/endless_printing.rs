// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        loop {
            println!("still thinking about {} rows", board.len());
        }
    }
}
