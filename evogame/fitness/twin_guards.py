"""A guarded action written twice, alike but for its comparison's operator: a defect of
the `soundness` component, read from the rules alone (round 60, s60e, issue 35).

Rules often write one conditional action in several ways to play: Red7's draw after a
discard, ``((> (score 'D using NUMPOINTS) (size PALETTE)) (move (top DECK) (top
HAND)))``, is written in the discard and again in the play-then-discard, and each guard
offers the discard for the draw it earns with the same ``>``. A campaign file made from
Red7 (s58 inv-31's rank 1) turned the second draw's ``>`` into ``==``: the discard its
guard offers for a draw (a number above the palette) never draws, and a discard offered
for changing the rule draws when its number equals the palette (its blind reader: "draw
on == not >", 6 against Red7's 7). No check named it: the test is live and varies, and
`odd_copies` asks for three copies of a larger rule.

**The test.** A *twin* of a guarded action ``((OP X Y) ACTION)`` (``OP`` an integer
comparison) is another guarded action of the game with the same X, Y and ACTION by their
text (``(OP X Y)`` read as ``(FLIPPED[OP] Y X)`` so the operands are in one order) and
another operator. Each group of twins with two operators or more is named once, at the
copy whose operator is the least used of the group's among every comparison of X with Y
in the game (guards, ``or``s, ensures: the rest of the rules say which reading is meant);
on a tie at the last copy in text order.

Measured (/work/runs-archive/s60e/twins.py): the 95 real files (CARDSTOCK's 73, our 22
seeds) have no such group; of the 73 best/ files of rounds 57-59 it names the file above
only; of the `bench_loopholes` variants only its own.
"""

from __future__ import annotations

from collections import Counter

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

Key = tuple[str, str]


def _key(cmp: A.IntCmp) -> tuple[Key, A.CmpOp]:
    """(the operands' texts in one order, the operator read in that order)."""
    a, b, op = to_line(cmp.a), to_line(cmp.b), cmp.op
    if a > b:
        return (b, a), A.FLIPPED[op]
    return (a, b), op


def twin_groups(game: A.Game) -> list[list[tuple[A.CmpOp, A.Guarded]]]:
    """Each group of guarded actions alike but for their comparison's operator (two
    operators or more), in text order (module docstring)."""
    groups: dict[tuple[Key, str], list[tuple[A.CmpOp, A.Guarded]]] = {}
    for n in A.walk(game):
        if isinstance(n, A.Guarded) and isinstance(n.cond, A.IntCmp):
            key, op = _key(n.cond)
            groups.setdefault((key, to_line(n.body)), []).append((op, n))
    return [g for g in groups.values() if len({op for op, _ in g}) > 1]


def twin_guards(game: A.Game) -> list[Defect]:
    """Each group of guarded actions alike but for the operator (static; module
    docstring): named at the copy whose operator the rules use least for its operands."""
    groups = twin_groups(game)
    if not groups:
        return []
    used: Counter = Counter()
    for n in A.walk(game):
        if isinstance(n, A.IntCmp):
            used[_key(n)] += 1
    out = []
    for group in groups:
        key = _key(group[0][1].cond)[0]
        odd_op, odd = min(
            reversed(group), key=lambda c: used[key, c[0]]
        )  # reversed: the last copy on a tie
        twin_op, twin = next((op, n) for op, n in group if op is not odd_op)
        out.append(
            Defect(
                where(odd),
                f"this action is guarded by {key[0]} {odd_op.value} {key[1]}, where its twin "
                f"at {where(twin)}, the same action, is guarded by {twin_op.value} (the rules "
                f"compare the two {used[key, twin_op]} times with {twin_op.value}, "
                f"{used[key, odd_op]} with {odd_op.value}): one copy runs on another "
                "condition than the other",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [*named(twin_guards, game)]
