"""Differential check of the native back end against the Python engine (the reference).

Both play the same games with the same random draws (game i of a run: the deal stream
seeded `deal_seed(seed, i)`, the players' stream `play_seed(seed, i)`, uniform random
players) and must agree record for record: scores, options at each decision and who took
it, engine work, the error message, the cap and cycle verdicts.
"""

from __future__ import annotations

from evogame.engine import compile_game
from evogame.lang.ast import Game
from evogame.native.engine import NativeGame
from evogame.native.records import random_records
from evogame.players import RandomPlayer
from evogame.simulate import DEFAULT_LIMITS, Limits, play_one


def mismatches(
    ast: Game,
    games: int,
    seed: int = 1,
    limits: Limits = DEFAULT_LIMITS,
    native: NativeGame | None = None,
) -> list[str]:
    """What differs between the two back ends on `games` random games (empty: nothing).
    Raises `Unsupported` when the game cannot run natively."""
    ng = native or NativeGame.from_ast(ast)
    game = compile_game(ast)
    players = [RandomPlayer()] * game.nplayers
    got = random_records(ng, game, list(range(games)), seed, limits)
    out = []
    fields = (
        "scores",
        "win",
        "branching",
        "players_of_decision",
        "turn_order",
        "terminated",
        "capped",
        "cycle",
        "error",
        "work",
    )
    for i in range(games):
        want = play_one(game, players, i, seed, limits)
        for k in fields:
            g, w = getattr(got[i], k), getattr(want, k)
            if g != w:
                if isinstance(w, list) and len(w) > 12:
                    g, w = f"{len(g)} items", f"{len(w)} items"
                out.append(f"game {i}: {k} native {g} != python {w}")
    return out
