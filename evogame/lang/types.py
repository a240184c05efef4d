"""RECYCLE's static types and the subtype relation between them.

Every AST node has a result type (`Ty`). Collections are typed by what iterating them
binds (`ELEMENT`); statements are typed by where CARDSTOCK's grammar allows them
(`multiaction`, `multiaction2`, `condact`, `action`), so a type-correct tree is also a
syntactically valid RECYCLE file.
"""

from __future__ import annotations

from enum import Enum
from functools import cache


class Ty(Enum):
    """A RECYCLE type. Values are the names used in error messages."""

    INT = "an integer"
    BOOL = "a boolean"
    STR = "a string"
    CARD = "a card"
    CARDS = "a card collection"
    LOC = "a card location"  # a physical location, e.g. (game vloc DISCARD)
    CARDSETS = "a collection of card collections"
    PLAYER = "a player"
    TEAM = "a team"
    GAME = "the table ('game')"
    RELKW = "the keyword current, next or previous"
    PLAYERS = "a collection of players"
    TEAMS = "a collection of teams"
    STRS = "a collection of strings"
    INTS = "a collection of integers"
    LOCS = "a collection of card locations"
    INTSTO = "an integer storage"
    STRSTO = "a string storage"
    POINTS = "a point map"
    # statements
    ACTION = "an action"
    MULTI2 = "a do, any/all or let block"
    CHOICE = "a choice"
    CONDACT = "an (optionally guarded) action"
    OTHERWISE = "an (otherwise ...) item of a choice"
    MULTI = "a choice, do, any/all or let block"
    STAGE = "a stage"
    BODY = "a stage or a multiaction"
    # structural pieces (their own syntax, never expressions)
    PIECE = "a part of a construct"

    def __str__(self) -> str:
        return self.value


# Direct supertypes. `is_subtype` takes the reflexive-transitive closure.
_SUPER: dict[Ty, tuple[Ty, ...]] = {
    Ty.LOC: (Ty.CARDS,),
    Ty.INTSTO: (Ty.INT,),
    Ty.STRSTO: (Ty.STR,),
    Ty.ACTION: (Ty.CONDACT,),
    Ty.MULTI2: (Ty.CONDACT, Ty.MULTI),
    Ty.CHOICE: (Ty.MULTI,),
    Ty.MULTI: (Ty.BODY,),
    Ty.STAGE: (Ty.BODY,),
    Ty.LOCS: (Ty.CARDSETS,),
}


@cache
def supertypes(ty: Ty) -> frozenset[Ty]:
    """All types `ty` can stand for, itself included."""
    out = {ty}
    todo = [ty]
    while todo:
        for s in _SUPER.get(todo.pop(), ()):
            if s not in out:
                out.add(s)
                todo.append(s)
    return frozenset(out)


@cache
def is_subtype(ty: Ty, want: Ty | tuple[Ty, ...]) -> bool:
    """True when a value of type `ty` may stand where `want` (one type or any of several) is expected."""
    wants = want if isinstance(want, tuple) else (want,)
    sup = supertypes(ty)
    return any(w in sup for w in wants)


# What iterating a collection binds to its variable.
ELEMENT: dict[Ty, Ty] = {
    Ty.CARDS: Ty.CARD,
    Ty.LOC: Ty.CARD,
    Ty.CARDSETS: Ty.CARDS,
    Ty.LOCS: Ty.LOC,
    Ty.PLAYERS: Ty.PLAYER,
    Ty.TEAMS: Ty.TEAM,
    Ty.STRS: Ty.STR,
    Ty.INTS: Ty.INT,
    Ty.TEAM: Ty.PLAYER,  # a team is also the collection of its players: (all (current team) 'P ...)
}

COLLECTIONS: tuple[Ty, ...] = tuple(ELEMENT)

# What a `let` or `declare` may bind (CARDSTOCK's `typed : int | boolean | str | collection`).
BINDABLE: tuple[Ty, ...] = (Ty.INT, Ty.BOOL, Ty.STR, *COLLECTIONS)


def bound(ty: Ty) -> Ty:
    """The type of the variable a ``let`` or ``declare`` binds to a value of type `ty`.

    A storage is read once, when the binder runs (CARDSTOCK's `ProcessTyped` evaluates its
    ``int`` or ``str``, and its grammar has no variable where a storage is written: ``inc``,
    ``dec`` and ``set`` take ``(OWNER sto|str NAME)`` only), so the variable holds the
    storage's integer (string), not the storage: ``(let (game sto X) 'V ...)`` binds an
    integer. Every other value is bound as it is typed.
    """
    return {Ty.INTSTO: Ty.INT, Ty.STRSTO: Ty.STR}.get(ty, ty)


def filtered(ty: Ty) -> Ty:
    """The type of (filter X 'V cond) for X of type `ty`: a location filters to a view of
    cards, a team to the collection of those of its players for which cond holds (the
    members it iterates, `ELEMENT`: CARDSTOCK filters a team's ``teamPlayers``); any
    other collection to one of its own type (a filtered list of locations is still one)."""
    return {Ty.LOC: Ty.CARDS, Ty.TEAM: Ty.PLAYERS}.get(ty, ty)
