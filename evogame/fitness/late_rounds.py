"""Rounds played after the only round that scores: a defect of the `soundness` component,
read from the rules and confirmed by play (round 58, campaign inv-30's rank 3).

Our Agram seed deals HAND cards, plays HAND tricks and awards the game to the winner of
trick DECIDE, counted by ``(inc (game sto TRICK) 1)`` and guarded by ``(== (game sto TRICK)
'DECIDE)``; DECIDE = HAND by default, so the last trick decides. An edit to HAND = 7 with
DECIDE = 6 (campaign inv-30's rank 3, round 58; its blind reader: "trick 7 is played for
nothing") plays a 7th trick after the game is decided. `settled` sees the same tail but
asks it to be a quarter of the game's decisions (1/7 here: 3 of 21); `idle_rounds` and
`cancelled_rounds` see a 7th trick with decisions, as it should be.

**The rules** (static) give a candidate: a stage S, a game storage T and a round a such
that

1. T is written, in the stages, only by ``(inc (game sto T) 1)`` lying in S's body with
   only ``do``\\ s between (once per pass of S), and before the stages at most set to 0;
   so T counts S's passes (T = i during pass i after the ``inc``);
2. the scoring reads storages only (no place, card or point table), and every write of a
   storage it reads, in the stages, lies in S's body under a guard that requires ``T ==
   K`` for a constant K (a literal or a declared number: a conjunct of an ``and``, or
   every disjunct of an ``or`` once the disjuncts false by their constants are dropped);
   a = the largest K, plus one when an award precedes the ``inc`` in S's body.

No score can change after pass a of S. **Play** (`idle_rounds.logged_games`, Python
engine, the evaluation's first deals) measures S's passes: the candidate is named when in
every sampled game that ends (at least `NEED`) S has a pass after pass a with a decision
in it: rounds the players play once the game is decided.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
tests/fitness/test_late_rounds.py): no file is named; our Agram seed is the one
candidate (trick DECIDE = 6 of 6: no pass after it); docs/judge.md, round 58 s58g.
"""

from __future__ import annotations

from evogame.fitness.idle_rounds import _Log, logged_games, stage_nodes
from evogame.fitness.soundness import Defect, declared_numbers, named, number
from evogame.lang import ast as A
from evogame.lang import where

#: Random games played at most (the evaluation's first deals).
GAMES = 4
#: Games that must end on their own to judge.
NEED = 3

_WRITES = (A.SetInt, A.IncInt, A.DecInt)
#: Nodes that make a scoring read more than storages.
_STATE = (A.Location, A.Size, A.SumPoints, A.ScoreCard, A.PointStorage, A.AggInt, A.Extremum)


def _name(sto: A.Node) -> str | None:
    if isinstance(sto, A.IntStorage) and isinstance(sto.name, A.NameLit):
        return sto.name.value
    return None


def _ancestors(node: A.Node, up) -> list[A.Node]:
    out = []
    while (p := up.get(id(node))) is not None:
        node = p[0]
        out.append(node)
    return out


def _counter(game: A.Game, up) -> dict[str, tuple[A.Stage, A.IncInt]]:
    """Game storages counting a stage's passes (condition 1): name -> (stage, its inc)."""
    writes: dict[str, list[A.Node]] = {}
    for n in A.walk(game):
        if isinstance(n, _WRITES) and (x := _name(n.target)):
            writes.setdefault(x, []).append(n)
    out = {}
    for x, ws in writes.items():
        staged = [w for w in ws if any(isinstance(a, A.Stage) for a in _ancestors(w, up))]
        opening = [w for w in ws if w not in staged]
        if len(staged) != 1 or any(
            not (isinstance(w, A.SetInt) and number(w.value, {}) == 0) for w in opening
        ):
            continue
        (w,) = staged
        if not (isinstance(w, A.IncInt) and isinstance(w.target.owner, A.GameRef)):
            continue
        if number(w.value, {}) != 1:
            continue
        chain = _ancestors(w, up)
        stage = next(a for a in chain if isinstance(a, A.Stage))
        if all(isinstance(a, A.Do) for a in chain[: chain.index(stage)]):
            out[x] = (stage, w)
    return out


def _requires(cond: A.Node, t: str, k: dict[str, int]) -> list[int] | None:
    """The constants K for which `cond` requires ``T == K`` (condition 2), or None."""
    if isinstance(cond, A.IntCmp) and cond.op is A.CmpOp.EQ:
        for s, o in ((cond.a, cond.b), (cond.b, cond.a)):
            if _name(s) == t and isinstance(s.owner, A.GameRef):
                c = number(o, k)
                return [c] if c is not None else None
        return None
    if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND:
        for a in cond.args:
            if (r := _requires(a, t, k)) is not None:
                return r
        return None
    if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.OR:
        ks: list[int] = []
        for a in cond.args:
            if _false(a, k):
                continue
            r = _requires(a, t, k)
            if r is None:
                return None
            ks += r
        return ks or None
    return None


def _false(cond: A.Node, k: dict[str, int]) -> bool:
    """Whether `cond` is false by its constants alone: a comparison of two constants, or
    an ``and`` with such a false part."""
    if isinstance(cond, A.IntCmp):
        a, b = number(cond.a, k), number(cond.b, k)
        return a is not None and b is not None and not _holds(cond.op, a, b)
    if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND:
        return any(_false(a, k) for a in cond.args)
    return False


def _holds(op: A.CmpOp, a: int, b: int) -> bool:
    return {
        A.CmpOp.EQ: a == b,
        A.CmpOp.NE: a != b,
        A.CmpOp.LT: a < b,
        A.CmpOp.GT: a > b,
        A.CmpOp.LE: a <= b,
        A.CmpOp.GE: a >= b,
    }[op]


def candidates(game: A.Game) -> list[tuple[A.Stage, str, int, A.Node]]:
    """(stage S, counter T, last scoring pass a, an award) meeting conditions 1-2."""
    if any(isinstance(n, _STATE) for n in A.walk(game.scoring)):
        return []
    read = {x for n in A.walk(game.scoring) if (x := _name(n))}
    if not read:
        return []
    up = A.game_parents(game)
    k = declared_numbers(game)
    order = {id(n): i for i, n in enumerate(A.walk(game))}
    out = []
    for t, (stage, inc) in _counter(game, up).items():
        awards = [
            n
            for n in A.walk(game)
            if isinstance(n, _WRITES)
            and _name(n.target) in read
            and any(isinstance(a, A.Stage) for a in _ancestors(n, up))
        ]
        if not awards:
            continue
        last = 0
        for w in awards:
            chain = _ancestors(w, up)
            if stage not in chain:
                break
            ks = [r for g in chain if isinstance(g, A.Guarded) and (r := _requires(g.cond, t, k))]
            if not ks:
                break
            a = min(max(r) for r in ks)  # each guard must hold: the tightest bound
            last = max(last, a + (order[id(w)] < order[id(inc)]))
        else:
            out.append((stage, t, last, awards[0]))
    return out


def rounds_after_award(game, seeds: list[int]) -> list[Defect]:
    """Each candidate stage with passes with a decision after its last scoring pass in
    every sampled game (module docstring); `game` a `CompiledGame`."""
    found = candidates(game.ast)
    if not found:
        return []
    by_uid = stage_nodes(game)
    if by_uid is None:
        return []
    uid_of = {id(s): u for u, s in by_uid.items()}
    log = _Log()
    late: dict[int, list[int]] = {i: [] for i in range(len(found))}
    ended = 0
    for _ in logged_games(game, log, seeds[:GAMES]):
        ended += 1
        for i, (stage, _t, last, _w) in enumerate(found):
            passes = log.iters.get(uid_of.get(id(stage), -1), [])
            late[i].append(sum(1 for d in passes[last:] if d > 0))
    if ended < NEED:
        return []
    out = []
    for i, (stage, t, last, award) in enumerate(found):
        if late[i] and all(late[i]):
            out.append(
                Defect(
                    where(stage),
                    f"no score changes after pass {last} of this stage (every award, as at "
                    f"{where(award)}, needs {t} == {last} or less, and {t} counts its "
                    f"passes), yet in every sampled game it plays {min(late[i])} or more "
                    "passes with decisions after it: rounds played for nothing",
                )
            )
    return out


def defects(game, seeds: list[int]) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play)."""
    return named(rounds_after_award, game, seeds)
