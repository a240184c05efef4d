"""The engine: compile a checked AST once, then play states of it fast.

`compile_game(ast)` -> `CompiledGame`; `CompiledGame.new_state(seed)` -> `State`, played
through the decision API (`legal_actions`, `apply_action`, `returns`, `clone`,
`determinize`).
"""

from evogame.engine.errors import CompileError, GameError
from evogame.engine.game import CompiledGame, compile_game, with_defines
from evogame.engine.state import State

__all__ = ["CompileError", "CompiledGame", "GameError", "State", "compile_game", "with_defines"]
