"""A child drawn again with the same parent is not checked again: `Campaign._check` keeps
each check's result by its job, and the campaign is the same with or without it."""

from __future__ import annotations

from pathlib import Path

from evogame.evolve import loop
from evogame.evolve.loop import Campaign
from tests.evolve.test_campaign import INVENT, assert_same_campaigns, seeds_dir, small_config


def _counting(monkeypatch) -> list:
    """Patch `loop.timed_check_job` to count its calls (the jobs it was given)."""
    calls: list = []
    real = loop.timed_check_job

    def counted(job):
        calls.append(job)
        return real(job)

    monkeypatch.setattr(loop, "timed_check_job", counted)
    return calls


def test_a_job_checked_before_gives_its_result_without_a_check(tmp_path, monkeypatch):
    seeds = seeds_dir(tmp_path)
    c = Campaign(small_config(seeds, tmp_path / "r", [], gens=1))
    text = Path(next(iter(c.seed_asts))).read_text(encoding="utf-8")
    job = (text, None, (), text)
    calls = _counting(monkeypatch)
    first = c._check(job, None)()
    again = c._check(job, None)()
    assert len(calls) == 1
    assert again[0] == first[0] and first[0][0] is not None  # the seed checks valid
    assert first[1] and again[1] == {}  # its phases counted once
    other = (text + "\n", None, (), text)  # another job (its text as printed differs)
    c._check(other, None)()
    assert len(calls) == 2


def test_a_check_whose_worker_died_is_not_kept(tmp_path, monkeypatch):
    c = Campaign(small_config(seeds_dir(tmp_path), tmp_path / "r", [], gens=1))

    class Dead:
        def submit(self, fn, x):
            return lambda: None  # `Executor.submit`'s wait when the worker died twice

    job = ("(game)", None, (), "(game)")
    assert c._check(job, Dead())() is None
    assert not c._checks


def test_the_campaign_is_the_same_without_the_kept_checks(tmp_path, monkeypatch):
    """The inventing campaign (transplant, parent checks) with every check made, and with
    checks kept: identical databases and best/, and fewer checks made."""
    seeds = seeds_dir(tmp_path)
    algorithm = [*INVENT, "--no-polish"]
    calls = _counting(monkeypatch)
    monkeypatch.setattr(Campaign, "CHECKS_KEPT", 0)
    Campaign(small_config(seeds, tmp_path / "all", algorithm, gens=3)).run()
    every = len(calls)
    monkeypatch.setattr(Campaign, "CHECKS_KEPT", 4096)
    Campaign(small_config(seeds, tmp_path / "kept", algorithm, gens=3)).run()
    assert_same_campaigns(tmp_path / "all", tmp_path / "kept")
    assert 0 < len(calls) - every < every  # this campaign draws some children twice
