"""Options that do nothing anyone sees: a choice item whose every action writes storage
no rule reads (static).

Such an option moves no card, passes no turn the rules know of, and sets a value nothing
tests or scores: choosing it changes nothing but whose turn it is. It is a pass the rules
never declared, and it costs nothing, so it pads branching and agency (a blind reader of a
campaign's President: "`add 1 to the player's HUNDREDMILLIONDOLLARS` is always available and
does nothing ... players can skip turns and even avoid leading"). A declared pass,
``(turn pass)``, is an action of its own and is left alone; so is a record no option
writes (designers keep tallies no rule reads), and every name when some storage name of
its kind is computed (it may be read under any name).

**An option that sets what already is** (`idle_options`, round 59, s59d): campaign
ablate-30's rank 2, a President whose pass became ``(set (game sto PLAYED) 0)`` (blind
reader 2 against the seed's 7: "a bare option offered when leading: stall"). PLAYED is
read (the turn's end asks whether a play was made), so `free_options` leaves it; but
PLAYED is 0 at every decision of that choice: it starts at 0, only the choice's other
options set it otherwise, and the turn sets it back to 0 after the choice, on every
pass. An item of a choice is named when every primitive action of it is ``(set S v)``
of integer storages by literal name and number, and for each such S:

1. v is 0, the value every storage starts with;
2. every write of S elsewhere in the game is in another item of this choice, or is
   ``(set S v)`` itself;
3. the stage whose body holds the choice (as one of its items) sets S to v, surely
   (not under a guard, loop or choice: a ``do``'s statements only), in an item after it.

Then S is v whenever the option is offered, and taking it changes nothing. Measured on
the 95 real files (tests/fitness/test_free_options.py): none named.

**An option that burns hidden cards into a pool** (`pooled_options`, round 61, s61b):
campaign inv-34's rank 3 (s60; /work/runs-archive/s60/inv-34/best/03-ab216135fc7f2223.rcy),
a Pokereights whose straight became "move the deck's top card to DISCARD, first
shuffling DISCARD back into an empty deck" (blind reader 3 against the seed's 6: "moves
DECK's top card to DISCARD (a pile nothing reads) instead of playing your cards,
repeatable without end"). The option moves cards, so `free_options` leaves it; it sets
nothing, so the stage's end never comes nearer by it. An item of a choice is named when
its primitive actions (``ACTS``) are only

1. moves into *pools* (`deadflow.pools`: places the rules read only to empty them whole
   into a deck shuffled next) or into places no rule reads at all (every mention is a
   move's destination), at least one, from places of the table that are hidden (``hloc``:
   nobody sees the card go) and that no stage's end and not the scoring read (a burn that
   hastens an end "when the stock is empty" is a move that matters);
2. moves out of pools back into those same sources (the refill) and shuffles of them.

The cards go where nobody sees or counts them (and come back shuffled): choosing the
option changes nothing a player can see or count but the hidden order of a deck. Where
the choice is its stage's whole body (the stage repeats until its end holds) the message
says the option can be taken again and again. Measured on the 95 real files
(/work/runs-archive/s61b/burn_margins_real.txt): 19 choice items in 10 files move cards
into a pool or a place no rule reads (Coup's and Continuous Pairs' discards, Rummy2's
melds, Sheepshead's and Cheeseheads' blinds, red7's canvas, Cuckoo's BAD), all from the
player's hand (a player who discards loses a card: it matters), and none is named; of the
84 best/ files of rounds 57-60, only the campaign file (docs/judge.md, "Round 61 (s61b)").

**An option that sheds the cards a penalty tests** (`shedding_options`, round 62, s62a):
campaign inv-35's one new kind (s61; Pairs with Poker5's way to play), whose third option,
beside the draw, moves any card of the player's ROW to the discards (blind reader 1 of
10: "a free discard from your own ROW ... makes busting avoidable and the game need never
end"). A press-your-luck game's risk is a place that a penalty tests: a player draws into
it, and when it pairs, cards go where a loss is counted. An option that takes cards back
out of that place, into a pile nothing counts, for free, lets a player draw and shed for
ever: the penalty need never come. In a stage, a *penalty* is a guard of its rules (not
an item of a choice) whose body moves cards into a place a loss is counted in: one the
scoring reads, or a stage's end, or a guard setting a storage the scoring reads (Pairs'
POINTS). An item of a choice of that stage is named when

1. its primitive actions are all moves, out of places the penalty's test reads (variables
   followed to the places they range over) and that the outcome does not read (not the
   scoring, nor a guard setting what it reads: a discard of scored cards costs), into
   pools or places no rule reads (as `pooled_options`), none a place a loss is counted in;
2. nothing decides whether it is offered but those places and constants (a designer's
   switch, ``(== 'FOLD 1)``): no storage (a tally or a phase may bound it), and it is not
   an ``otherwise`` item (offered only when nothing else is);
3. a rule of the stage outside it moves cards into one of the places it sheds, from
   elsewhere (the draw: the risk it undoes is the stage's own), and another item of its
   choice does not shed (it is an escape taken at will, not the turn's discard).

Measured on the 95 real files (/work/runs-archive/s62a/margins_real.txt): 19 stages
with a choice, in 19 files, have a penalty (Pairs', Continuous Pairs' pair into the score
pile, Lost Cities', Coup's, Go Fish's, Scopa's, ...); 9 choice items of 5 files move cards
only into a pool or an unread place (Coup's discard, Rummy2's melds, Sheepshead's and
Cheeseheads' blinds), all from the hand and none in a stage whose penalty tests the hand
(Coup's tests the stock): none is named. Continuous Pairs' fold discards the hand too, but
takes the table's lowest card as points first (a cost the score reads); Lost Cities'
discard goes to piles the players draw from (read: no pool). Of the 89 best/ files of
rounds 57-61, two are named: the campaign file and inv-29's rank 5 (s57), the same
discard grafted from NinetyEight."""

from __future__ import annotations

from evogame.fitness.deadflow import _dst_places, pools
from evogame.fitness.liveness import _loc, _locs, move_flows
from evogame.fitness.soundness import Defect, where
from evogame.lang import ast as A
from evogame.lang import to_text


def _candidates(game: A.Game) -> list[A.Node]:
    """The choice items whose every primitive action (``ACTS``) writes storage."""
    return [
        item
        for choice in A.walk(game)
        if isinstance(choice, A.Choice)
        for item in choice.items
        if (acts := [n for n in A.walk(item) if type(n).ACTS is not None])
        and all(a.STORES is not None and a.target.NAMED == "storage" for a in acts)
    ]


def _key(node: A.Node) -> tuple[type, str] | None:
    """A storage's kind and literal name; None when its name is computed."""
    return (type(node), node.name.value) if isinstance(node.name, A.NameLit) else None


def free_options(game: A.Game) -> list[A.Node]:
    """The choice items whose every primitive action writes a literal-named storage that
    no rule reads. A read anywhere counts, the item's own test too: Cheeseheads' pass,
    ``((!= (game sto PASS) 4) (inc (game sto PASS) 1))``, is a designer's pass that its
    tally bounds, not a free one."""
    targets = {id(n.target) for n in A.walk(game) if n.STORES is not None}
    read: set[tuple[type, str]] = set()
    computed: set[type] = set()
    for n in A.walk(game):
        if n.NAMED != "storage":
            continue
        if _key(n) is None:
            computed.add(type(n))
        elif id(n) not in targets:
            read.add(_key(n))
    out = []
    for item in _candidates(game):
        keys = {_key(n.target) for n in A.walk(item) if n.STORES is not None}
        if all(k is not None and k[0] not in computed and k not in read for k in keys):
            out.append(item)
    return out


def defects(game: A.Game) -> list[Defect]:
    """One defect per option that does nothing anyone sees, or sets what already is."""
    out = [
        Defect(
            where(item),
            f"this option only sets {', '.join(sorted(_zero_sets(item) or ()))} to 0, which "
            "it always is when the option is offered: it moves no card and changes "
            "nothing, a pass the rules never declared that costs nothing",
        )
        for item in idle_options(game)
    ]
    out += burnt_options(game)
    burnt = {d.where for d in out}
    out += [d for d in safe_stalls(game) if d.where not in burnt]
    for item in free_options(game):
        names = sorted(
            {
                n.target.name.value
                for n in A.walk(item)
                if n.STORES is not None and n.target.NAMED == "storage"
            }
        )
        out.append(
            Defect(
                where(item),
                f"this option only sets {', '.join(names)}, which no rule reads: it moves "
                "no card and changes nothing anyone sees, a pass the rules never declared "
                "that costs nothing",
            )
        )
    return out


def _end_places(game: A.Game) -> set[tuple[bool, str, str]]:
    """The places (`liveness._loc`) a stage's end or the scoring reads."""
    tops = [game.scoring, *(st.end for st in A.walk(game) if isinstance(st, A.Stage))]
    return {_loc(n) for top in tops for n in A.walk(top) if n.NAMED == "place"}


def _unread(game: A.Game) -> set[tuple[bool, str, str]]:
    """The places (`liveness._loc`) no rule reads: every mention is where a move puts
    cards."""
    writes = _dst_places(game)
    seen: dict[tuple[bool, str, str], bool] = {}
    for n in A.walk(game):
        if n.NAMED == "place":
            k = _loc(n)
            seen[k] = seen.get(k, True) and id(n) in writes
    return {k for k, only in seen.items() if only}


def _burns(item: A.Node, pool: set, moves: dict, ended: set) -> tuple[frozenset, frozenset] | None:
    """(the hidden table places `item` burns cards of, the pools they go to), when that
    and the refill of those places from the pools is all it does (module docstring,
    `pooled_options`); None otherwise."""
    acts = [n for n in A.walk(item) if type(n).ACTS is not None]
    into = {id(a) for a in acts if a.PUTS is not None and (dst := moves[id(a)][1]) and dst <= pool}
    if not into:
        return None
    srcs = frozenset().union(*(moves[i][0] for i in into))
    if not srcs or any(not k[0] or k[1] != "hloc" or k in ended for k in srcs):
        return None
    for a in acts:
        if id(a) in into:
            continue
        src, dst = moves[id(a)] if a.PUTS is not None else (None, None)
        if src and dst and src <= pool and dst <= srcs:
            continue  # the refill: back into the place burnt from
        if isinstance(a, A.Shuffle) and (locs := _locs(a.loc, {})) and locs <= srcs:
            continue
        return None
    return srcs, frozenset().union(*(moves[i][1] for i in into))


def pooled_options(game: A.Game) -> list[tuple[A.Node, frozenset, frozenset, bool, bool]]:
    """Each (item, places burnt, pools, repeatable, refilled) of a choice whose item only
    burns hidden table cards into pools or places no rule reads (module docstring,
    `pooled_options`); repeatable when the choice is the whole body of its stage,
    refilled when a pool it burns into is."""
    unread = _unread(game)
    pool = pools(game)[0] | unread
    if not pool:
        return []
    moves = move_flows(game)
    ended = _end_places(game)
    alone = {
        id(st.body[0])
        for st in A.walk(game)
        if isinstance(st, A.Stage) and len(st.body) == 1 and isinstance(st.body[0], A.Choice)
    }
    out = []
    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            for item in choice.items:
                burnt = _burns(item, pool, moves, ended)
                if burnt is not None:
                    out.append((item, *burnt, id(choice) in alone, not burnt[1] <= unread))
    return out


def burnt_options(game: A.Game) -> list[Defect]:
    """One defect per option that only burns hidden table cards into a pool (module
    docstring, `pooled_options`)."""
    out = []
    for item, srcs, into, again, back in pooled_options(game):
        names = ", ".join(sorted(k[2] for k in srcs))
        piles = ", ".join(sorted(k[2] for k in into))
        out.append(
            Defect(
                where(item),
                f"this option only moves hidden cards of {names} into {piles}, which no rule "
                + ("reads but to shuffle it back into a deck" if back else "reads")
                + ": it plays nothing and changes nothing anyone sees or counts"
                + (
                    ", and as it brings the stage's end no nearer it can be taken again and "
                    "again: a free stall"
                    if again
                    else ""
                ),
            )
        )
    return out


def _sure_sets(node: A.Node) -> list[A.SetInt]:
    """The integer ``set`` actions `node` surely does: itself, or a ``do``'s
    statements, nested ``do`` blocks included (no guard, loop or choice)."""
    if isinstance(node, A.SetInt):
        return [node]
    if isinstance(node, A.Do):
        return [s for a in node.items for s in _sure_sets(a)]
    return []


def _zero_sets(item: A.Node) -> set[str] | None:
    """The storages a choice item sets to 0 when every primitive action of it is ``(set
    S 0)`` of an integer storage by literal name; None otherwise."""
    acts = [n for n in A.walk(item) if type(n).ACTS is not None]
    if not acts or not all(
        isinstance(a, A.SetInt)
        and isinstance(a.target, A.IntStorage)
        and isinstance(a.target.name, A.NameLit)
        and isinstance(a.value, A.IntLit)
        and a.value.value == 0
        for a in acts
    ):
        return None
    return {a.target.name.value for a in acts}


def idle_options(game: A.Game) -> list[A.Node]:
    """The choice items that set storages to 0, the value each already has whenever the
    option is offered (module docstring, `idle_options`)."""
    writes: dict[str, list[A.Node]] = {}
    for n in A.walk(game):
        if n.STORES is not None and isinstance(n.target, A.IntStorage):
            if not isinstance(n.target.name, A.NameLit):
                return []  # a computed name may write any storage
            writes.setdefault(n.target.name.value, []).append(n)
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for k, choice in enumerate(stage.body):
            if not isinstance(choice, A.Choice):
                continue
            inside = {id(n) for n in A.walk(choice)}
            reset = {
                s.target.name.value
                for later in stage.body[k + 1 :]
                for s in _sure_sets(later)
                if isinstance(s.target.name, A.NameLit)
                and isinstance(s.value, A.IntLit)
                and s.value.value == 0
            }
            for item in choice.items:
                names = _zero_sets(item)
                if names and all(
                    name in reset
                    and all(
                        id(w) in inside or (isinstance(w, A.SetInt) and to_text(w.value) == "0")
                        for w in writes[name]
                    )
                    for name in names
                ):
                    out.append(item)
    return out


# --- safe stalls (round 62, s62a) --------------------------------------------------------


def _scoped(node: A.Node, env: dict[str, frozenset], stop: type | None = None):
    """(n, env) for `node` and its descendants, each with the places its variables range
    over (bound as `liveness._moves` binds them); a descendant of type `stop` is not
    entered."""
    yield node, env
    var = getattr(node, "var", None)
    coll = node.value if isinstance(node, A.Let) else getattr(node, "coll", None)
    if isinstance(var, A.Var) and coll is not None:
        env = {**env, var.name: _locs(coll, env)}
    for c in node.children():
        if stop is None or not isinstance(c, stop):
            yield from _scoped(c, env, stop)


def _in_stage(stage: A.Stage):
    """(n, env) for the rules of `stage`'s body, its inner stages left out."""
    for body in stage.body:
        if not isinstance(body, A.Stage):
            yield from _scoped(body, {}, A.Stage)


def _counted(game: A.Game) -> set[tuple[bool, str, str]]:
    """The places the outcome reads: those the scoring reads, and those a guard reads
    whose body writes a storage the scoring reads (Pairs' LOST, set when the points in
    POINTS pass the limit)."""
    reads = {_key(n) for n in A.walk(game.scoring) if n.NAMED == "storage"}
    out = {_loc(n) for n in A.walk(game.scoring) if n.NAMED == "place"}
    for g, env in _scoped(game, {}):
        if g.GUARDS and any(
            n.STORES is not None and _key(n.target) in reads for n in A.walk(g.body)
        ):
            out |= _locs(g.cond, env)
    return out


def loss_places(game: A.Game) -> set[tuple[bool, str, str]]:
    """The places (`liveness._loc`) a loss is counted in: those the outcome reads
    (`_counted`) and those a stage's end reads."""
    return _counted(game) | _end_places(game)


def penalties(stage: A.Stage, losses: set, moves: dict) -> list[tuple[A.Node, dict]]:
    """Each (guard, the places its variables range over) of a *penalty* of `stage`: a
    guard of its rules (not an item of a choice: that says when an option is offered)
    whose body moves cards into a place a loss is counted in (`losses`, `loss_places`):
    Pairs' "a pair: take one card of it as points". `moves`: `liveness._moves` of the
    game."""
    items = {id(i) for n, _ in _in_stage(stage) if isinstance(n, A.Choice) for i in n.items}
    return [
        (g, env)
        for g, env in _in_stage(stage)
        if g.GUARDS
        and id(g) not in items
        and any(n.PUTS is not None and moves[id(n)][1] & losses for n in A.walk(g.body))
    ]


def _risks(stage: A.Stage, losses: set, moves: dict) -> set[tuple[bool, str, str]]:
    """The places a penalty of `stage` (`penalties`) tests."""
    return {k for g, env in penalties(stage, losses, moves) for k in _locs(g.cond, env)}


def _sheds(item: A.Node, risky: set, sink: set, moves: dict) -> frozenset | None:
    """The places of `risky` that `item` takes cards out of, when all it does is move
    them into `sink`, and nothing but those places and constants decides whether it is
    offered (module docstring, `shedding_options`); None otherwise."""
    if isinstance(item, A.Otherwise):
        return None  # offered only when nothing else is: no alternative to the risk
    acts = [n for n in A.walk(item) if type(n).ACTS is not None]
    if not acts or not all(isinstance(a, A.Move) for a in acts):
        return None
    srcs = frozenset().union(*(moves[id(a)][0] for a in acts))
    dsts = frozenset().union(*(moves[id(a)][1] for a in acts))
    if not srcs or not dsts or not srcs <= risky or not dsts <= sink:
        return None
    if any(n.NAMED == "storage" for n in A.walk(item)):
        return None  # a tally, a phase or the turn's state may bound it
    if not frozenset().union(*(_locs(n, env) for n, env in _scoped(item, {}))) <= srcs | dsts:
        return None  # offered as some other place stands
    return srcs


def shedding_options(game: A.Game) -> list[tuple[A.Node, frozenset, frozenset]]:
    """Each (item, places shed, where their cards go) of a choice whose item only moves
    cards out of a place a penalty of its stage tests into a pool or a place no rule
    reads, for free, in a stage that puts cards into that place (module docstring,
    `shedding_options`)."""
    if not any(
        all(isinstance(a, A.Move) for a in A.walk(item) if type(a).ACTS is not None)
        for choice in A.walk(game)
        if isinstance(choice, A.Choice)
        for item in choice.items
    ):
        return []  # no option only moves cards: spare the flows below
    counted = _counted(game)
    losses = loss_places(game)
    sink = (pools(game)[0] | _unread(game)) - losses
    if not sink:
        return []
    moves = move_flows(game)
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        choices = [n for n, _ in _in_stage(stage) if isinstance(n, A.Choice)]
        risky = _risks(stage, losses, moves) - counted if choices else set()
        for choice in choices if risky else ():
            sheds = [_sheds(item, risky, sink, moves) for item in choice.items]
            if None not in sheds:
                continue  # every option sheds: the turn's discard, not an escape
            for item, shed in zip(choice.items, sheds, strict=True):
                inside = {id(n) for n in A.walk(item)}
                if shed is not None and any(
                    n.PUTS is not None
                    and id(n) not in inside
                    and moves[id(n)][1] & shed
                    and not moves[id(n)][0] & shed
                    for n, _ in _in_stage(stage)
                ):
                    dsts = (moves[id(a)][1] for a in A.walk(item) if a.PUTS is not None)
                    out.append((item, shed, frozenset().union(*dsts)))
    return out


def safe_stalls(game: A.Game) -> list[Defect]:
    """One defect per option that sheds, for free, the cards a penalty tests (module
    docstring, `shedding_options`)."""
    out = []
    for item, shed, into in shedding_options(game):
        names = ", ".join(sorted(k[2] for k in shed))
        piles = ", ".join(sorted(k[2] for k in into))
        out.append(
            Defect(
                where(item),
                f"this option only moves cards of {names}, which a penalty of its stage "
                f"tests, into {piles}, which nothing counts, while the stage puts cards "
                f"into {names}: a player can always shed the risk at no cost the "
                "score reads, so the penalty need never come (a safe stall)",
            )
        )
    return out
