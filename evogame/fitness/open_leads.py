"""A lead offered beside the follow rule: a defect of the `soundness` component, found in
the rules and confirmed in play.

A trick game makes players follow: a choice item (the **matcher**) offers only the cards
whose attribute A (a suit) equals a string storage S, ``(filter HAND 'C (== (cardatt A
'C) S))``, and another item of that choice (the **writer**, the lead) sets S from the
card it plays. They are meant for different turns: the lead when nobody has played to
the trick, the follow after. When the lead is offered at the follow turns too, a player
who should follow may "lead" any card instead and reset the suit to follow: following
is never enforced. A round-56 campaign's Hearts (its blind reader, r56b, 4 against the
seed's 6-8: "from the second trick anyone may lead mid-trick: follow suit is never
enforced"; the thorough judge 0.962, above Hearts) had its later lead's guard ``(and (>
(game sto TRICKS) 0) (all player 'P (== (size ('P vloc PLAYED)) 0)))`` made an ``or``:
true at every turn from the second trick. No check named it: the guard takes both
values (false in the first trick), so `soundness.choice_guards` is silent, and the lead
does not offer every move the follow item does (no heart before hearts are broken), so
`dominated` is silent too.

**In the rules** (`open_pairs`, static): a pair (matcher, writer) of items of one choice
where

- the matcher's cards are picked by a follow test ``(== (cardatt A 'C) S)`` (A a literal
  name, S a string storage), a conjunct of a filter of its options or of a guard inside
  its ``any`` (a filter inside a guard counts cards, it picks none);
- the writer, another item and no ``otherwise``, sets S and has no follow test of S;
- the writer offers at least `MIN_SHARE` of a deck's cards, by its literal card tests:

      share = max over decks of  prod over its (== (cardatt B 'C) v) of 1/|B|
                               * prod over its (!= (cardatt B 'C) v) of (|B| - 1)/|B|

  (|B| the number of values of B in the deck; any other test may admit every card and
  counts 1): a Crazy Eights eight, ``(== (cardatt RANK 'C) EIGHT)``, names the suit to
  follow at any time, 1/13 of the cards, a special card's power and no open lead;
- no test of one item (its guards, down through the ``any`` loops that list its
  options, but those reading a loop's card) provably excludes one of the other (`exclusive`, sound and syntactic): ``X``
  and ``(not X)``; ``(== E v)`` and ``(!= E v)`` or ``(== E w)``; two comparisons of one
  integer expression with literals whose ranges do not meet (``(== (game sto TRICKS)
  0)``, ``(> (game sto TRICKS) 0)``); ``(all player 'P X)`` and ``(any player 'Q Y)`` over
  one collection with X and Y exclusive of one member; an ``and`` when a part is, an
  ``or`` when every part is.

**In play** (`sampled_shares`): the rules cannot tell a lead offered at the follow turns
from a follow item offered at the lead (a random mutant of Hearts guards its follow item
with ``(any player 'P (!= (size ('P vloc PLAYED)) 1))``: at a lead it offers the last
trick's suit, a copy of leading it, and following stays enforced), nor see that an item
is never offered (a writer guarded by its own hand being empty). So each pair found is
played: `GAMES` random games on the evaluation's deals, `LOOKS` decisions at most. A
position where the matcher offers a move is **applied**; it is **open** when the writer
offers there a move the matcher does not (by what it leads to, `State.outcome_key`). The
defect is named at the writer when applied >= `MIN_APPLIED` and

    open / applied >= MIN_OPEN = 1/2

(at most of the turns where the follow rule applies, a player may escape it), unless a
defect is named already at the matcher or the writer (`dominated` names the follow item
when the lead offers at every turn all it offers and more: counted once).

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
`tests/fitness/test_open_leads.py`): 33 files have a follow rule and an item of its
choice that sets what it follows, 52 pairs: 50 exclusive by their tests (``(== (game str
LEAD) NONE)`` against ``(!= ...)`` in the CARDSTOCK trick games, nobody against somebody
having played in our seeds) and 2 narrow (Crazy Eights' eight, 1/13, and our Hearts' first
lead, the lowest club, 1/4): none is played, none named. Played anyway, exclusivity and
share ignored (deals 100-105), every pair has 0 open positions but the eight's 2 of 12.
Of 1,800 random mutants of the seeds (`tests.conftest.mutant_games`, 300 at seed 0 and
1,500 at seed 1) the rules alone pair 4 (the follow item offered at the lead above, 17
of 65 positions open; a writer guarded by its own empty hand, 0 of 18; two whose follow
rule is never offered, 0 of 0): none named. The variants
(`tests/fitness/open_lead_variants.py`: the campaign's Hearts; Agram with the same
edit; Whist whose lead asks ``any`` player, not ``all``, to have played nothing) are
open in 84-87%, 65-74% and 96-100% of their positions over three sets of six deals; the
Whist one is `dominated`'s and `choice_guards`' already, and counted once. Cost: the
rules' side 0.86 ms CPU a file over the 95 (load about 14 on 2 cores); play only for a
pair found, 0.03-0.09 s CPU a variant.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from evogame.engine.errors import GameError
from evogame.engine.game import CompiledGame
from evogame.engine.state import State
from evogame.fitness.dominated import _pending
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.content import deck_values

#: A writer offering at least this share of a deck's cards is not a special card's power.
MIN_SHARE = 0.5

#: Random games sampled; decisions looked at in all, at most; scripted steps per game.
GAMES, LOOKS, MAX_STEPS = 6, 120, 20_000
#: Positions where the follow rule offered a move, at least, before a pair is judged.
MIN_APPLIED = 4
#: The share of those where the writer offered a move the follow rule refuses, at least.
MIN_OPEN = 0.5

_AND, _OR = A.BoolOpKind.AND, A.BoolOpKind.OR


def _renamed(node: A.Node, old: A.Var, new: A.Var) -> A.Node:
    """`node` with variable `old` replaced by `new` throughout."""
    if node == old:
        return new
    return A.map_tree(node, lambda c, _f: _renamed(c, old, new))


def _literal_side(c: A.Node) -> tuple[A.Node, A.Node] | None:
    """(expression, literal) of a comparison with a literal on one side, else None."""
    lit = A.IntLit | A.NameLit
    if isinstance(c.b, lit) and not isinstance(c.a, lit):
        return c.a, c.b
    if isinstance(c.a, lit) and not isinstance(c.b, lit):
        return c.b, c.a
    return None


def _interval(c: A.IntCmp) -> tuple[A.Node, float, float, bool] | None:
    """An integer comparison with a literal as (expression, low, high, negated): the
    integers it admits are [low, high], or all but that one value when negated (``!=``)."""
    side = _literal_side(c)
    if side is None:
        return None
    expr, lit = side
    op = c.op if expr is c.a else A.FLIPPED[c.op]
    k = lit.value
    inf = float("inf")
    return {
        A.CmpOp.EQ: (expr, k, k, False),
        A.CmpOp.NE: (expr, k, k, True),
        A.CmpOp.LT: (expr, -inf, k - 1, False),
        A.CmpOp.LE: (expr, -inf, k, False),
        A.CmpOp.GT: (expr, k + 1, inf, False),
        A.CmpOp.GE: (expr, k, inf, False),
    }.get(op)


def _atoms_exclusive(a: A.Node, b: A.Node) -> bool:
    """Two tests that are no ``and``/``or`` and cannot both hold (module docstring)."""
    if (isinstance(a, A.Not) and a.arg == b) or (isinstance(b, A.Not) and b.arg == a):
        return True
    if isinstance(a, A.IntCmp) and isinstance(b, A.IntCmp):
        x, y = _interval(a), _interval(b)
        if x is None or y is None or x[0] != y[0]:
            return False
        if x[3] and y[3]:
            return False
        if x[3] or y[3]:  # != k against an interval: exclusive only when it is [k, k]
            lo, hi, k = (y[1], y[2], x[1]) if x[3] else (x[1], x[2], y[1])
            return lo == hi == k
        return x[2] < y[1] or y[2] < x[1]
    if isinstance(a, A.StrCmp) and isinstance(b, A.StrCmp):
        x, y = _literal_side(a), _literal_side(b)
        if x is None or y is None or x[0] != y[0]:
            return False
        if A.CmpOp.NE in (a.op, b.op):
            return a.op is not b.op and x[1] == y[1]
        return x[1] != y[1]
    if isinstance(a, A.AggBool) and isinstance(b, A.AggBool) and a.coll == b.coll:
        if a.quant is b.quant and (a.quant is A.Quant.ANY or not isinstance(a.coll, A.AllPlayers)):
            # two "some member" tests may hold of different members; two "every member"
            # tests both hold of an empty collection (the players are never none)
            return False
        if a.var != b.var and any(n == a.var for n in A.walk(b.cond)):
            return False  # renaming would capture a variable read inside
        # every member X, some (every) member Y: exclusive when X and Y are, of one member
        return exclusive(a.cond, _renamed(b.cond, b.var, a.var))
    return False


def exclusive(a: A.Node, b: A.Node) -> bool:
    """Whether tests `a` and `b` provably never hold together (sound, syntactic; module
    docstring): an ``or`` when each of its parts is exclusive with the other test, an
    ``and`` when one of its parts is."""
    if len(parts := A.bool_parts(a, _OR)) > 1:
        return all(exclusive(p, b) for p in parts)
    if len(parts := A.bool_parts(b, _OR)) > 1:
        return all(exclusive(a, p) for p in parts)
    if len(parts := A.bool_parts(a, _AND)) > 1:
        return any(exclusive(p, b) for p in parts)
    if len(parts := A.bool_parts(b, _AND)) > 1:
        return any(exclusive(a, p) for p in parts)
    return _atoms_exclusive(a, b)


def _offer_tests(item: A.Node) -> Iterator[A.Node]:
    """The tests an item's options all pass: its guards, down through the ``any`` loops
    that list its options, but those reading a loop's member (a test of each card: two
    items' ``(== (cardatt SUIT 'C) HEARTS)`` and ``(!= ...)`` hold of different cards at
    one decision)."""
    bound: set[A.Var] = set()
    while True:
        if isinstance(item, A.Guarded | A.Ensure):
            if isinstance(item, A.Guarded) and not any(n in bound for n in A.walk(item.cond)):
                yield item.cond
            item = item.body
        elif isinstance(item, A.AggAction):
            bound.add(item.var)
            item = item.body
        else:
            return


def _card_tests(item: A.Node) -> list[tuple[A.Var, A.Node]]:
    """The tests that pick an item's cards: each filter's test and each guard inside an
    ``any`` loop, with the variable standing for the card, ``and`` flattened (none read
    inside a guard: ``(== (size (filter HAND 'C ...)) 0)`` picks no card)."""
    tested = {id(t) for g in A.walk(item) if g.GUARDS for t in A.walk(g.cond)}
    out = []
    for n in A.walk(item):
        if id(n) in tested:
            continue  # a filter inside a guard counts cards, it does not pick them
        if isinstance(n, A.Filter | A.AggAction) and isinstance(n.var, A.Var):
            body = n.cond if isinstance(n, A.Filter) else n.body
            while isinstance(body, A.Guarded | A.AggAction | A.Ensure):
                if isinstance(body, A.Guarded):
                    out += [(n.var, p) for p in A.bool_parts(body.cond, _AND)]
                body = body.body
            if isinstance(n, A.Filter):
                out += [(n.var, p) for p in A.bool_parts(n.cond, _AND)]
    return out


def _pinned(var: A.Var, test: A.Node) -> tuple[str, str, bool] | None:
    """(attribute, value, equal) when `test` is ``(== (cardatt B var) v)`` (or ``!=``)
    with B and v literal names, else None."""
    if not (isinstance(test, A.StrCmp) and test.op in (A.CmpOp.EQ, A.CmpOp.NE)):
        return None
    for x, y in ((test.a, test.b), (test.b, test.a)):
        if (
            isinstance(x, A.CardAtt)
            and x.card == var
            and isinstance(x.attr, A.NameLit)
            and isinstance(y, A.NameLit)
        ):
            return x.attr.value, y.value, test.op is A.CmpOp.EQ
    return None


def offered_share(item: A.Node, decks: list[dict[str, set[str]]]) -> float:
    """The largest share, over the decks, of the cards `item`'s literal card tests admit:
    the product over its tests ``(== (cardatt B 'C) v)`` of 1/|values of B| and over
    ``(!= (cardatt B 'C) v)`` of (|values of B| - 1)/|values of B| (v a value of B; a
    test of another kind may admit every card and counts 1)."""
    best = 0.0
    for deck in decks or [{}]:
        share = 1.0
        for var, test in _card_tests(item):
            pin = _pinned(var, test)
            if pin is None:
                continue
            values = deck.get(pin[0], set())
            if not values:
                share = 0.0
                break
            hit = pin[1] in values
            share *= hit / len(values) if pin[2] else (len(values) - hit) / len(values)
        best = max(best, share)
    return best


def _follows(item: A.Node) -> list[tuple[A.CardAtt, A.StrStorage]]:
    """The follow tests that pick `item`'s cards: a card test ``(== (cardatt A 'C) S)``,
    A a literal name and S a string storage, as (the attribute read, S)."""
    out = []
    for var, test in _card_tests(item):
        if not (isinstance(test, A.StrCmp) and test.op is A.CmpOp.EQ):
            continue
        for x, y in ((test.a, test.b), (test.b, test.a)):
            if (
                isinstance(x, A.CardAtt)
                and x.card == var
                and isinstance(x.attr, A.NameLit)
                and isinstance(y, A.StrStorage)
            ):
                out.append((x, y))
    return out


def _writes(item: A.Node, store: A.StrStorage) -> bool:
    """Whether `item` sets string storage `store` (by its text)."""
    return any(isinstance(n, A.SetStr) and n.target == store for n in A.walk(item))


Pair = tuple[A.Node, A.Node, A.CardAtt, A.StrStorage, float]


def _pairs(game: A.Game) -> Iterator[tuple[Pair, str | None]]:
    """Each (matcher, writer, attribute, storage, writer's share) of one choice where the
    matcher's cards must have attribute A equal to S and the writer, another item, sets S,
    with why it is not open (None when it is; module docstring)."""
    decks = deck_values(game)
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for matcher in choice.items:
            for att, store in _follows(matcher):
                for writer in choice.items:
                    if writer is matcher or not _writes(writer, store):
                        continue
                    pair = (matcher, writer, att, store, offered_share(writer, decks))
                    if isinstance(writer, A.Otherwise):
                        yield pair, "otherwise"
                    elif any(s == store for _, s in _follows(writer)):
                        yield pair, "follows"
                    elif pair[4] < MIN_SHARE:
                        yield pair, "narrow"
                    elif any(
                        exclusive(t, u) for t in _offer_tests(matcher) for u in _offer_tests(writer)
                    ):
                        yield pair, "exclusive"
                    else:
                        yield pair, None


def open_pairs(game: A.Game) -> list[Pair]:
    """Each (matcher, writer, attribute, storage, writer's share) of one choice (module
    docstring): the matcher's cards must have attribute A equal to S, the writer sets S,
    offers at least `MIN_SHARE` of a deck's cards and does not itself follow S, and no
    test of one provably excludes a test of the other."""
    return [pair for pair, why in _pairs(game) if why is None]


def near_misses(game: A.Game) -> list[tuple[str, str, str]]:
    """The pairs of a follow rule and an item of its choice that sets what it follows but
    is not open, as (matcher's place, writer's place, why: "otherwise", "follows" (the
    writer follows too), "narrow" (under `MIN_SHARE`), "exclusive" (their tests)); the
    real files' are counted in the tests."""
    return [(where(p[0]), where(p[1]), why) for p, why in _pairs(game) if why is not None]


def _keys(c: State, opts: list) -> frozenset:
    """What the options `opts` listed on the copy `c` lead to (`State.outcome_key`)."""
    c.options = opts
    return frozenset(c.outcome_key(j) for j in range(len(opts)))


def _judge(st: State, items: list, pairs: dict, applied: dict, opened: dict) -> None:
    """At decision `st`, for each open pair (matcher, writer) of its choice whose matcher
    offers a move: count the position, and count it open when the writer offers a move
    the matcher does not (by what it leads to)."""
    at = {id(node): k for k, (node, _) in enumerate(items)}
    here = [key for key in pairs if key[0] in at and key[1] in at]
    if not here:
        return
    c = st.clone()  # listing may try actions on it; the real position stays as it is
    listed: dict[int, list] = {}
    for key in here:
        for k in (at[key[0]], at[key[1]]):
            if k not in listed:
                listed[k] = []
                items[k][1](c, st.env[:], listed[k])
    keys: dict[int, frozenset] = {}
    for m, w in here:
        follow, lead = listed[at[m]], listed[at[w]]
        if not follow:
            continue
        applied[m, w] = applied.get((m, w), 0) + 1
        if not lead:
            continue
        for k in (at[m], at[w]):
            if k not in keys:
                keys[k] = _keys(c, listed[k])
        if keys[at[w]] - keys[at[m]]:
            opened[m, w] = opened.get((m, w), 0) + 1


def sampled_shares(
    game: CompiledGame, seeds: list[int], found: list[Pair] | None = None
) -> list[tuple[Pair, int, int]]:
    """Each open pair (`open_pairs`; or each of `found`) of `game` (a `CompiledGame`) with,
    over random games seeded by `seeds` (at most `GAMES`, `LOOKS` positions in all): the
    positions where its matcher offered a move, and of those the ones where its writer
    offered a move the matcher did not. Nothing is played when there is no pair."""
    found = open_pairs(game.ast) if found is None else found
    if not found:
        return []
    pairs = {(id(p[0]), id(p[1])): p for p in found}
    applied: dict[tuple[int, int], int] = {}
    opened: dict[tuple[int, int], int] = {}
    looks = 0
    for seed in seeds[:GAMES]:
        rng = random.Random(seed)
        try:
            st = game.new_state(seed, max_steps=MAX_STEPS)
            while not st.terminal and looks < LOOKS:
                items = _pending(st)
                if items:
                    _judge(st, items, pairs, applied, opened)
                    looks += 1
                st.apply_action(rng.randrange(st.num_actions()))
        except GameError:
            continue
        if looks >= LOOKS:
            break
    return [(p, applied.get(k, 0), opened.get(k, 0)) for k, p in pairs.items()]


def open_leads(
    game: CompiledGame, seeds: list[int], named: frozenset[str] = frozenset()
) -> list[Defect]:
    """Each writer of an open pair (module docstring) offered, in at least `MIN_OPEN` of
    at least `MIN_APPLIED` sampled positions where its matcher offered a move, a move the
    matcher does not offer: the follow rule is moot there. `game` a `CompiledGame`, one
    random game per seed of `seeds` (at most `GAMES`). Named once per writer; not when
    the matcher's or the writer's place is in `named` (a defect found there already, as
    `dominated` finds a follow rule a lead offered at every turn makes idle)."""
    out, seen = [], set()
    for (matcher, writer, att, store, _share), applied, opened in sampled_shares(game, seeds):
        if (
            id(writer) in seen
            or applied < MIN_APPLIED
            or opened < MIN_OPEN * applied
            or {where(matcher), where(writer)} & named
        ):
            continue
        seen.add(id(writer))
        out.append(
            Defect(
                where(writer),
                f"this option sets {to_text(store)}, which the option at {where(matcher)} "
                f"makes players follow ({att.attr.value}), and in {opened} of the "
                f"{applied} sampled positions where that one offered a card this one was "
                "offered too, with a card it refuses: a player who should follow may take "
                f"it instead, play another {att.attr.value} and change what is followed, so "
                "following is not enforced",
            )
        )
    return out


def defects(
    game: CompiledGame, seeds: list[int], found: frozenset[str] = frozenset()
) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`; `found`: the places of the
    defects named already, `open_leads`)."""
    return named(open_leads, game, seeds, found)
