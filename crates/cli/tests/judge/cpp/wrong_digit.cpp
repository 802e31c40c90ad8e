// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        // The example's solution with a placed digit changed: a rule is broken.
        string solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        for (int index = 0; index < 81; index++) board[index / 9][index % 9] = solved[index];
        board[0][2] = '1';
    }
};
