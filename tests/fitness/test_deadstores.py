"""`fitness.deadstores` (a block of storage writes every later read finds written again):
round 57's inv-28 red7 and Scopa rebuilt from their seeds, the writes it must not name,
and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import deadstores as D
from evogame.lang import parse_file, parse_text
from tests.fitness import deadstores_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (V.red7_scores_twice, D.dead_writes, "(all player 'P", "('P sto SCORE) written here"),
    (
        V.scopa_counts_each_capture,
        D.dead_writes,
        "(set ('P sto POINTS) ('P sto SCOPE))",
        "('P sto CARDS), ('P sto COINS), ('P sto POINTS) written here",
    ),
]
CAMPAIGN = Path("/work/runs-archive/s57/inv-28/best")
#: The two files round 57's blind readers named, and where the copied block starts.
CAMPAIGN_FILES = {"01-9706ba9a32f9ebb1.rcy": "250:20", "new-01-57ce2798f6d85c0b.rcy": "88:20"}

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, D.defects)
)


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named: among them
    Coloretto4's ranks shifted down a list of storages, read by a name held in a variable."""
    assert real_files_flagged(D.defects) == {}


@pytest.mark.parametrize(("name", "at"), CAMPAIGN_FILES.items())
def test_the_campaign_files_are_named_at_the_copied_block(name, at):
    if not (CAMPAIGN / name).exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    (d,) = D.dead_writes(parse_file(CAMPAIGN / name))
    assert d.where == at


def test_a_guarded_write_kills_nothing():
    """Scopa's primiera, set only when a pile holds all four suits, may keep the value the
    capture wrote: it is not named (only the three sure sets are)."""
    (d,) = D.dead_writes(parse_text(V.scopa_counts_each_capture()))
    assert "PRIME" not in d.message


def test_a_total_read_by_an_inc_is_live():
    """When the end's count adds to POINTS (``inc``) instead of resetting it, each
    capture's count adds to the result: its POINTS is read by the end's ``inc``, and its
    CARDS and COINS by the tests that add to POINTS. Nothing is named."""
    seed = _edit(
        _seed("scopa"),
        ("(set ('P sto POINTS) ('P sto SCOPE))", "(inc ('P sto POINTS) ('P sto SCOPE))"),
    )
    text = _edit(seed, (V.SCOPA_CAPTURE, f"{V.SCOPA_CAPTURE}\n{V._final_count(seed)}"))
    assert D.dead_writes(parse_text(text)) == []


def test_cases_that_miss_a_value_kill_nothing():
    """red7's later recomputation sets SCORE in one case per colour; when RULE can also
    hold a name no case tests (here its start), the later block may set nothing, so the
    copied one is not named."""
    text = _edit(
        V.red7_scores_twice(), ("(set (game str RULE) RED)", "(set (game str RULE) BLACK)")
    )
    assert D.dead_writes(parse_text(text)) == []


def test_a_read_between_keeps_the_block():
    """The copied recomputation read before the second one (here by a guard on the play)
    is not dead."""
    play = V.RED7_PLAY_THEN_DISCARD[1:]  # the play, after the copied block
    guarded = play.replace("(move 'C", "((> ((current player) sto SCORE) 0) (move 'C", 1)
    text = _edit(V.red7_scores_twice(), (play, guarded.replace("PALETTE)))", "PALETTE))))", 1)))
    assert D.dead_writes(parse_text(text)) == []
