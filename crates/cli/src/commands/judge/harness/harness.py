# Added by `sudoku judge`, not part of your submission: reads one puzzle per
# line (and how many times to solve it, for timing), solves it with your
# Solution, writes the board back with the mean time.
import prelude  # LeetCode's implicit imports (prelude.py, beside this file)
import builtins
import importlib.util
import sys
import time
import typing

# What LeetCode's Python 3 environment has in scope without an import.
for name in ("List", "Optional", "Dict", "Set", "Tuple", "Deque"):
    setattr(builtins, name, getattr(typing, name))

spec = importlib.util.spec_from_file_location("solution", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

for line in sys.stdin:
    fields = line.split()
    puzzle = fields[0]
    repeats = max(1, int(fields[1])) if len(fields) > 1 else 1
    nanos = 0
    for _ in range(repeats):
        board = [[puzzle[9 * row + column] for column in range(9)] for row in range(9)]
        solution = module.Solution()
        started = time.perf_counter_ns()
        solution.solveSudoku(board)
        nanos += time.perf_counter_ns() - started
    nanos //= repeats
    text = "".join("".join(str(cell) for cell in row) for row in board)
    sys.stdout.write("\x1eANSWER " + text + " " + str(nanos) + "\n")
    sys.stdout.flush()
