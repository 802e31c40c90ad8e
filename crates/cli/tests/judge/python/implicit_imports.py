# A fixture for `sudoku judge`'s tests: it uses what LeetCode's Python 3 has
# in scope without an import (deque, defaultdict, cache, lru_cache,
# heappush, heappop, bisect_left, List), and imports nothing.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        used = defaultdict(set)
        for row in range(9):
            for column in range(9):
                if board[row][column] != ".":
                    for unit in self.units(row, column):
                        used[unit].add(board[row][column])
        blanks = deque()
        order = []
        for row in range(9):
            for column in range(9):
                if board[row][column] == ".":
                    heappush(order, (row * 9 + column, row, column))
        while order:
            blanks.append(heappop(order)[1:])
        digits = sorted("123456789")
        assert digits[bisect_left(digits, "5")] == "5"

        @cache
        def box(row: int, column: int) -> int:
            return row // 3 * 3 + column // 3

        @lru_cache(maxsize=None)
        def name(kind: str, index: int) -> str:
            return kind + str(index)

        def fill() -> bool:
            if not blanks:
                return True
            row, column = blanks.popleft()
            units = (name("r", row), name("c", column), name("b", box(row, column)))
            for digit in digits:
                if all(digit not in used[unit] for unit in units):
                    board[row][column] = digit
                    for unit in units:
                        used[unit].add(digit)
                    if fill():
                        return True
                    for unit in units:
                        used[unit].discard(digit)
            board[row][column] = "."
            blanks.appendleft((row, column))
            return False

        fill()

    def units(self, row: int, column: int) -> List[str]:
        return ["r" + str(row), "c" + str(column), "b" + str(row // 3 * 3 + column // 3)]
