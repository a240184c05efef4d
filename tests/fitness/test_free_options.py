"""`evogame.fitness.free_options`: an option that only sets storage no rule reads, or only
burns hidden table cards into a pile shuffled back (round 61), is found where it is; a
designer's bounded pass, a discard from the hand, a burn an end counts, and every real
game are left alone; so is an option that sheds the cards a penalty tests for free (round
62), and a shed that costs, ends the round, is bounded, or feeds a pile that is read."""

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
    (
        V.pairs_row_discard,
        M.safe_stalls,
        "((== 'FOLD 1) (any ((current player) vloc ROW)",
        "moves cards of ROW, which a penalty of its stage tests, into DISCARD",
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


#: Round 61's new kind (inv-35) and round 57's inv-29 rank 5: Pairs with a free discard
#: from the row (the one read by a blind reader, 1 of 10; the other its twin, unread).
STALLS = [
    Path("/work/runs-archive/s61/inv-35/best/new-01-fd4f912404486d9d.rcy"),
    Path("/work/runs-archive/s57/inv-29/best/05-02915969bd124e8d.rcy"),
]
#: A discard of any card of the row, as `V.SHED` writes it (the near misses rewrite it).
ANY_ROW = "(any ((current player) vloc ROW) 'A (move 'A (top (game hloc DISCARD))))"


@pytest.mark.parametrize("path", STALLS, ids=lambda p: p.parent.parent.name)
def test_the_campaign_files_that_discard_the_row_are_named(path):
    if not path.exists():
        pytest.skip("the campaign's archive is absent")
    found = defects(parse_file(path))
    assert len(found) == 1 and "(a safe stall)" in found[0].message


def _shed(option: str) -> list:
    """`safe_stalls` of Pairs whose third option, beside the draw and the fold, is
    `option`."""
    return M.safe_stalls(parse_text(V.pairs_with(f"     {option}\n")))


def test_a_free_discard_of_the_row_is_named_without_the_designers_switch():
    assert len(_shed(ANY_ROW)) == 1


def test_a_discard_into_the_score_pile_costs():
    """The card shed goes to the player's POINTS, which the loss counts: a fold's price."""
    assert _shed(ANY_ROW.replace("(game hloc DISCARD)", "((current player) vloc POINTS)")) == []


def test_a_fold_that_ends_the_round_is_not_a_stall():
    """Shedding the row and ending the round (Continuous Pairs' fold, without its price):
    a storage is set, the round moves on."""
    assert _shed(f"(do ({ANY_ROW} (set (game sto OVER) 1)))") == []


def test_a_discard_bounded_by_a_tally_is_left_alone():
    bounded = (
        f"((== ((current player) sto SHED) 0) (do ({ANY_ROW} (set ((current player) sto SHED) 1))))"
    )
    assert _shed(bounded) == []


def test_a_discard_offered_only_when_nothing_else_is_is_left_alone():
    assert _shed(f"(otherwise {ANY_ROW})") == []


def test_a_discard_into_a_pile_an_end_reads_is_left_alone():
    """The round also ends when the discards pass 20 cards: a shed hastens it (no pool)."""
    text = _edit(
        V.pairs_row_discard(),
        (
            "(end (== (game sto OVER) 1))",
            "(end (or (== (game sto OVER) 1) (> (size (game hloc DISCARD)) 20)))",
        ),
    )
    assert M.safe_stalls(parse_text(text)) == []


def test_a_discard_of_cards_the_outcome_counts_is_left_alone():
    """The row counted at the end (its points added to the loss, as a rummy hand's
    deadwood): shedding it changes the score, a move that matters."""
    text = _edit(
        V.pairs_row_discard(),
        (
            "((> (sum ('P vloc POINTS) using (game points VALUE)) (// 'LIMIT 'NUMP))",
            "((> (+ (sum ('P vloc POINTS) using (game points VALUE)) "
            "(sum ('P vloc ROW) using (game points VALUE))) (// 'LIMIT 'NUMP))",
        ),
    )
    assert M.safe_stalls(parse_text(text)) == []


#: The seed's draw as an option, and as a rule of its own before a choice without it.
DRAW_OPTION = (
    "(choice\n    (;; draw a card face up\n"
    "     (move (top (game hloc DECK)) (top ((current player) vloc ROW)))\n"
)
DRAW_FIRST = (
    "(do ((move (top (game hloc DECK)) (top ((current player) vloc ROW)))))\n   (choice\n    (\n"
)


def test_a_discard_after_a_forced_draw_is_named():
    """The draw a rule of its own before the choice of a shed or a fold: a player draws,
    then sheds the card that pairs before the penalty is tested."""
    text = _edit(V.pairs_row_discard(), (DRAW_OPTION, DRAW_FIRST))
    assert len(M.safe_stalls(parse_text(text))) == 1


def test_a_discard_every_option_makes_is_left_alone():
    """A forced draw then a forced discard (rummy's turn: the choice's one option sheds):
    no option escapes another. With the fold beside it the same shed is named
    (`test_a_discard_after_a_forced_draw_is_named`)."""
    text = _edit(V.pairs_row_discard(), (DRAW_OPTION, DRAW_FIRST))
    fold = text[text.index("     ;; fold: take") : text.index("   ;; a pair: take one")]
    assert M.safe_stalls(parse_text(text.replace(fold, "))\n"))) == []
