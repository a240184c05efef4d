"""A test over cards edited into "almost anything goes" beside an alike twin that is
selective (static; issue 35, campaign inv-19's rank 3, round 52).

The Game writes one option per pile, each with a test of the card to lay: a down pile
takes a card below its top, ``(< (score 'C ...) (game sto DOWNA))``, or exactly TRICK
above it, ``(== (score 'C ...) (+ (game sto DOWNA) 'TRICK))``. An edit that turns one
``==`` into ``!=`` makes that pile take every card but one ("one down pile takes almost
anything", a blind reader rated it 2 against the seed's 7). `odd_copies` cannot name it:
the test is a condition with no action, and it stands against one sibling only (the
other down pile: a pair, so which copy is odd?). Here the rules themselves tell which.

**The spot** (`pairs`): a comparison N reading ``!=`` (``IntCmp``, ``StrCmp``) inside the
test of a ``filter`` or of an ``any``/``all`` over cards, with only ``and``/``or`` between
it and the test's root R (no ``not``: N holds where R can), one side of it a card's value
read from the bound card (``(score 'V using P)`` or ``(cardatt A 'V)``, 'V the bound
variable) and the other side free of 'V (one value for every card tried).

**Its twin**: another subtree T of the game, apart from R (neither holds the other), that
R is one edit from (`odd_copies._diff` with its consistent renaming: the same after
renaming, one operator apart), the edit being N's ``!=`` where T reads ``==``.

**Why the rules suffice** (the static form, preferred to counting by play): for one card
tried, ``(!= v x)`` and ``(== v x)`` are each other's negation, so over the cards tried
at one moment their rates of holding add to 1. With the card side taking k values
(`values`: the distinct values of the point map P's awards, or the values of attribute A
over the decks), the ``==`` holds for at most one value's worth of cards, about 1/k of
them, and the ``!=`` for the other (k - 1)/k. So the rate at which the twins' ``==`` /
``!=`` hold when tried is about

    rate(==) ~ 1/k,  rate(!=) ~ 1 - 1/k    (fractions of the cards tried, 0..1)

exactly what a count over random games would estimate, with no game played (a count by
play needs each filter's test evaluated per card, which the evaluation's coverage record
does not keep: it holds only "seen true / seen false" per condition). Two more conditions:

- **an ``or`` on the path** from R to N: one alternative of the test lets through every
  card but one; a lone ``(!= suit LEAD)`` beside ``(== suit LEAD)`` is the usual
  "follow suit / cannot follow" split, written on purpose;
- **k >= `MIN_VALUES`**: the ``!=`` holds for at least (k - 1)/k of the cards, and the
  ``==`` for at most 1/k (the bounds: high 1 - 1/`MIN_VALUES`, low 1/`MIN_VALUES`).

Measured (bench/wide_guards_near.py, /work/runs-archive/s53i/near.txt; static): on the 95
real files (CARDSTOCK's 73, our 22 seeds) 19 ``!=`` in a test over cards have an ``==``
twin, none with an ``or`` on its path; their card sides take k = 4 values (a suit: 18 of
them, the ``!=`` holding for 3/4 of the cards, the ``==`` for 1/4) or are no card value
(1). The closest case: a lead that must not be a heart beside one that must (``!=`` /
``==`` of a suit, no ``or``); a seed's lead ``(or (!= suit HEARTS) ...)`` has the ``or``
and k = 4 but no twin. The bounds sit between: `MIN_VALUES` = 6, the ``!=`` holding for at
least 5/6 of the cards and its twin's ``==`` for at most 1/6 (a die's faces), where The
Game's edited down pile has k = 98 (2-99), 97/98 against 1/98. By play
(bench/wide_guards_play.py, 4 random games, /work/runs-archive/s53i/play-rates.txt) the
edited pile's option offers 0.99 of the hand, its twin 0.32 (0.34-0.46 for each pile in
the seed; the ``<`` alternative they share is most of it). Over the 444 best/ files under
/work/runs-archive it names two games, three files: inv-19's rank 3 (blind reader 2) and
inv-14's new kind (The Game's pile tests in a pairs game, k = 10, ``!=`` beside ``==``;
blind readers 1.5). No game is played: the cost is a walk per ``!=`` in a test over cards
(2 ms a file on average over the 95 real files, under load 24).

**Round 60: a twin inside the ``or``, a test guarding an action.** Campaign inv-33's new
kind 2 (The Game with LAMA's turn spliced after the play; reader 1 against 5) lays "every
card of your hand" on a pile, ``(all HAND 'C ((or (== top C) (!= top (- C 1)) (== C (-
top 6))) (move 'C ...)))``: LAMA's "equal to the top, one above it, or the llama wrap"
with its second alternative edited into ``!=``, so the whole hand goes at once. Three
widenings name it: (1) a spot is also the test of a ``(BOOL ACTION)`` that is the body of
an ``any``/``all`` over cards (`_acting_binder`: it offers or does the action for the cards
the test holds for); (2) the twin may be an alternative of the ``or`` that holds the
``!=`` (`_sibling`): an ``==`` of the same kind comparing a value of the bound card with
one free of it, the ``or`` listing the values a card may equal; (3) the card side may be
shifted, ``(- (score 'C ...) 1)``, keeping its k values. The rates: the ``!=`` holds for
(k - 1)/k of the cards (96/97 there), so the listed ``==`` values decide nothing. By play
(bench/wide_guards_play.py --moved, 20 random games) the dump moves 0.988 of the hand
over 155 options that moved more than one card; LAMA's test as written (three ``==``)
never moves more than one. On the 95 real files no ``!=`` has a sibling twin at any k,
and the acting spots add four pairs (Golf's ``(!= (size ... 'L) 0)``, no card value:
not named); of the 73 best/ files of s57-s59 it names the campaign file only.

**Round 61: "some card is not x", no twin needed** (`some_differs`). Campaign ablate-34's
new kind 1 (Scopa) tests its single-match rule as ``(any TABLE 'T (!= (score 'T ...)
(score 'C ...)))``, the seed's ``all`` ("no table card equals the played card") made
``any``: true unless every table card has the played card's value. The ``!=`` is the
whole test of an ``any`` over cards, so the rules alone say it is wide, twin or not
(k >= `MIN_VALUES` values of the card side). On the 95 real files and 300 children of
the seeds nothing has the shape with a card value; of the 189 best/ files of rounds
57-60 it names the campaign file only (/work/runs-archive/s61d/differs-all.txt).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from evogame.fitness.odd_copies import _diff, _Renaming
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where
from evogame.lang.content import deck_values

#: Least number of values the card side of the comparison takes (k): the ``!=`` then holds
#: for at least 1 - 1/k of the cards tried, its twin's ``==`` for at most 1/k.
MIN_VALUES = 6


def _binder(node: A.Node | None) -> bool:
    """`node` keeps or offers the cards its test holds for (``filter``, ``any``); an
    ``all`` asks every card to pass, and ``(all T 'V (!= ...))`` ("no card equals it",
    Scopa's card that captures nothing) is selective by design."""
    return isinstance(node, A.Filter) or (isinstance(node, A.AggBool) and node.quant is A.Quant.ANY)


def _acting_binder(guard: A.Node | None, parents: dict[int, A.Node]) -> A.Node | None:
    """The ``any``/``all`` over actions whose body is the guarded rule `guard`, ``(any|all
    T 'V (BOOL ACTION))``: it offers (``any``) or does (``all``) ACTION for the cards
    BOOL holds for, a filter of T either way (round 60: The Game's "move every card of
    your hand that passes onto the pile"); None otherwise."""
    up = parents.get(id(guard)) if isinstance(guard, A.Guarded) else None
    return up if isinstance(up, A.AggAction) and up.body is guard else None


@dataclass(frozen=True, slots=True)
class Pair:
    """A ``!=`` in a test over cards (`at`) and an alike subtree (`twin`) one swap from
    the test (`root`) reading ``==`` there; `values` the card side's number of values
    (None when not read from a point map or an attribute), `has_or` whether an ``or``
    stands between the test's root and it, `sibling` whether the twin is an ``==``
    alternative of the ``or`` that holds it (`_sibling`) rather than an alike subtree."""

    at: A.Node
    root: A.Node
    twin: A.Node
    values: int | None
    has_or: bool
    sibling: bool = False


def _parents(game: A.Game) -> dict[int, A.Node]:
    out: dict[int, A.Node] = {}
    for n in A.walk(game):
        for ch in n.children():
            out[id(ch)] = n
    return out


def _mentions(node: A.Node, name: str) -> bool:
    return any(isinstance(n, A.Var) and n.name == name for n in A.walk(node))


def _award_values(game: A.Game) -> dict[str, set[int]]:
    """Per point map name (a literal), the distinct values its awards give (literal
    numbers), over every ``set`` of it."""
    out: dict[str, set[int]] = {}
    for n in A.walk(game):
        if isinstance(n, A.InitPoints) and isinstance(n.target, A.PointStorage):
            name = n.target.name
            if isinstance(name, A.NameLit):
                vals = out.setdefault(name.value, set())
                vals.update(a.value.value for a in n.awards if isinstance(a.value, A.IntLit))
    return out


def values(side: A.Node, var: str, game: A.Game, points=None, attrs=None) -> int | None:
    """How many values the card side `side` of a comparison takes over the cards (the
    bound variable `var`): a card's score by a point map named by a literal (the distinct
    values of its awards), or its value of an attribute named by a literal (over every
    deck of the rules), or such a score shifted, ``(+ s x)``, ``(- s x)``, ``(- x s)``
    with x free of `var` (one value for every card tried: a shift keeps the values
    apart); None for any other expression."""
    if isinstance(side, A.Arith) and side.op in (A.ArithOp.ADD, A.ArithOp.SUB):
        a, b = _mentions(side.a, var), _mentions(side.b, var)
        if a != b:
            return values(side.a if a else side.b, var, game, points, attrs)
        return None
    if isinstance(side, A.ScoreCard) and isinstance(side.card, A.Var) and side.card.name == var:
        p = side.points
        if isinstance(p, A.PointStorage) and isinstance(p.name, A.NameLit):
            points = _award_values(game) if points is None else points
            got = points.get(p.name.value)
            return len(got) if got else None
    card = getattr(side, "card", None)
    if (
        isinstance(side, A.CardAtt)
        and isinstance(card, A.Var)
        and card.name == var
        and isinstance(side.attr, A.NameLit)
    ):
        attrs = deck_values(game) if attrs is None else attrs
        got = set().union(*(d.get(side.attr.value, set()) for d in attrs))
        return len(got) or None
    return None


def _spot(n: A.Node, parents: dict[int, A.Node]) -> tuple[A.Node, A.Node, bool] | None:
    """For a ``!=`` comparison `n`: (the test's root, its binder, whether an ``or`` is on
    the path), when only ``and``/``or`` stand between `n` and the test of a binder."""
    has_or, node = False, n
    while True:
        up = parents.get(id(node))
        if isinstance(up, A.BoolOp):
            has_or |= up.op is A.BoolOpKind.OR
            node = up
            continue
        if _binder(up) and up.cond is node:
            return node, up, has_or
        if isinstance(up, A.Guarded) and up.cond is node:
            acting = _acting_binder(up, parents)
            return (node, acting, has_or) if acting is not None else None
        return None


def pairs(game: A.Game) -> Iterator[Pair]:
    """Every ``!=`` in a test over cards with an alike twin reading ``==`` (module
    docstring), whatever its card side's values and whether or not an ``or`` is on its
    path (a measure: bench/wide_guards_near.py)."""
    nes = [n for n in A.walk(game) if isinstance(n, A.IntCmp | A.StrCmp) and n.op is A.CmpOp.NE]
    if not nes:
        return
    parents = _parents(game)
    nodes = None
    points = attrs = None
    for n in nes:
        got = _spot(n, parents)
        if got is None:
            continue
        root, binder, has_or = got
        var = binder.var.name
        a, b = _mentions(n.a, var), _mentions(n.b, var)
        if a == b:
            continue
        nodes = list(A.walk(game)) if nodes is None else nodes
        inside = {id(x) for x in A.walk(root)}
        for t in nodes:
            if type(t) is not type(root) or t is root or id(t) in inside:
                continue
            if any(x is root for x in A.walk(t)):
                continue
            edits = _diff(root, t, _Renaming())
            if not edits or edits[0].at is not n or edits[0].want != "==":
                continue
            if points is None:
                points, attrs = _award_values(game), deck_values(game)
            k = values(n.a if a else n.b, var, game, points, attrs)
            yield Pair(n, root, t, k, has_or)
            break
        else:
            twin = _sibling(n, var, parents)
            if twin is not None:
                if points is None:
                    points, attrs = _award_values(game), deck_values(game)
                k = values(n.a if a else n.b, var, game, points, attrs)
                yield Pair(n, root, twin, k, True, sibling=True)


def _sibling(n: A.Node, var: str, parents: dict[int, A.Node]) -> A.Node | None:
    """The first other alternative of the ``or`` whose alternative `n` is, that compares
    with ``==`` (of `n`'s kind) a value of the bound card `var` with one free of it: the
    ``or`` lists the values a card may equal, and `n` lets through every card but one
    beside them (round 60, a LAMA play ``(or (== top C) (== top (- C 1)) ...)`` whose
    second alternative an edit turned into ``!=``); None otherwise."""
    up = parents.get(id(n))
    if not isinstance(up, A.BoolOp) or up.op is not A.BoolOpKind.OR:
        return None
    for alt in up.args:
        if alt is n or type(alt) is not type(n) or alt.op is not A.CmpOp.EQ:
            continue
        if _mentions(alt.a, var) != _mentions(alt.b, var):
            return alt
    return None


def wide_guards(game: A.Game) -> list[Defect]:
    """Each ``!=`` of a test over cards that lets through every card but one (an ``or``
    on its path, its card side at least `MIN_VALUES` values) where an alike twin test
    reads ``==`` and lets through one."""
    out = []
    for p in pairs(game):
        if not p.has_or or p.values is None or p.values < MIN_VALUES:
            continue
        line = str(p.twin.span.line) if p.twin.span else where(p.twin)
        if p.sibling:
            out.append(
                Defect(
                    where(p.at),
                    f"this alternative lets through every card but one of {p.values} "
                    f"values, beside an alternative of the same or (line {line}) that "
                    "reads == and lets through one: the test takes almost any card, and "
                    "the values it lists decide nothing",
                )
            )
            continue
        out.append(
            Defect(
                where(p.at),
                f"this test lets through every card but one of {p.values} values where "
                f"its alike twin (line {line}) reads == and lets through one: the option "
                "takes almost any card while its twin is selective",
            )
        )
    return out


def some_differs(game: A.Game) -> list[Defect]:
    """An ``any`` over cards whose whole test is a ``!=`` of the bound card's value (at
    least `MIN_VALUES` values, `values`) against one free of it (static; round 61, s61d):
    "some card whose value is not x" fails only when every card of the collection has
    the one value x, so with two cards or more of k values it holds almost always (for
    n cards each of k values alike, it fails with chance about (1/k)^n). ``(all T 'V (!=
    ...))``, "no card equals it", is the selective form (Scopa's single-match rule: a set
    of several cards captures only when no table card has the played card's value);
    campaign ablate-34's new kind 1 turned its ``all`` into ``any`` (its reader: "the
    single-match rule almost never in force"). Of the 95 real files no ``any`` over cards
    tests a lone ``!=`` of a card value; the nearest, over players, test scores (Hearts'
    ``(any player 'P (!= ('P sto SCORE) 0))``: no card value). Over the best/ files of
    rounds 57-60 one more has the shape with a suit (k = 4, "holds a card off the lead
    suit", Agram's), below `MIN_VALUES`."""
    out = []
    points = attrs = None
    for q in A.walk(game):
        if not (isinstance(q, A.AggBool) and q.quant is A.Quant.ANY):
            continue
        n = q.cond
        if not isinstance(n, A.IntCmp | A.StrCmp) or n.op is not A.CmpOp.NE:
            continue
        var = q.var.name
        a, b = _mentions(n.a, var), _mentions(n.b, var)
        if a == b:
            continue
        if points is None:
            points, attrs = _award_values(game), deck_values(game)
        k = values(n.a if a else n.b, var, game, points, attrs)
        if k is None or k < MIN_VALUES:
            continue
        out.append(
            Defect(
                where(q),
                f"this test asks for some card whose value (of {k}) is not the other "
                "side's: it fails only when every card there has that one value, so it "
                'holds almost always ("no card equals it" is an all)',
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [*named(wide_guards, game), *named(some_differs, game)]
