"""PIPMC at several seats at once plays natively the games the Python engine plays.

Every PIPMC seat of a run has the same budget and all draw from the game's one players'
stream, so the native run (the first PIPMC entry the VM's searcher, the others its weak
player at a per-game seat mask) must give the same statistics as the Python engine,
game for game, rotated or not.
"""

from __future__ import annotations

import pytest

from evogame.lang import parse_file
from evogame.simulate import simulate
from tests.conftest import SEEDS

pytestmark = pytest.mark.usefixtures("native_vm")


@pytest.mark.parametrize(
    ("name", "specs", "rotate"),
    [
        ("gops", ["pipmc", "pipmc"], False),
        ("gops", ["pipmc", "pipmc"], True),
        ("crazy-eights", ["pipmc", "random", "pipmc", "random"], True),
        ("hearts", ["random", "pipmc", "pipmc", "pipmc"], False),
    ],
)
def test_pipmc_in_several_seats_plays_as_python(name, specs, rotate):
    ast = parse_file(SEEDS / f"{name}.rcy")
    budgets = {"rollouts": 2, "by": "rank"}
    runs = [
        simulate(ast, specs, 4, seed=3, budgets=budgets, rotate=rotate, backend=b).to_json()
        for b in ("native", "python")
    ]
    assert runs[0] == runs[1]
