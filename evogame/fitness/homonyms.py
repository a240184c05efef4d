"""A card value named like a place: a defect of the `soundness` component, read from the
rules alone (round 58, issue 35; campaign inv-30's Go Fish lines, whose ranks lost their
JACK to HAND, PILE or STOCK, and a GOPS whose values gained VALUE, its point table's name).

An edit that renames an attribute value to another word of the game's vocabulary gives a
card the name of one of the game's places. Nothing in the engine confuses them (a value
and a place live in different namespaces), but a reader meets "a JACK called PILE, which
is also the name of a pile" at once, and every rule that names PILE reads two ways.

**The rule** (`place_named_values`): a value V of a deck's attribute is named when
1. V is listed beside other values of that attribute in the same ``(deck ...)`` (one kind
   of card among several, not the name of what a whole deck is);
2. V is the name of a place, storage or point table of the game (``(game iloc PILE)``,
   ``(game sto VALUE)``, ``(game points VALUE)``);
3. no rule names V otherwise: not in a comparison, a point entry's value, a string
   collection or a deck's name (the rules never use V as a card value, only as the place).
One defect per game, at the first such value.

**Margins.** Real designs name places after cards on purpose, and each fails a condition:
GOPS's CLUBS and SPADES piles hold the decks whose one suit is CLUBS and SPADES, and
Coloretto's ROW holds the cards whose one TYPE is ROW (1 fails: one value in its deck);
Golf Six's places TWO..SIX are also named in its string collections, Scopa's COINS
storage counts the cards its comparisons name COINS, Poker's and Enchère's suit tables
are named in point entries, Simon's Cat's SIMON is a deck's name (3 fails). Measured on
the 95 real files (CARDSTOCK's 73 and our 22 seeds; tests/fitness/test_homonyms.py):
none named. Of the 36 best/ files under /work/runs-archive (s58 excluded), 1 (a value
VALUE beside ``(game points VALUE)``); of 400 mutants of the seeds, 12 (the mutation's
renaming draws on the game's vocabulary: RANK, STOCK, PILE, TRICK, DONE, ...).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: What a place-like name is called in a message, by `A.Node.NAMED`.
_KINDS = {"place": "place", "storage": "storage", "points": "point table"}


def _deck_values(game: A.Game) -> list[tuple[A.NameLit, str]]:
    """Every attribute value listed beside another value of its attribute in one
    ``(deck ...)`` (condition 1), with its attribute's name, in the order written."""
    out = []
    for n in A.walk(game):
        if isinstance(n, A.AttrKey):
            names = [x for v in n.values for x in v.names]
            if len(names) >= 2:
                out.extend((x, n.key.value) for x in names)
    return out


def place_named_values(game: A.Game) -> list[Defect]:
    """The first card value named like a place and used only as the place (module
    docstring), or none."""
    up = A.game_parents(game)
    in_decks = {id(m) for n in A.walk(game) if isinstance(n, A.Deck) for m in A.walk(n)}
    places: dict[str, A.Node] = {}
    used: set[str] = set()
    for n in A.walk(game):
        if not isinstance(n, A.NameLit) or id(n) in in_decks:
            continue
        p = up.get(id(n))
        if p is None:
            continue
        parent, slot = p[0], p[1]
        if parent.NAMED in _KINDS and slot == "name":
            places.setdefault(n.value, parent)
        elif parent.ATTRIBUTE is None or parent.ATTRIBUTE[0] != slot:
            used.add(n.value)  # an attribute's own name is not its value's
    for value, attr in _deck_values(game):
        place = places.get(value.value)
        if place is None or value.value in used:
            continue
        return [
            Defect(
                where(value),
                f"the card value {value.value} (of {attr}) is also the name of a "
                f"{_KINDS[place.NAMED]}, {to_line(place)} at {where(place)}, and no rule "
                f"names {value.value} as a card: a reader takes the card for the "
                f"{_KINDS[place.NAMED]}",
            )
        ]
    return []


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(place_named_values, game)
