"""A transfer from a picked player to the chooser, where the chooser may pick themselves: a
defect of the `soundness` component, read from the rules alone (round 60, issue 35;
campaign inv-33's rank 4 and inv-32's rank 3 of round 59, Go Fish "asking yourself").

What a designer sees: on their turn a player picks another player to take cards from (Go
Fish's ask: "the player asked hands over every card of the rank"), but the seats offered
include the player's own, so the player may ask themselves. The cards then move from the
player's hand to the same hand: nothing changes, the ask "succeeds" and the turn goes on,
as often as the player likes (blind readers of round 59: 2 against the seed's 5, "ask
yourself forever"). Our Go Fish seed picks the target among ``(other player)``; an edit
that widens the range to ``player`` (or a filter of it) lets the chooser in.

**The rule.** A choice item's ``any`` binds 'P over every player (``player`` or a
``filter`` of it whose condition compares no seat, so the current player is among them),
and cards go between 'P's place X and the current player's place X (same owner kind,
visibility, literal name and index), either way, by

1. a ``move`` inside that ``any`` whose source is (a card or part of) 'P's X and whose
   destination is the current player's X, or the reverse; or
2. a mark: the ``any`` sets ``('P sto S)`` (or ``str``) to a literal v, and a ``move``
   anywhere in the rules, under an ``all``/``any`` binding 'Q over players and a guard
   comparing ``('Q sto S)`` with v by ``==``, takes from 'Q's X to the current player's X
   (or the reverse): the seat picked is the seat the move takes from.

A move's source or destination is followed through ``top``/``bottom``/index picks,
``filter``, ``sort``, a ``partition`` of one place, and variables bound over them. One
defect per picking ``any``, named there. A transfer of storage (Coup4's steal of 2 coins
from any player, the stealer among them) is not a move of cards and is not judged: the
95 real files have no such card transfer (CARDSTOCK's Go Fish files and our seed pick
from ``(other player)``).

A second kind (`sure_asks`, inv-32's rank 3 "asking from the target's own hand"): the
value asked (a rank) is picked among the cards of the asked seat's hidden place, and a
rule then looks for it in that place: the asker is offered what the other player's hidden
hand holds, and the ask cannot miss (see `sure_asks`). No real file has it.
"""

from __future__ import annotations

from evogame.fitness.marks import _ancestors, _binder, _item
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, to_text, where


def _includes_chooser(coll: A.Node) -> bool:
    """Is `coll` every player, or a filter of every player that compares no seat (so the
    current player stays among them whatever the condition asks of cards or storage)?"""
    while isinstance(coll, A.Filter):
        if any(isinstance(n, A.PlayerCmp) for n in A.walk(coll.cond)):
            return False
        coll = coll.coll
    return isinstance(coll, A.AllPlayers)


def _location(expr: A.Node, up: dict) -> tuple[A.Location, list[A.Node]] | None:
    """The place `expr` (a card, a part of a place, a variable bound over one) belongs to,
    with the ancestors of the place's text (to resolve its owner's binder)."""
    seen = 0
    while seen < 50:  # variables bound over variables: a chain, never a cycle
        seen += 1
        if isinstance(expr, A.Location):
            return expr, _ancestors(expr, up)
        if expr.PICKS is not None or isinstance(expr, A.Filter | A.Sort):
            expr = expr.coll
        elif isinstance(expr, A.Partition) and len(expr.parts) == 1:
            expr = expr.parts[0]
        elif isinstance(expr, A.Var):
            b = _binder(expr, _ancestors(expr, up))
            if isinstance(b, A.Let):
                expr = b.value
            elif b is not None and b.BINDS is not None and b.BINDS[1] == "elem":
                expr = getattr(b, b.BINDS[0])
            else:
                return None
        else:
            return None
    return None


def _key(loc: A.Location) -> tuple[str, str, str] | None:
    """A place's visibility, literal name and index text (None: a computed name)."""
    if not isinstance(loc.name, A.NameLit):
        return None
    return (loc.vis.value, loc.name.value, "" if loc.index is None else to_line(loc.index))


def _ends(move: A.Move, up: dict) -> tuple | None:
    """The move's (source, destination) places, each (Location, its ancestors)."""
    src, dst = _location(move.src, up), _location(move.dst, up)
    if src is None or dst is None or _key(src[0]) is None or _key(src[0]) != _key(dst[0]):
        return None
    return src, dst


def _current(loc: A.Location) -> bool:
    return isinstance(loc.owner, A.RelPlayer) and loc.owner.rel is A.Rel.CURRENT


def _seat(loc: A.Location, chain: list[A.Node]) -> A.Node | None:
    """The binder of the seat variable owning `loc` (None: another owner)."""
    return _binder(loc.owner, chain) if isinstance(loc.owner, A.Var) else None


def _marks(pick: A.AggAction) -> list[tuple[str, str, object]]:
    """What the picking ``any`` marks on the seat it picks: (kind, storage name, value)."""
    out = []
    for n in A.walk(pick.body):
        if not isinstance(n, A.SetInt | A.SetStr):
            continue
        t = n.target
        if (
            isinstance(t, A.IntStorage | A.StrStorage)
            and isinstance(t.owner, A.Var)
            and t.owner.name == pick.var.name
            and isinstance(t.name, A.NameLit)
            and isinstance(n.value, A.IntLit | A.NameLit)
        ):
            out.append((type(t).__name__, t.name.value, n.value.value))
    return out


def _tests_mark(cond: A.Node, seat: str, mark: tuple[str, str, object]) -> bool:
    """Does `cond` ask, by ``==``, that `seat`'s storage `mark` names hold its value?"""
    kind, name, value = mark
    for n in A.walk(cond):
        if not isinstance(n, A.IntCmp | A.StrCmp) or n.op.value != "==":
            continue
        for a, b in ((n.a, n.b), (n.b, n.a)):
            if (
                type(a).__name__ == kind
                and isinstance(a.owner, A.Var)
                and a.owner.name == seat
                and isinstance(a.name, A.NameLit)
                and a.name.value == name
                and isinstance(b, A.IntLit | A.NameLit)
                and b.value == value
            ):
                return True
    return False


def _taker(move: A.Move, up: dict, pick: A.AggAction, marks: list) -> A.Location | None:
    """The current player's place when `move` carries cards between it and the same place
    of the seat `pick` picks (directly inside `pick`, or through one of its `marks`)."""
    ends = _ends(move, up)
    if ends is None:
        return None
    for (a, a_up), (b, _) in (ends, ends[::-1]):
        if not _current(b):
            continue
        seat = _seat(a, a_up)
        if seat is pick:
            return b
        if not isinstance(seat, A.AggAction | A.AggBool) or seat.coll.result() is not A.Ty.PLAYERS:
            continue
        chain = _ancestors(move, up)
        guards = [n.cond for n in chain[: chain.index(seat)] if n.GUARDS]
        if any(_tests_mark(g, seat.var.name, m) for g in guards for m in marks):
            return b
    return None


def self_asks(game: A.Game) -> list[Defect]:
    """Each choice ``any`` picking a seat among players that include the chooser, for a
    transfer of cards between that seat's place and the chooser's same place (module
    docstring)."""
    up = A.game_parents(game)
    moves = [n for n in A.walk(game) if isinstance(n, A.Move)]
    out = []
    for pick in A.walk(game):
        if not (
            isinstance(pick, A.AggAction)
            and pick.quant is A.Quant.ANY
            and _includes_chooser(pick.coll)
            and _item([pick, *_ancestors(pick, up)]) is not None
        ):
            continue
        marks = _marks(pick)
        for move in moves:
            if (place := _taker(move, up, pick, marks)) is not None:
                out.append(
                    Defect(
                        where(pick),
                        f"the player picked here may be the current player ({to_line(pick.coll)} "
                        f"includes them), and the move at {where(move)} takes the picked "
                        f"player's cards to {to_text(place)} or back: picking oneself moves one's own "
                        "cards to where they are, a transfer (an ask) that changes nothing "
                        "and may be made again",
                    )
                )
                break
    return out


# --- an ask for a value picked from the asked player's hidden place -----------------------


def _asked_values(body: A.Node, var: str) -> list[tuple[str, str]]:
    """The storages `body` sets to an attribute of a card of `var` (a group or card the
    option binds): (storage name, attribute)."""
    out = []
    for n in A.walk(body):
        if (
            isinstance(n, A.SetStr | A.SetInt)
            and isinstance(n.target, A.StrStorage | A.IntStorage)
            and isinstance(n.target.name, A.NameLit)
            and isinstance(n.value, A.CardAtt)
            and isinstance(n.value.attr, A.NameLit)
            and any(isinstance(v, A.Var) and v.name == var for v in A.walk(n.value.card))
        ):
            out.append((n.target.name.value, n.value.attr.value))
    return out


def _tests_of(game: A.Game, up: dict) -> list[tuple[str, str, tuple[str, str, str], A.Node]]:
    """Every ``(== (cardatt A C) S)`` of the rules with C a card of a place of a seat
    variable (`_location`; the asked seat's, not the current player's own: Go Fish's
    lucky draw tests the asker's hand): (storage name S, attribute A, the place's key,
    the test)."""
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.StrCmp | A.IntCmp) or n.op.value != "==":
            continue
        for a, b in ((n.a, n.b), (n.b, n.a)):
            if (
                isinstance(a, A.CardAtt)
                and isinstance(a.attr, A.NameLit)
                and isinstance(b, A.StrStorage | A.IntStorage)
                and isinstance(b.name, A.NameLit)
                and (loc := _location(a.card, up)) is not None
                and isinstance(loc[0].owner, A.Var)  # a seat's, as asked; not the asker's
                and (k := _key(loc[0])) is not None
            ):
                out.append((b.name.value, a.attr.value, k, n))
    return out


def sure_asks(game: A.Game) -> list[Defect]:
    """Choice options that pick a seat 'P and then a card (or a group of cards, a
    ``partition``) of 'P's hidden place X (``iloc``/``hloc``), store that card's attribute
    A as the value asked (S), while a rule of the game tests cards of a place X by
    ``(== (cardatt A C) S)``: the value asked of a seat is chosen among what that seat's
    hidden place holds, so the asker is offered the other seat's hidden values and the ask
    cannot miss (inv-32's rank 3 of round 59: "ask from the target's hand"). The seed's
    ask picks the rank from the asker's own hand. One defect per picking option."""
    up = A.game_parents(game)
    tests = _tests_of(game, up)
    if not tests:
        return []
    out = []
    for pick in A.walk(game):
        if not (
            isinstance(pick, A.AggAction)
            and pick.quant is A.Quant.ANY
            and pick.coll.result() is A.Ty.PLAYERS
            and _item([pick, *_ancestors(pick, up)]) is not None
        ):
            continue
        for inner in A.walk(pick.body):
            if not (isinstance(inner, A.AggAction) and inner.quant is A.Quant.ANY):
                continue
            loc = _location(inner.coll, up)
            if loc is None or loc[0].vis not in (A.Vis.ILOC, A.Vis.HLOC):
                continue
            if _seat(loc[0], loc[1]) is not pick or (k := _key(loc[0])) is None:
                continue
            asked = set(_asked_values(inner.body, inner.var.name))
            hit = next((t for s, a, tk, t in tests if (s, a) in asked and tk == k), None)
            if hit is None:
                continue
            out.append(
                Defect(
                    where(inner),
                    f"the value asked is picked among the cards of {to_text(inner.coll)}, "
                    f"the picked player's hidden place, and the rule at {where(hit)} looks "
                    "for it there: the asker is offered exactly what the other player's "
                    "hidden cards hold, and the ask cannot miss",
                )
            )
            break
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(self_asks, game) + named(sure_asks, game)
