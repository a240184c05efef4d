"""What a game is in play: its concepts read from the rules that fired.

Concepts are read from the rules (`evogame.distance.concepts`), so a rule that never fires
would make a game new on paper only: a transplanted contest whose guard is never true in
its host adds ``contest`` to the concept vector and nothing to play. `live_game` cuts from
a game the rules its gate sample showed dead (`evogame.engine.coverage`, recorded by every
evaluation as ``dead_rules``: "line:column always false" ...):

* a guarded rule ``(BOOL ACTION)`` or an ``ensure`` whose test was always false or never
  reached (its action was never done or offered);
* a stage whose end test was never reached (the stage never ran);
* the rule item (an item of a ``choice``, ``do`` or stage) holding a ``filter`` whose test
  was always false or never reached (the filter never admitted a card).

A test that was always *true* leaves its rule: the action it guards fired. The *live
concepts* are the concept vector of what is left (`live_concepts`); a game counts as a
new kind only when its cell is the cell of its live concepts (`archive.alive`).
"""

from __future__ import annotations

from collections.abc import Callable

from evogame.lang import ast as A
from evogame.lang.operands import ACTIONS
from evogame.lang.types import Ty

#: The version of the analysis (a record's ``live_version``): 2 cuts inert rules
#: too; 3 also moves into places that do not matter.
VERSION = 3

#: The outcomes of a dead test that make its rule dead (always true: the rule fired).
_DEAD = ("always false", "never reached")


def dead_positions(dead_rules: list[str]) -> dict[tuple[int, int], str]:
    """(line, column) -> outcome of each dead test of ``dead_rules`` that has a position
    ("12:5 always false" -> (12, 5): "always false"); tests named by text are skipped."""
    out = {}
    for d in dead_rules:
        pos, _, what = d.partition(" ")
        line, _, col = pos.partition(":")
        if line.isdigit() and col.isdigit():
            out[(int(line), int(col))] = what
    return out


def _is_dead(cond: A.Node, dead: dict[tuple[int, int], str]) -> bool:
    s = cond.span
    return s is not None and dead.get((s.line, s.column)) in _DEAD


def _dead_item(node: A.Node, dead: dict[tuple[int, int], str]) -> bool:
    """A rule item that never did anything: a dead guard, ensure or stage, or an item
    holding a dead filter."""
    if node.GUARDS and _is_dead(node.cond, dead):
        return True
    if isinstance(node, A.Stage):  # its items are judged one by one
        # an end test always false is a stage that runs until an outer one ends: alive
        s = node.end.span
        return s is not None and dead.get((s.line, s.column)) == "never reached"
    return any(_is_dead(f.cond, dead) for f in _own_filters(node))


def _own_filters(node: A.Node):
    """The filters of a rule item, not those of the items it holds (a ``do``, ``choice``
    or stage inside it: each is judged as an item of its own), nor those of a guard's
    test (the guard's own outcome judges it)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Filter):
            yield n
        kids = [n.body] if n.GUARDS else n.children()
        stack.extend(c for c in kids if not isinstance(c, (A.Do, A.Choice, A.Stage)))


#: The nodes whose tuple fields hold rule items (what `_cut` may remove).
_RULES = (A.Game, A.Stage, A.Choice, A.Do)


def _cut(node: A.Node, dead_item: Callable[[A.Node], bool]) -> A.Node:
    """`node` without the rule items (of a game, stage, choice or ``do``) `dead_item`
    names, at any depth."""
    dead = dead_item if isinstance(node, _RULES) else None
    return A.map_tree(node, lambda c, _f: _cut(c, dead_item), drop=dead)


# --- rules that change nothing ------------------------------------------------------------

#: Declared types of a child that is an action, or a stage or choice of them.
_HELD = ACTIONS | {Ty.STAGE, Ty.CHOICE, Ty.OTHERWISE}


def _holds_actions(cls: type[A.Node]) -> bool:
    return any(
        set(t if isinstance(t, (tuple, dict)) else (t,)) & _HELD for t in cls.CHILDREN.values()
    )


#: Nodes that decide whether, or how often, the actions they hold are done: what they read
#: matters only when those actions do (every construct of play with an action child).
_CONTROL = tuple(c for c in A.node_classes() if _holds_actions(c) and not c.SETUP)
#: Actions that change the cards, the turn or the point maps (or offer to pass): every
#: action of play that is neither control nor a storage write (`A.Node.STORES`).
_EFFECTS = tuple(
    c
    for c in A.node_classes()
    if c.RESULT is Ty.ACTION and c.STORES is None and not c.SETUP and not _holds_actions(c)
)


def _key(storage: A.Node) -> tuple[str, str]:
    from evogame.lang import to_text

    return type(storage).__name__, to_text(storage.name)


def _loc(node: A.Node) -> tuple[bool, str, str]:
    """A location's identity, owners aside: (the table's, visibility, name)."""
    from evogame.lang import to_text

    name = node.name.value if isinstance(node.name, A.NameLit) else to_text(node.name)
    return isinstance(node.owner, A.GameRef), node.vis.value, name


def _locs(node: A.Node, env: dict[str, frozenset]) -> frozenset:
    """The locations an expression takes cards from: those it names, and those of the
    collections its variables range over (``env``)."""
    out: set = set()
    for n in A.walk(node):
        if n.NAMED == "place":
            out.add(_loc(n))
        elif isinstance(n, A.Var):
            out |= env.get(n.name, frozenset())
    return frozenset(out)


def move_flows(game: A.Game) -> dict[int, tuple[frozenset, frozenset]]:
    """`_moves` of the whole game: id(move) -> (the locations its cards come from, the
    locations they go to), for every ``move`` and ``remember`` of `game`."""
    out: dict[int, tuple[frozenset, frozenset]] = {}
    _moves(game, {}, out)
    return out


def _moves(node: A.Node, env: dict[str, frozenset], out: dict) -> None:
    """id(move) -> (the locations its cards come from, the locations they go to), for
    every ``move`` and ``remember``, variables followed to their binders' collections."""
    if node.PUTS is not None:
        out[id(node)] = (_locs(node.src, env), _locs(node.dst, env))
    var = getattr(node, "var", None)
    coll = node.value if isinstance(node, A.Let) else getattr(node, "coll", None)
    if isinstance(var, A.Var) and coll is not None:
        env = {**env, var.name: _locs(coll, env)}
    for c in node.children():
        _moves(c, env, out)


class Inert:
    """The storages and locations that matter, and the rule items that change nothing.

    A storage or location *matters* when the score reads it, or an action that matters
    reads it or depends on it: through a guard, an ``ensure``, a filter or aggregate it
    runs under, the end test of the stage it is in, or as the place a move that matters
    takes its cards from. An action *matters* when it shuffles, cycles, sets a point map
    or passes; when it writes a storage that matters; and when it moves cards into a
    location that matters, or out of a player's location that matters (a player who
    loses cards has lost something even if they go where nothing looks). Found as the
    least fixed point from none (owners aside: ``(P sto CHIPS)`` and ``(game sto
    CHIPS)`` are one storage, each player's ``WON`` one location). A rule item whose
    actions all do not matter is *inert*: Kuhn poker's betting round transplanted into Go
    Fish, its chips counted by nothing, is played and changes nothing; a transplanted
    contest whose prize goes to a pile nothing scores, or a draw into a pile nothing
    reads, changes nothing a player can count."""

    def __init__(self, game: A.Game):
        self.matter: set[tuple[str, str]] = set()
        self.places: set[tuple[bool, str, str]] = set()
        self._move_locs: dict[int, tuple[frozenset, frozenset]] = {}
        _moves(game, {}, self._move_locs)
        while True:
            self._effective: dict[int, tuple[A.Node, bool]] = {}
            before = len(self.matter) + len(self.places)
            self._visit(game, True)
            if len(self.matter) + len(self.places) == before:
                break

    def _move_matters(self, n: A.Node) -> bool:
        src, dst = self._move_locs.get(id(n), (frozenset(), frozenset()))
        if not src or not dst:  # a place this analysis cannot name: assume it matters
            return True
        return bool(dst & self.places) or any(not k[0] for k in src & self.places)

    def effective(self, node: A.Node) -> bool:
        """`node` holds an action that matters."""
        got = self._effective.get(id(node))
        # the node is held with its answer: a node of another tree, asked of an analysis
        # kept for reuse (`inert`), cannot be freed and its id given to another meanwhile
        if got is None or got[0] is not node:
            got = self._effective[id(node)] = (
                node,
                any(
                    (n.PUTS is not None and self._move_matters(n))
                    or (isinstance(n, _EFFECTS) and n.PUTS is None)
                    or (n.STORES is not None and _key(n.target) in self.matter)
                    for n in A.walk(node)
                ),
            )
        return got[1]

    def _visit(self, node: A.Node, ctx: bool) -> None:
        if node.NAMED == "storage":
            if ctx:
                self.matter.add(_key(node))
            self._visit(node.owner, ctx)
            return
        if node.NAMED == "place":
            if ctx:
                self.places.add(_loc(node))
            self._visit(node.owner, ctx)
            if getattr(node, "index", None) is not None:
                self._visit(node.index, ctx)
            return
        if node.STORES is not None:
            self._visit(node.target.owner, ctx)
            self._visit(node.value, _key(node.target) in self.matter)
            return
        if node.PUTS is not None:
            eff = self._move_matters(node)
            self._visit(node.src, ctx and eff)
            self._visit_dst(node.dst, ctx and eff)
            return
        if isinstance(node, _CONTROL):
            ctx = self.effective(node)
        for c in node.children():
            self._visit(c, ctx)

    def _visit_dst(self, node: A.Node, ctx: bool) -> None:
        """A move's destination: the place is written, not read (what picks it is read)."""
        if node.NAMED == "place":
            self._visit(node.owner, ctx)
            if getattr(node, "index", None) is not None:
                self._visit(node.index, ctx)
            return
        for c in node.children():
            self._visit_dst(c, ctx)


#: `Inert` of the last `INERT_KEPT` games asked of `inert` (by id: the game held with its
#: analysis, so its id cannot be another object's meanwhile).
INERT_KEPT = 8
_INERT: dict[int, tuple[A.Game, Inert]] = {}


def inert(game: A.Game) -> Inert:
    """`Inert(game)`, built once for the last `INERT_KEPT` games asked: the judge's static
    checks ask for it in several places of one judgement (`credits`, `bindings`,
    `coherence`), and a transplant's checks of a child then its judgement again. Trees
    are immutable and `Inert` is a function of its game (its `effective` answers, filled
    as asked, are too), so a kept one answers as a new one would."""
    got = _INERT.get(id(game))
    if got is None or got[0] is not game:
        if len(_INERT) >= INERT_KEPT:
            del _INERT[next(iter(_INERT))]  # the oldest
        got = _INERT[id(game)] = (game, Inert(game))
    return got[1]


def live_game(game: A.Game, dead_rules: list[str]) -> A.Game:
    """`game` without the rules ``dead_rules`` shows never did anything, then without
    the rule items that change nothing (`Inert`) (module docstring); `game` itself when
    none. Read for its concepts only: what is left need not be a valid game."""
    dead = {k: v for k, v in dead_positions(dead_rules).items() if v in _DEAD}
    if dead:
        game = _cut(game, lambda x: _dead_item(x, dead))
    kept = inert(game)
    return _cut(
        game,
        lambda x: (
            (isinstance(x, (*_CONTROL, *_EFFECTS)) or x.STORES is not None)
            and not kept.effective(x)
        ),
    )


def live_concepts(game: A.Game, dead_rules: list[str]) -> dict[str, float]:
    """The concept vector of the rules that fired (`live_game`)."""
    from evogame.distance.concepts import concept_vector

    return concept_vector(live_game(game, dead_rules))
