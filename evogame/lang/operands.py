"""How a construct's fields become the operands of its opcode: declared once, read by both
back ends.

A construct that declares an ``OPCODE`` is done by that opcode over its fields, in field
order. `plan` says how each field is taken; the Python engine derives the construct's
closure from it (`evogame.engine.actions.ActionCompiler.derived`, with the opcode's
Python body in `evogame.engine.bodies`) and the lowering its emitter
(`evogame.native.lower.Lowerer.function`), so neither is written by hand. A field is taken:

* ``"value"``: as the value its parent wants (`Node.CHILDREN`: a storage read, a
  location's cards);
* ``"run"``: as an action to do (a child whose declared type is an action);
* ``"runs"``: a tuple of actions (a count, then each);
* ``"place"``: a card position, three operands: the location, its end (the index of its
  ``PICKS`` in `POSITIONS`), and the index of ``(N LOC)`` (none for top and bottom);
* ``"loc"``: the location itself, never a view of cards (`Node.OPERANDS`);
* ``"loop"``: an action repeated once per card of the collection its card is picked from
  (`picked_from`), two operands: that collection's cards, then the action;
* ``"bound"``: the value a binder binds (a storage read once, cards a snapshot);
* ``"var"``: the variable it binds, a new slot in scope for the fields after it;
* ``"flag"`` with a keyword: an enum field, 1 when it holds that keyword, else 0.

The first three and ``"bound"``/``"var"`` follow from `Node.CHILDREN` and `Node.BINDS`;
the others are declared in `Node.OPERANDS`.

`taken` reads a node's fields by its plan and checks, once for both engines, what the types
allow but no opcode takes (a card put at a view of cards, a shuffle of one): both refuse it
with one `CompileError` text.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from evogame.lang import ast as A
from evogame.lang.errors import CompileError
from evogame.lang.types import Ty

#: Declared types of a child that is an action the construct does (or sequences).
ACTIONS = frozenset({Ty.ACTION, Ty.MULTI, Ty.MULTI2, Ty.CONDACT})


class PlanError(TypeError):
    """A construct whose fields cannot be taken as operands (a declaration is missing)."""


@functools.cache
def plan(cls: type[A.Node]) -> tuple[tuple[str, str, str], ...]:
    """(field, how it is taken, the keyword of a ``"flag"`` or "") per field, in order."""
    out: list[tuple[str, str, str]] = []
    bound_from = cls.BINDS[0] if cls.BINDS and cls.BINDS[1] == "value" else None
    for f in fields(cls):
        if f.name == "span":
            continue
        declared = cls.OPERANDS.get(f.name)
        want = cls.CHILDREN.get(f.name)
        wants = set(want) if isinstance(want, tuple) else {want}
        if declared in ("place", "loc", "loop"):
            out.append((f.name, declared, ""))
        elif declared is not None:  # a keyword: the field is an enum
            out.append((f.name, "flag", declared))
        elif f.name == "var" and cls.BINDS is not None:
            if cls.BINDS[0] not in [name for name, _, _ in out]:  # bound from outside its scope
                raise PlanError(f"{cls.__name__}: its var comes before {cls.BINDS[0]}")
            out.append((f.name, "var", ""))
        elif f.name == bound_from:
            out.append((f.name, "bound", ""))
        elif wants & ACTIONS:
            out.append((f.name, "runs" if "tuple" in str(f.type) else "run", ""))
        elif want is not None and "tuple" not in str(f.type):
            out.append((f.name, "value", ""))
        else:
            raise PlanError(f"{cls.__name__}.{f.name}: how its opcode takes it is not declared")
    return tuple(out)


#: What no engine plays, though the types allow it (`taken`).
NOT_A_PLACE = "a card can only be put at (top LOC), (bottom LOC) or (N LOC) of a location"
NOT_A_LOOP = "(repeat all ...) needs a move or forget from (top|bottom|N COLLECTION)"


def taken(n: A.Node) -> Iterator[tuple[str, Any]]:
    """(how, what) for each field of `n`, in its plan's order: what each engine makes
    its operands of. ``"value"``: (the child, the type its parent wants); ``"place"``:
    (the location node, its end, the index node or None); ``"loop"``: (the collection
    node, the action); ``"flag"``: 0 or 1; otherwise the field itself (a node, a tuple of
    actions, a variable). Raises `CompileError` where the types allow what no opcode
    takes, with the text both engines give."""
    for name, how, keyword in plan(type(n)):
        c = getattr(n, name)
        if how == "value":
            yield how, (c, n.CHILDREN[name])
        elif how == "place":
            if c.PICKS not in A.POSITIONS or c.coll.result() is not Ty.LOC:
                raise CompileError(NOT_A_PLACE)
            yield how, (c.coll, A.POSITIONS.index(c.PICKS), c.index if c.PICKS == "nth" else None)
        elif how == "loc":
            if c.result() is not Ty.LOC:
                raise CompileError(f"({n.SYNTAX[0]} ...) needs a location, not a view of cards")
            yield how, c
        elif how == "loop":
            coll = picked_from(c)
            if coll is None:
                raise CompileError(NOT_A_LOOP)
            yield how, (coll, c)
        elif how == "flag":
            yield how, int(c.value == keyword)  # 1 when the enum field holds the keyword
        else:
            yield how, c


def picked_from(action: A.Node) -> A.Node | None:
    """The collection the card a ``move`` or ``forget`` acts on is picked from (its
    ``top``, ``bottom`` or ``N``, through ``actual``), or None: what ``(repeat all ...)``
    repeats over."""
    card = action.src if isinstance(action, A.Move) else getattr(action, "card", None)
    while isinstance(card, A.Actual):
        card = card.card
    return card.coll if card is not None and card.PICKS is not None else None
