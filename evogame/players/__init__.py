"""Players: choose an action index at a decision, seeing only the State API."""

from evogame.players.base import Player, make_player
from evogame.players.random import RandomPlayer

__all__ = ["Player", "RandomPlayer", "make_player"]
