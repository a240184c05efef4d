"""How much CPU time a unit of engine work (`State.work`, the unit of fitness budgets) costs.

    .venv/bin/python -m bench.bench_work [--seconds S] [NAME ...]

For each seed (all of seeds/ by default): random games for S CPU seconds, then games with one
PIPMC seat (default profile's rollouts and horizon) for up to 3 S seconds or 8 games; prints
work units per CPU second and work per game. Budgets are counted in work so that results do
not depend on the machine; this shows how far a unit's cost varies from game to game.
"""

from __future__ import annotations

import argparse
import time

from evogame.engine import compile_game
from evogame.fitness import load_profile
from evogame.lang import parse_file
from evogame.players import RandomPlayer
from evogame.players.mcts import PIMCPlayer
from evogame.simulate import Limits, play_one
from tests.conftest import SEEDS


def rate(game, players, seconds: float, max_games: int) -> tuple[float, float]:
    """(work per CPU second, work per game) over games played for `seconds` of CPU."""
    t0, work, k = time.process_time(), 0, 0
    while time.process_time() - t0 < seconds and k < max_games:
        work += play_one(game, players, k, 1, Limits()).work
        k += 1
    return work / (time.process_time() - t0), work / k


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    p = load_profile("default").pipmc
    names = args.names or sorted(f.stem for f in SEEDS.glob("*.rcy"))
    for name in names:
        game = compile_game(parse_file(SEEDS / f"{name}.rcy"), name)
        n = game.nplayers
        r_rate, r_game = rate(game, [RandomPlayer()] * n, args.seconds, 10**9)
        pip = PIMCPlayer(rollouts=p["rollouts"], horizon=p["horizon"])
        p_rate, p_game = rate(game, [pip] + [RandomPlayer()] * (n - 1), 3 * args.seconds, 8)
        print(
            f"{name:28s} random {r_rate / 1e3:6.0f}k work/s ({r_game:8.0f}/game)   "
            f"pipmc {p_rate / 1e3:6.0f}k work/s ({p_game:9.0f}/game)",
            flush=True,
        )


if __name__ == "__main__":
    main()
