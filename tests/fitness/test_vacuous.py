"""`fitness.vacuous`: a draw whose test holds on an empty hand, placed after the play
that may empty it, in a game won by going out."""

from __future__ import annotations

from evogame.fitness import vacuous as F
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import vacuous_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.crazy_eights_draws_after_playing,
        F.vacuous_draws,
        "(all ((current player) iloc HAND) 'C\n                            (and (!= (cardatt RANK",
        "cannot hold while the pile drawn from has cards",
    ),
]
#: the variant's draw test, an `all` over the hand
TEST = """(all ((current player) iloc HAND) 'C
                            (and (!= (cardatt RANK 'C) EIGHT)
                                 (!= (cardatt SUIT 'C) (game str FOLLOW))))"""


def _named(text: str) -> list:
    return F.vacuous_draws(parse_text(text))


def _variant(*pairs: tuple[str, str]) -> str:
    return _edit(V.crazy_eights_draws_after_playing(), *pairs)


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, F.defects)
)


def test_no_real_game_draws_on_an_empty_hand_after_the_play():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(F.defects) == {}


def test_the_closest_real_file_draws_at_the_start_of_the_turn():
    """The margin: of the 95 real files only our Crazy Eights draws on a test true of an
    empty hand, into a hand its end asks to be empty (conditions 1, 2 and 4), and it does
    so at the start of the turn, which a going-out game never reaches with an empty hand;
    no real file draws so after a play (conditions 1-3)."""
    files = real_files()
    vacuous_draws, after_plays = set(), set()
    for p in files:
        game = parse_file(p)
        if any(isinstance(n, A.Guarded) and F._draw(n) for n in A.walk(game)):
            vacuous_draws.add(p.name)
        if F.draws_after_plays(game):
            after_plays.add(p.name)
    assert vacuous_draws == {"crazy-eights.rcy"}
    assert after_plays == set()
    seed = parse_text(_seed("crazy-eights"))
    assert ("iloc", "HAND") in F._going_out(seed)


def test_a_draw_that_asks_for_cards_in_hand_is_not_named():
    """The same draw, tested only on a hand with cards: the play that empties the hand
    does not draw, and the player goes out."""
    guarded = "(and (> (size ((current player) iloc HAND)) 0)\n" + " " * 23 + TEST + ")"
    assert _named(_variant((TEST, guarded))) == []


def test_a_draw_on_another_test_too_is_not_named():
    """A conjunct the empty hand does not decide (a storage) may stop the draw."""
    assert _named(_variant((TEST, f"(and (== (game sto PLAYED) 0) {TEST})"))) == []


def test_no_any_is_the_same_test():
    """``(not (any HAND ...))`` holds on an empty hand as the ``all`` does."""
    negated = """(not (any ((current player) iloc HAND) 'C
                            (or (== (cardatt RANK 'C) EIGHT)
                                 (== (cardatt SUIT 'C) (game str FOLLOW)))))"""
    (d,) = _named(_variant((TEST, negated)))
    assert "cannot hold while" in d.message


def test_a_draw_before_the_play_is_not_named():
    """Drawn before the card leaves the hand, the draw cannot follow an emptying play."""
    text = _variant(
        ("((move 'C (top (game vloc DISCARD)))\n            (all (range", "((all (range"),
        (
            "((current player) iloc HAND)))))\n            (set (game str FOLLOW)",
            "((current player) iloc HAND)))))\n            (move 'C (top (game vloc DISCARD)))\n"
            "            (set (game str FOLLOW)",
        ),
    )
    assert F.draws_after_plays(parse_text(text)) == []
    assert _named(text) == []


def test_without_a_going_out_end_nothing_is_named():
    """The same draw in a game whose end does not ask for an empty hand (blocked play
    alone ends it): drawing on an empty hand defeats no end."""
    text = _variant(
        (
            "(or (any player 'P (== (size ('P iloc HAND)) 0))\n       (>= (game sto PASSES) 'NUMP))",
            "(>= (game sto PASSES) 'NUMP)",
        )
    )
    assert len(F.draws_after_plays(parse_text(text))) == 1
    assert _named(text) == []
