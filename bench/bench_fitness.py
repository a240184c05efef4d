"""Cost of one fitness evaluation on one core, split by phase.

    .venv/bin/python -m bench.bench_fitness [--file F] [--profile P] [--seeds K]

Target (issue 6): evaluating CARDSTOCK's Agram4 with fitness/default.toml takes under
10 s on one core. Prints, per seed, the wall and CPU time, the games each phase played
and the wall time of each phase (CPU time is what one core costs when the machine is busy).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_file

AGRAM4 = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "cardstock" / "games" / "Agram4.rcy"
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=AGRAM4)
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seeds", type=int, default=3, help="Evaluations (seeds 0..K-1).")
    args = ap.parse_args()
    ast = parse_file(args.file)
    prof = load_profile(args.profile)
    walls, cpus = [], []
    for seed in range(args.seeds):
        w0, c0 = time.perf_counter(), time.process_time()
        ev = evaluate(ast, prof, seed=seed, name=args.file.stem)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        walls.append(wall)
        cpus.append(cpu)
        games = ", ".join(f"{k} {v}" for k, v in ev.games.items())
        phases = ", ".join(f"{k} {v:.2f}" for k, v in ev.phase_cpu_seconds.items())
        print(
            f"{args.file.stem} seed {seed}: fitness {ev.fitness:.3f}; wall {wall:.2f} s, "
            f"cpu {cpu:.2f} s; games: {games}; phase cpu s: {phases}"
        )
    print(
        f"{args.file.stem} with {args.profile}: mean wall {sum(walls) / len(walls):.2f} s, "
        f"mean cpu {sum(cpus) / len(cpus):.2f} s, max cpu {max(cpus):.2f} s (target < 10 s)"
    )


if __name__ == "__main__":
    main()
