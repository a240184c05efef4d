"""Broken variants of our seeds for `evogame.fitness.homonyms`, in the style of
tests/fitness/variants.py: a card value named like a place, as round 58's blind readers
named it in campaign inv-30's Go Fish lines ("a JACK called PILE, which is also the name
of a pile")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's ranks' tail.
RANKS = "JACK, QUEEN, KING))"


def go_fish_hand_rank() -> str:
    """Go Fish whose JACK is renamed HAND (inv-30's Go Fish line, round 58): a rank that is
    also the name of every player's hand."""
    return _edit(_seed("go-fish"), (RANKS, RANKS.replace("JACK", "HAND")))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-hand-rank",
        "go-fish",
        "a rank called HAND, also the name of every player's hand",
        go_fish_hand_rank(),
    ),
)
