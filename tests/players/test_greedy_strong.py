"""The greedy player, the strong player (PIPMC with greedy play-outs), native and Python."""

from __future__ import annotations

import random

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file, parse_text
from evogame.players import make_player
from evogame.players.greedy import greedy_choice, greedy_keys
from evogame.simulate import play_one, simulate
from tests.conftest import SEEDS

# One seat, one storage: a move adds 1, 2 or 3 to it. The least change is +1; the score
# (the storage) does not enter a one-seat game's key, so greedy takes +1.
STEPS = """(game
  (setup (create players 1)
    (create deck (game hloc STOCK) (deck (RANK (SEVEN, EIGHT)))))
  (do ((set (game sto TOTAL) 0)))
  (stage player (end (>= (game sto TOTAL) 6))
    (choice ((inc (game sto TOTAL) 3)
             (inc (game sto TOTAL) 1)
             (inc (game sto TOTAL) 2))))
  (scoring max (game sto TOTAL)))"""


def test_greedy_takes_the_least_change():
    game = compile_game(parse_text(STEPS))
    st = game.new_state(0)
    keys = greedy_keys(st)
    assert [k[1] for k in keys] == [-3, -1, -2]
    assert greedy_choice(st) == 1


def test_greedy_lays_more_cards_than_random_in_the_game():
    # The Game, 3 players: a random team lays about 13 cards, a greedy one over 60
    game = compile_game(parse_file(SEEDS / "the-game.rcy"))
    greedy = [make_player("greedy")] * 3
    rand = [make_player("random")] * 3
    g = [play_one(game, greedy, i, 1).scores[0] for i in range(6)]
    r = [play_one(game, rand, i, 1).scores[0] for i in range(6)]
    assert min(g) > max(r)


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize(
    ("name", "specs", "games"),
    [
        ("gops", ["strong", "random"], 2),
        ("gops", ["strong", "pipmc"], 1),
        ("golf-wrap", ["strong"], 1),
        ("crazy-eights", ["strong", "strong", "random", "random"], 2),
    ],
)
def test_strong_plays_natively_as_in_python(name, specs, games):
    ast = parse_file(SEEDS / f"{name}.rcy")
    budgets = {"rollouts": 2}
    runs = [
        simulate(ast, specs, games, seed=5, budgets=budgets, rotate=True, backend=b).to_json()
        for b in ("native", "python")
    ]
    assert runs[0] == runs[1]


def test_strong_keeps_the_greedy_move_without_evidence():
    # one world: no standard error to go by, so only a move better in that world (mean
    # > 0 with zero spread) could replace the greedy move; with the worlds all agreeing
    # the strong player's pick is the greedy one or strictly better there
    game = compile_game(parse_file(SEEDS / "the-game.rcy"))
    st = game.new_state(3)
    p = make_player("strong", rollouts=1)
    a = p.choose(st, random.Random(0))
    assert a in p.last_values
    assert p.last_values[a] == max(p.last_values.values())
