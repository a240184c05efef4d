"""How a choice lists its options: CARDSTOCK's rules (`GameIterator.BuildOptions`,
`RecurseDo`, `TempExecute`), one definition for every back end.

Each item of a choice is walked branch by branch as one sequence:

1. every action reached is performed *provisionally* (on a trial copy of the state), so
   later conditions, filters, collections and ``let`` values of the same option see its
   effects; nothing of the real state changes while options are listed;
2. every condition, at any depth, is tested while the options are built: a false one
   contributes no actions (and the branch goes on);
3. ``any`` splits the branch once per member; an ``any`` over an empty collection
   contributes no actions and leaves the branch alive;
4. a branch is offered only if it gathered at least one action (``(turn pass)`` counts;
   a move of no card, a forget of an empty place, ``all`` over nothing and ``repeat 0``
   gather none). The choice's options are all items' options, item by item.

An option is the item plus the path of the branch (which member each ``any`` took, and
whether each ``ensure`` held); applying it walks the same path on the real state, which
performs exactly the actions recorded when it was listed: the state is the one the
option was listed in, and the listing drew its chance events from a copy of the game's
chance stream when the item can draw any, so the walk draws the same ones.

Most items never need a trial copy: when every branch's structure (guards, ``any``
collections, ``let`` values) is decided before its first action, and that first action
surely acts, the options are listed on the real state without doing anything (`fast`).
`ActionCompiler.expand` lists such items itself; the general walker here (`item`, each
structure's walk in `WALKS`, keyed by its opcode as the VM's walk is) serves the rest.
"""

from __future__ import annotations

import functools
import inspect
import random as _random
from collections.abc import Callable

from evogame.lang import ast as A

Fn = Callable


def contains_any(node: A.Node) -> bool:
    """Whether an ``any`` (which splits branches in a choice) occurs in `node`."""
    return any(isinstance(n, A.AggAction) and n.quant is A.Quant.ANY for n in A.walk(node))


def draws_chance(node: A.Node) -> bool:
    """Whether evaluating or doing `node` can draw from the chance stream (a shuffle, a
    random integer, a tie broken at random by ``max``/``min``): `A.Node.CHANCE`."""
    return any(n.CHANCE for n in A.walk(node))


def leaf_check(node: A.Node) -> str | None:
    """For an item part without ``any``: how listing knows it gathers an action without
    doing it. "always": it surely acts; "card": it acts iff the card of its first action
    (a move or remember, unguarded, chance-free) exists; None: it must be walked. What a
    primitive action does when reached is its class's `A.Node.ACTS`."""
    if contains_any(node):
        return None
    if node.ACTS == "always":
        return "always"
    if node.ACTS == "card":
        return None if draws_chance(node.src) else "card"
    if isinstance(node, A.Do) and node.items:
        if any(x.ACTS == "always" for x in node.items):
            return "always"
        first = node.items[0]
        if first.ACTS == "card" and not draws_chance(first.src):
            return "card"
    return None


def card_source(node: A.Node) -> A.Node:
    """The card expression a "card" leaf checks (its first action's source)."""
    return node.items[0].src if isinstance(node, A.Do) else node.src


def fast(node: A.Node) -> bool:
    """Whether `node`'s options can be listed without doing any action: guards, ``any``
    and ``let`` above a leaf that `leaf_check` decides (and ``ensure`` on such a node,
    which tries each option on a trial copy)."""
    if isinstance(node, (A.Guarded, A.Let)):
        return fast(node.body)
    if isinstance(node, A.AggAction) and node.quant is A.Quant.ANY:
        return fast(node.body)
    if isinstance(node, A.Ensure):
        return not draws_chance(node) and fast(node.body)
    return leaf_check(node) is not None


class _Listing:
    """The state of one item's walk: the current path and the work of dropped copies."""

    __slots__ = ("copy_rng", "env0", "out", "path", "replay", "work")

    def __init__(self, out: list, env0: list, replay: Fn, copy_rng: bool):
        self.out = out
        self.env0 = env0
        self.replay = replay
        self.copy_rng = copy_rng
        self.path: list[int] = []
        self.work = 0.0

    def fork(self, st):
        """A trial copy of `st` to walk one branch on (its work counted from zero)."""
        c = st.clone(copy_rng=False)
        if self.copy_rng:
            c.rng = _random.Random()
            c.rng.setstate(st.rng.getstate())
        else:
            c.rng = st.rng  # the walk draws nothing: share the stream
        c.seen = None
        c.past_steps = 1  # work: one per trial copy
        c.steps = 0
        return c

    def done(self, trial) -> None:
        """A trial's walk is over: its work becomes the real state's."""
        self.work += trial.past_steps + trial.steps


#: opcode -> the maker of its walk (`walk`): how a structure splits, sequences and tests
#: the branches of a walked item. The VM's walk of the same opcode is its case in
#: ``walk`` in `evogame/native/vm.c`; `tests/engine/test_bodies.py` checks that the two
#: have the same opcodes and that each maker's parameters are its opcode's operands.
WALKS: dict[str, Fn] = {}


def walk(opcode: str) -> Fn:
    """Register the decorated maker as `opcode`'s walk. It is called with the opcode's
    operands by name (`evogame.lang.operands.Operands.operands`, its action fields
    themselves walks) and returns ``f(st, env, acted, ctx, k)``."""

    def register(make: Fn) -> Fn:
        WALKS[opcode] = make
        return make

    return register


def item(c, node: A.Node) -> Fn:
    """``g(st, env, out)``: append the options of `node` (a choice item) to `out` as
    ``(action, env)``, walking it on trial copies. Taking an option does the item's
    action (``c.run``) with the option's path in ``State.path``: an ``any`` does the member
    the path names, an ``ensure`` only what held when listed (`evogame.engine.bodies`), as
    the VM's ``run`` with a path does."""
    walked = listing(c, node)
    apply = c.run(node)
    chance = draws_chance(node)

    def replay(path):
        def action(st, env):
            st.path = iter(path)
            try:
                apply(st, env)
            finally:
                st.path = None

        return action

    def item(st, env, out):
        ctx = _Listing(out, env[:], replay, chance)
        trial = ctx.fork(st)

        def offer(s, e, acted):
            if acted:
                out.append((ctx.replay(tuple(ctx.path)), ctx.env0))

        walked(trial, env[:], 0, ctx, offer)
        ctx.done(trial)
        st.past_steps += ctx.work

    return item


def listing(c, node: A.Node) -> Fn:
    """The walk of `node` compiled by `c` (an `ActionCompiler`): ``f(st, env, acted, ctx,
    k)`` walks the node on trial `st` (provisionally), then calls ``k(st, env, acted)``
    for every branch, `acted` counting the actions gathered (continuation passing). A
    construct whose opcode has a walk (`WALKS`) is walked by it; any other is done, as
    one action."""
    make = WALKS.get(node.OPCODE)
    if make is not None:
        operands = c.operands(node, act="walked")
        return make(**{p: operands[p] for p in _params(node.OPCODE)})
    run = c.primitive(node)

    def primitive(st, env, acted, ctx, k):
        st.steps += 1  # work: one per action done provisionally, as a scripted step
        return k(st, env, acted + (run(st, env) is not False))

    return _once(primitive)


def _once(f: Fn) -> Fn:
    """Mark walk `f` as one that never branches: it calls its continuation exactly once,
    on the state and bindings it was given, as its last act (no trial copy, nothing done
    after the continuation returns). Such a walk can be run through (`_through`) instead
    of handed the rest of the walk, which keeps the Python stack flat however many times
    a ``repeat`` or an ``all`` does it."""
    f.once = True
    return f


def _is_once(*fs: Fn) -> bool:
    return all(getattr(f, "once", False) for f in fs)


def _through(f: Fn, st, env, acted: int, ctx) -> int:
    """Walk `f` (marked `_once`) on `st` and return the actions counted at its end: the
    same as calling it with the rest of the walk as its continuation, one frame deep."""
    out = []
    f(st, env, acted, ctx, lambda s, e, a: out.append(a))
    return out[0]


@functools.cache
def _params(opcode: str) -> tuple[str, ...]:
    return tuple(inspect.signature(WALKS[opcode]).parameters)


@walk("DO")
def walk_do(items: list[Fn]) -> Fn:
    """Each item in turn, every branch of one going on into the next."""

    if _is_once(*items):

        def do_through(st, env, acted, ctx, k):
            for f in items:
                acted = _through(f, st, env, acted, ctx)
            return k(st, env, acted)

        return _once(do_through)

    def do(st, env, acted, ctx, k, j=0):
        if j == len(items):
            return k(st, env, acted)
        return items[j](st, env, acted, ctx, lambda s, e, a: do(s, e, a, ctx, k, j + 1))

    return do


@walk("GUARD")
def walk_guard(cond: Fn, body: Fn) -> Fn:
    """A false condition contributes no actions; the branch goes on."""

    def guarded(st, env, acted, ctx, k):
        if cond(st, env):
            return body(st, env, acted, ctx, k)
        return k(st, env, acted)

    return _once(guarded) if _is_once(body) else guarded


@walk("LET")
def walk_let(value: Fn, var: int, body: Fn) -> Fn:
    def let(st, env, acted, ctx, k):
        env[var] = value(st, env)
        return body(st, env, acted, ctx, k)

    return _once(let) if _is_once(body) else let


@walk("EACH")
def walk_each(coll: Fn, var: int, body: Fn, any: int, is_ll: int) -> Fn:
    """``any``: one branch per member (the member's index on the path), on a trial copy
    each but the last; over nothing, the branch goes on with no action. ``all``: the body
    once per member, in sequence."""
    if any:

        def fan_out(st, env, acted, ctx, k):
            members = list(coll(st, env))
            st.past_steps += len(members)  # work: one per candidate option tried
            if not members:
                return k(st, env, acted)
            last = len(members) - 1
            for j, x in enumerate(members):
                s, e = (ctx.fork(st), env[:]) if j < last else (st, env)
                e[var] = x
                ctx.path.append(j)
                body(s, e, acted, ctx, k)
                ctx.path.pop()
                if s is not st:
                    ctx.done(s)
            return None

        return fan_out

    if _is_once(body):

        def each_through(st, env, acted, ctx, k):
            for x in list(coll(st, env)):
                env[var] = x
                acted = _through(body, st, env, acted, ctx)
            return k(st, env, acted)

        return _once(each_through)

    def each(st, env, acted, ctx, k):
        members = list(coll(st, env))

        def step(s, e, a, j=0):
            if j == len(members):
                return k(s, e, a)
            e[var] = members[j]
            return body(s, e, a, ctx, lambda s2, e2, a2: step(s2, e2, a2, j + 1))

        return step(st, env, acted)

    return each


@walk("ENSURE")
def walk_ensure(cond: Fn, body: Fn) -> Fn:
    """The body walked on a trial copy (path 1), each branch kept if `cond` holds at its
    end; if any failed, the branch also goes on without the body (path 0)."""

    def ensure(st, env, acted, ctx, k):
        failed = False

        def check(s, e, a):
            nonlocal failed
            if cond(s, e):
                return k(s, e, acted + a)
            failed = True
            return None

        trial = ctx.fork(st)
        ctx.path.append(1)
        body(trial, env[:], 0, ctx, check)
        ctx.path.pop()
        ctx.done(trial)
        if failed:  # the body's failing branches contribute no actions
            ctx.path.append(0)
            k(st, env, acted)
            ctx.path.pop()
        return None

    return ensure


@walk("REPEAT")
def walk_repeat(count: Fn, action: Fn) -> Fn:
    """The action `count` times in sequence (work: `count`, as a scripted repeat). An
    action that never branches is run through in a loop: a repeat of a thousand is a
    thousand calls, not a thousand nested continuations."""
    if _is_once(action):

        def repeat_through(st, env, acted, ctx, k):
            n = count(st, env)
            st.count_steps(n)
            for _ in range(n):
                acted = _through(action, st, env, acted, ctx)
            return k(st, env, acted)

        return _once(repeat_through)

    def repeat(st, env, acted, ctx, k):
        n = count(st, env)
        st.count_steps(n)

        def step(s, e, a, j=0):
            if j >= n:
                return k(s, e, a)
            return action(s, e, a, ctx, lambda s2, e2, a2: step(s2, e2, a2, j + 1))

        return step(st, env, acted)

    return repeat
