"""A choice that can be taken again and again in one turn (`evogame.fitness.repeats`)."""

from __future__ import annotations

from evogame.fitness.repeats import endless_items
from evogame.lang import parse_text
from tests.fitness import variants as V
from tests.fitness.variants import _seed


def test_a_draw_beside_plays_that_each_end_the_turn_is_named():
    (d,) = endless_items(parse_text(V.the_game_simple_free_draw()))
    assert "again and again" in d.message
    assert not endless_items(parse_text(_seed("the-game-simple")))


def test_a_guarded_draw_is_a_rule_of_when_to_draw():
    draw = "((move (top (game hloc DRAW)) (top ((current player) iloc HAND)))"
    text = V.the_game_simple_free_draw()
    assert text.count(draw) == 1
    text = text.replace(draw, "(((> (size (game hloc DRAW)) 40) " + draw[1:] + ")")
    assert endless_items(parse_text(text)) == []


def test_a_pass_whose_body_may_end_the_stage_anyway_is_left_alone():
    # Pairs: a draw that sets nothing, then a test for a pair that ends the turn
    assert endless_items(parse_text(_seed("pairs"))) == []
