"""simulate(): reproducible, independent of the worker count, statistics with CIs."""

from __future__ import annotations

from evogame.lang import parse_text
from evogame.metrics.stats import wilson
from evogame.simulate import simulate

COIN = """(game (declare 2 'NUMP) (setup (create players 'NUMP)
  (create deck (game iloc STOCK) (deck (RANK (ACE, TWO)))))
  (do ((shuffle (game iloc STOCK))))
  (stage player (end (== (game sto DONE) 1))
    (choice ((move (top (game iloc STOCK)) (top ((current player) vloc WON)))
             (move (bottom (game iloc STOCK)) (top ((current player) vloc WON)))))
    (do ((set (game sto DONE) 1))))
  (do ((set (game points P) (((RANK : ACE) 1)))))
  (scoring max (sum ((current player) vloc WON) using (game points P))))"""


def test_same_seed_same_result_any_worker_count():
    ast = parse_text(COIN)
    a = simulate(ast, ["random", "random"], 1200, seed=9, workers=1).to_json()
    b = simulate(ast, ["random", "random"], 1200, seed=9, workers=2).to_json()
    assert a == b
    c = simulate(ast, ["random", "random"], 1200, seed=10, workers=1).to_json()
    assert c != a


def test_coin_game_win_share_matches_the_hand_computed_value():
    """Seat 0 draws the ace (wins) or the two (0-0 tie, half a win) with probability 1/2
    each: expected share 0.75. With 4,000 games the 95% Wilson interval has half-width
    about 0.013; the test asserts 0.75 lies inside it."""
    stats = simulate(parse_text(COIN), ["random", "random"], 4000, seed=1)
    lo, hi = stats.win_share_ci()[0]
    assert lo < 0.75 < hi
    assert stats.win_share()[1] + stats.win_share()[0] == 1.0
    assert stats.dec_min == stats.dec_max == 1


def test_wilson_interval_hand_computed():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_rotation_reports_per_player_but_turn_positions_by_position():
    """With --rotate the per-seat figures become per-player, while the win share by turn
    position must still be by position: in COIN the first mover wins 0.75 in expectation
    whoever sits there (4,000 games: Wilson half-width about 0.013)."""
    stats = simulate(parse_text(COIN), ["random", "random"], 4000, seed=3, rotate=True)
    first = stats.win_share_by_turn_position()[0]
    assert abs(first - 0.75) < 0.03
    assert abs(stats.win_share()[0] - 0.5) < 0.03  # each player moves first half the time
