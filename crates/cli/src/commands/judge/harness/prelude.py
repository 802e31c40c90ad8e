# Added by `sudoku judge`, not part of your submission: what LeetCode's
# Python 3 has in scope without an import, put into builtins so that your
# file sees it as it would on LeetCode (and your own names still win).
#
# Based on a dump of the globals a LeetCode Python 3 (3.11) submission sees,
# published in the Animenosekai/leet project (leet/runners/python3.md):
# every public name of the modules below, as if each were imported with
# `from MODULE import *` in this order (so a later module's name wins:
# `sub` is operator's, `time` is datetime's class, `Counter` is typing's),
# then the modules themselves by name (`bisect`, `copy`, `random` and
# `datetime` are modules, not their functions), and typing's names last;
# builtins keep their own meaning (`pow` is the built-in, not math's).

import builtins
import importlib

_MODULES = (
    "string",
    "re",
    "datetime",
    "collections",
    "heapq",
    "bisect",
    "copy",
    "math",
    "random",
    "statistics",
    "itertools",
    "functools",
    "operator",
    "io",
    "sys",
    "json",
)


def _public_names(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in dir(module) if not name.startswith("_")]
    return {name: getattr(module, name) for name in names if hasattr(module, name)}


def _leetcode_scope():
    scope = {}
    modules = [importlib.import_module(name) for name in _MODULES]
    for module in modules:
        scope.update(_public_names(module))
    for module in modules:
        scope[module.__name__] = module
    scope.update(_public_names(importlib.import_module("typing")))
    return scope


for _name, _value in _leetcode_scope().items():
    if not hasattr(builtins, _name):
        setattr(builtins, _name, _value)
