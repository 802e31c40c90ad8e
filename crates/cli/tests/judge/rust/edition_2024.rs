// A fixture for `sudoku judge`'s tests: `if let` chains, which build in
// edition 2024 only (from rustc 1.88), as LeetCode builds Rust.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fill(board, 0);
    }

    fn fill(board: &mut Vec<Vec<char>>, cell: usize) -> bool {
        let (row, column) = (cell / 9, cell % 9);
        if let Some(line) = board.get(row)
            && line[column] != '.'
        {
            return Self::fill(board, cell + 1);
        }
        if cell == 81 {
            return true;
        }
        for digit in '1'..='9' {
            if Self::fits(board, row, column, digit) {
                board[row][column] = digit;
                if Self::fill(board, cell + 1) {
                    return true;
                }
            }
        }
        board[row][column] = '.';
        false
    }

    fn fits(board: &[Vec<char>], row: usize, column: usize, digit: char) -> bool {
        (0..9).all(|k| {
            board[row][k] != digit
                && board[k][column] != digit
                && board[row / 3 * 3 + k / 3][column / 3 * 3 + k % 3] != digit
        })
    }
}
