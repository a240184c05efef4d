"""`evogame.fitness.free_options`: an option that only sets storage no rule reads, or only
burns hidden table cards into a pile shuffled back (round 61), is found where it is; a
designer's bounded pass, a discard from the hand, a burn an end counts, and every real
game are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import free_options as M
from evogame.fitness.free_options import defects
from evogame.lang import parse_file, parse_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared, shared_files
from tests.fitness import free_option_variants as V
from tests.fitness.check_cases import variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.pokereights_straight_burns,
        M.burnt_options,
        "(any\n           ((current player) iloc HAND)\n           'A",
        "only moves hidden cards of DECK into DISCARD",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, defects)
)

#: round 60's Pokereights whose straight burns the deck (inv-34's rank 3)
CAMPAIGN = Path("/work/runs-archive/s60/inv-34/best/03-ab216135fc7f2223.rcy")
#: the burn's move, as the variant writes it
BURN_MOVE = "(move (top (game hloc DECK)) (top (game hloc DISCARD)))))"

LEAD = "    (;; lead a single, a pair, three or four of a kind\n"
#: A campaign's President (blind reading r10: "`add 1 to the player's
#: HUNDREDMILLIONDOLLARS` is always available and does nothing").
FREE = "     (inc ((current player) sto HUNDREDMILLIONDOLLARS) 1)\n"


def president(extra: str) -> str:
    text = (SEEDS / "president.rcy").read_text()
    assert LEAD in text
    return text.replace(LEAD, LEAD + extra)


def test_an_option_that_only_sets_an_unread_storage_is_found_where_it_is():
    text = president(FREE)
    found = defects(parse_text(text))
    assert len(found) == 1
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(inc ((current player) sto HUND")
    assert "HUNDREDMILLIONDOLLARS, which no rule reads" in found[0].message
    assert defects(parse_text(president(""))) == []


def test_an_option_whose_storage_is_read_is_not_free():
    # the same option, bounded by a test of what it sets: the tally now matters
    bounded = "     ((< ((current player) sto HUNDREDMILLIONDOLLARS) 2)\n " + FREE.strip() + ")\n"
    assert defects(parse_text(president(bounded))) == []


def test_a_bounded_pass_of_a_real_game_is_left_alone():
    require_shared()
    # Cheeseheads: "pick or pass", the passes counted and bounded by the item's own test
    assert defects(parse_file(CARDSTOCK_GAMES / "CheeseheadsPicker5.rcy")) == []


def test_no_real_game_or_seed_has_a_free_option():
    files = shared_files() + sorted(SEEDS.glob("*.rcy"))
    assert [f.name for f in files if defects(parse_file(f))] == []


@pytest.mark.skipif(not CAMPAIGN.exists(), reason="round 60's archive is absent")
def test_the_campaign_file_that_burns_the_deck_is_named():
    found = defects(parse_file(CAMPAIGN))
    assert len(found) == 1 and "a free stall" in found[0].message


def test_a_burn_into_a_pile_never_read_is_named():
    """The burn without its refill: DISCARD is read by no rule at all."""
    text = _edit(_seed("pokereights"), (V.STRAIGHT_PLAY, BURN_MOVE[: -len("))")]))
    found = M.burnt_options(parse_text(text))
    assert len(found) == 1
    assert "into DISCARD, which no rule reads:" in found[0].message


def test_a_discard_from_the_hand_is_not_a_burn():
    """The same option discarding the hand's top card into a pile no rule reads: the
    player loses a card, which matters (every real file's move into such a pile from a
    choice is from the hand: Coup's, Rummy2's, Sheepshead's ...)."""
    hand = "(move (top ((current player) iloc HAND)) (top (game hloc DISCARD)))"
    text = _edit(_seed("pokereights"), (V.STRAIGHT_PLAY, hand))
    assert M.burnt_options(parse_text(text)) == []


def test_a_burn_an_end_counts_is_not_named():
    """An end that reads the deck (the game ends when it runs out): burning hastens it."""
    end = "(any player 'P (== (size ('P iloc HAND)) 0))"
    text = _edit(
        V.pokereights_straight_burns(),
        (f"(end {end})", f"(end (or {end} (== (size (game hloc DECK)) 0)))"),
    )
    assert M.burnt_options(parse_text(text)) == []


def test_a_burn_whose_pile_is_read_is_not_named():
    """DISCARD's top card compared in the declaration's end: the pile is read, no pool."""
    text = _edit(
        V.pokereights_straight_burns(),
        (
            "(!= (cardatt RANK (top (game vloc PILE))) EIGHT)",
            "(!= (cardatt RANK (top (game hloc DISCARD))) EIGHT)",
        ),
    )
    assert M.burnt_options(parse_text(text)) == []


def test_a_burn_beside_other_rules_of_its_stage_is_no_stall():
    """A rule after the choice in its stage: the burn is named, and the message claims
    no free stall (the stage's body may change what its end reads)."""
    last = "(set (game sto STEP) 3)))))"
    text = _edit(
        V.pokereights_straight_burns(),
        (last, last[:-1] + "\n      (do ((set (game sto BURNT) 1))))"),
    )
    found = M.burnt_options(parse_text(text))
    assert len(found) == 1 and "a free stall" not in found[0].message
