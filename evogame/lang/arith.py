"""The meaning of RECYCLE's integer division and remainder, defined once for every layer.

The language owns these and the bounds of its integers: the simplifier folds constants with them and the engine's back
ends (`evogame.engine.ops`, the VM's `arith`) compute them the same way.
"""

from __future__ import annotations

#: RECYCLE's integers are signed 64-bit (docs/language.md, "Integers"): a result beyond
#: INT_MIN..INT_MAX ends the game with an overflow error, on every back end alike.
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1
#: A range's integers are 32-bit (the VM's collections), and it holds at most this many.
RANGE_MIN, RANGE_MAX, RANGE_SIZE = -(1 << 31), (1 << 31) - 1, 1_000_000


def div(x: int, y: int) -> int:
    """``(// x y)``: truncates toward zero, as CARDSTOCK's C# does; ``x // 0 = 0`` (RECYCLE
    has no error values; CARDSTOCK aborts the game)."""
    if not y:
        return 0
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def mod(x: int, y: int) -> int:
    """``(% x y)``: the remainder takes the dividend's sign (C#); ``x % 0 = 0``."""
    if not y:
        return 0
    r = abs(x) % abs(y)
    return r if x >= 0 else -r
