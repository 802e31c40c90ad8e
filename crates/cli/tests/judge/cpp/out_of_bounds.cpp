// A fixture for `sudoku judge`'s tests: a correct solve, then a write one
// past the end of a row. Without AddressSanitizer it usually passes; on
// LeetCode (and here with clang's AddressSanitizer) it is a Runtime Error
// that names line 11.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        // Blanks stay blank before the search; the bug: `<=` goes one past
        // the end of the row, and writes there.
        for (int column = 0; column <= 9; column++) {
            if (column == 9 || board[8][column] == '.') board[8][column] = '.';
        }
        fill(board, 0);
    }

    bool fill(vector<vector<char>>& board, int cell) {
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

    bool fits(vector<vector<char>>& board, int row, int column, char digit) {
        for (int k = 0; k < 9; k++) {
            if (board[row][k] == digit || board[k][column] == digit) return false;
            if (board[row / 3 * 3 + k / 3][column / 3 * 3 + k % 3] == digit) return false;
        }
        return true;
    }
};
