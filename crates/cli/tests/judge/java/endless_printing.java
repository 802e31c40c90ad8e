// A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution {
    public void solveSudoku(char[][] board) {
        while (true) System.out.println("still thinking about " + board.length + " rows");
    }
}
