"""Monte Carlo players' cost on one core.

    .venv/bin/python -m bench.bench_players [--games N]

Target (issue 5): a 3-player Agram game with one PIPMC(10) seat takes at most 20 ms on
average (CARDSTOCK's engine needs about 1 s). Also reports ISMCTS iterations per second.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.players import RandomPlayer
from evogame.players.mcts import ISMCTSPlayer, PIMCPlayer
from evogame.simulate import play_one

AGRAM3 = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "cardstock" / "games" / "Agram3.rcy"
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--file", type=Path, default=AGRAM3)
    n = ap.parse_args().games
    path = ap.parse_args().file
    game = compile_game(parse_file(path), path.stem)
    seats = [PIMCPlayer(rollouts=10)] + [RandomPlayer()] * (game.nplayers - 1)
    t = time.perf_counter()
    for i in range(n):
        play_one(game, seats, i, seed=1)
    ms = (time.perf_counter() - t) / n * 1000
    print(f"{path.stem}: one PIPMC(10) seat, {n} games: {ms:.1f} ms per game (target <= 20 ms)")

    ismcts = ISMCTSPlayer(iterations=200)
    rng = random.Random(1)
    iters = 0
    t = time.perf_counter()
    for i in range(max(n // 10, 5)):
        st = game.new_state(i)
        while not st.is_terminal():
            if st.num_actions() > 1:
                st.apply_action(ismcts.choose(st, rng))
                iters += ismcts.iterations
            else:
                st.apply_action(0)
    rate = iters / (time.perf_counter() - t)
    print(f"{path.stem}: ISMCTS(200) at every seat: {rate:,.0f} iterations per second")


if __name__ == "__main__":
    main()
