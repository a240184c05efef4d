"""Broken variants of our seeds for `evogame.fitness.free_options`, in the style of
tests/fitness/variants.py: Pokereights whose straight burns the deck's top card into a pile
only ever shuffled back (`free_options.pooled_options`), as the blind reader of round 60's
campaign inv-34 (rank 3) named it; Pairs with a free discard from the row a pair is
tested in (`free_options.shedding_options`), as the blind reader of round 61's campaign
inv-35 (its new kind) named it."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The straight's play: its first card may start the move, its last becomes the top.
STRAIGHT_PLAY = """(any
                          (filter 'S 'F
                            (or
                              (== (cardatt RANK 'F) EIGHT)
                              (== (cardatt SUIT 'F) (game str FOLLOW))
                              (==
                                (cardatt RANK 'F)
                                (cardatt RANK (top (game vloc PILE))))))
                          'F
                          (any
                            (filter 'S 'L (or (!= 'L 'F) (== (size 'S) 1)))
                            'L
                            (do
                              ((move 'F (top (game vloc PILE)))
                               (all
                                 (filter 'S 'X (and (!= 'X 'F) (!= 'X 'L)))
                                 'Y
                                 (move 'Y (top (game vloc PILE))))
                               ((!= 'L 'F) (move 'L (top (game vloc PILE))))
                               (set
                                 (game str FOLLOW)
                                 (cardatt SUIT (top (game vloc PILE))))
                               (set (game sto STEP) 2)))))"""

#: inv-34's rank 3: the deck's top card to DISCARD, refilled from it when the deck is
#: empty; the straight's cards stay in the hand and STEP is not set.
BURN = """(do
                          (((== (size (game hloc DECK)) 0)
                            (do
                              ((repeat all
                                 (move (top (game hloc DISCARD)) (top (game hloc DECK))))
                               (shuffle (game hloc DECK)))))
                           (move (top (game hloc DECK)) (top (game hloc DISCARD)))))"""


def pokereights_straight_burns() -> str:
    """Pokereights whose straight moves the deck's top card to DISCARD instead of playing
    (inv-34's rank 3, reader 3 against the seed's 6: "moves DECK's top card to DISCARD (a
    pile nothing reads) instead of playing your cards, repeatable without end")."""
    return _edit(_seed("pokereights"), (STRAIGHT_PLAY, BURN))


#: The seed's fold, before which inv-35's new kind (s61) has a third option.
FOLD = "     ;; fold: take the lowest face-up card on the table\n"
#: inv-35's new kind's third option: any card of the player's row to the discards, under
#: the fold's switch.
SHED = (
    "     ((== 'FOLD 1) (any ((current player) vloc ROW) 'A (move 'A (top (game hloc DISCARD)))))\n"
)


def pairs_with(option: str) -> str:
    """Pairs with `option` (a choice item, one line) before its fold, beside the draw."""
    return _edit(_seed("pairs"), (FOLD, option + FOLD))


def pairs_row_discard() -> str:
    """Pairs with a free discard from the row beside the draw (inv-35's new kind, s61;
    reader 1 of 10: "a free discard from your own ROW ... makes busting avoidable and the
    game need never end")."""
    return pairs_with(SHED)


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "pokereights-straight-burns",
        "pokereights",
        "a straight moves the deck's top card to a pile only shuffled back: a free stall",
        pokereights_straight_burns(),
    ),
    Variant(
        "pairs-row-discard",
        "pairs",
        "any card of the row may be discarded for free beside the draw: busting is avoidable",
        pairs_row_discard(),
    ),
)
