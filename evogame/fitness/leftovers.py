"""Leftovers of an edit a reader sees at once (static, part of the `soundness` component).

Two marks by which blind readers picked out a campaign's Crazy Eights as machine-made
(3/10; the judge put it above its seed, 0.868 against 0.828 at `--seed 0`):

- **a constant nothing reads** (`unread_constants`): ``(declare 5 'HAND)`` while the deal
  says ``(repeat 13 ...)``. A designer names a number to use it; the constant left behind
  says the rule that read it was rewritten. None of CARDSTOCK's 73 files nor the seeds
  declares a constant it never reads.
- **an attribute that lists another's values** (`copied_values`): a rank list holding
  CLUBS, DIAMONDS, HEARTS and SPADES, so the deck has the Hearts of Clubs. An attribute
  counts as copied when it holds every value of another attribute of the same deck (two
  values or more); one shared word is left alone (BottleImp's ONE is a rank and a coin).
"""

from __future__ import annotations

from collections import Counter

from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import where
from evogame.lang.content import deck_values


def unread_constants(game: A.Game) -> list[Defect]:
    """Each ``declare`` whose name no rule reads."""
    reads = Counter(n.name for n in A.walk(game) if isinstance(n, A.Var))
    return [
        Defect(
            where(d),
            f"the constant {d.var.name} is declared and no rule reads it: the rule that "
            "used it was rewritten",
        )
        for d in game.declares
        if reads[d.var.name] <= 1  # its own declaration is the one read
    ]


def copied_values(game: A.Game) -> list[Defect]:
    """Each deck attribute that lists every value of another attribute of its deck."""
    decks = [n for n in A.walk(game) if isinstance(n, A.Deck)]
    out = []
    for node, values in zip(decks, deck_values(game), strict=True):
        for a, va in values.items():
            for b, vb in values.items():
                if a != b and len(vb) >= 2 and vb <= va:
                    out.append(
                        Defect(
                            where(node),
                            f"this deck's {a} lists every {b} ({', '.join(sorted(vb))}): "
                            f"cards whose {a} is a {b}",
                        )
                    )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Both checks, in this module's order."""
    return [*unread_constants(game), *copied_values(game)]
