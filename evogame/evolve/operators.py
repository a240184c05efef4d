"""Typed variation on `PrimitiveTree` genomes: generation, crossover, mutations.

Every operator keeps the tree well typed (each child's class is a subclass of the slot its
parent expects) by construction; whether the offspring is a *valid game* (variables in
scope, a compilable, checkable game) is decided afterwards by `evogame.evolve.validate`.
All randomness comes from the `random.Random` passed in; candidate points and types are
considered in sorted order, so a run is reproducible (DEAP's `cxOnePoint` iterates a set
of types: we do not use it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from deap import gp

from evogame.evolve.pset import GenomeSet

#: Bloat limits of an offspring (nodes, height), raised to fit the largest seed with room
#: to grow (`TypedOps`): a cons-list is one level per item, so The Game's deck of 98
#: numbers is 107 levels high, and a fixed limit below that let no child of it be valid.
MAX_SIZE = 4000
MAX_HEIGHT = 90
SIZE_ROOM = 1.5
HEIGHT_ROOM = 10


class Uninhabited(Exception):
    """No primitive or terminal builds a value of this type (with the literals known)."""


def _conses(tree: list, where: list[int] | None) -> list[int]:
    """The indices of `tree`'s sequence cells (``cons:`` primitives: each holds one item
    of a sequence and the rest of it), in order; only those among `where` when it is
    given. For `TypedOps.mut_insert` and `TypedOps.mut_delete`."""
    focus = None if where is None else set(where)
    return [
        i
        for i, n in enumerate(tree)
        if isinstance(n, gp.Primitive)
        and n.name.startswith("cons:")
        and (focus is None or i in focus)
    ]


class TypedOps:
    """Operators over one `GenomeSet`, with its per-type minimum generation depth."""

    def __init__(self, genome: GenomeSet, seeds: Iterable[list] = ()):
        """`seeds`: the trees evolution starts from; the bloat limits are raised to fit
        the largest (its size x `SIZE_ROOM`, its height + `HEIGHT_ROOM`)."""
        self.gs = genome
        self.pset = genome.pset
        self.max_size, self.max_height = MAX_SIZE, MAX_HEIGHT
        for t in seeds:
            self.max_size = max(self.max_size, int(SIZE_ROOM * len(t)))
            self.max_height = max(self.max_height, gp.PrimitiveTree(t).height + HEIGHT_ROOM)
        self.min_depth = self._min_depths()
        self._sorted_cache: dict[tuple, list] = {}

    def options(self, kind: str, t: type) -> list:
        """Primitives or terminals of type `t` in name order: the choices of a run then do
        not depend on the order in which literals were met (a resumed run meets them in
        another order)."""
        src = (self.pset.primitives if kind == "p" else self.pset.terminals).get(t, [])
        key = (kind, t, len(src))
        out = self._sorted_cache.get(key)
        if out is None:
            out = self._sorted_cache[key] = sorted(src, key=lambda x: x.name)
        return out

    # --- generation ------------------------------------------------------------------------

    def _min_depths(self) -> dict[type, int]:
        """Least height of a tree of each type (0: a terminal exists), by fixed point.

        A generator that knows this never fails for any type, unlike DEAP's genGrow and
        genFull, which raise when a typed set has no terminal at some type."""
        types = set(self.pset.primitives) | set(self.pset.terminals)
        depth = {t: (0 if self.pset.terminals.get(t) else None) for t in types}
        changed = True
        while changed:
            changed = False
            for t in types:
                for p in self.pset.primitives.get(t, []):
                    ds = [depth.get(a) for a in p.args]
                    if any(d is None for d in ds):
                        continue
                    d = 1 + max(ds)
                    if depth[t] is None or d < depth[t]:
                        depth[t] = d
                        changed = True
        return {t: (d if d is not None else 10**6) for t, d in depth.items()}

    def generate(self, want: type, rng: random.Random, max_depth: int = 4) -> list:
        """A random well-typed subtree of type `want`, at most about `max_depth` high
        (deeper only when the type needs it)."""
        out: list = []
        stack = [(want, max_depth)]
        while stack:
            t, budget = stack.pop()
            terms = self.options("t", t)
            prims = [
                p
                for p in self.options("p", t)
                if all(self.min_depth.get(a, 10**6) < max(budget, 1) + 1 for a in p.args)
            ]
            if not prims:
                need = self.min_depth.get(t, 0)
                prims = [
                    p
                    for p in self.options("p", t)
                    if all(self.min_depth.get(a, 10**6) <= need - 1 for a in p.args)
                ]
            if not prims:
                prims = self.options("p", t)
            if not prims and not terms:
                raise Uninhabited(t)
            use_term = terms and (budget <= 0 or not prims or rng.random() < 0.35)
            if use_term:
                out.append(terms[rng.randrange(len(terms))])
                continue
            p = prims[rng.randrange(len(prims))]
            out.append(p)
            for a in reversed(p.args):
                stack.append((a, budget - 1))
        return out

    # --- positions and types -----------------------------------------------------------------

    def slot_types(self, tree: list) -> list[type]:
        """For each position, the type its parent expects there (the root: the game)."""
        out: list[type] = []
        stack: list[type] = [self.pset.ret]
        for node in tree:
            want = stack.pop()
            out.append(want)
            if isinstance(node, gp.Primitive):
                stack.extend(reversed(node.args))
        return out

    def fits(self, node, want: type) -> bool:
        return issubclass(node.ret, want)

    @staticmethod
    def span(tree: list, i: int) -> slice:
        return gp.PrimitiveTree(tree).searchSubtree(i)

    def ok(self, tree: list) -> bool:
        return len(tree) <= self.max_size and gp.PrimitiveTree(tree).height <= self.max_height

    # --- crossover ---------------------------------------------------------------------------

    def cx_typed(self, a: list, b: list, rng: random.Random) -> tuple[list, list]:
        """Swap a subtree of `a` with one of `b` that fits the same slot (one-point typed
        crossover). Points of `a` are drawn at random; the points of `b` that fit are
        listed in position order and one is drawn."""
        ta, tb = self.slot_types(a), self.slot_types(b)
        for _ in range(20):
            i = rng.randrange(1, len(a)) if len(a) > 1 else 0
            want_a = ta[i]
            cands = [
                j for j in range(1, len(b)) if self.fits(b[j], want_a) and self.fits(a[i], tb[j])
            ]
            if not cands:
                continue
            j = cands[rng.randrange(len(cands))]
            sa, sb = self.span(a, i), self.span(b, j)
            ca = a[: sa.start] + b[sb] + a[sa.stop :]
            cb = b[: sb.start] + a[sa] + b[sb.stop :]
            return ca, cb
        return list(a), list(b)

    # --- mutations ---------------------------------------------------------------------------

    @staticmethod
    def _at(n: int, rng: random.Random, where: list[int] | None) -> int:
        """A position of a tree of `n` nodes: uniform, or one of `where` (its positions, in
        order). Without `where` the draw is the unrestricted operator's own."""
        return rng.randrange(n) if where is None else where[rng.randrange(len(where))]

    def mut_subtree(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Replace a random subtree (at one of `where`, when given) by a new random one of
        the type its slot expects."""
        types = self.slot_types(tree)
        i = self._at(len(tree), rng, where)
        s = self.span(tree, i)
        try:
            new = self.generate(types[i], rng, max_depth=rng.randint(1, 3))
        except Uninhabited:
            return list(tree)
        return tree[: s.start] + new + tree[s.stop :]

    def mut_node(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Replace one node (one of `where`, when given) by another of the same arity whose
        types fit everywhere."""
        types = self.slot_types(tree)
        for _ in range(20):
            i = self._at(len(tree), rng, where)
            node = tree[i]
            if isinstance(node, gp.Primitive):
                kids = self._child_rets(tree, i)
                alts = [
                    p
                    for p in self.options("p", types[i])
                    if p is not node
                    and len(p.args) == len(node.args)
                    and all(issubclass(k, arg) for k, arg in zip(kids, p.args, strict=True))
                ]
            else:
                alts = [t for t in self.options("t", types[i]) if t is not node]
            if alts:
                out = list(tree)
                out[i] = alts[rng.randrange(len(alts))]
                return out
        return list(tree)

    def _child_rets(self, tree: list, i: int) -> list[type]:
        rets = []
        j = i + 1
        for _ in tree[i].args:
            rets.append(tree[j].ret)
            j = self.span(tree, j).stop
        return rets

    def mut_constant(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Tweak a literal (one of `where`, when given): an int by ±1 or ±2 (never below 0);
        a name or a variable to another of the same type used in this same game (names in
        scope)."""
        lits = [
            i
            for i, n in enumerate(tree)
            if not isinstance(n, gp.Primitive)
            and self.gs.terminal_info.get(n.name, ("",))[0] in ("int", "name", "var")
        ]
        if where is not None:
            focus = set(where)
            lits = [i for i in lits if i in focus]
        if not lits:
            return list(tree)
        i = lits[rng.randrange(len(lits))]
        kind, *info = self.gs.terminal_info[tree[i].name]
        out = list(tree)
        if kind == "int":
            v = max(0, info[0] + rng.choice((-2, -1, 1, 2)))
            out[i] = self.gs._literal(f"int:{v}", tree[i].ret, ("int", v))
            return out
        same = sorted(
            {
                n.name
                for n in tree
                if not isinstance(n, gp.Primitive)
                and n.ret is tree[i].ret
                and n.name != tree[i].name
            }
        )
        if same:
            out[i] = self.pset.mapping[same[rng.randrange(len(same))]]
        return out

    def mut_insert(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Insert into a sequence (at one of `where`, when given) a copy of an item found
        elsewhere in the game at that type."""
        conses = _conses(tree, where)
        if not conses:
            return list(tree)
        i = conses[rng.randrange(len(conses))]
        elem = tree[i].args[0]
        items = [j for j in range(len(tree)) if self.fits(tree[j], elem)]
        if not items:
            return list(tree)
        item = tree[self.span(tree, items[rng.randrange(len(items))])]
        # cons(item, old list): the old list's type is a subclass of the tail slot
        return [*tree[:i], tree[i], *item, *tree[i:]]

    def mut_delete(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Delete an item from a sequence (the item of a cons among `where`, when given),
        when the rest is still long enough for its slot."""
        types = self.slot_types(tree)
        conses = _conses(tree, where)
        rng.shuffle(conses)
        for i in conses[:20]:
            tail = self.span(tree, i + 1).stop
            if self.fits(tree[tail], types[i]):
                return tree[:i] + tree[tail:]
        return list(tree)

    def mut_shrink(self, tree: list, rng: random.Random, where: list[int] | None = None) -> list:
        """Replace a subtree (at one of `where`, when given) by one of its own subtrees that
        fits the same slot."""
        types = self.slot_types(tree)
        for _ in range(20):
            i = self._at(len(tree), rng, where)
            s = self.span(tree, i)
            inner = [j for j in range(i + 1, s.stop) if self.fits(tree[j], types[i])]
            if inner:
                j = inner[rng.randrange(len(inner))]
                return tree[: s.start] + tree[self.span(tree, j)] + tree[s.stop :]
        return list(tree)

    MUTATIONS = (
        "mut_subtree",
        "mut_node",
        "mut_constant",
        "mut_insert",
        "mut_delete",
        "mut_shrink",
    )

    def mutate(
        self,
        tree: list,
        rng: random.Random,
        where: list[int] | None = None,
        names: tuple[str, ...] = MUTATIONS,
    ) -> tuple[list, str]:
        """One mutation drawn uniformly from `names`; with `where` (positions of `tree`,
        non-empty) it changes the tree only there (a repair's focus: `evolve.repair`)."""
        name = names[rng.randrange(len(names))]
        if where is None:
            return getattr(self, name)(tree, rng), name
        return getattr(self, name)(tree, rng, where), name
