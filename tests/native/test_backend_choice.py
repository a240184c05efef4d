"""Choosing the back end: same results either way, a clear error for a bad name, and the
Python engine (with one notice) where the VM cannot be built."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_file
from evogame.native import build, engine
from tests.conftest import SEEDS


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize("name", ["gops", "hearts", "golf-wrap"])
def test_an_evaluation_is_the_same_on_both_back_ends(name):
    ast = parse_file(SEEDS / f"{name}.rcy")
    prof = load_profile("solitaire" if name == "golf-wrap" else "default")
    # a quarter of the PIPMC phase (the budget before `default`'s 4x): the back ends must
    # agree game for game, and the Python engine pays for every PIPMC game of it
    pipmc = prof.pipmc
    prof = replace(
        prof,
        pipmc={**pipmc, "budget": pipmc["budget"] // 4, "max_games": pipmc["max_games"] // 4},
    )
    a = evaluate(ast, prof, seed=3, backend="python")
    b = evaluate(ast, prof, seed=3, backend="native")
    assert (a.fitness, a.components, a.details) == (b.fitness, b.components, b.details)


def test_a_bad_backend_name_is_refused():
    with pytest.raises(ValueError, match="backend must be one of auto, native, compiled, python"):
        engine.select(parse_file(SEEDS / "gops.rcy"), "fast")


def test_without_a_compiler_the_python_engine_plays_with_one_notice(monkeypatch, capsys):
    monkeypatch.setattr(build, "_TRIED", False)
    monkeypatch.setattr(build, "_LIB", None)
    monkeypatch.setattr(build, "_compiler", lambda: None)
    monkeypatch.setattr(engine, "_NOTICED", False)
    ast = parse_file(SEEDS / "gops.rcy")
    assert engine.select(ast) is None
    assert engine.select(ast) is None
    err = capsys.readouterr().err
    assert err.count("native engine unavailable (no C compiler found") == 1
    monkeypatch.setattr(build, "_TRIED", False)  # the next test builds it again


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize("specs", [["random"] * 4, ["pipmc", "random", "random", "random"]])
def test_simulate_plays_the_same_games_on_both_back_ends(specs):
    from evogame.simulate import simulate

    ast = parse_file(SEEDS / "hearts.rcy")
    budgets = {"rollouts": 2, "by": "rank"}
    a = simulate(ast, specs, 24, seed=5, budgets=budgets, rotate=True, backend="python")
    b = simulate(ast, specs, 24, seed=5, budgets=budgets, rotate=True, backend="native")
    assert a.to_json() == b.to_json()
    c = simulate(ast, specs, 24, seed=5, budgets=budgets, rotate=True, backend="compiled")
    assert c.to_json() == a.to_json()


@pytest.mark.usefixtures("native_vm")
def test_play_command_takes_a_backend(capsys):
    import json

    from evogame.cli import main

    out = {}
    for backend in ("python", "native", "compiled"):
        argv = ["play", str(SEEDS / "gops.rcy"), "--games", "30", "--backend", backend]
        assert main([*argv, "--quiet", "--json"]) == 0
        d = json.loads(capsys.readouterr().out)
        d.pop("seconds")
        out[backend] = d
    assert out["python"] == out["native"] == out["compiled"]
    assert main(["play", str(SEEDS / "gops.rcy"), "--backend", "fast"]) == 2


@pytest.mark.parametrize("old", ["gen", "closure", "coverage"])
def test_the_retired_python_back_ends_are_refused_by_name(old, monkeypatch, capsys):
    # issue 37 left one Python engine ("python"); its old back ends' names, given to
    # --backend or $EVOGAME_BACKEND, get the list of names, never a traceback
    from evogame.cli import main

    gops = str(SEEDS / "gops.rcy")
    assert main(["play", gops, "--games", "2", "--backend", old]) == 2
    assert "'auto', 'native', 'compiled', 'python'" in capsys.readouterr().err
    monkeypatch.setenv("EVOGAME_BACKEND", old)
    assert main(["play", gops, "--games", "2"]) != 0
    said = capsys.readouterr()
    want = f"$EVOGAME_BACKEND must be one of auto, native, compiled, python, not '{old}'"
    assert want in said.out + said.err
