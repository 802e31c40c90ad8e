# A fixture for `sudoku judge`'s tests: judged on LeetCode's example only.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        # The example's solution with a placed digit changed: a rule is broken.
        solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        for index, digit in enumerate(solved):
            board[index // 9][index % 9] = digit
        board[0][2] = "1"
