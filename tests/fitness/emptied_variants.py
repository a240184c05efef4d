"""Broken variants of our seeds for round 54 (s54p), in the style of
tests/fitness/variants.py: a deal that runs on after its pile is empty, and the shown bids
put into a pile of the current player's that no rule reads, which the blind reader of campaign inv-22's new kind 1 (GOPS with War's deal, read 4 against GOPS's 6)
named and the judge let through (0.940 at ``evaluate --seed 0``; issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GOPS_HEARTS = """  (create deck (game hloc SUITS)
          (deck (RANK (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
                       JACK, QUEEN, KING))
                (SUIT (HEARTS))))
"""
GOPS_DEAL = """   (all player 'P
        (repeat 13 (move (top (game hloc SUITS)) (top ('P iloc HAND)))))))"""
WAR_DEAL = """   (all (range 1..(// 52 'NUMP)) 'I
        (all player 'P (move (top (game hloc SUITS)) (top ('P iloc HAND)))))))"""


def gops_war_deal() -> str:
    """GOPS for two (its two bidding suits, 26 cards) dealt as War deals 52: one card a
    player for each I in 1 to 52 / NUMP, 52 moves from 26 cards, so the second half of
    the deal draws from an empty pile (campaign inv-22's new kind 1, its reader: "deals
    26 rounds from a 26-card pile, so the second half of the deal draws from nothing")."""
    return _edit(_seed("gops"), (GOPS_HEARTS, ""), (GOPS_DEAL, WAR_DEAL))


GOPS_DISCARD = "(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))"


def gops_current_blue() -> str:
    """GOPS whose shown bids, every player's, go to a BLUE pile of the current player's
    that no rule reads, where the seed discards them to the game's pile (campaign inv-22's
    new kind 1, its reader: "both played cards go into a meaningless pile BLUE of whoever's
    turn it is")."""
    return _edit(
        _seed("gops"),
        (GOPS_DISCARD, GOPS_DISCARD.replace("(game vloc DISCARD)", "((current player) iloc BLUE)")),
    )


#: Whist's deal, and the start of its hand of tricks.
WHIST_DEAL = "(range 1..(// 52 'NUMP))"
WHIST_HAND = "   (end (all player 'P (== (size ('P iloc HAND)) 0)))\n"
WHIST_TRICK_DEAL = """   (all (range 1..(// 51 'NUMP)) 'I
        (all player 'P (move (top (game hloc STOCK)) (top ('P iloc HAND)))))
"""


def whist_deal_every_trick() -> str:
    """Whist dealt 51 / NUMP = 12 each, and dealt 12 each again before every trick
    (round 58's ablate-31 new kind 2, its blind reader: "51/NUMP deal then deals every
    trick"): the stock's 4 cards go out at the first trick, and every pass after moves
    nothing (round 59, s59d)."""
    return _edit(
        _seed("whist"),
        (WHIST_DEAL, "(range 1..(// 51 'NUMP))"),
        (WHIST_HAND, WHIST_HAND + WHIST_TRICK_DEAL),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-war-deal",
        "gops",
        "a deal of 52 moves from a 26-card pile: its second half moves nothing",
        gops_war_deal(),
    ),
    Variant(
        "gops-current-blue",
        "gops",
        "every player's shown bid put into the current player's pile no rule reads",
        gops_current_blue(),
    ),
    Variant(
        "whist-deal-every-trick",
        "whist",
        "a deal of 12 each before every trick from a stock of 4: it runs dry at once",
        whist_deal_every_trick(),
    ),
)
