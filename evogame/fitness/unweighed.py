"""A set of cards picked by its number alone under a test that weighs another card: a
defect of the `soundness` component, read from the rules alone (round 59, issue 35).

Scopa's capture is a ``filter`` over the sets of table cards: the played card 'C takes a
set 'S when ``(== (sum 'S using VALUE) (score 'C using VALUE))`` and either 'S is one card
or no table card has 'C's value. Campaign inv-31's new kind 1 (round 58,
/work/runs-archive/s58/inv-31/best/new-01-df0b8fc4c0026c8b.rcy) lost the sum's conjunct
(``(and SUM (or ONE NOMATCH))`` shrunk to ``(or ONE NOMATCH)``): any card takes any one
table card, or, when no table card has its value, the whole table; a sweep every turn.
Its blind reader: 2 against the seed's 7; the judge gave it 0.969 at ``evaluate --seed
0``, above its seed, and named nothing.

What a designer sees: a test that chooses *which* cards to take from a place, and reads
the value of the card that takes them, yet never reads a value of the cards taken; the
link between the two (the sum, the equal rank) is gone.

**The rule** (`unweighed_sets`). A ``(filter COLL 'S TEST)`` is named when both hold:

1. TEST reads the member 'S only as ``(size 'S)``, or not at all: every subset (or card)
   of COLL of the right number passes, whatever its cards;
2. TEST reads a value, ``(score X using P)`` or ``(cardatt A X)``, of a card X that is
   not the member nor bound inside TEST (a card of an enclosing ``any``, a pile's top):
   the test weighs one card and compares nothing of the set with it.

A pick by number alone with no card weighed (Poker Eights' "any two cards of this rank
group", ``(filter (subsets 'G) 'A (== (size 'A) 2))``: 'G's cards already share a rank)
is not named, nor is a test that reads the member's cards (``sum 'S``, ``all 'S``, a
card's ``cardatt``). Margins on the 95 real files (CARDSTOCK's 73, our 22 seeds) and the
41 best/ files of rounds 57-58 (/work/runs-archive/s59a/margins.txt): 25 filters meet 1
(24 in Poker Eights and two campaign files made from it, each a size pick of a rank or suit group
with no card weighed); the only one meeting 1 and 2 is inv-31's new kind 1.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import to_line, where


def _by_count(cond: A.Node, name: str) -> bool:
    """Whether `cond` reads variable `name` only as ``(size 'name)`` (or never)."""

    def ok(node: A.Node, parent: A.Node | None) -> bool:
        if isinstance(node, A.Var) and node.name == name:
            return isinstance(parent, A.Size)
        return all(ok(c, node) for c in node.children())

    return ok(cond, None)


def _weighed(cond: A.Node, member: str) -> A.Node | None:
    """The first value read in `cond` of a card bound outside it (condition 2), or None."""
    inner = {member} | {
        v.name for n in A.walk(cond) if isinstance(v := getattr(n, "var", None), A.Var)
    }
    for n in A.walk(cond):
        if isinstance(n, A.ScoreCard | A.CardAtt) and not any(
            isinstance(v, A.Var) and v.name in inner for v in A.walk(n.card)
        ):
            return n
    return None


def unweighed_sets(game: A.Game) -> list[Defect]:
    """Each filter whose test picks members by number alone while weighing another card
    (module docstring)."""
    out = []
    for f in A.walk(game):
        if not isinstance(f, A.Filter) or not _by_count(f.cond, f.var.name):
            continue
        if (value := _weighed(f.cond, f.var.name)) is None:
            continue
        out.append(
            Defect(
                where(f),
                f"this test picks from {to_line(f.coll)} by number alone: it reads "
                f"{to_line(value)} but no card of {to_line(f.var)}, so that card takes "
                "any cards of the right number, whatever their values",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every set picked by number alone under a test that weighs another card."""
    return unweighed_sets(game)
