"""Compile a checked AST into closures over small ints.

Every expression becomes ``f(st, env)``: `st` is the `State`, `env` the list of variable
values (variables are resolved to list indices here, once). Names from the rule file are
resolved to location slots, storage slots and attribute tables at compile time and are
never pasted into executed source: rule files are data.

Value encodings (what a compiled expression returns, by static type):
  INT int; BOOL bool; STR str; CARD card id (int) or None when there is no such card;
  CARDS list of card ids (bottom first; a location returns its own list, do not mutate);
  LOC location slot (int); CARDSETS list of card lists; LOCS list of slots;
  PLAYER seat (int); TEAM team index (int); PLAYERS/TEAMS/INTS/STRS lists;
  GAME -1; INTSTO/STRSTO/POINTS storage slot (int).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from evogame.engine import ops
from evogame.engine.errors import CompileError
from evogame.lang import ast as A
from evogame.lang.types import Ty

Fn = Callable[[Any, list], Any]

GAME_OWNER = -1


class Layout:
    """Slot numbering for locations and storages, shared by a compiled game's states.

    A location or storage is keyed by (owner, kind, name, index); owner is -1 for the
    table, a seat for a player, ``TEAM_BASE + t`` for a team. Keys met at compile time
    get slots up front; keys computed at run time (a name held in a string storage) get
    one on first use, so the layout can grow during play (states share it; growth is
    append-only, so a clone stays valid).
    """

    TEAM_BASE = ops.TEAM_BASE

    def __init__(self) -> None:
        self.slots: dict[tuple, int] = {}
        self.keys: list[tuple] = []

    def slot(self, key: tuple) -> int:
        s = self.slots.get(key)
        if s is None:
            s = self.slots[key] = len(self.keys)
            self.keys.append(key)
        return s


class Compiler:
    """Compiles the nodes of one game. `nplayers` is known at compile time (after defines)."""

    def __init__(self, nplayers: int, teams: list[list[int]]):
        self.nplayers = nplayers
        self.teams = teams
        self.team_of = [0] * nplayers
        for t, members in enumerate(teams):
            for p in members:
                self.team_of[p] = t
        self.locs = Layout()
        self.ints = Layout()
        self.strs = Layout()
        self.points = Layout()
        self.attrs: dict[str, list[str]] = {}
        self.var_slots: list[dict[str, int]] = [{}]
        self.nvars = 0
        #: ``max``/``min`` nodes (by id) whose every evaluation is reported to a function
        #: ``note(st, node, cards, picked)`` (`evogame.fitness.foregone`); None: none are.
        #: Read at compile time only: an unwatched node compiles to the same closure.
        self.watch: dict[int, Callable] | None = None

    # --- variables -------------------------------------------------------------------------

    def new_var(self, name: str | A.Var) -> int:
        """A new variable slot for `name` (or a `A.Var`'s), in scope until `pop_var`."""
        if isinstance(name, A.Var):
            name = name.name
        i = self.nvars
        self.nvars += 1
        self.var_slots.append({**self.var_slots[-1], name: i})
        return i

    def pop_var(self) -> None:
        self.var_slots.pop()

    def var_index(self, v: A.Var) -> int:
        try:
            return self.var_slots[-1][v.name]
        except KeyError:
            raise CompileError(f"unbound variable '{v.name}") from None

    def s(self, name: str) -> str:
        """A name as this engine holds it: the string itself (the VM's: its string id)."""
        return name

    def attribute(self, name: str) -> str:
        """A card attribute as this engine holds it: its name (the VM's: its index)."""
        return name

    def attr_table(self, name: str) -> list[str]:
        t = self.attrs.get(name)
        if t is None:
            t = self.attrs[name] = []
        return t

    # --- generic dispatch ------------------------------------------------------------------

    def expr(self, node: A.Node) -> Fn:
        m = getattr(self, "x_" + type(node).__name__, None)
        if m is not None:
            return m(node)
        if node.IS is not None:  # it is its child (`A.Node.IS`)
            return self.expr(getattr(node, node.IS))
        if node.OPS is not None:
            return self.function(node)
        return self.by_opcode(node)

    def by_opcode(self, node: A.Node) -> Fn:
        """An expression made by its opcode's Python body (`evogame.engine.bodies`, which
        `ActionCompiler` reads); here, none."""
        raise CompileError(f"cannot compile {type(node).__name__} as an expression")

    def function(self, n: A.Node) -> Fn:
        """A construct that is a function of its children's values (`A.Node.OPS`): the
        function of `ops` it names, applied to them in field order."""
        f = getattr(ops, n.OPS)
        args = [self.value(c, n.CHILDREN[name]) for name, c in _child_fields(n)]
        if len(args) == 1:
            (a,) = args
            return lambda st, env: f(a(st, env))
        if len(args) == 2:
            a, b = args
            return lambda st, env: f(a(st, env), b(st, env))
        return lambda st, env: f(*[a(st, env) for a in args])

    def value(self, node: A.Node, want: Ty | tuple[Ty, ...]) -> Fn:
        """`node` compiled to the value its parent declares it wants (`A.Node.CHILDREN`):
        a storage read, a location's cards."""
        if want is Ty.INT:
            return self.int_value(node)
        if want is Ty.STR:
            return self.str_value(node)
        if want is Ty.CARDS:
            return self.cards(node)
        if want is Ty.CARDSETS:
            return self.cardsets(node)
        return self.expr(node)

    def cards(self, node: A.Node) -> Fn:
        """Compile a CARDS-or-LOC expression so it returns a list of cards."""
        if node.result() is Ty.LOC:
            slot = self.expr(node)

            def loc_cards(st, env, slot=slot):
                return st.locs[slot(st, env)]

            return loc_cards
        return self.expr(node)

    def cardsets(self, node: A.Node) -> Fn:
        """Compile a CARDSETS-or-LOCS expression so it returns a list of card lists."""
        f = self.expr(node)
        if node.result() is Ty.LOCS:
            return lambda st, env: [st.locs[s] for s in f(st, env)]
        return f

    def coll(self, node: A.Node) -> Fn:
        """Any collection, as a list of its members (LOC: cards; LOCS: slots)."""
        ty = node.result()
        if ty is Ty.LOC:
            return self.cards(node)
        if ty is Ty.TEAM:
            f = self.expr(node)
            teams = self.teams
            return lambda st, env: teams[f(st, env)]
        return self.expr(node)

    # --- literals, variables ---------------------------------------------------------------

    def x_IntLit(self, n: A.IntLit) -> Fn:
        v = n.value
        return lambda st, env: v

    def x_Var(self, n: A.Var) -> Fn:
        i = self.var_index(n)
        return lambda st, env: env[i]

    # --- card collections ------------------------------------------------------------------

    def x_Location(self, n: A.Location) -> Fn:
        vis = n.vis.value
        owner = self.expr(n.owner)
        index = self.int_value(n.index) if n.index is not None else None
        layout = self.locs
        if isinstance(n.name, A.NameLit) and index is None:
            name = n.name.value
            if isinstance(n.owner, A.GameRef):
                s = layout.slot((GAME_OWNER, vis, name, 0))
                return lambda st, env: s
            base = [layout.slot((p, vis, name, 0)) for p in range(self.nplayers)]
            return lambda st, env: base[owner(st, env)]
        name_f = self.str_value(n.name)

        def dyn(st, env):
            key = (owner(st, env), vis, name_f(st, env), index(st, env) if index else 0)
            s = layout.slots.get(key)
            if s is None:
                s = layout.slot(key)
            if s >= len(st.locs):  # new here, or made in another state (a trial, a copy)
                st.grow_locs()
            return s

        return dyn

    # --- cards -----------------------------------------------------------------------------

    def x_Extremum(self, n: A.Extremum) -> Fn:
        coll, pts = self.cards(n.coll), self.expr(n.points)
        want_max = n.which is A.Extreme.MAX

        def extremum(st, env):
            cards = coll(st, env)
            return ops.extreme(st, pts(st, env), cards, want_max) if cards else None

        note = None if self.watch is None else self.watch.get(id(n))
        if note is None:
            return extremum

        def watched(st, env):
            cards = coll(st, env)
            picked = ops.extreme(st, pts(st, env), cards, want_max) if cards else None
            note(st, n, cards, picked)
            return picked

        return watched

    # --- storages ----------------------------------------------------------------------------

    def _storage(self, n, layout: Layout, kind: str) -> Fn:
        owner = self.expr(n.owner)
        if isinstance(n.name, A.NameLit):
            name = n.name.value
            if isinstance(n.owner, A.GameRef):
                s = layout.slot((GAME_OWNER, kind, name))
                return lambda st, env: s
            owner_is_team = n.owner.result() is Ty.TEAM
            if owner_is_team:
                base = [
                    layout.slot((Layout.TEAM_BASE + t, kind, name)) for t in range(len(self.teams))
                ]
            else:
                base = [layout.slot((p, kind, name)) for p in range(self.nplayers)]
            return lambda st, env: base[owner(st, env)]
        name_f = self.str_value(n.name)
        owner_is_team = n.owner.result() is Ty.TEAM
        values = {"sto": lambda st: st.ints, "str": lambda st: st.strs}.get(
            kind, lambda st: st.points
        )

        def dyn(st, env):
            o = owner(st, env)
            if owner_is_team:
                o += Layout.TEAM_BASE
            key = (o, kind, name_f(st, env))
            s = layout.slots.get(key)
            if s is None:
                s = layout.slot(key)
            if s >= len(values(st)):  # new here, or made in another state (a trial, a copy)
                st.grow_storage()
            return s

        return dyn

    def x_IntStorage(self, n: A.IntStorage) -> Fn:
        return self._storage(n, self.ints, "sto")

    def x_StrStorage(self, n: A.StrStorage) -> Fn:
        return self._storage(n, self.strs, "str")

    def x_PointStorage(self, n: A.PointStorage) -> Fn:
        return self._storage(n, self.points, "points")

    def int_value(self, node: A.Node) -> Fn:
        """An INT expression's value (reading the storage when it is one)."""
        f = self.expr(node)
        if node.result() is Ty.INTSTO:
            return lambda st, env: st.ints[f(st, env)]
        return f

    def str_value(self, node: A.Node) -> Fn:
        f = self.expr(node)
        if node.result() is Ty.STRSTO:
            return lambda st, env: st.strs[f(st, env)]
        return f

    # --- integers ----------------------------------------------------------------------------

    # --- strings -----------------------------------------------------------------------------

    # --- booleans ----------------------------------------------------------------------------


def _child_fields(n: A.Node) -> list[tuple[str, A.Node]]:
    """`n`'s child nodes with their field names, in field order."""
    return [
        (f.name, v) for f in dataclasses.fields(n) if isinstance(v := getattr(n, f.name), A.Node)
    ]
