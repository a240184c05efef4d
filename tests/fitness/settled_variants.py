"""Broken variants of our seeds for round 51 (s51h), in the style of
tests/fitness/variants.py: play that goes on after the result is fixed, which the blind
readers of campaigns inv-14 and inv-15 named in games the judge rewarded (issue 35 items
4-5)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed


def agram_dealt_nine() -> str:
    """Agram dealt 9 cards each while the 6th trick still decides: tricks 7-9 (9 of the
    game's 27 decisions) are played when no score can change (inv-15's rank 5, dealt 9,
    its reader: "tricks 7-9 are played for nothing"; inv-14's rank 4, dealt 10, decided by
    trick 6)."""
    return _edit(_seed("agram"), ("(declare 6 'HAND)", "(declare 9 'HAND)"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "agram-dealt-nine",
        "agram",
        "9 cards dealt, the 6th trick decides: tricks 7-9 are played for nothing",
        agram_dealt_nine(),
    ),
)
