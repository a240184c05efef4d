"""A turn's refill whose size test misses the empty hand: a defect of the `soundness`
component, read from the rules alone (round 56, campaign inv-25's rank 3).

Go Fish gives a card to a hand the others have asked empty: at the start of a turn,
``((and (== (size ((current player) iloc HAND)) 0) (> (size STOCK) 0)) (move ...))``, then
the asking stage, whose end holds when the hand is empty. An edit of the refill's ``0`` to
``1`` (inv-25's rank 3) leaves a hand once emptied empty for good: the refill never fires
at 0 cards, the asking stage ends at once, and the seat passes every turn while the stock
still holds cards; a hand of one card draws a second for nothing ("an empty hand never
draws, one card draws free", its blind reader, 3/10 against the seed's 5; the judge gave
it 0.855 against the seed's 0.818-0.836 at ``evaluate --seed 0``). Random play does not
show it: in 30 random games (deals 0-29 of the evaluation's first stream) no seat of the
variant, nor of the seed, ever holds an empty hand while the stock has cards (hands grow
as failed asks draw; /work/runs-archive/s56a/stuck_by_play.txt), hence a reading of the
rules.

**The spot.** In a stage S (a turn loop), a *refill* is a move outside every choice and
outside every stage nested in S (a rule of the turn itself) into a seat's place X (its
owner a player), with a guard conjunct that compares ``(size X)`` with a constant. S's
*play stops on an empty X* when S has a choice and every choice in S lies in a stage T
nested in S whose end has a disjunct comparing ``(size X)`` with a constant that holds
at 0 (``(== (size X) 0)``, ``(< (size X) 1)``, ...): with X empty at the start of the
turn, T ends before its first pass and the seat makes no decision in that turn.

**The test.** With a *size test at 0* meaning: every conjunct of a move's guards (its
``and`` parts, through nested guards) that compares ``(size X)`` with a constant holds
when the size is 0 (other conjuncts are taken as satisfiable), S is named at its first
refill R of X when

- R's size test fails at 0 (``(== (size X) k)`` with k >= 1, ``(> (size X) 0)``, ...),
- S's play stops on an empty X,
- cards leave X's place in play (`soundness._emptied`: X can reach 0 cards),
- nothing else can give an empty X a card: every other move into a place of X's name
  and visibility is inside such a T (which an empty X ends at once), or a move of S
  outside them into X itself whose size test also fails at 0 (a move outside S, or into
  the place of another owner, may fill X: nothing is named),
- and no end of S or of a stage around it holds when such a place is empty (a disjunct
  comparing its size with a constant that holds at 0, alone or under ``any player``):
  a game that ends when a hand runs out has no seat left waiting;
- and running out of X is no result: the scoring reads no place of X's name and
  visibility (going out wins, or fewest cards left), and no guard that holds when such a
  place is empty sets a storage the scoring reads (a seat that went out recorded, a
  finishing place): in a game played to a finishing order, a seat out of cards is meant
  to wait.

Then, once play empties X, its owner passes every turn for the rest of the game (or of
S), while the refill meant for that case gives cards only to a hand that has some.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; ``python
bench/refills_near.py``, /work/runs-archive/s56a/real_files.txt): 6 refills of a seat's
place in a stage with a choice, in 2 files (Go Fish, Spite and Malice); 1 is judged (Go
Fish's empty-hand refill, whose test ``== 0`` holds at 0: the largest number of judged
refills failing at 0 in a real file is 0). Go Fish's "with nobody to ask, just draw"
(``> 0``) fails at 0 but is not judged: the empty-hand refill fills an empty hand; Spite
and Malice's turn has play that goes on with an empty hand. So the check names none. It
names inv-25's rank 3 and the variant go-fish-refills-one-card
(tests/fitness/refill_variants.py), and no other of the 653 best/ files under
/work/runs-archive (/work/runs-archive/s56a/best_files.txt). CPU: under 1 ms a file on the real files (load 12 on 2 cores).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from evogame.fitness.soundness import (
    Defect,
    _emptied,
    _guarded_moves,
    _meet,
    _name,
    _names,
    _owner,
    _place,
    declared_numbers,
    named,
    number,
)
from evogame.lang import ast as A
from evogame.lang import to_line
from evogame.lang.printer import where


def _size_test(node: A.Node, declared: dict[str, int]) -> tuple[A.Location, bool] | None:
    """(the place, whether the test holds at 0 cards) when `node` compares the size of a
    literal place with a constant (either side), else None."""
    if not isinstance(node, A.IntCmp):
        return None
    for size, other, flip in ((node.a, node.b, False), (node.b, node.a, True)):
        if isinstance(size, A.Size) and isinstance(size.coll, A.Location):
            k = number(other, declared)
            if k is None or _place(size.coll) is None:
                return None
            at = A.COMPARE[node.op]
            return size.coll, bool(at(k, 0) if flip else at(0, k))
    return None


def _tests_of(conds, x: str, declared: dict[str, int]) -> list[tuple[A.Node, bool]]:
    """The conjuncts of `conds` that compare the size of the place whose text is `x` with
    a constant: (the conjunct, whether it holds at 0)."""
    out = []
    for c in conds:
        for part in A.bool_parts(c, A.BoolOpKind.AND):
            t = _size_test(part, declared)
            if t is not None and to_line(t[0]) == x:
                out.append((part, t[1]))
    return out


def _empty_ends(end: A.Node, declared: dict[str, int]) -> list[A.Location]:
    """The places an end test holds for when they are empty: disjuncts comparing a
    place's size with a constant that hold at 0, alone or under an ``any``."""
    out = []
    for part in A.bool_parts(end, A.BoolOpKind.OR):
        if isinstance(part, A.AggBool) and part.quant is A.Quant.ANY:
            part = part.cond
        t = _size_test(part, declared)
        if t is not None and t[1]:
            out.append(t[0])
    return out


def _kind(loc: A.Location) -> tuple:
    """A place's visibility and name (the same place of every owner)."""
    k = _place(loc)
    return k[1:3] if k is not None else ()


def _stages_in(stage: A.Stage) -> list[A.Stage]:
    """The stages nested in `stage` (not itself)."""
    return [n for b in stage.body for n in A.walk(b) if isinstance(n, A.Stage)]


def _ids(node: A.Node) -> set[int]:
    return {id(n) for n in A.walk(node)}


@dataclass(eq=False)
class Refill:
    """A refill of a seat's place in a turn stage (module docstring): the stage, the move,
    the place, its size tests ((conjunct, holds at 0) pairs) and the stages nested in the
    stage whose end holds when the place is empty."""

    stage: A.Stage
    move: A.Move
    place: A.Location
    tests: list[tuple[A.Node, bool]]
    stops: list[A.Stage]

    @property
    def misses_empty(self) -> bool:
        """Whether its size test fails at 0 cards."""
        return not all(ok for _, ok in self.tests)


def refills(game: A.Game) -> Iterator[tuple[Refill, bool]]:
    """Every refill of a seat's place in a stage that has a choice, with whether the
    stage's play stops on the place empty (every choice of the stage inside a nested
    stage that an empty place ends) and no end around it holds when such a place is
    empty: the refills the check judges are those with True. Nothing when some place is
    named by a computed name."""
    emptied = _emptied(game)
    if emptied is None:
        return
    declared = declared_numbers(game)
    in_choice: set[int] = set()
    for c in A.walk(game):
        if isinstance(c, A.Choice):
            in_choice |= _ids(c)
    stages = [s for s in A.walk(game) if isinstance(s, A.Stage)]
    ids = {id(s): _ids(s) for s in stages}
    played = set().union(*ids.values()) if stages else set()
    moves: list[tuple[A.Move, tuple[A.Node, ...]]] = []
    _guarded_moves(game, (), moves)
    moves = [(m, conds) for m, conds in moves if id(m) in played]  # the deal aside
    for s in stages:
        inner = _stages_in(s)
        inside = set().union(*(ids[id(t)] for t in inner)) if inner else set()
        here = ids[id(s)]
        choices = [c for b in s.body for c in A.walk(b) if isinstance(c, A.Choice)]
        if not choices:
            continue
        around = [t for t in stages if id(s) in ids[id(t)]]  # s and the stages holding it
        for m, conds in moves:
            if id(m) not in here or id(m) in inside or id(m) in in_choice:
                continue
            x = next((p for p in A.walk(m.dst) if isinstance(p, A.Location)), None)
            if x is None or _owner(x) != "PLAYER" or _kind(x) not in emptied:
                continue
            text = to_line(x)
            tests = _tests_of(conds, text, declared)
            if not tests:
                continue
            stops = [
                t for t in inner if any(to_line(p) == text for p in _empty_ends(t.end, declared))
            ]
            judged = all(any(id(c) in ids[id(t)] for t in stops) for c in choices) and not any(
                _kind(p) == _kind(x) for t in around for p in _empty_ends(t.end, declared)
            )
            refill = Refill(s, m, x, tests, stops)
            if judged:
                stopped = set().union(*(ids[id(t)] for t in stops))
                judged = not _filled_when_empty(m, x, moves, here, stopped, declared)
            yield refill, judged and _kind(x) not in _out_kinds(game, declared)


def skipped_refills(game: A.Game) -> list[Defect]:
    """Turn stages whose only refill of a seat's place fails when the place is empty
    while the turn's play stops on an empty place (module docstring): one defect a stage,
    at its first such refill's failing size test."""
    out, named_stages = [], set()
    for r, judged in refills(game):
        if not judged or not r.misses_empty or id(r.stage) in named_stages:
            continue
        named_stages.add(id(r.stage))
        text = to_line(r.place)
        bad = next(part for part, ok in r.tests if not ok)
        out.append(
            Defect(
                where(bad),
                f"this refill of {text} draws only when {to_line(bad)}, never when the place "
                f"is empty, and nothing else gives an empty {text} a card: once play "
                f"empties it, the stage at {where(r.stops[0])} ends at once (its end holds "
                "when the place is empty), so its owner passes every turn while the game "
                "goes on",
            )
        )
    return out


def _out_kinds(game: A.Game, declared: dict[str, int]) -> set[tuple]:
    """The places (visibility, name) whose running out is a result: read by the scoring
    (going out wins, or fewest cards left), or tested empty by a guard whose rule sets a
    storage the scoring reads (a seat out of cards recorded, as a finishing place)."""
    out = {_kind(p) for p in A.walk(game.scoring) if isinstance(p, A.Location)}
    scored = _names(game.scoring)
    for g in A.walk(game):
        if not g.GUARDS:
            continue
        sets = {_name(n.target) for n in A.walk(g.body) if n.STORES is not None} - {None}
        if not _meet(sets, scored):
            continue
        for part in A.bool_parts(g.cond, A.BoolOpKind.AND):
            if isinstance(part, A.AggBool) and part.quant is A.Quant.ANY:
                part = part.cond
            t = _size_test(part, declared)
            if t is not None and t[1]:
                out.add(_kind(t[0]))
    return out


def _filled_when_empty(
    refill: A.Move,
    x: A.Location,
    moves: list[tuple[A.Move, tuple[A.Node, ...]]],
    here: set[int],
    stopped: set[int],
    declared: dict[str, int],
) -> bool:
    """Whether a move other than `refill` may give the place `x` a card while it is empty:
    a move into a place it does not name (a bound collection), into another owner's place
    of `x`'s name and visibility (it runs in other seats' turns too), or into `x` itself
    unless it is inside a stage an empty `x` ends (`stopped`) or is a move of the same
    stage (`here`) whose size test fails at 0."""
    text = to_line(x)
    for m, conds in moves:
        if m is refill:
            continue
        y = next((p for p in A.walk(m.dst) if isinstance(p, A.Location)), None)
        if y is None:
            return True  # a place named by a variable: it may be x
        if _kind(y) != _kind(x):
            continue
        if to_line(y) != text:
            return True  # another owner's place: it may be x's, in another seat's turn
        if id(m) in stopped:
            continue  # an empty x ends its stage before it runs
        if id(m) not in here or all(ok for _, ok in _tests_of(conds, text, declared)):
            return True
    return False


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(skipped_refills, game)
