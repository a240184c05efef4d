"""Adaptive (sequential) sampling of the noisy phases (`evaluate._more`): after the base
sample, more batches while a phase's components carry more than their share of the
fitness's standard error, up to a cap; the stop is a function of the games played."""

from __future__ import annotations

import math

import pytest

from evogame.fitness import components as C
from evogame.fitness import evaluate
from evogame.fitness.profile import ProfileError, parse_profile
from evogame.lang import parse_file
from evogame.metrics.skill import MIN_VARIANCE, PRIOR_PAIRS, PairedSkill
from tests.conftest import SEEDS


def profile(fitness_se: float = 0.0, share: float = 0.0, cap: int = 0, **pipmc):
    """Fairness, agency and skill, with a small PIPMC budget (the base sample stops at it)
    and adaptive sampling of the PIPMC phase as given."""
    return parse_profile(
        {
            "fitness_se": fitness_se,
            "gates": {"games": 40},
            "random": {"batch": 100, "min_games": 200, "max_games": 2000},
            "pipmc": {
                "rollouts": 3,
                "horizon": 10,
                "batch": 6,
                "min_games": 6,
                "max_games": 600,
                "budget": 60_000,
                "se_share": share,
                "cap": cap,
                **pipmc,
            },
            "components": {"fairness": {}, "agency": {}, "skill": {"weight": 0.5, "floor": 0.1}},
        },
        "test",
    )


AGRAM = parse_file(SEEDS / "agram.rcy")


def test_skill_se_is_the_delta_method_of_the_shrunk_gain():
    p = PairedSkill(2)
    for i in range(40):  # a thinking player that wins 3 pairs in 4 against a coin
        p.add(1.0 if i % 4 else 0.0, 0.5 if i % 2 else 1.0)
    g, n = p.value, p.pairs
    se_g = math.sqrt(n * max(p.variance, MIN_VARIANCE)) / (n + PRIOR_PAIRS)
    assert g - se_g > 0 and g + se_g < 0.6  # on the peak's rising line: slope 1/0.6
    want = se_g / 0.6
    assert C.skill_se(p, 0.6, 0.1) == pytest.approx(want, rel=1e-9)
    assert C.skill(p, 0.6, 0.1).se == pytest.approx(want, rel=1e-9)
    # held at the floor a standard error either way, the value does not move: no error
    assert C.skill_se(p, 0.6, floor=0.99) == 0.0


def test_a_gain_measured_at_the_floor_is_not_called_exact():
    """0 ± se: the value sits at the floor, yet one standard error up it moves; the
    derivative there is 0, the difference is not (Red7-legacy, seed 8: 33 pairs stopped)."""
    p = PairedSkill(2)
    for i in range(30):
        p.add(1.0 if i % 2 else 0.0, 0.5)
    se_g = math.sqrt(p.pairs * max(p.variance, MIN_VARIANCE)) / (p.pairs + PRIOR_PAIRS)
    assert C.peak(p.value, 0.6) < 0.1  # at the floor
    want = (max(0.1, C.peak(p.value + se_g, 0.6)) - 0.1) / 2
    assert want > 0.05
    assert C.skill_se(p, 0.6, 0.1) == pytest.approx(want, rel=1e-9)


def test_se_of_reads_the_interval_unless_the_estimate_has_its_own():
    assert C.se_of(C.Estimate(0.5, 0.3, 0.7)) == pytest.approx(0.4 / 3.92)
    assert C.se_of(C.Estimate(0.5, 0.3, 0.7, se=0.01)) == 0.01


def test_off_by_default_and_with_a_loose_target_nothing_changes():
    base = evaluate(AGRAM, profile(), seed=2)
    assert "adaptive" not in base.details
    loose = evaluate(AGRAM, profile(fitness_se=1.0, share=1.0), seed=2)
    assert loose.games == base.games and loose.fitness == base.fitness
    assert loose.details["adaptive"]["pipmc"].get("chunks", 0) == 0


def test_a_tight_target_buys_pairs_up_to_the_cap_and_the_same_seed_gives_the_same_stop():
    base = evaluate(AGRAM, profile(), seed=2)
    assert "pipmc" in base.details["budget_reached"]  # the base sample stops at the budget
    tight = profile(fitness_se=0.001, share=1.0, cap=240_000)
    a, b = evaluate(AGRAM, tight, seed=2), evaluate(AGRAM, tight, seed=2)
    assert a == b and a.details == b.details
    assert a.details["skill_pairs"] > base.details["skill_pairs"]
    # the target is out of reach: it stops at the first rotation past the cap
    assert a.details["work"]["pipmc"] >= 240_000
    assert a.details["adaptive"]["pipmc"]["se"] > a.details["adaptive"]["pipmc"]["target"]
    # a larger cap, more pairs (the base sample's games are the first ones either way)
    more = evaluate(AGRAM, profile(fitness_se=0.001, share=1.0, cap=480_000), seed=2)
    assert more.details["skill_pairs"] > a.details["skill_pairs"]


def test_it_stops_once_the_share_is_met():
    """A target between the base sample's noise and what the cap could reach: it stops
    early, below the cap, and the rule holds at the stop (Σ s_k² ≤ π·τ²), not one chunk
    before it."""
    base = evaluate(AGRAM, profile(fitness_se=1.0, share=1.0), seed=2)
    start = base.details["adaptive"]["pipmc"]["se"]
    tau = 0.8 * start  # a fifth less noise: about 1.5 times the pairs
    ev = evaluate(AGRAM, profile(fitness_se=tau, share=1.0, cap=10**9), seed=2)
    noted = ev.details["adaptive"]["pipmc"]
    assert noted["chunks"] >= 1
    assert noted["se"] <= noted["target"] == pytest.approx(tau, abs=1e-5)
    assert base.details["skill_pairs"] < ev.details["skill_pairs"] < 600


@pytest.mark.parametrize(
    "data, key",
    [
        ({"fitness_se": -0.1}, "fitness_se"),
        ({"fitness_se": 2}, "fitness_se"),
        ({"pipmc": {"se_share": 1.5}}, "pipmc.se_share"),
        ({"random": {"cap": -1}}, "random.cap"),
        ({"agency": {"cap": 2.5}}, "agency.cap"),
    ],
)
def test_bad_adaptive_keys_name_the_key(data, key):
    with pytest.raises(ProfileError, match=f"test: {key}: "):
        parse_profile({**data, "components": {"fairness": {}}}, "test")


def test_with_a_cut_a_candidate_surely_below_it_buys_nothing_more():
    """Racing: precision is bought only where the selection could go either way."""
    tight = profile(fitness_se=0.001, share=1.0, cap=240_000)
    free = evaluate(AGRAM, tight, seed=2)
    assert evaluate(AGRAM, tight, seed=2, cut=0.0) == free  # a cut nobody is below
    # a cut above F + 1.96·SE(F) after the base sample (F = 0.67 ± 0.11), below the bound
    # that lets the PIPMC phase start (0.95 skips it): no adaptive games
    below = evaluate(AGRAM, tight, seed=2, cut=0.9)
    assert below.details["adaptive"]["pipmc"]["below_cut"] is True
    assert below.details["skill_pairs"] < free.details["skill_pairs"]
    assert below.details["skill_pairs"] == evaluate(AGRAM, profile(), seed=2).details["skill_pairs"]
