"""`fitness.lone_writes` (one of a choice's parallel ways to play lacks the write its
siblings make): President's pair beat and Spite and Malice's discard to D without their
record (campaigns ablate-28 rank 1 and inv-28 rank 5, round 57), the near misses it must
not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import lone_writes as L
from evogame.lang import parse_file, parse_text
from tests.fitness import lone_write_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.president_pair_beat_unrecorded,
        L.lone_writes,
        "((== (game sto SIZE) 2)",
        "never does (set (game sto PLAYED) 1), which its 3 parallel siblings",
    ),
    (
        V.spite_discard_d_keeps_turn,
        L.lone_writes,
        "((or (> (size ((current player) vloc SIDED)) 0)",
        "never does (set (game sto DONE) 1), which its 3 parallel siblings",
    ),
]
#: The two campaign files blind readers named (round 57), each with where it is named.
CAMPAIGN_FILES = {
    Path("/work/runs-archive/s57/ablate-28/best/01-8660446acdf87688.rcy"): "125:10",
    Path("/work/runs-archive/s57/inv-28/best/05-09d3d795d503ad59.rcy"): "173:10",
}
#: Spite and Malice's record of a discard, one in each of its four discard items.
DONE = "(set (game sto DONE) 1)"

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, L.defects)
)


def _named(text: str) -> list[str]:
    return [d.where for d in L.lone_writes(parse_text(text))]


def test_no_real_file_has_a_lone_missing_write():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(L.defects) == {}


@pytest.mark.parametrize(("path", "at"), CAMPAIGN_FILES.items(), ids=["president", "spite"])
def test_the_campaign_files_are_named_at_the_item(path, at):
    if not path.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    assert [d.where for d in L.defects(parse_file(path))] == [at]


def test_the_message_says_where_the_storage_decides_play():
    (d,) = L.lone_writes(parse_text(V.spite_discard_d_keeps_turn()))
    assert "(game sto DONE) decides play at 83:40" in d.message  # the turn stage's end


def test_two_items_lacking_it_are_not_named():
    """Two beats without the record against two with it: which is odd is not known."""
    text = _edit(
        V.president_pair_beat_unrecorded(),
        (
            "(tuples 3 ((current player) iloc HAND) using (game points RANK)) 'G\n"
            "                   (> (score (top 'G) using (game points RANK)) (game sto TOP)))\n"
            "           'G\n"
            "           (do\n"
            "            ((set (game sto TOP) (score (top 'G) using (game points RANK)))\n"
            "             (set (game sto PLAYED) 1)\n",
            "(tuples 3 ((current player) iloc HAND) using (game points RANK)) 'G\n"
            "                   (> (score (top 'G) using (game points RANK)) (game sto TOP)))\n"
            "           'G\n"
            "           (do\n"
            "            ((set (game sto TOP) (score (top 'G) using (game points RANK)))\n",
        ),
    )
    assert _named(text) == []


def test_a_pair_is_not_named():
    """Only the single and the pair beat left (the triple and quad beats cut): one item
    with the record against one without proves nothing (`MIN_SIBLINGS`)."""
    text = V.president_pair_beat_unrecorded()
    start, end = text.index("     ((== (game sto SIZE) 3)\n"), text.index("     ;; or pass\n")
    assert _named(text[:start] + text[end:]) == []
    assert _named(text) == ["114:6"]  # with both beats kept, the pair beat is named


def test_a_storage_no_end_or_guard_reads_is_not_named():
    """The record renamed in all four discards, and dropped from D's: nothing reads it."""
    text = V.spite_discard_d_keeps_turn().replace(DONE, "(set (game sto NOTE) 1)")
    assert _named(text) == []


def test_an_item_that_writes_another_value_is_not_parallel():
    """D's discard setting DONE to 2: its shape keeps that write, so it has no siblings."""
    seed = _seed("spite-and-malice")
    last = seed.rindex(DONE)
    text = seed[:last] + "(set (game sto DONE) 2)" + seed[last + len(DONE) :]
    assert _named(text) == []


def test_a_lone_move_without_its_do_is_parallel():
    """D's discard written as the bare move, not a ``do`` of one statement: named."""
    text = _edit(
        V.spite_discard_d_keeps_turn(),
        (
            "(do\n            ((move 'C (top ((current player) vloc SIDED)))))",
            "(move 'C (top ((current player) vloc SIDED)))",
        ),
    )
    assert _named(text) == ["145:6"]


def test_an_item_that_differs_in_its_action_is_not_parallel():
    """D's discard taken from the stock rather than the hand: another action."""
    text = _edit(
        V.spite_discard_d_keeps_turn(),
        (
            "      (any ((current player) iloc HAND) 'C\n"
            "           (do\n"
            "            ((move 'C (top ((current player) vloc SIDED)))",
            "      (any (game hloc STOCK) 'C\n"
            "           (do\n"
            "            ((move 'C (top ((current player) vloc SIDED)))",
        ),
    )
    assert _named(text) == []


@pytest.mark.parametrize("variant", [f[0] for f in FOUND], ids=["president", "spite"])
def test_the_variant_scores_below_its_seed_with_less_soundness(variant):
    seed = {v.text: v.seed for v in V.VARIANTS}[variant()]
    assert_scores_below_its_seed(variant(), seed)
