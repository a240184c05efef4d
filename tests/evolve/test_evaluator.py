"""The campaign's evaluator: a broken or slow candidate comes back invalid, with its reason,
and every executor (in process, process pool, Dask) returns the same results in order."""

from __future__ import annotations

import pytest

from evogame.evolve.evaluator import Executor, evaluate_job
from evogame.fitness import load_profile
from tests.conftest import SEEDS

QUICK = load_profile("quick")


def seed_text(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


def test_a_candidate_that_does_not_parse_is_invalid_with_its_reason():
    out = evaluate_job(("(game (setup", 1, None, QUICK, 30))
    assert out["valid"] is False and out["fitness"] == 0.0
    assert "RecycleError" in out["reason"] or "end of file" in out["reason"]


def test_a_candidate_past_the_time_limit_is_invalid_and_the_run_goes_on():
    thorough = load_profile("thorough")  # no budgets: Hearts takes about a minute
    out = evaluate_job((seed_text("hearts.rcy"), 1, None, thorough, 0.2))
    assert out["valid"] is False and "longer than 0.2 s" in out["reason"]
    ok = evaluate_job((seed_text("agram.rcy"), 1, None, QUICK, 60))
    assert ok["valid"] is True and 0.0 <= ok["fitness"] <= 1.0


JOBS = [
    (seed_text("agram.rcy"), 1, None),
    ("(game (setup", 2, None),
    (seed_text("pairs.rcy"), 3, 0.99),  # a cut no fitness reaches: skill is skipped
    (seed_text("war.rcy"), 4, None),
]


def results(ex: Executor) -> list[dict]:
    """The executor's results without their wall-clock `timing` (where the time went,
    which no two runs share; the campaign pops it before storing)."""
    return [{k: v for k, v in r.items() if k != "timing"} for r in ex.map(JOBS)]


def test_pool_gives_the_in_process_results_in_order():
    with Executor(QUICK) as local:
        expected = results(local)
    with Executor(QUICK, workers=2) as pool:
        assert results(pool) == expected
    assert [r["valid"] for r in expected] == [True, False, True, False]
    assert any("cut" in n for n in expected[2]["stats"]["notes"])


def test_dask_local_cluster_gives_the_in_process_results_in_order():
    pytest.importorskip("distributed")
    with Executor(QUICK) as local:
        expected = results(local)
    with Executor(QUICK, dask_local=2) as dask:
        assert results(dask) == expected


@pytest.mark.parametrize("name", ["agram.rcy", "crazy-eights.rcy"])
def test_a_checked_child_s_kept_tree_is_what_its_text_parses_to(name):
    """The tree `checked_child` keeps for this process's evaluation is the parse of the
    checked text, spans included (defects quote them), and the evaluation is the same
    whether it finds the tree or parses."""
    from evogame.evolve import evaluator
    from evogame.evolve.loop import checked_child
    from evogame.lang import parse_text, to_text
    from evogame.lang.ast import walk

    printed = to_text(parse_text(seed_text(name)))
    out = checked_child(printed)
    assert out is not None and out in evaluator._TREES
    kept, read = evaluator._TREES[out], parse_text(out)
    assert kept == read
    assert [n.span for n in walk(kept)] == [n.span for n in walk(read)]
    job = (out, 3, None, QUICK, 60)
    found = evaluate_job(job)  # takes the kept tree
    assert out not in evaluator._TREES
    parsed = evaluate_job(job)
    found.pop("timing"), parsed.pop("timing")
    assert found == parsed


def test_a_time_limit_that_fires_inside_a_finalizer_still_stops_the_work(capsys):
    """The alarm's exception raised inside a finalizer (`NativeGame.__del__` freeing a
    VM) is printed by Python and dropped; the alarm fires again (`REARM`) and stops the
    work outside. Before, the evaluation ran on past its limit."""
    import time

    from evogame.evolve.evaluator import _Timeout, time_limit

    class Slow:
        def __del__(self):
            time.sleep(0.4)  # the 0.1 s alarm fires in here

    t0 = time.perf_counter()
    with pytest.raises(_Timeout), time_limit(0.1):
        Slow()  # finalized at once
        time.sleep(5.0)  # the work after it: stopped by the alarm fired again
    assert time.perf_counter() - t0 < 4.0
