"""A choice item that can never be offered: a defect of the `soundness` component, read from
the rules alone (round 57, issue 35).

A campaign's Spite and Malice (round 56) dealt the pay-off piles NUMP cards, and its blind
reader found that "the discard rule never opens". Our seed ends a turn with a discard onto
one of four side stacks, each stack but the first offered when it already has a card or
the stacks before it have: ``((or (> (size SIDED) 0) (and (> (size SIDEA) 0) ...)) (any
HAND 'C (move 'C (top SIDED))))``. An edit that drops the second half of such an ``or``
leaves an item offered only when SIDED holds a card, while the only rule that puts one
there is that item: it never opens, and the player has one way to discard fewer than the
rules say. The gate sample does not tell it from a rule that is merely rare: of the 192
guarded choice items of the real files (66 files), 10 items of 10 files never held in the
100 random games of the gate sample at evaluation seed 0 (9 at seed 7), each tested in all
100 games (a pass when the stock is empty, a hand of hearts only, four of a kind), and
others held in 1 or 2 games of 100 (Spades4, Cheeseheads5;
/work/runs-archive/s57c/closed_items_survey.txt): no bar on how often an item was tested
and never opened names the one without the others. Those wait for a place emptied or a
storage's value; restricted to guards that *need a card* somewhere, the sample has a wide
margin (`unopened_items`, the sampled side: the rarest real such item held in 48 of 100
games). The rules say it at once (`closed_items`), and the sample also sees a place the
rules could fill but play never does.

**The test.** Places are told apart by owner type, visibility and name (any index). A
rule *puts cards into* a place when it creates a deck in it, or is a ``move`` or
``remember`` to it, or a faro shuffle into it. A place is *fillable* by the least
fixpoint of: a rule puts cards into it whose guards (the tests of the guarded rules and
choice items around it) are not *closed*, and whose source may hold cards (a deck
created; a move's source places, or the collection a moved variable is bound over, when
one of them is fillable; a source the rules do not spell out may). A test is *closed*
when it needs a card in places none of which is fillable: a comparison of ``(size C)``
with a number that holds only at one card or more (``(> (size C) 0)``, ``(== (size C)
k)`` k >= 1, ...), C's places all not fillable; an ``and`` with a closed part; an ``or``
whose every part is closed. A choice item is named when its guard is closed, or when its
action is an ``any`` over a collection whose places are all not fillable. A game with a
rule putting cards into a place named by an expression (it may be any place) is not
judged.

The measure is a count per file of the items named (0 or more); the defect is any.
Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/
test_closed.py, /work/runs-archive/s57c/closed_margins.txt): 0 named; 4 not judged
(Coloretto4, GolfSix2, GolfSix4, LostCities2 put cards into a place named by an
expression); 1.25 s of CPU for the 95 files (load 12 on 2 cores). Of the 10 items that
never held in the gate sample (above), none is closed: each waits for a place to be
*emptied* or for a storage's value, which the rules reach.
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.engine.coverage import FALSE_SEEN, conditions
from evogame.fitness.soundness import Defect, _needs_cards, _owner, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: The constructs that bind a variable (`var`) over a collection (`coll`).
_BINDERS = (A.AggAction, A.AggBool, A.Filter, A.AggInt, A.AggCards)


def _key(loc: A.Node) -> tuple | None:
    """A place's identity without its index: (owner type, visibility, name); None when its
    name is computed or its owner unknown."""
    if not isinstance(loc, A.Location | A.Indexed) or not isinstance(loc.name, A.NameLit):
        return None
    owner = _owner(loc)
    return None if owner is None else (owner, loc.vis.value, loc.name.value)


def _places(node: A.Node) -> set[tuple] | None:
    """The places named in `node`; None when one is named by an expression."""
    out = set()
    for n in A.walk(node):
        if isinstance(n, A.Location | A.Indexed):
            if (k := _key(n)) is None:
                return None
            out.add(k)
    return out


class _Puts:
    """A rule that puts cards into places: where to, where from (None: not spelled out,
    may hold cards; a deck created holds them), and the tests it lies under."""

    def __init__(self, into: set[tuple], source: set[tuple] | None, created: bool, tests):
        self.into, self.source, self.created, self.tests = into, source, created, tests


def _chain(node: A.Node, up: dict) -> list[tuple[A.Node, str]]:
    """`node`'s ancestors, nearest first, each with the field `node`'s line lies in."""
    out = []
    while (p := up.get(id(node))) is not None:
        out.append((p[0], p[1]))
        node = p[0]
    return out


def _tests(chain: list[tuple[A.Node, str]]) -> list[A.Node]:
    """The guards a rule with ancestors `chain` runs (or is offered) under."""
    return [n.cond for n, f in chain if isinstance(n, A.Guarded) and f == "body"]


def _source(move: A.Node, chain: list[tuple[A.Node, str]]) -> set[tuple] | None:
    """The places a move takes its card from: those its source names, or, for a variable,
    those of the collection that binds it; None when not spelled out."""
    src = move.src
    if isinstance(src, A.Var):
        for n, _field in chain:
            if isinstance(n, (*_BINDERS, A.Let)) and n.var.name == src.name:
                if isinstance(n, A.Let):
                    return None
                got = _places(n.coll)
                return got or None
        return None
    got = _places(src)
    return got or None


def _rules(game: A.Game) -> list[_Puts] | None:
    """Every rule that puts cards into places; None when one names its place by an
    expression (or names none)."""
    up = A.game_parents(game)
    out = []
    for n in A.walk(game):
        if isinstance(n, A.CreateDeck):
            into, source, created = _places(n.loc), set(), True
        elif isinstance(n, A.ShuffleFaro):
            into, source, created = _places(n.a), _places(n.b) or None, False
        elif n.PUTS is not None:
            chain = _chain(n, up)
            into, source, created = _places(getattr(n, n.PUTS)), _source(n, chain), False
        else:
            continue
        if not into:
            return None
        out.append(_Puts(into, source, created, _tests(_chain(n, up))))
    return out


def closed(cond: A.Node, filled: set[tuple]) -> A.Node | None:
    """The ``size`` that makes `cond` need a card in places none of which is in `filled`
    (module docstring), or None when `cond` is not closed."""
    if isinstance(cond, A.BoolOp):
        parts = [closed(a, filled) for a in cond.args]
        if cond.op is A.BoolOpKind.AND:
            return next((p for p in parts if p is not None), None)
        return parts[0] if all(p is not None for p in parts) else None
    if isinstance(cond, A.IntCmp):
        for side in (cond.a, cond.b):
            if isinstance(side, A.Size) and _needs_cards(cond, side):
                got = _places(side.coll)
                if got and not got & filled:
                    return side
    return None


def fillable(rules: list[_Puts]) -> set[tuple]:
    """The places some rule that can run may put cards into (the least fixpoint of the
    module docstring)."""
    filled: set[tuple] = set()
    grew = True
    while grew:
        grew = False
        for r in rules:
            if r.into <= filled:
                continue
            if not r.created and r.source is not None and not r.source & filled:
                continue
            if any(closed(t, filled) is not None for t in r.tests):
                continue
            filled |= r.into
            grew = True
    return filled


def closed_items(game: A.Game) -> list[Defect]:
    """Each choice item that can never be offered (module docstring)."""
    rules = _rules(game)
    if rules is None:
        return []
    filled = fillable(rules)
    out = []
    for body in _item_bodies(game):
        if isinstance(body, A.Guarded) and (size := closed(body.cond, filled)) is not None:
            out.append(_defect(body.cond, size.coll, rules))
            continue
        action = body.body if isinstance(body, A.Guarded) else body
        if isinstance(action, A.AggAction) and action.quant is A.Quant.ANY:
            got = _places(action.coll)
            if got and not got & filled:
                out.append(_defect(action, action.coll, rules))
    return out


def _item_bodies(game: A.Game) -> Iterator[A.Node]:
    """Each choice item of `game`, inside its ``ensure`` wrappers (a guarded item's
    `Guarded`, else its action)."""
    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            for body in choice.items:
                while isinstance(body, A.Ensure):
                    body = body.body
                yield body


#: The gate sample must have counted this many games before `unopened_items` judges it.
MIN_GAMES = 20


def needed(cond: A.Node) -> A.Node | None:
    """The ``size`` a test needs a card in, whatever the rules fill: a comparison of
    ``(size C)`` that holds only at one card or more, an ``and`` with such a part, an
    ``or`` whose every part is one (its first part's); None when the test can hold with
    every place empty."""
    return closed(cond, set())


def unopened_items(game: A.Game, hits: list[int], games: int) -> list[Defect]:
    """Choice items never offered in play (the gate sample; `hits` per condition, as
    `evogame.engine.coverage` records them, over `games` counted games): a guard that
    needs a card in some place (`needed`) was tested and never held, in a sample of at
    least `MIN_GAMES` games. `closed_items` says the same from the rules when no rule can
    fill the place; this also sees a place the rules could fill but play never does.

    Margins (/work/runs-archive/s57c/needs_card_survey.py, .txt): the 95 real files have
    32 guarded choice items whose guard needs a card (23 files); in the 100 gate games
    at evaluation seeds 0 and 7 each was tested in all 100, and the rarest held in 48
    (LAMA2's), then 51, 62, 74: none close to 0. The items of real files that never held
    in the gate sample (10 at seed 0, module docstring) each wait for a place emptied or
    a storage's value, and need no card."""
    if games < MIN_GAMES:
        return []
    at = {id(c): h for c, h in zip(conditions(game), hits, strict=True)}
    out = []
    for body in _item_bodies(game):
        if not isinstance(body, A.Guarded) or at.get(id(body.cond)) != FALSE_SEEN:
            continue
        if (size := needed(body.cond)) is not None:
            text = to_line(size.coll)
            out.append(
                Defect(
                    where(body.cond),
                    f"this choice item was never offered in {games} random games: its "
                    f"guard, which needs a card in {text}, was tested and never held",
                    "closed.unopened_items",
                )
            )
    return out


def _defect(at: A.Node, coll: A.Node, rules: list[_Puts]) -> Defect:
    text = to_line(coll)
    return Defect(
        where(at),
        f"this choice item is offered only when {text} holds a card, and no rule that can "
        "run puts a card there (each rule that would runs only once such a place holds a "
        "card): the option is never offered",
    )


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(closed_items, game)
