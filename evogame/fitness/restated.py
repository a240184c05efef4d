"""A test restated inside the rule it guards: a defect of the `soundness` component, read
from the rules alone (issue 35; the second edit of campaign inv-22's rank 5, blind reader
r54a's rules-E).

Go Fish's "one who holds cards while every other hand is empty just draws" reads

    ((and (> (size ((current player) iloc HAND)) 0) <every other hand empty>)
     (do ((set AGAIN 0) ((> (size STOCK) 0) <draw from STOCK>))))

An edit turned its first test into the inner one, ``(> (size (game hloc STOCK)) 0)``: the
rule now asks "if the stock has cards and ...: set AGAIN to 0; if the stock has cards:
draw", the second test asked again of a stock nothing has touched since the first. A
designer does not write a test whose answer the rule around it has just given: it always
holds where it stands, and on the page it reads as the edit's leftover (the play is the
seed's: the turn's refill has just given an empty hand a card; 60 of 60 random games of
the seed with this edit alone play move for move as the seed's).

**The defect** (`restated_guards`): a guard G inside the body of a guarded rule H (the
``do``s, loops and ``let``s of H's body, not a choice or stage) with a conjunct C (G's test
or an argument of its ``and``s) equal to a conjunct of H's test, or of a guard between H
and G, when nothing run between that test and G's can change C:

- no action run before G in H's body (the items of a ``do`` before the one holding G, and
  the whole of any loop holding G, whose earlier passes run before G's later ones)
  writes what C reads: a place C names (by name; a ``move`` writes its source and its
  destination, a move of a bound card any place, ``shuffle``, ``forget``, ``create
  deck`` the place), or a storage C names (``set``, ``inc``, ``dec``, a point map set);
  when C reads a player relative to the turn (``current``, ``next``, ``previous``,
  ``other player``), no ``cycle`` or ``turn pass`` either;
- no variable C reads is bound between (a loop's or ``let``'s variable of that name);
- C draws no chance (``random``), and no name C reads or an action writes is computed.

Then C is true wherever G's test is made. The measure is a count of such conjuncts per file
(rules, 0 or more); the defect is any. Measured on the 95 real files (CARDSTOCK's 73 and
our 22 seeds): no guard anywhere restates a conjunct of a guard around it at all, written
the same, even before the conditions above are asked (0 conjuncts); inv-22's rank 5: 1.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where

#: Nodes that read a player relative to the turn (a ``cycle`` may change who that is).
_RELATIVE = (A.RelPlayer, A.RelTeam, A.OtherPlayers, A.OtherTeams)
#: What a write of every place or every storage, or of the turn, is keyed as.
_ANY_PLACE, _ANY_STORE, _TURN = ("place", None), ("store", None), ("turn",)
_STORES = (A.IntStorage, A.StrStorage, A.PointStorage)


def _name(node: A.Node) -> str | None:
    return node.name.value if isinstance(node.name, A.NameLit) else None


def _reads(cond: A.Node) -> set[tuple] | None:
    """The places and storage `cond` reads (by name), and the turn when it reads a player
    relative to it; None when it draws chance or a name is computed."""
    out: set[tuple] = set()
    for n in A.walk(cond):
        if isinstance(n, A.Random):
            return None
        if isinstance(n, A.Location | A.Indexed):
            if (name := _name(n)) is None:
                return None
            out.add(("place", name))
        elif isinstance(n, _STORES):
            if (name := _name(n)) is None:
                return None
            out.add(("store", name))
        elif isinstance(n, _RELATIVE):
            out.add(_TURN)
    return out


def _vars(cond: A.Node) -> set[str]:
    return {n.name for n in A.walk(cond) if isinstance(n, A.Var)}


def _writes(action: A.Node) -> set[tuple]:
    """What `action` may change of what a test reads (`_reads`' keys; a computed name
    writes every place, or every storage)."""
    out: set[tuple] = set()
    for n in A.walk(action):
        if isinstance(n, A.Move | A.Remember):
            locs = [x for x in A.walk(n) if isinstance(x, A.Location | A.Indexed)]
            srcs = [x for x in A.walk(n.src) if isinstance(x, A.Location | A.Indexed)]
            if not srcs:
                out.add(_ANY_PLACE)  # a bound card's place is not written here
            for x in locs:
                out.add(("place", _name(x)))
        elif isinstance(n, A.Forget):
            out.add(_ANY_PLACE)
        elif isinstance(n, A.Shuffle | A.CreateDeck):
            locs = [x for x in A.walk(n) if isinstance(x, A.Location | A.Indexed)]
            out |= {("place", _name(x)) for x in locs} or {_ANY_PLACE}
        elif isinstance(n, A.ShuffleFaro):
            out |= {("place", _name(x)) for x in (n.a, n.b) if isinstance(x, A.Location)}
            out.add(_ANY_PLACE)
        elif n.STORES is not None or isinstance(n, A.InitPoints):
            target = n.target
            out.add(("store", _name(target)) if isinstance(target, _STORES) else _ANY_STORE)
        elif isinstance(n, A.Cycle | A.TurnPass):
            out.add(_TURN)
    return out


def _touched(reads: set[tuple], written: set[tuple]) -> bool:
    if reads & written:
        return True
    if _ANY_PLACE in written and any(k[0] == "place" for k in reads):
        return True
    return _ANY_STORE in written and any(k[0] == "store" for k in reads)


def _fresh(conjs: list[A.Node]) -> list[tuple[A.Node, set[tuple], set[str]]]:
    """Each conjunct with what it reads and its variables; those drawing chance or with a
    computed name left out."""
    return [(c, r, _vars(c)) for c in conjs if (r := _reads(c)) is not None]


def _scan(node: A.Node, tested: list, written: set[tuple], bound: set[str], out: list) -> None:
    """Walk `node`, run after the tests `tested` (conjunct, reads, variables) with
    `written` changed and `bound` re-bound since, naming each guard that restates one."""
    if isinstance(node, A.Do):
        done = set(written)
        for item in node.items:
            _scan(item, tested, done, bound, out)
            done |= _writes(item)
        return
    if isinstance(node, A.Guarded):
        still = [(c, r, v) for c, r, v in tested if not _touched(r, written) and not (v & bound)]
        mine = A.bool_parts(node.cond, A.BoolOpKind.AND)
        for c in mine:
            same = next((t for t, _, _ in still if t == c), None)
            if same is not None:
                out.append(
                    Defect(
                        where(c),
                        f"this test restates the one at {where(same)}, which guards the "
                        "rule around it, and nothing run between changes what it reads: it "
                        "always holds here",
                    )
                )
        _scan(node.body, still + _fresh(mine), set(), set(), out)
        return
    if isinstance(node, A.AggAction | A.Repeat | A.RepeatAll | A.Let):
        inner_written = written | _writes(node)  # a later pass sees the earlier ones
        inner_bound = set(bound)
        if isinstance(node, A.AggAction | A.Let):
            inner_bound.add(node.var.name)
        body = node.action if isinstance(node, A.Repeat | A.RepeatAll) else node.body
        _scan(body, tested, inner_written, inner_bound, out)
        return
    # a choice, a stage, an ensure, an otherwise or an action: nothing further is judged


def restated_guards(game: A.Game) -> list[Defect]:
    """Each conjunct of a guard that restates a test of the guarded rule around it when
    nothing between can change it (module docstring)."""
    out: list[Defect] = []
    for node in A.walk(game):
        if isinstance(node, A.Guarded):
            found: list[Defect] = []
            _scan(node.body, _fresh(A.bool_parts(node.cond, A.BoolOpKind.AND)), set(), set(), found)
            out += [d for d in found if d.where not in {x.where for x in out}]
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(restated_guards, game)
