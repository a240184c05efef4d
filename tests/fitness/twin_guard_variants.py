"""Broken variants of our seeds for `evogame.fitness.twin_guards`, in the style of
tests/fitness/variants.py: a guarded action written twice, alike but for its operator,
as a blind reader named it in round 58's inv-31 rank 1 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Red7's draw in its play-then-discard (the palette counted after the play).
RED7_SECOND_DRAW = (
    "                   ((> (score 'D using (game points NUMPOINTS))\n"
    "                       (size ((current player) vloc PALETTE)))\n"
    "                    (move (top (game hloc DECK))"
)


def red7_draw_on_equal() -> str:
    """Red7 whose play-then-discard draws when the discard's number *equals* the palette
    (s58 inv-31's rank 1): its guard still offers the discard for a number above the
    palette, which now never draws, while the discard alone draws on ``>`` (its blind
    reader: "draw on == not >", 6 against Red7's 7)."""
    return _edit(_seed("red7"), (RED7_SECOND_DRAW, RED7_SECOND_DRAW.replace("((>", "((==")))


VARIANTS = (
    Variant(
        "red7-draw-on-equal",
        "red7",
        "the play-then-discard draws on == where the discard draws on >",
        red7_draw_on_equal(),
    ),
)
