"""Counts that cannot be what was meant: defects of the `soundness` component, read from
the rules alone (round 61, s61d, issue 35).

A campaign's Scopa (round 60, ablate-34's new kind 1; its blind reader 3.5 against the
seed's 7; the judge named nothing) had, among other edits, the SETTE worth 0 in the table
captures add up by, COINS listed twice in the primiera's sum over the suits, and the
game won by the *least* points while every point is a prize. Three checks, each general:

- **a card worth nothing in a sum that must match** (`zero_terms`): a point table whose
  sums (``sum ... using T``) a rule compares with ``==`` or ``!=``, whose one-condition
  literal entries of one attribute (at least `ZERO_ENTRIES`) rate exactly one value 0
  and every other value 1 or more, the value rated by no other entry of the table. A 0
  adds nothing to a sum: a card of that value rides along with any set that adds up to
  a number, and a capture or match *by* it asks for a set worth 0 (only the empty set).
  A 0 in a table only summed (Golf's King, a penalty-free card) or ordered is a rule,
  and is left to the other checks;
- **a name listed twice where it is counted** (`twice_counted`): a literal collection
  ``(A, B, A)`` that lists a name twice, iterated by a ``sumof`` (the member's term is
  added twice) or by an ``all``/``any`` action (its action runs, or is offered, twice). Listed twice
  under ``maxof``, ``minof``, a test or a ``filter`` it changes nothing and is left alone;
- **a prize for the most in a game won by the least** (`misere_prizes`): the scoring is
  ``min`` of a player's storage X, and a rule adds to X (``inc`` by a positive number)
  when the player's count beats every other player's, ``(all player 'Q (or (== 'Q 'P)
  (> A('P) A('Q))))``: a prize for holding the most of something, which in a game won by
  the least is a penalty for it. Real misère games raise the score by what a player
  takes (Hearts' penalty cards summed, Crazy Eights' cards left), never by a "most"
  contest; a "most" prize is what a game won by the most awards.

Measured (/work/runs-archive/s61d/): on the 95 real files (CARDSTOCK's 73, our 22 seeds)
none is named; the tables whose sums are compared with ``==``/``!=`` there are Hearts'
(1, 13; two entries), Poker's suit tables (one 1, three 0s: not "every other positive")
and Scopa's (1-10), none with a lone 0; no real literal collection lists a name twice;
no real game won by the least has a "most" prize. Of the 80 best/ files of rounds 57-60
the campaign file above is the only one named, by all three.
"""

from __future__ import annotations

from evogame.fitness.prizes import _storage_name
from evogame.fitness.soundness import Defect, literal_entries, named
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: One-condition entries of one attribute a table needs before a lone 0 among positive
#: worths is a slip (as `soundness.OUTLIER_ENTRIES`: a short table is a rule of its own).
ZERO_ENTRIES = 4

_MATCH = (A.CmpOp.EQ, A.CmpOp.NE)
_ORDERS = (A.CmpOp.GT, A.CmpOp.GE, A.CmpOp.LT, A.CmpOp.LE)


def matched_tables(game: A.Game) -> set[str]:
    """The point tables (as texts) whose sums a rule compares with ``==`` or ``!=``."""
    return {
        to_text(n.points)
        for c in A.walk(game)
        if isinstance(c, A.IntCmp) and c.op in _MATCH
        for n in A.walk(c)
        if isinstance(n, A.SumPoints)
    }


def zero_terms(game: A.Game) -> list[Defect]:
    """A card worth 0 in a table whose sums must match (static; module docstring): of at
    least `ZERO_ENTRIES` one-condition literal entries of one attribute, exactly one
    worth 0 and the rest >= 1 (literal points: RECYCLE has no negative literal), its value in no other entry of the table."""
    tables = matched_tables(game)
    out = []
    for attr, entries in literal_entries(game, tables):
        zeros = [a for v, a in entries if v == 0]
        if len(entries) < ZERO_ENTRIES or len(zeros) != 1:
            continue
        (award,) = zeros
        value = award.conds[0].value.value
        table = next(n for n in A.walk(game) if isinstance(n, A.InitPoints) and award in n.awards)
        named_again = [
            a
            for a in table.awards
            if a is not award and any(to_text(s.value) == value for s in a.conds)
        ]
        if named_again:
            continue  # the card is worth what its other entries add: not a lone 0
        out.append(
            Defect(
                where(award),
                f"{attr} {value} is worth 0 in {to_text(table.target)}, whose sums a rule "
                f"compares with == or !=, where every other {attr} is worth 1 or more: a 0 "
                f"adds nothing to a sum, so a {value} rides along with any set that adds "
                "up, and one matched by it must be worth 0",
            )
        )
    return out


def twice_counted(game: A.Game) -> list[Defect]:
    """A name listed twice in a literal collection that a ``sumof`` adds over or an
    ``all``/``any`` action runs over (static; module docstring)."""
    ups = A.game_parents(game)
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.StrCollection):
            continue
        names = [to_text(x) for x in n.names]
        twice = sorted({x for x in names if names.count(x) > 1})
        up = ups.get(id(n))
        if not twice or up is None or up[1] != "coll":
            continue
        parent = up[0]
        if isinstance(parent, A.AggInt) and parent.agg is A.AggIntKind.SUM:
            what = "its term is added twice"
        elif isinstance(parent, A.AggAction):
            what = "its action runs (or is offered) twice"
        else:
            continue
        out.append(
            Defect(
                where(n),
                f"this list names {', '.join(twice)} twice, and the rule that goes over "
                f"it counts each member: {what}",
            )
        )
    return out


def _beats_all(cond: A.Node, who: str) -> str | None:
    """The text of the count A when `cond` holds ``(all player 'Q ... (> A('P) A('Q)))``
    (or ``<`` read the other way, ``>=`` too) for the player variable `who` ('P): the
    player's A beats every other player's. None otherwise."""
    for q in A.walk(cond):
        if not (
            isinstance(q, A.AggBool) and q.quant is A.Quant.ALL and isinstance(q.coll, A.AllPlayers)
        ):
            continue
        other = f"'{q.var.name}"
        for c in A.walk(q.cond):
            if not isinstance(c, A.IntCmp) or c.op not in _ORDERS:
                continue
            hi, lo = (c.a, c.b) if c.op in (A.CmpOp.GT, A.CmpOp.GE) else (c.b, c.a)
            high, low = to_text(hi), to_text(lo)
            if other in low and other not in high and low.replace(other, who) == high:
                return high
    return None


def misere_prizes(game: A.Game) -> list[Defect]:
    """A prize for the most in a game won by the least (static; module docstring): the
    scoring is ``min`` of a player's storage X, and a guarded rule adds a positive number
    to X when the player's count beats every other player's (`_beats_all`). Named once,
    at the scoring (the one rule that reverses them all), listing the counts."""
    if game.scoring.order is not A.Order.MIN or game.scoring.cooperative:
        return []
    scored = {k for n in A.walk(game.scoring) if (k := _storage_name(n))}
    prizes: dict[str, list[str]] = {}
    for g in A.walk(game):
        if not isinstance(g, A.Guarded):
            continue
        for inc in A.walk(g.body):
            k = _storage_name(inc.target) if isinstance(inc, A.IncInt) else None
            if k not in scored or not isinstance(inc.value, A.IntLit) or inc.value.value < 1:
                continue
            count = _beats_all(g.cond, to_text(inc.target.owner))
            if count is not None:
                prizes.setdefault(k, []).append(count)
                break
    return [
        Defect(
            where(game.scoring),
            f"the game is won by the least {k}, and {k} is raised as a prize for the "
            f"player whose {' / '.join(counts)} is the most: a prize for the most is a "
            "penalty here, so players race to hold the fewest",
        )
        for k, counts in prizes.items()
    ]


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [
        *named(zero_terms, game),
        *named(twice_counted, game),
        *named(misere_prizes, game),
    ]
