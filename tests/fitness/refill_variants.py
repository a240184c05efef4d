"""Broken variants of our seeds for `evogame.fitness.refills`, in the style of
tests/fitness/variants.py: a turn's refill whose size test misses the empty hand, as a
blind reader named it in round 55's inv-25 rank 3 ("an empty hand never draws, one card
draws free"; r55d, 3/10 against Go Fish's 5)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's refill at the start of a turn: an empty hand draws one card.
EMPTY_REFILL = "((and (== (size ((current player) iloc HAND)) 0)\n"


def go_fish_refills_one_card() -> str:
    """Go Fish whose turn-start refill tests for one card instead of none (inv-25's rank
    3): a hand the others have asked empty never draws again, so its owner passes every
    turn while the stock still holds cards, and a hand of one card draws a second free."""
    return _edit(_seed("go-fish"), (EMPTY_REFILL, EMPTY_REFILL.replace(")) 0)", ")) 1)")))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-refills-one-card",
        "go-fish",
        "an empty hand never draws again (its owner passes every turn); one card draws free",
        go_fish_refills_one_card(),
    ),
)
