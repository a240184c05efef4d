"""Broken variants of our seeds for `evogame.fitness.flags`, in the style of
tests/fitness/variants.py: a flag written with a value no test tells apart, as round 58's
blind readers named it in campaign inv-30's Go Fish lines and Pokereights."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's lucky draw: the asker drew the rank asked for, and goes again.
LUCKY = "(set (game sto AGAIN) 1)))))"

#: Pokereights' draw with nothing left to draw: the player passes (STEP 3).
NOTHING_DRAWN = "(set (game sto STEP) 3))\n             ;; the same player"


def go_fish_unnamed_again() -> str:
    """Go Fish whose lucky draw sets AGAIN to 3 (inv-30's Go Fish lines, round 58), while
    every test of AGAIN asks 0 or 1: after a lucky draw the asker goes on (AGAIN is not 0)
    but a hand the draw emptied is not refilled (AGAIN is not 1)."""
    return _edit(_seed("go-fish"), (LUCKY, LUCKY.replace("1)", "3)", 1)))


def pokereights_twin_step() -> str:
    """Pokereights whose "nothing left to draw" sets STEP to 5 (round 57's inv-29 rank 1;
    "set STEP to 5", round 58's reader of inv-30's Pokereights): every test of STEP reads
    5 as 3, "passed"."""
    return _edit(_seed("pokereights"), (NOTHING_DRAWN, NOTHING_DRAWN.replace("3)", "5)", 1)))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-unnamed-again",
        "go-fish",
        "a lucky draw sets AGAIN to 3, which no test names: the refill after it never fires",
        go_fish_unnamed_again(),
    ),
    Variant(
        "pokereights-twin-step",
        "pokereights",
        "nothing left to draw sets STEP to 5, which every test reads as 3",
        pokereights_twin_step(),
    ),
)
