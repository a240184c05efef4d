"""Variants of our GOPS seed for `evogame.fitness.prizes`, in the style of
tests/fitness/variants.py: a campaign's GOPS as its blind reader (round 56, r56c) saw it,
3 against the seed's 7, "every round ties: a stalemate": the NINE worth 96, the KING rated
like the JACK, and the game won by the least points; all three edits, and each alone."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: the NINE's entry of the prize (and bid) table, and the 96 of the campaign's game
NINE = ("((RANK : NINE) 9)", "((RANK : NINE) 96)")
#: the KING's entry, rated as the JACK is
KING = ("((RANK : KING) 13)", "((RANK : KING) 11)")
#: the winner: the least score, as seeds/hearts.rcy and the real Hearts-likes write it
LEAST = ("(scoring max (sum", "(scoring min (sum")


def gops_least_nine_96_king_as_jack() -> str:
    """The campaign's game: won by the least points, the NINE worth 96 (more than the
    other twelve prizes' 80: whoever takes it loses), the KING bid tying the JACK."""
    return _edit(_seed("gops"), NINE, KING, LEAST)


def gops_nine_96() -> str:
    """GOPS with its NINE worth 96 (won by the most points: whoever takes it wins)."""
    return _edit(_seed("gops"), NINE)


def gops_king_as_jack() -> str:
    """GOPS with its KING rated 11 like the JACK: a King bid ties a Jack and loses to a
    Queen, and the King prize is worth a Jack's."""
    return _edit(_seed("gops"), KING)


def gops_least_wins() -> str:
    """GOPS won by the least points: at two seats GOPS mirrored (a bid b plays as 14 - b
    in the seed), so thinking players tie no more prizes than in the seed. Harmless."""
    return _edit(_seed("gops"), LEAST)


def red7_orange_as_green() -> str:
    """Red7 whose point table values ORANGE 4 like GREEN, YELLOW's 5 between them: an
    orange card ties a green one of its number in every contest (the opener, the best
    card of a rule), and a yellow one beats the orange and loses to the green (ablate-31's
    rank 3, reader 6 against the seed's 7: "ORANGE is valued as GREEN"). Red7 names every
    colour as the rule in force, so naming singles none out (`prizes._singled_out`)."""
    return _edit(_seed("red7"), ("((COLOR : ORANGE) 6)", "((COLOR : ORANGE) 4)"))


def hearts_most_wins() -> str:
    """Hearts won by the most penalty points (campaign ablate-31's new kind 3, round 58;
    its blind reader: "a penalty game whose winner is the one with most penalties"): its
    moon rule, written for the least, now sets who took all 26 to 0, below everyone."""
    return _edit(
        _seed("hearts"),
        (
            "(scoring min ((current player) sto POINTS))",
            "(scoring max ((current player) sto POINTS))",
        ),
    )


def hearts_six_six() -> str:
    """Hearts whose every SIX is a penalty of 6 (campaign ablate-31's new kind 3, round 58;
    its blind reader: "SIX worth 6 where every other penalty is 1"): the penalties make
    50 in all, and the moon still turns the scores round at 26, about half of them."""
    return _edit(_seed("hearts"), ("((SUIT : HEARTS) 1)", "((SUIT : HEARTS) 1) ((RANK : SIX) 6)"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-prize-least-nine-96-king-as-jack",
        "gops",
        "least points win, the NINE is worth 96 and the KING 11 like the JACK: whoever "
        "takes the NINE loses, and King and Jack bids tie",
        gops_least_nine_96_king_as_jack(),
    ),
    Variant("gops-prize-nine-96", "gops", "the NINE is worth 96: it decides", gops_nine_96()),
    Variant(
        "gops-prize-king-as-jack",
        "gops",
        "the KING ranks 11 like the JACK: the two bids tie, and the Queen beats the King",
        gops_king_as_jack(),
    ),
    Variant(
        "gops-prize-least-wins",
        "gops",
        "won by the least points: GOPS mirrored, played as well (harmless)",
        gops_least_wins(),
        harmless=True,
    ),
    Variant(
        "red7-prize-orange-as-green",
        "red7",
        "ORANGE is valued as GREEN, YELLOW between them: orange and green cards tie",
        red7_orange_as_green(),
    ),
    Variant(
        "hearts-prize-most-wins",
        "hearts",
        "won by the most penalty points: shooting the moon now sets the shooter to 0",
        hearts_most_wins(),
    ),
    Variant(
        "hearts-prize-six-six",
        "hearts",
        "every SIX a penalty of 6: 50 in all, the moon still at 26",
        hearts_six_six(),
    ),
)
