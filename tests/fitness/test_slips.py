"""The slips of `evogame.fitness.slips`: each found where a campaign made it (the variants
of tests/fitness/variants.py), not in the seed it came from, and named where it is."""

from __future__ import annotations

from evogame.fitness import slips
from evogame.lang import parse_text
from tests.fitness import variants as V
from tests.fitness.variants import _edit, _seed


def _at(text: str, where: str) -> str:
    line, col = map(int, where.split(":"))
    return text.splitlines()[line - 1][col - 1 :]


def test_a_deck_that_repeats_a_value_where_another_belongs():
    text = V.gops_five_twice()
    found = slips.repeated_values(parse_text(text))
    assert len(found) == 1 and "FIVE" in found[0].message and "no SIX" in found[0].message
    assert _at(text, found[0].where).startswith("(deck")
    assert slips.repeated_values(parse_text(_seed("gops"))) == []


def test_a_double_deck_listing_every_value_twice_is_left_alone():
    ranks = "ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,\n                       JACK, QUEEN, KING"
    text = _seed("gops")
    assert ranks in text
    doubled = text.replace(ranks, ranks + ", " + ranks.replace("\n", " "))
    assert slips.repeated_values(parse_text(doubled)) == []


def test_a_rung_off_an_ordering_ladder():
    text = V.the_game_95()
    found = slips.ladder_orders(parse_text(text))
    assert len(found) == 1 and "NINETYFIVE ranks 1" in found[0].message
    assert _at(text, found[0].where).startswith("((NUM : NINETYFIVE) 1)")
    assert slips.ladder_orders(parse_text(_seed("the-game"))) == []


def test_an_ace_high_is_a_ladder_too():
    # the first or last value out of line is an ace high or low, not a slip
    text = _edit(_seed("the-game"), ("((NUM : TWO) 2)", "((NUM : TWO) 200)"))
    assert slips.ladder_orders(parse_text(text)) == []


def test_a_list_that_leaves_one_value_out_beside_a_full_one():
    text = V.scopa_primiera_cups()
    found = slips.partial_lists(parse_text(text))
    assert len(found) == 1 and "but CUPS" in found[0].message
    assert _at(text, found[0].where).startswith("(COINS, SWORDS, BATONS)")
    assert slips.partial_lists(parse_text(_seed("scopa"))) == []


def test_a_list_of_all_but_one_with_no_full_list_is_left_alone():
    # "name any suit but one" may be meant: only two lists that disagree are a slip
    text = _seed("crazy-eights").replace(
        "(CLUBS, DIAMONDS, HEARTS, SPADES)", "(CLUBS, DIAMONDS, SPADES)", 1
    )
    assert slips.partial_lists(parse_text(text)) == []


def test_a_copy_of_a_choice_item_that_lost_its_tie():
    text = V.the_game_21()
    found = slips.broken_copies(parse_text(text))
    assert len(found) == 1 and "compares with 21" in found[0].message
    assert "(game sto UPB)" in found[0].message
    assert _at(text, found[0].where).startswith("21)")
    assert slips.broken_copies(parse_text(_seed("the-game"))) == []


def test_an_entry_rated_twice_in_a_table_that_orders_cards():
    text = V.hearts_king_twice()
    found = slips.doubled_entries(parse_text(text))
    assert len(found) == 1 and "KING" in found[0].message and "ranks 26" in found[0].message
    assert _at(text, found[0].where).startswith("((RANK : KING) 13)")
    assert slips.doubled_entries(parse_text(_seed("hearts"))) == []


def test_an_edge_value_rated_twice_is_left_alone():
    # issue 35's harmless Hearts: its TWO, first in the deck's order, rated twice
    assert slips.doubled_entries(parse_text(V.hearts_two_twice())) == []


def test_an_entry_asking_one_attribute_for_another_s_value():
    text = V.agram_rank_lead()
    found = slips.crossed_entries(parse_text(text))
    assert len(found) == 1 and "asks RANK to be (game str LEAD)" in found[0].message
    assert _at(text, found[0].where).startswith("(RANK : (game str LEAD))")
    assert slips.crossed_entries(parse_text(_seed("agram"))) == []


def test_a_copy_of_a_choice_item_without_its_move():
    text = V.president_triple_kept()
    found = slips.lost_moves(parse_text(text))
    assert len(found) == 1 and "without its move" in found[0].message
    assert _at(text, found[0].where).startswith("((== (game sto SIZE) 3)")
    assert slips.lost_moves(parse_text(_seed("president"))) == []
