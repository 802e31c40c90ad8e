// A fixture for `sudoku judge`'s tests.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fill(board, 0);
    }

    fn fill(board: &mut Vec<Vec<char>>, cell: usize) -> bool {
        if cell == 81 {
            return true;
        }
        let (row, column) = (cell / 9, cell % 9);
        if board[row][column] != '.' {
            return Self::fill(board, cell + 1);
        }
        for digit in '1'..='9' {
            if Self::fits(board, row, column, digit) {
                board[row][column] = digit;
                if Self::fill(board, cell + 1) {
                    return true;
                }
                board[row][column] = '.';
            }
        }
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
