"""A shuffle in the play that cannot change anything a player can know: defects of the
`soundness` component, read from the rules alone (round 57, issue 35).

A campaign's Crazy Eights shuffled its face-down stock after every card played; its blind
reader asked "why shuffle a face-down pile every turn?". The stock was shuffled before the
deal, and since then it has only lost cards from its top: no rule puts a card back in.
The order of what is left is then as unknown to every player as it was right after that
shuffle (dealing the top k cards of a uniformly shuffled pile leaves the rest uniformly
shuffled), so shuffling it again draws a new order from the same distribution: no player
can tell the game with the shuffle from the game without it. Real games shuffle in the
play only a pile cards have come back into (a discard pile turned over into an empty
stock, the cards of a hand gathered for the next deal).

**A pile that only lost cards from its top** (`idle_shuffles`). A ``(shuffle P)`` inside
a stage is named when P is a pile of the table no player sees (the game's ``hloc`` or
``iloc``, a literal name, no index) and

1. P is shuffled before the first stage (the setup and the top-level rules before it,
   in the order they run), and every rule that puts cards into P (a deck created in it, a
   ``move`` or ``remember`` to it, a faro shuffle into it; places of P's name under any
   index count) runs before the last such shuffle: in the play no card enters P;
2. every other mention of P leaves its order unread: ``(size P)``, or the ``top`` or
   ``bottom`` of P as the card a ``move`` takes (a draw). A card of P read as a value, a
   filter or a loop over P, or a pick by position other than its ends leaves P alone
   (a card taken for what it is, or a test of the top card a player then sees, tells the
   players something of the order);
3. no rule puts cards into a place named by an expression (it may be P): the game is
   not judged.

The measure is a count per file of the shuffles meeting 1-3 (0 or more); the defect is
any. Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/
test_shuffles.py, /work/runs-archive/s57c/shuffles_margins.txt): 0 named. Each of their 54
shuffles inside a stage shuffles a pile that cards enter in the play (1 to 4 rules each:
a discard pile turned over into the stock, hands and tricks gathered for the next deal,
a pile of won cards), so all 54 fail condition 1. CPU: 1.0 s for the 95 files, the
margins' listing included.

**A pile whose order no rule reads** (`unread_orders`, the other half of the reader's
rule): a ``(shuffle P)`` inside a stage, P a place of any owner and visibility (literal
name), is named when every mention of P's name (under its owner type and visibility)
uses its cards with no regard to their order: a ``size``, a ``sum ... using``, a
``sumof``/``maxof``/``minof`` or boolean ``any``/``all`` over them, a pick a player makes
among them (an ``any`` offered as a choice item), a filter or set operation used so, a
shuffle, a deck created there, or its top or bottom as where a ``move`` puts a card.
Anything else reads the order (its top card taken, a ``max`` whose ties the order may
break, a loop run as a rule that moves them one by one); a place named by an expression
leaves the game unjudged. Every one of the 54 real shuffles in a stage shuffles a pile
whose top card a ``move`` takes (a draw, a deal): 0 named
(/work/runs-archive/s57c/unread_margins.py, .txt). A shuffle both halves name counts once.

Not judged by either: a pile first shuffled in the play and read in order (a stage that
deals, run once), a face-up pile read in order (the order a player saw is knowledge a
shuffle takes away), a top card of a hidden pile read as a value.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _owner, named
from evogame.fitness.voids import _prefix, _units
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: Visibilities of a table's place that no player sees (the engine's `seen`: the game's
#: ``iloc`` has no owner to see it).
_UNSEEN = ("hloc", "iloc")


def _key(loc: A.Node) -> tuple | None:
    """A place's identity without its index: (owner type, visibility, name); None when
    its name is computed or its owner unknown."""
    if not isinstance(loc, A.Location | A.Indexed) or not isinstance(loc.name, A.NameLit):
        return None
    owner = _owner(loc)
    return None if owner is None else (owner, loc.vis.value, loc.name.value)


def _puts(node: A.Node) -> list[A.Node] | None:
    """The places `node` puts cards into when it is a rule that does (a deck created, a
    move or remember's destination, a faro's first pile); [] for any other node; None
    when a destination names no place the rules spell out."""
    if isinstance(node, A.CreateDeck):
        where_to = node.loc
    elif isinstance(node, A.ShuffleFaro):
        where_to = node.a
    elif node.PUTS is not None:
        where_to = getattr(node, node.PUTS)
    else:
        return []
    locs = [n for n in A.walk(where_to) if isinstance(n, A.Location | A.Indexed)]
    if not locs or any(not isinstance(n.name, A.NameLit) for n in locs):
        return None
    return locs


def _drawn(loc: A.Node, up: dict) -> bool:
    """Whether the mention `loc` of a place reads no order: a count of it, a shuffle of
    it, or its top or bottom card taken by a ``move`` (condition 2)."""
    p = up.get(id(loc))
    if p is None:
        return False
    parent = p[0]
    if isinstance(parent, A.Size | A.Shuffle):
        return True
    if isinstance(parent, A.Top | A.Bottom) and (q := up.get(id(parent))) is not None:
        return isinstance(q[0], A.Move) and q[1] == "src"
    return False


def idle_shuffles(game: A.Game) -> list[Defect]:
    """Each shuffle in the play of a hidden pile no card enters in the play (module
    docstring)."""
    up = A.game_parents(game)
    inside: set[int] = set()  # the nodes of stages
    for n in A.walk(game):
        if isinstance(n, A.Stage):
            inside.update(id(x) for x in A.walk(n))
    opening = [u for item in _prefix(game) for u in _units(item)]
    # where each opening node runs: the index of its unit
    unit_of = {id(x): i for i, u in enumerate(opening) for x in A.walk(u)}
    entries: dict[tuple, list[int]] = {}  # place -> the units putting cards in (-1: play)
    for n in A.walk(game):
        locs = _puts(n)
        if locs is None:
            return []  # condition 3
        for loc in locs:
            if (k := _key(loc)) is not None:
                entries.setdefault(k, []).append(unit_of.get(id(n), -1))
    out = []
    for s in A.walk(game):
        if not isinstance(s, A.Shuffle) or id(s) not in inside:
            continue
        k = _key(s.loc)
        if k is None or k[0] != "GAME" or k[1] not in _UNSEEN or s.loc.index is not None:
            continue
        last = max(
            (unit_of[id(x)] for x in A.walk(game) if isinstance(x, A.Shuffle) and id(x) in unit_of
             and _key(x.loc) == k),
            default=None,
        )  # fmt: skip
        if last is None:
            continue  # not shuffled before the play
        if any(i < 0 or i >= last for i in entries.get(k, [])):
            continue  # condition 1: cards enter P after its last opening shuffle
        mentions = [
            n for n in A.walk(game) if isinstance(n, A.Location | A.Indexed) and _key(n) == k
        ]
        if not all(_drawn(n, up) or _entered(n, up) for n in mentions):
            continue  # condition 2
        out.append(_defect(s))
    return out


def _entered(loc: A.Node, up: dict) -> bool:
    """Whether the mention `loc` is where a rule of the opening puts cards (a deck created
    in it, a move's destination): condition 1 judged those."""
    node = loc
    while (p := up.get(id(node))) is not None:
        parent, field, _ = p
        if isinstance(parent, A.CreateDeck) and field == "loc":
            return True
        if parent.PUTS is not None and field == parent.PUTS:
            return True
        if not isinstance(parent, A.Top | A.Bottom):
            return False
        node = parent
    return False


def _order_free(node: A.Node, up: dict) -> bool:
    """Whether the cards `node` (a place, or a filter or union of it) stand for are used
    with no regard to their order: counted, summed, tested each, a pick a player makes
    among them, shuffled, or the place a ``move`` puts a card on (`unread_orders`)."""
    p = up.get(id(node))
    if p is None:
        return False
    parent, field, _ = p
    if isinstance(parent, A.Size | A.Shuffle | A.SumPoints):
        return True
    if isinstance(parent, A.CreateDeck) and field == "loc":
        return True
    if isinstance(parent, A.AggInt | A.AggBool) and field == "coll":
        return True
    if isinstance(parent, A.AggAction) and field == "coll":
        # a pick among the cards, offered as a choice: which card, not where it lay
        return parent.quant is A.Quant.ANY and _offered(parent, up)
    if isinstance(parent, A.Filter | A.SetOp) and field in ("coll", "parts"):
        return _order_free(parent, up)
    if isinstance(parent, A.Top | A.Bottom) and (q := up.get(id(parent))) is not None:
        return isinstance(node, A.Location) and q[0].PUTS is not None and q[1] == q[0].PUTS
    return False


def _offered(node: A.Node, up: dict) -> bool:
    """Whether `node` is a choice item's action (an option offered), not a rule run."""
    while (p := up.get(id(node))) is not None:
        if isinstance(p[0], A.Choice):
            return True
        if not isinstance(p[0], A.Guarded | A.Ensure):
            return False
        node = p[0]
    return False


def unread_orders(game: A.Game) -> list[Defect]:
    """Each shuffle in the play of a pile whose order no rule reads (`_order_free` at every
    mention of its name, under its owner type and visibility): it changes nothing, whoever
    sees the pile. Not judged when a place is named by an expression (it may be the
    pile)."""
    if any(
        isinstance(n, A.Location | A.Indexed) and not isinstance(n.name, A.NameLit)
        for n in A.walk(game)
    ):
        return []
    up = A.game_parents(game)
    mentions: dict[tuple, list[A.Node]] = {}
    for n in A.walk(game):
        if isinstance(n, A.Location | A.Indexed) and (k := _key(n)) is not None:
            mentions.setdefault(k, []).append(n)
    out = []
    for s in _play_shuffles(game):
        k = _key(s.loc)
        if k is None or not isinstance(s.loc, A.Location):
            continue
        if all(isinstance(n, A.Location) and _order_free(n, up) for n in mentions[k]):
            out.append(
                Defect(
                    where(s),
                    f"this shuffles {to_line(s.loc)}, and no rule reads "
                    "the order of its cards (they are only counted, scored, put there or "
                    "picked from by a player): the shuffle changes nothing",
                )
            )
    return out


def _play_shuffles(game: A.Game) -> list[A.Shuffle]:
    """The shuffles inside stages, in text order."""
    seen: set[int] = set()
    out = []
    for st in A.walk(game):
        if isinstance(st, A.Stage):
            for n in A.walk(st):
                if isinstance(n, A.Shuffle) and id(n) not in seen:
                    seen.add(id(n))
                    out.append(n)
    return out


def _defect(s: A.Shuffle) -> Defect:
    pile = to_line(s.loc)
    return Defect(
        where(s),
        f"this shuffles {pile}, a face-down pile shuffled before the play that since then "
        "only loses cards from its top (no rule puts a card back in): its order is already "
        "unknown to every player, so shuffling it again changes nothing a player can know",
    )


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module (a shuffle both name is counted once, as idle)."""
    idle = named(idle_shuffles, game)
    spots = {d.where for d in idle}
    return idle + [d for d in named(unread_orders, game) if d.where not in spots]
