"""`fitness.restated`: a guard that restates a test of the rule around it when nothing run
between can change what it reads (inv-22's rank 5: the stock tested twice)."""

from __future__ import annotations

from evogame.fitness import restated as R
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import restated_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests

#: (variant, check, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.go_fish_stock_tested_twice,
        R.restated_guards,
        "(> (size (game hloc STOCK)) 0)\n        (move (top (game hloc STOCK)) (top ((current",
        "restates the one at 51:11",
    ),
]

#: The body of the variant's rule, from its set to the inner test.
BODY = "((set (game sto AGAIN) 0)\n       ((> (size (game hloc STOCK)) 0)"


def _named(text: str) -> list[str]:
    return [d.where for d in R.restated_guards(parse_text(text))]


def _with(old: str, new: str) -> str:
    text = V.go_fish_stock_tested_twice()
    assert text.count(old) == 1
    return text.replace(old, new)


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, R.defects)
)


def test_no_real_game_restates_a_guard():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(R.defects) == {}


def test_no_real_game_writes_a_guard_twice_at_all():
    """The margin: no guard of a real file has a conjunct written as one of a guard around
    it, whatever runs between (the count the module's conditions start from is 0)."""
    for path in real_files():
        game = parse_file(path)
        for node in (n for n in A.walk(game) if isinstance(n, A.Guarded)):
            outer = A.bool_parts(node.cond, A.BoolOpKind.AND)
            inner = [
                c
                for g in A.walk(node.body)
                if isinstance(g, A.Guarded)
                for c in A.bool_parts(g.cond, A.BoolOpKind.AND)
            ]
            assert not any(c in outer for c in inner), path.name


def test_a_draw_between_the_tests_is_not_named():
    """A card drawn from the stock before the inner test: the stock may then be empty,
    and the test is a test again."""
    draw = "(move (top (game hloc STOCK)) (top ((current player) iloc HAND)))"
    text = _with(BODY, BODY.replace("\n       ((>", f"\n       {draw}\n       ((>"))
    assert _named(text) == []


def test_a_storage_set_between_the_tests_is_not_named_and_is_when_it_is_another():
    """Outer and inner both test AGAIN: a set of AGAIN between them makes the inner a test
    again; a set of another storage does not."""
    outer = "((and (> (size (game hloc STOCK)) 0)"
    text = _with(outer, "((and (== (game sto AGAIN) 1)")
    text = text.replace(
        "\n       ((> (size (game hloc STOCK)) 0)", "\n       ((== (game sto AGAIN) 1)", 1
    )
    assert _named(text) == []
    other = text.replace("((set (game sto AGAIN) 0)", "((set (game sto LUCK) 0)", 1)
    assert len(_named(other)) == 1


def test_a_loop_whose_passes_draw_is_not_named_and_one_that_does_not_is():
    """Inside ``(all player 'Q ...)`` a later pass sees what the earlier drew: the test in
    the loop is not named (the loop's own guard, restating the rule's, is)."""
    draw_each = (
        "((> (size (game hloc STOCK)) 0)\n"
        "        (all player 'Q ((> (size (game hloc STOCK)) 0)"
        " (move (top (game hloc STOCK)) (top ('Q iloc HAND))))))"
    )
    inner = (
        "((> (size (game hloc STOCK)) 0)\n"
        "        (move (top (game hloc STOCK)) (top ((current player) iloc HAND))))"
    )
    assert _named(_with(inner, draw_each)) == ["55:9"]
    mark_each = draw_each.replace(
        "(move (top (game hloc STOCK)) (top ('Q iloc HAND)))", "(set ('Q sto TARGET) 0)"
    )
    assert len(_named(_with(inner, mark_each))) == 2  # the loop's test, and the one in it


def test_a_turn_passed_between_tests_of_the_current_player_is_not_named():
    """A test of the current player's hand restated after a ``cycle``: who is current may
    have changed; with no cycle between it is named."""
    hand = "(> (size ((current player) iloc HAND)) 0)"
    text = _with("((and (> (size (game hloc STOCK)) 0)", f"((and {hand}")
    text = text.replace("\n       ((> (size (game hloc STOCK)) 0)", f"\n       ({hand}", 1)
    assert len(_named(text)) == 1
    cycled = text.replace(
        "((set (game sto AGAIN) 0)", "((set (game sto AGAIN) 0)\n       (cycle next current)", 1
    )
    assert _named(cycled) == []
