"""Broken variants of our seeds for `evogame.fitness.residues`, in the style of
tests/fitness/variants.py: round 58's Whist (ablate-31 rank 4, new kind 2) whose trick
ends at two cards each, as its blind reader named it (round 59, s59d)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Whist's trick end: every player has played one card.
TRICK_END = "(end (all player 'P (== (size ('P vloc PLAYED)) 1)))"


def whist_two_a_trick() -> str:
    """Whist whose trick ends when every player has two cards in PLAYED, cleared of one
    (ablate-31's rank 4 and new kind 2, "PLAYED is 2: each player plays two cards to a
    trick and one stays"): from the second trick on each plays one card to a trick that
    still holds the last one's, and the lead is never offered again."""
    return _edit(_seed("whist"), (TRICK_END, TRICK_END.replace(" 1)))", " 2)))")))


#: Whist's deck, the one it creates.
DECK = """  (create deck (game hloc STOCK)
          (deck (RANK (TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
                       JACK, QUEEN, KING, ACE))
                (SUIT (CLUBS, DIAMONDS, HEARTS, SPADES)))))"""


def whist_second_deck() -> str:
    """Whist with a second deck created into its stock (ablate-31's rank 4, whose team
    line became one: "a second deck created but never dealt"): the deal of 52 leaves 52
    cards in the stock at every deal, and the copies only make ties."""
    return _edit(_seed("whist"), (DECK, DECK.removesuffix(")") + "\n" + DECK))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "whist-two-a-trick",
        "whist",
        "a trick of two cards each, cleared of one: a card of each stays in every trick",
        whist_two_a_trick(),
    ),
    Variant(
        "whist-second-deck",
        "whist",
        "a second deck in the stock: a whole deck's worth is never dealt",
        whist_second_deck(),
    ),
)
