"""Loss lines: a seat's quantities that the game's end or its result compares with a
constant, and how near a seat is to crossing one (read by `evogame.fitness.careful`).

A careful player reads its standing from the score (`careful.standing`); where points
below a limit change no score (Pairs: 1 point for the loser, 0 for everyone else) it
cannot tell a move that takes points from one that does not, and a game in which taking
points is the only way to end it looks the same to it as one in which it is not.
This module gives that player the lines the rules draw.

**A line** is a comparison ``(OP Q T)`` (OP one of ``< > <= >=``, either side first)
where T is *constant* (integer literals and declared values under arithmetic) and Q is a
*seat quantity*: an integer expression whose only free variable is a seat bound by a
quantifier over players around it (``(any player 'P ...)``, ``(all player 'P ...)``) or
that reads ``(current player)`` and no variable (the seat made current, as the scoring
is read): a sum of a location through a point map, a storage, a location's size. Lines
are looked for (`candidates`) where they decide the game's end or result:

- the end conditions of the game body's stages (the game's end), and
- the guards of rules outside any choice that are either in the game body outside every
  stage (the rules that turn play into a result) or whose guarded action writes an
  integer storage the (scoring ...) expression reads by name (an elimination, a loss
  flag set during play).

**Which side loses** is read from play, not from the rules (`loss_lines`): over the
final positions of the random games the check plays anyway, the seats for which the
comparison holds at the end must have a lower mean standing (their score, negated under
``scoring min``) than the seats for which it does not, and both kinds must occur. A
line crossing which wins (first to 40 points) or that says nothing of the result is no
loss line.

**The margin** of seat s to a line, in units of Q, is how far Q may still move before the
comparison holds: ``T + 1 - Q`` for ``>``, ``T - Q`` for ``>=``, ``Q - T + 1`` for ``<``,
``Q - T`` for ``<=`` (the line is crossed when the margin is 0 or less). A move that
takes the margin from m0 > 0 to m1 changes the seat's standing toward the line by

    line change = max(m1, 0) / m0 - 1       (a share of the remaining margin, >= -1)

0 for no move, -1 for a move that reaches or crosses the line, -1/2 for one that uses
half of what was left; a move away from the line is a gain, and a seat already over a
line (m0 <= 0) has nothing more to lose at it (0). Over several lines a move counts by
its worst line.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds; the 4 random games
`careful` plays at evaluation seed 0, /work/runs-archive/s53b/lines.txt): 60 candidate
lines in 23 files, 18 loss lines in 16 (the Pairs family, LAMA, SimonsCat4); among the
others, Cheeseheads' ``(> TSUM 0)`` goes with a better result, LAMA3/5/6's lines are
held by every seat at the end, and EnchereOriginale3's and Hearts' by none. What the
careful games of those files do with them: `evogame.fitness.careful`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogame.engine.errors import GameError
from evogame.lang import ast as A
from evogame.lang.types import Ty

_ORDERED = {A.CmpOp.LT, A.CmpOp.GT, A.CmpOp.LE, A.CmpOp.GE}
#: the comparison with its sides swapped: (< T Q) is (> Q T)


@dataclass(frozen=True)
class Line:
    """A seat quantity compared with a constant (module docstring), compiled: `quantity`
    and `threshold` are engine closures read with the seat bound at env slot `var` (None:
    the seat made current); `op` is the comparison with Q first."""

    node: A.IntCmp
    op: A.CmpOp
    quantity: Any
    threshold: Any
    var: int | None
    nvars: int

    def margin(self, st, seat: int) -> int | None:
        """Seat `seat`'s margin to the line at `st` (module docstring), in units of the
        quantity; None when the quantity cannot be read there. `st` is left as it was
        (its engine work too)."""
        env = st.env + [None] * (self.nvars - len(st.env))
        work, cur = st.past_steps, st.pcycle[0]
        try:
            if self.var is None:
                st.pcycle[0] = seat
            else:
                env[self.var] = seat
            q = self.quantity(st, env)
            t = self.threshold(st, env)
        except (GameError, ArithmeticError, IndexError, TypeError, ValueError):
            return None
        finally:
            st.past_steps, st.pcycle[0] = work, cur
        op = self.op
        if op is A.CmpOp.GT:
            return t + 1 - q
        if op is A.CmpOp.GE:
            return t - q
        if op is A.CmpOp.LT:
            return q - t + 1
        return q - t


def line_change(m0: int | None, m1: int | None) -> float:
    """The change of a seat's standing toward a line whose margin goes from `m0` to `m1`
    (module docstring): ``max(m1, 0) / m0 - 1``, a share of the remaining margin; 0 when
    the seat is already over the line or a margin cannot be read."""
    if m0 is None or m1 is None or m0 <= 0:
        return 0.0
    return max(m1, 0) / m0 - 1


def _constant(n: A.Node, declared: set[str]) -> bool:
    if isinstance(n, A.IntLit):
        return True
    if isinstance(n, A.Var):
        return n.name in declared
    if isinstance(n, A.Arith):
        return _constant(n.a, declared) and _constant(n.b, declared)
    return False


def _seat_of(q: A.Node, seat: str | None, declared: set[str]) -> str | None:
    """How `q` names its seat: "var" (its one free variable is the quantified seat),
    "current" (it reads the current player and no free variable), else None."""
    names: set[str] = set()
    bound: set[str] = set()
    current = False
    for x in A.walk(q):
        if isinstance(x, A.Var):
            names.add(x.name)
        elif isinstance(x, A.RelPlayer) and x.rel is A.Rel.CURRENT:
            current = True
        v = getattr(x, "var", None)
        if isinstance(v, A.Var) and x is not q:
            bound.add(v.name)
    free = names - bound - declared
    if seat is not None and free == {seat}:
        return "var"
    if not free and current:
        return "current"
    return None


def _scored_storages(game: A.Game) -> set[str]:
    """The names of the integer storages the (scoring ...) expression reads."""
    return {
        x.name.value
        for x in A.walk(game.scoring)
        if isinstance(x, A.IntStorage) and isinstance(x.name, A.NameLit)
    }


def _writes_scored(body: A.Node, scored: set[str]) -> bool:
    return any(
        x.STORES is not None
        and isinstance(x.target, A.IntStorage)
        and isinstance(x.target.name, A.NameLit)
        and x.target.name.value in scored
        for x in A.walk(body)
    )


def candidates(game: A.Game) -> list[tuple[A.IntCmp, A.CmpOp, A.Node, A.Node, str | None]]:
    """The lines of `game` (module docstring), before their side is read from play: per
    line (the comparison, its op with Q first, Q, T, the seat variable's name or None
    when the seat is the current player), in the order of the rules, each comparison
    once."""
    declared = {d.var.name for d in game.declares}
    scored = _scored_storages(game)
    out: list = []
    seen: set[int] = set()

    def take(cmp: A.IntCmp, seat: str | None) -> None:
        if cmp.op not in _ORDERED or id(cmp) in seen:
            return
        for q, t, op in ((cmp.a, cmp.b, cmp.op), (cmp.b, cmp.a, A.FLIPPED[cmp.op])):
            if _constant(t, declared) and not _constant(q, declared):
                how = _seat_of(q, seat, declared)
                if how is not None:
                    seen.add(id(cmp))
                    out.append((cmp, op, q, t, seat if how == "var" else None))
                return

    def decides(cond: A.Node, seat: str | None) -> None:
        for x in A.walk(cond):
            if isinstance(x, A.IntCmp):
                take(x, seat)

    def visit(node: A.Node, seat: str | None, top: bool) -> None:
        if isinstance(node, A.Choice):
            return  # what a player may do, not what decides the end or result
        if isinstance(node, A.Stage):
            if top:
                _in_seats(node.end, seat, decides)
            for item in node.body:
                visit(item, seat, False)
            return
        if isinstance(node, A.Guarded) and (top or _writes_scored(node.body, scored)):
            _in_seats(node.cond, seat, decides)
        for name in A.field_names(type(node)):
            value = getattr(node, name)
            for kid in value if isinstance(value, tuple) else (value,):
                if not isinstance(kid, A.Node):
                    continue
                inner = seat
                if name != "coll" and isinstance(getattr(node, "var", None), A.Var):
                    coll = getattr(node, "coll", None)
                    if coll is not None and coll.result() is Ty.PLAYERS:
                        inner = node.var.name
                visit(kid, inner, top)

    for item in game.body:
        visit(item, None, True)
    return out


def _in_seats(cond: A.Node, seat: str | None, fn) -> None:
    """Calls ``fn(part, seat)`` on `cond` and on the body of each quantifier over players
    in it, with the seat its variable names (the innermost around the part)."""
    fn(cond, seat)
    for x in A.walk(cond):
        if isinstance(x, A.AggBool) and x.coll.result() is Ty.PLAYERS:
            fn(x.cond, x.var.name)


def compile_lines(game) -> list[Line]:
    """The candidate lines of a `CompiledGame`, compiled with its own compiler (the
    state's slots; no coverage is recorded for them, and the compiler is left as it
    was); those that do not compile are left out."""
    c = game.compiler
    tracked, watch, nvars = getattr(c, "tracked", None), c.watch, c.nvars
    c.tracked, c.watch = None, None
    raw = []
    try:
        for cmp, op, q, t, seat in candidates(game.ast):
            try:
                var = c.new_var(seat) if seat is not None else None
                try:
                    raw.append((cmp, op, c.int_value(q), c.int_value(t), var))
                finally:
                    if var is not None:
                        c.pop_var()
            except Exception:
                continue
    finally:
        top = c.nvars
        # the compiler as it was: the lines' variables live only in the padded copies of a
        # state's bindings that `Line.margin` reads with
        c.tracked, c.watch, c.nvars = tracked, watch, nvars
    return [Line(cmp, op, qf, tf, var, top) for cmp, op, qf, tf, var in raw]


def loss_lines(game, finals: list) -> list[Line]:
    """The lines of `game` (`compile_lines`) whose holding goes with a worse result in
    `finals` (final positions of random games): the seats over the line at the end have
    a lower mean standing than the seats not over it, and both occur (module docstring)."""
    sign = 1 if game.order == "max" else -1
    out = []
    compiled = compile_lines(game) if finals else []
    for line in compiled:
        over, under = [], []
        for st in finals:
            scores = st.scores()
            for seat in range(game.nplayers):
                m = line.margin(st, seat)
                if m is not None:
                    (over if m <= 0 else under).append(sign * scores[seat])
        if over and under and sum(over) / len(over) < sum(under) / len(under):
            out.append(line)
    return out
