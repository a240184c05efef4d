"""`fitness.narrow_draws` (a forced draw whose "you cannot play" test is narrower than the
play): Crazy Eights whose draw lost the rank match (campaign inv-23's rank 4, round 54),
the cases it must not name, the three forms of "no card passes", and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import narrow_draws as N
from evogame.lang import parse_file, parse_text
from tests.fitness import narrow_draw_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.eights_draw_forgets_rank,
        "(all ((current player) iloc HAND) 'C",
        "this draw into ((current player) iloc HAND) runs when no card of",
    ),
]
#: inv-23's rank 4 (round 54): a blind reader's 4.5 against the seed's 6.
CAMPAIGN_FILE = Path("/work/runs-archive/s54/inv-23/best/04-e59ec8c8dd139e54.rcy")
RANK = "(cardatt RANK (top (game vloc DISCARD)))"


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_the_narrow_draw_is_found_where_it_is_and_not_in_the_seed(variant, at, says):
    assert_found_where_it_is(variant(), "crazy-eights", N.narrow_draws, N.defects, at, says)


def test_the_message_names_the_card_the_draw_forgets():
    (d,) = N.narrow_draws(parse_text(V.eights_draw_forgets_rank()))
    assert f"(== (cardatt RANK '_V) {RANK})" in d.message
    assert "(!= (cardatt SUIT '_V) (game str FOLLOW))" in d.message
    assert "while they hold a card they may play" in d.message


def test_the_campaign_file_is_named_at_its_draw():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    found = N.narrow_draws(parse_file(CAMPAIGN_FILE))
    assert [d.where for d in found] == ["53:13"]


def test_a_test_the_play_narrowed_alike_is_not_named():
    """The play's filter and the draw's test both without the rank match: the draw fires
    exactly when nothing can be played (the end test, left with the rank, is wider: it
    ends the turn less often, never while a play is legal)."""
    text = _edit(
        V.eights_draw_forgets_rank(),
        (
            f"""                      (== (cardatt SUIT 'C) (game str FOLLOW))
                      (== (cardatt RANK 'C) {RANK})))""",
            """                      (== (cardatt SUIT 'C) (game str FOLLOW))))""",
        ),
    )
    assert N.narrow_draws(parse_text(text)) == []


def test_a_wider_test_is_not_named():
    """A draw test with a case the play does not have (a king also stops the draw) is
    wider than "cannot play": the player stops drawing early, never draws while a play is
    legal."""
    text = _edit(
        _seed("crazy-eights"),
        (
            f"""                         (!= (cardatt RANK 'C) {RANK}))))""",
            f"""                         (!= (cardatt RANK 'C) {RANK})
                         (!= (cardatt RANK 'C) KING))))""",
        ),
    )
    assert N.narrow_draws(parse_text(text)) == []


DRAW_ALL = f"""(all ((current player) iloc HAND) 'C
                    (and (!= (cardatt RANK 'C) EIGHT)
                         (!= (cardatt SUIT 'C) (game str FOLLOW))
                         (!= (cardatt RANK 'C) {RANK})))"""


def test_a_draw_test_unrelated_to_the_play_is_not_judged():
    """A test that shares no comparison with the play ("draw while you hold no king") is
    another rule, not the play's test copied."""
    text = _edit(
        _seed("crazy-eights"),
        (DRAW_ALL, "(all ((current player) iloc HAND) 'C (!= (cardatt RANK 'C) KING))"),
    )
    assert N.narrow_draws(parse_text(text)) == []
    # the same with one comparison of the play's in it is judged, and named
    text = _edit(
        _seed("crazy-eights"),
        (DRAW_ALL, "(all ((current player) iloc HAND) 'C (!= (cardatt RANK 'C) EIGHT))"),
    )
    assert len(N.narrow_draws(parse_text(text))) == 1


def test_comparisons_are_read_either_way_round():
    """``(!= FOLLOW suit)`` is ``(!= suit FOLLOW)``: the seed with its draw's sides swapped
    is not named; ``>=`` is the negation of ``<``, ``<=`` of ``>`` read backwards."""
    swapped = DRAW_ALL.replace(
        "(!= (cardatt SUIT 'C) (game str FOLLOW))", "(!= (game str FOLLOW) (cardatt SUIT 'C))"
    )
    assert N.narrow_draws(parse_text(_edit(_seed("crazy-eights"), (DRAW_ALL, swapped)))) == []
    lt = ("atom", ("<", "a", "b"), True)
    assert N._witness(lt, lt) is None
    assert N._witness(lt, ("not", lt)) == {("<", "a", "b"): True}


@pytest.mark.parametrize(
    "none_passes",
    [
        "(== (size (filter ((current player) iloc HAND) 'D (or (== (cardatt RANK 'D) EIGHT) "
        "(== (cardatt SUIT 'D) (game str FOLLOW))))) 0)",
        "(== 0 (size (filter ((current player) iloc HAND) 'D (or (== (cardatt RANK 'D) EIGHT) "
        "(== (cardatt SUIT 'D) (game str FOLLOW))))))",
        "(not (any ((current player) iloc HAND) 'D (or (== (cardatt RANK 'D) EIGHT) "
        "(== (cardatt SUIT 'D) (game str FOLLOW)))))",
    ],
)
def test_each_form_of_no_card_passes_is_read(none_passes):
    """The draw's test written as a size of a filter or a ``not any``: the same defect;
    with the rank added back, none."""
    old = DRAW_ALL
    text = _edit(_seed("crazy-eights"), (old, none_passes))
    (d,) = N.narrow_draws(parse_text(text))
    assert f"(== (cardatt RANK '_V) {RANK})" in d.message
    full = none_passes.replace(
        "(== (cardatt SUIT 'D) (game str FOLLOW))",
        f"(== (cardatt SUIT 'D) (game str FOLLOW)) (== (cardatt RANK 'D) {RANK})",
    )
    assert N.narrow_draws(parse_text(_edit(_seed("crazy-eights"), (old, full)))) == []


def test_two_tests_of_one_place_are_read_as_one():
    """EnchereAvancee3's "cannot match the suit and cannot match the rank": two "no card
    passes" conjuncts over the hand are one test, the or of theirs."""
    old = DRAW_ALL
    two = (
        "(all ((current player) iloc HAND) 'C (and (!= (cardatt RANK 'C) EIGHT) "
        "(!= (cardatt SUIT 'C) (game str FOLLOW)))) "
        f"(all ((current player) iloc HAND) 'C (!= (cardatt RANK 'C) {RANK}))"
    )
    assert N.narrow_draws(parse_text(_edit(_seed("crazy-eights"), (old, two)))) == []
    one = two.rpartition(" (all")[0]
    assert len(N.narrow_draws(parse_text(_edit(_seed("crazy-eights"), (old, one))))) == 1


def test_the_play_stage_end_is_judged_too():
    """The play stage's end test "nothing can be played" without the rank: the turn ends
    while a card of the top's rank could be played."""
    old = f"""        (all ((current player) iloc HAND) 'C
             (and (!= (cardatt RANK 'C) EIGHT)
                  (!= (cardatt SUIT 'C) (game str FOLLOW))
                  (!= (cardatt RANK 'C) {RANK})))))"""
    new = """        (all ((current player) iloc HAND) 'C
             (and (!= (cardatt RANK 'C) EIGHT)
                  (!= (cardatt SUIT 'C) (game str FOLLOW))))))"""
    (d,) = N.narrow_draws(parse_text(_edit(_seed("crazy-eights"), (old, new))))
    assert d.message.startswith("this end of the turn comes")


def test_no_real_file_has_a_narrow_draw():
    assert real_files_flagged(N.defects) == {}
