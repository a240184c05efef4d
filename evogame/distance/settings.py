"""The settings of a comparison and the documented defaults (cheap to import: the command
line reads them before it needs numpy, scipy or networkx)."""

from __future__ import annotations

from dataclasses import dataclass

from evogame.distance.features import FEATURE_VERSION

#: The weight w of structure against behaviour in the blend (`distance` docstring).
DEFAULT_WEIGHT = 0.75
#: The weight c of the concepts in the blend d = c d_c + (1 - c)(w d_s + (1 - w) d_b):
#: cross-validated against pagat's families (`bench/bench_families.py`, docs/families.md "Game
#: families"), c = 0.9 and c = 1 agree with them equally; below 1, so that games with the
#: same mechanisms are still told apart by their rules and play.
DEFAULT_CONCEPT_WEIGHT = 0.9
#: Which distance groups games: one of the three, or their blend.
BY = ("structure", "behaviour", "concepts", "blend")
DEFAULT_BY = "blend"
#: Random play-outs per game for the behaviour vector.
DEFAULT_BEHAVIOUR_GAMES = 100
#: How the distance between two groups of games is measured (`cluster` docstring).
DEFAULT_LINKAGE = "average"
LINKAGES = ("average", "complete", "single", "weighted")
#: Where the dendrogram is cut when no number of families is asked for (`cluster`).
DEFAULT_THRESHOLD = 0.3


@dataclass(frozen=True, slots=True)
class DistanceSettings:
    """How games are compared.

    ``behaviour_games`` random play-outs per game (0: no behaviour); ``seed`` of those
    play-outs; ``weight`` w of structure against behaviour and ``concept_weight`` c of the
    concepts in the blend; ``by``: which distance groups games (`BY`); ``rename``:
    invariance to renaming user names; ``skill_games``: PIPMC games per game for the
    optional skill feature (0: off; slow); ``max_decisions``: the play-out cap.
    """

    behaviour_games: int = DEFAULT_BEHAVIOUR_GAMES
    seed: int = 0
    weight: float = DEFAULT_WEIGHT
    rename: bool = False
    skill_games: int = 0
    max_decisions: int = 1000
    concept_weight: float = DEFAULT_CONCEPT_WEIGHT
    by: str = DEFAULT_BY

    def __post_init__(self) -> None:
        if self.by not in BY:
            raise ValueError(f"unknown distance '{self.by}' (known: {', '.join(BY)})")

    def needs_behaviour(self) -> bool:
        """Whether play-outs are needed: for ``by`` behaviour, or a blend that weighs them."""
        if self.behaviour_games <= 0:
            return False
        if self.by == "behaviour":
            return True
        return self.by == "blend" and self.concept_weight < 1 and self.weight < 1

    def effective_weight(self) -> float:
        """w, or 1 when there is no behaviour to weigh."""
        return self.weight if self.needs_behaviour() else 1.0

    def simulation_key(self) -> dict:
        """Everything a behaviour vector depends on besides the game's text."""
        return {
            "games": self.behaviour_games,
            "seed": self.seed,
            "players": "random",
            "skill_games": self.skill_games,
            "max_decisions": self.max_decisions,
            "version": FEATURE_VERSION,
        }
