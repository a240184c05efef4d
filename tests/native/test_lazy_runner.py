"""A runner compiles the Python engine only when a game needs it, and a tree is lowered
once per process (`Runner.game`, `native.engine.lowered`): the same games, coverage and
facts as a runner whose Python engine is compiled from the start."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.native import build
from evogame.native.engine import lowered
from evogame.native.lower import lower
from evogame.runner import Runner
from tests.conftest import SEEDS

pytestmark = pytest.mark.skipif(build.load() is None, reason="no C compiler")

SEED_FILES = sorted(SEEDS.glob("*.rcy"))


def _signature(recs) -> list[tuple]:
    return [
        (r.scores, r.win, r.branching, r.players_of_decision, r.terminated, r.capped, r.cycle)
        for r in recs
    ]


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda p: p.stem)
def test_native_runner_plays_and_covers_as_a_compiled_one(path):
    ast = parse_file(path)
    lazy = Runner(ast, coverage=True, games=16)
    eager = Runner(ast, coverage=True, games=16)
    eager.game  # noqa: B018 - compiled before any game
    assert eager._game is not None
    a = _signature(lazy.random(range(16), 7))
    b = _signature(eager.random(range(16), 7))
    assert a == b
    assert lazy.hits() == eager.hits()
    assert lazy.game_rows() == eager.game_rows()
    if lazy.tier != "python":
        # the VM played every game: the Python engine was never needed
        assert lazy._game is None
    # what the native path reads of the game is what the Python engine says
    game = compile_game(ast)
    assert lazy._facts.nplayers == game.nplayers
    assert lazy._facts.order == game.order
    assert lazy._facts.cooperative == game.cooperative


def test_python_backend_compiles_at_once():
    ast = parse_file(SEEDS / "war.rcy")
    r = Runner(ast, backend="python")
    assert r._game is not None and r.tier == "python"


def test_a_tree_is_lowered_once_and_as_lower_does():
    ast = parse_file(SEEDS / "gops.rcy")
    a, b = lowered(ast), lowered(ast)
    assert a is b
    assert a.data == lower(ast).data
    cov = lowered(ast, True)
    assert cov is not a and cov.data == lower(ast, coverage=True).data
    # an equal tree parsed again is another tree: lowered on its own, to the same words
    again = parse_file(SEEDS / "gops.rcy")
    c = lowered(again)
    assert c is not a and c.data == a.data
