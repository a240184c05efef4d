"""A closing mark looser than the end it follows: a defect of the `soundness` component, read
from the rules alone (round 62, issue 35).

Our Pairs seed ends its round stage when some player's points pass the losing bound,
``(end (any player 'P (> (sum ('P vloc POINTS) using ...) (// 'LIMIT 'NUMP))))``, and the
rule after the stage marks the losers with the same test, ``(all player 'P ((> (sum ...)
(// 'LIMIT 'NUMP)) (set ('P sto LOST) 1)))``: the player who went over loses, the others
share the win. A campaign file of round 61 (inv-35's rank 2) kept the end and wrote the
mark's bound as 9: play stops only when someone passes 15, and then every player above 9
is marked too. Its blind reader, 4 against the seed's 7: "losers play on; 54 % of games
have more than one loser, 3 % all four (then all 'win')". The judge named nothing (0.889).

**The test.** Stage S is followed, in the same sequence of rules (the game's, or a
stage's), by a rule R with an ``all`` (or ``any``, outside a choice the same) over players
'Q guarding an action with a conjunct ``(op Q(v) m)``, where

- every disjunct of S's end (``or`` flattened) is ``(any player 'P (op' Q('P) e))``: one
  per-player quantity Q (the same tree, 'P renamed; no chance in it) against a constant e
  (literals and declared numbers, `constants.Constants`), all in one direction;
- the mark compares the same Q with constant m in the same direction (``>``/``>=`` read as
  Q > t, ``<``/``<=`` as Q < t, either side), and its bound is **looser**: t_m < t_e for
  Q > t (t_m > t_e for Q < t), with t_e the end's loosest;
- no rule between S and R, nor R itself, touches what Q reads (`soundness._touched`).

When R runs, S has just ended: some player is past t_e, and no rule has moved Q since.
Every player with Q strictly between the two bounds gets the mark as well, though play
did not stop for them: the mark's bound says one thing, the end's another. ``==``/``!=``
tests are not read (no direction); a stricter mark (t_m beyond t_e) is not named: the
player who ended the game may then go unmarked, a different question.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds; `near_misses`,
tests/fitness/test_loose_marks.py): two files, our Pairs seeds, have a rule after a
stage that compares the quantity the stage's end compares, both with the end's own bound
(``(// 'LIMIT 'NUMP)``): not named. 30 other files compare a per-player quantity an end
compares with a constant elsewhere (Go Fish, Hearts, LAMA's ``(>= ('P sto SCORE) 9)``
under its end's 40), none in a rule after the stage (/work/runs-archive/s62b/
quantity_survey.py). Of the 208 best/ files of rounds 57-61 it names 5, all Pairs
lineages (docs/judge.md, round 62); of 400 children of the seeds, none. CPU: 0.06 s for
the 95 real files.
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.constants import Constants
from evogame.fitness.preempted import _meets
from evogame.fitness.soundness import Defect, _names, _touched, named
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.types import Ty

#: The placeholder a seat variable is renamed to, so two loops' quantities compare equal.
_SEAT = "_seat"

#: Q op c as a direction and a strict bound: Q > t ('>') or Q < t ('<'); and the op mirrored.
_STRICT = {A.CmpOp.GT: (">", 0), A.CmpOp.GE: (">", -1), A.CmpOp.LT: ("<", 0), A.CmpOp.LE: ("<", 1)}
_MIRROR = {
    A.CmpOp.GT: A.CmpOp.LT,
    A.CmpOp.GE: A.CmpOp.LE,
    A.CmpOp.LT: A.CmpOp.GT,
    A.CmpOp.LE: A.CmpOp.GE,
}


def _renamed(node: A.Node, var: A.Var) -> A.Node:
    """`node` with seat variable `var` renamed to the placeholder `_SEAT`."""
    if node == var:
        return A.Var(_SEAT, var.ty)
    return A.map_tree(node, lambda c, _f: _renamed(c, var))


def _threshold(c: A.Node, var: A.Var, k: Constants) -> tuple[A.Node, str, int] | None:
    """(Q, direction, t) when `c` compares a quantity Q of seat `var` (no chance in it)
    with a constant, read as Q > t or Q < t (`_STRICT`); else None."""
    if not isinstance(c, A.IntCmp) or c.op not in _STRICT:
        return None
    for q, b, op in ((c.a, c.b, c.op), (c.b, c.a, _MIRROR[c.op])):
        v = k.value(b)
        if v is None or k.value(q) is not None:
            continue
        walked = list(A.walk(q))
        if var not in walked or any(n.CHANCE for n in walked):
            continue
        direction, shift = _STRICT[op]
        return _renamed(q, var), direction, v + shift
    return None


def _end_bound(stage: A.Stage, k: Constants) -> tuple[A.Node, str, int, A.Node] | None:
    """(Q, direction, t_e, a disjunct) when every disjunct of `stage`'s end is ``(any
    player 'P (op Q('P) e))`` with one Q and one direction; t_e the loosest bound."""
    found = []
    for d in A.bool_parts(stage.end, A.BoolOpKind.OR):
        if not (
            isinstance(d, A.AggBool)
            and d.quant is A.Quant.ANY
            and isinstance(d.coll, A.AllPlayers)
            and (t := _threshold(d.cond, d.var, k)) is not None
        ):
            return None
        found.append((*t, d))
    if not found or len({(q, w) for q, w, _t, _d in found}) != 1:
        return None
    pick = min if found[0][1] == ">" else max
    return pick(found, key=lambda f: f[2])


def _marks(item: A.Node) -> Iterator[tuple[A.Guarded, A.Var]]:
    """The guarded actions inside a loop over every player in `item`, with the loop's
    seat variable (choices and nested stages are not entered: they run later, or not)."""
    if isinstance(item, A.Stage | A.Choice):
        return
    if isinstance(item, A.AggAction) and isinstance(item.coll, A.AllPlayers):
        for g in A.walk(item.body):
            if isinstance(g, A.Guarded):
                yield g, item.var
    for child in item.children():
        yield from _marks(child)


def _changes(item: A.Node) -> set[tuple[str, str]]:
    """What the actions in `item` may change (`soundness._touched` of each action: the
    places it mentions, the storage it sets), not what its guards only read."""
    out: set[tuple[str, str]] = set()
    for n in A.walk(item):
        if n.RESULT is Ty.ACTION and not isinstance(n, A.Repeat | A.RepeatAll):
            out |= _touched(n)
    return out


def _sequences(game: A.Game) -> Iterator[tuple[A.Node, ...]]:
    """The sequences of rules run one after another: the game's, each stage's, each do's."""
    yield game.body
    for n in A.walk(game):
        if isinstance(n, A.Stage):
            yield n.body
        elif isinstance(n, A.Do):
            yield n.items


def loose_marks(game: A.Game) -> list[Defect]:
    """Each guard after a stage that marks players by the quantity the stage's end tests,
    with a looser bound than the end's (module docstring): the mark also goes to the
    players between the two bounds, for whom play did not stop."""
    k = Constants(game)
    out = []
    for seq in _sequences(game):
        for i, stage in enumerate(seq):
            if not isinstance(stage, A.Stage) or (end := _end_bound(stage, k)) is None:
                continue
            q, direction, t_e, disjunct = end
            reads = _names(disjunct.cond)
            for item in seq[i + 1 :]:
                if _meets(reads, _changes(item)):
                    break  # Q may have moved since the end: the end says nothing of it
                for guard, var in _marks(item):
                    for c in A.bool_parts(guard.cond, A.BoolOpKind.AND):
                        t = _threshold(c, var, k)
                        if t is None or t[0] != q or t[1] != direction:
                            continue
                        t_m = t[2]
                        if (t_m < t_e) if direction == ">" else (t_m > t_e):
                            out.append(_defect(guard, c, disjunct, direction, t_m, t_e))
                            break
    return out


def _defect(guard: A.Guarded, c: A.Node, end: A.Node, direction: str, t_m: int, t_e: int) -> Defect:
    lo, hi = (t_m + 1, t_e) if direction == ">" else (t_e, t_m - 1)  # marked, not ended
    between = str(lo) if lo == hi else f"{lo} to {hi}"
    return Defect(
        where(guard),
        f"this rule marks every player for whom {to_text(c)} holds, after a stage that "
        f"ends only when {to_text(end)}: a player at {between} is marked too, though play "
        "did not stop for them (the mark's bound is looser than the end's)",
    )


def near_misses(game: A.Game) -> list[tuple[str, str]]:
    """Rules after a stage comparing the quantity its end compares, with any bound or
    direction (the closest a file comes to the defect), as (where, text)."""
    k = Constants(game)
    out = []
    for seq in _sequences(game):
        for i, stage in enumerate(seq):
            if not isinstance(stage, A.Stage) or (end := _end_bound(stage, k)) is None:
                continue
            for item in seq[i + 1 :]:
                for guard, var in _marks(item):
                    for c in A.bool_parts(guard.cond, A.BoolOpKind.AND):
                        t = _threshold(c, var, k)
                        if t is not None and t[0] == end[0]:
                            out.append((where(guard), to_text(c)))
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(loose_marks, game)
