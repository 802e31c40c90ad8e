// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
    public void solveSudoku(char[][] board) {
        throw new IllegalStateException("out of ideas");
    }
}
