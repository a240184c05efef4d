"""`evaluate` with fitness/quick.toml runs on every seed and every CARDSTOCK file: no
exception, no internal error, every component in [0, 1] inside its interval."""

from __future__ import annotations

import pytest

from evogame.fitness import evaluate_file, load_profile
from tests.conftest import SEEDS, require_shared, shared_files

QUICK = load_profile("quick")


def _check(path) -> None:
    ev = evaluate_file(path, QUICK, seed=1)
    assert ev.failed_at in (None, "gate"), ev.reason
    assert set(ev.components) == set(QUICK.names())
    for name, (v, lo, hi) in ev.components.items():
        assert 0.0 <= lo <= v <= hi <= 1.0, (name, v, lo, hi)
    assert 0.0 <= ev.fitness <= 1.0
    assert (
        (ev.fitness == 0.0) if ev.reason else (ev.fitness_ci[0] <= ev.fitness <= ev.fitness_ci[1])
    )
    assert ev.games["gate"] > 0


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_evaluate_every_seed(path):
    _check(path)


@pytest.mark.parametrize("path", shared_files() or [None], ids=lambda p: p.stem if p else "absent")
def test_evaluate_every_cardstock_file(path):
    if path is None:
        require_shared()
    _check(path)
