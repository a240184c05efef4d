"""Rounds that do nothing after the first (`evogame.fitness.idle_rounds`), found by play."""

from __future__ import annotations

from evogame.engine.game import compile_game
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.idle_rounds import GAMES, idle_rounds, idle_tail
from evogame.lang import parse_text
from tests.fitness import variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]


def _idle(text: str, seeds: list[int] = DEALS):
    return idle_rounds(compile_game(parse_text(text)), seeds)


def test_a_round_loop_whose_later_passes_have_no_decision():
    (d,) = _idle(V.gops_bids_all_at_once())
    assert "first pass has a decision" in d.message
    assert d.where.startswith("52:")  # the round loop, not the bidding inside it


def test_a_stage_whose_later_entries_have_no_decision():
    (d,) = _idle(V.gops_trick_once())
    assert "first entry has a decision" in d.message


def test_rounds_that_each_decide_are_not_idle():
    assert _idle(_seed("gops")) == []
    assert _idle(_seed("the-game-simple")) == []  # a skipped turn among decisions


def test_too_few_games_are_not_judged():
    assert _idle(V.gops_bids_all_at_once(), DEALS[:3]) == []


def test_no_real_game_has_idle_rounds():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) has one."""
    assert real_files_flagged(lambda game: idle_rounds(compile_game(game), DEALS)) == {}


def test_a_round_loop_that_goes_on_after_play_stopped():
    """Round 51: the bidding stage ends on entry once a player has 31 points, the round
    loop goes on: the loop (52:2), not the bidding stage inside it, is named once."""
    from tests.fitness.round_variants import gops_bidding_stops_at_31

    (d,) = _idle(gops_bidding_stops_at_31())
    assert "passes have no decision" in d.message
    assert d.where.startswith("52:")


def test_an_idle_tail_in_under_half_the_games_is_not_named():
    """A bar of 50 (of 91) is reached with 2 or more prizes left in 2 of the 6 games (tails
    1, 1, 5, 0, 2, 0): not named; at 46 in 4 of 6 (2, 2, 5, 0, 4, 0): named."""
    from tests.fitness.round_variants import gops_bidding_stops_at_31

    assert _idle(gops_bidding_stops_at_31("50")) == []
    (d,) = _idle(gops_bidding_stops_at_31("46"))
    assert d.message.startswith("in 4 of 6 sampled games")


def test_the_tail_is_the_passes_after_the_last_decision():
    assert idle_tail([1, 1, 0, 0]) == 2
    assert idle_tail([1, 0, 1, 0]) == 1
    assert idle_tail([0, 0, 0]) == 0
    assert idle_tail([]) == 0


def test_the_idle_tail_beats_its_seed():
    """The variant loses to its seed at evaluation seed 0 (bench_loopholes: seeds 0-4)."""
    from evogame.fitness import evaluate, load_profile
    from tests.fitness.round_variants import gops_bidding_stops_at_31

    prof = load_profile("default")
    real = evaluate(parse_text(_seed("gops")), prof, seed=0, name="gops")
    broken = evaluate(parse_text(gops_bidding_stops_at_31()), prof, seed=0, name="v")
    assert broken.fitness < real.fitness
    assert any("passes have no decision" in d for d in broken.details["defects"])
