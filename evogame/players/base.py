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
    """A player from its name: ``random``, ``greedy`` (one step), ``pipmc``, ``ismcts`` or
    ``strong`` (PIPMC with greedy play-outs);
    `budgets` are passed to the Monte Carlo players (``rollouts``, ``iterations``, ``by``)."""
    from evogame.players.greedy import GreedyPlayer
    from evogame.players.mcts import ISMCTSPlayer, PIMCPlayer, StrongPlayer
    from evogame.players.random import RandomPlayer

    if spec == "random":
        return RandomPlayer()
    kinds = {
        "greedy": GreedyPlayer,
        "pipmc": PIMCPlayer,
        "ismcts": ISMCTSPlayer,
        "strong": StrongPlayer,
    }
    if spec not in kinds:
        known = ", ".join(["random", *sorted(kinds)])
        raise ValueError(f"unknown player '{spec}' (known: {known})")
    return kinds[spec](**budgets)
