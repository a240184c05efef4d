"""The typed AST of RECYCLE: one frozen, slotted dataclass per construct.

Each class declares
  * ``RESULT`` -- its result type (`Ty`), or `result()` when it depends on a child;
  * ``CHILDREN`` -- the type each child field must have (a type or a tuple of allowed types);
  * ``SYNTAX`` -- how it is written: a template of keywords (plain strings), fields
    (``"$f"`` one child or enum value, omitted when None; ``"*f"`` a tuple of children,
    space-separated; ``",f"`` a tuple of children, comma-separated), and parenthesised
    groups (``"("`` ... ``")"``). The whole form is parenthesised unless ``BARE``.

The printer, the type checker, the GP primitive set and the distance features read these
declarations; none of them keeps its own list of constructs. Equality ignores source spans,
so ``parse(print(t)) == t`` compares structure only.
"""

from __future__ import annotations

import contextlib
import functools
import operator
from collections.abc import Callable, Iterator
from dataclasses import field, fields, replace
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any, ClassVar

from evogame.lang.frozen import frozen, seal
from evogame.lang.types import BINDABLE, COLLECTIONS, ELEMENT, Ty, filtered


@frozen
class Span:
    """A region of a source file: 1-based line and column of its first and last character."""

    line: int
    column: int
    end_line: int
    end_column: int


# --- keyword enums (a closed set of keywords in one position) -----------------------------


class Kw(Enum):
    """Base of keyword enums: the value is the keyword as written."""

    def __str__(self) -> str:
        return self.value


class Quant(Kw):
    ANY = "any"
    ALL = "all"


class Order(Kw):
    MIN = "min"
    MAX = "max"


class StageKind(Kw):
    PLAYER = "player"
    TEAM = "team"


class Rel(Kw):
    CURRENT = "current"
    NEXT = "next"
    PREVIOUS = "previous"


class CycleMode(Kw):
    NEXT = "next"
    CURRENT = "current"


class Vis(Kw):
    """Who sees a location's cards: vloc all, iloc its owner, hloc nobody, oloc all but its owner."""

    VLOC = "vloc"
    ILOC = "iloc"
    HLOC = "hloc"
    OLOC = "oloc"
    MEM = "mem"


class End(Kw):
    TOP = "top"
    BOTTOM = "bottom"


class RunsMode(Kw):
    LARGEST = "largest"
    ALL = "all"


class SetOpKind(Kw):
    UNION = "union"
    INTERSECT = "intersect"
    DISJUNCTION = "disjunction"


class BoolOpKind(Kw):
    AND = "and"
    OR = "or"


class CmpOp(Kw):
    EQ = "=="
    NE = "!="
    LT = "<"
    GT = ">"
    LE = "<="
    GE = ">="


EQ_OPS = (CmpOp.EQ, CmpOp.NE)

#: Each comparison read the other way round: ``a OP b`` is ``b FLIPPED[OP] a``.
FLIPPED = {
    CmpOp.EQ: CmpOp.EQ,
    CmpOp.NE: CmpOp.NE,
    CmpOp.LT: CmpOp.GT,
    CmpOp.GT: CmpOp.LT,
    CmpOp.LE: CmpOp.GE,
    CmpOp.GE: CmpOp.LE,
}

#: What each comparison computes on two values (integers, or strings for == and !=).
COMPARE: dict[CmpOp, Callable[[Any, Any], bool]] = {
    CmpOp.EQ: operator.eq,
    CmpOp.NE: operator.ne,
    CmpOp.LT: operator.lt,
    CmpOp.GT: operator.gt,
    CmpOp.LE: operator.le,
    CmpOp.GE: operator.ge,
}


class ArithOp(Kw):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "//"
    MOD = "%"
    POW = "^"


class Extreme(Kw):
    MAX = "max"
    MIN = "min"


# --- base --------------------------------------------------------------------------------


@frozen
class Node:
    """Base of every construct. ``span`` is where it was read from (None when built)."""

    RESULT: ClassVar[Ty] = Ty.PIECE
    CHILDREN: ClassVar[dict[str, Any]] = {}
    SYNTAX: ClassVar[tuple[str, ...]] = ()
    BARE: ClassVar[bool] = False
    #: True for constructs beyond CARDSTOCK's RECYCLE v0.5.10 (docs/language.md, "Extensions").
    EXTENSION: ClassVar[bool] = False
    #: Least number of items of a tuple field, where it is not 1 (0 when it has a default).
    MIN_ITEMS: ClassVar[dict[str, int]] = {}
    #: How a usage message names a part, where its type's name would mislead:
    #: ``(tuples SIZE CARDS using POINTS)`` (`evogame.lang.elaborate`).
    PARTS: ClassVar[dict[str, str]] = {}

    # --- what each construct declares once, for every reader (docs/language.md, "Adding a
    # construct"): the simplifier, the option lister, dead content, English and concepts
    # read these, and keep no list of classes of their own.

    #: Evaluating or doing it may draw from the game's chance stream (a shuffle, a random
    #: number, a tie broken at random): `evogame.engine.options.draws_chance`.
    CHANCE: ClassVar[bool] = False
    #: Evaluating it may end the game with an error (a result beyond 64 bits, a range too
    #: long, no owner): never assumed equal to itself (`evogame.lang.simplify.pure`).
    RAISES: ClassVar[bool] = False
    #: An action's effect when reached (`evogame.engine.options.leaf_check`): ``"always"``
    #: it surely acts; ``"card"`` it acts iff the card of its ``src`` exists; None: not a
    #: primitive action (an expression, or structure that sequences, guards or binds).
    ACTS: ClassVar[str | None] = None
    #: The field naming the card place an action puts cards at (``dst``), read as a place
    #: cards reach (`evogame.lang.content`).
    PUTS: ClassVar[str | None] = None
    #: A storage action: how it changes the storage of its ``target`` field, ``"set"``,
    #: ``"inc"`` or ``"dec"`` (`evogame.distance.concepts`, `evogame.fitness.liveness`,
    #: `evogame.fitness.soundness`: what the rules write).
    STORES: ClassVar[str | None] = None
    #: Its ``cond`` decides whether its ``body`` is done (or offered, in a choice): a guard,
    #: or an ``ensure`` (tested after the body, on the result). Read where what a body does
    #: depends on the conditions around it (concepts, liveness, peeks, soundness).
    GUARDS: ClassVar[bool] = False
    #: It names one member of its ``coll``: ``"top"``, ``"bottom"``, ``"nth"`` (at its
    #: ``index``, from the bottom) -- the `POSITIONS`, also where a card may be put -- or
    #: ``"points"`` (the member with most or fewest points). Read by the engines (a card's
    #: destination, a loop's source), explain, content, check, peeks, soundness, coherence.
    PICKS: ClassVar[str | None] = None
    #: It names a thing of the table, a player or a team by its ``owner`` and ``name``:
    #: ``"place"`` a card location (``indexed``: a family of them), ``"storage"`` an
    #: integer or string bin, ``"points"`` a point map. Read where places and storages are
    #: told apart by name (content, concepts, liveness, transplant, soundness, stranded).
    NAMED: ClassVar[str | None] = None
    #: A binder of its ``var``: (the field bound from, ``"elem"`` a member of it or
    #: ``"value"`` it itself, the field the variable is in scope in).
    BINDS: ClassVar[tuple[str, str, str] | None] = None
    #: A card attribute it names: (its field, how a dead-content report calls the read).
    ATTRIBUTE: ClassVar[tuple[str, str] | None] = None
    #: Its value depends on its children's values alone, never on the game's state: a
    #: point entry may be written with it (`evogame.fitness.soundness.state_points`).
    CONSTANT: ClassVar[bool] = False
    #: English (`evogame.explain`): each ``{field}`` is that child's English (an enum's
    #: keyword, a variable's name); None: explain has a rule of its own, or quotes RECYCLE.
    ENGLISH: ClassVar[str | None] = None
    #: Concept tags (`evogame.distance.concepts`): ``"group"`` it groups cards (a read
    #: through it is a selection, not a plain location), ``"meld"`` the groups are melds.
    TAGS: ClassVar[frozenset[str]] = frozenset()
    #: A function of its children's values, in field order: the name of the function in
    #: `evogame.engine.ops` that computes it (the Python engine's closure is derived). For
    #: a storage action (`STORES`) but a plain set: the function of the storage's old value
    #: and the action's value that is its new value (``ops.inc``).
    OPS: ClassVar[str | None] = None
    #: The VM opcode (`evogame.native.opcodes`) that computes or does it over its fields,
    #: in field order, each taken as `evogame.lang.operands.plan` says (a storage action:
    #: its target's slot, its value); `OPCODE_BY` may choose another (`opcode`). The lowering is derived from it, and for an action the
    #: Python engine's closure too (from the opcode's body in `evogame.engine.bodies`).
    OPCODE: ClassVar[str | None] = None
    #: Where its opcode depends on a field, per field: the opcode chosen when the field
    #: holds a keyword of its enum (``(and ...)`` is ``AND``, ``(or ...)`` ``OR``), when its
    #: child is of a class (``(cardatt RANK C)``, a name literal, is ``ATT``), or when its
    #: child's result is a type (``(size X)`` of lists of cards is ``SIZELL``); else
    #: `OPCODE`. An enum field read so gives no operand (`opcode`).
    OPCODE_BY: ClassVar[dict[str, dict[Any, str]]] = {}
    #: Its opcode as an item of a choice whose options are listed without doing anything
    #: (`evogame.engine.options.fast`): the fields taken as for `OPCODE`, but an action
    #: field listed (its options) rather than done. Both engines derive the listing from it.
    EXPAND: ClassVar[str | None] = None
    #: Part of the setup, never of play (`evogame.lang.check`): liveness does not judge it
    #: (`evogame.fitness.liveness`, which reads every other action as an effect or, when it
    #: holds actions, as control over them).
    SETUP: ClassVar[bool] = False
    #: How its opcode takes a field, where neither its declared type nor `BINDS` says
    #: (`evogame.lang.operands` lists every way): ``"place"`` a card position (location,
    #: end, index), ``"loc"`` the location itself (not its cards), ``"code"`` an enum
    #: naming an operation (its keyword, numbered by the opcode's entry: ``CMP``'s ``<``
    #: is 2), ``"picked"`` the collection a member is picked from, ..., or a keyword of
    #: the field's enum (an immediate, 1 when the field holds that keyword).
    OPERANDS: ClassVar[dict[str, str]] = {}
    #: The keywords an enum field may hold, where its enum has more (``(== A B)`` of
    #: cards: ``==`` and ``!=``, no order): `evogame.lang.check` names any other, and
    #: both engines refuse it with one text (`evogame.lang.operands.taken`).
    KEYWORDS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    #: Fields whose children are made after the others, in this order, where field order
    #: is not the order made (``(partition ATTR X ...)``: the parts, then the attribute,
    #: as the images of the files that partition parts were laid out; `operands.plan`).
    MADE: ClassVar[tuple[str, ...]] = ()
    #: It is the value of this field, with no opcode of its own (``(actual C)`` is the
    #: card C): both engines make that child in its place.
    IS: ClassVar[str | None] = None

    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    def result(self) -> Ty:
        """The result type of this node (most classes: ``RESULT``)."""
        return self.RESULT

    def raises(self) -> bool:
        """Whether evaluating this node itself may raise (most classes: ``RAISES``)."""
        return self.RAISES

    def pure(self) -> bool:
        """This node itself draws no chance and raises no error (its children aside)."""
        return not (self.CHANCE or self.raises())

    def opcode(self) -> str | None:
        """The VM opcode that computes or does this node (`OPCODE`, or as `OPCODE_BY`
        chooses by a field's keyword, its child's class or its child's result type)."""
        for name, by in self.OPCODE_BY.items():
            c = getattr(self, name)
            chosen = by.get(c) if isinstance(c, Kw) else by.get(type(c), by.get(c.result()))
            if chosen is not None:
                return chosen
        return self.OPCODE

    def children(self) -> list[Node]:
        """Direct child nodes, in field order."""
        out: list[Node] = []
        # the fields' values in one call (`_values`); a field holds a node, a tuple of
        # nodes and other values, or a value (an int, a name, an enum)
        for v in _child_values(type(self))(self):
            if isinstance(v, Node):
                out.append(v)
            elif type(v) is tuple:
                for x in v:
                    if isinstance(x, Node):
                        out.append(x)
        return out


#: The `Node.PICKS` that name a position in a collection: where a card may be put.
POSITIONS = ("top", "bottom", "nth")


def stores_int(node: Node) -> bool:
    """`node` is an action that writes an integer storage (``set``, ``inc``, ``dec``)."""
    return node.STORES is not None and node.CHILDREN["target"] is Ty.INTSTO


@cache
def _values(cls: type) -> Callable[[Node], tuple]:
    """A function giving the values of `cls`'s fields but ``span`` (`field_names`), in
    order, as a tuple: `operator.attrgetter` reads them all in one call, which made
    `Node.children` (and so every walk of a tree) about a third faster than a `getattr`
    per field."""
    return _getter(field_names(cls))


@cache
def _child_values(cls: type) -> Callable[[Node], tuple]:
    """`_values` of `cls`'s child fields only (those its `CHILDREN` declares, in field
    order): the other fields hold keywords, names and numbers, never a node, so
    `Node.children` need not test them (a fifth of the fields a walk read)."""
    return _getter(child_names(cls))


def _getter(names: tuple[str, ...]) -> Callable[[Node], tuple]:
    """A node's values of the fields `names`, in order, as a tuple (one `attrgetter`
    call; a 1-tuple for one field, ``()`` for none)."""
    if not names:
        return lambda _node: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda node: (one(node),)
    return attrgetter(*names)


@cache
def child_names(cls: type) -> tuple[str, ...]:
    """The fields of AST class `cls` that may hold a node (its `CHILDREN`), in order."""
    return tuple(n for n in field_names(cls) if n in cls.CHILDREN)


@cache
def field_names(cls: type) -> tuple[str, ...]:
    """The fields of AST class `cls` but ``span``, in order. Kept per class: `dataclasses.
    fields` builds its tuple again at every call, which made it the largest cost of
    walking a tree (about a fifth of an evaluation's profile in the campaign workers)."""
    return tuple(f.name for f in fields(cls) if f.name != "span")


def walk(node: Node) -> Iterator[Node]:
    """`node` and all its descendants, depth first, parents before children.

    A whole game's walk is kept, from its second walk, for the last `WALKS_KEPT` games
    walked (trees are immutable): the judges walk a candidate's game some forty times per
    evaluation (every defect, concept and check reads it), and a walk costs about 1 us a
    node. The walk of any node inside a kept game is then a slice of the game's (a
    subtree is a run of its parent's walk, `_AT`): the judge's checks walk stages, items
    and rules of the game some thirty thousand nodes per static judgement."""
    if type(node) is not Game:
        at = _AT.get(id(node))
        if at is not None:
            nodes, start, end = at
            return iter(nodes[start:end])
        return _walk(node)
    kept = _WALKED.get(id(node))
    if kept is None or kept[1] is None:
        if kept is None and len(_WALKED) >= WALKS_KEPT:
            _forget(*_WALKED.pop(next(iter(_WALKED))))  # the oldest
        # the game is held with its walk, so its id cannot be another object's meanwhile;
        # its first walk stays lazy (a search that stops early reads only its start, and
        # many games are walked once), its second is kept
        first = kept is None
        kept = _WALKED[id(node)] = (node, None if first else _kept_walk(node))
        if first:
            return _walk(node)
    return iter(kept[1])


#: Whole games whose walk `walk` keeps (by id: the game, its nodes in walk order, None
#: after its first walk).
WALKS_KEPT = 8
_WALKED: dict[int, tuple[Node, tuple[Node, ...] | None]] = {}

#: id(node) -> (a kept game's walk, the node's index in it, the index after its subtree),
#: for every node of the games `_WALKED` keeps (the walk tuple holds the node, so its id
#: cannot be another object's while the entry lives; a node two kept games share is
#: entered by the later one, its subtree the same in both).
_AT: dict[int, tuple[tuple[Node, ...], int, int]] = {}


def _kept_walk(game: Node) -> tuple[Node, ...]:
    """`game`'s walk, each of its nodes entered in `_AT` with the extent of its subtree."""
    out: list[Node] = []
    ends: list[int] = []
    stack: list = [game]
    pop, push = stack.pop, stack.extend
    while stack:
        n = pop()
        if type(n) is int:  # the end of the subtree that starts at index n
            ends[n] = len(out)
            continue
        stack.append(len(out))
        out.append(n)
        ends.append(0)
        c = n.children()
        c.reverse()
        push(c)
    nodes = tuple(out)
    for i, n in enumerate(nodes):
        _AT[id(n)] = (nodes, i, ends[i])
    return nodes


def _forget(game: Node, nodes: tuple[Node, ...] | None) -> None:
    """Drop the `_AT` entries of a game `_WALKED` no longer keeps."""
    if nodes is None:
        return
    for n in nodes:
        at = _AT.get(id(n))
        if at is not None and at[0] is nodes:
            del _AT[id(n)]


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    pop, push = stack.pop, stack.extend
    while stack:
        n = pop()
        yield n
        c = n.children()
        c.reverse()
        push(c)


def parents(root: Node) -> dict[int, tuple[Node, str, int]]:
    """Every node under `root` by its id: ``(parent, field, index)``, the node being the
    parent's field `field` itself (index -1) or its item `index` of a tuple field. A node
    object met at two places keeps the place the walk reaches last (a depth-first walk,
    children pushed in field order)."""
    out: dict[int, tuple[Node, str, int]] = {}
    stack = [root]
    while stack:
        n = stack.pop()
        for name in child_names(type(n)):
            v = getattr(n, name)
            if isinstance(v, Node):
                out[id(v)] = (n, name, -1)
                stack.append(v)
            elif type(v) is tuple:
                for i, x in enumerate(v):
                    if isinstance(x, Node):
                        out[id(x)] = (n, name, i)
                        stack.append(x)
    return out


def game_parents(game: Node) -> dict[int, tuple[Node, str, int]]:
    """`parents(game)`, made once for the last `WALKS_KEPT` games asked (held with the
    game, so its id cannot be another object's meanwhile). Trees are immutable, so a kept
    map answers as a new one would; the caller must not change it (the static checks read
    one game's: some twenty of them walked up a game's tree, each from its own map, a
    fifth of a transplant draw's checks, issue 38)."""
    got = _PARENTS.get(id(game))
    if got is None or got[0] is not game:
        if len(_PARENTS) >= WALKS_KEPT:
            with contextlib.suppress(StopIteration, RuntimeError, KeyError):
                del _PARENTS[next(iter(_PARENTS))]  # the oldest
        got = _PARENTS[id(game)] = (game, parents(game))
    return got[1]


#: `game_parents`' maps, by id of the game (held with its map).
_PARENTS: dict[int, tuple[Node, dict[int, tuple[Node, str, int]]]] = {}


def per_game(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`fn` (a fact of a game: a function of its tree alone, read and never changed by its
    callers) computed once for each of the last `WALKS_KEPT` games asked, by id, the game
    held with its answer so that its id cannot be another object's meanwhile. Trees are
    immutable, so a kept answer is the one a new call would give: for the facts several
    static checks read of one game (`soundness.ordering_tables`,
    `credits._counted_places`, `bindings._stage_cycles`)."""
    memo: dict[int, tuple[Any, Any]] = {}

    @functools.wraps(fn)
    def kept(game):
        got = memo.get(id(game))
        if got is None or got[0] is not game:
            value = fn(game)
            if len(memo) >= WALKS_KEPT:
                with contextlib.suppress(StopIteration, RuntimeError, KeyError):
                    del memo[next(iter(memo))]  # the oldest
            got = memo[id(game)] = (game, value)
        return got[1]

    kept.memo = memo  # type: ignore[attr-defined]  (tests)
    return kept


def map_tree(
    node: Node,
    fn: Callable[[Node, str], Node],
    drop: Callable[[Node], bool] | None = None,
) -> Node:
    """`node` rebuilt with each direct child `c` (in field `f`, alone or an item of a
    tuple) replaced by ``fn(c, f)``; tuple items for which `drop` holds are left out first.
    What did not change keeps its identity: `node` itself when no child changed. The one
    rebuild over the dataclass fields that tree rewrites share (`fn` recurses as it needs)."""
    changes = {}
    for name in field_names(type(node)):
        v = getattr(node, name)
        if isinstance(v, Node):
            nv = fn(v, name)
        elif isinstance(v, tuple) and any(isinstance(x, Node) for x in v):
            kept = [x for x in v if drop is None or not (isinstance(x, Node) and drop(x))]
            nv = tuple(fn(x, name) if isinstance(x, Node) else x for x in kept)
            if len(nv) == len(v) and all(a is b for a, b in zip(nv, v, strict=True)):
                nv = v
        else:
            continue
        if nv is not v:
            changes[name] = nv
    return replace(node, **changes) if changes else node


# --- literals and variables --------------------------------------------------------------


@frozen
class IntLit(Node):
    value: int
    RESULT = Ty.INT
    BARE = True
    CONSTANT = True
    ENGLISH = "{value}"


@frozen
class NameLit(Node):
    value: str
    RESULT = Ty.STR
    BARE = True
    ENGLISH = "{value}"
    OPCODE = "STR"
    OPERANDS = {"value": "name"}


@frozen
class Var(Node):
    """A variable ``'NAME``; ``ty`` is the type of what it is bound to."""

    name: str
    ty: Ty
    BARE = True
    ENGLISH = "{name}"

    def result(self) -> Ty:
        return self.ty


@frozen
class GameRef(Node):
    """The table, ``game``, as the owner of locations and storages."""

    RESULT = Ty.GAME
    SYNTAX = ("game",)
    BARE = True
    ENGLISH = "the table"
    OPCODE = "GAME"


# --- players and teams -------------------------------------------------------------------


@frozen
class RelPlayer(Node):
    """``(current player)``, ``(next player)``, ``(previous player)``."""

    rel: Rel
    RESULT = Ty.PLAYER
    SYNTAX = ("$rel", "player")
    OPCODE = "PPREV"
    OPCODE_BY = {"rel": {Rel.CURRENT: "PCUR", Rel.NEXT: "PNEXT"}}


@frozen
class RelKeyword(Node):
    """The bare keyword ``current``, ``next`` or ``previous`` as the target of ``cycle``."""

    rel: Rel
    RESULT = Ty.RELKW
    BARE = True
    OPCODE = "PPREV"
    OPCODE_BY = {"rel": {Rel.CURRENT: "PCUR", Rel.NEXT: "PNEXT"}}


@frozen
class NumPlayer(Node):
    """``(N player)``: the player in seat N."""

    index: Node
    RESULT = Ty.PLAYER
    CHILDREN = {"index": Ty.INT}
    SYNTAX = ("$index", "player")
    ENGLISH = "player {index}"
    OPCODE = "NUMP"


@frozen
class OwnerOf(Node):
    """``(owner CARD)``: the player whose location holds the card."""

    card: Node
    RESULT = Ty.PLAYER
    CHILDREN = {"card": Ty.CARD}
    SYNTAX = ("owner", "$card")
    RAISES = True
    ENGLISH = "the owner of {card}"
    OPCODE = "OWNER"


@frozen
class RelTeam(Node):
    rel: Rel
    RESULT = Ty.TEAM
    SYNTAX = ("$rel", "team")
    OPCODE = "TPREV"
    OPCODE_BY = {"rel": {Rel.CURRENT: "TCUR", Rel.NEXT: "TNEXT"}}


@frozen
class NumTeam(Node):
    index: Node
    RESULT = Ty.TEAM
    CHILDREN = {"index": Ty.INT}
    SYNTAX = ("$index", "team")
    ENGLISH = "team {index}"
    OPCODE = "NUMT"


@frozen
class TeamOf(Node):
    """``(team PLAYER)``: the team a player belongs to."""

    player: Node
    RESULT = Ty.TEAM
    CHILDREN = {"player": Ty.PLAYER}
    SYNTAX = ("team", "$player")
    ENGLISH = "the team of {player}"
    OPCODE = "TEAMOF"


# --- collections -------------------------------------------------------------------------


@frozen
class AllPlayers(Node):
    RESULT = Ty.PLAYERS
    SYNTAX = ("player",)
    BARE = True
    ENGLISH = "every player"
    OPCODE = "ALLP"


@frozen
class AllTeams(Node):
    RESULT = Ty.TEAMS
    SYNTAX = ("team",)
    BARE = True
    ENGLISH = "every team"
    OPCODE = "ALLT"


@frozen
class OtherPlayers(Node):
    """``(other player)``: every player but the current one, in seat order."""

    RESULT = Ty.PLAYERS
    SYNTAX = ("other", "player")
    ENGLISH = "every other player"
    OPCODE = "OTHP"


@frozen
class OtherTeams(Node):
    RESULT = Ty.TEAMS
    SYNTAX = ("other", "team")
    ENGLISH = "every other team"
    OPCODE = "OTHT"


@frozen
class Range(Node):
    """``(range A..B)``: the integers A to B inclusive."""

    lo: Node
    hi: Node
    RESULT = Ty.INTS
    CHILDREN = {"lo": Ty.INT, "hi": Ty.INT}
    SYNTAX = ("range", "$lo", "..", "$hi")
    RAISES = True
    ENGLISH = "{lo} to {hi}"
    OPS = "int_range"
    OPCODE = "RANGE"


@frozen
class StrCollection(Node):
    """``(A, B, C)``: a literal collection of names."""

    names: tuple[Node, ...]
    RESULT = Ty.STRS
    CHILDREN = {"names": Ty.STR}
    SYNTAX = (",names",)
    OPCODE = "STRS"
    OPERANDS = {"names": "names"}


@frozen
class Filter(Node):
    """``(filter COLL 'V BOOL)``: the members of COLL for which BOOL holds with 'V bound."""

    coll: Node
    var: Var
    cond: Node
    CHILDREN = {"coll": COLLECTIONS, "var": ELEMENT, "cond": Ty.BOOL}
    SYNTAX = ("filter", "$coll", "$var", "$cond")
    BINDS = ("coll", "elem", "cond")
    ENGLISH = "the cards {var} of {coll} where {cond}"
    OPCODE = "FILTER"
    OPERANDS = {"coll": "counted"}

    def result(self) -> Ty:
        return filtered(self.coll.result())


# --- card collections ---------------------------------------------------------------------


@frozen
class Location(Node):
    """``(OWNER VIS NAME)``: a physical card location of the table or of a player.

    Extension (CARDSTOCK v0.6.0): an optional index, ``(game vloc COLUMN 3)``, names one
    of a family of locations (a tableau's columns).
    """

    owner: Node
    vis: Vis
    name: Node
    index: Node | None = None
    RESULT = Ty.LOC
    CHILDREN = {"owner": (Ty.GAME, Ty.PLAYER), "name": Ty.STR, "index": Ty.INT}
    SYNTAX = ("$owner", "$vis", "$name", "$index")
    NAMED = "place"


@frozen
class Indexed(Node):
    """Extension (CARDSTOCK v0.6.0): ``(indexed OWNER VIS NAME)``, every location
    ``(OWNER VIS NAME i)`` that holds or held a card, by index."""

    owner: Node
    vis: Vis
    name: Node
    RESULT = Ty.LOCS
    CHILDREN = {"owner": (Ty.GAME, Ty.PLAYER), "name": Ty.STR}
    SYNTAX = ("indexed", "$owner", "$vis", "$name")
    NAMED = "place"
    PARTS = {"owner": "OWNER", "name": "NAME"}
    EXTENSION = True
    OPCODE = "INDEXED"
    OPERANDS = {"vis": "code"}


@frozen
class SetOp(Node):
    """``(union A B ...)``, ``(intersect ...)``, ``(disjunction ...)`` of card collections."""

    op: SetOpKind
    parts: tuple[Node, ...]
    RESULT = Ty.CARDS
    CHILDREN = {"parts": Ty.CARDS}
    SYNTAX = ("$op", "*parts")
    OPCODE = "SETOP"
    OPERANDS = {"op": "code"}


@frozen
class SetOpAll(Node):
    """``(union (all COLL 'V CARDS))``: a set operation over a collection of card collections."""

    op: SetOpKind
    sets: Node
    RESULT = Ty.CARDS
    CHILDREN = {"sets": Ty.CARDSETS}
    SYNTAX = ("$op", "$sets")
    OPCODE = "SETOPALL"
    OPERANDS = {"op": "code"}


@frozen
class Sort(Node):
    """``(sort CARDS using POINTS)``: the cards ordered by points, lowest at the bottom."""

    coll: Node
    points: Node
    RESULT = Ty.CARDS
    CHILDREN = {"coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("sort", "$coll", "using", "$points")
    OPCODE = "SORT"


@frozen
class Top(Node):
    """``(top X)``: the top card of a card collection, or the top member of a collection
    of card collections (CARDSTOCK's ``memstorage``)."""

    coll: Node
    CHILDREN = {"coll": (Ty.CARDS, Ty.CARDSETS)}
    SYNTAX = ("top", "$coll")
    PICKS = "top"
    OPCODE = "PICK"
    OPERANDS = {"coll": "picked"}
    ENGLISH = "the top card of {coll}"

    def result(self) -> Ty:
        return ELEMENT[self.coll.result()]

    def raises(self) -> bool:
        return self.coll.result() is Ty.LOCS  # no location in an empty collection of them


@frozen
class Bottom(Node):
    coll: Node
    CHILDREN = {"coll": (Ty.CARDS, Ty.CARDSETS)}
    SYNTAX = ("bottom", "$coll")
    PICKS = "bottom"
    OPCODE = "PICK"
    OPERANDS = {"coll": "picked"}
    ENGLISH = "the bottom card of {coll}"

    def result(self) -> Ty:
        return ELEMENT[self.coll.result()]

    def raises(self) -> bool:
        return self.coll.result() is Ty.LOCS  # no location in an empty collection of them


@frozen
class Nth(Node):
    """``(N X)``: the member at index N counted from the bottom (0 = bottom)."""

    index: Node
    coll: Node
    CHILDREN = {"index": Ty.INT, "coll": (Ty.CARDS, Ty.CARDSETS)}
    SYNTAX = ("$index", "$coll")
    PICKS = "nth"
    OPCODE = "PICK"
    OPERANDS = {"index": "with", "coll": "picked"}
    ENGLISH = "card {index} of {coll}"

    def result(self) -> Ty:
        return ELEMENT[self.coll.result()]

    def raises(self) -> bool:
        return self.coll.result() is Ty.LOCS  # no location in an empty collection of them


@frozen
class Sequence(Node):
    """``(top K X)`` / ``(bottom K X)``: the top or bottom K cards (v0.5.10)."""

    end: End
    count: Node
    coll: Node
    RESULT = Ty.CARDS
    CHILDREN = {"count": Ty.INT, "coll": Ty.CARDS}
    SYNTAX = ("$end", "$count", "$coll")
    OPCODE = "SEQ"
    OPERANDS = {"end": "top"}


@frozen
class RunSequence(Node):
    """``(run top|bottom K X using P)``: the longest run of consecutive point values, of
    length at least K, that includes the top (bottom) card; empty when there is none."""

    end: End
    length: Node
    coll: Node
    points: Node
    RESULT = Ty.CARDS
    CHILDREN = {"length": Ty.INT, "coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("run", "$end", "$length", "$coll", "using", "$points")
    PARTS = {"length": "LENGTH"}
    TAGS = frozenset({"group", "meld"})
    OPCODE = "RUNSEQ"
    OPERANDS = {"end": "top"}


# --- collections of card collections -------------------------------------------------------


@frozen
class Tuples(Node):
    """``(tuples K X using P)``: the groups of exactly K cards... of equal point value,
    one group per value that has at least K cards (the first K of them, bottom up)."""

    size: Node
    coll: Node
    points: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"size": Ty.INT, "coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("tuples", "$size", "$coll", "using", "$points")
    PARTS = {"size": "SIZE"}
    TAGS = frozenset({"group", "meld"})
    OPCODE = "TUPLES"


@frozen
class Partition(Node):
    """``(partition ATTR X ...)``: the cards split into groups by the value of ATTR."""

    attr: Node
    parts: tuple[Node, ...]
    RESULT = Ty.CARDSETS
    CHILDREN = {"attr": Ty.STR, "parts": Ty.CARDS}
    SYNTAX = ("partition", "$attr", "*parts")
    ATTRIBUTE = ("attr", "(partition ...) by attribute")
    TAGS = frozenset({"group", "meld"})
    OPCODE = "PARTITION"
    MADE = ("parts", "attr")


@frozen
class PartitionAll(Node):
    attr: Node
    sets: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"attr": Ty.STR, "sets": Ty.CARDSETS}
    SYNTAX = ("partition", "$attr", "$sets")
    ATTRIBUTE = ("attr", "(partition ...) by attribute")
    TAGS = frozenset({"group", "meld"})
    OPCODE = "PARTALL"


@frozen
class Subsets(Node):
    """``(subsets X)``: every subset of X (the empty set excluded), smallest first."""

    coll: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"coll": Ty.CARDS}
    SYNTAX = ("subsets", "$coll")
    RAISES = True
    ENGLISH = "every non-empty set of cards from {coll}"
    TAGS = frozenset({"group"})
    OPCODE = "SUBSETS"


@frozen
class Runs(Node):
    """``(runs largest|all K X using P)``: runs of consecutive point values of length >= K."""

    mode: RunsMode
    length: Node
    coll: Node
    points: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"length": Ty.INT, "coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("runs", "$mode", "$length", "$coll", "using", "$points")
    PARTS = {"length": "LENGTH"}
    TAGS = frozenset({"group", "meld"})
    OPCODE = "RUNS"
    OPERANDS = {"mode": "largest"}


@frozen
class Permutations(Node):
    """Extension: ``(permutations X)``: every ordering of the cards of X, each a card
    collection whose bottom is the first card. With ``subsets`` and ``filter`` it lists
    the ordered sub-collections of a hand that match a pattern (Pokereights' moves).
    At most 7 cards (5,040 orderings)."""

    coll: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"coll": Ty.CARDS}
    SYNTAX = ("permutations", "$coll")
    EXTENSION = True
    RAISES = True
    TAGS = frozenset({"group"})
    OPCODE = "PERMS"


@frozen
class AggCards(Node):
    """``(all COLL 'V CARDS)``: one card collection per member of COLL."""

    coll: Node
    var: Var
    cards: Node
    RESULT = Ty.CARDSETS
    CHILDREN = {"coll": COLLECTIONS, "var": ELEMENT, "cards": Ty.CARDS}
    SYNTAX = ("all", "$coll", "$var", "$cards")
    BINDS = ("coll", "elem", "cards")
    ENGLISH = "{cards} for each {var} in {coll}"
    OPCODE = "AGGCARDS"


# --- cards ---------------------------------------------------------------------------------


@frozen
class Extremum(Node):
    """``(max X using P)`` / ``(min X using P)``: the card of X with most (fewest) points;
    ties are broken at random (a chance event), as in CARDSTOCK."""

    which: Extreme
    coll: Node
    points: Node
    RESULT = Ty.CARD
    CHILDREN = {"coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("$which", "$coll", "using", "$points")
    PICKS = "points"
    CHANCE = True
    OPCODE = "EXTREMUM"
    OPERANDS = {"which": "max"}


@frozen
class Actual(Node):
    """``(actual CARD)``: the physical card behind a reference."""

    card: Node
    RESULT = Ty.CARD
    CHILDREN = {"card": Ty.CARD}
    SYNTAX = ("actual", "$card")
    ENGLISH = "{card}"
    IS = "card"


# --- storages ------------------------------------------------------------------------------


@frozen
class IntStorage(Node):
    """``(OWNER sto NAME)``: an integer bin of the table, a player or a team (default 0)."""

    owner: Node
    name: Node
    RESULT = Ty.INTSTO
    CHILDREN = {"owner": (Ty.GAME, Ty.PLAYER, Ty.TEAM), "name": Ty.STR}
    SYNTAX = ("$owner", "sto", "$name")
    NAMED = "storage"


@frozen
class StrStorage(Node):
    """``(OWNER str NAME)``: a string bin (default the empty string)."""

    owner: Node
    name: Node
    RESULT = Ty.STRSTO
    CHILDREN = {"owner": (Ty.GAME, Ty.PLAYER, Ty.TEAM), "name": Ty.STR}
    SYNTAX = ("$owner", "str", "$name")
    NAMED = "storage"


@frozen
class PointStorage(Node):
    """``(OWNER points NAME)``: a point map (empty: every card scores 0)."""

    owner: Node
    name: Node
    RESULT = Ty.POINTS
    CHILDREN = {"owner": (Ty.GAME, Ty.PLAYER, Ty.TEAM), "name": Ty.STR}
    SYNTAX = ("$owner", "points", "$name")
    NAMED = "points"


# --- integers ------------------------------------------------------------------------------


@frozen
class Size(Node):
    """``(size COLL)``: the number of members of a collection."""

    coll: Node
    RESULT = Ty.INT
    CHILDREN = {"coll": COLLECTIONS}
    SYNTAX = ("size", "$coll")
    ENGLISH = "the number of cards in {coll}"
    OPCODE = "SIZE"
    OPCODE_BY = {"coll": {Ty.CARDSETS: "SIZELL"}}
    OPERANDS = {"coll": "members"}


@frozen
class Arith(Node):
    """``(+ a b)``, ``-``, ``*``, ``//`` (division truncating toward zero), ``%`` (remainder,
    with the dividend's sign), ``^`` (power). Division or remainder by 0 gives 0."""

    op: ArithOp
    a: Node
    b: Node
    RESULT = Ty.INT
    CHILDREN = {"a": Ty.INT, "b": Ty.INT}
    SYNTAX = ("$op", "$a", "$b")
    CONSTANT = True
    OPCODE = "ARITH"
    OPERANDS = {"op": "code"}

    def raises(self) -> bool:
        return self.op is not ArithOp.MOD  # beyond 64 bits, or ^ out of 0..64; % cannot


@frozen
class Tri(Node):
    """``(tri n)`` = n(n+1)/2."""

    n: Node
    RESULT = Ty.INT
    CHILDREN = {"n": Ty.INT}
    SYNTAX = ("tri", "$n")
    RAISES = True
    CONSTANT = True
    OPS = "tri"
    OPCODE = "TRI"


@frozen
class Fib(Node):
    """``(fib n)``: the n-th Fibonacci number (fib 0 = 0, fib 1 = 1)."""

    n: Node
    RESULT = Ty.INT
    CHILDREN = {"n": Ty.INT}
    SYNTAX = ("fib", "$n")
    RAISES = True
    CONSTANT = True
    OPS = "fib"
    OPCODE = "FIB"


@frozen
class Abs(Node):
    """``(abs n)``: the absolute value of n, |n| (an extension: "one rank above or below"
    is ``(== (abs (- a b)) 1)``). |-2^63| is beyond 64 bits: an error."""

    n: Node
    RESULT = Ty.INT
    CHILDREN = {"n": Ty.INT}
    SYNTAX = ("abs", "$n")
    EXTENSION = True
    RAISES = True
    CONSTANT = True
    ENGLISH = "the absolute value of ({n})"
    OPS = "absolute"
    OPCODE = "ABS"


@frozen
class Lesser(Node):
    """Extension: ``(lesser a b)``: the smaller of two integers, min(a, b). "Refill the
    hand up to its size, as far as the draw pile allows" is one count,
    ``(repeat (lesser (- SIZE (size HAND)) (size DRAW)) (move ...))`` (The Game's refill
    written so in tests/engine/test_extensions.py; the seed keeps RECYCLE's guarded loop)."""

    a: Node
    b: Node
    RESULT = Ty.INT
    CHILDREN = {"a": Ty.INT, "b": Ty.INT}
    SYNTAX = ("lesser", "$a", "$b")
    EXTENSION = True
    CONSTANT = True
    ENGLISH = "the lesser of {a} and {b}"
    OPS = "lesser"
    OPCODE = "LESSER"


@frozen
class CyclicDistance(Node):
    """Extension: ``(distance a b around n)``: how far apart a and b are on a cycle of n
    values, the shorter way round: with d = (a - b) mod n in 0..n-1 (floor modulo),
    min(d, n - d), in 0..n//2 (units: steps of 1 round the cycle); 0 when n <= 0 (a cycle
    of no length, as ``x % 0`` is 0). Never beyond 64 bits. Ranks that wrap, "one rank
    above or below the foundation, K and A adjacent" (golf.md's wrap variant), are one
    test, ``(== (distance RANK FOUNDATION around 13) 1)`` (seeds/golf-wrap.rcy), where
    RECYCLE writes two: the remainder of ``(+ (- RANK FOUNDATION) 13)`` by 13 is 1 or 12."""

    a: Node
    b: Node
    n: Node
    RESULT = Ty.INT
    CHILDREN = {"a": Ty.INT, "b": Ty.INT, "n": Ty.INT}
    SYNTAX = ("distance", "$a", "$b", "around", "$n")
    EXTENSION = True
    CONSTANT = True
    ENGLISH = "the distance from {a} to {b} around a cycle of {n}"
    OPS = "cyclic_distance"
    OPCODE = "CYCDIST"


@frozen
class Random(Node):
    """``(random N)``: uniform in 0..N; ``(random A..B)``: uniform in A..B (inclusive)."""

    lo: Node
    hi: Node | None = None
    RESULT = Ty.INT
    CHILDREN = {"lo": Ty.INT, "hi": Ty.INT}
    SYNTAX = ("random", "$lo", "..", "$hi")
    CHANCE = True
    OPCODE = "RANDOM"
    OPERANDS = {"lo": "range", "hi": "with"}


@frozen
class SumPoints(Node):
    """``(sum X using P)``: the total points of the cards of X."""

    coll: Node
    points: Node
    RESULT = Ty.INT
    CHILDREN = {"coll": Ty.CARDS, "points": Ty.POINTS}
    SYNTAX = ("sum", "$coll", "using", "$points")
    RAISES = True
    OPCODE = "SUMPTS"


@frozen
class ScoreCard(Node):
    """``(score CARD using P)``: a card's points (the sum of every matching award)."""

    card: Node
    points: Node
    RESULT = Ty.INT
    CHILDREN = {"card": Ty.CARD, "points": Ty.POINTS}
    SYNTAX = ("score", "$card", "using", "$points")
    RAISES = True
    OPCODE = "SCORE"


@frozen
class AggInt(Node):
    """Extension: ``(sumof|maxof|minof COLL 'V INT)``: the sum, maximum or minimum of INT
    over the members of COLL (0 for an empty collection)."""

    agg: AggIntKind
    coll: Node
    var: Var
    value: Node
    RESULT = Ty.INT
    CHILDREN = {"coll": COLLECTIONS, "var": ELEMENT, "value": Ty.INT}
    SYNTAX = ("$agg", "$coll", "$var", "$value")
    EXTENSION = True
    RAISES = True
    BINDS = ("coll", "elem", "value")
    OPCODE = "AGGINT"
    OPERANDS = {"agg": "code"}


class AggIntKind(Kw):
    SUM = "sumof"
    MAX = "maxof"
    MIN = "minof"


# --- strings -------------------------------------------------------------------------------


@frozen
class CardAtt(Node):
    """``(cardatt ATTR CARD)``: the card's value of attribute ATTR ("" if it has none)."""

    attr: Node
    card: Node
    RESULT = Ty.STR
    CHILDREN = {"attr": Ty.STR, "card": Ty.CARD}
    SYNTAX = ("cardatt", "$attr", "$card")
    PARTS = {"attr": "ATTRIBUTE"}
    ATTRIBUTE = ("attr", "(cardatt ...) reads attribute")
    OPCODE = "ATTDYN"
    OPCODE_BY = {"attr": {NameLit: "ATT"}}  # a literal attribute: its index, known when lowered
    OPERANDS = {"attr": "attribute"}


# --- booleans ------------------------------------------------------------------------------


@frozen
class BoolOp(Node):
    """``(and A B ...)`` / ``(or A B ...)``, short-circuit."""

    op: BoolOpKind
    args: tuple[Node, ...]
    RESULT = Ty.BOOL
    CHILDREN = {"args": Ty.BOOL}
    MIN_ITEMS = {"args": 2}
    SYNTAX = ("$op", "*args")
    OPCODE_BY = {"op": {BoolOpKind.AND: "AND", BoolOpKind.OR: "OR"}}


@frozen
class Not(Node):
    arg: Node
    RESULT = Ty.BOOL
    CHILDREN = {"arg": Ty.BOOL}
    SYNTAX = ("not", "$arg")
    ENGLISH = "not ({arg})"
    OPCODE = "NOT"


@frozen
class IntCmp(Node):
    """``(OP a b)`` on integers, OP one of == != < > <= >=."""

    op: CmpOp
    a: Node
    b: Node
    RESULT = Ty.BOOL
    CHILDREN = {"a": Ty.INT, "b": Ty.INT}
    SYNTAX = ("$op", "$a", "$b")
    OPCODE = "CMP"
    OPERANDS = {"op": "code"}


@frozen
class StrCmp(Node):
    """``(== a b)`` / ``(!= a b)`` on strings."""

    op: CmpOp
    a: Node
    b: Node
    RESULT = Ty.BOOL
    CHILDREN = {"a": Ty.STR, "b": Ty.STR}
    SYNTAX = ("$op", "$a", "$b")
    OPCODE = "CMP"
    OPERANDS = {"op": "code"}
    KEYWORDS = {"op": EQ_OPS}


@frozen
class CardCmp(Node):
    """``(== a b)`` / ``(!= a b)`` on cards: the same physical card."""

    op: CmpOp
    a: Node
    b: Node
    RESULT = Ty.BOOL
    CHILDREN = {"a": Ty.CARD, "b": Ty.CARD}
    SYNTAX = ("$op", "$a", "$b")
    OPCODE = "CMP"
    OPERANDS = {"op": "code"}
    KEYWORDS = {"op": EQ_OPS}


@frozen
class PlayerCmp(Node):
    op: CmpOp
    a: Node
    b: Node
    RESULT = Ty.BOOL
    CHILDREN = {"a": Ty.PLAYER, "b": Ty.PLAYER}
    SYNTAX = ("$op", "$a", "$b")
    OPCODE = "CMP"
    OPERANDS = {"op": "code"}
    KEYWORDS = {"op": EQ_OPS}


@frozen
class TeamCmp(Node):
    op: CmpOp
    a: Node
    b: Node
    RESULT = Ty.BOOL
    CHILDREN = {"a": Ty.TEAM, "b": Ty.TEAM}
    SYNTAX = ("$op", "$a", "$b")
    OPCODE = "CMP"
    OPERANDS = {"op": "code"}
    KEYWORDS = {"op": EQ_OPS}


@frozen
class AggBool(Node):
    """``(any COLL 'V BOOL)`` / ``(all COLL 'V BOOL)``: some / every member satisfies BOOL."""

    quant: Quant
    coll: Node
    var: Var
    cond: Node
    RESULT = Ty.BOOL
    CHILDREN = {"coll": COLLECTIONS, "var": ELEMENT, "cond": Ty.BOOL}
    SYNTAX = ("$quant", "$coll", "$var", "$cond")
    BINDS = ("coll", "elem", "cond")
    OPCODE = "AGGBOOL"
    OPERANDS = {"quant": "any", "coll": "counted"}


# --- actions -------------------------------------------------------------------------------


@frozen
class Move(Node):
    """``(move SRC DST)``: take SRC from where it physically is and put it at DST's place."""

    src: Node
    dst: Node
    RESULT = Ty.ACTION
    CHILDREN = {"src": Ty.CARD, "dst": Ty.CARD}
    SYNTAX = ("move", "$src", "$dst")
    ACTS = "card"
    PUTS = "dst"
    OPCODE = "MOVE"
    OPERANDS = {"dst": "place"}


@frozen
class Remember(Node):
    """``(remember CARD DST)``: put a reference to CARD at DST, a place in a ``mem`` location."""

    src: Node
    dst: Node
    RESULT = Ty.ACTION
    CHILDREN = {"src": Ty.CARD, "dst": Ty.CARD}
    SYNTAX = ("remember", "$src", "$dst")
    ACTS = "card"
    PUTS = "dst"
    OPCODE = "REMEMBER"
    OPERANDS = {"dst": "place"}
    ENGLISH = "note {src} in {dst}"


@frozen
class Forget(Node):
    """``(forget CARD)``: drop a reference from a ``mem`` location."""

    card: Node
    RESULT = Ty.ACTION
    CHILDREN = {"card": Ty.CARD}
    SYNTAX = ("forget", "$card")
    OPCODE = "FORGET"
    OPERANDS = {"card": "place"}
    ENGLISH = "forget {card}"


@frozen
class Shuffle(Node):
    loc: Node
    RESULT = Ty.ACTION
    CHILDREN = {"loc": Ty.CARDS}
    SYNTAX = ("shuffle", "$loc")
    CHANCE = True
    ACTS = "always"
    OPCODE = "SHUFFLE"
    OPERANDS = {"loc": "loc"}
    ENGLISH = "shuffle {loc}"


@frozen
class ShuffleFaro(Node):
    """``(shuffle faro A B)``: interleave A and B card by card into A (CARDSTOCK: grammar only)."""

    a: Node
    b: Node
    RESULT = Ty.ACTION
    CHILDREN = {"a": Ty.LOC, "b": Ty.LOC}
    SYNTAX = ("shuffle", "faro", "$a", "$b")
    ACTS = "always"
    OPCODE = "FARO"


@frozen
class SetInt(Node):
    target: Node
    value: Node
    RESULT = Ty.ACTION
    CHILDREN = {"target": Ty.INTSTO, "value": Ty.INT}
    SYNTAX = ("set", "$target", "$value")
    STORES = "set"
    ACTS = "always"
    OPCODE = "SETINT"
    ENGLISH = "set {target} to {value}"


@frozen
class IncInt(Node):
    target: Node
    value: Node
    RESULT = Ty.ACTION
    CHILDREN = {"target": Ty.INTSTO, "value": Ty.INT}
    SYNTAX = ("inc", "$target", "$value")
    RAISES = True
    STORES = "inc"
    ACTS = "always"
    OPS = "inc"
    OPCODE = "INCINT"
    ENGLISH = "add {value} to {target}"


@frozen
class DecInt(Node):
    target: Node
    value: Node
    RESULT = Ty.ACTION
    CHILDREN = {"target": Ty.INTSTO, "value": Ty.INT}
    SYNTAX = ("dec", "$target", "$value")
    RAISES = True
    STORES = "dec"
    ACTS = "always"
    OPS = "dec"
    OPCODE = "DECINT"
    ENGLISH = "subtract {value} from {target}"


@frozen
class SetStr(Node):
    target: Node
    value: Node
    RESULT = Ty.ACTION
    CHILDREN = {"target": Ty.STRSTO, "value": Ty.STR}
    SYNTAX = ("set", "$target", "$value")
    STORES = "set"
    ACTS = "always"
    OPCODE = "SETSTR"
    ENGLISH = "set {target} to {value}"


@frozen
class SubAward(Node):
    """``(KEY : VALUE)`` inside an award: matches cards whose attribute KEY is VALUE."""

    key: Node
    value: Node
    CHILDREN = {"key": Ty.STR, "value": Ty.STR}
    SYNTAX = ("$key", ":", "$value")
    ATTRIBUTE = ("key", "point entry for attribute")


@frozen
class Award(Node):
    """``((K : V) ... N)``: N points to every card matching all the conditions."""

    conds: tuple[SubAward, ...]
    value: Node
    CHILDREN = {"conds": Ty.PIECE, "value": Ty.INT}
    SYNTAX = ("*conds", "$value")


@frozen
class InitPoints(Node):
    """``(set POINTS (AWARD ...))``: define a point map; string values are evaluated now."""

    target: Node
    awards: tuple[Award, ...]
    RESULT = Ty.ACTION
    CHILDREN = {"target": Ty.POINTS, "awards": Ty.PIECE}
    SYNTAX = ("set", "$target", "(", "*awards", ")")
    ACTS = "always"
    OPCODE = "INITPTS"
    OPERANDS = {"awards": "awards"}


@frozen
class Cycle(Node):
    """``(cycle next X)``: X plays next; ``(cycle current X)``: X becomes current now.
    X is a player, or the bare keywords current, next, previous."""

    mode: CycleMode
    target: Node
    RESULT = Ty.ACTION
    CHILDREN = {"target": (Ty.PLAYER, Ty.RELKW)}
    SYNTAX = ("cycle", "$mode", "$target")
    ACTS = "always"
    OPCODE = "CYCLE"
    OPERANDS = {"mode": "next"}


@frozen
class TurnPass(Node):
    """``(turn pass)``: do nothing (an explicit "pass" option in a choice)."""

    RESULT = Ty.ACTION
    SYNTAX = ("turn", "pass")
    ACTS = "always"
    OPCODE = "PASS"
    ENGLISH = "pass"


@frozen
class Repeat(Node):
    """``(repeat N ACTION)``: do ACTION N times. ACTION may be an ``(any|all ...)``, as
    CARDSTOCK's grammar allows (``action : ... | agg``), but not a do or a let
    (`evogame.lang.check` enforces that)."""

    count: Node
    action: Node
    RESULT = Ty.ACTION
    CHILDREN = {"count": Ty.INT, "action": (Ty.ACTION, Ty.MULTI2)}
    SYNTAX = ("repeat", "$count", "$action")
    OPCODE = "REPEAT"
    ENGLISH = "{count} times: {action}"


@frozen
class RepeatAll(Node):
    """``(repeat all (move SRC DST))``: repeat as long as the source has cards."""

    action: Node
    RESULT = Ty.ACTION
    CHILDREN = {"action": Ty.ACTION}
    SYNTAX = ("repeat", "all", "$action")
    OPCODE = "REPEATALL"
    OPERANDS = {"action": "loop"}
    ENGLISH = "as long as possible: {action}"


@frozen
class TeamSpec(Node):
    """``(0, 2)`` in ``(create teams ...)``: the seats of one team (sub-teams allowed)."""

    members: tuple[IntLit, ...]
    subteams: tuple[TeamSpec, ...] = ()
    CHILDREN = {"members": Ty.INT, "subteams": Ty.PIECE}
    SYNTAX = (",members", "*subteams")


@frozen
class CreateTeams(Node):
    teams: tuple[TeamSpec, ...]
    RESULT = Ty.ACTION
    CHILDREN = {"teams": Ty.PIECE}
    SYNTAX = ("create", "teams", "*teams")
    SETUP = True


@frozen
class AttrKey(Node):
    """A deck attribute and its values: ``(RANK (A, TWO, THREE))``, or with sub-attributes
    per value, ``(COLOR (RED (SUIT (HEARTS, DIAMONDS))) (BLACK (SUIT (CLUBS))))``."""

    key: NameLit
    values: tuple[AttrValue, ...]
    CHILDREN = {"key": Ty.STR, "values": Ty.PIECE}
    SYNTAX = ("$key", "*values")


@frozen
class AttrValue(Node):
    """Values of a deck attribute, ``(HEARTS, DIAMONDS)``, with the sub-attributes every one
    of them has: ``(RED (SUIT (HEARTS, DIAMONDS)))``."""

    names: tuple[NameLit, ...]
    subkeys: tuple[AttrKey, ...] = ()
    CHILDREN = {"names": Ty.STR, "subkeys": Ty.PIECE}
    SYNTAX = (",names", "*subkeys")


@frozen
class Deck(Node):
    """``(deck ATTRIBUTE ...)``: one card per combination of attribute values."""

    attributes: tuple[AttrKey, ...]
    CHILDREN = {"attributes": Ty.PIECE}
    SYNTAX = ("deck", "*attributes")


@frozen
class CreateDeck(Node):
    """``(create deck [NAME] LOC (deck ...))``: put a new deck's cards into LOC."""

    name: Node | None
    loc: Node
    deck: Deck
    RESULT = Ty.ACTION
    CHILDREN = {"name": Ty.STR, "loc": Ty.LOC, "deck": Ty.PIECE}
    SYNTAX = ("create", "deck", "$name", "$loc", "$deck")
    SETUP = True
    OPCODE = "CREATEDECK"
    OPERANDS = {"name": "with", "deck": "deck"}


# --- multiactions --------------------------------------------------------------------------


@frozen
class Guarded(Node):
    """``(BOOL ACTION)``: do ACTION (or offer it, in a choice) only when BOOL holds."""

    cond: Node
    body: Node
    RESULT = Ty.CONDACT
    CHILDREN = {"cond": Ty.BOOL, "body": (Ty.ACTION, Ty.MULTI2)}
    SYNTAX = ("$cond", "$body")
    GUARDS = True
    OPCODE = "GUARD"
    EXPAND = "XGUARD"
    ENGLISH = "if {cond}: {body}"


@frozen
class Ensure(Node):
    """Extension: ``(ensure BOOL CONDACT)``: CONDACT is done (or offered, in a choice) only
    if BOOL holds in the position right after doing it -- a legality test on the result
    of a move, e.g. Red7's "you must be winning after your move"."""

    cond: Node
    body: Node
    RESULT = Ty.CONDACT
    CHILDREN = {"cond": Ty.BOOL, "body": (Ty.ACTION, Ty.MULTI2, Ty.CONDACT)}
    SYNTAX = ("ensure", "$cond", "$body")
    EXTENSION = True
    GUARDS = True
    OPCODE = "ENSURE"
    EXPAND = "XENSURE"
    ENGLISH = "{body}, only if afterwards {cond}"


@frozen
class Otherwise(Node):
    """Extension: ``(otherwise ACTION)``, an item of a choice: offered only when no other
    item of the choice offers an option ("a player who cannot play passes", or is out)."""

    body: Node
    RESULT = Ty.OTHERWISE
    CHILDREN = {"body": (Ty.ACTION, Ty.MULTI2)}
    SYNTAX = ("otherwise", "$body")
    EXTENSION = True
    ENGLISH = "if nothing else is possible: {body}"


@frozen
class AggAction(Node):
    """``(any COLL 'V CONDACT)``: in a choice, one option per member; ``(all ...)``: do
    CONDACT for every member (outside a choice ``any`` behaves like ``all``)."""

    quant: Quant
    coll: Node
    var: Var
    body: Node
    RESULT = Ty.MULTI2
    CHILDREN = {"coll": COLLECTIONS, "var": ELEMENT, "body": Ty.CONDACT}
    SYNTAX = ("$quant", "$coll", "$var", "$body")
    BINDS = ("coll", "elem", "body")
    OPCODE = "EACH"
    OPERANDS = {"quant": "any"}
    EXPAND = "XANY"


@frozen
class Choice(Node):
    """``(choice (CONDACT ...))``: the current player picks one of the options."""

    items: tuple[Node, ...]
    RESULT = Ty.CHOICE
    CHILDREN = {"items": (Ty.CONDACT, Ty.OTHERWISE)}
    SYNTAX = ("choice", "(", "*items", ")")


@frozen
class Do(Node):
    """``(do (CONDACT ...))``: do every (guarded) item in order."""

    items: tuple[Node, ...]
    RESULT = Ty.MULTI2
    CHILDREN = {"items": Ty.CONDACT}
    SYNTAX = ("do", "(", "*items", ")")
    OPCODE = "DO"


@frozen
class Let(Node):
    """``(let VALUE 'V BODY)``: bind 'V to VALUE (evaluated once) within BODY."""

    value: Node
    var: Var
    body: Node
    CHILDREN = {"value": BINDABLE, "var": BINDABLE, "body": (Ty.MULTI, Ty.CONDACT)}
    SYNTAX = ("let", "$value", "$var", "$body")
    BINDS = ("value", "value", "body")
    OPCODE = "LET"
    EXPAND = "XLET"
    ENGLISH = "with {var} = {value}: {body}"

    def result(self) -> Ty:
        return Ty.CHOICE if self.body.result() is Ty.CHOICE else Ty.MULTI2


@frozen
class Stage(Node):
    """``(stage player|team (end BOOL) BODY ...)``: repeat BODY, one player (team) per
    pass, until BOOL holds (tested before every pass)."""

    kind: StageKind
    end: Node
    body: tuple[Node, ...]
    RESULT = Ty.STAGE
    CHILDREN = {"end": Ty.BOOL, "body": (Ty.STAGE, Ty.MULTI)}
    SYNTAX = ("stage", "$kind", "(", "end", "$end", ")", "*body")


# --- the game ------------------------------------------------------------------------------


@frozen
class Declare(Node):
    """``(declare VALUE 'NAME)``: a global constant, e.g. ``(declare 4 'NUMP)``."""

    value: Node
    var: Var
    CHILDREN = {"value": BINDABLE, "var": BINDABLE}
    SYNTAX = ("declare", "$value", "$var")


@frozen
class CreatePlayers(Node):
    count: Node
    CHILDREN = {"count": Ty.INT}
    SYNTAX = ("create", "players", "$count")


@frozen
class Setup(Node):
    players: CreatePlayers
    teams: CreateTeams | None
    decks: tuple[Node, ...]
    CHILDREN = {"players": Ty.PIECE, "teams": Ty.ACTION, "decks": Ty.ACTION}
    SYNTAX = ("setup", "$players", "$teams", "*decks")
    SETUP = True


class ScoringMode(Kw):
    COOPERATIVE = "cooperative"


@frozen
class Scoring(Node):
    """``(scoring min|max INT)``: INT is evaluated with each player made current; players
    are ranked by it (min: lowest first); tied players share the rank.

    Extension: ``(scoring cooperative min|max INT)`` says the seats play as one team: the
    outcome is their (shared) score, not who wins. Without it a game whose seats always
    share the result is a draw every time."""

    order: Order
    value: Node
    mode: ScoringMode | None = None
    CHILDREN = {"value": Ty.INT}
    SYNTAX = ("scoring", "$mode", "$order", "$value")

    @property
    def cooperative(self) -> bool:
        return self.mode is ScoringMode.COOPERATIVE


@frozen
class Game(Node):
    declares: tuple[Declare, ...]
    setup: Setup
    body: tuple[Node, ...]
    scoring: Scoring
    CHILDREN = {"declares": Ty.PIECE, "setup": Ty.PIECE, "body": Ty.BODY, "scoring": Ty.PIECE}
    MIN_ITEMS = {"declares": 0}
    SYNTAX = ("game", "*declares", "$setup", "*body", "$scoring")


seal()  # every class above gets its compiled methods here, in one exec


def node_classes() -> list[type[Node]]:
    """Every concrete construct class, in declaration order."""
    return [
        c
        for c in globals().values()
        if isinstance(c, type) and issubclass(c, Node) and c is not Node
    ]


#: Keywords of RECYCLE v0.5.10 that no construct writes: CARDSTOCK's grammar reserves them,
#: so a file may not use them as anything else.
RESERVED_KEYWORDS = ("new",)


def keywords() -> tuple[str, ...]:
    """Every keyword of the language, longest first: the words of each construct's
    ``SYNTAX``, the values of the keyword enums (`Kw`) and `RESERVED_KEYWORDS`. The
    grammar's ``KEYWORD`` terminal is built from it (`evogame.lang.sexpr.grammar_text`),
    so a new construct's keyword is known as soon as its class is declared."""
    words = set(RESERVED_KEYWORDS)
    for c in node_classes():
        words.update(w for w in c.SYNTAX if w.isalpha() and w.islower())
    enums = [Kw]
    while enums:
        e = enums.pop()
        enums += e.__subclasses__()
        words.update(k.value for k in e if k.value.isalpha() and k.value.islower())
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


def bool_parts(node: Node, op: BoolOpKind, nested: set[int] | None = None) -> list[Node]:
    """`node`'s parts under nested boolean operators of kind `op` (``and``: its
    conjuncts), left to right; ``[node]`` when it is no such operator. The ids of the
    operators of kind `op` inside `node` that were read through go to `nested` (a caller
    walking every operator skips them: they are parts of `node`'s list, not lists of
    their own)."""
    if not (isinstance(node, BoolOp) and node.op is op):
        return [node]
    out: list[Node] = []
    for a in node.args:
        if nested is not None and isinstance(a, BoolOp) and a.op is op:
            nested.add(id(a))
        out.extend(bool_parts(a, op, nested))
    return out


def team_rule(node: Node) -> Node | None:
    """The first construct under `node` that speaks of teams: a team (``current team``,
    ``(N team)``, a player's team), every team or the other teams, or a team stage;
    None when none does. (``create teams`` makes teams; it does not speak of them.)"""
    for n in walk(node):
        if isinstance(n, RelTeam | NumTeam | TeamOf | AllTeams | OtherTeams):
            return n
        if isinstance(n, Stage) and n.kind is StageKind.TEAM:
            return n
    return None
