"""Dealt cards a game never lets out: a defect of the `soundness` component, found by play.

A player's place the rules deal into before the play, and that a choice plays from, is
a hand. When every sampled random game ends with the same number k >= 1 of cards in every
seat's hand, the deal gives k cards more than the game plays: those cards are never
played, by anyone, in any game (GOPS without its Queen prize: 12 prizes, 13 bids, so one
card of every hand is left). The number, not which cards, is what stays fixed: random
play leaves a different card each game, so no one card is dead, and `undealt` (decks
never dealt) cannot see it.

Left alone, since a designer may want them: a hand refilled during play (a draw: the
count left is then the game's, not the deal's), a hand the scoring reads (cards kept to
be counted), and games where the count left varies between seats or games (someone went
out first). No real file (CARDSTOCK's 73, our 22 seeds) has a stranded hand.

Two more, from the blind reading of campaign f12 (issue 35), by the same records:

- **a pile the play leaves the same k cards of** (`pile`): a place of the game's, filled
  before the play, that a move inside a stage takes cards from and none puts cards into,
  not read by the scoring, which every sampled game ends with the same k >= 1 cards: the
  round loop stops one prize short (rank 1: the bids run out after 12 rounds, one prize
  is never turned up);
- **a place a loop plays until empty, left mostly full** (`unspent`): a place (the game's or
  each player's) that a stage's end asks to be empty (``(== (size X) 0)``), filled before
  the play and never refilled, not read by the scoring, which every sampled game ends
  still holding at least half the cards it held at the first decision (and 2 or more),
  seat by seat: the rules mean to play it out and no game comes near (new kind 2: the
  round loop stops when a hand is empty, and an inner play-out empties both in round 1,
  so 12 of 13 prizes are never turned up; new kind 3: hands of 13 for at most 4 rounds).

One from the blind reading of campaign splice-12 (round 50: "4 cards undealt", new kind 1,
rated 2/10):

- **cards dealt from a pile that then lies unseen** (`unseen`): a place of the game's that
  decks are created in and that the rules deal from into players' places before the play,
  that no rule of the play or the scoring names (nothing reads, takes or fills it again),
  whose cards the moves carry on to a place a table the rules sum rates them in
  (`unseen_places`), and which every sampled game leaves with the same k cards, k at least
  the player count and fewer than a whole deck created in it: the deal could give every
  player another card, and cards the scoring counts never come into play (Hearts dealt
  12 each from 52 to four: four cards, among them penalty cards, are never seen, so the
  26 points of "shooting the moon" are sometimes out of reach). Ten of the 95 real files
  leave cards after the deal where no rule of the play looks
  (at the first decision of four deals), and none is judged: Agram's stock (our
  seed and Agram2-5: 5 to 23 of 35 cards; no table is summed), Knaves3's and KuhnPoker2's
  one card (fewer than the players: it evens the deal, or is the game's hidden card),
  GOPS's third bidding suit at two players (a whole deck: `undealt`'s, dropped before the
  evaluation), and Enchere3's and EnchereOriginale3's cash cards (the moves never carry
  them to the won pile the scoring sums).

One from the blind reading of campaigns inv-11 and inv-12 (round 51: GOPS raced to 31,
"60 divided by NUMP plus 1 has no relation to the prize total"):

- **a prize pool another end cuts off** (`cut`): a place of the game's judged `unspent`
  (filled before the play, never refilled, taken from in a stage, not read by the
  scoring) that a stage's end asks to be empty in one disjunct of an ``or`` whose other
  disjuncts do not mention it, whose cards the moves carry on to a place the scoring
  names (`cut_pools`), and which the sampled games end with at least `CUT_SHARE` of its
  cards at the first decision on average, the cards left able to change the winner in at
  least half of them (`_open`: their value at the mean value of a card taken out, more
  than the winner's lead). The game is decided before what it is scored by has been
  contested (a third of GOPS's prizes never bid for). A race to a majority of the pool
  ends when what is left cannot change the winner, and is left alone; none of the 95
  real files has one.

One from the blind readings of round 58-59's Go Fish with LAMA's end (round 60, s60d):

- **a played-out end another end cuts off** (`full`): a stage's end is an ``or`` one of
  whose disjuncts holds only when places L hold every card that can reach them (Go Fish's
  "all 52 cards in the books", `sinks`' test: ``(== COUNT most(L))``, most(L) the cards
  created where L's cards come from; `filled_ends`), and the sampled games end with at
  least `CUT_SHARE` of those most(L) cards outside L on average, the cards left able to
  change the winner in at least half of them (`_open`, with the most(L) cards as the
  pool). The rules say "play until every card is scored", and another end stops the game
  first with a quarter or more of what it is scored by still in play (inv-30's rank 4 of
  round 58: "every player has a book" ends 78 % of random games with 9 of 13 books
  down, about 16 cards in the hands). A race to a majority of L stops when the rest
  cannot change the winner, and is left alone; no real file has an ``or`` end with such
  a disjunct (Go Fish's is its whole end).

The sample is games the evaluation plays anyway (its gate sample): their records carry
the cards left in each hand's places (`GameRecord.sizes`, the same from the VM and the
Python engine), so the judge plays no game of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from evogame.engine.compile import GAME_OWNER
from evogame.engine.errors import GameError
from evogame.fitness.liveness import _locs, move_flows
from evogame.fitness.soundness import Defect, _place
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.types import Ty
from evogame.metrics.stats import GameRecord

#: The fewest sampled games that must end on their own to judge.
NEED = 4

#: A place's kinds of judgement (`Hands.kinds`).
HAND, PILE, UNSPENT, UNSEEN, CUT, FULL = "hand", "pile", "unspent", "unseen", "cut", "full"

#: A pool cut short (`CUT`): the mean share of its cards at the first decision that the
#: sampled games leave in it, at least.
CUT_SHARE = 0.25


@dataclass(frozen=True)
class Hands:
    """The places of one game judged here and the places whose cards at the end the judge
    reads: `places` (keys of the Python engine's layout, `Layout.keys`) is what to ask the
    runner for (`Runner.random`'s `places`), in the order of a record's `sizes`."""

    nodes: dict[tuple[str, str, str], A.Node]  #: per place (owner, vis, name), a node naming it
    places: list[tuple]  #: per judged place, per seat (or the game), every layout key of it
    hand_of: list[tuple[str, str, str]]  #: the judged place of each layout key
    nplayers: int
    #: per judged place, its kinds of judgement (`HAND`, `PILE`, `UNSPENT`)
    kinds: dict[tuple[str, str, str], set[str]] = field(default_factory=dict)
    #: per layout key of an `UNSPENT` place, its cards at the first decision of one deal
    start: dict[tuple, int] = field(default_factory=dict)
    #: per `UNSEEN` place, the cards of the smallest deck created in it
    whole: dict[tuple[str, str, str], int] = field(default_factory=dict)
    #: the scoring's order ("max" or "min"), for `CUT`
    order: str = "max"
    #: per played-out end (`filled_ends`): its places L, the cards it needs there, its test
    full: tuple[tuple[frozenset[tuple[str, str, str]], int, A.Node], ...] = ()


def hands(ast: A.Game, game) -> Hands | None:
    """The places judged in `ast` and their places in `game`'s layout (a `CompiledGame`:
    the records' engine, or the Python engine of the same AST); None when there is none."""
    kinds = _judged(ast)
    unseen = unseen_places(ast)
    for k, (node, _) in unseen.items():
        kinds.setdefault(k, (node, set()))[1].add(UNSEEN)
    cut = cut_pools(ast)
    for k, (_, ks) in kinds.items():
        if UNSPENT in ks and k in cut and k[0] == "GAME":
            ks.add(CUT)
    full = filled_ends(ast)
    for keys, _, test in full:
        for k in keys:
            kinds.setdefault(k, (test, set()))[1].add(FULL)
    if not kinds or game.nplayers < 1:
        return None
    nodes = {k: n for k, (n, _) in kinds.items()}
    owner = {"PLAYER": range(game.nplayers), "GAME": (GAME_OWNER,)}
    places = [
        key
        for key in game.locs.keys
        for k in nodes
        if key[0] in owner[k[0]] and (key[1], key[2]) == k[1:]
    ]
    start: dict[tuple, int] = {}
    if any(ks & {UNSPENT, CUT} for _, ks in kinds.values()):
        with contextlib.suppress(GameError):
            st = game.new_state(0, max_decisions=1, max_steps=FIRST_STEPS)
            if not st.terminal:
                slots = game.locs.slots
                start = {key: len(st.locs[slots[key]]) for key in places}
    return Hands(
        nodes,
        places,
        [(("GAME" if k[0] == GAME_OWNER else "PLAYER"), k[1], k[2]) for k in places],
        game.nplayers,
        {k: ks for k, (_, ks) in kinds.items()},
        start,
        {k: n for k, (_, n) in unseen.items()},
        game.order,
        tuple(full),
    )


#: Scripted steps to a deal's first decision (`Hands.start`), at most.
FIRST_STEPS = 5_000


def _sources(node: A.Node) -> list[A.Node]:
    """The collections a rule takes cards from: a move's source, and the collection of an
    ``any``/``all`` whose body moves its card."""
    if node.PUTS is not None:
        return [node.src]
    if isinstance(node, A.AggAction):
        var = node.var.name
        if any(
            isinstance(m, A.Move)
            and any(isinstance(v, A.Var) and v.name == var for v in A.walk(m.src))
            for m in A.walk(node.body)
        ):
            return [node.coll]
    return []


def _keys_in(node: A.Node, cards_only: bool = False) -> list[tuple[tuple[str, str, str], A.Node]]:
    """The places (owner, vis, name) named in `node`, each with its node; `cards_only`:
    only those whose cards it is made of, not those a test inside it reads (a filter's
    condition, a card picked by its rank among others)."""
    out = []
    stack = [node]
    while stack:
        p = stack.pop()
        k = _place(p) if isinstance(p, A.Location) else None
        if k is not None and k[0] in ("PLAYER", "GAME"):
            out.append(((k[0], k[1], k[2]), p))
        for c in p.children():
            if cards_only and (c.result() is Ty.BOOL or c.result() is Ty.INT):
                continue
            stack.append(c)
    return out


def _counted(game: A.Game) -> set[tuple[str, str, str]]:
    """Places whose size the rules compare with anything but 0: a count the rules keep on
    purpose (Coup's "draw while the stock holds more than one")."""
    out = set()
    for c in A.walk(game):
        if isinstance(c, A.IntCmp):
            for size, other in ((c.a, c.b), (c.b, c.a)):
                if isinstance(size, A.Size) and not (
                    isinstance(other, A.IntLit) and other.value == 0
                ):
                    out.update(k for k, _ in _keys_in(size.coll))
    return out


def _emptied(game: A.Game) -> set[tuple[str, str, str]]:
    """Places a stage's end asks to be empty: ``(== (size X) 0)``, ``(< (size X) 1)``."""
    out = set()
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for c in A.walk(stage.end):
            if not isinstance(c, A.IntCmp):
                continue
            size, lit, op = c.a, c.b, c.op
            if isinstance(c.a, A.IntLit):
                size, lit = c.b, c.a
                op = {A.CmpOp.LT: A.CmpOp.GT, A.CmpOp.GT: A.CmpOp.LT}.get(op, op)
            if not (isinstance(size, A.Size) and isinstance(lit, A.IntLit)):
                continue
            if (op is A.CmpOp.EQ and lit.value == 0) or (op is A.CmpOp.LT and lit.value == 1):
                out.update(k for k, _ in _keys_in(size.coll))
    return out


def _judged(game: A.Game) -> dict[tuple[str, str, str], tuple[A.Node, set[str]]]:
    """Per place judged, a node naming it and its kinds: a player's place a choice plays
    from (`HAND`), a game's place a stage takes from (`PILE`), either kind's place a stage's
    end asks to be empty (`UNSPENT`); none that a move inside a stage puts cards into, nor
    that the scoring mentions."""
    played: dict[tuple[str, str, str], A.Node] = {}  # by a choice
    taken: dict[tuple[str, str, str], A.Node] = {}  # by any move inside a stage
    for stage in A.walk(game):
        if isinstance(stage, A.Stage):
            for n in A.walk(stage):
                for src in _sources(n):
                    for k, p in _keys_in(src, cards_only=True):
                        taken.setdefault(k, p)
    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            for n in A.walk(choice):
                for src in _sources(n):
                    for k, p in _keys_in(src, cards_only=True):
                        if k[0] == "PLAYER":
                            played.setdefault(k, p)
    refilled: set[tuple[str, str, str]] = set()
    for stage in A.walk(game):
        if isinstance(stage, A.Stage):
            for m in A.walk(stage):
                if m.PUTS is not None:
                    for p in A.walk(m.dst):
                        if p.NAMED == "place":
                            k = _place(p)
                            if k is None:
                                return {}  # a computed place may be any of them
                            refilled.add((k[0], k[1], k[2]))
    scored = {k for k, _ in _keys_in(game.scoring)}
    emptied = _emptied(game)
    counted = _counted(game)
    out: dict[tuple[str, str, str], tuple[A.Node, set[str]]] = {}
    for k, node in {**taken, **played}.items():
        if k in refilled or k in scored:
            continue
        kinds = set()
        if k in played:
            kinds.add(HAND)
        if k[0] == "GAME" and k not in counted:
            kinds.add(PILE)
        if k in emptied:
            kinds.add(UNSPENT)
        if kinds:
            out[k] = (node, kinds)
    return out


def stranded(found: Hands | None, records: Iterable[GameRecord]) -> list[Defect]:
    """Places (`hands`) every sampled random game leaves cards in (module docstring):
    a hand or a game's pile ending with the same k >= 1 cards in every game, seat by seat;
    a place a stage plays until empty ending at least half full in every game. `records`
    are the sample's games (an evaluation's gate sample), each with its `sizes` of
    ``found.places``; only games that ended on their own count, and with fewer than
    `NEED` of them nothing is judged."""
    if found is None:
        return []
    # per place, per layout key (a seat's slot, or the game's): the counts left at the end
    left: dict[tuple[str, str, str], dict[tuple, list[int]]] = {h: {} for h in found.nodes}
    for place, hand in zip(found.places, found.hand_of, strict=True):
        left[hand][place] = []
    ended = 0
    scores: list[list[int]] = []  # per game counted, the seats' scores at its end
    for rec in records:
        if not rec.terminated or rec.sizes is None:
            continue
        ended += 1
        scores.append(rec.scores)
        for place, hand, n in zip(found.places, found.hand_of, rec.sizes, strict=True):
            left[hand][place].append(n)
    if ended < NEED:
        return []
    out = []
    for k, by_place in left.items():
        kinds = found.kinds.get(k, {HAND})
        message = None
        if kinds & {HAND, PILE}:
            message = _fixed(k, by_place, found.nplayers)
        if message is None and UNSPENT in kinds:
            message = _unspent(k, by_place, found.start)
        if message is None and UNSEEN in kinds:
            message = _unseen(k, by_place, found.nplayers, found.whole[k])
        if message is None and CUT in kinds:
            message = _cut(k, by_place, found.start, scores, found.order)
        if message is not None:
            out.append(Defect(where(found.nodes[k]), message))
    for keys, most, test in found.full:
        message = _short(keys, most, test, left, scores, found.order)
        if message is not None:
            out.append(Defect(where(test), message))
    return out


def _whose(k: tuple[str, str, str], seats: list[int], nplayers: int) -> str:
    if k[0] == "GAME":
        return f"the game's {k[2]}"
    if len(seats) == nplayers:
        return f"each seat's {k[2]}"
    if len(seats) == 1:
        return f"seat {seats[0]}'s {k[2]}"
    return f"seats {', '.join(map(str, seats))}' {k[2]}"


def _fixed(k, by_place: dict[tuple, list[int]], nplayers: int) -> str | None:
    """The same k >= 1 cards left in every game, seat by seat (one seat is enough)."""
    fixed = {place[0]: c[0] for place, c in by_place.items() if c and len(set(c)) == 1}
    stuck = {seat: n for seat, n in fixed.items() if n >= 1}
    if not stuck:
        return None
    if len(stuck) == nplayers and len(set(stuck.values())) == 1:
        seats, n = sorted(stuck), next(iter(stuck.values()))
    else:
        seat, n = min(stuck.items())
        seats = [seat] if len(set(stuck.values())) > 1 else sorted(stuck)
    what = "dealt before the play" if k[0] == "PLAYER" else "filled before the play"
    return (
        f"every sampled game ends with {n} card{'s' * (n > 1)} in "
        f"{_whose(k, seats, nplayers)}, {what} and never refilled: the rules give "
        f"{n} more than the game lets out of it"
    )


def _unspent(k, by_place: dict[tuple, list[int]], start: dict[tuple, int]) -> str | None:
    """At least half the cards held at the first decision (2 or more) left in every game."""
    full = {
        place: (min(c), start[place])
        for place, c in by_place.items()
        if c and start.get(place, 0) >= 2 and 2 * min(c) >= start[place]
    }
    if not full:
        return None
    place, (least, held) = min(full.items())
    return (
        f"a stage plays until {_whose(k, [place[0]], 0)} is empty, yet every sampled game "
        f"ends with {least} or more of its {held} cards still in it: the play never comes "
        "near what the rules mean to play out"
    )


def _asks_empty(c: A.Node) -> set[tuple[str, str, str]]:
    """The places a comparison asks to be empty: ``(== (size X) 0)``, ``(< (size X) 1)``."""
    if not isinstance(c, A.IntCmp):
        return set()
    size, lit, op = c.a, c.b, c.op
    if isinstance(c.a, A.IntLit):
        size, lit = c.b, c.a
        op = {A.CmpOp.LT: A.CmpOp.GT, A.CmpOp.GT: A.CmpOp.LT}.get(op, op)
    if not (isinstance(size, A.Size) and isinstance(lit, A.IntLit)):
        return set()
    if (op is A.CmpOp.EQ and lit.value == 0) or (op is A.CmpOp.LT and lit.value == 1):
        return {k for k, _ in _keys_in(size.coll)}
    return set()


def cut_pools(game: A.Game) -> set[tuple[str, str, str]]:
    """Places a stage's end asks to be empty in one disjunct of an ``or`` whose other
    disjuncts do not mention them (another way to end the stage first), and whose cards
    the rules' moves carry on to a place the scoring names: a pool of what the game is
    scored by, that the play means to exhaust and another end may cut off (`CUT`)."""
    asked: set[tuple[str, str, str]] = set()
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for node in A.walk(stage.end):
            if not (isinstance(node, A.BoolOp) and node.op is A.BoolOpKind.OR):
                continue
            for arg in node.args:
                for k in _asks_empty(arg):
                    others = [o for o in node.args if o is not arg]
                    if others and not any(k in {j for j, _ in _keys_in(o)} for o in others):
                        asked.add(k)
    if not asked:
        return set()
    flows = _flows(game)
    scored = {(k[0] == "GAME", k[1], k[2]) for k, _ in _keys_in(game.scoring)}
    out = set()
    for k in asked:
        reach = _reached(flows, (k[0] == "GAME", k[1], k[2]))
        if reach & scored:
            out.add(k)
    return out


def _open(left: int, held: int, scores: list[int], order: str) -> bool:
    """Whether the `left` cards of a pool of `held` that a game ended with could still have
    changed its winner: their value, at the mean value of the cards taken out of it (the
    seats' scores summed over the cards taken), is more than the winner's lead over the
    next best seat."""
    taken, total = held - left, sum(scores)
    if left <= 0 or taken <= 0 or total <= 0 or len(scores) < 2:
        return False
    ranked = sorted(scores, reverse=order == "max")
    return left * total / taken > abs(ranked[0] - ranked[1])


def _cut(
    k, by_place: dict[tuple, list[int]], start: dict[tuple, int], scores, order: str
) -> str | None:
    """A game's pool (`CUT`) left at least `CUT_SHARE` full on average, over the sampled
    games, and in at least half of them with cards whose value could still have changed
    the winner (`_open`)."""
    for place, c in sorted(by_place.items()):
        held = start.get(place, 0)
        if not c or held < 2 or sum(c) < CUT_SHARE * held * len(c):
            continue
        open_ = sum(_open(n, held, s, order) for n, s in zip(c, scores, strict=True))
        if 2 * open_ < len(c):
            continue
        return (
            f"a stage plays until {_whose(k, [place[0]], 0)} is empty, but another way to "
            f"end it comes first: the sampled games end with {sum(c) / len(c) / held:.0%} of "
            f"its {held} cards, which the scoring counts, never played on average, and in "
            f"{open_} of {len(c)} the cards left could still have changed the winner "
            "(the game is decided before what it is scored by has been contested)"
        )
    return None


def filled_ends(game: A.Game) -> list[tuple[frozenset[tuple[str, str, str]], int, A.Node]]:
    """Each disjunct of a stage's ``or`` end (nested ``or``s read through) that holds only
    when places L hold every card that can reach them (`sinks._asks`, `sinks._needs_all`:
    most(L) cards), with L's places (owner kind, visibility, name), most(L) and the
    disjunct: the end that plays the game out, beside others that may stop it first
    (`FULL`). A game with a place of a computed name or an unknown move graph has none."""
    from evogame.fitness.sinks import _asks, _needs_all, _origins, cards_reach

    ends = [s.end for s in A.walk(game) if isinstance(s, A.Stage)]
    parts = [p for end in ends if len(ps := A.bool_parts(end, A.BoolOpKind.OR)) > 1 for p in ps]
    reach = cards_reach(game) if parts else None
    if reach is None:
        return []
    declared, created, into = reach
    out = []
    for test in parts:
        for names, op, n in _asks(test, declared):
            most = sum(created[c] for c in _origins(into, created, names))
            keys = frozenset(k for k, _ in _keys_in(test) if k[2] in names)
            if keys and _needs_all(op, n, most):
                out.append((keys, most, test))
    return out


def _short(
    keys: frozenset[tuple[str, str, str]],
    most: int,
    test: A.Node,
    left: dict[tuple[str, str, str], dict[tuple, list[int]]],
    scores: list[list[int]],
    order: str,
) -> str | None:
    """A played-out end (`FULL`) another end comes before: the sampled games end with at
    least `CUT_SHARE` of its `most` cards outside its places on average, and in at least
    half of them the cards outside could still have changed the winner (`_open`)."""
    games = len(scores)
    inside = [0] * games
    for k in keys:
        for counts in left.get(k, {}).values():
            for i, c in enumerate(counts):
                inside[i] += c
    outside = [most - c for c in inside]
    if not games or sum(outside) < CUT_SHARE * most * games:
        return None
    open_ = sum(_open(o, most, s, order) for o, s in zip(outside, scores, strict=True))
    if 2 * open_ < games:
        return None
    names = ", ".join(sorted({k[2] for k in keys}))
    return (
        f"the game is written to end when {names} hold all {most} cards ({to_text(test)}), "
        f"but another way to end it comes first: the sampled games end with "
        f"{sum(outside) / games / most:.0%} of those cards never laid there on average, and "
        f"in {open_} of {games} the cards left could still have changed the winner (the "
        "game stops before what it is scored by has been played out)"
    )


def _before_play(game: A.Game) -> list[A.Node]:
    """What runs before the first stage: the setup's items, then the top-level items of
    the body up to the first stage."""
    from evogame.fitness.voids import _prefix

    return _prefix(game)


def unseen_places(game: A.Game) -> dict[tuple[str, str, str], tuple[A.Node, int]]:
    """The game's places judged `UNSEEN` (module docstring), each with the deal's move
    out of it and the cards of the smallest deck created in it: a place decks are created
    in, dealt from into players' places before the play, that no rule of the play or the
    scoring names (nothing reads, takes or fills it again), holding cards a table the
    rules sum rates above 0 (literal entries)."""
    from evogame.fitness.bindings import _cards
    from evogame.lang.operands import deck_cards

    before = _before_play(game)
    later = [*game.body[len(before) - len(game.setup.decks) :], game.scoring]
    named: set[tuple[str, str, str]] = set()
    for item in later:
        for n in A.walk(item):
            if isinstance(n, A.Location) or n.NAMED == "place":
                k = _place(n)
                if k is None:
                    return {}  # a place named by an expression may be any of them
                named.add((k[0], k[1], k[2]))
    dealt: dict[tuple[str, str, str], A.Node] = {}
    decks: dict[tuple[str, str, str], list[A.CreateDeck]] = {}
    handled: set[int] = set()  # a place's node where it is made, shuffled or dealt from
    for item in before:
        for n in A.walk(item):
            if isinstance(n, A.CreateDeck):
                for k, p in _keys_in(n.loc):
                    decks.setdefault(k, []).append(n)
                    handled.add(id(p))
            elif isinstance(n, A.Shuffle):
                handled.update(id(p) for _, p in _keys_in(n.loc))
            if n.PUTS is None:
                continue
            for k, p in _keys_in(n.src, cards_only=True):
                handled.add(id(p))
                if k[0] == "GAME" and any(d[0] == "PLAYER" for d, _ in _keys_in(n.dst)):
                    dealt.setdefault(k, n)
    for item in before:  # any other mention before the play reads it (a trump turned up)
        named.update(k for k, p in _keys_in(item) if id(p) not in handled)
    flows = _flows(game)
    tables: dict[str, list[A.InitPoints]] = {}
    for init in A.walk(game):
        if isinstance(init, A.InitPoints):
            tables.setdefault(to_text(init.target), []).append(init)
    sums = [
        (_locs(n.coll, {}), _rated(tables.get(to_text(n.points), [])))
        for n in A.walk(game)
        if isinstance(n, A.SumPoints)
    ]
    out = {}
    for k, move in dealt.items():
        if k in named or k not in decks:
            continue
        cards = [c for d in decks[k] for c in _cards(d.deck.attributes)]
        reach = _reached(flows, (k[0] == "GAME", k[1], k[2]))
        if not any(
            places & reach and any(all(c.get(a) == v for a, v in conds) for c in cards)
            for places, rated in sums
            for conds in rated
        ):
            continue
        try:
            whole = min(len(deck_cards(d.deck)) for d in decks[k])
        except Exception:
            continue
        out[k] = (move, whole)
    return out


def _rated(inits: list[A.InitPoints]) -> list[list[tuple[str, str]]]:
    """The conditions of the entries of the tables `inits` that give cards points (literal
    conditions, points other than 0)."""
    out = []
    for init in inits:
        for award in init.awards:
            conds = [
                (c.key.value, c.value.value)
                for c in award.conds
                if isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)
            ]
            if len(conds) == len(award.conds) and not (
                isinstance(award.value, A.IntLit) and award.value.value == 0
            ):
                out.append(conds)
    return out


def _unseen(k, by_place: dict[tuple, list[int]], nplayers: int, whole: int) -> str | None:
    """The same k cards left in every game, k at least one for each player and fewer than
    a whole deck (a deck never dealt is `undealt`'s: the evaluation drops it)."""
    counts = {n for c in by_place.values() for n in c}
    if len(counts) != 1:
        return None
    (n,) = counts
    if not nplayers <= n < whole:
        return None
    return (
        f"every sampled game leaves {n} cards in {_whose(k, [], nplayers)} after the deal, "
        "and no rule of the play names it again: cards the scoring would count never come "
        f"into play, enough to deal each of the {nplayers} players {n // nplayers} more"
    )


def _flows(game: A.Game) -> dict[tuple, set[tuple]]:
    """Where cards go: the rules' moves as a graph of places (owners aside), each source
    place -> the places its cards may be moved to."""
    moves = move_flows(game)
    flows: dict[tuple, set[tuple]] = {}
    for src, dst in moves.values():
        for a in src:
            flows.setdefault(a, set()).update(dst)
    return flows


def _reached(flows: dict[tuple, set[tuple]], start: tuple) -> set[tuple]:
    """The places cards of `start` can reach by one or more moves (`_flows`)."""
    reach, todo = set(), [start]
    while todo:
        for nxt in flows.get(todo.pop(), ()):
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    return reach
