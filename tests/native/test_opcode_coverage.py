"""Every VM opcode is exercised by a differential test, or is on a justified allow-list.

Opcode coverage here is static: an opcode counts as exercised when it is in the lowered
image (`Image.ops`) of a program that a differential test plays on both back ends and
compares record for record: the seeds (`test_differential.test_seeds_play_the_same`),
the construct programs (`test_constructs`), the integer programs (`test_integers`) and the
coverage image `test_constructs` compares. Opcodes whose first operand picks an operation
(`lower.VARIANTS`: ``ARITH ^``, ``SETOP intersect``, ...) count per operation. The
CARDSTOCK corpus and the generated mutants are compared too, but are not needed here:
this list must be met by the programs in the repository alone.
"""

from __future__ import annotations

import functools

from evogame.lang import parse_file, parse_text
from evogame.native.lower import OPS, Unsupported, coverage_units, lower
from tests.conftest import SEEDS
from tests.native import test_constructs, test_integers

#: Opcodes no differential program reaches, each with why; empty means full coverage.
ALLOWED: dict[str, str] = {}


@functools.cache
def exercised() -> frozenset[str]:
    """The coverage units in the images of the differential tests' programs."""
    asts = [parse_file(p) for p in sorted(SEEDS.glob("*.rcy"))]
    asts += [parse_text(t) for t in test_constructs.PROGRAMS.values()]
    asts.append(parse_text(test_constructs.OLOC))
    asts += [parse_text(test_integers.game(c[0])) for c in test_integers.CASES.values()]
    ops: set[str] = set()
    for ast in asts:
        try:
            ops |= lower(ast).ops
        except Unsupported:
            continue  # played by the Python engine alone: nothing of the VM's is compared
    ops |= lower(parse_text(test_constructs.PROGRAMS["ensure"]), coverage=True).ops
    return frozenset(ops)


def test_every_opcode_is_exercised_by_a_differential_test():
    missing = [u for u in coverage_units() if u not in exercised()]
    assert missing == sorted(ALLOWED, key=coverage_units().index)


def test_the_units_are_the_opcodes_and_their_operations():
    units = coverage_units()
    assert len(set(units)) == len(units)
    assert set(OPS) <= set(units)
    assert {"ARITH ^", "SETOP intersect", "SETOPALL disjunction", "AGGINT minof"} <= set(units)
    assert all(u.split()[0] in OPS for u in units)
