"""`fitness.tallies` (a tally of the players nothing sets back), with the two other
defects of round 58's President and Whist its variants rebuild (`free_options.idle_options`,
`soundness.point_entries` on a state read): the variants, the campaign files, the near
misses real designs write, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import free_options as F
from evogame.fitness import soundness as S
from evogame.fitness import tallies as M
from evogame.lang import parse_file, parse_text
from tests.fitness import tally_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.president_passes_never_reset,
        M.defects,
        "(>= (game sto PASSES)",
        "PASSES only ever grows (no rule sets it back)",
    ),
    (
        V.president_idle_option,
        F.defects,
        "(set (game sto PLAYED) 0)",
        "only sets PLAYED to 0, which it always is when the option is offered",
    ),
    (
        V.whist_lead_rated_twice,
        S.point_entries,
        "((SUIT : (game str LEAD)) 101)",
        "SUIT (game str LEAD) is rated 100 and 101",
    ),
]


def _any(game) -> list:
    return M.defects(game) + F.defects(game) + S.point_entries(game)


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, _any)
)

#: the campaign files round 58's readers named (reader r58a's President, r58d's Whist)
ARCHIVE = Path("/work/runs-archive/s58")
CAMPAIGN = [
    (ARCHIVE / "ablate-30/best/02-e7d7b6cc591131d6.rcy", M.defects, "60:15"),
    (ARCHIVE / "ablate-30/best/02-e7d7b6cc591131d6.rcy", F.defects, "156:10"),
    (ARCHIVE / "ablate-31/best/04-12974159f4a96dec.rcy", S.point_entries, "74:13"),
    (ARCHIVE / "ablate-31/best/new-02-cb071eb7735c0e69.rcy", S.point_entries, "72:13"),
]


@pytest.mark.parametrize(
    ("path", "check", "at"), CAMPAIGN, ids=[f"{p.stem[:9]}-{at}" for p, _c, at in CAMPAIGN]
)
def test_the_campaign_files_are_named(path, check, at):
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    assert [d.where for d in check(parse_file(path))] == [at]


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) by any of the three."""
    assert real_files_flagged(_any) == {}


def test_a_tally_set_back_anywhere_is_left_alone():
    # one reset of the two is enough: PASSES no longer only grows
    once = _edit(_seed("president"), (V.CLEARED, ""))
    assert M.defects(parse_text(once)) == []


def test_a_tally_asked_a_number_or_asked_in_an_end_is_left_alone():
    text = V.president_passes_never_reset()
    players = "(game sto PASSES)\n                       (size (filter player 'P (> (size ('P iloc HAND)) 0)))"
    fewer = "(game sto PASSES)\n                       (- (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1)"
    assert players in text and fewer in text
    # numbers, not counts of players (Cheeseheads' PASS is asked != 5)
    numbers = text.replace(players, "(game sto PASSES) 4").replace(fewer, "(game sto PASSES) 3")
    assert M.defects(parse_text(numbers)) == []
    # asked equal, not to reach: the test does not hold for good
    reach = "(>= (game sto PASSES)\n"
    assert reach in text
    assert M.defects(parse_text(text.replace(reach, "(== (game sto PASSES)\n"))) == []


def test_a_tally_read_either_way_round_is_named():
    text = V.president_passes_never_reset()
    first = """(>= (game sto PASSES)
                       (- (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1))"""
    turned = """(<= (- (size (filter player 'P (> (size ('P iloc HAND)) 0))) 1)
                       (game sto PASSES))"""
    assert first in text
    (d,) = M.defects(parse_text(text.replace(first, turned)))
    assert "asks it to reach (- (size (filter player" in d.message


def test_an_option_setting_a_value_play_changes_is_left_alone():
    text = V.president_idle_option()
    # the turn's reset after the choice gone: PLAYED may be 1 when the option is offered
    reset = "     (set (game sto PLAYED) 0)))))"
    assert reset in text
    assert F.idle_options(parse_text(text.replace(reset, "))))"))) == []
    # a value other than the one it always has
    one = text.replace(
        "     (set (game sto PLAYED) 0)\n     ;; or", "     (set (game sto PLAYED) 1)\n     ;; or"
    )
    assert F.idle_options(parse_text(one)) == []


def test_an_entry_repeated_alike_or_on_another_state_is_left_alone():
    twice = V.LED + "\n           ((SUIT : (game str LEAD)) 100)"
    assert S.point_entries(parse_text(_edit(_seed("whist"), (V.LED, twice)))) == []
    # the same condition and one more: another entry, rating the lead suit's Ace
    other = V.LED + "\n           ((SUIT : (game str LEAD)) (RANK : ACE) 101)"
    assert S.point_entries(parse_text(_edit(_seed("whist"), (V.LED, other)))) == []
