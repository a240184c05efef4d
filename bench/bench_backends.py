"""Every real game evaluated on both back ends: the same judgement, and how long each took.

    .venv/bin/python -m bench.bench_backends [--profile default] [--seed 0]

For every file of ../shared/cardstock/games and seeds/ (one-player games under the
`solitaire` profile): `evaluate` with the Python engine and with the native VM; prints per
file both fitnesses, whether fitness, components and details are identical, and both
times, then the totals. The native run reuses the VM library (built before timing).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from evogame.engine import compile_game
from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_file
from evogame.native import build

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT.parent / "shared" / "cardstock" / "games").glob("*.rcy")) + sorted(
    (ROOT / "seeds").glob("*.rcy")
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    build.load()
    profile, solo = load_profile(args.profile), load_profile("solitaire")
    same = 0
    t_py = t_nat = 0.0
    for path in FILES:
        ast = parse_file(path)
        prof = solo if compile_game(ast).nplayers == 1 else profile
        t = time.perf_counter()
        a = evaluate(ast, prof, args.seed, path.stem, backend="python")
        t1 = time.perf_counter()
        b = evaluate(ast, prof, args.seed, path.stem, backend="native")
        t2 = time.perf_counter()
        t_py, t_nat = t_py + t1 - t, t_nat + t2 - t1
        ok = (a.fitness, a.components, a.details) == (b.fitness, b.components, b.details)
        same += ok
        print(
            f"{path.stem:28s} {a.fitness:.4f} {b.fitness:.4f} {'same' if ok else 'DIFFERENT'}"
            f"  python {t1 - t:6.2f} s  native {t2 - t1:6.2f} s"
        )
    print(
        f"{same} of {len(FILES)} identical; python {t_py:.1f} s, native {t_nat:.1f} s "
        f"({t_py / t_nat:.1f}x)"
    )


if __name__ == "__main__":
    main()
