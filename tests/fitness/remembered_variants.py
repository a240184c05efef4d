"""Broken variants of our seeds for `evogame.fitness.remembered`, in the style of
tests/fitness/variants.py: a card remembered, not moved, into a pile of real cards, as a
blind reader named it in round 54's inv-23 rank 3 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Spite and Malice's discard to the third side pile: the card moves and the turn ends.
MALICE_SIDEC = """           (do
            ((move 'C (top ((current player) vloc SIDEC)))
             (set (game sto DONE) 1)))))"""

#: The same as inv-23's rank 3 has it: a reference to the card put on SIDEC, nothing else.
MALICE_SIDEC_REMEMBERED = """           (remember 'C (top ((current player) vloc SIDEC)))))"""


def malice_side_remembered() -> str:
    """Spite and Malice whose discard to the third side pile remembers the card there:
    the card stays in the hand, a copy of it sits on SIDEC, and the turn does not end."""
    return _edit(_seed("spite-and-malice"), (MALICE_SIDEC, MALICE_SIDEC_REMEMBERED))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "malice-side-remembered",
        "spite-and-malice",
        "a discard to the third side pile moves no card and does not end the turn",
        malice_side_remembered(),
    ),
)
