"""`fitness.follows`: a suit players must follow that the trick's table rates for few of
its cards (the lead's entry narrowed by another condition)."""

from __future__ import annotations

import pytest

from evogame.fitness import follows as F
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, require_shared, shared_files
from tests.fitness import follows_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

FOUND = [
    (V.agram_lead_lifts_the_eight, F.idle_follows, "((RANK : EIGHT) (SUIT :", "as if off-suit"),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}
EIGHT = "(((RANK : EIGHT) (SUIT : (game str LEAD)) 100)"


def _shares(text: str) -> list[float]:
    return [s for *_, s in F.lifted_shares(parse_text(text))]


@pytest.mark.parametrize(
    ("variant", "check", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND]
)
def test_each_defect_is_found_where_it_is_and_not_in_its_seed(variant, check, at, says):
    text = variant()
    assert_found_where_it_is(text, SEED_OF[text], check, F.defects, at, says, only=True)


def test_every_variant_has_one_test():
    assert {f[0]() for f in FOUND} == set(SEED_OF)


def test_no_real_game_ignores_the_suit_it_makes_players_follow():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(F.defects) == {}


def test_every_real_lead_entry_lifts_the_whole_suit():
    """The margin: 31 real files set a trick table with a lead entry under a follow rule,
    each lifting every card of the lead (share 1); the variant lifts 1 of 8 ranks."""
    require_shared()
    files = [*shared_files(), *SEEDS.glob("*.rcy")]
    shares = [s for p in files for *_, s in F.lifted_shares(parse_file(p))]
    assert len(shares) == 31 and set(shares) == {1.0}
    assert _shares(V.agram_lead_lifts_the_eight()) == [1 / 8]


def test_entries_add_up_and_a_half_suit_is_enough():
    """Two lead entries, for EIGHT and for NINE, lift 2 of 8; four (THREE to SIX) lift a
    half, which is not under `MIN_LIFTED`."""
    two = _edit(
        V.agram_lead_lifts_the_eight(),
        (EIGHT, EIGHT + " ((RANK : NINE) (SUIT : (game str LEAD)) 100)"),
    )
    assert _shares(two) == [2 / 8] and len(F.idle_follows(parse_text(two))) == 1
    four = _edit(
        _seed("agram"),
        (
            "(((SUIT : (game str LEAD)) 100)",
            "("
            + " ".join(
                f"((RANK : {r}) (SUIT : (game str LEAD)) 100)"
                for r in ("THREE", "FOUR", "FIVE", "SIX")
            ),
        ),
    )
    assert _shares(four) == [0.5] and F.idle_follows(parse_text(four)) == []


def test_without_a_follow_rule_nothing_is_named():
    """The same narrowed entry where the choice no longer asks for the lead suit (any card
    may be played): nothing forces the suit, so nothing is ignored."""
    text = V.agram_lead_lifts_the_eight()
    follow = "(== (cardatt SUIT 'C) (game str LEAD)))"
    assert text.count(follow) == 1
    free = text.replace(follow, "(== (cardatt SUIT 'C) (cardatt SUIT 'C)))")
    assert F.idle_follows(parse_text(free)) == []
