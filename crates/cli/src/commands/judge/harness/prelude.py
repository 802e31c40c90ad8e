# Added by `sudoku judge`: what LeetCode's Python 3 has in scope without an
# import. (A first list; the build helper completes it.)
import builtins
import typing

for name in ("List", "Optional", "Dict", "Set", "Tuple", "Deque"):
    setattr(builtins, name, getattr(typing, name))
