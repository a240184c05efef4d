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

Round 60 (issue 35) adds two rules for the same lost link, each from a Scopa of round 59
that the judge named nothing in (the blind readers rated both low; the seed got 7-7.5).

**Rule 2** (`ordered_sums`; /work/runs-archive/s59/inv-33/best/new-01-48d76aa6420634dc.rcy,
judge 0.955): the sum test became ``(>= (sum 'S using VALUE) (score 'C using VALUE))``. A
``(filter (subsets COLL) 'S TEST)`` is named when a conjunct of TEST (``and`` flattened)
compares ``(sum 'S using P)`` with X by an order (``>=``, ``>``, ``<=``, ``<``; either way
round) where X does not read 'S and weighs a card bound outside TEST (as in 2 above), and
every ``set`` of P gives literal points (>= 0: RECYCLE has no negative literal), so a
set's sum never shrinks as it grows. A floor: a superset of a passing set passes too, all
of COLL passes whenever any set does, and the played card takes the table. A ceiling
(``<=``: 0.944 at ``evaluate --seed 0``, above the seed's 0.910): any part of a passing
set passes, so a high card takes whichever low cards it likes; in both the equality that
tied the cards taken to the card played is gone. Not named: an order on a constant (a
meld of "at least 10" weighs no card), a map whose points are computed (a sum that may
shrink).

**Rule 3** (`unweighed_picks`; /work/runs-archive/s59/ablate-32/best/01-0868f9cacdb1c69a.rcy,
judge 0.965): the capture test shrank to ``(== (size 'S) 1)``: it weighs no card, so
`unweighed_sets` passes it, yet the game's other rule over the same choices (the lay:
``(all (subsets TABLE) 'S (!= (sum 'S ...) (score 'C ...)))``) still weighs them against the
played card. A ``(filter COLL 'S TEST)`` is named when TEST meets 1 and weighs no card,
and another ``filter``/``any``/``all`` over the same COLL (same text) reads its member
beyond its number and weighs a value X (2 above) whose variables are all bound where the
pick is (by name; not its own member): the card the game weighs those choices against is
at hand, and this pick ignores it. An ``(any (subsets COLL) 'S ACTION)`` with no filter
at all (the capture's filter shrunk to its collection: 0.975 at ``evaluate --seed 0``
with the pass, above the seed's 0.910) is such a pick too; an unfiltered ``any`` over
single cards is not (playing any card while another rule weighs the hand against the
lead is ordinary: 16 such sites in the real and campaign files, none over subsets).
Poker Eights' pair groups are picked by number while a second group is weighed against
``(top 'G)``, the first pick's own member: not at hand at that pick, so not named.

Margins of rules 2 and 3 (/work/runs-archive/s60a/margins.py, margins.txt; the 95 real
files and the 73 best/ files of rounds 57-59): 11 sum tests over subsets (Scopa and its
heirs), all ``==`` but new-01's ``>=``; 28 picks by number, 8 from a collection
weighed elsewhere: Poker Eights' two and 4 in its heirs (weighed only against the pick's
own member), inv-31's (rule 1's) and ablate-32's rank 1, the only one rule 3 names; 3
free picks of any set (Poker Eights' ``(any (subsets 'G) ...)`` and its heirs'), their
sets weighed by no other rule. No CARDSTOCK file has a capture over subsets (its fishing
game, Stealing Bundles, captures by equal rank, one card). CPU of rules 2 and 3 on those
168 parsed files: 0.04 s and 0.18 s.
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


def _conjuncts(cond: A.Node) -> list[A.Node]:
    """The tests every passing member meets: `cond` with its ``and``s flattened."""
    if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND:
        return [c for a in cond.args for c in _conjuncts(a)]
    return [cond]


def _grows(game: A.Game, points: A.Node) -> bool:
    """Whether a sum by the point map `points` grows (weakly) with the set: every
    ``set`` of that map gives each card a literal number, all >= 0 (RECYCLE has no
    negative literals, so a literal is one)."""
    name = to_line(points)
    inits = [n for n in A.walk(game) if isinstance(n, A.InitPoints) and to_line(n.target) == name]
    return bool(inits) and all(
        isinstance(aw, A.Award) and isinstance(aw.value, A.IntLit) for n in inits for aw in n.awards
    )


def _bounded(test: A.Node, member: str) -> tuple[A.SumPoints, bool, A.Node] | None:
    """``(sum, floor, bound)`` when `test` compares ``sum`` with ``bound`` by an order
    (either way round): ``sum`` the total of the member 'member itself, ``bound`` not
    reading it, ``floor`` whether ``sum`` must reach ``bound`` (``>=``, ``>``) rather than
    stay under it (``<=``, ``<``)."""
    if not isinstance(test, A.IntCmp) or test.op in A.EQ_OPS:
        return None
    for total, op, bound in ((test.a, test.op, test.b), (test.b, A.FLIPPED[test.op], test.a)):
        if (
            isinstance(total, A.SumPoints)
            and isinstance(total.coll, A.Var)
            and total.coll.name == member
            and not any(isinstance(v, A.Var) and v.name == member for v in A.walk(bound))
        ):
            return total, op in (A.CmpOp.GE, A.CmpOp.GT), bound
    return None


def ordered_sums(game: A.Game) -> list[Defect]:
    """Each choice among the sets of a place whose total need only reach, or stay under,
    a weighed card's value (module docstring, rule 2)."""
    out = []
    for f in A.walk(game):
        if not isinstance(f, A.Filter) or not isinstance(f.coll, A.Subsets):
            continue
        for test in _conjuncts(f.cond):
            if (found := _bounded(test, f.var.name)) is None:
                continue
            total, floor, bound = found
            if _weighed(bound, f.var.name) is None or not _grows(game, total.points):
                continue
            place, sums = to_line(f.coll.coll), to_line(total)
            out.append(
                Defect(
                    where(f),
                    f"this test takes sets of {place} whose total is at least a card's: "
                    f"{to_line(test)}; a larger set only adds to {sums}, so all of {place} "
                    "passes whenever any set does"
                    if floor
                    else f"this test takes sets of {place} whose total is at most a card's: "
                    f"{to_line(test)}; a smaller set only lowers {sums}, so any part of a "
                    "passing set passes too: the cards taken need not match the card",
                )
            )
            break
    return out


def _weighs_members(q: A.Node) -> A.Node | None:
    """The value of an outside card that `q` (a ``filter``/``any``/``all`` test) compares
    its members with, when its test reads the member beyond its number; else None."""
    if not isinstance(q, A.Filter | A.AggBool) or _by_count(q.cond, q.var.name):
        return None
    return _weighed(q.cond, q.var.name)


def _bound_at(game: A.Game, node: A.Node) -> set[str]:
    """The variables bound where `node` is: each enclosing ``any``/``all``/``filter``/
    ``let`` whose scope (``BINDS``' last field) holds it."""
    up = A.game_parents(game)
    out = set()
    while (step := up.get(id(node))) is not None:
        parent, field_name, _ = step
        binds = getattr(parent, "BINDS", None)
        if (
            binds
            and field_name == binds[2]
            and isinstance(v := getattr(parent, "var", None), A.Var)
        ):
            out.add(v.name)
        node = parent
    return out


def unweighed_picks(game: A.Game) -> list[Defect]:
    """Each pick by number alone, weighing no card, from a collection whose members
    another rule of the game weighs against a card that is at hand at the pick too
    (module docstring, rule 3)."""
    picks = [
        f
        for f in A.walk(game)
        if (
            isinstance(f, A.Filter)
            and _by_count(f.cond, f.var.name)
            and _weighed(f.cond, f.var.name) is None  # else `unweighed_sets`' defect
        )
        # any set of a place, no test at all (a free pick of one card is ordinary play)
        or (isinstance(f, A.AggAction) and f.quant is A.Quant.ANY and isinstance(f.coll, A.Subsets))
    ]
    if not picks:  # most games: no other rule need be read
        return []
    weighed = [
        (to_line(q.coll), value) for q in A.walk(game) if (value := _weighs_members(q)) is not None
    ]
    out = []
    for f in picks:
        coll = to_line(f.coll)
        at_hand = _bound_at(game, f) - {f.var.name}
        value = next(
            (
                v
                for c, v in weighed
                if c == coll and {x.name for x in A.walk(v) if isinstance(x, A.Var)} <= at_hand
            ),
            None,
        )
        if value is None:
            continue
        out.append(
            Defect(
                where(f),
                (
                    f"this test picks from {coll} by number alone"
                    if isinstance(f, A.Filter)
                    else f"this choice takes any of {coll}, with no test"
                )
                + f", though another rule weighs the same choices against {to_line(value)}: "
                + ("any cards of the right number" if isinstance(f, A.Filter) else "any cards")
                + " are taken, whatever their values",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every set picked by number alone under a test that weighs another card, every set
    taken by a floor or a ceiling on its total, and every pick by number alone from choices the game
    weighs elsewhere."""
    return [*unweighed_sets(game), *ordered_sums(game), *unweighed_picks(game)]
