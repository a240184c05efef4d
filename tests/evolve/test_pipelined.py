"""The campaign process starts work on the workers as soon as it is known (children's
checks as they are drawn, evaluations as children are accepted, the seeds' evaluations
before the search's set-up): where and when work runs never changes what is stored."""

from __future__ import annotations

from evogame.evolve.evaluator import Executor
from evogame.evolve.loop import Campaign, Config
from evogame.fitness import load_profile
from tests.conftest import ROOT
from tests.evolve.test_campaign import INVENT, contents, seeds_dir


def _double(x: int) -> int:
    return 2 * x


def test_submit_in_process_calls_when_asked_and_once():
    calls = []

    def f(x):
        calls.append(x)
        return x + 1

    with Executor(load_profile("quick")) as ex:
        wait = ex.submit(f, 1)
        assert calls == []  # in this process: made when its result is asked for
        assert wait() == 2 and wait() == 2 and calls == [1]


def test_submit_on_a_pool_gives_each_result_in_any_order_asked():
    with Executor(load_profile("quick"), workers=2) as ex:
        waits = [ex.submit(_double, x) for x in range(6)]
        assert [w() for w in reversed(waits)] == [10, 8, 6, 4, 2, 0]


def _config(out, seeds, **kw) -> Config:
    return Config(
        seeds=str(seeds),
        profile=str(ROOT / "fitness" / "quick.toml"),
        pop=4,
        gens=2,
        seed=7,
        out=str(out),
        judge="none",
        **kw,
    )


def test_a_deferred_set_up_on_workers_stores_what_an_eager_one_does(tmp_path):
    seeds = seeds_dir(tmp_path)
    lib = INVENT[INVENT.index("--library") + 1]
    kw = {"algorithm": "map-elites", "descriptors": "concepts", "transplant": 0.5}
    eager = Campaign(_config(tmp_path / "eager", seeds, library=[lib], **kw))
    eager.run()
    eager.store.close()
    deferred = Campaign(
        _config(tmp_path / "deferred", seeds, library=[lib], workers=2, **kw), defer=True
    )
    assert deferred.archive is None and deferred.donors is None  # made by run
    deferred.run()
    deferred.store.close()
    cands, gens, best = contents(tmp_path / "deferred")
    assert (cands, gens) == contents(tmp_path / "eager")[:2] and cands
    # best/ files name their campaign's folder in their header
    eager_best = {
        k: v.replace("eager", "deferred") for k, v in contents(tmp_path / "eager")[2].items()
    }
    assert best == eager_best
