"""Broken variants of our seeds for round 54 (s54k), in the style of
tests/fitness/variants.py: a way to end the game that leaves the win shared, which the
blind reader r53b named in campaign inv-21's new kind 2 (rules-E: "ends early with shared
wins") and no check named (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

RED7_END = "(end (== (size (filter player 'P (== ('P sto OUT) 0))) 1))"


def red7_ends_when_hands_run_out() -> str:
    """Red7 with President's end or'd into its own: the game also ends when at most one
    player still holds cards, and then every player not out scores 1 and shares the win
    (inv-21's new kind 2, "red7's rules with president's end condition")."""
    return _edit(
        _seed("red7"),
        (
            RED7_END,
            "(end (or (<= (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1)\n"
            "            (== (size (filter player 'P (== ('P sto OUT) 0))) 1)))",
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "red7-ends-when-hands-run-out",
        "red7",
        "also ends when one hand is left: every player not out shares the win",
        red7_ends_when_hands_run_out(),
    ),
)
