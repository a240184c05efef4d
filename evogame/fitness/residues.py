r"""Cards a round leaves behind: a defect of the `soundness` component, read from the rules
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

**A deck the deal never reaches** (`spare_decks`; ablate-31's rank 4, whose team line
became a second deck into the stock, "a second deck created but never dealt", issue 35
item 3's dead cards): a place of the game's that decks are created in, C cards in all
(`contradictions._created`), whose every take (a move from it, or of a card bound over
it) is a *deal*: an unguarded ``(move (top|bottom X) (... 'P's place))`` under nothing
but ``do``\s and ``all`` loops over the players or over a ``(range A..B)`` of numbers
(declared constants and arithmetic on them), D cards a deal (the loops' counts
multiplied, summed over the takes), and

1. the deals are all before the first stage (they run once), or there is one deal, in a
   stage whose body also gathers cards back into X (a ``repeat all`` move into it): each
   deal starts from the gathered pile;
2. C - D is at least the largest deck created in X;
3. X is shuffled (by some rule): which cards stay changes from deal to deal. A pile dealt
   in the order its decks were made leaves the same decks every time, which `undealt`
   drops before the evaluation (GOPS's third bidding suit at two players).

Then a whole deck's worth of cards stays in X at every deal and never comes into play:
the deck is created for nothing, and its copies only make ties (104 cards, 52 dealt).
`stranded.unseen` leaves it (a whole deck left is `undealt`'s there, but `undealt` drops
a deck only when the game without it plays the same, and two decks pooled in one pile
never do), as it leaves a deal inside the play. Margins (the 95 real files,
/work/runs-archive/s59d/spare_decks_margin.txt): 16 piles are taken from by deals alone;
9 leave cards, all fewer than their largest deck but one: Agram's stock leaves 5 to 23 of
35 (a deck of 32), Enchère's cash 4 of 40, Knaves' and Kuhn Poker's one card (2 fails);
GOPS's bidding suits at two players leave a whole suit, in the order made (3 fails).
Every other pile is drawn from in play (1 fails). None named.
"""

from __future__ import annotations

from evogame.fitness.contradictions import _created, _deck_cards
from evogame.fitness.liveness import _loc, move_flows
from evogame.fitness.soundness import Defect, declared_numbers, number, where
from evogame.lang import ast as A
from evogame.lang.arith import div, mod

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
    moves = move_flows(game)
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
    """One defect per round that leaves cards of its own behind, and per pile whose deal
    leaves a whole deck behind."""
    return spare_deck_defects(game) + [
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


def _value(node: A.Node, declared: dict[str, int]) -> int | None:
    """An integer of literals, declared constants and arithmetic on them; None otherwise."""
    if isinstance(node, A.Arith):
        a, b = _value(node.a, declared), _value(node.b, declared)
        if a is None or b is None:
            return None
        ops = {
            A.ArithOp.ADD: lambda: a + b,
            A.ArithOp.SUB: lambda: a - b,
            A.ArithOp.MUL: lambda: a * b,
            A.ArithOp.DIV: lambda: div(a, b),
            A.ArithOp.MOD: lambda: mod(a, b),
        }
        return ops[node.op]() if node.op in ops else None
    return number(node, declared)


def _dealt(
    move: A.Node, up: dict[int, tuple[A.Node, str, int]], players: int, declared: dict[str, int]
) -> tuple[int, A.Node] | None:
    r"""(cards it moves, the node its loops hang from) when `move` is a deal (module
    docstring): an unguarded single-card move into a player's place under ``do``\s and
    counted ``all`` loops only; None otherwise."""
    if not isinstance(move, A.Move) or not isinstance(move.src, (A.Top, A.Bottom)):
        return None
    if not any(
        isinstance(n, A.Location) and not isinstance(n.owner, A.GameRef) for n in A.walk(move.dst)
    ):
        return None
    count, node = 1, move
    while id(node) in up:
        parent = up[id(node)][0]
        if isinstance(parent, A.AggAction) and isinstance(parent.coll, A.AllPlayers):
            count *= players
        elif isinstance(parent, A.AggAction) and isinstance(parent.coll, A.Range):
            lo, hi = _value(parent.coll.lo, declared), _value(parent.coll.hi, declared)
            if lo is None or hi is None:
                return None
            count *= max(0, hi - lo + 1)
        elif isinstance(parent, A.Repeat):
            times = _value(parent.count, declared)
            if times is None:
                return None
            count *= max(0, times)
        elif isinstance(parent, (A.Stage, A.Game)):
            return count, node  # a rule of its own: the loops above are all counted
        elif not isinstance(parent, A.Do):
            return None  # a guard, a choice, a loop of no fixed count: not a deal
        node = parent
    return None


def spare_decks(game: A.Game) -> list[tuple[A.Node, str, int, int, int]]:
    """(the first deal's move, X's name, C, D, the largest deck) for each place of the
    module docstring's `spare_decks` rule."""
    declared = declared_numbers(game)
    created = _created(game, declared)
    players = _value(game.setup.players.count, declared)
    if not created or players is None:
        return []
    moves = move_flows(game)
    nodes = {id(n): n for n in A.walk(game) if n.PUTS is not None}
    up = A.game_parents(game)
    first_stage = next((i for i, b in enumerate(game.body) if isinstance(b, A.Stage)), None)
    before = {id(n) for b in game.body[:first_stage] for n in A.walk(b)} | {
        id(n) for n in A.walk(game.setup)
    }
    out = []
    for name, cards in created.items():
        made = [
            d
            for d in A.walk(game)
            if isinstance(d, A.CreateDeck)
            and isinstance(d.loc, A.Location)
            and _loc(d.loc)[2] == name
        ]
        keys = {_loc(d.loc) for d in made}
        if len(keys) != 1 or not next(iter(keys))[0]:
            continue  # one place of the game's, not a name shared with players' places
        key, decks = keys.pop(), [d.deck for d in made]
        takes = [nodes[m] for m, (src, _) in moves.items() if key in src and m in nodes]
        deals = [(t, _dealt(t, up, players, declared)) for t in takes]
        if not deals or any(d is None for _, d in deals):
            continue
        if not all(id(t) in before for t, _ in deals):
            if len(deals) != 1:
                continue
            stage = _stage_of(deals[0][0], up)
            if stage is None or not any(
                isinstance(r, A.RepeatAll)
                and id(r.action) in nodes
                and key in moves[id(r.action)][1]
                for r in A.walk(stage)
            ):
                continue
        if not any(isinstance(n, A.Shuffle) and key in _keys(n.loc) for n in A.walk(game)):
            continue  # dealt in the order made: the same decks stay, `undealt`'s to drop
        dealt = sum(d[0] for _, d in deals)
        largest = max(_deck_cards(d) for d in decks)
        if cards - dealt >= largest:
            out.append((deals[0][0], name, cards, dealt, largest))
    return out


def _keys(node: A.Node) -> set[Key]:
    """The places `node` names (`liveness._loc`)."""
    return {_loc(n) for n in A.walk(node) if isinstance(n, A.Location)}


def _stage_of(node: A.Node, up: dict[int, tuple[A.Node, str, int]]) -> A.Stage | None:
    """The innermost stage holding `node`."""
    while id(node) in up:
        node = up[id(node)][0]
        if isinstance(node, A.Stage):
            return node
    return None


def spare_deck_defects(game: A.Game) -> list[Defect]:
    """One defect per pile whose deal leaves a whole deck behind."""
    return [
        Defect(
            where(move),
            f"{cards} cards are created in {name} and its deal takes {dealt}; nothing else "
            f"takes from it: {cards - dealt} cards, a whole deck's worth ({largest}), stay "
            "there at every deal and never come into play",
        )
        for move, name, cards, dealt, largest in spare_decks(game)
    ]


def play_deals(game: A.Game) -> list[A.Move]:
    """Deals inside the play: a move of the top (or bottom) card of a pile of the game's
    into a player's place under ``do``\\s and counted loops only (`_dealt`), one of them a
    ``(range A..B)``, hanging from a stage's body (round 58's Whist new kind 2 deals 12 to
    each player before every trick, from a stock the first deal left 4 cards in). Those
    before the first stage are `soundness.emptied_deals`' own."""
    declared = declared_numbers(game)
    players = _value(game.setup.players.count, declared)
    if players is None:
        return []
    up = A.game_parents(game)
    out = []
    for m in A.walk(game):
        if not (isinstance(m, A.Move) and isinstance(m.src, (A.Top, A.Bottom))):
            continue
        loc = m.src.coll
        if not (isinstance(loc, A.Location) and isinstance(loc.owner, A.GameRef)):
            continue
        if _dealt(m, up, players, declared) is None:
            continue
        chain, node = [], m
        while id(node) in up and not isinstance(node, (A.Stage, A.Game)):
            node = up[id(node)][0]
            chain.append(node)
        if isinstance(node, A.Stage) and any(
            isinstance(c, A.AggAction) and isinstance(c.coll, A.Range) for c in chain
        ):
            out.append(m)
    return out
