"""The slips of `evogame.fitness.slips`: each found where a campaign made it (the variants
of tests/fitness/variants.py), not in the seed it came from, and named where it is."""

from __future__ import annotations

import pytest

from evogame.fitness import slips
from evogame.fitness.soundness import _monotone
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import real_files
from tests.fitness import order_variants as O
from tests.fitness import variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
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


def test_an_ace_high_in_the_game_is_a_number_moved_round():
    """The same TWO 200 that `ladder_orders` leaves alone (an end value) is a number card:
    `numbers_moved_round` names it, above the NINETYNINE."""
    text = _edit(_seed("the-game"), ("((NUM : TWO) 2)", "((NUM : TWO) 200)"))
    (found,) = slips.numbers_moved_round(parse_text(text))
    assert "TWO ranks 200" in found.message and "beats the NINETYNINE" in found.message
    assert _at(text, found.where).startswith("((NUM : TWO) 200)")


# --- a number card moved round the end of an ordering ladder (round 54, s54d) ----------

FOUND = [
    (
        O.hearts_two_over_the_ace,
        slips.numbers_moved_round,
        "((RANK : TWO) 14)",
        "TWO ranks 14 in (game points POWER), above every other RANK",
    ),
]
SEED_OF = {v.text: v.seed for v in O.VARIANTS}


@pytest.mark.parametrize(
    ("variant", "check", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND]
)
def test_each_defect_is_found_where_it_is_and_not_in_its_seed(variant, check, at, says):
    text = variant()
    assert_found_where_it_is(text, SEED_OF[text], check, slips.static, at, says, only=True)
    assert "the card numbered 2 beats the ACE" in check(parse_text(text))[0].message


def test_every_order_variant_has_one_test():
    assert {f[0]() for f in FOUND} == set(SEED_OF)


def test_no_real_game_moves_a_number_card_round_its_ladder():
    """None of the 95 real files is named; the margin: 21 of them rank an end value of the
    deck's order at the other end, every one an ace (A or ACE, listed first)."""
    assert real_files_flagged(slips.numbers_moved_round) == {}
    moved: dict[str, set[str]] = {}
    for p in real_files():
        game = parse_file(p)
        ordering = slips.ordering_tables(game)
        orders = [(a, list(dict.fromkeys(ns))) for _, a, ns in slips._deck_lists(game)]
        for node in A.walk(game):
            if not isinstance(node, A.InitPoints) or to_text(node.target) not in ordering:
                continue
            for attr, worth in slips._literal_worths(node).items():
                for key, names in orders:
                    seq = [(n, *worth[n]) for n in names if n in worth] if key == attr else []
                    if (m := slips._moved_round(seq, _monotone)) is not None:
                        moved.setdefault(p.name, set()).add(m[0])
    assert len(moved) == 21
    assert set().union(*moved.values()) == {"A", "ACE"}


def test_an_ace_moved_round_is_left_alone():
    """Hearts' ACE rated 1, below the TWO (an ace low), is no number card."""
    power = O.HEARTS_POWER
    text = _edit(_seed("hearts"), (power, power.replace("((RANK : ACE) 14)", "((RANK : ACE) 1)")))
    assert slips.numbers_moved_round(parse_text(text)) == []


def test_a_two_the_deck_lists_last_ranks_where_it_is_listed():
    """The variant's table over a deck listing TWO after ACE (as President's does): the
    table follows the deck's order, and nothing is named."""
    text = O.hearts_two_over_the_ace()
    last = _edit(text, ("(RANK (TWO, THREE,", "(RANK (THREE,"), ("KING, ACE))", "KING, ACE, TWO))"))
    assert slips.numbers_moved_round(parse_text(last)) == []


def test_a_number_card_another_rule_names_is_left_alone():
    """The same TWO 14 where a rule singles the TWO out (a test of the lead's rank):
    special by the rules, its rank may be meant."""
    text = O.hearts_two_over_the_ace()
    test = "(== (cardatt SUIT 'C) CLUBS)"
    assert test in text
    named = text.replace(test, f"(and {test} (== (cardatt RANK 'C) TWO))", 1)
    assert slips.numbers_moved_round(parse_text(named)) == []


def test_a_short_table_is_left_alone():
    """Five number cards rated, the first moved round: under `MOVED_ENTRIES`, not named;
    six: named."""

    def table(n: int) -> str:
        words = ["TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN"][:n]
        rows = " ".join(f"((NUM : {w}) {i + 2})" for i, w in enumerate(words[1:]))
        return f"((NUM : TWO) {n + 5}) {rows}"

    base = _seed("the-game")
    full = base[base.index("((NUM : TWO) 2)") :]
    full = full[: full.index(")))") + 1]
    assert full.count("((NUM") > 6
    for n, want in ((5, 0), (6, 1)):
        text = base.replace(full, table(n), 1)
        assert len(slips.numbers_moved_round(parse_text(text))) == want, n


def test_foregone_does_not_name_the_campaign_file():
    """Why the static check: in the campaign file seat 0, not the 2 of clubs' holder,
    leads trick 1 (``cycle next`` queues the holder), so the trick is no contest decided
    before it is played, and `foregone` is silent; the check names the table either way."""
    from evogame.engine.game import compile_game
    from evogame.fitness import foregone
    from evogame.fitness.evaluate import deal_seed, phase_seed

    deals = [deal_seed(phase_seed(0, 0), i) for i in range(foregone.GAMES)]
    text = O.hearts_two_over_the_ace()
    assert text.count("((cycle current") == 1
    queued = text.replace("((cycle current", "((cycle next")
    assert foregone.foregone(compile_game(parse_text(queued)), deals) == []
    assert slips.numbers_moved_round(parse_text(queued))
