class Solution {
    public void solveSudoku(char[][] board) {
        
    }
}
