"""`fitness.preempted`: a rule its stage's own end test makes dead (a guard at the front of
the pass that implies the end, tested just before)."""

from __future__ import annotations

from evogame.engine import compile_game
from evogame.engine.coverage import ALIVE, FALSE_SEEN, conditions, split
from evogame.fitness import preempted as P
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from evogame.players import RandomPlayer
from evogame.simulate import play_one
from tests.conftest import real_files
from tests.fitness import preempted_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.go_fish_ends_on_an_empty_hand,
        P.preempted_rules,
        "((and (== (size ((current player) iloc HAND)) 0)",
        "can never run",
    ),
    (
        V.eights_call_every_turn,
        P.preset_ends,
        "(stage player\n   (end\n    (or (== (game sto PLAYED) 0)\n        (== (game sto NAMED) 1)",
        "never plays",
    ),
]

REFILL = "    ((and (== (size ((current player) iloc HAND)) 0)\n"


def _dead(text: str) -> list[str]:
    return [d.where for d in P.preempted_rules(parse_text(text))]


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    # not only: the eights variant's call is also `moot_guards.chosen_tests`'
    variant_tests(FOUND, V.VARIANTS, P.defects, only=False)
)


def test_no_real_game_has_a_rule_its_end_makes_dead():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(P.defects) == {}


def test_the_closest_real_cases_are_not_at_the_front_of_a_pass():
    """The measure of the margin: 18 real files have a guard with a conjunct that implies
    its stage's end by the module's criterion (Agram's, Cheeseheads' and Widow Hearts'
    `(all player 'P (== (size ('P iloc HAND)) 0))`, Ninety-Eight's `(> (game sto POINTS)
    98)`, Rummy's empty hand, Go Fish's AGAIN), each after a decision or after a rule that
    touches what it reads: there the end test is stale, and none is named."""
    files = real_files()
    near = {p.name for p in files if P.near_misses(parse_file(p))}
    assert len(near) == 18
    assert {"Rummy2.rcy", "NinetyEight4.rcy", "Agram4.rcy", "go-fish.rcy"} <= near


def _refill_hits(text: str, games: int = 200) -> list[int]:
    """What coverage records of the refill's guard (`conditions`) over `games` random
    games of Go Fish text `text` (4 seats, fixed seeds)."""
    ast = parse_text(text)
    game = compile_game(ast, coverage=True)
    for i in range(games):
        play_one(game, [RandomPlayer()] * 4, i, seed=1)
    refill = "(and (== (size ((current player) iloc HAND)) 0) (> (size (game hloc STOCK)) 0))"
    hits = split(ast, game.compiler.hits)[0]
    return [h for c, h in zip(conditions(ast), hits, strict=True) if to_text(c) == refill]


def test_play_agrees_the_refill_is_dead_and_the_seed_needs_it():
    """By play, what the check proves from the rules: in 200 random games the variant's
    refill guard is never true, while the seed's, rare as an empty hand with a stock left
    is, takes both values."""
    assert _refill_hits(V.go_fish_ends_on_an_empty_hand()) == [FALSE_SEEN]
    assert _refill_hits(_seed("go-fish")) == [ALIVE]


def test_a_player_term_read_inside_the_end_s_own_loop_is_not_an_instance():
    """`(any player 'P (any (game vloc PILE) 'C (== (owner 'C) 'P)))` (some player owns a
    card of the pile) is not implied by the same loop testing `(owner 'C) == (owner 'C)`:
    its term reads the loop's own card. The same test of the current player is."""
    end = "(any player 'P (any (game iloc STOCK) 'C (== (owner 'C) 'P)))"
    x = parse_text(TINY.replace("(any player 'P (== (size ('P iloc HAND)) 0))", end))
    stage = next(n for n in A.walk(x) if isinstance(n, A.Stage))
    (d,) = A.bool_parts(stage.end, A.BoolOpKind.OR)
    same = next(n for n in A.walk(d) if isinstance(n, A.AggBool) and n is not d)
    own = A.PlayerCmp(A.CmpOp.EQ, A.OwnerOf(same.var), A.OwnerOf(same.var))
    assert P._implied(A.AggBool(A.Quant.ANY, same.coll, same.var, own), [d]) is None
    cur = A.PlayerCmp(A.CmpOp.EQ, A.OwnerOf(same.var), A.RelPlayer(A.Rel.CURRENT))
    assert P._implied(A.AggBool(A.Quant.ANY, same.coll, same.var, cur), [d]) is d


def test_the_guard_read_either_way_round_is_named():
    text = _edit(
        V.go_fish_ends_on_an_empty_hand(),
        (REFILL, "    ((and (== 0 (size ((current player) iloc HAND)))\n"),
    )
    assert len(_dead(text)) == 1


def test_a_move_before_the_guard_makes_the_end_test_stale():
    """A card drawn into the hands before the refill's test: the end's reading of the
    hands is no longer the guard's, and nothing is named."""
    text = _edit(
        V.go_fish_ends_on_an_empty_hand(),
        (
            "(do\n   ((set (game sto AGAIN) 1)\n",
            "(do\n   ((set (game sto AGAIN) 1)\n"
            "    (move (top ((next player) iloc HAND)) (top ((current player) iloc HAND)))\n",
        ),
    )
    assert _dead(text) == []
    # a storage set before it is no such change (the variant sets AGAIN first)
    assert len(_dead(V.go_fish_ends_on_an_empty_hand())) == 1


def test_an_end_on_the_current_players_hand_says_nothing_of_the_next():
    """The cycle advances between the end test and the pass: an end that reads the
    current player's hand tested the previous seat's, so the refill may run."""
    text = _edit(
        V.go_fish_ends_on_an_empty_hand(),
        (
            "(any player 'P (== (size ('P iloc HAND)) 0))",
            "(== (size ((current player) iloc HAND)) 0)",
        ),
    )
    assert _dead(text) == []


TINY = """(game
 (setup (create players 2)
  (create deck (game iloc STOCK) (deck (RANK (ACE, TWO)) (SUIT (CLUBS, HEARTS)))))
 (do ((shuffle (game iloc STOCK))
      (all player 'P (move (top (game iloc STOCK)) (top ('P iloc HAND))))))
 (stage player
  (end (any player 'P (== (size ('P iloc HAND)) 0)))
  (choice
   (((== (size ((current player) iloc HAND)) 0) (turn pass))
    (any ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE))))))
  (choice
   (((== (size ((current player) iloc HAND)) 0) (turn pass))
    (any (game vloc PILE) 'C (move 'C (top ((current player) iloc HAND)))))))
 (scoring max (size ((current player) iloc HAND))))"""


def test_an_option_the_end_makes_dead_is_named_and_one_after_a_decision_is_not():
    """The same test guards an item of the pass's first choice, read before any decision
    (named: the option is never offered), and of its second, read after the first choice
    played a card (not named: the hand may be empty there)."""
    (where,) = _dead(TINY)
    assert where == "9:5"


# --- preset_ends: a stage whose end a rule before it always sets ---------------------------

CALL = V.EIGHTS_CALL
PLAY = V.EIGHTS_PLAY


def _preset(*pairs: tuple[str, str]) -> list[str]:
    """Where `preset_ends` names a stage in Crazy Eights edited by `pairs`."""
    return [d.where for d in P.preset_ends(parse_text(_edit(_seed("crazy-eights"), *pairs)))]


def test_a_flag_set_to_another_value_before_the_stage_is_not_named():
    """The seed's own pattern, a flag reset before the stage that tests it (PLAYED set to
    0, then tested ``(== PLAYED 1)`` by the play stage): the end is surely false there,
    not true, and the stage plays. The 7 real stages whose end's flag is surely held at
    entry are all of this kind (margins in docs/judge.md)."""
    assert _preset() == []
    reset = CALL.replace("(set (game sto NAMED) 1)", "(set (game sto NAMED) 0)")
    assert _preset((PLAY, reset + PLAY)) == []


def test_a_call_that_may_offer_nothing_or_may_not_set_the_flag_is_not_named():
    """A choice some position offers no option of (its only item guarded, or an ``any``
    over cards) sets nothing there; one of whose items does not set the flag leaves it
    open. Either way the stage may play."""
    guarded = CALL.replace(
        "((any (CLUBS", "(((> (size ((current player) iloc HAND)) 3) (any (CLUBS"
    ).replace("1))))))", "1)))))))")
    over_cards = CALL.replace(
        "(any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S", "(any ((current player) iloc HAND) 'C"
    ).replace("'S)", "(cardatt SUIT 'C))")
    pass_item = CALL.replace("1))))))", "1))))\n    (set (game sto PASSES) 0)))")
    for call in (guarded, over_cards, pass_item):
        assert P.defects(parse_text(_edit(_seed("crazy-eights"), (PLAY, call + PLAY)))) == []


def test_a_touch_between_the_set_and_the_stage_clears_it():
    """A rule between the call and the stage that may change the flag (here a guarded
    reset) makes its value unknown at the stage: not named."""
    reset = "  (do (((== (game sto PLAYED) 1) (set (game sto NAMED) 0))))\n"
    assert _preset((PLAY, CALL + reset + PLAY)) == []


def test_a_plain_set_and_a_ne_test_are_read_too():
    """An unguarded ``set`` of the flag holds it as a call does, and ``(!= S c')`` with
    another constant holds when S is c: both named, at the stage."""
    text = _edit(_seed("crazy-eights"), (PLAY, "  (do ((set (game sto NAMED) 1)))\n" + PLAY))
    assert [d.message.split("'s ")[1][:24] for d in P.preset_ends(parse_text(text))] == [
        "(== (game sto NAMED) 1) "
    ]
    ne = _edit(text, ("(== (game sto NAMED) 1)", "(!= (game sto NAMED) 0)"))
    assert len(P.preset_ends(parse_text(ne))) == 1
    same = _edit(text, ("(== (game sto NAMED) 1)", "(!= (game sto NAMED) 1)"))
    assert P.preset_ends(parse_text(same)) == []
