"""Broken variants of our seeds for `evogame.fitness.preempted`, in the style of
tests/fitness/variants.py: a rule the stage's own end test makes dead, as a blind reader
named it in round 52's inv-19 rank 5 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GO_FISH_END = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"


def go_fish_ends_on_an_empty_hand() -> str:
    """Go Fish whose turn stage also ends when any hand is empty (Crazy Eights' end or'd
    in, as inv-19's rank 5 has it): the refill that opens each turn, for a player whose
    hand is empty, never runs; the game stops when the first hand is out, books unmade."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_END,
            "(end (or (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "           (== (size (union (all player 'P ('P vloc BOOKS)))) 52)))",
        ),
    )


VARIANTS = (
    Variant(
        "go-fish-ends-on-an-empty-hand",
        "go-fish",
        "ends when anyone's hand empties; the refill of an empty hand never runs",
        go_fish_ends_on_an_empty_hand(),
    ),
)
