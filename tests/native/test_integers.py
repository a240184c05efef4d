"""Integers mean the same on both back ends: 64-bit, overflow an error, 32-bit ranges.

Each case is a small game whose every turn does one integer action; the Python engine (the
reference) and the VM play it from the same seeds and must agree record for record
(`evogame.native.differential.mismatches`: scores, options, error text, work). Each case
also pins what the reference does, so agreement on a game that never reaches the edge
cannot pass for a test of the edge (docs/language.md, "Integers").
"""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.lang import RecycleError, parse_text
from evogame.lang import ast as A
from evogame.lang.simplify import _int, simplified_text
from evogame.native.differential import mismatches
from evogame.players import RandomPlayer
from evogame.players.play import play_one

pytestmark = pytest.mark.usefixtures("native_vm")

B = 1 << 62  # (game sto B); W = 2^32, M = -1 (no literal can write them)
OVER = "integer overflow (beyond 64 bits)"
MIN = "(- (- 0 (game sto B)) (game sto B))"  # -2^63
MAX = "(+ (- (game sto B) 1) (game sto B))"  # 2^63 - 1


def _dist(a: int, b: int, n: int) -> int:
    """What ``(distance a b around n)`` is, written out here for the cases below."""
    return min((a - b) % n, n - (a - b) % n)


def game(action: str) -> str:
    """Two players; each turn, pass or do `action` and count the turn; X is both scores."""
    return f"""
    (game (setup (create players 2) (create deck (game vloc STOCK) (deck (R (A, B, C)))))
     (do ((shuffle (game vloc STOCK)) (set (game sto X) 1) (set (game sto T) 2)
          (set (game sto B) (^ (game sto T) 62)) (set (game sto W) (^ (game sto T) 32))
          (set (game sto M) (- (game sto N) 1))))
     (stage player (end (>= (game sto N) 6))
      (choice ((turn pass) (do ({action} (inc (game sto N) 1))))))
     (scoring max (game sto X)))"""


#: (action, the reference's error in game 0 or None, X at the end of game 0 or None)
CASES = {
    "mul": ("(set (game sto X) (* (game sto X) 3037000500))", f"(* 3037000500 3037000500): {OVER}", 3037000500),
    "add": ("(set (game sto X) (+ (game sto B) (game sto B)))", f"(+ {B} {B}): {OVER}", 1),
    "sub": ("(set (game sto X) (- (- 0 (game sto B)) (+ (game sto B) 1)))", f"(- {-B} {B + 1}): {OVER}", 1),
    "inc keeps the storage": ("(inc (game sto X) (game sto B))", f"(inc {B + 1} {B}): {OVER}", B + 1),
    "dec": ("(dec (game sto X) (game sto B))", f"(dec {1 - 2 * B} {B}): {OVER}", 1 - 2 * B),
    "pow": ("(set (game sto X) (^ 3 (+ 38 (game sto N))))", f"(^ 3 40): {OVER}", 3**39),
    "pow at the edge": ("(set (game sto X) (^ (- 0 (game sto T)) 63))", None, -(1 << 63)),
    "div": ("(set (game sto X) (// (- (- 0 (game sto B)) (game sto B)) (game sto M)))", f"(// {-(1 << 63)} -1): {OVER}", 1),
    "mod": ("(set (game sto X) (% (- (- 0 (game sto B)) (game sto B)) (game sto M)))", None, 0),
    "abs": ("(set (game sto X) (abs (- (- 0 (game sto B)) (game sto B))))", f"(abs {-(1 << 63)}): {OVER}", 1),
    "abs of a negative": ("(set (game sto X) (abs (- 1 (game sto B))))", None, B - 1),
    # (distance a b around n) = min(d, n - d), d = (a - b) mod n: never beyond 64 bits
    "distance from -2^63 to 2^63 - 1": (f"(set (game sto X) (distance {MIN} {MAX} around (+ (game sto B) (game sto W))))", None, _dist(-(1 << 63), (1 << 63) - 1, B + (1 << 32))),
    "distance from 2^63 - 1 to -2^63": (f"(set (game sto X) (distance {MAX} {MIN} around (* (game sto W) 3)))", None, _dist((1 << 63) - 1, -(1 << 63), 3 << 32)),
    "distance around no cycle": ("(set (game sto X) (distance (game sto B) (game sto W) around (game sto M)))", None, 0),
    "tri": ("(set (game sto X) (tri (game sto W)))", f"(tri {1 << 32}): {OVER}", 1),
    "tri whose product passes 64 bits": ("(set (game sto X) (tri (- (game sto W) 1)))", None, (2**32 - 1) * 2**31),
    "sumof": ("(set (game sto X) (sumof (range 1..3) 'I (game sto B)))", f"(sumof ...): {OVER}", 1),
    "sumof whose partial sum passes 64 bits": (
        "(set (game sto X) (sumof (range 1..3) 'I (* (game sto B) (- 1 (* 2 (// 'I 3))))))", None, B
    ),
    "range beyond 32 bits": (
        "(set (game sto X) (sumof (range (game sto W)..(+ (game sto W) 1)) 'I 'I))",
        f"(range {1 << 32}..{(1 << 32) + 1}): an integer beyond 32 bits", 1,
    ),
    "range at 32 bits": (
        "(set (game sto X) (sumof (range (- (// (game sto W) 2) 2)..(- (// (game sto W) 2) 1)) 'I 'I))",
        None, 2**32 - 3,
    ),
    "range too long": ("(set (game sto X) (size (range 1..1000001)))", "(range 1..1000001): more than 1,000,000 integers", 1),
    "points of a card": (
        "(set (game points P) (((R : A) (game sto B)) ((R : A) (game sto B)))) (set (game sto X) (sum (game vloc STOCK) using (game points P)))",
        f"(points of a card): {OVER}", 1,
    ),
    "sum of points": (
        "(set (game points P) (((R : A) (game sto B)) ((R : B) (game sto B)))) (set (game sto X) (sum (game vloc STOCK) using (game points P)))",
        f"(sum ... using ...): {OVER}", 1,
    ),
    "points within 64 bits": (
        "(set (game points P) (((R : A) (game sto B)) ((R : B) (- 0 (game sto B))))) (set (game sto X) (sum (game vloc STOCK) using (game points P)))",
        None, 0,
    ),
    "empty range": ("(set (game sto X) (size (range (game sto W)..0)))", None, 0),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=str)
def test_integers_mean_the_same_on_both_back_ends(case: str):
    action, error, x = CASES[case]
    ast = parse_text(game(action))
    assert mismatches(ast, games=4) == []
    # game 0 of seed 1 reaches the action (both seats act at least once there)
    rec = play_one(compile_game(ast), [RandomPlayer()] * 2, 0, 1)
    assert rec.error == error
    if x is not None:
        assert rec.scores == [x, x]


def test_the_simplifier_keeps_an_overflow_for_play():
    # a fold beyond 64 bits is left to play, and x - x is not 0 where x may overflow
    assert _int(A.ArithOp.MUL, 3037000500, 3037000500) is None
    assert _int(A.ArithOp.MUL, 65536, 65536) == 1 << 32
    assert _int(A.ArithOp.POW, 2, 63) is None and _int(A.ArithOp.POW, 2, 62) == B
    same = "(set (game sto X) (- (* (game sto B) 2) (* (game sto B) 2)))"
    assert "(* (game sto B) 2)" in simplified_text(game(same))
    plain = "(set (game sto X) (- (game sto B) (game sto B)))"
    assert "(game sto B) (game sto B)" not in simplified_text(game(plain))


def test_a_literal_beyond_64_bits_is_an_error_at_its_place():
    text = game(f"(set (game sto X) {1 << 63})")
    with pytest.raises(
        RecycleError, match=r"<string>:7:\d+: the integer 9223372036854775808 is beyond 64 bits"
    ):
        parse_text(text)
    parse_text(game(f"(set (game sto X) {(1 << 63) - 1})"))
