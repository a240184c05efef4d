"""A forced draw (or pass) whose "you cannot play" test is narrower than the play it stands
for: a defect of the `soundness` component, read from the rules alone (issue 35, campaign
inv-23's rank 4, round 54).

Crazy Eights makes a player who cannot play draw until they can: a rule guarded by
``(all HAND 'C (and (!= rank EIGHT) (!= suit FOLLOW) (!= rank <top's rank>)))``, the
negation, card by card, of the play's filter ``(or (== rank EIGHT) (== suit FOLLOW) (==
rank <top's rank>))``. An edit that drops one ``!=`` from the draw's test (campaign inv-23's
rank 4: the rank match lost) leaves the play as it was, so the player must draw while
holding a card that matches by rank and that the play would take ("you must draw while
holding a card that matches by rank", its blind reader, 4.5 against the seed's 6; the
judge gave it 0.870 against the seed's 0.827 at ``evaluate --seed 0``).

**The spots.** A *play* is a choice item ``(any (filter H 'V F) 'V ...)`` that moves 'V
(the card leaves place H, a literal place). A *cannot-play test* over the same H is a part
of a condition that says "no card of H passes Q":

- ``(all H 'V P)``  (Q = not P),
- ``(== (size (filter H 'V Q)) 0)``, either side,
- ``(not (any H 'V Q))``,

found as a conjunct (under ``and``) of the guard of a rule that *draws* into H (a move whose
destination is H), *passes* (``turn pass``) or is a *way out* (plays a card of H by an
``any``/``all`` over it: "cannot follow, play any card"; judged against the plays outside
it), or as a disjunct (under ``or``) of the end test of a stage whose choice holds the play
(the turn ends because nothing can be played). Several such conjuncts over one place are
one test, the ``or`` of their Q (EnchereAvancee3: "cannot match the suit and cannot match
the rank").

**The test** (propositional, exact on the text). F and Q are read as formulas over
*atoms*: each comparison (``== != < > <= >=``, ``!=`` the negation of ``==`` and ``>=`` of
``<`` with the sides as written, either order) and any other test, the bound card renamed
alike in both. The draw fires while a play is legal when some card can pass F and fail Q:

    narrow  <=>  F and not Q is satisfiable         (over the atoms, each true or false)

decided by trying every assignment of the atoms (at most `MAX_ATOMS`). Only a test written
from the play is judged: Q must share an atom with F (a draw for "no heart in hand" beside
a play of any card is another rule, not a copy of the play's test). Atoms are free: the
test does not know that a card of rank EIGHT is of no other rank, so it can name a draw
whose missing case no card meets; it names none on the real files.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; `python
bench/narrow_draws_near.py`, /work/runs-archive/s55h/near.txt):
46 pairs of a cannot-play test and a play over the same place share an atom, in 36 files
(43 trick games' "cannot follow, play any card" ways out, Crazy Eights' and PageOne3's
draws, Crazy Eights' play-stage end), at most 3 atoms a pair; the number of them for which
F and not Q is satisfiable is 0 (each test is its play's filter negated exactly), so the
check names none. In inv-23's rank 4 and the variant eights-draw-forgets-rank
(tests/fitness/narrow_draw_variants.py) the draw's test misses the rank match: F and not
Q holds for a card that matches the top card by rank only. Over the 589 best/ files under
/work/runs-archive it names 14, every one a Crazy Eights whose draw lost that match (inv-15
rank 6, inv-17 rank 5, inv-18 rank 7, inv-20 rank 2, inv-23 rank 4, inv-24 rank 3, inv-25
rank 5 among them): a loophole campaigns keep finding. Cost: 0.9 ms of CPU a file on
average over the 95 real files (load 28 on 2 cores).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line
from evogame.lang.printer import where

#: Atoms a pair of tests may have between them to be judged (2^MAX_ATOMS assignments).
MAX_ATOMS = 14

#: The canonical name the bound card is renamed to in both tests.
_CARD = "'_V"

_CMPS = (A.IntCmp, A.StrCmp, A.CardCmp, A.PlayerCmp, A.TeamCmp)


def _text(node: A.Node, var: str) -> str:
    """`node`'s text on one line, the card bound to `var` renamed `_CARD`."""
    flat = to_line(node)
    return re.sub(rf"'{re.escape(var)}(?![A-Za-z0-9_])", _CARD, flat)


def _formula(node: A.Node, var: str):
    """`node` as a formula: ("and"|"or", parts), ("not", part) or ("atom", key, sign)."""
    if isinstance(node, A.Not):
        return ("not", _formula(node.arg, var))
    if isinstance(node, A.BoolOp):
        return (node.op.value, tuple(_formula(a, var) for a in node.args))
    if isinstance(node, _CMPS):
        a, b = _text(node.a, var), _text(node.b, var)
        op = node.op
        if op in A.EQ_OPS:
            return ("atom", ("==", *sorted((a, b))), op is A.CmpOp.EQ)
        # a < b; a > b is b < a; a >= b is not (a < b); a <= b is not (b < a)
        key = {
            A.CmpOp.LT: (a, b, True),
            A.CmpOp.GT: (b, a, True),
            A.CmpOp.GE: (a, b, False),
            A.CmpOp.LE: (b, a, False),
        }[op]
        return ("atom", ("<", key[0], key[1]), key[2])
    return ("atom", ("test", _text(node, var)), True)


def _atoms(f) -> set:
    if f[0] == "atom":
        return {f[1]}
    if f[0] == "not":
        return _atoms(f[1])
    return set().union(*(_atoms(p) for p in f[1]))


def _holds(f, world: dict) -> bool:
    if f[0] == "atom":
        return world[f[1]] == f[2]
    if f[0] == "not":
        return not _holds(f[1], world)
    if f[0] == "and":
        return all(_holds(p, world) for p in f[1])
    return any(_holds(p, world) for p in f[1])


def _witness(play, test) -> dict | None:
    """An assignment of the atoms under which `play` holds and `test` fails, or None when
    there is none (or too many atoms to try them all)."""
    atoms = sorted(_atoms(play) | _atoms(test))
    if len(atoms) > MAX_ATOMS:
        return None
    for values in itertools.product((False, True), repeat=len(atoms)):
        world = dict(zip(atoms, values, strict=True))
        if _holds(play, world) and not _holds(test, world):
            return world
    return None


def _place(node: A.Node) -> str | None:
    """A literal place's text (owner, visibility, name), None for anything else."""
    if isinstance(node, A.Location) and isinstance(node.name, A.NameLit):
        return to_line(node)
    return None


class _Play:
    def __init__(self, place: str, var: str, cond: A.Node, node: A.Node):
        self.place, self.var, self.cond, self.node = place, var, cond, node


def _plays(items) -> Iterator[_Play]:
    """The plays (module docstring) among choice `items`."""
    for item in items:
        for n in A.walk(item):
            if not (isinstance(n, A.AggAction) and n.quant is A.Quant.ANY):
                continue
            f = n.coll
            if not isinstance(f, A.Filter) or (place := _place(f.coll)) is None:
                continue
            moves = [
                m
                for m in A.walk(n.body)
                if isinstance(m, A.Move) and isinstance(m.src, A.Var) and m.src.name == n.var.name
            ]
            if moves:
                yield _Play(place, f.var.name, f.cond, n)


def _none_passes(cond: A.Node) -> tuple[str, tuple, A.Node] | None:
    """(place, Q as a formula (`_formula`), the node) when `cond` says no card of a literal
    place passes Q."""
    if (
        isinstance(cond, A.AggBool)
        and cond.quant is A.Quant.ALL
        and (place := _place(cond.coll)) is not None
    ):
        return place, ("not", _formula(cond.cond, cond.var.name)), cond
    if isinstance(cond, A.Not) and isinstance(cond.arg, A.AggBool):
        inner = cond.arg
        if inner.quant is A.Quant.ANY and (place := _place(inner.coll)) is not None:
            return place, _formula(inner.cond, inner.var.name), cond
    if isinstance(cond, A.IntCmp) and cond.op is A.CmpOp.EQ:
        for size, zero in ((cond.a, cond.b), (cond.b, cond.a)):
            if (
                isinstance(size, A.Size)
                and isinstance(zero, A.IntLit)
                and zero.value == 0
                and isinstance(size.coll, A.Filter)
                and (place := _place(size.coll.coll)) is not None
            ):
                return place, _formula(size.coll.cond, size.coll.var.name), cond
    return None


def _draws_into(body: A.Node) -> set[str]:
    """The literal places a rule's moves put cards in."""
    out = set()
    for m in A.walk(body):
        if (
            isinstance(m, A.Move)
            and m.dst.PICKS in A.POSITIONS
            and (place := _place(m.dst.coll)) is not None
        ):
            out.add(place)
    return out


def _taken_from(body: A.Node) -> set[str]:
    """The literal places a rule's ``any``/``all`` over a place moves its card out of."""
    out = set()
    for n in A.walk(body):
        if isinstance(n, A.AggAction):
            coll = n.coll.coll if isinstance(n.coll, A.Filter) else n.coll
            if (place := _place(coll)) is not None and any(
                isinstance(m, A.Move) and isinstance(m.src, A.Var) and m.src.name == n.var.name
                for m in A.walk(n.body)
            ):
                out.add(place)
    return out


def _within(node: A.Node, rule: A.Node) -> bool:
    return any(n is node for n in A.walk(rule))


def _tests(game: A.Game) -> Iterator[tuple[str, tuple, list[_Play]]]:
    """(what the test stops: "draw", "pass" or "end"; (place, Q, node) as `_none_passes`
    gives them; the plays it is judged against) for every cannot-play test of the game
    (module docstring)."""
    plays = [p for n in A.walk(game) if isinstance(n, A.Choice) for p in _plays(n.items)]
    for n in A.walk(game):
        if isinstance(n, A.Guarded):
            into = _draws_into(n.body)
            passes = any(isinstance(m, A.TurnPass) for m in A.walk(n.body))
            # "no card passes Q1" and "no card passes Q2": no card passes (or Q1 Q2)
            by_place: dict[str, list] = {}
            for part in A.bool_parts(n.cond, A.BoolOpKind.AND):
                if (found := _none_passes(part)) is not None:
                    by_place.setdefault(found[0], []).append(found)
            for place, found in by_place.items():
                spot = (
                    found[0]
                    if len(found) == 1
                    else (place, ("or", tuple(f[1] for f in found)), n.cond)
                )
                if spot[0] in into:
                    yield "draw", spot, plays
                elif passes:
                    yield "pass", spot, plays
                elif spot[0] in _taken_from(n.body):
                    yield "any", spot, [p for p in plays if not _within(p.node, n)]
        if isinstance(n, A.Stage):
            own = [p for c in A.walk(n) if isinstance(c, A.Choice) for p in _plays(c.items)]
            for part in A.bool_parts(n.end, A.BoolOpKind.OR):
                spot = _none_passes(part)
                if spot is not None:
                    yield "end", spot, own


_WHAT = {
    "draw": "this draw into {place} runs when no card of {place} passes its test",
    "pass": "this pass runs when no card of {place} passes its test",
    "end": "this end of the turn comes when no card of {place} passes its test",
    "any": "this way out plays from {place} when no card of {place} passes its test",
}


_DOES = {"draw": "draw", "pass": "pass", "end": "end the turn", "any": "take the way out"}


def narrow_draws(game: A.Game) -> list[Defect]:
    """Each cannot-play test (a draw's, a pass's, a play stage's end) that a card the play
    from the same place takes can fail: players are made to draw (or pass, or end the
    turn) while they hold a card they may play."""
    out = []
    for kind, (place, test, node), plays in _tests(game):
        for play in plays:
            if play.place != place:
                continue
            f = _formula(play.cond, play.var)
            if not _atoms(f) & _atoms(test):
                continue
            world = _witness(f, test)
            if world is None:
                continue
            passes = [_show(k, v) for k, v in world.items() if k in _atoms(f)]
            out.append(
                Defect(
                    where(node),
                    _WHAT[kind].format(place=place)
                    + f", while the play at {where(play.node)} takes a card it fails: "
                    + "a card for which "
                    + "; ".join(passes)
                    + " (players are made to "
                    + _DOES[kind]
                    + " while they hold a card they may play)",
                )
            )
            break
    return out


def _show(key: tuple, value: bool) -> str:
    """An atom and its value, as a reader reads it ('_V: the card)."""
    if key[0] == "==":
        return f"({'==' if value else '!='} {key[1]} {key[2]})"
    if key[0] == "<":
        return f"({'<' if value else '>='} {key[1]} {key[2]})"
    return key[1] if value else f"(not {key[1]})"


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(narrow_draws, game)
