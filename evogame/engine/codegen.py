"""The fast back end: generate Python source for expressions, actions and choice expansion.

`GenCompiler` fuses a whole expression (or a whole action, or a choice's option builder)
into one Python function, instead of one closure per node, and falls back to the closure
compiler (`ActionCompiler`) node by node where it has no rule. Semantics are identical:
tests compare the records of both back ends on every CARDSTOCK file.

Rule files are data: the generated source contains only our own code, slot numbers and
integer literals. Every value from the rule file (names, strings, attribute tables) is
referenced as a global ``_k<i>`` of the generated code's namespace (and kept in the
constants list ``K``); nothing from the file is pasted.
"""

from __future__ import annotations

from evogame.engine import ops, options
from evogame.engine.actions import ActionCompiler
from evogame.engine.compile import GAME_OWNER, Fn, scan_counts
from evogame.engine.errors import GameError
from evogame.lang import ast as A
from evogame.lang.types import Ty


class _NoGen(Exception):
    """This node has no code-generation rule here; use the closure back end."""


def _top(c):
    return c[-1] if c else None


def _bottom(c):
    return c[0] if c else None


def _nth(c, i):
    return c[i] if 0 <= i < len(c) else None


def _att(table, c):
    return "" if c is None or c >= len(table) else table[c]


# The semantics of values and movements live in `ops`, once; generated code calls them.
_HELPERS = {
    "_extreme": ops.extreme,
    "_union": ops.union,
    "_owner": ops.owner,
    "_top": _top,
    "_bottom": _bottom,
    "_nth": _nth,
    "_att": _att,
    "_add": ops.add,
    "_sub": ops.sub,
    "_mul": ops.mul,
    "_div": ops.quot,
    "_mod": ops.mod,
    "_score": ops.score,
    "_sum": ops.sum_points,
    "_cnt": ops.counted,
    "_take": ops.take,
    "GameError": GameError,
}

_CMP = {"==": "==", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}


class GenCompiler(ActionCompiler):
    """ActionCompiler whose `expr`, `run` and `expand` generate fused Python source."""

    def __init__(self, nplayers: int, teams: list[list[int]]):
        super().__init__(nplayers, teams)
        self.K: list = []
        self._kid: dict[int, int] = {}
        self.local: set[int] = set()  # env indices bound as Python locals in generated code
        self.ns = {"K": self.K, **_HELPERS}
        self.sources: list[str] = []

    # --- plumbing ------------------------------------------------------------------------

    def const(self, value) -> str:
        """Reference a value from the rule file (or any object) as ``K[i]``."""
        key = id(value)
        i = self._kid.get(key)
        if i is None or self.K[i] is not value:
            i = len(self.K)
            self.K.append(value)
            self._kid[key] = i
            self.ns[f"_k{i}"] = value  # one global lookup in generated code
        return f"_k{i}"

    def fallback(self, fn: Fn, node: A.Node) -> str:
        """Call a closure from generated code: legal only if it reads no local variable."""
        if self.local:
            for n in A.walk(node):
                if isinstance(n, A.Var) and self.var_slots[-1].get(n.name) in self.local:
                    raise _NoGen()
        return f"{self.const(fn)}(st, env)"

    def build(self, src: str, name: str = "f"):
        self.sources.append(src)  # kept for inspection (`evogame.engine.codegen.dump`)
        code = compile(src, "<evogame generated>", "exec")
        exec(code, self.ns)  # our own generated source: only slots, int literals and _k<i>
        return self.ns.pop(name)

    # --- expressions ---------------------------------------------------------------------

    def expr(self, node: A.Node) -> Fn:
        if self.local:
            return super().expr(node)
        if isinstance(node, A.AggBool):
            # A quantifier as the whole expression (end conditions, mostly): a plain loop
            # is cheaper than any()/all() over a generator.
            try:
                return self.build(self.quantifier_function(node))
            except _NoGen:
                pass
        try:
            src = self.g(node)
        except _NoGen:
            return super().expr(node)
        return self.build(f"def f(st, env):\n    return {src}\n")

    def g(self, node: A.Node) -> str:
        """Python source of an expression's value (same encoding as the closures)."""
        m = getattr(self, "g_" + type(node).__name__, None)
        if m is None:
            return self.fallback(ActionCompiler.expr(self, node), node)
        return m(node)

    def gi(self, node: A.Node) -> str:
        """An INT value (storages read)."""
        s = self.g(node)
        return f"st.ints[{s}]" if node.result() is Ty.INTSTO else s

    def gs(self, node: A.Node) -> str:
        s = self.g(node)
        return f"st.strs[{s}]" if node.result() is Ty.STRSTO else s

    def gc(self, node: A.Node) -> str:
        """A collection as a list (a location's own list)."""
        ty = node.result()
        s = self.g(node)
        if ty is Ty.LOC:
            return f"st.locs[{s}]"
        if ty is Ty.TEAM:
            return f"{self.const(self.teams)}[{s}]"
        return s  # LOCS stay slot lists, as the closure back end iterates them

    def g_IntLit(self, n: A.IntLit) -> str:
        return repr(int(n.value))

    def g_NameLit(self, n: A.NameLit) -> str:
        return self.const(n.value)

    def g_Var(self, n: A.Var) -> str:
        i = self.var_index(n)
        return f"v{i}" if i in self.local else f"env[{i}]"

    def g_GameRef(self, n) -> str:
        return repr(GAME_OWNER)

    def g_RelPlayer(self, n: A.RelPlayer) -> str:
        np_ = self.nplayers
        if n.rel is A.Rel.CURRENT:
            return "st.pcycle[0]"
        if n.rel is A.Rel.NEXT:
            return f"(st.pcycle[1] if st.pcycle[1] >= 0 else (st.pcycle[0] + 1) % {np_})"
        return f"((st.pcycle[0] - 1) % {np_})"

    def g_NumPlayer(self, n: A.NumPlayer) -> str:
        return f"(({self.gi(n.index)}) % {self.nplayers})"

    def g_TeamOf(self, n: A.TeamOf) -> str:
        return f"{self.const(self.team_of)}[{self.g(n.player)}]"

    def g_OwnerOf(self, n: A.OwnerOf) -> str:
        return f"_owner({self.const(self.locs.keys)}, st.where, {self.g(n.card)})"

    def g_AllPlayers(self, n) -> str:
        return self.const(list(range(self.nplayers)))

    def g_Location(self, n: A.Location) -> str:
        if not isinstance(n.name, A.NameLit) or n.index is not None:
            return self.fallback(ActionCompiler.expr(self, n), n)
        name = n.name.value
        vis = n.vis.value
        if isinstance(n.owner, A.GameRef):
            return repr(self.locs.slot((GAME_OWNER, vis, name, 0)))
        base = [self.locs.slot((p, vis, name, 0)) for p in range(self.nplayers)]
        return f"{self.const(base)}[{self.g(n.owner)}]"

    def _storage_src(self, n, layout, kind: str) -> str:
        if not isinstance(n.name, A.NameLit):
            return self.fallback(ActionCompiler.expr(self, n), n)
        name = n.name.value
        if isinstance(n.owner, A.GameRef):
            return repr(layout.slot((GAME_OWNER, kind, name)))
        if n.owner.result() is Ty.TEAM:
            base = [layout.slot((layout.TEAM_BASE + t, kind, name)) for t in range(len(self.teams))]
        else:
            base = [layout.slot((p, kind, name)) for p in range(self.nplayers)]
        return f"{self.const(base)}[{self.g(n.owner)}]"

    def g_IntStorage(self, n) -> str:
        return self._storage_src(n, self.ints, "sto")

    def g_StrStorage(self, n) -> str:
        return self._storage_src(n, self.strs, "str")

    def g_PointStorage(self, n) -> str:
        return self._storage_src(n, self.points, "points")

    def g_Size(self, n: A.Size) -> str:
        return f"len({self.gc(n.coll)})"

    def g_Top(self, n: A.Top) -> str:
        if n.coll.result() not in (Ty.CARDS, Ty.LOC):
            return self.fallback(ActionCompiler.expr(self, n), n)
        return f"_top({self.gc(n.coll)})"

    def g_Bottom(self, n: A.Bottom) -> str:
        if n.coll.result() not in (Ty.CARDS, Ty.LOC):
            return self.fallback(ActionCompiler.expr(self, n), n)
        return f"_bottom({self.gc(n.coll)})"

    def g_Nth(self, n: A.Nth) -> str:
        if n.coll.result() not in (Ty.CARDS, Ty.LOC):
            return self.fallback(ActionCompiler.expr(self, n), n)
        return f"_nth({self.gc(n.coll)}, {self.gi(n.index)})"

    def g_Actual(self, n: A.Actual) -> str:
        return self.g(n.card)

    def g_CardAtt(self, n: A.CardAtt) -> str:
        if not isinstance(n.attr, A.NameLit):
            return self.fallback(ActionCompiler.expr(self, n), n)
        table = self.const(self.attr_table(n.attr.value))
        if isinstance(n.card, A.Var):
            # A bound card is never None, and attribute tables cover every card (they are
            # made at compile time, before any card, and grow with every card created).
            return f"{table}[{self.g(n.card)}]"
        return f"_att({table}, {self.g(n.card)})"

    def local_binding(self, name: str, body) -> tuple[int, str]:
        """Bind variable `name` as the Python local ``v<i>`` of a generated comprehension
        or loop while generating `body()`; returns (i, the body's source)."""
        i = self.new_var(name)
        self.local.add(i)
        try:
            return i, body()
        finally:
            self.local.discard(i)
            self.pop_var()

    def scanned(self, coll: A.Node) -> str:
        """A collection to iterate, its scan counted as work (`scan_counts`)."""
        src = self.gc(coll)
        return f"_cnt(st, {src})" if scan_counts(coll) else src

    def g_Filter(self, n: A.Filter) -> str:
        coll = self.scanned(n.coll)
        i, cond = self.local_binding(n.var.name, lambda: self.g(n.cond))
        return f"[v{i} for v{i} in {coll} if {cond}]"

    def g_AggBool(self, n: A.AggBool) -> str:
        coll = self.scanned(n.coll)
        i, cond = self.local_binding(n.var.name, lambda: self.g(n.cond))
        fn = "any" if n.quant is A.Quant.ANY else "all"
        return f"{fn}({cond} for v{i} in {coll})"

    def quantifier_function(self, n: A.AggBool) -> str:
        coll = self.scanned(n.coll)
        i, cond = self.local_binding(n.var.name, lambda: self.g(n.cond))
        if n.quant is A.Quant.ANY:
            test, hit, miss = cond, "True", "False"
        else:
            test, hit, miss = f"not ({cond})", "False", "True"
        return (
            f"def f(st, env):\n    for v{i} in {coll}:\n        if {test}:\n"
            f"            return {hit}\n    return {miss}\n"
        )

    def g_BoolOp(self, n: A.BoolOp) -> str:
        op = " and " if n.op is A.BoolOpKind.AND else " or "
        return "(" + op.join(f"({self.g(a)})" for a in n.args) + ")"

    def g_Not(self, n: A.Not) -> str:
        return f"(not {self.g(n.arg)})"

    def g_IntCmp(self, n) -> str:
        return f"({self.gi(n.a)} {_CMP[n.op.value]} {self.gi(n.b)})"

    def g_StrCmp(self, n) -> str:
        return f"({self.gs(n.a)} {_CMP[n.op.value]} {self.gs(n.b)})"

    def g_CardCmp(self, n) -> str:
        return f"({self.g(n.a)} {_CMP[n.op.value]} {self.g(n.b)})"

    g_PlayerCmp = g_TeamCmp = g_CardCmp

    def g_Arith(self, n: A.Arith) -> str:
        a, b = self.gi(n.a), self.gi(n.b)
        op = n.op
        if op is A.ArithOp.DIV:
            return f"_div({a}, {b})"
        if op is A.ArithOp.MOD:
            return f"_mod({a}, {b})"
        if op is A.ArithOp.POW:
            return self.fallback(ActionCompiler.expr(self, n), n)
        f = {A.ArithOp.ADD: "_add", A.ArithOp.SUB: "_sub", A.ArithOp.MUL: "_mul"}[op]
        return f"{f}({a}, {b})"  # checked: a result beyond 64 bits is an error (ops.add)

    def g_Extremum(self, n: A.Extremum) -> str:
        want_max = n.which is A.Extreme.MAX
        return f"_extreme(st, {self.g(n.points)}, {self.gc(n.coll)}, {want_max})"

    def g_AggCards(self, n: A.AggCards) -> str:
        coll = self.gc(n.coll)
        i, cards = self.local_binding(n.var.name, lambda: self.gc(n.cards))
        return f"[{cards} for v{i} in {coll}]"

    def g_SetOpAll(self, n: A.SetOpAll) -> str:
        if n.op is not A.SetOpKind.UNION or n.sets.result() is Ty.LOCS:
            return self.fallback(ActionCompiler.expr(self, n), n)
        return f"_union({self.g(n.sets)})"

    def g_SetOp(self, n: A.SetOp) -> str:
        if n.op is not A.SetOpKind.UNION:
            return self.fallback(ActionCompiler.expr(self, n), n)
        return "_union([" + ", ".join(self.gc(p) for p in n.parts) + "])"

    def g_ScoreCard(self, n: A.ScoreCard) -> str:
        return f"_score(st, {self.g(n.points)}, {self.g(n.card)})"

    def g_SumPoints(self, n: A.SumPoints) -> str:
        return f"_sum(st, {self.g(n.points)}, {self.gc(n.coll)})"

    # --- actions -------------------------------------------------------------------------

    def run(self, node: A.Node) -> Fn:
        try:
            lines = self.stmt(node, 1)
        except _NoGen:
            return super().run(node)
        return self.build("def f(st, env):\n" + "\n".join(lines) + "\n    return None\n")

    def stmt(self, node: A.Node, depth: int) -> list[str]:
        """Lines of Python (indented `depth` levels) performing `node`."""
        pad = "    " * depth
        m = getattr(self, "s_" + type(node).__name__, None)
        if m is None:
            fn = ActionCompiler.run(self, node)
            return [pad + f"{self.const(fn)}(st, env)"]
        return m(node, depth, pad)

    def s_Move(self, n: A.Move, depth: int, pad: str) -> list[str]:
        """`ops.move_top`/`ops.move_bottom` inlined but for the lift (`ops.take`)."""
        src = self.g(n.src)
        dst = n.dst
        if not (isinstance(dst, (A.Top, A.Bottom)) and dst.coll.result() is Ty.LOC):
            return [pad + f"{self.const(ActionCompiler.run(self, n))}(st, env)"]
        put = "append(c)" if isinstance(dst, A.Top) else "insert(0, c)"
        slot = self.g(dst.coll)
        return [
            pad + f"c = {src}",
            pad + "if c is not None:",
            pad + f"    s = {slot}",
            pad + "    _take(st, c)",
            pad + f"    st.locs[s].{put}",
            pad + "    st.where[c] = s",
        ]

    def s_SetInt(self, n, depth, pad) -> list[str]:
        return [pad + f"st.ints[{self.g(n.target)}] = {self.gi(n.value)}"]

    def s_IncInt(self, n, depth, pad) -> list[str]:
        return [
            pad + f"s = {self.g(n.target)}",
            pad + f"st.ints[s] = _add(st.ints[s], {self.gi(n.value)}, 'inc')",
        ]

    def s_DecInt(self, n, depth, pad) -> list[str]:
        return [
            pad + f"s = {self.g(n.target)}",
            pad + f"st.ints[s] = _sub(st.ints[s], {self.gi(n.value)}, 'dec')",
        ]

    def s_SetStr(self, n, depth, pad) -> list[str]:
        return [pad + f"st.strs[{self.g(n.target)}] = {self.gs(n.value)}"]

    def s_InitPoints(self, n: A.InitPoints, depth, pad) -> list[str]:
        """The point map's description is built inline; its compiled form is memoised."""
        awards = []
        for aw in n.awards:
            conds = ", ".join(f"({self.gs(c.key)}, {self.gs(c.value)})" for c in aw.conds)
            awards.append(f"(({conds},), {self.gi(aw.value)})")
        memo = self.const({})
        attrs = self.const(self.attrs)
        return [
            pad + f"key = ({', '.join(awards)},)",
            pad + f"comp = {memo}.get(key)",
            pad + "if comp is None:",
            pad
            + f"    comp = {memo}[key] = tuple((tuple(({attrs}.get(k, []), v) for k, v in ks), p) for ks, p in key)",
            pad + f"st.set_points({self.g(n.target)}, key, comp)",
        ]

    def s_TurnPass(self, n, depth, pad) -> list[str]:
        return [pad + "pass"]

    def s_Do(self, n: A.Do, depth, pad) -> list[str]:
        out: list[str] = []
        for x in n.items:
            out.extend(self.stmt(x, depth))
        return out

    def s_Guarded(self, n: A.Guarded, depth, pad) -> list[str]:
        return [pad + f"if {self.g(n.cond)}:", *self.stmt(n.body, depth + 1)]

    def s_AggAction(self, n: A.AggAction, depth, pad) -> list[str]:
        coll = self.gc(n.coll)
        i = self.new_var(n.var.name)
        try:
            body = self.stmt(n.body, depth + 1)
        finally:
            self.pop_var()
        return [pad + f"for x{depth} in list({coll}):", pad + f"    env[{i}] = x{depth}", *body]

    def s_Repeat(self, n: A.Repeat, depth, pad) -> list[str]:
        return [
            pad + f"k{depth} = {self.gi(n.count)}",
            pad + f"st.count_steps(k{depth})",
            pad + f"for _ in range(k{depth}):",
            *self.stmt(n.action, depth + 1),
        ]

    # --- choice expansion ----------------------------------------------------------------

    def expand_choice(self, items: tuple[A.Node, ...]) -> Fn:
        """One generated function listing the options of every item of a choice."""
        lines: list[str] = []
        for item in items:
            try:
                lines.extend(self.exp(item, 1))
            except _NoGen:
                lines.append(f"    {self.const(super().expand(item))}(st, env, out)")
        return self.build("def f(st, env, out):\n" + "\n".join(lines) + "\n    return None\n")

    def expand(self, node: A.Node) -> Fn:
        try:
            lines = self.exp(node, 1)
        except _NoGen:
            return super().expand(node)
        return self.build("def f(st, env, out):\n" + "\n".join(lines) + "\n    return None\n")

    def exp(self, node: A.Node, depth: int) -> list[str]:
        """Lines listing the options of a `fast` item (`evogame.engine.options`)."""
        pad = "    " * depth
        if not options.fast(node) or isinstance(node, (A.Let, A.Ensure)):
            raise _NoGen()
        if isinstance(node, A.Guarded):
            return [pad + f"if {self.g(node.cond)}:", *self.exp(node.body, depth + 1)]
        if isinstance(node, A.AggAction):  # an any (`fast` admits no all)
            coll = self.gc(node.coll)
            i = self.new_var(node.var.name)
            try:
                body = self.exp(node.body, depth + 1)
            finally:
                self.pop_var()
            # Listing options changes nothing, so the collection need not be copied; each
            # item is a candidate option tried: one unit of work each (State.work).
            return [
                pad + f"c{depth} = {coll}",
                pad + f"st.past_steps += len(c{depth})",
                pad + f"for x{depth} in c{depth}:",
                pad + f"    env[{i}] = x{depth}",
                *body,
            ]
        offer = pad + f"out.append(({self.const(self.run(node))}, env[:]))"
        if options.leaf_check(node) == "always":
            return [offer]
        # a move of no card is no action: offered only when its card exists
        return [pad + f"if {self.g(options.card_source(node))} is not None:", "    " + offer]
