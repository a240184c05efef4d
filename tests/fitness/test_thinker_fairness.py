"""`components.thinker_fairness`: the PIPMC player's win share by seat (issue 35 item 2)."""

from __future__ import annotations

import pytest

from evogame.fitness import components as C
from evogame.fitness.evaluate import evaluate
from evogame.fitness.profile import load_profile
from evogame.lang import parse_text as parse
from tests.fitness.seat_variants import scopa_capture_or
from tests.fitness.variants import _seed


def _seats(*shares: tuple[int, int]):
    """(wins, games) per seat of 0/1 outcomes -> the function's arguments."""
    wins = [float(w) for w, _ in shares]
    return wins, [g for _, g in shares]


def test_equal_seats_are_fair():
    assert C.thinker_fairness(*_seats((30, 50), (30, 50))).value == 1.0


def test_gap_within_noise_is_not_counted():
    # 0.64 vs 0.50 at 50 games a seat: the 95% Wilson intervals overlap
    assert C.thinker_fairness(*_seats((32, 50), (25, 50))).value == 1.0


def test_one_seat_wins_everything():
    e = C.thinker_fairness(*_seats((100, 100), (0, 100)))
    # shrunk to the interval ends: about 0.963 vs 0.037 -> u = 0.963, tri = 0.074
    assert e.value < 0.1 and e.lo <= e.value <= e.hi


def test_significant_gap_scales_like_fairness():
    # 0.80 vs 0.40 at 200 games a seat: clearly different; value below tri(0.8/1.2) = 0.67
    # would need no shrinking, so it lies between that and 1
    e = C.thinker_fairness(*_seats((160, 200), (80, 200)))
    assert 2 / 3 < e.value < 0.9


def test_constant_tie_split_shares_need_a_sample():
    # always a 3-way tie from three seats, a 4-way tie from the fourth, 3 games each:
    # no variance, but no evidence either
    assert C.thinker_fairness([1.0, 1.0, 0.75, 1.0], [3, 3, 3, 3]).value == 1.0


def test_no_games_or_no_wins_is_neutral():
    assert C.thinker_fairness([0.0, 0.0], [10, 10]).value == 1.0
    assert C.thinker_fairness([5.0, 0.0], [10, 0]).value == 1.0
    assert C.thinker_fairness([5.0], [10]).value == 1.0


@pytest.mark.xfail(
    strict=True,
    reason="the PIPMC player beats random ones from both seats (1.00 and 0.98 at seed 0): "
    "its seat gap is not what makes this variant unfair; see the s50f report",
)
def test_scopa_capture_or_scores_below_scopa():
    prof = load_profile("default")
    for seed in range(5):
        seed_fit = evaluate(parse(_seed("scopa")), prof, seed, "scopa").fitness
        variant_fit = evaluate(parse(scopa_capture_or()), prof, seed, "variant").fitness
        assert variant_fit < seed_fit, seed


def test_pipmc_phase_reports_seats_and_folds_only_a_significant_gap():
    e = evaluate(parse(_seed("scopa")), load_profile("default"), 0, "scopa")
    by_seat = e.details["pipmc_win_share_by_seat"]
    assert len(by_seat) == 2 and all(0.0 <= x <= 1.0 for x in by_seat)
    assert e.details["pipmc_seat_fairness"] == 1.0  # scopa's seats are within noise
