"""A point entry that changes no contest: a defect of the `soundness` component, read from
the rules alone (round 61, issue 35).

A table read only to pick the best or worst card (``max``/``min ... using T``) or to
sort cards (``sort ... using T``) matters through the order it puts cards in, not its
numbers. The engine adds the points of every entry a card meets (`State.scorer`), so an
entry for a combination of values (``((RANK : ACE) (SUIT : (game str LEAD)) 100)``) is a
bonus for the cards it matches. A campaign file made from Agram (s60 ablate-34's new-02)
added that entry beside the seed's ``((SUIT : (game str LEAD)) 100)`` and ``((RANK :
ACE) 11)``: the led ace, 111 already, above every other card (at most 110), becomes 211
and still beats the same cards; the entry decides no trick (its blind reader: "garbled
point table (ACE LEAD 100, ACE 11)", 2.5 against Agram's 5). Its sibling file (rank 1)
wrote the same bonus with ``(RANK : ACE)`` twice, as the only lead entry: the ace ranks
highest without it too.

**The rule** (`idle_entries`): an entry of a table T whose every read is a ``max``,
``min`` or ``sort`` (`order_only_tables`), T's entries all literal points under literal
attribute names, is named when it has two conditions or more, points other than 0, and
for every assignment of the values its table's non-literal conditions ask (a storage
``(A : S)`` takes each value of A the created cards carry: at most `MAX_ASSIGNMENTS`
assignments, else the table is skipped), the created cards (`operands.deck_cards`, each
distinct card once) fall in the same order, ties included, with and without it:

    rank_T(c) = position of points_T(c) among the distinct points of the cards
    idle(e)  <=>  for all assignments: rank_T == rank_{T - e}

One-condition entries are left alone: the lowest rung of a ladder (Agram's ``((RANK :
THREE) 3)``, Hearts' TWO) reorders nothing by design, and writing it is how a ladder is
stated (72 such entries in the 95 real files).

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds): none named; their
order-only tables' entries of two conditions or more are listed with the share of
assignments each reorders in docs/judge.md, "Round 61 (s61c)".
"""

from __future__ import annotations

import itertools

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.operands import deck_cards

#: A table whose non-literal conditions take more value assignments than this is skipped.
MAX_ASSIGNMENTS = 64

_ORDER_READS = (A.Extremum, A.Sort)


def order_only_tables(game: A.Game) -> frozenset[str]:
    """The point tables (as texts) every read of which is a ``max``, ``min`` or ``sort``:
    only their order matters (a sum, a card's score or a run reads their numbers)."""
    reads: dict[str, bool] = {}
    for n in A.walk(game):
        pts = getattr(n, "points", None)
        if isinstance(pts, A.Node) and not isinstance(n, A.InitPoints):
            key = to_text(pts)
            reads[key] = reads.get(key, True) and isinstance(n, _ORDER_READS)
    return frozenset(k for k, only in reads.items() if only)


def _cards(game: A.Game) -> list[dict[str, str]]:
    """Each distinct card the decks create, once."""
    seen: dict[tuple, dict[str, str]] = {}
    for deck in A.walk(game):
        if isinstance(deck, A.Deck):
            for card in deck_cards(deck):
                seen.setdefault(tuple(sorted(card.items())), card)
    return list(seen.values())


def _ranks(points: list[int]) -> list[int]:
    """Each card's place among the distinct points (ties share a place)."""
    place = {p: i for i, p in enumerate(sorted(set(points)))}
    return [place[p] for p in points]


def _assignments(init: A.InitPoints, cards: list[dict[str, str]]) -> list[dict[str, str]] | None:
    """Each assignment of values to the table's non-literal condition values (by text),
    each over the values of its attribute among `cards`; None past `MAX_ASSIGNMENTS`."""
    free: dict[str, set[str]] = {}
    for award in init.awards:
        for c in award.conds:
            if not isinstance(c.value, A.NameLit):
                key = c.key.value
                free.setdefault(to_text(c.value), set()).update(
                    card[key] for card in cards if key in card
                )
    names = sorted(free)
    if any(not free[n] for n in names):
        return None
    size = 1
    for n in names:
        size *= len(free[n])
    if size > MAX_ASSIGNMENTS:
        return None
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(sorted(free[n]) for n in names))
    ]


def _meets(award: A.Award, card: dict[str, str], given: dict[str, str]) -> bool:
    """Whether `card` meets every condition of `award`, non-literal values as `given`."""
    return all(
        card.get(c.key.value)
        == (c.value.value if isinstance(c.value, A.NameLit) else given[to_text(c.value)])
        for c in award.conds
    )


def reorders(
    init: A.InitPoints, cards: list[dict[str, str]]
) -> list[tuple[A.Award, int, int]] | None:
    """Each entry of two conditions or more and points other than 0, with the number of
    assignments under which taking it away changes the cards' order and the number of
    assignments (module docstring); None for a table not judged (points or names not
    literal, too many assignments)."""
    awards = init.awards
    if not all(
        isinstance(a.value, A.IntLit) and all(isinstance(c.key, A.NameLit) for c in a.conds)
        for a in awards
    ):
        return None
    given = _assignments(init, cards)
    if given is None:
        return None
    out = []
    for award in awards:
        if len(award.conds) < 2 or award.value.value == 0:
            continue
        changed = 0
        for g in given:
            full = [sum(a.value.value for a in awards if _meets(a, c, g)) for c in cards]
            less = [
                p - award.value.value * _meets(award, c, g)
                for p, c in zip(full, cards, strict=True)
            ]
            changed += _ranks(full) != _ranks(less)
        out.append((award, changed, len(given)))
    return out


def idle_entries(game: A.Game) -> list[Defect]:
    """Each entry of two conditions or more of an order-only table that changes no card's
    place in the order under any value of what it reads (static; module docstring)."""
    tables = order_only_tables(game)
    if not tables:
        return []
    cards = _cards(game)
    out = []
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints) or to_text(init.target) not in tables:
            continue
        for award, changed, _total in reorders(init, cards) or []:
            if changed:
                continue
            out.append(
                Defect(
                    where(award),
                    f"{to_text(init.target)} only orders cards, and this entry changes no "
                    "card's place in that order: the cards it lifts rank where they would "
                    "without it, so it decides no contest",
                )
            )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(idle_entries, game)
