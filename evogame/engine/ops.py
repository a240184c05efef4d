"""The engine's semantics of values and card movements, defined once.

The Python engine's compiler (`compile.py`, `actions.py`) calls them. Each states what it
charges to `State.work` (quarter units; see `State.work`).
"""

from __future__ import annotations

from evogame.engine.errors import GameError
from evogame.lang.arith import INT_MAX, INT_MIN, RANGE_MAX, RANGE_MIN, RANGE_SIZE
from evogame.lang.arith import div as div  # the language's meaning, for the back ends
from evogame.lang.arith import mod as mod

#: Owners at or above this are teams (`Layout.TEAM_BASE`); below 0 is the table.
TEAM_BASE = 1 << 16


def overflow(head: str, *args: int) -> GameError:
    """The error of ``(head args...)`` whose result is beyond 64 bits (the VM's text too)."""
    return GameError(f"({' '.join([head, *map(str, args)])}): integer overflow (beyond 64 bits)")


def add(x: int, y: int, head: str = "+") -> int:
    """``(+ x y)`` (``(inc S y)`` of a storage holding x: head ``inc``), an error beyond
    64 bits."""
    r = x + y
    if INT_MIN <= r <= INT_MAX:
        return r
    raise overflow(head, x, y)


def sub(x: int, y: int, head: str = "-") -> int:
    """``(- x y)`` (``(dec S y)``: head ``dec``), an error beyond 64 bits."""
    r = x - y
    if INT_MIN <= r <= INT_MAX:
        return r
    raise overflow(head, x, y)


def inc(old: int, value: int) -> int:
    """``(inc S value)``: the storage's new value, an error beyond 64 bits."""
    return add(old, value, "inc")


def dec(old: int, value: int) -> int:
    """``(dec S value)``: the storage's new value, an error beyond 64 bits."""
    return sub(old, value, "dec")


def mul(x: int, y: int) -> int:
    """``(* x y)``, an error beyond 64 bits."""
    r = x * y
    if INT_MIN <= r <= INT_MAX:
        return r
    raise overflow("*", x, y)


def quot(x: int, y: int) -> int:
    """``(// x y)`` (`div`), an error beyond 64 bits (only ``(// INT_MIN -1)`` is)."""
    r = div(x, y)
    if r <= INT_MAX:
        return r
    raise overflow("//", x, y)


def power(x: int, y: int) -> int:
    """``(^ x y)`` for y in 0..64, an error otherwise or beyond 64 bits."""
    if y < 0 or y > 64:
        raise GameError(f"(^ {x} {y}): the exponent must be in 0..64")
    r = x**y
    if INT_MIN <= r <= INT_MAX:
        return r
    raise overflow("^", x, y)


def tri(k: int) -> int:
    """``(tri k)`` = k (k + 1) / 2 (exact: the product is even), an error beyond 64 bits."""
    r = k * (k + 1) // 2
    if INT_MIN <= r <= INT_MAX:
        return r
    raise overflow("tri", k)


def fib(k: int) -> int:
    """``(fib k)``: the k-th Fibonacci number (0 for k <= 0), an error past k = 90 (the
    last within 64 bits)."""
    if k > 90:
        raise GameError(f"(fib {k}) is too large")
    a, b = 0, 1
    for _ in range(max(k, 0)):
        a, b = b, a + b
    return a


def lesser(x: int, y: int) -> int:
    """``(lesser x y)`` = min(x, y)."""
    return x if x <= y else y


def cyclic_distance(a: int, b: int, n: int) -> int:
    """``(distance a b around n)``: min(d, n - d) with d = (a - b) mod n (floor modulo,
    0..n-1), the steps between a and b round a cycle of n; 0 when n <= 0. Below n, so
    never beyond 64 bits."""
    if n <= 0:
        return 0
    d = (a - b) % n
    return d if d <= n - d else n - d


def absolute(k: int) -> int:
    """``(abs k)`` = |k|, an error beyond 64 bits (only |-2^63| is)."""
    r = -k if k < 0 else k
    if r <= INT_MAX:
        return r
    raise overflow("abs", k)


def total(values: list[int]) -> int:
    """``(sumof ...)``: the sum of `values` (0 for none), an error beyond 64 bits (the
    sum's, not a partial sum's: the order of the items does not matter)."""
    r = sum(values)
    if INT_MIN <= r <= INT_MAX:
        return r
    raise GameError("(sumof ...): integer overflow (beyond 64 bits)")


def int_range(lo: int, hi: int) -> list[int]:
    """``(range lo..hi)``: lo, lo + 1, ..., hi (none when hi < lo); an error for more than
    RANGE_SIZE integers or one beyond 32 bits."""
    if hi < lo:
        return []
    if hi - lo >= RANGE_SIZE:
        raise GameError(f"(range {lo}..{hi}): more than {RANGE_SIZE:,} integers")
    if lo < RANGE_MIN or hi > RANGE_MAX:
        raise GameError(f"(range {lo}..{hi}): an integer beyond 32 bits")
    return list(range(lo, hi + 1))


def owner(keys: list[tuple], where: list[int], c: int | None) -> int:
    """The seat whose location holds card `c` (an error for no card or a table card)."""
    if c is None:
        raise GameError("(owner ...) of no card")
    o = keys[where[c]][0]
    if o < 0 or o >= TEAM_BASE:
        raise GameError("(owner ...) of a card on the table")
    return o


def union(lists: list[list[int]]) -> list[int]:
    """The cards of all `lists`, in order, each once (a single list is returned as is)."""
    if len(lists) == 1:
        return lists[0]
    out = [c for lst in lists for c in lst]
    return out if len(set(out)) == len(out) else list(dict.fromkeys(out))


def score(st, slot: int, c: int | None) -> int:
    """Card `c`'s points under point map `slot` (0 for no card); work 1/4."""
    st.past_steps += 0.25
    return 0 if c is None else st.scorer(slot)(c)


def sum_points(st, slot: int, cards: list[int]) -> int:
    """The points of `cards` under point map `slot`, an error beyond 64 bits; work n // 4."""
    f = st.scorer(slot)
    st.past_steps += len(cards) >> 2
    r = sum(map(f, cards))
    if INT_MIN <= r <= INT_MAX:
        return r
    raise GameError("(sum ... using ...): integer overflow (beyond 64 bits)")


def extreme(st, slot: int, cards: list[int], want_max: bool) -> int | None:
    """The card of most (least) points under point map `slot`, ties broken at random (a
    chance event, as in CARDSTOCK); None for no cards; work n // 4."""
    if not cards:
        return None
    f = st.scorer(slot)
    st.past_steps += len(cards) >> 2
    best = None
    tied: list[int] = []
    for c in cards:
        v = f(c)
        if best is None or (v > best if want_max else v < best):
            best = v
            tied = [c]
        elif v == best:
            tied.append(c)
    return tied[0] if len(tied) == 1 else tied[st.rand_below(len(tied))]


def take(st, c: int) -> None:
    """Lift card `c` from the location physically holding it (its top, most often)."""
    here = st.locs[st.where[c]]
    if here and here[-1] == c:
        here.pop()
        return
    try:
        here.remove(c)
    except ValueError:
        raise GameError("a card to move is not where the engine put it") from None


def move_top(st, c: int, slot: int) -> None:
    """Move card `c` onto the top of location `slot`."""
    take(st, c)
    st.locs[slot].append(c)
    st.where[c] = slot


def move_bottom(st, c: int, slot: int) -> None:
    """Move card `c` under the bottom of location `slot`."""
    take(st, c)
    st.locs[slot].insert(0, c)
    st.where[c] = slot


def move_at(st, c: int, slot: int, index: int) -> None:
    """Move card `c` to position `index` of location `slot` (0 = bottom)."""
    take(st, c)
    st.locs[slot].insert(index, c)
    st.where[c] = slot
