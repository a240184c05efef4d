"""A child's leftover records taken out before it is judged: writes to a storage no rule
of the child reads, when its parent (or transplant host) had no such leftover.

A fragment carried from a donor, or a rule rewritten by mutation, often leaves behind a
``set`` or ``inc`` of a storage that only the donor's (or the old rule's) other rules
read: Scopa given Pairs' draw also sets Pairs' MUSTDRAW, which nothing in Scopa reads.
Such a write changes nothing in play, and every blind reader named it first as the mark
of a machine-made game ("a variable nobody uses"). The judge cannot refuse it (8 of
CARDSTOCK's 73 files keep a record no rule reads: `fitness.mismatches.unread_storage`),
but a child can be held to its parent: a record the parent did not keep unread is a
leftover of the edit, and it is dropped.

Only whole rule items go: a write that is an item of a ``do``, a stage's body or the
game's, or such an item under a guard, a loop or a ``let`` that holds nothing else. A
write that is a choice's option, or the only item left of its sequence, stays (taking it
out would remove an option or a rule's whole body), and so does every write when a
storage name is computed (`unread_writes` is None).

A campaign's child gets this with the constants no rule reads, as one step after it is
simplified (`without_leftovers`, called by `evolve.loop._checked`); in the same step a
point map a transplant renamed to dodge a clash gets its name back once the clash is gone
(`names_restored`: "give cards their precedencex values" with no PRECEDENCE left; 4 of
the 88 evolved files blind readers saw, no real file).
"""

from __future__ import annotations

import dataclasses

from evogame.fitness.leftovers import without_unread_constants
from evogame.fitness.mismatches import storage_key, unread_writes
from evogame.lang import ast as A

#: Sequences whose items may be dropped (a choice's items are its options: never).
_SEQUENCES = (A.Do, A.Stage, A.Game)


def new_unread(child: A.Game, reference: A.Game) -> frozenset[tuple[str, str]]:
    """(storage class, name) of the storages `child` writes and never reads that
    `reference` (its parent or host) does not also write and never read."""
    return _new(child, unread_writes(reference))


def _new(child: A.Game, theirs: dict | None) -> frozenset[tuple[str, str]]:
    """`new_unread` given the reference's `unread_writes` (None: a computed name, so
    none is new)."""
    mine = unread_writes(child)
    if not mine or theirs is None:
        return frozenset()
    return frozenset(mine) - frozenset(theirs)


def without_new_unread(child: A.Game, reference: A.Game) -> A.Game:
    """`child` without the rule items that only write storages of `new_unread` (the same
    object when there is none), again until none is left to take out: a removed rule may
    have been the last reader of another record (Scopa's capture test, the one reader of
    BEFORE)."""
    theirs = unread_writes(reference)  # the reference does not change: read once
    while keys := _new(child, theirs):
        tidier = _without(child, keys)
        if tidier is child:
            break
        child = tidier
    return child


def without_leftovers(child: A.Game, reference: A.Game | None = None) -> A.Game:
    """`child` without its leftovers, the one repair a campaign's child gets after it is
    simplified (`evolve.loop._checked`): first the rule items that only write storages of
    `new_unread` against `reference` (its parent or host; none without one), then the
    constants no rule reads (`leftovers.without_unread_constants`: a write taken out may
    have been the last reader of one). Neither changes how the game plays. The same
    object when there is nothing to take out."""
    if reference is not None:
        child = without_new_unread(child, reference)
    return names_restored(without_unread_constants(child))


def names_restored(game: A.Game) -> A.Game:
    """`game` with each point map whose name is another's with X's added (what
    `transplant` writes when the host already has that name: PRECEDENCE -> PRECEDENCEX)
    named back, when the shorter name is no name of the game any more (no point map,
    storage, place, card value or constant). Play does not change: a point map is its
    name's slot, numbered by first use (`engine.compile.Layout`), and the renaming is one
    to one. Only point maps (no real file's ends in X; a place SIX does), only a base of 4
    letters or more; the same object when nothing is renamed."""
    names = {n.value for n in A.walk(game) if isinstance(n, A.NameLit)}
    names |= {n.name for n in A.walk(game) if isinstance(n, A.Var)}
    maps = {
        n.name.value
        for n in A.walk(game)
        if isinstance(n, A.PointStorage) and isinstance(n.name, A.NameLit)
    }
    if any(
        isinstance(n, A.PointStorage) and not isinstance(n.name, A.NameLit) for n in A.walk(game)
    ):
        return game  # a computed map name may be either
    back: dict[str, str] = {}
    for m in sorted(maps):
        base = m.rstrip("X")
        if base != m and len(base) >= 4 and base not in names and base not in back.values():
            back[m] = base
    if not back:
        return game

    def rename(n: A.Node, _field: str = "") -> A.Node:
        if isinstance(n, A.PointStorage) and isinstance(n.name, A.NameLit) and n.name.value in back:
            return dataclasses.replace(n, name=A.NameLit(back[n.name.value]))
        return A.map_tree(n, rename)

    return rename(game)


def _without(game: A.Game, keys: frozenset[tuple[str, str]]) -> A.Game:
    """`game` without the rule items that only write storages of `keys`."""

    def leftover(n: A.Node) -> bool:
        if n.STORES is not None:
            return storage_key(n.target) in keys
        if isinstance(n, A.Guarded | A.AggAction | A.Let):
            return leftover(n.body)  # a test, a loop or a binding around the write only
        if isinstance(n, A.Do):
            return all(leftover(i) for i in n.items)
        return False

    def rebuild(n: A.Node, _field: str = "") -> A.Node:
        if isinstance(n, _SEQUENCES):
            out = A.map_tree(n, rebuild, drop=leftover)
            if any(not getattr(out, f) for f in _emptied(n, out)):
                # a sequence left empty: keep its items (only the leftovers' nested ones go)
                return A.map_tree(n, rebuild)
            return out
        return A.map_tree(n, rebuild)

    return rebuild(game)


def _emptied(before: A.Node, after: A.Node) -> list[str]:
    """Tuple fields of `before` that held items and of `after` that hold fewer."""
    return [
        f
        for f in A.field_names(type(before))
        if isinstance(getattr(before, f), tuple)
        and getattr(before, f)
        and len(getattr(after, f)) < len(getattr(before, f))
    ]
