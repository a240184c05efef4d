"""The same game, different verdicts? Each file evaluated at evaluation seeds 0..K-1 under
a profile: the standard deviation of its fitness and of each weighed component over the
seeds (what `--seed` alone changes), and the mean CPU seconds of one evaluation.

    .venv/bin/python bench/bench_noise.py [--profile default] [--seeds 10] FILE...
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from evogame.fitness import evaluate_file, load_profile


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seeds", type=int, default=10)
    a = ap.parse_args()
    prof = load_profile(a.profile)
    weighed = [c.name for c in prof.components if c.weight > 0]
    print("| file | fitness mean | fitness sd | range | noisiest components (sd) | CPU s/eval |")
    print("|---|---|---|---|---|---|")
    for f in a.files:
        evs = []
        t0 = time.process_time()
        for s in range(a.seeds):
            evs.append(evaluate_file(f, prof, seed=s))
        cpu = (time.process_time() - t0) / a.seeds
        fit = [e.fitness for e in evs]
        sds = sorted(
            ((statistics.pstdev(e.components[k][0] for e in evs), k) for k in weighed),
            reverse=True,
        )
        comp = ", ".join(f"{k} {sd:.3f}" for sd, k in sds[:3])
        print(
            f"| {f.stem} | {statistics.mean(fit):.3f} | {statistics.stdev(fit):.4f} | "
            f"{min(fit):.3f}-{max(fit):.3f} | {comp} | {cpu:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
