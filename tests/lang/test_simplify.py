"""The simplifier (evogame/lang/simplify.py): a table of rewrites, idempotence, validity,
and the property that a simplified game plays as the original does."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.lang import Game, parse_file, parse_text, to_text
from evogame.lang import ast as A
from evogame.lang.simplify import simplified_text, simplify
from evogame.players import RandomPlayer
from evogame.simulate import play_one
from tests.conftest import SEEDS, mutant_games, require_shared, shared_files

HAND = "((current player) iloc HAND)"
S = "((current player) sto S)"


def game(choice_items: str, declares: str = "", end: str = f"(== (size {HAND}) 0)") -> str:
    return f"""(game {declares}
  (setup (create players 2)
    (create deck (game iloc STOCK) (deck (RANK (A, TWO, THREE)) (SUIT (HEARTS, SPADES)))))
  (do ((shuffle (game iloc STOCK))
       (all player 'P (repeat 3 (move (top (game iloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end {end})
    (choice ({choice_items})))
  (scoring max {S}))"""


PLAY = f"(any {HAND} 'C (move 'C (top (game vloc PILE))))"
TOP = f"(move (top {HAND}) (top (game vloc PILE)))"
#: `game(PLAY)` dealing with ``any`` outside a choice (it deals to every player).
ANY_DEAL = game(PLAY).replace("(all player 'P (repeat 3", "(any player 'P (repeat 3")


def same(a: str, b: str) -> bool:
    return to_text(simplify(parse_text(a))) == to_text(parse_text(b))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # x - x is 0, and 0 + y is y
        (
            game(f"(do ({PLAY} (inc {S} (+ (- (size {HAND}) (size {HAND})) (size {HAND})))))"),
            game(f"(do ({PLAY} (inc {S} (size {HAND}))))"),
        ),
        # a guard that is always true is its action ...
        (game(f"((== (size {HAND}) (size {HAND})) {PLAY})"), game(PLAY)),
        # ... one that is always false goes, with and/or around it
        (
            game(
                f"{PLAY} ((and (!= (size {HAND}) (size {HAND})) (> (size {HAND}) 1)) (turn pass))"
            ),
            game(PLAY),
        ),
        (
            game(f"((or (< {S} {S}) (> (size {HAND}) 1)) {PLAY}) (turn pass)"),
            game(f"((> (size {HAND}) 1) {PLAY}) (turn pass)"),
        ),
        (game(f"((not (> {S} {S})) {PLAY})"), game(PLAY)),
        # the same item twice is one item
        (game(f"{PLAY} {PLAY} (turn pass)"), game(f"{PLAY} (turn pass)")),
        # an identity map over card collections is the collection
        (
            game(f"((> (size (union (all (partition SUIT {HAND}) 'G 'G))) 1) {PLAY}) (turn pass)"),
            game(f"((> (size (union (partition SUIT {HAND}))) 1) {PLAY}) (turn pass)"),
        ),
        # a second identical declare goes
        (game(PLAY, "(declare 2 'N) (declare 2 'N)"), game(PLAY, "(declare 2 'N)")),
        # an any outside a choice does what all does (the choice's own any stays)
        (ANY_DEAL, ANY_DEAL.replace("(any player 'P", "(all player 'P")),
        # a do inside a do gives its items in their place, at any depth
        (
            game(f"(do ((do ({TOP} (do ((inc {S} 1))))) (inc {S} 2)))"),
            game(f"(do ({TOP} (inc {S} 1) (inc {S} 2)))"),
        ),
        # a loop over the players whose set never reads its name is the set, once
        (
            game(f"(do ({TOP} (all player 'Q (set {S} 0))))"),
            game(f"(do ({TOP} (set {S} 0)))"),
        ),
        # adding 0 does nothing: in a do, under a guard that cannot fail, over every player
        (game(f"(do ({PLAY} (inc {S} 0)))"), game(f"(do ({PLAY}))")),
        (game(f"(do ({PLAY} ((> (size {HAND}) 1) (dec {S} 0))))"), game(f"(do ({PLAY}))")),
        (
            game(f"(do ({PLAY} (all player 'P ((> ('P sto S) 1) (inc ('P sto S) 0)))))"),
            game(f"(do ({PLAY}))"),
        ),
    ],
)
def test_rewrites(before, after):
    assert same(before, after)


@pytest.mark.parametrize(
    "text",
    [
        # chance: (max ...) breaks ties at random, so it is not equal to itself
        game(
            f"((== (score (max {HAND} using (game points P)) using (game points P))"
            f"     (score (max {HAND} using (game points P)) using (game points P))) {PLAY})"
            " (turn pass)"
        ),
        # a constant the end test cannot absorb keeps its form (RECYCLE has no true/false)
        game(PLAY, end=f"(== {S} {S})"),
        # a loop whose set reads its name, adds, or computes its value stays
        game(f"(do ({TOP} (all player 'Q (set ('Q sto S) 0))))"),
        game(f"(do ({TOP} (all player 'Q (inc {S} 1))))"),
        game(f"(do ({TOP} (all player 'Q (set {S} (+ {S} 1)))))"),
        # every item always false: the choice keeps them (it errors when reached, as before)
        game(f"((!= {S} {S}) {PLAY})"),
        # adding 0 as a choice's option is a pass: an option, kept
        game(f"{PLAY} (inc {S} 0)"),
        game(f"{PLAY} ((> {S} 0) (inc {S} 0))"),
        # a do of nothing but 0s keeps its form (a do cannot be empty)
        game(f"(do ((inc {S} 0) (dec {S} 0)))"),
        # a guard that may raise (the top of an empty pile) keeps its action
        game(
            f"(do ({PLAY} ((> (score (top (game vloc PILE)) using (game points P)) 1) (inc {S} 0))))"
        ),
    ],
)
def test_what_is_left_alone(text):
    assert simplify(parse_text(text)) == parse_text(text)


TABLE = [
    game(f"(do ({PLAY} (inc {S} (+ (- (size {HAND}) (size {HAND})) (size {HAND})))))"),
    game(f"((== (size {HAND}) (size {HAND})) {PLAY})"),
    game(f"{PLAY} ((and (!= (size {HAND}) (size {HAND})) (> (size {HAND}) 1)) (turn pass))"),
    game(f"((or (< {S} {S}) (> (size {HAND}) 1)) {PLAY}) (turn pass)"),
    game(f"((not (> {S} {S})) {PLAY})"),
    game(f"((> (size (union (all (partition SUIT {HAND}) 'G 'G))) 1) {PLAY}) (turn pass)"),
    game(PLAY, "(declare 2 'N) (declare 2 'N)"),
    ANY_DEAL,
    game(f"(do ((do ({TOP} (do ((inc {S} 1))))) (inc {S} 2)))"),
    game(f"(do ({TOP} (all player 'Q (set {S} 0))))"),
    game(f"(do ({PLAY} (all player 'P ((> ('P sto S) 1) (inc ('P sto S) 0)))))"),
]


def _corpus() -> list[Game]:
    """CARDSTOCK's files, the seeds, 100 mutants and the table above, read once."""
    files = shared_files() + sorted(SEEDS.glob("*.rcy"))
    mutants = [game for _text, game in mutant_games(100, seed=3)]
    return [parse_file(p) for p in files] + mutants + [parse_text(t) for t in TABLE]


@pytest.fixture(scope="module")
def corpus() -> list[Game]:
    return _corpus()


def test_idempotent_and_valid_everywhere(corpus):
    for game in corpus:
        once = simplify(game)
        assert simplify(once) == once
        assert parse_text(to_text(once)) == once  # prints, reads back, checks


#: The real files simplification changes (nested and/or with a constant part, repeated
#: choice items): any other would mean a rewrite meant for evolution's noise reaches a
#: game people wrote.
CHANGED_REAL = {
    "EnchereOriginale3",
    "Poker5",
    "StealingBundles2",
    "StealingBundles3",
    "StealingBundles4",
}


def test_real_files_changed_only_where_known():
    """The 95 real files (CARDSTOCK's and the seeds) come out of simplification as they
    go in, but for `CHANGED_REAL`; and no real file nests a ``do`` in a ``do``, so the
    flattening of those never touches one."""
    require_shared()
    changed = set()
    for p in shared_files() + sorted(SEEDS.glob("*.rcy")):
        g = parse_file(p)
        if simplify(g) != g:
            changed.add(p.stem)
        for n in A.walk(g):
            if isinstance(n, A.Do):
                assert not any(isinstance(x, A.Do) for x in n.items), p
    assert changed == CHANGED_REAL


def test_a_simplified_game_plays_as_the_original(corpus):
    """Same records for the same seed (engine work aside: simplification removes work);
    repeated choice items kept, since removing them changes the options' count."""
    changed = 0
    for a in corpus:
        b = simplify(a, dedup_choices=False)
        if a == b:
            continue
        changed += 1
        ga, gb = compile_game(a), compile_game(b)
        players = [RandomPlayer()] * ga.nplayers
        for i in range(5):
            ra, rb = play_one(ga, players, i, seed=2), play_one(gb, players, i, seed=2)
            ra.work = rb.work = 0
            assert ra == rb
    assert changed >= len(TABLE)  # the table above, and whatever the mutants add


def test_x_minus_x_and_repeated_items_are_not_new():
    """An evolved copy of a seed with an x - x guard, or with its choice item written
    twice, simplifies back to the seed: a campaign counts it as a duplicate."""
    seed = (SEEDS / "gops.rcy").read_text()
    original = simplified_text(seed)
    item = "(any ((current player) iloc HAND) 'C\n          (move 'C (top ((current player) iloc BID))))"
    assert item in seed
    zero = "(- (size (game vloc PRIZE)) (size (game vloc PRIZE)))"
    other = "(- (size (game vloc ELSEWHERE)) (size (game vloc ELSEWHERE)))"
    guarded = seed.replace(item, f"((== {zero} {other}) {item})")  # 0 == 0: always
    assert simplified_text(guarded) != to_text(parse_text(guarded))
    assert simplified_text(guarded) == original
    twice = seed.replace(item, f"{item} {item}")
    assert simplified_text(twice) == original
