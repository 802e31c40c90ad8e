# A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        raise ValueError("out of ideas")
