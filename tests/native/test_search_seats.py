"""PIPMC at several seats at once plays natively the games the Python engine plays.

Every PIPMC seat of a run has the same budget and all draw from the game's one players'
stream, so the native run (the first PIPMC entry the VM's searcher, the others its weak
player at a per-game seat mask) must give the same statistics as the Python engine,
game for game, rotated or not.
"""

from __future__ import annotations

import pytest

from evogame.engine import compile_game as compile_python
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


def test_a_game_out_of_room_inside_a_search_keeps_the_others_records():
    """A deck created every round outgrows the VM's room inside a PIPMC play-out: the VM
    plays that game again with more room, and the cut record of its last searched
    decision must not shift the next games' records (it raised IndexError in fitness's
    pipmc phase, these games and seed being that phase's). A batch gives each game what
    it gives played alone."""
    from evogame.lang import parse_text
    from evogame.native import NativeGame
    from evogame.native.records import pipmc_records
    from tests.fitness.contradiction_variants import pairs_deck_each_round

    ast = parse_text(pairs_deck_each_round())
    game, vm = compile_python(ast, "pairs"), NativeGame.from_ast(ast)
    idx, seats, seed = [300, 301, 302, 303], [0, 1, 2, 3], 6532028349069089242
    batch = pipmc_records(vm, game, idx, seed, seats, 3, 10)
    alone = [
        pipmc_records(vm, game, [i], seed, [s], 3, 10) for i, s in zip(idx, seats, strict=True)
    ]
    assert batch == ([r for a in alone for r in a[0]], [c for a in alone for c in a[1]])
