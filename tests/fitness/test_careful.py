"""A game careful players need never finish (`evogame.fitness.careful`), found by play."""

from __future__ import annotations

import random

import pytest

from evogame.engine.game import compile_game
from evogame.fitness.careful import (
    GAMES,
    MIN_CAP,
    careful_choice,
    careful_game,
    careful_play,
    defects,
    end_now,
    ends,
    measure,
    random_decisions,
)
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_text
from tests.fitness import careful_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _edit, _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]

#: Two players take cards in turn or wait; a player holding 4 cards ends the game, and
#: every player holding 3 or more loses (the flag is set after the stage). Waiting costs
#: nothing, so careful players take two cards each and wait for ever.
TAKE_OR_WAIT = """(game
 (setup
  (create players 2)
  (create deck (game hloc STOCK)
          (deck (RANK (TWO, THREE, FOUR, FIVE)) (SUIT (CLUBS, HEARTS)))))
 (do ((shuffle (game hloc STOCK))))
 (stage player
  (end (any player 'P (>= (size ('P vloc TAKEN)) 4)))
  (choice
   ((move (top (game hloc STOCK)) (top ((current player) vloc TAKEN)))
    (set (game sto WAITS) (+ (game sto WAITS) 1)))))
 (do ((all player 'P ((>= (size ('P vloc TAKEN)) 3) (set ('P sto LOST) 1)))))
 (scoring min ((current player) sto LOST)))
"""

WAIT = "    (set (game sto WAITS) (+ (game sto WAITS) 1))"


def _game(text: str):
    return compile_game(parse_text(text))


def test_end_now_runs_the_ending_the_stage_in_progress_skips():
    """The losing flag is set only after the stage: the score as it stands says nothing,
    the score if play stopped now names the seat holding 3 cards."""
    game = _game(TAKE_OR_WAIT)
    st = game.new_state(0)
    for _ in range(4):  # both take two cards
        st.apply_action(0)
    assert end_now(st) == [0, 0]
    st.apply_action(0)  # seat 0 takes a third: lost, though the game goes on
    assert not st.terminal
    assert st.scores() == [0, 0] and end_now(st) == [1, 0]
    for _ in range(2):  # seat 1 waits, seat 0 takes a fourth: the end
        st.apply_action(st.num_actions() - 1 if st.current_player() == 1 else 0)
    assert st.terminal and end_now(st) == st.scores() == [1, 0]


def test_a_careful_player_never_takes_an_avoidable_loss():
    """At 2 cards each, taking loses and waiting does not: the careful choice is to wait,
    whatever its draws; with fewer cards either option is taken."""
    game = _game(TAKE_OR_WAIT)
    st = game.new_state(0)
    for _ in range(4):
        st.apply_action(0)
    assert {careful_choice(st, random.Random(s)) for s in range(20)} == {1}
    fresh = game.new_state(0)
    assert {careful_choice(fresh, random.Random(s)) for s in range(20)} == {0, 1}


def test_careful_players_never_end_take_or_wait():
    game = _game(TAKE_OR_WAIT)
    for seed in DEALS:
        r = random_decisions(game, seed)
        assert r is not None and r < MIN_CAP  # random players end it
        st = careful_game(game, seed, MIN_CAP)
        assert not ends(st) and st.decisions == MIN_CAP
        assert end_now(st) == [0, 0]  # nobody has lost: nobody took the third card
    (d,) = defects(game, DEALS)
    assert d.check == "careful.careful_play"
    assert d.where.startswith("7:")  # the stage that never ends
    assert d.message.startswith("careful players (each takes an option that can worsen")
    # named once half the 4 deals show it (the other 2 could not clear it)
    assert (
        f"do not end 2 of the 2 sampled games they played (2 still going after {MIN_CAP} "
        in d.message
    )


def test_a_game_that_makes_them_take_ends():
    """The same game without the wait: every careful game ends, nothing is named."""
    game = _game(_edit(TAKE_OR_WAIT, (WAIT, "")))
    assert all(ends(careful_game(game, s, MIN_CAP)) for s in DEALS)
    assert careful_play(game, DEALS) == []


#: (variant, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.pairs_fold_free,
        "(stage player\n  (end\n   (any player 'P",
        f"do not end 2 of the 2 sampled games they played (2 still going after {MIN_CAP}-220 decisions)",
    ),
    (
        V.pairs_pair_free,
        "(stage player\n  (end\n   (any player 'P",
        f"do not end 2 of the 2 sampled games they played (2 still going after {MIN_CAP}-210 decisions)",
    ),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_each_variant_is_found_where_it_is_and_not_in_its_seed(variant, at, says):
    """Pairs whose fold takes points when the folder likes and nothing else does (a fold
    that no longer ends the round; a pair that costs nothing): careful players stop
    folding before the limit (or, seeing the loss line, at once), and no deal's careful
    game ends (random games end in 17-28 decisions); named at the round loop, whose end
    nobody need reach."""
    text = variant()
    (d,) = defects(_game(text), DEALS)
    assert d.check == "careful.careful_play"
    assert says in d.message and "someone volunteers a loss" in d.message
    line, col = map(int, d.where.split(":"))
    assert "\n".join(text.splitlines()[line - 1 :])[col - 1 :].startswith(at)
    assert careful_play(_game(_seed(SEED_OF[text])), DEALS) == []


def test_every_variant_has_one_test():
    assert {f[0]() for f in FOUND} == set(SEED_OF)


def test_pairs_ends_with_careful_players():
    """The seed: a pair costs points and a fold ends the round, so careful games end (in
    7-24 decisions against 7-20 at random on these deals)."""
    game = _game(_seed("pairs"))
    rows = [measure(game, s) for s in DEALS]
    assert all(r is not None and r[1] is not None for r in rows)
    assert careful_play(game, DEALS) == []


def test_too_few_games_are_not_judged():
    game = _game(TAKE_OR_WAIT)
    assert careful_play(game, DEALS[:2]) == []


def test_no_real_game_is_left_unfinished_by_careful_players():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) is named."""
    assert real_files_flagged(lambda game: careful_play(compile_game(game), DEALS)) == {}


def test_a_careful_game_is_the_same_every_time():
    """The policy draws only from the deal's seed: a campaign resumed judges the same."""
    game = _game(_seed("pairs"))
    a, b = careful_game(game, DEALS[1], MIN_CAP), careful_game(game, DEALS[1], MIN_CAP)
    assert ends(a) and a.decisions == b.decisions and a.locs == b.locs and a.ints == b.ints
    other = careful_game(game, DEALS[2], MIN_CAP)
    assert (other.decisions, other.locs) != (a.decisions, a.locs)


def test_a_game_too_costly_to_look_at_is_not_judged(monkeypatch):
    """Past `WORK_BUDGET` of look-ahead work the check gives up: nothing is named."""
    import evogame.fitness.careful as K

    game = _game(TAKE_OR_WAIT)
    assert careful_play(game, DEALS) != []
    monkeypatch.setattr(K, "WORK_BUDGET", 50)
    assert careful_play(game, DEALS) == []
