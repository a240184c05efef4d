"""The campaign's evaluator: a broken or slow candidate comes back invalid, with its reason."""

from __future__ import annotations

from evogame.evolve import evaluator
from tests.conftest import ROOT, SEEDS


def test_a_candidate_that_does_not_parse_is_invalid_with_its_reason():
    evaluator._init(str(ROOT / "fitness" / "quick.toml"), timeout=30)
    out = evaluator.evaluate_job(("(game (setup", 1))
    assert out["valid"] is False and out["fitness"] == 0.0
    assert "RecycleError" in out["reason"] or "end of file" in out["reason"]


def test_a_candidate_past_the_time_limit_is_invalid_and_the_run_goes_on():
    evaluator._init(str(ROOT / "fitness" / "default.toml"), timeout=0.2)
    text = (SEEDS / "hearts.rcy").read_text(encoding="utf-8")
    out = evaluator.evaluate_job((text, 1))
    assert out["valid"] is False and "longer than 0.2 s" in out["reason"]
    evaluator._init(str(ROOT / "fitness" / "quick.toml"), timeout=60)
    ok = evaluator.evaluate_job(((SEEDS / "agram.rcy").read_text(encoding="utf-8"), 1))
    assert ok["valid"] is True and 0.0 <= ok["fitness"] <= 1.0
