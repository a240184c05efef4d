"""A deal too short for the rule written after it: a defect of the `soundness` component,
read from the rules alone (issue 35; blind reader r54a on campaign inv-22's rank 5).

Go Fish whose deal of 5 cards each became 1 (inv-22's rank 5: `(declare 5 'HAND)` and the
``range`` loop gone; the judge gave it 0.848 at ``evaluate --seed 0``, above its seed's
0.834) still lays down, right after the deal, "for each group of the player's HAND by
rank: if the number of cards in it is 4, move it to BOOKS": a rule no deal of one card
can ever fire. The reader rated it 3 against the seed's 6 ("one card dealt each"): the
deal is too short for the game's own play, and the rule the designer wrote for the
dealt hand says so on the page.

**The count bound.** In the part of the rules that runs once before the first stage
(`voids._prefix`: the setup's items, then the top-level ``do``s up to the first stage),
in order, each place gets an upper bound on the cards it can hold: 0 at first, no bound
once a deck is created in it or a ``shuffle faro`` feeds it, and each ``move`` (one card
each time it runs) into it adds the number of times it can run,

    runs(move) = product over the loops around it of their passes        (times)

with ``(repeat N ...)`` N passes, ``(all (range LO..HI) ...)`` HI - LO + 1, a loop over
the players (``player``, ``other player``, a ``filter`` of them) the number of players
(or 1 when the loop's player owns the place the move puts into: each player's place gets
one card per pass of the loops outside it), and any other loop (``repeat all``, a loop over
cards or teams) no bound. A place is one identity (`soundness._place`: owner type,
visibility, name), so the bound is per player for a player's place; moves out of it are not
subtracted (the bound stays an upper bound). As in `voids.empty_sources`, a unit (one
action of the setup, or a loop) counts all of its own moves before its tests are judged.

**The defect** (`unmet_counts`): a guard of that part of the rules with a conjunct (the
guard itself or an argument of its ``and``s) that compares the size of a place, of a
``filter`` of it, or of a group bound by a loop over a ``partition`` of it (written
there or bound by a ``let``), with a number (a literal or a declared constant), so that it holds only when that size is
at least k (``(== (size X) k)``, ``(>= (size X) k)``, ``(> (size X) k-1)``, either way
round), while the place's bound (the sum over a partition's parts) is under k:

    need(test) - bound(place) > 0        (cards short; the defect is any)

the test never holds, and the rule it guards never runs. Measured on the 95 real files
(CARDSTOCK's 73 and our 22 seeds; the count bound known in 93 of them, GolfSix2 and
GolfSix4 naming their places by a variable): 4 tests of this kind run before the first
stage, none short. The closest are the three Go Fish files' books looked for at the deal,
4 cards needed of a hand bound to 5 (our go-fish.rcy, CARDSTOCK's GoFish2 and GoFish4:
need - bound = -1, one card spare); the fourth, President's ``(> (size STOCK) 0)``, reads a
place a deck was created in (no bound). Inv-22's rank 5: need - bound = 4 - 1 = 3.

**A last deal short of its siblings** (`remnant_deals`, round 58; campaign ablate-28's
rank 4, a Scopa dealing 7 cards each a round where the seed deals 3, blind reader 5
against the seed's 7, the judge 0.968 against the seed's 0.910). A *repeated deal* is a
move of the top (or bottom) card of a table place into a place of the player a loop over
the players binds, in no choice, every loop around it counted, and the one rule of the
play (the first stage on) that takes from or puts into that table place (`repeated_deals`).
With R the cards the place holds when the first stage starts (exactly: decks created and
moves of the setup, each times the loops around it run, none guarded) and D the cards one
deal takes (the product of the loops' passes),

    named  <=>  R > D  and  R % D != 0        (cards)

the deals take D, D, ..., and the last finds R % D: its hands are short (Scopa's 36 after
the table's 4, dealt 14 a deal: 7, 7, then 4 each) or uneven between seats. `uneven_hands`
does not see it when the deal goes round the seats card by card (4 and 4: spread 0, and a
pile running out is no defect there). Measured on the 95 real files
(/work/runs-archive/s58b/survey_deals.py, survey_deals_real.txt): 4 repeated deals judged,
every one dividing its pile (Scopa 6 of 36, Stealing Bundles 8, 12, 16 of 48; Simon's Cat's
SIMON card, 12 for 4 seats, goes only to the seats with most mess cards, a guard inside the
loop reading other places: not judged); a one-time deal whose pile is then drawn from (Lost Cities' 16 of 50) is not a
repeated deal (two rules take from the pile), nor is a pile refilled in the play (Hearts).

**A deal loop longer than its cap** (`capped_deals`, round 62; campaign ablate-35's rank
3, The Game whose deal guard ``(< (size ('P iloc HAND)) (game sto HANDSIZE))`` became
``(< ... 'NUMP)``, the player count: blind reader 4 against the seed's 6, "hands of 3
where HAND 6 only sets the loop's length"; the judge 0.931). Before the first stage, a
loop of N passes (``repeat N`` or ``all (range LO..HI)``, N a number, declared constants
and arithmetic on them read) whose every action is a move of a top (bottom) card from a
place into another, each guarded by a cap ``(< (size X) B)`` on the place X it puts into
(``<=``, either way round; B a number), loops over the players and ``do``s around them.
A pass deals X a card only while X holds fewer than B, and X only grows in the loop (its
source is another place), so at most B passes deal anything (a pass after the source runs
out deals nothing either):

    named  <=>  B < N        (passes N - B .. N deal nothing; no place gets more than B)

The rules say "deal N rounds" and the hands are B cards. A cap that is a storage the
rules set (the seed's HANDSIZE, set three ways by player count) is not a number and is not
judged. Measured on the 95 real files (`tests/fitness/test_short_deals.py`):
one capped loop, Spite and Malice's refill to 'HAND in the play (N = B = 5, and not before
the first stage); of the 208 best/ files of rounds 57-61, one capped loop has B < N, the
reader's file (N = 8, B = 3), and 14 Spite and Malice refills have N = B.

**A deal of the whole pile** (`whole_deals`, round 60; campaigns inv-30's and ablate-33's
rank 1, Scopas whose deal of 3 cards each a round became a loop of 21 and 34: blind
readers 4 against the seed's 7.5 and 7, the judge 0.949). The same repeated deal, written
inside a stage (a round that runs again, its deal guarded by "every hand is empty"), with

    named  <=>  0 < R <= D        (cards)

takes the whole pile at the first pass: the hands get R / seats cards at once (18 each),
and the re-deal the round is written for never happens. A deal run once (a top-level
``do`` after the stages) is not named. Measured on the 95 real files
(/work/runs-archive/s60b/survey_deals.py, survey_deals_real.txt): the same 4 repeated deals,
the largest share of its pile one deal takes D / R = 16 / 48 = 1/3 (Stealing Bundles at 4
seats, 3 deals); the 11 repeated deals of the 88 campaign files of rounds 57-59 take 6, 14,
26, 42 or 68 of 36, and only the last two (the readers' files) are named.
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.soundness import (
    Defect,
    _constant,
    _place,
    declared_numbers,
    named,
    number,
)
from evogame.fitness.voids import _prefix, _units
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: The player collections a loop may range over: one pass per player at most.
_PLAYERS = (A.AllPlayers, A.OtherPlayers)


def _passes(coll: A.Node, declared: dict[str, int], nplayers: int | None) -> int | None:
    """How many passes a loop over `coll` makes at most; None when unbounded or unknown."""
    if isinstance(coll, _PLAYERS):
        return nplayers
    if isinstance(coll, A.Filter) and isinstance(coll.coll, _PLAYERS):
        return nplayers
    if isinstance(coll, A.Range):
        lo, hi = number(coll.lo, declared), number(coll.hi, declared)
        return None if lo is None or hi is None else max(0, hi - lo + 1)
    return None


class _Bounds:
    """The cards each place can hold at most (module docstring), filled unit by unit."""

    def __init__(self, game: A.Game):
        self.declared = declared_numbers(game)
        self.nplayers = number(game.setup.players.count, self.declared)
        self.bound: dict[tuple, int | None] = {}
        self.known = True  # False once a place is named by an expression

    def get(self, key: tuple) -> int | None:
        return self.bound.get(key, 0)

    def _add(self, key: tuple, runs: int | None) -> None:
        have = self.bound.get(key, 0)
        self.bound[key] = None if have is None or runs is None else have + runs

    def fill(self, node: A.Node, loops: tuple = ()) -> None:
        """Add what `node` puts into places; `loops` the (loop variable's name or None,
        passes) of the loops around it, outermost first."""
        if isinstance(node, A.CreateDeck | A.ShuffleFaro):
            loc = node.loc if isinstance(node, A.CreateDeck) else node.a
            key = _place(loc)
            if key is None:
                self.known = False
            else:
                self.bound[key] = None
            return
        if isinstance(node, A.Move | A.Remember):
            locs = [n for n in A.walk(node.dst) if isinstance(n, A.Location)]
            if len(locs) != 1 or (key := _place(locs[0])) is None:
                self.known = False
                return
            owner = locs[0].owner
            runs: int | None = 1
            for var, passes in loops:
                if var is not None and isinstance(owner, A.Var) and owner.name == var:
                    continue  # each player's own place: one card per pass of the outer loops
                runs = None if runs is None or passes is None else runs * passes
            self._add(key, runs)
            return
        if isinstance(node, A.Repeat):
            self.fill(node.action, (*loops, (None, number(node.count, self.declared))))
            return
        if isinstance(node, A.RepeatAll):
            self.fill(node.action, (*loops, (None, None)))
            return
        if isinstance(node, A.AggAction):
            passes = _passes(node.coll, self.declared, self.nplayers)
            players = isinstance(node.coll, _PLAYERS) or (
                isinstance(node.coll, A.Filter) and isinstance(node.coll.coll, _PLAYERS)
            )
            mine = node.var.name if players else None
            self.fill(node.body, (*loops, (mine, passes)))
            return
        for child in node.children():
            self.fill(child, loops)


def _need(cmp: A.Node, declared: dict[str, int]) -> tuple[A.Size, int] | None:
    """(the size compared, the least count for which `cmp` can hold) when `cmp` compares a
    size with a number so that it holds only from some count k >= 1 on; else None."""
    if not isinstance(cmp, A.IntCmp):
        return None
    op = cmp.op
    if isinstance(cmp.a, A.Size) and (k := number(cmp.b, declared)) is not None:
        size = cmp.a
    elif isinstance(cmp.b, A.Size) and (k := number(cmp.a, declared)) is not None:
        size = cmp.b
        op = A.FLIPPED[op]  # k OP size  is  size FLIP(OP) k
    else:
        return None
    need = {A.CmpOp.EQ: k, A.CmpOp.GE: k, A.CmpOp.GT: k + 1}.get(op)
    return None if need is None or need < 1 else (size, need)


def _places(coll: A.Node, groups: dict[str, list[A.Node]]) -> list[A.Node] | None:
    """The places whose cards `coll` is drawn from (a place, a ``filter`` of one, or a
    group bound by a loop over a ``partition``: `groups`); None otherwise."""
    if isinstance(coll, A.Location):
        return [coll]
    if isinstance(coll, A.Filter):
        return _places(coll.coll, groups)
    if isinstance(coll, A.Var):
        return groups.get(coll.name)
    return None


def _groups(coll: A.Node, groups: dict, partitions: dict) -> list[A.Node] | None:
    """The places a loop over `coll` binds subsets of, when its members are sets of cards
    (the groups of a ``partition``, written there or bound by a ``let``: `partitions`);
    None otherwise."""
    if isinstance(coll, A.Var):
        return partitions.get(coll.name)
    if isinstance(coll, A.Partition):
        out = []
        for part in coll.parts:
            got = _places(part, groups)
            if got is None:
                return None
            out += got
        return out
    return None


def _tests(node: A.Node, groups: dict, partitions: dict, out: list) -> None:
    """Each guard under `node`, with the places the groups its loops bind come from
    (`groups`: a set variable's name -> places; `partitions`: a ``let``'s partition)."""
    if isinstance(node, A.Guarded):
        out.append((node, groups))
    if isinstance(node, A.AggAction | A.AggBool | A.Let):
        coll = node.value if isinstance(node, A.Let) else node.coll
        got = _groups(coll, groups, partitions) if not isinstance(node, A.Let) else None
        inner, parts = dict(groups), dict(partitions)
        inner.pop(node.var.name, None)
        parts.pop(node.var.name, None)
        if got is not None:
            inner[node.var.name] = got
        whole = _groups(coll, groups, partitions) if isinstance(node, A.Let) else None
        if isinstance(coll, A.Partition) and whole is not None:
            parts[node.var.name] = whole
        for child in node.children():
            if child is coll:
                _tests(child, groups, partitions, out)
            else:
                _tests(child, inner, parts, out)
        return
    for child in node.children():
        _tests(child, groups, partitions, out)


def counts(game: A.Game) -> Iterator[tuple[A.Node, A.Size, list[A.Node], int, int]]:
    """Every test judged (module docstring): (the comparison, the size it reads, the places
    the counted cards come from, need, bound), in the order the rules run; none after a
    place named by an expression (any place may then be filled), none of a place with no
    bound."""
    bounds = _Bounds(game)
    for unit in (u for item in _prefix(game) for u in _units(item)):
        bounds.fill(unit)
        if not bounds.known:
            return
        found: list = []
        _tests(unit, {}, {}, found)
        for guard, groups in found:
            for conj in A.bool_parts(guard.cond, A.BoolOpKind.AND):
                got = _need(conj, bounds.declared)
                if got is None:
                    continue
                size, need = got
                places = _places(size.coll, groups)
                if not places or any(_place(p) is None for p in places):
                    continue
                each = [bounds.get(_place(p)) for p in places]
                if all(b is not None for b in each):
                    yield conj, size, places, need, sum(each)


def unmet_counts(game: A.Game) -> list[Defect]:
    """Each guard run before the first stage that asks for more cards in a place (or a
    group or filter of it) than the rules before it can have put there (module
    docstring): it never holds, and its rule never runs."""
    return [
        Defect(
            where(conj),
            f"this asks for {need} cards in {to_text(size.coll)}, drawn from "
            f"{', '.join(to_text(p) for p in places)}, which the rules before it fill with "
            f"at most {held}, {need - held} short: it never holds, and the rule "
            "it guards never runs",
        )
        for conj, size, places, need, held in counts(game)
        if need > held
    ]


def _taken_from(node: A.Node) -> tuple | None:
    """The place a ``move``'s card is taken from when it is the top or bottom card of a
    place named by literals (`_place`); None otherwise."""
    src = node.src
    if isinstance(src, A.Top | A.Bottom):
        return _place(src.coll)
    return None


def _runs(path: list[A.Node], declared: dict[str, int], nplayers: int | None) -> int | None:
    """How many times a rule runs each time the outermost node of `path` (a stage's item
    down to the rule) runs: the product of the passes of the loops on the path; None when
    a loop's passes are unknown (``repeat all``, a loop over cards)."""
    runs = 1
    for node in path:
        if isinstance(node, A.Repeat):
            passes = number(node.count, declared)
        elif isinstance(node, A.RepeatAll):
            passes = None
        elif isinstance(node, A.AggAction):
            passes = _passes(node.coll, declared, nplayers)
        else:
            continue
        if passes is None:
            return None
        runs *= passes
    return runs


def _paths(node: A.Node, path: list[A.Node]) -> Iterator[tuple[A.Node, list[A.Node]]]:
    """Every node under `node` with the nodes from `node` down to it (itself excluded)."""
    yield node, path
    for child in node.children():
        yield from _paths(child, [*path, node])


def _held(game: A.Game) -> dict[tuple, int | None]:
    """The cards each table place holds when the first stage starts (`_prefix`): a deck
    created adds its cards and a move one card, each times the loops around it run
    (`_runs`); None once a guarded or uncounted one, or any other rule (a ``shuffle
    faro``, a card named otherwise than a place's top or bottom), moves cards in or out."""
    from evogame.lang.operands import deck_cards

    declared = declared_numbers(game)
    nplayers = number(game.setup.players.count, declared)
    held: dict[tuple, int | None] = {}

    def add(key: tuple | None, k: int | None) -> None:
        if key is not None and key[0] == "GAME":
            have = held.get(key, 0)
            held[key] = None if have is None or k is None else have + k

    for item in _prefix(game):
        for node, path in _paths(item, []):
            k = None if any(p.GUARDS for p in path) else _runs(path, declared, nplayers)
            if isinstance(node, A.CreateDeck):  # (repeat 9 (create deck ...)): 9 decks
                add(_place(node.loc), None if k is None else k * len(deck_cards(node.deck)))
            elif isinstance(node, A.Move):
                dst = [n for n in A.walk(node.dst) if isinstance(n, A.Location)]
                add(_place(dst[0]) if len(dst) == 1 else None, k)
                src = _taken_from(node)
                if src is None:  # a card named otherwise: any table place it reads may lose it
                    for n in A.walk(node.src):
                        if isinstance(n, A.Location):
                            add(_place(n), None)
                else:
                    add(src, None if k is None else -k)
            elif isinstance(node, A.ShuffleFaro):
                add(_place(node.a), None)
    return held


def repeated_deals(game: A.Game) -> Iterator[tuple[A.Move, int, int]]:
    """Each deal of the play judged by `remnant_deals`: (its move, R the cards its table
    place holds when play starts, D the cards one deal takes). A deal is a move of the
    top or bottom card of a table place into a place of the player a loop over the
    players binds, in no choice, every loop around it counted (`_runs`), no guard inside
    the loops reading anything but that place (`_counts_whole`), and the one rule of the
    play (the first stage on) that takes from or puts into that place."""
    declared = declared_numbers(game)
    nplayers = number(game.setup.players.count, declared)
    held = _held(game)
    first = len(_prefix(game)) - len(game.setup.decks)
    takes: dict[tuple, list] = {}
    spoilt: set[tuple | None] = set()
    for item in game.body[first:]:
        for node, path in _paths(item, []):
            if isinstance(node, A.CreateDeck | A.ShuffleFaro):
                return  # a place filled in the play by a deck: counts unknown
            if node.PUTS is None:
                continue
            spoilt.update(_place(n) for n in A.walk(node.dst) if isinstance(n, A.Location))
            if not isinstance(node, A.Move):
                continue
            src = _taken_from(node)
            if src is None:  # a card named otherwise: it may come from any place it reads
                spoilt.update(_place(n) for n in A.walk(node.src) if isinstance(n, A.Location))
            else:
                takes.setdefault(src, []).append((node, path))
    for key, moves in takes.items():
        have = held.get(key)
        if key in spoilt or have is None or len(moves) != 1:
            continue
        move, path = moves[0]
        if any(isinstance(p, A.Choice) for p in path) or not any(
            isinstance(p, A.AggAction) and _dealt_to(p, move) for p in path
        ):
            continue  # a player's pick, or no deal to every seat
        if not _counts_whole(path, key):
            continue  # a top-up (to a hand size, say): how many a deal takes varies
        deal = _runs(path, declared, nplayers)
        if deal is not None and deal > 0:
            yield move, have, deal


def _counts_whole(path: list[A.Node], key: tuple) -> bool:
    """Whether every guard inside the deal's loops (on `path`, below its outermost loop)
    reads no place but the pile `key` dealt from: then each pass moves a card while the
    pile has one, and a deal takes the loops' product of cards. A guard outside the loops
    decides whether a deal runs, not its size."""
    loops = [i for i, p in enumerate(path) if isinstance(p, A.AggAction | A.Repeat)]
    if not loops:
        return True
    for p in path[loops[0] :]:
        if p.GUARDS:
            for n in A.walk(p.cond):
                if isinstance(n, A.Location) and _place(n) != key:
                    return False
                if n.NAMED == "storage":
                    return False
    return True


def remnant_deals(game: A.Game) -> list[Defect]:
    """A deal repeated in the play (`repeated_deals`) that takes D cards from a table
    place holding R when play starts, with ``R > D`` and ``R % D != 0``: the last deal
    finds ``R % D`` cards, fewer than a deal takes, so its hands are short (or uneven
    between seats). (R <= D: one deal, judged elsewhere; ``R % D == 0``: every deal is
    whole.)"""
    return [
        Defect(
            where(move),
            f"each deal takes {deal} cards from {to_text(move.src.coll)}, which holds "
            f"{have} when play starts: after {have // deal} full deals the last finds "
            f"{have % deal}, so its hands are short or uneven ({deal} does not divide "
            f"{have})",
        )
        for move, have, deal in repeated_deals(game)
        if have > deal and have % deal != 0
    ]


def whole_deals(game: A.Game) -> list[Defect]:
    """A deal repeated in the play (`repeated_deals`), inside a stage (a round that runs
    again), that takes D cards from a table place holding R > 0 when play starts, with
    ``D >= R``: the first deal empties the place, so the re-deal the rules write never
    happens and the hands get the whole pile at once (module docstring, "A deal of the
    whole pile")."""
    staged = {id(n) for s in game.body if isinstance(s, A.Stage) for n in A.walk(s)}
    return [
        Defect(
            where(move),
            f"each deal takes {deal} cards from {to_text(move.src.coll)}, which holds "
            f"{have} when play starts: the first deal takes all {have}, so the deal this "
            "round repeats never comes again and the hands are dealt the whole pile at once",
        )
        for move, have, deal in repeated_deals(game)
        if id(move) in staged and 0 < have <= deal
    ]


def _dealt_to(loop: A.AggAction, move: A.Move) -> bool:
    """Whether `loop` runs over the players and `move` puts its card into a place of the
    loop's player (a deal to every seat)."""
    players = isinstance(loop.coll, _PLAYERS) or (
        isinstance(loop.coll, A.Filter) and isinstance(loop.coll.coll, _PLAYERS)
    )
    return players and any(
        isinstance(n, A.Location) and isinstance(n.owner, A.Var) and n.owner.name == loop.var.name
        for n in A.walk(move.dst)
    )


#: A cap's comparison, read with the size on the left: ``(> B s)`` is ``(< s B)``.
_CAP_TURN = {A.CmpOp.GT: A.CmpOp.LT, A.CmpOp.GE: A.CmpOp.LE, A.CmpOp.LT: A.CmpOp.GT}


def _value(node: A.Node, declared: dict[str, int]) -> int | None:
    """`node` as a number (`number`), arithmetic on declared constants too (``(+ 'HAND
    2)``), as the engine computes it; None for anything else."""
    if isinstance(node, A.Arith):
        a, b = _value(node.a, declared), _value(node.b, declared)
        return (
            None
            if a is None or b is None
            else _constant(A.Arith(node.op, A.IntLit(a), A.IntLit(b)))
        )
    return number(node, declared)


def _cap(c: A.Node, declared: dict[str, int]) -> tuple[A.Node, int] | None:
    """(place, B) when test `c` holds only while the place (named by literals,
    `_place`) holds fewer than B cards: ``(< (size X) B)``, ``(<= (size X) B-1)``, either way round, B a
    number (`number`); else None."""
    if not isinstance(c, A.IntCmp):
        return None
    for s, b, op in ((c.a, c.b, c.op), (c.b, c.a, _CAP_TURN.get(c.op))):
        if isinstance(s, A.Size) and op in (A.CmpOp.LT, A.CmpOp.LE):
            cap = _value(b, declared)
            if cap is not None and _place(s.coll) is not None:
                return s.coll, cap + (op is A.CmpOp.LE)
    return None


def _capped_moves(node: A.Node, declared: dict[str, int]) -> list[tuple[A.Node, int]] | None:
    """The deal a loop body `node` is (module docstring, "A deal loop longer than its
    cap"): every action in it a move, from a place it does not put into, guarded by a
    cap on the place it puts into; loops over the players and ``do``s around them. Each
    as (the cap's test, B); None when the body does anything else."""
    if isinstance(node, A.Do):
        out = []
        for it in node.items:
            got = _capped_moves(it, declared)
            if got is None:
                return None
            out += got
        return out
    if isinstance(node, A.AggAction) and isinstance(node.coll, _PLAYERS):
        return _capped_moves(node.body, declared)
    if not (isinstance(node, A.Guarded) and isinstance(node.body, A.Move)):
        return None
    move = node.body
    if not (isinstance(move.dst, A.Top | A.Bottom) and isinstance(move.src, A.Top | A.Bottom)):
        return None
    src, dst = _place(move.src.coll), _place(move.dst.coll)
    if dst is None or src is None or src == dst:
        return None  # a place dealt from itself (or unknown) may shrink as it is dealt
    caps = [
        (c, got[1])
        for c in A.bool_parts(node.cond, A.BoolOpKind.AND)
        if (got := _cap(c, declared)) is not None and got[0] == move.dst.coll
    ]
    return [min(caps, key=lambda x: x[1])] if caps else None


def capped_deals(game: A.Game) -> list[Defect]:
    """A deal before play written as N passes of a loop (``repeat N`` or ``all (range
    ..)``, N a number) that stops each place it deals into at B < N cards: passes B+1..N
    deal nothing, and the hands are B cards, not the N the loop is written for (module
    docstring, "A deal loop longer than its cap")."""
    declared = declared_numbers(game)
    out = []
    for unit in _prefix(game):
        for loop in A.walk(unit):
            if isinstance(loop, A.Repeat):
                passes, body = _value(loop.count, declared), loop.action
            elif isinstance(loop, A.AggAction) and isinstance(loop.coll, A.Range):
                lo, hi = _value(loop.coll.lo, declared), _value(loop.coll.hi, declared)
                passes = None if lo is None or hi is None else max(0, hi - lo + 1)
                body = loop.body
            else:
                continue
            caps = _capped_moves(body, declared) if passes is not None else None
            if not caps:
                continue
            test, cap = min(caps, key=lambda x: x[1])
            if cap >= passes:
                continue
            idle = f"pass {passes}" if passes == cap + 1 else f"passes {cap + 1}-{passes}"
            out.append(
                Defect(
                    where(loop),
                    f"this deal is written as {passes} passes, but its guard "
                    f"{to_text(test)} stops each place it deals into at {max(cap, 0)} "
                    f"cards: {idle} deal nothing, and no one is dealt more than "
                    f"{max(cap, 0)} cards, though the loop is written for {passes}",
                )
            )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [
        *named(unmet_counts, game),
        *named(remnant_deals, game),
        *named(whole_deals, game),
        *named(capped_deals, game),
    ]
