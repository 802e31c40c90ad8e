# LeetCode 37, the classic backtracking: go through the cells in reading
# order, try the digits 1 to 9 in each empty one, keep a digit only if its
# row, its column and its box do not hold it yet, and take it back when the
# cells after it cannot be filled.
#
# One change from the textbook version, for speed only. The textbook checks
# a digit by reading the 27 cells of its row, column and box; in Python that
# is too slow for puzzles that need hundreds of thousands of placements, as
# the hardest of the hard tier do, and the judge stops them at its time
# limit. Here each row, column and box keeps the set of digits it holds, so
# a check is three look-ups. The search itself is unchanged: the same cells
# in the same order, the same digits in the same order, the same placements.


class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        # The digits each row, column and box already holds. The boxes are
        # numbered 0 to 8 in reading order, so (row, column) is in box
        # row // 3 * 3 + column // 3.
        rows = [set() for _ in range(9)]
        columns = [set() for _ in range(9)]
        boxes = [set() for _ in range(9)]
        for row in range(9):
            for column in range(9):
                digit = board[row][column]
                if digit != ".":
                    rows[row].add(digit)
                    columns[column].add(digit)
                    boxes[row // 3 * 3 + column // 3].add(digit)

        def fill(cell: int) -> bool:
            """Fills the empty cells from cell on, counting the cells 0 to 80 in
            reading order (cell = row * 9 + column). True once every cell is
            filled, False if no digit fits somewhere after a choice made
            before cell."""
            if cell == 81:
                return True
            row, column = divmod(cell, 9)
            if board[row][column] != ".":
                return fill(cell + 1)  # a given: leave it as it is
            box = row // 3 * 3 + column // 3
            for digit in "123456789":
                if digit in rows[row] or digit in columns[column] or digit in boxes[box]:
                    continue
                board[row][column] = digit
                rows[row].add(digit)
                columns[column].add(digit)
                boxes[box].add(digit)
                if fill(cell + 1):
                    return True
                # The cells after this one cannot be filled with this digit
                # here: take it back and try the next.
                board[row][column] = "."
                rows[row].remove(digit)
                columns[column].remove(digit)
                boxes[box].remove(digit)
            return False  # no digit fits: an earlier cell must change

        fill(0)
