"""Broken variants of our seeds for `evogame.fitness.soundness.stray_reads`, in the style
of tests/fitness/variants.py: a read of a place no rule fills, as a blind reader named it
in round 54's inv-22 rank 4 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's combined option's test: the discard's number above 1 plus the palette size.
OLD = "(+ 1 (size ((current player) vloc PALETTE)))"
#: inv-22 rank 4's one edit: the palette read under index 89, a place no rule plays to.
NEW = "(+ 1 (size ((current player) vloc PALETTE 89)))"


def red7_palette_89() -> str:
    """Red7 whose play-and-discard option compares the discard's number with 1 plus the
    size of ``PALETTE 89``, always 0 cards: the option's test no longer follows the
    palette the player builds (inv-22 rank 4, read 6 against the seed's 7)."""
    return _edit(_seed("red7"), (OLD, NEW))


VARIANTS = (
    Variant(
        "red7-palette-89",
        "red7",
        "the play-and-discard option reads an always-empty palette, not the player's",
        red7_palette_89(),
    ),
)
