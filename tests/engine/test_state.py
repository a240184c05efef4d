"""`evogame.engine.state`'s result helpers: the shares of the best and the worst score."""

from __future__ import annotations

from evogame.engine.state import loss_shares, win_shares


def test_loss_shares_split_the_worst_score_among_its_seats():
    """The worst is the min when the best is the max, and the reverse; ties split it."""
    assert loss_shares([3, 1, 2, 1], "max") == [0.0, 0.5, 0.0, 0.5]
    assert loss_shares([3, 1, 2, 1], "min") == [1.0, 0.0, 0.0, 0.0]


def test_one_loser_shares_the_win_among_the_rest():
    """Pairs' result (1 for the loser, scoring min): the loser's loss share is 1 while the
    others' win shares are 1/3 each, so a seat's win share is (1 - its loss share)/3."""
    scores = [0, 1, 0, 0]
    assert loss_shares(scores, "min") == [0.0, 1.0, 0.0, 0.0]
    assert win_shares(scores, "min") == [1 / 3, 0.0, 1 / 3, 1 / 3]


def test_a_draw_is_everyone_s_loss_and_win_alike():
    assert loss_shares([2, 2, 2], "max") == win_shares([2, 2, 2], "max") == [1 / 3] * 3
