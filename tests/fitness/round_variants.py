"""Broken variants of our seeds for round 51 (s51g), in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect the blind reader of campaign
inv-13 named in a game the judge rewarded (issue 35 items 4-5)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GOPS_BIDS_END = "(end (all player 'P (== (size ('P iloc BID)) 1)))"


def gops_bidding_stops_at_31(target: str = "(+ (// 60 'NUMP) 1)") -> str:
    """GOPS whose bidding stage also ends as soon as a player's prizes are worth 31 (60 //
    NUMP + 1): from then on it ends on entry, yet the round loop goes on turning up the
    prizes left, never bid for nor awarded (inv-13's rank 3, judged 0.978 at evaluation
    seed 0 against the seed's 0.94-0.95; its reader, 4/10: "after 31 points, about 6
    prizes are turned over with no bidding and never awarded"). `target` another bar."""
    race = f"(any player 'P (>= (sum ('P vloc WON) using (game points VALUE)) {target}))"
    return _edit(
        _seed("gops"),
        (GOPS_BIDS_END, f"(end (or {race} (all player 'P (== (size ('P iloc BID)) 1))))"),
    )


GOPS_BIDS = """   (choice
    ((any ((current player) iloc HAND) 'C
          (move 'C (top ((current player) iloc BID)))))))"""

GOPS_TAKE = """   (choice
    (((> (size (game vloc PRIZE)) 0)
      (let (filter ((current player) iloc HAND) 'Q
                   (== (cardatt RANK 'Q) (cardatt RANK (top (game vloc PRIZE)))))
           'C
           (do
            (((== (size 'C) 0)
              (do
               ((move (top (game vloc PRIZE)) (top ((current player) vloc WON)))
                (any ((current player) iloc HAND) 'AC (move 'AC (top (game vloc PRIZE)))))))
             ((> (size 'C) 0) (any 'C 'AC (move 'AC (top (game vloc PRIZE)))))))))
     (any ((current player) iloc HAND) 'C
          (move 'C (top ((current player) iloc BID)))))))"""

GOPS_AWARD = """     (repeat all
             (move (top (game vloc PRIZE))
                   (top ((owner (max (union (all player 'P ('P vloc SHOWN)))
                                     using (game points VALUE)))
                         vloc WON)))))"""

GOPS_ENDS_WITH_CARDS = (
    "(end (or (<= (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1)"
    " (all player 'P (== (size ('P iloc BID)) 1))))"
)


def gops_bid_wins_nothing() -> str:
    """GOPS whose single highest bid leads only to a pass, while a player may instead
    take the prize on offer when no card of theirs matches its rank (and put a card on
    it), or cover it with a matching card: the bids are a contest whose winner gets
    nothing, and bidding only loses cards (inv-13's new kind 2, judged 0.967 at evaluation
    seed 0; its reader, 1/10: "the winning bid leads only to pass, so bidding just loses
    you cards"). The bidding stage also ends when at most one player holds cards, as
    there, so a player who never bids cannot hold it open."""
    return _edit(
        _seed("gops"),
        (GOPS_BIDS, GOPS_TAKE),
        (GOPS_AWARD, "     (turn pass))"),
        (GOPS_BIDS_END, GOPS_ENDS_WITH_CARDS),
    )


GOPS_TIE_TEST = (
    """         1)
"""
    + GOPS_AWARD
)


def gops_tie_test_passes() -> str:
    """GOPS whose test for a single highest bid leads only to a pass, and whose prizes go
    to the highest bid by a rule after it, ties or not (CARDSTOCK breaks a tie at random):
    the rule "a single highest bid takes the prizes" is read and does nothing, and a tied
    bid wins the prize by luck (the shape of inv-13's new kind 2, without its other
    defects)."""
    return _edit(
        _seed("gops"),
        (GOPS_TIE_TEST, "         1)\n     (turn pass))\n    " + GOPS_AWARD.strip()[:-1]),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-bidding-stops-at-31",
        "gops",
        "after 31 points the rounds go on turning up prizes nobody bids for",
        gops_bidding_stops_at_31(),
    ),
    Variant(
        "gops-bid-wins-nothing",
        "gops",
        "the highest bid leads only to a pass; players score by taking unmatched prizes",
        gops_bid_wins_nothing(),
    ),
    Variant(
        "gops-tie-test-passes",
        "gops",
        "the single-highest-bid test leads only to a pass; ties are won at random",
        gops_tie_test_passes(),
    ),
)
