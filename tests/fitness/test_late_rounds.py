"""Rounds played after the only round that scores (`evogame.fitness.late_rounds`), read
from the rules and confirmed by play."""

from __future__ import annotations

from evogame.engine.game import compile_game
from evogame.fitness import late_rounds as L
from evogame.fitness import settled
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import late_variants as V
from tests.fitness.variants import _edit, _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(L.GAMES)]
#: Agram's award: the winner of trick DECIDE (or of the last, when DECIDE is beyond it)
AWARD = "((or (== (game sto TRICK) 'DECIDE)"


def _found(text: str) -> list:
    return L.defects(compile_game(parse_text(text)), DEALS)


def test_the_late_trick_is_named_at_the_trick_loop_and_not_in_the_seed():
    text = V.agram_one_trick_late()
    (d,) = _found(text)
    assert d.check == "late_rounds.rounds_after_award"
    assert "no score changes after pass 6" in d.message and "TRICK == 6" in d.message
    line, col = map(int, d.where.split(":"))
    at = "\n".join(text.splitlines()[line - 1 :])[col - 1 :]
    assert at.startswith("(stage player\n  (end (all player 'P (== (size ('P iloc HAND)) 0)))")
    assert _found(_seed("agram")) == []


def test_settled_alone_does_not_name_one_late_trick():
    """Why the check: 3 settled decisions of 21 is under `settled`'s quarter."""
    game = compile_game(parse_text(V.agram_one_trick_late()))
    assert settled.defects(game, DEALS[: settled.GAMES]) == []


def test_the_last_trick_deciding_is_not_named():
    """DECIDE beyond HAND: the `or`'s second part makes the last trick (7) decide."""
    text = _edit(V.agram_one_trick_late(), ("(declare 6 'DECIDE)", "(declare 9 'DECIDE)"))
    ((_s, t, last, _w),) = L.candidates(parse_text(text))
    assert (t, last) == ("TRICK", 9)
    assert _found(text) == []


def test_an_award_the_counter_does_not_guard_is_not_a_candidate():
    """Every trick scores (the guard dropped): later tricks change the score."""
    text = _edit(
        V.agram_one_trick_late(),
        (AWARD, "((or (>= (game sto TRICK) 'DECIDE)"),
    )
    assert L.candidates(parse_text(text)) == []


def test_a_counter_written_elsewhere_is_not_a_candidate():
    """A counter set back inside the loop no longer counts the loop's passes."""
    text = _edit(
        V.agram_one_trick_late(),
        (
            "(cycle next (owner",
            "((> (game sto TRICK) 'HAND) (set (game sto TRICK) 0))\n (cycle next (owner",
        ),
    )
    assert L.candidates(parse_text(text)) == []


def test_a_scoring_that_reads_places_is_not_a_candidate():
    text = _edit(
        V.agram_one_trick_late(),
        (
            "(scoring max ((current player) sto WON))",
            "(scoring max (+ ((current player) sto WON) (size ((current player) iloc HAND))))",
        ),
    )
    assert L.candidates(parse_text(text)) == []


def test_no_real_file_plays_rounds_after_its_award():
    """None of the 95 real files is named; Agram is the one candidate (trick 6 of 6)."""
    named, cands = {}, []
    for p in real_files():
        game = parse_file(p)
        if L.candidates(game):
            cands.append(p.name)
            if found := L.defects(compile_game(game), DEALS):
                named[p.name] = found
    assert named == {} and cands == ["agram.rcy"]
