"""Broken variants of our seeds for round 51 (s51g), in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect the blind reader of campaign
inv-13 named in a game the judge rewarded (issue 35 items 4-5)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GOPS_BIDS_END = "(end (all player 'P (== (size ('P iloc BID)) 1)))"


def gops_bidding_stops_at_31() -> str:
    """GOPS whose bidding stage also ends as soon as a player's prizes are worth 31 (60 //
    NUMP + 1): from then on it ends on entry, yet the round loop goes on turning up the
    prizes left, never bid for nor awarded (inv-13's rank 3, judged 0.978 at evaluation
    seed 0 against the seed's 0.94-0.95; its reader, 4/10: "after 31 points, about 6
    prizes are turned over with no bidding and never awarded")."""
    race = "(any player 'P (>= (sum ('P vloc WON) using (game points VALUE)) (+ (// 60 'NUMP) 1)))"
    return _edit(
        _seed("gops"),
        (GOPS_BIDS_END, f"(end (or {race} (all player 'P (== (size ('P iloc BID)) 1))))"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-bidding-stops-at-31",
        "gops",
        "after 31 points the rounds go on turning up prizes nobody bids for",
        gops_bidding_stops_at_31(),
    ),
)
