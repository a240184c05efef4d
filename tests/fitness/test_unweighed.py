"""`fitness.unweighed` (a filter that picks cards by number alone while its test weighs
another card, a capture of sets by a floor on their sum, a pick by number from choices
weighed elsewhere): the round-58 and round-59 campaign files' variants, near misses it
must not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import unweighed as M
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_line
from tests.fitness import unweighed_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.scopa_captures_without_the_sum,
        M.unweighed_sets,
        "(filter (subsets (game vloc TABLE)) 'S",
        "by number alone",
    ),
    (
        V.scopa_captures_at_least_the_value,
        M.ordered_sums,
        "(filter (subsets (game vloc TABLE)) 'S",
        "whose total is at least",
    ),
    (
        V.scopa_captures_at_most_the_value,
        M.ordered_sums,
        "(filter (subsets (game vloc TABLE)) 'S",
        "whose total is at most",
    ),
    (
        V.scopa_captures_any_one_card,
        M.unweighed_picks,
        "(filter (subsets (game vloc TABLE)) 'S",
        "though another rule weighs",
    ),
    (
        V.scopa_captures_any_set,
        M.unweighed_picks,
        "(any (subsets (game vloc TABLE))\n",
        "with no test",
    ),
]
#: round 58's blind reading: 2 against the seed's 7.
CAMPAIGN = Path("/work/runs-archive/s58/inv-31/best/new-01-df0b8fc4c0026c8b.rcy")
#: round 59's (reader 2 against the seed's 7.5, each): a floor on the sum; one card, any.
CAMPAIGNS_59 = {
    Path("/work/runs-archive/s59/inv-33/best/new-01-48d76aa6420634dc.rcy"): M.ordered_sums,
    Path("/work/runs-archive/s59/ablate-32/best/01-0868f9cacdb1c69a.rcy"): M.unweighed_picks,
}
#: Scopa's capture by sum: the set adds up to the played card's value.
SUM_TEST = """(== (sum 'S using (game points VALUE))
                               (score 'C using (game points VALUE)))"""
#: Scopa's lay rule: no set of the table adds up to the card laid.
LAY_TEST = """(!= (sum 'S using (game points VALUE))
                          (score 'C using (game points VALUE)))"""

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)


def _scopa_test(test: str) -> list:
    return M.defects(parse_text(_edit(_seed("scopa"), (V.SCOPA_TEST, test))))


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(M.defects) == {}


def test_the_campaign_file_is_named():
    if not CAMPAIGN.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    assert [d.where for d in M.defects(parse_file(CAMPAIGN))] == ["64:12"]


@pytest.mark.parametrize(
    ("test", "named"),
    [
        # any one card, no card weighed, but the lay rule weighs the table's sets against
        # 'C: `unweighed_picks` (round 60; without that rule, a plain pick: below)
        ("(== (size 'S) 1)", True),
        ("(and (== (size 'S) 1) (> (score 'C using (game points VALUE)) 0))", True),
        ("(== (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", False),
        (
            "(all 'S 'T (== (score 'T using (game points VALUE)) (score 'C using (game points VALUE))))",
            False,
        ),
    ],
)
def test_only_a_pick_by_number_that_weighs_the_played_card_is_named(test, named):
    assert bool(_scopa_test(test)) is named


@pytest.mark.parametrize(
    ("path", "check"), CAMPAIGNS_59.items(), ids=[p.stem for p in CAMPAIGNS_59]
)
def test_the_round_59_campaign_files_are_named(path, check):
    if not path.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    found = M.defects(parse_file(path))
    assert [d.where for d in found] == ["65:12"] and found == check(parse_file(path))


@pytest.mark.parametrize(
    ("test", "named"),
    [
        ("(>= (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", "least"),
        ("(> (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", "least"),
        # the floor written the other way round
        ("(<= (score 'C using (game points VALUE)) (sum 'S using (game points VALUE)))", "least"),
        # a ceiling: any part of a passing set passes
        ("(<= (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", "most"),
        ("(> (score 'C using (game points VALUE)) (sum 'S using (game points VALUE)))", "most"),
        # the seed's equality, and its negation: no order
        (SUM_TEST, None),
        ("(!= (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))", None),
        # an order on a constant weighs no card (a meld "of at least 10")
        ("(>= (sum 'S using (game points VALUE)) 10)", None),
    ],
)
def test_only_an_order_against_a_weighed_card_is_named(test, named):
    text = _edit(_seed("scopa"), (SUM_TEST, test))
    found = M.ordered_sums(parse_text(text))
    assert [f"is at {named} a card's" in d.message for d in found] == ([True] if named else [])


def test_a_floor_on_a_sum_that_may_shrink_is_not_named():
    """A point map with a computed entry may give a card less than nothing: a larger set
    need not add up to more."""
    text = _edit(
        V.scopa_captures_at_least_the_value(),
        ("((RANK : ASSO) 1)", "((RANK : ASSO) (- 1 (size (game vloc TABLE))))"),
    )
    assert M.ordered_sums(parse_text(text)) == []


def test_a_pick_by_number_is_named_only_where_the_game_weighs_its_choices():
    """With the lay rule comparing the table's sets with a constant, nothing weighs them
    against the played card: a one-card capture is a plain pick."""
    text = _edit(
        V.scopa_captures_any_one_card(), (LAY_TEST, "(!= (sum 'S using (game points VALUE)) 10)")
    )
    assert M.unweighed_picks(parse_text(text)) == []
    assert M.unweighed_picks(parse_text(V.scopa_captures_any_one_card())) != []


def test_a_pick_whose_weighing_card_is_not_at_hand_is_not_named():
    """Poker Eights' two pair: the first pair group is picked by number from the hand's
    rank groups, the second weighed against ``(top 'G)``, the first pick's own member, a
    card that does not exist where the first is picked."""
    game = parse_text(_seed("pokereights"))
    picks = [f for f in A.walk(game) if isinstance(f, A.Filter) and M._by_count(f.cond, f.var.name)]
    weighed = {to_line(q.coll) for q in A.walk(game) if M._weighs_members(q) is not None}
    assert any(to_line(f.coll) in weighed for f in picks)  # the near miss is there
    assert M.unweighed_picks(game) == []


@pytest.mark.parametrize(
    ("coll", "named"), [("(game vloc TABLE)", False), ("(subsets (game vloc TABLE))", True)]
)
def test_a_free_pick_is_named_only_among_sets(coll, named):
    """A new option takes, for a played 'C, any one table card or any set of the table
    with no test; the capture test weighs both the table's cards (``all TABLE 'T``) and
    its sets against 'C. Taking any one card freely is ordinary play; any set, a sweep."""
    option = (
        f"(any ((current player) iloc HAND) 'C (any {coll} 'X "
        "(move (top (game vloc TABLE)) (top ((current player) vloc PILE)))))"
    )
    text = _edit(
        _seed("scopa"),
        (
            "(any ((current player) iloc HAND) 'C",
            option + "\n    (any ((current player) iloc HAND) 'C",
        ),
    )
    assert bool(M.unweighed_picks(parse_text(text))) is named
