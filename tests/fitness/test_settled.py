"""Play that goes on after the result is fixed (`evogame.fitness.settled`), found by play."""

from __future__ import annotations

from evogame.engine.game import compile_game
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.settled import GAMES, MIN_SETTLED, _play, defects, settled_play, settled_share
from evogame.lang import parse_file, parse_text
from tests.conftest import require_shared, shared_files
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.settled_variants import agram_dealt_nine
from tests.fitness.variants import _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]


def _settled(text: str, seeds: list[int] = DEALS):
    return settled_play(compile_game(parse_text(text)), seeds)


def test_agram_dealt_nine_plays_three_tricks_for_nothing():
    """9 of the 27 decisions come after the 6th trick, the only one that scores."""
    game = compile_game(parse_text(agram_dealt_nine()))
    assert [settled_share(game, s) for s in DEALS] == [9 / 27] * GAMES
    (d,) = defects(game, DEALS)
    assert d.check == "settled.settled_play"
    assert d.message.startswith(f"in {GAMES} of {GAMES} sampled games no score changes")
    assert d.where.startswith("82:")  # the scoring


def test_the_seed_is_decided_by_its_last_trick():
    game = compile_game(parse_text(_seed("agram")))
    assert [settled_share(game, s) for s in DEALS] == [0.0] * GAMES
    assert _settled(_seed("agram")) == []


def test_a_tail_that_could_still_score_is_not_settled():
    """CARDSTOCK's Go Fish for 4: the last book may come early and the asking goes on (a
    tail of 47% and 63% of the decisions in 2 of the 6 games), but a book could still be
    made (the rollouts make one), so no game is settled early."""
    require_shared()
    game = compile_game(parse_file(shared_files("GoFish4.rcy")[0]))
    raw = []
    for s in DEALS:
        actions, last, _ = _play(game, s)
        raw.append((len(actions) - last) / len(actions))
    assert sum(r >= MIN_SETTLED for r in raw) >= 2  # the tail is there in play
    assert [settled_share(game, s) for s in DEALS] == [0.0] * GAMES


def test_too_few_games_are_not_judged():
    assert _settled(agram_dealt_nine(), DEALS[:3]) == []


def test_no_real_game_plays_on_after_its_result():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) is named."""
    assert real_files_flagged(lambda game: settled_play(compile_game(game), DEALS)) == {}


def test_agram_dealt_nine_falls_below_its_seed():
    """The variant loses to its seed at evaluation seed 0 (bench_loopholes: seeds 0-4;
    before this check it beat the seed at every one, 0.916-0.927 against 0.865-0.875)."""
    from evogame.fitness import evaluate, load_profile

    prof = load_profile("default")
    real = evaluate(parse_text(_seed("agram")), prof, seed=0, name="agram")
    broken = evaluate(parse_text(agram_dealt_nine()), prof, seed=0, name="v")
    assert broken.fitness < real.fitness
    assert any("the result is fixed" in d for d in broken.details["defects"])
    assert not any("the result is fixed" in d for d in real.details["defects"])
