"""`fitness.lone_guards` (one of a choice's parallel ways to play takes or tests what none
of its siblings does): Spite and Malice's centre stack D taking from the pay-off pile and
side stack B's edited threshold (campaigns inv-28 rank 5 and ablate-28 rank 3, round 57),
the near misses it must not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import lone_guards as L
from evogame.lang import parse_file, parse_text
from tests.fitness import lone_guards_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.spite_centre_d_takes_payoff,
        L.lone_parts,
        "((current player) hloc PAYOFF)",
        "on CENTRED, has ((current player) hloc PAYOFF) where its siblings have nothing",
    ),
    (
        V.spite_side_b_needs_five,
        L.lone_guards,
        "(> (size ((current player) vloc SIDEA)) 4)",
        "siblings that test it (on SIDEC, SIDED) all compare with 0",
    ),
]
#: The campaign files blind readers named (round 57), each with where it is named.
CAMPAIGN_FILES = {
    Path("/work/runs-archive/s57/inv-28/best/05-09d3d795d503ad59.rcy"): "138:17",
    Path("/work/runs-archive/s57/ablate-28/best/03-93f24881964937e5.rcy"): "158:13",
}
#: Centre stack D's filter: the card one rank above D's top, or a King.
D_FILTER = "(+ (size (game vloc CENTRED)) 1)"
#: A conjunct given to every discard's guard but one in a test.
OVER = "(== (game sto OVER) 0)"
#: Side stack C's guard, asking a card of A.
SIDE_C = (
    "((or (> (size ((current player) vloc SIDEC)) 0)\n"
    "          (and (> (size ((current player) vloc SIDEA)) 0)"
)

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, L.defects)
)


def _named(text: str) -> list[str]:
    return [d.where for d in L.defects(parse_text(text))]


def test_no_real_file_has_a_lone_part_or_guard():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(L.defects) == {}


@pytest.mark.parametrize("path", CAMPAIGN_FILES, ids=["centre-d", "side-b"])
def test_the_campaign_files_are_named_once(path):
    """Each file is named once, at the edit; inv-28's discard to D lacking its DONE is
    left to `lone_writes` (one defect, one count)."""
    if not path.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    assert [d.where for d in L.defects(parse_file(path))] == [CAMPAIGN_FILES[path]]


def test_two_siblings_against_two_are_not_named():
    """C's play taking from the pay-off pile as D's does: two against two, neither odd."""
    text = V.spite_centre_d_takes_payoff()
    c = "(> (size (game vloc CENTREB)) 0)))\n      (any (filter (union "
    assert _named(_edit(text, (c, c + "((current player) hloc PAYOFF) "))) == []


def test_an_item_two_edits_away_is_not_named():
    """D's play also needing two ranks above its top: another rule, not one edit."""
    text = _edit(V.spite_centre_d_takes_payoff(), (D_FILTER, D_FILTER.replace(" 1)", " 2)")))
    assert _named(text) == []


def test_one_changed_number_in_the_action_is_named():
    """D's play needing two ranks above its top, the one edit: a lone literal."""
    text = _edit(_seed("spite-and-malice"), (D_FILTER, D_FILTER.replace(" 1)", " 2)")))
    assert [d.message.split(":")[0] for d in L.lone_parts(parse_text(text))] == [
        "this option, on CENTRED, has 2 where its siblings have 1"
    ]


def test_siblings_that_disagree_on_a_number_say_nothing():
    """C's guard asking more than 3 cards of A too: B (4), C (3), D (0) all differ."""
    text = _edit(V.spite_side_b_needs_five(), (SIDE_C, SIDE_C.replace("SIDEA)) 0)", "SIDEA)) 3)")))
    assert _named(text) == []


def _over_first(text: str, head: str, tail: str) -> str:
    """`text` with the guard from `head` to `tail` (each found once, `tail` ending in the
    guard's last parenthesis) read as "the game is not over, and" that guard."""
    return _edit(text, (head, f"((and {OVER} {head[1:]}"), (tail, tail + ")"))


def test_a_conjunct_all_siblings_share_is_missed():
    """Every discard but D's also under "the game is not over": D alone lacks it."""
    first = (
        "(any ((current player) iloc HAND) 'C\n          (do\n"
        "           ((move 'C (top ((current player) vloc SIDEA)))\n"
        "            (set (game sto DONE) 1))))"
    )
    side = "((or (> (size ((current player) vloc {})) 0)"
    upto = "(> (size ((current player) vloc {})) 0))"
    text = _edit(_seed("spite-and-malice"), (first, f"({OVER} {first})"))
    text = _over_first(text, side.format("SIDEB"), upto.format("SIDEA"))
    text = _over_first(text, side.format("SIDEC"), upto.format("SIDEB") + ")")
    (d,) = L.lone_guards(parse_text(text))
    assert d.message.startswith(f"this option, on SIDED, is open without {OVER}")
    assert _named(_over_first(text, side.format("SIDED"), upto.format("SIDEC") + ")")) == []


def test_the_variant_scores_below_its_seed_with_less_soundness():
    """Side stack B's threshold (ablate-28's rank 3 scored 0.79 at seed 0, its seed 0.78)."""
    assert_scores_below_its_seed(V.spite_side_b_needs_five(), "spite-and-malice")


def test_a_pile_with_its_own_test_in_place_of_the_sequence_is_named():
    """The margin (module docstring): centre stack D taking only Aces, its sequence test
    replaced by one of another rule, is one edit from A-C and named; real piles with
    their own rule differ in two places or more (The Game's up and down piles)."""
    text = _edit(
        _seed("spite-and-malice"),
        (
            f"(== (score 'C using (game points VALUE))\n                           {D_FILTER})",
            "(== (cardatt RANK 'C) ACE)",
        ),
    )
    assert [d.message.split(" where")[0] for d in L.lone_parts(parse_text(text))] == [
        "this option, on CENTRED, has (== (cardatt RANK 'C) ACE)"
    ]
