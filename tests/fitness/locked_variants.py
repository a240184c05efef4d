"""Broken variants of our seeds for `evogame.fitness.locked`, in the style of
tests/fitness/variants.py: a way to play whose test of the card's own attribute leaves a
value of the deck stuck in the hand, as a blind reader named it in round 53's inv-21
rank 3 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Crazy Eights' one way to play: a card that matches the pile (an eight, the suit to
#: follow, the top card's rank), laid on the pile.
EIGHTS_PLAY = """    ((any (filter ((current player) iloc HAND) 'C
                  (or (== (cardatt RANK 'C) EIGHT)
                      (== (cardatt SUIT 'C) (game str FOLLOW))
                      (== (cardatt RANK 'C) (cardatt RANK (top (game vloc DISCARD))))))
          'C
          (do
           ((move 'C (top (game vloc DISCARD)))
            (set (game str FOLLOW) (cardatt SUIT 'C))
            (set (game sto PLAYED) 1)))))))"""

#: The same, as the transplant of HeartsNoMoon4's lead restriction left it (inv-21's
#: rank 3): any card but a club on anything, the match kept only as the way out.
EIGHTS_PLAY_NO_CLUBS = """    ((any (filter ((current player) iloc HAND) 'NH (!= (cardatt SUIT 'NH) CLUBS))
          'C
          (do
           ((move 'C (top (game vloc DISCARD)))
            (set (game str FOLLOW) (cardatt SUIT 'C))
            (set (game sto PLAYED) 1))))
     (otherwise
      (any (filter ((current player) iloc HAND) 'C
                  (or (== (cardatt RANK 'C) EIGHT)
                      (== (cardatt SUIT 'C) (game str FOLLOW))
                      (== (cardatt RANK 'C) (cardatt RANK (top (game vloc DISCARD))))))
          'C
          (do
           ((move 'C (top (game vloc DISCARD)))
            (set (game str FOLLOW) (cardatt SUIT 'C))
            (set (game sto PLAYED) 1))))))))"""


#: The same with the match kept beside it as a way to play of its own (the restriction put
#: on one of two ways, as on CARDSTOCK Crazy Eights' eight): clubs go out by the match.
EIGHTS_PLAY_NON_CLUBS_FREE = (
    EIGHTS_PLAY_NO_CLUBS.replace("\n     (otherwise\n      (any", "\n     (any").removesuffix(
        ")))))))"
    )
    + "))))))"
)


def eights_non_clubs_free() -> str:
    """Crazy Eights where any card but a club goes on anything, beside the match on the
    pile: three suits need no match at all, the pile's rule is gone for most cards."""
    return _edit(_seed("crazy-eights"), (EIGHTS_PLAY, EIGHTS_PLAY_NON_CLUBS_FREE))


def eights_clubs_locked() -> str:
    """Crazy Eights whose play is "any card but a club, on anything", the match on the
    pile left only as the way out (inv-21's rank 3, with the starter card and the suit
    to follow kept): a club leaves the hand only when the hand holds nothing but clubs."""
    return _edit(_seed("crazy-eights"), (EIGHTS_PLAY, EIGHTS_PLAY_NO_CLUBS))


VARIANTS = (
    Variant(
        "eights-clubs-locked",
        "crazy-eights",
        "any non-club goes on anything; clubs stay in the hand until it holds only clubs",
        eights_clubs_locked(),
    ),
    Variant(
        "eights-non-clubs-free",
        "crazy-eights",
        "any non-club goes on anything; only clubs must match the pile",
        eights_non_clubs_free(),
    ),
)
