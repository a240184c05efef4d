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
84 best/ files of rounds 57-60, only the campaign file (docs/judge.md, "Round 61 (s61b)")."""

from __future__ import annotations

from evogame.fitness.deadflow import _dst_places, pools
from evogame.fitness.liveness import _loc, _locs, _moves
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
    moves: dict = {}
    _moves(game, {}, moves)
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
