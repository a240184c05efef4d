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
name, and moves them; T is *fixed*: it reads the card it binds only by its attributes
(``cardatt``) and by its scores under point maps set once with constant points
(`_tables`), compared with literals (``==`` ``!=`` ``<`` ...; arithmetic on them; ``and``
``or`` ``not``), so whether a card passes never changes, whatever is played. With K the
kinds of card the decks make (`deadflow.game_cards`), the *refused* cards are

    refused = { c in K : T is false for c }      (a set of kinds of card)

when T holds for some card and not for all. A refused card is *let out* by any other move
that takes cards from a place named H (same visibility and name, any owner): scripted or
in a choice, from a collection whose fixed filters pass it (an unfiltered hand, a filter
that reads the pile or a storage, ``(top H)``: conservatively, such a move lets every
card out); only the ``otherwise`` items of L's own choice do not count. The game is named,
at T's filter, when some refused card is let out by nothing else (`held_back`): either
that choice's ``otherwise`` moves it (then only when the hand holds no card L allows:
stuck until the hand is all of it), or no rule moves it (never played).

**The pile's rule gone** (`free_plays`). The transplant may also put such a filter on one
of two ways to play, the host's match kept as the other (CARDSTOCK's Crazy Eights writes
its eight on anything that way): then nothing is locked, the clubs go out by the match,
but the restricted way lays most cards on the pile with no test of it. Named, at the
filter, when an unguarded choice item (not an ``otherwise``) plays a hand's cards through
a fixed filter passing

    passed / |K|  >=  FREE_SHARE = 1/2        (a share of the kinds of card)

onto a place P none of its tests (guards, ``ensure``s, filters) reads, neither P nor any
storage, while another item of the same choice plays onto P under a test that reads P or
a storage (the top card, the suit to follow). An eight on anything passes 4/52.

Why static: whether a card can leave the hand is a matter of which rules move cards out
of it and what their tests can be; a test of the card's own attributes (or of its score
under a map set once) against literals is the test no play can change, and a guard or a
test that reads the pile or a storage is left alone (Hearts' "no hearts until broken":
locked only until a storage changes).

Measured (static; `python -m bench.locked_near seeds ../shared/cardstock/games`, output
/work/runs-archive/s54c/near-real.txt): of the 95 real files (CARDSTOCK's 73, our 22
seeds) 10 play a hand through a fixed filter: CARDSTOCK's Crazy Eights (an eight on
anything, unguarded: 48 of 52 kinds refused, all let out by the match item), Caterpillar
(cards worth more than 0, guarded) and eight CARDSTOCK Hearts files (the non-heart lead,
guarded by BROKEN, hearts let out by the lead once broken). The refused cards let out by
nothing but an ``otherwise`` or by nothing at all: 0 in every real file, even with the
guard rule left aside, against 13 (the clubs) in inv-21's rank 3 and in the variant
(tests/fitness/locked_variants.py). A pile-blind play beside a play that tests the pile:
one real file, CrazyEights4's eight, passing 4/52 = 0.08 (the largest), against 39/52 =
0.75 in inv-21's rank 3 and the variant eights-non-clubs-free; `FREE_SHARE` sits between. Over the 429 best/ files of rounds up to 53 under
/work/runs-archive (near-best.txt there) it names two: inv-21's rank 3 (by both checks,
one spot), and s53d's inv-a
rank 2 (GOPS with CrazyEights4's "an eight" as its only bid: every eight must be bid
before any other card, the 36 others let out only by the ``otherwise``). By play
(`python -m bench.locked_play FILE`, 30 random games, all ending on their own;
play-left.txt), the share of each suit's cards still in a hand at the end: Crazy Eights
0.14-0.31 by suit; the variant clubs 0.54 against 0.11 for each other suit; inv-21's rank
3 clubs 0.70 against 0.24-0.26. The clubs do come out, late, through the
fallback, and a count by play would have to tell them from a seed's own spread over
suits (0.14-0.31 in 30 games): the rules decide. Cost: 1.3 ms of CPU a file on average
over the 95 real files (load 22 on 2 cores).

The transplant consults the judge's static checks (`transplant.spliced_defects`): a
``filter`` fragment whose child this names is tried again without the way out, which
leaves the refused cards played by no rule (named again), so the child is refused and
another fragment drawn (HeartsNoMoon4's restriction into Crazy Eights: refused at every
seed tried, tests/fitness/test_locked.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from evogame.fitness.deadflow import game_cards
from evogame.fitness.soundness import Defect, _constant, named
from evogame.lang import ast as A
from evogame.lang.arith import div, mod
from evogame.lang.printer import where

#: A place by (visibility, name): owners aside (the current player's HAND is 'P's HAND).
Place = tuple[str, str]


def _attr_read(n: A.Node, var: str) -> str | None:
    """A when `n` is ``(cardatt A 'var)``, attribute A of the card bound to `var`, A a
    literal name; None otherwise (for `_attr_test` and `_card_test`)."""
    if (
        isinstance(n, A.CardAtt)
        and isinstance(n.attr, A.NameLit)
        and isinstance(n.card, A.Var)
        and n.card.name == var
    ):
        return n.attr.value
    return None


def _attr_test(cond: A.Node, var: str) -> tuple[str, Callable[[str], bool]] | None:
    """(A, the test as a function of the card's value of A) when `cond` is fixed: it
    reads only attribute A of the card bound to `var`, compared with literal names,
    under ``and``/``or``/``not``; None otherwise."""
    attrs: set[str] = set()

    def side(n: A.Node) -> Callable[[str], str] | None:
        if isinstance(n, A.NameLit):
            return lambda _v, s=n.value: s
        if (attr := _attr_read(n, var)) is not None:
            attrs.add(attr)
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
        return _logic(n, build)

    fn = build(cond)
    if fn is None or len(attrs) != 1:
        return None
    return next(iter(attrs)), fn


#: A card as the decks make it: its (attribute, value) pairs, sorted.
Card = tuple[tuple[str, str], ...]

_ARITH = {
    A.ArithOp.ADD: lambda a, b: a + b,
    A.ArithOp.SUB: lambda a, b: a - b,
    A.ArithOp.MUL: lambda a, b: a * b,
    # the language's: truncating toward zero, the remainder with the dividend's sign, 0 by 0
    A.ArithOp.DIV: div,
    A.ArithOp.MOD: mod,
}


def _tables(game: A.Game) -> dict[str, list[tuple[tuple[tuple[str, str], ...], int]]]:
    """The point maps set by one ``set`` only, every entry of it literal names and a
    constant number: per map name, its entries ((attribute, value) conditions, points).
    A card's score by such a map is the same whenever it is read."""
    sets = Counter(
        n.target.name.value
        for n in A.walk(game)
        if isinstance(n, A.InitPoints) and isinstance(n.target.name, A.NameLit)
    )
    out = {}
    for n in A.walk(game):
        if not isinstance(n, A.InitPoints) or not isinstance(n.target.name, A.NameLit):
            continue
        name = n.target.name.value
        if sets[name] != 1 or any(isinstance(x, A.Var) for x in A.walk(n)):
            continue
        entries = []
        for aw in n.awards:
            pts = _constant(aw.value) if isinstance(aw, A.Award) else None
            conds = getattr(aw, "conds", ())
            if pts is None or not all(
                isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit) for c in conds
            ):
                break
            entries.append((tuple((c.key.value, c.value.value) for c in conds), pts))
        else:
            out[name] = entries
    return out


def _card_test(cond: A.Node, var: str, tables: dict) -> Callable[[dict[str, str]], bool] | None:
    """The test as a function of a card (attribute -> value) when `cond` is fixed: it
    reads the card bound to `var` only by its attributes (``cardatt``) and its scores by
    maps of `tables` (`_tables`), compared with literals and arithmetic on them, under
    ``and``/``or``/``not``, and reads it at all; None otherwise."""
    reads = [False]

    def text(n: A.Node):
        if isinstance(n, A.NameLit):
            return lambda _c, s=n.value: s
        if (attr := _attr_read(n, var)) is not None:
            reads[0] = True
            return lambda c, k=attr: c.get(k, "")
        return None

    def number(n: A.Node):
        k = _constant(n)
        if k is not None:
            return lambda _c: k
        if (
            isinstance(n, A.ScoreCard)
            and isinstance(n.card, A.Var)
            and n.card.name == var
            and isinstance(n.points, A.PointStorage)
            and isinstance(n.points.name, A.NameLit)
            and n.points.name.value in tables
        ):
            reads[0] = True
            entries = tables[n.points.name.value]
            return lambda c: sum(p for conds, p in entries if all(c.get(a) == v for a, v in conds))
        if isinstance(n, A.Arith) and n.op in _ARITH:
            a, b, op = number(n.a), number(n.b), _ARITH[n.op]
            return None if a is None or b is None else (lambda c: op(a(c), b(c)))
        return None

    def test(n: A.Node):
        if isinstance(n, A.StrCmp | A.IntCmp) and n.op in A.COMPARE:
            side = text if isinstance(n, A.StrCmp) else number
            a, b, op = side(n.a), side(n.b), A.COMPARE[n.op]
            return None if a is None or b is None else (lambda c: op(a(c), b(c)))
        return _logic(n, test)

    fn = test(cond)
    return fn if fn is not None and reads[0] else None


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
    """A move that takes cards out of places: where from, the fixed tests of the filters
    on the way (`_card_test`), the choice item it is in (None: scripted), and the filter
    when the move plays the cards of ``(filter H 'V T)``, T fixed, bound directly."""

    def __init__(self, move, places, tests, item, choice, direct):
        self.move = move
        self.places: set[Place] | None = places
        self.tests: list[Callable[[dict[str, str]], bool]] = tests
        self.item = item
        self.choice = choice
        self.direct: A.Filter | None = direct

    def lets_out(self, card: dict[str, str]) -> bool:
        return all(f(card) for f in self.tests)


def _fixed_tests(coll: A.Node, tables: dict) -> list[Callable[[dict[str, str]], bool]]:
    """The fixed tests (`_card_test`) of the filters wrapped around `coll`."""
    out = []
    while isinstance(coll, A.Filter):
        t = _card_test(coll.cond, coll.var.name, tables)
        if t is not None:
            out.append(t)
        coll = coll.coll
    return out


def _takes(game: A.Game, tables: dict | None = None) -> list[_Take]:
    """Every ``move`` of the game with where its cards come from (`_Take`)."""
    tables = _tables(game) if tables is None else tables
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
                    and _card_test(coll.cond, coll.var.name, tables) is not None
                ):
                    direct = coll
                src = coll
            out.append(_Take(n, _places(src), _fixed_tests(src, tables), item, choice, direct))
        for c in n.children():
            go(c, env, item, choice)

    go(game, {}, None, None)
    return out


def _guarded(item: A.Node) -> bool:
    return any(n.GUARDS for n in A.walk(item))


def _cards(game: A.Game) -> list[Card] | None:
    """The kinds of card the decks make (`deadflow.game_cards`, each once), or None when
    that cannot be read from the rules."""
    cards = game_cards(game)
    if cards is None:
        return None
    return sorted({tuple(sorted(c.items())) for c in cards})


def held_back(lock: _Take, takes: list[_Take], cards: list[Card]) -> tuple[set, set, bool]:
    """For a move `lock` of a hand's cards through a fixed filter (``lock.direct``): (the
    kinds of card its test refuses, those of them no other move of the game lets out
    (`_Take.lets_out`; the ``otherwise`` items of its own choice aside), whether such an
    ``otherwise`` lets out one of those)."""
    f = lock.direct
    assert f is not None and isinstance(f.coll, A.Location)
    refused = {c for c in cards if not lock.tests[0](dict(c))}
    hand = (f.coll.vis.value, f.coll.name.value)
    others = [t for t in takes if t is not lock and (t.places is None or hand in t.places)]
    ways_out = [t for t in others if isinstance(t.item, A.Otherwise) and t.choice is lock.choice]
    held = set(refused)
    for t in others:
        if t not in ways_out:
            held = {c for c in held if not t.lets_out(dict(c))}
    fallback = any(t.lets_out(dict(c)) for t in ways_out for c in held)
    return refused, held, fallback


def _described(f: A.Filter, held: set[Card], cards: list[Card]) -> str:
    """The held cards for a reader: "a card whose SUIT is CLUBS" when they are every card
    of some values of the one attribute the test reads, else a count and examples."""
    got = _attr_test(f.cond, f.var.name)
    if got is not None:
        attr = got[0]
        vals = {dict(c).get(attr, "") for c in held}
        if held == {c for c in cards if dict(c).get(attr, "") in vals}:
            return f"a card whose {attr} is {', '.join(sorted(vals))}"
    shown = ["/".join(v for _k, v in c) for c in sorted(held)[:4]]
    more = ", ..." if len(held) > 4 else ""
    return f"{len(held)} of the {len(cards)} kinds of card ({', '.join(shown)}{more})"


def locked_values(game: A.Game) -> list[Defect]:
    """Fixed filters on a hand that leave some cards of the deck let out by nothing but
    the choice's ``otherwise``, or by nothing at all (module docstring)."""
    cards = _cards(game)
    if not cards:
        return []
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
        refused, held, fallback = held_back(lock, takes, cards)
        if not held or len(refused) == len(cards):
            continue  # nothing held back, or a filter no card passes (another matter)
        seen.add(id(f))
        how = (
            "only through the choice's otherwise, when the hand holds nothing else this item allows"
            if fallback
            else "by no rule: they are never played"
        )
        out.append(
            Defect(
                where(f),
                f"this way to play never offers {_described(f, held, cards)}, whatever is "
                f"played, and those cards leave {f.coll.name.value} {how}",
            )
        )
    return out


#: The share of the kinds of card a fixed filter must pass for its pile-blind play to be
#: named by `free_plays` (between CARDSTOCK Crazy Eights' eights, 4/52, and 39/52).
FREE_SHARE = 0.5


def _tests(item: A.Node) -> list[A.Node]:
    """Every test of a choice item: its guards' and ``ensure``s' conditions and its
    filters' tests."""
    return [
        n.cond
        for n in A.walk(item)
        if n.GUARDS or isinstance(n, A.Filter)  # both keep their test in ``cond``
    ]


def _reads_rule(tests: list[A.Node], place: Place) -> bool:
    """Whether some test reads `place` (by visibility and name) or any storage: what a
    pile's rule is made of (its top card, the suit to follow)."""
    for t in tests:
        for n in A.walk(t):
            if isinstance(n, A.IntStorage | A.StrStorage):
                return True
            if n.NAMED == "place" and _places(n) in ({place}, None):
                return True
    return False


def free_plays(game: A.Game) -> list[Defect]:
    """A way to play that lays most cards on a pile its sibling tests, without the test
    (the pile's rule gone; module docstring): an unguarded choice item (not an
    ``otherwise``) playing a hand's cards through a fixed filter that passes at least
    `FREE_SHARE` of the kinds of card, onto a place P none of its tests reads (neither P
    nor any storage), in a choice where another item plays onto P under a test that
    reads P or a storage."""
    cards = _cards(game)
    if not cards:
        return []
    takes = _takes(game)
    out, seen = [], set()
    for t in takes:
        f = t.direct
        if f is None or t.item is None or isinstance(t.item, A.Otherwise) or _guarded(t.item):
            continue
        passed = sum(1 for c in cards if t.tests[0](dict(c)))
        if passed < FREE_SHARE * len(cards) or id(f) in seen:
            continue
        for pile in sorted(_places(t.move.dst) or ()):
            if _reads_rule(_tests(t.item), pile):
                continue
            ruled = [
                u
                for u in takes
                if u.choice is t.choice
                and u.item is not t.item
                and pile in (_places(u.move.dst) or ())
                and _reads_rule(_tests(u.item), pile)
            ]
            if ruled:
                seen.add(id(f))
                out.append(
                    Defect(
                        where(f),
                        f"this way to play lays any of {passed} of the {len(cards)} kinds of "
                        f"card on {pile[1]} without a test of it, where the play at "
                        f"{where(ruled[0].item)} tests {pile[1]} or what its plays set: "
                        "the pile's rule is gone for most cards",
                    )
                )
                break
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(locked_values, game) + named(free_plays, game)


def _logic(n: A.Node, build: Callable[[A.Node], Callable | None]) -> Callable | None:
    """A ``not`` or ``and``/``or`` of tests `build` makes a function of, as one function;
    None for any other node or when a part cannot be built."""
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
