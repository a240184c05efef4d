"""The generated-source back end and the closure back end play identically."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.players import RandomPlayer
from evogame.simulate import play_one
from tests.conftest import SEEDS, require_shared, shared_files

FILES = shared_files() + sorted(SEEDS.glob("*.rcy"))


@pytest.mark.parametrize("path", FILES or [None], ids=lambda p: p.stem if p else "absent")
def test_same_records_from_both_back_ends(path):
    if path is None:
        require_shared()
    ast = parse_file(path)
    closure = compile_game(ast, backend="closure")
    gen = compile_game(ast, backend="gen")
    players = [RandomPlayer()] * closure.nplayers
    for i in range(6):
        a = play_one(closure, players, i, seed=5)
        b = play_one(gen, players, i, seed=5)
        assert (a.scores, a.branching, a.players_of_decision, a.error, a.capped, a.cycle) == (
            b.scores,
            b.branching,
            b.players_of_decision,
            b.error,
            b.capped,
            b.cycle,
        )
