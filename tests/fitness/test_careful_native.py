"""The VM plays `evogame.fitness.careful`'s games as the Python engine does (issue 38):
the same random games, the same careful games move for move, the same work spent, the
same defects. The Python module is the reference; these tests fail when either side
changes alone (a new draw, a new standing, another constant)."""

from __future__ import annotations

import pytest

from evogame.fitness import careful as K
from evogame.fitness.careful import (
    MIN_CAP,
    Budget,
    careful_game,
    careful_play,
    ends,
    random_decisions,
)
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_file, parse_text
from evogame.native import build
from evogame.runner import Runner
from tests.conftest import SEEDS as SEED_FILES
from tests.conftest import require_shared, shared_files
from tests.fitness import careful_variants as V
from tests.fitness.test_careful import TAKE_OR_WAIT, WAIT
from tests.fitness.variants import _edit, _seed

pytestmark = pytest.mark.skipif(build.load() is None, reason="no native engine here")

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(K.GAMES)]
OTHER = [deal_seed(phase_seed(5, 0), i) for i in range(K.GAMES)]


def _runner(text: str) -> Runner:
    r = Runner(parse_text(text), "t", "native")
    assert r.tier != "python"
    return r


def _end(st) -> tuple | None:
    """What careful.py reads of a careful game's end (the stage only of one that did not
    end: a finished game's frames are the engine's own business)."""
    if st is None:
        return None
    where = () if ends(st) else (len(st.frames), st.frames[0][1] if st.frames else None)
    return (st.decisions, st.terminal, st.capped, st.cycle, st.error is not None, *where)


def _same_games(runner: Runner, deals: list[int], budget: float = K.WORK_BUDGET) -> int:
    """Assert the VM's random and careful games on `deals` are the Python engine's; the
    number of careful games that did not end."""
    game, still = runner.game, 0
    for seed in deals:
        r = random_decisions(game, seed)
        assert random_decisions(game, seed, runner) == r
        if r is None:
            continue
        cap = max(MIN_CAP, K.FACTOR * r)
        py, vm = Budget(budget), Budget(budget)
        a, b = careful_game(game, seed, cap, py), careful_game(game, seed, cap, vm, runner=runner)
        assert _end(b) == _end(a)
        assert vm.left == py.left  # the same look-aheads, to the quarter of a work unit
        still += a is not None and not ends(a)
    return still


def test_take_or_wait_runs_to_its_cap_alike():
    r = _runner(TAKE_OR_WAIT)
    assert _same_games(r, DEALS + OTHER) == 2 * len(DEALS)
    assert careful_play(r.game, DEALS, r) == careful_play(r.game, DEALS) != []


def test_without_the_wait_both_end_alike():
    r = _runner(_edit(TAKE_OR_WAIT, (WAIT, "")))
    assert _same_games(r, DEALS) == 0


@pytest.mark.parametrize("variant", V.VARIANTS, ids=[v.name for v in V.VARIANTS])
def test_each_variant_and_its_seed_alike(variant):
    for text, named in ((variant.text, True), (_seed(variant.seed), False)):
        r = _runner(text)
        _same_games(r, DEALS + OTHER)
        found = careful_play(r.game, DEALS, r)
        assert found == careful_play(r.game, DEALS)
        assert bool(found) == named


def test_a_budget_that_runs_out_runs_out_alike():
    """The budget is spent look-ahead by look-ahead on both sides: with a small one the
    careful game stops (None) after the same decisions, and the budget left is the same."""
    r = _runner(V.pairs_fold_free())
    for budget in (1, 2_000, 40_000):
        _same_games(r, DEALS, budget)
    py, vm = Budget(2_000), Budget(2_000)
    assert careful_game(r.game, DEALS[0], MIN_CAP, py) is None
    assert careful_game(r.game, DEALS[0], MIN_CAP, vm, runner=r) is None
    assert vm.left == py.left <= 0


def test_many_options_are_sampled_alike(monkeypatch):
    """Past `MAX_OPTIONS` the options looked at are `random.sample`'s: both of its ways
    (a pool for a few options, a set for many) give the VM the same draws."""
    r = _runner(_seed("the-game-simple"))  # up to 24 options a decision
    for most in (1, 3, 5, 12):  # a set beyond 21 options for up to 5, a pool for 12
        monkeypatch.setattr(K, "MAX_OPTIONS", most)
        _same_games(r, DEALS[:2])


def test_a_coverage_image_is_left_to_python():
    r = Runner(parse_text(TAKE_OR_WAIT), "t", "native", coverage=True)
    assert r.careful(DEALS[0], None, 1000, K.MAX_STEPS, K.FACTOR, K._vm_config(), 0.0) is None
    assert random_decisions(r.game, DEALS[0], r) == random_decisions(r.game, DEALS[0])


def test_the_real_files_alike():
    """The 95 real files (CARDSTOCK's 73, our 22 seeds): the same games on one deal each,
    the same verdict (none named) on the check's deals for every fifth."""
    require_shared()
    files = [*shared_files(), *sorted(SEED_FILES.glob("*.rcy"))]
    assert len(files) >= 95
    for k, p in enumerate(files):
        r = Runner(parse_file(p), p.stem, "native")
        if r.tier == "python":
            continue
        _same_games(r, DEALS[k % len(DEALS) : k % len(DEALS) + 1])
        if k % 5 == 0:
            assert careful_play(r.game, DEALS, r) == []
