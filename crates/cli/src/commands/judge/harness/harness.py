# Added by `sudoku judge`, not part of your submission: reads one puzzle per
# line (and how many times to solve it, for timing), solves it with your
# Solution, and sends the board back with the time it took on the judge's
# own channel (file descriptor 3), never on your stdout.
import importlib.util
import os
import sys
import time

# What LeetCode's Python 3 has in scope without an import (prelude.py, in
# this directory, which is sys.path[0]).
import prelude  # noqa: F401

answers = os.fdopen(3, "wb", buffering=0)

spec = importlib.util.spec_from_file_location("solution", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
answers.write(b"ready\n")

for line in sys.stdin:
    fields = line.split()
    puzzle = fields[0]
    repeats = max(1, int(fields[1])) if len(fields) > 1 else 1
    cpu, wall = time.thread_time_ns(), time.perf_counter_ns()
    for _ in range(repeats):
        board = [[puzzle[9 * row + column] for column in range(9)] for row in range(9)]
        module.Solution().solveSudoku(board)
    cpu = (time.thread_time_ns() - cpu) // repeats
    wall = (time.perf_counter_ns() - wall) // repeats
    try:
        text = "".join("".join(str(cell) for cell in row) for row in board)
    except TypeError:
        text = repr(board)
    data = text.encode("utf-8", "backslashreplace")
    answers.write(b"%d %d %d\n" % (cpu, wall, len(data)) + data + b"\n")
