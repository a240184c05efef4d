"""One of parallel ways to play tests or takes what none of its siblings does: a defect of
the `soundness` component, read from the rules alone (round 58, issue 35).

The guard analogue of `lone_writes`. A choice offers one action once per pile (Spite and
Malice's four plays to centre stacks A-D, its four discards to side stacks A-D), each
copy the same up to the pile it acts on. An edit to one copy's test leaves a way to play
that looks like its siblings and is not: the play to centre stack D also takes from the
hidden pay-off pile, which plays to A-C never do (campaign inv-28's rank 5, blind reader
2 against the seed's 6); the discard to side stack B is open when side stack A holds
more than 4 cards, where C's and D's guards ask "> 0" of it (ablate-28's rank 3, reader
rated 2). No other check names them: `odd_copies` has no inserted part among its edits
and reads the numbers of a guard by their order, so ``0 .. 4`` is not ``0 .. 0`` renamed;
`lone_writes` compares writes only.

**Parallel items.** An item's *action* is the item without its guards
(`lone_writes.action`); its *own name* is the one literal location name its moves and
``remember``s put cards on (an item with none, or several, has no siblings). Two items
of one choice are *the same up to renaming* where one's tree is the other's with each
item's own name read as ``@`` (everywhere in the item, guards too): variables are read
as one, other names and all numbers as written, operators and keywords as written.

**The tests.** With at least `MIN_SIBLINGS` siblings besides the item X, their own names
all different and none X's:

- `lone_parts`: the siblings' actions are the same up to renaming, no other item's is
  X's (two against two says nothing), and X's action is theirs with exactly one *edit*: a part added to or dropped from one list (a
  ``union``'s parts, an ``and``/``or``'s arguments, a ``do``'s statements), one list
  element replaced by a tree of another kind, or one literal number or name changed.
  Named at the edit (at X for a dropped part).
- `lone_guards`: X's action and its siblings' are the same up to renaming, and X's
  guards (the conditions of its ``(BOOL ACTION)``/``ensure`` wrappers) either
  *lack a conjunct* (a top-level argument of an ``and``, or a whole condition) that
  every sibling's guards have, renamed, or hold a comparison (``==`` ``<`` ...) whose
  numbers differ from those all siblings holding that comparison agree on, renamed
  with its numbers read as holes (a *lone literal*). Siblings' guards may otherwise
  differ freely: a pile opened only after the ones before it has a longer guard
  (centre stack C's ``(or (> C 0) (and (> A 0) (> B 0)))`` beside B's ``(or (> B 0) (>
  A 0))``), by design.

An item `lone_writes` names is left to it (one defect, one count).

Measured (``PYTHONPATH=. python bench/lone_guards_near.py``; /work/runs-archive/s58d/
lone_guards_near.txt): of the 95 real files only 3 have parallel classes (Spite and
Malice's centre and side stacks, four each; The Game's and its simple version's up and
down piles, two each); of the 83 pairs of items with different own piles in one choice,
16 are alike, none one edit apart and 5 two apart (The Game's up against down piles: the
``>`` test and the ``-`` step both replaced; Pairs' draw to the row against its scoring):
nothing is named, even with a pair enough (`MIN_SIBLINGS` = 1). Of the 61 distinct
campaign files under /work/runs-archive/s57*, it names the two above, inv-28's rank 4 (the
same edit as its rank 5) and inv-29's rank 7 (centre D opened by ``(> A 1)`` where B and C
ask ``(> A 0)``); of the 190 distinct variant texts of tests/fitness, only its own two.
CPU 1.7 ms a real file (load 8 on 2 cores).

Margins: a pile given its own rule by one replaced test (an Ace-only foundation among
piles built up by one, written as the same play with ``(== RANK ACE)`` for the sequence
test) is one edit, and named; no real file writes one (real piles with their own rule
differ from their siblings in two places or more, as The Game's do).

Not judged: items whose differing pile is chosen by a variable or an expression, two
siblings against two (which is odd is not known), and edits to guards that change
their shape (an operator swapped is `odd_copies`' edit).
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.lone_writes import action
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: Siblings besides the odd item: two that agree are needed to say which is odd.
MIN_SIBLINGS = 2

#: The comparisons whose numbers a lone literal is read in.
COMPARISONS = (A.IntCmp, A.StrCmp, A.CardCmp, A.PlayerCmp, A.TeamCmp)

#: The most edits `_diff` tracks before it gives up (only one is ever wanted).
_MANY = 2

Edit = tuple[str, A.Node, A.Node | None]  # (kind, X's node or the sibling's, the other)


def own_name(act: A.Node) -> str | None:
    """The one literal location name `act`'s moves and ``remember``s put cards on."""
    names = set()
    for n in A.walk(act):
        if isinstance(n, (A.Move, A.Remember)):
            for m in A.walk(n.dst):
                if isinstance(m, (A.Location, A.Indexed)) and isinstance(m.name, A.NameLit):
                    names.add(m.name.value)
    return names.pop() if len(names) == 1 else None


def form(node: A.Node, own: str | None, holes: bool = False) -> object:
    """`node` as nested tuples, `own` read as ``@``, variables as one, numbers as written
    (as one with `holes`): equal forms are the same up to renaming."""
    if isinstance(node, A.NameLit):
        return "@" if node.value == own else ("name", node.value)
    if isinstance(node, A.IntLit):
        return "#" if holes else ("int", node.value)
    if isinstance(node, A.Var):
        return "'"
    parts: list[object] = [type(node).__name__]
    for f in A.field_names(type(node)):
        v = getattr(node, f)
        if isinstance(v, A.Node):
            parts.append(form(v, own, holes))
        elif type(v) is tuple:
            parts.append(tuple(form(x, own, holes) if isinstance(x, A.Node) else x for x in v))
        else:
            parts.append(v)
    return tuple(parts)


def _diff(x: A.Node, y: A.Node, ox: str | None, oy: str | None) -> list[Edit] | None:
    """The edits (module docstring) taking sibling `y` to `x`, each item's own name read
    as ``@``; None when they are not of one kind or more than one edit apart."""
    if isinstance(x, A.Var) and isinstance(y, A.Var):
        return []
    if type(x) is not type(y):
        return None
    if isinstance(x, (A.NameLit, A.IntLit)):
        if isinstance(x, A.NameLit):
            same = (x.value == ox) == (y.value == oy) and (x.value == ox or x.value == y.value)
        else:
            same = x.value == y.value
        return [] if same else [("literal", x, y)]
    out: list[Edit] = []
    for f in A.field_names(type(x)):
        a, b = getattr(x, f), getattr(y, f)
        if isinstance(a, A.Node) and isinstance(b, A.Node):
            sub = _diff(a, b, ox, oy)
        elif type(a) is tuple and type(b) is tuple:
            sub = _diff_list(a, b, ox, oy)
        else:
            sub = [] if a == b else None
        if sub is None:
            return None
        out += sub
        if len(out) >= _MANY:
            return None
    return out


def _diff_list(xs: tuple, ys: tuple, ox: str | None, oy: str | None) -> list[Edit] | None:
    """`_diff` of two lists: element by element, or one part added or dropped."""
    if not all(isinstance(v, A.Node) for v in (*xs, *ys)):
        return [] if xs == ys else None
    if len(xs) == len(ys):
        out: list[Edit] = []
        for a, b in zip(xs, ys, strict=True):
            sub = _diff(a, b, ox, oy)
            out += [("replaced", a, b)] if sub is None else sub
            if len(out) >= _MANY:
                return None
        return out
    long, short, kind = (xs, ys, "added") if len(xs) > len(ys) else (ys, xs, "dropped")
    if len(long) != len(short) + 1:
        return None
    for i, extra in enumerate(long):
        rest = long[:i] + long[i + 1 :]
        pairs = zip(rest, short, strict=True) if kind == "added" else zip(short, rest, strict=True)
        if all(_diff(a, b, ox, oy) == [] for a, b in pairs):
            return [(kind, extra, None)]
    return None


def _conditions(item: A.Node) -> list[A.Node]:
    """The conditions of the guards wrapped around `item`'s action."""
    out = []
    while isinstance(item, (A.Guarded, A.Ensure, A.Otherwise)):
        if not isinstance(item, A.Otherwise):
            out.append(item.cond)
        item = item.body
    return out


def _conjuncts(cond: A.Node) -> Iterator[A.Node]:
    """`cond`'s top-level conjuncts (nested ``and``s flattened), or `cond` itself."""
    if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND:
        for a in cond.args:
            yield from _conjuncts(a)
    else:
        yield cond


def _literals(conds: list[A.Node], own: str | None) -> dict[object, set[object]]:
    """The comparisons in `conds`, each read with its numbers as holes, to the numbers it
    holds (in order)."""
    out: dict[object, set[object]] = {}
    for c in conds:
        for n in A.walk(c):
            if isinstance(n, COMPARISONS):
                nums = tuple(m.value for m in A.walk(n) if isinstance(m, A.IntLit))
                if nums:
                    out.setdefault(form(n, own, holes=True), set()).add(nums)
    return out


class _Item:
    """One choice item as compared: the item, its action, own name and action's form."""

    def __init__(self, item: A.Node):
        self.item = item
        self.act = action(item)
        self.own = own_name(self.act)
        self.form = form(self.act, self.own) if self.own is not None else None


def _sibling_classes(choice: A.Choice) -> tuple[list[_Item], list[list[_Item]]]:
    """`choice`'s items, and its classes of at least `MIN_SIBLINGS` items whose actions are
    the same up to renaming, their own names all different."""
    items = [_Item(i) for i in choice.items]
    by_form: dict[object, list[_Item]] = {}
    for it in items:
        if it.form is not None:
            by_form.setdefault(it.form, []).append(it)
    classes = [
        c
        for c in by_form.values()
        if len(c) >= MIN_SIBLINGS and len({it.own for it in c}) == len(c)
    ]
    return items, classes


def _choices(game: A.Game) -> Iterator[A.Choice]:
    for n in A.walk(game):
        if isinstance(n, A.Choice) and len(n.items) >= MIN_SIBLINGS + 1:
            yield n


def _taken(game: A.Game) -> set[str]:
    from evogame.fitness.lone_writes import lone_writes

    return {d.where for d in lone_writes(game)}


def lone_parts(game: A.Game) -> list[Defect]:
    """Choice items whose action is their siblings' with one edit (module docstring)."""
    taken = _taken(game)
    out = []
    for choice in _choices(game):
        items, classes = _sibling_classes(choice)
        for x in items:
            if x.own is None or where(x.item) in taken:
                continue
            if sum(it.form == x.form for it in items) > 1:
                continue  # a sibling shares its action: two against two says nothing
            for c in classes:
                if x in c or x.own in {it.own for it in c}:
                    continue
                edits = _diff(x.act, c[0].act, x.own, c[0].own)
                if edits is None or len(edits) != 1:
                    continue
                kind, node, other = edits[0]
                at = where(x.item) if kind == "dropped" else where(node)
                if kind == "added":
                    what = f"has {to_line(node)} where its siblings have nothing"
                elif kind == "dropped":
                    what = f"lacks {to_line(node)}, which its siblings have"
                else:
                    what = f"has {to_line(node)} where its siblings have {to_line(other)}"
                out.append(
                    Defect(
                        at,
                        f"this option, on {x.own}, {what}: its {len(c)} parallel siblings "
                        f"(on {', '.join(it.own for it in c)}) are alike but for their "
                        "piles, so this way to play alone takes or does something else",
                    )
                )
                break
    return out


def lone_guards(game: A.Game) -> list[Defect]:
    """Choice items whose guard lacks a conjunct all their siblings share, or differs in
    one comparison's numbers where all siblings agree (module docstring)."""
    taken = _taken(game)
    out = []
    for choice in _choices(game):
        _, classes = _sibling_classes(choice)
        for c in classes:
            if len(c) < MIN_SIBLINGS + 1:
                continue
            for x in c:
                if where(x.item) in taken:
                    continue
                others = [it for it in c if it is not x]
                d = _lone_guard(x, others)
                if d is not None:
                    out.append(d)
    return out


def _lone_guard(x: _Item, others: list[_Item]) -> Defect | None:
    """`lone_guards`' defect of `x` against its siblings `others`, if any."""
    conds = _conditions(x.item)
    have = {form(k, x.own) for c in conds for k in _conjuncts(c)}
    shared = None
    for o in others:
        theirs = {form(k, o.own): k for c in _conditions(o.item) for k in _conjuncts(c)}
        shared = set(theirs) if shared is None else shared & set(theirs)
    missing = sorted(shared - have, key=repr) if shared else []
    piles = ", ".join(o.own for o in others)
    if missing:
        first = others[0]
        text = {form(k, first.own): k for c in _conditions(first.item) for k in _conjuncts(c)}
        return Defect(
            where(x.item),
            f"this option, on {x.own}, is open without "
            f"{to_line(text[missing[0]])} (on {first.own}), which guards all "
            f"{len(others)} of its parallel siblings (on {piles}), each on its own pile: "
            "this way to play alone skips that test",
        )
    mine = _literals(conds, x.own)
    theirs = [_literals(_conditions(o.item), o.own) for o in others]
    for key, nums in mine.items():
        testing = [o.own for o, t in zip(others, theirs, strict=True) if key in t]
        agreed = [t[key] for t in theirs if key in t]
        if len(agreed) < MIN_SIBLINGS or any(a != agreed[0] for a in agreed):
            continue
        if len(agreed[0]) == 1 and not nums <= agreed[0]:
            node = next(
                n
                for c in conds
                for n in A.walk(c)
                if isinstance(n, COMPARISONS)
                and form(n, x.own, holes=True) == key
                and tuple(m.value for m in A.walk(n) if isinstance(m, A.IntLit)) not in agreed[0]
            )
            (want,) = agreed[0]
            return Defect(
                where(node),
                f"this option, on {x.own}, tests {to_line(node)} where its "
                f"{len(agreed)} parallel siblings that test it (on {', '.join(testing)}) all "
                f"compare with {', '.join(map(str, want))}: one number of this way to play's "
                "guard differs from all its siblings'",
            )
    return None


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(lone_parts, game) + named(lone_guards, game)
