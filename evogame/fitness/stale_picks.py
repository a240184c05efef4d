"""A pick read after a choice whose chosen option did not make it: a defect of the
`soundness` component, read from the rules alone (round 58, issue 35: campaign ablate-28's
rank 5, Go Fish).

A turn written as "choose, then resolve" keeps what the player picked in storage: the ask
of our Go Fish seed sets the rank asked, ``(set (game str ASKED) (cardatt RANK (top
'G)))``, and the seat asked, ``(set ('P sto TARGET) 1)`` ('G, 'P bound by the item's
``any``), and the rule after the choice moves the asked seat's cards of that rank to the
asker. ablate-28's rank 5 adds a second option, a draw from the stock, that sets neither.
No rule clears them, so when a player draws, the rule after the choice runs on the rank
and the seat of the last ask, made earlier in the turn, by the previous player, or rounds
ago: the draw also takes cards from whoever was last asked ("the draw runs the ask's take
on the last asked target", its blind reader, 3 against the seed's 6). `marks` names a
seat mark never cleared, `lone_writes` an item lacking a write its parallel siblings make;
neither names this (the draw is no sibling of the ask, and every mark is cleared by the
ask itself).

**The test** (`stale_picks`). For a choice C that is an item of a stage's body, with the
rules R after C in that body (one pass of the stage: C, then R). A storage S (kind and
literal name, any owner) is a *pick* of an item I of C when I writes S with a value or an
owner that reads a variable bound by an ``any`` inside I. An item L of C is named when,
for some pick S of another item:

1. L writes no S, and does not read S up to the end of its first action (its guard, the
   collection it offers, what its first action takes: an option offered by the pick, a
   follow under the lead suit, treats it as current by design);
2. every write of S in the game lies in C's items: no rule clears or sets S outside the
   options (a reset before the choice, or after the read, each turn, makes the value L
   leaves a known one: President's PLAYED, GolfSix's DRAWFROM);
3. some rule of R moves cards under guards whose tests read, of all storage, only such
   picks S (one at least): the stale picks alone decide what moves. A guard reading any
   other storage may tell the options apart (a flag only L sets) or read a value reset
   each turn, and is not followed.

When L is chosen, S holds its value of the last time another option was taken: the rule
after the choice resolves a pick L never made. The measure is a count of such items per
file (0 or more); the defect is any.

**Margins** (/work/runs-archive/s58c/margin.py, margin.txt: tests 1 and 3 with 2 dropped).
On the 95 real files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/test_stale_picks.py)
none is named. 32 items of 10 files write no pick a sibling makes (Coup4, CrazyEights4,
Agram, Hearts, President, red7, red7-legacy, The Game, The Game simple, Whist); 12 of them
read it in their offer (Agram's, Hearts' and Whist's follows under LEAD, President's
beats under SIZE), so 1 holds for 21; in none does a guarded move after the choice read it (3
fails in all), and in 6 files the pick is written outside the choice as well (2 fails
too: The Game's piles, red7's rule and CrazyEights4's eight suit set before the play,
President's SIZE and TOP reset each round). Hearts', Agram's and Whist's LEAD is the
closest: written only by the lead items, read by the follow items' guards inside the
choice, never by a rule after it. Of the 61 campaign ``.rcy`` files under
/work/runs-archive (round 58's running campaigns left out) it names 3, all Go Fish with a
draw beside the ask: ablate-28's rank 5, inv-29's rank 8, s57d's hosts-new Go Fish.
inv-28's rank 3 (a pass beside the ask, offered when the stock is empty and the current
seat is the last target) is left: its guard reads TARGET (test 1), and the take reads
TARGET too (test 3). Cost: 0.5 ms of CPU a file (96 files, 49 ms; load 6 on 2 cores).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

_WRITES = (A.SetInt, A.SetStr, A.IncInt, A.DecInt)
_STORES = (A.IntStorage, A.StrStorage)
Key = tuple[str, str]


def _key(node: A.Node) -> Key | None:
    """A storage's kind and literal name; None when its name is computed."""
    if isinstance(node, _STORES) and isinstance(node.name, A.NameLit):
        return (type(node).__name__, node.name.value)
    return None


def _written(node: A.Node) -> set[Key]:
    """The storages a write under `node` names."""
    return {k for n in A.walk(node) if isinstance(n, _WRITES) and (k := _key(n.target))}


def _read(node: A.Node) -> set[Key]:
    """The storages `node` reads (a write's target is no read; an ``inc``'s is not
    counted either: it changes the value without deciding anything by it)."""
    targets = {id(n.target) for n in A.walk(node) if isinstance(n, _WRITES)}
    return {k for n in A.walk(node) if id(n) not in targets and (k := _key(n))}


def _picks(item: A.Node) -> set[Key]:
    """The storages `item` writes from a pick: the value or owner of the write reads a
    variable an ``any`` inside `item` binds."""
    picked = {
        n.var.name for n in A.walk(item) if isinstance(n, A.AggAction) and n.quant is A.Quant.ANY
    }
    out = set()
    for w in A.walk(item):
        if not isinstance(w, _WRITES) or (k := _key(w.target)) is None:
            continue
        used = {
            v.name
            for part in (w.value, w.target.owner)
            for v in A.walk(part)
            if isinstance(v, A.Var)
        }
        if used & picked:
            out.add(k)
    return out


def _offered_by(item: A.Node) -> set[Key]:
    """The storages `item` reads up to the end of its first action, in the walk's order
    (a guard's test before its body, an ``any``'s collection before what it does): what
    decides whether and what it offers, and what its first action takes."""
    nodes = list(A.walk(item))
    targets = {id(n.target) for n in nodes if isinstance(n, _WRITES)}
    end = len(nodes)
    for i, n in enumerate(nodes):
        if type(n).ACTS is not None:
            end = i + sum(1 for _ in A.walk(n))
            break
    return {k for n in nodes[:end] if id(n) not in targets and (k := _key(n))}


def _computed(game: A.Game) -> set[str]:
    """Storage kinds some rule names by an expression (any name may be meant)."""
    return {type(n).__name__ for n in A.walk(game) if isinstance(n, _STORES) and not _key(n)}


def _resolving_guards(rules: tuple[A.Node, ...], unmade: set[Key]) -> list:
    """The guards of `rules` that move cards under a test reading one of `unmade`, where
    the tests of the guards on the way to the move (theirs included) read no storage but
    `unmade` (cards and sizes they may read): `unmade` alone decides what moves. A guard
    reading another storage may tell the options apart, or read a value reset each turn."""
    out = []

    def visit(node: A.Node) -> None:
        if isinstance(node, A.Guarded | A.Ensure):
            tested = _read(node.cond)
            if tested - unmade:
                return
            if tested and any(isinstance(n, A.Move | A.Remember) for n in A.walk(node.body)):
                out.append((node, tested))
            visit(node.body)
            return
        for child in node.children():
            visit(child)

    for rule in rules:
        visit(rule)
    return out


def stale_picks(game: A.Game) -> list[Defect]:
    """Each choice item that leaves a pick unmade which the rules after the choice
    resolve (module docstring)."""
    computed = _computed(game)
    writes_at: dict[Key, list[A.Node]] = {}
    for n in A.walk(game):
        if isinstance(n, _WRITES) and (k := _key(n.target)):
            writes_at.setdefault(k, []).append(n)
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for i, choice in enumerate(stage.body):
            if not isinstance(choice, A.Choice) or len(choice.items) < 2:
                continue
            inside = {id(n) for item in choice.items for n in A.walk(item)}
            picks = set().union(*(_picks(it) for it in choice.items))
            picks = {
                k
                for k in picks
                if k[0] not in computed and all(id(w) in inside for w in writes_at[k])  # 2
            }
            for item in choice.items:
                unmade = picks - _written(item) - _offered_by(item)  # 1
                if not unmade:
                    continue
                found = _resolving_guards(stage.body[i + 1 :], unmade)  # 3
                if not found:
                    continue
                guard, keys = found[0]
                names = " and ".join(sorted(name for _kind, name in keys))
                out.append(
                    Defect(
                        where(item),
                        f"this option sets no {names}, which the other options pick and the "
                        f"rule at {where(guard)} after the choice reads to move cards: no rule "
                        f"clears {names}, so choosing this option runs that rule on the last "
                        f"pick another option made ({to_line(guard.cond)})",
                    )
                )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(stale_picks, game)
