"""Rules that act on nothing: defects of the `soundness` component (static; issue 35, what
the blind reader of campaign splice-12 named in its new kinds 1 and 3, rated 2/10 and
1/10, that the judge gave 0.918 and 0.897).

- **a storage set to a value no test of it meets** (`unmet_sets`): a string storage whose
  every test compares it with a card's attribute (``(== (cardatt SUIT 'C) (game str
  LEAD))``, or a point entry ``(SUIT : (game str LEAD))``), set to a literal name that is
  no value of those attributes: after that ``set`` every test fails (Hearts' lead written
  ``(set (game str LEAD) SUIT)``, the attribute's name where the card's suit was meant:
  follow suit never holds after a lead), or set to a card's other attribute whose values
  none of them has (Crazy Eights' suit to follow set to the rank of the top card: only
  the same rank or an eight can be played). `leftovers.never_held` is the other side (a test
  against a name no ``set`` writes); a storage also tested against literal names may hold
  a name no card has on purpose (Go Fish's ``WHO`` set to ``NONE``, Golf's ``DRAWFROM``
  set to ``NONE``) and is not judged.
- **a contest most cards tie in** (`tied_contests`): the owner of the ``max``/``min`` of
  a collection under a point table of literal entries chooses a player (a trick's winner),
  and more than half of the game's cards score the same by that table: the contest is
  decided among them at random (CARDSTOCK breaks ties at random), not by the cards (a
  trick taken by Hearts' penalty table, hearts 1 and the Queen of spades 13: the other
  38 cards all score 0). Of the 95 real files' contests by literal tables the most any
  leaves tied is a third of the cards (Kuhn Poker's three cards score 1, 2, 3).
- **a move out of a place no card has reached** (`empty_sources`): in the setup (and the
  top-level ``do``s before the first stage, in the order the rules run them), a move
  whose source is a place no deck was created in and no earlier move put cards into: it
  moves nothing (Pairs' "as long as possible: move the top card of DISCARD on top of
  DECK" as the first line of the setup, before any deck is made).
- **a read of a place no card has reached** (`empty_reads`): in the same part of the
  rules, the top (or bottom) card of such a place read as a value: there is no card, so
  what is set from it is empty (Crazy Eights without its starter card: the suit to
  follow read from the top of the empty discard pile; blind reader r53b, inv-21's
  rank 3: "no starter card").
- **a test of a place no card has reached** (`empty_tests`, round 61, s61g): in the same
  part of the rules, a guard whose test reads a place (its size, its cards, their best
  by a table) that no deck was created in and no earlier move put cards into: the place
  is empty whenever the test runs, so the test has one outcome (Spite and Malice with no
  opening upcard: "the player whose upcard is highest starts" reads the empty upcards,
  holds for nobody, and seat 0 always starts; campaign ablate-35's rank 5, blind reader
  4 against the seed's 7). A guard that also reads the top card of such a place is
  `empty_reads`'; a loop that fills the place counts as filling it before its tests.

- **a set each pass overwrites** (`overwritten_sets`): inside ``(all COLL 'V ...)``, an
  unguarded ``set`` of a storage to a value reading 'V that nothing in the loop reads:
  only the last member counts (a Go Fish whose rank asked is the last group's, never
  chosen; blind reader r50c).

- **an increment out of line** (`outlier_increments`): an ``inc`` by a number more than
  ten times every other ``inc`` of the game (a Scopa sweep worth 62 among 1s); and
  (`outlier_awards`, round 58) an ``inc`` of a storage at least 3 times every other of the
  same storage, of at least 4 (a Scopa's "most cards" worth 3 among 1s).
- **a number no test tells from 0** (`untold_numbers`): an integer storage read only by
  ``==``/``!=`` against numbers, none of them 0, set to a number none of them is: it then
  reads as its default 0 does (President's "a single was played" set to 96 where every
  test asks for 1: the play counts as none).
- **a ``cycle next`` at the top level nothing reads** (`unused_queues`): the top level's
  turn never passes and a stage starts with the current player, so the queued player is
  never made current (Hearts' "the lowest club leads" written ``cycle next`` where the
  seed says ``cycle current``: seat 0 leads; campaign inv-21's 05, issue 37).

- **a move onto the place it takes from** (`self_moves`, round 55): a ``move`` whose
  destination is written exactly as its source (``(move (top (game hloc STOCK)) (top
  (game hloc STOCK)))``): the card is taken off and put back where it was, and nothing
  changes. As a choice item it is a pass offered whenever the place has a card, free of
  every cost the other options carry (campaign inv-23's new kind 02, Go Fish with such a
  pass under ``scoring min``, that its blind reader r55b rated 2 against the seed's 6).

None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of them
(tests/fitness/test_voids.py). A deck value named like a place (``(VALUE (DECK, TEN))``)
is judged by `soundness.point_tables`: a place's name is not a rule singling the value
out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from evogame.fitness.soundness import Defect, _owner, _place, declared_numbers, named, number
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.content import deck_values

#: More than this share of the game's cards scoring alike makes a contest a tie.
TIED_SHARE = 0.5


def _attributes(game: A.Game) -> dict[str, set[str]]:
    """Every deck attribute of the rules, with the values some card has for it."""
    out: dict[str, set[str]] = {}
    for deck in deck_values(game):
        for a, vs in deck.items():
            out.setdefault(a, set()).update(vs)
    return out


def _str_key(node: A.Node) -> str | None:
    if isinstance(node, A.StrStorage) and isinstance(node.name, A.NameLit):
        return node.name.value
    return None


def unmet_sets(game: A.Game) -> list[Defect]:
    """Each ``set`` of a string storage to a literal name that none of the storage's
    tests can meet: every test compares it with a card's attribute, and the name is no
    value of those attributes (module docstring). Storages are told apart by name,
    owners alike; a storage used any other way (another storage set from it, a test
    against a literal name or another storage) is not judged."""
    attrs = _attributes(game)
    parent = A.game_parents(game)
    sets: dict[str, list[A.SetStr]] = {}
    tested: dict[str, set[str] | None] = {}  # attributes it is compared with; None: other uses
    for n in A.walk(game):
        if isinstance(n, A.StrStorage) and not isinstance(n.name, A.NameLit):
            return []  # a storage named by an expression may be any of them
        k = _str_key(n)
        if k is None:
            continue
        p = parent.get(id(n), (None,))[0]
        if isinstance(p, A.SetStr) and p.target is n:
            sets.setdefault(k, []).append(p)
            continue
        attr = None
        if isinstance(p, A.StrCmp):
            other = p.b if p.a is n else p.a
            if isinstance(other, A.CardAtt) and isinstance(other.attr, A.NameLit):
                attr = other.attr.value
        elif isinstance(p, A.SubAward) and p.value is n and isinstance(p.key, A.NameLit):
            attr = p.key.value
        have = tested.setdefault(k, set())
        if attr is None or have is None:
            tested[k] = None
        else:
            have.add(attr)
    out = []
    for k, writes in sets.items():
        names = tested.get(k)
        if not names:
            continue
        meet = set().union(*(attrs.get(a, set()) for a in names))
        for s in writes:
            v = s.value
            if isinstance(v, A.CardAtt) and isinstance(v.attr, A.NameLit):
                other = v.attr.value
                if other in names or attrs.get(other, set()) & meet or other not in attrs:
                    continue
                out.append(
                    Defect(
                        where(s),
                        f"{k} is set to a card's {other}, and every test of {k} compares it "
                        f"with a card's {', '.join(sorted(names))}: no {other} is a "
                        f"{' or '.join(sorted(names))}, so after this every test of it fails",
                    )
                )
                continue
            if not isinstance(v, A.NameLit) or not v.value or v.value in meet:
                continue
            what = " (the attribute's name, not a value of it)" if v.value in names else ""
            out.append(
                Defect(
                    where(s),
                    f"{k} is set to {v.value}{what}, and every test of {k} compares it with "
                    f"a card's {', '.join(sorted(names))}: no card has {v.value}, so after "
                    "this every test of it fails",
                )
            )
    return out


def _scores(init: A.InitPoints, cards: list[dict[str, str]]) -> Counter | None:
    """How many of `cards` score each number by the table `init`; None when an entry is
    not literal (its conditions or its points)."""
    entries = []
    for award in init.awards:
        if not isinstance(award.value, A.IntLit):
            return None
        conds = []
        for c in award.conds:
            if not (isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)):
                return None
            conds.append((c.key.value, c.value.value))
        entries.append((conds, award.value.value))
    return Counter(
        sum(p for conds, p in entries if all(card.get(a) == v for a, v in conds)) for card in cards
    )


def tied_contests(game: A.Game) -> list[Defect]:
    """Each ``(owner (max|min X using T))`` whose table T (every ``set`` of it of literal
    entries) scores more than `TIED_SHARE` of the game's cards alike (module docstring)."""
    from evogame.fitness.bindings import _all_cards

    cards = _all_cards(game)
    if not cards:
        return []
    tables: dict[str, list[A.InitPoints]] = {}
    for n in A.walk(game):
        if isinstance(n, A.InitPoints):
            tables.setdefault(to_text(n.target), []).append(n)
    out, seen = [], set()
    for n in A.walk(game):
        if not (isinstance(n, A.OwnerOf) and isinstance(n.card, A.Extremum)):
            continue
        name = to_text(n.card.points)
        inits = tables.get(name, [])
        if not inits or name in seen:
            continue
        counts = [_scores(i, cards) for i in inits]
        if any(c is None for c in counts):
            continue
        for init, c in zip(inits, counts, strict=True):
            score, tied = c.most_common(1)[0]
            if tied > TIED_SHARE * len(cards):
                seen.add(name)
                out.append(
                    Defect(
                        where(n),
                        f"the owner of the {n.card.which.value} by {name} wins here, and "
                        f"{tied} of the game's {len(cards)} cards score {score} by it "
                        f"(set at {where(init)}): among them the winner is drawn at "
                        "random, not chosen by the cards",
                    )
                )
                break
    return out


def _prefix(game: A.Game) -> list[A.Node]:
    """What runs before the first stage, in order: the setup's items, then the
    top-level items of the body up to the first stage."""
    out = list(game.setup.decks)
    for item in game.body:
        if isinstance(item, A.Stage):
            break
        out.append(item)
    return out


def _keys(node: A.Node) -> set[tuple] | None:
    """The places (owner type, vis, name, index) named in `node`; None when one is named
    by an expression."""
    out = set()
    for n in A.walk(node):
        if isinstance(n, A.Location):
            k = _place(n)
            if k is None:
                return None
            out.add(k)
    return out


def _units(node: A.Node) -> list[A.Node]:
    """`node` split into the actions it runs in order (a ``do``'s items, each one); a
    loop is one unit (what it fills counts for all of it)."""
    if isinstance(node, A.Do):
        return [u for item in node.items for u in _units(item)]
    return [node]


def empty_sources(game: A.Game) -> list[Defect]:
    """Each move of the setup (and of the top-level ``do``s before the first stage) out of
    a place nothing has put a card in yet (module docstring). Rules run in order; a unit
    (one action, or a loop) fills what any move of it puts cards into before its own
    moves are judged."""
    out = []
    for unit, filled, _moved in _setup_units(game):
        for n in A.walk(unit):
            if n.PUTS is None:
                continue
            src = _keys(n.src)
            if src is None:
                return out
            for k in sorted(src - filled, key=str):
                out.append(
                    Defect(
                        where(n),
                        f"this moves cards out of {to_text(_named(n.src, k))} before any card "
                        "is there (no deck is created in it and no rule before puts one "
                        "in): it moves nothing",
                    )
                )
    return out


def _setup_units(game: A.Game) -> Iterator[tuple[A.Node, set[tuple], set[int]]]:
    """Each unit of what runs before the first stage (`_prefix`, split by `_units`), in
    order, with the places filled once it has run (decks created in them and moves'
    destinations, of this unit and every one before it) and the ids of the nodes of its
    moves' sources and destinations (`_unit_puts`); stops before a unit that puts cards
    in a place named by an expression (it may be any of them). For `empty_sources` and
    `empty_reads`."""
    filled: set[tuple] = set()
    for unit in (u for item in _prefix(game) for u in _units(item)):
        puts, moved = _unit_puts(unit)
        if puts is None:
            return
        filled |= puts
        yield unit, filled, moved


def _unit_puts(unit: A.Node) -> tuple[set[tuple] | None, set[int]]:
    """(the places a unit of the setup puts cards in: decks created, moves' destinations;
    None when one is named by an expression, the ids of the nodes of its moves' sources
    and destinations), for `_setup_units`."""
    puts: set[tuple] = set()
    moved: set[int] = set()
    for n in A.walk(unit):
        if isinstance(n, A.CreateDeck):
            got = _keys(n.loc)
        elif n.PUTS is not None:
            got = _keys(n.dst)
            moved |= {id(x) for part in (n.src, n.dst) for x in A.walk(part)}
        else:
            continue
        if got is None:
            return None, moved
        puts |= got
    return puts, moved


def empty_reads(game: A.Game) -> list[Defect]:
    """Each read of the top (or bottom) card of a place, in the setup (and the top-level
    ``do``s before the first stage), when nothing has put a card in that place yet
    (module docstring): the read finds no card, so what is set from it is "" or 0
    (Crazy Eights without its starter card: the suit to follow is read from the top of an
    empty discard pile). The rules run in order, and a unit (one action, or a loop) fills
    what any move of it puts cards into before its reads are judged, as in
    `empty_sources`; a move's own source is `empty_sources`'s, not judged here. None of
    the 95 real files has one (every setup that reads a top card turns it up first)."""
    out = []
    for unit, filled, moved in _setup_units(game):
        for n in A.walk(unit):
            if not isinstance(n, A.Top | A.Bottom) or id(n) in moved:
                continue
            if not isinstance(n.coll, A.Location) or (k := _place(n.coll)) is None:
                continue
            if k not in filled:
                out.append(
                    Defect(
                        where(n),
                        f"this reads the {n.PICKS} card of {to_text(n.coll)} before any card "
                        "is there (no deck is created in it and no rule before puts one "
                        "in): it reads no card, and what is set from it is empty",
                    )
                )
    return out


def empty_tests(game: A.Game) -> list[Defect]:
    """Each guard of the setup (and of the top-level ``do``s before the first stage) whose
    test reads a place nothing has put a card in yet, in the order of `empty_sources`
    (module docstring): the place is empty whenever the test runs, so its outcome is
    fixed (Spite and Malice's "the highest upcard starts" with no upcard turned: no one
    has the highest, seat 0 always starts). A test that reads the top (or bottom) card of
    such a place is `empty_reads`' and is left to it; one defect a guard."""
    out = []
    for unit, filled, moved in _setup_units(game):
        for guard in A.walk(unit):
            if not isinstance(guard, A.Guarded | A.Ensure):
                continue
            empty = [
                n
                for n in A.walk(guard.cond)
                if isinstance(n, A.Location)
                and id(n) not in moved
                and (k := _place(n)) is not None
                and k not in filled
            ]
            picked = {id(n.coll) for n in A.walk(guard.cond) if isinstance(n, A.Top | A.Bottom)}
            if not empty or any(id(n) in picked for n in empty):
                continue
            out.append(
                Defect(
                    where(guard),
                    f"this test reads {to_text(empty[0])} before any card is there (no deck "
                    "is created in it and no rule before puts one in): the place is empty "
                    "whenever it runs, so the test always comes out the same",
                )
            )
    return out


def _named(node: A.Node, key: tuple) -> A.Node:
    return next(n for n in A.walk(node) if isinstance(n, A.Location) and _place(n) == key)


def overwritten_sets(game: A.Game) -> list[Defect]:
    """``set``s made on every pass of ``(all COLL 'V ...)`` (an item of its body, under no
    guard) to a value that reads 'V, of a storage whose name does not, that nothing in the
    body reads: each pass overwrites the last, so only the last member counts, and the
    loop is a roundabout "the last of COLL" (a Go Fish whose asked rank is set for each
    rank group of the hand in turn: the rank asked is the last group's, never chosen;
    blind reader r50c). None of the 95 real files has one."""
    out = []
    for loop in A.walk(game):
        if not (isinstance(loop, A.AggAction) and loop.quant is A.Quant.ALL):
            continue
        var = loop.var.name
        items = loop.body.items if isinstance(loop.body, A.Do) else (loop.body,)
        for st in items:
            if not isinstance(st, A.SetInt | A.SetStr):
                continue
            if any(isinstance(n, A.Var) and n.name == var for n in A.walk(st.target)):
                continue  # a storage of each member: every pass writes its own
            if not any(isinstance(n, A.Var) and n.name == var for n in A.walk(st.value)):
                continue  # the same value each pass
            key = to_text(st.target)
            if any(n is not st.target and to_text(n) == key for n in A.walk(loop.body)):
                continue  # read between passes
            out.append(
                Defect(
                    where(st),
                    f"{key} is set on every pass of the loop over {to_text(loop.coll)} and "
                    "read by none: each pass overwrites the last, so only the last member "
                    "counts",
                )
            )
    return out


#: An increment more than this many times every other of the game is out of line (the
#: real files' largest is twice the others': Sheepshead's 4 among 1 and 2).
INCREMENT_RATIO = 10


def outlier_increments(game: A.Game) -> list[Defect]:
    """An ``inc`` by a number (a literal or a declared constant) more than
    `INCREMENT_RATIO` times every other such ``inc`` of the game (at least two others):
    one event worth more than all the rest (a Scopa whose sweep adds 62 where cards,
    coins, the settebello and primiera add 1 each; blind reader r50c: "swamps all other
    scoring"). None of the 95 real files has one."""
    declared = declared_numbers(game)
    incs = [(n, number(n.value, declared)) for n in A.walk(game) if isinstance(n, A.IncInt)]
    incs = [(n, c) for n, c in incs if c is not None and c > 0]
    out = []
    for i, (n, c) in enumerate(incs):
        others = [x for j, (_m, x) in enumerate(incs) if j != i]
        if len(others) >= 2 and c > INCREMENT_RATIO * (most := max(others)):
            out.append(
                Defect(
                    where(n),
                    f"{to_text(n.target)} goes up by {c} here, and by at most {most} "
                    f"anywhere else in the rules: this one event outweighs all the others",
                )
            )
    return out


#: An increment at least this many times every other of its storage is out of line
#: (`outlier_awards`; the real files' largest is twice the next: Sheepshead's SCORE 4, 2,
#: 1, 1).
AWARD_RATIO = 3
#: Increments of one storage (by a number) a tally needs before one can be out of line.
AWARD_ENTRIES = 4


def outlier_awards(game: A.Game) -> list[Defect]:
    """An ``inc`` of a storage by a number worth at least `AWARD_RATIO` times every other
    ``inc`` of that storage (by name and owner kind, at least `AWARD_ENTRIES` of them, by
    numbers > 0): one entry of a tally of points worth several of its siblings,

        top >= AWARD_RATIO * second        (points; top the largest, second the next)

    (a Scopa's "most cards" worth 3 where the other point entries are worth 1: campaign
    ablate-28's rank 4, blind reader 5 against the seed's 7). `outlier_increments` asks
    for ten times every ``inc`` of the game; this asks less of the entries of one tally.
    None of the 95 real files has one: the nearest is Sheepshead's SCORE (4, 2, 1, 1),
    ratio 2."""
    declared = declared_numbers(game)
    by: dict[tuple, list[tuple[A.Node, int]]] = {}
    for n in A.walk(game):
        if not isinstance(n, A.IncInt) or not isinstance(n.target.name, A.NameLit):
            continue
        c = number(n.value, declared)
        if c is not None and c > 0:
            key = (_owner(n.target), n.target.name.value)
            by.setdefault(key, []).append((n, c))
    named_already = {d.where for d in outlier_increments(game)}  # one spot, one defect
    out = []
    for incs in by.values():
        if len(incs) < AWARD_ENTRIES:
            continue
        ranked = sorted(incs, key=lambda e: e[1], reverse=True)
        (n, top), (_m, second) = ranked[0], ranked[1]
        if top >= AWARD_RATIO * second and where(n) not in named_already:
            out.append(
                Defect(
                    where(n),
                    f"{to_text(n.target)} goes up by {top} here, {top // second} times or "
                    f"more what any of its other {len(incs) - 1} increments adds (at most "
                    f"{second}): one entry of the tally outweighs several of the others",
                )
            )
    return out


def untold_numbers(game: A.Game) -> list[Defect]:
    """``set`` of an integer storage (by name, owners alike) to a number K that no test of
    it tells from the default 0: every read of the storage is ``(== X N)`` or ``(!= X N)``
    with N a number (or a declared constant), 0 is none of those N, and neither is K, so
    after the set every test reads as it would with 0 (static). A storage also written
    by ``inc``/``dec`` or a computed value, or read any other way, is not judged; a flag
    tested against 0 and set to 1 (Pairs' FOUND, Sheepshead's SCORED) is told apart."""
    declared = declared_numbers(game)
    parent = A.game_parents(game)
    sets: dict[str, list[tuple[A.Node, int]]] = {}
    tested: dict[str, set[int]] = {}
    other: set[str] = set()
    for n in A.walk(game):
        if not isinstance(n, A.IntStorage):
            continue
        if not isinstance(n.name, A.NameLit):
            return []  # a storage named by an expression may be any of them
        k = n.name.value
        p = parent.get(id(n), (None,))[0]
        if p is not None and p.STORES is not None and p.target is n:
            v = number(p.value, declared) if isinstance(p, A.SetInt) else None
            if v is None:
                other.add(k)
            else:
                sets.setdefault(k, []).append((p, v))
            continue
        if isinstance(p, A.IntCmp) and p.op in (A.CmpOp.EQ, A.CmpOp.NE):
            v = number(p.b if p.a is n else p.a, declared)
            if v is not None:
                tested.setdefault(k, set()).add(v)
                continue
        other.add(k)
    out = []
    for k, writes in sets.items():
        told = tested.get(k)
        if k in other or not told or 0 in told:
            continue
        for s, v in writes:
            if v != 0 and v not in told:
                asks = " or ".join(str(t) for t in sorted(told))
                out.append(
                    Defect(
                        where(s),
                        f"{k} is set to {v}, but every test of {k} asks for {asks}: {v} "
                        "reads as 0, as if it were never set",
                    )
                )
    return out


def unused_queues(game: A.Game) -> list[Defect]:
    """``(cycle next X)`` at the game's top level (outside every stage) when no top-level
    rule reads ``next``: X is never made current (static). The top level's player cycle
    never advances, and a stage starts at the enclosing cycle's current seat, not at its
    queued one (CARDSTOCK's ``StageCycle(StageCycle source)`` copies ``idx``, not
    ``queuedNext``; the scoring too reads a fresh copy), so the queued seat is read only by
    a ``next`` (``(next player)``, ``(cycle current next)``) in a top-level rule; with
    none, the rule does nothing. Hearts' "the lowest club leads" written ``cycle next``
    where the seed says ``cycle current`` (campaign inv-21's 05): seat 0 leads the first
    trick in 200 of 200 random games, though the rule reads as the club's holder leading.
    A boolean measure (0 or 1 defect per rule); none of the 95 real files has a
    ``cycle next`` at the top level (their 20 cycle actions just before a stage are all
    ``cycle current``), so 0 on all of them; it costs 0.05 ms CPU a file over the 95 (load
    about 13)."""
    top = [it for it in game.body if not isinstance(it, A.Stage)]
    nodes = [x for it in top for x in A.walk(it)]
    if any(isinstance(x, (A.RelPlayer, A.RelKeyword)) and x.rel is A.Rel.NEXT for x in nodes):
        return []
    return [
        Defect(
            where(x),
            "cycle next at the top level, where the turn never passes: a stage starts with "
            "the current player, so the player queued here is never made current by it "
            "(cycle current makes a player current now)",
        )
        for x in nodes
        if isinstance(x, A.Cycle) and x.mode is A.CycleMode.NEXT
    ]


def self_moves(game: A.Game) -> list[Defect]:
    """Each ``(move SRC DST)`` whose DST is the same expression as SRC (compared as trees,
    their positions in the file aside), drawing no chance (``((random 3) X)`` twice
    names two positions at random): one card taken from a place and put back at the
    same end of it, so the move changes nothing (module docstring). A boolean measure (0
    or 1 defect per move); of the 95 real files' moves none has its destination equal to
    its source, nor even a place read in its source named again in its destination (a
    pile's top card turned under, ``(move (top X) (bottom X))``, would be one, and is a
    rule: it is not judged), so 0 on all of them."""
    return [
        Defect(
            where(n),
            f"this move takes {to_text(n.src)} and puts it back where it was: it changes "
            "nothing (as an option, a pass that costs nothing)",
        )
        for n in A.walk(game)
        if isinstance(n, A.Move) and n.src == n.dst and not any(x.CHANCE for x in A.walk(n.src))
    ]


def defects(game: A.Game) -> list[Defect]:
    """Every check, in this module's order."""
    return [
        *named(unmet_sets, game),
        *named(tied_contests, game),
        *named(empty_sources, game),
        *named(empty_reads, game),
        *named(empty_tests, game),
        *named(overwritten_sets, game),
        *named(outlier_increments, game),
        *named(outlier_awards, game),
        *named(untold_numbers, game),
        *named(unused_queues, game),
        *named(self_moves, game),
    ]
