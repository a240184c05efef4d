"""Broken variants of our seeds for `evogame.fitness.late_rounds`, in the style of
tests/fitness/variants.py: a trick played after the only trick that scores, as a blind
reader named it in round 58's inv-30 rank 3 ("trick 7 is played for nothing")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed


def agram_one_trick_late() -> str:
    """Agram dealt 7 cards each while the 6th trick decides: the 7th trick (3 of the
    game's 21 decisions, under `settled`'s quarter) is played once the game is decided."""
    return _edit(_seed("agram"), ("(declare 6 'HAND)", "(declare 7 'HAND)"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "agram-one-trick-late",
        "agram",
        "7 cards dealt, the 6th trick decides: the 7th trick is played for nothing",
        agram_one_trick_late(),
    ),
)
