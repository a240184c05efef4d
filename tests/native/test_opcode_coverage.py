"""Every VM opcode is executed by a differential test, or is on a justified allow-list.

Opcode coverage here is dynamic: the programs the differential tests compare (the seeds of
`test_differential.test_seeds_play_the_same`, the construct programs of `test_constructs`,
its coverage image, and the integer programs of `test_integers`) are played again, record
for record against the Python engine, on the VM built with executed-node marks
(`evogame.native.differential.executed`), and an opcode counts when the VM dispatched a
node of it while playing them -- not merely when it is in an image. Opcodes whose first
operand picks an operation (`lower.VARIANTS`: ``ARITH ^``, ``SETOP intersect``, ...) count
per operation. The CARDSTOCK corpus and the generated mutants are compared too, but are not
needed here: this list must be met by the programs in the repository alone.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from evogame.lang import parse_file, parse_text
from evogame.native import build
from evogame.native.differential import executed, units
from evogame.native.lower import OP, OPS, Unsupported, coverage_units
from tests.conftest import SEEDS
from tests.native import test_constructs, test_integers

pytestmark = pytest.mark.usefixtures("native_vm")

#: Opcodes no differential program executes, each with why; empty means full coverage.
ALLOWED: dict[str, str] = {}
#: Games each program is played for here (the differential tests play more, from more seeds).
GAMES = 2


@functools.cache
def measured() -> tuple[frozenset[str], tuple[str, ...]]:
    """The coverage units the VM executed over the differential programs, and every
    record difference met on the way (none expected)."""
    programs = [(parse_file(p), False) for p in sorted(SEEDS.glob("*.rcy"))]
    programs += [(parse_text(t), False) for t in test_constructs.PROGRAMS.values()]
    programs.append((parse_text(test_constructs.OLOC), False))
    programs += [
        (parse_text(test_integers.game(c[0])), False) for c in test_integers.CASES.values()
    ]
    programs.append((parse_text(test_constructs.PROGRAMS["ensure"]), True))  # COV
    ran: set[str] = set()
    bad: list[str] = []
    for ast, coverage in programs:
        try:
            diff, got = executed(ast, GAMES, coverage=coverage)
        except Unsupported:
            continue  # played by the Python engine alone: nothing of the VM's is compared
        bad += diff
        ran |= got
    return frozenset(ran), tuple(bad)


def test_every_opcode_is_executed_by_a_differential_test():
    ran, bad = measured()
    assert bad == ()  # the marked VM plays as the VM does
    missing = [u for u in coverage_units() if u not in ran]
    assert missing == sorted(ALLOWED, key=coverage_units().index), f"never executed: {missing}"


def test_marks_are_the_nodes_dispatched():
    """A program's marks name what it ran, not what its image holds: a guard that is
    never true keeps its action's opcode unexecuted; reading back the marks through the
    opcode table names each marked node's opcode and operation."""
    never = test_constructs.game(
        "((> (size (game vloc PILE)) 99) (shuffle faro (game vloc PILE) (game vloc STOCK)))"
    )
    diff, got = executed(parse_text(never), GAMES)
    assert diff == [] and "FARO" not in got and {"CHOICE", "PASS", "CMP >"} <= got
    code = [0, OP["INT"], 7, OP["INT"], 9, OP["ARITH"], 0, 1, 3]  # (+ 7 9) at offset 5
    hits = np.zeros(len(code), np.uint8)
    assert units(code, 2, hits) == frozenset()
    hits[5] = 1
    assert units(code, 2, hits) == {"ARITH", "ARITH +"}


def test_a_marked_compiled_tier_marks_what_the_vm_marks():
    """The compiled tier calls a node's own function directly at a constant offset, by
    the marks of `evi` and `run`; each such function marks its node, so the tier built
    with marks (`executed(..., tier=...)`) names the units the VM names on the same games,
    here a choice listed by its items' own functions (without those marks, 24 of 28)."""
    ast = parse_text(test_constructs.PROGRAMS["fib"])
    diff_vm, vm = executed(ast, GAMES)
    diff_tier, tier = executed(ast, GAMES, tier=20)
    assert diff_vm == diff_tier == []
    assert tier == vm and {"CHOICE", "XANY", "XLEAF", "FIB"} <= tier


def test_the_marked_vm_is_a_build_of_its_own():
    """The marks are compiled in only where asked: the default VM has no entry for them."""
    assert build.ophits_library() is not None
    assert not hasattr(build.load(), "vm_ophits")


def test_the_units_are_the_opcodes_and_their_operations():
    units_ = coverage_units()
    assert len(set(units_)) == len(units_)
    assert set(OPS) <= set(units_)
    assert {"ARITH ^", "SETOP intersect", "SETOPALL disjunction", "AGGINT minof"} <= set(units_)
    assert all(u.split()[0] in OPS for u in units_)
