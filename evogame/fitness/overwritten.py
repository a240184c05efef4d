"""A pick made for every member of an ``all`` into one storage, each overwriting the last:
a defect of the `soundness` component, read from the rules alone (round 56, campaign
inv-25's rank 4).

Inside a choice item, ``(all COLL 'P (any ... 'G (set S VALUE)))`` makes one option of
a pick per member of COLL, the ``any`` inside (a rank for every opponent). When the storage
S written does not depend on the member (a game's storage, the current player's) and
VALUE does depend on the pick, each member's write replaces the previous one: the player
picks for every member, and only the last pick stands. inv-25's rank 4 (Go Fish, round 56)
has it in its ``otherwise`` item: "makes you choose a rank for every opponent; it resets
the target each time, so only the last opponent is actually asked" (its blind reader, 2
against the seed's 6).

**The test.** A ``set`` of a storage S inside the body of an ``all`` A over a collection,
A inside a choice item, is named when all of these hold:

1. S's owner reads no variable bound inside A (A's own, or any bound in its body): one
   storage for every member;
2. no guard lies between A and the ``set`` (an ``if`` inside the loop): it is written for
   every member (a guarded write keeps a best so far, a rule that is sound);
3. its value reads a variable bound by an ``any`` inside A's body: a pick made per member;
4. A's body reads S nowhere: no member's rule uses the value before the next overwrites it.

The measure is a count per file of such writes (0 or more); the defect is any. Measured on
the 95 real files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/test_overwritten.py): 0,
and 0 meeting 1, 3 and 4 at once. Of the 706 best/ files under /work/runs-archive it names 2
(inv-25's rank 4 of round 56 and the same file in round 55's best/). CPU: under 0.1 s for
the 95 real files.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: The constructs that bind a variable (`var`).
_BINDERS = (A.AggAction, A.AggBool, A.Filter, A.AggInt, A.AggCards, A.Let)


def _vars(node: A.Node) -> set[str]:
    return {n.name for n in A.walk(node) if isinstance(n, A.Var)}


def _up_to(node: A.Node, top: A.Node, up: dict) -> list[A.Node]:
    """`node`'s ancestors below `top`, nearest first."""
    out = []
    while (p := up.get(id(node))) is not None and p[0] is not top:
        node = p[0]
        out.append(node)
    return out


def _in_item(node: A.Node, up: dict) -> bool:
    """Whether `node` lies in a choice's item."""
    while (p := up.get(id(node))) is not None:
        if isinstance(p[0], A.Choice):
            return True
        node = p[0]
    return False


def lost_picks(game: A.Game) -> list[Defect]:
    """Each write of a pick per member that the next member's overwrites (module docstring)."""
    up = A.game_parents(game)
    out = []
    for loop in A.walk(game):
        if not (isinstance(loop, A.AggAction) and loop.quant is A.Quant.ALL):
            continue
        if not _in_item(loop, up):
            continue
        inner = {n.var.name for n in A.walk(loop) if isinstance(n, _BINDERS)}
        picked = {
            n.var.name
            for n in A.walk(loop.body)
            if isinstance(n, A.AggAction) and n.quant is A.Quant.ANY
        }
        for w in A.walk(loop.body):
            if not isinstance(w, A.SetInt | A.SetStr):
                continue
            if _vars(w.target.owner) & inner:  # 1: one storage per member
                continue
            if any(isinstance(n, A.Guarded | A.Ensure) for n in _up_to(w, loop, up)):
                continue  # 2
            if not _vars(w.value) & picked:  # 3
                continue
            if any(n == w.target and n is not w.target for n in A.walk(loop.body)):
                continue  # 4: read in the loop
            sto = to_line(w.target)
            seats = to_line(loop.coll)
            out.append(
                Defect(
                    where(w),
                    f"{sto} is set to a pick made for each of {seats} in turn, and the next "
                    "member's pick overwrites it: the player picks for every member and "
                    "only the last pick stands",
                )
            )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(lost_picks, game)
