"""Broken variants of our seeds for `evogame.fitness.remainders`, in the style of
tests/fitness/variants.py: the remainder of a card's points under a table that rates only
some cards, the edit of round 55's inv-25 rank 2
(/work/runs-archive/s55/inv-25/best/02-6f11715c4dc6eac4.rcy; its blind reader, r55d, rated
it 5 against the seed's 8: "cannot pass cards of even penalty: hearts and the Queen
stay")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's pass: any card of the hand.
PASS_ANY = """   ((any ((current player) iloc HAND) 'C
         (move 'C (top ((current player) iloc OUTGOING)))))))"""
#: inv-25's rank 2: only cards of even PENALTY (those PENALTY leaves out), any card only
#: when the hand has none of them (`otherwise`).
PASS_EVEN = """   ((any (filter ((current player) iloc HAND) 'C
                 (== (% (score 'C using (game points PENALTY)) 2) 0))
         'C
         (move 'C (top ((current player) iloc OUTGOING))))
    (otherwise
     (any ((current player) iloc HAND) 'C
          (move 'C (top ((current player) iloc OUTGOING))))))))"""


def hearts_pass_even_penalty() -> str:
    """Hearts whose pass takes only cards of even PENALTY: PENALTY rates the hearts 1 and
    the queen of spades 13, so the cards it admits are exactly the 38 that score nothing."""
    return _edit(_seed("hearts"), (PASS_ANY, PASS_EVEN))


VARIANTS = (
    Variant(
        "hearts-pass-even-penalty",
        "hearts",
        "the pass takes only cards of even penalty: no heart and not the queen of spades",
        hearts_pass_even_penalty(),
    ),
)
