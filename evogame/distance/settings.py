"""The settings of a comparison and the documented defaults (cheap to import: the command
line reads them before it needs numpy, scipy or networkx)."""

from __future__ import annotations

from dataclasses import dataclass

from evogame.distance.features import FEATURE_VERSION

#: The weight w of structure in the blend d = w d_s + (1 - w) d_b (`distance` docstring).
DEFAULT_WEIGHT = 0.75
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

    ``behaviour_games`` random play-outs per game (0: structure only); ``seed`` of those
    play-outs; ``weight`` w of structure in the blend; ``rename``: invariance to renaming
    user names; ``skill_games``: PIPMC games per game for the optional skill feature (0:
    off; slow); ``max_decisions``: the play-out cap.
    """

    behaviour_games: int = DEFAULT_BEHAVIOUR_GAMES
    seed: int = 0
    weight: float = DEFAULT_WEIGHT
    rename: bool = False
    skill_games: int = 0
    max_decisions: int = 1000

    def effective_weight(self) -> float:
        return 1.0 if self.behaviour_games <= 0 else self.weight

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
