"""Broken variants of our seeds for `evogame.fitness.counted`, in the style of
tests/fitness/variants.py: each one edit of Scopa that a blind reader named in round 60's
ablate-34 new kind 1 (reader 3.5 against the seed's 7; issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: the SETTE's entry of Scopa's capture table (the primiera's is ``21``)
SETTE_VALUE = "((RANK : SETTE) 7)"
#: the primiera's sum over the four suits (the test that all four are held is an ``all``)
PRIMIERA_SUM = "(sumof (COINS, CUPS, SWORDS, BATONS)"
SCORING = "(scoring max ((current player) sto POINTS))"


def scopa_sette_worth_zero() -> str:
    """Scopa whose SETTE is worth 0 in the table captures add up by: a played SETTE
    takes only the empty set, and a table SETTE rides along with any capture."""
    return _edit(_seed("scopa"), (SETTE_VALUE, SETTE_VALUE.replace("7)", "0)")))


def scopa_coins_twice() -> str:
    """Scopa whose primiera adds the best coin twice (COINS listed twice in the sum)."""
    return _edit(_seed("scopa"), (PRIMIERA_SUM, PRIMIERA_SUM.replace("(COINS,", "(COINS, COINS,")))


def scopa_least_wins() -> str:
    """Scopa won by the least points: every point is a prize (a scopa, the settebello,
    the most cards, coins and primiera), so a player gains by taking nothing."""
    return _edit(_seed("scopa"), (SCORING, SCORING.replace("max", "min")))


VARIANTS = (
    Variant(
        "scopa-sette-worth-zero",
        "scopa",
        "the SETTE is worth 0 in the table captures add up by",
        scopa_sette_worth_zero(),
    ),
    Variant(
        "scopa-coins-twice",
        "scopa",
        "the primiera adds the best coin twice",
        scopa_coins_twice(),
    ),
    Variant(
        "scopa-least-wins",
        "scopa",
        "won by the least points while every point is a prize",
        scopa_least_wins(),
    ),
)
