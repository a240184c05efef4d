"""`fitness.bindings`: rules bound to the wrong player, draws without limit, and tests no
value a storage can hold meets."""

from __future__ import annotations

import pytest

from evogame.fitness import bindings as B
from evogame.fitness.mismatches import unread_writes
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, real_files
from tests.fitness import binding_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.the_game_guarded_free_draw,
        B.endless_draws,
        "((> (size (game hloc DRAW)) 0) (move (top (game hloc DRAW))",
        "offered whenever DRAW holds a card",
    ),
    (
        V.gops_prize_to_current,
        B.unnamed_winners,
        "(move (top (game vloc PRIZE))",
        "the turn decides who takes it, not its winner",
    ),
    (
        V.gops_bids_to_current,
        B.misbound_moves,
        "(move (top ('P vloc SHOWN)) (top ((current player) iloc HAND)))",
        "the current player's HAND, not to P's own",
    ),
    (
        V.the_game_simple_free_draw,
        B.endless_draws,
        "(do ((move (top (game hloc DRAW))",
        "this draw from DRAW can be taken again and again",
    ),
    (
        V.the_game_free_draw,
        B.endless_draws,
        "(move (top (game hloc DRAW))",
        "this draw from DRAW can be taken again and again",
    ),
    (
        V.the_game_downb_one,
        B.impossible_values,
        "(== (game sto DOWNB) 1)",
        "only ever set to 2 to 100 (and starts at 0), so it is never == 1",
    ),
    (
        V.gops_previous_holder,
        B.previous_holders,
        "(move (top (game vloc PRIZE)) (top ('P vloc WON)))",
        "goes to whoever held HOLDER before this round",
    ),
    (
        V.pairs_bust_goes_on,
        B.unended_rounds,
        "((and (== (game sto OVER) 0)",
        "a round that once ended here no longer does",
    ),
    (
        V.go_fish_fished_to_next,
        B.misdrawn_reads,
        "(move (top (game hloc STOCK)) (top ((next player) iloc HAND)))",
        "and the rule after it reads the top card of ((current player) iloc HAND)",
    ),
    (V.whist_without_teams, B.unmade_teams, "team", "the setup creates none"),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, B.defects, only=False)
)


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of this
    module's defects."""
    assert real_files_flagged(B.defects) == {}


def test_the_real_files_have_what_the_value_check_reads():
    """The value check is not empty on the real files: it judges many comparisons there
    (290 when written) and flags none."""
    judged = 0
    for p in real_files():
        game = parse_file(p)
        values = B.storage_values(game)
        judged += sum(
            1
            for n in A.walk(game)
            if isinstance(n, A.IntCmp) and any(values.get(B._storage_key(x)) for x in (n.a, n.b))
        )
    assert judged >= 200


def test_a_winner_collecting_the_cards_is_left_alone():
    """Every player's card to the current player's hand is a rule when the stage made the
    current player someone (``cycle current`` to a contest's winner, as a war takes the
    cards it won)."""
    text = V.gops_bids_to_current()
    chosen = _edit(
        text,
        (
            "    (all player 'P (move (top ('P vloc SHOWN)) (top ((current player) iloc HAND)))",
            "    (cycle current (owner (max (union (all player 'P ('P vloc SHOWN))) using "
            "(game points VALUE))))\n"
            "    (all player 'P (move (top ('P vloc SHOWN)) (top ((current player) iloc HAND)))",
        ),
    )
    assert B.misbound_moves(parse_text(chosen)) == []
    # a pile of won cards is where a winner's cards go: when the stage chose the winner
    won = _edit(
        chosen, ("(top ((current player) iloc HAND)))))", "(top ((current player) vloc WON)))))")
    )
    assert B.misbound_moves(parse_text(won)) == []
    # and when no rule chose that player, every bid is won by whoever's turn it is
    unchosen = text.replace(
        "(top ((current player) iloc HAND)))))", "(top ((current player) vloc WON)))))"
    )
    assert len(B.misbound_moves(parse_text(unchosen))) == 1


def test_a_draw_the_rules_bound_is_left_alone():
    text = V.the_game_free_draw()
    guarded = _edit(
        text,
        (
            "(move (top (game hloc DRAW)) (top ((current player) iloc HAND)))\n",
            "((== (game sto COUNT) 0) (move (top (game hloc DRAW)) (top ((current player) iloc HAND))))\n",
        ),
    )
    assert B.endless_draws(parse_text(guarded)) == []
    # a stage that ends when the pile is empty bounds the draw
    ended = _edit(
        text, ("(== (game sto STOP) 1)", "(== (game sto STOP) 1)\n(== (size (game hloc DRAW)) 0)")
    )
    assert B.endless_draws(parse_text(ended)) == []


def test_a_value_the_storage_can_hold_is_possible():
    text = V.the_game_downb_one()
    for ok in ("(== (game sto DOWNB) 2)", "(== (game sto DOWNB) 100)", "(<= (game sto DOWNB) 1)"):
        assert B.impossible_values(parse_text(text.replace("(== (game sto DOWNB) 1)", ok))) == []
    for never in ("(> (game sto DOWNB) 100)", "(< (game sto DOWNB) 0)", "(== 1 (game sto DOWNB))"):
        (d,) = B.impossible_values(parse_text(text.replace("(== (game sto DOWNB) 1)", never)))
        assert "never" in d.message
    # a storage counted up or down can hold anything: not judged
    counted = _edit(
        text, ("(set (game sto DOWNB) 100)", "(set (game sto DOWNB) 100) (dec (game sto DOWNB) 1)")
    )
    assert B.impossible_values(parse_text(counted)) == []


def test_a_marker_whose_holder_is_chosen_first_is_left_alone():
    """The marker set before its holder takes the prize (the winner takes it), or a pile
    no deal turns a prize up in (a bottle imp's old card back to its old holder), is a
    rule."""
    text = V.gops_previous_holder()
    award = "       (set ((owner (max (union (all player 'P ('P vloc SHOWN))) using (game points VALUE)))\n             sto HOLDER)\n            1)"
    assert award in text
    first = _edit(
        text,
        (award, ""),
        (
            "      ((all player 'P\n            ((== ('P sto HOLDER) 1)",
            "      ("
            + award.strip()
            + "\n       (all player 'P\n            ((== ('P sto HOLDER) 1)",
        ),
    )
    assert B.previous_holders(parse_text(first)) == []
    dealt = "(move (top (game hloc PRIZES)) (top (game vloc PRIZE)))"
    assert dealt in text
    unturned = text.replace(
        dealt, "(move (top ((current player) iloc HAND)) (top (game vloc PRIZE)))"
    )
    assert B.previous_holders(parse_text(unturned)) == []


def test_a_rule_that_goes_on_beside_rules_that_go_on_is_left_alone():
    """A fold that sets the end's storage to a value the end does not hold at goes on, as
    a Go Fish catch does (``AGAIN`` 1, where the turn ends at 0)."""
    text = V.pairs_bust_goes_on()
    fold = "(set (game sto OVER) 1)"
    assert text.count(fold) == 1
    assert B.unended_rounds(parse_text(text.replace(fold, "(set (game sto OVER) 2)"))) == []


@pytest.mark.parametrize("variant", [f[0] for f in FOUND], ids=[f[0].__name__ for f in FOUND])
def test_a_variant_scores_below_its_seed(variant):
    """Each variant scores below its seed (one evaluation seed; seeds 0-4 in
    docs/judge.md, by bench/bench_loopholes.py)."""
    text = variant()
    assert_scores_below_its_seed(text, SEED_OF[text])


def test_a_trick_given_to_a_player_no_rule_chose_is_misbound():
    """Hearts' trick goes to its winner W's TAKEN, the pile the result counts; sent to the
    current player's TAKEN (the last to play, whom no rule chose), every player's card
    goes to whoever's turn it is (campaign final-12's new-02, read blind). The next
    player is the one the stage's ``cycle next`` chose: the trick's winner."""
    seed = (SEEDS / "hearts.rcy").read_text()
    assert B.misbound_moves(parse_text(seed)) == []
    current = _edit(seed, ("(top ('W vloc TAKEN))", "(top ((current player) vloc TAKEN))"))
    (found,) = B.misbound_moves(parse_text(current))
    assert "(current player) vloc TAKEN" in found.message
    winner = seed.replace("(top ('W vloc TAKEN))", "(top ((next player) vloc TAKEN))")
    assert B.misbound_moves(parse_text(winner)) == []


def _scopa_with_pass(guard: str) -> str:
    seed = (SEEDS / "scopa.rcy").read_text()
    text = _edit(seed, ("  (choice\n   (", f"  (choice\n   ({guard}\n    "))
    return text


def test_an_option_guarded_by_a_storage_written_only_later_is_named():
    """Scopa with a pass "offered only if the player's POINTS is not 1": POINTS is written
    only when the cards are counted after the play, so the pass is always offered
    (campaign final-11's new-04, read blind at 1/10: the game need never end)."""
    seed = parse_text((SEEDS / "scopa.rcy").read_text())
    assert B.premature_guards(seed) == []
    always = parse_text(_scopa_with_pass("((!= ((current player) sto POINTS) 1) (turn pass))"))
    (found,) = B.premature_guards(always)
    assert "always offered" in found.message
    never = parse_text(_scopa_with_pass("((== ((current player) sto POINTS) 1) (turn pass))"))
    (found,) = B.premature_guards(never)
    assert "never offered" in found.message
    # a storage the play itself writes (Scopa's SCOPE, a sweep) is a real condition
    live = parse_text(_scopa_with_pass("((> ((current player) sto SCOPE) 1) (turn pass))"))
    assert B.premature_guards(live) == []


def test_a_pass_always_offered_scores_below_its_seed():
    """The always-offered pass, at evaluation seed 0: the judge names it."""
    from evogame.fitness import evaluate, load_profile

    profile = load_profile("default")
    seed = evaluate(parse_text((SEEDS / "scopa.rcy").read_text()), profile, seed=0)
    text = _scopa_with_pass("((!= ((current player) sto POINTS) 1) (turn pass))")
    variant = evaluate(parse_text(text), profile, seed=0)
    assert variant.fitness < seed.fitness


def test_a_play_that_lowers_the_bar_to_a_number_is_named():
    """President whose following single sets TOP to 1 where every other play sets it to
    the rank of the card played: after it any single beats the last (two blind readers
    named it, in campaigns head-11 and final-12). The trick's reset to 0 outside the
    choice is a rule."""
    seed = (SEEDS / "president.rcy").read_text()
    assert B.flattened_bars(parse_text(seed)) == []
    raised = "((set (game sto TOP) (score (top 'G) using (game points RANK)))"
    assert seed.count(raised) >= 1
    flat = seed.replace(raised, "((set (game sto TOP) 1)", 1)
    (found,) = B.flattened_bars(parse_text(flat))
    assert "TOP to 1" in found.message


def test_seats_named_by_number_fewer_than_the_players_are_named():
    """War names seats 0 and 1 and seats two: a rule. The same battle in a game of four
    leaves two seats out of it (campaign final-11's new-03, read blind at 1/10)."""
    war = (SEEDS / "war.rcy").read_text()
    assert B.fixed_seats(parse_text(war)) == []
    four = war.replace("(create players 2)", "(create players 4)")
    if four == war:
        four = war.replace("(declare 2 'NUMP)", "(declare 4 'NUMP)")
    assert four != war
    (found,) = B.fixed_seats(parse_text(four))
    assert "seats 0, 1" in found.message and "4 players" in found.message


def test_a_free_draw_that_also_sets_a_storage_no_rule_reads_is_still_a_free_draw():
    """A ``set`` of a storage no rule reads, beside the draw, changes nothing the stage's
    end or any rule reads: the draw is still without limit (pairs-continuous's MUSTDRAW
    carried into another game by a transplant)."""
    text = V.the_game_guarded_free_draw().replace(
        "(move (top (game hloc DRAW)) (top ((current player) iloc HAND))))",
        "(do ((move (top (game hloc DRAW)) (top ((current player) iloc HAND)))"
        " (set ((current player) sto MUSTDRAW) 0))))",
        1,
    )
    assert "MUSTDRAW" in text
    found = B.endless_draws(parse_text(text))
    assert len(found) == 1 and "offered whenever DRAW holds a card" in found[0].message
    # a storage some rule reads is not stripped: its set is a rule of its own
    unread = {k[1] for k in unread_writes(parse_text(text), skip_computed=True)}
    assert "MUSTDRAW" in unread and "COUNT" not in unread  # COUNT is written and read


def test_a_draw_read_where_it_went_or_a_pass_from_a_hand_is_left_alone():
    """The drawn card read from the place it went to (the seed), a card passed out of a
    player's own place (Cuckoo: the new top card of the hand is what is read), a read of
    another name, or one not right after the draw, is not named; a draw to the previous
    player read from the next player's place is."""
    text = V.go_fish_fished_to_next()
    draw = "(move (top (game hloc STOCK)) (top ((next player) iloc HAND)))"
    assert B.misdrawn_reads(parse_text(_seed("go-fish"))) == []
    passed = "(move (top ((current player) iloc HAND)) (top ((next player) iloc HAND)))"
    assert B.misdrawn_reads(parse_text(_edit(text, (draw, passed)))) == []
    to_books = "(move (top (game hloc STOCK)) (top ((next player) vloc BOOKS)))"
    assert B.misdrawn_reads(parse_text(_edit(text, (draw, to_books)))) == []
    later = _edit(text, (draw, f"{draw}\n        (set (game sto AGAIN) 0)"))
    assert B.misdrawn_reads(parse_text(later)) == []
    fish = "((== (cardatt RANK (top ((current player) iloc HAND))) (game str ASKED))"
    crossed = _edit(
        text,
        (draw, draw.replace("next", "previous")),
        (fish, fish.replace("current", "next")),
    )
    (d,) = B.misdrawn_reads(parse_text(crossed))
    assert "reads the top card of ((next player) iloc HAND)" in d.message


def test_a_team_stage_in_a_game_without_teams_is_named():
    """A team stage speaks of teams as ``(all team 'T ...)`` does (`ast.team_rule`)."""
    outer = ("(stage player\n  (end (any team", "(stage team\n  (end (any team")
    (found,) = B.unmade_teams(parse_text(_edit(V.whist_without_teams(), outer)))
    assert "(a team stage)" in found.message
    assert B.unmade_teams(parse_text(_edit(_seed("whist"), outer))) == []
