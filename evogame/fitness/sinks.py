"""An end that needs every card in some places, while the play sends cards to a pile they
never leave: a defect of the `soundness` component, read from the rules alone (round 56,
campaign inv-24's rank 1).

A stage runs until its end test holds, and a game ends only when its stages do. Go Fish
ends when the books hold the whole deck, ``(== (size (union (all player 'P ('P vloc
BOOKS)))) 52)``. Campaign inv-24's rank 1
(/work/runs-archive/s56/rebest/inv-24/best/01-3a183c65464db1c2.rcy) sends the books of
the turn's last check (a player who draws the fourth card of a rank while every opponent's
hand is empty) to ``((current player) vloc TAKEN)`` instead, a pile no rule takes cards out
of: once a book lands there, the books can never hold 52 cards and the game runs to the
engine's cap ("BOOKS can never reach 52, so `until ... BOOKS is 52` never holds and the
game never ends", blind reader r56a, 4 against Go Fish's 6). Random play rarely reaches
that rule, so termination does not see it; the judge preferred the file to its seed
(0.802 against 0.778 under ``thorough``, seed 1000020).

**The test.** Let L be the names of the places a count reads: ``(size C)``, C made only
of places, ``union``/``intersect``/``disjunction``, ``filter`` and ``sort``, or a sum of
such counts over different names (each is at most the number of cards lying in places
named in L, whoever owns them and whatever their visibility or index). Let origins(X) be
the places cards are created in from which moves lead to a place named in X (the moves'
graph by name, `contradictions._reach`: a superset), and

    most(L) = sum over c in origins(L) of the cards created in c      (cards)

every ``create deck`` of the setup times the fixed repeats around it (a game that creates
cards a number of times not fixed, or into a computed place, is not judged): no more
cards than that can ever lie in L. For a stage whose end test requires the count to reach
most(L) (the test itself, or a conjunct of an ``and``: ``(== COUNT k)``, ``(>= COUNT
k)``, ``(> COUNT k-1)`` or the same written the other way round, k = most(L); k a
literal, arithmetic on literals or a declared constant):

    sinks(stage) = moves inside the stage putting cards into a place named S, with S not
                   in L, no ``move`` of the game taking cards out of any place named S,
                   and origins(the move's sources) not empty and within origins(L)
    named  <=>  sinks(stage) is not empty                              (one per move)

The card moved into S is one of the most(L) (it was created where L's cards come from),
and it never leaves S: L holds at most most(L) - 1 cards from then on, the end can never
hold, and the game ends only by the engine's cap. When the whole deck can reach L (Go
Fish's BOOKS), most(L) is every card the game creates. A move's sources are the places its
card expression names and those the collections its ``any``/``all``/``let`` variables are
bound to name (`soundness._moves_with_sources`, owner expressions too: a superset); a game
with a move whose sources are unknown, a place of a computed name, or a ``remember`` into a
place of L is not judged. An end that asks L for more than most(L) is
`contradictions.impossible_sizes`'. The rule may be one play seldom reaches (the campaign
file's): it is still a way for the game never to end, which its designer did not mean; a
rule no play can reach is a defect of its own.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds;
tests/fitness/test_sinks.py::test_no_real_game_has_one; /work/runs-archive/s56f/
survey_real.txt): one has an end that needs most(L) cards, Go Fish (BOOKS, 52 cards; four
files' move graphs are not judged: Coloretto4, GolfSix2, GolfSix4, LostCities2), whose play moves cards only into
BOOKS and HAND, and cards are taken from HAND: 0 moves into a sink, the largest number on
any real file (none named). Of 738 campaign files in best/ folders (rounds 48-56;
best_named.txt) it names 11, all Go Fish with a book or an empty hand's draw sent to a pile
no rule takes from (docs/judge.md, round 56, s56f). CPU: 1.0 ms a file over the 95 real
files (load about 13 on 2 cores).
"""

from __future__ import annotations

from evogame.fitness.contradictions import _created, _reach
from evogame.fitness.soundness import Defect, _moves_with_sources, _name, declared_numbers, named
from evogame.fitness.soundness import number as _number
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: Collections whose size is at most the number of cards in the places they name.
_WITHIN = (A.Filter, A.Sort)


def counted_places(coll: A.Node) -> set[str] | None:
    """The names of the places whose cards a ``(size coll)`` counts at most: `coll` made
    of places (literal names), set operations (``union``, ``intersect``, ``disjunction``,
    over parts or over ``(all PLAYERS 'P CARDS)``), ``filter`` and ``sort``; None for any
    other collection (a partition, tuples, a bound variable: its size is no count of cards)."""
    if isinstance(coll, A.Location):
        return {coll.name.value} if isinstance(coll.name, A.NameLit) else None
    if isinstance(coll, A.SetOp):
        parts = [counted_places(p) for p in coll.parts]
        return None if any(p is None for p in parts) else set().union(*parts)
    if isinstance(coll, A.SetOpAll):
        sets = coll.sets
        if isinstance(sets, A.AggCards) and isinstance(sets.coll, (A.AllPlayers, A.OtherPlayers)):
            return counted_places(sets.cards)
        return None
    if isinstance(coll, _WITHIN):
        return counted_places(coll.coll)
    return None


def count_places(count: A.Node) -> set[str] | None:
    """The names of the places whose cards an integer `count` is at most the number of: a
    ``(size C)`` (`counted_places`) or a sum of such counts over places of different
    names (a place counted twice could reach a total with half its cards); None for
    anything else."""
    if isinstance(count, A.Size):
        return counted_places(count.coll)
    if isinstance(count, A.Arith) and count.op is A.ArithOp.ADD:
        a, b = count_places(count.a), count_places(count.b)
        return None if a is None or b is None or a & b else a | b
    return None


def _asks(test: A.Node, declared: dict[str, int]) -> list[tuple[set[str], A.CmpOp, int]]:
    """A comparison of a count of cards (`count_places`) with a number, read with the
    count on the left: (the places counted, the operator, the number); none for another
    test."""
    if not isinstance(test, A.IntCmp):
        return []
    out = []
    for count, num, op in ((test.a, test.b, test.op), (test.b, test.a, _flip(test.op))):
        n = _number(num, declared)
        if n is not None and (places := count_places(count)):
            out.append((places, op, n))
    return out


def _needs_all(op: A.CmpOp, n: int, most: int) -> bool:
    """Whether ``(op COUNT n)`` holds only when COUNT is `most`, the most it can be."""
    return (op in (A.CmpOp.EQ, A.CmpOp.GE) and n == most) or (op is A.CmpOp.GT and n == most - 1)


def _flip(op: A.CmpOp) -> A.CmpOp:
    """The comparison with its operands swapped (``a < b`` is ``b > a``)."""
    return {
        A.CmpOp.LT: A.CmpOp.GT,
        A.CmpOp.GT: A.CmpOp.LT,
        A.CmpOp.LE: A.CmpOp.GE,
        A.CmpOp.GE: A.CmpOp.LE,
    }.get(op, op)


def _origins(into: dict[str, set[str]], created: dict[str, int], names) -> set[str]:
    """The places cards are created in from which moves lead to some place of `names`
    (`contradictions._reach`'s graph, by name), `names`' own among them."""
    seen, todo = set(names), list(names)
    while todo:
        for src in into.get(todo.pop(), ()):
            if src not in seen:
                seen.add(src)
                todo.append(src)
    return seen & set(created)


def cards_reach(
    game: A.Game,
) -> tuple[dict[str, int], dict[str, int], dict[str, set[str]]] | None:
    """What `sunk_ends` and `stranded.filled_ends` read of where cards can go: (the
    declared numbers, the cards created by origin, `contradictions._reach`'s graph), or
    None for a game with a place of a computed name, no created cards or an unknown
    move graph."""
    if any(
        isinstance(n, (A.Location, A.Indexed)) and not isinstance(n.name, A.NameLit)
        for n in A.walk(game)
    ):
        return None
    declared = declared_numbers(game)
    created, into = _created(game, declared), _reach(game)
    if not created or into is None:
        return None
    return declared, created, into


def sunk_ends(game: A.Game) -> list[Defect]:
    """Moves inside a stage whose end needs every card that can reach places L in L, into a
    place outside L no move ever takes a card from, of cards that could reach L (module
    docstring): after one such move the end can never hold."""
    reach = cards_reach(game)
    if reach is None:
        return []
    declared, created, into = reach
    moves: list[tuple[A.Move, frozenset, bool]] = []
    _moves_with_sources(game, {}, (), moves)
    if any(not src for _, src, _ in moves):
        return []  # a move whose cards come from places unknown: any place may be a source
    sources = {id(m): {k[1] for k in src if k[0] == "loc"} for m, src, _ in moves}
    taken = set().union(*sources.values())
    remembered = {
        k[1]
        for r in A.walk(game)
        if isinstance(r, A.Remember)
        for n in A.walk(r.dst)
        if (k := _name(n)) is not None and k[0] == "loc"
    }
    out, seen = [], set()
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for test in A.bool_parts(stage.end, A.BoolOpKind.AND):
            for places, op, n in _asks(test, declared):
                origins = _origins(into, created, places)
                most = sum(created[c] for c in origins)
                if places & remembered or not _needs_all(op, n, most):
                    continue
                for m in A.walk(stage):
                    if not isinstance(m, A.Move) or id(m) in seen:
                        continue
                    dst = next((x for x in A.walk(m.dst) if x.NAMED == "place"), None)
                    if dst is None or (k := _name(dst)) is None:
                        continue
                    if k[1] in places or k[1] in taken:
                        continue
                    came = _origins(into, created, sources[id(m)])
                    if not came or not came <= origins:
                        continue  # cards that could never have reached L
                    seen.add(id(m))
                    out.append(
                        Defect(
                            where(m),
                            f"cards go to {k[1]}, which no rule takes cards out of, while the "
                            f"stage ends only when {', '.join(sorted(places))} hold all {most} "
                            f"cards that can reach them ({to_text(test)}): after one such "
                            "move the end can never hold, and the game runs to the cap",
                        )
                    )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(sunk_ends, game)
