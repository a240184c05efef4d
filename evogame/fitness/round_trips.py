"""Cards sent out of a place only to come back to it: a defect of the `soundness`
component, read from the rules alone (round 59, issue 35).

Hearts passes cards to the left: each player moves PASS cards from the hand to a place
OUTGOING, and OUTGOING is then emptied into the *next* player's hand. Campaign
ablate-31's new kind 3 (/work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy)
empties it into ``((current player) iloc HAND)`` instead: every player chooses 11 cards
and takes them back (blind reader r58, 3 against Hearts' 7: "a pass of 11 cards back to
yourself"). The choices of the whole passing stage change nothing but the order of each
hand, and the judge saw play, agency and branching in them.

**The rule** (`round_trips`). A *holding place* B (a place by owner kind, visibility,
literal name and index text) with

- at least one ``move`` into it and one ``move`` out of it (moves of cards, the places
  the cards lie in read through the ``any``/``all``/``let`` variables that bind them:
  `soundness._moves_held`);
- every move into B takes its cards from one place A only, and every move out of B
  puts them into A only (the same owner kind, visibility, name and index), and each of
  these moves writes the same owner on both sides (``(current player)`` to ``(current
  player)``, ``'P`` to ``'P``): a card leaves a seat's A for that seat's B and comes back
  to that seat's A;
- no rule reads B but these moves and counts of its cards (``size``: an end that waits
  for PASS cards), so while cards lie there nothing looks at them;
- B is no more visible than A (hloc < iloc, oloc < vloc; an ``mem`` place is not judged):
  cards shown on their way (laid face up, then taken back) tell the table something;
- A and B are a player's, and the moves out of B lie in the top-level part (the setup, a
  stage or a ``do`` of the game) the moves into it lie in, or the next, with no other
  move of A in those parts: the cards come straight back.

Named where a move out of B is: "cards go from HAND to OUTGOING and back to the same
player's HAND". The order of A changes (the cards come back on top): this check does not
ask whether a rule reads A by position.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; tests/fitness/
test_round_trips.py::test_no_real_file_is_named): none named, 1.0 ms a file. Without the
two last conditions (a player's places; straight back with no other move of A), 8 would
be: the game's set-asides (Pairs' and ContinuousPairs' THROWOUT, Crazy and Sane Eights'
TEMP while the discard is turned over), whose home pile is dealt from or refilled while
the cards are away; either condition alone keeps all 8 out. Of round 58's ablate-31
database, 148 of 951 valid candidates (its Hearts line); of the other three, none
(docs/judge.md, round 59 s59c).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _moves_held
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: how much a visibility shows (an ``mem`` place holds references, not cards: not judged)
_SHOWS = {A.Vis.HLOC: 0, A.Vis.ILOC: 1, A.Vis.OLOC: 1, A.Vis.VLOC: 2}

Key = tuple[str, str, str, str]
#: a move through B: (B's place node, the places on the other side, the move)
Trip = tuple[A.Node, list[A.Node], A.Node]


def _key(place: A.Node) -> Key | None:
    """A place without its owner: (owner kind, visibility, literal name, index text);
    None for a computed name or an unknown owner."""
    if not isinstance(place.name, A.NameLit):
        return None
    try:
        kind = place.owner.result().name
    except (AttributeError, KeyError, TypeError):
        return None
    if isinstance(place, A.Indexed):
        return (kind, place.vis.value, place.name.value, "indexed")
    index = to_text(place.index) if place.index is not None else ""
    return (kind, place.vis.value, place.name.value, index)


def _places(node: A.Node) -> list[A.Node]:
    return [n for n in A.walk(node) if n.NAMED == "place"]


def round_trips(game: A.Game) -> list[Defect]:
    """Places cards are moved into from one place of the same seat and only ever moved
    back to it, read by nothing else but counts (module docstring: the rule)."""
    part = _parts(game)
    moves: list[tuple[A.Node, list[A.Node]]] = []
    _moves_held(game, {}, moves)
    ins: dict[Key, list[Trip]] = {}
    outs: dict[Key, list[Trip]] = {}
    used: set[int] = set()  # place nodes the moves name (sources and destinations)
    for m, held in moves:
        if not isinstance(m, A.Move):
            continue
        dst = _places(m.dst)
        src = list({id(n): n for n in (*_places(m.src), *held)}.values())
        used.update(id(n) for n in (*_places(m.dst), *_places(m.src)))
        if dst and (k := _key(dst[0])):
            ins.setdefault(k, []).append((dst[0], src, m))
        for s in src:
            if (k := _key(s)) and dst:
                outs.setdefault(k, []).append((s, [dst[0]], m))
    if any(n.NAMED == "place" and _key(n) is None for n in A.walk(game)):
        return []  # a computed place may be any of them
    counted = {id(p) for s in A.walk(game) if isinstance(s, A.Size) for p in _places(s.coll)}
    others = {_key(n) for n in A.walk(game) if n.NAMED == "place" and id(n) not in used | counted}
    out = []
    for b, into in ins.items():
        if b not in outs or b in others or b[1] not in {v.value for v in _SHOWS}:
            continue
        home = _home(into, outs[b])
        if home is None or home == b or home[0] != "PLAYER":
            continue
        trip = {id(m) for *_, m in (*into, *outs[b])}
        if not _straight_back(into, outs[b], part) or any(
            id(m) not in trip and home in {_key(n) for n in _places(m)}
            for m, _ in moves
            if part.get(id(m)) in {part.get(id(into[0][2])), part.get(id(outs[b][0][2]))}
        ):
            continue
        vis = {v.value: s for v, s in _SHOWS.items()}
        if vis[b[1]] > vis.get(home[1], -1):
            continue
        back = outs[b][0][2]
        out.append(
            Defect(
                where(back),
                f"cards go from {home[2]} to {b[2]} and back to the same player's {home[2]}, "
                f"and no rule reads them in between: the moves through {b[2]} change nothing "
                "but the order of the cards",
            )
        )
    return out


def _home(into: list[Trip], out_of: list[Trip]) -> Key | None:
    """The one place A every move into B takes from and every move out of B puts into,
    each move keeping its owner; None when there is none."""
    homes: set[Key] = set()
    for here, there, _ in [*into, *out_of]:
        if len(there) != 1 or to_text(there[0].owner) != to_text(here.owner):
            return None
        k = _key(there[0])
        if k is None:
            return None
        homes.add(k)
    return homes.pop() if len(homes) == 1 else None


def _parts(game: A.Game) -> dict[int, int]:
    """Each node's top-level part: -1 the setup, i the game's i-th stage or ``do``."""
    out = {id(n): -1 for n in A.walk(game.setup)}
    for i, item in enumerate(game.body):
        out.update((id(n), i) for n in A.walk(item))
    return out


def _straight_back(into: list[Trip], out_of: list[Trip], part: dict[int, int]) -> bool:
    """Whether every move into B lies in one top-level part i, and every move out of B
    in part i or the next: the cards come straight back."""
    first = {part.get(id(m)) for *_, m in into}
    then = {part.get(id(m)) for *_, m in out_of}
    if len(first) != 1 or len(then) != 1:
        return False
    (i,), (j,) = first, then
    return i is not None and j is not None and j in (i, i + 1)


def defects(game: A.Game) -> list[Defect]:
    """Everything this module names in `game`."""
    return round_trips(game)
