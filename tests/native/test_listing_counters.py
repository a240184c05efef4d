"""The counting VM (`bench/bench_listing.py`, vm.c built with -DEVOGAME_PROFILE): it plays
the same games as the default VM, and its listing counters add up."""

from __future__ import annotations

import numpy as np
import pytest

from bench.bench_listing import collections, counters
from evogame.lang import parse_file
from evogame.native import build
from evogame.native import engine as E
from tests.conftest import ROOT

GAMES = 8


def _batch(lib, ast):
    vm = E.NativeGame(E.lower(ast), lib, ast)
    seats = [i % 3 for i in range(GAMES)]
    return vm.play(list(range(GAMES)), list(range(100, 100 + GAMES)), seats, rollouts=2, horizon=4)


def test_the_counting_vm_plays_the_same_games_and_its_counts_add_up():
    base = build.load()
    path = build.library_path(flags=(*build.FLAGS, "-DEVOGAME_PROFILE"))
    if base is None or path is None:
        pytest.skip(build.why())
    lib = build.declare(__import__("ctypes").CDLL(str(path)))
    ast = parse_file(ROOT / "seeds" / "agram.rcy")
    before = counters(lib)
    want, got = _batch(base, ast), _batch(lib, ast)
    c = {k: v - before[k] for k, v in counters(lib).items()}
    for f in ("scores", "flags", "work", "decisions", "branching", "who"):
        assert np.array_equal(getattr(want, f), getattr(got, f)), f
    assert want.course == got.course
    # every random decision of a play-out is one listing's options; a listing has at
    # least one option (none is an error) and each option is a kept leaf (Agram has
    # neither ensure nor walked items)
    assert c["rollouts"] > 0 and c["rollout_decisions"] >= c["rollouts"]
    assert c["listings"] >= c["rollout_decisions"]
    assert c["options"] >= c["listings"] >= c["one_option_listings"]
    assert c["options"] >= c["rollout_options"] >= c["rollout_decisions"]
    assert c["ensures"] == c["walks"] == 0
    assert c["leaves_kept"] == c["leaves"] == c["options"]
    assert c["guards"] >= c["guards_true"] > 0
    assert c["any_members"] >= c["options"]  # each option binds one card of an `any`
    assert {name for name, n, _ in collections(lib) if n} <= {"FILTER", "LOCCARDS"}
