// A fixture for `sudoku judge`'s tests: C++23's "deducing this" (an
// explicit object parameter, P0847), which LeetCode's clang with -std=c++23
// builds: a recursive lambda that names itself as `self`.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        auto fits = [&](int row, int column, char digit) {
            for (int k = 0; k < 9; k++) {
                if (board[row][k] == digit || board[k][column] == digit) return false;
                if (board[row / 3 * 3 + k / 3][column / 3 * 3 + k % 3] == digit) return false;
            }
            return true;
        };
        auto fill = [&](this auto& self, int cell) -> bool {
            if (cell == 81) return true;
            int row = cell / 9, column = cell % 9;
            if (board[row][column] != '.') return self(cell + 1);
            for (char digit = '1'; digit <= '9'; digit++) {
                if (fits(row, column, digit)) {
                    board[row][column] = digit;
                    if (self(cell + 1)) return true;
                    board[row][column] = '.';
                }
            }
            return false;
        };
        fill(0);
    }
};
