// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        while (true) cout << "still thinking about " << board.size() << " rows" << endl;
    }
};
