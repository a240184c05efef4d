"""`fitness.flags` (a flag written with a value no test tells apart): the two variants,
the campaign files its readers named, the near misses real designs write (a two-sided
flag naming one side, a state some test names, a counter, an ordered read), and the real
files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import flags as M
from evogame.lang import parse_file, parse_text
from tests.fitness import flags_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.go_fish_unnamed_again,
        M.unnamed_values,
        "(set (game sto AGAIN) 3)",
        "the tests compare it with 0 and 1 only, so 3 is 'not 0' and 'not 1' at once",
    ),
    (
        V.pokereights_twin_step,
        M.twin_values,
        "(set (game sto STEP) 5)",
        "reads 5 as 3 (set at 122:9): no test tells the two apart",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

#: the campaign files round 58's readers named (inv-30's Go Fish lines), and round 57's
#: Pokereights whose "set STEP to 5" its reader of inv-30's named
ARCHIVE = Path("/work/runs-archive")
CAMPAIGN = [
    (ARCHIVE / "s58/inv-30-new/27a2255a43672b4a.rcy", "79:15", "unnamed_values"),
    (ARCHIVE / "s58/inv-30-new/f30745b8fa58a7b7.rcy", "75:15", "unnamed_values"),
    (ARCHIVE / "s58/inv-30-new/1ed3d63db05553a9.rcy", "57:15", "twin_values"),
    (ARCHIVE / "s57/inv-29/best/01-bd0faee6fc62de5a.rcy", "315:15", "twin_values"),
]

#: Go Fish's refill of a hand emptied by the ask, for a lucky draw (AGAIN 1).
REFILL = "((and (== (game sto AGAIN) 1)"


def _all(text: str) -> list[str]:
    return [d.message for d in M.defects(parse_text(text))]


def test_no_real_file_is_named():
    """None of the 95 real files: their two-sided flags name one side and its complement
    (Pairs' FOUND, War's TAKEN), their three-state flags name each state."""
    assert real_files_flagged(M.defects) == {}


@pytest.mark.parametrize(("path", "at", "check"), CAMPAIGN, ids=[p.name for p, _, _ in CAMPAIGN])
def test_the_campaign_files_are_named(path, at, check):
    if not path.exists():  # the campaign archive lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.defects(parse_file(path))
    assert (d.where, d.check) == (at, f"flags.{check}")


def test_a_flag_tested_on_one_side_is_not_named():
    """A two-valued flag whose every test asks one value (``!= 0`` and ``== 0``): 1 is the
    named value's complement, not a stray (Pairs' FOUND, Sheepshead's SCORED)."""
    text = _edit(
        _seed("go-fish"),
        (REFILL, REFILL.replace("(== (game sto AGAIN) 1)", "(!= (game sto AGAIN) 0)")),
    )
    assert _all(text) == []


def test_a_state_some_test_names_is_not_named():
    """AGAIN set to 3, and the refill asks for 1 or 3: every state has its test."""
    both = "(or (== (game sto AGAIN) 1) (== (game sto AGAIN) 3))"
    text = _edit(
        V.go_fish_unnamed_again(), (REFILL, REFILL.replace("(== (game sto AGAIN) 1)", both))
    )
    assert _all(text) == []


def test_a_counter_is_not_a_flag():
    """The lucky draw adds to AGAIN instead of setting it: its values are not known."""
    text = _edit(_seed("go-fish"), (V.LUCKY, V.LUCKY.replace("set", "inc").replace("1)", "2)", 1)))
    assert M.flags(parse_text(text)).keys() == {("PLAYER", "TARGET")}
    assert _all(text) == []


def test_an_ordered_read_leaves_the_unnamed_state_to_the_twins():
    """The refill asks AGAIN >= 1: 3 is read as 1 by every test, a twin, named once; read
    ``>= 2`` instead, 3 and 1 differ and nothing is named (the numbers matter as numbers)."""
    text = _edit(
        V.go_fish_unnamed_again(),
        (REFILL, REFILL.replace("(== (game sto AGAIN) 1)", "(>= (game sto AGAIN) 1)")),
    )
    found = M.defects(parse_text(text))
    assert [d.check for d in found] == ["flags.twin_values"]
    assert "reads 3 as 1" in found[0].message
    apart = _edit(
        V.go_fish_unnamed_again(),
        (REFILL, REFILL.replace("(== (game sto AGAIN) 1)", "(>= (game sto AGAIN) 2)")),
    )
    assert _all(apart) == []


def test_a_value_alike_to_the_start_is_named_as_0():
    """The ask marks the seat asked with 2 while the rule acting on marks asks for 1: every
    test reads 2 as 0, the value TARGET starts with (and the seat clears to)."""
    mark = "(set ('P sto TARGET) 1)"
    text = _edit(_seed("go-fish"), (mark, mark.replace("1)", "2)")))
    (d,) = M.defects(parse_text(text))
    assert d.check == "flags.twin_values"
    assert "reads 2 as 0, the value TARGET starts with" in d.message


def test_a_stored_constant_is_left_to_constants():
    """AGAIN set to 5 by the opening and by no other rule, tested 0 and 1: a switch left
    off, `constants.switched_off`'s; `flags` does not name it twice."""
    from evogame.fitness import constants

    text = _seed("go-fish")
    for old in ("(set (game sto AGAIN) 0)", "(set (game sto AGAIN) 1)"):
        text = text.replace(old, "(set (game sto HELD) 0)")
    shuffle = " (do\n  ((shuffle"
    text = _edit(text, (shuffle, " (do\n  ((set (game sto AGAIN) 5)\n   (shuffle"))
    game = parse_text(text)
    assert [d.check for d in constants.defects(game)] == ["constants.switched_off"]
    assert M.defects(game) == []
