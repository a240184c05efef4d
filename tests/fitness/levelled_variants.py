"""Variants of our Red7 seed for `evogame.fitness.levelled`, in the style of
tests/fitness/variants.py: campaign ablate-33's rank 3 (round 59; its blind reader 5
against the seed's 7, "Blue sets everyone 100"), whose third copy of the scoring (in the
play-and-discard) sets every player's SCORE to 100 under Blue, and scores Yellow's best
group by its least card (``minof`` for ``maxof``, `odd_copies`' since round 60)."""

from __future__ import annotations

from tests.fitness.copies_variants import RED7_BLUE
from tests.fitness.variants import Variant, _edit, _seed

#: the third copy's Blue case, whole: a hundred per colour plus the best card
BLUE = (
    RED7_BLUE
    + """ ('P vloc PALETTE))))
                                   (maxof ('P vloc PALETTE) 'C
                                          (score 'C using (game points CARDVAL))))))"""
)
#: the same case setting every player's SCORE to 100
BLUE_100 = "                          ((== (game str RULE) BLUE) (set ('P sto SCORE) 100))"

#: the third copy's Yellow case, up to its best card of the largest group
YELLOW = """\
                          ((== (game str RULE) YELLOW)
                           (set ('P sto SCORE)
                                (maxof (partition COLOR ('P vloc PALETTE)) 'G
                                       (+ (* 100 (size 'G))
                                          (maxof 'G"""


def red7_blue_everyone_100() -> str:
    """Red7 whose play-and-discard's copy of the scoring sets every player's SCORE to 100
    under Blue: after a play and a blue discard everyone ties, the mover is above nobody,
    so that move is never legal (a blue discard only alone)."""
    return _edit(_seed("red7"), (BLUE, BLUE_100))


def red7_yellow_least_card() -> str:
    """Red7 whose play-and-discard's copy of the scoring scores Yellow's largest group by
    its least card (``minof``) where the two other copies take the best: `odd_copies`'
    (round 60: an aggregate swapped)."""
    return _edit(_seed("red7"), (YELLOW, YELLOW.removesuffix("(maxof 'G") + "(minof 'G"))


def red7_reader_ablate33() -> str:
    """Campaign ablate-33's rank 3 as its reader saw it: Blue 100 and, in the same copy,
    Yellow's largest group scored by its least card."""
    return _edit(
        _seed("red7"), (BLUE, BLUE_100), (YELLOW, YELLOW.removesuffix("(maxof 'G") + "(minof 'G")
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "red7-blue-everyone-100",
        "red7",
        "under Blue set by a play-and-discard every SCORE is 100: a tie, so that move is "
        "never legal",
        red7_blue_everyone_100(),
    ),
    Variant(
        "red7-yellow-least-card",
        "red7",
        "under Yellow set by a play-and-discard the largest group counts its least card",
        red7_yellow_least_card(),
    ),
    Variant(
        "red7-reader-ablate33",
        "red7",
        "Blue sets everyone 100 and Yellow counts the least card, in the play-and-discard's "
        "copy of the scoring (ablate-33's rank 3)",
        red7_reader_ablate33(),
    ),
)
