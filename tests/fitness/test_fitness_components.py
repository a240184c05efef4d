"""Each fitness component on hand-made records, against answers computed by hand (the
arithmetic is in the comments)."""

from __future__ import annotations

import math

import pytest

from evogame.fitness import components as C
from evogame.fitness.tally import DealTally, RecordTally, SoloTally
from evogame.metrics.stats import GameRecord, GameStats


def rec(
    win: list[float],
    branching: list[int] | None = None,
    terminated: bool = True,
    scores: list[int] | None = None,
    turn_order: list[int] | None = None,
) -> GameRecord:
    n = len(win)
    branching = branching or []
    return GameRecord(
        index=0,
        seed=0,
        scores=scores if scores is not None else [round(w * 6) for w in win],
        win=win,
        branching=branching,
        players_of_decision=[0] * len(branching),
        turn_order=turn_order or list(range(n)),
        terminated=terminated,
        capped=not terminated,
        cycle=False,
    )


def tally(records: list[GameRecord]) -> RecordTally:
    t = RecordTally(len(records[0].win))
    for r in records:
        t.add(r)
    return t


def close(est: C.Estimate, value: float, lo: float, hi: float, tol: float = 1e-3) -> bool:
    return all(
        math.isclose(a, b, abs_tol=tol)
        for a, b in zip(est.as_tuple(), (value, lo, hi), strict=True)
    )


# --- helpers -------------------------------------------------------------------------------


def test_band():
    assert C.band(5, 2, 10) == 1.0
    assert C.band(1, 2, 10) == 0.5  # x/lo
    assert C.band(20, 2, 10) == 0.5  # hi/x
    assert C.band(0, 2, 10) == 0.0
    assert C.band(10, 20, 150) == 0.5


def test_share_ci_is_wilson_for_01_values_and_narrower_with_ties():
    from evogame.metrics.stats import wilson

    assert C.share_ci(3, 3, 10) == wilson(3, 10)
    # Every value 1/3: no spread at all.
    assert C.share_ci(10 / 3, 10 / 9, 10) == pytest.approx((1 / 3, 1 / 3))
    # Tie-split values spread less than 0/1 ones: a narrower interval around the same mean.
    lo, hi = C.share_ci(2.5, 2 * 1 + 1 * 0.25, 5)  # values 1, 1, 0.5, 0, 0
    wlo, whi = wilson(2.5, 5)
    assert wlo < lo < 0.5 < hi < whi


def test_t975_against_tables():
    assert C.t975(1) == 12.706
    assert C.t975(10) == 2.228
    assert C.t975(60) == pytest.approx(2.000, abs=1e-3)
    assert C.t975(120) == pytest.approx(1.980, abs=1e-3)


# --- fairness ------------------------------------------------------------------------------


def test_fairness_hand_computed():
    # 10 games, 2 seats; position 0 wins 9. w0 = 0.9, per-game variance 0.09, Var(w0) =
    # 0.09/9 = 0.01; (0.9 - 0.5)^2 - 0.01 = 0.15, dev = 0.3873, w' = 0.8873;
    # tri = (1 - 0.8873)/(1 - 0.5) = 0.2254 (position 1 mirrors it).
    # Interval: Wilson(9, 10): centre (0.9 + 0.19207)/1.38415 = 0.78898, half-width
    # 1.96 * sqrt(0.009 + 0.0096)/1.38415 = 0.19312 -> (0.5959, 0.9821) -> tri 0.8083,
    # 0.0358; Wilson(1, 10) mirrors it; so [0.0358, 0.8083].
    t = tally([rec([1.0, 0.0])] * 9 + [rec([0.0, 1.0])])
    assert close(C.fairness(t), 0.2254, 0.0358, 0.8083)


def test_fairness_takes_sampling_noise_out():
    # 3 of 4: w0 = 0.75, Var(w0) = 0.1875/3 = 0.0625 = (0.75 - 0.5)^2: all noise -> 1.
    t = tally([rec([1.0, 0.0])] * 3 + [rec([0.0, 1.0])])
    assert C.fairness(t).value == pytest.approx(1.0)


def test_fairness_uses_turn_position_not_seat():
    # Seat 1 always decides first and always wins: position 0 wins every game -> 0.
    t = tally([rec([0.0, 1.0], turn_order=[1, 0])] * 20)
    assert C.fairness(t).value == 0.0


def test_fairness_ties_and_one_seat():
    t = tally([rec([1 / 3, 1 / 3, 1 / 3])] * 5)
    assert C.fairness(t).as_tuple() == pytest.approx((1.0, 1.0, 1.0))
    assert C.fairness(tally([rec([1.0])])).as_tuple() == (1.0, 1.0, 1.0)


def test_fairness_four_seats_worst_position_counts():
    # 4 seats, 100 games: position 0 wins 40 (w = 0.4), the others 20 each.
    # Position 0: var 0.24, Var = 0.24/99 = 0.002424; (0.15)^2 - 0.002424 = 0.020076,
    # dev = 0.14169, w' = 0.39169, tri = (1 - 0.39169)/0.75 = 0.81108.
    # Others: w = 0.2, var 0.16/99 = 0.001616; 0.0025 - 0.001616 = 0.000884, dev = 0.02973,
    # w' = 0.22027, tri = 4 * 0.22027 = 0.88108. min = 0.81108.
    games = [rec([1.0, 0, 0, 0])] * 40
    for k in (1, 2, 3):
        games += [rec([0.0] * k + [1.0] + [0.0] * (3 - k))] * 20
    assert C.fairness(tally(games)).value == pytest.approx(0.81108, abs=1e-4)


# --- termination, no_draw --------------------------------------------------------------------


def test_termination_hand_computed():
    # 7 of 10: Wilson(7, 10): centre (0.7 + 0.19207)/1.38415 = 0.6445, half-width
    # 1.96 * sqrt(0.021 + 0.0096)/1.38415 = 0.2477 -> (0.3968, 0.8922).
    t = tally([rec([1.0, 0.0])] * 7 + [rec([0.5, 0.5], terminated=False)] * 3)
    assert close(C.termination(t), 0.7, 0.3968, 0.8922)


def test_no_draw():
    t = tally([rec([1.0, 0.0])] * 3 + [rec([0.5, 0.5])])
    assert C.no_draw(t).value == 0.75
    # Pairs: one loser, three shared winners -- not a draw.
    t = tally([rec([1 / 3, 1 / 3, 1 / 3, 0.0])] * 4)
    assert C.no_draw(t).value == 1.0
    # Cooperative: every seat scores the same each game, the score varies -> 1.
    t = tally([rec([0.5, 0.5], scores=[s, s]) for s in (3, 5, 7)])
    assert t.cooperative and C.no_draw(t).value == 1.0
    # A constant score: always drawn, nothing decided -> 0.
    t = tally([rec([0.5, 0.5], scores=[0, 0])] * 3)
    assert not t.cooperative and C.no_draw(t).value == 0.0


# --- branching ------------------------------------------------------------------------------


def test_branching_hand_computed():
    # Game 1 offers [1, 3, 3], game 2 [2, 1]: T = 5 decisions, R = 3 real, B = 8 options.
    # B/R = 2.667 is in [2, 10] -> 1; forced share 2/5 -> 1 - 0.4 = 0.6.
    # Jackknife: without game 1, T=2 R=1 B=2 -> 1 * (1 - 1/2) = 0.5; without game 2,
    # T=3 R=2 B=6 -> 1 * (1 - 1/3) = 0.6667; mean 0.5833, SE^2 = 1/2 * 2 * 0.08333^2,
    # SE = 0.08333; 0.6 +- 1.96 * 0.08333 = [0.4367, 0.7633].
    t = tally([rec([1.0, 0.0], [1, 3, 3]), rec([0.0, 1.0], [2, 1])])
    assert close(C.branching(t), 0.6, 0.4367, 0.7633)
    # forced_penalty 0.5: 1 - 0.5 * 0.4 = 0.8.
    assert C.branching(t, forced_penalty=0.5).value == pytest.approx(0.8)


def test_branching_band_and_zero_cases():
    # 12 options everywhere: 10/12.
    t = tally([rec([1.0, 0.0], [12, 12])] * 3)
    assert C.branching(t).value == pytest.approx(10 / 12)
    assert C.branching(tally([rec([1.0, 0.0], [])] * 3)) == C.ZERO  # no decisions
    assert C.branching(tally([rec([1.0, 0.0], [1, 1])] * 3)) == C.ZERO  # only forced ones


# --- length ---------------------------------------------------------------------------------


def test_length_hand_computed():
    # Decisions 10, 20, 300, 0 in band [20, 150]: 0.5, 1, 0.5, 0 -> mean 0.5.
    # Sample variance (1.5 - 4 * 0.25)/3 = 0.16667, sd 0.40825; 0.5 +- 1.96 * 0.40825/2.
    games = [rec([1.0, 0.0], [2] * d) for d in (10, 20, 300, 0)]
    assert close(C.length(tally(games)), 0.5, 0.0999, 0.9001)


# --- agency ---------------------------------------------------------------------------------


def deal_tally(per_deal: list[list[float]]) -> DealTally:
    """Two seats; per deal, position 0's win in each game (position 1 gets the rest)."""
    d = DealTally(2)
    for wins in per_deal:
        d.add_deal([rec([w, 1.0 - w]) for w in wins])
    return d


def test_agency_deal_fixes_the_winner():
    # Deal A: position 0 always wins; deal B: always loses. Within-deal variance 0 -> 0.
    assert C.agency(deal_tally([[1, 1], [0, 0]] * 5)).value == 0.0


def test_agency_deal_does_not_matter():
    # Every deal: one win in two. Between-deal mean square 0 -> sigma_b^2 = 0 -> 1.
    assert C.agency(deal_tally([[1, 0]] * 6)).value == 1.0


def test_agency_hand_computed():
    # Deals A [1, 1], B [1, 0], C [0, 0] (G = 2, D = 3, N = 6, mean 0.5).
    # SSW = 0 + (1 - 1/2) + 0 = 0.5, MSW = 0.5/3 = 0.1667; SSB = 2(0.5)^2 + 0 + 2(0.5)^2 = 1,
    # MSB = 0.5; n0 = (6 - 12/6)/2 = 2; sigma_b^2 = (0.5 - 0.1667)/2 = 0.1667.
    # agency = 0.1667/(0.1667 + 0.1667) = 0.5 (position 1 mirrors position 0).
    # Jackknife: leaving out A or C -> 1, leaving out B -> 0; SE = 0.6667, t(2) = 4.303:
    # the interval is all of [0, 1].
    assert close(C.agency(deal_tally([[1, 1], [1, 0], [0, 0]])), 0.5, 0.0, 1.0)


def test_agency_score_mode_for_one_player():
    d = DealTally(1, by_score=True)
    for scores in ([3, 3], [5, 5], [1, 1]):  # the deal fixes the score
        d.add_deal([rec([1.0], scores=[s]) for s in scores])
    assert C.agency(d).value == 0.0


# --- skill ----------------------------------------------------------------------------------


def rotated_stats(pipmc_wins: list[float]) -> GameStats:
    s = GameStats(2)
    for w in pipmc_wins:
        s.add(rec([w, 1.0 - w]))
    return s


def test_skill_hand_computed():
    # PIPMC wins 3 of 4 with 2 seats: gain (0.75 - 0.5)/0.5 = 0.5. Wilson(3, 4) =
    # (0.3006, 0.9544) -> gains (-0.3987, 0.9088) -> [0, 0.9088].
    assert close(C.skill(rotated_stats([1, 1, 1, 0]), 2), 0.5, 0.0, 0.9088)
    # Worse than chance: 0.
    assert C.skill(rotated_stats([0, 0, 0, 1]), 2).value == 0.0


def test_skill_solo_hand_computed():
    # better, better, equal, worse -> x = (2 + 0.5)/4 = 0.625 -> 2x - 1 = 0.25.
    s = SoloTally()
    for a, b in ((5, 3), (4, 1), (2, 2), (0, 9)):
        s.add_pair(a, b, "max")
    assert C.skill_solo(s).value == pytest.approx(0.25)
    # With scoring min, lower is better: the same pairs give x = 0.375 -> 0.
    s = SoloTally()
    for a, b in ((5, 3), (4, 1), (2, 2), (0, 9)):
        s.add_pair(a, b, "min")
    assert C.skill_solo(s).value == 0.0


def test_a_gain_clipped_at_zero_keeps_its_full_interval_width_for_stopping():
    """Worse than chance in 12 games: reported as 0 with the interval [0, hi], but sampling
    must not stop because the clipped interval looks narrow."""
    est = C.skill(rotated_stats([0, 0, 0, 0, 0, 1] * 2), 2)
    assert est.value == 0.0 and est.lo == 0.0
    assert est.half_width > (est.hi - est.lo) / 2 and est.half_width > 0.3
    s = SoloTally()
    for a, b in ((0, 1), (0, 1), (1, 1), (0, 2)):
        s.add_pair(a, b, "max")
    solo = C.skill_solo(s)
    assert solo.value == 0.0 and solo.half_width > (solo.hi - solo.lo) / 2


# --- combination ----------------------------------------------------------------------------


def test_combine_hand_computed():
    v, w = {"a": 0.5, "b": 0.8}, {"a": 1.0, "b": 3.0}
    # (0.5 * 0.8^3)^(1/4) = 0.256^(1/4) = 0.71131; 4/(1/0.5 + 3/0.8) = 4/5.75 = 0.69565.
    assert C.combine(v, w, "geometric") == pytest.approx(0.71131, abs=1e-5)
    assert C.combine(v, w, "harmonic") == pytest.approx(0.69565, abs=1e-5)
    assert C.combine({"a": 0.0, "b": 1.0}, w, "geometric") == 0.0
    assert C.combine({"a": 0.0, "b": 1.0}, w, "harmonic") == 0.0
    # A floor of 0.1 keeps information: 0.1^(1/4) = 0.56234.
    assert C.combine({"a": 0.0, "b": 1.0}, w, "geometric", 0.1) == pytest.approx(0.56234, abs=1e-5)
    # Weight 0 does not count.
    assert C.combine({"a": 0.0, "b": 0.64}, {"a": 0.0, "b": 1.0}) == pytest.approx(0.64)
