"""`fitness.leftovers`: a constant nothing reads, an attribute listing another's values."""

from __future__ import annotations

import pytest

from evogame.fitness.leftovers import (
    blind_quantifiers,
    copied_values,
    defects,
    never_held,
    repeated_parts,
    unread_constants,
    without_unread_constants,
)
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, shared_files
from tests.fitness.variants import (
    crazy_eights_dealt_13,
    crazy_eights_suit_ranks,
    gops_blind_bid_end,
    red7_rule_three,
)


def test_a_constant_no_rule_reads_is_named_where_it_is_declared():
    (d,) = unread_constants(parse_text(crazy_eights_dealt_13()))
    assert "HAND" in d.message
    assert not unread_constants(parse_file(SEEDS / "crazy-eights.rcy"))


def test_a_child_is_checked_without_the_constants_no_rule_reads():
    """The unread HAND goes, and so does a constant read only by an unread one; the
    constants the rules read stay; a game with none is returned as it is; and the
    campaign's check (`_checked`) gives the seed's own text back."""
    from evogame.evolve.loop import _checked
    from evogame.lang import to_text

    seed = parse_file(SEEDS / "crazy-eights.rcy")
    assert without_unread_constants(seed) is seed
    child = parse_text(crazy_eights_dealt_13())
    kept = without_unread_constants(child)
    assert not unread_constants(kept)
    assert [d.var.name for d in kept.declares] == [
        d.var.name for d in child.declares if d.var.name != "HAND"
    ]
    text = to_text(seed)
    chained = text.replace("(game", "(game (declare 2 'A) (declare (+ 'A 1) 'B)", 1)
    assert [d.var.name for d in parse_text(chained).declares][:2] == ["A", "B"]
    assert _checked(chained)[0] == _checked(text)[0]


def test_a_rank_list_holding_every_suit_is_named():
    (d,) = copied_values(parse_text(crazy_eights_suit_ranks()))
    assert "RANK lists every SUIT" in d.message
    assert not copied_values(parse_file(SEEDS / "crazy-eights.rcy"))


def test_one_shared_word_is_not_a_copied_attribute():
    text = (SEEDS / "crazy-eights.rcy").read_text().replace("(ACE, TWO,", "(CLUBS, TWO,", 1)
    assert not copied_values(parse_text(text))


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.name)
def test_no_seed_has_a_leftover(path):
    assert defects(parse_file(path)) == []


def test_a_storage_tested_against_a_name_it_never_holds_is_named():
    (d,) = never_held(parse_text(red7_rule_three()))
    assert "RULE is tested against THREE" in d.message
    assert not never_held(parse_file(SEEDS / "red7-legacy.rcy"))


def test_a_storage_set_from_a_card_holds_that_attributes_values():
    text = (SEEDS / "red7-legacy.rcy").read_text()
    assert "(set (game str RULE) (cardatt COLOR" in text  # the rule is set from cards
    assert not never_held(parse_text(text.replace("INDIGO)", "VIOLET)", 1)))


def test_the_one_real_file_with_a_leftover_is_page_one_testing_a_lead_of_joker():
    """PageOne3 asks whether the lead suit is JOKER, but sets the lead only to NONE and
    to a card's suit: its "after a joker was led" rule never runs (a defect of its own)."""
    files = shared_files()
    assert files
    named = {f.name: [str(d) for d in defects(parse_file(f))] for f in files}
    assert {k: v for k, v in named.items() if v} == {
        "PageOne3.rcy": [
            "76:23 LEAD is tested against JOKER, a value no rule sets it to (CLUBS, "
            "DIAMONDS, HEARTS, NONE, SPADES): the test never holds"
        ]
    }


def test_a_quantifier_that_never_reads_its_name_is_named():
    (d,) = blind_quantifiers(parse_text(gops_blind_bid_end()))
    assert "binds 'P" in d.message
    assert not blind_quantifiers(parse_file(SEEDS / "gops.rcy"))


def test_a_hand_united_with_itself_is_named():
    text = (SEEDS / "gops.rcy").read_text()
    old = "(union (all player 'P ('P vloc SHOWN)))"
    assert old in text
    doubled = text.replace(
        old, "(union ((current player) vloc WON) ((current player) vloc WON))", 1
    )
    (d,) = repeated_parts(parse_text(doubled))
    assert "names ((current player) vloc WON) twice" in d.message


def test_a_test_written_twice_in_an_or_is_named_once():
    from evogame.fitness.leftovers import repeated_tests
    from tests.fitness import variants as V

    (d,) = repeated_tests(parse_text(V.the_game_simple_over_twice()))
    assert "tests (== (game sto OVER) 1) twice" in d.message
    # nested alike: (or A (or A B)) names A twice, at the outer or
    text = V.the_game_simple_over_twice().replace(
        "(== (game sto OVER) 1)\n       (all player",
        "(or (== (game sto OVER) 1)\n       (all player",
    )
    text = text.replace(
        "(== (size ('P iloc HAND)) 0))))\n", "(== (size ('P iloc HAND)) 0)))))\n", 1
    )
    (d,) = repeated_tests(parse_text(text))
    assert "twice" in d.message


def test_a_part_the_other_parts_absorb_is_named():
    from evogame.fitness.leftovers import repeated_tests
    from tests.fitness import variants as V

    (d,) = repeated_tests(parse_text(V.gops_absorbed_clause()))
    assert "which the or around it tests on its own" in d.message


def test_a_scoring_by_a_neighbours_cards_is_named():
    from evogame.fitness.leftovers import neighbour_scores
    from tests.fitness import variants as V

    (d,) = neighbour_scores(parse_text(V.gops_scores_previous()))
    assert "previous player's" in d.message
    assert neighbour_scores(parse_file(SEEDS / "gops.rcy")) == []
