"""`fitness.remembered` (a card remembered into a pile of real cards): Spite and Malice whose
third side pile's discard became a ``remember`` (campaign inv-23's rank 3, round 54), the
``mem`` note it must not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import remembered as R
from evogame.lang import parse_file, parse_text
from tests.fitness import remembered_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit

FOUND = [
    (
        V.malice_side_remembered,
        "(remember 'C (top ((current player) vloc SIDEC)))",
        "a card remembered into ((current player) vloc SIDEC), a place of real cards (vloc",
    ),
]
#: inv-23's rank 3 (round 54): a blind reader's 5 against the seed's 7.
CAMPAIGN_FILE = Path("/work/runs-archive/s54/inv-23/best/03-a0a62d0180041a5d.rcy")


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_the_remembered_card_is_found_where_it_is_and_not_in_the_seed(variant, at, says):
    assert_found_where_it_is(variant(), "spite-and-malice", R.real_piles, R.defects, at, says)


def test_the_campaign_file_is_named_at_its_remember():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    found = R.real_piles(parse_file(CAMPAIGN_FILE))
    assert [d.where for d in found] == ["171:13"]


@pytest.mark.parametrize("vis", ["iloc", "hloc", "vloc"])
def test_every_visibility_but_mem_is_named(vis):
    text = V.malice_side_remembered().replace(
        "(remember 'C (top ((current player) vloc SIDEC)))",
        f"(remember 'C (top ((current player) {vis} NOTE)))",
    )
    (d,) = R.real_piles(parse_text(text))
    assert f"({vis}, not mem)" in d.message


def test_a_note_in_mem_is_not_named():
    """Rummy2's idiom: the card drawn, remembered in a ``mem`` location."""
    text = _edit(
        V.malice_side_remembered(),
        (
            "(remember 'C (top ((current player) vloc SIDEC)))",
            "(remember 'C (top ((current player) mem NOTE)))",
        ),
    )
    assert R.real_piles(parse_text(text)) == []


def test_no_real_file_remembers_into_a_pile():
    assert real_files_flagged(R.defects) == {}
