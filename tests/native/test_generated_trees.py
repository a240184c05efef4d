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

Known gap, found by this test (round 49) and not yet closed: some trees the checker lets
through end a game with an *internal error* (an engine's own exception, caught and
recorded: `State._advance`) in one engine or both, with different texts or none in the
other, so their records differ. Seen: a ``let`` over a storage binds its value, but a use
of the variable is typed as the storage and read again (Python: ``TypeError``; the VM
reads the storage the value names); a ``filter`` over a team is typed a team, not its
players (Python: ``TypeError``; the VM: ``IndexError``). Those games are counted, not
compared (`INTERNAL`); any other difference fails. A ``let`` of a ``let`` around a choice
raised a raw ``AttributeError`` in the lowering; the VM now refuses it (`Unsupported`: the
Python engine plays such a game).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from evogame.lang import RecycleError, parse_text, to_text
from evogame.lang.errors import CompileError
from evogame.native import NativeGame, Unsupported
from evogame.native.differential import mismatches
from evogame.simulate import Limits
from tests.lang.test_property import games

pytestmark = pytest.mark.usefixtures("native_vm")

#: Trees drawn; each one that both engines take is played twice by each.
EXAMPLES = 150
LIMITS = Limits(max_decisions=300, max_steps=20_000)
#: Trees with a game ended by an internal error in an engine (the known gap above).
INTERNAL = "an internal error: a rule the checker let through"


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
        bad = mismatches(ast, games=2, limits=LIMITS, native=ng)
        if bad and any("internal error" in line for line in bad):
            seen[INTERNAL] += 1
        elif bad:
            failures.append((text, bad[:3]))
        else:
            seen["compared"] += 1

    play()
    assert not failures, failures[:2]
    # Measured (round 49): 58 of the 150 compared, 1 internal error, 74 refused by the
    # parser or the checker, 17 by both engines; with other seeds 25-38 % compared and
    # 0.7-1.3 % internal errors (the seed is this test's source: an edit draws others).
    # Floors with room for that, so the test fails if the generator, the parser or the
    # lowering stop letting trees through, or if the known gap grows.
    assert seen["compared"] >= 0.2 * EXAMPLES, seen
    assert seen[INTERNAL] <= 0.04 * EXAMPLES, seen
