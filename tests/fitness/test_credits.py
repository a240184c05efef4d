"""`fitness.credits`: cards scored for a neighbour, tests of a storage nobody writes, and
cards played out of the game."""

from __future__ import annotations

import pytest

from evogame.fitness import credits as C
from evogame.lang import parse_text
from tests.conftest import SEEDS
from tests.fitness import credit_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.red7_legacy_unwritten_rival,
        C.unwritten_operands,
        "(> ((current player) sto SCORE) ('P sto CUPS))",
        "no rule sets sto CUPS, so it is always 0",
    ),
    (
        V.go_fish_books_to_previous,
        C.neighbour_credits,
        "(move 'C (top ((previous player) vloc BOOKS)))",
        "which the scoring counts for the previous player",
    ),
    (
        V.go_fish_books_handed_on,
        C.handed_scores,
        "(move 'C (top ((next player) vloc BOOKS)))",
        "what a player has scored is handed to the next player",
    ),
    (
        V.go_fish_size_four,
        C.unwritten_tests,
        "(== (game sto SIZE) 4)",
        "no rule sets sto SIZE, so it is always 0",
    ),
    (
        V.scopa_trail_lost,
        C.lost_plays,
        "(any (filter ((current player) iloc HAND) 'C",
        "moves the card into LOW, which no rule reads",
    ),
    (
        V.go_fish_books_from_stock,
        C.stock_books,
        "(move 'C (top ((current player) vloc BOOKS)))",
        "cards of (game hloc STOCK), face down and no one's, are pooled with",
    ),
    (
        V.go_fish_unwritten_or,
        C.unwritten_disjuncts,
        "(or (== (game sto FIVE) 0) (== (game sto AGAIN) 0))",
        "and (== (game sto FIVE) 0) always holds: this or always holds",
    ),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, C.defects, only=False)
)


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of this
    module's defects."""
    assert real_files_flagged(C.defects) == {}


def test_cards_passed_to_a_neighbour_s_hand_are_left_alone():
    """A card given to the next player's place the scoring does not count (a hand passed
    on, as in Hearts), or books kept by the player who made them, is a rule."""
    text = V.go_fish_books_to_previous()
    to_hand = _edit(
        text,
        (
            "(move 'C (top ((previous player) vloc BOOKS)))",
            "(move 'C (top ((previous player) iloc HAND)))",
        ),
    )
    assert C.neighbour_credits(parse_text(to_hand)) == []
    # a neighbour's cards taken into the neighbour's pile: not the current player's make
    theirs = _edit(
        text,
        (
            "(all (partition RANK ((current player) iloc HAND)) 'G\n          ((== (size 'G) 4)\n"
            "           (all 'G 'C (move 'C (top ((previous player) vloc BOOKS))))))",
            "(all (partition RANK ((previous player) iloc HAND)) 'G\n          ((== (size 'G) 4)\n"
            "           (all 'G 'C (move 'C (top ((previous player) vloc BOOKS))))))",
        ),
    )
    assert C.neighbour_credits(parse_text(theirs)) == []
    # a cooperative game: the seats share one result, whoever holds the books
    shared = _edit(text, ("(scoring max (//", "(scoring cooperative max (//"))
    assert C.neighbour_credits(parse_text(shared)) == []


def test_a_flag_tested_both_ways_or_written_is_left_alone():
    """A storage no rule writes but tested both ways (a variant's flag: one branch runs),
    or compared so that 0 passes, or written somewhere, is not judged."""
    text = V.go_fish_size_four()
    for ok in (
        "(!= (game sto SIZE) 4)",
        "(<= (game sto SIZE) 4)",
        "(== (game sto SIZE) 0)",
    ):
        assert C.unwritten_tests(parse_text(text.replace("(== (game sto SIZE) 4)", ok))) == []
    end = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"
    both = _edit(text, (end, end.replace("(end ", "(end (and (!= (game sto SIZE) 4) ") + ")"))
    assert C.unwritten_tests(parse_text(both)) == []
    written = _edit(
        text,
        (
            "(do\n   ((set (game sto AGAIN) 1)",
            "(do\n   ((set (game sto AGAIN) 1)\n    (set (game sto SIZE) 4)",
        ),
    )
    assert C.unwritten_tests(parse_text(written)) == []
    for never in ("(> (game sto SIZE) 0)", "(< (game sto SIZE) 0)", "(== 4 (game sto SIZE))"):
        (d,) = C.unwritten_tests(parse_text(text.replace("(== (game sto SIZE) 4)", never)))
        assert "fails" in d.message


def test_a_discard_that_scores_or_that_every_option_makes_is_left_alone():
    """The card out of the game is a rule when the score is made of the place it leaves
    (a shedding game: the hand is counted), or when no other option keeps the card in
    play (every play a discard)."""
    text = V.scopa_trail_lost()
    shed = _edit(
        text,
        (
            "(scoring max ((current player) sto POINTS))",
            "(scoring min (size ((current player) iloc HAND)))",
        ),
    )
    assert C.lost_plays(parse_text(shed)) == []
    # the sink read by a rule (the table it used to be): a pile in play
    read = _edit(
        text,
        (
            " (do\n  ((all player 'P\n        ((== ('P sto LAST) 1)",
            " (do\n  ((repeat all (move (top (game vloc LOW)) (top (game vloc TABLE))))\n"
            "   (all player 'P\n        ((== ('P sto LAST) 1)",
        ),
    )
    assert C.lost_plays(parse_text(read)) == []


@pytest.mark.parametrize("variant", [f[0] for f in FOUND], ids=[f[0].__name__ for f in FOUND])
def test_a_variant_scores_below_its_seed(variant):
    """Each variant scores below its seed (one evaluation seed; seeds 0-4 in
    docs/judge.md, by bench/bench_loopholes.py)."""
    text = variant()
    assert_scores_below_its_seed(text, SEED_OF[text])


def test_a_pile_the_score_counts_through_a_storage_is_counted():
    """Scopa scores each player's POINTS, computed from P's PILE after the play: a capture
    whose playing card goes to the next player's PILE scores for the neighbour (campaign
    final-11's new kinds), though the scoring never names PILE."""
    seed = (SEEDS / "scopa.rcy").read_text()
    moved = _edit(
        seed,
        (
            "(move 'C (top ((current player) vloc PILE)))",
            "(move 'C (top ((next player) vloc PILE)))",
        ),
    )
    assert C.neighbour_credits(parse_text(seed)) == []
    (found,) = C.neighbour_credits(parse_text(moved))
    assert "(next player) vloc PILE" in found.message


def test_a_scored_pile_handed_on_is_named_once_and_a_hand_traded_is_left_alone():
    """The current player's BOOKS moved to the next player's BOOKS is named by
    `handed_scores` alone (not `neighbour_credits` too), even when nothing else comes
    with it; it is left alone when the pile is one a choice plays from (a hand traded, as
    in Cuckoo), when the cards go to the player's own pile or to a place the score is not
    made of, and in a cooperative game."""
    text = V.go_fish_books_handed_on()
    last = "(partition RANK ((current player) vloc BOOKS) (game hloc STOCK)\n"
    alone = _edit(
        text,
        (
            last + "                    ((current player) iloc HAND))",
            "(partition RANK ((current player) vloc BOOKS))",
        ),
    )
    alone_game = parse_text(alone)
    assert [d.check for d in C.defects(alone_game)] == ["credits.handed_scores"]
    assert C.neighbour_credits(alone_game) == []
    # a choice that takes a card back from BOOKS: a pile played from, as a hand is
    item = "                 (set ('P sto TARGET) 1)))))))"
    played_from = _edit(
        text,
        (
            item,
            item[:-2]
            + "\n    (any ((current player) vloc BOOKS) 'C"
            + " (move 'C (top ((current player) iloc HAND))))))",
        ),
    )
    assert C.handed_scores(parse_text(played_from)) == []
    own = _edit(
        text,
        ("(top ((next player) vloc BOOKS))", "(top ((current player) vloc BOOKS))"),
    )
    assert C.handed_scores(parse_text(own)) == []
    to_hand = _edit(text, ("(top ((next player) vloc BOOKS))", "(top ((next player) iloc HAND))"))
    assert C.handed_scores(parse_text(to_hand)) == []
    shared = _edit(text, ("(scoring max (//", "(scoring cooperative max (//"))
    assert C.handed_scores(parse_text(shared)) == []
    # the previous player is a neighbour too
    back = _edit(text, ("(top ((next player) vloc BOOKS))", "(top ((previous player) vloc BOOKS))"))
    (d,) = C.handed_scores(parse_text(back))
    assert "handed to the previous player" in d.message


def test_a_draw_from_the_stock_or_a_prize_shown_first_is_left_alone():
    """The line of `stock_books`: the stock's cards pooled with the hand's into a book are
    named; a book of the hand alone (the seed), a draw of the stock's top card into the
    scored pile alone, and a pool of the face-up table with the hand are not."""
    text = V.go_fish_books_from_stock()
    assert len(C.stock_books(parse_text(text))) == 1
    assert C.stock_books(parse_text(_seed("go-fish"))) == []
    pool = "(partition RANK (game hloc STOCK) ((current player) iloc HAND))"
    shown = _edit(text, (pool, pool.replace("hloc STOCK", "vloc TABLE")))
    assert C.stock_books(parse_text(shown)) == []
    drawn = _edit(
        _seed("go-fish"),
        (
            "\n (scoring max",
            "\n (do ((move (top (game hloc STOCK)) (top ((current player) vloc BOOKS)))))"
            "\n (scoring max",
        ),
    )
    assert C.stock_books(parse_text(drawn)) == []


def test_an_or_a_flag_does_not_decide_is_left_alone():
    """The ``or`` is named when the unwritten storage's test holds at 0, whichever side the
    storage is on and under whichever owner; it is left alone when the test fails at 0 (a
    variant's flag compared with 1, as Sheepshead's), when some rule writes the storage
    (under any owner), or when the test is a conjunct of an ``and``."""
    text = V.go_fish_unwritten_or()
    five = "(== (game sto FIVE) 0)"
    for never in ("(== (game sto FIVE) 1)", "(> (game sto FIVE) 0)", "(!= 0 (game sto FIVE))"):
        assert C.unwritten_disjuncts(parse_text(_edit(text, (five, never)))) == []
    for holds in ("(<= (game sto FIVE) 3)", "(!= 1 ((current player) sto FIVE))"):
        (d,) = C.unwritten_disjuncts(parse_text(_edit(text, (five, holds))))
        assert "this or always holds" in d.message
    written = _edit(
        text,
        (
            "(do\n   ((set (game sto AGAIN) 1)",
            "(do\n   ((set (game sto AGAIN) 1)\n    (inc ((current player) sto FIVE) 1)",
        ),
    )
    assert C.unwritten_disjuncts(parse_text(written)) == []
    conj = _edit(text, ("(or (== (game sto FIVE) 0)", "(and (== (game sto FIVE) 0)"))
    assert C.unwritten_disjuncts(parse_text(conj)) == []
