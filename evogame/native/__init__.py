"""The native back end: a fixed C interpreter of lowered games (`vm.c`), built once per
machine by the system C compiler and loaded with ctypes; no per-game compile.

`lower.py` turns a checked AST into the VM's image (a flat int32 array); `engine.py` loads
it and plays batches of games, returning records as arrays; `records.py` turns them into
the Python engine's `GameRecord`s. The Python engine stays the reference: the two agree
record for record (scores, decisions, options per decision, work, errors, cycle and cap
verdicts) on every corpus file, every seed and generated games
(`evogame.native.differential`).
"""

from evogame.native.engine import Batch, NativeGame, Unavailable
from evogame.native.lower import Unsupported

__all__ = ["Batch", "NativeGame", "Unavailable", "Unsupported"]
