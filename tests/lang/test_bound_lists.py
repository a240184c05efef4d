"""A ``let`` or ``declare`` over a location or a team binds, in CARDSTOCK, the list it
holds (a location's cards, read live; a team's players), not the place or the team
(`GameIterator.ProcessTyped`): a location's read, the two agree; written through, or a
team's read at all, CARDSTOCK fails or does nothing, and `check` refuses it where it is
used (`evogame.lang.check._bound_list`). That both engines then play the reads alike is
`tests/native/test_differential.py::test_lets_over_a_location_play_the_same`."""

from __future__ import annotations

import pytest

from evogame.lang import RecycleError, parse_text

GAME = """
(game
 {declare}
 (setup (create players 4) (create teams (0, 2) (1, 3))
        (create deck (game vloc STOCK) (deck (RANK (A, B, C)) (SUIT (X, Y)))))
 (stage player
  (end (== (size (game vloc STOCK)) 0))
  (do ({action} (move (top (game vloc STOCK)) (top (game vloc PILE))))))
 (scoring max ((current player) sto S)))
"""


def game(action: str, declare: str = "") -> str:
    return GAME.format(action=action, declare=declare)


PUT = "a card put into it; name the location itself"
TEAM = "cannot read back (as a team or as a collection: an exception); name the team itself"

REFUSED = [
    ("(let (game vloc PILE) 'L (move (top (game vloc STOCK)) (top 'L)))", PUT),
    ("(let (game vloc PILE) 'L (move (top (game vloc STOCK)) (bottom 'L)))", PUT),
    ("(let (game vloc PILE) 'L (move (top (game vloc STOCK)) (actual (top 'L))))", PUT),
    ("(let (game mem M) 'L (remember (top (game vloc STOCK)) (top 'L)))", PUT),
    ("(let (game mem M) 'L (forget (top 'L)))", "not a card forgotten from it"),
    ("(let (game vloc STOCK) 'L (shuffle 'L))", "not shuffled;"),
    ("(let (current team) 'T (inc ('T sto S) 1))", TEAM),
    ("(let (current team) 'T ((== 'T (current team)) (inc (game sto S) 1)))", TEAM),
    ("(let (current team) 'T (all 'T 'P (inc ('P sto S) 1)))", TEAM),
    ("(let (current team) 'T (inc (game sto S) (size 'T)))", TEAM),
    # an inner binder of another name does not hide it
    (
        "(let (game vloc PILE) 'L (all (range 1..2) 'I (move (top (game vloc STOCK)) (top 'L))))",
        PUT,
    ),
]


@pytest.mark.parametrize(("action", "says"), REFUSED, ids=range(len(REFUSED)))
def test_a_bound_list_used_as_the_place_or_the_team_is_refused(action: str, says: str):
    with pytest.raises(RecycleError, match="is bound by a let to a") as e:
        parse_text(game(action))
    assert says in str(e.value)


def test_a_declared_location_written_through_is_refused_too():
    with pytest.raises(RecycleError, match="bound by a declare to a location") as e:
        parse_text(game("(move (top (game vloc STOCK)) (top 'D))", "(declare (game vloc PILE) 'D)"))
    assert PUT in str(e.value)


ACCEPTED = [
    "(let (game vloc STOCK) 'L (move (top 'L) (top (game vloc PILE))))",  # a card taken
    "(let (game vloc STOCK) 'L (inc (game sto S) (size 'L)))",
    "(let (game vloc STOCK) 'L (all (filter 'L 'C (== (cardatt SUIT 'C) X)) 'C (inc (game sto S) 1)))",
    "(let (current team) 'T (inc (game sto S) 1))",  # bound, never read
    # a variable of the same name bound inside is another one: its location is written
    "(let (game vloc STOCK) 'L (all (range 1..1) 'L (move (top (game vloc STOCK)) (top (game vloc PILE)))))",
]


@pytest.mark.parametrize("action", ACCEPTED, ids=range(len(ACCEPTED)))
def test_a_bound_list_read_is_accepted(action: str):
    assert parse_text(game(action)) is not None


def test_the_same_writes_through_the_place_or_team_itself_are_accepted():
    """What is refused is the variable, not the write: the control for `REFUSED`."""
    for action, _says in REFUSED:
        head, body = action[len("(let ") : -1].split(" '", 1)
        var, body = body.split(" ", 1)
        direct = body.replace(f"'{var}", head)
        assert parse_text(game(direct)) is not None, direct
