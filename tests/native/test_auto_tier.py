"""`auto` takes the compiled tier where it pays for its compile (`compiled.pays`): never
below MIN_GAMES, always when the tier is cached, else when games x VM time x GAIN covers
the compile time measured on this machine."""

from __future__ import annotations

import pytest

from evogame.lang import parse_file
from evogame.native import NativeGame, build, compiled
from tests.conftest import SEEDS


@pytest.fixture
def gops(native_vm) -> NativeGame:
    return NativeGame.from_ast(parse_file(SEEDS / "gops.rcy"))


def test_few_games_keep_the_vm_without_a_look(gops, monkeypatch):
    monkeypatch.setattr(compiled, "prefix", lambda *a: pytest.fail("looked"))
    assert compiled.pays(gops, compiled.MIN_GAMES - 1) is None


def test_a_cached_tier_is_taken(gops):
    compiled.compile_game(gops)  # in the cache now (as the other tests of the tier leave it)
    fast = compiled.pays(gops, compiled.MIN_GAMES)
    assert fast is not None and fast.tier == "compiled"


@pytest.mark.parametrize(("seconds", "taken"), [(1e9, False), (1e-9, True)])
def test_an_uncached_tier_is_built_when_the_games_pay_for_it(gops, monkeypatch, seconds, taken):
    real = build.library_path
    built = []

    def library_path(prefix="", flags=build.FLAGS, build=True):
        if not build:
            return None  # as if not cached
        built.append(prefix)
        return real(prefix, flags)

    monkeypatch.setattr(build, "library_path", library_path)
    monkeypatch.setattr(compiled, "compile_seconds", lambda: seconds)
    recorded = []
    monkeypatch.setattr(compiled, "_record", recorded.append)
    fast = compiled.pays(gops, 100_000)
    assert (fast is not None) == taken == bool(built) == bool(recorded)
    if taken:
        assert fast.tier == "compiled"


def test_the_measured_compile_time_is_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("EVOGAME_CACHE", str(tmp_path))
    assert compiled.compile_seconds() == compiled.DEFAULT_COMPILE_SECONDS
    compiled._record(2.5)
    assert compiled.compile_seconds() == 2.5


def test_a_searching_run_looks_from_fewer_games(gops, monkeypatch):
    """A run with a searching player takes a cached tier from `MIN_SEARCH_GAMES` games (a
    searching game costs many random ones); below, no look."""
    compiled.compile_game(gops)
    n = compiled.MIN_SEARCH_GAMES
    assert n < compiled.MIN_GAMES
    assert compiled.pays(gops, n, searching=False) is None
    fast = compiled.pays(gops, n, searching=True)
    assert fast is not None and fast.tier == "compiled"
    monkeypatch.setattr(compiled, "prefix", lambda *a: pytest.fail("looked"))
    assert compiled.pays(gops, n - 1, searching=True) is None


def test_simulate_tells_auto_a_searcher_plays(native_vm, monkeypatch):
    """`simulate`'s runner passes whether a searching player sits in the games."""
    from evogame.native import engine
    from evogame.simulate import simulate

    seen = []
    real = engine.select
    monkeypatch.setattr(
        "evogame.runner.select", lambda *a, **k: seen.append(k["searching"]) or real(*a, **k)
    )
    ast = parse_file(SEEDS / "gops.rcy")
    simulate(ast, ["random", "random"], 4, backend="native")
    simulate(ast, ["pipmc", "random"], 2, budgets={"rollouts": 2}, backend="native")
    assert seen == [False, True]


def test_the_recorded_compile_time_is_cpu_not_wall(tmp_path, monkeypatch):
    """A compile is recorded as its processes' CPU seconds (user + system), not wall: a
    "compiler" that computes for 0.3 s of CPU and then waits 0.8 s (as a loaded machine
    makes it wait) records about 0.3 s; a wall clock would give 1.1 s or more."""
    import subprocess
    import sys

    monkeypatch.setenv("EVOGAME_CACHE", str(tmp_path))
    child = (
        "import time\n"
        "t = time.process_time()\n"
        "while time.process_time() - t < 0.3: pass\n"
        "time.sleep(0.8)\n"
    )

    def compiler(prefix="", flags=build.FLAGS, build=True):
        subprocess.run([sys.executable, "-c", child], check=True)
        return tmp_path / "fake.so"

    monkeypatch.setattr(build, "library_path", compiler)
    assert compiled._build_timed("/* a prefix */") == tmp_path / "fake.so"
    assert 0.3 <= compiled.compile_seconds() < 0.8
