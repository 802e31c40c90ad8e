impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        
    }
}
