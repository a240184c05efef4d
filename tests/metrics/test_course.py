"""The course of a game from PIPMC's value estimates (evogame/metrics/course.py), on
hand-made records: (decision, [(mean, variance) per move searched])."""

from __future__ import annotations

import math

import pytest

from evogame.metrics.course import CourseTally, mean_interval


def test_meaningful_takes_the_play_out_noise_out():
    t = CourseTally()
    # Two moves: 0 and 1, no noise -> spread sqrt(2 * 0.5) = 1. Two equal moves whose
    # noisy means differ by 0.2 with within-variance 0.1 over k = 5: between 0.02 minus
    # 0.1/5 = 0 -> 0. Mean over the two decisions: 0.5.
    t.add_game([(0, [(1.0, 0.0), (0.0, 0.0)]), (1, [(0.5, 0.1), (0.3, 0.1)])], 5, won=True)
    assert t.meaningful == [pytest.approx(0.5)]


def test_drama_decisiveness_and_uncertainty_of_a_won_game():
    t = CourseTally()
    record = [(i, [(v, 0.0)]) for i, v in enumerate([0.25, 0.5, 0.9, 1.0])]
    t.add_game(record, 5, won=True)
    # drama: sqrt(0.25/0.5) / 4 = 0.17678; clear at decision 2 of 4 -> 0.5;
    # uncertainty: (0.5 + 1 + 0.2 + 0) / 4 = 0.425
    assert t.drama == [pytest.approx(math.sqrt(0.5) / 4)]
    assert t.decisiveness == [0.5]
    assert t.uncertainty == [pytest.approx(0.425)]
    t.add_game(record, 5, won=False)  # a lost game: only uncertainty counts
    assert len(t.drama) == 1 and len(t.uncertainty) == 2


def test_mean_interval():
    assert mean_interval([]) == (0.0, 0.0, 1.0)
    assert mean_interval([0.3]) == (0.3, 0.0, 1.0)
    m, lo, hi = mean_interval([0.2, 0.4])  # sd 0.1414, t(1) = 12.706: all of [0, 1]
    assert m == pytest.approx(0.3) and (lo, hi) == (0.0, 1.0)
