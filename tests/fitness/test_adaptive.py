"""Adaptive (sequential) sampling of the noisy phases (`evaluate._more`): after the base
sample, more batches while a phase's components carry more than their share of the
fitness's standard error, up to a cap; the stop is a function of the games played."""

from __future__ import annotations

import importlib
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
#: the module (`evaluate` is also the function the package exports)
E = importlib.import_module("evogame.fitness.evaluate")


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


def test_off_by_default_nothing_changes_and_a_loose_target_plays_the_pilots_number():
    """Off, the base sample is the estimate. On, the base sample is a pilot that counts in
    no estimate: a loose target plans fewer pairs than the pilot played, and the estimate
    is from as many fresh pairs as the pilot's (never fewer), whatever it measured."""
    base = evaluate(AGRAM, profile(), seed=2)
    assert "adaptive" not in base.details and "pipmc_pilot_pairs" not in base.details
    loose = evaluate(AGRAM, profile(fitness_se=1.0, share=1.0), seed=2)
    noted = loose.details["adaptive"]["pipmc"]
    n0 = base.details["skill_pairs"]
    # the pilot is the base sample, game for game
    assert loose.details["pipmc_pilot_pairs"] == n0 > 6
    assert noted["planned"] <= 6 and noted["pairs"] == n0 == loose.details["skill_pairs"]
    assert loose.games["pipmc"] == 2 * base.games["pipmc"]
    assert loose.details["work"]["pipmc"] > base.details["work"]["pipmc"]


def test_a_tight_target_buys_pairs_up_to_the_cap_and_the_same_seed_gives_the_same_stop():
    base = evaluate(AGRAM, profile(), seed=2)
    assert "pipmc" in base.details["budget_reached"]  # the base sample stops at the budget
    tight = profile(fitness_se=0.001, share=1.0, cap=240_000)
    a, b = evaluate(AGRAM, tight, seed=2), evaluate(AGRAM, tight, seed=2)
    assert a == b and a.details == b.details
    assert a.details["skill_pairs"] > base.details["skill_pairs"]
    # the target is out of reach: the fresh pairs stop at the first rotation past the cap
    # (the cap counts the fresh pairs' work; the pilot's is the budget's)
    noted = a.details["adaptive"]["pipmc"]
    assert noted["capped"] and noted["pairs"] < noted["planned"]
    assert a.details["work"]["pipmc"] >= 240_000 + 60_000
    assert noted["se"] > noted["target"]
    # a larger cap, more pairs (the fresh pairs are the first ones of their stream)
    more = evaluate(AGRAM, profile(fitness_se=0.001, share=1.0, cap=480_000), seed=2)
    assert more.details["skill_pairs"] > a.details["skill_pairs"]


def test_the_pilot_plans_n_by_the_formula_and_exactly_n_fresh_pairs_are_played():
    """A target between the pilot's noise and what the cap could reach: n = ⌈(D/τ_k)²⌉,
    D = pilot_se·(n0 + PRIOR_PAIRS)/√n0, and the fresh sample is n in whole rotations,
    below the cap: no stop reads what the fresh pairs measure."""
    base = evaluate(AGRAM, profile(fitness_se=1.0, share=1.0), seed=2)
    start = base.details["adaptive"]["pipmc"]["pilot_se"]
    n0 = base.details["pipmc_pilot_pairs"]
    tau = 0.6 * start
    ev = evaluate(AGRAM, profile(fitness_se=tau, share=1.0, cap=10**9), seed=2)
    noted = ev.details["adaptive"]["pipmc"]
    assert noted["target"] == pytest.approx(tau, abs=1e-5)
    spread = start * (n0 + PRIOR_PAIRS) / math.sqrt(n0)
    assert noted["spread"] == pytest.approx(spread, rel=1e-3)
    assert noted["planned"] == pytest.approx((spread / tau) ** 2, rel=1e-3, abs=1)
    players = AGRAM_PLAYERS
    assert noted["pairs"] == -(-noted["planned"] // players) * players == ev.details["skill_pairs"]
    assert not noted["capped"]
    assert n0 < noted["pairs"] < 600


AGRAM_PLAYERS = evaluate(AGRAM, profile(), seed=2).details["players"]


def _rigged(monkeypatch, stream: int, rotations: int, first: int = 0):
    """From `first`, the next `rotations` rotations of `stream` rigged into an outlier:
    the PIPMC player wins every game, its paired random game is lost by that seat."""
    real = E._rotation

    def rotation(run, game, at, which, search):
        out = real(run, game, at, which, search)
        n = game.nplayers
        if which == stream and first <= at < first + rotations * n:
            for r, (a, b, _) in enumerate(out):
                a.win = [1.0 if k == r else 0.0 for k in range(n)]
                b.win = [0.0 if k == r else 1.0 / (n - 1) for k in range(n)]
        return out

    monkeypatch.setattr(E, "_rotation", rotation)


def test_a_lucky_pilot_plans_n_but_counts_in_no_estimate(monkeypatch):
    """The pilot's first batch is an outlier (the thinker wins every game): a sequential
    rule would read its small error and stop on its mean. The pilot only plans: with the
    same plan, the estimate is the same as from an ordinary pilot."""
    prof = profile(fitness_se=0.05, share=1.0, cap=10**9)
    plain = evaluate(AGRAM, prof, seed=2)
    planned = plain.details["adaptive"]["pipmc"]["planned"]
    with monkeypatch.context() as m:
        _rigged(m, E.PIPMC_BASE, rotations=3)
        lucky = evaluate(AGRAM, prof, seed=2)
    assert lucky.details["adaptive"]["pipmc"]["planned"] != planned  # it reached the plan
    assert lucky.details["skill_gain"] != plain.details["skill_gain"]
    # the same plan for both: the estimates are then equal, pair for pair
    real_plan = E._plan

    def plan(*args, **kwargs):
        real_plan(*args, **kwargs)  # its notes
        return planned

    monkeypatch.setattr(E, "_plan", plan)
    plain = evaluate(AGRAM, prof, seed=2)
    _rigged(monkeypatch, E.PIPMC_BASE, rotations=3)
    lucky = evaluate(AGRAM, prof, seed=2)
    for key in ("skill_gain", "skill_pairs", "skill_pair_sd", "pipmc_win_share"):
        assert lucky.details[key] == plain.details[key], key
    assert lucky.components["skill"] == plain.components["skill"]
    assert (
        lucky.details["adaptive"]["pipmc"]["pilot_se"]
        != (plain.details["adaptive"]["pipmc"]["pilot_se"])
    )


def test_a_lucky_start_of_the_fresh_pairs_still_samples_to_the_planned_n(monkeypatch):
    """The fresh pairs' first batch is an outlier: its mean is far off and its spread
    small, so any rule reading the running estimate would stop there. The fresh sample
    plays every planned pair, and the outlier moves the gain as its share of them says."""
    prof = profile(fitness_se=0.05, share=1.0, cap=10**9)
    plain = evaluate(AGRAM, prof, seed=2)
    noted = plain.details["adaptive"]["pipmc"]
    assert noted["pairs"] >= 5 * 6  # room for the rigged batch to matter
    _rigged(monkeypatch, E.PIPMC_FRESH, rotations=3)
    lucky = evaluate(AGRAM, prof, seed=2)
    assert lucky.details["adaptive"]["pipmc"]["pairs"] == noted["pairs"]
    assert lucky.details["skill_pairs"] == plain.details["skill_pairs"] == noted["pairs"]
    assert lucky.details["skill_gain"] > plain.details["skill_gain"]


def test_the_pilot_and_the_fresh_pairs_are_fixed_by_the_evaluation_seed():
    prof = profile(fitness_se=0.05, share=1.0, cap=10**9)
    a, b = evaluate(AGRAM, prof, seed=3), evaluate(AGRAM, prof, seed=3)
    assert a == b and a.details == b.details
    c = evaluate(AGRAM, prof, seed=4)
    assert c.details["skill_pair_sd"] != a.details["skill_pair_sd"]


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
