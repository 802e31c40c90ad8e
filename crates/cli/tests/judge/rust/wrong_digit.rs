// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // The example's solution with a placed digit changed: a rule is broken.
        let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        for (index, digit) in solved.chars().enumerate() {
            board[index / 9][index % 9] = digit;
        }
        board[0][2] = '1';
    }
}
