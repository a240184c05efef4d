"""Broken variants of our seeds for `evogame.fitness.narrow_draws`, in the style of
tests/fitness/variants.py: a forced draw whose "you cannot play" test is narrower than the
play, as a blind reader named it in round 54's inv-23 rank 4 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Crazy Eights' draw-until-you-can-play test: no eight, no card of the suit to follow,
#: no card of the top discard's rank (the play's filter negated card by card).
EIGHTS_DRAW_TEST = """                         (!= (cardatt SUIT 'C) (game str FOLLOW))
                         (!= (cardatt RANK 'C) (cardatt RANK (top (game vloc DISCARD)))))))"""

#: The same without the rank match (inv-23's rank 4).
EIGHTS_DRAW_TEST_NO_RANK = (
    """                         (!= (cardatt SUIT 'C) (game str FOLLOW)))))"""
)


def eights_draw_forgets_rank() -> str:
    """Crazy Eights whose draw-until-you-can-play test lost the rank match while the play
    still takes a card of the top discard's rank: a player holding such a card (and no
    eight, nothing of the suit to follow) must draw until a suit match or an eight
    comes."""
    return _edit(_seed("crazy-eights"), (EIGHTS_DRAW_TEST, EIGHTS_DRAW_TEST_NO_RANK))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "eights-draw-forgets-rank",
        "crazy-eights",
        "you must draw while holding a card that matches the top card by rank",
        eights_draw_forgets_rank(),
    ),
)
