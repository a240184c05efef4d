"""Broken variants of our seeds for `evogame.fitness.loose_marks`, in the style of
tests/fitness/variants.py: a closing mark looser than the end it follows, as a blind
reader named it in round 61's inv-35 rank 2 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

PAIRS_MARK = "((> (sum ('P vloc POINTS) using (game points VALUE)) (// 'LIMIT 'NUMP))\n"


def pairs_loses_above_nine() -> str:
    """Pairs whose rounds still end when a player passes LIMIT // NUMP (15) points, but
    whose closing rule marks every player above 9 as a loser: the players at 10 to 15,
    for whom play did not stop, lose too (often several losers, at times all four)."""
    return _edit(
        _seed("pairs"),
        (PAIRS_MARK, "((> (sum ('P vloc POINTS) using (game points VALUE)) 9)\n"),
    )


VARIANTS = (
    Variant(
        "pairs-loses-above-nine",
        "pairs",
        "losers are marked above 9 while play stops above 15: several players lose at once",
        pairs_loses_above_nine(),
    ),
)
