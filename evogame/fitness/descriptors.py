"""Behaviour descriptors of an evaluated game, for quality-diversity search (MAP-Elites).

Read from an evaluation's details and components, so they are defined once for the archive
(`evogame.evolve.archive`) and for the evaluation's own cut (`Evaluation` of a candidate
whose cell is known before its PIPMC phase).

    seats      the number of players                                     (seats)
    length     log10 of the mean decisions per game under random play    (log10 decisions)
    branching  log2 of the mean different moves at a real decision       (log2 moves)
    agency     the agency component: how little the deal decides         ([0, 1])

Concept descriptors (``[map_elites] descriptors = "concepts"``): each concept of
`evogame.distance.concepts` named in the profile's ``concepts`` list, its value in [0, 1]
read from the rules (evaluations store the concept vector in their details), in two bins
split at 0.5: the cell of a game is the set of those mechanisms it has
(`CONCEPT_DESCRIPTORS`, docs/invention.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable

#: name -> (unit, value from (details, components)); components map name -> (value, lo, hi)
DESCRIPTORS: dict[str, tuple[str, Callable[[dict, dict], float]]] = {
    "seats": ("seats", lambda d, c: float(d.get("players", 0))),
    "length": (
        "log10 decisions per game",
        lambda d, c: math.log10(max(d.get("decisions_per_game", 0.0), 1.0)),
    ),
    "branching": (
        "log2 moves per real decision",
        lambda d, c: math.log2(max(d.get("moves_per_real_decision", 0.0) or 1.0, 1.0)),
    ),
    "agency": ("agency, 0-1", lambda d, c: float(c.get("agency", (0.0,))[0])),
}


#: The concepts a concept archive is gridded by, when the profile does not name them: the
#: mechanisms that tell kinds of games apart (docs/invention.md); the refinements of one
#: mechanism (follow, trump of trick), the scoring details and the ubiquitous hidden hands
#: are left out, so that a cell is a kind of game, not a wording of one.
CONCEPT_DESCRIPTORS: tuple[str, ...] = (
    "trick",
    "contest",
    "prize",
    "blind",
    "shed_goal",
    "match",
    "capture",
    "take_from_player",
    "pass_cards",
    "meld",
    "hand_pattern",
    "running_total",
    "press_luck",
    "draw_choice",
    "betting",
    "score_min",
)


def _concept(name: str) -> Callable[[dict, dict], float]:
    return lambda d, c: float(d["concepts"][name])


def _register_concepts() -> None:
    from evogame.distance.concepts import CONCEPT_NAMES

    for n in CONCEPT_NAMES:
        DESCRIPTORS[n] = ("concept, 0-1", _concept(n))


_register_concepts()


def descriptor_values(details: dict, components: dict, names: list[str]) -> list[float] | None:
    """The descriptors `names` of one evaluation, or None when one cannot be read."""
    try:
        return [DESCRIPTORS[n][1](details, components) for n in names]
    except (TypeError, ValueError, KeyError, IndexError):
        return None
