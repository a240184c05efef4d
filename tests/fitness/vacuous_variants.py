"""Broken variants of our seeds for `evogame.fitness.vacuous`, in the style of
tests/fitness/variants.py: a draw whose test holds on an empty hand, placed after the
play, as a blind reader named it in round 53's inv-20 rank 2 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's play: the card goes to the discard, then the suit to follow is set.
PLAY = "((move 'C (top (game vloc DISCARD)))\n            (set (game str FOLLOW)"
#: Drawn after the play, from the bottom of the stock (as inv-20's rank 2 draws), until the
#: hand holds an EIGHT or a card of the suit followed: an `all` over the hand, true on an
#: empty one. (Drawn from the top, the judge's six fixed idle-round deals happen to end
#: blocked with idle passes in 3 of 6, and `idle_rounds` names that instead; over 400
#: random games top and bottom end alike, 345 and 344 going out.)
DRAW = """((move 'C (top (game vloc DISCARD)))
            (all (range 1..52) 'I
                 ((and (> (size (game hloc STOCK)) 0)
                       (all ((current player) iloc HAND) 'C
                            (and (!= (cardatt RANK 'C) EIGHT)
                                 (!= (cardatt SUIT 'C) (game str FOLLOW)))))
                  (move (bottom (game hloc STOCK)) (top ((current player) iloc HAND)))))
            (set (game str FOLLOW)"""


def crazy_eights_draws_after_playing() -> str:
    """Crazy Eights whose play is followed by "draw until you hold an EIGHT or a card of
    the suit to follow", from the bottom of the stock (inv-20's rank 2): over
    the hand the play has just emptied the test holds, so the player who plays their last
    card draws, and nobody goes out while the stock has cards."""
    return _edit(_seed("crazy-eights"), (PLAY, DRAW))


VARIANTS = (
    Variant(
        "crazy-eights-draws-after-playing",
        "crazy-eights",
        "after each play the player draws on a test an empty hand passes: no going out",
        crazy_eights_draws_after_playing(),
    ),
)
