// LeetCode 37, the classic backtracking: go through the cells in reading
// order, try the digits 1 to 9 in each empty one, keep a digit only if its
// row, its column and its box do not hold it yet, and take it back when the
// cells after it cannot be filled.
class Solution {
    public void solveSudoku(char[][] board) {
        fill(board, 0);
    }

    /**
     * Fills the empty cells from {@code cell} on, counting the cells 0 to 80
     * in reading order ({@code cell = row * 9 + column}). Returns true once
     * every cell is filled, false if no digit fits somewhere after a choice
     * made before {@code cell}.
     */
    private boolean fill(char[][] board, int cell) {
        if (cell == 81) {
            return true;
        }
        int row = cell / 9;
        int column = cell % 9;
        if (board[row][column] != '.') {
            return fill(board, cell + 1); // a given: leave it as it is
        }
        for (char digit = '1'; digit <= '9'; digit++) {
            if (canPlace(board, row, column, digit)) {
                board[row][column] = digit;
                if (fill(board, cell + 1)) {
                    return true;
                }
                // The cells after this one cannot be filled with this digit
                // here: take it back and try the next.
                board[row][column] = '.';
            }
        }
        return false; // no digit fits: an earlier cell must change
    }

    /** Whether {@code digit} is in none of the row, the column and the box of the cell. */
    private boolean canPlace(char[][] board, int row, int column, char digit) {
        // The box's top-left cell: rows 0-2 start at 0, rows 3-5 at 3, rows 6-8 at 6.
        int boxTop = row / 3 * 3;
        int boxLeft = column / 3 * 3;
        for (int i = 0; i < 9; i++) {
            if (board[row][i] == digit
                    || board[i][column] == digit
                    || board[boxTop + i / 3][boxLeft + i % 3] == digit) {
                return false;
            }
        }
        return true;
    }
}
