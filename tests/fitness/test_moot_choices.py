"""`fitness.leftovers.moot_choices`: a choice whose chosen value no rule reads (round 55's
inv-24 rank 3: "the rank you choose is ignored")."""

from __future__ import annotations

from evogame.fitness import leftovers as L
from evogame.lang import parse_text
from tests.fitness import moot_choice_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

#: (variant, check, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.go_fish_asked_rank_ignored,
        L.moot_choices,
        "(any (partition RANK ((current player) iloc HAND)) 'G\n",
        "chooses 'G from (partition RANK ((current player) iloc HAND))",
    ),
]

#: The seed's ask: whom to ask ('P), then which rank group ('G).
ASK = "(any (partition RANK ((current player) iloc HAND)) 'G"


def _moot(text: str) -> list[str]:
    return [d.message for d in L.moot_choices(parse_text(text))]


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, L.defects)
)


def test_no_real_game_offers_a_moot_choice():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(L.moot_choices) == {}


def test_the_whom_is_moot_when_no_rule_reads_the_player():
    """The other choice of the same ask: the target set on every player instead of 'P."""
    text = _edit(
        _seed("go-fish"), ("(set ('P sto TARGET) 1)", "(set ((current player) sto TARGET) 1)")
    )
    (m,) = _moot(text)
    assert m.startswith("the player chooses 'P from (filter (other player)")


def test_a_name_bound_again_inside_hides_the_outer_one():
    """A rule inside the option that binds 'G again (a filter over the hand's cards)
    reads its own 'G, not the one chosen: the choice is still moot. Its collection is
    outside the rebinding, so a 'G read there is the chosen one."""
    inner = (
        "(set (game str ASKED) (cardatt RANK (top (filter ((current player) iloc HAND) "
        "'G (!= (cardatt RANK 'G) (game str ASKED))))))"
    )
    assert len(_moot(_edit(_seed("go-fish"), (V.ASKED_CHOSEN, inner)))) == 1
    outer = inner.replace("((current player) iloc HAND)", "'G")
    assert _moot(_edit(_seed("go-fish"), (V.ASKED_CHOSEN, outer))) == []


def test_a_read_through_a_let_or_a_guard_counts():
    """'G read only in a ``let``'s value, or only in a guard, is read: the options differ."""
    let = "(let (cardatt RANK (top 'G)) 'R (set (game str ASKED) 'R))"
    assert _moot(_edit(_seed("go-fish"), (V.ASKED_CHOSEN, let))) == []
    guard = "((> (size 'G) 0) " + V.ASKED_TOP + ")"
    assert _moot(_edit(_seed("go-fish"), (V.ASKED_CHOSEN, guard))) == []


def test_an_any_outside_a_choice_is_not_a_choice():
    """Outside a choice ``any`` does its action for every member (the deal's repeat
    idiom): nobody chooses, so nothing is moot."""
    text = _seed("go-fish")
    deal = "(all (range 1..'HAND) 'I"
    assert text.count(deal) == 1
    assert _moot(text.replace(deal, "(any (range 1..'HAND) 'I")) == []


def test_the_variant_scores_below_its_seed():
    """The moot choice costs soundness, and nothing pays it back (one evaluation seed
    here; seeds 0-2 in `bench/bench_loopholes.py --only go-fish-asked-rank-ignored`)."""
    assert_scores_below_its_seed(V.go_fish_asked_rank_ignored(), "go-fish")
