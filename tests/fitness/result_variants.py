"""Broken variants of our seeds whose result is decided by what the rules never did or
cut short, in the style of tests/fitness/variants.py: each rebuilds on a seed a game a
campaign selected (round 50, inv-11 and inv-12) whose defect a blind reader named and the
judge rewarded (issue 35 items 4-5)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

PRESIDENT_LAST = """ ;; the last player holding cards comes last
 (do
  ((all player 'P
        ((== ('P sto PLACE) 0) (set ('P sto PLACE) 'NUMP)))))
"""


def president_unplaced_wins() -> str:
    """President whose last rule ("the last player holding cards comes last": an unplaced
    player's PLACE set to NUMP) is lost: the last player holding cards keeps PLACE 0, the
    value every storage starts with, and wins, scored min (inv-12's rank 5: the rule
    deleted, its reader: "a place given with a card in hand")."""
    return _edit(_seed("president"), (PRESIDENT_LAST, ""))


GOPS_END = "(end (== (size (game hloc PRIZES)) 0))"


def gops_race(target: str = "(+ (// 60 'NUMP) 1)") -> str:
    """GOPS that also ends as soon as a player's prizes are worth `target` (31 at two
    players, a third of the 91 the prizes are worth): the prizes left then are never bid
    for, and could still have changed the winner (inv-11's rank 2 and inv-12's rank 3,
    round 50, judged 0.98 against the seed's 0.95; their reader: "60 divided by NUMP plus
    1 has no relation to the prize total")."""
    race = f"(any player 'P (>= (sum ('P vloc WON) using (game points VALUE)) {target}))"
    return _edit(_seed("gops"), (GOPS_END, f"(end (or {race} (== (size (game hloc PRIZES)) 0)))"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "president-unplaced-wins",
        "president",
        "the player who never goes out keeps place 0 and wins",
        president_unplaced_wins(),
    ),
    Variant(
        "gops-race-to-31",
        "gops",
        "the game ends at 31 points with a third of the prizes never bid for",
        gops_race(),
    ),
)
