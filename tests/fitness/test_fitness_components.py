"""Each fitness component on hand-made records, against answers computed by hand (the
arithmetic is in the comments)."""

from __future__ import annotations

import math

import pytest

from evogame.fitness import components as C
from evogame.fitness.tally import DealTally, RecordTally
from evogame.metrics.skill import PairedSkill
from evogame.metrics.stats import GameRecord


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


def tally(records: list[GameRecord], cooperative: bool = False) -> RecordTally:
    t = RecordTally(len(records[0].win), cooperative=cooperative)
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
    # Centre sqrt(2 * 10) = 4.472: 1; the edges: 1 - 0.1 = 0.9; halfway (in log ratio)
    # from the centre to an edge: 1 - 0.1 * 0.25 = 0.975.
    assert C.band(20**0.5, 2, 10) == pytest.approx(1.0)
    assert C.band(2, 2, 10) == pytest.approx(0.9) and C.band(10, 2, 10) == pytest.approx(0.9)
    assert C.band(20**0.25 * 2**0.5, 2, 10) == pytest.approx(0.975)
    assert C.band(1, 2, 10) == pytest.approx(0.45)  # 0.9 * x/lo
    assert C.band(20, 2, 10) == pytest.approx(0.45)  # 0.9 * hi/x
    assert C.band(0, 2, 10) == 0.0
    assert C.band(10, 20, 150) == pytest.approx(0.45)
    assert C.band(4, 2, 10) > C.band(3, 2, 10) > C.band(2.1, 2, 10)  # no plateau
    assert C.band(7, 7, 7) == 1.0


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
    # Every seat scores the same each game: drawn every time, unless the rules say the
    # game is cooperative ((scoring cooperative ...)), when there is no winner to have.
    shared = [rec([0.5, 0.5], scores=[s, s]) for s in (3, 5, 7)]
    assert C.no_draw(tally(shared)).value == 0.0
    assert C.no_draw(tally(shared, cooperative=True)).value == 1.0


# --- branching ------------------------------------------------------------------------------


def test_branching_hand_computed():
    # Game 1 offers [1, 3, 3], game 2 [2, 1]: T = 5 decisions, R = 3 real, B = 8 options.
    # B/R = 2.667 is in [2, 10] -> 1; forced share 2/5 -> 1 - 0.4 = 0.6.
    # Jackknife: without game 1, T=2 R=1 B=2 -> 1 * (1 - 1/2) = 0.5; without game 2,
    # T=3 R=2 B=6 -> 1 * (1 - 1/3) = 0.6667; mean 0.5833, SE^2 = 1/2 * 2 * 0.08333^2,
    # SE = 0.08333; 0.6 +- 1.96 * 0.08333 = [0.4367, 0.7633].
    # With the graded band, B/R = 2.667: r = ln(2.667/4.472)/ln(10/4.472) = -0.6425,
    # band = 1 - 0.1 r^2 = 0.95872; value 0.95872 * 0.6 = 0.57523. Without game 1:
    # B/R = 2 (an edge, 0.9) * 0.5 = 0.45; without game 2: B/R = 3, r = -0.4963, band
    # 0.97537 * 0.66667 = 0.65025. SE = 0.10012; 0.57523 +- 0.19624.
    t = tally([rec([1.0, 0.0], [1, 3, 3]), rec([0.0, 1.0], [2, 1])])
    assert close(C.branching(t), 0.5752, 0.3790, 0.7715)
    # forced_penalty 0.5: 0.95872 * (1 - 0.5 * 0.4) = 0.76698.
    assert C.branching(t, forced_penalty=0.5).value == pytest.approx(0.76698, abs=1e-4)


def test_branching_counts_moves_not_options():
    # The same decisions, but only a third of the options lead to different positions
    # (an item written three times): q = 1/3, so 12 options count as 4.
    t = tally([rec([1.0, 0.0], [12, 12])] * 3)
    t.moves = [(2, 2, 8)] * 3  # per game: 2 decisions, both real, 4 moves each
    assert C.branching(t).value == pytest.approx(C.band(4, 2, 10))
    t.moves = [(2, 1, 4)] * 3  # one decision of each game offers one move in 12 options
    assert C.branching(t).value == pytest.approx(C.band(4, 2, 10) * 0.5)


def test_branching_band_and_zero_cases():
    # 12 options everywhere: 0.9 * 10/12.
    t = tally([rec([1.0, 0.0], [12, 12])] * 3)
    assert C.branching(t).value == pytest.approx(0.9 * 10 / 12)
    assert C.branching(tally([rec([1.0, 0.0], [])] * 3)) == C.ZERO  # no decisions
    assert C.branching(tally([rec([1.0, 0.0], [1, 1])] * 3)) == C.ZERO  # only forced ones


# --- length ---------------------------------------------------------------------------------


def test_length_hand_computed():
    # Decisions 10, 20, 300, 0 in band [20, 150]: 0.45, 0.9 (an edge), 0.45, 0 -> mean 0.45.
    # Sample variance (0.2025 + 0.81 + 0.2025 - 4 * 0.2025)/3 = 0.135, sd 0.36742;
    # 0.45 +- 1.96 * 0.36742/2 = [0.0899, 0.8101].
    games = [rec([1.0, 0.0], [2] * d) for d in (10, 20, 300, 0)]
    assert close(C.length(tally(games), (20.0, 150.0)), 0.45, 0.0899, 0.8101)


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


def paired(xs: list[tuple[float, float]], n: int = 2, **kw) -> PairedSkill:
    p = PairedSkill(n, **kw)
    for a, b in xs:
        p.add(a, b)
    return p


def test_skill_hand_computed():
    # Two seats, baseline 1/2: a = 2w - 1 for PIPMC's win share, b likewise for the random
    # seat on the same deal. Pairs (1,0) (1,0) (1,1) (0,0) -> a = 1, 1, 1, -1 and
    # b = -1, -1, 1, -1; cov(a, b) = 1/3, var(b) = 1 -> beta = 1/3; x = a - b/3 =
    # 4/3, 4/3, 2/3, -2/3; mean 2/3, shrunk with 12 pairs of 0.2: (8/3 + 2.4)/16 = 0.31667;
    # peak at 0.6: 0.52778. Interval of the mean: s^2 = 8/9, t(3) = 3.182 -> 2/3 +- 1.5 =
    # [-0.833, 2.167] -> peak [0, 1] (it holds the target).
    p = paired([(1, 0), (1, 0), (1, 1), (0, 0)])
    assert p.beta == pytest.approx(1 / 3)
    assert p.improvements == pytest.approx([4 / 3, 4 / 3, 2 / 3, -2 / 3])
    assert p.value == pytest.approx(0.316667, abs=1e-6)
    est = C.skill(p)
    assert close(est, 0.5278, 0.0, 1.0)
    # Four equal pairs: no spread in the data, but the interval assumes a variance of at
    # least 0.5: 0 +- 3.182 * sqrt(0.5/4) = +-1.125.
    assert paired([(0.5, 0.5)] * 4).interval() == pytest.approx((-1.125, 1.125), abs=1e-3)


def test_skill_is_graded_a_sure_win_scores_below_high_skill():
    # PIPMC always wins (a = 1, constant, so beta = 0): gain 1 -> 0.7
    always = paired([(1, 0), (1, 1)] * 200)
    # PIPMC wins 5 deals of 6, the random seat every other one: beta = 1/3 (cov 2/5 over
    # var 6/5), x = 4/3, 2/3, 4/3, 2/3, -2/3, 2/3: mean 2/3, near the target 0.6
    high = paired([(1, 0), (1, 1), (1, 0), (1, 1), (0, 0), (1, 1)] * 75)
    assert high.mean == pytest.approx(2 / 3)
    assert C.skill(always).value < C.skill(high).value
    assert C.skill(always).value == pytest.approx(0.7175, abs=0.001)  # shrunk: 402.4/412


def test_skill_by_score_for_one_seat():
    # Scores (scoring max) around the random games' mean 3, sd 2: a = (s - 3)/4 =
    # 0.5, 0.25, -0.25, -0.75 and b = 0, -0.5, -0.25, 1.5. cov(a, b) < 0, so beta = 0 and
    # x = a: mean -0.0625; shrunk (-0.25 + 2.4)/16 = 0.134375.
    xs = [(5, 3), (4, 1), (2, 2), (0, 9)]
    p = paired(xs, n=1, by_score=True, score_sd=2.0, baseline=3.0)
    assert p.beta == 0.0
    assert p.mean == pytest.approx(-0.0625) and p.value == pytest.approx(0.134375)
    # scoring min: lower is better, the same pairs are better than random.
    q = paired(xs, n=1, by_score=True, score_sd=2.0, baseline=3.0, order="min")
    assert q.mean == pytest.approx(0.0625)
    # The deal decides the score and play adds 2 points (0.5 unit): beta = 1, x = 0.5 each,
    # however far the deals are from the mean; and x is clipped to [-1, 1].
    r = paired([(s + 2, s) for s in (0, 4, 8, 12)], n=1, by_score=True, score_sd=2.0, baseline=6.0)
    assert r.beta == pytest.approx(1.0) and r.improvements == pytest.approx([0.5] * 4)
    big = paired([(30, 0), (0, 0)], n=1, by_score=True, score_sd=2.0, baseline=0.0)
    assert big.improvements == pytest.approx([1.0, 0.0])


def test_the_control_variate_is_unbiased_and_never_noisier_than_pairing_or_not():
    """Simulated pairs, seed 0, N = 2,000 pairs of a 2-player game in which PIPMC wins 70%
    (true gain 0.4). Where the deal decides nothing (the random seat's result independent
    of PIPMC's) beta is near 0 and x's variance near var(a) = 0.84, half that of the paired
    differences a - b (0.84 + 1); where the deal decides (the same coin decides both, PIPMC
    turning 40% of the random seat's losses into wins) beta is near 1 and x's variance
    below var(a). The gain lies within 4 standard errors (sqrt(var/N) <= 0.021) of 0.4."""
    import random

    rng = random.Random(0)
    N = 2000
    free = paired([(float(rng.random() < 0.7), float(rng.random() < 0.5)) for _ in range(N)])
    assert free.beta < 0.1
    diffs = [x - y for x, y in zip(free.a, free.b, strict=True)]
    md = sum(diffs) / N
    var_d = sum((d - md) ** 2 for d in diffs) / (N - 1)
    assert free.variance < 0.6 * var_d
    assert abs(free.mean - 0.4) < 4 * (free.variance / N) ** 0.5
    tied = []
    for _ in range(N):
        r = float(rng.random() < 0.5)
        tied.append((1.0 if r else float(rng.random() < 0.4), r))
    dealt = paired(tied)
    var_a = sum((x - sum(dealt.a) / N) ** 2 for x in dealt.a) / (N - 1)
    assert dealt.beta > 0.5 and dealt.variance < var_a
    assert abs(dealt.mean - 0.4) < 4 * (dealt.variance / N) ** 0.5


def test_a_few_unlucky_pairs_do_not_make_skill_zero():
    """Four pairs in which the thinking player did no better than random: shrunk toward the
    prior, not zero, and the interval (the data's own) is wide, so sampling goes on."""
    p = paired([(0, 1), (1, 0), (0, 0), (0, 0)])  # mean improvement 0
    est = C.skill(p)
    assert 0 < est.value < 0.3 and est.half_width > 0.3


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


# --- live_rules -----------------------------------------------------------------------------


def test_live_rules_is_the_share_of_conditions_that_took_both_values():
    # 4 conditions: both values, only true, only false, never reached -> 1 alive of 4
    assert C.live_rules([3, 2, 1, 0]) == C.Estimate(0.25, 0.25, 1.0)
    assert C.live_rules([3, 3]) == C.Estimate(1.0, 1.0, 1.0)
    assert C.live_rules([]) == C.Estimate(1.0, 1.0, 1.0)  # no condition: nothing dead


def test_termination_in_the_gate_band_is_ramped_not_cut():
    """With min_termination 0.9 and a band of 0.2, a share s below 0.9 counts as
    s * (s - 0.7) / 0.2: continuous at the gate (0.9 -> 0.9) and at the band's bottom
    (0.7 -> 0), so a game near the gate is judged by how far below it lies."""
    from evogame.fitness.components import termination

    class T:
        def __init__(self, terminated, games):
            self.terminated, self.games = terminated, games

    assert termination(T(95, 100), 0.9, 0.2).value == pytest.approx(0.95)  # above: as is
    est = termination(T(81, 100), 0.9, 0.2)
    assert est.value == pytest.approx(0.81 * 0.11 / 0.2)
    assert est.lo < est.value < est.hi < 0.9  # both ends ramped alike
    assert termination(T(60, 100), 0.9, 0.2).value == 0.0  # below the band: 0
    assert termination(T(81, 100)).value == pytest.approx(0.81)  # no band: the share
    # the gate itself then fails only games surely below the band's bottom
    from evogame.fitness.evaluate import _ends_too_rarely

    assert not _ends_too_rarely(T(81, 100), 0.7)
    assert _ends_too_rarely(T(55, 100), 0.7)
