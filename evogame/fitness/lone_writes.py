"""One of parallel ways to play lacks the write its siblings make: a defect of the
`soundness` component, read from the rules alone (round 57, issue 35).

A choice often offers one action several times, once per size or per pile: President's
four ways to beat the pile (a single, a pair, three or four of a kind), Spite and
Malice's four discards to side piles A, B, C, D. Each copy also records that it was made,
``(set (game sto PLAYED) 1)`` or ``(set (game sto DONE) 1)``, and the record is read where
the rules decide what comes next: a stage's end (the turn ends), a guard (the trick is
won, the seat goes out in its place). An edit that drops the record from one copy leaves
a way to play that looks like its siblings and is not: topping a pair neither resets the
passes nor wins the lead (campaign ablate-28's rank 1, blind reader 4 against the seed's
7), discarding to D does not end the turn (inv-28's rank 5, reader 2 against 6). No
other check names it: `contradictions.parallel_writes` asks the items to be alike with
their guards and names and the storage to be read in the choice itself;
`odd_copies` leaves President's pair beat as a "twin" (its ``do`` is one edit from
other classes too: the leads' ``do``) and Spite and Malice's discard is 12 nodes, below
its `MIN_NODES` of 14 (/work/runs-archive/s57g/odd_copies_why.txt).

**Parallel items.** The *action* of a choice item is the item with its guards taken off
(``(BOOL ACTION)``, ``ensure``, ``otherwise``): guards of parallel ways to play differ
by design (a side pile may be started only in order), and are not compared. A *write*
W = (T, v) is a ``set`` of the storage T to a literal v. The *shape of an action without
W* is its tree with every W that is a statement of a ``do`` taken out (a ``do`` left
with one statement read as that statement; a W standing alone as a guard's or a loop's
body is kept, so such an item is parallel only with items making W there too), every
literal name (places, storages, values) read as one name, every literal number as one
number and every variable as one variable: operators, keywords and the tree's form are
kept. Items of one choice are *parallel for W* when their shapes
without W are equal.

**The test.** An item X is named when, for some write W = (T, v) made by an item of its
choice,

- X is parallel for W with at least `MIN_SIBLINGS` others, every one of which makes W
  somewhere in its action while X makes it nowhere;
- T is read where play is decided: in a stage's ``end`` or in a guard's condition
  anywhere in the game (by its literal name, whatever its owner);
- and `contradictions.parallel_writes` does not name X already (one defect, one count).

Measured (``python bench/lone_writes_near.py``; /work/runs-archive/s57g/): the 95 real
files (CARDSTOCK's 73, our 22 seeds) have no parallel group mixed for any write (some
items making it, some not) -- so no pair, no two-lacking group, no unread storage comes
near -- and 3 groups of four that all make theirs (President's four leads and four beats,
``PLAYED``; Spite and Malice's four discards, ``DONE``): nothing is named. Of 61 campaign
files under /work/runs-archive it names the two above and nothing else; of the 186
distinct variant texts of tests/fitness, only its own two. CPU 0.8 ms a file on the real
files (load 3.5 on 2 cores).

Not judged: a write by ``inc``/``dec`` or of a computed value (its sibling's value may
differ by design), a record made under an item's own nested guard in some siblings and
not others (their shapes differ), and storages named by an expression.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: Siblings making the write, besides the item lacking it: two copies that agree are
#: needed to say which is odd (a pair proves nothing).
MIN_SIBLINGS = 2

_WRAPS = (A.Guarded, A.Ensure, A.Otherwise)

Write = tuple[str, str]


def action(item: A.Node) -> A.Node:
    """`item` without the guards around it (``(BOOL ACTION)``, ``ensure``, ``otherwise``)."""
    while isinstance(item, _WRAPS):
        item = item.body
    return item


def _write(node: A.Node) -> Write | None:
    """(the storage's text, the value's text) of a ``set`` of a storage to a literal."""
    if isinstance(node, (A.SetInt, A.SetStr)) and isinstance(node.value, (A.IntLit, A.NameLit)):
        return to_text(node.target), to_text(node.value)
    return None


def writes(node: A.Node) -> dict[Write, list[A.Node]]:
    """The writes of a storage to a literal in `node`, each with its ``set`` nodes."""
    out: dict[Write, list[A.Node]] = {}
    for n in A.walk(node):
        w = _write(n)
        if w is not None:
            out.setdefault(w, []).append(n)
    return out


def shape(node: A.Node, skip: frozenset[int] = frozenset()) -> object:
    """`node`'s tree without the nodes whose ids are in `skip`, names, numbers and
    variables each read as one (module docstring), as nested tuples."""
    if isinstance(node, A.NameLit):
        return "$"
    if isinstance(node, A.IntLit):
        return "#"
    if isinstance(node, A.Var):
        return "'"
    if isinstance(node, A.Do):
        kept = [i for i in node.items if id(i) not in skip]
        if len(kept) == 1:
            return shape(kept[0], skip)  # a do of one statement is that statement
        return ("do", *(shape(i, skip) for i in kept))
    parts: list[object] = [type(node).__name__]
    for name in A.field_names(type(node)):
        v = getattr(node, name)
        if isinstance(v, A.Node):
            parts.append(shape(v, skip))
        elif type(v) is tuple:
            parts.append(
                tuple(
                    shape(x, skip) if isinstance(x, A.Node) else x
                    for x in v
                    if not (isinstance(x, A.Node) and id(x) in skip)
                )
            )
        else:
            parts.append(v)
    return tuple(parts)


def decided_reads(game: A.Game) -> dict[str, A.Node]:
    """The storage names read where play is decided -- a stage's end, a guard's
    condition -- each with its first such read."""
    out: dict[str, A.Node] = {}
    for n in A.walk(game):
        if isinstance(n, A.Stage):
            conds = [n.end]
        elif n.GUARDS:
            conds = [n.cond]
        else:
            continue
        for c in conds:
            for s in A.walk(c):
                if isinstance(s, (A.IntStorage, A.StrStorage)) and isinstance(s.name, A.NameLit):
                    out.setdefault(s.name.value, s)
    return out


def lone_writes(game: A.Game) -> list[Defect]:
    """Choice items that lack a write all their parallel siblings make, of a storage read
    where play is decided (module docstring): one defect an item, at the item."""
    from evogame.fitness.contradictions import parallel_writes

    read = decided_reads(game)
    taken = {d.where for d in parallel_writes(game)}
    out, seen = [], set()
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice) or len(choice.items) < MIN_SIBLINGS + 1:
            continue
        acts = [action(i) for i in choice.items]
        made = [writes(a) for a in acts]
        for w in sorted(set().union(*made)):
            target = next(n for m in made if w in m for n in m[w]).target
            name = target.name.value if isinstance(target.name, A.NameLit) else None
            if name not in read:
                continue
            groups: dict[object, list[int]] = {}
            for k, a in enumerate(acts):
                skip = frozenset(id(n) for n in made[k].get(w, ()))
                groups.setdefault(shape(a, skip), []).append(k)
            for members in groups.values():
                lacking = [k for k in members if w not in made[k]]
                if len(lacking) != 1 or len(members) - 1 < MIN_SIBLINGS:
                    continue
                item = choice.items[lacking[0]]
                at = where(item)
                if at in taken or id(item) in seen:
                    continue
                seen.add(id(item))
                out.append(
                    Defect(
                        at,
                        f"this option never does (set {w[0]} {w[1]}), which its "
                        f"{len(members) - 1} parallel siblings (the same action but for "
                        f"names and numbers) all do, and {w[0]} decides play at "
                        f"{where(read[name])}: this way to play is not recorded as the "
                        "others are",
                    )
                )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(lone_writes, game)
