"""`fitness.odd_copies` (one copy of a rule written three or more times alike that an
edit made differ from the others): the three games of campaign inv-19 the blind readers
rated 2-4 (round 52), rebuilt on their seeds, and the cases it must not name (a pair, a
pair against a pair, a name the copies keep, a formula)."""

from __future__ import annotations

import re

import pytest

from evogame.fitness import odd_copies as O
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import BASE_ACTION, BASE_GAME, CARDSTOCK_GAMES, require_shared
from tests.fitness import copies_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.pokereights_two_pair_middle_only,
        "(all\n                         (filter 'S 'X",
        "leaves out what its 4 alike copies (lines ",
    ),
    (
        V.red7_blue_divided,
        "(// (* 100 (size (partition COLOR",
        "reads // where its 2 alike copies (lines ",
    ),
    (
        V.red7_orange_subtracted,
        "(dec ('P sto SCORE)",
        "reads dec where its 2 alike copies (lines ",
    ),
    (
        V.the_game_downa_uncounted,
        "(do\n           ((move 'C (top (game vloc DOWNA)))",
        "also do here: (inc (game sto COUNT) 1)",
    ),
    (
        V.the_game_upb_filtered,
        "(filter ((current player) iloc HAND) 'NH (!= (cardatt NUM 'NH) TWO))",
        "takes only the cards where (!= (cardatt NUM 'NH) TWO), where its 3 alike copies",
    ),
    (
        V.red7_violet_flat,
        "11)",
        "reads 11 where its 2 alike copies (lines ",
    ),
    (
        V.red7_orange_by_empty_hand,
        "(== (size ('P iloc HAND)) 0)",
        "reads (== (size ('P iloc HAND)) 0) where its 2 alike copies (lines ",
    ),
    (
        V.red7_winning_above_4,
        "4)))\n",
        "reads 4 where its 2 alike copies (lines ",
    ),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}

DOWNA_COUNT = """\
            (set (game sto DOWNA) (score 'C using (game points NUM)))
            (inc (game sto COUNT) 1))))"""
UPB_COUNT = """\
            (set (game sto UPB) (score 'C using (game points NUM)))
            (inc (game sto COUNT) 1))))"""
DOWNB_TEST = "(or (< (score 'C using (game points NUM)) (game sto DOWNB))"
OVER_WHEN_SHORT = "(((< (game sto COUNT) (game sto MIN)) (set (game sto OVER) 1))"


def _uncounted(text: str, pile_count: str) -> str:
    return _edit(
        text, (pile_count, pile_count.replace("\n            (inc (game sto COUNT) 1)", ""))
    )


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_each_odd_copy_is_found_where_it_is_and_not_in_its_seed(variant, at, says):
    text = variant()
    # the uncounted down pile's != is wide_guards' defect (test_wide_guards): two spots
    only = variant is not V.the_game_downa_uncounted
    assert_found_where_it_is(text, SEED_OF[text], O.odd_copies, O.defects, at, says, only=only)


def test_every_variant_has_one_test():
    # the-game-downa-anything is wide_guards' (tests/fitness/test_wide_guards.py)
    from tests.fitness.test_wide_guards import FOUND as WIDE

    both = {V.red7_orange_by_empty_hand_winning_above_4()}  # test_the_readers_red7_...
    assert {f[0]() for f in FOUND + WIDE} | both == set(SEED_OF)


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has an odd copy."""
    assert real_files_flagged(O.defects) == {}


def test_one_uncounted_pile_of_four_is_named_and_two_are_not():
    """The Game with one pile's play not counted is named (three alike ``do``s against
    one); with two piles' plays not counted (an up and a down one) it is two against
    two, and neither side is the odd one."""
    one = _uncounted(_seed("the-game"), DOWNA_COUNT)
    [d] = O.odd_copies(parse_text(one))
    assert "its 3 alike copies" in d.message and "(inc (game sto COUNT) 1)" in d.message
    two = _uncounted(one, UPB_COUNT)
    assert O.odd_copies(parse_text(two)) == []


def test_a_pile_one_edit_from_two_sides_is_not_named():
    """The Game whose second down pile tests ``>`` where its sibling tests ``<``: it is
    one edit (``+`` for ``-``) from the two alike up piles, but also one edit from the
    other down pile, a sibling of its own: up, up, down and a changed down are pairs,
    and none is named (`Candidate.why` "twin")."""
    game = parse_text(_edit(_seed("the-game"), (DOWNB_TEST, DOWNB_TEST.replace("(<", "(>"))))
    assert O.odd_copies(game) == []
    whys = {c.why for c in O.candidates(game, every=True)}
    assert "twin" in whys and "" not in whys


def test_a_name_the_copies_keep_is_not_renamed():
    """The Game's ``((< COUNT MIN) (set OVER 1))`` beside two ``((>= COUNT MIN) (set STOP
    1))``, 13 nodes each: one comparison apart once OVER is read as STOP, but both copies
    set STOP, so the rule setting OVER is another rule (the else of theirs), not a copy.
    Setting STOP it would be one (both judged at 6 nodes, under `MIN_NODES`)."""

    def whys(text: str) -> list[str]:
        return [c.why for c in O.candidates(parse_text(text), min_nodes=6) if c.hi - c.lo == 13]

    assert whys(_seed("the-game")) == ["names"]
    same = _edit(_seed("the-game"), (OVER_WHEN_SHORT, OVER_WHEN_SHORT.replace("OVER", "STOP")))
    assert whys(same) == [""]


def test_a_formula_is_not_a_rule():
    """Enchère's ``(or (>= CLUBS 3) (>= SPADES 3))`` among four ``(and (>= QUEENS 2) ...)``
    is one operator from them once names and numbers are read alike, but holds no action:
    a formula that looks like others, not a copy of a rule."""
    require_shared()
    game = parse_file(CARDSTOCK_GAMES / "EnchereOriginale3.rcy")
    assert O.odd_copies(game) == []
    whys = [c.why for c in O.candidates(game, every=True)]
    assert "formula" in whys and "" not in whys


def test_copies_are_alike_up_to_a_consistent_renaming():
    """The Game's four pile options: the two up ones are alike (UPA for UPB), the down
    ones differ from them (``<`` for ``>``); a copy that uses one name where its sibling
    uses two is not alike."""
    game = parse_text(_seed("the-game"))
    choice = next(n for n in A.walk(game) if isinstance(n, A.Choice))
    upa, upb, downa, downb, _ = choice.items
    assert O._key(upa) == O._key(upb) and O._key(downa) == O._key(downb)
    assert O._key(upa) != O._key(downa)
    mixed = parse_text(_edit(_seed("the-game"), ("(top (game vloc UPB))", "(top (game vloc UPA))")))
    items = next(n for n in A.walk(mixed) if isinstance(n, A.Choice)).items
    assert O._key(items[0]) != O._key(items[1])
    assert O._diff(items[1], items[0], O._Renaming()) is None


def test_a_write_of_another_kind_is_one_edit_and_only_one():
    """``(dec X V)`` is one edit from ``(set X V)`` (a write swapped, named by kinds);
    with another value as well it is two, and no copy; ``set`` and ``inc`` of a string
    storage or a move are not writes of one shape."""
    a, b, c = (
        parse_text(BASE_GAME.replace(BASE_ACTION, x))
        for x in (
            "(set (game sto X) (+ (game sto Y) 2))",
            "(dec (game sto X) (+ (game sto Y) 2))",
            "(dec (game sto X) (- (game sto Y) 2))",
        )
    )
    one, other, far = (next(n for n in A.walk(g) if n.STORES) for g in (a, b, c))
    [e] = O._diff(other, one, O._Renaming())
    assert (e.kind, e.have, e.want, e.at) == ("swap", "dec", "set", other)
    assert O._diff(far, one, O._Renaming()) is None
    assert O._diff(far, one, O._Renaming(), budget=2) is not None


def test_a_write_swapped_in_every_copy_is_not_named_and_the_odd_one_out_is():
    """Red7 with the Orange score subtracted in all three copies (alike again) is not
    named; subtracted in one copy it is, at that ``dec``; subtracted in two, the copy
    left setting it is the odd one out (the class is the majority: two ``dec`` copies)."""
    text = _seed("red7")
    orange = list(re.finditer(r"ORANGE\)\n *\(set \('P sto SCORE\)", text))
    assert len(orange) == 3

    def subtracted(which):
        out = text
        for m in reversed([orange[i] for i in which]):
            out = out[: m.start()] + m.group().replace("(set", "(dec") + out[m.end() :]
        return out

    assert O.odd_copies(parse_text(subtracted([0, 1, 2]))) == []
    [one] = O.odd_copies(parse_text(subtracted([1])))
    assert "reads dec where its 2 alike copies" in one.message
    two = subtracted([1, 2])
    [d] = O.odd_copies(parse_text(two))
    assert "reads set where its 2 alike copies" in d.message
    line = int(d.where.split(":")[0])
    assert line - 1 == text[: orange[0].start()].count("\n") + 1  # the first copy's set


def test_a_dropped_statement_is_named_at_its_do():
    """The edit of a dropped statement is placed at the copy's ``do``, and says which
    statements its siblings have that it lacks."""
    text = V.the_game_downa_uncounted()
    [d] = O.odd_copies(parse_text(text))
    line, col = map(int, d.where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(do")


def test_a_copy_parallel_writes_names_is_left_to_it():
    """President whose single lead sets no TOP (tests/fitness/contradiction_variants.py)
    is an odd copy (its ``do`` lacks the ``set TOP`` of the three other leads), but
    `contradictions.parallel_writes` names that option already: one defect, not two."""
    from evogame.fitness.contradictions import parallel_writes
    from tests.fitness.contradiction_variants import president_single_sets_no_bar

    game = parse_text(president_single_sets_no_bar())
    odd = [c for c in O.candidates(game) if not c.why]
    assert odd and odd[0].edit.kind == "drop" and "(set (game sto TOP)" in odd[0].edit.want
    assert len(parallel_writes(game)) == 1
    assert O.odd_copies(game) == []


def test_a_filter_of_its_own_is_named_only_against_one_shared_test():
    """The Game with its second up pile's hand filtered by "not a 2" is named (three
    options whose tests share one skeleton, ``>``/``<`` and ``-``/``+`` alike, against
    one); with the first up pile so filtered too it is two against two, neither odd."""
    one = V.the_game_upb_filtered()
    [c] = list(O.filtered(parse_text(one)))
    assert c.edit.kind == "filter" and len(c.apart) == 3
    upa = V.THE_GAME_UPB_TEST.replace("UPB", "UPA").replace("     (any", "    ((any")
    two = _edit(
        one, (upa, "    ((any (filter ((current player) iloc HAND) 'X (!= (cardatt NUM 'X) TWO))")
    )
    assert list(O.filtered(parse_text(two))) == []
    assert O.odd_copies(parse_text(two)) == []


def test_a_copy_with_a_filter_more_is_not_compared_filter_by_filter():
    """A copy whose test holds a filter of its own (read as a hole, so still alike) has
    more filters than its siblings: it is not "another test at exactly one filter", and
    comparing it filter by filter ran off the end of the siblings' (an IndexError that
    zeroed a campaign child, s55i)."""
    nested = _edit(
        _seed("the-game"),
        (
            V.THE_GAME_UPB_TEST,
            "     (any (filter ((current player) iloc HAND) 'NH (> (size (filter"
            " ((current player) iloc HAND) 'Z (== (cardatt NUM 'Z) TWO))) 0))",
        ),
    )
    assert list(O.filtered(parse_text(nested))) == []


def test_a_part_replaced_is_one_edit_only_for_numbers_and_tests():
    """A ``"replace"`` edit (round 59) puts a number or a test for one of the class's
    (`REPLACEABLE`), never a variable: Red7's Violet best card read as 11 is one edit;
    the same copy reading ``(current player)`` for ``'P`` (a player, who not what) is not
    one edit of that kind, and the copies are then not compared at all."""
    flat = parse_text(V.red7_violet_flat())
    odd = [c.edit for c in O.candidates(flat) if not c.why]
    assert odd and all(e.kind == "replace" and e.have == "11" for e in odd)
    assert all(isinstance(e.of, A.AggInt) for e in odd)
    by_player = _edit(
        _seed("red7"),
        (
            "(set ('P sto SCORE)\n                               (+ (* 100 (size 'L))",
            "(set ((current player) sto SCORE)\n                               (+ (* 100 (size 'L))",
        ),
    )
    assert O.odd_copies(parse_text(by_player)) == []


def test_a_large_part_replaced_is_two_rules_not_a_slip():
    """A replaced part holding more than `REPLACED_SHARE` of the copy is read as two
    rules sharing a frame ("part"): Red7's Violet score ``(+ (* 100 (size 'L)) (maxof
    ...))`` (13 nodes) read as 11 in one copy is no copy of the 25-node ``let`` around it
    (0.52), but is one of the 214-node scoring rule (0.06), which is named."""
    old = """(+ (* 100 (size 'L))
                                  (maxof 'L 'C
                                         (score 'C using (game points CARDVAL))))"""
    game = parse_text(_edit(_seed("red7"), (old, "11")))
    whys = {(c.hi - c.lo, c.why) for c in O.candidates(game) if c.edit.kind == "replace"}
    assert (25, "part") in whys and (214, "") in whys
    [d] = O.odd_copies(game)
    assert "reads 11 where its 2 alike copies" in d.message


def test_the_readers_red7_has_both_its_edits_named():
    """ablate-31's new kind 1 as read: the Orange test in one scoring copy and the
    winning test of one play, each one copy of three: two defects, in the walk's order."""
    found = O.odd_copies(parse_text(V.red7_orange_by_empty_hand_winning_above_4()))
    heads = [d.message.split(" where ")[0] for d in found]
    assert len(heads) == 2 and heads[0].endswith(" reads 4")
    assert heads[1].endswith(" reads (== (size ('P iloc HAND)) 0)")


def test_a_guard_edited_is_named_only_among_verbatim_copies():
    """A test of a move (an ``ensure``'s condition) holds no action: it is compared as a
    rule only when its copies are written verbatim (`_verbatim_guards`); renamed alike
    they are formulas of their own (`Candidate.why` "formula"), as Enchère's bids."""
    game = parse_text(V.red7_winning_above_4())
    [c] = [c for c in O.candidates(game) if not c.why]
    assert c.edit.kind == "replace" and c.hi - c.lo == 14
    # the two other plays' tests no longer verbatim: one reads OUTB for OUT
    renamed = _edit(
        V.red7_winning_above_4(),
        (
            ";; 2. discard a card to the canvas (only if it changes the rule or earns a draw)\n"
            "     (ensure (all (other player) 'P\n"
            "                  (or (== ('P sto OUT) 1)",
            ";; 2. discard a card to the canvas (only if it changes the rule or earns a draw)\n"
            "     (ensure (all (other player) 'P\n"
            "                  (or (== ('P sto OUTB) 1)",
        ),
    )
    whys = {c.why for c in O.candidates(parse_text(renamed), every=True) if c.hi - c.lo == 14}
    assert "" not in whys


def test_an_aggregate_swapped_in_one_copy_is_named():
    """Round 60 (campaign ablate-33's rank 3): Red7's Yellow case scoring its largest group
    by ``minof`` in one of the three copies of the scoring, which read ``maxof``;
    `SWAPPABLE` now holds the aggregate kinds. Enchère's ``min``/``max`` bids stay pairs
    (bench/odd_copies_near.py)."""
    from tests.fitness import levelled_variants as LV

    text = LV.red7_yellow_least_card()
    says = "reads minof where its 2 alike copies (lines 86, 144) read maxof"
    assert_found_where_it_is(text, "red7", O.odd_copies, O.defects, "(minof 'G", says, only=True)
