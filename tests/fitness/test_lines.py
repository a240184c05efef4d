"""Loss lines (`evogame.fitness.lines`): the seat quantities a game's end or result compares
with a constant, which side of them loses, and how near a seat is; and the careful player
that sees them (`evogame.fitness.careful`)."""

from __future__ import annotations

import random

import pytest

from evogame.engine.game import compile_game
from evogame.fitness import careful as K
from evogame.fitness.careful import careful_choice, careful_play, random_game
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.lines import candidates, compile_lines, line_change, loss_lines
from evogame.lang import parse_text, to_text
from tests.fitness import careful_variants as V
from tests.fitness.variants import _edit, _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(K.GAMES)]

#: Two players take cards in turn or wait; holding 3 or more at the end loses, 4 ends it.
TAKE = """(game
 (declare 4 'ENOUGH)
 (setup
  (create players 2)
  (create deck (game hloc STOCK)
          (deck (RANK (TWO, THREE, FOUR, FIVE)) (SUIT (CLUBS, HEARTS)))))
 (do ((shuffle (game hloc STOCK))))
 (stage player
  (end (any player 'P (>= (size ('P vloc TAKEN)) 'ENOUGH)))
  (choice
   ((move (top (game hloc STOCK)) (top ((current player) vloc TAKEN)))
    ((< 0 (size ((current player) vloc TAKEN))) (set (game sto WAITS) 1))))
  (do (((> (size ((current player) vloc TAKEN)) 1) (set (game sto SEEN) 1)))))
 (do ((all player 'P ((< 2 (size ('P vloc TAKEN))) (set ('P sto LOST) 1)))))
 (scoring min ((current player) sto LOST)))
"""


def _game(text: str):
    return compile_game(parse_text(text))


def _finals(game):
    return [st for s in DEALS if (st := random_game(game, s)) is not None]


def test_the_lines_are_the_end_and_the_result_rules():
    """The game's end and the rule after it are lines (the constant on either side, a
    declared value as a constant); the choice's guard and a guard in a stage that writes
    nothing scored are not."""
    found = candidates(parse_text(TAKE))
    texts = [(to_text(q), op.value, to_text(t), seat) for _, op, q, t, seat in found]
    assert texts == [
        ("(size ('P vloc TAKEN))", ">=", "'ENOUGH", "P"),
        ("(size ('P vloc TAKEN))", ">", "2", "P"),  # (< 2 Q) read as (> Q 2)
    ]


def test_a_guard_in_play_that_writes_a_scored_storage_is_a_line():
    """An elimination during play: the current player's flag, set inside the stage."""
    text = _edit(TAKE, ("(set (game sto SEEN) 1)", "(set ((current player) sto LOST) 1)"))
    found = candidates(parse_text(text))
    assert [(to_text(q), seat) for _, _, q, _, seat in found] == [
        ("(size ('P vloc TAKEN))", "P"),
        ("(size ((current player) vloc TAKEN))", None),
        ("(size ('P vloc TAKEN))", "P"),
    ]


def test_margins_count_what_is_left_before_the_line():
    """``(>= Q 4)``: 4 - Q; ``(> Q 2)``: 3 - Q; each seat's own, whoever is to move."""
    game = _game(TAKE)
    end, loss = compile_lines(game)
    st = game.new_state(0)
    assert [end.margin(st, s) for s in (0, 1)] == [4, 4]
    assert [loss.margin(st, s) for s in (0, 1)] == [3, 3]
    for _ in range(3):  # seat 0 takes 2, seat 1 takes 1
        st.apply_action(0)
    assert [end.margin(st, s) for s in (0, 1)] == [2, 3]
    assert [loss.margin(st, s) for s in (0, 1)] == [1, 2]
    work = st.work
    loss.margin(st, 1)
    assert st.work == work and st.current_player() == 1  # reading leaves no trace


def test_line_change_is_the_share_of_the_margin_used():
    assert line_change(4, 4) == 0.0
    assert line_change(4, 2) == -0.5
    assert line_change(4, 0) == line_change(4, -3) == -1.0  # reaches or crosses the line
    assert line_change(2, 4) == 1.0  # away from it
    assert line_change(0, -1) == line_change(-2, 5) == 0.0  # over it already
    assert line_change(None, 1) == line_change(3, None) == 0.0


def test_the_losing_side_is_read_from_play():
    """Holding 3 loses: both lines are loss lines. When holding 3 wins instead (the flag
    is a win under ``scoring max``), neither is."""
    game = _game(TAKE)
    assert [to_text(x.node) for x in loss_lines(game, _finals(game))] == [
        "(>= (size ('P vloc TAKEN)) 'ENOUGH)",
        "(< 2 (size ('P vloc TAKEN)))",
    ]
    wins = _game(_edit(TAKE, ("(scoring min", "(scoring max")))
    assert loss_lines(wins, _finals(wins)) == []
    assert loss_lines(game, []) == []


def test_a_line_no_final_position_crosses_is_not_a_loss_line():
    """A second losing rule at more than 8 cards, of 8: every seat ends under it, so play
    says nothing of its side and it is not read; the other two still are."""
    rule = "(all player 'P ((< 2 (size ('P vloc TAKEN))) (set ('P sto LOST) 1)))"
    more = " (all player 'P ((> (size ('P vloc TAKEN)) 8) (set ('P sto LOST) 1)))"
    game = _game(_edit(TAKE, (rule, rule + more)))
    assert len(compile_lines(game)) == 3
    assert [to_text(x.node) for x in loss_lines(game, _finals(game))] == [
        "(>= (size ('P vloc TAKEN)) 'ENOUGH)",
        "(< 2 (size ('P vloc TAKEN)))",
    ]


PAIRS_FREE = V.pairs_pair_free()


def test_a_careful_player_that_sees_the_line_draws_when_drawing_is_free():
    """Pairs whose pair costs nothing, at its first decision: folding adds points below
    the limit (no score changes) and drawing never does; seeing the loss line the careful
    player always draws, reading the score alone it takes either."""
    game = _game(PAIRS_FREE)
    lines = loss_lines(game, _finals(game))
    assert len(lines) == 2
    st = game.new_state(DEALS[0])
    assert st.num_actions() == 2  # draw, fold
    assert {careful_choice(st, random.Random(s), lines=lines) for s in range(20)} == {0}
    assert {careful_choice(st, random.Random(s)) for s in range(20)} == {0, 1}


def test_the_variant_is_named_only_with_the_lines(monkeypatch):
    """Without the lines most careful games of the variant end (the deck runs short),
    and it is not named; with them it is; Pairs itself is not named either way."""
    game = _game(PAIRS_FREE)
    (d,) = careful_play(game, DEALS)
    assert "do not end 2 of the 2 sampled games" in d.message
    monkeypatch.setattr(K, "loss_lines", lambda game, finals: [])
    assert careful_play(game, DEALS) == []
    assert careful_play(_game(_seed("pairs")), DEALS) == []


@pytest.mark.parametrize("text", [_seed("pairs"), TAKE])
def test_compiling_lines_leaves_the_game_as_it_was(text):
    """The lines are compiled with the game's own compiler: its games play the same."""
    game = _game(text)
    before = [(st.decisions, st.scores()) for st in _finals(game)]
    nvars, slots = game.compiler.nvars, game.compiler.var_slots[:]
    assert compile_lines(game)
    assert (game.compiler.nvars, game.compiler.var_slots) == (nvars, slots)
    assert [(st.decisions, st.scores()) for st in _finals(game)] == before


@pytest.mark.parametrize(
    ("cmp", "at_start", "after_two"),
    [
        ("(< (size ('P vloc TAKEN)) 2)", -1, 1),  # Q - T + 1
        ("(<= (size ('P vloc TAKEN)) 2)", -2, 0),  # Q - T
        ("(> 2 (size ('P vloc TAKEN)))", -1, 1),  # the constant first: (< Q 2)
        ("(>= (size ('P vloc TAKEN)) 2)", 2, 0),  # T - Q
    ],
)
def test_margins_below_and_above(cmp, at_start, after_two):
    """A line that holds below its threshold is crossed going down; seat 0's margin at the
    start (nothing taken) and after it has taken two cards."""
    game = _game(_edit(TAKE, ("(< 2 (size ('P vloc TAKEN)))", cmp)))
    line = compile_lines(game)[1]
    st = game.new_state(0)
    assert line.margin(st, 0) == at_start
    for _ in range(3):
        st.apply_action(0)
    assert line.margin(st, 0) == after_two
