"""`fitness.refills` (a turn's only refill of a hand whose size test fails on the empty
hand while the turn's play stops on it): Go Fish whose refill tests for one card (campaign
inv-25's rank 3, round 55), the forms of the test, the cases it must not name, and the real
files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import refills as R
from evogame.lang import parse_file, parse_text, to_line
from tests.fitness import refill_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

ONE = "(== (size ((current player) iloc HAND)) 1)"
FOUND = [
    (V.go_fish_refills_one_card, ONE, "this refill of ((current player) iloc HAND) draws only"),
]
#: inv-25's rank 3 (round 55): a blind reader's 3 against the seed's 5.
CAMPAIGN_FILE = Path("/work/runs-archive/s55/inv-25/best/03-1fc2c90d48abd4ca.rcy")
#: The seed's refill test, the start of the rule that draws for an empty hand.
REFILL = V.EMPTY_REFILL
#: The seed's "with nobody to ask, just draw" rule's test (fails at 0 on its own).
NOBODY = "((and (> (size ((current player) iloc HAND)) 0)\n"


def _named(text: str) -> list[str]:
    return [d.where for d in R.skipped_refills(parse_text(text))]


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_the_refill_is_found_where_it_is_and_not_in_the_seed(variant, at, says):
    assert_found_where_it_is(variant(), "go-fish", R.skipped_refills, R.defects, at, says, True)


def test_the_message_names_the_stage_that_ends():
    (d,) = R.skipped_refills(parse_text(V.go_fish_refills_one_card()))
    assert f"draws only when {ONE}, never when the place is empty" in d.message
    assert "the stage at 59:3 ends at once" in d.message  # the asking stage
    assert "its owner passes every turn" in d.message


def test_the_campaign_file_is_named_at_its_refill():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    assert _named(CAMPAIGN_FILE.read_text()) == ["43:14"]
    assert [d.where for d in R.defects(parse_file(CAMPAIGN_FILE))] == ["43:14"]


@pytest.mark.parametrize(
    ("test", "named"),
    [
        ("(== (size ((current player) iloc HAND)) 2)", True),
        ("(== 1 (size ((current player) iloc HAND)))", True),  # either side
        ("(!= (size ((current player) iloc HAND)) 0)", True),
        ("(>= (size ((current player) iloc HAND)) 1)", True),
        ("(== (size ((current player) iloc HAND)) 'NUMP)", True),  # a declared constant
        ("(< (size ((current player) iloc HAND)) 2)", False),  # holds at 0: fills it
        ("(<= (size ((current player) iloc HAND)) 0)", False),
        ("(== 0 (size ((current player) iloc HAND)))", False),
    ],
)
def test_each_form_of_the_size_test_is_read(test, named):
    text = _edit(_seed("go-fish"), (REFILL, f"((and {test}\n"))
    assert bool(_named(text)) is named


def test_a_turn_with_no_refill_for_the_empty_hand_is_named():
    """The refill for the empty hand dropped: the one draw left of the turn, "with nobody
    to ask, just draw", needs cards in hand; it is named at its test."""
    text = _edit(
        _seed("go-fish"),
        (
            REFILL + "          (> (size (game hloc STOCK)) 0))\n"
            "     (move (top (game hloc STOCK)) (top ((current player) iloc HAND))))\n",
            "",
        ),
    )
    (d,) = R.skipped_refills(parse_text(text))
    assert "draws only when (> (size ((current player) iloc HAND)) 0)" in d.message
    # and the seed's own "nobody to ask" rule is not named: the refill fills an empty hand
    assert NOBODY in _seed("go-fish") and _named(_seed("go-fish")) == []


def test_a_game_that_ends_on_an_empty_hand_is_not_named():
    """A seat with an empty hand ends the game: nobody is left waiting (CARDSTOCK's Go
    Fish ends so)."""
    end = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"
    new = (
        "(end (or (== (size (union (all player 'P ('P vloc BOOKS)))) 52)\n"
        "          (any player 'P (== (size ('P iloc HAND)) 0))))"
    )
    text = _edit(V.go_fish_refills_one_card(), (end, new))
    assert _named(text) == []


@pytest.mark.parametrize(
    "fill",
    [
        # another draw of the turn, whatever the hand holds
        "((> (size (game hloc STOCK)) 0)\n"
        "     (move (top (game hloc STOCK)) (top ((current player) iloc HAND))))\n    ",
        # a card to every seat, the empty ones among them
        "(all player 'P ((> (size (game hloc STOCK)) 0)\n"
        "     (move (top (game hloc STOCK)) (top ('P iloc HAND)))))\n    ",
    ],
)
def test_a_hand_something_else_fills_is_not_named(fill):
    one = REFILL.replace(")) 0)", ")) 1)")
    text = _edit(V.go_fish_refills_one_card(), (one, fill + one))
    assert _named(text) == []


def test_a_turn_whose_play_goes_on_with_an_empty_hand_is_not_named():
    """The asking stage no longer ends on an empty hand (only its other ends): the check
    cannot tell that the seat is left out, and names nothing."""
    old = """        (== (size ((current player) iloc HAND)) 0)
        (all (other player) 'P (== (size ('P iloc HAND)) 0))))"""
    new = """        (all (other player) 'P (== (size ('P iloc HAND)) 0))))"""
    assert _named(_edit(V.go_fish_refills_one_card(), (old, new))) == []


def test_the_near_refills_of_the_seed():
    """Go Fish's three refills of the hand: the turn's two (the empty-hand one judged:
    nothing else fills an empty hand; "nobody to ask" not, the first fills it) and the
    asking stage's, which has no stage of its own that stops."""
    found = [
        (to_line(t), at0, ok)
        for r, ok in R.refills(parse_text(_seed("go-fish")))
        for t, at0 in r.tests
    ]
    assert found == [
        ("(== (size ((current player) iloc HAND)) 0)", True, True),
        ("(> (size ((current player) iloc HAND)) 0)", False, False),
        ("(== (size ((current player) iloc HAND)) 0)", True, False),
    ]


def test_no_real_file_has_a_skipped_refill():
    assert real_files_flagged(R.defects) == {}


SCORING = "(scoring max (// (size ((current player) vloc BOOKS)) 4))"


def test_a_game_scored_on_the_hand_is_not_named():
    """Fewest cards left wins: an empty hand is a result, not a seat left out."""
    text = _edit(
        V.go_fish_refills_one_card(), (SCORING, "(scoring min (size ((current player) iloc HAND)))")
    )
    assert _named(text) == []


@pytest.mark.parametrize(("storage", "named"), [("OUT", False), ("SPARE", True)])
def test_going_out_recorded_for_the_scoring_is_not_named(storage, named):
    """A rule that records a seat out of cards in a storage the scoring reads (a finishing
    place) makes the wait a result; a storage the scoring does not read changes nothing."""
    scoring = (
        "(scoring max (+ ((current player) sto OUT) (// (size ((current player) vloc BOOKS)) 4)))"
    )
    out = f"((== (size ((current player) iloc HAND)) 0) (set ((current player) sto {storage}) 1))\n    "
    one = REFILL.replace(")) 0)", ")) 1)")
    text = _edit(V.go_fish_refills_one_card(), (SCORING, scoring), (one, out + one))
    assert bool(_named(text)) is named
