"""The same game, different verdicts? Each file evaluated at evaluation seeds 0..K-1 under
a profile: the standard deviation of its fitness and of each weighed component over the
seeds (what `--seed` alone changes), and the mean CPU seconds of one evaluation.

    .venv/bin/python bench/bench_noise.py [--profile default] [--seeds 10] [--json FILE] FILE...

``--json FILE`` also writes the table with how it was measured (bench/measured.py), for
docs/results.md (`python -m bench.results`). The target (issue 35): a sample standard
deviation of fitness (n - 1 in the denominator, fitness in [0, 1]) of at most 0.01.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import evaluate_file, load_profile


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="also write the rows")
    a = ap.parse_args()
    rows = []
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
        rows.append(
            {
                "file": f.stem,
                "fitness": fit,
                "mean": statistics.mean(fit),
                "sd": statistics.stdev(fit),
                "noisiest": [{"component": k, "sd": sd} for sd, k in sds[:3]],
                "cpu_s": cpu,
            }
        )
        print(
            f"| {f.stem} | {statistics.mean(fit):.3f} | {statistics.stdev(fit):.4f} | "
            f"{min(fit):.3f}-{max(fit):.3f} | {comp} | {cpu:.2f} |",
            flush=True,
        )
    if a.json:
        from bench.measured import write

        write(
            a.json,
            "noise",
            {"profile": a.profile, "eval_seeds": list(range(a.seeds)), "rows": rows},
        )


if __name__ == "__main__":
    main()
