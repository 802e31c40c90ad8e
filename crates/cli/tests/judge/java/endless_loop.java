// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
    public void solveSudoku(char[][] board) {
        while (board[0][0] != '0') {
        }
    }
}
