# LeetCode 37 with bitmasks, the most constrained cell first.
#
# Each row, column and box keeps a nine-bit mask of the digits it holds
# (bit d - 1 for digit d), so the digits a cell can still take are the bits
# set in none of its three masks, found with two ORs, a NOT and an AND.
# At every step the search fills the empty cell with the fewest such
# candidates and tries only those: a cell with one candidate costs no guess
# at all, and a cell with none shows at once that an earlier guess was
# wrong.

ALL_DIGITS = 0b111_111_111


class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        # The boxes are numbered 0 to 8 in reading order, so (row, column) is
        # in box row // 3 * 3 + column // 3.
        rows = [0] * 9
        columns = [0] * 9
        boxes = [0] * 9
        empty_cells = []  # (row, column, box) of each '.'
        for row in range(9):
            for column in range(9):
                box = row // 3 * 3 + column // 3
                if board[row][column] == ".":
                    empty_cells.append((row, column, box))
                else:
                    bit = 1 << (int(board[row][column]) - 1)
                    rows[row] |= bit
                    columns[column] |= bit
                    boxes[box] |= bit

        def candidates(row: int, column: int, box: int) -> int:
            """The digits (as bits) that no cell of the row, column or box holds."""
            return ALL_DIGITS & ~(rows[row] | columns[column] | boxes[box])

        def fill(filled: int) -> bool:
            """Fills empty_cells[filled:], the cells still empty (the ones
            before are filled); True once none is left."""
            if filled == len(empty_cells):
                return True
            # The cell with the fewest candidates goes to the front of the
            # cells still empty, and is the one filled at this step.
            best, fewest = filled, 10
            for index in range(filled, len(empty_cells)):
                count = candidates(*empty_cells[index]).bit_count()
                if count < fewest:
                    best, fewest = index, count
                    if count <= 1:
                        break  # forced, or a dead end: no cell can beat it
            empty_cells[filled], empty_cells[best] = empty_cells[best], empty_cells[filled]
            row, column, box = empty_cells[filled]
            options = candidates(row, column, box)
            while options:
                bit = options & -options  # the lowest digit left to try
                options &= ~bit
                board[row][column] = str(bit.bit_length())
                rows[row] |= bit
                columns[column] |= bit
                boxes[box] |= bit
                if fill(filled + 1):
                    return True
                # The other cells cannot be filled with this digit here: take
                # it back and try the next.
                board[row][column] = "."
                rows[row] &= ~bit
                columns[column] &= ~bit
                boxes[box] &= ~bit
            # No candidate works: an earlier guess must change.
            return False

        fill(0)
