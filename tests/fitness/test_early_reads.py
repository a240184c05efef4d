"""`fitness.early_reads` (a point table, or a suit to follow, read before any rule sets
it): the variants, the campaign files their readers named, the near misses real designs
write (a table set at the start of each pass, a read after the set of the same pass, a
follow item written before the lead its guards offer first), and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import early_reads as M
from evogame.lang import parse_file, parse_text
from tests.fitness import early_read_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.hearts_lead_by_power,
        M.early_tables,
        "(game points POWER))",
        "(game points POWER) is read here before any rule sets it",
    ),
    (
        V.pokereights_no_opening_suit,
        M.early_strings,
        "(== (cardatt SUIT 'F) (game str FOLLOW))",
        "compares a card with (game str FOLLOW) before any rule sets it",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

CAMPAIGN = Path("/work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy")
#: round 60's Pokereights without its opening suit (ablate-34's rank 2)
NO_OPENING = Path("/work/runs-archive/s60/ablate-34/best/02-e39d28ae97c2ea9b.rcy")

#: Hearts' trick table, set at each trick's end (the led suit worth 100)
POWER_SET = "(set (game points POWER)"


@pytest.mark.skipif(not CAMPAIGN.exists(), reason="round 58's archive is absent")
def test_the_campaign_file_is_named():
    found = M.defects(parse_file(CAMPAIGN))
    assert len(found) == 1 and "(game points POWER) is read here" in found[0].message


def test_a_table_set_before_the_play_is_not_named():
    """The same read with POWER also set in the ``do`` before the play (every card 0 at
    first, then the trick's table): the read comes after a set."""
    text = _edit(
        V.hearts_lead_by_power(),
        (
            "(shuffle (game hloc STOCK))",
            "(set (game points POWER) (((RANK : TWO) 2)))\n   (shuffle (game hloc STOCK))",
        ),
    )
    assert M.defects(parse_text(text)) == []


def test_reads_after_the_set_of_the_same_pass_are_not_named():
    """Hearts as written reads POWER only after the trick's end sets it."""
    assert POWER_SET in _seed("hearts")
    assert M.defects(parse_text(_seed("hearts"))) == []


def test_no_real_file_is_named():
    assert real_files_flagged(M.defects) == {}


@pytest.mark.skipif(not NO_OPENING.exists(), reason="round 60's archive is absent")
def test_the_campaign_file_without_its_opening_suit_is_named():
    found = M.defects(parse_file(NO_OPENING))
    assert len(found) == 1 and "(game str FOLLOW) before any rule sets it" in found[0].message


#: Agram's lead (any card, its suit to follow), then its follow and fallback items
AGRAM_LEAD = """     ((all player 'P (== (size ('P vloc PLAYED)) 0))
      (any ((current player) iloc HAND) 'C
           (do
            ((set (game str LEAD) (cardatt SUIT 'C))
             (move 'C (top ((current player) vloc PLAYED)))))))
"""
AGRAM_LAST = """      (any ((current player) iloc HAND) 'C
           (move 'C (top ((current player) vloc PLAYED))))))))"""


def test_a_follow_item_written_before_its_lead_is_not_named():
    """Agram with its lead written last: the follow tests come first in the text, but
    their guards (someone has played) exclude the lead's (nobody has), which sets LEAD."""
    moved = _edit(
        _seed("agram"),
        (AGRAM_LEAD, ""),
        (AGRAM_LAST, AGRAM_LAST[: -len(")))")] + "\n" + AGRAM_LEAD.rstrip() + ")))"),
    )
    game = parse_text(moved)
    assert M.early_strings(game) == []
    # the same order with the lead's guard gone is named: nothing says the lead comes first
    unguarded = _edit(
        moved,
        ("((all player 'P (== (size ('P vloc PLAYED)) 0))", "((>= (game sto TRICK) 0)"),
    )
    found = M.early_strings(parse_text(unguarded))
    assert len(found) == 1 and "(game str LEAD)" in found[0].message


def test_a_suit_set_in_the_setup_is_not_named():
    """Pokereights as written sets FOLLOW from the card turned up, before the play."""
    assert "(set (game str FOLLOW) (cardatt SUIT (top (game vloc PILE))))" in _seed("pokereights")
    assert M.early_strings(parse_text(_seed("pokereights"))) == []


#: the forced draw's test (no card may start a move), Pokereights' first read of FOLLOW
FORCED = """          (== (game sto STEP) 0)
          (all
            ((current player) iloc HAND)
            'F
            (not
              (or
                (== (cardatt RANK 'F) EIGHT)
                (== (cardatt SUIT 'F) (game str FOLLOW))"""


def test_an_unset_suit_read_by_a_difference_admits_every_card():
    """The first read made ``!=``: "" differs from every card's suit."""
    text = _edit(
        V.pokereights_no_opening_suit(),
        (FORCED, FORCED.replace("(== (cardatt SUIT", "(!= (cardatt SUIT")),
    )
    found = M.early_strings(parse_text(text))
    assert len(found) == 1 and found[0].message.endswith("so every card differs from it")
    assert not M.early_strings(parse_text(V.pokereights_no_opening_suit()))[0].message.endswith(
        "differs from it"
    )
