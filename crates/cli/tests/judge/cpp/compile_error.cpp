// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        board[0][0] = undeclared_digit;
    }
};
