"""`components.thinker_fairness`: the PIPMC player's win share by seat (issue 35 item 2)."""

from __future__ import annotations

import pytest

from evogame.fitness import components as C
from evogame.fitness.evaluate import evaluate
from evogame.fitness.profile import load_profile, parse_profile
from evogame.lang import parse_text as parse
from tests.fitness.seat_variants import TEMPO_RACE, scopa_capture_or, symmetric_race
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
    reason="the seat gap is there and is seen, but it is too small to pay back what the "
    "variant gains: equal PIPMC players split it 0.325 / 0.675 at 1 rollout (400 games; "
    "0.490 / 0.510 at 3), the equals phase's 32 games under default catch it at seeds 2 and 3 "
    "only (fairness 0.91, 0.56), and even a sure 0.675 share gives fairness 0.65, a factor "
    "0.65^(1/11) = 0.96, where the variant outscores scopa by 0.02-0.08 on branching, "
    "no_draw, agency and skill (docs/judge.md, 'Fairness among equal thinkers')",
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


# --- equal thinkers in every seat (`evaluate._equals_phase`) ---------------------------------

EQUAL_GAMES = 48


def equals_profile(games: int = EQUAL_GAMES, budget: int = 0) -> object:
    """Fairness and skill (the equals phase seats the skill phase's searcher), small
    random and PIPMC samples, `games` equal-thinker games (0: the phase off) within
    `budget` engine work (0: none)."""
    return parse_profile(
        {
            "gates": {"games": 40},
            "random": {"batch": 200, "min_games": 400, "max_games": 400},
            "pipmc": {"rollouts": 3, "horizon": 10, "batch": 12, "min_games": 24, "max_games": 24},
            "equals": {"games": games, "budget": budget},
            "components": {"fairness": {}, "skill": {}},
        },
        "test",
    )


def test_a_seat_only_equal_thinkers_exploit_is_caught():
    """TEMPO_RACE favours seat 0 only between players who both play for the goal. Its
    equal-thinker share from seat 0 is about 0.98 (1 rollout, 200 games; 0.85 with 3); at
    48 games the seats' Wilson 95% intervals stay apart unless seat 0 wins fewer than
    about 31 of 48, so every seed here must catch it (even at 0.85 that is 4 standard
    deviations away). Random play and the thinker against random players do not (their
    values before the phase)."""
    for seed in range(3):
        off = evaluate(parse(TEMPO_RACE), equals_profile(0), seed, "tempo")
        on = evaluate(parse(TEMPO_RACE), equals_profile(), seed, "tempo")
        assert off.games["equals"] == 0 and on.games["equals"] == EQUAL_GAMES, seed
        share = on.details["equals_win_share_by_seat"]
        assert share[0] > 0.64 > 0.36 > share[1], seed
        assert on.details["equals_seat_fairness"] < 0.8, seed
        # the earlier measures leave it (nearly) fair; the equals games do not
        assert off.components["fairness"][0] > 0.85, seed
        assert round(on.components["fairness"][0], 4) == on.details["equals_seat_fairness"], seed
        assert on.components["fairness"][0] < off.components["fairness"][0] - 0.1, seed
        # the same evaluation twice: the same games
        assert on == evaluate(parse(TEMPO_RACE), equals_profile(), seed, "tempo")


def test_a_symmetric_game_between_equal_thinkers_is_not_flagged():
    """The race removed (`symmetric_race`), equal thinkers split the games (400 games:
    0.520 against 0.480): at 48 games the two-seat test fires by chance with about 5%
    probability per evaluation (the seats' shares add up to 1, so it is the test of
    seat 0's share against 1/2), so these fixed seeds must leave fairness as it was."""
    text = symmetric_race()
    for seed in range(3):
        off = evaluate(parse(text), equals_profile(0), seed, "sym")
        on = evaluate(parse(text), equals_profile(), seed, "sym")
        assert on.games["equals"] == EQUAL_GAMES, seed
        assert on.details["equals_seat_fairness"] == 1.0, seed
        assert on.components["fairness"] == off.components["fairness"], seed
        assert abs(on.details["equals_win_share_by_seat"][0] - 0.5) < 0.14, seed


def test_equals_stops_at_its_budget_in_whole_rotations():
    work = evaluate(parse(TEMPO_RACE), equals_profile(), 0, "tempo").details["work"]["equals"]
    ev = evaluate(parse(TEMPO_RACE), equals_profile(budget=int(work) * 5 // 48), 0, "tempo")
    assert 0 < ev.games["equals"] < EQUAL_GAMES and ev.games["equals"] % 2 == 0
    assert "equals" in ev.details["budget_reached"]
    ev = evaluate(parse(TEMPO_RACE), equals_profile(budget=1), 0, "tempo")
    assert ev.games["equals"] == 0 and ev.details["equals_games"] == 0


def test_equals_reports_each_seat_s_share_of_the_worst_result():
    """Pairs has one loser and three sharing the win: the equal thinkers' loss shares
    (reported, not weighed: docs/judge.md, "Round 62 (s62c)") sum to 1, and each seat's win
    share is (1 - its loss share)/3, the loss gap shrunk three times."""
    ev = evaluate(parse(_seed("pairs")), load_profile("default"), 0, "pairs")
    loss, win = ev.details["equals_loss_share_by_seat"], ev.details["equals_win_share_by_seat"]
    assert len(loss) == 4 and abs(sum(loss) - 1) < 1e-3
    for lo, w in zip(loss, win, strict=True):
        assert abs(w - (1 - lo) / 3) < 1e-3
