"""The uniform random player."""

from __future__ import annotations

import random

from evogame.engine.state import State


class RandomPlayer:
    """Uniform over the legal actions (a forced decision costs no random draw)."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> int:
        n = state.num_actions()
        return rng.randrange(n) if n > 1 else 0
