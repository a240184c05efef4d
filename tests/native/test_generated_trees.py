"""The declaration-driven random trees (`tests/lang/test_property.py`: every construct the
AST declares, in well-typed random games) played by the VM and the Python engine, record
for record (`evogame.native.differential.mismatches`): issue 37 asks the generator to feed
the differential. The corpus, the seeds and the evolution's mutants
(`test_differential.py`) reach only the constructs games already use, in the shapes they
use them; the generator reaches the others, nested as the types allow.

A drawn tree is printed and parsed back, as a rule file would be; the trees the checker or
the parser refuse (a rule the types cannot say: two literals side by side) and those both
engines refuse with one `CompileError` (a card put at a view of cards) are not played.
Hypothesis draws with a fixed seed (`derandomize`: derived from this test's source), so the
examples, and so the shares, are the same on every run of this code.

No game may end with an *internal error* (an engine's own exception, caught and recorded:
`State._advance`) in either engine, even where both end alike: the checker must refuse
what no engine can play. Found by this test (round 49) and closed in round 50, in the
language's typing: a ``let`` over a storage binds the storage's value, read once, and its
variable is now typed that value (`evogame.lang.types.bound`: it was typed the storage,
so each use read again, the Python engine's ``TypeError``, the VM reading the storage the
value named); a ``filter`` over a team is the collection of its players
(`evogame.lang.types.filtered`: it was typed a team, the Python engine's ``TypeError``,
the VM's ``IndexError``). A ``let`` of a ``let`` around a choice raised a raw
``AttributeError`` in the lowering; both engines now refuse it with one `CompileError`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from evogame.lang import RecycleError, parse_text, to_text
from evogame.lang.errors import CompileError
from evogame.native import NativeGame, Unsupported
from evogame.native.differential import both_records, compare
from evogame.simulate import Limits
from tests.lang.test_property import games

pytestmark = pytest.mark.usefixtures("native_vm")

#: Trees drawn; each one that both engines take is played twice by each.
EXAMPLES = 150
LIMITS = Limits(max_decisions=300, max_steps=20_000)


def test_generated_trees_play_the_same():
    seen: Counter[str] = Counter()
    failures: list[tuple[str, list[str]]] = []

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(games())
    def play(game):
        text = to_text(game)
        try:
            ast = parse_text(text)
        except RecycleError:
            seen["refused by the parser or the checker"] += 1
            return
        try:
            ng = NativeGame.from_ast(ast)
        except CompileError:
            seen["refused by both engines"] += 1
            return
        except Unsupported:  # the VM has no form for it (Python plays such a game)
            seen["refused by the VM"] += 1
            return
        got, want = both_records(ast, games=2, limits=LIMITS, native=ng)
        internal = [r.error for r in got + want if r.error and "internal error" in r.error]
        bad = compare(got, want)
        if internal or bad:
            failures.append((text, internal[:2] + bad[:3]))
        else:
            seen["compared"] += 1

    play()
    assert not failures, failures[:2]
    # Measured (round 50, after the typing fix): 43 of the 150 compared, none ended by
    # an internal error. A floor with room, so the test fails if the generator, the parser
    # or the lowering stop letting trees through (the seed is this test's source: an edit
    # draws other trees).
    assert seen["compared"] >= 0.2 * EXAMPLES, seen


#: Games the generator drew in scratch runs (4,000 trees, round 50) that the two engines
#: played apart, shrunk by hand: each must now play the same on both, free of internal
#: errors. ``(bottom K X)``: the Python engine read X before K (its ``top`` and the VM read
#: K first), so a filter's scan charged in K was lost when X ended the game with an error.
FOUND = {
    "bottom K reads K first": """(game
      (setup (create players 3)
             (create deck (game vloc STOCK) (deck (RANK (ACE, TWO)) (SUIT (HEARTS, SPADES)))))
      (let (bottom (size (filter (range 3..8) 'C (== 1 (game sto Y)))) (top (indexed game iloc A)))
           'P (shuffle (game vloc A)))
      (scoring max (size ((current player) hloc A))))""",
    "a let over storages": """(game
      (setup (create players 2)
             (create deck (game vloc STOCK) (deck (RANK (ACE, TWO)) (SUIT (HEARTS, SPADES)))))
      (do ((set (game sto X) 1) (set (game str K) X)
           (let (game sto X) 'V (let (game str K) 'W (do ((inc (game sto 'W) 'V)
             (inc ((current player) sto S) (+ 'V (game sto X)))))))))
      (scoring max ((current player) sto S)))""",
    "a filter over a team": """(game
      (setup (create players 4) (create teams (0, 2) (1, 3))
             (create deck (game vloc STOCK) (deck (RANK (ACE, TWO)) (SUIT (HEARTS, SPADES)))))
      (stage player (end (>= (game sto N) 4))
        (do ((inc (game sto N) 1)
             (all (filter (current team) 'P (!= 'P (current player))) 'Q (inc ('Q sto S) 1))
             (inc ((current player) sto S) (size (filter (next team) 'P (> ('P sto S) 0)))))))
      (scoring max ((current player) sto S)))""",
}  # fmt: skip


@pytest.mark.parametrize("name", FOUND)
def test_what_the_generator_found_plays_the_same(name: str):
    ast = parse_text(FOUND[name])
    got, want = both_records(ast, games=3)
    assert compare(got, want) == []
    assert not [r.error for r in got + want if r.error and "internal error" in r.error]
