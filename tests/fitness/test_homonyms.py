"""`fitness.homonyms` (a card value named like a place): the variant, the campaign files
its readers named, the near misses real designs write (a deck of one value named after
its pile, a value the rules name as a card), and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import homonyms as M
from evogame.lang import parse_file, parse_text
from tests.fitness import homonym_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.go_fish_hand_rank,
        M.place_named_values,
        "HAND, QUEEN",
        "the card value HAND (of RANK) is also the name of a place, ('P iloc HAND)",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

#: inv-30's Go Fish lines (round 58): ranks PILE, HAND and STOCK, and a GOPS valued VALUE
CAMPAIGN_DIR = Path("/work/runs-archive/s58/inv-30-new")
CAMPAIGN = [
    ("1ed3d63db05553a9.rcy", "10:71", "PILE"),
    ("f30745b8fa58a7b7.rcy", "10:12", "HAND"),
    ("fba1cc204a3580a0.rcy", "9:29", "STOCK"),
    ("3e201a7806ad80d3.rcy", "16:59", "VALUE"),
]

#: Pokereights' ranks (JACK is named by its two point tables too).
POKER_RANKS = "TEN, JACK, QUEEN"


def _named(text: str) -> list[str]:
    return [d.message for d in M.defects(parse_text(text))]


def test_no_real_file_is_named():
    """None of the 95 real files: GOPS's and Coloretto's places are named after the one
    value of their decks, Golf Six's, Scopa's and Poker's are named by rules as cards."""
    assert real_files_flagged(M.defects) == {}


@pytest.mark.parametrize(("name", "at", "value"), CAMPAIGN, ids=[c[0] for c in CAMPAIGN])
def test_the_campaign_files_are_named(name, at, value):
    path = CAMPAIGN_DIR / name
    if not path.exists():  # the campaign archive lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.defects(parse_file(path))
    assert d.where == at and d.message.startswith(f"the card value {value} ")


def test_a_value_the_rules_name_as_a_card_is_not_named():
    """Pokereights' JACK renamed PILE (its discard pile's name) in the deck only is named;
    renamed in its point tables too, PILE is a card the rules rate, and is not."""
    deck_only = _edit(_seed("pokereights"), (POKER_RANKS, POKER_RANKS.replace("JACK", "PILE")))
    assert len(_named(deck_only)) == 1
    everywhere = _seed("pokereights").replace("JACK", "PILE")
    assert _named(everywhere) == []


def test_a_deck_of_one_value_named_after_its_pile_is_not_named():
    """A deck whose one SUIT is BOOKS, put into the pile BOOKS (as GOPS's CLUBS pile holds
    its clubs): the place is named after the cards it holds, not a rank renamed."""
    deck = "(create deck (game hloc STOCK)"
    text = _edit(
        _seed("go-fish"),
        (deck, "(create deck ((0 player) vloc BOOKS) (deck (SUIT (BOOKS))))\n  " + deck),
    )
    assert _named(text) == []
    two = text.replace("(SUIT (BOOKS))", "(SUIT (BOOKS, SPADES))")
    assert len(_named(two)) == 1


def test_one_defect_a_game():
    """Two ranks renamed after two places: one defect, at the first."""
    text = _edit(_seed("go-fish"), ("JACK, QUEEN, KING))", "HAND, STOCK, KING))"))
    (d,) = M.defects(parse_text(text))
    assert "HAND" in d.message
