"""A tally of the players that nothing sets back: a defect of the `soundness` component,
read from the rules alone (round 59, issue 35; campaign ablate-30's rank 2, a President
whose two ``(set (game sto PASSES) 0)`` were both lost, its blind reader 2 against the
seed's 7).

"When every other player still holding cards has passed, the last to play leads again"
counts the passes, ``(inc (game sto PASSES) 1)``, and asks the count to reach the players
still in, ``(>= (game sto PASSES) (- (size (filter player 'P ...)) 1))``. The count must
start again with each play and each new trick. With no rule that does, the first trick
that everyone passes leaves the test true for the rest of the game: from then on every
play clears the pile at once, and the one who played it leads again, alone.

**The rule** (`unreset_tallies`): an integer storage S (a literal name, any owner) such that

1. every rule that writes S is ``(inc S N)`` with N a number of at least 1: S only grows;
2. a test inside a stage's body (a guard or an option's condition, not a stage's end)
   asks S to reach a bound, ``(>= S E)`` or ``(> S E)`` (or ``(<= E S)``, ``(< E S)``),
   where E reads no storage and counts players (a ``size`` of the players or of a
   ``filter`` of them): E can never grow past the player count, S never shrinks, so
   once the test holds it holds for good, and what it guards then runs on every pass.

One defect per storage, at its first such test; none when some integer storage's name is
computed (it may be written under any name).

**Margins.** Real designs keep tallies that only grow on purpose, and each fails a
condition: scores and trick counts (Whist's POINTS, Hearts' TRICKS, Scopa's SCOPE) are
compared with constants or each other in the scoring and in ends; Cheeseheads' and
Sheepshead's PASS counts the passes of their one picking round and is asked ``!=``/``==``
a number (5, 4), not to reach a count of players; President's OUT (players gone out)
only grows but is read as a place, never tested. Measured on the 95 real files
(CARDSTOCK's 73 and our 22 seeds; tests/fitness/test_tallies.py): none named.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, where
from evogame.lang import ast as A
from evogame.lang import to_text

#: (S >= E) read either way round: the op with S on the left, then with S on the right.
_REACHES = {A.CmpOp.GE: "left", A.CmpOp.GT: "left", A.CmpOp.LE: "right", A.CmpOp.LT: "right"}


def _name(node: A.Node) -> str | None:
    """An integer storage's literal name; None for anything else."""
    if isinstance(node, A.IntStorage) and isinstance(node.name, A.NameLit):
        return node.name.value
    return None


def growing(game: A.Game) -> set[str]:
    """The integer storages every write of which adds a number of at least 1 (empty when
    some integer storage's name is computed)."""
    writes: dict[str, list[A.Node]] = {}
    for n in A.walk(game):
        if n.STORES is None or not isinstance(n.target, A.IntStorage):
            continue
        name = _name(n.target)
        if name is None:
            return set()
        writes.setdefault(name, []).append(n)
    return {
        name
        for name, ws in writes.items()
        if all(
            isinstance(w, A.IncInt) and isinstance(w.value, A.IntLit) and w.value.value >= 1
            for w in ws
        )
    }


def _counts_players(e: A.Node) -> bool:
    """E reads no storage and holds a ``size`` of the players (or of a filter of them)."""
    if any(n.NAMED == "storage" for n in A.walk(e)):
        return False
    return any(
        isinstance(n, A.Size) and any(isinstance(m, A.AllPlayers) for m in A.walk(n.coll))
        for n in A.walk(e)
    )


def _body_tests(game: A.Game) -> list[A.IntCmp]:
    """Integer comparisons inside a stage's body, outside every stage's end."""
    in_ends = {id(n) for s in A.walk(game) if isinstance(s, A.Stage) for n in A.walk(s.end)}
    return [
        n
        for s in A.walk(game)
        if isinstance(s, A.Stage)
        for item in s.body
        for n in A.walk(item)
        if isinstance(n, A.IntCmp) and id(n) not in in_ends
    ]


def unreset_tallies(game: A.Game) -> list[tuple[str, A.IntCmp]]:
    """(S, its first test) for each storage S of the module docstring's rule."""
    grows = growing(game)
    out: dict[str, A.IntCmp] = {}
    for cmp in _body_tests(game):
        side = _REACHES.get(cmp.op)
        if side is None:
            continue
        s, e = (cmp.a, cmp.b) if side == "left" else (cmp.b, cmp.a)
        name = _name(s)
        if name in grows and name not in out and _counts_players(e):
            out[name] = cmp
    return list(out.items())


def defects(game: A.Game) -> list[Defect]:
    """One defect per tally of the players that nothing sets back."""
    return [
        Defect(
            where(cmp),
            f"{name} only ever grows (no rule sets it back) and this test asks it to reach "
            f"{to_text(cmp.b if _REACHES[cmp.op] == 'left' else cmp.a)}, a count of "
            "players: once it has, the test holds for the rest of the game",
        )
        for name, cmp in unreset_tallies(game)
    ]
