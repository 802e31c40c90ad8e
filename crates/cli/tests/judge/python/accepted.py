# A fixture for `sudoku judge`'s tests.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        self.fill(board, 0)

    def fill(self, board: List[List[str]], cell: int) -> bool:
        if cell == 81:
            return True
        row, column = divmod(cell, 9)
        if board[row][column] != ".":
            return self.fill(board, cell + 1)
        for digit in "123456789":
            if self.fits(board, row, column, digit):
                board[row][column] = digit
                if self.fill(board, cell + 1):
                    return True
                board[row][column] = "."
        return False

    def fits(self, board: List[List[str]], row: int, column: int, digit: str) -> bool:
        for k in range(9):
            if board[row][k] == digit or board[k][column] == digit:
                return False
            if board[row // 3 * 3 + k // 3][column // 3 * 3 + k % 3] == digit:
                return False
        return True
