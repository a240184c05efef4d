"""A seat marked by a choice and never unmarked: a defect of the `soundness` component, read
from the rules alone (round 56, campaign inv-25's rank 4).

A rule that acts on "the player I chose" is written with a per-player storage used as a
mark: the choice sets the chosen seat's mark, ``(set ('P sto TARGET) 1)`` with 'P the seat
the player picks, and a later rule acts on every marked seat, ``(all player 'P ((== ('P
sto TARGET) 1) ...))``. Our Go Fish seed clears every seat's mark in the same option, just
before it marks the one asked (``(all player 'Q (set ('Q sto TARGET) 0))``). An edit that
drops the clear (campaign inv-25's rank 4, round 56; the clear kept only in its ``otherwise``
item) makes the marks accumulate: every seat ever asked stays a target, so each later ask
takes that rank from all of them at once, and once the current player has been asked by
another, their own hand is a target too (their own cards move to their own hand, a
"success" that keeps the turn). Its blind reader: 2 against the seed's 6 ("targets are never
cleared"); the judge rated it above the seed, 0.879 against 0.834 at ``evaluate --seed 0``.

**The test.** An int storage name X and a ``(set ('P sto X) c)`` (c a number) inside a
choice item, 'P bound in that item by an ``any`` over players (the seat the player picks;
an ``all`` marks every seat, which accumulates nothing), is named when all of these hold:

1. the item mentions X only there: it neither clears other seats' marks nor offers only
   seats by their mark (a seat knocked out for good is picked among those not yet out);
2. no rule of a stage outside a choice writes X (no clear after the turn, or in the rule
   that acts on the marks; the game's opening rules run once and clear nothing later);
   writes in other choice items clear only when that option is taken, so they do not count;
3. some rule reads X of every seat in turn: an ``all`` over players (or an ``any`` outside
   a choice, which does the same) whose seat is the owner of a read of X.

The measure is a count per file of the marks meeting 1-3 (a number of rules, 0 or more);
the defect is any. Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
tests/fitness/test_marks.py): 0. Our Go Fish seed is the one real file with a seat picked
and marked in a choice item (TARGET); it meets 2 and 3 and fails 1 only (its option clears
every seat first). The only other seat-bound write in a choice item, Coup4's "block foreign
aid" ``(all player 'P (set ('P sto FOREIGNAID) 0))``, marks every seat (an ``all``), and
FOREIGNAID is read of the current player only (3 fails too). Of the 706 best/ files under
/work/runs-archive it names 3: inv-25's rank 4 of round 56 (the same file in round 55's
best/) and s53e inv-a's new-01, a Go Fish of another lineage whose ask lost the same clear
(/work/runs-archive/s56g/measure.txt). CPU: 0.12 s for both of round 56's checks (this and
`overwritten`) on the 95 real files (load 13 on 2 cores).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: The constructs that bind a variable (`var`) over a collection (`coll`).
_BINDERS = (A.AggAction, A.AggBool, A.Filter, A.AggInt, A.AggCards)


def _ancestors(node: A.Node, up: dict[int, tuple[A.Node, str, int]]) -> list[A.Node]:
    """`node`'s ancestors, nearest first."""
    out = []
    while (p := up.get(id(node))) is not None:
        node = p[0]
        out.append(node)
    return out


def _binder(var: A.Var, chain: list[A.Node]) -> A.Node | None:
    """The nearest node of `chain` (ancestors, nearest first) that binds `var`'s name."""
    for n in chain:
        if isinstance(n, (*_BINDERS, A.Let)) and n.var.name == var.name:
            return n
    return None


def _name(sto: A.Node) -> str | None:
    """An int storage's name when it is a literal."""
    if isinstance(sto, A.IntStorage) and isinstance(sto.name, A.NameLit):
        return sto.name.value
    return None


def _item(chain: list[A.Node]) -> A.Node | None:
    """The choice item a node lies in (the nearest), given its ancestors `chain`."""
    for below, n in zip([None, *chain], chain, strict=False):
        if isinstance(n, A.Choice) and below is not None:
            return below
    return None


def _in_stage(chain: list[A.Node]) -> bool:
    return any(isinstance(n, A.Stage) for n in chain)


def _over_seats(n: A.Node) -> bool:
    """Whether `n` binds its variable to each player of a collection of players."""
    return isinstance(n, _BINDERS) and n.coll.result() is A.Ty.PLAYERS


def never_unmarked(game: A.Game) -> list[Defect]:
    """Each seat mark set in a choice item and never cleared (module docstring)."""
    up = A.game_parents(game)
    writes: dict[str, list[A.Node]] = {}
    reads: dict[str, list[A.Node]] = {}
    for n in A.walk(game):
        if isinstance(n, A.SetInt | A.IncInt | A.DecInt) and (x := _name(n.target)):
            writes.setdefault(x, []).append(n)
        elif isinstance(n, A.IntStorage) and (x := _name(n)):
            p = up.get(id(n))
            written = p is not None and isinstance(p[0], A.SetInt | A.IncInt | A.DecInt)
            if not written or p[1] != "target":
                reads.setdefault(x, []).append(n)
    out = []
    for x, sets in writes.items():
        read_all = _reader(reads.get(x, []), up)
        if read_all is None:
            continue
        outside = [w for w in sets if (c := _ancestors(w, up)) and _in_stage(c) and not _item(c)]
        if outside:
            continue  # condition 2
        for w in sets:
            chain = _ancestors(w, up)
            item = _item(chain)
            if item is None or not isinstance(w, A.SetInt) or not isinstance(w.value, A.IntLit):
                continue
            owner = w.target.owner
            if not isinstance(owner, A.Var):
                continue
            b = _binder(owner, chain)
            if not isinstance(b, A.AggAction) or b.quant is not A.Quant.ANY or not _over_seats(b):
                continue  # not a seat picked: an `all` marks every seat
            if b not in chain[: chain.index(item) + 1]:
                continue  # the seat is not picked in this item
            others = [s for s in A.walk(item) if _name(s) == x and s is not w.target]
            if others:
                continue  # condition 1
            out.append(_defect(w, x, read_all))
    return out


def _reader(reads: list[A.Node], up) -> A.Node | None:
    """The first rule among `reads` (reads of one storage) that reads it of every seat in
    turn (condition 3): the quantifier binding the read's owner, an ``all`` over players,
    or an ``any`` outside a choice."""
    for r in reads:
        if not isinstance(r.owner, A.Var):
            continue
        chain = _ancestors(r, up)
        b = _binder(r.owner, chain)
        if not isinstance(b, A.AggAction) or not _over_seats(b):
            continue
        if b.quant is A.Quant.ALL or _item(_ancestors(b, up)) is None:
            return b
    return None


def _defect(mark: A.SetInt, x: str, reader: A.AggAction) -> Defect:
    seats = to_line(reader.coll)
    self_too = isinstance(reader.coll, A.AllPlayers)
    return Defect(
        where(mark),
        f"the seat chosen here is marked ({x} set to {mark.value.value}) and no rule sets "
        f"any seat's {x} back: every seat ever chosen stays marked, so the rule at "
        f"{where(reader)} that acts on each seat of {seats} by its {x} acts on all of "
        "them at once"
        + (", the current player too once another has chosen them" if self_too else ""),
    )


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(never_unmarked, game)
