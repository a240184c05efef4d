"""Differential check of the native back end against the Python engine (the reference).

Both play the same games with the same random draws (game i of a run: the deal stream
seeded `deal_seed(seed, i)`, the players' stream `play_seed(seed, i)`, uniform random
players) and must agree record for record: scores, options at each decision and who took
it, engine work, the error message, the cap and cycle verdicts, and the cards left in every
place of the Python engine's layout at the end (`GameRecord.sizes`).
"""

from __future__ import annotations

from evogame.engine import compile_game
from evogame.lang.ast import Game
from evogame.native.engine import NativeGame
from evogame.native.records import pipmc_records, random_records
from evogame.players import RandomPlayer
from evogame.players.mcts import PIMCPlayer
from evogame.players.play import DEFAULT_LIMITS, Limits, play_one


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
    places = list(game.locs.keys)
    got = random_records(ng, game, list(range(games)), seed, limits, places=places)
    out = []
    for i in range(games):
        want = play_one(game, players, i, seed, limits, places=places)
        out += _compare(i, got[i], want)
    return out


FIELDS = (
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
    "sizes",
)


def _compare(i: int, got, want) -> list[str]:
    out = []
    for k in FIELDS:
        g, w = getattr(got, k), getattr(want, k)
        if g != w:
            if isinstance(w, list) and len(w) > 12:
                g, w = f"{len(g)} items", f"{len(w)} items"
            out.append(f"game {i}: {k} native {g} != python {w}")
    return out


def pipmc_mismatches(
    ast: Game,
    games: int,
    seed: int = 1,
    rollouts: int = 3,
    horizon: int = 10,
    by: str = "rank",
    limits: Limits = DEFAULT_LIMITS,
    native: NativeGame | None = None,
    weak: tuple[int, int] | None = None,
) -> list[str]:
    """As `mismatches`, with a PIPMC player in seat i mod n of game i (the skill phase's
    rotation; with `weak`, the depth phase's: the other seats one weak PIPMC player of
    (rollouts, horizon)); its record (values of each move searched) must be the same too."""
    ng = native or NativeGame.from_ast(ast)
    game = compile_game(ast)
    n = game.nplayers
    seats = [i % n for i in range(games)]
    places = list(game.locs.keys)
    got, course = pipmc_records(
        ng, game, list(range(games)), seed, seats, rollouts, horizon, by, limits, weak=weak,
        places=places,
    )  # fmt: skip
    out = []
    for i in range(games):
        pip = PIMCPlayer(rollouts=rollouts, by=by, horizon=horizon)
        pip.record = []
        other = PIMCPlayer(rollouts=weak[0], by=by, horizon=weak[1]) if weak else RandomPlayer()
        players: list = [other] * n
        players[seats[i]] = pip
        want = play_one(game, players, i, seed, limits, places=places)
        out += _compare(i, got[i], want)
        if course[i] != pip.record:
            out.append(f"game {i}: PIPMC record native {course[i][:2]} != python {pip.record[:2]}")
    return out
