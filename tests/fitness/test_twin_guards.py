"""`fitness.twin_guards`: a guarded action written twice, alike but for its comparison's
operator."""

from __future__ import annotations

from evogame.fitness import twin_guards as T
from evogame.lang import parse_text
from tests.fitness import twin_guard_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.red7_draw_on_equal,
        T.twin_guards,
        "((== (score 'D using (game points NUMPOINTS))",
        "is guarded by > (the rules compare the two 2 times with >, 1 with ==)",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, T.defects)
)

FIRST_DRAW = "((> (score 'D using (game points NUMPOINTS))\n                  (size"


def test_no_real_file_writes_an_action_twice_with_two_operators():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has such a pair."""
    assert real_files_flagged(T.defects) == {}


def test_the_copy_the_rules_compare_least_that_way_is_named():
    """With the first draw made ``==`` instead (and the second ``>``), the first is
    named: the discard's guard still compares the two with ``>``. With both draws ``==``
    they agree: silent."""
    first = _edit(_seed("red7"), (FIRST_DRAW, FIRST_DRAW.replace("((>", "((==")))
    (d,) = T.twin_guards(parse_text(first))
    assert d.where != T.twin_guards(parse_text(V.red7_draw_on_equal()))[0].where
    assert "NUMPOINTS)) == (size" in d.message and "2 times with >" in d.message
    both = _edit(V.red7_draw_on_equal(), (FIRST_DRAW, FIRST_DRAW.replace("((>", "((==")))
    assert T.twin_guards(parse_text(both)) == []


def test_operands_written_the_other_way_round_are_the_same_test():
    """``(< (size PALETTE) (score 'D ...))`` is the seed's ``>`` read the other way:
    silent; ``(<= ...)`` that way is another operator: named."""
    text = _seed("red7")
    flipped = _edit(
        text,
        (
            FIRST_DRAW + " ((current player) vloc PALETTE)))",
            "((< (size ((current player) vloc PALETTE)) (score 'D using (game points NUMPOINTS)))",
        ),
    )
    assert T.twin_groups(parse_text(flipped)) == []
    other = flipped.replace(
        "((< (size ((current player) vloc PALETTE))", "((<= (size ((current player) vloc PALETTE))"
    )
    assert len(T.twin_guards(parse_text(other))) == 1
