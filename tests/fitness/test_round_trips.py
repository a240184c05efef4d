"""`fitness.round_trips` (cards a seat puts aside and takes straight back): the variant,
the campaign file its reader named, the near misses real designs write (a pass to
another seat, cards shown on the way, a set-aside while the home place is played from),
and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import round_trips as M
from evogame.lang import parse_file, parse_text
from tests.fitness import round_trip_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit

FOUND = [
    (
        V.hearts_pass_to_self,
        M.round_trips,
        "(move (top ((current player) iloc OUTGOING)) (top ((current player) iloc HAND)))",
        "cards go from HAND to OUTGOING and back to the same player's HAND",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

CAMPAIGN = Path("/work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy")

#: the hand-over stage of the variant: a seat's OUTGOING back to its own HAND
BACK = V.HAND_OVER.replace("(next player)", "(current player)")


def _named(text: str) -> list[str]:
    return [d.message for d in M.defects(parse_text(text))]


@pytest.mark.skipif(not CAMPAIGN.exists(), reason="round 58's archive is absent")
def test_the_campaign_file_is_named():
    found = M.defects(parse_file(CAMPAIGN))
    assert [d.where for d in found] == ["56:10"]
    assert "HAND to OUTGOING and back" in found[0].message


def test_the_same_trip_written_for_each_seat_is_named():
    """The way back written as a loop over the seats ('P on both sides) is the same trip."""
    text = _edit(
        V.hearts_pass_to_self(),
        (
            f"(repeat all\n            {BACK})",
            "(all player 'P (repeat all (move (top ('P iloc OUTGOING)) (top ('P iloc HAND)))))",
        ),
    )
    assert len(_named(text)) == 1


def test_cards_shown_on_the_way_are_not_named():
    """Laid face up and taken back tells the table the cards: information, not a no-op."""
    text = V.hearts_pass_to_self().replace("iloc OUTGOING", "vloc OUTGOING")
    assert _named(text) == []


def test_a_pass_to_another_seat_is_not_named():
    """The seed's pass to the left, and a pass round the table through the seats' loop
    ('P's OUTGOING to the next seat's HAND)."""
    assert _named(V.hearts_pass_to_self().replace(BACK, V.HAND_OVER)) == []
    text = _edit(
        V.hearts_pass_to_self(),
        (
            f"(repeat all\n            {BACK})",
            "(all player 'P (repeat all (move (top ('P iloc OUTGOING)) (top ((next player) iloc HAND)))))",
        ),
    )
    assert _named(text) == []


def test_a_set_aside_while_the_hand_is_played_from_is_not_named():
    """Cards put aside while the rest of the hand is played (a stage between the two ways)
    matter: the hand is smaller meanwhile (Pairs' THROWOUT of the game's stock, for a seat)."""
    text = _edit(
        V.hearts_pass_to_self(),
        (
            " ;; then every player hands them",
            " (stage player (end (all player 'P (< (size ('P iloc HAND)) 9)))\n"
            "  (do ((move (top ((current player) iloc HAND)) (top ((current player) vloc SHOWN))))))\n"
            " ;; then every player hands them",
        ),
    )
    assert _named(text) == []


def test_a_read_of_the_holding_place_is_not_named():
    """A rule that reads the cards put aside (a score of them) makes the place matter."""
    text = _edit(
        V.hearts_pass_to_self(),
        (
            "(== (size ('P iloc OUTGOING)) 0)",
            "(== (sum ('P iloc OUTGOING) using (game points RANK)) 0)",
        ),
    )
    assert _named(text) == []


def test_no_real_file_is_named():
    """None of the 95 real files: their set-asides (Pairs' THROWOUT, Crazy Eights' TEMP)
    are the game's, and the home place is played from while the cards are away."""
    assert real_files_flagged(M.defects) == {}
