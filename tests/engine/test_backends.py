"""The generated-source, closure and coverage back ends play identically."""

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
    cov = compile_game(ast, backend="coverage")
    players = [RandomPlayer()] * closure.nplayers

    def record(game, i):
        r = play_one(game, players, i, seed=5)
        return (r.scores, r.branching, r.players_of_decision, r.error, r.capped, r.cycle, r.work)

    for i in range(6):
        assert record(closure, i) == record(gen, i) == record(cov, i)


@pytest.mark.parametrize("path", FILES or [None], ids=lambda p: p.stem if p else "absent")
def test_generated_source_never_contains_text_from_the_rule_file(path):
    """Rule files are data: names reach generated code only as constants (_k<i>)."""
    if path is None:
        require_shared()
    from evogame.lang import ast as A

    ast = parse_file(path)
    game = compile_game(ast)
    names = {n.value for n in A.walk(ast) if isinstance(n, A.NameLit)}
    names |= {n.name for n in A.walk(ast) if isinstance(n, A.Var)}
    source = "\n".join(game.compiler.sources)
    words = set(__import__("re").findall(r"[A-Za-z_][A-Za-z0-9_]*", source))
    assert not (names & words)
