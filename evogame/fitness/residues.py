"""Cards a round leaves behind: a defect of the `soundness` component, read from the rules
alone (round 59, issue 35; campaign ablate-31's Whist rank 4 and new kind 2, whose trick
ends when every player has played two cards, its blind reader 1 against the seed's 7:
"PLAYED is 2: each player plays two cards to a trick and one stays").

A trick is a stage that ends when every player has played (``(all player 'P (== (size ('P
vloc PLAYED)) 1))``); the rules after it take the played cards away, one per player,
``(all player 'P (move (top ('P vloc PLAYED)) (top (game vloc DISCARD))))``. An edit of
the end's 1 to 2 keeps the clearing at one card: the first trick takes two cards of each
player and clears one, so every later trick starts with a card of each player already in
PLAYED, ends after one card more each, and is judged with the old cards in it; the
lead (offered when every PLAYED is empty) is never offered again.

**The rule** (`kept_plays`): a stage S, an item of the body of a stage P, whose end asks
every player's place X (``(all player 'P (OP (size ('P vis X)) K))``, OP ``==`` or
``>=``, K a number of at least 2, a literal or a declared constant) to hold K cards, when

1. every move that puts cards into X (any owner) is inside S: the round is what fills X;
2. every move that takes cards out of X (its source X, or a card bound over X) is an
   item after S in P's body, unguarded, of the form ``(all player 'Q (move (top|bottom
   ('Q vis X)) DST))``: one card of each player's X per move, m such moves in all;
3. 1 <= m < K.

Then K - m cards of each player's X stay after every round: from the second round on the
round ends after m cards each, and its tests read the old cards with the new.

**Margins.** Real rounds that fill a place to K >= 2 clear it otherwise: Hearts' pass of
three (``>= 'PASS``) is emptied card by card in a stage of its own (2 fails); Bottle
Imp's hands of 8 or 9 are played from in the play (1 fails). Measured on the 95 real
files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/test_residues.py): none named.
"""

from __future__ import annotations

from evogame.fitness.liveness import _loc, _moves
from evogame.fitness.soundness import Defect, declared_numbers, number, where
from evogame.lang import ast as A

#: The place's identity, owners aside, as `liveness._loc` gives it.
Key = tuple[bool, str, str]


def _filled(end: A.Node, declared: dict[str, int]) -> list[tuple[Key, int, A.Node]]:
    """(X, K, the test) for each ``(all player 'P (OP (size ('P vis X)) K))`` in a stage's
    end, OP ``==`` or ``>=``, K >= 2."""
    out = []
    for agg in A.walk(end):
        if not (
            isinstance(agg, A.AggBool)
            and agg.quant is A.Quant.ALL
            and isinstance(agg.coll, A.AllPlayers)
        ):
            continue
        cmp = agg.cond
        if not (isinstance(cmp, A.IntCmp) and cmp.op in (A.CmpOp.EQ, A.CmpOp.GE)):
            continue
        size, k = cmp.a, number(cmp.b, declared)
        if not (isinstance(size, A.Size) and isinstance(size.coll, A.Location)) or k is None:
            continue
        loc = size.coll
        if isinstance(loc.owner, A.Var) and loc.owner.name == agg.var.name and k >= 2:
            out.append((_loc(loc), k, cmp))
    return out


def _one_each(item: A.Node, key: Key) -> A.Node | None:
    """The move when `item` is ``(all player 'Q (move (top|bottom ('Q vis X)) DST))``
    with X `key`: one card of each player's X; None otherwise."""
    if not (isinstance(item, A.AggAction) and isinstance(item.coll, A.AllPlayers)):
        return None
    move = item.body
    if not isinstance(move, A.Move) or not isinstance(move.src, (A.Top, A.Bottom)):
        return None
    loc = move.src.coll
    if not isinstance(loc, A.Location) or _loc(loc) != key:
        return None
    if not (isinstance(loc.owner, A.Var) and loc.owner.name == item.var.name):
        return None
    return move


def _items(node: A.Node) -> list[A.Node]:
    """A stage body item's statements: a ``do``'s items (nested ``do``s flattened), or the
    item itself."""
    if isinstance(node, A.Do):
        return [s for i in node.items for s in _items(i)]
    return [node]


def kept_plays(game: A.Game) -> list[tuple[A.Node, Key, int, int]]:
    """(the end's test, X, K, m) for each round of the module docstring's rule."""
    declared = declared_numbers(game)
    moves: dict[int, tuple[frozenset, frozenset]] = {}
    _moves(game, {}, moves)
    nodes = {id(n): n for n in A.walk(game) if n.PUTS is not None}
    out = []
    for parent in A.walk(game):
        if not isinstance(parent, A.Stage):
            continue
        for i, stage in enumerate(parent.body):
            if not isinstance(stage, A.Stage):
                continue
            inside = {id(n) for n in A.walk(stage)}
            for key, k, cmp in _filled(stage.end, declared):
                puts = [m for m, (_, dst) in moves.items() if key in dst]
                takes = [m for m, (src, _) in moves.items() if key in src]
                if not puts or not all(m in inside for m in puts):
                    continue
                each = [
                    mv
                    for later in parent.body[i + 1 :]
                    for s in _items(later)
                    if (mv := _one_each(s, key)) is not None
                ]
                if {id(mv) for mv in each} != set(takes) or not all(t in nodes for t in takes):
                    continue
                if 1 <= len(each) < k:
                    out.append((cmp, key, k, len(each)))
    return out


def defects(game: A.Game) -> list[Defect]:
    """One defect per round that leaves cards of its own behind."""
    return [
        Defect(
            where(cmp),
            f"this round ends when every player holds {k} cards in {key[2]}, but after it "
            f"the rules take only {_cards(m)} of each player's out: {_cards(k - m)} "
            f"{'stays' if k - m == 1 else 'stay'}, so from the second round on it ends "
            f"after {_cards(m)} more each, judged with the old ones still in it",
        )
        for cmp, key, k, m in kept_plays(game)
    ]


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
