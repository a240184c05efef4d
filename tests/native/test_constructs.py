"""Constructs the corpus and the seeds never use play the same on both back ends.

Each program is a small game built around one construct (or a few of one family), its
result written into the scores or deciding what is moved, so a difference in the
construct shows in the record. The Python engine (the reference) and the VM play each
from several seeds, record for record (`evogame.native.differential`); `oloc` is about
what a player sees, so it is played with PIPMC players, whose determinizations read it.
`tests/native/test_opcode_coverage.py` counts which opcodes these programs reach.
"""

from __future__ import annotations

import ctypes

import pytest

from evogame.engine import compile_game
from evogame.engine.coverage import moved_of, moves
from evogame.lang import parse_text
from evogame.native.differential import mismatches, pipmc_mismatches
from evogame.native.engine import NativeGame
from evogame.native.records import random_records
from evogame.players import RandomPlayer
from evogame.players.play import play_one

pytestmark = pytest.mark.usefixtures("native_vm")

#: Seeds each program is played from (games per seed: `GAMES`).
SEEDS = (1, 2, 3)
GAMES = 6


def game(
    items: str, setup: str = "", players: int = 3, stage: str = "player", teams: str = ""
) -> str:
    """Players holding four cards of RANK ONE..FIVE (points VAL = the rank) and SUIT X..Z;
    twelve turns, each a choice of `items` or a pass; the score is each player's S."""
    return f"""
    (game
     (setup (create players {players}) {teams}
            (create deck (game vloc STOCK)
                    (deck (RANK (ONE, TWO, THREE, FOUR, FIVE)) (SUIT (X, Y, Z)))))
     (do ((shuffle (game vloc STOCK))
          (set (game points VAL)
               (((RANK : ONE) 1) ((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4)
                ((RANK : FIVE) 5)))
          (all player 'P (repeat 4 (move (top (game vloc STOCK)) (top ('P iloc HAND)))))
          (move (top (game vloc STOCK)) (top (game vloc PILE)))
          {setup}))
     (stage {stage}
      (end (>= (game sto N) 12))
      (do ((inc (game sto N) 1)))
      (choice ((turn pass) {items})))
     (scoring max ((current player) sto S)))"""


HAND = "((current player) iloc HAND)"
S = "((current player) sto S)"
PLAY = f"(any {HAND} 'C (move 'C (top (game vloc PILE))))"

#: a seat's score from its hand and the pile's suits, set in a loop's target T
LOOP = (
    "(all player 'P (set ('P sto {T}) (+ (maxof ('P iloc HAND) 'D (score 'D using (game points VAL)))"
    " (* 10 (size (partition SUIT (game vloc PILE)))))))"
)
#: each seat's S grown by the points of the cards it remembers
SEEN_LOOP = (
    "(all player 'P (set ('P sto S) (+ ('P sto S)"
    " (sumof ('P mem SEEN) 'D (score 'D using (game points VAL))))))"
)
#: each seat's S by the rule in MODE: its hand's points, or its X cards' count and points
MODE_LOOP = (
    "(all player 'P (do (((== (game str MODE) A) (set ('P sto S) (sumof ('P iloc HAND) 'D (score 'D using (game points VAL)))))"
    " ((== (game str MODE) B) (let (filter ('P iloc HAND) 'D (== (cardatt SUIT 'D) X)) 'E"
    " (set ('P sto S) (+ (size 'E) (* 2 (sumof 'E 'F (score 'F using (game points VAL)))))))))))"
)

#: name -> rule text; the name says the construct (and the opcode it lowers to)
PROGRAMS: dict[str, str] = {
    "fib": game(f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE))) (inc {S} (fib (size {HAND}))))))"),
    "abs": game(f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE))) (inc {S} (abs (- (score 'C using (game points VAL)) 3))))))"),
    "distance": game(
        f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE))) (inc {S} (distance (score 'C using (game points VAL)) (size {HAND}) around 4)))))"
        f" (do ({PLAY} (inc {S} (distance (- 0 (size (game vloc PILE))) (size {HAND}) around (- (size (game vloc PILE)) 2)))))"
    ),
    "lesser": game(f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE))) (inc {S} (lesser (score 'C using (game points VAL)) (size {HAND}))))))"),
    "tri": game(f"(any {HAND} 'C (do ((inc {S} (tri (score 'C using (game points VAL)))) (move 'C (top (game vloc PILE))))))"),
    "random": game(
        f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE))) (inc {S} (random 3)))))"
        f" (do ({PLAY} (inc {S} (random 2..4))))"
    ),
    "pow": game(f"(do ({PLAY} (inc {S} (^ (size (game vloc PILE)) 2))))"),
    "faro": game(
        f"(do ((shuffle faro (game vloc PILE) {HAND}) (inc {S} (score (top (game vloc PILE)) using (game points VAL)))))"
        f" (do ((shuffle faro {HAND} (game vloc STOCK)) (inc {S} (score (top {HAND}) using (game points VAL)))))"
    ),
    "intersect, disjunction": game(
        f"(do ({PLAY} (inc {S} (size (intersect {HAND} (filter (game vloc STOCK) 'C (== (cardatt SUIT 'C) X)) {HAND})))))"
        f" (do ((inc {S} (size (disjunction {HAND} (game vloc PILE)))) {PLAY}))"
        f" (any (union {HAND} (game vloc PILE)) 'C (move 'C (top (game vloc STOCK))))"
    ),
    "intersect, disjunction over all": game(
        f"(do ({PLAY} (inc {S} (size (intersect (all player 'P ('P iloc HAND)))))))"
        f" (do ({PLAY} (inc {S} (size (disjunction (all player 'P ('P iloc HAND)))))))"
        f" (do ({PLAY} (inc {S} (size (union (indexed game vloc ROW))))))",
        setup="(repeat 2 (move (top (game vloc STOCK)) (top (game vloc ROW 1))))",
    ),
    "run, sort, top K": game(
        f"(do ((inc {S} (size (run top 2 {HAND} using (game points VAL)))) {PLAY}))"
        f" (do ((inc {S} (size (run bottom 3 (game vloc STOCK) using (game points VAL)))) {PLAY}))"
        f" (move (top (sort {HAND} using (game points VAL))) (top (game vloc PILE)))"
        f" (move (bottom (sort {HAND} using (game points VAL))) (bottom (game vloc PILE)))"
        f" (all (top 2 (game vloc STOCK)) 'C (move 'C (top {HAND})))"
        f" (all (bottom 1 (game vloc STOCK)) 'C (move 'C (top {HAND})))"
    ),
    "partition of all, permutations, let of card groups": game(
        f"(do ({PLAY} (inc {S} (size (partition SUIT (all player 'P ('P iloc HAND)))))))"
        f" (do ({PLAY} (inc {S} (size (permutations (top 3 {HAND}))))))"
        f" (let (partition RANK {HAND}) 'G (do ({PLAY} (inc {S} (size 'G)))))"
    ),
    "cardatt of a named attribute, minof, maxof, storage by name": game(
        f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE)))"
        f" (inc {S} (size (filter {HAND} 'D (== (cardatt (game str ATT) 'D) (cardatt (game str ATT) 'C))))))))"
        f" (do ({PLAY} (inc {S} (minof {HAND} 'C (score 'C using (game points VAL))))))"
        f" (do ({PLAY} (inc {S} (maxof {HAND} 'C (score 'C using (game points VAL))))))"
        f" (do ({PLAY} (inc ((current player) sto (game str BIN)) 1) (inc {S} ((current player) sto TWO))))"
        f" (do ({PLAY} (dec {S} 1)))",
        setup="(set (game str ATT) SUIT) (set (game str BIN) TWO)",
    ),
    "remember, forget": game(
        f"(any {HAND} 'C (do ((remember 'C (top ((current player) mem SEEN))) (inc {S} (size ((current player) mem SEEN))))))"
        f" ((> (size ((current player) mem SEEN)) 0) (do ((forget (top ((current player) mem SEEN))) (inc {S} 2))))"
        f" (do ({PLAY} (inc {S} (size (filter ((current player) mem SEEN) 'C (== (cardatt SUIT (actual 'C)) X))))))"
    ),
    # loops whose guards, once all false, stay false (`afn_each_guard`: the passes left are
    # skipped, their work charged); and one whose guard reads the loop's variable, which
    # must run every pass
    "loops of a guarded action": game(
        f"(do ((all (range 1..6) 'I ((all {HAND} 'C (!= (cardatt SUIT 'C) X))"
        f" (move (top (game vloc STOCK)) (top {HAND})))) (inc {S} (size {HAND})) {PLAY}))"
        f" (do ((all (range 1..4) 'J (do (((< (size (filter {HAND} 'C (== (cardatt SUIT 'C) Y))) 2)"
        f" (move (top (game vloc STOCK)) (top {HAND}))) ((> (size {HAND}) 9) (inc {S} 1)))))"
        f" (inc {S} (size {HAND})) {PLAY}))"
        f" (do ((all (range 1..4) 'I ((< (+ (size {HAND}) 'I) 8)"
        f" (move (top (game vloc STOCK)) (top {HAND})))) (inc {S} 1) {PLAY}))"
    ),
    # a loop over a chain of guards, each a storage slot equal to a constant
    # (`afn_each_kguard`): the chain's second action writes the slot the third reads, an
    # int chain's action the slot its next guard reads, and the string chain's slot is
    # changed by a move between turns, so every branch is taken
    "loops of storage-keyed guards": game(
        f"(do ((all player 'P (do (((== (game str MODE) A) (inc ('P sto S) 1))"
        f" ((== (game str MODE) B) (do ((inc ('P sto S) 2) (set (game str MODE) C))))"
        f" ((== (game str MODE) C) (inc ('P sto S) 3)) ((== (game str MODE) A) (inc ('P sto S) 5)))))"
        f" (all (range 1..3) 'I (do (((== (game sto K) 0) (inc (game sto K) 1))"
        f" ((== (game sto K) 1) (inc {S} 'I)) ((== (game sto K) 2) (inc {S} 7)))))"
        f" {PLAY}))"
        f" (any {HAND} 'C (do ((move 'C (top (game vloc PILE)))"
        f" (set (game str MODE) B) (set (game sto K) (size {HAND})))))",
        setup="(set (game str MODE) A)",
    ),
    # aggregates over locations: a seat's hand read through an outer variable and through
    # (current player), a partition of a shared pile, an outer integer in the value, and a
    # point map replaced between turns
    "aggregates over locations": game(
        f"(any {HAND} 'C (do ((move 'C (top (game vloc PILE)))"
        f" (all player 'P (all (range 1..2) 'I (inc ('P sto S)"
        f" (+ (maxof ('P iloc HAND) 'D (+ 'I (score 'D using (game points VAL))))"
        f" (sumof (partition SUIT (game vloc PILE)) 'G"
        f" (* (size 'G) (minof 'G 'E (score 'E using (game points VAL))))))))))))"
        f" (do ((set (game points VAL) (((RANK : ONE) 5) ((RANK : TWO) 4) ((SUIT : X) 2)))"
        f" (inc {S} (minof ((current player) iloc HAND) 'D (score 'D using (game points VAL))))"
        f" {PLAY}))"
    ),
    # loops whose passes are memoized (`afn_each_memo`): each seat's storage set from
    # aggregates over its hand, the shared pile, a seat's memory, its own storage, an outer
    # card and the current player; one in an ensure's trial, one whose body is the first's
    # but for its target (its entries must not be the first's), one behind a chain of
    # string-keyed guards with a filter bound by a let, and locations changed by moves,
    # remember and forget between passes
    "memoized loop passes": game(
        f"(any {HAND} 'C (ensure (>= {S} ((next player) sto S))"
        f" (do ((move 'C (top (game vloc PILE))) {LOOP.format(T='S')}))))"
        f" (any {HAND} 'C (do ((move 'C (top (game vloc PILE))) {LOOP.format(T='T')} (inc {S} ((current player) sto T)))))"
        f" (any {HAND} 'C (do ((remember 'C (top ((current player) mem SEEN))) {SEEN_LOOP})))"
        f" ((> (size ((current player) mem SEEN)) 0) (do ((forget (top ((current player) mem SEEN))) {SEEN_LOOP})))"
        f" (do ((set (game str MODE) B) {PLAY} {MODE_LOOP}))"
        f" (do ((set (game str MODE) A) {MODE_LOOP} (move (top (game vloc STOCK)) (top {HAND}))))"
        f" (any {HAND} 'C (do ((move 'C (top (game vloc PILE)))"
        f" (all player 'P (set ('P sto U) (+ (score 'C using (game points VAL))"
        f" (maxof ('P iloc HAND) 'D (score 'D using (game points VAL))))))"
        f" (all player 'P (set ('P sto V) (+ (size {HAND}) (sumof ('P iloc HAND) 'D (score 'D using (game points VAL))))))"
        f" (inc {S} (+ ((current player) sto U) ((current player) sto V))))))",
        setup="(set (game str MODE) A)",
    ),
    "ensure": game(
        f"(any {HAND} 'C (ensure (< (score (top (game vloc PILE)) using (game points VAL)) 4) (do ((move 'C (top (game vloc PILE))) (inc {S} 1)))))"
        f" (do ((ensure (> (score (top (game vloc PILE)) using (game points VAL)) 2)"
        f" (move (top (game vloc STOCK)) (top (game vloc PILE)))) (inc {S} 2)))"
    ),
    "teams": game(
        "(do ((inc ((current team) sto T) 1) (inc ((next team) sto T) 2) (inc ((previous team) sto T) 3)"
        f" (inc ((0 team) sto T) 1) (all (other team) 'U (inc ('U sto T) 1)) {PLAY}))"
        " (all (current team) 'R (inc ('R sto S) ((team 'R) sto T)))"
        f" (all team 'U (inc {S} ('U sto T)))",
        teams="(create teams (0, 2) (1, 3))",
        players=4,
    ),
    "a team stage": game(
        "(all (current team) 'R (inc ('R sto S) (+ 1 ((current team) sto T))))"
        " (do ((inc ((current team) sto T) 1) (inc ((next team) sto T) 2)))",
        teams="(create teams (0, 2) (1, 3))",
        players=4,
        stage="team",
    ),
}  # fmt: skip

#: what a player sees matters: cards shown to the others only (oloc), hidden (hloc)
OLOC = game(
    f"(any {HAND} 'C (move 'C (top ((current player) oloc SHOWN))))"
    f" (any ((next player) oloc SHOWN) 'C (do ((move 'C (top {HAND})) (inc {S} (score 'C using (game points VAL))))))"
    f" (any ((current player) oloc SHOWN) 'C (do ((move 'C (top (game hloc BURIED))) (inc {S} 1))))",
    players=2,
)  # fmt: skip


@pytest.mark.parametrize("name", PROGRAMS)
def test_constructs_play_the_same(name: str):
    ast = parse_text(PROGRAMS[name])
    NativeGame.from_ast(ast)  # the VM takes it (raises Unsupported otherwise)
    for seed in SEEDS:
        assert mismatches(ast, games=GAMES, seed=seed) == [], seed
    # the games reach the construct: they are not all ended by an error or a pass
    recs = [
        play_one(compile_game(ast), [RandomPlayer()] * ast_players(ast), i, 1) for i in range(GAMES)
    ]
    assert all(r.error is None for r in recs)
    assert any(any(s != 0 for s in r.scores) for r in recs)


def ast_players(ast) -> int:
    return compile_game(ast).nplayers


def test_oloc_is_seen_alike_by_searching_players():
    ast = parse_text(OLOC)
    for seed in SEEDS:
        assert pipmc_mismatches(ast, games=2, seed=seed, rollouts=3, horizon=6) == [], seed


@pytest.mark.parametrize("name", ["ensure", "loops of a guarded action"])
def test_coverage_images_record_what_the_python_coverage_game_does(name: str):
    # a coverage image's conditions record the values they take (COV), as the Python
    # engine's coverage flag records over the same games
    ast = parse_text(PROGRAMS[name])
    native = NativeGame.from_ast(ast, coverage=True)
    cov = compile_game(ast, coverage=True)
    rows: list = []
    recs = random_records(native, cov, list(range(GAMES)), 1, coverage=rows)
    want = [play_one(cov, [RandomPlayer()] * cov.nplayers, i, 1) for i in range(GAMES)]
    assert [r.scores for r in recs] == [r.scores for r in want]
    got = [0] * (len(cov.compiler.hits) + len(moves(ast)))
    for row in rows:
        for k, bits in enumerate(row):
            got[k] |= bits
    assert got[: len(cov.compiler.hits)] == cov.compiler.hits and any(got)
    # ... and its moves what each did (COVACT), as the Python engine's `moved`
    assert moved_of(ast, got) == cov.compiler.moved and cov.compiler.moved


def _evaluators(program: str) -> str:
    """The names of the evaluators the VM's tier-2 nodes of `program` (a `PROGRAMS` key)
    got, after its games were played once (what sets them up)."""
    ast = parse_text(PROGRAMS[program])
    ng = NativeGame.from_ast(ast)
    random_records(ng, compile_game(ast), list(range(GAMES)), 1)
    buf = ctypes.create_string_buffer(1 << 16)
    assert ng._lib.vm_tier2_nodes(ng._ptr, buf, 1 << 16) > 0
    return buf.value.decode()


def test_guarded_loops_stop_once_their_guard_is_false():
    # the program's first two loops get the evaluator that stops early, the third (its
    # guard reads 'I) the plain one; the records above show the same games either way
    names = _evaluators("loops of a guarded action")
    assert names.count("afn_each_guard") == 2 and "afn_each)" in names


def test_storage_keyed_guard_chains_get_their_evaluator():
    # both loops of the program are chains of `(== (game sto|str X) K)` guards; the records
    # of `test_constructs_play_the_same` show the same games as the Python engine's
    assert _evaluators("loops of storage-keyed guards").count("afn_each_kguard") == 2


def test_memoized_loops_get_their_evaluator():
    # the program's eight loops over seats are memoized; the records of
    # `test_constructs_play_the_same` show the same games as the Python engine's
    assert _evaluators("memoized loop passes").count("afn_each_memo") == 8
