"""`fitness.closed` (a choice item that can never be offered): Spite and Malice whose discard
onto the fourth side stack lost the half of its guard that opens it (a campaign's, round
56, rebuilt), the guards and fills it must not name, and the real files."""

from __future__ import annotations

import re

from evogame.fitness import closed as M
from evogame.fitness.undealt import remove_undealt
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from evogame.players.play import Limits
from evogame.runner import Runner
from tests.conftest import real_files
from tests.fitness import closed_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

#: where the closed item's guard starts, as the variants read
GUARD = "(> (size ((current player) vloc SIDED)) 0)\n      (any"

FOUND = [
    (V.spite_closed_discard, M.closed_items, GUARD, "the option is never offered"),
    (V.spite_short_payoff_closed_discard, M.closed_items, GUARD, "the option is never offered"),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects, only=False)
)

#: the seed's first discard, onto the first side stack: offered whenever the hand has a card
FIRST_DISCARD = "(any ((current player) iloc HAND) 'C\n          (do\n           ((move 'C (top ((current player) vloc SIDEA)))"


def _named(text: str) -> list:
    return M.closed_items(parse_text(text))


def test_no_real_file_has_an_item_that_never_opens():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named (4 are not
    judged: a place named by an expression)."""
    assert real_files_flagged(M.defects) == {}


def test_the_seed_opens_every_discard():
    """Each side stack's guard is an ``or`` whose other half needs only stacks the items
    before fill (the first discard unguarded)."""
    assert _named(_seed("spite-and-malice")) == []


def test_closed_stacks_close_the_stacks_after_them():
    """The first discard made to need a card in a place nothing fills: it never opens, nor
    do the three after it, whose guards need the stacks before (the fixpoint)."""
    text = _edit(
        _seed("spite-and-malice"),
        (FIRST_DISCARD, FIRST_DISCARD.replace("iloc HAND) 'C", "iloc RESERVE) 'C", 1)),
    )
    names = [re.search(r"loc (\w+)\) holds", d.message).group(1) for d in _named(text)]
    assert names == ["RESERVE", "SIDEB", "SIDEC", "SIDED"]


def test_a_deal_into_the_stack_opens_it():
    """The fourth side stack dealt a card before the play: its guard can hold."""
    text = _edit(
        V.spite_closed_discard(),
        (
            "   ;; the highest upcard starts",
            "   (all player 'P (move (top (game hloc STOCK)) (top ('P vloc SIDED))))\n"
            "   ;; the highest upcard starts",
        ),
    )
    assert _named(text) == []


def test_a_rule_of_the_turn_that_fills_the_stack_opens_it():
    """Another rule puts a card there (here the turn's last rule, unguarded)."""
    text = _edit(
        V.spite_closed_discard(),
        (
            "     (cycle next current)",
            "     (move (top (game hloc STOCK)) (top ((current player) vloc SIDED)))\n"
            "     (cycle next current)",
        ),
    )
    assert _named(text) == []


def test_a_fill_under_the_same_need_does_not_open_it():
    """A rule that fills the stack only once it holds a card opens nothing."""
    text = _edit(
        V.spite_closed_discard(),
        (
            "     (cycle next current)",
            "     ((> (size ((current player) vloc SIDED)) 0)\n"
            "      (move (top (game hloc STOCK)) (top ((current player) vloc SIDED))))\n"
            "     (cycle next current)",
        ),
    )
    assert len(_named(text)) == 1


def test_an_item_waiting_for_a_place_to_be_emptied_is_not_named():
    """A guard that needs a place empty (a pass when the stock is out) can hold: only a
    need for cards closes an item."""
    text = _edit(
        _seed("spite-and-malice"),
        (
            "     ;; end the turn: discard",
            "     ((== (size (game hloc STOCK)) 0) (set (game sto OVER) 1))\n"
            "     ;; end the turn: discard",
        ),
    )
    assert _named(text) == []


def test_a_move_into_a_computed_place_leaves_the_game_unjudged():
    text = _edit(
        V.spite_closed_discard(),
        (
            "     (cycle next current)",
            "     (move (top (game hloc STOCK)) (top ((current player) vloc (game str PILE))))\n"
            "     (cycle next current)",
        ),
    )
    assert _named(text) == []


def test_the_closed_discard_scores_below_its_seed():
    """The seed's deal with the closed discard (the rebuilt campaign file's short pay-off
    piles score about the seed once the item is named: docs/judge.md, round 57)."""
    assert_scores_below_its_seed(V.spite_closed_discard(), "spite-and-malice")


# --- unopened_items: the same, seen in the gate sample -------------------------------------

#: the gate sample's size and limits under `default`
GAMES, LIMITS = 100, Limits(1000, 100000)
#: a fill of the fourth side stack under a storage test play never meets (OVER is 0 or 1)
NEVER_FILLED = (
    "     (cycle next current)",
    "     ((== (game sto OVER) 2)\n"
    "      (move (top (game hloc STOCK)) (top ((current player) vloc SIDED))))\n"
    "     (cycle next current)",
)


def _unopened(text: str, seed: int = 0, games: int = GAMES) -> list:
    game, _ = remove_undealt(parse_text(text))
    runner = Runner(game, coverage=True)
    list(runner.random(range(games), seed, LIMITS))
    return M.unopened_items(game, runner.hits(), games)


def test_an_item_never_offered_in_play_is_found_at_its_guard():
    (d,) = _unopened(V.spite_closed_discard())
    assert d.where == M.closed_items(parse_text(V.spite_closed_discard()))[0].where
    assert "never offered in 100 random games" in d.message and "SIDED" in d.message
    assert _unopened(_seed("spite-and-malice")) == []


def test_a_place_the_rules_could_fill_but_play_never_does():
    """The stack has a rule that fills it, under a storage test no play meets: the rules
    leave the item open (`closed_items` says nothing), the gate sample shows it shut."""
    text = _edit(V.spite_closed_discard(), NEVER_FILLED)
    assert M.closed_items(parse_text(text)) == []
    assert len(_unopened(text)) == 1


def test_a_small_sample_judges_nothing():
    assert _unopened(V.spite_closed_discard(), games=M.MIN_GAMES - 1) == []


def test_no_real_file_has_an_item_that_needs_a_card_and_never_opens():
    """The margin: of the 32 such items of 23 real files the rarest held in 48 of the 100
    gate games (seed 0); only files with such an item are played."""
    flagged = {}
    for p in real_files():
        game, _ = remove_undealt(parse_file(p))
        items = [
            it
            for ch in A.walk(game)
            if isinstance(ch, A.Choice)
            for it in ch.items
            if isinstance(it, A.Guarded) and M.needed(it.cond) is not None
        ]
        if items:
            runner = Runner(game, coverage=True)
            list(runner.random(range(GAMES), 0, LIMITS))
            if found := M.unopened_items(game, runner.hits(), GAMES):
                flagged[p.stem] = [str(d) for d in found]
    assert flagged == {}


def test_the_judge_counts_an_item_both_ways_once():
    """`evaluate` names the closed discard once (the rules' spot), the never-filled one by
    play."""
    from evogame.fitness import evaluate, load_profile

    profile = load_profile("default")
    ev = evaluate(parse_text(V.spite_closed_discard()), profile, seed=0)
    assert sum("SIDED" in d for d in ev.details["defects"]) == 1
    ev = evaluate(parse_text(_edit(V.spite_closed_discard(), NEVER_FILLED)), profile, seed=0)
    assert any("never offered in" in d for d in ev.details["defects"])
