"""`evogame.fitness.latches`: a penalty gated by a table switch that it and an option set,
that no stage's end reads and nothing in its stage sets back, is found where it is; a
switch an end reads, one set back each turn, a player's own switch, one no option sets,
and every real game are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import latches as M
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import latch_variants as V
from tests.fitness.check_cases import variant_tests
from tests.fitness.variants import _edit

FOUND = [
    (
        V.pairs_fold_ends_nothing,
        M.defects,
        "((and (== (game sto OVER) 0)",
        "taken only while (game sto OVER) is 0",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

#: round 61's new kind (inv-35): the round's end took from elsewhere
CAMPAIGN = Path("/work/runs-archive/s61/inv-35/best/new-01-fd4f912404486d9d.rcy")


def test_no_real_game_or_seed_has_a_latched_penalty():
    assert [f.name for f in real_files() if M.defects(parse_file(f))] == []


@pytest.mark.skipif(not CAMPAIGN.exists(), reason="round 61's archive is absent")
def test_the_campaign_file_is_named_at_its_penalty():
    found = M.defects(parse_file(CAMPAIGN))
    assert [d.where for d in found] == ["107:10"]


def test_an_end_that_still_reads_the_switch_is_left_alone():
    """The campaign's end beside the seed's: the fold ends the round again."""
    text = _edit(
        V.pairs_fold_ends_nothing(),
        ("(end (or (<= (size", "(end (or (== (game sto OVER) 1) (<= (size"),
    )
    assert M.defects(parse_text(text)) == []


def test_a_switch_set_back_every_turn_is_left_alone():
    """OVER set back to 0 at the start of each turn (Continuous Pairs' SCORED): the
    penalty is off for the fold's turn only."""
    turn = "   (do\n    (((== (size (game hloc DECK)) 0)\n"
    text = _edit(V.pairs_fold_ends_nothing(), (turn, "   (do ((set (game sto OVER) 0)))\n" + turn))
    assert M.defects(parse_text(text)) == []


def test_a_switch_no_option_sets_is_left_alone():
    """The fold sets nothing (it takes its card only): a player cannot turn the penalty
    off; the penalty's own latch is a once-a-round rule, not this check's."""
    text = _edit(
        V.pairs_fold_ends_nothing(),
        (
            "              (top ((current player) vloc POINTS)))\n        (set (game sto OVER) 1))))))",
            "              (top ((current player) vloc POINTS))))))))",
        ),
    )
    assert M.defects(parse_text(text)) == []


def test_a_players_own_switch_is_left_alone():
    """A switch of the player's (a fold that takes the folder out of the penalty only)."""
    text = V.pairs_fold_ends_nothing().replace("(game sto OVER)", "((current player) sto OVER)")
    assert M.defects(parse_text(text)) == []
