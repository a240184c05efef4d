"""A way to end the game that leaves the win shared (`evogame.fitness.shared_ends`), found
by play."""

from __future__ import annotations

from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.shared_ends import FIRST, GAMES, defects, endings, shared_ends, ways_to_end
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS as SEED_FILES
from tests.conftest import require_shared, shared_files
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.shared_end_variants import RED7_END, red7_ends_when_hands_run_out
from tests.fitness.variants import _edit, _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]


def test_red7_ending_when_hands_run_out_is_named_at_that_way():
    text = red7_ends_when_hands_run_out()
    (d,) = defects(parse_text(text), DEALS)
    assert d.check == "shared_ends.shared_ends"
    assert "each with the win shared" in d.message
    line, col = map(int, d.where.split(":"))
    at = "\n".join(text.splitlines()[line - 1 :])[col - 1 :]
    assert at.startswith("(<= (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1)")


def test_the_seed_and_its_end_alone_are_left_alone():
    """Red7 itself has one way to end (nothing to compare); or'd with a way that ends no
    sampled game (the deck empty), only one way ends games, and nothing is named."""
    assert ways_to_end(parse_text(_seed("red7"))) == []
    assert defects(parse_text(_seed("red7")), DEALS) == []
    other = _edit(
        _seed("red7"),
        (
            RED7_END,
            "(end (or (== (size (game hloc DECK)) 0)\n"
            "            (== (size (filter player 'P (== ('P sto OUT) 0))) 1)))",
        ),
    )
    assert defects(parse_text(other), DEALS) == []


def test_too_few_games_are_not_judged():
    """With the first two deals only, the hand-count way cannot end `NEED` games."""
    assert shared_ends(parse_text(red7_ends_when_hands_run_out()), DEALS[:2]) == []


def test_the_sample_grows_only_for_a_suspect_way():
    """A game with two ways, neither suspect, is judged on its first games alone."""
    require_shared()
    game = parse_file(shared_files("KuhnPoker2.rcy")[0])
    played = endings(game, DEALS[:FIRST])
    assert played is not None and len(played) == FIRST
    assert len({h for h, _ in played}) >= 2  # two ways or more end games
    assert not any(s for _, s in played)


def test_a_cooperative_game_is_not_judged():
    """The Game's seats share one result: every game is "shared", by design."""
    game = parse_file(SEED_FILES / "the-game.rcy")
    assert game.scoring.cooperative and len(ways_to_end(game)) >= 2
    assert defects(game, DEALS) == []


def test_no_real_game_ends_with_a_shared_win_by_one_way_only():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) is named."""
    assert real_files_flagged(lambda game: defects(game, DEALS)) == {}
