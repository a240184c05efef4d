"""Broken variants of our seeds for `evogame.fitness.wide_guards.some_differs`, in the
style of tests/fitness/variants.py: Scopa's single-match rule made almost never in force,
as a blind reader named it in round 60's ablate-34 new kind 1 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: the single-match rule: a set of several cards captures only when no table card has
#: the played card's value
NO_TABLE_CARD_EQUALS = "(all (game vloc TABLE) 'T"


def scopa_single_match_any() -> str:
    """Scopa whose set of several cards captures when *some* table card's value is not
    the played card's (``any`` for ``all``): true unless every table card has that value,
    so a card may take a sum where a card of its own value lies on the table."""
    return _edit(
        _seed("scopa"),
        (NO_TABLE_CARD_EQUALS, NO_TABLE_CARD_EQUALS.replace("(all", "(any")),
    )


VARIANTS = (
    Variant(
        "scopa-single-match-any",
        "scopa",
        "a sum captures when some table card differs from the played card",
        scopa_single_match_any(),
    ),
)
