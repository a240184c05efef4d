"""Compile actions: executed directly (`run`) or expanded into a choice's options (`expand`).

``run(node)`` gives ``f(st, env)`` that performs the action. ``expand(node)`` gives
``g(st, env, out)`` that appends the options the node offers in a choice to `out`, each
an ``(action, env_copy)`` pair, by the rules of `evogame.engine.options`; the chosen
option's action runs later on its own copy of the bindings.
"""

from __future__ import annotations

from evogame.engine import bodies, coverage, ops, options
from evogame.engine.compile import Compiler, Fn
from evogame.engine.errors import CompileError
from evogame.lang import ast as A
from evogame.lang.operands import Operands
from evogame.lang.types import Ty


class ActionCompiler(Compiler, Operands):
    """Adds actions and choice expansion to the expression compiler.

    With `tracked` (the game's conditions, `coverage.conditions`), it records what the game
    decided (`evogame.engine.coverage`): each tracked condition the values it took, in
    `hits` (per condition, a bit mask of `coverage.FALSE_SEEN` and `coverage.TRUE_SEEN`),
    and each ``move`` whether it moved a card (`coverage.MOVED`) or found none
    (`coverage.NOTHING`), in `moved` (by node id). Semantics are unchanged: the wrappers
    return what they wrap.
    """

    def __init__(
        self,
        nplayers: int,
        teams: list[list[int]],
        tracked: list[A.Node] | None = None,
        writes: bool = False,
    ):
        super().__init__(nplayers, teams)
        #: with `writes`: the integer storage slots a storage action wrote (a set, an inc, a
        #: dec...), whatever the value; the caller clears it between games. None otherwise
        self.written: set[int] | None = set() if writes else None
        #: coverage: the index of each tracked condition (by node id), None when not recording
        self.tracked = None if tracked is None else {id(n): i for i, n in enumerate(tracked)}
        self.hits = [0] * len(tracked or ())
        self.moved: dict[int, int] = {}
        #: per CreateDeck node: its cards' attribute dicts and deck name
        self.decks: list[tuple[list[dict[str, str]], str]] = []
        #: per card, its deck's back: decks with the same name (DEFAULT when unnamed) look alike
        self.deck_of_card: list[int] = []  # grows as cards are created (append-only)
        self.deck_backs: dict[str, int] = {}
        #: the slots bound around the choice item being listed (`Operands`; the VM's alone
        #: reads them: an option here keeps a copy of every binding)
        self.item_binders: list[int] = []
        #: (deck index, nth use) -> the card ids that use created (shared by all states)
        self.created: dict[tuple[int, int], list[int]] = {}

    # --- running actions ---------------------------------------------------------------------

    def run(self, node: A.Node) -> Fn:
        m = getattr(self, "r_" + type(node).__name__, None)
        if m is not None:
            return m(node)
        if node.STORES is not None:
            return self.store(node)
        if node.OPCODE in bodies.BODIES:
            return self.derived(node)
        raise CompileError(f"cannot compile {type(node).__name__} as an action")

    def by_opcode(self, node: A.Node) -> Fn:
        """An expression made by its opcode's body (`evogame.engine.bodies`; `A.Node.opcode`
        chooses the opcode) from its operands, as an action is (`derived`): comparisons,
        arithmetic, filters, picks, ... (`tests/engine/test_bodies.py` lists them)."""
        op = node.opcode()
        if op in bodies.BODIES:  # ``game``: the tables a seat's or a team's body reads
            return bodies.make(op, {**self.operands(node), "game": self})
        return super().by_opcode(node)

    def derived(self, n: A.Node) -> Fn:
        """An action done by its opcode over its fields: the opcode's body
        (`evogame.engine.bodies`) made from its operands (`evogame.lang.operands.Operands`)."""
        f = bodies.make(n.OPCODE, self.operands(n))
        if self.tracked is None or not coverage.records_moved(n):
            return f
        moved, key = self.moved, id(n)

        def recorded(st, env):
            did = f(st, env)
            moved[key] = moved.get(key, 0) | (coverage.MOVED if did else coverage.NOTHING)
            return did

        return recorded

    def store(self, n: A.Node) -> Fn:
        """A storage action (`A.Node.STORES`): a set gives its target the value; any other
        gives it its `ops` function (`A.Node.OPS`) of the old value and the value."""
        t, v = self.expr(n.target), self.value(n.value, n.CHILDREN["value"])
        ints = n.CHILDREN["target"] is Ty.INTSTO
        if ints and self.written is not None:
            t = self._noting(t, self.written)
        if n.STORES == "set":
            # the value is evaluated before the target (Python's a[t] = v; the VM too)
            if ints:

                def set_int(st, env):
                    st.ints[t(st, env)] = v(st, env)

                return set_int

            def set_str(st, env):
                st.strs[t(st, env)] = v(st, env)

            return set_str
        f = getattr(ops, n.OPS)

        def update(st, env):  # the target, its old value, then the value
            s = t(st, env)
            st.ints[s] = f(st.ints[s], v(st, env))

        return update

    @staticmethod
    def _noting(t: Fn, written: set[int]) -> Fn:
        """`t` (a storage action's target slot) that also notes the slot in `written`: the
        target is computed once per action, just before the write."""

        def noted(st, env):
            s = t(st, env)
            written.add(s)
            return s

        return noted

    def expr(self, node: A.Node) -> Fn:
        f = super().expr(node)
        i = None if self.tracked is None else self.tracked.get(id(node))
        if i is None:
            return f
        hits = self.hits

        def recorded(st, env):
            v = f(st, env)
            hits[i] |= coverage.TRUE_SEEN if v else coverage.FALSE_SEEN
            return v

        return recorded

    def r_CreateTeams(self, n: A.CreateTeams) -> Fn:
        raise CompileError("(create teams ...) is supported in setup only")

    def let_value(self, node: A.Node) -> Fn:
        """A bound value: a storage is read once; a location stays a slot."""
        ty = node.result()
        if ty is Ty.INTSTO:
            return self.int_value(node)
        if ty is Ty.STRSTO:
            return self.str_value(node)
        f = self.expr(node)
        if ty in (Ty.CARDS, Ty.CARDSETS):
            return lambda st, env: list(f(st, env))  # a snapshot, evaluated once
        return f

    # --- listing a choice's options ---------------------------------------------------------

    def primitive(self, node: A.Node) -> Fn:
        """A primitive action as a closure that returns False when it did nothing (a move
        of no card, a forget of an empty place, a repeat of nothing): the option walker
        counts the actions a branch gathers (`evogame.engine.options`)."""
        return self.run(node)

    def walked(self, node: A.Node) -> Fn:
        """`node` walked on trial copies, branch by branch (`evogame.engine.options.listing`)."""
        return options.listing(self, node)

    def expand(self, node: A.Node) -> Fn:
        """``g(st, env, out)``: append the options `node` (a choice item) offers to `out`,
        by CARDSTOCK's rules (`evogame.engine.options`). Items whose options are decided
        before their first action are listed here without doing anything; the others are
        walked on trial copies."""
        if not options.fast(node):
            return options.item(self, node)
        if node.EXPAND is not None:  # guards, any, let and ensure above a leaf
            return bodies.make(node.EXPAND, self.operands(node, act="expand"))
        action = self.run(node)
        if options.leaf_check(node) == "always":

            def single(st, env, out):
                out.append((action, env[:]))

            return single
        src = self.expr(options.card_source(node))

        def single_card(st, env, out):
            if src(st, env) is not None:  # a move of no card is no action
                out.append((action, env[:]))

        return single_card
