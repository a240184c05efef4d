"""Broken variants of our seeds for `evogame.fitness.chains`, in the style of
tests/fitness/variants.py: a chain of equal suits that skips one card, as a blind reader
named it in round 58's inv-30 rank 6 (the straight's "not a straight flush" guard chains
A..D and leaves out E)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Pokereights' straight guard: A's suit is B's, C's, D's and E's (a straight flush).
GUARD = """                          (== (cardatt SUIT 'A) (cardatt SUIT 'D))
                          (== (cardatt SUIT 'A) (cardatt SUIT 'E))))"""
#: the same guard without its last link (inv-30's rank 6)
GUARD_SHORT = """                          (== (cardatt SUIT 'A) (cardatt SUIT 'D))))"""


def pokereights_four_suit_straights() -> str:
    """Pokereights whose straight guard leaves out the fifth card E: every straight whose
    first four cards share a suit is refused, while no flush of four exists."""
    return _edit(_seed("pokereights"), (GUARD, GUARD_SHORT))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "pokereights-four-suit-straights",
        "pokereights",
        "a straight whose first four cards share a suit cannot be played (the guard "
        "against straight flushes checks four of the five cards)",
        pokereights_four_suit_straights(),
    ),
)
