// A fixture for `sudoku judge`'s tests.
class Solution {
    public void solveSudoku(char[][] board) {
        fill(board, 0);
    }

    private boolean fill(char[][] board, int cell) {
        if (cell == 81) return true;
        int row = cell / 9, column = cell % 9;
        if (board[row][column] != '.') return fill(board, cell + 1);
        for (char digit = '1'; digit <= '9'; digit++) {
            if (fits(board, row, column, digit)) {
                board[row][column] = digit;
                if (fill(board, cell + 1)) return true;
                board[row][column] = '.';
            }
        }
        return false;
    }

    private boolean fits(char[][] board, int row, int column, char digit) {
        for (int k = 0; k < 9; k++) {
            if (board[row][k] == digit || board[k][column] == digit) return false;
            if (board[row / 3 * 3 + k / 3][column / 3 * 3 + k % 3] == digit) return false;
        }
        return true;
    }
}
