"""A choice that can be taken again and again within one turn: a defect of the `soundness`
component (static).

A stage whose body offers a choice repeats until its end holds. When every other item of
the choice brings the end nearer (sets a storage the end reads, or empties a place the end
asks to be empty) and one item does neither, that item can be chosen without limit: the
turn never has to end by it. Campaign f12's The Game (rank 2, a blind reader: "a free
unlimited choice that does not end the turn: one player can take the whole draw pile")
offers ``move the top card of DRAW on top of the player's HAND`` beside the four plays,
each of which sets DONE; the draw sets nothing and fills the hand the end asks to be
empty.

Judged only where it is plain: the item is unguarded (a guard such as "when you cannot
play" is a rule of when to draw), moves cards, and does nothing but move cards and set
storage; the end's every storage and place is named literally; nothing else in the
stage's body may bring the end nearer (Pairs' draw is followed by a test for a pair that
ends the turn) and the stage holds no stage of its own. No real file (CARDSTOCK's
73, our 22 seeds) has one.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _place
from evogame.lang import ast as A
from evogame.lang import where


def _storage_key(n: A.Node) -> tuple | None:
    if n.NAMED == "storage" and isinstance(n.name, A.NameLit):
        return (type(n).__name__, n.name.value)
    return None


def _end_reads(end: A.Node) -> tuple[set, set] | None:
    """The storages an end test reads and the places it asks to be empty (``(== (size X)
    0)``, either way round); None when a name in it is computed."""
    stores, emptied = set(), set()
    for n in A.walk(end):
        if n.NAMED == "storage":
            k = _storage_key(n)
            if k is None:
                return None
            stores.add(k)
        if n.NAMED == "place" and _place(n) is None:
            return None
        if isinstance(n, A.IntCmp) and n.op is A.CmpOp.EQ:
            for size, lit in ((n.a, n.b), (n.b, n.a)):
                if isinstance(size, A.Size) and isinstance(lit, A.IntLit) and lit.value == 0:
                    emptied.update(
                        _place(p)[:3] for p in A.walk(size.coll) if _place(p) is not None
                    )
    return stores, emptied


def _advances(item: A.Node, stores: set, emptied: set) -> bool | None:
    """Whether `item` brings the end nearer: sets a storage it reads, or takes cards from a
    place it asks to be empty. None: the item does more than move cards and set storage
    (or names a place by a computed name), so it is not judged."""
    for n in A.walk(item):
        if type(n).ACTS is None:
            continue
        if n.STORES is not None:
            k = _storage_key(n.target)
            if k is None or k in stores:
                return True
        elif isinstance(n, A.Move):
            for p in A.walk(n.src):
                if p.NAMED == "place":
                    k = _place(p)
                    if k is None:
                        return None
                    if k[:3] in emptied:
                        return True
        else:
            return None  # a pass, a shuffle, a cycle: not judged
    return False


def own_nodes(stage: A.Stage):
    """The nodes of `stage`'s own body (not of stages inside it)."""
    stack = list(stage.body)
    while stack:
        n = stack.pop()
        if isinstance(n, A.Stage):
            continue
        yield n
        stack.extend(n.children())


def _choices(stage: A.Stage):
    """The choices of `stage`'s own body (not of stages inside it)."""
    return (n for n in own_nodes(stage) if isinstance(n, A.Choice))


def _elsewhere(stage: A.Stage, choices: list[A.Choice], stores: set, emptied: set) -> bool:
    """Whether the stage's body, its choices aside, may bring its end nearer (or does what
    is not judged)."""
    skip = {id(c) for c in choices}
    stack = [n for n in stage.body if id(n) not in skip]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Stage):
            return True  # an inner stage's work is not followed here
        if type(n).ACTS is not None and _advances(n, stores, emptied) is not False:
            return True
        stack.extend(c for c in n.children() if id(c) not in skip)
    return False


def endless_items(game: A.Game) -> list[Defect]:
    """Unguarded choice items that move cards and leave their stage's end as far as it was,
    beside siblings that each bring it nearer (module docstring)."""
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        reads = _end_reads(stage.end)
        if reads is None or (not reads[0] and not reads[1]):
            continue
        choices = list(_choices(stage))
        if _elsewhere(stage, choices, *reads):
            continue  # the pass may end the stage whatever was chosen (Pairs' pair)
        for choice in choices:
            items = [x for x in choice.items if not isinstance(x, A.Otherwise)]
            if len(items) < 2:
                continue
            verdicts = [_advances(x, *reads) for x in items]
            for i, (item, v) in enumerate(zip(items, verdicts, strict=True)):
                others = verdicts[:i] + verdicts[i + 1 :]
                if (
                    v is False
                    and not item.GUARDS
                    and any(isinstance(m, A.Move) for m in A.walk(item))
                    and all(o is True for o in others)
                ):
                    out.append(
                        Defect(
                            where(item),
                            "this option can be taken again and again in one turn: every "
                            "other option of its choice brings the stage's end nearer, and "
                            "this one changes nothing the end reads",
                        )
                    )
    return out
