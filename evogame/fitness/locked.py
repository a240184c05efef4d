"""A way to play that locks a value of the deck in the hand for good (static; issue 35,
campaign inv-21's rank 3, round 53).

Crazy Eights with HeartsNoMoon4's lead restriction transplanted (`evolve.transplant`'s
``filter`` fragment) offers ``(any (filter HAND 'NH (!= (cardatt SUIT 'NH) CLUBS)) ...)``
in place of the pile's match, and keeps the host's match only as the way out,
``(otherwise (any (filter HAND 'C (or <eight> <suit> <rank>)) ...))``: any non-club goes
on anything, and a club leaves the hand only when the hand holds nothing but clubs ("no
starter card; any non-club is playable on anything; clubs are stuck in the hand", a
blind reader, 2 against the seed's 6; the judge gave it 0.890). In Hearts the same
filter is fine: there it is guarded by ``(== (game sto BROKEN) 0)``, a storage a play
changes, and another item plays hearts once they are broken. The difference is read
from the rules.

**The lock** (`locked_values`). A choice item L (not an ``otherwise``, with no guard or
``ensure`` anywhere in it) offers the cards of ``(filter H 'V T)``, H a place by literal
name, and moves them; T is *fixed*: it reads nothing but one attribute A of the card it
binds, compared with literal values (``==``/``!=``, ``and``/``or``/``not``), so whether a
card passes never changes, whatever is played. With `values(A)` the values the game's
decks give A, the *locked* values are

    locked = { v in values(A) : T is false for A = v }     (a set of A's values)

when T holds for some value and not for all. A locked value is *let out* by any other
move that takes cards from a place named H (same visibility and name, any owner):
scripted or in a choice, from a collection not filtered by a fixed test over A that
rejects v (an unfiltered hand, a filter that reads the pile or a storage, ``(top H)``:
conservatively, every such move lets every value out); only the ``otherwise`` items of
L's own choice do not count. The game is named, at T's filter, when some locked value
is let out by nothing: either that choice's ``otherwise`` moves it (then only when the
hand holds no card L allows: stuck until the hand is all of it), or no rule moves it
(never played).

Why static: whether a value can leave the hand is a matter of which rules move cards out
of it and what their tests can be; a test of the card's own attribute against a literal
is the one test no play can change, and a guard or a storage-reading test is left alone
(Hearts' "no hearts until broken": locked only until a storage changes). A count by play
(share of a value's cards never played in random games while the game still ends) would
miss the fallback: the clubs do come out, late, when a hand is all clubs.

Measured (static; `python -m bench.locked_near seeds ../shared/cardstock/games`, output
/work/runs-archive/s54c/near-real.txt): of the 95 real files (CARDSTOCK's 73, our 22
seeds) 9 play a hand through a fixed filter: CARDSTOCK's Crazy Eights (an eight on
anything, unguarded: the 12 other ranks refused, all 12 let out by the match item) and
eight CARDSTOCK Hearts files (the non-heart lead, guarded by BROKEN, hearts let out by
the lead once broken). The values held back with nothing but an ``otherwise`` or nothing
at all to let them out: 0 in every real file, even with the guard rule left aside, against
1 (clubs) in inv-21's rank 3 and in the variant (tests/fitness/locked_variants.py). Over
the 448 best/ files under /work/runs-archive (near-best.txt there) it names two: inv-21's
rank 3, and s53d's inv-a rank 2 (GOPS with CrazyEights4's "an eight" as its only bid:
every eight must be bid before any other card, the 12 other ranks let out only by the
``otherwise``). By play (`python -m bench.locked_play FILE`, 30 random games, all ending
on their own; play-left.txt), the share of each suit's cards still in a hand at the end:
Crazy Eights 0.14-0.31 by suit; the variant clubs 0.54 against 0.11 for each other suit;
inv-21's rank 3 clubs 0.70 against 0.24-0.26. The clubs do come out, late, through the
fallback, and a count by play would have to tell them from a seed's own spread over
suits (0.14-0.31 in 30 games): the rules decide. Cost: 0.53 ms of CPU a file on average
over the 95 real files (load 15 on 2 cores).

The transplant consults the judge's static checks (`transplant.spliced_defects`): a
``filter`` fragment whose child this names is tried again without the way out, which
leaves the refused values played by no rule (named again), so the child is refused and
another fragment drawn (HeartsNoMoon4's restriction into Crazy Eights: refused at every
seed tried, tests/fitness/test_locked.py).
"""

from __future__ import annotations

from collections.abc import Callable

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang.content import deck_values
from evogame.lang.printer import where

#: A place by (visibility, name): owners aside (the current player's HAND is 'P's HAND).
Place = tuple[str, str]


def _attr_test(cond: A.Node, var: str) -> tuple[str, Callable[[str], bool]] | None:
    """(A, the test as a function of the card's value of A) when `cond` is fixed: it
    reads only attribute A of the card bound to `var`, compared with literal names,
    under ``and``/``or``/``not``; None otherwise."""
    attrs: set[str] = set()

    def side(n: A.Node) -> Callable[[str], str] | None:
        if isinstance(n, A.NameLit):
            return lambda _v, s=n.value: s
        if (
            isinstance(n, A.CardAtt)
            and isinstance(n.attr, A.NameLit)
            and isinstance(n.card, A.Var)
            and n.card.name == var
        ):
            attrs.add(n.attr.value)
            return lambda v: v
        return None

    def build(n: A.Node) -> Callable[[str], bool] | None:
        if isinstance(n, A.StrCmp) and n.op in A.EQ_OPS:
            a, b = side(n.a), side(n.b)
            if a is None or b is None:
                return None
            if n.op is A.CmpOp.EQ:
                return lambda v: a(v) == b(v)
            return lambda v: a(v) != b(v)
        if isinstance(n, A.Not):
            f = build(n.arg)
            return None if f is None else (lambda v: not f(v))
        if isinstance(n, A.BoolOp):
            fs = [build(x) for x in n.args]
            if any(f is None for f in fs):
                return None
            if n.op is A.BoolOpKind.AND:
                return lambda v: all(f(v) for f in fs)
            return lambda v: any(f(v) for f in fs)
        return None

    fn = build(cond)
    if fn is None or len(attrs) != 1:
        return None
    return next(iter(attrs)), fn


def _places(n: A.Node) -> set[Place] | None:
    """The places (visibility, name) named in `n`; None when one is named by a computed
    name (it may be any place)."""
    out: set[Place] = set()
    for p in A.walk(n):
        if isinstance(p, A.Location | A.Indexed):
            if not isinstance(p.name, A.NameLit):
                return None
            out.add((p.vis.value, p.name.value))
    return out


class _Take:
    """A move that takes cards out of places: where from, the fixed filters on the way
    (attribute -> test), the choice item it is in (None: scripted), and the filter whose
    test is fixed when the move plays the cards of ``(filter H 'V T)`` bound directly."""

    def __init__(self, move, places, tests, item, choice, direct):
        self.move = move
        self.places: set[Place] | None = places
        self.tests: list[tuple[str, Callable[[str], bool]]] = tests
        self.item = item
        self.choice = choice
        self.direct: A.Filter | None = direct

    def lets_out(self, attr: str, v: str) -> bool:
        return all(f(v) for a, f in self.tests if a == attr)


def _fixed_tests(coll: A.Node) -> list[tuple[str, Callable[[str], bool]]]:
    """The fixed tests (`_attr_test`) of the filters wrapped around `coll`."""
    out = []
    while isinstance(coll, A.Filter):
        t = _attr_test(coll.cond, coll.var.name)
        if t is not None:
            out.append(t)
        coll = coll.coll
    return out


def _takes(game: A.Game) -> list[_Take]:
    """Every ``move`` of the game with where its cards come from (`_Take`)."""
    out: list[_Take] = []

    def go(n: A.Node, env: dict[str, A.Node], item, choice) -> None:
        if isinstance(n, A.Choice):
            for it in n.items:
                go(it, env, it, n)
            return
        if isinstance(n, A.AggAction | A.Let):
            over = n.coll if isinstance(n, A.AggAction) else n.value
            go(over, env, item, choice)
            go(n.body, {**env, n.var.name: over}, item, choice)
            return
        if isinstance(n, A.Move):
            src = n.src
            direct = None
            if isinstance(src, A.Var) and src.name in env:
                coll = env[src.name]
                if (
                    isinstance(coll, A.Filter)
                    and isinstance(coll.coll, A.Location)
                    and isinstance(coll.coll.name, A.NameLit)
                    and _attr_test(coll.cond, coll.var.name) is not None
                ):
                    direct = coll
                src = coll
            out.append(_Take(n, _places(src), _fixed_tests(src), item, choice, direct))
        for c in n.children():
            go(c, env, item, choice)

    go(game, {}, None, None)
    return out


def _guarded(item: A.Node) -> bool:
    return any(n.GUARDS for n in A.walk(item))


def _values(game: A.Game) -> dict[str, set[str]]:
    """Each attribute the game's decks give their cards, with its values."""
    values: dict[str, set[str]] = {}
    for deck in deck_values(game):
        for attr, vs in deck.items():
            values.setdefault(attr, set()).update(vs)
    return values


def held_back(
    lock: _Take, takes: list[_Take], values: dict[str, set[str]]
) -> tuple[str, set[str], set[str], bool]:
    """For a move `lock` of a hand's cards through a fixed filter (``lock.direct``): (the
    attribute A its test reads, the values of A it refuses, those of them no other move
    of the game lets out (`_Take.lets_out`; the ``otherwise`` items of its own choice
    aside), whether such an ``otherwise`` lets out one of those)."""
    f = lock.direct
    assert f is not None and isinstance(f.coll, A.Location)
    attr, test = _attr_test(f.cond, f.var.name)
    refused = {v for v in values.get(attr, ()) if not test(v)}
    hand = (f.coll.vis.value, f.coll.name.value)
    others = [t for t in takes if t is not lock and (t.places is None or hand in t.places)]
    ways_out = [t for t in others if isinstance(t.item, A.Otherwise) and t.choice is lock.choice]
    held = set(refused)
    for t in others:
        if t not in ways_out:
            held = {v for v in held if not t.lets_out(attr, v)}
    fallback = any(t.lets_out(attr, v) for t in ways_out for v in held)
    return attr, refused, held, fallback


def locked_values(game: A.Game) -> list[Defect]:
    """Fixed filters on a hand that leave some value of the deck let out by nothing but
    the choice's ``otherwise``, or by nothing at all (module docstring)."""
    values = _values(game)
    takes = _takes(game)
    out, seen = [], set()
    for lock in takes:
        f = lock.direct
        if (
            f is None
            or lock.item is None
            or isinstance(lock.item, A.Otherwise)
            or _guarded(lock.item)
            or id(f) in seen
        ):
            continue
        attr, refused, held, fallback = held_back(lock, takes, values)
        if not held or len(refused) == len(values.get(attr, ())):
            continue  # nothing held back, or a filter no card passes (another matter)
        seen.add(id(f))
        names = ", ".join(sorted(held))
        how = (
            "only through the choice's otherwise, when the hand holds nothing else this item allows"
            if fallback
            else "by no rule: they are never played"
        )
        out.append(
            Defect(
                where(f),
                f"this way to play never offers a card whose {attr} is {names}, whatever "
                f"is played, and those cards leave {f.coll.name.value} {how}",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(locked_values, game)
