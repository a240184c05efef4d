"""The native VM never takes a campaign down: a crash is caught and reported, a game past
the time limit stops, and a worker that dies costs one candidate, not the run."""

from __future__ import annotations

import os
import sys

import pytest

from evogame.evolve import evaluator
from evogame.fitness import load_profile
from evogame.lang import parse_file, to_text
from evogame.native import NativeGame, engine
from evogame.native.engine import ROOM, NativeCrash
from tests.conftest import SEEDS

pytestmark = pytest.mark.usefixtures("native_vm")


def test_a_crash_inside_the_vm_is_caught_and_reported():
    ng = NativeGame.from_ast(parse_file(SEEDS / "gops.rcy"))
    assert ng._lib.vm_crash_test(ng._ptr) == engine.CRASHED
    buf = __import__("ctypes").create_string_buffer(200)
    ng._lib.vm_error(ng._ptr, buf)
    assert b"crashed (signal" in buf.value
    # the process and other games go on
    other = NativeGame.from_ast(parse_file(SEEDS / "hearts.rcy"))
    assert other.play_random([1], [2]).flags.tolist() == [0]


def test_a_crashed_evaluation_is_an_invalid_candidate_with_its_reason(monkeypatch):
    def crash(*a, **k):
        raise NativeCrash("the native engine crashed (signal 11)")

    monkeypatch.setattr(sys.modules["evogame.runner"], "random_records", crash)
    text = to_text(parse_file(SEEDS / "gops.rcy"))
    out = evaluator.evaluate_job((text, 0, None, load_profile("default"), 60.0))
    assert out["valid"] is False
    assert "NativeCrash: the native engine crashed (signal 11)" in out["reason"]


def test_past_the_deadline_a_game_stops_with_the_vms_verdict():
    ng = NativeGame.from_ast(parse_file(SEEDS / "pokereights.rcy"))
    engine.set_deadline(1e-9)
    try:
        batch = ng._play([1, 2, 3], [4, 5, 6], None, 1, 0, "rank", 1000, 100_000)
    finally:
        engine.set_deadline(None)
    assert (batch.flags & ROOM).all()
    assert batch.errors[0] == "native: the time limit was reached"
    assert ng.play_random([1], [2]).flags.tolist() == [0]  # without a deadline: played


_REAL_JOB = evaluator.evaluate_job


def killing_job(j):
    """`evaluate_job`, but a candidate marked KILL kills its worker process, as a crash no
    guard catches would (top level: the pool pickles it by name)."""
    if "KILL" in j[0]:
        os._exit(9)
    return _REAL_JOB(j)


def test_a_worker_that_dies_costs_one_candidate(monkeypatch):
    good = to_text(parse_file(SEEDS / "gops.rcy"))
    killer = good.replace("(game", "(game ;; KILL", 1)
    monkeypatch.setattr(evaluator, "evaluate_job", killing_job)
    prof = load_profile("quick")
    with evaluator.Executor(prof, workers=2) as ex:
        out = list(ex.map([(good, 0, None), (killer, 0, None), (good, 1, None)]))
    assert [o["valid"] for o in out] == [True, False, True]
    assert "killed the worker process" in out[1]["reason"]
