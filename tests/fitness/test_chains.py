"""`fitness.chains` (a chain of equal attributes that skips one card picked beside the
others): Pokereights whose straight-flush guard leaves out E (campaign inv-30's rank 6,
round 58), the partial chains it must not name, and the real files."""

from __future__ import annotations

from evogame.fitness import chains as M
from evogame.lang import parse_text
from tests.fitness import chain_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.pokereights_four_suit_straights,
        M.short_chains,
        "(and\n                          (== (cardatt SUIT 'A) (cardatt SUIT 'B))",
        "links the SUIT of 'A, 'B, 'C, 'D but not of 'E",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)


#: the straight's five cards gathered (a test of the same item)
ANY_OF_FIVE = "(or (== 'X 'A) (== 'X 'B) (== 'X 'C) (== 'X 'D) (== 'X 'E))"
HAND_SIZE = "(size ((current player) iloc HAND))"


def _named(text: str) -> list:
    return M.short_chains(parse_text(text))


def _with_guard(body: str) -> str:
    """Pokereights whose straight guard's conjunction is `body` (text of its links)."""
    seed = _seed("pokereights")
    start = seed.index("(and\n                          (== (cardatt SUIT 'A) (cardatt SUIT 'B))")
    end = seed.index("))))", seed.index("(cardatt SUIT 'E)", start)) + 3  # through the and
    return seed[:start] + f"(and {body})" + seed[end:]


def _links(pairs: str, attr: str = "SUIT") -> str:
    """Equalities of `attr` for each pair of letters in `pairs` ("AB CD": A~B, C~D)."""
    return " ".join(
        f"(== (cardatt {attr} '{p[0]}) (cardatt {attr} '{p[1]}))" for p in pairs.split()
    )


def test_the_seed_guard_rebuilt_is_not_named():
    """The rebuilt guard (all five linked, as a star) is the seed's: nothing named."""
    text = _with_guard(_links("AB AC AD AE"))
    assert parse_text(text) == parse_text(_seed("pokereights"))
    assert _named(text) == []


def test_a_path_that_skips_one_card_is_named():
    """The links need not share a hub: a path A-B-C-D leaving E out is the same defect."""
    (d,) = _named(_with_guard(_links("AB BC CD")))
    assert "but not of 'E" in d.message


def test_a_kicker_left_out_of_a_rank_chain_is_not_named():
    """Four of one rank and a fifth card: no option links five cards by rank (condition 3:
    four of a kind and a kicker may be meant)."""
    assert _named(_with_guard(_links("AB AC AD", attr="RANK"))) == []


def test_two_cards_left_out_is_not_named():
    """A chain of three of five picked cards is not one link short (condition 2)."""
    assert _named(_with_guard(_links("AB AC"))) == []


def test_two_short_chains_are_not_named():
    """A~B and C~D: no chain of three cards (each part has two)."""
    assert _named(_with_guard(_links("AB CD"))) == []


def test_no_sibling_forming_five_of_a_suit_is_not_named():
    """The flush option narrowed to four cards: nothing links five by suit (condition 3)."""
    text = _edit(
        V.pokereights_four_suit_straights(),
        ("(>= (size 'G) 5)", "(>= (size 'G) 4)"),
        ("(filter (subsets 'G) 'S (== (size 'S) 5))", "(filter (subsets 'G) 'S (== (size 'S) 4))"),
    )
    assert _named(text) == []


def test_no_real_file_has_a_chain_one_card_short():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(M.defects) == {}


def test_a_full_chain_in_the_same_item_covers():
    """The flush narrowed to four, but the straight's own item links all five elsewhere
    (a second test of the same suit chain): condition 3 holds in the item itself."""
    text = _edit(
        _with_guard(_links("AB AC AD")),
        ("(>= (size 'G) 5)", "(>= (size 'G) 4)"),
        ("(filter (subsets 'G) 'S (== (size 'S) 5))", "(filter (subsets 'G) 'S (== (size 'S) 4))"),
        (ANY_OF_FIVE, f"(and (or (== 1 {HAND_SIZE}) (and {_links('AB BC CD DE')})) {ANY_OF_FIVE})"),
    )
    (d,) = _named(text)
    assert "but not of 'E" in d.message
