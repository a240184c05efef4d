"""A case of a per-player score that gives every player one number: a defect of the
`soundness` component, read from the rules alone (round 60, issue 35).

Red7 scores every palette under the rule in force: ``(all player 'P (do (((== RULE RED)
(set ('P sto SCORE) ...)) ((== RULE ORANGE) ...) ...)))``, each case a number computed
from 'P's palette, and each move is legal only if after it the mover's SCORE is above
every other player's. Campaign ablate-33's rank 3 (round 59; its blind reader 5 against
the seed's 7: "Blue sets everyone 100") wrote one case, in the play-and-discard's copy of
the scoring, as ``(set ('P sto SCORE) 100)``: under it every player scores 100, nobody
is above anybody, and the move that makes Blue the rule after a play is never legal.

Named (`levelled_scores`) at the ``set`` when all of these hold (names literal):

1. it writes ``('P sto X)`` a constant (`soundness._constant`: a literal or arithmetic
   on literals), inside an ``any``/``all`` over the players binding 'P;
2. it is guarded inside that loop (a case), by tests none of which reads 'P (so it is
   done for every player or for none), and another write of ``('P sto X)`` in the same
   loop, outside its nearest guard, computes X from 'P (its value reads 'P): the other
   cases rate each player, this one rates them all alike;
3. X is compared between players somewhere (an ``IntCmp`` whose two sides read X of two
   owners written differently: ``(> ((current player) sto X) ('P sto X))``), or the
   scoring reads X: the rules rank players by it.

A reset is not a case (unguarded in its loop: ``(all player 'P (set ('P sto X) 0))`` at a
round's start), nor is a constant for the players a test picks (Pairs' ``((> (sum ('P
vloc POINTS) ...) ...) (set ('P sto LOST) 1))``, the loser), nor a guarded write with no
computed sibling. When the write sits inside an
``ensure`` whose test asks the current player's X above another's, the message says
that the move is never offered (a tie is never above).

Measured (tests/fitness/test_levelled.py; docs/judge.md, round 60 s60c): none of the 95
real files is named. They hold 27 writes of a constant to ``('P sto X)`` in a loop over
the players: 14 resets (unguarded: Poker's CHIPS 100, ranked, at the start) and 13 cases,
of which two write a storage the rules rank by (Pairs' and Continuous Pairs' LOST 1), for
the players their test picks and with no computed case beside them. Of the 73 best/ files
of s57-s59 it names the campaign file only; of 400 children of the seeds
(`tests.conftest.mutant_games(400, 0)`), one: a Red7 whose Orange case became 100 (a
shrink). CPU under 0.03 s a file.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _constant, named
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _parents(game: A.Game) -> dict[int, A.Node]:
    return {id(ch): n for n in A.walk(game) for ch in n.children()}


def _mentions(node: A.Node, name: str) -> bool:
    return any(isinstance(n, A.Var) and n.name == name for n in A.walk(node))


def _player_loop(node: A.Node) -> bool:
    """``any``/``all`` over actions whose collection is the players (or some of them)."""
    if not isinstance(node, A.AggAction):
        return False
    coll = node.coll
    while isinstance(coll, A.Filter):
        coll = coll.coll
    return isinstance(coll, A.AllPlayers | A.OtherPlayers)


def _own_write(node: A.Node, var: str) -> str | None:
    """X when `node` is ``(set ('var sto X) ...)`` with X literal; else None."""
    if not isinstance(node, A.SetInt) or not isinstance(node.target, A.IntStorage):
        return None
    t = node.target
    if isinstance(t.owner, A.Var) and t.owner.name == var and isinstance(t.name, A.NameLit):
        return t.name.value
    return None


def _ranked(game: A.Game) -> set[str]:
    """Integer storages the rules rank players by: compared between two owners written
    differently, or read by the scoring."""
    out = {
        n.name.value
        for n in A.walk(game.scoring)
        if isinstance(n, A.IntStorage) and isinstance(n.name, A.NameLit)
    }
    for c in A.walk(game):
        if not isinstance(c, A.IntCmp):
            continue
        sides = [
            {
                (n.name.value, to_text(n.owner))
                for n in A.walk(s)
                if isinstance(n, A.IntStorage) and isinstance(n.name, A.NameLit)
            }
            for s in (c.a, c.b)
        ]
        out |= {x for x, o in sides[0] for y, p in sides[1] if x == y and o != p}
    return out


def _guard_in(node: A.Node, loop: A.Node, parents: dict[int, A.Node]) -> A.Guarded | None:
    """The nearest ``(BOOL ACTION)`` between `node` and `loop`, None if none."""
    up = parents.get(id(node))
    while up is not None and up is not loop:
        if isinstance(up, A.Guarded):
            return up
        up = parents.get(id(up))
    return None


def _picks(node: A.Node, loop: A.Node, var: str, parents: dict[int, A.Node]) -> bool:
    """Some guard between `node` and `loop` reads the loop's player `var`: the write is
    for the players the test picks, not for every player."""
    up = parents.get(id(node))
    while up is not None and up is not loop:
        if isinstance(up, A.Guarded | A.Ensure) and _mentions(up.cond, var):
            return True
        up = parents.get(id(up))
    return False


def _blocking_ensure(node: A.Node, x: str, parents: dict[int, A.Node]) -> A.Ensure | None:
    """An ``ensure`` holding `node` whose test asks ``(> ((current player) sto X) ...)``
    (or ``<`` with the sides turned): after a write that levels X it cannot hold."""
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, A.Ensure):
            for c in A.walk(up.cond):
                if not isinstance(c, A.IntCmp) or c.op not in (A.CmpOp.GT, A.CmpOp.LT):
                    continue
                mine = c.a if c.op is A.CmpOp.GT else c.b
                if (
                    isinstance(mine, A.IntStorage)
                    and isinstance(mine.owner, A.RelPlayer)
                    and isinstance(mine.name, A.NameLit)
                    and mine.name.value == x
                ):
                    return up
        up = parents.get(id(up))
    return None


def levelled_scores(game: A.Game) -> list[Defect]:
    """Each case of a per-player write of a ranked storage that sets every player to one
    constant, beside cases that compute it from the player (module docstring, 1-3)."""
    ranked = _ranked(game)
    if not ranked:
        return []
    parents = None
    out = []
    for loop in A.walk(game):
        if not _player_loop(loop):
            continue
        var = loop.var.name
        writes = [(n, x) for n in A.walk(loop.body) if (x := _own_write(n, var)) in ranked]
        for n, x in writes:
            value = _constant(n.value)
            if value is None:
                continue
            parents = _parents(game) if parents is None else parents
            guard = _guard_in(n, loop, parents)
            if guard is None:
                continue  # a reset, not a case
            if _picks(n, loop, var, parents):
                continue  # a constant for the players a test picks (Pairs' loser: LOST 1)
            inside = {id(m) for m in A.walk(guard)}
            if any(y == x and _mentions(m.value, var) for m, y in writes if id(m) not in inside):
                owner = f"('{var} sto {x})"
                blocked = _blocking_ensure(n, x, parents)
                tail = (
                    f"; the move's test (line {blocked.span.line if blocked.span else '?'}) "
                    f"wants the current player's {x} above another's, which a tie never "
                    "is: the move is never offered"
                    if blocked is not None
                    else ""
                )
                out.append(
                    Defect(
                        where(n),
                        f"this case sets every player's {x} to {value} where the other "
                        f"cases compute {owner} from the player: the players tie on {x}, "
                        f"which the rules rank them by{tail}",
                    )
                )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(levelled_scores, game)
