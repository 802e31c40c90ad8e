// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        volatile long spins = 0;
        while (true) spins = spins + 1;
    }
};
