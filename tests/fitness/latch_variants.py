"""Broken variants of our seeds for `evogame.fitness.latches`, in the style of
tests/fitness/variants.py: Pairs whose round no longer ends on its OVER switch (campaign
inv-35's new kind, s61, whose round's end was taken from elsewhere)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's round: until a pair or a fold sets OVER.
OVER_END = "(end (== (game sto OVER) 1))"
#: inv-35's new kind's round end: one player left with cards, or a pair in the current
#: player's row; OVER is still set by the fold and the pair, and still guards the pair.
ROW_END = (
    "(end (or (<= (size (filter player 'P (> (size ('P vloc ROW)) 0))) 1)\n"
    "            (> (size (tuples 2 ((current player) vloc ROW) using (game points VALUE))) 0)))"
)


def pairs_fold_ends_nothing() -> str:
    """Pairs whose round ends on the rows, not on OVER (inv-35's new kind; reader 1 of
    10: "a fold no longer ends the round (the round's until ignores OVER) ... pairing free
    once OVER is 1")."""
    return _edit(_seed("pairs"), (OVER_END, ROW_END))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "pairs-fold-ends-nothing",
        "pairs",
        "the round no longer ends on the fold's switch: after a fold or a pair, pairs are free",
        pairs_fold_ends_nothing(),
    ),
)
