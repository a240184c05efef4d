"""The advisor on the published Pokereights position (../shared/games/pokereights.md).

    .venv/bin/python -m bench.advise_pokereights [--rollouts R] [--seed S]

Hand 8C JC AD AH 5H 10H JH 2S QS KS, 2C on the pile: p8s lists 15 moves plus drawing.
Prints the advisor's table (`evogame.players.advise`), each move as the cards it plays.
"""

from __future__ import annotations

import argparse
import random
import time

from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.players.advise import advise
from tests.conftest import SEEDS
from tests.seeds.test_pokereights import options, position


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rollouts", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = compile_game(parse_file(SEEDS / "pokereights.rcy"))
    hand = ["8C", "JC", "AD", "AH", "5H", "TH", "JH", "2S", "QS", "KS"]
    st, ids = position(game, hand, ["2C"])
    names = {i: k for k, i in options(game, st, ids).items()}
    t = time.perf_counter()
    rows = advise(st, args.rollouts, "rank", random.Random(args.seed))
    print(f"{len(rows)} options, {args.rollouts} play-outs each, {time.perf_counter() - t:.1f} s")
    for r in rows:
        move = names[r.option]
        text = move if isinstance(move, str) else f"{move[0]} .. {move[2]} ({len(move[1])} cards)"
        lo, hi = r.ci95
        print(f"{'=' if r.tie else ' '} {r.rank:>2} {r.mean:.3f} [{lo:.3f}, {hi:.3f}]  {text}")


if __name__ == "__main__":
    main()
