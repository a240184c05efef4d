"""Engine speed against hand-written plain-Python simulators of the same games, same run.

    .venv/bin/python -m bench.bench_engine [--games N]

One core. Reports games/second for the general engine (compiled from the rule file, random
players) and for the reference simulator (bench/reference), and their ratio. Targets
(issue 3): One-Handed Solitaire at least as fast as the reference; Agram4 >= 5,500 games/s.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from bench.reference import agram as ref_agram
from bench.reference import one_handed_solitaire as ref_ohs
from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.players import RandomPlayer
from evogame.simulate import play_one

ROOT = Path(__file__).resolve().parent.parent


def engine_rate(path: Path, n: int) -> float:
    game = compile_game(parse_file(path), path.stem)
    players = [RandomPlayer()] * game.nplayers
    t = time.perf_counter()
    for i in range(n):
        play_one(game, players, i, seed=1)
    return n / (time.perf_counter() - t)


def reference_rate(fn, n: int) -> float:
    rng = random.Random(1)
    t = time.perf_counter()
    for _ in range(n):
        fn(rng)
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=3, help="best of this many runs of each")
    args = ap.parse_args()
    n, k = args.games, args.repeats
    rows = [
        ("One-Handed Solitaire", ROOT / "seeds" / "one-handed-solitaire.rcy", ref_ohs.play, None),
        (
            "Agram4",
            ROOT.parent / "shared" / "cardstock" / "games" / "Agram4.rcy",
            ref_agram.play,
            5500,
        ),
    ]
    for name, path, ref, target in rows:
        if not path.exists():
            print(f"{name}: {path} missing, skipped")
            continue
        # Interleaved repeats, best of each: the least disturbed run of a shared machine.
        e = r = 0.0
        for _ in range(k):
            e = max(e, engine_rate(path, n))
            r = max(r, reference_rate(ref, n))
        goal = f"target {target:,} games/s" if target else "target ratio >= 1.00"
        print(
            f"{name:22s} engine {e:9,.0f} games/s  reference {r:9,.0f} games/s  ratio {e / r:5.3f}  ({goal})"
        )


if __name__ == "__main__":
    main()
