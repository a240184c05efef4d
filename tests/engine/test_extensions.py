"""The language extensions: parsed, printed back, and played as documented (docs/language.md)."""

from __future__ import annotations

import re

import pytest

from evogame.engine import compile_game
from evogame.lang import RecycleError, parse_text, to_text
from evogame.lang import ast as A
from tests.conftest import BACKENDS

DECK = "(create deck (game iloc STOCK) (deck (RANK (ONE, TWO, THREE)) (SUIT (RED, BLUE))))"
POINTS = "(set (game points V) (((RANK : ONE) 1) ((RANK : TWO) 2) ((RANK : THREE) 3)))"


def build(body: str, scoring: str = "(scoring max ((current player) sto S))", players: int = 2):
    text = f"(game (setup (create players {players}) {DECK}) {body} {scoring})"
    ast = parse_text(text)
    assert parse_text(to_text(ast)) == ast
    return ast, compile_game(ast)


def run_first(game):
    st = game.new_state(0)
    while not st.is_terminal():
        st.apply_action(0)
    return st


def test_int_aggregates_over_a_collection():
    _, g = build(
        f"(do ({POINTS}"
        " (set ((0 player) sto S) (sumof (game iloc STOCK) 'C (score 'C using (game points V))))"
        " (set ((1 player) sto S) (maxof (partition RANK (game iloc STOCK)) 'G (size 'G)))))"
    )
    st = run_first(g)
    assert st.scores() == [12, 2]  # (1+2+3) x 2 suits; every rank group has 2 cards
    _, g = build(
        "(do ((set ((0 player) sto S) (minof (filter (game iloc STOCK) 'C (== 0 (size (game vloc X)))) 'C (+ 5 (size (game vloc X)))))))"
    )
    assert run_first(g).scores() == [5, 0]
    _, g = build(
        "(do ((set ((0 player) sto S) (maxof (filter player 'P (== (size (game vloc X)) 1)) 'P (+ 1 (size (game vloc X)))))))"
    )
    assert run_first(g).scores() == [0, 0]  # empty collection: 0


def test_ensure_offers_only_moves_that_leave_the_condition_true():
    # Seat 0 may move any stock card to its pile, but only if afterwards the pile's points are odd.
    ast, g = build(
        f"(do ({POINTS}))"
        " (stage player (end (== (game sto T) 1))"
        "  (choice ((ensure (== (% (sum ((current player) vloc PILE) using (game points V)) 2) 1)"
        "            (any (game iloc STOCK) 'C (move 'C (top ((current player) vloc PILE)))))))"
        "  (do ((inc (game sto T) 1))))"
    )
    st = g.new_state(0)
    assert st.num_actions() == 4  # the ONEs and THREEs of both suits
    assert any(isinstance(n, A.Ensure) for n in A.walk(ast))


def test_otherwise_is_offered_only_when_nothing_else_is():
    _, g = build(
        "(stage player (end (== (game sto T) 2))"
        "  (choice (((== (game sto T) 0) (inc ((current player) sto S) 1))"
        "           ((== (game sto T) 0) (inc ((current player) sto S) 2))"
        "           (otherwise (inc ((current player) sto S) 10))))"
        "  (do ((inc (game sto T) 1))))"
    )
    st = g.new_state(0)
    assert st.num_actions() == 2
    st.apply_action(1)
    assert st.num_actions() == 1  # T = 1: only the otherwise option
    st.apply_action(0)
    assert st.scores() == [2, 10]


def test_otherwise_outside_a_choice_is_an_error():
    with pytest.raises(RecycleError, match="only allowed as an item of a choice"):
        parse_text(
            f"(game (setup (create players 1) {DECK}) (do ((otherwise (turn pass)))) (scoring max 0))"
        )


def test_permutations_list_every_ordering():
    _, g = build(
        "(do ((repeat 3 (move (top (game iloc STOCK)) (top ((current player) iloc HAND))))))"
        " (stage player (end (== (size (game vloc PILE)) 3))"
        "  (choice ((any (permutations ((current player) iloc HAND)) 'S (all 'S 'C (move 'C (top (game vloc PILE))))))))"
    )
    st = g.new_state(2)
    hand = list(st.locs[next(s for s, k in enumerate(g.locs.keys) if k[:3] == (0, "iloc", "HAND"))])
    assert st.num_actions() == 6
    st.apply_action(5)
    pile = st.locs[next(s for s, k in enumerate(g.locs.keys) if k[2] == "PILE")]
    assert sorted(pile) == sorted(hand) and pile == hand[::-1]  # the last ordering reverses


def test_indexed_locations_form_a_family():
    _, g = build(
        "(do ((all (range 1..3) 'I (move (top (game iloc STOCK)) (top (game vloc COLUMN 'I))))))"
        " (do ((set ((0 player) sto S) (size (indexed game vloc COLUMN)))"
        "      (set ((1 player) sto S) (sumof (indexed game vloc COLUMN) 'L (size 'L)))))"
    )
    assert run_first(g).scores() == [3, 3]


def test_an_ensure_that_holds_outside_a_choice_keeps_the_game_where_it_is():
    # An (ensure ...) run as a step of a stage (not an option) that holds: the stage goes
    # on from the next step, once, and the bindings it made are the state's. (The loop
    # used to keep running on the pre-ensure copy of the program position, so after the
    # next decision the steps between the ensure and that decision ran again.)
    _, g = build(
        "(stage player (end (== (game sto T) 2))"
        "  (do ((ensure (== (game sto T) (game sto T)) (inc (game sto E) 1))"
        "       (inc ((current player) sto S) 1)))"
        "  (choice ((turn pass)))"
        "  (do ((inc (game sto T) 1))))"
    )
    st = run_first(g)
    assert st.scores() == [1, 1]  # each seat's one pass added 1 exactly once
    assert st.decisions == 2


#: Golf's test "one rank above or below the foundation" (seeds/golf.rcy), as the seed
#: writes it without `abs` and as it reads with it.
_RANK = "(score (top 'COL) using (game points RANK))"
_FOUND = "(score (top (game vloc FOUNDATION)) using (game points RANK))"


def golf_with_abs() -> str:
    """seeds/golf.rcy with ``(or (== X (+ F 1)) (== X (- F 1)))`` written
    ``(== (abs (- X F)) 1)`` (and its negation, the end condition's, likewise)."""
    from tests.conftest import SEEDS

    text = re.sub(r";;[^\n]*", "", (SEEDS / "golf.rcy").read_text(encoding="utf-8"))
    text = " ".join(text.split())
    for cmp, join in (("==", "or"), ("!=", "and")):
        old = f"({join} ({cmp} {_RANK} (+ {_FOUND} 1)) ({cmp} {_RANK} (- {_FOUND} 1)))"
        assert old in text, old
        text = text.replace(old, f"({cmp} (abs (- {_RANK} {_FOUND})) 1)")
    return text


def test_abs_is_the_absolute_value_and_prints_back():
    six = "(size (game iloc STOCK))"  # the deck's 6 cards
    _, g = build(
        f"(do ((set ((0 player) sto S) (abs (- {six} 10)))"
        f"     (set ((1 player) sto S) (abs (- {six} 1)))))"
    )
    assert run_first(g).scores() == [4, 5]
    ast = parse_text(golf_with_abs())
    assert parse_text(to_text(ast)) == ast
    assert sum(isinstance(n, A.Abs) for n in A.walk(ast)) == 2
    with pytest.raises(RecycleError, match=r"\(abs INT\)"):
        parse_text(golf_with_abs().replace("(abs (- ", "(abs 1 (- ", 1))


@pytest.mark.parametrize("backend", BACKENDS)
def test_golf_written_with_abs_plays_as_the_seed(backend):
    """Every back end plays golf with `abs` record for record as the seed, with less
    engine work: the test reads each card's points twice where the seed reads them four
    times (`(score ...)` charges 1/4)."""
    from dataclasses import replace

    from evogame.lang import parse_file
    from tests.conftest import SEEDS, records_on

    seed = records_on(backend, parse_file(SEEDS / "golf.rcy"), games=8)
    with_abs = records_on(backend, parse_text(golf_with_abs()), games=8)
    assert [replace(r, work=0) for r in with_abs] == [replace(r, work=0) for r in seed]
    assert all(a.work < s.work for a, s in zip(with_abs, seed, strict=True))
    assert len({tuple(r.scores) for r in seed}) > 1  # the games differ: the test can fail


def test_abs_is_explained_and_kept_by_the_simplifier():
    from evogame.explain import explain
    from evogame.lang.simplify import simplified_text

    ast = parse_text(golf_with_abs())
    assert "the absolute value of (" in explain(ast)
    # abs may raise (|-2^63|): the simplifier keeps it for play, as it keeps tri
    assert re.search(r"\(abs\s+\(-", simplified_text(golf_with_abs()))


#: The Game's refill "up to the hand size, as far as the draw pile allows" (seeds/the-game.rcy),
#: as the seed writes it without `lesser` (a bounded loop with a guard) and with it (a count).
_HAND = "((current player) iloc HAND)"
_REFILL = (
    f"(all (range 1..(+ 'HAND 2)) 'I ((and (< (size {_HAND}) (game sto HANDSIZE))"
    f" (> (size (game hloc DRAW)) 0)) (move (top (game hloc DRAW)) (top {_HAND}))))"
)
_REFILL_LESSER = (
    f"(repeat (lesser (- (game sto HANDSIZE) (size {_HAND})) (size (game hloc DRAW)))"
    f" (move (top (game hloc DRAW)) (top {_HAND})))"
)


def the_game_with_lesser() -> str:
    """seeds/the-game.rcy with its refill written as one count, ``(lesser ...)``."""
    from tests.conftest import SEEDS

    text = re.sub(r";;[^\n]*", "", (SEEDS / "the-game.rcy").read_text(encoding="utf-8"))
    text = " ".join(text.split())
    assert text.count(_REFILL) == 1
    return text.replace(_REFILL, _REFILL_LESSER)


def test_lesser_is_the_smaller_and_prints_back():
    six = "(size (game iloc STOCK))"  # the deck's 6 cards
    _, g = build(
        f"(do ((set ((0 player) sto S) (lesser {six} 10))"
        f"     (set ((1 player) sto S) (lesser 10 (- {six} 2)))))"
    )
    assert run_first(g).scores() == [6, 4]
    ast = parse_text(the_game_with_lesser())
    assert parse_text(to_text(ast)) == ast
    assert sum(isinstance(n, A.Lesser) for n in A.walk(ast)) == 1
    with pytest.raises(RecycleError, match=r"\(lesser INT INT\)"):
        parse_text(the_game_with_lesser().replace("(lesser (- ", "(lesser 1 (- ", 1))


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_game_refilled_with_lesser_plays_as_the_seed(backend):
    """Every back end plays The Game refilled with `lesser` record for record as the seed
    (engine work aside: one counted repeat against a guarded loop of HAND + 2 passes)."""
    from dataclasses import replace

    from evogame.lang import parse_file
    from tests.conftest import SEEDS, records_on

    seed = records_on(backend, parse_file(SEEDS / "the-game.rcy"), games=6)
    with_lesser = records_on(backend, parse_text(the_game_with_lesser()), games=6)
    assert [replace(r, work=0) for r in with_lesser] == [replace(r, work=0) for r in seed]
    assert len({tuple(r.scores) for r in seed}) > 1  # the games differ: the test can fail


def test_lesser_is_explained_and_pure():
    from evogame.explain import explain
    from evogame.lang.simplify import pure, simplified_text

    ast = parse_text(the_game_with_lesser())
    assert "the lesser of HANDSIZE minus the number of cards in the player's HAND and" in explain(
        ast
    )
    node = next(n for n in A.walk(ast) if isinstance(n, A.Lesser))
    assert node.pure() and not pure(node)  # itself no chance, no error; its (- ...) may raise
    assert pure(A.Lesser(node.b, A.IntLit(3)))  # (lesser (size DRAW) 3) is pure
    assert "(lesser (- (game sto HANDSIZE)" in " ".join(
        simplified_text(the_game_with_lesser()).split()
    )


#: golf.md's wrap variant, "one rank above or below the foundation, K and A adjacent"
#: (seeds/golf-wrap.rcy), as RECYCLE writes it (the remainder of the difference plus 13
#: by 13 is 1 or 12, twice in the end test and twice in the choice) and with `distance`.
_COL = "(score (top 'COL) using (game points RANK))"
_FOUND = "(score (top (game vloc FOUNDATION)) using (game points RANK))"
_REM = f"(% (+ (- {_COL} {_FOUND}) 13) 13)"
_DIST = f"(distance {_COL} {_FOUND} around 13)"
#: (as RECYCLE writes it, with `distance`): the end test's and the choice's
_WRAP = (
    (f"(and (!= {_REM} 1) (!= {_REM} 12))", f"(!= {_DIST} 1)"),
    (f"(or (== {_REM} 1) (== {_REM} 12))", f"(== {_DIST} 1)"),
)


def golf_wrap(with_distance: bool) -> str:
    """seeds/golf-wrap.rcy, its comments dropped, with its wrap test written with
    ``(distance ...)`` or as RECYCLE writes it (whichever the seed has, the other is made)."""
    from tests.conftest import SEEDS

    text = re.sub(r";;[^\n]*", "", (SEEDS / "golf-wrap.rcy").read_text(encoding="utf-8"))
    text = " ".join(text.split()).replace("( ", "(")
    for long, short in _WRAP:
        old, new = (long, short) if with_distance else (short, long)
        if text.count(new) != 1:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
    return text


def test_distance_is_the_shorter_way_round_and_prints_back():
    six = "(size (game iloc STOCK))"  # the deck's 6 cards
    _, g = build(
        f"(do ((set ((0 player) sto S) (distance {six} 1 around 13))"  # 5 one way, 8 the other
        f"     (set ((1 player) sto S) (distance 1 {six} around 4))"  # -5 mod 4 = 3; 4 - 3 = 1
        f"     (set ((2 player) sto S) (distance {six} 1 around (- 0 {six})))))",  # no cycle: 0
        players=3,
    )
    assert run_first(g).scores() == [5, 1, 0]
    ast = parse_text(golf_wrap(True))
    assert parse_text(to_text(ast)) == ast
    assert sum(isinstance(n, A.CyclicDistance) for n in A.walk(ast)) == 2
    with pytest.raises(RecycleError, match=r"expected \(distance INT INT around INT\)"):
        parse_text(golf_wrap(True).replace(" around 13)", " 13)", 1))


@pytest.mark.parametrize("backend", BACKENDS)
def test_golf_wrap_with_distance_plays_as_recycle_writes_it(backend):
    """Every back end plays golf-wrap with `distance` record for record as with RECYCLE's
    remainders, with less engine work: each card's points are read twice where RECYCLE's
    test reads them four times (`(score ...)` charges 1/4)."""
    from dataclasses import replace

    from tests.conftest import records_on

    long = records_on(backend, parse_text(golf_wrap(False)), games=8)
    short = records_on(backend, parse_text(golf_wrap(True)), games=8)
    assert [replace(r, work=0) for r in short] == [replace(r, work=0) for r in long]
    assert all(s.work < w.work for s, w in zip(short, long, strict=True))
    assert len({tuple(r.scores) for r in long}) > 1  # the games differ: the test can fail


def test_distance_is_explained_and_pure():
    from evogame.explain import explain
    from evogame.lang.simplify import pure, simplified_text
    from tests.native.test_integers import game

    ast = parse_text(golf_wrap(True))
    assert (
        "the distance from the rank value of the top card of COL to the rank value of the"
        " top card of FOUNDATION around a cycle of 13 is 1"
    ) in " ".join(explain(ast).split())
    node = next(n for n in A.walk(ast) if isinstance(n, A.CyclicDistance))
    assert node.pure() and not pure(node)  # itself no chance, no error; its (score ...) may raise
    stock = A.Size(A.Location(A.GameRef(), A.Vis.HLOC, A.NameLit("STOCK")))
    assert pure(A.CyclicDistance(stock, A.IntLit(1), A.IntLit(13)))
    # never beyond 64 bits: x - x folds to 0 where x is a distance (not where it is an abs)
    d = "(distance (game sto N) 1 around 13)"
    assert "(set (game sto X) 0)" in simplified_text(game(f"(set (game sto X) (- {d} {d}))"))
    a = "(abs (game sto N))"
    assert "(set (game sto X) 0)" not in simplified_text(game(f"(set (game sto X) (- {a} {a}))"))
