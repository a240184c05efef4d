"""Static checks on a typed AST, whoever built it (the parser, evolution, a test).

`check` re-derives every child's type from the class declarations in `ast.py`, checks
variable scoping, and the semantic rules the types cannot say (at least one player, no
two literals that CARDSTOCK's lexer would glue side by side). It returns the problems
instead of raising, so a caller can report them all; it never raises on a malformed tree.
"""

from __future__ import annotations

import itertools
import re
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import MISSING, dataclass, fields
from functools import cache

from evogame.lang import ast as A
from evogame.lang.arith import INT_MAX
from evogame.lang.sexpr import MAX_DEPTH
from evogame.lang.types import ELEMENT, Ty, bound, is_subtype


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: a message at a 1-based line and column (1:1 for built nodes)."""

    message: str
    line: int = 1
    column: int = 1


def _where(node: object) -> tuple[int, int]:
    span = getattr(node, "span", None)
    return (span.line, span.column) if span else (1, 1)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if f.name != "span")


def _result(node: A.Node) -> Ty | None:
    """`node.result()`, or None when an ill-typed child makes it undefined."""
    try:
        return node.result()
    except (KeyError, AttributeError, TypeError):
        return None


def check(game: A.Game) -> list[Problem]:
    """All problems found in `game`, in source order (empty when it is valid)."""
    out: list[Problem] = []

    def problem(node: object, msg: str) -> None:
        out.append(Problem(msg, *_where(node)))

    # An explicit stack (no recursion): ("visit", node, scope, depth) or ("bind", name, ty,
    # scope). A binder's variable is in scope for the fields after it only; a declare's for
    # the rest of the game. `depth` counts the parentheses the printed text opens around it.
    stack: list[tuple] = [("visit", game, {}, 0)]
    too_deep = False
    while stack:
        op = stack.pop()
        if op[0] == "bind":
            _, name, ty, scope = op
            scope[name] = ty
            continue
        _, node, scope, depth = op
        depth += 0 if node.BARE else 1
        if depth > MAX_DEPTH and not too_deep:
            too_deep = True
            problem(node, f"nested more than {MAX_DEPTH} deep: the printed text could not be read")
        todo: list[tuple] = []
        inner = scope
        several = False  # a field holds several values (which may glue to each other)
        for name, want, typed, fits, hint, group in _plan(type(node)):
            value = getattr(node, name)
            several = several or (isinstance(value, tuple) and len(value) > 1)
            if not fits(value):
                problem(node, f"{type(node).__name__}.{name} holds {value!r}, not {hint}")
                continue
            for v in value if isinstance(value, tuple) else (value,):
                if not isinstance(v, A.Node):
                    continue
                if name == "var" and isinstance(v, A.Var):
                    elem = _bound_type(node)
                    if elem is None:
                        problem(
                            v, f"cannot tell what '{v.name} is bound to: its value is ill-typed"
                        )
                    elif v.ty is not elem:
                        problem(v, f"variable '{v.name} is bound to {elem}, not {v.ty}")
                    if isinstance(node, A.Declare):
                        todo.append(("bind", v.name, v.ty, scope))
                    else:
                        inner = {**inner, v.name: v.ty}
                    continue
                if typed:
                    ty = _result(v)
                    if ty is None:
                        problem(v, f"{type(v).__name__} has an ill-typed part, so it has no type")
                    elif not is_subtype(ty, want):
                        problem(
                            v,
                            f"{type(node).__name__}.{name} expects {_names(want)}, found {ty}",
                        )
                if isinstance(v, A.Var):
                    if v.name not in inner:
                        problem(v, f"unbound variable '{v.name}")
                    elif inner[v.name] is not v.ty:
                        problem(v, f"variable '{v.name} has type {inner[v.name]}, used as {v.ty}")
                todo.append(("visit", v, inner, depth + group))
        if several or _may_glue(type(node)):
            for v in _glued_children(node):
                problem(
                    v,
                    "two literals side by side: CARDSTOCK's lexer would read them as one token",
                )
        stack.extend(reversed(todo))
    _semantic(game, problem)
    return out


@cache
def _plan(cls: type) -> tuple[tuple[str, object, bool, Callable[[object], bool], object, int], ...]:
    """What `check` reads of each field of a node class, worked out once per class: its
    name, its declared child type, whether a child's result type is checked against it, the
    test of its annotation (`_fitter`), the annotation, and the groups around it."""
    groups = _group_depths(cls)
    out = []
    for name in _field_names(cls):
        want = cls.CHILDREN.get(name)
        typed = isinstance(want, (Ty, tuple)) and want is not Ty.PIECE
        hint = _hints(cls)[name]
        out.append((name, want, typed, _fitter(hint), hint, groups.get(name, 0)))
    return tuple(out)


@cache
def _may_glue(cls: type) -> bool:
    """Whether `_glued_children` can find two fields' values side by side in a node of
    `cls`: its ``SYNTAX`` has two fields with no keyword, parenthesis or '..' between them
    (values of one field side by side are the other case, seen in the node)."""
    is_field = [item[0] in "$*," for item in cls.SYNTAX]
    return any(a and b for a, b in itertools.pairwise(is_field))


@cache
def _group_depths(cls: type) -> dict[str, int]:
    """How many parenthesised groups of the SYNTAX template enclose each field."""
    out: dict[str, int] = {}
    level = 0
    for item in cls.SYNTAX:
        if item == "(":
            level += 1
        elif item == ")":
            level -= 1
        elif item[0] in "$*,":
            out[item[1:]] = level
    return out


@cache
def _hints(cls: type) -> dict[str, object]:
    """The resolved annotations of a node class's fields (``Node | None``,
    ``tuple[Award, ...]``), as `typing.get_type_hints` resolves them."""
    return {f.name: _resolved(f.type) for f in fields(cls)}


@cache
def _resolved(annotation: object) -> object:
    """One annotation of `evogame.lang.ast` (a string there) evaluated in that module:
    once per text, where `typing.get_type_hints` evaluates every annotation of every
    class in the MRO anew (about a tenth of a second of start-up for the classes a file
    uses). Our own source text, never a rule file's."""
    return eval(annotation, vars(A)) if isinstance(annotation, str) else annotation


def _fits(value: object, hint: object) -> bool:
    """True when `value` has the shape its field's annotation declares."""
    return _fitter(hint)(value)


@cache
def _fitter(hint: object) -> Callable[[object], bool]:
    """The test `_fits` makes of a value against `hint`, built once per annotation (reading
    an annotation with `typing` at every field of every node was a fifth of `check`)."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        elem = _fitter(typing.get_args(hint)[0])
        return lambda v: isinstance(v, tuple) and all(elem(x) for x in v)
    if isinstance(hint, types.UnionType) or origin is typing.Union:
        parts = typing.get_args(hint)
        plain = tuple(h for h in parts if isinstance(h, type) and h is not int)
        if len(plain) == len(parts):  # classes and None: one isinstance
            return lambda v: isinstance(v, plain)
        tests = tuple(_fitter(h) for h in parts)
        return lambda v: any(t(v) for t in tests)
    if hint is type(None):
        return lambda v: v is None
    if hint is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    if isinstance(hint, type):
        return lambda v: isinstance(v, hint)
    return lambda v: True


def _names(want: Ty | tuple[Ty, ...]) -> str:
    wants = want if isinstance(want, tuple) else (want,)
    return " or ".join(str(w) for w in wants)


def _lexeme(value: object) -> str | None:
    """The token class a child prints as, when it is one bare literal token."""
    if isinstance(value, A.IntLit):
        return "INT"
    if isinstance(value, A.NameLit):
        return "NAME"
    if isinstance(value, A.Var):
        return "VAR"
    return None


# Token pairs CARDSTOCK's lexer reads as one token when only whitespace separates them:
# a name continues a name or a variable, an integer continues an integer.
_GLUED = {("NAME", "NAME"), ("VAR", "NAME"), ("INT", "INT")}


def _glued_children(node: A.Node) -> Iterator[A.Node]:
    """Children the printer would put right after a token that CARDSTOCK glues them to.

    Follows the node's ``SYNTAX`` template, as the printer does: keywords, parentheses,
    '..' and the commas of a ``,f`` field separate tokens; omitted (None) fields do not.
    """
    prev: str | None = None
    for item in node.SYNTAX:
        if item[0] not in "$*,":
            prev = None
            continue
        value = getattr(node, item[1:], None)
        if value is None:
            continue
        values = value if isinstance(value, tuple) else (value,)
        for i, v in enumerate(values):
            kind = _lexeme(v)
            if (item[0] != "," or i == 0) and (prev, kind) in _GLUED:
                yield v
            prev = kind


def _bound_type(node: A.Node) -> Ty | None:
    """The type a binder gives its variable (None when it cannot be told)."""
    if isinstance(node, (A.Let, A.Declare)):
        ty = _result(node.value)
        return bound(ty) if ty is not None else None
    coll = getattr(node, "coll", None)
    if isinstance(coll, A.Node):
        ty = _result(coll)
        return ELEMENT.get(ty) if ty is not None else None
    return None


def _semantic(game: A.Game, problem: Callable[[object, str], None]) -> None:
    players = getattr(getattr(game, "setup", None), "players", None)
    if isinstance(players, A.CreatePlayers):
        _player_count(game, players, problem)
    for node in A.walk(game):
        _shape(node, problem)
        if isinstance(node, (A.Let, A.Declare)) and isinstance(node.var, A.Var):
            _bound_list(game, node, problem)
        if isinstance(node, A.Deck):
            _deck_attributes(node.attributes, set(), problem)
        if isinstance(node, A.Move):
            dst = node.dst
            if dst.PICKS in A.POSITIONS:
                home = dst.coll
                if isinstance(home, A.Location) and home.vis is A.Vis.MEM:
                    problem(dst, "a card cannot be moved into a mem location: use remember")


#: Where a card is put (or forgotten): a card position, which must be in a location.
_PUT = {
    A.Move: ("dst", "a card put into it"),
    A.Remember: ("dst", "a card put into it"),
    A.Forget: ("card", "a card forgotten from it"),
}
#: What is rearranged or filled in place: a location itself.
_IN_PLACE = {
    A.Shuffle: (("loc",), "shuffled"),
    A.ShuffleFaro: (("a", "b"), "shuffled"),
    A.CreateDeck: (("loc",), "a deck made in it"),
}


def _bound_list(game: A.Game, binder: A.Node, problem: Callable[[object, str], None]) -> None:
    """A ``let`` or ``declare`` over a location or a team binds, in CARDSTOCK, the list it
    holds (`GameIterator.ProcessTyped` evaluates the collection: a location's list of
    cards, the location's own list object, so read live; a team's list of players), not
    the location or the team. A location's list is read as evogame reads the location
    (its cards now; a card taken from it), and that is allowed. Written through,
    CARDSTOCK fails (a card put into the list: a move to a virtual location throws) or
    does nothing (a shuffle shuffles a copy), so that is refused here, where it is used:
    a card put into the variable or forgotten from it, the variable shuffled or a deck
    made in it. A team's list of players CARDSTOCK cannot read back at all (not an
    owner; as a collection, a cast of a list of players that throws), so every use of a
    team variable is refused."""
    ty = _result(binder.value)
    if ty not in (Ty.LOC, Ty.TEAM):
        return
    name = binder.var.name
    how = "let" if isinstance(binder, A.Let) else "declare"

    def named(x: object) -> bool:
        return isinstance(x, A.Var) and x.name == name

    # the binder's scope: a let's body, a declare's game; not past an inner binder's
    # variable of the same name
    todo: list[object] = [binder.body if isinstance(binder, A.Let) else game]
    while todo:
        node = todo.pop()
        if node is binder or not isinstance(node, A.Node):
            continue  # a malformed tree is reported elsewhere
        if ty is Ty.LOC:
            what = _written(node, named)
            if what:
                problem(
                    node,
                    f"'{name} is bound by a {how} to a location, which CARDSTOCK binds as its "
                    f"list of cards: it can be read and a card taken from it, not {what}; "
                    "name the location itself",
                )
        for f in A.field_names(type(node)):
            v = getattr(node, f)
            if f == "var" and named(v):
                break  # shadowed: the fields after an inner binder's variable
            for x in v if type(v) is tuple else (v,):
                if not isinstance(x, A.Node):
                    continue
                if ty is Ty.TEAM and named(x):
                    problem(
                        x,
                        f"'{name} is bound by a {how} to a team, which CARDSTOCK binds as its "
                        "list of players and cannot read back (as a team or as a collection: "
                        "an exception); name the team itself",
                    )
                todo.append(x)


def _written(node: A.Node, named: Callable[[object], bool]) -> str | None:
    """How action `node` writes a location that `named` picks out ("a card put into it",
    "shuffled" ...), or None."""
    put = _PUT.get(type(node))
    if put is not None:
        card = getattr(node, put[0], None)
        while isinstance(card, A.Actual):
            card = card.card
        if isinstance(card, A.Node) and card.PICKS in A.POSITIONS and named(card.coll):
            return put[1]
        return None
    fields_what = _IN_PLACE.get(type(node))
    if fields_what is not None and any(named(getattr(node, f, None)) for f in fields_what[0]):
        return fields_what[1]
    return None


def _deck_attributes(keys: tuple, above: set[str], problem: Callable[[object, str], None]) -> None:
    """Every card of a deck has one value per attribute: an attribute named again beside
    itself or inside itself would give its cards two (CARDSTOCK keeps a card's attributes in
    a dictionary and rejects the second). Iterative, as the deck tree can be deep."""
    stack = [(keys, above)]
    while stack:
        level, names = stack.pop()
        here = set(names)
        for k in level:
            if not isinstance(k, A.AttrKey) or not isinstance(k.key, A.NameLit):
                continue
            if k.key.value in here:
                problem(
                    k,
                    f"deck attribute {k.key.value} is given twice to the same cards "
                    "(a card has one value per attribute)",
                )
            here.add(k.key.value)
        for k in level:
            if isinstance(k, A.AttrKey):
                for v in k.values:
                    if isinstance(v, A.AttrValue) and v.subkeys:
                        stack.append((v.subkeys, here))


def _player_count(
    game: A.Game, players: A.CreatePlayers, problem: Callable[[object, str], None]
) -> None:
    """At least one player, whether the count is written or a declared constant."""
    consts = {
        d.var.name: d.value
        for d in game.declares
        if isinstance(d, A.Declare) and isinstance(d.var, A.Var)
    }
    count = written = players.count
    if isinstance(count, A.Var) and isinstance(consts.get(count.name), A.IntLit):
        count = consts[count.name]
    if isinstance(count, A.IntLit) and count.value < 1:
        if written is count:
            found = f"(create players {count.value})"
        else:
            found = f"(create players '{written.name}) with '{written.name} = {count.value}"
        problem(players, f"a game needs at least one player; found {found}")


# Least items of a tuple field where the class does not declare it in MIN_ITEMS: 1, or 0
# for a field with a default (a team's sub-teams, an attribute's sub-attributes).
_MIN_ITEMS = {(A.BoolOp, "args"): 2, (A.Game, "declares"): 0}


@cache
def _least(cls: type, name: str) -> int:
    declared = getattr(cls, "MIN_ITEMS", {})
    if name in declared:
        return declared[name]
    if (cls, name) in _MIN_ITEMS:
        return _MIN_ITEMS[cls, name]
    defaulted = {f.name for f in fields(cls) if f.default is not MISSING}
    return 0 if name in defaulted else 1


_NAME = re.compile(r"[A-Z]+")


@cache
def _shape_plan(cls: type) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """What `_shape` reads of a class, once: each field with the least items a tuple in it
    must have, and the fields its ``SYNTAX`` lists with commas (literals only)."""
    counted = tuple((name, _least(cls, name)) for name in _field_names(cls))
    return counted, tuple(item[1:] for item in cls.SYNTAX if item[0] == ",")


def _shape(node: A.Node, problem: Callable[[object, str], None]) -> None:
    """Rules on one node that its declared child types cannot say."""
    cls = type(node)
    counted, listed = _shape_plan(cls)
    for name, least in counted:
        value = getattr(node, name)
        if isinstance(value, tuple) and len(value) < least:
            problem(node, f"{cls.__name__}.{name} needs at least {least}, found {len(value)}")
    if isinstance(node, A.IntLit) and node.value < 0:
        problem(node, f"RECYCLE has no negative numbers; found {node.value}")
    if isinstance(node, A.IntLit) and node.value > INT_MAX:
        problem(node, f"the integer {node.value} is beyond 64 bits (at most {INT_MAX})")
    if isinstance(node, A.NameLit) and not _NAME.fullmatch(node.value):
        problem(node, f"a name is uppercase letters A-Z; found {node.value!r}")
    if isinstance(node, A.Var) and not _NAME.fullmatch(node.name):
        problem(node, f"a variable's name is uppercase letters A-Z; found {node.name!r}")
    for name in listed:
        values = getattr(node, name, ())
        if not isinstance(values, tuple) or not all(
            isinstance(v, (A.IntLit, A.NameLit)) for v in values
        ):
            problem(node, f"{cls.__name__}.{name} holds literal names or numbers only")
    for name, allowed in cls.KEYWORDS.items():
        if (kw := getattr(node, name)) not in allowed:
            takes = " or ".join(str(k) for k in allowed)
            problem(node, f"'{kw}' compares integers only; {cls.__name__} takes {takes}")
    if isinstance(node, A.Repeat) and isinstance(node.action, (A.Do, A.Let)):
        problem(
            node.action, "(repeat N ...) repeats an action or an (any|all ...), not a do or let"
        )
    if isinstance(node, A.RepeatAll) and not isinstance(node.action, (A.Move, A.Forget)):
        problem(node.action, "(repeat all ...) repeats a move or a forget")
