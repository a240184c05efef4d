"""`fitness.remainders` (the remainder of a card's points under a table that rates only
some cards): Hearts whose pass takes only cards of even PENALTY (campaign inv-25's rank 2,
round 55), tables that rate every card or have a computed entry, divisors, and the real
files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import remainders as R
from evogame.lang import parse_file, parse_text
from tests.fitness import remainder_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit

TEST = "(% (score 'C using (game points PENALTY)) 2)"
FOUND = [
    (
        V.hearts_pass_even_penalty,
        TEST,
        "under (game points PENALTY), which rates only 14 of a deck's 52 cards: the other "
        "38 score 0, a multiple of 2",
    ),
]
#: inv-25's rank 2 (round 55): a blind reader's 5 against the seed's 8.
CAMPAIGN_FILE = Path("/work/runs-archive/s55/inv-25/best/02-6f11715c4dc6eac4.rcy")


def _variant(*pairs: tuple[str, str]) -> str:
    return _edit(V.hearts_pass_even_penalty(), *pairs)


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_the_remainder_is_found_where_it_is_and_not_in_the_seed(variant, at, says):
    assert_found_where_it_is(variant(), "hearts", R.unrated_remainders, R.defects, at, says)


def test_the_campaign_file_is_named_at_its_remainder():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = R.unrated_remainders(parse_file(CAMPAIGN_FILE))
    assert d.where == "53:16"
    assert "the test tells exactly the cards the table leaves out" in d.message


def test_no_real_game_has_one():
    assert real_files_flagged(R.defects) == {}


def test_a_table_that_rates_every_card_is_a_number_and_not_named():
    """Red7's parity, on Hearts' RANK (2 to 14, every card rated)."""
    text = _variant((TEST, "(% (score 'C using (game points RANK)) 2)"))
    assert R.unrated_remainders(parse_text(text)) == []


def test_rated_cards_at_remainder_0_are_counted():
    """The queen of spades worth 12, not 13: one rated card shares the unrated cards'
    remainder, so the test no longer tells exactly the unrated cards; still named."""
    text = _variant(("((SUIT : SPADES) (RANK : QUEEN) 13)", "((SUIT : SPADES) (RANK : QUEEN) 12)"))
    (d,) = R.unrated_remainders(parse_text(text))
    assert "; 1 of the 14 rated cards have points divisible by 2" in d.message
    assert "tells exactly" not in d.message


def test_a_declared_divisor_is_read_and_1_is_no_test():
    (d,) = R.unrated_remainders(parse_text(_variant((TEST, TEST.replace(" 2)", " 'PASS)")))))
    assert "a multiple of 3" in d.message  # Hearts declares PASS 3
    assert R.unrated_remainders(parse_text(_variant((TEST, TEST.replace(" 2)", " 1)"))))) == []


def test_a_table_with_a_computed_entry_is_not_judged():
    """Hearts' POWER rates ``(SUIT : (game str LEAD))``: which cards it leaves out depends
    on the trick."""
    text = _variant((TEST, "(% (score 'C using (game points POWER)) 2)"))
    assert R.unrated_remainders(parse_text(text)) == []


def test_a_remainder_of_a_total_is_not_judged():
    """Only a card's own points: a sum over cards (Caterpillar's running total mod 5) is
    another matter."""
    text = _variant((TEST, "(% (sum ((current player) iloc HAND) using (game points PENALTY)) 2)"))
    assert R.unrated_remainders(parse_text(text)) == []


SPARE = "(create deck (game hloc SPARE) (deck (COLOR (RED, BLACK))))"
STOCK_DECK = "(create deck (game hloc STOCK)"


def test_a_deck_the_table_leaves_out_whole_is_not_judged():
    """RANK rates every card of the 52; a second deck of colours it rates none of (its
    cards may never meet the test) does not make the test a defect."""
    text = _variant(
        (TEST, "(% (score 'C using (game points RANK)) 2)"),
        (STOCK_DECK, f"{SPARE}\n  {STOCK_DECK}"),
    )
    assert R.unrated_remainders(parse_text(text)) == []


def test_a_deck_the_table_rates_in_part_is_named_beside_one_it_leaves_out():
    text = _variant((STOCK_DECK, f"{SPARE}\n  {STOCK_DECK}"))
    (d,) = R.unrated_remainders(parse_text(text))
    assert "which rates only 14 of a deck's 52 cards" in d.message
