// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        throw runtime_error("out of ideas");
    }
};
