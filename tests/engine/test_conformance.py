"""Conformance of the decision API on every game we have (as pgx's api_test and OpenSpiel's
test_consistent do): every CARDSTOCK file, every seed and games the evolution generates.

Per game, a few random play-throughs check that
  * options exist exactly when the game is not over, and every option applies cleanly;
  * a clone made at the start replays the same moves to the same position;
  * `determinize` keeps what the observer sees, each location's size and the cards;
  * `work` never decreases;
  * recording coverage (``compile_game(ast, coverage=True)``) changes no record, work and
    error strings included (the native VM is held to the same records in
    ``tests/native/test_differential.py``);
  * on the native VM, a coverage image plays the plain image's records (the `State` API
    above is the Python engine's alone: the C engines are held to its records instead).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file, parse_text
from evogame.players import RandomPlayer
from evogame.players.play import Limits
from evogame.simulate import play_one
from tests.conftest import SEEDS, mutant_texts, require_native, require_shared, shared_files

MUTANTS = 150
LIMITS = {"max_decisions": 300, "max_steps": 20_000}


@cache
def _mutants() -> list[str]:
    return mutant_texts(MUTANTS, seed=12)


def _cases() -> list:
    files = shared_files() + sorted(SEEDS.glob("*.rcy"))
    return [pytest.param(("file", p), id=p.stem) for p in files] + [
        pytest.param(("mutant", i), id=f"mutant{i}") for i in range(MUTANTS)
    ]


def _ast(case):
    kind, x = case
    return parse_file(x) if kind == "file" else parse_text(_mutants()[x])


def _position(st) -> tuple:
    return st._key(False), tuple(st.scores()) if st.terminal else ()


def _check_determinize(g, st, rng) -> None:
    p = st.current_player()
    d = st.determinize(p, rng)
    hidden = set(g.hidden_slots(p, len(st.locs)))
    for s, (a, b) in enumerate(zip(st.locs, d.locs, strict=True)):
        assert len(a) == len(b)
        if s not in hidden:
            assert a == b, f"determinize changed a location seat {p} sees: {g.locs.keys[s]}"
    physical = [s for s, k in enumerate(g.locs.keys[: len(st.locs)]) if k[1] != "mem"]
    assert Counter(c for s in physical for c in st.locs[s]) == Counter(
        c for s in physical for c in d.locs[s]
    )


@pytest.mark.parametrize("case", _cases())
def test_decision_api_conformance(case):
    corpus = case[0] == "file"
    g = compile_game(_ast(case))
    for seed in range(3):
        rng = random.Random(seed)
        st = g.new_state(seed, **LIMITS)
        start = st.clone()
        taken: list[int] = []
        work = st.work
        while not st.is_terminal():
            opts = st.legal_actions()
            assert opts, "no option in a game that is not over"
            if len(taken) < 40:  # every option applies cleanly (on a copy)
                for i in opts:
                    c = st.clone()
                    c.apply_action(i)
                    if corpus:
                        assert c.error is None, c.error
                if len(taken) % 5 == 0:
                    _check_determinize(g, st, rng)
            i = rng.choice(opts)
            taken.append(i)
            st.apply_action(i)
            assert st.work >= work
            work = st.work
        assert st.legal_actions() == [] and st.current_player() == -1
        if corpus:
            assert st.error is None, st.error
        for i in taken:
            start.apply_action(i)
        assert _position(start) == _position(st)
        assert (start.error, start.capped, start.cycle, start.work) == (
            st.error,
            st.capped,
            st.cycle,
            st.work,
        )


def test_the_corpus_is_there():
    """The cases above include CARDSTOCK's files only when ../shared is present."""
    require_shared()
    assert len(shared_files()) >= 73


@pytest.mark.parametrize("case", _cases())
def test_recording_coverage_changes_no_record(case):
    ast = _ast(case)
    plain = compile_game(ast)
    cov = compile_game(ast, coverage=True)
    players = [RandomPlayer()] * plain.nplayers
    # a generated game is cut where the decision test cuts it: a few of them run to the
    # default 100,000 steps four times on both engines, a minute of CI for one test
    limits = Limits(**LIMITS) if case[0] == "mutant" else Limits()
    for i in range(4):
        a = play_one(plain, players, i, seed=5, limits=limits)
        b = play_one(cov, players, i, seed=5, limits=limits)
        assert a == b


@pytest.mark.parametrize("case", _cases())
def test_recording_coverage_changes_no_record_on_the_vm(case):
    """The same on the native VM: a coverage image (``NativeGame.from_ast(ast,
    coverage=True)``, what every fitness evaluation plays for the conditions' hits) plays
    the plain image's records, and records what each condition decided in every game. A
    game the VM does not take is played by the Python engine alone (checked above)."""
    require_native()
    from evogame.native import NativeGame
    from evogame.native.engine import Unsupported
    from evogame.native.records import Fallbacks, random_records

    ast = _ast(case)
    try:
        plain, cov = NativeGame.from_ast(ast), NativeGame.from_ast(ast, coverage=True)
    except Unsupported:
        assert case[0] == "mutant", "the VM refuses a real file"
        return
    game = compile_game(ast)
    limits = Limits(**LIMITS) if case[0] == "mutant" else Limits()
    idx, python_played = list(range(4)), Fallbacks.games
    hits: list = []
    a = random_records(plain, game, idx, 5, limits)
    b = random_records(cov, game, idx, 5, limits, coverage=hits)
    assert a == b
    if Fallbacks.games == python_played:  # the VM played them all: each game's hits
        assert len(hits) == len(idx) and all(h is not None for h in hits)
