class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        
    }
};
