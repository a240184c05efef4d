"""`fitness.overwritten` (a pick made for every member of an ``all`` into one storage):
Go Fish whose ask picks a rank for every opponent (campaign inv-25's rank 4's
``otherwise`` item, round 56), the writes it must not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import overwritten as O
from evogame.lang import parse_file, parse_text
from tests.fitness import overwrite_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit

FOUND = [
    (
        V.go_fish_asks_everyone,
        O.lost_picks,
        "(set (game str ASKED) (cardatt RANK (top 'G)))",
        "only the last pick stands",
    ),
]
#: inv-25's rank 4 (round 56): a blind reader's 2 against the seed's 6.
CAMPAIGN_FILE = Path("/work/runs-archive/s56/rebest/inv-25/best/04-c7c9590973b4ccdb.rcy")
SET = "(set (game str ASKED) (cardatt RANK (top 'G)))"

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, O.defects)
)


def _named(text: str) -> list:
    return O.lost_picks(parse_text(text))


def test_no_real_file_overwrites_a_pick():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(O.defects) == {}


def test_the_campaign_file_is_named_in_its_otherwise_item():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = O.lost_picks(parse_file(CAMPAIGN_FILE))
    assert d.where == "63:19"


def test_a_storage_of_each_member_is_not_named():
    """Condition 1: the pick written to the member's own storage is kept for each."""
    assert (
        _named(_edit(V.go_fish_asks_everyone(), (SET, SET.replace("(game str", "('P str")))) == []
    )


def test_a_guarded_write_is_not_named():
    """Condition 2: a write under a test (a best so far) is not one per member."""
    guarded = f"((== (game str ASKED) (game str ASKED)) {SET})"
    assert _named(_edit(V.go_fish_asks_everyone(), (SET, guarded))) == []


def test_a_value_not_picked_is_not_named():
    """Condition 3: a value no ``any`` inside the loop picks."""
    text = _edit(V.go_fish_asks_everyone(), (SET, "(set (game str ASKED) (game str LAST))"))
    assert _named(text) == []


def test_a_pick_read_in_the_loop_is_not_named():
    """Condition 4: the member's rule reads the pick before the next overwrites it."""
    text = _edit(
        V.go_fish_asks_everyone(),
        ("(set ('P sto TARGET) 1)", "(set ('P str WANTED) (game str ASKED))"),
    )
    assert _named(text) == []


def test_the_same_loop_outside_a_choice_is_not_named():
    """An ``any`` outside a choice does what ``all`` does: no pick, nothing lost."""
    text = _edit(V.go_fish_asks_everyone(), ("   (choice\n    ((all", "   (do\n    ((all"))
    assert _named(text) == []
