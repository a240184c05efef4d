"""An action declared by its opcode is written once: its Python body and the plan of its
operands, from which both the closure and the lowering come (`evogame.lang.operands`)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import ClassVar

import pytest

from evogame.engine.actions import ActionCompiler
from evogame.engine.bodies import BODIES
from evogame.lang import ast as A
from evogame.lang.operands import PlanError, plan
from evogame.native import opcodes
from evogame.native.lower import Lowerer

#: How many operands each way of taking a field makes (a place: location, end, index; a
#: loop: the collection, the action).
WIDTH = {"place": 3, "loop": 2}

DERIVED = [c for c in A.node_classes() if c.OPCODE in BODIES]


def test_the_derived_actions():
    """Card actions, control and ``let`` come from their declarations (a regression names
    the class that went back to a hand-written closure or emitter)."""
    names = {c.__name__ for c in DERIVED}
    assert {"Move", "Remember", "Forget", "Shuffle", "ShuffleFaro", "Cycle", "TurnPass"} <= names
    assert {"Repeat", "RepeatAll", "Guarded", "Ensure", "Do", "Let"} <= names
    assert set(BODIES) <= set(opcodes.TABLE)


@pytest.mark.parametrize("cls", DERIVED, ids=lambda c: c.__name__)
def test_written_once(cls: type[A.Node]):
    """No hand-written closure or emitter shadows the derived ones, and the body takes
    the operands the plan makes, as many as the opcode has."""
    assert not hasattr(ActionCompiler, f"r_{cls.__name__}")
    assert not hasattr(Lowerer, f"r_{cls.__name__}")
    width = sum(WIDTH.get(how, 1) for _, how, _ in plan(cls))
    assert len(inspect.signature(BODIES[cls.OPCODE]).parameters) == width
    assert len(opcodes.TABLE[cls.OPCODE].operands) == width


def test_an_undeclared_field_is_refused():
    """A field the plan cannot take (an enum with no keyword declared) is named, not
    skipped: a new construct cannot lower with an operand missing."""

    @dataclass(frozen=True)
    class Flip:  # a construct's declarations, kept out of the AST's class list
        mode: A.CycleMode
        CHILDREN: ClassVar[dict] = {}
        OPERANDS: ClassVar[dict] = {}
        BINDS: ClassVar[None] = None

    with pytest.raises(PlanError, match=r"Flip\.mode"):
        plan(Flip)
