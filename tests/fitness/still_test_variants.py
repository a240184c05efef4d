"""Broken variants of our seeds for `evogame.fitness.still_tests`, rebuilt from two blind
readings of round 57 (campaigns ablate-28 and inv-28, rank 2 each): a draw loop whose stop
test reads another seat's hand, and an upcard refilled from another seat's pay-off pile;
round 58's GOPS whose loop never reads its member; round 60's Pairs drawing onto the next
player's row (inv-33's new kind 3)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Crazy Eights' draw loop's stop test: the hand the loop fills.
DRAW_TEST = """               (all ((current player) iloc HAND) 'C
                    (and (!= (cardatt RANK 'C) EIGHT)"""
#: Spite and Malice's upcard refill: the move out of the pay-off pile its test counts.
REFILL = "(move (top ((current player) hloc PAYOFF)) (top ((current player) vloc UPCARD)))"


def crazy_eights_draws_on_the_previous_hand() -> str:
    """Crazy Eights whose draw loop stops on the previous player's hand (ablate-28's rank
    2): a player whose predecessor cannot play draws the whole stock, one whose
    predecessor can never draws."""
    return _edit(_seed("crazy-eights"), (DRAW_TEST, DRAW_TEST.replace("current", "previous")))


def spite_and_malice_refills_from_the_previous_payoff() -> str:
    """Spite and Malice whose upcard is refilled from the previous player's pay-off pile
    (inv-28's rank 2) while the test counts the current player's."""
    return _edit(
        _seed("spite-and-malice"),
        (REFILL, REFILL.replace("(top ((current player) hloc", "(top ((previous player) hloc")),
    )


#: GOPS' show-and-discard: every player's shown bid goes to the discard.
DISCARD_BIDS = "(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))"


def gops_discards_the_current_bid_twice() -> str:
    """GOPS whose show-and-discard moves the current player's shown bid once per player
    (ablate-30's rank 1, round 58): 'P is read nowhere, the other bid stays out."""
    return _edit(
        _seed("gops"), (DISCARD_BIDS, DISCARD_BIDS.replace("('P vloc", "((current player) vloc"))
    )


#: Pairs' draw: the card goes face up onto the drawer's own row.
DRAW = "(move (top (game hloc DECK)) (top ((current player) vloc ROW)))"


def pairs_draws_onto_the_next_row() -> str:
    """Pairs whose draw puts the card on the *next* player's row (round 59's inv-33 new
    kind 3, blind reader 3 against the seed's 5; round 60, issue 35) while the pair test
    after the choice reads the drawer's own row: nobody busts by their own draw."""
    return _edit(_seed("pairs"), (DRAW, DRAW.replace("current player", "next player")))


#: Pairs' penalty: the pairing card, the top of the drawer's row, to the drawer's points.
PAIR_CARD = "(move (top ((current player) vloc ROW)) (top ((current player) vloc POINTS)))"


def pairs_charges_the_next_row() -> str:
    """Pairs whose pair charges the drawer the top card of the *next* player's row (round
    61's inv-35 new kind, blind reader 1 of 10: "a pair charges you the next player's top
    card"), while the test counts the drawer's own row."""
    return _edit(_seed("pairs"), (PAIR_CARD, PAIR_CARD.replace("(top ((current", "(top ((next", 1)))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "crazy-eights-draws-on-the-previous-hand",
        "crazy-eights",
        "the draw loop stops on the previous player's hand: it draws the whole stock or nothing",
        crazy_eights_draws_on_the_previous_hand(),
    ),
    Variant(
        "spite-and-malice-refills-from-the-previous-payoff",
        "spite-and-malice",
        "the upcard is refilled from the previous player's pay-off pile",
        spite_and_malice_refills_from_the_previous_payoff(),
    ),
    Variant(
        "gops-discards-the-current-bid-twice",
        "gops",
        "for every player P the current player's shown bid is discarded: P is never read",
        gops_discards_the_current_bid_twice(),
    ),
    Variant(
        "pairs-draws-onto-the-next-row",
        "pairs",
        "a draw goes onto the next player's row while the pair test reads the drawer's",
        pairs_draws_onto_the_next_row(),
    ),
    Variant(
        "pairs-charges-the-next-row",
        "pairs",
        "a pair in the drawer's row charges the drawer the next player's top card",
        pairs_charges_the_next_row(),
    ),
)
