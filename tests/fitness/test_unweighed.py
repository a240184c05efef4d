"""`fitness.unweighed` (a filter that picks cards by number alone while its test weighs
another card): the round-58 campaign file's variant, near misses it must not name, and
the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import unweighed as M
from evogame.lang import parse_file, parse_text
from tests.fitness import unweighed_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.scopa_captures_without_the_sum,
        M.unweighed_sets,
        "(filter (subsets (game vloc TABLE)) 'S",
        "by number alone",
    ),
]
#: round 58's blind reading: 2 against the seed's 7.
CAMPAIGN = Path("/work/runs-archive/s58/inv-31/best/new-01-df0b8fc4c0026c8b.rcy")

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)


def _scopa_test(test: str) -> list:
    return M.defects(parse_text(_edit(_seed("scopa"), (V.SCOPA_TEST, test))))


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(M.defects) == {}


def test_the_campaign_file_is_named():
    if not CAMPAIGN.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    assert [d.where for d in M.defects(parse_file(CAMPAIGN))] == ["64:12"]


@pytest.mark.parametrize(
    ("test", "named"),
    [
        ("(== (size 'S) 1)", False),  # any one card, no card weighed: a plain pick
        ("(and (== (size 'S) 1) (> (score 'C using (game points VALUE)) 0))", True),
        ("(== (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", False),
        (
            "(all 'S 'T (== (score 'T using (game points VALUE)) (score 'C using (game points VALUE))))",
            False,
        ),
    ],
)
def test_only_a_pick_by_number_that_weighs_the_played_card_is_named(test, named):
    assert bool(_scopa_test(test)) is named
