"""The engine's coverage flag records which values each condition of the rules took."""

from __future__ import annotations

from evogame.engine import compile_game
from evogame.engine.coverage import FALSE_SEEN, TRUE_SEEN, conditions
from evogame.lang import ast as A
from evogame.lang import parse_text
from evogame.players import RandomPlayer
from evogame.simulate import play_one

# Two players take turns drawing from STOCK until it is empty; a drawn TWO scores (a guard
# that varies), a card of the attribute COLOUR, which no card has, never does (dead), and
# the filter's test of a card against RANK THREE, which no card is, is always false (dead).
GAME = """(game (setup (create players 2)
  (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)) (SUIT (A, B, C)))))
  (do ((shuffle (game vloc STOCK))))
  (stage player (end (== (size (game vloc STOCK)) 0))
    (choice ((move (top (game vloc STOCK)) (top ((current player) vloc HAND)))))
    (do (((== (cardatt RANK (top ((current player) vloc HAND))) TWO)
          (inc ((current player) sto S) 1))
         ((== (cardatt COLOUR (top ((current player) vloc HAND))) RED)
          (inc ((current player) sto S) 5))
         ((> (size (filter ((current player) vloc HAND) 'C (== (cardatt RANK 'C) THREE))) 0)
          (inc ((current player) sto S) 9)))))
  (scoring max ((current player) sto S)))"""


def test_conditions_are_the_guards_filters_ensures_and_stage_ends():
    ast = parse_text(GAME)
    kinds = [type(c).__name__ for c in conditions(ast)]
    assert kinds == ["IntCmp", "StrCmp", "StrCmp", "IntCmp", "StrCmp"]
    assert conditions(ast)[0] is next(n for n in A.walk(ast) if isinstance(n, A.Stage)).end


def test_a_condition_that_never_varies_is_recorded_as_dead():
    game = compile_game(parse_text(GAME), coverage=True)
    for i in range(20):
        play_one(game, [RandomPlayer()] * 2, i, seed=1)
    both = FALSE_SEEN | TRUE_SEEN
    # stage end, RANK TWO: vary; COLOUR RED: always false; the filter's test and the
    # guard on its size: always false
    assert game.compiler.hits == [both, both, FALSE_SEEN, FALSE_SEEN, FALSE_SEEN]
