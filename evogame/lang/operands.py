"""How a construct's fields become the operands of its opcode: declared once, read by both
back ends.

A construct that declares an ``OPCODE`` is done by that opcode over its fields. `plan`
says how each field is taken and which of the opcode's operands, by name, it gives
(`names`); the Python engine derives the construct's closure from it
(`evogame.engine.actions.ActionCompiler.derived`, calling the opcode's Python body in
`evogame.engine.bodies` with the operands by name) and the lowering its emitter
(`evogame.native.lower.Lowerer.function`, laying the operands out as the opcode's entry in
`evogame.native.opcodes` orders them), so neither is written by hand. Fields are read in
field order (their children lowered in that order), but that the fields `Node.MADE`
lists are read last, in its order; the operands need not be. A field is
taken:

* ``"value"``: as the value its parent wants (`Node.CHILDREN`: a storage read, a
  location's cards);
* ``"run"``: as an action to do (a child whose declared type is an action);
* ``"runs"``: a tuple of actions (a count, then each);
* ``"values"``: a tuple of values, each as its parent wants it (a count, then each);
* ``"place"``: a card position, three operands: the location, its end (the index of its
  ``PICKS`` in `POSITIONS`), and the index of ``(N LOC)`` (none for top and bottom);
* ``"loc"``: the location itself, never a view of cards (`Node.OPERANDS`);
* ``"loop"``: an action repeated once per card of the collection its card is picked from
  (`picked_from`), two operands: that collection's cards, then the action;
* ``"bound"``: the value a binder binds (a storage read once, cards a snapshot);
* ``"elems"``: the collection a binder binds each member of in turn, two operands: its
  members, and ``is_ll`` (1 when they are lists of cards);
* ``"var"``: the variable it binds, a new slot in scope for the fields after it;
* ``"flag"`` with a keyword: an enum field, 1 when it holds that keyword, else 0;
* ``"code"``: an enum field naming one of several operations (``==``, ``+``, ``union``):
  its keyword, which the opcode's entry numbers (`evogame.native.opcodes.CODES`);
* ``"opcode"``: an enum field that chooses the opcode itself (`Node.OPCODE_BY`: ``and``
  or ``or``), no operand;
* ``"attribute"``: a card attribute, a name literal as the engine's index of that
  attribute (``attribute(name)``: an immediate), any other string as its value (a node);
  `Node.OPCODE_BY` says which opcode takes which;
* ``"names"``: a tuple of name literals, each as its string id (immediates, a count
  then each);
* ``"name"``: a name (a string field), as its string id (an immediate);
* ``"range"``: the bounds of a range ``A..B``, two operands ``lo`` and ``hi``, each an
  integer; with no B (the field after it, taken ``"with"``) the range is 0..A: a made 0,
  then A (A made first, as it is written first);
* ``"members"``: a collection's members (a location's cards, a team's players);
* ``"picked"``: the collection a member is picked from (`Node.PICKS`), four operands:
  the end (the index of its ``PICKS`` in `POSITIONS`), its ``shape`` (0 cards, 1 lists
  of cards, 2 locations), the collection so, and the ``index`` field of ``(N X)``, made
  first (none for top and bottom);
* ``"counted"``: a binder's collection whose members the work counts, three operands:
  its members, ``is_ll``, and ``counted`` (1 unless they are players or teams);
* ``"deck"``: a deck of cards, registered with the engine (its cards, and its back: the
  construct's ``name`` field, DEFAULT when none): its index;
* ``"awards"``: a point map's awards (per award, its (key, value) conditions and points);
* ``"with"``: no operand of its own (another field's operand reads it: a deck's name).

``"value"``, ``"run"``, ``"runs"``, ``"values"``, ``"bound"``, ``"elems"`` and
``"var"`` follow from `Node.CHILDREN` and `Node.BINDS`, ``"opcode"`` from
`Node.OPCODE_BY`; the others are declared in `Node.OPERANDS`.

`taken` reads a node's fields by its plan and checks, once for both engines, what the types
allow but no opcode takes (a card put at a view of cards, a shuffle of one): both refuse it
with one `CompileError` text. `Operands.operands` makes the operands from it, once for both
engines, each child in the engine's own form (a closure, a node's offset).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from evogame.lang import ast as A
from evogame.lang.errors import CompileError
from evogame.lang.types import Ty, is_subtype

#: Declared types of a child that is an action the construct does (or sequences).
ACTIONS = frozenset({Ty.ACTION, Ty.MULTI, Ty.MULTI2, Ty.CONDACT})


#: The ways of taking a field that `Node.OPERANDS` declares by name (any other value there
#: is a keyword: the field is a ``"flag"``).
DECLARED = frozenset(
    [
        "place",
        "loc",
        "loop",
        "deck",
        "awards",
        "with",
        "code",
        "members",
        "counted",
        "picked",
        "names",
        "attribute",
        "name",
        "range",
    ]
)


class PlanError(TypeError):
    """A construct whose fields cannot be taken as operands (a declaration is missing)."""


@functools.cache
def plan(cls: type[A.Node]) -> tuple[tuple[str, str, str], ...]:
    """(field, how it is taken, the keyword of a ``"flag"`` or "") per field, in order."""
    out: list[tuple[str, str, str]] = []
    bound_from = cls.BINDS[0] if cls.BINDS and cls.BINDS[1] == "value" else None
    elems_from = cls.BINDS[0] if cls.BINDS and cls.BINDS[1] == "elem" else None
    made = cls.MADE
    for f in sorted(fields(cls), key=lambda f: made.index(f.name) if f.name in made else -1):
        if f.name == "span":
            continue
        declared = cls.OPERANDS.get(f.name)
        want = cls.CHILDREN.get(f.name)
        wants = set(want) if isinstance(want, (tuple, dict)) else {want}  # dict: ELEMENT
        if declared in DECLARED:
            out.append((f.name, declared, ""))
        elif declared is not None:  # a keyword: the field is an enum
            out.append((f.name, "flag", declared))
        elif f.name in cls.OPCODE_BY and want is None:  # an enum choosing the opcode
            out.append((f.name, "opcode", ""))
        elif f.name == "var" and cls.BINDS is not None:
            if cls.BINDS[0] not in [name for name, _, _ in out]:  # bound from outside its scope
                raise PlanError(f"{cls.__name__}: its var comes before {cls.BINDS[0]}")
            out.append((f.name, "var", ""))
        elif f.name == bound_from:
            out.append((f.name, "bound", ""))
        elif f.name == elems_from:
            out.append((f.name, "elems", ""))
        elif wants & ACTIONS:
            out.append((f.name, "runs" if "tuple" in str(f.type) else "run", ""))
        elif want is not None:
            out.append((f.name, "values" if "tuple" in str(f.type) else "value", ""))
        else:
            raise PlanError(f"{cls.__name__}.{f.name}: how its opcode takes it is not declared")
    return tuple(out)


#: What no engine plays, though the types allow it (`taken`).
NOT_A_PLACE = "a card can only be put at (top LOC), (bottom LOC) or (N LOC) of a location"
NOT_A_LOOP = "(repeat all ...) needs a move or forget from (top|bottom|N COLLECTION)"
#: A stage's ``let`` around a choice binds one variable while the choice waits (a position
#: holds it: the VM's frame, the Python engine's key variables); both engines refuse more.
LET_OF_LET = "a (let ...) around a choice must hold the choice itself, not another (let ...)"


def not_taken(n: A.Node, keyword: A.Kw) -> str:
    """What both engines say of a keyword its construct does not take (`A.Node.KEYWORDS`:
    an order comparison of cards, players, teams or strings), which `check` names first."""
    return f"({keyword} ...) of a {type(n).__name__} takes no '{keyword}'"


def choice_of_let(n: A.Node) -> A.Node:
    """The choice a stage's ``let`` holds (`LET_OF_LET` when it holds another ``let``)."""
    if not isinstance(n.body, A.Choice):
        raise CompileError(LET_OF_LET)
    return n.body


def names(field: str, how: str, keyword: str) -> tuple[str, ...]:
    """The names of the operands a field taken by `how` gives, as the opcode's entry
    (`evogame.native.opcodes`) names them: the field's own name, but a flag's keyword, a
    place's location, end and index, a loop's collection and action, a binder's members
    and whether they are lists."""
    if how == "place":
        return ("loc", "end", "index")
    if how == "loop":
        return ("coll", field)
    if how == "elems":
        return (field, "is_ll")
    if how == "counted":
        return (field, "is_ll", "counted")
    if how == "picked":
        return ("end", "shape", field, "index")
    if how == "range":
        return ("lo", "hi")
    if how in ("with", "opcode"):
        return ()
    return (keyword or field,)


def operand_names(cls: type[A.Node]) -> tuple[str, ...]:
    """Every operand name `cls`'s fields give, in field order (`names`)."""
    return tuple(x for row in plan(cls) for x in names(*row))


@functools.cache
def _named_plan(cls: type[A.Node]) -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """`plan` with each field's operand names (`names`), once per class."""
    return tuple((*row, names(*row)) for row in plan(cls))


def taken(n: A.Node) -> Iterator[tuple[tuple[str, ...], str, Any]]:
    """(operand names, how, what) for each field of `n` that gives operands, in field
    order: what each engine makes its operands of, one per name. What is: ``"value"``,
    (the child, the type its parent wants), ``"values"`` (the tuple of children, that
    type); ``"place"``, (the location node, its end, the index node or None); ``"loop"``,
    (the collection node, the action); ``"picked"``, (the end, the shape, the collection
    node, the index node or None); ``"flag"``, 0 or 1; ``"code"``, the enum's keyword;
    ``"deck"``, (its back's name, the `A.Deck`); ``"awards"``, per award ((key node,
    value node) per condition, points node); otherwise the field itself (a node, a tuple
    of actions, a variable). Raises `CompileError` where the types allow what no opcode
    takes (or a keyword it does not: `A.Node.KEYWORDS`), with the text both engines give."""
    for name, how, keyword, out in _named_plan(type(n)):
        c = getattr(n, name)
        if how in ("value", "values"):
            yield out, how, (c, n.CHILDREN[name])
        elif how == "place":
            if c.PICKS not in A.POSITIONS or c.coll.result() is not Ty.LOC:
                raise CompileError(NOT_A_PLACE)
            where = (c.coll, A.POSITIONS.index(c.PICKS), c.index if c.PICKS == "nth" else None)
            yield out, how, where
        elif how == "loc":
            if c.result() is not Ty.LOC:
                raise CompileError(f"({n.SYNTAX[0]} ...) needs a location, not a view of cards")
            yield out, how, c
        elif how == "loop":
            coll = picked_from(c)
            if coll is None:
                raise CompileError(NOT_A_LOOP)
            yield out, how, (coll, c)
        elif how == "flag":
            yield out, how, int(c.value == keyword)  # 1 when the enum field holds the keyword
        elif how == "picked":  # (end, shape, the collection node, the index node or None)
            ty = c.result()
            shape = 2 if ty is Ty.LOCS else 1 if is_subtype(ty, Ty.CARDSETS) else 0
            index = n.index if n.PICKS == "nth" else None
            yield out, how, (A.POSITIONS.index(n.PICKS), shape, c, index)
        elif how == "range":
            yield out, how, (c, n.hi)
        elif how == "code":
            allowed = n.KEYWORDS.get(name)
            if allowed is not None and c not in allowed:
                raise CompileError(not_taken(n, c))
            yield out, how, c.value  # the opcode's entry numbers it (`opcodes.CODES`)
        elif how == "deck":
            back = n.name.value if isinstance(n.name, A.NameLit) else "DEFAULT"
            yield out, how, (back, c)
        elif how == "awards":
            yield out, how, [([(s.key, s.value) for s in aw.conds], aw.value) for aw in c]
        elif how not in ("with", "opcode"):
            yield out, how, c


def picked_from(action: A.Node) -> A.Node | None:
    """The collection the card a ``move`` or ``forget`` acts on is picked from (its
    ``top``, ``bottom`` or ``N``, through ``actual``), or None: what ``(repeat all ...)``
    repeats over."""
    card = action.src if isinstance(action, A.Move) else getattr(action, "card", None)
    while isinstance(card, A.Actual):
        card = card.card
    return card.coll if card is not None and card.PICKS is not None else None


class Operands:
    """Makes a derived construct's operands, by name, for an engine that mixes it in (the
    Python engine's `ActionCompiler`, the lowering's `Lowerer`). The engine gives each child
    in its own form through its methods ``value(node, want)``, ``run``, ``expr``,
    ``int_value``, ``str_value``, ``cards``, ``cardsets``, ``coll``, ``s`` (a name's string
    id), ``attribute`` (a card attribute's index), ``let_value``, ``new_var(var)`` and
    ``pop_var``, and keeps the decks it registers in `decks`. Listing a choice item's
    options (`A.Node.EXPAND`), it gives an action field through ``expand`` and keeps
    the slots of the variables bound around the item in `item_binders` (what an option
    keeps of its bindings in the VM); walking one (the Python engine's
    `evogame.engine.options.WALKS`), through ``walked``."""

    decks: list[tuple[list[dict[str, str]], str]]
    item_binders: list[int]

    def operands(self, n: A.Node, act: str = "run") -> dict[str, Any]:
        """`n`'s operands by name (`names`); an absent optional one is None. Its children
        are made in field order; the variables it binds are in scope for the fields after
        them, and only there. An action field is made by the engine's method `act`:
        ``"run"``, done; ``"expand"``, its options listed (the variables are then an item's
        binders); ``"walked"``, walked on trial copies."""
        args: dict[str, Any] = {}
        scoped = 0
        expand = act == "expand"
        action = getattr(self, act)
        for out, how, c in taken(n):
            if how == "value":
                got = [self.value(*c)]
            elif how == "run":
                got = [action(c)]
            elif how == "loc":
                got = [self.expr(c)]
            elif how == "runs":
                got = [[action(x) for x in c]]
            elif how == "values":
                got = [[self.value(x, c[1]) for x in c[0]]]
            elif how == "attribute":
                literal = isinstance(c, A.NameLit)
                got = [self.attribute(c.value) if literal else self.str_value(c)]
            elif how == "names":
                got = [[self.s(x.value) for x in c]]
            elif how == "name":
                got = [self.s(c)]
            elif how == "range":  # A..B, or 0..A: A is made first either way
                lo = self.int_value(c[0])
                got = (
                    [lo, self.int_value(c[1])] if c[1] is not None else [self.expr(A.IntLit(0)), lo]
                )
            elif how == "members":
                got = [self.coll(c)]
            elif how == "picked":  # the index first (`N` reads before its collection)
                end, shape, coll, index = c
                idx = None if index is None else self.int_value(index)
                made = (self.cards, self.cardsets, self.expr)[shape](coll)
                got = [end, shape, made, idx]
            elif how == "counted":
                counted = c.result() not in (Ty.PLAYERS, Ty.TEAMS)  # what the work counts
                got = [self.coll(c), int(c.result() is Ty.CARDSETS), int(counted)]
            elif how == "place":  # the location, its end, the index (or None)
                got = [self.expr(c[0]), c[1], None if c[2] is None else self.int_value(c[2])]
            elif how == "loop":
                got = [self.cards(c[0]), self.run(c[1])]
            elif how == "elems":
                got = [self.coll(c), int(c.result() is Ty.CARDSETS)]
            elif how == "bound":
                got = [self.let_value(c)]
            elif how == "var":
                got = [self.new_var(c)]
                scoped += 1
                if expand:
                    self.item_binders.append(got[0])
            elif how == "deck":
                self.decks.append((deck_cards(c[1]), c[0]))
                got = [len(self.decks) - 1]
            elif how == "awards":
                awards = []  # each award's conditions, then its points
                for cs, p in c:
                    ks = [(self.str_value(k), self.str_value(v)) for k, v in cs]
                    awards.append((ks, self.int_value(p)))
                got = [awards]
            else:
                got = [c]
            args.update(zip(out, got, strict=True))
        for _ in range(scoped):
            self.pop_var()
            if expand:
                self.item_binders.pop()
        return args


def deck_cards(deck: A.Deck) -> list[dict[str, str]]:
    """The cards of a deck: the cartesian product along its attribute tree."""

    def key_combos(attr: A.AttrKey) -> list[dict[str, str]]:
        key = attr.key.value
        out: list[dict[str, str]] = []
        for value_node in attr.values:
            sub = [{}]
            for k in value_node.subkeys:
                sub = [{**a, **b} for a in sub for b in key_combos(k)]
            for v in value_node.names:
                out.extend({key: v.value, **s} for s in sub)
        return out

    combos: list[dict[str, str]] = [{}]
    for attr in deck.attributes:
        combos = [{**a, **b} for a in combos for b in key_combos(attr)]
    return combos
