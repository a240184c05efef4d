"""Errors raised while compiling or playing a game."""

from __future__ import annotations

from evogame.lang.errors import CompileError

__all__ = ["CompileError", "GameError"]


class GameError(Exception):
    """A rule that cannot be carried out in the current position (e.g. a choice with no
    option, moving a card into a virtual collection). Counted as an error game, never
    allowed to crash a run."""
