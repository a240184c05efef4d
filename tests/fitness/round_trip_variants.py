"""Broken variants of our seeds for `evogame.fitness.round_trips`, in the style of
tests/fitness/variants.py: cards a seat puts aside and takes straight back, as round 58's
blind reader named it in campaign ablate-31's new kind 3 (a Hearts pass back to oneself)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Hearts' hand-over of the passed cards to the player on the left.
HAND_OVER = "(move (top ((current player) iloc OUTGOING)) (top ((next player) iloc HAND)))"


def hearts_pass_to_self() -> str:
    """Hearts whose passed cards go back to the passer's own hand (ablate-31's new kind 3,
    /work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy): the three cards
    chosen come straight back, and the whole passing stage changes nothing."""
    return _edit(
        _seed("hearts"), (HAND_OVER, HAND_OVER.replace("(next player)", "(current player)"))
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "hearts-pass-to-self",
        "hearts",
        "the cards passed go back to the passer's own hand: passing changes nothing",
        hearts_pass_to_self(),
    ),
)
