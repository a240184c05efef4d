"""Broken variants of our seeds for `evogame.fitness.overwritten`, in the style of
tests/fitness/variants.py: a pick made for every member of an ``all`` into one storage,
as a blind reader named it in round 56's inv-25 rank 4 ("only the last opponent is
actually asked")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's ask: one option per opponent with cards and rank held.
ASK_ONE = "((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P"
#: The same over every opponent (inv-25's rank 4's `otherwise` item): one option is a rank
#: for each opponent, each written to ASKED over the last.
ASK_EVERY = "((all (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P"


def go_fish_asks_everyone() -> str:
    """Go Fish whose ask picks a rank for every opponent in turn: each pick overwrites
    ASKED (and the marks) of the one before, so only the last opponent is asked, for the
    last rank picked."""
    return _edit(_seed("go-fish"), (ASK_ONE, ASK_EVERY))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-asks-everyone",
        "go-fish",
        "a rank is picked for every opponent and only the last pick is asked",
        go_fish_asks_everyone(),
    ),
)
