"""The Python engine's body of each action opcode: what the action does, given its operands
(and of the expression opcodes derived so far: what the expression computes).

A construct that declares an ``OPCODE`` (`evogame.lang.ast.Node.OPCODE`) takes its fields
as that opcode's operands (`evogame.lang.operands.plan`); `BODIES[opcode]` makes its
closure ``f(st, env)`` from them: a child as its compiled closure (``Fn``), a
``"place"`` as three (the location's closure, its end, the index's closure or None), a
``"flag"`` or a variable as an int, ``"runs"`` as a list of closures. The VM's body of the
same opcode is its case in `evogame/native/vm.c`; the two are checked record for record
against each other (`tests/native/test_differential.py`).

A construct that declares ``EXPAND`` (an item of a choice whose options are listed without
doing anything: `evogame.engine.options.fast`) has a body for that opcode too, a maker of
``g(st, env, out)`` that appends the item's options to `out` as ``(action, env)`` pairs,
from the same operands with its action field listed (a ``g``) rather than done.

An action's closure returns False when it did nothing (a move of no card, a forget of an
empty place): the option walker counts the actions a branch gathers
(`evogame.engine.options`); anything else counts as done.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable

from evogame.engine import ops
from evogame.engine.compile import GAME_OWNER, Fn
from evogame.engine.errors import GameError
from evogame.lang.ast import POSITIONS

#: opcode name -> the maker of its action's closure from its operands
BODIES: dict[str, Callable[..., Fn]] = {}


def body(opcode: str) -> Callable[[Callable[..., Fn]], Callable[..., Fn]]:
    """Register the decorated maker as `opcode`'s body. Its parameters are the opcode's
    operands, named as its entry in `evogame.native.opcodes` names them
    (`tests/engine/test_bodies.py` checks it)."""

    def register(make: Callable[..., Fn]) -> Callable[..., Fn]:
        BODIES[opcode] = make
        return make

    return register


def make(opcode: str, operands: dict) -> Fn:
    """`opcode`'s closure made by its body from `operands` (by name; those its body does
    not take, a construct's operands another of its opcodes reads, are left out)."""
    f = BODIES[opcode]
    params = _PARAMS.get(opcode)
    if params is None:
        params = _PARAMS[opcode] = tuple(inspect.signature(f).parameters)
    return f(**{k: operands[k] for k in params})


_PARAMS: dict[str, tuple[str, ...]] = {}


@body("MOVE")
def move(src: Fn, loc: Fn, end: int, index: Fn | None) -> Fn:
    """``(move SRC DST)``: SRC leaves where it is for DST's place; no card, no action."""
    where = POSITIONS[end]

    def move(st, env):
        c = src(st, env)
        if c is None:
            return False  # nothing to move (an empty source): no action
        st.move(c, loc(st, env), where, index(st, env) if index else 0)
        return True

    return move


@body("REMEMBER")
def remember(src: Fn, loc: Fn, end: int, index: Fn | None) -> Fn:
    """``(remember CARD DST)``: a reference to CARD at DST's place (the card stays)."""

    def remember(st, env):
        c = src(st, env)
        if c is None:
            return False
        lst = st.locs[loc(st, env)]
        if end == 0:
            lst.append(c)
        elif end == 1:
            lst.insert(0, c)
        else:
            lst.insert(index(st, env), c)
        return True

    return remember


@body("FORGET")
def forget(loc: Fn, end: int, index: Fn | None) -> Fn:
    """``(forget PLACE)``: drop the reference at PLACE; none there, no action."""

    def forget(st, env):
        lst = st.locs[loc(st, env)]
        if not lst:
            return False
        if end == 0:
            lst.pop()
        elif end == 1:
            lst.pop(0)
        else:
            i = index(st, env)
            if not 0 <= i < len(lst):
                return False
            lst.pop(i)
        return True

    return forget


@body("SHUFFLE")
def shuffle(loc: Fn) -> Fn:
    def shuffle(st, env):
        st.shuffle(st.locs[loc(st, env)])

    return shuffle


@body("FARO")
def faro(a: Fn, b: Fn) -> Fn:
    """``(shuffle faro A B)``: A's and B's cards interleaved one by one into A, B empty."""

    def faro(st, env):
        sa, sb = a(st, env), b(st, env)
        la, lb = st.locs[sa], st.locs[sb]
        merged = [c for pair in itertools.zip_longest(la, lb) for c in pair if c is not None]
        la[:] = merged
        lb.clear()
        for c in merged:
            st.where[c] = sa

    return faro


@body("CYCLE")
def cycle(next: int, target: Fn) -> Fn:
    """``(cycle next X)``: X plays next; ``(cycle current X)``: X is current now."""
    k = 1 if next else 0

    def cycle(st, env):
        st.pcycle[k] = target(st, env)

    return cycle


@body("PASS")
def turn_pass() -> Fn:
    return lambda st, env: None


@body("REPEAT")
def repeat(count: Fn, action: Fn) -> Fn:
    """``(repeat N ACTION)``: ACTION N times, each a step of work."""

    def repeat(st, env):
        k = count(st, env)
        st.count_steps(k)
        for _ in range(k):
            action(st, env)

    return repeat


@body("REPEATALL")
def repeat_all(coll: Fn, action: Fn) -> Fn:
    """``(repeat all ACTION)``: ACTION once per card its source holds now, each a step."""

    def repeat_all(st, env):
        k = len(coll(st, env))
        st.count_steps(k)
        for _ in range(k):
            action(st, env)
        return k > 0  # in a choice, repeating nothing gathers no action

    return repeat_all


@body("GUARD")
def guard(cond: Fn, body: Fn) -> Fn:
    def guarded(st, env):
        if cond(st, env):
            body(st, env)

    return guarded


@body("ENSURE")
def ensure(cond: Fn, body: Fn) -> Fn:
    """Done as its body, kept only if `cond` holds afterwards (`State.keep_if`). Taking an
    option (`State.path` set), only where it held when the option was listed (the path's
    next decision: 1 held, 0 did not)."""

    def ensure(st, env):
        if st.path is not None and not next(st.path):
            return
        st.keep_if(env, body, cond)

    return ensure


@body("DO")
def do(items: list[Fn]) -> Fn:
    if len(items) == 1:
        return items[0]

    def do(st, env):
        for f in items:
            f(st, env)

    return do


@body("LET")
def let(value: Fn, var: int, body: Fn) -> Fn:
    def let(st, env):
        env[var] = value(st, env)
        body(st, env)

    return let


@body("EACH")
def each(coll: Fn, var: int, body: Fn, any: int, is_ll: int) -> Fn:
    """``(all COLL 'V BODY)``: BODY once per member of COLL as it is now; an ``any`` done
    (not offered in a choice) is the same. Taking an option (`State.path` set), an
    ``any`` does BODY for the member the path names (`evogame.engine.options`)."""

    def each(st, env):
        for x in list(coll(st, env)):
            env[var] = x
            body(st, env)

    if not any:
        return each

    def each_any(st, env):
        members = list(coll(st, env))
        if st.path is None:
            for x in members:
                env[var] = x
                body(st, env)
        elif members:  # an option's any: the member its path names
            env[var] = members[next(st.path)]
            body(st, env)

    return each_any


@body("CREATEDECK")
def create_deck(deck: int, loc: Fn) -> Fn:
    """``(create deck LOC (deck ...))``: a new copy of registered deck `deck` into LOC."""

    def create_deck(st, env):
        st.create_cards(deck, loc(st, env))

    return create_deck


@body("INITPTS")
def init_points(target: Fn, awards: list[tuple[list[tuple[Fn, Fn]], Fn]]) -> Fn:
    """``(set POINTS (((KEY : VALUE) ... N) ...))``: the point map, its names and points
    evaluated now."""
    # Point maps are rebuilt often with the same values (every trick in Agram): the
    # compiled form is memoised by the evaluated (key, value, points) description.
    memo: dict[tuple, tuple] = {}

    def init_points(st, env):
        key = tuple(
            (tuple((k(st, env), v(st, env)) for k, v in conds), pts(st, env))
            for conds, pts in awards
        )
        compiled = memo.get(key)
        if compiled is None:
            attrs = st.game.compiler.attrs
            compiled = memo[key] = tuple(
                (tuple((attrs.get(k, []), v) for k, v in ks), p) for ks, p in key
            )
        st.set_points(target(st, env), key, compiled)

    return init_points


# --- listing a choice item's options (`A.Node.EXPAND`) --------------------------------------


@body("XGUARD")
def list_guarded(cond: Fn, body: Fn) -> Fn:
    def guarded(st, env, out):
        if cond(st, env):
            body(st, env, out)

    return guarded


@body("XANY")
def list_any(coll: Fn, var: int, body: Fn, is_ll: int) -> Fn:
    """An ``any``: its body's options once per member."""

    def fan_out(st, env, out):
        items = list(coll(st, env))
        st.past_steps += len(items)  # work: one per candidate option tried
        for x in items:
            env[var] = x
            body(st, env, out)

    return fan_out


@body("XLET")
def list_let(value: Fn, var: int, body: Fn) -> Fn:
    def let(st, env, out):
        env[var] = value(st, env)
        body(st, env, out)

    return let


@body("XENSURE")
def list_ensure(cond: Fn, body: Fn) -> Fn:
    """Each option of its body, kept if `cond` holds after it is done on a trial copy."""

    def ensure(st, env, out):
        offered: list = []
        body(st, env, offered)
        for action, e in offered:
            trial = st.trial()
            e2 = e[:]
            action(trial, e2)
            if cond(trial, e2):
                out.append((action, e))
            st.charge(trial)

    return ensure


# --- expressions (`ActionCompiler.by_opcode`) ------------------------------------------------


# The table, seats and teams: a body whose last parameter is ``game`` reads the game's
# tables (`Compiler`: ``nplayers``, ``teams``, ``team_of``, ``locs``), as the VM's read
# the image's header; the closures are those `Compiler` wrote by hand before.


@body("GAME")
def table() -> Fn:
    """``game``, the table as an owner of locations and storages."""
    return lambda st, env: GAME_OWNER


@body("PCUR")
def current_player(game) -> Fn:
    """``(current player)``: the seat whose turn it is."""
    return lambda st, env: st.pcycle[0]


@body("PNEXT")
def next_player(game) -> Fn:
    """``(next player)``: the seat a ``cycle next`` set, else the one after the current."""
    np_ = game.nplayers

    def nxt(st, env):
        c = st.pcycle
        return c[1] if c[1] >= 0 else (c[0] + 1) % np_

    return nxt


@body("PPREV")
def previous_player(game) -> Fn:
    """``(previous player)``: the seat before the current one."""
    np_ = game.nplayers
    return lambda st, env: (st.pcycle[0] - 1) % np_


@body("NUMP")
def nth_player(index: Fn, game) -> Fn:
    """``(player N)``: seat N modulo the number of players."""
    np_ = game.nplayers
    return lambda st, env: index(st, env) % np_


@body("OWNER")
def owner(card: Fn, game) -> Fn:
    """``(owner C)``: the player whose location holds card C (`ops.owner`)."""
    keys = game.locs.keys
    return lambda st, env: ops.owner(keys, st.where, card(st, env))


@body("TCUR")
def current_team(game) -> Fn:
    """``(current team)``: the team whose turn it is."""
    return lambda st, env: st.tcycle[0]


@body("TNEXT")
def next_team(game) -> Fn:
    """``(next team)``: the team a ``cycle next`` set, else the one after the current."""
    nt = len(game.teams)
    return lambda st, env: st.tcycle[1] if st.tcycle[1] >= 0 else (st.tcycle[0] + 1) % nt


@body("TPREV")
def previous_team(game) -> Fn:
    """``(previous team)``: the team before the current one."""
    nt = len(game.teams)
    return lambda st, env: (st.tcycle[0] - 1) % nt


@body("NUMT")
def nth_team(index: Fn, game) -> Fn:
    """``(team N)``: team N modulo the number of teams."""
    nt = len(game.teams)
    return lambda st, env: index(st, env) % nt


@body("TEAMOF")
def team_of(player: Fn, game) -> Fn:
    """``(team of P)``: the team of seat P."""
    teams = game.team_of
    return lambda st, env: teams[player(st, env)]


@body("ALLP")
def all_players(game) -> Fn:
    """``(all player)``: every seat, in order."""
    seats = list(range(game.nplayers))
    return lambda st, env: seats


@body("ALLT")
def all_teams(game) -> Fn:
    """``(all team)``: every team, in order."""
    ts = list(range(len(game.teams)))
    return lambda st, env: ts


@body("OTHP")
def other_players(game) -> Fn:
    """``(other player)``: every seat but the current one, in seat order (as CARDSTOCK
    lists them)."""
    seats = list(range(game.nplayers))
    return lambda st, env: [p for p in seats if p != st.pcycle[0]]


@body("OTHT")
def other_teams(game) -> Fn:
    """``(other team)``: every team but the current one, in order."""
    ts = list(range(len(game.teams)))
    return lambda st, env: [t for t in ts if t != st.tcycle[0]]


@body("INDEXED")
def indexed(owner: Fn, vis: str, name: Fn, game) -> Fn:
    """``(OWNER VIS NAME)`` of an indexed family: the slots of its locations made so far,
    by index."""
    layout = game.locs

    def indexed(st, env):
        o, nm = owner(st, env), name(st, env)
        found = sorted(
            (k[3], s) for k, s in layout.slots.items() if k[0] == o and k[1] == vis and k[2] == nm
        )
        return [s for _, s in found]

    return indexed


def _partition(attr: Fn, parts: Fn, attrs: dict[str, list[str]]) -> Fn:
    """The cards of `parts` (a list of lists) grouped by their value of `attr` ("" for
    none), in the order each value is first met; work 1 per 8 cards."""

    def partition(st, env):
        table = attrs.get(attr(st, env))
        groups: dict[str, list[int]] = {}
        n = 0
        for cards in parts(st, env):
            n += len(cards)
            for c in cards:
                v = table[c] if table is not None and c < len(table) else ""
                groups.setdefault(v, []).append(c)
        st.past_steps += n >> 3  # work: 1 per 8 cards (dict appends; State.work)
        return list(groups.values())

    return partition


@body("PARTITION")
def partition(attr: Fn, parts: list[Fn], game) -> Fn:
    """``(partition ATTR X ...)``: the cards of the parts grouped by ATTR."""
    return _partition(attr, lambda st, env: [p(st, env) for p in parts], game.attrs)


@body("PARTALL")
def partition_all(attr: Fn, sets: Fn, game) -> Fn:
    """``(partition ATTR (all ...))``: the cards of the lists grouped by ATTR."""
    return _partition(attr, sets, game.attrs)


@body("ATT")
def attribute(attr: str, card: Fn, game) -> Fn:
    """``(cardatt NAME C)``: card C's value of the attribute NAME ("" for no card or
    none)."""
    table = game.attr_table(attr)
    return lambda st, env: "" if (c := card(st, env)) is None or c >= len(table) else table[c]


@body("ATTDYN")
def attribute_named(attr: Fn, card: Fn, game) -> Fn:
    """``(cardatt S C)``, S a stored name: card C's value of the attribute S holds."""
    attrs = game.attrs

    def cardatt(st, env):
        c = card(st, env)
        t = attrs.get(attr(st, env))
        return "" if c is None or t is None or c >= len(t) else t[c]

    return cardatt


@body("STR")
def name(value: str) -> Fn:
    """A name literal: the name itself (the engine's form of it, `Compiler.s`)."""
    return lambda st, env: value


@body("RANDOM")
def random(lo: Fn, hi: Fn) -> Fn:
    """``(random A..B)``: uniform in A..B, inclusive (``(random N)``: 0..N, `lo` a made 0)."""
    return lambda st, env: st.rand_int(lo(st, env), hi(st, env))


@body("CMP")
def compare(op: str, a: Fn, b: Fn) -> Fn:
    """``(OP a b)``, OP one of ``== != < > <= >=`` (integers; strings, cards, players and
    teams by == and != in the VM, by all six here)."""
    if op == "==":
        return lambda st, env: a(st, env) == b(st, env)
    if op == "!=":
        return lambda st, env: a(st, env) != b(st, env)
    if op == "<":
        return lambda st, env: a(st, env) < b(st, env)
    if op == ">":
        return lambda st, env: a(st, env) > b(st, env)
    if op == "<=":
        return lambda st, env: a(st, env) <= b(st, env)
    assert op == ">=", op
    return lambda st, env: a(st, env) >= b(st, env)


#: each arithmetic keyword's meaning (`evogame.engine.ops`: 64-bit checked)
_ARITH = {"+": ops.add, "-": ops.sub, "*": ops.mul, "//": ops.quot, "%": ops.mod, "^": ops.power}


@body("ARITH")
def arith(op: str, a: Fn, b: Fn) -> Fn:
    """``(OP a b)``, OP one of ``+ - * // % ^`` (`_ARITH`)."""
    f = _ARITH[op]
    return lambda st, env: f(a(st, env), b(st, env))


@body("AND")
def conjunction(args: list[Fn]) -> Fn:
    """``(and A B ...)``, short-circuit."""
    if len(args) == 2:
        a, b = args
        return lambda st, env: a(st, env) and b(st, env)
    return lambda st, env: all(f(st, env) for f in args)


@body("OR")
def disjunction(args: list[Fn]) -> Fn:
    """``(or A B ...)``, short-circuit."""
    if len(args) == 2:
        a, b = args
        return lambda st, env: a(st, env) or b(st, env)
    return lambda st, env: any(f(st, env) for f in args)


@body("SIZE")
def size(coll: Fn) -> Fn:
    """``(size X)``: its members (a location's cards, a team's players), counted."""
    return lambda st, env: len(coll(st, env))


BODIES["SIZELL"] = size  # lists of cards: the lists, counted


# A scan of a collection's members counts as work, 1 per 4 members, when `counted` (the
# operand maker's: not the seats or teams, which end conditions scan at every step).


@body("FILTER")
def filter_(coll: Fn, var: int, cond: Fn, counted: int, is_ll: int) -> Fn:
    """``(filter COLL 'V BOOL)``: the members for which BOOL holds, in order."""

    def filt(st, env):
        out = []
        items = coll(st, env)
        if counted:
            st.past_steps += len(items) >> 2  # work: 1 per 4 items (State.work)
        for x in items:
            env[var] = x
            if cond(st, env):
                out.append(x)
        return out

    return filt


@body("AGGBOOL")
def quantified(any: int, coll: Fn, var: int, cond: Fn, counted: int, is_ll: int) -> Fn:
    """``(any|all COLL 'V BOOL)``: some (every) member satisfies BOOL; stops at the first
    member that decides."""
    if any:

        def anyf(st, env):
            items = coll(st, env)
            if counted:
                st.past_steps += len(items) >> 2  # work: 1 per 4 items (State.work)
            for x in items:
                env[var] = x
                if cond(st, env):
                    return True
            return False

        return anyf

    def allf(st, env):
        items = coll(st, env)
        if counted:
            st.past_steps += len(items) >> 2  # work: 1 per 4 items (State.work)
        for x in items:
            env[var] = x
            if not cond(st, env):
                return False
        return True

    return allf


#: each aggregate's keyword: its function of the values (a non-empty list)
_AGGINT = {"sumof": ops.total, "maxof": max, "minof": min}


@body("AGGINT")
def aggregate(agg: str, coll: Fn, var: int, value: Fn, is_ll: int) -> Fn:
    """``(sumof|maxof|minof COLL 'V INT)``: 0 for no member; work 1 per member."""
    f = _AGGINT[agg]

    def aggint(st, env):
        vals = []
        for x in coll(st, env):
            env[var] = x
            vals.append(value(st, env))
        st.past_steps += len(vals)  # work: one per item (State.work)
        return f(vals) if vals else 0

    return aggint


def _setop(op: str, parts: Fn) -> Fn:
    """The union, intersection (in the first part's order) or disjunction (the cards in
    exactly one part) of the card lists `parts` gives."""
    if op == "union":
        return lambda st, env: ops.union(parts(st, env))
    if op == "intersect":

        def intersect(st, env):
            ps = parts(st, env)
            if not ps:
                return []
            common = set(ps[0]).intersection(*ps[1:])
            return [c for c in ps[0] if c in common]

        return intersect
    assert op == "disjunction", op

    def disjunction(st, env):
        counts: dict[int, int] = {}
        for p in parts(st, env):
            for c in dict.fromkeys(p):
                counts[c] = counts.get(c, 0) + 1
        return [c for c, k in counts.items() if k == 1]

    return disjunction


@body("SETOP")
def set_operation(op: str, parts: list[Fn]) -> Fn:
    """``(union|intersect|disjunction A B ...)``."""
    return _setop(op, lambda st, env: [p(st, env) for p in parts])


@body("SETOPALL")
def set_operation_all(op: str, sets: Fn) -> Fn:
    """``(union|intersect|disjunction (all COLL 'V CARDS))``."""
    return _setop(op, sets)


@body("SEQ")
def sequence(top: int, count: Fn, coll: Fn) -> Fn:
    """``(top|bottom K X)``: the top (bottom) K cards; none for K <= 0."""
    if top:

        def top_k(st, env):
            k = count(st, env)
            c = coll(st, env)
            return c[len(c) - k :] if k > 0 else []

        return top_k

    def bottom_k(st, env):
        k = count(st, env)  # the count first, as the field order (and the VM) has it
        return coll(st, env)[: max(k, 0)]

    return bottom_k


@body("RUNSEQ")
def run_sequence(top: int, length: Fn, coll: Fn, points: Fn) -> Fn:
    """``(run top|bottom K X using P)``: the longest run of consecutive point values (up
    or down, one way) from the top (bottom) card; empty when shorter than K."""

    def run(st, env):
        cards = coll(st, env)
        if not cards:
            return []
        score = st.scorer(points(st, env))
        seq = cards[::-1] if top else list(cards)
        out = [seq[0]]
        step = 0
        for c in seq[1:]:
            d = score(c) - score(out[-1])
            if d not in (1, -1) or (step and d != step):
                break
            step = d
            out.append(c)
        if len(out) < length(st, env):
            return []
        return out[::-1] if top else out

    return run


@body("RUNS")
def runs(largest: int, length: Fn, coll: Fn, points: Fn) -> Fn:
    """``(runs largest|all K X using P)``: the cards grouped by runs of consecutive point
    values with at least K values (``largest``: only the longest); work 1 per 4 cards."""

    def runs(st, env):
        score = st.scorer(points(st, env))
        byval: dict[int, list[int]] = {}
        cards = coll(st, env)
        st.past_steps += len(cards) >> 2  # work: 1 per 4 cards scored (State.work)
        for c in cards:
            byval.setdefault(score(c), []).append(c)
        vals = sorted(byval)
        out: list[list[int]] = []
        start = 0
        for i in range(1, len(vals) + 1):
            if i == len(vals) or vals[i] != vals[i - 1] + 1:
                run = vals[start:i]
                out.append([c for v in run for c in byval[v]])
                start = i
        k = length(st, env)
        out = [r for r in out if len({score(c) for c in r}) >= k]
        if largest and out:
            best = max(len({score(c) for c in r}) for r in out)
            out = [r for r in out if len({score(c) for c in r}) == best]
        return out

    return runs


@body("AGGCARDS")
def cards_of_each(coll: Fn, var: int, cards: Fn, is_ll: int) -> Fn:
    """``(all COLL 'V CARDS)``: one card list per member."""

    def agg(st, env):
        out = []
        for x in coll(st, env):
            env[var] = x
            out.append(cards(st, env))
        return out

    return agg


@body("PICK")
def pick(end: int, shape: int, coll: Fn, index: Fn | None) -> Fn:
    """``(top X)``, ``(bottom X)``, ``(N X)`` (`POSITIONS`, N from the bottom): a card of
    cards (shape 0: None when there is none), a card list of lists (1: the empty list), a
    location of locations (2: none is an error of the game, a place to put cards needs
    one)."""
    where = POSITIONS[end]
    if shape == 2:

        def pick(st, env):
            c = coll(st, env)
            i = len(c) - 1 if where == "top" else 0 if where == "bottom" else index(st, env)
            if 0 <= i < len(c):
                return c[i]
            raise GameError(f"no location at the {where} of a collection of {len(c)}")

        return pick
    empty = None if shape == 0 else []
    if where == "top":
        return lambda st, env: c[-1] if (c := coll(st, env)) else empty
    if where == "bottom":
        return lambda st, env: c[0] if (c := coll(st, env)) else empty

    def nth(st, env):
        c = coll(st, env)
        i = index(st, env)
        return c[i] if 0 <= i < len(c) else empty

    return nth


@body("NOT")
def negation(arg: Fn) -> Fn:
    """``(not A)``."""
    return lambda st, env: not arg(st, env)


@body("SORT")
def sort(coll: Fn, points: Fn) -> Fn:
    """``(sort CARDS using POINTS)``: lowest points at the bottom, ties in their order."""

    def srt(st, env):
        score = st.scorer(points(st, env))
        return sorted(coll(st, env), key=score)

    return srt


@body("TUPLES")
def tuples(size: Fn, coll: Fn, points: Fn) -> Fn:
    """``(tuples K X using P)``: per point value with at least K cards (ascending), its
    first K; work 1 per 4 cards."""

    def tuples(st, env):
        k = size(st, env)
        score = st.scorer(points(st, env))
        groups: dict[int, list[int]] = {}
        cards = coll(st, env)
        st.past_steps += len(cards) >> 2  # work: 1 per 4 cards scored (State.work)
        for c in cards:
            groups.setdefault(score(c), []).append(c)
        return [g[:k] for v, g in sorted(groups.items()) if k > 0 and len(g) >= k]

    return tuples


@body("SUBSETS")
def subsets(coll: Fn) -> Fn:
    """``(subsets X)``: every non-empty subset, smallest first; at most 16 cards; work 1
    per 16 subsets."""

    def subsets(st, env):
        cards = coll(st, env)
        if len(cards) > 16:
            raise GameError(f"(subsets ...) of {len(cards)} cards: more than 65,535 subsets")
        st.past_steps += 1 << max(len(cards) - 4, 0)  # work: 1 per 16 subsets (C-speed)
        return [list(s) for k in range(1, len(cards) + 1) for s in itertools.combinations(cards, k)]

    return subsets


@body("PERMS")
def permutations(coll: Fn) -> Fn:
    """``(permutations X)``: every ordering; at most 7 cards; work 1 per 16 orderings."""

    def permutations(st, env):
        cards = coll(st, env)
        if len(cards) > 7:
            raise GameError(f"(permutations ...) of {len(cards)} cards: more than 5,040 orderings")
        st.past_steps += math.factorial(len(cards)) >> 4  # work: 1 per 16 orderings
        return [list(p) for p in itertools.permutations(cards)]

    return permutations


@body("SUMPTS")
def sum_points(coll: Fn, points: Fn) -> Fn:
    """``(sum X using P)``: the cards' points, summed (`ops.sum_points`)."""
    return lambda st, env: ops.sum_points(st, points(st, env), coll(st, env))


@body("SCORE")
def score(card: Fn, points: Fn) -> Fn:
    """``(score CARD using P)``: one card's points (`ops.score`)."""
    return lambda st, env: ops.score(st, points(st, env), card(st, env))


@body("STRS")
def names(names: list[str]) -> Fn:
    """``(A, B, C)``: the names, as the engine holds them (`Compiler.s`)."""
    return lambda st, env: names
