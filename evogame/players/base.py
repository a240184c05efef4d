"""The player protocol and the registry of player kinds (``--players random,pipmc``)."""

from __future__ import annotations

import random
from typing import Protocol

from evogame.engine.state import State


class Player(Protocol):
    """Chooses one of ``state.legal_actions()`` for ``state.current_player()``.

    A player must not read hidden cards: Monte Carlo players search on
    ``state.determinize(seat, rng)``, never on the state itself.
    """

    name: str

    def choose(self, state: State, rng: random.Random) -> int: ...


def make_player(spec: str, **budgets) -> Player:
    """A player from its name: ``random`` (others are added as they are written)."""
    from evogame.players.random import RandomPlayer

    kinds = {"random": RandomPlayer}
    try:
        from evogame.players.mcts import ISMCTSPlayer, PIMCPlayer

        kinds["pipmc"] = PIMCPlayer
        kinds["ismcts"] = ISMCTSPlayer
    except ImportError:  # pragma: no cover - Monte Carlo players not built yet
        pass
    cls = kinds.get(spec)
    if cls is None:
        raise ValueError(f"unknown player '{spec}' (known: {', '.join(sorted(kinds))})")
    return cls(**budgets) if cls is not RandomPlayer else cls()
