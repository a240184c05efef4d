"""Every CARDSTOCK file plays; structural facts agree with CARDSTOCK's own engine
(shared/cardstock/REFERENCE.md)."""

from __future__ import annotations

import math

import pytest

from evogame.lang import parse_file
from evogame.simulate import simulate
from tests.conftest import CARDSTOCK_GAMES, require_shared, shared_files

# Games that legitimately fail to end with random players, with the reason (docs/engine.md).
MAY_CAP = {
    "Rummy2": "a meld moves only one card ('R is a snapshot, as in CARDSTOCK), so hands never empty",
    "CrazyEights4": "random players can pass for ever when the stock is empty",
    "SaneEights4": "CARDSTOCK caps it too (186 of 500 games past 500 decisions)",
}


@pytest.mark.parametrize("path", shared_files() or [None], ids=lambda p: p.stem if p else "absent")
def test_plays_200_random_games_without_error(path):
    if path is None:
        require_shared()
    # Rummy2 never ends with random players (every game runs to the 1,000-decision cap),
    # so it plays fewer games here; the note reports a 200-game run.
    n = 60 if path.stem == "Rummy2" else 200
    stats = simulate(parse_file(path), ["random"] * _seats(path), n, seed=1)
    assert stats.errors == 0, stats.error_kinds
    if path.stem not in MAY_CAP:
        assert stats.capped == 0 and stats.cycles == 0


def _seats(path) -> int:
    from evogame.engine import compile_game

    return compile_game(parse_file(path)).nplayers


@pytest.mark.parametrize(
    ("name", "decisions"),
    [("Agram2", 12), ("Agram3", 18), ("Agram4", 24), ("Agram5", 30), ("Hearts4", 52)],
)
def test_decisions_per_game_match_cardstock_exactly(name, decisions):
    require_shared()
    path = CARDSTOCK_GAMES / f"{name}.rcy"
    stats = simulate(parse_file(path), ["random"] * _seats(path), 100, seed=2)
    assert stats.dec_min == stats.dec_max == decisions


def test_agram3_mean_branching_matches_cardstock():
    """CARDSTOCK: 2.51-2.52 over 1,000-game runs. Per-game mean branching has sd about
    0.25 here, so 2,000 games give a 95% half-width near 0.011; the issue's tolerance of
    0.05 is far wider than that."""
    require_shared()
    path = CARDSTOCK_GAMES / "Agram3.rcy"
    stats = simulate(parse_file(path), ["random"] * 3, 2000, seed=3)
    assert math.isclose(stats.mean_branching(), 2.51, abs_tol=0.05)
