"""Broken variants of our seeds for round 52 (s52b), in the style of
tests/fitness/variants.py: a contest decided before it is played
(`evogame.fitness.foregone`), which the blind readers of campaigns inv-15 and inv-16 named
in games the judge rewarded (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

HEARTS_POWER_TWO = "(((SUIT : (game str LEAD)) 100)\n          ((RANK : TWO) 2)"

WHIST_TRUMP = "(set (game str TRUMP) (cardatt SUIT (top ((previous player) iloc HAND))))"
WHIST_LEAD = """     (;; lead any card
      ((all player 'P (== (size ('P vloc PLAYED)) 0))"""


def hearts_two_high() -> str:
    """Hearts whose trick precedence ranks the two above the ace: the holder of the two of
    clubs must lead it to trick 1, and so takes trick 1 whatever the others play (inv-15's
    and inv-16's rank 4, their readers: "the 2 of clubs holder must take trick 1")."""
    return _edit(
        _seed("hearts"),
        (HEARTS_POWER_TWO, HEARTS_POWER_TWO.replace("((RANK : TWO) 2)", "((RANK : TWO) 15)")),
    )


def whist_ace_of_trumps_leads() -> str:
    """Whist in which the holder of the highest trump (all 52 cards are dealt: the ace)
    leads it to each deal's first trick: the first trick of every deal is theirs before
    anyone plays to it."""
    return _edit(
        _seed("whist"),
        (
            WHIST_TRUMP,
            WHIST_TRUMP
            + """
    (set (game points RANKS)
         (((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4) ((RANK : FIVE) 5)
          ((RANK : SIX) 6) ((RANK : SEVEN) 7) ((RANK : EIGHT) 8) ((RANK : NINE) 9)
          ((RANK : TEN) 10) ((RANK : JACK) 11) ((RANK : QUEEN) 12) ((RANK : KING) 13)
          ((RANK : ACE) 14)))
    (cycle current
           (owner (max (filter (union (all player 'P ('P iloc HAND))) 'C
                               (== (cardatt SUIT 'C) (game str TRUMP)))
                       using (game points RANKS))))""",
        ),
        (
            WHIST_LEAD,
            """     (;; the first lead of a deal: the highest trump
      ((and (all team 'T (== ('T sto TRICKS) 0))
            (all player 'P (== (size ('P vloc PLAYED)) 0)))
       (do
        ((set (game str LEAD) (game str TRUMP))
         (move (max (filter ((current player) iloc HAND) 'C
                            (== (cardatt SUIT 'C) (game str TRUMP)))
                    using (game points RANKS))
               (top ((current player) vloc PLAYED))))))
      ;; lead any card
      ((and (any team 'T (> ('T sto TRICKS) 0))
            (all player 'P (== (size ('P vloc PLAYED)) 0)))""",
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "hearts-two-high",
        "hearts",
        "the two ranks high: the 2 of clubs holder leads it and takes trick 1",
        hearts_two_high(),
    ),
    Variant(
        "whist-ace-of-trumps-leads",
        "whist",
        "the holder of the ace of trumps leads it: each deal's first trick is theirs",
        whist_ace_of_trumps_leads(),
    ),
)
