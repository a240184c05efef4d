"""`fitness.residues` (cards a round leaves behind): the variant, the campaign files its
reader named, the near misses (a round cleared in full, a place the play also takes
from), and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import residues as M
from evogame.lang import parse_file, parse_text
from tests.fitness import residue_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests

FOUND = [
    (
        V.whist_two_a_trick,
        M.defects,
        "(== (size ('P vloc PLAYED)) 2)",
        "take only 1 card of each player's out: 1 card stays",
    ),
    (
        V.whist_second_deck,
        M.spare_deck_defects,
        "(move (top (game hloc STOCK)) (top ('P iloc HAND)))",
        "104 cards are created in STOCK and its deal takes 52",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

ARCHIVE = Path("/work/runs-archive/s58/ablate-31/best")
CAMPAIGN = [
    (ARCHIVE / "04-12974159f4a96dec.rcy", "36:25"),
    (ARCHIVE / "04-12974159f4a96dec.rcy", "42:29"),
    (ARCHIVE / "new-02-cb071eb7735c0e69.rcy", "40:29"),
]

#: Whist's clearing of the trick: one card of each player's PLAYED.
CLEAR = "(all player 'P\n          (move (top ('P vloc PLAYED)) (top (game vloc DISCARD))))"
#: Whist's deal begins with the shuffle.
SHUFFLE = "(shuffle (game hloc STOCK))"


@pytest.mark.parametrize(("path", "at"), CAMPAIGN, ids=lambda x: str(x)[-24:])
def test_the_campaign_files_are_named(path, at):
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    assert at in [d.where for d in M.defects(parse_file(path))]


def test_no_real_file_is_named():
    """None of the 95 real files: Hearts' pass of three is emptied in a stage of its own,
    Bottle Imp's hands are played from in the play."""
    assert real_files_flagged(M.defects) == {}


def test_a_round_cleared_in_full_is_left_alone():
    text = V.whist_two_a_trick()
    assert CLEAR in text
    # two cards taken of each (m = K), or all of them
    assert M.defects(parse_text(text.replace(CLEAR, CLEAR + "\n     " + CLEAR))) == []
    every = CLEAR.replace("(move", "(repeat all (move") + ")"
    assert M.defects(parse_text(text.replace(CLEAR, every))) == []


def test_a_place_taken_from_elsewhere_or_under_a_guard_is_left_alone():
    text = V.whist_two_a_trick()
    # the deal also clears it: the count is no longer the round's alone
    dealt = text.replace(SHUFFLE, SHUFFLE + "\n    " + CLEAR, 1)
    assert dealt != text and M.defects(parse_text(dealt)) == []
    # a guarded clearing may not run, or run for another reason
    guarded = "((> (size (game vloc DISCARD)) 100) " + CLEAR + ")"
    assert M.defects(parse_text(text.replace(CLEAR, guarded))) == []


def test_a_deal_that_reaches_the_second_deck_is_left_alone():
    text = V.whist_second_deck()
    # 26 each to four: the whole 104 dealt
    assert "(// 52 'NUMP)" in text
    assert M.spare_deck_defects(parse_text(text.replace("(// 52 'NUMP)", "(// 104 'NUMP)"))) == []
    # 14 each to four: 48 left, fewer than a whole deck
    assert M.spare_deck_defects(parse_text(text.replace("(// 52 'NUMP)", "(// 56 'NUMP)"))) == []
    # a draw in play takes from the stock too
    end = "(end (all player 'P (== (size ('P iloc HAND)) 0)))"
    draw = end + "\n   (do ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))))"
    assert end in text
    assert M.spare_deck_defects(parse_text(text.replace(end, draw))) == []


def test_a_pile_dealt_in_the_order_made_is_left_alone():
    # never shuffled: the same deck stays every time, `undealt`'s to drop
    text = V.whist_second_deck().replace("(shuffle (game hloc STOCK))", "")
    assert M.spare_deck_defects(parse_text(text)) == []
