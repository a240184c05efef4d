"""A chain of equal attributes that skips one of the cards it should link: a defect of the
`soundness` component, read from the rules alone (round 58, campaign inv-30's rank 6).

A rule over a poker-like hand binds its cards one by one, several ``any`` over the same
collection ('A, then 'B, 'C, 'D, 'E of the hand), and tests "all of one suit" as a
conjunction of pairwise equalities, ``(and (== (cardatt SUIT 'A) (cardatt SUIT 'B)) ...)``.
Our Pokereights seed keeps a straight flush out of its straights that way, chaining A..E,
beside a flush option that forms five cards of one suit. An edit that drops one link
(campaign inv-30's rank 6, round 58: the guard chains A..D and leaves out E) refuses
every straight whose first four cards share a suit, whatever the fifth: such a hand is no
flush (the flush option beside it still asks for five of one suit) and is no longer a
straight, so it cannot be played at all. Its blind reader named it; the judge did not.

**The test.** In an ``and``, the equalities ``(== (cardatt X 'U) (cardatt X 'V))`` of one
attribute X between card variables make a graph; each connected part linking k >= 3
variables (2 links or more) is a chain. It is named when all of these hold:

1. each linked variable is bound by an ``any`` enclosing the ``and`` (a card the rule
   picks), all over one collection up to ``filter``s (the hand, or a filter of it);
2. exactly one other card variable is bound beside them the same way (an ``any`` over that
   collection enclosing the ``and``, inside the same choice item): the chain covers
   n - 1 of the n cards the rule picks;
3. the same choice item or a sibling item links n cards by X: another chain of n or more,
   or a ``partition`` by X whose group is narrowed to n cards (``(== (size 'S) n)`` or
   ``(>= (size 'G) n)`` in that item). Without it a short chain may be meant (three of a
   kind and a kicker: the kicker is bound beside the three and left out on purpose).

The measure is a count per file of the chains meeting 1-3 (0 or more); the defect is any.
Only ``cardatt`` equalities are read (an attribute compared through ``score`` or a storage
is not a chain here). Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
tests/fitness/test_chains.py): 0. The only real ``and`` of two or more such equalities is
the seed's straight-flush guard itself, which links all five (2 fails); every other real
equality of a card's attribute compares one bound card with a pile's top, not two bound
cards (docs/judge.md, round 58 s58g).
"""

from __future__ import annotations

from evogame.fitness.marks import _BINDERS, _ancestors
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where


def _links(conj: A.BoolOp) -> dict[str, list[tuple[str, str]]]:
    """The ``and``'s equalities of one attribute between two card variables, by attribute:
    (attribute text) -> [(variable, variable), ...]."""
    out: dict[str, list[tuple[str, str]]] = {}
    for e in conj.args:
        if not (isinstance(e, A.StrCmp) and e.op is A.CmpOp.EQ):
            continue
        a, b = e.a, e.b
        if not (isinstance(a, A.CardAtt) and isinstance(b, A.CardAtt)):
            continue
        if not (isinstance(a.card, A.Var) and isinstance(b.card, A.Var)):
            continue
        attr = to_line(a.attr)
        if attr == to_line(b.attr) and a.card.name != b.card.name:
            out.setdefault(attr, []).append((a.card.name, b.card.name))
    return out


def _parts(edges: list[tuple[str, str]]) -> list[set[str]]:
    """The connected parts of the graph `edges` (union of linked pairs)."""
    parts: list[set[str]] = []
    for u, v in edges:
        hit = [p for p in parts if u in p or v in p]
        merged = {u, v}.union(*hit)
        parts = [p for p in parts if p not in hit] + [merged]
    return parts


def _chains(scope: A.Node) -> list[tuple[A.BoolOp, str, set[str]]]:
    """Every chain under `scope`: (the ``and``, attribute, variables linked), k >= 3."""
    out = []
    for n in A.walk(scope):
        if isinstance(n, A.BoolOp) and n.op is A.BoolOpKind.AND:
            for attr, edges in _links(n).items():
                out += [(n, attr, p) for p in _parts(edges) if len(p) >= 3]
    return out


def _base(coll: A.Node) -> str:
    """A collection's text with its ``filter``s stripped (the hand of a filter of it)."""
    while isinstance(coll, A.Filter):
        coll = coll.coll
    return to_line(coll)


def _item(chain: list[A.Node]) -> tuple[A.Choice, A.Node] | None:
    """The choice and its item a node lies in (the nearest), given its ancestors."""
    for below, n in zip([None, *chain], chain, strict=False):
        if isinstance(n, A.Choice) and below is not None:
            return n, below
    return None


def _picks(chain: list[A.Node], stop: A.Node | None) -> dict[str, A.Node]:
    """The card variables picked by an ``any`` among `chain` (ancestors, nearest first)
    below `stop`, by name (the nearest binding of a name wins), with their binder."""
    out: dict[str, A.Node] = {}
    for n in chain:
        if n is stop:
            break
        if isinstance(n, _BINDERS) and n.var.name not in out:
            out[n.var.name] = n
    return {
        x: b
        for x, b in out.items()
        if isinstance(b, A.AggAction | A.AggBool)
        and b.quant is A.Quant.ANY
        and b.var.ty is A.Ty.CARD
    }


def _groups(scope: A.Node, attr: str, n: int) -> bool:
    """Whether `scope` (a choice item) forms n cards of one `attr`: a ``partition`` by it
    and a size test ``== n`` or ``>= n`` of a bound group."""
    nodes = list(A.walk(scope))
    split = any(
        isinstance(x, A.Partition | A.PartitionAll) and to_line(x.attr) == attr for x in nodes
    )
    if not split:
        return False
    for x in nodes:
        if not (isinstance(x, A.IntCmp) and x.op in (A.CmpOp.EQ, A.CmpOp.GE)):
            continue
        if isinstance(x.a, A.Size) and isinstance(x.b, A.IntLit) and x.b.value == n:
            return True  # (== (size 'S) n) or (>= (size 'G) n)
        flipped = x.op is A.CmpOp.EQ and isinstance(x.b, A.Size)
        if flipped and isinstance(x.a, A.IntLit) and x.a.value == n:
            return True  # (== n (size 'S))
    return False


def _cover(items: tuple[A.Node, ...], attr: str, n: int) -> A.Node | None:
    """The first of `items` (an item and its siblings) that links n cards by `attr`."""
    for item in items:
        if any(a == attr and len(p) >= n for _, a, p in _chains(item)):
            return item
        if _groups(item, attr, n):
            return item
    return None


def short_chains(game: A.Game) -> list[Defect]:
    """Each chain of equal attributes that skips one card picked beside it (docstring)."""
    up = A.game_parents(game)
    out = []
    for conj, attr, linked in _chains(game):
        chain = _ancestors(conj, up)
        at = _item(chain)
        picks = _picks(chain, at[0] if at else None)
        if not linked <= picks.keys():
            continue  # condition 1: a linked card is not one the rule picks
        bases = {_base(picks[x].coll) for x in linked}
        if len(bases) != 1:
            continue
        peers = {x for x, b in picks.items() if _base(b.coll) in bases}
        left = peers - linked
        if len(left) != 1:
            continue  # condition 2
        items = at[0].items if at else (game,)
        cover = _cover(items, attr, len(peers))
        if cover is None:
            continue  # condition 3
        out.append(_defect(conj, attr, linked, left.pop(), picks, cover))
    return out


def _defect(conj, attr: str, linked: set[str], x: str, picks, cover: A.Node) -> Defect:
    names = ", ".join(f"'{v}" for v in sorted(linked))
    return Defect(
        where(conj),
        f"this test links the {attr} of {names} but not of '{x}, picked beside them from "
        f"{_base(picks[x].coll)}: it asks {len(linked)} of the {len(linked) + 1} cards "
        f"for one {attr}, while the option at {where(cover)} links all {len(linked) + 1}",
    )


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(short_chains, game)
