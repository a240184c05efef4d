"""The engine's semantics of values and card movements, defined once.

Both back ends use these: the closure compiler (`compile.py`, `actions.py`) calls them,
the generated code (`codegen.py`) references them by name. Each states what it charges
to `State.work` (quarter units; see `State.work`).
"""

from __future__ import annotations

from evogame.engine.errors import GameError
from evogame.lang.arith import div as div  # the language's meaning, for the back ends
from evogame.lang.arith import mod as mod

#: Owners at or above this are teams (`Layout.TEAM_BASE`); below 0 is the table.
TEAM_BASE = 1 << 16


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
    """The points of `cards` under point map `slot`; work n // 4."""
    f = st.scorer(slot)
    st.past_steps += len(cards) >> 2
    return sum(map(f, cards))


def counted(st, coll: list) -> list:
    """`coll` itself, its scan charged as work: n // 4."""
    st.past_steps += len(coll) >> 2
    return coll


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
